"""What one player may know of a 沙场秋点兵 state (S7, S11): the only view the client and AI get."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.shachang.cells import Cell


@dataclass(frozen=True)
class UnitView:
    """A unit as a player sees it. Enemy units carry no move/attack state."""

    cell: Cell
    owner: int
    count: int
    moves: int | None = None  # own units only
    attacked: bool | None = None
    fresh: bool | None = None


@dataclass(frozen=True)
class PlayerView:
    """Public facts about a seat; field and reserve are None when fog hides them."""

    player: int
    out: bool
    field: int | None
    reserve: int | None


@dataclass(frozen=True)
class Observation:
    """One player's view. ``heights`` is -1 on unexplored cells; enemies appear only on visible cells."""

    player: int
    preset: str
    mode: str
    size: int
    round: int
    round_limit: int
    current_player: int
    phase: str  # "reinforce" | "battle" | "over"
    is_over: bool
    heights: np.ndarray  # int16, -1 = unexplored
    visible: np.ndarray  # bool
    explored: np.ndarray  # bool
    seen: np.ndarray  # bool: seen this turn (own turn; movement may use it, S10)
    units: tuple[UnitView, ...]
    ghosts: tuple[tuple[Cell, int], ...]  # own active ghost visions (cell, radius)
    spawns: tuple[Cell, ...]  # own spawn cells
    reserve: int
    field: int
    cap: int
    max_units: int
    move_power: int
    players: tuple[PlayerView, ...]
    events: tuple[str, ...]  # the log as this player may read it

    def unit_at(self, cell: Cell) -> UnitView | None:
        """The unit this player sees on ``cell``, if any."""
        for u in self.units:
            if u.cell == cell:
                return u
        return None

    def own_units(self) -> list[UnitView]:
        return [u for u in self.units if u.owner == self.player]

    def enemy_units(self) -> list[UnitView]:
        return [u for u in self.units if u.owner != self.player]

    def key(self) -> tuple:
        """A hashable digest of everything in the observation (equal views give equal keys)."""
        return (self.player, self.preset, self.mode, self.round, self.current_player, self.phase,
                self.is_over, self.heights.tobytes(), self.visible.tobytes(),
                self.explored.tobytes(), self.seen.tobytes(), self.units, self.ghosts,
                self.spawns, self.reserve, self.field, self.players, self.events)
