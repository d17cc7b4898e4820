"""Flat boards (square, irregular cell sets, hex) in plain pygame 2D, from a ``client.boards.model.BoardView``.

``FlatBoardRenderer.draw(surface, view, rect)`` fits the board (its edge labels and tracks) into
``rect``; ``pick(x, y)`` and ``cell_px(cell)`` convert between pixels and cells for the
last drawn layout. A flipped view is rotated 180 degrees. Tokens: a disc (or a square
counter) in the piece's body colour, a ring band in its ring colour at 0.33-0.39 of a cell
from the centre, and its name in its ink colour; face-down pieces show their back colour.
Stacks are drawn offset up and left, facing arrows as a triangle at the token's edge, terrain
icons and cell labels in the cell's corners, edges along the shared side of two cells, markers
as badges in a cell's top-right corner, tracks as numbered boxes under the board.
"""
from __future__ import annotations

import math

import pygame

from client.ui import text as fonts
from client.boards.geometry import Cell
from client.boards.model import (BASE, EDGE_RGB, EDGE_WIDTH, LABEL, MARK_RGB, MARKER_RGB, TRACK_BOX,
                                 BoardView, Piece, direction, rgb255)
from client.boards.model import MARKER_GLYPH, Line, edge_labels

TOKEN_R = 0.42  # token radius in cells
RING_IN, RING_OUT = 0.33, 0.39
TILE_GAP = 0.035
STACK_STEP = 0.07  # offset of each piece up a stack, in cells
ICON_INK = (70, 52, 34)


def _shrink(poly, centre, k):
    cx, cz = centre
    return [(cx + (x - cx) * k, cz + (z - cz) * k) for x, z in poly]



class FlatBoardRenderer:
    def __init__(self):
        self.scale = 40.0
        self.origin = (0.0, 0.0)
        self.flipped = False
        self.yaw = 0.0  # degrees, as the GL camera's (0: row 0 at the top)
        self.bounds = (0.0, 0.0, 1.0, 1.0)
        self.view: BoardView | None = None
        self._glyphs: dict[tuple, pygame.Surface] = {}

    # --- layout
    def fit(self, view: BoardView, rect) -> None:
        rect = pygame.Rect(rect)
        x0, z0, x1, z1 = view.bounds()
        m = 0.7 if view.show_labels else 0.25
        bw, bh = (x1 - x0) + 2 * m, (z1 - z0) + 2 * m
        self.yaw = float(view.yaw) % 360.0 if view.yaw else (180.0 if view.flipped else 0.0)
        if round(self.yaw / 90.0) % 2:  # a quarter turn: the board's width runs down the screen
            bw, bh = bh, bw
        self.scale = max(4.0, min(rect.w / bw, rect.h / bh))
        cx, cz = (x0 + x1) / 2, (z0 + z1) / 2
        self.origin = (rect.centerx - cx * self.scale, rect.centery - cz * self.scale)
        self.bounds = (x0, z0, x1, z1)
        self.flipped = view.flipped
        self.view = view

    def turn(self, dx: float, dz: float) -> tuple[float, float]:
        """A world offset as the screen shows it (right, down) at this drawing's yaw, as the GL camera's."""
        y = math.radians(getattr(self, "yaw", 0.0))
        c, s = round(math.cos(y), 9), round(math.sin(y), 9)
        return (dx * c + dz * s, -dx * s + dz * c)

    def to_px(self, x: float, z: float) -> tuple[float, float]:
        if getattr(self, "yaw", 0.0):
            x0, z0, x1, z1 = self.bounds
            cx, cz = (x0 + x1) / 2, (z0 + z1) / 2
            dx, dz = self.turn(x - cx, z - cz)
            x, z = cx + dx, cz + dz
        return (self.origin[0] + x * self.scale, self.origin[1] + z * self.scale)

    def to_world(self, px: float, py: float) -> tuple[float, float]:
        x, z = (px - self.origin[0]) / self.scale, (py - self.origin[1]) / self.scale
        if getattr(self, "yaw", 0.0):
            x0, z0, x1, z1 = self.bounds
            cx, cz = (x0 + x1) / 2, (z0 + z1) / 2
            y = math.radians(self.yaw)
            c, s = round(math.cos(y), 9), round(math.sin(y), 9)
            sx, sy = x - cx, z - cz
            x, z = cx + sx * c - sy * s, cz + sx * s + sy * c
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
                tuple(sorted(view.tints.items())), view.dragging, view.drag_pos, view.show_labels, view.flipped, view.yaw,
                tuple(sorted(view.icons.items())), tuple(sorted(view.labels.items())), tuple(view.edges),
                tuple(sorted(view.markers.items())), tuple(view.tracks), tuple(view.lines), view.points,
                view.tracks_beside, tuple(view.captions), view.token_scale, view.label_scale)

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
        self.token_scale = view.token_scale
        g = view.geometry
        s = self.scale
        x0, z0, x1, z1 = g.bounds()
        if g.kind == "square":  # one slab with a frame
            a, b = self.to_px(x0 - 0.12, z0 - 0.12), self.to_px(x1 + 0.12, z1 + 0.12)
            r = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(b[0] - a[0]), abs(b[1] - a[1]))
            pygame.draw.rect(surf, rgb255(BASE), r, border_radius=max(2, int(s * 0.08)))
        if g.kind != "square":  # every cell's frame first: a points board's cells then join without seams
            for cell in g.cells:
                pygame.draw.polygon(surf, rgb255(BASE), [self.to_px(*p) for p in _shrink(g.polygon(cell),
                                                                                       g.center(cell), 1.06)])
        for cell in g.cells:
            c = g.center(cell)
            poly = g.polygon(cell)
            pygame.draw.polygon(surf, rgb255(view.cell_rgb(cell)),
                                [self.to_px(*p) for p in _shrink(poly, c, 1.0 if view.points else 1.0 - 2 * TILE_GAP)])
        for ln in view.lines:  # the points' grid (xiangqi style), under the texts and pieces
            self.draw_line(surf, view, ln)
        if view.show_labels and s >= 14:
            size = max(9, int(s * 0.3 * view.label_scale))
            # on the viewer's bottom and left edges (turned or flipped), each beside the cells it names: a rank
            # label at either end of its rank, a file label at either end of its file, whichever is further left
            # and down (issue 26: on 暗棋's cross "1" sat on the bounding box, four cells from e1)
            for text, (x, z) in edge_labels(g, (x0, z0, x1, z1), self.turn, view.label_scale):
                img = fonts.render(text, size, rgb255(LABEL))
                surf.blit(img, img.get_rect(center=self.to_px(x, z)))
        self.draw_cell_texts(surf, view)
        for e in view.edges:
            seg = view.edge_segment(e)
            if seg is not None:
                pygame.draw.line(surf, rgb255(EDGE_RGB.get(e.kind, EDGE_RGB["border"])), self.to_px(*seg[0]),
                                 self.to_px(*seg[1]), max(2, int(round(EDGE_WIDTH.get(e.kind, 0.05) * s))))
        present = {p.cell for p in view.pieces}
        for cell, kind in view.marks.items():  # dots on empty targets
            if kind in ("move", "special") and cell not in present:
                pygame.draw.circle(surf, rgb255(tuple(v * 0.55 for v in MARK_RGB[kind])),
                                   self.to_px(*g.center(cell)), max(2, int(s * 0.12)))
        for p, k in view.stacks():
            if p.cell == view.dragging and p is view.piece_at(p.cell):
                continue
            cx, cy = self.to_px(*g.center(p.cell))
            off = k * STACK_STEP * s
            self.draw_token(surf, p, (cx - off, cy - off), s, view.marks.get(p.cell), g.kind)
        for cell, kinds in view.markers.items():
            self.draw_markers(surf, view, cell, kinds)
        self.draw_tracks(surf, view)
        if view.dragging is not None and view.drag_pos is not None:
            p = view.piece_at(view.dragging)
            if p is not None:
                self.draw_token(surf, p, self.to_px(*view.drag_pos), s * 1.08, "selected", g.kind)

    def draw_line(self, surf, view: BoardView, ln: Line) -> None:
        """A line between two cells' centres, as a quad lengthened by half its width at each end (square corners)."""
        (ax, az), (bx, bz) = view.geometry.center(ln.a), view.geometry.center(ln.b)
        d = math.hypot(bx - ax, bz - az) or 1.0
        w = max(1.0, ln.width * self.scale) / self.scale / 2
        ux, uz = (bx - ax) / d * w, (bz - az) / d * w
        pts = [(ax - ux - uz, az - uz + ux), (bx + ux - uz, bz + uz + ux), (bx + ux + uz, bz + uz - ux),
               (ax - ux + uz, az - uz - ux)]
        pygame.draw.polygon(surf, rgb255(ln.colour), [self.to_px(*p) for p in pts])

    def draw_cell_texts(self, surf, view: BoardView) -> None:
        """Terrain icons in a cell's top-left corner, labels at its foot."""
        g, s = view.geometry, self.scale
        if s < 12:
            return
        for cell, icon in view.icons.items():
            x, z, h = view.icon_spot(cell)
            img = fonts.render(icon, max(8, int(s * min(2.3 * h / g.cell_size, 0.56))), ICON_INK)
            surf.blit(img, img.get_rect(center=self.to_px(x, z)))
        for cell, label in view.labels.items():
            x, z = g.center(cell)
            img = fonts.render(label, max(8, int(s * 0.22 * min(view.icon_scale, 1.5))), ICON_INK)
            surf.blit(img, img.get_rect(center=self.to_px(x, z + 0.36 * g.cell_size)))
        shown = None
        if getattr(g, "frame", None) is not None:  # a close-up: a name cut by its edge is moved inside it
            (ax, ay), (bx, by) = self.to_px(*g.frame[:2]), self.to_px(*g.frame[2:])
            shown = pygame.Rect(int(min(ax, bx)), int(min(ay, by)), int(abs(bx - ax)), int(abs(by - ay)))
        for cap in view.captions:  # a region's name across the map
            img = fonts.render(cap.text, max(9, int(s * cap.size)), rgb255(cap.rgb))
            r = img.get_rect(center=self.to_px(*g.center(cap.cell)))
            if shown is not None:
                if not shown.inflate(r.w, r.h).collidepoint(r.center):
                    continue  # its region's name hex far out of the close-up
                r = r.clamp(shown)
            surf.blit(img, r)

    def draw_markers(self, surf, view: BoardView, cell, kinds) -> None:
        """Badges in a row from the cell's top-right corner, each in its colour with a symbol drawn as a
        shape (fire: a flame, disorder: a cross, trench: a bar), so no font is needed."""
        g, s = view.geometry, self.scale
        x, z = g.center(cell)
        r = max(3, int(s * 0.13))
        for kind, bx, bz, br in view.lettered_badges(cell):  # 壕 橋 船 墟, a flag: a disc with its glyph in white
            cx, cy = self.to_px(bx, bz)
            rg = max(4, int(s * br))
            pygame.draw.circle(surf, (20, 16, 12), (cx, cy), rg + 1)
            pygame.draw.circle(surf, rgb255(MARKER_RGB[kind]), (cx, cy), rg)
            img = self.glyph(MARKER_GLYPH[kind], max(7, int(rg * 1.45)), (255, 255, 255))
            surf.blit(img, img.get_rect(center=(cx, cy)))
        for i, kind in enumerate(kinds):
            if kind in MARKER_GLYPH:
                continue
            cx, cy = self.to_px(x + 0.3 - i * 0.27, z - 0.3)
            pygame.draw.circle(surf, (20, 16, 12), (cx, cy), r + 1)
            pygame.draw.circle(surf, rgb255(MARKER_RGB.get(kind, (0.5, 0.5, 0.5))), (cx, cy), r)
            k = r * 0.55
            ink = (255, 255, 255)
            if kind == "fire":
                pygame.draw.polygon(surf, ink, [(cx, cy - k), (cx + k * 0.7, cy + k * 0.7), (cx - k * 0.7, cy + k * 0.7)])
            elif kind == "disorder":
                pygame.draw.line(surf, ink, (cx - k, cy - k), (cx + k, cy + k), max(1, r // 4))
                pygame.draw.line(surf, ink, (cx - k, cy + k), (cx + k, cy - k), max(1, r // 4))
            elif kind == "trench":
                pygame.draw.rect(surf, ink, pygame.Rect(cx - k, cy - k * 0.3, 2 * k, k * 0.6))

    def draw_tracks(self, surf, view: BoardView) -> None:
        """Each track: its label, a row of numbered boxes, a marker disc on the box of its value."""
        s = self.scale
        h = TRACK_BOX * 0.92 * s
        for t, boxes, (lx, lz) in view.track_boxes():
            img = fonts.render(t.label, max(9, int(s * 0.3)), rgb255(LABEL))
            surf.blit(img, img.get_rect(center=self.to_px(lx, lz)))
            for n, (x, z) in boxes:
                cx, cy = self.to_px(x, z)
                r = pygame.Rect(0, 0, h, h)
                r.center = (cx, cy)
                pygame.draw.rect(surf, rgb255((0.86, 0.78, 0.62)), r)
                pygame.draw.rect(surf, rgb255(BASE), r, max(1, int(s * 0.03)))
                num = fonts.render(str(n), max(8, int(s * 0.22)), ICON_INK)
                surf.blit(num, num.get_rect(midtop=(cx, r.y + 2)))
                if n == t.value:
                    pygame.draw.circle(surf, (20, 16, 12), (cx + 1, cy + s * 0.1 + 1), s * 0.24)
                    pygame.draw.circle(surf, rgb255(t.marker), (cx, cy + s * 0.1), s * 0.24)

    def glyph(self, ch: str, px: int, colour) -> pygame.Surface:
        key = (ch, px, colour)
        img = self._glyphs.get(key)
        if img is None:
            if len(self._glyphs) > 512:
                self._glyphs.clear()
            img = self._glyphs[key] = fonts.font_for(ch, px).render(ch, True, colour)
        return img

    def draw_token(self, surf, p: Piece, centre, s: float, mark: str | None, kind: str = "square") -> None:
        cx, cy = centre
        s *= getattr(self, "token_scale", 1.0)  # the view's token size (set by render)
        R = TOKEN_R * s
        square = p.shape == "square"
        face = p.back if p.face_down else p.body

        def shape(colour, rad, width=0, at=(cx, cy)):
            if square:
                r = pygame.Rect(0, 0, 2 * rad, 2 * rad)
                r.center = at
                pygame.draw.rect(surf, colour, r, int(width), border_radius=max(1, int(rad * 0.12)))
            else:
                pygame.draw.circle(surf, colour, at, rad, int(width))

        shape((25, 18, 12), R, at=(cx + s * 0.04, cy + s * 0.05))  # shadow
        if mark in ("capture", "check", "selected", "start"):  # "start": a piece that may act (江山's units, issue 26)
            shape(rgb255(MARK_RGB[mark]), R + max(2, s * 0.06))
        shape(rgb255(face), R)
        shape(rgb255(p.ring_rgb), RING_OUT * s, max(1, int(math.ceil((RING_OUT - RING_IN) * s))))
        glyph = p.back_glyph if p.face_down else p.glyph
        if glyph:
            img = self.glyph(glyph, max(8, int(s * 0.5 * p.glyph_scale)), rgb255(p.ink))
            if p.turned and not p.face_down:  # a worn counter turned sideways: its face a quarter turn round
                img = pygame.transform.rotate(img, -90)
            surf.blit(img, img.get_rect(center=(cx, cy)))
        if p.value and not p.face_down and s >= 20:
            img = fonts.render(p.value, max(8, int(s * 0.2)), rgb255(p.ink))
            surf.blit(img, img.get_rect(bottomright=(cx + R * 0.92, cy + R * 0.98)))
        if p.facing is not None and not p.face_down:
            dx, dz = direction(kind, p.facing)
            dx, dz = self.turn(dx, dz)
            tip = (cx + dx * R * 1.18, cy + dz * R * 1.18)
            base = (cx + dx * R * 0.8, cy + dz * R * 0.8)
            w = R * 0.28
            pygame.draw.polygon(surf, rgb255(p.ring_rgb), [tip, (base[0] - dz * w, base[1] + dx * w),
                                                            (base[0] + dz * w, base[1] - dx * w)])
