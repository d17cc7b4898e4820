"""Cell names: column letters (a..z, aa..) then the 1-based row, e.g. (0, 0) = "a1", (2, 27) = "ab3"."""
from __future__ import annotations

import re

from engine.api import ParseError

Cell = tuple[int, int]
_CELL = re.compile(r"^([a-z]+)([1-9][0-9]*)$")


def col_name(col: int) -> str:
    """Spreadsheet-style column letters of a 0-based column."""
    s = ""
    col += 1
    while col:
        col, r = divmod(col - 1, 26)
        s = chr(97 + r) + s
    return s


def cell_name(cell: Cell) -> str:
    """Text of a (row, col) cell."""
    return f"{col_name(cell[1])}{cell[0] + 1}"


def parse_cell(text: str) -> Cell:
    """The (row, col) cell named by ``text`` (raises ParseError)."""
    m = _CELL.match(text.strip().lower())
    if not m:
        raise ParseError(f"{text!r} is not a cell name (column letters then row number, e.g. c3)")
    col = 0
    for ch in m.group(1):
        col = col * 26 + (ord(ch) - 96)
    return (int(m.group(2)) - 1, col - 1)
