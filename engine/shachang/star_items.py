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
  turn, and no own soldier of that player may stop touching them (no march received).
* D-SI4 溜之大吉: the unit's soldiers land on random empty cells (seeded) that form a connected group
  of the same size touching no other own soldier; refused when there is no such room.
* D-SI5 同归于尽: the unit's soldiers are removed; every soldier group of any player within 番数 of
  one of its soldiers with an unblocked line loses its soldier nearest to the unit.
* D-SI6 世外桃源: the unit's soldiers skip the next turn, cannot be attacked, are seen by enemies only
  as occupied cells; no own soldier may stop or be placed touching them.
* D-SI7 亡命天涯 (S20n): the player names a soldier of the unit that has not moved (it stays, and the extra
  steps go to the budget of its start unit) and every soldier it discards (``item wangming i2 i4 i5``);
  a choice that would leave the unit in two or more pieces is refused (S20n).
* D-SI8 寸土不让: a unit none of whose soldiers moved and whose start units kept their whole budget
  gives the budget up and may attack up to three times.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from engine.api import IllegalAction, ParseError, Step
from engine.messages import Msg
from engine.shachang import items as square_items, rules, star_cells as sc
from engine.shachang.actions import Attack, UseItem, _count, _shown, _whole, validated_on
from engine.shachang.item_actions import (describe_item, item_steps as square_item_steps, item_text, name,
                                          parse_item as parse)
from engine.shachang.item_rules import (CUNTU_SHOTS, HIDE_TURNS, SquareBoard, _refuse, _seat, _seers, apply_item,
                                        blast_end, blast_told, check_item, check_yugong, legal_items, liu_told)
from engine.shachang.log import counted
from engine.shachang.items import ItemsObservation, ItemState, checked_hands, item_facts, remembered_heights
from engine.shachang.observation import UnitView
from engine.shachang.star_actions import _on_star, _StarText
from engine.shachang.star_observation import GroupView, StarObservation
from engine.shachang.state import Ghost, Unit

if TYPE_CHECKING:
    from engine.shachang.star_game import StarGame

Cell = tuple[int, int]


class StarUseItem(_StarText, UseItem):
    """An item use whose text names star cells (``item liu i5``); equal to the plain ``UseItem``."""

    def __str__(self) -> str:
        if _chosen(self):  # S20n: the soldier naming the unit, then every soldier discarded
            return " ".join(["item", "wangming"] + [sc.name(c) for c in self.cells])
        return item_text(self, sc.name)


WANGMING_CELLS = 16  # the most cells a 亡命天涯 text names (the unit's soldier and at most 15 discarded)


def _chosen(a) -> bool:
    """Whether ``a`` is 亡命天涯 in the star's form naming its discarded soldiers (S20n): the unit's
    soldier, then one or more discarded ones (the count is how many)."""
    return getattr(a, "kind", None) == "wangming" and isinstance(getattr(a, "cells", None), tuple) \
        and len(a.cells) > 1


# ---------------------------------------------------------------- text
def parse_item(args: list[str]) -> StarUseItem:
    """The item action of the words after ``item`` with star cell names (ParseError naming the form).
    亡命天涯 names the cells (S20n): ``item wangming i2 i4 i5`` (i2 stays and names the unit, i4 and i5
    are discarded); the square maps' count form ``item wangming i2 2`` is read so that the rules can say
    why the star refuses it."""
    def cell(text):
        try:
            return sc.parse(text)
        except ValueError as e:
            raise ParseError(str(e)) from None

    if args and args[0].lower() == "wangming" and not (len(args) == 3 and args[2].lstrip("+-").isdigit()):
        if not 3 <= len(args) <= WANGMING_CELLS + 1:
            raise ParseError("item wangming on the star names the soldier that stays and each soldier it "
                             "discards (S20n), e.g. item wangming i2 i4 i5")
        cells = [cell(x) for x in args[1:]]
        return StarUseItem("wangming", (cells[0],) + tuple(sorted(cells[1:])), len(cells) - 1)
    a = parse(args, cell, _count)
    return StarUseItem(a.kind, a.cells, a.count)


def validated(a) -> StarUseItem:
    """``a`` with plain-int star cells and count, or IllegalAction ("action form" / "S19a board");
    亡命天涯's discarded soldiers in cell order (S20n)."""
    if _chosen(a):
        return _validated_wangming(a)
    v = validated_on(a, _on_star)
    return StarUseItem(v.kind, v.cells, v.count)


def _validated_wangming(a) -> StarUseItem:
    """S20n's form: star cells, the unit's soldier not among the discarded, no soldier twice, the count
    the number discarded, at most ``WANGMING_CELLS`` cells; the discarded ones sorted."""
    verb = Msg.of("shachang.act.verb.item")
    cells = []
    for c in a.cells[:WANGMING_CELLS + 1]:
        if not (isinstance(c, tuple) and len(c) == 2 and all(_whole(x) for x in c)):
            raise IllegalAction("action form", key="shachang.form.cell", verb=verb, value=_shown(c))
        c = (int(c[0]), int(c[1]))
        _on_star(c, verb)
        cells.append(c)
    unit, gone = cells[0], cells[1:]
    n = getattr(a, "count", None)
    if len(a.cells) > WANGMING_CELLS or unit in gone or len(set(gone)) != len(gone) \
            or not (_whole(n) and int(n) == len(gone)):
        raise IllegalAction("action form", key="shachang.star.form.wangming", item=name("wangming"),
                            n=WANGMING_CELLS - 1)
    return StarUseItem("wangming", (unit,) + tuple(sorted(gone)), len(gone))


def describe(a: UseItem) -> Msg:
    """The item use as a keyed message with star cell names."""
    if _chosen(a):
        return Msg.of("shachang.act.item.wangming_cells", unit=sc.name(a.cells[0]),
                      cells=" ".join(sc.name(c) for c in a.cells[1:]), n=a.count,
                      extra=counted(a.count, "extra_step"))
    return describe_item(a, sc.name)


def item_steps(a: UseItem) -> tuple:
    """The client's steps of an item use: its card, its star cells, its count where it takes one
    (亡命天涯, S20n: the card, the unit's soldier, each discarded soldier; no count)."""
    if _chosen(a):
        return (Step("button", "item:wangming", "shachang.item.name.wangming"),) + tuple(
            Step("cell", sc.name(c)) for c in a.cells)
    return square_item_steps(a, sc.name)


# ---------------------------------------------------------------- creation
def create(g: "StarGame", seed: int | None, setup: dict | None = None, forced: dict | None = None) -> ItemState:
    """The items of a new star game: ``setup`` or item cells drawn with the items' generator among the
    empty star cells off the seated players' points (S20a, D-SI1)."""
    return square_items.create(g, seed, setup, forced, cells=list(sc.CELLS))


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
    return {"cells": cells, "hands": checked_hands(data, n, mode)}


# ---------------------------------------------------------------- marks on soldiers
def _touching_marked(g: "StarGame", cell: Cell, p: int, skip: Cell | None = None):
    """An own soldier of ``p`` next to ``cell`` that is withdrawn (D-SI6), else one that is jailed
    (D-SI3), or None. A withdrawn one comes first: a reinforcement is refused only next to it."""
    marked = [(n, u) for n in sc.NEIGHBOURS[cell] if n != skip and (u := g.units.get(n)) is not None
              and u.owner == p and (u.jail or u.hidden)]
    return next((m for m in marked if m[1].hidden), marked[0] if marked else None)


def placeable(g: "StarGame", cell: Cell, p: int) -> bool:
    """Whether a reinforcement of ``p`` may be placed on ``cell`` as far as the items go: the cell
    touches no own soldier withdrawn by 世外桃源 (D-SI6; one next to a jailed soldier is placed, D-SI3
    forbids stopping there only)."""
    t = _touching_marked(g, cell, p)
    return t is None or not t[1].hidden


def check_target(g: "StarGame", a) -> None:
    """The items' checks of a star march, attack or reinforcement, made before the game names an
    occupant: a withdrawn soldier neither acts nor is attacked (S20g); a jailed soldier does not move
    (S20d); nobody stops next to a jailed or withdrawn own soldier, nor is placed next to a withdrawn
    one (D-SI3, D-SI6)."""
    square_items.check_target(g, a, sc.name, _touching_marked)


def reach_filter(g: "StarGame", cell: Cell, reach: dict) -> dict:
    """``reach`` without what a jailed or withdrawn soldier may not do (S20d, S20g, D-SI3, D-SI6)."""
    u = g.units.get(cell)
    if u is None or u.jail or u.hidden:
        return {}
    return {c: k for c, k in reach.items() if _touching_marked(g, c, u.owner, skip=cell) is None}


def after_action(g: "StarGame", a, p: int) -> None:
    """After every star action: a move ending on an item cell draws (S20a, D-SI1); 寸土不让 keeps its
    unit's attack while it has shots left (S20i); remembered heights of cells seen again are dropped."""
    square_items.after_action(g, a, p, sc.name, _shot)
    _jail_joiners(g, p)


def _jail_joiners(g: "StarGame", p: int) -> None:
    """S20m: soldiers that joined a jailed unit (a reinforcement or a move next to it) are jailed with it
    for the rest of the turn."""
    for cell, u in list(g.units.items()):
        if u.owner == p and u.jail:
            for c in g.group_of(cell):
                if g.units[c].jail < u.jail:
                    g.units[c].jail = u.jail


def _shot(g: "StarGame", a: Attack) -> None:
    """S20i on the star: the attacking unit (soldier group) spends a shot of 寸土不让 and may attack again
    while shots are left."""
    if a.src not in g.units:
        return
    grp = g.group_of(a.src)
    shots = max(g.units[c].shots for c in grp)
    if shots:
        for c in grp:
            g.units[c].shots = shots - 1
        if shots - 1 > 0:
            for c in grp:
                g.units[c].attacked = False


# ---------------------------------------------------------------- checks
def _own_group(g: "StarGame", a, cell: Cell) -> list[Cell]:
    """The current player's unit (connected soldiers) of the soldier on ``cell``, or raise."""
    u = g.units.get(cell)
    if u is None or u.owner != g.cur:
        raise _refuse(a.kind, "own unit", a, sc.name, cell=sc.name(cell))
    if u.hidden:
        raise _refuse("taoyuan", "withdrawn", a, sc.name, cell=sc.name(cell))
    return g.group_of(cell)


def check(g: "StarGame", a: UseItem) -> None:
    """Raise IllegalAction if the item use ``a`` is illegal now on the star (S20a, the item's rule)."""
    check_item(g, a, STAR)


def _check_unit_item(g: "StarGame", a: UseItem) -> None:
    """The star's checks of the items an own unit uses (D-SI2, D-SI4, D-SI7, D-SI8)."""
    k = a.kind
    cell = a.cells[0]
    grp = _own_group(g, a, cell)
    u = g.units[cell]
    if k == "yugong":
        if any(g.units[c].jail for c in grp):  # S20m: a jailed unit has no move power
            raise _refuse("dilao", "jailed", a, sc.name, cell=sc.name(cell))
        check_yugong(g, a, STAR.moves_left(g, cell), STAR)
    elif k == "liu":
        if not _room(g, grp):
            raise IllegalAction("S20e room", key="shachang.star.item.no_room", action=describe(a),
                                item=name(k), n=len(grp))
    elif k == "wangming":
        if u.attacked:
            raise _refuse(k, "attacked", a, sc.name, cell=sc.name(cell))
        if u.fresh:
            raise IllegalAction("S20h moved", key="shachang.star.moved", action=describe(a), cell=sc.name(cell))
        if u.jail:
            raise _refuse("dilao", "jailed", a, sc.name, cell=sc.name(cell))
        _check_discards(a, grp)
    elif k == "cuntu":
        if any(g.units[c].attacked for c in grp):
            raise _refuse(k, "attacked", a, sc.name, cell=sc.name(cell))
        jailed = any(g.units[c].jail for c in grp)  # S20m: a jailed unit has not marched: allowed
        if any(g.units[c].fresh for c in grp) or (not jailed and any(g.budget_left(c) < g.P.move for c in grp)):
            raise _refuse(k, "marched", a, sc.name, cell=sc.name(cell))


def _check_discards(a: UseItem, grp: list[Cell]) -> None:
    """S20n: the player names the soldiers 亡命天涯 discards; each is a soldier of the unit, and the soldiers
    left (the naming one among them, so at least one stays, S20h) still make one unit."""
    unit = sc.name(a.cells[0])
    if not _chosen(a):  # the square maps' count form: on the star the player chooses (S20n)
        raise IllegalAction("S20n choose", key="shachang.star.item.wangming_choose", action=describe(a),
                            item=name("wangming"), unit=unit)
    members = set(grp)
    for c in a.cells[1:]:
        if c not in members:  # the same words for an empty cell and anybody else's soldier (S20k)
            raise IllegalAction("S20n not in unit", key="shachang.star.item.wangming_not_unit", action=describe(a),
                                cell=sc.name(c), unit=unit)
    gone = set(a.cells[1:])
    parts = sc.components([c for c in grp if c not in gone])
    if len(parts) > 1:
        raise IllegalAction("S20n split", key="shachang.star.item.wangming_split", action=describe(a),
                            item=name("wangming"), parts=len(parts), unit=unit)


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
    return legal_items(g, STAR)


def _groups(g: "StarGame", p: int) -> list[list[Cell]]:
    """``p``'s units that may use an item (not withdrawn, S20g)."""
    return [grp for grp in g.groups(p) if not g.units[grp[0]].hidden]


def _unit_uses(g: "StarGame", k: str, p: int) -> list[StarUseItem]:
    """The legal uses of a unit item on the star, every soldier of each eligible unit."""
    groups = _groups(g, p)
    if k == "liu":
        return [StarUseItem(k, (c,)) for grp in groups if _room(g, grp) for c in grp]
    if k in ("tonggui", "taoyuan"):
        return [StarUseItem(k, (c,)) for grp in groups for c in grp]
    if k == "wangming":  # S20n: every soldier that may name the unit, with every discard that keeps it whole
        out = []
        for grp in groups:
            names = [c for c in grp if not (u := g.units[c]).fresh and not u.attacked and not u.jail]
            if names:
                choices = _choices(tuple(sorted(grp)))
                out += [StarUseItem(k, (c,) + gone, len(gone)) for c in names for kept, gone in choices if c in kept]
        return out
    return [StarUseItem(k, (c,)) for grp in groups  # cuntu
            if not any(g.units[c].attacked or g.units[c].fresh or g.budget_left(c) < g.P.move for c in grp)
            for c in grp]


def wangming_choices(grp: list[Cell]) -> list[tuple[frozenset, tuple]]:
    """(kept, discarded) for every choice of 亡命天涯 on the unit ``grp`` that S20n allows: the soldiers
    kept are one or more and still one unit, the discarded ones (one or more, in cell order) are the rest;
    fewer discarded first, then in cell order. A unit has at most 10 soldiers on the field (S19c): at most
    1,023 sets are looked at."""
    return list(_choices(tuple(sorted(grp))))


@lru_cache(maxsize=512)
def _choices(grp: tuple) -> tuple:
    idx = {c: i for i, c in enumerate(grp)}
    nb = [sum(1 << idx[n] for n in sc.NEIGHBOURS[c] if n in idx) for c in grp]
    full = (1 << len(grp)) - 1
    out = []
    for kept in range(1, full):
        seen = kept & -kept
        while True:  # the soldiers of ``kept`` reached from its lowest one
            more = seen
            rest = seen
            while rest:
                low = rest & -rest
                more |= nb[low.bit_length() - 1]
                rest ^= low
            more &= kept
            if more == seen:
                break
            seen = more
        if seen == kept:
            out.append((frozenset(c for i, c in enumerate(grp) if kept >> i & 1),
                        tuple(c for i, c in enumerate(grp) if not kept >> i & 1)))
    return tuple(sorted(out, key=lambda kg: (len(kg[1]), kg[1])))


# ---------------------------------------------------------------- effects
def apply(g: "StarGame", a: UseItem) -> None:
    """Play a checked item use on the star (S20j: logged, told to the players who see its cells)."""
    apply_item(g, a, STAR)


def _apply_unit_item(g: "StarGame", p: int, a: UseItem) -> None:
    """The star's effects of the unit items (D-SI4 ... D-SI8)."""
    k = a.kind
    cell = a.cells[0]
    grp = g.group_of(cell)
    if k == "liu":
        _liu(g, p, cell, grp)
    elif k == "tonggui":
        _tonggui(g, p, cell, grp)
    elif k == "taoyuan":
        who = _seers(g, grp, {p})
        for c in grp:
            g.units[c].hidden = HIDE_TURNS
        g._event(Msg.of("shachang.ev.item.taoyuan", seat=_seat(p), cell=sc.name(cell)), who)
    elif k == "wangming":
        _wangming(g, p, cell, grp, a.cells[1:])
    elif k == "cuntu":
        for c in grp:
            i = g.origin.get(c)
            if i is not None:
                g.budgets[i] = 0
            g.units[c].shots = CUNTU_SHOTS
        g._event(Msg.of("shachang.ev.item.cuntu", seat=_seat(p), cell=sc.name(cell)), _seers(g, grp, {p}))


def set_heights(g: "StarGame", h: np.ndarray, changed) -> None:
    """New terrain on the star: vision from scratch (S10, S19f); players who had explored a changed cell
    and do not see it now keep its old height (S11; ``changed`` None = every cell)."""
    old = square_items.put_heights(g, h)
    if not g.fog:
        return
    g._hex_vision = False
    g._ensure_hex_vision()
    for gh in g.ghosts:
        g._vision.add(gh.owner, (gh.cell[0], gh.cell[1], 0, gh.radius), ignore_terrain=True)
    g._refresh_vision()
    g.items.remember(g, old, changed)


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
    liu_told(g, p, src, sorted(new)[0], saw_src, new, sc.name)


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
    seen_hits = {c: _seers(g, [c]) for c in victims}  # S20k: the user too only where it sees the cell
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
        g._add_ghost(Ghost(p, src, rules.vision_range(last), own_turn=True))  # S20l
    g._event(Msg.of("shachang.ev.item.tonggui", seat=_seat(p), cell=sc.name(src)), saw_src)  # S20k: no count
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
        blast_told(g, p, src, c, t.owner, key, sizes[c] - 1, seen_hits[c], saw_src,
                   Msg.of("shachang.star.ev.unseen_hit", victim=_seat(t.owner), cell=sc.name(c)), sc.name)
        if alone[c] and g.fog:
            # S9, S20l: an own soldier wiped in its owner's turn keeps its ghost through the owner's next turn
            g._add_ghost(Ghost(t.owner, c, rules.vision_range(lastc), own_turn=t.owner == p))
    g._refresh_vision()
    if g.fog and not g.over:
        g.seen |= g.visible(g.cur)
    blast_end(g, p, owners, hit_enemy, saw_src)


def _wangming(g: "StarGame", p: int, cell: Cell, grp: list[Cell], gone: tuple) -> None:
    """S20h, S20n, D-SI7: the chosen soldiers ``gone`` leave the game, one extra step each for the start unit
    of ``cell``. The owner reads which; another player reads only the discarded soldiers it saw go (the
    unit's budget and soldiers out of its sight are not its to know, S7)."""
    seen = {q: [c for c in gone if vis[c]] for q in range(g.n) if q != p
            for vis in [g.visible(q)]} if g.fog else None
    n = len(gone)
    for c in gone:
        del g.units[c]
        g.origin.pop(c, None)
        g.last_size.pop(c, None)
    g.lost[p] += n
    g.budgets[g.origin[cell]] += n
    g._refresh_vision()
    cells = " ".join(sc.name(c) for c in gone)
    g._event(Msg.of("shachang.ev.item.wangming_cells", seat=_seat(p), cell=sc.name(cell), cells=cells, n=n,
                    extra=counted(n, "extra_step")),
             None if seen is None else frozenset([p]))
    for q, saw in sorted((seen or {}).items()):
        if saw:
            g._event(Msg.of("shachang.ev.item.wangming_seen", seat=_seat(p), cell=sc.name(saw[0]),
                            cells=" ".join(sc.name(c) for c in saw)), frozenset([q]))


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
    square_items.vary(v, player, rng, cells=sc.CELLS)


# ---------------------------------------------------------------- board hooks
class StarBoard(SquareBoard):
    """The item rules' hooks on the star: star cell names and cells, hex steps, a unit is the connected
    group of the named soldier (S19b), move power is the budget of the soldier's start unit (S19d,
    D-SI2), and the unit items follow the decisions D-SI3 ... D-SI8."""

    def name(self, c: Cell) -> str:
        return sc.name(c)

    def use(self, kind: str, cells: tuple = (), count: int = 0) -> StarUseItem:
        return StarUseItem(kind, cells, count)

    def mask(self, g) -> np.ndarray:
        return sc.MASK

    def distance(self, a: Cell, b: Cell, g=None) -> int:
        return sc.distance(a, b)

    def near(self, g, c: Cell) -> list[Cell]:
        return [c] + list(sc.NEIGHBOURS[c])

    def unit_cells(self, g, cell: Cell) -> list[Cell]:
        return g.group_of(cell)

    def own_cells(self, g, p: int) -> list[Cell]:
        return [c for grp in _groups(g, p) for c in grp]

    def moves_left(self, g, cell: Cell) -> int:
        """Steps the soldier on ``cell`` may spend on 愚公移山: its start unit's budget, none when it is
        spent or its unit is jailed (S20m: a jailed unit has no move power, as the check says)."""
        if g.units[cell].attacked or any(g.units[c].jail for c in g.group_of(cell)):
            return 0
        return g.budget_left(cell)

    def pay(self, g, cell: Cell, n: int) -> None:
        g.budgets[g.origin[cell]] -= n

    def set_heights(self, g, h, changed) -> None:
        set_heights(g, h, changed)

    def begin_battle(self, g) -> None:
        g._begin_battle()  # the budgets are set now (S19d)

    check_unit_item = staticmethod(_check_unit_item)
    unit_uses = staticmethod(_unit_uses)
    apply_unit_item = staticmethod(_apply_unit_item)


STAR = StarBoard()
