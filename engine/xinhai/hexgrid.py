"""The 辛亥革命 hex grid (X2): flat-topped hexes labelled "D-11" = column letter (west to east)
and row number (south to north), on engine/grids' hex geometry.

A hex is an offset pair ``(col, row)``, both 0-based (``A-1`` is ``(0, 0)``), the row counted from the
south. Odd columns (B, D, F, ...) sit half a hex north of even ones: the map is
``HexGrid.rectangle(20, 20, "even-q", "south")`` of engine/grids (its rows counted from the north) and
its lines settle a tie on a seam with the ``"nudge-"`` rule (tests/test_grids.py checks labels,
neighbours, distances and lines against each other). This module only turns the game's (col, row)
pairs into the grid's axial cells and back; neighbours, distances and lines are engine/grids'. Hexes
off the map (a neighbour past the edge) are allowed: the unbounded flat plane is used.
"""
from __future__ import annotations

from functools import lru_cache

from engine.grids.hexes import HexGrid, axial_to_offset, hex_distance, offset_to_axial

Hex = tuple[int, int]
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ROWS = 20  # the map's rows (assets/xinhai/map.toml): row r from the south is the grid's row ROWS - 1 - r
LAYOUT = "even-q"  # flat-topped columns, the odd ones half a hex north (the even ones shoved south)
TIE = "nudge-"  # a line along a seam: the hex with the smaller 4q + 5r (the module's old epsilon nudge)
PLANE = HexGrid.plane("flat")
MAP = HexGrid.rectangle(20, ROWS, LAYOUT, "south")  # the map itself: its names are this module's labels
# N, NE, SE, S, SW, NW in axial (q, r) with north up (the grid's screen y grows southwards)
_COMPASS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


@lru_cache(maxsize=None)
def axial(h: Hex) -> tuple[int, int]:
    """The grid's axial cell of the game's hex ``(col, row from the south)``."""
    return offset_to_axial(h[0], ROWS - 1 - h[1], LAYOUT)


@lru_cache(maxsize=None)
def from_axial(cell: tuple[int, int]) -> Hex:
    """The game's hex of an axial cell of the grid."""
    col, row = axial_to_offset(cell, LAYOUT)
    return (col, ROWS - 1 - row)


def label(h: Hex) -> str:
    """``(3, 10)`` -> ``"D-11"``."""
    return f"{LETTERS[h[0]]}-{h[1] + 1}"


def parse_label(text: str) -> Hex:
    """``"D-11"`` (or ``"d11"``) -> ``(3, 10)``; ValueError for anything else (a label past the map's
    edge, "A-25", parses: the caller says it is off the map)."""
    t = text.strip().upper().replace("-", "")
    if len(t) < 2 or t[0] not in LETTERS or not (t[1:].isascii() and t[1:].isdigit()) or len(t) > 4:
        raise ValueError(f"{text!r} is not a hex label like D-11")
    return (LETTERS.index(t[0]), int(t[1:]) - 1)


def neighbours_of(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours (possibly off the map) in the order N, NE, SE, S, SW, NW."""
    q, r = axial(h)
    return tuple(from_axial((q + dq, r + dr)) for dq, dr in _COMPASS)


@lru_cache(maxsize=1 << 16)
def distance(a: Hex, b: Hex) -> int:
    """Hex steps between two hexes (the grid's hex distance)."""
    return hex_distance(axial(a), axial(b))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hex line from ``a`` to ``b`` (both included): per level the hex nearest to the exact line,
    a seam settled by the ``"nudge-"`` tie, so that lines along hex seams are deterministic."""
    return list(_line(a, b))


@lru_cache(maxsize=1 << 16)
def _line(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """``line`` worked out once per pair (the computer players ask for the same sight lines again and again)."""
    return tuple(from_axial(c) for c in PLANE.line(axial(a), axial(b), TIE))


@lru_cache(maxsize=None)
def within(h: Hex, n: int) -> tuple[Hex, ...]:
    """Every hex (on or off any map) at distance 1..n of ``h``, by column then row."""
    q, r = axial(h)
    return tuple(sorted(from_axial((q + dq, r + dr)) for dq, dr in PLANE.offsets(n) if (dq, dr) != (0, 0)))
