"""What the client draws about a position on a hex board (the star of 沙场秋点兵, S19), computed by the
engine from one viewer's observation — the star's counterpart of ``engine.shachang.overlays``.

The star keeps its cells in a 17x17 array ``[r + 8, q + 8]`` with a ``mask`` of the 121 cells
(``obs.mask``); the geometry is ``engine.grids.hex_rows_lattice("pointy")`` on those array
cells (steps and ranges are hex distances, S19a; sight lines run through hex distance levels
and, where a line passes along the seam between two cells, the lower one counts, S19f).

* ``attack_area(mask, cell, rng)``: board cells within ``rng`` hex steps of ``cell`` (the range
  of a unit is its 番数, S19e: the engine's ``GroupView.attack_range``).
* ``blocked_targets(cell, rng, enemies, targets)``: seen enemy soldiers within that range that
  may not be shot now (a blocked line, or the unit may not attack, S19e).
* ``ghost_area(mask, ghosts)``: the cells of the active ghost visions (S9) in hex steps.
* ``sight_panel(obs, src, dst, rng)``: the S5 rows of the line from the viewer's soldier on
  ``src`` to a seen enemy soldier on ``dst`` on the heights the viewer explored, soldiers
  standing at terrain + 1 (S19f); unexplored cells are marked unknown, not revealed.
* ``vision_preview(obs, cell, radius)``: what a soldier on ``cell`` would see with a unit's
  vision radius on the known terrain (S3, S19f).
"""
from __future__ import annotations

from typing import Iterable

import numpy as np

from engine.grids.hexes import hex_rows_lattice
from engine.shachang.overlays import panel
from engine.shachang.sight import line_report
from engine.shachang.vision import visible_from

Cell = tuple[int, int]
LATTICE = hex_rows_lattice("pointy")
SOLDIER = 1  # a soldier's height above its cell (S19f: one soldier per cell)


def steps(a: Cell, b: Cell) -> int:
    """Hex steps between two array cells (S19a)."""
    return LATTICE.distance(a, b)


def attack_area(mask: np.ndarray, cell: Cell, rng: int) -> np.ndarray:
    """Bool map of the board cells within ``rng`` hex steps of ``cell`` (S19a, S19e)."""
    mask = np.asarray(mask, bool)
    rr, cc = np.indices(mask.shape)
    dr, dc = rr - cell[0], cc - cell[1]
    return mask & (np.maximum(np.maximum(np.abs(dr), np.abs(dc)), np.abs(dr + dc)) <= int(rng))


def blocked_targets(cell: Cell, rng: int, enemies: Iterable[Cell], targets: Iterable[Cell]) -> list[Cell]:
    """Enemy cells within ``rng`` hex steps of ``cell`` that are not among the legal ``targets`` (S19e), sorted."""
    legal = set(targets)
    return sorted(e for e in enemies if steps(cell, e) <= rng and e not in legal)


def ghost_area(mask: np.ndarray, ghosts: Iterable[tuple[Cell, int]]) -> np.ndarray:
    """Bool map of the board cells within the active ghost visions ``(cell, radius)`` (S9, hex steps)."""
    out = np.zeros(np.shape(mask), dtype=bool)
    for cell, radius in ghosts:
        out |= attack_area(mask, cell, radius)
    return out


def sight_panel(obs, src: Cell, dst: Cell, rng: int) -> dict | None:
    """The sight line from the viewer's soldier on ``src`` to the enemy soldier it sees on ``dst``, or None.

    Keys as ``engine.shachang.overlays.sight_panel``: src, dst, rows (``sight.line_report`` rows on
    the hex lattice, soldiers at terrain + 1; a row on a cell the viewer never explored has
    ``unknown=True`` and does not block), block (None in classic mode), decisive, steps, range,
    in_range, unknown."""
    u, e = obs.unit_at(src), obs.unit_at(dst)
    if u is None or e is None or u.owner != obs.player or e.owner == obs.player:
        return None
    known = np.maximum(obs.heights, 0)
    z = int(known[src]) + SOLDIER
    x = int(known[dst]) + SOLDIER
    return panel(obs, src, dst, line_report(known, src, dst, z, x, grid=LATTICE), steps(src, dst), int(rng))


def vision_preview(obs, cell: Cell, radius: int) -> np.ndarray | None:
    """What a soldier on ``cell`` would see within ``radius`` hex steps on the viewer's known terrain
    (S19f: from terrain + 1; unexplored heights count as 0), or None when ``cell`` was never explored."""
    if not obs.explored[cell]:
        return None
    known = np.maximum(obs.heights, 0)
    return visible_from(known, cell, int(known[cell]) + SOLDIER, int(radius), LATTICE) & np.asarray(obs.mask, bool)
