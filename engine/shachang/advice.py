"""Questions the client asks before a player ends a turn (issue 12), answered from what the player may know.

``pass_warnings(game)``: own units that could still attack, and own units that have not acted
at all this turn. ``ending_pass(game)``: the reason an end of turn would end the game, when the
player can know it beforehand (the round limit; any end when nothing is hidden); None otherwise,
so that the question never tells a player what the fog hides (e.g. that the others stayed idle).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.api import IllegalAction
from engine.messages import Msg
from engine.shachang.actions import End
from engine.shachang.log import counted

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
    # on the star each own unit counted here is one soldier (S19b, S19d), which the panel does not call a unit
    star = getattr(game.observe(p), "board", "square") == "star"
    pre, noun = ("star_", "soldier") if star else ("", "unit")
    out = []
    if attackers:
        out.append(Msg.of(f"shachang.advice.{pre}can_attack", n=attackers, units=counted(attackers, noun)))
    if idle:
        out.append(Msg.of(f"shachang.advice.{pre}idle", n=idle, units=counted(idle, noun)))
    return out


# log entries that are not somebody acting: turn ends, players going out, the end itself
_NOT_ACTING = ("shachang.ev.end", "shachang.ev.out", "shachang.ev.game_over")


def pass_may_end(game: "ShachangGame") -> Msg | None:
    """Under fog: the warning that ending the turn now ends the game if every other living player also
    passed its last turn without acting (S18) — given whenever the player cannot rule that out (it has
    not acted this turn, every other living player has ended a turn since its own last end of turn, and
    its log shows nobody acting in them), so that the question is the same whether or not the game would
    end (G1: the fog hides the others' turns).
    None without fog (``ending_pass`` then tells the exact end) or when the player knows it cannot end so."""
    p = game.current_player
    if p < 0 or game.is_over or not game.fog or game.acted:
        return None
    events = game.events(p)
    start = 0
    for i, ev in enumerate(events):  # after the player's own last end of turn
        if ev.msg.key == "shachang.ev.end" and ev.msg.kw.get("seat") == Msg.of("common.seat", n=p + 1):
            start = i + 1
    for ev in events[start:]:
        if not ev.msg.key.startswith(_NOT_ACTING):
            return None  # somebody acted where the player saw it (or shot at it): the round was not idle
    others_ended = sum(1 for ev in events[start:] if ev.msg.key == "shachang.ev.end")
    living = sum(1 for pv in game.observe(p).players if not pv.out)
    if others_ended < living - 1:
        return None  # not every other player has had a turn since (the game's first turns): no round yet
    return Msg.of("shachang.advice.may_end_idle")


def ending_pass(game: "ShachangGame") -> Msg | None:
    """Why ending the turn now would end the game, if the player can know it; else None (also when the rules refuse
    the pass: S13's forced reinforcement; the client's end of turn then shows that refusal)."""
    p = game.current_player
    if p < 0 or game.is_over:
        return None
    g = game.clone()
    try:
        g.apply(End())
    except IllegalAction:
        return None
    if not g.is_over:
        return None
    reason = g.end_reason()
    if not game.fog:
        return reason
    # under fog a void game (流局) would tell that nobody dealt damage anywhere: only its public cause
    inner = reason.kw["why"] if isinstance(reason, Msg) and reason.key == "shachang.end.void" else reason
    return inner if isinstance(inner, Msg) and inner.key == "shachang.end.round_limit" else None
