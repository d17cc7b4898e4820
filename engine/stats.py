"""Game-over statistics every game has (issue 23): one row per measure, one number per seat.

``game_stats(game)`` gives the rows the engine knows for any game (with three seats or more the
places of the game's ranking first, then the actions played per seat, from the save's replay)
followed by the game's own rows (``Game.stat_rows``). It is for a
finished game only: while the game goes on the numbers could tell what is hidden.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.messages import Msg
from engine.replay import actors


@dataclass(frozen=True)
class StatRow:
    """One measure: its name as a keyed message and one number per seat."""

    msg: Any  # engine.messages.Msg
    values: tuple[int, ...]


def actions_per_seat(game) -> tuple[int, ...]:
    """How many moves each seat played in ``game``'s log (``Game.is_move``: a resignation, a draw offer or its
    answer is not one)."""
    counts = [0] * game.num_players
    for seat, action in zip(actors(game), game.log):
        if 0 <= seat < game.num_players and game.is_move(action):
            counts[seat] += 1
    return tuple(counts)


def places(game) -> tuple[int, ...]:
    """Each seat's final place in ``game.ranking()`` (1 = first; seats may share a place)."""
    out = [0] * game.num_players
    for p in game.ranking():
        if 0 <= p.player < game.num_players:
            out[p.player] = int(p.place)
    return tuple(out)


def game_stats(game) -> list[StatRow]:
    """The statistics rows of a finished game (ValueError while it goes on)."""
    if not game.is_over:
        raise ValueError("statistics are shown when the game is over (they could reveal what is hidden)")
    rows = [StatRow(Msg.of(game.count_word), actions_per_seat(game))]
    if game.num_players > 2:  # who came where, as the game ranks them (the box's reason names only the winner)
        rows.insert(0, StatRow(Msg.of("stats.place"), places(game)))
    for msg, values in game.stat_rows():
        values = tuple(int(v) for v in values)
        if len(values) != game.num_players:
            raise ValueError(f"statistics row {msg}: {len(values)} numbers for {game.num_players} seats")
        rows.append(StatRow(msg, values))
    return rows
