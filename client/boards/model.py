"""Plain data a flat board is drawn from (both renderers read only this, never a game object).

Colours are RGB floats 0..1. A ``Piece`` is a round token: ``body`` is the disc, ``ink``
the colour of its name and ``ring`` the band near its edge (the side that moves it);
``face_down`` tokens are drawn as blank backs. ``BoardView.marks`` maps cells to one
mark kind (see ``MARK_RGB``); ``tints`` gives special cells (palace, gates) their colour.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from client.boards.geometry import BoardGeometry, Cell

RGB = tuple[float, float, float]

# board colours
LIGHT = (0.93, 0.84, 0.66)  # light square / plain cell
DARK = (0.71, 0.53, 0.36)  # dark square
PLAIN = (0.86, 0.74, 0.55)  # cells of irregular boards
BASE = (0.30, 0.20, 0.12)  # the slab under the board (shows as grid lines between cells)
LABEL = (0.92, 0.88, 0.78)
BACKGROUND = (0.09, 0.10, 0.12)

# tokens
IVORY = (0.96, 0.92, 0.82)
BACK = (0.27, 0.36, 0.30)  # face-down tokens: a blank dark-green back
BACK_RING = (0.80, 0.68, 0.36)

MARK_RGB: dict[str, RGB] = {
    "selected": (0.98, 0.82, 0.18),  # the chosen piece
    "move": (0.30, 0.82, 0.36),  # a legal step to an empty cell
    "capture": (0.92, 0.26, 0.20),  # a legal capture
    "special": (0.70, 0.40, 0.95),  # 勤王, castling, promotion squares
    "check": (1.00, 0.08, 0.08),  # the king in check
    "last": (0.42, 0.64, 0.98),  # the last move's cells
    "flip": (0.98, 0.62, 0.20),  # a face-down piece that may be flipped (hover)
    "hover": (1.00, 1.00, 1.00),
}
MARK_STRENGTH = {"selected": 0.75, "move": 0.7, "capture": 0.75, "special": 0.7, "check": 0.85,
                 "last": 0.45, "flip": 0.45, "hover": 0.25}


def rgb255(c: RGB) -> tuple[int, int, int]:
    return (int(round(c[0] * 255)), int(round(c[1] * 255)), int(round(c[2] * 255)))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


@dataclass(frozen=True)
class Piece:
    cell: Cell
    glyph: str = ""  # one character drawn on the token (its Chinese name)
    ink: RGB = (0.0, 0.0, 0.0)
    ring: RGB | None = None  # None: same as ink
    body: RGB = IVORY
    face_down: bool = False
    side: int | None = None  # seat moving it (None: nobody, e.g. face down or neutral)
    name: str = ""  # the full name for panels

    @property
    def ring_rgb(self) -> RGB:
        return self.ring if self.ring is not None else self.ink


@dataclass
class BoardView:
    geometry: BoardGeometry
    pieces: list[Piece] = field(default_factory=list)
    marks: dict[Cell, str] = field(default_factory=dict)
    tints: dict[Cell, RGB] = field(default_factory=dict)
    flipped: bool = False  # draw rotated 180 degrees (the other side at the bottom)
    dragging: Cell | None = None  # the piece being dragged (drawn at drag_pos instead)
    drag_pos: tuple[float, float] | None = None  # world (x, z) of the dragged piece
    show_labels: bool = True

    def piece_at(self, cell: Cell) -> Piece | None:
        for p in self.pieces:
            if p.cell == cell:
                return p
        return None

    def cell_rgb(self, cell: Cell) -> RGB:
        """The colour of a cell's tile with its tint and mark applied."""
        g = self.geometry
        if cell in self.tints:
            c = self.tints[cell]
        elif g.kind == "square":
            c = DARK if g.shade(cell) else LIGHT
        elif g.kind == "hex":
            c = DARK if g.shade(cell) else LIGHT
        else:
            c = PLAIN
        m = self.marks.get(cell)
        if m:
            c = mix(c, MARK_RGB[m], MARK_STRENGTH[m])
        return c
