"""When the star's computer players use an item (S20, decisions D-SI1–D-SI8), from their observation only.

Rules of thumb, each for a situation where the item clearly pays (the normal and hard players ask
this before their attacks; easy never uses items):

* 寸土不让 (S20i): an own unit that may take it and has two or more enemy soldiers within its 番数.
* 同归于尽 (S20f): the unit's soldiers are fewer than the enemy groups its blast reaches (lines are
  not checked: heights may block some), and the blast touches no other own unit.
* 画地为牢 (S20d): a seen enemy unit of three or more soldiers within four steps of an own soldier.
* 世外桃源 (S20g): a lone own soldier that cannot attack with three or more enemy soldiers within
  two steps.
"""
from __future__ import annotations

from engine.shachang import rules
from engine.shachang import star_cells as sc
from engine.shachang.actions import UseItem


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
        if e is not None and e.size >= 3 and any(near(g.cells, e.cells, 4) for g in own_groups):
            if best is None or e.size > best[0]:
                best = (e.size, a)
    if best is not None:
        return best[1]
    for a in kinds.get("taoyuan", []):
        g = group_of.get(a.cells[0])
        if g is not None and g.size == 1 and not g.can_attack and len(near(g.cells, enemies, 2)) >= 3:
            return a
    return None
