"""Board geometry specs: which cells a flat board has, where each lies in world space, its outline, its name.

World convention (client/render/base.py): the cell (row, col) of a square grid spans
x in [col, col+1], z in [row, row+1]; row 0 is the far side (the top of the screen
with an unrotated camera). Boards lie in the plane y = 0.

* ``SquareGeometry(rows, cols)``: a full rectangle of square cells (百格西洋棋: 10x10).
* ``CellSetGeometry(rows, cols, cells)``: an irregular set of square cells inside a
  rows x cols grid (暗棋: the 53-cell cross, a 7x7 square plus four gates).
* ``HexGeometry(rows, cols)``: pointy-top hexagons in "odd-r" offset rows (odd rows
  shifted half a cell east), circumradius ``1/sqrt(3)`` so neighbours are 1 apart.

Every geometry gives ``center(cell) -> (x, z)``, ``polygon(cell) -> [(x, z), ...]``,
``cell_at(x, z) -> cell | None``, ``bounds() -> (x0, z0, x1, z1)``, ``name(cell)``,
``parse(name)``, ``shade(cell)`` (0/1 for a checker pattern), ``labels()``: edge
coordinate labels as ``(text, (x, z))``, and ``label_places()``: each with its two places, at either end of
its line (the renderers keep the one on the viewer's left or bottom).

Names, neighbours, distances and hex picking are engine/grids' (``grid``: the engine grid of the
board, ``neighbours``, ``distance``); this module keeps only where a cell lies in world space.
The client's cell (row, col) counts rows from the top (north) edge; the engine's square grid
counts them from rank 1, so a square cell is the engine cell (rows - 1 - row, col), and a hex
cell (row, col) is the offset (col, row) of an engine hex map.
"""
from __future__ import annotations

import math
from typing import Iterable

from engine.grids.base import CellNameError
from engine.grids.hexes import HexGrid, axial_to_offset, hex_corners, offset_to_axial
from engine.grids.names import letters, letters_index
from engine.grids.square import SquareGrid, parse_square_name

Cell = tuple[int, int]
FILES = "abcdefghijklmnopqrstuvwxyz"


def file_name(c: int) -> str:
    """Column ``c``'s letters: a..z, then aa, ab, ... (spreadsheet style, no limit of 26 columns)."""
    return letters(c)


def file_index(text: str) -> int:
    """The column named ``text`` (inverse of file_name; ValueError if not letters a-z)."""
    if not text or any(ch not in FILES for ch in text):
        raise ValueError(text)
    return letters_index(text)


class BoardGeometry:
    """Base: a set of cells of a rows x cols grid, named like chess squares (file letter + rank number,
    rank 1 at the bottom row)."""

    kind = "square"

    def __init__(self, rows: int, cols: int, cells: Iterable[Cell] | None = None):
        if rows < 1 or cols < 1:
            raise ValueError(f"bad board size {rows}x{cols}")
        self.rows, self.cols = int(rows), int(cols)
        if cells is None:
            cells = [(r, c) for r in range(rows) for c in range(cols)]
        self.cells: list[Cell] = sorted({(int(r), int(c)) for r, c in cells})
        for r, c in self.cells:
            if not (0 <= r < rows and 0 <= c < cols):
                raise ValueError(f"cell {(r, c)} is outside the {rows}x{cols} grid")
        self.cell_set = frozenset(self.cells)
        self.grid = self._make_grid()

    def _make_grid(self):
        """The engine grid of the board (its cells in the engine's coordinates, see ``to_grid``)."""
        return SquareGrid(self.rows, self.cols, 4, [self.to_grid(c) for c in self.cells])

    def to_grid(self, cell: Cell):
        """The engine grid's cell of a client cell (row from the top, col)."""
        r, c = cell
        return (self.rows - 1 - r, c)

    def from_grid(self, cell) -> Cell:
        """The client cell of an engine grid cell."""
        r, c = cell
        return (self.rows - 1 - r, c)

    # --- names, neighbours, distances: engine/grids
    def name(self, cell: Cell) -> str:
        """The engine's name of the cell: file letters then rank, rank 1 the bottom row ("a1", "ab3")."""
        return self.grid.name(self.to_grid(cell))

    def parse(self, name: str) -> Cell:
        """The cell called ``name`` (KeyError if the board has no such cell)."""
        try:
            cell = self.from_grid(self._parse_grid(name))
        except (CellNameError, ValueError, TypeError, AttributeError):
            raise KeyError(name) from None
        if cell not in self.cell_set:
            raise KeyError(name)
        return cell

    def _parse_grid(self, name: str):
        return parse_square_name(name)

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The board cells next to ``cell`` (the engine grid's neighbours, in its direction order)."""
        out = (self.from_grid(n) for n in self.grid.neighbours(self.to_grid(cell)))
        return [c for c in out if c in self.cell_set]

    def distance(self, a: Cell, b: Cell) -> int:
        """Fewest steps between two board cells (the engine grid's distance)."""
        return self.grid.distance(self.to_grid(a), self.to_grid(b))

    def __contains__(self, cell) -> bool:
        return tuple(cell) in self.cell_set

    # --- positions
    def center(self, cell: Cell) -> tuple[float, float]:
        r, c = cell
        return (c + 0.5, r + 0.5)

    def polygon(self, cell: Cell) -> list[tuple[float, float]]:
        r, c = cell
        return [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]

    def cell_at(self, x: float, z: float) -> Cell | None:
        r, c = math.floor(z), math.floor(x)
        return (r, c) if (r, c) in self.cell_set else None

    def bounds(self) -> tuple[float, float, float, float]:
        xs = [p[0] for cell in self.cells for p in self.polygon(cell)]
        zs = [p[1] for cell in self.cells for p in self.polygon(cell)]
        return (min(xs), min(zs), max(xs), max(zs))

    @property
    def cell_size(self) -> float:
        """Distance between neighbouring cell centres (pieces are sized from it)."""
        return 1.0

    def shade(self, cell: Cell) -> int:
        r, c = cell
        return (r + c) % 2

    def labels(self) -> list[tuple[str, tuple[float, float]]]:
        """File letters under the board's bottom edge, rank numbers left of its left edge."""
        out = []
        x0, z0, x1, z1 = self.bounds()
        for c in sorted({c for _, c in self.cells}):
            out.append((file_name(c), (c + 0.5, z1 + 0.32)))
        for r in sorted({r for r, _ in self.cells}):
            out.append((str(self.rows - r), (x0 - 0.32, r + 0.5)))
        return out

    def label_places(self, bounds=None, size: float = 1.0) -> list[tuple[str, tuple[float, float],
                                                                         tuple[float, float]]]:
        """Each edge label with the two places it may go: just past the last and the first cell of the file or
        rank it names (on a cut board such as 暗棋's cross, beside its own cells, not on the bounding box; issue
        26); the renderer keeps the one on the viewer's left or bottom (``model.edge_labels``). ``size``: the
        labels' scale (``BoardView.label_scale``; the places do not depend on it)."""
        has = self.cell_set.__contains__

        def aside(r, c, dr, dc):
            """Away from a board cell beside the empty cell (r, c) across the line (dr, dc), by 0.3 of a cell
            whatever the labels' size: in a cut board's inner corner a file label and a rank label share that
            cell. 0.3 keeps the pair (moved apart on both axes) and each from its neighbour on its own line
            about 0.7 of a cell apart; scaled with 三国演弈's 1.6 labels it was 0.48, and "3 4", "14 15", "c d"
            read as one label (session 11 QA)."""
            return 0.3 * ((1 if has((r - dr, c - dc)) else 0) - (1 if has((r + dr, c + dc)) else 0))

        out = []
        for c in sorted({c for _, c in self.cells}):
            lo, hi = min(r for r, cc in self.cells if cc == c), max(r for r, cc in self.cells if cc == c)
            out.append((file_name(c), (c + 0.5 + aside(hi + 1, c, 0, 1), hi + 1.32),
                        (c + 0.5 + aside(lo - 1, c, 0, 1), lo - 0.32)))
        for r in sorted({r for r, _ in self.cells}):
            lo, hi = min(c for rr, c in self.cells if rr == r), max(c for rr, c in self.cells if rr == r)
            out.append((str(self.rows - r), (lo - 0.32, r + 0.5 + aside(r, lo - 1, 1, 0)),
                        (hi + 1.32, r + 0.5 + aside(r, hi + 1, 1, 0))))
        return out


class SquareGeometry(BoardGeometry):
    """A full rows x cols rectangle of square cells."""

    kind = "square"

    def __init__(self, rows: int, cols: int | None = None):
        super().__init__(rows, cols if cols is not None else rows)


class CellSetGeometry(BoardGeometry):
    """An irregular set of square cells inside a rows x cols grid (no checker pattern: one colour)."""

    kind = "cells"

    def __init__(self, rows: int, cols: int, cells: Iterable[Cell]):
        super().__init__(rows, cols, cells)

    def shade(self, cell: Cell) -> int:
        return 0


SQRT3 = math.sqrt(3.0)


class OffsetHexGeometry(BoardGeometry):
    """Hexagons of an offset layout of engine/grids (client cell (row, col) = offset (col, row), row 0
    the top row); neighbouring centres are 1 apart. The hex maths (the hex under a point, neighbours,
    distances) is engine/grids'; ``ORIGIN`` places axial (0, 0) in world space."""

    kind = "hex"
    R = 1.0 / SQRT3  # circumradius
    LAYOUT = "odd-r"
    ORIGIN = (0.0, 0.0)
    FIRST_CORNER = 0  # which of engine/grids' hex_corners the polygon starts with

    @property
    def orientation(self) -> str:
        return "flat" if self.LAYOUT.endswith("-q") else "pointy"

    def _make_grid(self):
        return HexGrid([self.to_grid(c) for c in self.cells], self.orientation)

    def to_grid(self, cell: Cell):
        """The axial hex of a client cell (row, col)."""
        r, c = cell
        return offset_to_axial(c, r, self.LAYOUT)

    def from_grid(self, cell) -> Cell:
        """The client cell (row, col) of an axial hex."""
        c, r = axial_to_offset(cell, self.LAYOUT)
        return (r, c)

    def center(self, cell: Cell) -> tuple[float, float]:
        x, z = self.grid.center(self.to_grid(cell), self.R)
        return (x + self.ORIGIN[0], z + self.ORIGIN[1])

    def polygon(self, cell: Cell) -> list[tuple[float, float]]:
        x, z = self.center(cell)
        k = self.FIRST_CORNER
        pts = hex_corners(self.orientation, self.R)
        return [(x + dx, z + dz) for dx, dz in pts[k:] + pts[:k]]

    def cell_at(self, x: float, z: float) -> Cell | None:
        """The board cell whose hexagon contains the world point (x, z) (engine/grids' hex picking), or None."""
        cell = self.from_grid(self.grid.at_point(x - self.ORIGIN[0], z - self.ORIGIN[1], self.R))
        return cell if cell in self.cell_set else None

    def label_places(self, bounds=None, size: float = 1.0) -> list[tuple[str, tuple[float, float],
                                                                         tuple[float, float]]]:
        """Each of ``labels()`` with its mirror across ``bounds`` (the board's, by default) along its line: every hex
        board, 辛亥革命's map too (its letters upper case beside its hexes; session 9 gave it the square boards')."""
        x0, z0, x1, z1 = bounds if bounds is not None else self.bounds()
        out = []
        for text, (x, z) in self.labels():
            mx = x0 + x1 - x if not x0 <= x <= x1 else x
            mz = z0 + z1 - z if not z0 <= z <= z1 else z
            out.append((text, (x, z), (mx, mz)))
        return out


class HexGeometry(OffsetHexGeometry):
    """Pointy-top hexagons, odd rows shifted half a cell east ("odd-r"); neighbouring centres are 1 apart."""

    LAYOUT = "odd-r"
    ORIGIN = (0.5, OffsetHexGeometry.R)  # the top-left hex touches x = 0 and z = 0
    FIRST_CORNER = 5  # the top corner (-90 degrees) first

    def name(self, cell: Cell) -> str:
        """File letters then rank, rank 1 the bottom row (the square boards' names)."""
        return SquareGrid.plane().name(BoardGeometry.to_grid(self, cell))

    def _parse_grid(self, name: str):
        return self.to_grid(BoardGeometry.from_grid(self, parse_square_name(name)))

    def shade(self, cell: Cell) -> int:
        return 1 if self.to_grid(cell)[0] % 3 == 0 else 0

    def labels(self) -> list[tuple[str, tuple[float, float]]]:
        """Rank numbers left of each row, file letters under the bottom row's cells."""
        out = []
        for r in sorted({r for r, _ in self.cells}):
            c = min(c for rr, c in self.cells if rr == r)
            x, z = self.center((r, c))
            out.append((str(self.rows - r), (x - 0.85, z)))
        z1 = self.bounds()[3]
        for c in sorted({c for _, c in self.cells}):
            r = max(r for r, cc in self.cells if cc == c)
            out.append((file_name(c), (self.center((r, c))[0], z1 + 0.3)))
        return out
