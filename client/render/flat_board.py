"""Flat boards (square, irregular cell sets, hex) in plain pygame 2D, from a ``client.boards.model.BoardView``.

``FlatBoardRenderer.draw(surface, view, rect)`` fits the board (and its edge labels) into
``rect``; ``pick(x, y)`` and ``cell_px(cell)`` convert between pixels and cells for the
last drawn layout. A flipped view is rotated 180 degrees. Tokens: a disc in the piece's
body colour, a ring band in its ring colour at 0.33-0.39 of a cell from the centre, and its
name in its ink colour; face-down pieces are blank backs.
"""
from __future__ import annotations

import math

import pygame

from client.ui import text as fonts
from client.boards.geometry import Cell
from client.boards.model import BASE, LABEL, MARK_RGB, BoardView, Piece, rgb255

TOKEN_R = 0.42  # token radius in cells
RING_IN, RING_OUT = 0.33, 0.39
TILE_GAP = 0.035


def _shrink(poly, centre, k):
    cx, cz = centre
    return [(cx + (x - cx) * k, cz + (z - cz) * k) for x, z in poly]


class FlatBoardRenderer:
    def __init__(self):
        self.scale = 40.0
        self.origin = (0.0, 0.0)
        self.flipped = False
        self.bounds = (0.0, 0.0, 1.0, 1.0)
        self.view: BoardView | None = None
        self._glyphs: dict[tuple, pygame.Surface] = {}

    # --- layout
    def fit(self, view: BoardView, rect) -> None:
        rect = pygame.Rect(rect)
        x0, z0, x1, z1 = view.geometry.bounds()
        m = 0.7 if view.show_labels else 0.25
        bw, bh = (x1 - x0) + 2 * m, (z1 - z0) + 2 * m
        self.scale = max(4.0, min(rect.w / bw, rect.h / bh))
        cx, cz = (x0 + x1) / 2, (z0 + z1) / 2
        self.origin = (rect.centerx - cx * self.scale, rect.centery - cz * self.scale)
        self.bounds = (x0, z0, x1, z1)
        self.flipped = view.flipped
        self.view = view

    def to_px(self, x: float, z: float) -> tuple[float, float]:
        if self.flipped:
            x0, z0, x1, z1 = self.bounds
            x, z = x0 + x1 - x, z0 + z1 - z
        return (self.origin[0] + x * self.scale, self.origin[1] + z * self.scale)

    def to_world(self, px: float, py: float) -> tuple[float, float]:
        x, z = (px - self.origin[0]) / self.scale, (py - self.origin[1]) / self.scale
        if self.flipped:
            x0, z0, x1, z1 = self.bounds
            x, z = x0 + x1 - x, z0 + z1 - z
        return (x, z)

    def pick(self, px: float, py: float) -> Cell | None:
        if self.view is None:
            return None
        return self.view.geometry.cell_at(*self.to_world(px, py))

    def cell_px(self, cell: Cell) -> tuple[int, int]:
        x, z = self.view.geometry.center(cell)
        p = self.to_px(x, z)
        return (int(round(p[0])), int(round(p[1])))

    # --- drawing
    @staticmethod
    def view_key(view: BoardView) -> tuple:
        return (id(view.geometry), tuple(view.pieces), tuple(sorted(view.marks.items())),
                tuple(sorted(view.tints.items())), view.dragging, view.drag_pos, view.show_labels, view.flipped)

    def draw(self, surf: pygame.Surface, view: BoardView, rect, background=(23, 25, 30)) -> None:
        """Draw the board fitted into ``rect`` of ``surf``: rendered into a cached picture when the view changed,
        blitted from it otherwise."""
        rect = pygame.Rect(rect)
        key = (self.view_key(view), rect.size, tuple(background))
        if getattr(self, "_key", None) != key:
            pic = getattr(self, "_pic", None)
            if pic is None or pic.get_size() != rect.size:
                pic = self._pic = pygame.Surface(rect.size)
            pic.fill(background)
            self.render(pic, view, pic.get_rect())
            self._key = key
        self.fit(view, rect)
        surf.blit(self._pic, rect.topleft)

    def render(self, surf: pygame.Surface, view: BoardView, rect) -> None:
        """Draw the board straight onto ``surf`` (no cache)."""
        self.fit(view, rect)
        g = view.geometry
        s = self.scale
        x0, z0, x1, z1 = self.bounds
        if g.kind == "square":  # one slab with a frame
            a, b = self.to_px(x0 - 0.12, z0 - 0.12), self.to_px(x1 + 0.12, z1 + 0.12)
            r = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(b[0] - a[0]), abs(b[1] - a[1]))
            pygame.draw.rect(surf, rgb255(BASE), r, border_radius=max(2, int(s * 0.08)))
        for cell in g.cells:
            c = g.center(cell)
            poly = g.polygon(cell)
            if g.kind != "square":
                pygame.draw.polygon(surf, rgb255(BASE), [self.to_px(*p) for p in _shrink(poly, c, 1.06)])
            pygame.draw.polygon(surf, rgb255(view.cell_rgb(cell)),
                                [self.to_px(*p) for p in _shrink(poly, c, 1.0 - 2 * TILE_GAP)])
        if view.show_labels and s >= 14:
            size = max(9, int(s * 0.3))
            for text, (x, z) in g.labels():
                if self.flipped:  # keep the labels on the viewer's bottom and left edges
                    # to the opposite edge: rank labels across, file labels up (each stays on its file/rank)
                    x = x0 + x1 - x if not x0 <= x <= x1 else x
                    z = z0 + z1 - z if not z0 <= z <= z1 else z
                img = fonts.render(text, size, rgb255(LABEL))
                surf.blit(img, img.get_rect(center=self.to_px(x, z)))
        present = {p.cell for p in view.pieces}
        for cell, kind in view.marks.items():  # dots on empty targets
            if kind in ("move", "special") and cell not in present:
                pygame.draw.circle(surf, rgb255(tuple(v * 0.55 for v in MARK_RGB[kind])),
                                   self.to_px(*g.center(cell)), max(2, int(s * 0.12)))
        for p in view.pieces:
            if p.cell == view.dragging:
                continue
            self.draw_token(surf, p, self.to_px(*g.center(p.cell)), s, view.marks.get(p.cell))
        if view.dragging is not None and view.drag_pos is not None:
            p = view.piece_at(view.dragging)
            if p is not None:
                self.draw_token(surf, p, self.to_px(*view.drag_pos), s * 1.08, "selected")

    def glyph(self, ch: str, px: int, colour) -> pygame.Surface:
        key = (ch, px, colour)
        img = self._glyphs.get(key)
        if img is None:
            if len(self._glyphs) > 512:
                self._glyphs.clear()
            img = self._glyphs[key] = fonts.font_for(ch, px).render(ch, True, colour)
        return img

    def draw_token(self, surf, p: Piece, centre, s: float, mark: str | None) -> None:
        cx, cy = centre
        R = TOKEN_R * s
        pygame.draw.circle(surf, (25, 18, 12), (cx + s * 0.04, cy + s * 0.05), R)  # shadow
        if mark in ("capture", "check", "selected"):
            pygame.draw.circle(surf, rgb255(MARK_RGB[mark]), (cx, cy), R + max(2, s * 0.06))
        pygame.draw.circle(surf, rgb255(p.body), (cx, cy), R)
        pygame.draw.circle(surf, rgb255(p.ring_rgb), (cx, cy), RING_OUT * s,
                           max(1, int(math.ceil((RING_OUT - RING_IN) * s))))
        if p.face_down or not p.glyph:
            return
        px = max(8, int(s * 0.5))
        img = self.glyph(p.glyph, px, rgb255(p.ink))
        if self.flipped:
            img = pygame.transform.rotate(img, 0)  # names stay upright for the viewer
        surf.blit(img, img.get_rect(center=(cx, cy)))
