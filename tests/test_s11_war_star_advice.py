"""Session 11 QA (沙场秋点兵 on the star): the question before ending a turn counted the star's soldiers as units
("10 units still to act") while the panel, by S19b, shows the same ten connected soldiers as 1 unit; on the star
the question counts soldiers (S19b, S19d), in both languages; the square board still counts units."""
from __future__ import annotations

from engine.shachang import new_game
from engine.shachang import advice
from tests.shachang_util import game


def test_the_stars_end_of_turn_question_counts_soldiers_not_units():
    g = new_game(preset="star", mode="tabletop", players=2, seed=3)
    obs = g.observe(g.current_player)
    assert sum(1 for grp in obs.groups if grp.owner == obs.player) == 1  # the panel's "units 1" (S19b)
    w = advice.pass_warnings(g)
    assert [m.key for m in w] == ["shachang.advice.star_idle"]
    assert [m.render("en") for m in w] == ["10 soldiers still to act this turn"]
    assert [m.render("zh") for m in w] == ["仍有10个兵本回合未行动"]


def test_the_square_boards_question_still_counts_units():
    g = game([[0, "a1", 2], [0, "h1", 1], [1, "h8", 1]], mode="tabletop")
    assert [m.render("en") for m in advice.pass_warnings(g)] == ["2 units still to act this turn"]
    assert [m.render("zh") for m in advice.pass_warnings(g)] == ["仍有2支部队本回合未行动"]
