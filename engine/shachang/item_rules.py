"""The eight fun items of 沙场秋点兵 (seed 003 趣味版, rulings S20a–S20j): their checks (IllegalAction
naming the S20 rule, state untouched) and their effects; their action (``UseItem``), its text and
parse (with a line of each item's text) are in engine/shachang/item_actions.py.

The game state of items (hands, item cells, the seeded generator) lives in engine/shachang/items.py.
The rules read the board through hooks (``SquareBoard``: cell names, the cells, steps, near cells, a
unit's moves, new heights, the unit items' own parts); the star gives its own (``StarBoard`` in
engine/shachang/star_items.py, where a unit is a connected group of soldiers).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from engine.api import IllegalAction
from engine.messages import Msg
from engine.shachang import rules
from engine.shachang.cells import Cell, cell_name
from engine.shachang.item_actions import KINDS, UseItem, describe_item, name
from engine.shachang.log import counted
from engine.shachang.state import Ghost, Unit

if TYPE_CHECKING:
    from engine.shachang.game import ShachangGame

RULE = {"yugong": "S20b", "fanfu": "S20c", "dilao": "S20d", "liu": "S20e", "tonggui": "S20f",
        "taoyuan": "S20g", "wangming": "S20h", "cuntu": "S20i"}
HEIGHT_KINDS = ("yugong", "fanfu")  # not offered in classic mode (S20a)
JAIL_TURNS = 1  # 画地为牢 lasts through the owner's next turn (counted in the owner's turn ends)
HIDE_TURNS = 2  # 世外桃源: the rest of this turn and the owner's next turn
CUNTU_SHOTS = 3  # 寸土不让: 三回 = three attacks (S20i)


# ---------------------------------------------------------------- board hooks
class SquareBoard:
    """The item rules' hooks into a square map, where a unit is one stack of soldiers on one cell; the
    star overrides them (``StarBoard``, engine/shachang/star_items.py)."""

    def name(self, c: Cell) -> str:
        """The cell's name in texts and messages."""
        return cell_name(c)

    def use(self, kind: str, cells: tuple = (), count: int = 0) -> "UseItem":
        """An item use of the board's action class."""
        return UseItem(kind, cells, count)

    def mask(self, g) -> np.ndarray:
        """Which array entries are board cells."""
        return g.grid.mask

    def distance(self, a: Cell, b: Cell, g) -> int:
        """Steps between two cells (S1)."""
        return g.grid.distance(a, b)

    def near(self, g, c: Cell) -> list[Cell]:
        """``c`` and its neighbours (where 愚公移山 may dig and pile, S20b)."""
        return [c] + sorted(g.grid.neighbours(c))

    def unit_cells(self, g, cell: Cell) -> list[Cell]:
        """The cells of the unit an item names by ``cell``."""
        return [cell]

    def own_cells(self, g, p: int) -> list[Cell]:
        """The cells naming ``p``'s units that may use an item (not withdrawn, S20g), in offer order."""
        return sorted(c for c, u in g.units.items() if u.owner == p and not u.hidden)

    def moves_left(self, g, cell: Cell) -> int:
        """The move power the unit on ``cell`` has left (S15)."""
        return g.units[cell].moves

    def pay(self, g, cell: Cell, n: int) -> None:
        """Spend ``n`` of that move power (愚公移山, S20b)."""
        g.units[cell].moves -= n

    def set_heights(self, g, h, changed) -> None:
        """New terrain in the game (vision and remembered heights follow)."""
        g.items.set_heights(g, h, changed)

    def begin_battle(self, g) -> None:
        """An item is a battle-phase action (S20a, S12)."""
        g.phase = "battle"

    def check_unit_item(self, g, a) -> None:
        """The checks of the items used by an own unit (after S20a's and 画地为牢's)."""
        _check_unit_item(g, a)

    def unit_uses(self, g, k: str, p: int) -> list:
        """The legal uses of the unit item ``k`` (溜之大吉, 同归于尽, 世外桃源, 亡命天涯, 寸土不让)."""
        return _unit_uses(g, k, p)

    def apply_unit_item(self, g, p: int, a) -> None:
        """The effect of a unit item (溜之大吉, 同归于尽, 世外桃源, 亡命天涯, 寸土不让)."""
        _apply_unit_item(g, p, a)


SQUARE = SquareBoard()


# ---------------------------------------------------------------- checks
def _refuse(kind: str, what: str, a, named=cell_name, **params) -> IllegalAction:
    """The refusal of item use ``a`` under ``kind``'s rule (S20a for "none"), keyed by ``what``."""
    return IllegalAction(f"{RULE.get(kind, 'S20a')} {what}", key=f"shachang.item.{what.replace(' ', '_')}",
                         action=describe_item(a, named), item=name(a.kind), **params)


def _own_unit(g: "ShachangGame", a, cell: Cell, named=cell_name) -> Unit:
    """The current player's unit on ``cell`` that an item may use (not withdrawn by 世外桃源), or raise."""
    u = g.units.get(cell)
    if u is None or u.owner != g.cur:
        raise _refuse(a.kind, "own unit", a, named, cell=named(cell))
    if u.hidden:
        raise _refuse("taoyuan", "withdrawn", a, named, cell=named(cell))
    return u


def check_item(g: "ShachangGame", a: "UseItem", board: SquareBoard = SQUARE) -> None:
    """Raise IllegalAction if the item use ``a`` is illegal now (S20a, then the item's own rule)."""
    named = board.name
    its = g.items
    if its is None:
        raise _refuse("none", "off", a, named)
    p = g.cur
    if g._must_reinforce():
        raise IllegalAction("S13 forced reinforcement", key="shachang.must_reinforce",
                            action=describe_item(a, named), seat=Msg.of("common.seat", n=p + 1))
    if g.mode == "classic" and a.kind in HEIGHT_KINDS:
        raise _refuse("none", "classic", a, named)
    if a.kind not in its.hands[p]:
        raise _refuse("none", "not in hand", a, named)
    if its.used:
        raise _refuse("none", "one per turn", a, named)
    k = a.kind
    if k == "fanfu":
        return
    if k == "dilao":
        cell = a.cells[0]
        if g.fog and not g.visible(p)[cell]:  # S7 before occupancy: nothing is told about unseen cells
            raise _refuse(k, "not in sight", a, named, cell=named(cell))
        t = g.units.get(cell)
        if t is not None and t.owner != p and t.hidden:
            raise _refuse("taoyuan", "untouchable", a, named, cell=named(cell))
        if t is None or t.owner == p:
            raise _refuse(k, "no enemy", a, named, cell=named(cell))
        return
    board.check_unit_item(g, a)


def _check_unit_item(g: "ShachangGame", a) -> None:
    """Square maps: the checks of the items an own unit uses."""
    k = a.kind
    u = _own_unit(g, a, a.cells[0])
    if k == "yugong":
        if u.jail:  # S20m: a jailed unit has no move power
            raise _refuse("dilao", "jailed", a, cell=cell_name(a.cells[0]))
        check_yugong(g, a, u.moves)
    elif k == "liu":
        if len(g.units) >= len(g.grid):
            raise _refuse(k, "no empty cell", a)
    elif k == "taoyuan":
        pass  # _own_unit refused a unit already withdrawn
    elif k in ("wangming", "cuntu"):
        if u.fresh:
            raise _refuse(k, "new camp", a, cell=cell_name(a.cells[0]))
        if u.attacked:
            raise _refuse(k, "attacked", a, cell=cell_name(a.cells[0]))
        if k == "wangming":
            if u.jail:
                raise _refuse("dilao", "jailed", a, cell=cell_name(a.cells[0]))
            if a.count > u.count - 1:
                raise _refuse(k, "keep one", a, count=u.count, n=a.count)
        elif u.moves < g.P.move and not u.jail:  # S20m: a jailed unit has not marched: 寸土不让 is allowed
            raise _refuse(k, "marched", a, cell=cell_name(a.cells[0]))


def check_yugong(g, a, left: int, board: SquareBoard = SQUARE) -> None:
    """S20b: the unit has ``left`` move power; src and dst within 1 step of it and of each other; the
    count within the move power and the height of src."""
    named = board.name
    unit, src, dst = a.cells
    if left <= 0:
        raise _refuse("yugong", "no moves", a, named, cell=named(unit))
    for c in (src, dst):
        if c not in g.grid or board.distance(unit, c, g) > 1:
            raise _refuse("yugong", "too far", a, named, cell=named(c), unit=named(unit))
    if board.distance(src, dst, g) != 1:
        raise _refuse("yugong", "not neighbours", a, named, src=named(src), dst=named(dst))
    if a.count > left:
        raise _refuse("yugong", "move power", a, named, n=a.count, moves=left)
    if int(g.heights[src]) < a.count:
        raise _refuse("yugong", "below zero", a, named, cell=named(src), h=int(g.heights[src]), n=a.count)


def _empty_cells(g: "ShachangGame") -> list[Cell]:
    """Board cells without a unit, in a fixed order (the cells 溜之大吉 may land on)."""
    return [c for c in sorted(g.grid.cells()) if c not in g.units]


# ---------------------------------------------------------------- legal uses
def legal_items(g: "ShachangGame", board: SquareBoard = SQUARE) -> list["UseItem"]:
    """Every legal item use of the current player now (complete: each one passes check_item)."""
    its = g.items
    if its is None or g.over or its.used or g._must_reinforce():
        return []
    p = g.cur
    kinds = sorted(set(its.hands[p]), key=KINDS.index)
    out: list = []
    for k in kinds:
        if g.mode == "classic" and k in HEIGHT_KINDS:
            continue
        if k == "fanfu":
            out.append(board.use(k))
        elif k == "dilao":
            vis = g.visible(p)
            out += [board.use(k, (c,)) for c, t in sorted(g.units.items())
                    if t.owner != p and not t.hidden and vis[c]]
        elif k == "yugong":
            for c in board.own_cells(g, p):
                left = board.moves_left(g, c)
                if left <= 0:
                    continue
                near = board.near(g, c)
                for s in near:
                    for d in near:
                        if board.distance(s, d, g) == 1:
                            out += [board.use(k, (c, s, d), n) for n in range(1, min(left, int(g.heights[s])) + 1)]
        else:
            out += board.unit_uses(g, k, p)
    return out


def _unit_uses(g: "ShachangGame", k: str, p: int) -> list["UseItem"]:
    """Square maps: the legal uses of a unit item."""
    own = sorted((c, u) for c, u in g.units.items() if u.owner == p and not u.hidden)
    if k == "liu":
        return [UseItem(k, (c,)) for c, _ in own] if len(g.units) < len(g.grid) else []
    if k in ("tonggui", "taoyuan"):
        return [UseItem(k, (c,)) for c, _ in own]
    if k == "wangming":
        return [UseItem(k, (c,), n) for c, u in own if not u.fresh and not u.attacked and not u.jail
                for n in range(1, u.count)]
    # cuntu: not marched this turn; a jailed unit has no move power but has not marched either (S20m)
    return [UseItem(k, (c,)) for c, u in own if not u.fresh and not u.attacked and (u.moves >= g.P.move or u.jail)]


# ---------------------------------------------------------------- effects
def apply_item(g: "ShachangGame", a: "UseItem", board: SquareBoard = SQUARE) -> None:
    """Play a checked item use: take it from the hand, then its effect (S20j: logged, shown to the
    players who see the cells it touches)."""
    p = g.cur
    its = g.items
    board.begin_battle(g)  # an item is a battle-phase action (S20a, S12)
    its.hands[p].remove(a.kind)
    its.used = True
    g.acted = True
    k = a.kind
    if k == "fanfu":
        _fanfu(g, p, board)
    elif k == "yugong":
        _yugong(g, p, a, board)
    elif k == "dilao":
        cell = a.cells[0]
        owner = g.units[cell].owner
        for c in board.unit_cells(g, cell):
            g.units[c].jail = JAIL_TURNS
        who = _seers(g, [cell], {p})
        vis = g.visible(owner) if g.fog else None
        sees_user = vis is None or any(vis[c] for c in board.own_cells(g, p))
        if who is not None:  # S20k: the owner (who sees its own cell) reads the user's name only if it sees it
            who = who | {owner} if sees_user else who - {owner}
        g._event(Msg.of("shachang.ev.item.dilao", seat=_seat(p), cell=board.name(cell), victim=_seat(owner)), who)
        if not sees_user:  # S20k: jailed by someone it does not see
            g._event(Msg.of("shachang.ev.item.dilao_unseen", cell=board.name(cell)), frozenset([owner]))
    else:
        board.apply_unit_item(g, p, a)


def _apply_unit_item(g: "ShachangGame", p: int, a) -> None:
    """Square maps: the effects of the unit items."""
    k = a.kind
    cell = a.cells[0]
    u = g.units[cell]
    seat = _seat(p)
    if k == "liu":
        _liu(g, p, cell, u)
    elif k == "tonggui":
        _tonggui(g, p, cell, u)
    elif k == "taoyuan":
        who = _seers(g, [cell], {p})
        u.hidden = HIDE_TURNS
        u.moves = 0
        g._event(Msg.of("shachang.ev.item.taoyuan", seat=seat, cell=cell_name(cell)), who)
    elif k == "wangming":
        u.count -= a.count
        u.moves += a.count
        g.lost[p] += a.count
        g._event(Msg.of("shachang.ev.item.wangming", seat=seat, cell=cell_name(cell), n=a.count,
                        soldiers=counted(a.count, "soldier"), extra=counted(a.count, "extra_step")),
                 _seers(g, [cell], {p}))
        g._refresh_vision([cell])
    elif k == "cuntu":
        u.moves = 0
        u.shots = CUNTU_SHOTS
        g._event(Msg.of("shachang.ev.item.cuntu", seat=seat, cell=cell_name(cell)), _seers(g, [cell], {p}))


def _seat(p: int) -> Msg:
    return Msg.of("common.seat", n=p + 1)


def _seers(g: "ShachangGame", cells, extra=()) -> frozenset | None:
    """Who may read about ``cells``: without fog everybody (None), else the players seeing one of them
    now plus ``extra``."""
    if not g.fog:
        return None
    who = set(extra)
    for q in range(g.n):
        vis = g.visible(q)
        if any(vis[c] for c in cells):
            who.add(q)
    return frozenset(who)


def _yugong(g: "ShachangGame", p: int, a, board: SquareBoard) -> None:
    """S20b: ``a.count`` height from src to dst for as many steps of the unit's move power (the star:
    of the soldier's start unit, D-SI2)."""
    unit, src, dst = a.cells
    before = _seers(g, [src, dst], {p})
    h = np.array(g.heights, dtype=np.int16)
    h[src] -= a.count
    h[dst] += a.count
    board.pay(g, unit, a.count)
    board.set_heights(g, h, [src, dst])
    after = _seers(g, [src, dst], {p})
    who = None if before is None else before | after
    n = board.name
    g._event(Msg.of("shachang.ev.item.yugong", seat=_seat(p), unit=n(unit), src=n(src), dst=n(dst), n=a.count),
             who)


def _fanfu(g: "ShachangGame", p: int, board: SquareBoard) -> None:
    """S20c: every board cell's h becomes max + min - h; remembered heights too."""
    mask = board.mask(g)
    vals = g.heights[mask]
    hi, lo = int(vals.max()), int(vals.min())
    h = np.array(g.heights, dtype=np.int16)
    h[mask] = hi + lo - h[mask]
    g.items.flip_memory(hi + lo)
    board.set_heights(g, h, None)
    g._event(Msg.of("shachang.ev.item.fanfu", seat=_seat(p)), None)  # S20k: not the map's max and min


def _liu(g: "ShachangGame", p: int, src: Cell, u: Unit) -> None:
    """S20e: the unit jumps to a seeded random empty cell and is a new camp there."""
    empty = _empty_cells(g)
    saw_src = _seers(g, [src], {p})
    i = g.items.chance.pick(len(empty), "liu", visible_to={p})
    dst = empty[i]
    del g.units[src]
    g.units[dst] = Unit(p, u.count, moves=0, fresh=True, last_count=u.last_count, jail=u.jail)
    g._refresh_vision([src, dst])
    liu_told(g, p, src, dst, saw_src, [dst])


def liu_told(g, p: int, src: Cell, dst: Cell, saw_src, landed, named=cell_name) -> None:
    """S20e, S20j: the owner reads where its unit went; with fog, who saw ``src`` reads that it left,
    who sees a cell of ``landed`` now reads that it came (``dst`` names where)."""
    g._event(Msg.of("shachang.ev.item.liu", seat=_seat(p), src=named(src), dst=named(dst)),
             None if saw_src is None else frozenset([p]))
    if saw_src is not None:
        gone = saw_src - {p}
        if gone:
            g._event(Msg.of("shachang.ev.item.liu_gone", seat=_seat(p), cell=named(src)), gone)
        came = _seers(g, landed) - {p}
        if came:
            g._event(Msg.of("shachang.ev.item.liu_came", seat=_seat(p), cell=named(dst)), came)


def blast_victims(g: "ShachangGame", src: Cell, u: Unit) -> list[Cell]:
    """Cells of the units 同归于尽 on ``src`` hits (S20f): any player's, within the unit's attack range
    (S3) with an unblocked attack line (S8 heights), except units withdrawn by 世外桃源 (S20g)."""
    rng = rules.attack_range(u.count)
    out = []
    for c, t in sorted(g.units.items()):
        if c == src or t.hidden or g.grid.distance(src, c) > rng:
            continue
        if g._attack_block(src, u, c, t) is None:
            out.append(c)
    return out


def _tonggui(g: "ShachangGame", p: int, src: Cell, u: Unit) -> None:
    """S20f: the unit is removed (ghost vision, S9), every unit in its blast loses one soldier; the
    last-hit record counts the blast when it hit an enemy."""
    victims = blast_victims(g, src, u)
    saw_src = _seers(g, [src], {p})
    seen_hits = {c: _seers(g, [c]) for c in victims}  # S20k: the user too only where it sees the cell
    del g.units[src]
    g.lost[p] += u.count
    g._refresh_vision([src])
    if g.fog:
        g._add_ghost(Ghost(p, src, rules.vision_range(max(1, u.last_count)), own_turn=True))  # S20l
    g._event(Msg.of("shachang.ev.item.tonggui", seat=_seat(p), cell=cell_name(src)),  # S20k: no count
             None if saw_src is None else saw_src)
    hit_enemy = False
    owners = set()
    for c in victims:
        t = g.units[c]
        t.count -= 1
        g.lost[t.owner] += 1
        owners.add(t.owner)
        hit_enemy |= t.owner != p
        key = "shachang.ev.item.blast_wiped" if t.count == 0 else "shachang.ev.item.blast_hit"
        blast_told(g, p, src, c, t.owner, key, t.count, seen_hits[c], saw_src,
                   Msg.of("shachang.ev.item.blast_unseen", victim=_seat(t.owner), cell=cell_name(c), n=t.count))
        if t.count == 0:
            del g.units[c]
            if g.fog:
                # S9, S20l: an own unit wiped in its owner's turn keeps its ghost through the owner's next turn
                g._add_ghost(Ghost(t.owner, c, rules.vision_range(max(1, t.last_count)), own_turn=t.owner == p))
        g._refresh_vision([c])
    blast_end(g, p, owners, hit_enemy, saw_src)


def blast_told(g, p: int, src: Cell, c: Cell, owner: int, key: str, n: int, who, saw_src, unseen: Msg,
               named=cell_name) -> None:
    """S20f, S20j: the hit on ``c`` told to who sees it (``who``; the owner too if it saw the blast's
    source), and ``unseen`` to the owner alone when it was not told."""
    if who is not None and saw_src is not None:
        who = who | ({owner} & saw_src)
    g._event(Msg.of(key, seat=_seat(p), src=named(src), dst=named(c), victim=_seat(owner), n=n), who)
    if who is not None and owner not in who:
        g._event(unseen, frozenset([owner]))


def blast_end(g, p: int, owners: set, hit_enemy: bool, saw_src) -> None:
    """After 同归于尽: the last-hit record when it hit an enemy (S18), players without soldiers are out,
    the game may be over."""
    if hit_enemy:  # S18 last hit: the blast is an attack on every enemy it touched
        g.hits += 1
        g.last_hit[p] = g.hits
    for q in sorted(owners | {p}):
        if not g.out[q] and not g.has_soldiers(q):
            by = Msg.of("shachang.ev.out_wiped_by", seat=_seat(q), by=_seat(p))
            g._eliminate(q, by, None if not g.fog else (saw_src or frozenset()) | {q})
    g._check_end()
