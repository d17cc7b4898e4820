"""A small glyph atlas (digits, Latin letters, a few signs and icons) and screen-space label quads.

The atlas is rastered once at start with pygame's bundled default font (no CJK
needed here: captions in Chinese are composited as 2D surfaces). The texture's
red channel is the glyph coverage and green the coverage grown by a few pixels,
so labels get a dark outline and stay readable on any terrain colour.

Icons (private characters): ``GHOST`` ghost-vision marker, ``TENT`` new camp,
``SWORDS`` has attacked, ``SPENT`` no moves left, ``BOX`` a solid block.
"""
from __future__ import annotations

import numpy as np
import pygame

GHOST, TENT, SWORDS, SPENT, BOX = "\x01", "\x02", "\x03", "\x04", "\x05"
CHARS = ("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
         " +-=<>()[]:/.,?!#%*\u00d7\u2265\u2264" + GHOST + TENT + SWORDS + SPENT + BOX)
FONT_PX = 30
PAD = 4  # outline room around each glyph


def _dilate(a: np.ndarray, r: int) -> np.ndarray:
    out = a.copy()
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if dx * dx + dy * dy > r * r + 1:
                continue
            out = np.maximum(out, np.roll(np.roll(a, dy, 0), dx, 1))
    return out


def _icon(kind: str, w: int, h: int) -> np.ndarray:
    """Coverage (h, w) float of a drawn icon."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy = (w - 1) / 2, (h - 1) / 2
    s = min(w, h) * 0.42
    u, v = (xx - cx) / s, (yy - cy) / s  # -1..1
    if kind == GHOST:  # rounded head and wavy skirt, two eyes
        body = ((u ** 2 + (v + 0.25) ** 2 < 0.55) | ((np.abs(u) < 0.74) & (v > -0.25) & (v < 0.75)))
        skirt = v > 0.55 + 0.2 * np.cos(u * 9)
        eyes = ((u + 0.28) ** 2 + (v + 0.25) ** 2 < 0.03) | ((u - 0.28) ** 2 + (v + 0.25) ** 2 < 0.03)
        return (body & ~skirt & ~eyes).astype(np.float32)
    if kind == TENT:  # a triangle tent with a door
        tri = (v > -0.8) & (v < 0.8) & (np.abs(u) < (v + 0.8) * 0.6)
        door = (np.abs(u) < (v - 0.1) * 0.35) & (v > 0.1)
        return (tri & ~door).astype(np.float32)
    if kind == SWORDS:  # a bold X
        d1, d2 = np.abs(u - v), np.abs(u + v)
        inside = (np.abs(u) < 0.85) & (np.abs(v) < 0.85)
        return (((d1 < 0.28) | (d2 < 0.28)) & inside).astype(np.float32)
    if kind == SPENT:  # an hourglass
        hg = (np.abs(u) < np.abs(v) * 0.8 + 0.08) & (np.abs(v) < 0.85)
        bars = (np.abs(v) > 0.7) & (np.abs(v) < 0.9) & (np.abs(u) < 0.8)
        return (hg | bars).astype(np.float32)
    return np.ones((h, w), np.float32)  # BOX


class GlyphAtlas:
    """Glyph metrics and an (H, W, 2) uint8 coverage image; ``texture(ctx)`` uploads it once."""

    def __init__(self, font_px: int = FONT_PX):
        if not pygame.font.get_init():
            pygame.font.init()
        font = pygame.font.Font(None, font_px)
        self.line_h = font.get_linesize() + 2 * PAD
        self.ascent = font.get_ascent()
        glyphs = {}
        for ch in CHARS:
            if ch in (GHOST, TENT, SWORDS, SPENT, BOX):
                w = font.size("M")[0]
                cov = np.zeros((self.line_h - 2 * PAD, w), np.float32)
                hh = cov.shape[0]
                s = int(hh * 0.8)
                icon = _icon(ch, s, s)
                oy, ox = (hh - s) // 2, (w - s) // 2
                if ox < 0:
                    cov = np.zeros((hh, s), np.float32)
                    ox = 0
                cov[oy:oy + s, ox:ox + s] = icon
                glyphs[ch] = cov
                continue
            surf = font.render(ch, True, (255, 255, 255), (0, 0, 0))
            w_, h_ = surf.get_size()
            arr = np.frombuffer(pygame.image.tobytes(surf, "RGB"), np.uint8).reshape(h_, w_, 3)
            arr = arr[:, :, 0].astype(np.float32) / 255.0
            glyphs[ch] = arr
        cols = 16
        cw = max(g.shape[1] for g in glyphs.values()) + 2 * PAD
        ch_ = self.line_h
        nrows = (len(CHARS) + cols - 1) // cols
        W, H = cols * cw, nrows * ch_
        img = np.zeros((H, W), np.float32)
        self.metrics = {}
        for i, ch in enumerate(CHARS):
            g = glyphs[ch]
            gx, gy = (i % cols) * cw, (i // cols) * ch_
            h, w = g.shape
            img[gy + PAD:gy + PAD + h, gx + PAD:gx + PAD + w] = g
            # uv rect (u0, v0, u1, v1) with v0 the top row, and the quad size in atlas pixels
            self.metrics[ch] = ((gx) / W, (gy) / H, (gx + w + 2 * PAD) / W, (gy + ch_) / H,
                                w + 2 * PAD, ch_, w)
        outline = _dilate(img, 3)
        self.image = np.stack([img, np.minimum(outline, 1.0)], axis=-1)
        self.image = (self.image * 255 + 0.5).astype(np.uint8)
        self.size = (W, H)
        self._tex = None

    def texture(self, ctx):
        if self._tex is None:
            self._tex = ctx.texture(self.size, 2, self.image.tobytes())
            self._tex.filter = (0x2601, 0x2601)  # LINEAR
        return self._tex

    def text_width(self, text: str, px: float) -> float:
        k = px / (self.line_h - 2 * PAD)
        return sum(self.metrics.get(c, self.metrics["?"])[6] for c in text) * k

    def quads(self, items) -> np.ndarray:
        """Vertices (N*6, 12) float32 for labels: each item (x, y, text, px, rgba, outline_rgba, align)
        with (x, y) the anchor pixel; align 'c' centres on it, 'l' starts at it, 'b' centres above it."""
        # one row a glyph (its corners, uv rect and colours, as Python numbers), then its six vertices picked from
        # the row at once (issue 27: this runs every flight frame; the values are those of a vertex-by-vertex list)
        rows = []
        metrics, fallback = self.metrics, self.metrics["?"]
        inner = self.line_h - 2 * PAD
        for x, y, text, px, rgba, orgba, align in items:
            k = px / inner
            width = self.text_width(text, px)
            if align == "l":
                cx = x
                top = y - px / 2
            elif align == "b":
                cx = x - width / 2
                top = y - px
            else:
                cx = x - width / 2
                top = y - px / 2
            for c in text:
                u0, v0, u1, v1, qw, qh, adv = metrics.get(c, fallback)
                x0 = cx - PAD * k
                y0 = top - PAD * k
                x1, y1 = x0 + qw * k, y0 + qh * k
                rows.append((x0, y0, x1, y1, u0, v0, u1, v1, *rgba, *orgba))
                cx += adv * k
        if not rows:
            return np.zeros((0, 12), np.float32)
        return np.asarray(rows, dtype=np.float32)[:, _CORNER_COLUMNS].reshape(-1, 12)


# the columns of a glyph's row (x0, y0, x1, y1, u0, v0, u1, v1, rgba, outline rgba) each of its six vertices takes:
# (x0, y0, u0, v0), (x1, y0, u1, v0), (x1, y1, u1, v1), (x0, y0, u0, v0), (x1, y1, u1, v1), (x0, y1, u0, v1)
_CORNER_COLUMNS = np.array([[x, y, u, v, *range(8, 16)] for x, y, u, v in (
    (0, 1, 4, 5), (2, 1, 6, 5), (2, 3, 6, 7), (0, 1, 4, 5), (2, 3, 6, 7), (0, 3, 4, 7))])
