"""Questions the client asks before a player ends a turn (issue 12), answered from what the player may know.

``pass_warnings(game)``: own units that could still attack, and own units that have not acted
at all this turn. ``ending_pass(game)``: the reason an end of turn would end the game, when the
player can know it beforehand (the round limit; any end when nothing is hidden); None otherwise,
so that the question never tells a player what the fog hides (e.g. that the others stayed idle).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.messages import Msg
from engine.shachang.actions import End

if TYPE_CHECKING:
    from engine.shachang.game import ShachangGame


def pass_warnings(game: "ShachangGame") -> list[Msg]:
    """What the player to move would leave undone by ending the turn now (own units only)."""
    p = game.current_player
    if p < 0 or game.is_over:
        return []
    own = game.observe(p).own_units()
    attackers = sum(1 for u in own if game.attack_targets(u.cell))
    idle = sum(1 for u in own if not u.fresh and not u.attacked and u.moves == game.P.move)
    out = []
    if attackers:
        out.append(Msg.of("shachang.advice.can_attack", n=attackers))
    if idle:
        out.append(Msg.of("shachang.advice.idle", n=idle))
    return out


def ending_pass(game: "ShachangGame") -> Msg | None:
    """Why ending the turn now would end the game, if the player can know it; else None."""
    p = game.current_player
    if p < 0 or game.is_over:
        return None
    g = game.clone()
    g.apply(End())
    if not g.is_over:
        return None
    reason = g.end_reason()
    if not game.fog:
        return reason
    # under fog a void game (流局) would tell that nobody dealt damage anywhere: only its public cause
    inner = reason.kw["why"] if isinstance(reason, Msg) and reason.key == "shachang.end.void" else reason
    return inner if isinstance(inner, Msg) and inner.key == "shachang.end.round_limit" else None
