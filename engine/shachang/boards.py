"""The boards 沙场秋点兵 is played on, as objects the one game class holds (composition, issue 23).

``SquareGeometry`` (engine/shachang/square_board.py) is the size x size heightmap (S1, S2);
``StarGeometry`` (engine/shachang/star_board.py) the 121-cell Chinese-checkers star (S19a–S19f).
A board carries everything that differs between them: its grid, cell names, action texts and
their steps, line of sight and a cell's vision, vision bookkeeping, reinforcement cells, marches
(paths, budgets), attacks, the checks and effects of the four actions, item hooks, observation and
hidden variants; where the star's rules are really other rules (S19b: one soldier per cell, units
are connected soldiers) they are its methods. ``ShachangGame`` (engine/shachang/game.py) holds
one as ``game.geometry`` and asks it; the turn and round bookkeeping, the log and the end of the
game are the game's own.
"""
from __future__ import annotations

from engine.shachang.board_base import Geometry
from engine.shachang.square_board import SquareGeometry
from engine.shachang.star_board import StarGeometry


def board_for(kind: str, size: int) -> Geometry:
    """The shared board object of a preset's board kind ("square" of ``size``, or "star")."""
    if kind == "star":
        return StarGeometry.shared(StarGeometry.size)
    return SquareGeometry.shared(size)


__all__ = ["Geometry", "SquareGeometry", "StarGeometry", "board_for"]
