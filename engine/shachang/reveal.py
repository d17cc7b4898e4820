"""The whole board for a finished game (issue 12): the game-over screen and the replay "everything shown".

``spectator_view(game, player)`` is ``game.observe(player)`` with the fog lifted: true heights,
every cell in sight, every unit. It is for games that are over (and for replays of them): the
client calls it only from the game-over screen and its replay, never during play.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import numpy as np

from engine.shachang.observation import Observation, UnitView

if TYPE_CHECKING:
    from engine.shachang.game import ShachangGame


def spectator_view(game: "ShachangGame", player: int) -> Observation:
    """``player``'s observation with nothing hidden (own units keep their move state)."""
    obs = game.observe(player)
    units = []
    for c, u in sorted(game.units.items()):
        if u.owner == player:
            units.append(UnitView(c, u.owner, u.count, u.moves, u.attacked, u.fresh))
        else:
            units.append(UnitView(c, u.owner, u.count))
    shape = game.heights.shape
    return dataclasses.replace(obs, heights=np.asarray(game.heights, np.int16).copy(),
                               visible=np.ones(shape, bool), explored=np.ones(shape, bool),
                               seen=np.ones(shape, bool), units=tuple(units))
