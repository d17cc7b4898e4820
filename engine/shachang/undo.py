"""Undo within the current turn (issue 12): how far back the player to move may take actions.

A player may take back actions of the turn in progress until one of them revealed something
hidden: a cell coming into sight that was not in sight before it, or a shot (whose result is
news to both sides). With the fun items (S20a) an item use stands, and so does a march while the
hand has room: it told whether an item lay where it ended. Taking back a march that showed nothing
new hides nothing the player has not already seen, so it cannot be used to peek. Found by replaying the turn (engine.saves).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.shachang.actions import Attack, End, verb

if TYPE_CHECKING:
    from engine.shachang.game import ShachangGame


def turn_start(game: "ShachangGame") -> int:
    """The log index of the first action of the turn in progress (after the last end of turn)."""
    log = game.log
    for i in range(len(log) - 1, -1, -1):
        if isinstance(log[i], End):
            return i + 1
    return 0


def undo_floor(game: "ShachangGame") -> int:
    """The shortest log the player to move may go back to: the turn's start, or just after the
    turn's last action that revealed a cell or was a shot."""
    if game.is_over:
        return len(game.log)
    start = turn_start(game)
    n = len(game.log)
    if start >= n:
        return n
    player = game.current_player
    floor = start
    g = game.replay(start)
    seen = g.visible(player).copy()
    for i in range(start, n):
        a = game.log[i]
        # an item use, or a march that could draw (S20a), told the player something too: it stands
        told = g.items is not None and (verb(a) == "item" or (verb(a) == "march" and len(g.items.hands[player]) < 3))
        g.apply(a)
        now = g.visible(player)
        if isinstance(a, Attack) or told or bool((now & ~seen).any()):
            floor = i + 1
        seen = seen | now
    return floor


def can_undo(game: "ShachangGame") -> bool:
    """Whether the last action may be taken back now (see undo_floor)."""
    return not game.is_over and len(game.log) > undo_floor(game)


def undo(game: "ShachangGame") -> "ShachangGame":
    """The game without its last action (ValueError naming the reason when that is not allowed)."""
    if game.is_over:
        raise ValueError("the game is over")
    if len(game.log) <= turn_start(game):
        raise ValueError("nothing to take back in this turn")
    if not can_undo(game):
        raise ValueError("the last action revealed something hidden (new sight or a shot): it stands")
    return game.replay(len(game.log) - 1)
