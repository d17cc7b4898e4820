"""Writing a picture: the headless GL context, the caption band under a picture and the PNG file. Shared by
``python -m client.shot`` (沙场秋点兵's rule pictures) and client.rulebook (the flat-board games' books), so that
neither imports the other's command line."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import moderngl
import numpy as np
import pygame
import pygame.freetype as ft
from PIL import Image

from client.ui import text as text_lines

FONTS = Path(__file__).resolve().parents[1] / "assets" / "fonts"


class ShotError(Exception):
    """A picture that cannot be made; its text is the one line the command prints."""


_FONT_CACHE: dict = {}


def _load_font(path: Path | None, px: int):
    if not ft.get_init():
        ft.init()
    key = (str(path), px)
    if key not in _FONT_CACHE:
        font = None
        if path is None:
            font = ft.Font(None, px)
        else:
            # a collection: take its Simplified Chinese face when it has one
            for idx in range(8 if path.suffix.lower() == ".ttc" else 1):
                try:
                    f = ft.Font(str(path), px, font_index=idx)
                except (OSError, IndexError, ValueError):
                    break
                font = font or f
                if "SC" in (f.name or ""):
                    font = f
                    break
        _FONT_CACHE[key] = font
    return _FONT_CACHE[key]


def caption_font(text: str, lang: str, px: int):
    """A pygame.freetype font for a caption: the shipped font in assets/fonts/ when it has every
    character of the text, else (English only) pygame's default font; None when nothing can show
    the text (the caption is then skipped). Never a system font: pictures must not depend on
    what a machine has installed."""
    cands = sorted(p for p in FONTS.glob("*") if p.suffix.lower() in (".otf", ".ttf", ".ttc"))
    if lang == "en" or all(ord(c) < 128 for c in text):
        cands.append(None)
    for path in cands:
        font = _load_font(path, px)
        if font is not None and all(m is not None for m in font.get_metrics(text.replace("\n", ""))):
            return font
    return None


def caption_lines(text: str, font, width: int, px: int) -> list[str]:
    """The caption's lines in a band ``width`` wide with margins of ``px``, wrapped as the UI wraps: no line
    starts with "，" or "。" nor ends with "（", and a Latin word (a rule id, a cell) stays whole."""
    return text_lines.wrap_measured(text, lambda s: font.get_rect(s).width, width - 2 * px)


def draw_caption_band(text: str, lang: str, width: int, px: int):
    """The caption as an (h, width, 3) uint8 band (white text on near-black), or None."""
    if not text:
        return None
    font = caption_font(text, lang, px)
    if font is None:
        print(f"note: no font shows the {lang} caption; skipped", file=sys.stderr)
        return None
    lines = caption_lines(text, font, width, px)
    line_h = int(px * 1.45)
    band_h = line_h * len(lines) + px // 2
    band = pygame.Surface((width, band_h))
    band.fill((16, 18, 22))
    y = px // 4
    for ln in lines:
        surf, rect = font.render(ln, (255, 255, 255))
        band.blit(surf, ((width - rect.width) // 2, y + (line_h - rect.height) // 2))
        y += line_h
    return np.frombuffer(pygame.image.tobytes(band, "RGB"), np.uint8).reshape(band_h, width, 3).copy()


def save_png(img, path: Path) -> None:
    """Write an (h, w, 3) uint8 picture as a PNG (its folder made if needed): into a file beside it, then renamed
    over it, so that a write that fails (a full disk) leaves no half-written PNG and the old picture as it was."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        Image.fromarray(img).save(tmp, format="PNG", compress_level=6)
        os.replace(tmp, path)
    except OSError as e:  # the error names the picture asked for, not the file beside it
        tmp.unlink(missing_ok=True)
        raise OSError(e.errno, e.strerror, str(path)) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def make_context():
    """A headless OpenGL context through EGL (ShotError when there is none)."""
    try:
        return moderngl.create_standalone_context(backend="egl")
    except Exception as e:
        raise ShotError(f"no headless OpenGL (EGL) context: {e}") from None
