"""``StarGame``: the name the star's callers and tests know for a game of 沙场秋点兵 on the
Chinese-checkers star (S19h: a preset, same game id, same rule modes).

There is one game class, ``ShachangGame``; the star is the board object it holds
(``engine.shachang.star_board.StarGeometry``, chosen by the preset). ``StarGame(game_map,
preset="star", ...)`` builds a star game as before.
"""
from __future__ import annotations

from engine.shachang.game import ShachangGame

StarGame = ShachangGame

__all__ = ["StarGame"]
