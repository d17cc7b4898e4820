"""The turn side of the Game API shared by the two three-kingdom games, 三国演弈 (engine/sanguo) and
暗战洛阳城 (engine/anqi): three seats, whose turn it is and the end kept by the game's Position."""
from __future__ import annotations

from engine.api import Game


class ThreeKingdomsGame(Game):
    """A Game of three kingdoms whose Position ``pos`` knows the kingdom to move (``to_move``) and the end
    (``over``); the actions played are in ``_log``."""

    @property
    def num_players(self) -> int:
        """Three: one seat a kingdom."""
        return 3

    @property
    def current_player(self) -> int:
        """The kingdom to move (-1 when the game is over)."""
        return -1 if self.pos.over else self.pos.to_move

    @property
    def is_over(self) -> bool:
        """Whether the Position says the game has ended."""
        return self.pos.over

    @property
    def log(self) -> list:
        """Actions applied so far, in order."""
        return list(self._log)
