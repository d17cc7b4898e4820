"""Square grids: rows x cols boards, 4- or 8-neighbourhood, optionally cut to a cell set (a cross).

Cells are ``(row, col)``, row 0 first, col 0 first; names are chess-like: the column's
letters (``names.letters``: a..z, aa, ab, ...) then the 1-based row, so (0, 0) = "a1",
(2, 27) = "ab3".  Row-major cell order.

* distance: the fewest steps on the board: Manhattan |dr|+|dc| with 4 neighbours,
  Chebyshev max(|dr|, |dc|) with 8, on a full rectangle; on a cut board (``cells=``) the
  breadth-first step count through board cells (equal to the formula on a cross, which is
  orthogonally convex).
* lines: one cell per Chebyshev level k = 0..D (D = max(|dr|, |dc|), the ``span``): the
  cell k steps along the major axis with the minor coordinate a + (b-a)·k/D rounded to the
  nearest integer.  A value exactly half-way is a tie, settled by ``tie``:
  ``"start"`` (default; the cell with fewer steps from a: 沙场秋点兵 S4, 蹩马腿),
  ``"end"`` (fewer steps from b), ``"low"`` / ``"high"`` (the smaller / larger minor
  coordinate), or a callable ``tie(options, k)``.  ``line(b, a, "end")`` is
  ``line(a, b, "start")`` reversed; with "low" or "high" a line is its own reverse.
  Consecutive cells of a line are king-adjacent (Chebyshev distance 1).
* ``SquareGrid.plane(n)`` is the unbounded grid (every (row, col) is a cell; no ``cells()``),
  whose offset tables (``offsets``) the vision code uses.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

import numpy as np

from engine.grids.base import Cell, CellNameError, Grid, Tie
from engine.grids.names import letters, letters_index

ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))
_NAME = re.compile(r"^([a-z]+)([1-9][0-9]*)$")


def _manhattan(a: Cell, b: Cell) -> int:
    """|dr| + |dc|."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _chebyshev(a: Cell, b: Cell) -> int:
    """max(|dr|, |dc|)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _half_toward_zero(num: int, den: int) -> int:
    """num/den (num >= 0, den > 0) rounded to nearest, an exact half going down."""
    q, r = divmod(num, den)
    return q + 1 if 2 * r > den else q


class SquareGrid(Grid):
    """A rows x cols square board (see the module doc); ``cells`` cuts it to a subset."""

    kind = "square"
    ties = ("start", "end", "low", "high")
    default_tie = "start"

    def __init__(self, rows: int | None, cols: int | None, neighbourhood: int = 4,
                 cells: Iterable[Cell] | None = None):
        if neighbourhood not in (4, 8):
            raise ValueError(f"neighbourhood must be 4 or 8, not {neighbourhood!r}")
        if (rows is None) != (cols is None):
            raise ValueError("rows and cols are both given or both None (the unbounded plane)")
        if rows is not None and (rows < 1 or cols < 1):
            raise ValueError(f"a {rows}x{cols} board has no cells")
        self.rows, self.cols = rows, cols
        self.neighbourhood = neighbourhood
        self.directions = ORTHOGONAL if neighbourhood == 4 else ORTHOGONAL + DIAGONAL
        self.bounded = rows is not None
        self._mask = None
        if cells is not None:
            if not self.bounded:
                raise ValueError("a cell set needs a bounded board")
            mask = np.zeros((rows, cols), dtype=bool)
            for r, c in cells:
                if not (0 <= r < rows and 0 <= c < cols):
                    raise ValueError(f"cell {(r, c)!r} is outside the {rows}x{cols} square")
                mask[r, c] = True
            if not mask.any():
                raise ValueError("an empty cell set")
            self._mask = mask
            self._set = frozenset(zip(*(v.tolist() for v in np.nonzero(mask))))
        if self._mask is None:  # the formulas as plain functions: no method dispatch in hot loops
            self.distance = _manhattan if neighbourhood == 4 else _chebyshev
        self.span = _chebyshev
        self._cells = None
        self.adjacency: dict[Cell, tuple[Cell, ...]] = _Adjacency(self)
        self._dist: dict = {}
        self._offsets: dict = {}

    # ------------------------------------------------------------ factories
    @staticmethod
    def plane(neighbourhood: int = 4) -> "SquareGrid":
        """The unbounded square grid (one shared object per neighbourhood)."""
        return _plane(int(neighbourhood))

    @property
    def lattice(self) -> "SquareGrid":
        """The unbounded grid with this grid's neighbourhood (translation-invariant facts)."""
        return SquareGrid.plane(self.neighbourhood)

    @property
    def masked(self) -> bool:
        """Whether the board is cut to a cell set."""
        return self._mask is not None

    @property
    def mask(self) -> np.ndarray:
        """(rows, cols) bool array: True on board cells."""
        if self._mask is None:
            return np.ones((self.rows, self.cols), dtype=bool)
        return self._mask.copy()

    def __reduce__(self):
        # copies and pickles of the shared grids are the shared grids (their caches are keyed by them)
        if not self.bounded:
            return (SquareGrid.plane, (self.neighbourhood,))
        if self._mask is None:
            return (square_grid, (self.rows, self.cols, self.neighbourhood))
        return (SquareGrid, (self.rows, self.cols, self.neighbourhood, self.cells()))

    def __repr__(self) -> str:
        if not self.bounded:
            return f"SquareGrid.plane({self.neighbourhood})"
        cut = f", {len(self)} cells" if self.masked else ""
        return f"SquareGrid({self.rows}, {self.cols}, {self.neighbourhood}{cut})"

    # ----------------------------------------------------------------- cells
    def cells(self) -> tuple[Cell, ...]:
        """Every cell, row-major."""
        if not self.bounded:
            raise ValueError("the unbounded plane has no cell list")
        if self._cells is None:
            if self._mask is None:
                self._cells = tuple((r, c) for r in range(self.rows) for c in range(self.cols))
            else:
                self._cells = tuple(sorted(self._set))
        return self._cells

    def __len__(self) -> int:
        if self._mask is None:
            return self.rows * self.cols
        return len(self._set)

    def contains(self, cell) -> bool:
        """Whether ``cell`` is a board cell."""
        try:
            r, c = cell
        except (TypeError, ValueError):
            return False
        if not (isinstance(r, (int, np.integer)) and isinstance(c, (int, np.integer))):
            return False
        if not self.bounded:
            return True
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            return False
        return self._mask is None or bool(self._mask[r, c])

    # ------------------------------------------------------------ adjacency
    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """On-board neighbours: up, down, left, right (then the four diagonals with 8).

        ``grid.adjacency[cell]`` is the same tuple by a plain dict lookup (filled on first use),
        for breadth-first searches in hot loops."""
        return self.adjacency[cell]

    def _neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        r, c = cell
        nb = tuple((r + dr, c + dc) for dr, dc in self.directions)
        return tuple(n for n in nb if self.contains(n)) if self.bounded else nb

    def distance(self, a: Cell, b: Cell) -> int:
        """Fewest steps from a to b on the board (Manhattan with 4 neighbours, Chebyshev with 8)."""
        if self._mask is None:
            dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
            return dr + dc if self.neighbourhood == 4 else max(dr, dc)
        return self._steps(a, b)

    def offsets(self, radius: int) -> list[Cell]:
        """(dr, dc) offsets within ``radius`` steps on the unbounded grid, row-major."""
        v = self._offsets.get(radius)
        if v is None:
            o = SquareGrid.plane(self.neighbourhood)
            v = self._offsets[radius] = [(dr, dc) for dr in range(-radius, radius + 1)
                                         for dc in range(-radius, radius + 1) if o.distance((0, 0), (dr, dc)) <= radius]
        return list(v)

    def ball_mask(self, center: Cell, radius: int) -> np.ndarray:
        """(rows, cols) bool: board cells within ``radius`` unbounded-grid steps of ``center``
        (the same as ``distance`` on a full rectangle; on a cut board the cut is ignored for the
        measure, only for the membership)."""
        rr, cc = np.ogrid[:self.rows, :self.cols]
        dr, dc = np.abs(rr - center[0]), np.abs(cc - center[1])
        out = (dr + dc <= radius) if self.neighbourhood == 4 else (np.maximum(dr, dc) <= radius)
        if self._mask is not None:
            out &= self._mask
        return out

    # ----------------------------------------------------------------- lines
    def span(self, a: Cell, b: Cell) -> int:
        """Chebyshev distance max(|dr|, |dc|): the number of levels of the line a→b."""
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))

    def line_options(self, a: Cell, b: Cell) -> list[tuple[Cell, ...]]:
        """Per level k = 0..D the cell(s) of the line; two (nearer to a first) on an exact half."""
        r0, c0 = a
        dr, dc = b[0] - r0, b[1] - c0
        d = max(abs(dr), abs(dc))
        if d == 0:
            return [(a,)]
        col_major = abs(dc) >= abs(dr)
        smaj = 1 if (dc if col_major else dr) > 0 else -1
        smin = 1 if (dr if col_major else dc) > 0 else -1
        dmin = abs(dr) if col_major else abs(dc)
        out = []
        for k in range(d + 1):
            q, rem = divmod(dmin * k, d)
            ms = [q] if 2 * rem < d else [q + 1] if 2 * rem > d else [q, q + 1]
            if col_major:
                out.append(tuple((r0 + smin * m, c0 + smaj * k) for m in ms))
            else:
                out.append(tuple((r0 + smaj * k, c0 + smin * m) for m in ms))
        return out

    def _pick(self, options, k, a, b, tie):
        if tie == "start":
            return options[0]
        if tie == "end":
            return options[1]
        if tie in ("low", "high"):
            axis = 0 if abs(b[1] - a[1]) >= abs(b[0] - a[0]) else 1  # the minor axis
            lo = min(options, key=lambda c: c[axis])
            return lo if tie == "low" else max(options, key=lambda c: c[axis])
        return super()._pick(options, k, a, b, tie)

    def between(self, a: Cell, b: Cell, tie: Tie | None = None) -> list[Cell]:
        """The D-1 inner cells of the line a→b in order from a (fast path for the "start" tie)."""
        if tie is not None and tie != "start":
            return super().between(a, b, tie)
        r0, c0 = a
        dr, dc = b[0] - r0, b[1] - c0
        d = max(abs(dr), abs(dc))
        sr = 1 if dr > 0 else -1
        sc = 1 if dc > 0 else -1
        if abs(dc) >= abs(dr):  # major axis: columns
            adr = abs(dr)
            return [(r0 + sr * _half_toward_zero(adr * k, d), c0 + sc * k) for k in range(1, d)]
        adc = abs(dc)
        return [(r0 + sr * k, c0 + sc * _half_toward_zero(adc * k, d)) for k in range(1, d)]

    def line(self, a: Cell, b: Cell, tie: Tie | None = None) -> list[Cell]:
        """The line a→b with both endpoints (see the module doc for the tie rules)."""
        if tie is not None and tie != "start":
            return super().line(a, b, tie)
        if a == b:
            return [tuple(a)]
        return [tuple(a)] + self.between(a, b) + [tuple(b)]

    # ----------------------------------------------------------------- names
    def name(self, cell: Cell) -> str:
        """Column letters then the 1-based row: (0, 0) = "a1", (2, 27) = "ab3"."""
        r, c = cell
        if r < 0 or c < 0:
            raise ValueError(f"{cell!r} has no name (negative coordinate)")
        return f"{letters(c)}{r + 1}"

    def parse(self, text: str) -> Cell:
        """The cell named ``text`` (case and surrounding blanks ignored); CellNameError if none."""
        cell = parse_square_name(text)
        if self.bounded and not self.contains(cell):
            raise CellNameError(f"{text.strip()!r} is not on this {self.rows}x{self.cols} board")
        return cell


class _Adjacency(dict):
    """cell -> on-board neighbours, computed on first lookup (and kept, on a bounded board)."""

    def __init__(self, grid: SquareGrid):
        super().__init__()
        self.grid = grid

    def __missing__(self, cell):
        nb = self.grid._neighbours(cell)
        if self.grid.bounded:
            self[tuple(cell)] = nb
        return nb

    def __reduce__(self):
        return (dict, ())  # never pickled on its own: the grid pickles to its constructor


def parse_square_name(text: str) -> Cell:
    """The (row, col) named by chess-like ``text`` on an unbounded board; CellNameError if malformed."""
    m = _NAME.match(text.strip().lower()) if isinstance(text, str) else None
    if not m:
        raise CellNameError(f"{text!r} is not a cell name (column letters then row number, e.g. c3)")
    return (int(m.group(2)) - 1, letters_index(m.group(1)))


def cross(size: int, corner: int, neighbourhood: int = 4) -> SquareGrid:
    """A size x size square with the four corner x corner squares cut away (三国演弈 K1: cross(17, 4))."""
    if not (size > 0 and 0 <= corner and 2 * corner < size):
        raise ValueError(f"no cross of size {size} with {corner}x{corner} corners cut")
    lo, hi = corner, size - corner
    cells = [(r, c) for r in range(size) for c in range(size) if (lo <= r < hi) or (lo <= c < hi)]
    return SquareGrid(size, size, neighbourhood, cells)


def square_grid(rows: int, cols: int, neighbourhood: int = 4) -> SquareGrid:
    """A shared full rows x cols grid (grids keep caches, so share them rather than rebuild)."""
    return _shared(int(rows), int(cols), int(neighbourhood))


@lru_cache(maxsize=None)
def _plane(neighbourhood: int) -> SquareGrid:
    return SquareGrid(None, None, neighbourhood)


@lru_cache(maxsize=64)
def _shared(rows: int, cols: int, neighbourhood: int) -> SquareGrid:
    return SquareGrid(rows, cols, neighbourhood)
