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
``parse(name)``, ``shade(cell)`` (0/1 for a checker pattern) and ``labels()``: edge
coordinate labels as ``(text, (x, z))``.
"""
from __future__ import annotations

import math
from typing import Iterable

Cell = tuple[int, int]
FILES = "abcdefghijklmnopqrstuvwxyz"


def file_name(c: int) -> str:
    """Column ``c``'s letters: a..z, then aa, ab, ... (spreadsheet style, no limit of 26 columns)."""
    out = ""
    c += 1
    while c:
        c, r = divmod(c - 1, 26)
        out = FILES[r] + out
    return out


def file_index(letters: str) -> int:
    """The column named ``letters`` (inverse of file_name; ValueError if not letters a-z)."""
    if not letters or any(ch not in FILES for ch in letters):
        raise ValueError(letters)
    n = 0
    for ch in letters:
        n = n * 26 + FILES.index(ch) + 1
    return n - 1


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

    # --- names
    def name(self, cell: Cell) -> str:
        r, c = cell
        return f"{file_name(c)}{self.rows - r}"

    def parse(self, name: str) -> Cell:
        """The cell called ``name`` (KeyError if the board has no such cell)."""
        name = name.strip().lower()
        k = len(name) - len(name.lstrip(FILES))
        try:
            c = file_index(name[:k])
            r = self.rows - int(name[k:])
        except (ValueError, IndexError):
            raise KeyError(name) from None
        if (r, c) not in self.cell_set:
            raise KeyError(name)
        return (r, c)

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


class HexGeometry(BoardGeometry):
    """Pointy-top hexagons, odd rows shifted half a cell east; neighbouring centres are 1 apart."""

    kind = "hex"
    R = 1.0 / SQRT3  # circumradius

    def center(self, cell: Cell) -> tuple[float, float]:
        r, c = cell
        return (c + 0.5 + 0.5 * (r & 1), self.R + r * 1.5 * self.R)

    def polygon(self, cell: Cell) -> list[tuple[float, float]]:
        x, z = self.center(cell)
        return [(x + self.R * math.cos(math.radians(60 * k - 90)), z + self.R * math.sin(math.radians(60 * k - 90)))
                for k in range(6)]

    def cell_at(self, x: float, z: float) -> Cell | None:
        r0 = int((z - self.R) / (1.5 * self.R))
        best, bd = None, 1e9
        for r in range(r0 - 1, r0 + 3):
            c0 = int(math.floor(x - 0.5 - 0.5 * (r & 1)))
            for c in (c0 - 1, c0, c0 + 1, c0 + 2):
                cx, cz = self.center((r, c))
                d = (cx - x) ** 2 + (cz - z) ** 2
                if d < bd:
                    best, bd = (r, c), d
        if best is None or best not in self.cell_set or bd > self.R ** 2:
            return None
        return best

    def shade(self, cell: Cell) -> int:
        r, c = cell
        return (c - (r - (r & 1)) // 2) % 3 == 0 and 1 or 0

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
