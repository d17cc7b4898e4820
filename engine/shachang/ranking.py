"""Final ranking of 沙场秋点兵 (S18, seed 结算/排名规则)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.api import Placement

if TYPE_CHECKING:
    from engine.shachang.game import ShachangGame


def rank(g: "ShachangGame") -> list[Placement]:
    """Places, best first.

    1. whoever wiped out all others (全灭敌方者胜);
    2. survivors by soldiers on the field, then reserve, then whose last
       successful hit came earlier (a player that never hit comes after those
       that did), then seat order (decision D6);
    3. players out of the game below survivors, later elimination higher;
    4. if nobody ever dealt damage the game is void (流局): every player out.
    """
    if g.hits == 0:
        return [Placement(p, i + 1, True, "void game (流局): nobody dealt damage, every player is out")
                for i, p in enumerate(range(g.n))]
    survivors = [p for p in range(g.n) if not g.out[p]]

    def key(p: int):
        hit = g.last_hit[p] or (10 ** 12)
        return (-g.field(p), -g.reserve[p], hit, p)

    survivors.sort(key=key)
    out: list[Placement] = []
    for p in survivors:
        if g.winner_by_wipeout == p:
            reason = "wiped out every other player"
        else:
            hit = f"last hit #{g.last_hit[p]}" if g.last_hit[p] else "never hit"
            reason = f"survivor: {g.field(p)} on the field, {g.reserve[p]} in reserve, {hit}"
        out.append(Placement(p, len(out) + 1, False, reason))
    for p in reversed(g.out_order):
        out.append(Placement(p, len(out) + 1, True,
                             f"out of the game (eliminated {g.out_order.index(p) + 1}. of {len(g.out_order)})"))
    return out
