"""Fonts for piece names and panels: the app's shipped CJK font (first .otf/.ttf in assets/fonts/),
with pygame's default font for glyphs it lacks (never a system font: the shipped subset is
built to cover every string of the client, see client/ui/build_font.py). Tests never depend on
glyph shapes."""
from __future__ import annotations

from pathlib import Path

import pygame

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
_fonts: dict[tuple[str | None, int], pygame.font.Font] = {}
_has: dict[tuple[str | None, str], bool] = {}
_cands: list | None = None
_texts: dict[tuple, pygame.Surface] = {}


def shipped_font() -> Path | None:
    """The first .otf/.ttf in assets/fonts (None until the app ships one)."""
    if not FONT_DIR.is_dir():
        return None
    for ext in ("*.otf", "*.ttf"):
        files = sorted(FONT_DIR.glob(ext))
        if files:
            return files[0]
    return None


def _candidates() -> list[str | None]:
    global _cands
    if _cands is not None:
        return _cands
    out: list[str | None] = []
    p = shipped_font()
    if p is not None:
        out.append(str(p))
    out.append(None)
    _cands = out
    return out


def get_font(path: str | None, size: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    key = (path, max(6, int(size)))
    f = _fonts.get(key)
    if f is None:
        f = _fonts[key] = pygame.font.Font(path, key[1])
    return f


def has_glyph(path: str | None, ch: str) -> bool:
    key = (path, ch)
    r = _has.get(key)
    if r is None:
        if ch.isspace() or ord(ch) < 0x80:
            r = True
        else:
            m = get_font(path, 24).metrics(ch)
            r = bool(m and m[0] is not None and m[0][:4] != (0, 0, 0, 0))
        _has[key] = r
    return r


def font_for(text: str, size: int, bold: bool = False) -> pygame.font.Font:
    """The first candidate font that has every character of ``text`` (the shipped one if it does;
    ``bold``: a bold system CJK font first, for piece names)."""
    cands = _candidates()
    if bold:
        cands = [p for p in cands if p and "Bold" in p] + cands
    for p in cands:
        if all(has_glyph(p, ch) for ch in text):
            return get_font(p, size)
    return get_font(cands[0], size)


def render(text: str, size: int, colour=(230, 230, 230)) -> pygame.Surface:
    """A text picture (cached; the cache is dropped when it grows large)."""
    key = (text, size, tuple(colour))
    img = _texts.get(key)
    if img is None:
        if len(_texts) > 3000:
            _texts.clear()
        img = _texts[key] = font_for(text, size).render(text, True, colour)
    return img


def glyph_mask(ch: str, px: int) -> "pygame.Surface":
    """A white-on-transparent picture of one character about ``px`` pixels tall (piece names)."""
    return font_for(ch, px, bold=True).render(ch, True, (255, 255, 255))
