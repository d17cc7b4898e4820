"""Why a unit's melee, boat, pontoon or crossing is refused: the one rule it breaks (G3).

``engine.xinhai.orders.why_illegal`` asks here once the unit itself may act (own, ready, in the command
region, not yet acted) and the action is still not legal. Each function returns the IllegalAction naming the
first rule broken, or None when none of its rules is (the caller then gives its general refusal).

    melee     seed 5(1) (only infantry and cavalry), 5(3) (an adjacent enemy), 7(4) (never a fleet)
    boat      seed 9 (長江: 非艦隊軍棋可租民船), 5(5)A (the move ends next to the Yangtze)
    pontoon   seed 9 (漢水: 非艦隊軍棋可設浮橋), 5(4) (one per marker, on a Han hex next to the unit; lay
              where none is, lift where one is), X3 (three pontoon markers), XR7 (not from under a unit, X11)
    crossing  seed 5(5)A (a boat), 5(5)B (no fleet on or next to a revolutionary crossing line)
"""
from __future__ import annotations

from engine.api import IllegalAction
from engine.messages import Msg
from engine.xinhai.board import Unit
from engine.xinhai.hexgrid import distance, label, parse_label


def melee_refusal(g, u: Unit, target: str) -> IllegalAction | None:
    """Seed 5(1): only 步兵 and 馬隊 may start a melee (可發動白刃戰); 5(3): against an enemy it is already
    next to; 7(4): 攻擊方不能對艦隊軍棋發動白刃戰."""
    if not g.R.units[u.kind]["melee"]:
        return IllegalAction("seed 5(1)", key="xinhai.err.melee_kind", kind=Msg.of(f"xinhai.kind.{u.kind}"))
    t = g.board.at(parse_label(target))
    if t is None or t.side == u.side:
        return IllegalAction("seed 5(3)", key="xinhai.err.melee_no_enemy", hex=target)
    if t.kind == "fleet":
        return IllegalAction("seed 7(4)", key="xinhai.err.melee_fleet", hex=target)
    if distance(u.hex, t.hex) != 1:
        return IllegalAction("seed 5(3)", key="xinhai.err.melee_adjacent", src=label(u.hex), hex=target)
    return None


def extra_refusal(g, d, u: Unit, extra: str, end: str, moved: bool) -> IllegalAction | None:
    """The rule a boat (``extra`` "boat") or a pontoon ("+H-9" / "-H-9") breaks for unit ``u`` ending its
    action on hex ``end`` (``moved``: after a move, else the bridge action without moving)."""
    b = g.board
    if extra == "boat":
        if u.kind == "fleet":
            return IllegalAction("seed 9", key="xinhai.err.boat_fleet")
        if not b.next_to_yangtze(parse_label(end)):
            return IllegalAction("seed 5(5)A", key="xinhai.err.boat_bank", hex=end)
        return None
    w, where = parse_label(extra[1:]), extra[1:]
    if u.kind == "fleet":
        return IllegalAction("seed 9", key="xinhai.err.bridge_fleet")
    if d.data.get("bridged"):
        return IllegalAction("seed 5(4)", key="xinhai.err.bridge_once")
    if w not in b.han_hexes_next_to(parse_label(end)):
        return IllegalAction("seed 5(4)", key="xinhai.err.bridge_where", hex=where, at=end)
    if extra[0] == "+":
        if w in b.pontoons:
            return IllegalAction("seed 5(4)", key="xinhai.err.bridge_laid", hex=where)
        if len(b.pontoons) >= int(g.R.supply["pontoons"]):
            return IllegalAction("X3", key="xinhai.err.bridge_supply", n=int(g.R.supply["pontoons"]))
        return None
    if w not in b.pontoons:
        return IllegalAction("seed 5(4)", key="xinhai.err.bridge_none", hex=where)
    on = b.at(w)
    if on is not None and not (moved and on.uid == u.uid):  # X11: the pontoon it has just stepped off is free
        return IllegalAction("XR7", key="xinhai.err.bridge_occupied", hex=where)
    return None


def cross_refusal(g, u: Unit, dest: str) -> IllegalAction | None:
    """Seed 5(5)A: only a unit with a boat crosses; 5(5)B: a revolutionary crossing line may neither hold a
    fleet nor touch one (the landing is otherwise one of the nearest, X8: the caller's general refusal)."""
    if not u.boat:
        return IllegalAction("seed 5(5)A", key="xinhai.err.cross_no_boat", src=label(u.hex))
    if u.side == "rev" and parse_label(dest) in g.board.landings(u, fleets=False):
        return IllegalAction("seed 5(5)B", key="xinhai.err.cross_fleet", hex=dest)
    return None
