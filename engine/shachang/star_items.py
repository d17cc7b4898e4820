"""The fun items (趣味版, S20a–S20j) on the Chinese-checkers star (S19a–S19h).

The items' state is the square maps' ``ItemState`` (engine/shachang/items.py: hidden item cells,
hands of at most three, one use per turn, the items' own seeded generator); this module gives the
eight items their meaning where a *unit* is a connected group of own soldiers (S19b). An item names
its unit by any one of its soldiers (``item liu i5``: the unit of the soldier on i5). The readings
the rulings leave open are decisions D-SI1 ... in docs/rules/shachang_star.md:

* D-SI1 item cells lie on star cells off the seated players' points; a soldier's move that ends on
  one draws for its owner.
* D-SI2 愚公移山: one soldier of the unit works: src and dst within 1 step of it, paid from the
  budget of its start unit (S19d).
* D-SI3 画地为牢: every soldier of the enemy unit is jailed: none of them moves in its owner's next
  turn, and no own soldier of that player may stop (or be placed) touching them (no march received).
* D-SI4 溜之大吉: the unit's soldiers land on random empty cells (seeded) that form a connected group
  of the same size touching no other own soldier; refused when there is no such room.
* D-SI5 同归于尽: the unit's soldiers are removed; every soldier group of any player within 番数 of
  one of its soldiers with an unblocked line loses its soldier nearest to the unit.
* D-SI6 世外桃源: the unit's soldiers skip the next turn, cannot be attacked, are seen by enemies only
  as occupied cells; no own soldier may stop or be placed touching them.
* D-SI7 亡命天涯: the named soldier must not have moved; the soldiers farthest from it leave the game,
  one extra step each on the budget of its start unit.
* D-SI8 寸土不让: a unit none of whose soldiers moved and whose start units kept their whole budget
  gives the budget up and may attack up to three times.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

import numpy as np

from engine.api import IllegalAction, ParseError, Step
from engine.chance import Chance, fresh_seed
from engine.messages import Msg
from engine.shachang import rules
from engine.shachang import star_cells as sc
from engine.shachang.actions import Attack, March, Reinforce, UseItem, _count, _shown, _whole
from engine.shachang.item_rules import CUNTU_SHOTS, FORM, HEIGHT_KINDS, HIDE_TURNS, JAIL_TURNS, KINDS, RULE, name
from engine.shachang.items import HAND, ItemState, ItemsObservation, cell_count, item_facts, remembered_heights
from engine.shachang.items import vary as vary_items
from engine.shachang.star_actions import _StarText
from engine.shachang.star_observation import GroupView, StarObservation
from engine.shachang.state import Ghost, Unit

if TYPE_CHECKING:
    from engine.shachang.star_game import StarGame

Cell = tuple[int, int]


class StarUseItem(_StarText, UseItem):
    """An item use whose text names star cells (``item liu i5``); equal to the plain ``UseItem``."""

    def __str__(self) -> str:
        parts = ["item", self.kind] + [sc.name(c) for c in self.cells]
        if FORM.get(self.kind, (0, False))[1]:
            parts.append(str(self.count))
        return " ".join(parts)


def _seat(p: int) -> Msg:
    return Msg.of("common.seat", n=p + 1)


# ---------------------------------------------------------------- text
def parse_item(args: list[str]) -> StarUseItem:
    """The item action of the words after ``item`` with star cell names (ParseError naming the form)."""
    from engine.shachang.item_rules import parse_item as parse

    def cell(text):
        try:
            return sc.parse(text)
        except ValueError as e:
            raise ParseError(str(e)) from None

    a = parse(args, cell, _count)
    return StarUseItem(a.kind, a.cells, a.count)


def validated(a) -> StarUseItem:
    """``a`` with plain-int star cells and count, or IllegalAction ("action form" / "S19a board")."""
    from engine.shachang.item_rules import validated_item

    def cell(c):
        if not (isinstance(c, tuple) and len(c) == 2 and all(_whole(x) for x in c)):
            raise IllegalAction("action form", key="shachang.form.cell", verb=Msg.of("shachang.act.verb.item"),
                                value=_shown(c))
        c = (int(c[0]), int(c[1]))
        if not sc.on_star(c):
            raise IllegalAction("S19a board", key="shachang.star.off_star", verb=Msg.of("shachang.act.verb.item"),
                                value=_shown(c))
        return c

    def count(n) -> int:
        if not _whole(n) or n < 1:
            raise IllegalAction("action form", key="shachang.form.count", verb=Msg.of("shachang.act.verb.item"),
                                value=_shown(n))
        return int(n)

    v = validated_item(a, cell, count, _shown)
    return StarUseItem(v.kind, v.cells, v.count)


def describe(a: UseItem) -> Msg:
    """The item use as a keyed message with star cell names."""
    c = [sc.name(x) for x in a.cells]
    if a.kind == "yugong":
        return Msg.of("shachang.act.item.yugong", unit=c[0], src=c[1], dst=c[2], n=a.count)
    if a.kind == "fanfu":
        return Msg.of("shachang.act.item.fanfu")
    if a.kind == "wangming":
        return Msg.of("shachang.act.item.wangming", unit=c[0], n=a.count)
    return Msg.of(f"shachang.act.item.{a.kind}", unit=c[0])


def item_steps(a: UseItem) -> tuple:
    """The client's steps of an item use: its card, its star cells, its count where it takes one."""
    out = [Step("button", f"item:{a.kind}", f"shachang.item.name.{a.kind}")]
    out += [Step("cell", sc.name(c)) for c in a.cells]
    if FORM[a.kind][1]:
        out.append(Step("count", str(a.count), "shachang.step.count"))
    return tuple(out)


# ---------------------------------------------------------------- creation
def create(g: "StarGame", seed: int | None, setup: dict | None = None, forced: dict | None = None) -> ItemState:
    """The items of a new star game: ``setup`` or item cells drawn with the items' generator among the
    empty star cells off the seated players' points (S20a, D-SI1)."""
    seed = fresh_seed() if seed is None else int(seed)
    st = ItemState(seed, Chance(seed, forced), hands=[[] for _ in range(g.n)], memory=[{} for _ in range(g.n)])
    if setup is not None:
        st.cells = set(setup["cells"])
        st.hands = [list(h) for h in setup["hands"]]
        return st
    spawns = {c for sp in g.spawns for c in sp}
    free = [c for c in sc.CELLS if c not in g.units and c not in spawns]
    for _ in range(min(cell_count(len(sc.CELLS)), len(free))):
        st.cells.add(free.pop(st.chance.pick(len(free), "item cell", visible_to=())))
    return st


def check_setup(data, n: int, mode: str) -> dict:
    """An item setup with star cell names checked by meaning (ValueError naming the problem)."""
    if not isinstance(data, dict) or set(data) - {"cells", "hands"}:
        raise ValueError("item setup must be {\"cells\": [...], \"hands\": [[...], ...]}")
    cells = []
    for c in data.get("cells", []):
        try:
            cells.append(sc.parse(c[:20]) if isinstance(c, str) else None)
        except ValueError:
            cells.append(None)
        if cells[-1] is None:
            raise ValueError(f"item setup: {str(c)[:40]!r} is not a cell of the star")
    hands = data.get("hands", [[] for _ in range(n)])
    if not isinstance(hands, list) or len(hands) != n:
        raise ValueError(f"item setup: hands must list {n} hands")
    for h in hands:
        if not isinstance(h, list) or len(h) > HAND or any(k not in KINDS for k in h):
            raise ValueError(f"item setup: a hand is a list of at most {HAND} of {', '.join(KINDS)}")
        if mode == "classic" and any(k in HEIGHT_KINDS for k in h):
            raise ValueError("item setup: no height items in classic mode (S20a)")
    return {"cells": cells, "hands": [list(h) for h in hands]}


# ---------------------------------------------------------------- marks on soldiers
def _touching_marked(g: "StarGame", cell: Cell, p: int, skip: Cell | None = None):
    """An own soldier of ``p`` next to ``cell`` that is jailed or withdrawn (D-SI3, D-SI6), or None."""
    for n in sc.NEIGHBOURS[cell]:
        u = g.units.get(n)
        if n != skip and u is not None and u.owner == p and (u.jail or u.hidden):
            return n, u
    return None


def check_target(g: "StarGame", a) -> None:
    """The items' checks of a star march, attack or reinforcement, made before the game names an
    occupant: a withdrawn soldier neither acts nor is attacked (S20g); a jailed soldier does not move
    (S20d); nobody stops or is placed next to a jailed or withdrawn own soldier (D-SI3, D-SI6)."""
    from engine.shachang.star_actions import describe as describe_action

    p = g.cur
    act = describe_action(a)
    if isinstance(a, Reinforce):
        d = g.units.get(a.cell)
        if d is not None and d.hidden:
            raise IllegalAction("S20g withdrawn", key="shachang.item.withdrawn_cell", action=act,
                                cell=sc.name(a.cell))
        t = _touching_marked(g, a.cell, p)
        if t is not None and t[1].hidden:
            raise IllegalAction("S20g withdrawn", key="shachang.item.withdrawn_cell", action=act, cell=sc.name(t[0]))
        return
    s = g.units.get(a.src)
    if s is not None and s.owner == p:
        if s.hidden:
            raise IllegalAction("S20g withdrawn", key="shachang.item.withdrawn_cell", action=act, cell=sc.name(a.src))
        if isinstance(a, March) and s.jail:
            raise IllegalAction("S20d jailed", key="shachang.item.jailed_cell", action=act, cell=sc.name(a.src))
    d = g.units.get(a.dst)
    if d is not None and d.hidden:
        raise IllegalAction("S20g withdrawn", key="shachang.item.withdrawn_cell", action=act, cell=sc.name(a.dst))
    if isinstance(a, March) and d is None:
        t = _touching_marked(g, a.dst, p, skip=a.src)
        if t is not None:
            rule, key = ("S20g withdrawn", "withdrawn_cell") if t[1].hidden else ("S20d jailed", "jailed_cell")
            raise IllegalAction(rule, key=f"shachang.item.{key}", action=act, cell=sc.name(t[0]))


def reach_filter(g: "StarGame", cell: Cell, reach: dict) -> dict:
    """``reach`` without what a jailed or withdrawn soldier may not do (S20d, S20g, D-SI3, D-SI6)."""
    u = g.units.get(cell)
    if u is None or u.jail or u.hidden:
        return {}
    return {c: k for c, k in reach.items() if _touching_marked(g, c, u.owner, skip=cell) is None}


def after_action(g: "StarGame", a, p: int) -> None:
    """After every star action: a move ending on an item cell draws (S20a, D-SI1); 寸土不让 keeps its
    unit's attack while it has shots left (S20i); remembered heights of cells seen again are dropped."""
    st = g.items
    if isinstance(a, March) and a.dst in st.cells and a.dst in g.units and len(st.hands[p]) < HAND:
        _draw(g, st, p, a.dst)
    elif isinstance(a, Attack) and a.src in g.units:
        grp = g.group_of(a.src)
        shots = max(g.units[c].shots for c in grp)
        if shots:
            for c in grp:
                g.units[c].shots = shots - 1
            if shots - 1 > 0:
                for c in grp:
                    g.units[c].attacked = False
    if g.fog:
        st.forget_seen(g)


def _draw(g: "StarGame", st: ItemState, p: int, cell: Cell) -> None:
    kinds = st.kinds(g.mode)
    kind = kinds[st.chance.pick(len(kinds), "item", visible_to={p})]
    st.cells.discard(cell)
    st.hands[p].append(kind)
    g._event(Msg.of("shachang.ev.item.drawn", seat=_seat(p), cell=sc.name(cell), item=name(kind)), frozenset([p]))
    others = _seers(g, [cell])
    others = frozenset(range(g.n)) if others is None else others
    others -= {p}
    if others:
        g._event(Msg.of("shachang.ev.item.found", seat=_seat(p), cell=sc.name(cell)), others)


def _seers(g: "StarGame", cells, extra=()) -> frozenset | None:
    """Without fog everybody (None), else the players who see one of ``cells`` now, plus ``extra``."""
    if not g.fog:
        return None
    who = set(extra)
    for q in range(g.n):
        vis = g.visible(q)
        if any(vis[c] for c in cells):
            who.add(q)
    return frozenset(who)


# ---------------------------------------------------------------- checks
def _refuse(kind: str, what: str, a, **params) -> IllegalAction:
    return IllegalAction(f"{RULE.get(kind, 'S20a')} {what}", key=f"shachang.item.{what.replace(' ', '_')}",
                         action=describe(a), item=name(a.kind), **params)


def _own_group(g: "StarGame", a, cell: Cell) -> list[Cell]:
    """The current player's unit (connected soldiers) of the soldier on ``cell``, or raise."""
    u = g.units.get(cell)
    if u is None or u.owner != g.cur:
        raise _refuse(a.kind, "own unit", a, cell=sc.name(cell))
    if u.hidden:
        raise _refuse("taoyuan", "withdrawn", a, cell=sc.name(cell))
    return g.group_of(cell)


def check(g: "StarGame", a: UseItem) -> None:
    """Raise IllegalAction if the item use ``a`` is illegal now on the star (S20a, the item's rule)."""
    its = g.items
    if its is None:
        raise _refuse("none", "off", a)
    p = g.cur
    if g._must_reinforce():
        raise IllegalAction("S13 forced reinforcement", key="shachang.must_reinforce", action=describe(a),
                            seat=_seat(p))
    if g.mode == "classic" and a.kind in HEIGHT_KINDS:
        raise _refuse("none", "classic", a)
    if a.kind not in its.hands[p]:
        raise _refuse("none", "not in hand", a)
    if its.used:
        raise _refuse("none", "one per turn", a)
    k = a.kind
    if k == "fanfu":
        return
    cell = a.cells[0]
    if k == "dilao":
        if g.fog and not g.visible(p)[cell]:  # S7 before occupancy
            raise _refuse(k, "not in sight", a, cell=sc.name(cell))
        t = g.units.get(cell)
        if t is not None and t.owner != p and t.hidden:
            raise _refuse("taoyuan", "untouchable", a, cell=sc.name(cell))
        if t is None or t.owner == p:
            raise _refuse(k, "no enemy", a, cell=sc.name(cell))
        return
    grp = _own_group(g, a, cell)
    u = g.units[cell]
    if k == "yugong":
        _check_yugong(g, a, u)
    elif k == "liu":
        if not _room(g, grp):
            raise IllegalAction("S20e room", key="shachang.star.item.no_room", action=describe(a),
                                item=name(k), n=len(grp))
    elif k == "wangming":
        if u.attacked:
            raise _refuse(k, "attacked", a, cell=sc.name(cell))
        if u.fresh:
            raise IllegalAction("S20h moved", key="shachang.star.moved", action=describe(a), cell=sc.name(cell))
        if u.jail:
            raise _refuse("dilao", "jailed", a, cell=sc.name(cell))
        if a.count > len(grp) - 1:
            raise _refuse(k, "keep one", a, count=len(grp), n=a.count)
    elif k == "cuntu":
        if any(g.units[c].attacked for c in grp):
            raise _refuse(k, "attacked", a, cell=sc.name(cell))
        if any(g.units[c].fresh for c in grp) or any(g.budget_left(c) < g.P.move for c in grp):
            raise _refuse(k, "marched", a, cell=sc.name(cell))


def _check_yugong(g: "StarGame", a, u: Unit) -> None:
    unit, src, dst = a.cells
    left = g.budget_left(unit) if not u.attacked else 0
    if left <= 0:
        raise _refuse("yugong", "no moves", a, cell=sc.name(unit))
    for c in (src, dst):
        if sc.distance(unit, c) > 1:
            raise _refuse("yugong", "too far", a, cell=sc.name(c), unit=sc.name(unit))
    if sc.distance(src, dst) != 1:
        raise _refuse("yugong", "not neighbours", a, src=sc.name(src), dst=sc.name(dst))
    if a.count > left:
        raise _refuse("yugong", "move power", a, n=a.count, moves=left)
    if int(g.heights[src]) < a.count:
        raise _refuse("yugong", "below zero", a, cell=sc.name(src), h=int(g.heights[src]), n=a.count)


def _landing(g: "StarGame", grp: list[Cell]) -> set:
    """Cells 溜之大吉 may use: empty now, touching no other own soldier (D-SI4)."""
    p = g.units[grp[0]].owner
    mine = set(grp)
    return {c for c in sc.CELLS if c not in g.units
            and not any((u := g.units.get(n)) is not None and u.owner == p and n not in mine
                        for n in sc.NEIGHBOURS[c])}


def _room(g: "StarGame", grp: list[Cell]) -> bool:
    ok = _landing(g, grp)
    return any(len(comp) >= len(grp) for comp in sc.components(ok))


# ---------------------------------------------------------------- legal uses
def legal(g: "StarGame") -> list[StarUseItem]:
    """Every legal item use of the current player now (complete: a unit may be named by any of its
    soldiers, so the client offers every soldier of it)."""
    its = g.items
    if its is None or g.over or its.used or g._must_reinforce():
        return []
    p = g.cur
    kinds = sorted(set(its.hands[p]), key=KINDS.index)
    groups = [grp for grp in g.groups(p) if not g.units[grp[0]].hidden]
    out: list[StarUseItem] = []
    for k in kinds:
        if g.mode == "classic" and k in HEIGHT_KINDS:
            continue
        if k == "fanfu":
            out.append(StarUseItem(k))
        elif k == "dilao":
            vis = g.visible(p)
            out += [StarUseItem(k, (c,)) for c, t in sorted(g.units.items())
                    if t.owner != p and not t.hidden and vis[c]]
        elif k == "yugong":
            for grp in groups:
                for c in grp:
                    left = g.budget_left(c) if not g.units[c].attacked else 0
                    if left <= 0:
                        continue
                    near = [c] + list(sc.NEIGHBOURS[c])
                    for s in near:
                        for d in near:
                            if sc.distance(s, d) == 1:
                                out += [StarUseItem(k, (c, s, d), n)
                                        for n in range(1, min(left, int(g.heights[s])) + 1)]
        elif k == "liu":
            out += [StarUseItem(k, (c,)) for grp in groups if _room(g, grp) for c in grp]
        elif k in ("tonggui", "taoyuan"):
            out += [StarUseItem(k, (c,)) for grp in groups for c in grp]
        elif k == "wangming":
            for grp in groups:
                out += [StarUseItem(k, (c,), n) for c in grp if not (u := g.units[c]).fresh and not u.attacked
                        and not u.jail for n in range(1, len(grp))]
        elif k == "cuntu":
            out += [StarUseItem(k, (c,)) for grp in groups
                    if not any(g.units[c].attacked or g.units[c].fresh or g.budget_left(c) < g.P.move for c in grp)
                    for c in grp]
    return out


# ---------------------------------------------------------------- effects
def apply(g: "StarGame", a: UseItem) -> None:
    """Play a checked item use on the star (S20j: logged, told to the players who see its cells)."""
    p = g.cur
    its = g.items
    g._begin_battle()  # an item is a battle-phase action (S20a, S12): the budgets are set now
    its.hands[p].remove(a.kind)
    its.used = True
    g.acted = True
    k = a.kind
    if k == "fanfu":
        _fanfu(g, p)
        return
    cell = a.cells[0]
    grp = g.group_of(cell)
    seat = _seat(p)
    if k == "yugong":
        _yugong(g, p, a)
    elif k == "dilao":
        owner = g.units[cell].owner
        for c in grp:
            g.units[c].jail = JAIL_TURNS
        g._event(Msg.of("shachang.ev.item.dilao", seat=seat, cell=sc.name(cell), victim=_seat(owner)),
                 _seers(g, [cell], {p, owner}))
    elif k == "liu":
        _liu(g, p, cell, grp)
    elif k == "tonggui":
        _tonggui(g, p, cell, grp)
    elif k == "taoyuan":
        who = _seers(g, grp, {p})
        for c in grp:
            g.units[c].hidden = HIDE_TURNS
        g._event(Msg.of("shachang.ev.item.taoyuan", seat=seat, cell=sc.name(cell)), who)
    elif k == "wangming":
        _wangming(g, p, cell, grp, a.count)
    elif k == "cuntu":
        for c in grp:
            i = g.origin.get(c)
            if i is not None:
                g.budgets[i] = 0
            g.units[c].shots = CUNTU_SHOTS
        g._event(Msg.of("shachang.ev.item.cuntu", seat=seat, cell=sc.name(cell)), _seers(g, grp, {p}))


def set_heights(g: "StarGame", h: np.ndarray, changed) -> None:
    """New terrain on the star: vision from scratch (S10, S19f); players who had explored a changed cell
    and do not see it now keep its old height (S11; ``changed`` None = every cell)."""
    old = g.heights
    h = np.asarray(h, dtype=np.int16)
    h.setflags(write=False)
    g.heights = h
    if not g.fog:
        return
    g._hex_vision = False
    g._ensure_hex_vision()
    for gh in g.ghosts:
        g._vision.add(gh.owner, (gh.cell[0], gh.cell[1], 0, gh.radius), ignore_terrain=True)
    g._refresh_vision()
    if changed is None:
        return
    for p in range(g.n):
        vis = g.visible(p)
        for c in changed:
            if g.explored[p][c] and not vis[c] and old[c] != h[c]:
                g.items.memory[p].setdefault(c, int(old[c]))


def _yugong(g: "StarGame", p: int, a) -> None:
    """S20b, D-SI2: ``a.count`` height from src to dst for as many steps of the soldier's start unit."""
    unit, src, dst = a.cells
    before = _seers(g, [src, dst], {p})
    h = np.array(g.heights, dtype=np.int16)
    h[src] -= a.count
    h[dst] += a.count
    g.budgets[g.origin[unit]] -= a.count
    set_heights(g, h, [src, dst])
    after = _seers(g, [src, dst], {p})
    g._event(Msg.of("shachang.ev.item.yugong", seat=_seat(p), unit=sc.name(unit), src=sc.name(src),
                    dst=sc.name(dst), n=a.count), None if before is None else before | after)


def _fanfu(g: "StarGame", p: int) -> None:
    """S20c: every star cell's h becomes max + min - h; remembered heights too."""
    vals = g.heights[sc.MASK]
    hi, lo = int(vals.max()), int(vals.min())
    h = np.array(g.heights, dtype=np.int16)
    h[sc.MASK] = hi + lo - h[sc.MASK]
    g.items.flip_memory(hi + lo)
    set_heights(g, h, None)
    g._event(Msg.of("shachang.ev.item.fanfu", seat=_seat(p), hi=hi, lo=lo), None)


def _liu(g: "StarGame", p: int, src: Cell, grp: list[Cell]) -> None:
    """S20e, D-SI4: the unit's soldiers land on a seeded random connected group of empty cells."""
    ok = _landing(g, grp)
    big = set()
    for comp in sc.components(ok):
        if len(comp) >= len(grp):
            big.update(comp)
    starts = sorted(big)
    chance = g.items.chance
    first = starts[chance.pick(len(starts), "liu", visible_to={p})]
    new, frontier = [first], set()
    while len(new) < len(grp):
        frontier.update(n for n in sc.NEIGHBOURS[new[-1]] if n in ok)
        frontier.difference_update(new)
        opts = sorted(frontier)
        new.append(opts[chance.pick(len(opts), "liu", visible_to={p})])
    saw_src = _seers(g, grp, {p})
    olds = [g.units.pop(c) for c in grp]
    for c in grp:
        g.origin.pop(c, None)
        g.last_size.pop(c, None)
    for c, u in zip(sorted(new), olds):
        g.units[c] = Unit(p, 1, fresh=True, last_count=1, jail=u.jail)  # a new camp there (S20e)
    g._refresh_vision()
    dst = sorted(new)[0]
    g._event(Msg.of("shachang.ev.item.liu", seat=_seat(p), src=sc.name(src), dst=sc.name(dst)),
             None if saw_src is None else frozenset([p]))
    if saw_src is not None:
        gone = saw_src - {p}
        if gone:
            g._event(Msg.of("shachang.ev.item.liu_gone", seat=_seat(p), cell=sc.name(src)), gone)
        came = _seers(g, new) - {p}
        if came:
            g._event(Msg.of("shachang.ev.item.liu_came", seat=_seat(p), cell=sc.name(dst)), came)


def blast_victims(g: "StarGame", grp: list[Cell]) -> list[Cell]:
    """The soldiers 同归于尽 of the unit ``grp`` kills (S20f, D-SI5): per soldier group of any player
    (not withdrawn, S20g) its soldier nearest to the unit (then in cell order) among those within 番数
    of a unit soldier with an unblocked line (S8, S19f)."""
    rng = rules.fanshu(len(grp))
    mine = set(grp)
    src_u = g.units[grp[0]]
    out = []
    for owner in range(g.n):
        cells = [c for c, u in g.units.items() if u.owner == owner and c not in mine]
        for comp in sc.components(cells):
            if any(g.units[c].hidden for c in comp):
                continue
            best = None
            for c in comp:
                for s in grp:
                    d = sc.distance(s, c)
                    if d <= rng and (best is None or (d, c) < best) and \
                            g._attack_block(s, src_u, c, g.units[c]) is None:
                        best = (d, c)
            if best is not None:
                out.append(best[1])
    return sorted(out)


def _tonggui(g: "StarGame", p: int, src: Cell, grp: list[Cell]) -> None:
    """S20f, D-SI5: the unit is removed (ghost vision, S9); each group in its blast loses one soldier;
    the last-hit record counts the blast when it hit an enemy (S18)."""
    victims = blast_victims(g, grp)
    saw_src = _seers(g, grp, {p})
    seen_hits = {c: _seers(g, [c], {p}) for c in victims}
    sizes = {c: len(g.group_of(c)) for c in victims}  # the hit soldier's group as it stands
    alone = {c: sizes[c] == 1 for c in victims}
    last = max(1, g.last_size.get(src, len(grp)))
    for c in grp:
        del g.units[c]
        g.last_size.pop(c, None)
        g.origin.pop(c, None)
    g.lost[p] += len(grp)
    g._refresh_vision()
    if g.fog:
        g._add_ghost(Ghost(p, src, rules.vision_range(last)))
    g._event(Msg.of("shachang.ev.item.tonggui", seat=_seat(p), cell=sc.name(src), n=len(victims)), saw_src)
    hit_enemy = False
    owners = set()
    for c in victims:
        t = g.units.pop(c)
        g.origin.pop(c, None)
        lastc = max(1, g.last_size.pop(c, 1))
        g.lost[t.owner] += 1
        owners.add(t.owner)
        hit_enemy |= t.owner != p
        key = "shachang.ev.item.blast_wiped" if alone[c] else "shachang.ev.item.blast_hit"
        who = seen_hits[c]
        if who is not None and saw_src is not None:
            who = who | ({t.owner} & saw_src)
        left = sizes[c] - 1
        g._event(Msg.of(key, seat=_seat(p), src=sc.name(src), dst=sc.name(c), victim=_seat(t.owner), n=left), who)
        if who is not None and t.owner not in who:
            g._event(Msg.of("shachang.star.ev.unseen_hit", victim=_seat(t.owner), cell=sc.name(c)),
                     frozenset([t.owner]))
        if alone[c] and g.fog:
            g._add_ghost(Ghost(t.owner, c, rules.vision_range(lastc)))
    g._refresh_vision()
    if hit_enemy:
        g.hits += 1
        g.last_hit[p] = g.hits
    if g.fog and not g.over:
        g.seen |= g.visible(g.cur)
    for q in sorted(owners | {p}):
        if not g.out[q] and not g.has_soldiers(q):
            by = Msg.of("shachang.ev.out_wiped_by", seat=_seat(q), by=_seat(p))
            g._eliminate(q, by, None if not g.fog else (saw_src or frozenset()) | {q})
    g._check_end()


def discarded(g: "StarGame", cell: Cell, grp: list[Cell], n: int) -> list[Cell]:
    """The ``n`` soldiers 亡命天涯 discards: the unit's soldiers farthest from ``cell`` (D-SI7)."""
    others = sorted((c for c in grp if c != cell), key=lambda c: (-sc.distance(cell, c), c))
    return sorted(others[:n])


def _wangming(g: "StarGame", p: int, cell: Cell, grp: list[Cell], n: int) -> None:
    """S20h, D-SI7: ``n`` soldiers leave the game for ``n`` extra steps of the start unit of ``cell``."""
    who = _seers(g, grp, {p})
    for c in discarded(g, cell, grp, n):
        del g.units[c]
        g.origin.pop(c, None)
        g.last_size.pop(c, None)
    g.lost[p] += n
    g.budgets[g.origin[cell]] += n
    g._refresh_vision()
    g._event(Msg.of("shachang.ev.item.wangming", seat=_seat(p), cell=sc.name(cell), n=n), who)


# ---------------------------------------------------------------- what players see
@dataclass(frozen=True)
class StarItemsObservation(StarObservation, ItemsObservation):
    """A star observation with the items' facts (``ItemsObservation``'s fields)."""

    def key(self) -> tuple:
        return StarObservation.key(self) + (self.hand, self.hand_counts, self.item_used, self.occupied,
                                            self.jailed, self.withdrawn, self.shots)


def observe(g: "StarGame", obs: StarObservation, player: int) -> StarItemsObservation:
    """``obs`` with the items' facts: others' withdrawn soldiers only as occupied cells (S20g), own ones
    shown as unable to act, remembered heights of cells changed out of sight (S11)."""
    from engine.shachang.observation import UnitView

    st = g.items
    vis = obs.visible
    hidden = {c for c, u in g.units.items() if u.owner != player and u.hidden}
    units = tuple(UnitView(u.cell, u.owner, 1, 0, True, u.fresh) if u.owner == player and g.units[u.cell].hidden
                  else u for u in obs.units if u.cell not in hidden)
    groups = [gv for gv in obs.groups if gv.owner == player]
    seen = {}
    for c, u in g.units.items():
        if u.owner != player and vis[c] and c not in hidden:
            seen.setdefault(u.owner, []).append(c)
    for owner in sorted(seen):
        for grp in sc.components(seen[owner]):
            n = len(grp)
            groups.append(GroupView(owner, tuple(grp), n, rules.fanshu(n), rules.vision_range(n)))
    base = {f.name: getattr(obs, f.name) for f in fields(StarObservation)}
    base.update(units=units, heights=remembered_heights(obs, st.memory[player]), groups=tuple(groups))
    return StarItemsObservation(**base, **item_facts(g, player, hidden, vis))


def vary(v: "StarGame", player: int, rng) -> None:
    """Change in the copy ``v`` what ``player`` cannot know of the items (the square maps' rule on the
    star's cells): the item cells, the others' items (not how many), the generator's future."""
    vary_items(v, player, rng, cells=sc.CELLS)
