"""Final ranking of 沙场秋点兵 (S18, seed 结算/排名规则)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.api import Placement
from engine.messages import Msg

if TYPE_CHECKING:
    from engine.shachang.game import ShachangGame


def _placement(player: int, place: int, out: bool, msg: Msg) -> Placement:
    return Placement(player, place, out, msg.render("en"), msg)


def is_void(g: "ShachangGame") -> bool:
    """流局: nobody ever dealt damage (S18) — every player is out and nobody wins."""
    return g.hits == 0


def rank(g: "ShachangGame") -> list[Placement]:
    """Places, best first.

    1. whoever wiped out all others (全灭敌方者胜);
    2. survivors by soldiers on the field, then reserve, then whose last
       successful hit came earlier (a player that never hit comes after those
       that did), then seat order (decision D6);
    3. players out of the game below survivors, later elimination higher;
    4. if nobody ever dealt damage the game is void (流局): every player is out
       and all share the last place (place = number of players; nobody is first).
    """
    if is_void(g):
        return [_placement(p, g.n, True, Msg.of("shachang.rank.void")) for p in range(g.n)]
    survivors = [p for p in range(g.n) if not g.out[p]]

    def key(p: int):
        hit = g.last_hit[p] or (10 ** 12)
        return (-g.field(p), -g.reserve[p], hit, p)

    survivors.sort(key=key)
    out: list[Placement] = []
    for p in survivors:
        if g.winner_by_wipeout == p:
            msg = Msg.of("shachang.rank.wipeout")
        elif g.last_hit[p]:
            msg = Msg.of("shachang.rank.survivor_hit", field=g.field(p), reserve=g.reserve[p], hit=g.last_hit[p])
        else:
            msg = Msg.of("shachang.rank.survivor_never", field=g.field(p), reserve=g.reserve[p])
        out.append(_placement(p, len(out) + 1, False, msg))
    for p in reversed(g.out_order):
        out.append(_placement(p, len(out) + 1, True,
                              Msg.of("shachang.rank.out", k=g.out_order.index(p) + 1, n=len(g.out_order))))
    return out
