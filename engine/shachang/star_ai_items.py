"""When the star's computer players use an item (S20, decisions D-SI1–D-SI8), from their observation only.

Rules of thumb, each for a situation where the item clearly pays (the normal and hard players ask
this before their attacks; easy never uses items):

* 寸土不让 (S20i): an own unit that may take it and has two or more enemy soldiers within its 番数.
* 同归于尽 (S20f): the unit's soldiers are fewer than the enemy groups its blast reaches (lines are
  not checked: heights may block some), and the blast touches no other own unit.
* 画地为牢 (S20d): the largest seen enemy unit of two or more soldiers within five steps of an own
  soldier (it cannot come closer or get away next turn).
* 溜之大吉 (S20e): an own unit of one or two soldiers with at least three more enemy soldiers than
  its own size within three steps.
* 世外桃源 (S20g): a lone own soldier that cannot attack with three or more enemy soldiers within
  two steps.
* 愚公移山 (S20b, D-SI2): an own unit that may attack but has no clear line (S8, S19f) to any seen enemy
  soldier in its 番数 gets one, at the cheapest price in steps (issue 14).
* 天翻地覆 (S20c): the own soldiers stand lower than the seen enemy soldiers within six steps of them:
  the sum of the height differences over those pairs is −3 or less (the flip turns its sign).
* 亡命天涯 (S20h, D-SI7): an own unit of three or more soldiers with no clear shot and at least two
  more enemy soldiers than its size within three steps discards one soldier (the one nearest the
  enemy goes, D-SI7) for an extra step away.
"""
from __future__ import annotations

import numpy as np

from engine.shachang import rules
from engine.shachang import star_cells as sc
from engine.shachang.actions import UseItem
from engine.shachang.sight import blocking_cell


def _by_kind(items) -> dict:
    out: dict = {}
    for a in items:
        out.setdefault(a.kind, []).append(a)
    return out


def choose_item(obs, items) -> UseItem | None:
    """One of ``items`` (legal item uses) worth playing now, or None."""
    if not items:
        return None
    kinds = _by_kind(items)
    me = obs.player
    own_groups = [g for g in obs.groups if g.owner == me]
    enemies = [u.cell for u in obs.units if u.owner != me]
    enemy_groups = [g for g in obs.groups if g.owner != me]
    group_of = {c: g for g in own_groups for c in g.cells}

    def near(cells, targets, rng):
        return [t for t in targets if any(sc.distance(c, t) <= rng for c in cells)]

    for a in kinds.get("cuntu", []):
        g = group_of.get(a.cells[0])
        if g is not None and len(near(g.cells, enemies, g.attack_range)) >= 2:
            return a
    for a in kinds.get("tonggui", []):
        g = group_of.get(a.cells[0])
        if g is None:
            continue
        rng = rules.fanshu(g.size)
        hit = [e for e in enemy_groups if near(g.cells, e.cells, rng)]
        own_hit = [o for o in own_groups if o is not g and near(g.cells, o.cells, rng)]
        if not own_hit and len(hit) > g.size:
            return a
    best = None
    for a in kinds.get("dilao", []):
        e = next((e for e in enemy_groups if a.cells[0] in e.cells), None)
        if e is not None and e.size >= 2 and any(near(g.cells, e.cells, 5) for g in own_groups):
            if best is None or e.size > best[0]:
                best = (e.size, a)
    if best is not None:
        return best[1]
    for a in kinds.get("liu", []):
        g = group_of.get(a.cells[0])
        if g is not None and g.size <= 2 and len(near(g.cells, enemies, 3)) >= g.size + 3:
            return a
    for a in kinds.get("taoyuan", []):
        g = group_of.get(a.cells[0])
        if g is not None and g.size == 1 and not g.can_attack and len(near(g.cells, enemies, 2)) >= 3:
            return a
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
    for a in kinds.get("wangming", []):
        g = group_of.get(a.cells[0])
        if a.count != 1 or g is None or g.size < 3 or (g.can_attack and has_shot(g, seen, heights)):
            continue
        if len(near(g.cells, enemies, 3)) >= g.size + 2:
            far = min(sc.distance(a.cells[0], e) for e in enemies)
            escape.append((-far, str(a), a))
    if escape:
        return min(escape)[2]
    return None


def in_range(g, enemies) -> list:
    """(own soldier, enemy soldier) pairs of own unit ``g`` within its 番数 (S19e)."""
    return [(c, e) for c in g.cells for e in enemies if sc.distance(c, e) <= g.attack_range]


def _clear(heights: np.ndarray, c, e) -> bool:
    return blocking_cell(heights, c, e, int(heights[c]) + 1, int(heights[e]) + 1, grid=sc.LATTICE) is None


def has_shot(g, enemies, heights: np.ndarray) -> bool:
    """True when a soldier of own unit ``g`` has a clear line (S8, S19f: terrain + 1) to a soldier of
    ``enemies`` within its 番数 on ``heights`` (S19e)."""
    return any(_clear(heights, c, e) for c, e in in_range(g, enemies))
