"""Cell names and the board geometry of 沙场秋点兵, taken from ``engine.grids``.

Cells are ``(row, col)``; names are column letters (a..z, aa..) then the 1-based row, e.g.
(0, 0) = "a1", (2, 27) = "ab3" (``engine.grids.square``).  ``board_grid(size)`` is the square
grid of a size x size map (4-neighbour steps S1, Chebyshev line levels S2, S4 lines).
"""
from __future__ import annotations

from engine.api import ParseError
from engine.grids import CellNameError, SquareGrid, letters, parse_square_name, square_grid

Cell = tuple[int, int]
PLANE = SquareGrid.plane(4)  # the unbounded 4-neighbour grid: steps, lines and offset tables


def board_grid(size: int) -> SquareGrid:
    """The shared square grid of a size x size map."""
    g = _BOARDS.get(size)
    if g is None:
        g = _BOARDS[size] = square_grid(size, size, 4)
    return g


_BOARDS: dict[int, SquareGrid] = {}


def col_name(col: int) -> str:
    """Spreadsheet-style column letters of a 0-based column."""
    return letters(col)


def cell_name(cell: Cell) -> str:
    """Text of a (row, col) cell ("(-1,3)" for a cell with a negative coordinate, which has no name)."""
    if cell[0] < 0 or cell[1] < 0:
        return f"({cell[0]},{cell[1]})"
    return PLANE.name(cell)


def parse_cell(text: str) -> Cell:
    """The (row, col) cell named by ``text`` (raises ParseError)."""
    try:
        return parse_square_name(text)
    except CellNameError as e:
        raise ParseError(str(e)) from None
