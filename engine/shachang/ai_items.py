"""Computer players use the fun items (S20a–S20i) from their observation and legal actions only.

``pick(agent, obs, legal)`` is called by the agent (engine/shachang/ai.py) before it plans its next
action; it returns an item use (a ``UseItem`` among the legal actions) or None. Items are free
actions, so an agent considers them once the reinforcement phase is over (a use would end it), at
most one per turn (S20a). After a use the agent's plan is dropped (the position changed).

- easy: now and then any legal item, at random.
- normal: the plain cases: 同归于尽 when the blast takes more enemy soldiers than it costs, 寸土不让
  when three shots find targets, 画地为牢 on the biggest enemy in sight, 溜之大吉 / 世外桃源 for a
  unit that would be wiped out where it stands.
- hard: the same with the blocking lines (S8 heights) counted, wipe-outs valued, 溜之大吉 only for a
  fight it loses, 世外桃源 for a big unit under fire, 亡命天涯 to get out of range, 天翻地覆 when its
  units stand lower than the enemies it sees, 愚公移山 to clear the line (S8) of a unit that has no
  shot now at a seen enemy in its range (the cheapest height move that opens one; S20b).
"""
from __future__ import annotations

import numpy as np

from engine.shachang import rules
from engine.shachang.actions import Reinforce, UseItem
from engine.shachang.sight import blocking_cell


def _steps(a, b) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _heights(obs) -> np.ndarray:
    """The heights the agent knows (unexplored counted as flat ground)."""
    return np.maximum(np.asarray(obs.heights), 0)


def _threat(obs, cell, count: int) -> int:
    """Shots the visible enemies could fire at a unit of ``count`` on ``cell`` next turn (each unit one
    shot, its move power added to its range, lines ignored)."""
    return sum(1 for e in obs.enemy_units()
               if _steps(e.cell, cell) <= rules.attack_range(e.count) + obs.move_power)


def blast_value(obs, u, heights: np.ndarray | None) -> float:
    """What 同归于尽 on own unit ``u`` is worth: enemy soldiers it takes (a wipe-out counts 1.5) minus
    own soldiers (the unit and own units hit). ``heights`` None: lines ignored."""
    rng = rules.attack_range(u.count)
    z = (int(heights[u.cell]) if heights is not None else 0) + u.count
    v = -float(u.count)
    for t in obs.units:
        if t.cell == u.cell or _steps(t.cell, u.cell) > rng or t.cell in getattr(obs, "occupied", ()):
            continue
        if heights is not None and obs.mode != "classic":
            x = int(heights[t.cell]) + t.count
            if blocking_cell(heights, u.cell, t.cell, z, x) is not None:
                continue
        if t.owner == obs.player:
            v -= 1
        else:
            v += 1.5 if t.count == 1 else 1.0
    return v


def _targets(obs, u) -> list:
    return [e for e in obs.enemy_units() if _steps(e.cell, u.cell) <= rules.attack_range(u.count)]


def pick(agent, obs, legal) -> UseItem | None:
    """The item the agent uses now, or None (see module doc); drops the agent's plan after a use."""
    if not getattr(obs, "hand", ()) or getattr(obs, "item_used", True):
        return None
    items = sorted((a for a in legal if isinstance(a, UseItem)), key=str)
    if not items or any(isinstance(a, Reinforce) for a in legal):
        return None
    level = getattr(agent, "level", "normal")
    if level == "easy":
        choice = agent.rng.choice(items) if agent.rng.random() < 0.25 else None
    else:
        choice = _choose(obs, items, hard=level == "hard")
    if choice is not None:
        agent.plan, agent.snaps, agent.expect = [], [], None
    return choice


def _choose(obs, items: list, hard: bool) -> UseItem | None:
    by = {}
    for a in items:
        by.setdefault(a.kind, []).append(a)
    heights = _heights(obs) if hard else None
    own = {u.cell: u for u in obs.own_units()}
    best: list[tuple[float, str, UseItem]] = []

    for a in by.get("tonggui", ()):
        v = blast_value(obs, own[a.cells[0]], heights)
        if v >= (1.0 if hard else 1.5):
            best.append((v + 1.0, str(a), a))
    for a in by.get("cuntu", ()):
        u = own[a.cells[0]]
        soldiers = sum(e.count for e in _targets(obs, u))
        if min(3, soldiers) >= (2 if hard else 3):
            best.append((min(3, soldiers) - 0.5, str(a), a))
    for a in by.get("liu", []) + by.get("taoyuan", []):
        u = own[a.cells[0]]
        th = _threat(obs, u.cell, u.count)
        if th < u.count:
            continue
        if a.kind == "liu":
            if hard and (th < u.count + 1 or _targets(obs, u) or 2 * u.count < obs.field):
                continue  # hard slips away only from a fight it loses: wiped with a shot to spare, no
                # target, and at least half its field at stake (a random landing is a frozen new camp)
            best.append((u.count * 0.6, str(a), a))
        elif not hard or u.count >= 3:
            best.append((u.count * 0.5, str(a), a))
    if by.get("dilao"):
        a = max(by["dilao"], key=lambda a: (_enemy(obs, a.cells[0]).count, str(a)))
        e = _enemy(obs, a.cells[0])
        near = any(_steps(e.cell, u.cell) <= rules.attack_range(e.count) + obs.move_power for u in own.values())
        if e.count >= 3 or (near and not hard) or (hard and near and e.count >= 2):
            best.append((e.count * 0.3, str(a), a))
    if hard:
        for a in by.get("wangming", ()):
            u = own[a.cells[0]]
            if a.count == 1 and u.count >= 3 and _threat(obs, u.cell, u.count) >= u.count:
                best.append((0.4, str(a), a))
        for a in by.get("fanfu", ()):
            mine = [int(heights[c]) for c in own]
            theirs = [int(heights[e.cell]) for e in obs.enemy_units()]
            if mine and theirs and np.mean(mine) + 2 <= np.mean(theirs):
                best.append((1.0, str(a), a))
        for a in by.get("yugong", ()):
            v = yugong_value(obs, own[a.cells[0]], a, heights)
            if v > 0:
                best.append((v, str(a), a))
    if not best:
        return None
    best.sort(key=lambda t: (-t[0], t[1]))
    return best[0][2]


def _clear_shot(obs, u, heights: np.ndarray) -> float:
    """0 when own unit ``u`` has no clear shot (S8) at a seen enemy in its range on ``heights``, else the
    best one's worth (a wipe-out 1.5, else 1.0)."""
    z = int(heights[u.cell]) + u.count
    best = 0.0
    for t in _targets(obs, u):
        if t.cell in getattr(obs, "occupied", ()):
            continue
        if blocking_cell(heights, u.cell, t.cell, z, int(heights[t.cell]) + t.count) is None:
            best = max(best, 1.5 if t.count == 1 else 1.0)
    return best


def yugong_value(obs, u, a: UseItem, heights: np.ndarray) -> float:
    """What 愚公移山 ``a`` (S20b) on own unit ``u`` is worth: the shot it opens for a unit that has none
    now (0.5 plus 0.5 for a wipe-out, less 0.01 a step paid), else 0."""
    if u.attacked or not u.moves or _clear_shot(obs, u, heights):
        return 0.0
    _, src, dst = a.cells
    h = heights.copy()
    h[src] -= a.count
    h[dst] += a.count
    v = _clear_shot(obs, u, h)
    return v - 0.5 - 0.01 * a.count if v else 0.0


def _enemy(obs, cell):
    return obs.unit_at(cell)
