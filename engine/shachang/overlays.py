"""What the 沙场秋点兵 client draws about a position, computed by the engine (never re-derived in the client).

The game scene (``client/games/shachang/controller.py``) and the rule pictures (``client/games/shachang/scenario.py``) both
build their unit marks and overlays from these functions, from what one viewer knows:

* ``unit_state(unit, viewer)``: the mark of a unit: enemy / fresh (new camp, S15) / attacked
  (S16) / spent (no move power left) / ready.
* ``attack_area(shape, cell, count)``: cells within the attack range of a unit of ``count``
  soldiers (S3 range, S1 steps).
* ``blocked_targets(cell, count, enemies, targets)``: enemy cells within that range that the
  unit may not attack now (a blocked line or another S8 condition).
* ``ghost_area(shape, ghosts)``: the cells of the active ghost visions (S9).
* ``sight_panel(obs, src, dst)``: the S5 rows of the sight line from the viewer's unit to a
  seen enemy unit on the heights the viewer has explored (unexplored cells are marked unknown,
  not revealed), with the blocking cell, the decisive cell and the range test.
* ``vision_preview(obs, cell)``: what a unit on ``cell`` would see (S6) on the known terrain.
"""
from __future__ import annotations

from typing import Iterable

import numpy as np

from engine.shachang import rules
from engine.shachang.cells import Cell
from engine.shachang.sight import line_report, steps
from engine.shachang.vision import diamond, visible_from


def unit_state(unit, viewer: int) -> str:
    """"enemy", "fresh", "attacked", "spent" or "ready" for a unit (UnitView or Unit) seen by ``viewer``."""
    if unit.owner != viewer:
        return "enemy"
    if unit.fresh:
        return "fresh"
    if unit.attacked:
        return "attacked"
    if not unit.moves:
        return "spent"
    return "ready"


def attack_area(shape: tuple[int, int], cell: Cell, count: int) -> np.ndarray:
    """Bool map of the cells within the attack range of ``count`` soldiers on ``cell`` (S3, S1)."""
    return diamond(shape, cell, rules.attack_range(count))


def blocked_targets(cell: Cell, count: int, enemies: Iterable[Cell], targets: Iterable[Cell]) -> list[Cell]:
    """Enemy cells within the attack range of ``count`` soldiers on ``cell`` that are not among the
    legal ``targets`` (S8: a blocked line, or the unit may not attack now), sorted."""
    rng = rules.attack_range(count)
    legal = set(targets)
    return sorted(e for e in enemies if steps(cell, e) <= rng and e not in legal)


def ghost_area(shape: tuple[int, int], ghosts: Iterable[tuple[Cell, int]]) -> np.ndarray:
    """Bool map of the cells within the active ghost visions ``(cell, radius)`` (S9)."""
    out = np.zeros(shape, dtype=bool)
    for cell, radius in ghosts:
        out |= diamond(shape, cell, radius)
    return out


def sight_panel(obs, src: Cell, dst: Cell) -> dict | None:
    """The sight line from the viewer's unit on ``src`` to the enemy unit it sees on ``dst``, or None.

    Keys: src, dst, rows (``sight.line_report`` rows, attack heights S6; a row on a cell the viewer
    never explored has ``unknown=True`` and does not block), block (the first blocking row, None in
    classic mode), decisive (the block, else the known row closest to blocking), steps, range,
    in_range, unknown (some row is unknown)."""
    u, e = obs.unit_at(src), obs.unit_at(dst)
    if u is None or e is None or u.owner != obs.player or e.owner == obs.player:
        return None
    known = np.maximum(obs.heights, 0)
    z = int(known[src]) + u.count
    x = int(known[dst]) + e.count
    return panel(obs, src, dst, line_report(known, src, dst, z, x), steps(src, dst), rules.attack_range(u.count))


def panel(obs, src: Cell, dst: Cell, rows: list[dict], d: int, rng: int) -> dict:
    """The sight panel of the line ``rows`` (square maps and the star): rows on cells the viewer never
    explored are marked unknown and do not block (S11); the block (none in classic mode), the decisive
    row (the block, else the known row closest to blocking) and the range test of ``d`` steps."""
    for r in rows:
        if not obs.explored[r["cell"]]:
            r.update(unknown=True, blocks=False)
    block = None if obs.mode == "classic" else next((r for r in rows if r["blocks"]), None)
    decisive = block
    seen_rows = [r for r in rows if not r.get("unknown")]
    if decisive is None and seen_rows:
        decisive = min(seen_rows, key=lambda r: r["rhs"] - r["lhs"])
    return {"src": src, "dst": dst, "rows": rows, "block": block, "decisive": decisive,
            "steps": d, "range": rng, "in_range": d <= rng,
            "unknown": any(r.get("unknown") for r in rows)}


def vision_preview(obs, cell: Cell) -> np.ndarray | None:
    """What a unit on ``cell`` (the unit there, else one soldier) would see on the viewer's known
    terrain (S6; unexplored heights count as 0), or None when the viewer never explored ``cell``."""
    if not obs.explored[cell]:
        return None
    u = obs.unit_at(cell)
    n = u.count if u is not None else 1
    known = np.maximum(obs.heights, 0)
    return visible_from(known, cell, int(known[cell]) + n, rules.vision_range(n))
