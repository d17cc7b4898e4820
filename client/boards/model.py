"""Plain data a flat board is drawn from (both renderers read only this, never a game object).

Colours are RGB floats 0..1. A ``Piece`` is a round token or a square counter (``shape``):
``body`` is its face, ``ink`` the colour of its name and ``ring`` the band near its edge (the
side that moves it); a ``face_down`` piece shows its ``back`` colour (and ``back_glyph``).
Several pieces on one cell form a stack, drawn offset in list order (the last on top).
``facing`` points an arrow to one of the cell's directions (``DIRS`` of the geometry: 6 on
hexes, 8 on squares; 0 = east, counting counter-clockwise as seen from above); ``value`` is
a small number in the counter's corner (strength).

``BoardView`` holds the cells' marks (one kind each, see ``MARK_RGB``), ``tints`` (terrain or
special-cell colours), ``icons`` (a small glyph in a cell's corner: 山, 林, 城), ``labels``
(a short text at a cell's foot), ``edges`` between two neighbouring cells (a river between
hexes, palace and border lines), ``lines`` from one cell's centre to another's (the grid of a
board whose pieces stand on the points, xiangqi style: ``points`` draws its cells as one seamless
surface with no tile gaps, the lines on top), ``markers`` (badges on a cell: fire, disorder, trench) and
``tracks`` beside the board (a row of numbered boxes with a marker: morale, response, round;
``tracks_beside`` puts them right of a tall board), ``captions`` (a larger text centred on a cell:
a region's name). A ``turned`` piece (a worn counter) shows its face a quarter turn round.
"""
from __future__ import annotations

import math
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
    "start": (0.20, 0.80, 0.85),  # cyan: a piece that may be chosen when only a few may (in check, a forced move)
    "hover": (1.00, 1.00, 1.00),
}
# markers (badges) and edges
MARKER_RGB: dict[str, RGB] = {
    "fire": (0.95, 0.36, 0.08),
    "disorder": (0.86, 0.76, 0.12),
    "trench": (0.45, 0.33, 0.20),
    # badges that carry a glyph (MARKER_GLYPH): 辛亥革命's markers and control-point flags
    "dug": (0.45, 0.33, 0.20),  # a trench (壕)
    "bridge": (0.52, 0.40, 0.26),  # a pontoon bridge (橋)
    "boat": (0.16, 0.50, 0.62),  # a civilian boat (船)
    "ruins": (0.30, 0.28, 0.28),  # ruins (墟)
    "flag0": (0.82, 0.16, 0.14),  # a control point held by seat 0 (red) / 1 (blue)
    "flag1": (0.16, 0.38, 0.84),
    "blaze": (0.92, 0.34, 0.06),  # 江山: a fire (火; two for a large fire)
    "disarray": (0.80, 0.62, 0.06),  # 江山: a unit in disorder (乱)
    "grove": (0.30, 0.52, 0.24),  # 江山: the forest under a counter (林), which would hide the cell's icon
}
EDGE_RGB: dict[str, RGB] = {
    "river": (0.20, 0.48, 0.86),
    "palace": (0.45, 0.12, 0.10),
    "border": (0.12, 0.10, 0.08),
    "road": (0.62, 0.52, 0.36),
}
EDGE_RGB["region"] = (0.62, 0.10, 0.36)  # the border of a command region (辛亥革命: 武昌, 漢口, 漢陽)
EDGE_WIDTH = {"river": 0.12, "palace": 0.05, "border": 0.05, "road": 0.07, "region": 0.08}  # in cells
MARKER_GLYPH = {"dug": "壕", "bridge": "橋", "boat": "船", "ruins": "墟", "flag0": "控", "flag1": "控",
                "blaze": "火", "disarray": "乱", "grove": "林"}
LINE_RGB: dict[str, RGB] = {  # lines between points (``Line``)
    "grid": (0.36, 0.24, 0.14),
    "border": (0.20, 0.12, 0.07),
    "defence": (0.36, 0.24, 0.14),
    "palace": (0.36, 0.24, 0.14),
}
LINE_WIDTH = {"grid": 0.05, "border": 0.085, "defence": 0.06, "palace": 0.045}  # in cells (a grid line 1.5 px and more at 1024x640)
TRACK_BOX = 0.8  # a track box's side, in cells

MARK_STRENGTH = {"selected": 0.75, "move": 0.7, "capture": 0.75, "special": 0.7, "check": 0.85,
                 "last": 0.45, "flip": 0.45, "start": 0.6, "hover": 0.25}


def rgb255(c: RGB) -> tuple[int, int, int]:
    return (int(round(c[0] * 255)), int(round(c[1] * 255)), int(round(c[2] * 255)))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def direction(kind: str, k: int) -> tuple[float, float]:
    """The unit vector (x, z) of direction ``k`` on a board of ``kind``: 6 directions on hexes, 8 on
    squares; 0 = east, counter-clockwise as seen from above (z grows towards the bottom of the screen)."""
    n = 6 if kind == "hex" else 8
    a = 2 * math.pi * (k % n) / n
    return (math.cos(a), -math.sin(a))


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
    shape: str = "round"  # round (a token) | square (a counter)
    turned: bool = False  # turned sideways (a worn counter): its face drawn a quarter turn round
    back: RGB = BACK  # the face a face-down piece shows
    back_glyph: str = ""  # a glyph on the back (e.g. the side's emblem)
    facing: int | None = None  # direction index (see ``direction``); None: no arrow
    value: str = ""  # a small number in a corner (strength)
    glyph_scale: float = 1.0  # the glyph's (back glyph's) size relative to the usual: < 1 for a small hint

    @property
    def ring_rgb(self) -> RGB:
        return self.ring if self.ring is not None else self.ink


@dataclass(frozen=True)
class Edge:
    """A line along the side shared by two neighbouring cells (a river, a palace or border line)."""

    a: Cell
    b: Cell
    kind: str = "border"  # river | palace | border | road (see EDGE_RGB)


@dataclass(frozen=True)
class Line:
    """A straight line from the centre of cell ``a`` to the centre of cell ``b`` (grid lines, palace diagonals,
    border and defence lines of a points board); ``rgb`` None: the kind's colour (LINE_RGB)."""

    a: Cell
    b: Cell
    kind: str = "grid"  # grid | border | defence | palace (see LINE_RGB, LINE_WIDTH)
    rgb: RGB | None = None

    @property
    def colour(self) -> RGB:
        return self.rgb if self.rgb is not None else LINE_RGB.get(self.kind, LINE_RGB["grid"])

    @property
    def width(self) -> float:
        return LINE_WIDTH.get(self.kind, LINE_WIDTH["grid"])


@dataclass(frozen=True)
class Caption:
    """A text centred on ``cell``, ``size`` cells tall (a region's name written across the map)."""

    text: str
    cell: Cell
    size: float = 0.45
    rgb: RGB = (0.25, 0.10, 0.16)


@dataclass(frozen=True)
class Track:
    """A row of numbered boxes beside the board (morale, response, round) with a marker on ``value``."""

    label: str  # shown before the boxes
    first: int  # number of the first box
    last: int  # number of the last box
    value: int  # the box the marker stands on
    marker: RGB = (0.85, 0.20, 0.15)



def edge_labels(geometry, bounds, turn, size: float = 1.0) -> list[tuple[str, tuple[float, float]]]:
    """The edge labels where they read on the viewer's left and bottom whatever the turn (flipped, or a side
    kingdom at the bottom): of each label's two places (``geometry.label_places``), the one ``turn`` (world
    offset -> screen right, down) puts further left and down. ``size``: the labels' scale."""
    out = []
    for text, a, b in geometry.label_places(bounds, size):
        (ax, ay), (bx, by) = turn(*a), turn(*b)
        out.append((text, b if bx - by < ax - ay - 1e-6 else a))
    return out


@dataclass
class BoardView:
    geometry: BoardGeometry
    pieces: list[Piece] = field(default_factory=list)
    marks: dict[Cell, str] = field(default_factory=dict)
    tints: dict[Cell, RGB] = field(default_factory=dict)
    flipped: bool = False  # draw rotated 180 degrees (the other side at the bottom)
    yaw: float = 0.0  # the flat drawing turned as the GL camera at this yaw (90, 270: an east or west side at the bottom)
    dragging: Cell | None = None  # the piece being dragged (drawn at drag_pos instead)
    drag_pos: tuple[float, float] | None = None  # world (x, z) of the dragged piece
    show_labels: bool = True
    icons: dict[Cell, str] = field(default_factory=dict)
    labels: dict[Cell, str] = field(default_factory=dict)
    edges: list[Edge] = field(default_factory=list)
    markers: dict[Cell, tuple[str, ...]] = field(default_factory=dict)
    tracks: list[Track] = field(default_factory=list)
    tracks_beside: bool = False  # the tracks to the right of the board (a tall board) instead of below it
    tracks_panel: bool = False  # the plugin draws the tracks as a 2D panel in room it keeps (board_area): none in the world
    badge_scale: float = 1.0  # the lettered badges' size (1: the usual; on an empty cell at most 0.4 cells)
    badges_in_corners: bool = False  # badges above a piece in the cell's corners, clear of its name (江山), not in a row
    icon_scale: float = 1.0  # the icons' size (1: the usual corner glyph; more: larger, centred on an empty cell)
    captions: list[Caption] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    points: bool = False  # pieces stand on points: cells drawn without gaps, ``lines`` on top
    token_scale: float = 1.0  # the round tokens' size (1: the usual 0.84 cells across; 三国演弈's points: larger)
    label_scale: float = 1.0  # the edge labels' size (1: a third of a cell; a board of many small cells: larger)

    def piece_at(self, cell: Cell) -> Piece | None:
        """The top piece of the cell's stack (None if the cell is empty)."""
        top = None
        for p in self.pieces:
            if p.cell == cell:
                top = p
        return top

    def stacks(self) -> list[tuple[Piece, int]]:
        """Every piece with its height in its cell's stack (0 = bottom), in drawing order."""
        seen: dict[Cell, int] = {}
        out = []
        for p in self.pieces:
            k = seen.get(p.cell, 0)
            seen[p.cell] = k + 1
            out.append((p, k))
        return out

    def bounds(self) -> tuple[float, float, float, float]:
        """The board's bounds with room for the tracks below it (or beside it)."""
        x0, z0, x1, z1 = self.geometry.bounds()
        if self.tracks_panel:  # drawn on the screen beside the board, not in the world
            return (x0, z0, x1, z1)
        if self.tracks and self.tracks_beside:
            n = max(t.last - t.first + 1 for t in self.tracks)
            return (x0, z0, x1 + 0.6 + 2.2 + n * TRACK_BOX, max(z1, z0 + len(self.tracks) * (TRACK_BOX + 0.15)))
        if self.tracks:
            n = max(t.last - t.first + 1 for t in self.tracks)
            x1 = max(x1, x0 + 2.2 + n * TRACK_BOX)
            z1 = z1 + 0.7 + len(self.tracks) * (TRACK_BOX + 0.15)
        return (x0, z0, x1, z1)

    def track_boxes(self) -> list[tuple[Track, list[tuple[int, tuple[float, float]]], tuple[float, float]]]:
        """Each track with the centres (x, z) of its boxes and where its label goes (none with ``tracks_panel``)."""
        x0, z0, x1, z1 = self.geometry.bounds()
        out = []
        if self.tracks_panel:  # drawn by the plugin in screen space, not in the world
            return out
        if self.tracks_beside:  # rows from the top right of the board: label, then the boxes
            for i, t in enumerate(self.tracks):
                zc = z0 + i * (TRACK_BOX + 0.15) + TRACK_BOX / 2
                boxes = [(n, (x1 + 0.6 + 2.2 + (n - t.first) * TRACK_BOX + TRACK_BOX / 2, zc))
                         for n in range(t.first, t.last + 1)]
                out.append((t, boxes, (x1 + 0.6 + 1.1, zc)))
            return out
        for i, t in enumerate(self.tracks):
            zc = z1 + 0.7 + i * (TRACK_BOX + 0.15) + TRACK_BOX / 2
            boxes = [(n, (x0 + 2.2 + (n - t.first) * TRACK_BOX + TRACK_BOX / 2, zc))
                     for n in range(t.first, t.last + 1)]
            out.append((t, boxes, (x0 + 1.1, zc)))
        return out

    def icon_spot(self, cell: Cell) -> tuple[float, float, float]:
        """(x, z, half size) in world units of the cell's icon: in the top-left corner (``icon_scale`` 1: the
        usual small glyph; larger scales grow it into the corner the counter leaves), or with a larger scale
        centred a little above the cell's label when no piece stands there."""
        x, z = self.geometry.center(cell)
        s, c = self.icon_scale, self.geometry.cell_size
        if s <= 1.0:
            return x - 0.3 * c, z - 0.28 * c, 0.13 * c
        if self.piece_at(cell) is None:
            return x, z - 0.08 * c, min(0.13 * s, 0.28) * c
        h = min(0.13 * s, 0.17) * c
        return x - (0.5 - h) * c + 0.01 * c, z - (0.5 - h) * c + 0.01 * c, h

    def lettered_badges(self, cell: Cell, right=None) -> list[tuple[str, float, float, float]]:
        """(kind, x, z, radius) of the cell's lettered badges (MARKER_GLYPH): large and centred on an empty
        cell, smaller in a row from the top-right corner above a piece (``badges_in_corners``: in the cell's
        corners nearest the viewer, ``right`` being the screen's right on the ground, else as ``yaw`` turns)."""
        kinds = [k for k in self.markers.get(cell, ()) if k in MARKER_GLYPH]
        if not kinds:
            return []
        x, z = self.geometry.center(cell)
        b = self.badge_scale
        if self.piece_at(cell) is None:  # badge_scale too, up to 0.4 (one) or 0.3 (side by side)
            n = len(kinds)
            r = min(0.3 * b, 0.4) if n == 1 else min(0.26 * b, 0.3)
            return [(k, x + (i - (n - 1) / 2) * 0.6, z, r) for i, k in enumerate(kinds)]
        if self.badges_in_corners:  # each inside the cell, touching the piece's name square (GLYPH_HALF 0.25) at most
            c, r = self.geometry.cell_size, 0.17 * self.geometry.cell_size
            d = 0.5 * c - r - 0.004 * c
            if right is None:
                right = (math.cos(math.radians(self.yaw)), math.sin(math.radians(self.yaw)))
            rx, rz = right
            ux, uz = rz, -rx  # the screen's up on the ground
            out = []  # near-right, near-left, far-right, far-left: the cell corner nearest each, seen from the camera
            for i, k in enumerate(kinds):
                a, b = ((1, -1), (-1, -1), (1, 1), (-1, 1))[i % 4]
                vx, vz = a * rx + b * ux + 1e-6, a * rz + b * uz + 1e-6
                out.append((k, x + math.copysign(d, vx), z + math.copysign(d, vz), r))
            return out
        return [(k, x + 0.32 - i * 0.4 * b, z - 0.34, 0.2 * b) for i, k in enumerate(kinds)]

    def edge_segment(self, e: Edge) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The ends (x, z) of the side shared by the cells of ``e`` (None if they share none)."""
        g = self.geometry
        pa, pb = g.polygon(e.a), g.polygon(e.b)
        common = [p for p in pa if any(abs(p[0] - q[0]) < 1e-6 and abs(p[1] - q[1]) < 1e-6 for q in pb)]
        if len(common) < 2:
            return None
        return common[0], common[1]

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
