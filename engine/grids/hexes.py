"""Hex grids in axial coordinates (q, r), flat-top or pointy-top, with offset (column, row) labels.

Axial (q, r) with the third cube coordinate s = -q - r.  Directions, in order:
(+1, 0), (+1, -1), (0, -1), (-1, 0), (-1, +1), (0, +1).  Screen y grows downwards
(row 0 of an offset layout is the top = north edge).

* distance: hex distance max(|dq|, |dr|, |ds|) (on boards that are not convex in the hex
  metric, the breadth-first step count through board cells).
* lines: the span is the hex distance N; level k = 0..N is the hex nearest to the point
  a + (b - a)·k/N of the plane, computed exactly in integers (cube rounding by nearest centre).
  The point lies exactly on the seam between two hexes sometimes (a tie; never on a corner,
  since a corner has no integer hex distance from a hex centre).  Ties: ``"nudge"`` (default)
  is the standard epsilon nudge of redblobgames' line drawing: both endpoints moved by
  ε·(1, 2, -3) in (q, r, s), i.e. the hex with the larger 4q + 5r; ``"nudge-"`` the opposite
  nudge; or a callable ``tie(options, k)`` (沙场秋点兵 S19f takes the lower of the two
  terrain heights).  With either nudge a line is its own reverse (the same shift applies to
  both endpoints).  Consecutive cells of a line are neighbours.
* offset layouts (redblobgames' names): ``odd-q`` / ``even-q`` (flat-top; columns, odd / even
  columns shoved down), ``odd-r`` / ``even-r`` (pointy-top; rows, odd / even rows shoved
  right).  ``offset_to_axial`` / ``axial_to_offset`` convert.
* labels of rectangular maps: letter(s) = column from the west (A, B, .., Z, AA, ..), a hyphen,
  number = row, counted from the south edge (辛亥革命 X2: "letter = column west→east, number =
  row south→north") or from the north, e.g. "D-11".  Other hex boards name a cell "q,r".
"""
from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Iterable

import numpy as np

from engine.grids.base import Cell, CellNameError, Grid, Tie
from engine.grids.names import letters, letters_index

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
LAYOUTS = {"odd-q": "flat", "even-q": "flat", "odd-r": "pointy", "even-r": "pointy"}
_LABEL = re.compile(r"^([A-Za-z]+)\s*-?\s*([0-9]+)$")
_AXIAL = re.compile(r"^\(?\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*\)?$")
_SQRT3 = math.sqrt(3.0)


def hex_distance(a: Cell, b: Cell) -> int:
    """Hex distance between two axial cells: max(|dq|, |dr|, |ds|)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def offset_to_axial(col: int, row: int, layout: str) -> Cell:
    """Axial (q, r) of offset (col, row) in ``layout`` (odd-q, even-q, odd-r, even-r)."""
    if layout == "odd-q":
        return col, row - (col - (col & 1)) // 2
    if layout == "even-q":
        return col, row - (col + (col & 1)) // 2
    if layout == "odd-r":
        return col - (row - (row & 1)) // 2, row
    if layout == "even-r":
        return col - (row + (row & 1)) // 2, row
    raise ValueError(f"unknown offset layout {layout!r} (one of {', '.join(LAYOUTS)})")


def axial_to_offset(cell: Cell, layout: str) -> tuple[int, int]:
    """Offset (col, row) of axial ``cell`` in ``layout``."""
    q, r = cell
    if layout == "odd-q":
        return q, r + (q - (q & 1)) // 2
    if layout == "even-q":
        return q, r + (q + (q & 1)) // 2
    if layout == "odd-r":
        return q + (r - (r & 1)) // 2, r
    if layout == "even-r":
        return q + (r + (r & 1)) // 2, r
    raise ValueError(f"unknown offset layout {layout!r} (one of {', '.join(LAYOUTS)})")


def axial_to_pixel(cell, orientation: str, size: float = 1.0) -> tuple[float, float]:
    """Pixel centre (x, y down) of axial ``cell`` for hexes of circumradius ``size`` (flat or pointy top)."""
    q, r = cell
    if orientation == "flat":
        return size * 1.5 * q, size * (_SQRT3 / 2 * q + _SQRT3 * r)
    if orientation == "pointy":
        return size * (_SQRT3 * q + _SQRT3 / 2 * r), size * 1.5 * r
    raise ValueError(f"orientation is 'flat' or 'pointy', not {orientation!r}")


def pixel_to_fractional(x, y, orientation: str, size: float = 1.0):
    """Fractional axial (q, r) of pixel (x, y) (floats or numpy arrays): the inverse of axial_to_pixel."""
    if orientation == "flat":
        return (2.0 / 3.0 * x) / size, (-1.0 / 3.0 * x + _SQRT3 / 3.0 * y) / size
    if orientation == "pointy":
        return (_SQRT3 / 3.0 * x - 1.0 / 3.0 * y) / size, (2.0 / 3.0 * y) / size
    raise ValueError(f"orientation is 'flat' or 'pointy', not {orientation!r}")


def cube_round(fq: float, fr: float) -> Cell:
    """The axial hex containing fractional axial (fq, fr): cube rounding (round all three cube
    coordinates, then fix the one that moved most)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    eq, er, es = abs(q - fq), abs(r - fr), abs(s - fs)
    if eq > er and eq > es:
        q = -r - s
    elif er > es:
        r = -q - s
    return int(q), int(r)


def cube_round_array(fq, fr) -> tuple[np.ndarray, np.ndarray]:
    """``cube_round`` over numpy arrays: int64 arrays (q, r)."""
    fq, fr = np.asarray(fq, np.float64), np.asarray(fr, np.float64)
    fs = -fq - fr
    q, r, s = np.round(fq), np.round(fr), np.round(fs)
    eq, er, es = np.abs(q - fq), np.abs(r - fr), np.abs(s - fs)
    fix_q = (eq > er) & (eq > es)
    fix_r = ~fix_q & (er > es)
    q = np.where(fix_q, -r - s, q)
    r = np.where(fix_r, -q - s, r)
    return q.astype(np.int64), r.astype(np.int64)


def pixel_to_axial(x: float, y: float, orientation: str, size: float = 1.0) -> Cell:
    """The axial hex whose hexagon (circumradius ``size``) contains pixel (x, y)."""
    return cube_round(*pixel_to_fractional(x, y, orientation, size))


def pixels_to_axial(x, y, orientation: str, size: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """``pixel_to_axial`` over numpy arrays of pixels: int64 arrays (q, r)."""
    fq, fr = pixel_to_fractional(np.asarray(x, np.float64), np.asarray(y, np.float64), orientation, size)
    return cube_round_array(fq, fr)


def hex_corners(orientation: str, size: float = 1.0) -> tuple[tuple[float, float], ...]:
    """The six corners (x, y down) of a hexagon of circumradius ``size`` centred at (0, 0): flat top
    corner k at 60k degrees, pointy top at 60k - 30 degrees (y down: clockwise on screen)."""
    start = {"flat": 0.0, "pointy": -30.0}.get(orientation)
    if start is None:
        raise ValueError(f"orientation is 'flat' or 'pointy', not {orientation!r}")
    return tuple((size * math.cos(math.radians(60 * k + start)), size * math.sin(math.radians(60 * k + start)))
                 for k in range(6))


def line_options(a: Cell, b: Cell) -> list[tuple[Cell, ...]]:
    """Per level k = 0..N the hex(es) nearest to a + (b-a)k/N: one, or two on a seam (sorted)."""
    n = hex_distance(a, b)
    if n == 0:
        return [(tuple(a),)]
    aq, ar = a
    dq, dr = b[0] - aq, b[1] - ar
    out = []
    for k in range(n + 1):
        x, y = aq * n + dq * k, ar * n + dr * k  # the point, scaled by n (cube: x, y, -x-y)
        z = -x - y
        fq, fr = x // n, y // n
        best, opts = None, []
        for q in (fq, fq + 1):  # the nearest centre is within 2/3 of the point on each axis
            for r in (fr, fr + 1):
                ex, ey, ez = x - n * q, y - n * r, z + n * (q + r)
                d2 = ex * ex + ey * ey + ez * ez  # squared plane distance, times a constant
                if best is None or d2 < best:
                    best, opts = d2, [(q, r)]
                elif d2 == best:
                    opts.append((q, r))
        out.append(tuple(sorted(opts)))
    return out


def _nudge_key(c: Cell) -> int:
    """ε-nudge order: e·(q, r, s) with e = (1, 2, -3) equals 4q + 5r."""
    return 4 * c[0] + 5 * c[1]


class HexGrid(Grid):
    """A hex board: a cell set in axial coordinates, or the unbounded plane (see the module doc)."""

    kind = "hex"
    ties = ("nudge", "nudge-")
    default_tie = "nudge"

    def __init__(self, cells: Iterable[Cell] | None = None, orientation: str = "flat",
                 convex: bool | None = None):
        if orientation not in ("flat", "pointy"):
            raise ValueError(f"orientation is 'flat' or 'pointy', not {orientation!r}")
        self.orientation = orientation
        self.bounded = cells is not None
        self._set = frozenset((int(q), int(r)) for q, r in cells) if cells is not None else None
        if self._set is not None and not self._set:
            raise ValueError("an empty cell set")
        self._cells = tuple(sorted(self._set, key=lambda c: (c[1], c[0]))) if self._set is not None else None
        self._convex = convex
        self._nb: dict = {}
        self._dist: dict = {}
        self._offsets: dict = {}

    # ------------------------------------------------------------ factories
    @staticmethod
    def plane(orientation: str = "flat") -> "HexGrid":
        """The unbounded hex grid (one shared object per orientation)."""
        return _plane(str(orientation))

    @property
    def lattice(self) -> "HexGrid":
        """The unbounded grid of this orientation (translation-invariant facts)."""
        return HexGrid.plane(self.orientation)

    @staticmethod
    def hexagon(radius: int, orientation: str = "flat") -> "HexGrid":
        """The hexagon of every cell within ``radius`` of (0, 0) (side radius + 1)."""
        cells = [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
                 if hex_distance((0, 0), (q, r)) <= radius]
        return HexGrid(cells, orientation, convex=True)

    @staticmethod
    def rectangle(cols: int, rows: int, layout: str = "odd-q", number_from: str = "south") -> "OffsetHexGrid":
        """A cols x rows map in an offset layout with "D-11" labels (see OffsetHexGrid)."""
        return OffsetHexGrid(cols, rows, layout, number_from)

    def __reduce__(self):
        # a copy or pickle of the shared plane is the shared plane (caches are keyed by it)
        if not self.bounded:
            return (HexGrid.plane, (self.orientation,))
        return (HexGrid, (self._cells, self.orientation, self._convex))

    def __repr__(self) -> str:
        if not self.bounded:
            return f"HexGrid.plane({self.orientation!r})"
        return f"HexGrid({len(self)} cells, {self.orientation!r})"

    # ----------------------------------------------------------------- cells
    def cells(self) -> tuple[Cell, ...]:
        """Every cell, by row r then q."""
        if not self.bounded:
            raise ValueError("the unbounded plane has no cell list")
        return self._cells

    def __len__(self) -> int:
        return len(self.cells())

    def contains(self, cell) -> bool:
        """Whether ``cell`` is a board cell."""
        try:
            q, r = cell
            key = (int(q), int(r))
        except (TypeError, ValueError):
            return False
        return (q, r) == key and (self._set is None or key in self._set)

    # ------------------------------------------------------------ adjacency
    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """On-board neighbours in DIRECTIONS order."""
        nb = self._nb.get(cell)
        if nb is None:
            q, r = cell
            nb = tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)
            if self.bounded:
                nb = tuple(n for n in nb if n in self._set)
                self._nb[cell] = nb
        return nb

    @property
    def convex(self) -> bool:
        """Whether board distance equals hex distance for every pair (checked once by BFS if unknown)."""
        if self._convex is None:
            if not self.bounded:
                self._convex = True
            else:
                self._convex = all(d == hex_distance(a, b) for a in self._cells
                                   for b, d in self._steps_from(a).items())
        return self._convex

    def distance(self, a: Cell, b: Cell) -> int:
        """Fewest steps from a to b: the hex distance (board steps on a non-convex board)."""
        if not self.bounded or self.convex:
            return hex_distance(a, b)
        return self._steps(a, b)

    def offsets(self, radius: int) -> list[Cell]:
        """(dq, dr) offsets within hex distance ``radius`` of (0, 0), by r then q."""
        v = self._offsets.get(radius)
        if v is None:
            v = self._offsets[radius] = [(dq, dr) for dr in range(-radius, radius + 1)
                                         for dq in range(-radius, radius + 1)
                                         if hex_distance((0, 0), (dq, dr)) <= radius]
        return list(v)

    # ----------------------------------------------------------------- lines
    def span(self, a: Cell, b: Cell) -> int:
        """The hex distance: the number of levels of the line a→b."""
        return hex_distance(a, b)

    def line_options(self, a: Cell, b: Cell) -> list[tuple[Cell, ...]]:
        """Per level the hex(es) nearest to the exact line (two on a seam)."""
        return line_options(a, b)

    def _pick(self, options, k, a, b, tie):
        if tie == "nudge":
            return max(options, key=_nudge_key)
        if tie == "nudge-":
            return min(options, key=_nudge_key)
        return super()._pick(options, k, a, b, tie)

    # ---------------------------------------------------------------- pixels
    def center(self, cell: Cell, size: float = 1.0) -> tuple[float, float]:
        """Pixel centre (x, y down) of ``cell`` for hexes of circumradius ``size``."""
        return axial_to_pixel(cell, self.orientation, size)

    def at_point(self, x: float, y: float, size: float = 1.0) -> Cell:
        """The axial cell whose hexagon contains the pixel (x, y) (cube rounding; may be off the board)."""
        return pixel_to_axial(x, y, self.orientation, size)

    def at_points(self, x, y, size: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
        """``at_point`` over numpy arrays: int64 arrays (q, r)."""
        return pixels_to_axial(x, y, self.orientation, size)

    def corners(self, cell: Cell, size: float = 1.0) -> list[tuple[float, float]]:
        """The six pixel corners of ``cell``'s hexagon (see ``hex_corners``)."""
        cx, cy = self.center(cell, size)
        return [(cx + x, cy + y) for x, y in hex_corners(self.orientation, size)]

    # ----------------------------------------------------------------- names
    def name(self, cell: Cell) -> str:
        """Axial "q,r"."""
        return f"{cell[0]},{cell[1]}"

    def parse(self, text: str) -> Cell:
        """The cell named "q,r" (CellNameError if malformed or off the board)."""
        m = _AXIAL.match(text.strip()) if isinstance(text, str) else None
        if not m:
            raise CellNameError(f"{text!r} is not an axial cell name (q,r)")
        cell = (int(m.group(1)), int(m.group(2)))
        if not self.contains(cell):
            raise CellNameError(f"{text.strip()!r} is not on this board")
        return cell


class OffsetHexGrid(HexGrid):
    """A cols x rows hex map in an offset layout, cells axial, names "D-11" (see the module doc).

    ``number_from="south"``: the label number counts rows from the bottom (row index rows-1 is
    number 1); ``"north"``: row index 0 is number 1.
    """

    def __init__(self, cols: int, rows: int, layout: str = "odd-q", number_from: str = "south"):
        if layout not in LAYOUTS:
            raise ValueError(f"unknown offset layout {layout!r} (one of {', '.join(LAYOUTS)})")
        if number_from not in ("south", "north"):
            raise ValueError(f"number_from is 'south' or 'north', not {number_from!r}")
        if cols < 1 or rows < 1:
            raise ValueError(f"a {cols}x{rows} map has no cells")
        self.cols, self.rows, self.layout, self.number_from = cols, rows, layout, number_from
        super().__init__([offset_to_axial(c, r, layout) for r in range(rows) for c in range(cols)],
                         LAYOUTS[layout], convex=True)  # rectangles are hex-convex (tests compare with BFS)

    def __reduce__(self):
        return (OffsetHexGrid, (self.cols, self.rows, self.layout, self.number_from))

    def __repr__(self) -> str:
        return f"HexGrid.rectangle({self.cols}, {self.rows}, {self.layout!r}, {self.number_from!r})"

    def offset(self, cell: Cell) -> tuple[int, int]:
        """Offset (col, row) of an axial cell."""
        return axial_to_offset(cell, self.layout)

    def at_offset(self, col: int, row: int) -> Cell:
        """Axial cell of offset (col, row)."""
        return offset_to_axial(col, row, self.layout)

    def name(self, cell: Cell) -> str:
        """Column letters, a hyphen, the row number: "D-11"."""
        col, row = self.offset(cell)
        if not (0 <= col < self.cols and 0 <= row < self.rows):
            raise ValueError(f"{cell!r} is off the {self.cols}x{self.rows} map")
        number = self.rows - row if self.number_from == "south" else row + 1
        return f"{letters(col, upper=True)}-{number}"

    def parse(self, text: str) -> Cell:
        """The cell of a label like "D-11" (also "d11"); CellNameError if malformed or off the map."""
        m = _LABEL.match(text.strip()) if isinstance(text, str) else None
        if not m:
            raise CellNameError(f"{text!r} is not a hex label (column letters, '-', row number, e.g. D-11)")
        col, number = letters_index(m.group(1)), int(m.group(2))
        row = self.rows - number if self.number_from == "south" else number - 1
        if not (0 <= col < self.cols and 0 <= row < self.rows and number >= 1):
            raise CellNameError(f"{text.strip()!r} is off the {self.cols}x{self.rows} map")
        return self.at_offset(col, row)


@lru_cache(maxsize=None)
def _plane(orientation: str) -> HexGrid:
    return HexGrid(None, orientation)


class HexRowsLattice(Grid):
    """The unbounded hex grid seen through 2-D array indices: cell ``(row, col)`` is the axial hex
    ``(q, r) = (col, row)``, for code that stores a hex board in an array ``a[r, q]`` (the vision
    tables of ``engine.shachang.vision``).  Same distances, spans, lines and ties as ``HexGrid``
    (``line_options`` gives both cells of a seam)."""

    kind = "hex"
    ties = HexGrid.ties
    default_tie = HexGrid.default_tie
    bounded = False

    def __init__(self, orientation: str = "pointy"):
        self.hex = HexGrid.plane(orientation)
        self.orientation = orientation

    def __reduce__(self):
        return (hex_rows_lattice, (self.orientation,))

    def __repr__(self) -> str:
        return f"hex_rows_lattice({self.orientation!r})"

    def contains(self, cell) -> bool:
        """Every (row, col) of ints is a cell."""
        return self.hex.contains(cell)

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The six neighbours, in DIRECTIONS order, as (row, col)."""
        row, col = cell
        return tuple((row + dr, col + dq) for dq, dr in DIRECTIONS)

    def distance(self, a: Cell, b: Cell) -> int:
        """Hex distance."""
        return hex_distance((a[1], a[0]), (b[1], b[0]))

    span = distance

    def offsets(self, radius: int) -> list[Cell]:
        """(drow, dcol) offsets within hex distance ``radius``, row-major."""
        return [(dr, dq) for dr in range(-radius, radius + 1) for dq in range(-radius, radius + 1)
                if hex_distance((0, 0), (dq, dr)) <= radius]

    def line_options(self, a: Cell, b: Cell) -> list[tuple[Cell, ...]]:
        """Per level the (row, col) cell(s) nearest to the exact line (two on a seam)."""
        return [tuple((r, q) for q, r in opts) for opts in line_options((a[1], a[0]), (b[1], b[0]))]

    def _pick(self, options, k, a, b, tie):
        if tie in ("nudge", "nudge-"):
            key = lambda c: _nudge_key((c[1], c[0]))  # noqa: E731
            return max(options, key=key) if tie == "nudge" else min(options, key=key)
        return super()._pick(options, k, a, b, tie)

    def name(self, cell: Cell) -> str:
        """Axial "q,r" of the cell."""
        return self.hex.name((cell[1], cell[0]))

    def parse(self, text: str) -> Cell:
        """The (row, col) of an axial "q,r" name."""
        q, r = self.hex.parse(text)
        return (r, q)


def hex_rows_lattice(orientation: str = "pointy") -> HexRowsLattice:
    """The shared (row, col)-indexed hex lattice of an orientation."""
    return _rows_lattice(str(orientation))


@lru_cache(maxsize=None)
def _rows_lattice(orientation: str) -> HexRowsLattice:
    return HexRowsLattice(orientation)
