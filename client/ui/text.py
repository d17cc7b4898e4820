"""The one text stack of the client: the shipped CJK subset in assets/fonts/ (never a system font), cached by
size, with pygame's default font only for a glyph the subset lacks; text pictures, wrapping, and the glyph
masks the board renderers draw piece names from."""
from __future__ import annotations

from functools import lru_cache
from itertools import groupby
from pathlib import Path

import pygame

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
_cache: dict[int, pygame.font.Font] = {}
_default: dict[int, pygame.font.Font] = {}
_has: dict[str, bool] = {}
_text_cache: dict[tuple, pygame.Surface] = {}  # (text, size, colour) -> its picture, least recently used first
TEXT_CACHE_BYTES = 16 << 20  # what the kept text pictures may hold (a log line's picture is ~20 KB)
_text_bytes = 0


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


def default_font(size: int) -> pygame.font.Font:
    """pygame's own font (for the characters the shipped subset lacks)."""
    size = max(6, int(size))
    f = _default.get(size)
    if f is None:
        f = _default[size] = pygame.font.Font(None, size)
    return f


def font_for(text: str, size: int) -> pygame.font.Font:
    """The shipped font when it has every character of ``text``, else pygame's default font."""
    return font(size) if all(has_glyph(ch) for ch in text) else default_font(size)


def render(text: str, size: int, colour=(230, 230, 230)) -> pygame.Surface:
    """A text surface (kept for the next frames, up to TEXT_CACHE_BYTES in all). A character the shipped font
    lacks (one the player typed, a rare one in a file's path) is drawn with pygame's font, the rest of the line with
    the shipped one: the whole line in pygame's font would show its Chinese as boxes."""
    global _text_bytes
    key = (text, size, tuple(colour))
    s = _text_cache.pop(key, None)
    if s is None:
        s = _render_runs(drawable(text), size, colour)
        _text_bytes += _nbytes(s)
        while _text_bytes > TEXT_CACHE_BYTES and _text_cache:  # the least recently used pictures go first
            _text_bytes -= _nbytes(_text_cache.pop(next(iter(_text_cache))))
    _text_cache[key] = s  # (again) the most recently used
    return s


def kept_bytes() -> int:
    """What the kept text pictures hold, in bytes (at most about TEXT_CACHE_BYTES)."""
    return _text_bytes


def _nbytes(s: pygame.Surface) -> int:
    return s.get_pitch() * s.get_height()


def _render_runs(text: str, size: int, colour) -> pygame.Surface:
    """``text`` drawn run by run, each run of characters in the font that has them, on one baseline."""
    runs = [(has, "".join(part)) for has, part in groupby(text, has_glyph)]
    if len(runs) <= 1:
        return font_for(text, size).render(text, True, colour)
    imgs = [(f, f.render(part, True, colour))
            for f, part in ((font(size) if has else default_font(size), part) for has, part in runs)]
    ascent = max(f.get_ascent() for f, _ in imgs)
    height = max(ascent - f.get_ascent() + img.get_height() for f, img in imgs)
    out = pygame.Surface((sum(img.get_width() for _, img in imgs), height), pygame.SRCALPHA)
    x = 0
    for f, img in imgs:  # side by side, never overlapping: a plain copy of each run's pixels
        out.blit(img, (x, ascent - f.get_ascent()), special_flags=pygame.BLEND_RGBA_MAX)
        x += img.get_width()
    return out


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
    try:
        return font(size).size(text)
    except UnicodeEncodeError:  # (see drawable)
        return font(size).size(drawable(text))


def drawable(text: str) -> str:
    """``text`` with what no font can draw shown as ?: the lone surrogates by which Python names a file whose name
    is not UTF-8 (pygame refused such a line with UnicodeEncodeError: the load list crashed on that file)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "".join("?" if "\ud800" <= ch <= "\udfff" else ch for ch in text)
    return text


def fit(words: str, size: int, width: int) -> str:
    """``words`` shortened with an ellipsis to fit ``width`` pixels."""
    if size_of(words, size)[0] <= width:
        return words
    while len(words) > 1 and size_of(words + "…", size)[0] > width:
        words = words[:-1]
    return words.rstrip() + "…"


def wrap(text: str, size: int, width: int) -> list[str]:
    """Lines of ``text`` that fit ``width`` pixels (breaks at spaces, or anywhere for CJK); remembered,
    since panels and logs wrap the same lines every frame."""
    return list(_wrap(text, int(size), int(width)))


@lru_cache(maxsize=8192)
def _wrap(text: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(_wrap_now(text, size, width))


def _wrap_now(text: str, size: int, width: int) -> list[str]:
    f = font(size)
    return wrap_measured(drawable(text), lambda t: f.size(t)[0], width)


def wrap_measured(text: str, measure, width: int) -> list[str]:
    """Lines of ``text`` whose ``measure(line)`` (pixels) fits ``width``, broken as ``wrap`` breaks them (spaces,
    CJK anywhere but never before closing or after opening punctuation): for a font other than the UI's (the
    rule pictures' captions)."""
    out = []
    for para in text.split("\n"):
        out += _fill(_units(para), measure, width) if measure(para) > width else [para]  # the common case: it fits
    return out


def _units(para: str) -> list[str]:
    """``para`` cut where a line may break: a space on its own, a Latin word whole, each CJK character alone;
    closing punctuation is glued to what comes before it and opening punctuation to what follows, so no line
    starts with "，" nor ends with "（" (the Chinese line-breaking rule, kinsoku; issue 26)."""
    units: list[str] = []
    for ch in para:
        prev = units[-1] if units else ""
        opened = prev.rstrip()[-1:] in _NO_END and prev.strip() != ""  # "（" or "（ " waits for what follows
        if ch == " " and not opened:
            units.append(ch)
        elif ch in _NO_START and prev:
            if prev == " " and len(units) > 1:  # "word ，": the space and the comma stay with the word
                units.pop()
                units[-1] += " "
            units[-1] += ch
        elif prev and prev != " " and (opened or ((_latin(ch) or ch == "(") and _latin(prev[-1]))):
            units[-1] += ch  # a Latin word whole, and "max(3,2)": no break before a "(" that follows a letter
        else:
            units.append(ch)
    return units


def _latin(ch: str) -> bool:
    return ord(ch) < 0x2E80 and ch != " " and ch not in _NO_END


def _fill(units: list[str], measure, width: int) -> list[str]:
    """Lines of the ``units`` (from _units) whose ``measure`` fits ``width``; the spaces at a break are dropped; a unit
    wider than a line is cut by characters, still never before closing punctuation nor after an opening one
    (a mark hangs past the width when the line has nothing else to move down)."""
    out: list[str] = []
    line = ""
    for u in units:
        if u == " ":
            if line:
                line += u
            continue
        trial = line + u
        if measure(trial) <= width or not line.strip():
            line = trial
        else:
            out.append(line.rstrip())
            line = u
        while measure(line) > width and len(line) > 1:  # one unit wider than a line
            cut = len(line) - 1
            while cut > 1 and measure(line[:cut]) > width:
                cut -= 1
            while cut > 1 and _bad_break(line, cut):
                cut -= 1
            while cut < len(line) and _bad_break(line, cut):
                cut += 1  # nothing left to move down: the marks hang past the width
            if cut >= len(line):
                break
            out.append(line[:cut].rstrip())
            line = line[cut:].lstrip()
    out.append(line.rstrip() if out else line)
    return out


def _bad_break(line: str, cut: int) -> bool:
    """Whether a break before ``line[cut]`` would start a line with closing punctuation or end one with an
    opening bracket (spaces at the break are dropped, so they do not count)."""
    head, tail = line[:cut].rstrip(), line[cut:].lstrip()
    return not head or tail[:1] in _NO_START or head[-1] in _NO_END


_NO_START = set("，。、；：？！）」』》〉】…·”,.;:?!)")
_NO_END = set("（「『《〈【“(")
