"""The base of the boards 沙场秋点兵 is played on (engine/shachang/boards.py): what every board shares.

A board object (``SquareGeometry``, ``StarGeometry``) is held by the game as ``game.geometry`` and
carries the rules that depend on the board; its methods take the game as their first argument.
Board objects are stateless and shared: copies and pickles of a game name the same object.
"""
from __future__ import annotations

from engine.shachang.state import Ghost


_SHARED: dict[tuple[type, int], "Geometry"] = {}  # (board class, size) -> its one board object


class Geometry:
    """What every board does alike; ``key`` names the board ("square", "star")."""

    key = ""
    size = 0

    @classmethod
    def shared(cls, size: int) -> "Geometry":
        """The one board object of this kind and ``size``: every game, copy and pickle names it."""
        b = _SHARED.get((cls, size))
        if b is None:
            b = _SHARED[(cls, size)] = cls.build(size)
        return b

    @classmethod
    def build(cls, size: int) -> "Geometry":
        """A new board object of this kind and ``size`` (:meth:`shared` keeps the one in use)."""
        raise NotImplementedError

    def __reduce__(self):  # copies and pickles of a game name the shared board object (by its class)
        return (type(self).shared, (self.size,))

    def __deepcopy__(self, memo):
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.size})"

    # ------------------------------------------------------------ set-up
    def check_map(self, game_map, preset: str, players: int):
        """The map this board plays (raise ValueError if it cannot seat ``players``)."""
        return game_map

    def init_state(self, game) -> None:
        """The board's own state fields on a new game."""

    # ------------------------------------------------------------ turns
    def turn_opened(self, game) -> None:
        """After the current player's turn opened (扎营, S12)."""

    def turn_ending(self, game) -> None:
        """Before the current player's turn ends."""

    def ensure_hex_vision(self, game) -> None:
        """Make the vision counts the board's lattice's (the square's are made with the game)."""

    def begin_battle(self, game) -> None:
        """The first march or attack ends the reinforcement phase (S12)."""
        if game.phase == "reinforce":
            game.phase = "battle"

    # ------------------------------------------------------------ vision
    def add_ghost(self, game, g: Ghost) -> None:
        """Add the ghost vision ``g`` (S9, D-S6): a ball from its cell, ignoring terrain."""
        game.ghosts.append(g)
        game._vision.add(g.owner, (g.cell[0], g.cell[1], 0, g.radius), ignore_terrain=True)
        game.explored[g.owner] |= game._vision.counts[g.owner] > 0
