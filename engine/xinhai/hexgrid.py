"""The 辛亥革命 hex grid (X2): flat-topped hexes labelled "D-11" = column letter (west to east)
and row number (south to north).

A hex is an offset pair ``(col, row)``, both 0-based (``A-1`` is ``(0, 0)``). Odd columns
(B, D, F, ...) sit half a hex north of even ones. This is the project's own small hex
module (engine/grids had no hex grid when this game was written).
"""
from __future__ import annotations

from functools import lru_cache

Hex = tuple[int, int]
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def label(h: Hex) -> str:
    """``(3, 10)`` -> ``"D-11"``."""
    return f"{LETTERS[h[0]]}-{h[1] + 1}"


def parse_label(text: str) -> Hex:
    """``"D-11"`` (or ``"d11"``) -> ``(3, 10)``; ValueError for anything else."""
    t = text.strip().upper().replace("-", "")
    if len(t) < 2 or t[0] not in LETTERS or not t[1:].isdigit() or len(t) > 4:
        raise ValueError(f"{text!r} is not a hex label like D-11")
    return (LETTERS.index(t[0]), int(t[1:]) - 1)


def neighbours_of(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours (possibly off the map) in the order N, NE, SE, S, SW, NW."""
    c, r = h
    if c % 2:  # odd column: shifted north, side neighbours at r and r+1
        return ((c, r + 1), (c + 1, r + 1), (c + 1, r), (c, r - 1), (c - 1, r), (c - 1, r + 1))
    return ((c, r + 1), (c + 1, r), (c + 1, r - 1), (c, r - 1), (c - 1, r - 1), (c - 1, r))


def cube(h: Hex) -> tuple[int, int, int]:
    """Cube coordinates (x + y + z = 0) of an offset hex (x = column, z falls as the row rises)."""
    c, r = h
    z = -(r + (c + 1) // 2)
    return (c, -c - z, z)


_cube = lambda c, r: cube((c, r))  # noqa: E731


def distance(a: Hex, b: Hex) -> int:
    """Hex steps between two hexes."""
    ax, ay, az = _cube(*a)
    bx, by, bz = _cube(*b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def _from_cube(x: int, z: int) -> Hex:
    c = x
    r = -z - (c + 1) // 2
    return (c, r)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hex line from ``a`` to ``b`` (both included), rounding each level to the nearest
    hex with a small nudge so that lines along hex seams are deterministic."""
    n = distance(a, b)
    if n == 0:
        return [a]
    ax, ay, az = _cube(*a)
    bx, by, bz = _cube(*b)
    out = []
    for k in range(n + 1):
        t = k / n
        fx = ax + (bx - ax) * t + 1e-6
        fy = ay + (by - ay) * t + 2e-6
        fz = az + (bz - az) * t - 3e-6
        rx, ry, rz = round(fx), round(fy), round(fz)
        dx, dy, dz = abs(rx - fx), abs(ry - fy), abs(rz - fz)
        if dx > dy and dx > dz:
            rx = -ry - rz
        elif dy > dz:
            ry = -rx - rz
        else:
            rz = -rx - ry
        out.append(_from_cube(rx, rz))
    return out


@lru_cache(maxsize=None)
def within(h: Hex, n: int) -> tuple[Hex, ...]:
    """Every hex (on or off any map) at distance 1..n of ``h``."""
    out = []
    c0, r0 = h
    for c in range(c0 - n, c0 + n + 1):
        for r in range(r0 - n - 1, r0 + n + 2):
            d = distance(h, (c, r))
            if 1 <= d <= n:
                out.append((c, r))
    return tuple(out)
