"""When the star's computer players use an item (S20, decisions D-SI1–D-SI8), from their observation only.

The normal and hard players ask this before their attacks (easy never uses items). First the rules of
thumb of engine/shachang/star_player.py (``normal_item``: 寸土不让, 同归于尽, 画地为牢, 溜之大吉, 世外桃源,
each for a situation where the item clearly pays); then, for the hard player only (issue 14):

* 愚公移山 (S20b, D-SI2): an own unit that may attack but has no clear line (S8, S19f) to any seen enemy
  soldier in its 番数 gets one, at the cheapest price in steps (issue 14).
* 天翻地覆 (S20c): the own soldiers stand lower than the seen enemy soldiers within six steps of them:
  the sum of the height differences over those pairs is −3 or less (the flip turns its sign).
* 亡命天涯 (S20h, S20n, D-SI7): for an own unit of two or more soldiers within four steps of a seen enemy,
  named by its soldier farthest from the enemy; for each count the legal choice (S20n: the rest stays
  one unit) that discards the soldiers nearest the enemy (``discard_choice``) is tried on the hard
  planner's model of the position (engine.shachang.star_plan: its best whole turn and the others'
  answers) against the same turn without the item; used when it comes out at least a soldier's worth
  better (the discarded soldiers counted as lost): one extra step to reach a shot or to get out of a
  fight it loses.
"""
from __future__ import annotations

import numpy as np

from engine.shachang import star_cells as sc
from engine.shachang.actions import End, UseItem
from engine.shachang.sight import blocking_cell
from engine.shachang.star_plan import TurnPlanner
from engine.shachang.star_player import StarPlayer, by_kind, near, normal_item


def choose_item(obs, items, hard: bool = False) -> UseItem | None:
    """One of ``items`` (legal item uses) worth playing now, or None: the normal player's rules of thumb
    (engine.shachang.star_player.normal_item), then with ``hard`` also 愚公移山, 天翻地覆 and 亡命天涯."""
    use = normal_item(obs, items)
    if use is not None or not hard or not items:
        return use
    kinds = by_kind(items)
    me = obs.player
    own_groups = [g for g in obs.groups if g.owner == me]
    enemies = [u.cell for u in obs.units if u.owner != me]
    group_of = {c: g for g in own_groups for c in g.cells}
    heights = np.maximum(np.asarray(obs.heights), 0)  # unexplored counted as flat ground
    seen = [c for c in enemies if c not in getattr(obs, "occupied", ())]
    yugong, tried, blocked = [], {}, {}
    for a in kinds.get("yugong", []):
        g = group_of.get(a.cells[0])
        if g is None or not g.can_attack:
            continue
        if g.cells not in blocked:
            blocked[g.cells] = None if has_shot(g, seen, heights) else in_range(g, seen)
        pairs = blocked[g.cells]
        _, src, dst = a.cells
        key = (g.cells, src, dst, a.count)
        if not pairs or key in tried:
            continue
        h = heights.copy()
        h[src] -= a.count
        h[dst] += a.count
        # only a line through src or dst (or from/to them) can change: hex lines are shortest paths
        touched = [(c, e) for c, e in pairs if any(m in (c, e) or sc.distance(c, m) + sc.distance(m, e)
                                                   == sc.distance(c, e) for m in (src, dst))]
        tried[key] = any(_clear(h, c, e) for c, e in touched)
        if tried[key]:
            yugong.append((a.count, str(a), a))
    if yugong:
        return min(yugong)[2]
    if kinds.get("fanfu"):
        mine = [c for g in own_groups for c in g.cells]
        diff = sum(int(heights[c]) - int(heights[e]) for c in mine for e in seen if sc.distance(c, e) <= 6)
        if diff <= -3:
            return kinds["fanfu"][0]
    escape = []
    for g in own_groups:  # named by its soldier farthest from the enemy, each count tried
        if g.size < 2 or not near(g.cells, enemies, 4):
            continue
        uses = [a for a in kinds.get("wangming", []) if a.cells[0] in g.cells]
        if not uses:
            continue
        cell = max({a.cells[0] for a in uses}, key=lambda c: (min(sc.distance(c, e) for e in enemies), c))
        for a in discard_choice([a for a in uses if a.cells[0] == cell], enemies):
            gain = wangming_gain(obs, a)
            if gain >= 4.0:  # at least a soldier's worth better (star_plan scores 4 a soldier)
                escape.append((-gain, str(a), a))
    if escape:
        return min(escape)[2]
    return None


def discard_choice(uses, enemies) -> list[UseItem]:
    """For each count, the one use of 亡命天涯 among ``uses`` (legal uses, S20n) that discards the soldiers
    nearest the ``enemies``: the smallest sum of their distances to the nearest enemy soldier, then the
    largest sum of distances from the soldier naming the unit, then the cells' order (counted work, the
    same choice every time)."""
    best: dict = {}
    for a in uses:
        gone = a.cells[1:]
        key = (sum(min(sc.distance(c, e) for e in enemies) for c in gone),
               -sum(sc.distance(a.cells[0], c) for c in gone), a.cells)
        if a.count not in best or key < best[a.count][0]:
            best[a.count] = (key, a)
    return [best[n][1] for n in sorted(best)]


def _best_score(base, me: int) -> float:
    """The hard planner's best whole-turn outcome on the model ``base`` (engine.shachang.star_plan:
    every policy's turn, the others' answers, soldiers against the enemies'), seeded the same each call."""
    planner = TurnPlanner(StarPlayer("hard", seed=1))  # its seed and evaluator
    best = None
    for _, policy in planner._policies():
        g = base.clone()
        for _ in range(80):
            if g.is_over or g.current_player != me:
                break
            a = policy.act(g.observe(me), g.legal_actions())
            g.apply(a)
            if isinstance(a, End):
                break
        score = planner._reply_score(g, me)
        best = score if best is None else max(best, score)
    return best


def wangming_gain(obs, a: UseItem) -> float:
    """What 亡命天涯 ``a`` (S20h, S20n, D-SI7: ``a`` names the soldier that stays, then the ones discarded)
    gains: on the hard planner's model of the position built from the observation
    (engine.shachang.star_plan), its best turn and the others' answers with the soldiers discarded and the
    extra steps, against the same without the item (the discarded soldiers count as lost)."""
    me = obs.player
    enemies = {u.cell: u.owner for u in obs.units if u.owner != me}
    try:
        base = TurnPlanner._model(None, obs, enemies)
    except ValueError:
        return 0.0
    base._begin_battle()
    base.acted = True
    g = base.clone()
    cell = a.cells[0]
    for c in a.cells[1:]:
        del g.units[c]
        g.origin.pop(c, None)
    g.budgets[g.origin[cell]] += a.count
    g._refresh_vision()
    return _best_score(g, me) - _best_score(base, me)


def in_range(g, enemies) -> list:
    """(own soldier, enemy soldier) pairs of own unit ``g`` within its 番数 (S19e)."""
    return [(c, e) for c in g.cells for e in enemies if sc.distance(c, e) <= g.attack_range]


def _clear(heights: np.ndarray, c, e) -> bool:
    return blocking_cell(heights, c, e, int(heights[c]) + 1, int(heights[e]) + 1, grid=sc.LATTICE) is None


def has_shot(g, enemies, heights: np.ndarray) -> bool:
    """True when a soldier of own unit ``g`` has a clear line (S8, S19f: terrain + 1) to a soldier of
    ``enemies`` within its 番数 on ``heights`` (S19e)."""
    return any(_clear(heights, c, e) for c, e in in_range(g, enemies))
