"""The Chinese-checkers star of 沙场秋点兵 (S19a) as cells of a 17x17 array.

The engine keeps every per-cell map of the star (heights, vision, fog) in 17x17 arrays indexed
``[r + 8, q + 8]`` by the star's pointy axial hex ``(q, r)`` (``engine.grids.star``); a cell of
the game is that index ``(row, col) = (r + 8, q + 8)``, so ``heights[cell]`` works as on the
square maps. Array entries outside the star are masked (``MASK`` False, height 0, never
visible). ``LATTICE`` (``grids.hex_rows_lattice``) is the same hex geometry on array indices:
steps and ranges are hex distances (S19a), sight lines run through hex distance levels with both
cells of a seam (S19f). Cell names are the star's ("a1" the north tip, "i5" the centre).
"""
from __future__ import annotations

import numpy as np

from engine.grids import hex_rows_lattice
from engine.grids.star import POINTS, star_grid

Cell = tuple[int, int]
SIZE = 17
OFF = 8
STAR = star_grid()
LATTICE = hex_rows_lattice("pointy")


def to_cell(qr) -> Cell:
    """The array cell of the star's axial hex ``(q, r)``."""
    return (int(qr[1]) + OFF, int(qr[0]) + OFF)


def to_axial(cell: Cell) -> tuple[int, int]:
    """The star's axial hex ``(q, r)`` of an array cell."""
    return (int(cell[1]) - OFF, int(cell[0]) - OFF)


CELLS: tuple[Cell, ...] = tuple(sorted(to_cell(c) for c in STAR.cells()))
CELL_SET = frozenset(CELLS)
MASK = np.zeros((SIZE, SIZE), dtype=bool)
for _c in CELLS:
    MASK[_c] = True
MASK.setflags(write=False)
NEIGHBOURS: dict[Cell, tuple[Cell, ...]] = {
    c: tuple(n for n in LATTICE.neighbours(c) if n in CELL_SET) for c in CELLS}
POINT_CELLS: dict[str, tuple[Cell, ...]] = {p: tuple(sorted(to_cell(c) for c in STAR.points[p]))
                                            for p in POINTS}


def on_star(cell) -> bool:
    """Whether ``cell`` (an array index pair) is one of the 121 cells."""
    return tuple(cell) in CELL_SET


def name(cell: Cell) -> str:
    """The star name of an array cell ("i5" the centre); "(row,col)" off the star."""
    if tuple(cell) not in CELL_SET:
        return f"({cell[0]},{cell[1]})"
    return STAR.name(to_axial(cell))


def parse(text: str) -> Cell:
    """The array cell of a star name (``CellNameError``, a ValueError, if it names none)."""
    return to_cell(STAR.parse(text))


def distance(a: Cell, b: Cell) -> int:
    """Steps between two cells: the hex distance (S19a; the star is hex-convex)."""
    return LATTICE.distance(a, b)


def seat_points(players: int) -> tuple[str, ...]:
    """The home points of ``players`` players, in turn order round the star (S19a)."""
    return STAR.seats(players)


def components(cells) -> list[list[Cell]]:
    """Connected groups of ``cells`` through star neighbours (S19b), each sorted, in order of
    their smallest cell."""
    todo = set(cells)
    out = []
    for start in sorted(todo):
        if start not in todo:
            continue
        todo.discard(start)
        group, stack = [start], [start]
        while stack:
            c = stack.pop()
            for n in NEIGHBOURS[c]:
                if n in todo:
                    todo.discard(n)
                    group.append(n)
                    stack.append(n)
        out.append(sorted(group))
    return out
