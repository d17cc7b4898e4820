"""Game-over statistics (issue 12): counted exactly from the log of a finished game, refused before the end."""
from __future__ import annotations

import pytest

from engine.shachang.stats import game_stats
from tests.shachang_util import game


def test_statistics_of_a_short_game():
    g = game([[0, "a1", 8], [1, "a4", 2]], mode="tabletop", reserve=[0, 0])
    g.apply("march a1 b1 2")   # P1: a march (2 soldiers split off to b1)
    g.apply("attack a1 a4")    # a shot: a4 goes from 2 soldiers to 1
    g.apply("end")
    with pytest.raises(ValueError, match="over"):
        game_stats(g)  # during play the numbers would tell what the fog hides
    g.apply("march a4 a5 1")   # P2: a march
    g.apply("end")
    g.apply("attack a1 a5")    # P2's last soldier: the game is over
    assert g.is_over
    p1, p2 = game_stats(g)
    assert (p1.marches, p1.shots, p1.killed, p1.lost, p1.turns) == (1, 2, 2, 0, 2)
    assert (p2.marches, p2.shots, p2.killed, p2.lost, p2.turns) == (1, 0, 0, 2, 1)
    assert p1.explored == p2.explored == 64  # no fog in tabletop mode: every cell is known


def test_explored_cells_under_fog_are_each_players_own():
    g = game([[0, "a1", 8], [1, "a4", 1], [1, "h8", 1]], mode="digital", reserve=[0, 0])
    g.apply("attack a1 a4")
    g.apply("end")
    g.apply("end")
    while not g.is_over:
        g.apply("end")
    p1, p2 = game_stats(g)
    assert p1.explored == int(g.explored[0].sum()) and p2.explored == int(g.explored[1].sum())
    assert p1.explored != p2.explored
