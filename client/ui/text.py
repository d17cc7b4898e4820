"""The one text stack of the client: the shipped CJK subset in assets/fonts/ (never a system font), cached by
size, with pygame's default font only for a glyph the subset lacks; text pictures, wrapping, and the glyph
masks the board renderers draw piece names from."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
_cache: dict[int, pygame.font.Font] = {}
_default: dict[int, pygame.font.Font] = {}
_has: dict[str, bool] = {}
_text_cache: dict[tuple, pygame.Surface] = {}


def font_path() -> Path | None:
    """The shipped font file (first .otf/.ttf in assets/fonts), or None."""
    for ext in ("*.otf", "*.ttf"):
        files = sorted(FONT_DIR.glob(ext))
        if files:
            return files[0]
    return None


def font(size: int) -> pygame.font.Font:
    size = max(6, int(size))
    f = _cache.get(size)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        p = font_path()
        f = pygame.font.Font(str(p) if p else None, size)
        _cache[size] = f
    return f


def has_glyph(ch: str) -> bool:
    """Whether the shipped font draws ``ch`` (ASCII and spaces always count as present)."""
    r = _has.get(ch)
    if r is None:
        if ch.isspace() or ord(ch) < 0x80 or font_path() is None:
            r = True
        else:
            m = font(24).metrics(ch)
            r = bool(m and m[0] is not None and m[0][:4] != (0, 0, 0, 0))
        _has[ch] = r
    return r


def font_for(text: str, size: int) -> pygame.font.Font:
    """The shipped font when it has every character of ``text``, else pygame's default font."""
    if all(has_glyph(ch) for ch in text):
        return font(size)
    size = max(6, int(size))
    f = _default.get(size)
    if f is None:
        f = _default[size] = pygame.font.Font(None, size)
    return f


def render(text: str, size: int, colour=(230, 230, 230)) -> pygame.Surface:
    """A text surface (cached; the cache is dropped when it grows large)."""
    key = (text, size, tuple(colour))
    s = _text_cache.get(key)
    if s is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        s = font_for(text, size).render(text, True, colour)
        _text_cache[key] = s
    return s


def glyph_mask(ch: str, px: int) -> pygame.Surface:
    """A white-on-transparent picture of one character about ``px`` pixels tall (piece names)."""
    return font_for(ch, px).render(ch, True, (255, 255, 255))


def draw(surf: pygame.Surface, text: str, pos, size: int = 16, colour=(230, 230, 230),
         anchor: str = "topleft", shadow: bool = False) -> pygame.Rect:
    img = render(text, size, colour)
    r = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    if shadow:
        surf.blit(render(text, size, (0, 0, 0)), r.move(1, 1))
    surf.blit(img, r)
    return r


def size_of(text: str, size: int) -> tuple[int, int]:
    return font(size).size(text)


def wrap(text: str, size: int, width: int) -> list[str]:
    """Lines of ``text`` that fit ``width`` pixels (breaks at spaces, or anywhere for CJK); remembered,
    since panels and logs wrap the same lines every frame."""
    return list(_wrap(text, int(size), int(width)))


@lru_cache(maxsize=8192)
def _wrap(text: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(_wrap_now(text, size, width))


def _wrap_now(text: str, size: int, width: int) -> list[str]:
    f = font(size)
    out = []
    for para in text.split("\n"):
        if f.size(para)[0] <= width:  # the common case: it fits
            out.append(para)
            continue
        line = ""
        for ch in para:
            trial = line + ch
            if f.size(trial)[0] <= width or not line:
                line = trial
                continue
            cut = line.rfind(" ")
            word = line[cut + 1:] + ch if cut >= 0 else ""
            if cut > 0 and ch != " " and all(ord(c) < 0x2E80 for c in word):
                # at a space when a Latin word would be split; CJK breaks at any character (a Chinese log
                # line "224. M-11的砲隊…" is not cut after its number)
                out.append(line[:cut])
                line = line[cut + 1:] + ch
            else:
                head, tail = line.rstrip(), ch.lstrip()
                # a line never starts with closing punctuation nor ends with an opening bracket (the F1 pages:
                # "，或一方提和"; issue 26): the last character goes down with it
                while len(head) > 1 and (tail[:1] in _NO_START or head[-1] in _NO_END):
                    head, tail = head[:-1], head[-1] + tail
                out.append(head)
                line = tail
        out.append(line)
    return out


_NO_START = set("，。、；：？！）」』》〉】…·,.;:?!)")
_NO_END = set("（「『《〈【(")
