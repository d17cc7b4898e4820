"""What each player did in a finished game (issue 12's game-over screen), by replaying its log.

Per player: marches, shots, reinforcements, soldiers killed (enemy soldiers their shots took),
soldiers lost (own soldiers taken by shots), turns played and cells explored. Everything here
is about a finished game, when nothing is hidden any more; ``game_stats`` refuses a game that
is still going (the numbers would tell what the fog hides).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.shachang.actions import Attack, End, March, Reinforce

if TYPE_CHECKING:
    from engine.shachang.game import ShachangGame


@dataclass
class PlayerStats:
    player: int
    marches: int = 0
    shots: int = 0
    reinforcements: int = 0
    soldiers_reinforced: int = 0
    killed: int = 0  # enemy soldiers this player's shots took
    lost: int = 0  # own soldiers taken by enemy shots
    turns: int = 0  # turns in which the player acted (an end of turn counts)
    explored: int = 0  # cells ever seen


def game_stats(game: "ShachangGame") -> list[PlayerStats]:
    """One PlayerStats per seat of a finished game (ValueError while it goes on)."""
    if not game.is_over:
        raise ValueError("statistics are shown when the game is over (they would reveal what the fog hides)")
    out = [PlayerStats(p) for p in range(game.num_players)]
    g = game.replay(0)
    last = None  # (player, action) of the previous action
    for a in game.log:
        p = g.current_player
        s = out[p]
        if last is None or last[0] != p or isinstance(last[1], End):
            s.turns += 1
        last = (p, a)
        if isinstance(a, Attack):
            target = g.units.get(a.dst)
            before = target.count if target is not None else 0
            owner = target.owner if target is not None else None
            g.apply(a)
            after = g.units.get(a.dst)
            took = before - (after.count if after is not None and after.owner == owner else 0)
            s.shots += 1
            s.killed += took
            if owner is not None:
                out[owner].lost += took
            continue
        if isinstance(a, March):
            s.marches += 1
        elif isinstance(a, Reinforce):
            s.reinforcements += 1
            s.soldiers_reinforced += a.count
        g.apply(a)
    for p in range(game.num_players):
        out[p].explored = int(game.explored[p].sum()) if game.fog else int(game.heights.size)
    return out
