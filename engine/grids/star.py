"""The 121-cell star of Chinese checkers (沙场秋点兵 S19a): a hexagon of side 5 with a 10-cell
point (home triangle) on each of its six sides.

Pointy-top hexes in axial (q, r) (see ``engine.grids.hexes``), centre (0, 0), rows of constant
r running west→east, r = -8 the north tip.  In cube coordinates (q, r, s = -q-r) the star is
the union of the triangles {q, r, s <= 4} and {q, r, s >= -4}; their intersection is the
central hexagon (61 cells, hex distance <= 4 from the centre).  The points, clockwise from
the north, are

    N: r <= -5   NE: q >= 5   SE: s <= -5   S: r >= 5   SW: q <= -5   NW: s >= 5

Opposite points: N/S, NE/SW, SE/NW.  Steps are the six hex neighbours, distance is the hex
distance (the star is convex in the hex metric: every board distance equals it, checked by
the tests), lines are hex lines (``line_options`` gives both cells where a line runs along
a seam: S19f takes the lower of the two).  A line between two cells of different points can
leave the star (e.g. between the N and NE tips); ``contains`` tells.

Cell names: the row letter, a (north tip) .. q (south tip), then the position in the row
counted from its west end: "a1" is the north tip, "i5" the centre, "e1".."e13" the widest
row north of the centre, "q1" the south tip.
"""
from __future__ import annotations

import re
from functools import lru_cache

from engine.grids.base import Cell, CellNameError
from engine.grids.hexes import HexGrid

POINTS = ("N", "NE", "SE", "S", "SW", "NW")  # clockwise from the north: the turn order round the star
OPPOSITE = {"N": "S", "NE": "SW", "SE": "NW", "S": "N", "SW": "NE", "NW": "SE"}
ROWS = "abcdefghijklmnopq"
_NAME = re.compile(r"^([a-q])([1-9][0-9]?)$")


def _point_of(q: int, r: int) -> str | None:
    s = -q - r
    if r <= -5:
        return "N"
    if q >= 5:
        return "NE"
    if s <= -5:
        return "SE"
    if r >= 5:
        return "S"
    if q <= -5:
        return "SW"
    if s >= 5:
        return "NW"
    return None


def _in_star(q: int, r: int) -> bool:
    s = -q - r
    return max(q, r, s) <= 4 or min(q, r, s) >= -4


class StarGrid(HexGrid):
    """The Chinese-checkers star (see the module doc); use ``star_grid()`` for the shared one."""

    kind = "star"

    def __init__(self):
        cells = [(q, r) for r in range(-8, 9) for q in range(-8, 9) if _in_star(q, r)]
        super().__init__(cells, "pointy", convex=True)
        self.rows: tuple[tuple[Cell, ...], ...] = tuple(
            tuple(sorted((c for c in self._cells if c[1] == r), key=lambda c: c[0])) for r in range(-8, 9))
        self._names = {}
        self._by_name = {}
        for i, row in enumerate(self.rows):
            for j, c in enumerate(row):
                n = f"{ROWS[i]}{j + 1}"
                self._names[c] = n
                self._by_name[n] = c
        self.points: dict[str, tuple[Cell, ...]] = {p: tuple(c for c in self._cells if _point_of(*c) == p)
                                                    for p in POINTS}
        self.centre: tuple[Cell, ...] = tuple(c for c in self._cells if _point_of(*c) is None)

    def __reduce__(self):
        return (star_grid, ())

    def __repr__(self) -> str:
        return "StarGrid()"

    def point_of(self, cell: Cell) -> str | None:
        """The point (home triangle) ``cell`` lies in: "N", "NE", ... or None in the central hexagon."""
        if not self.contains(cell):
            raise ValueError(f"{cell!r} is not a cell of the star")
        return _point_of(*cell)

    def tip(self, point: str) -> Cell:
        """The outermost cell of a point (hex distance 8 from the centre)."""
        return next(c for c in self.points[point] if max(abs(c[0]), abs(c[1]), abs(c[0] + c[1])) == 8)

    @staticmethod
    def seats(n_players: int) -> tuple[str, ...]:
        """Home points for n players (S19a): 2 opposite (N, S), 3 every other (N, SE, SW), 4 two
        opposite pairs (NE, SE, SW, NW), 5 all but NW, 6 all; in the turn order round the star."""
        table = {2: ("N", "S"), 3: ("N", "SE", "SW"), 4: ("NE", "SE", "SW", "NW"),
                 5: ("N", "NE", "SE", "S", "SW"), 6: POINTS}
        if n_players not in table:
            raise ValueError(f"the star seats 2 to 6 players, not {n_players}")
        return table[n_players]

    def name(self, cell: Cell) -> str:
        """Row letter a..q from the north, then the 1-based position from the row's west end."""
        n = self._names.get(tuple(cell))
        if n is None:
            raise ValueError(f"{cell!r} is not a cell of the star")
        return n

    def parse(self, text: str) -> Cell:
        """The cell named ``text`` ("i5" is the centre; case and blanks ignored)."""
        t = text.strip().lower() if isinstance(text, str) else ""
        c = self._by_name.get(t) if _NAME.match(t) else None
        if c is None:
            raise CellNameError(f"{text!r} is not a cell of the star (row a..q, then position, e.g. i5)")
        return c


@lru_cache(maxsize=1)
def star_grid() -> StarGrid:
    """The shared star grid."""
    return StarGrid()
