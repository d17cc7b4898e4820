"""Natural heights on the star (S19a, S19f; tabletop and digital modes), flat for classic.

Heights are a 17x17 int16 array ``heights[r + 8, q + 8]`` (``engine.shachang.star_cells``); cells
off the star are 0. The ground is a sum of random hills and one ridge over the hex centres'
real positions, made symmetric under the rotations that map the seated points onto each other
(2 and 4 players: half turn; 3: third turns; 6: sixth turns), so every seat meets the same
ground. The seated points are a flat plateau at one common low level (no one starts on a peak
or in a pit); scale 0..6 like the 8x8 map. Everything random comes from the seeded generator.
"""
from __future__ import annotations

import math

import numpy as np

from engine.shachang import star_cells as sc
from engine.shachang.game_map import GameMap
from engine.shachang.rules import Preset

MAX_HEIGHT = 6
PLATEAU = 1
_STREAM = 0x57A2


def _xy(cell) -> tuple[float, float]:
    """The hex centre of an array cell (pointy top, unit spacing between neighbours)."""
    q, r = sc.to_axial(cell)
    return q + r / 2.0, r * math.sqrt(3) / 2.0


def _rotate(cell, k: int):
    """The array cell turned by k sixths about the centre."""
    q, r = sc.to_axial(cell)
    for _ in range(k % 6):
        q, r = -r, q + r  # (q, r, s) -> (-r, -s, -q)
    return sc.to_cell((q, r))


def _symmetry(players: int) -> tuple[int, ...]:
    return {2: (0, 3), 3: (0, 2, 4), 4: (0, 3), 5: (0,), 6: (0, 1, 2, 3, 4, 5)}[players]


def _raw(rng: np.random.Generator) -> dict:
    """Hills and a ridge as float heights per cell."""
    pts = {c: _xy(c) for c in sc.CELLS}
    val = {c: 0.0 for c in sc.CELLS}
    for _ in range(int(rng.integers(4, 7))):  # hills inside the central hexagon
        cx, cy = rng.uniform(-4.5, 4.5, size=2)
        amp, w = rng.uniform(0.5, 1.0), rng.uniform(1.2, 2.6)
        for c, (x, y) in pts.items():
            val[c] += amp * math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / (2 * w * w))
    ang = rng.uniform(0, math.pi)  # one ridge line through the middle ground
    ox, oy = rng.uniform(-2, 2, size=2)
    dx, dy = math.cos(ang), math.sin(ang)
    for c, (x, y) in pts.items():
        along = (x - ox) * dx + (y - oy) * dy
        d = abs(-(x - ox) * dy + (y - oy) * dx)
        if abs(along) < 4.5:
            val[c] += 0.9 * max(0.0, 1.0 - d / 1.3)
    for c in sc.CELLS:
        val[c] += rng.uniform(0.0, 0.25)
    return val


def generate_star(p: Preset, players: int, seed: int, *, flat: bool = False) -> GameMap:
    """The star map of ``players`` players: spawns = the seated points (S19a, S19c), heights
    natural (or flat)."""
    points = sc.seat_points(players)
    spawns = tuple(sc.POINT_CELLS[pt] for pt in points)
    name = f"{p.key}-{players}p-{seed}" + ("-flat" if flat else "")
    h = np.zeros((sc.SIZE, sc.SIZE), dtype=np.int16)
    if flat:
        return GameMap(heights=h, spawns=spawns, name=name)
    rng = np.random.default_rng([_STREAM, int(seed)])
    raw = _raw(rng)
    sym = _symmetry(players)
    val = {c: sum(raw[_rotate(c, k)] for k in sym) / len(sym) for c in sc.CELLS}
    home = {c for cells in spawns for c in cells}
    free = [v for c, v in val.items() if c not in home]
    lo, hi = min(free), max(free)
    for c in sc.CELLS:
        if c in home:
            h[c] = PLATEAU
        else:
            h[c] = int(round((val[c] - lo) / (hi - lo) * MAX_HEIGHT)) if hi > lo else 0
    return GameMap(heights=h, spawns=spawns, name=name)
