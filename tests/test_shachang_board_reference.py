"""The board-geometry refactor of 沙场秋点兵 (issue 23: one game class, the square heightmap and the
star as board objects) changes no behaviour: seeded random games on the square presets and the star
(2–6 players, every rule mode, items on and off) give the same legal actions, observations, logs,
refusals, rankings and saves as the recorded reference (tests/data/shachang_board_reference.json,
written before the refactor by ``python -m tests.shachang_reference record``)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.shachang_reference import CASES, case_id, play

REF = json.loads((Path(__file__).parent / "data" / "shachang_board_reference.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_same_behaviour_as_reference(case):
    got, want = play(*case), REF[case_id(case)]
    first = next((i for i, (a, b) in enumerate(zip(got["steps"], want["steps"])) if a != b), None)
    assert first is None, f"state {first} differs"
    assert len(got["steps"]) == len(want["steps"])
    assert got["end"] == want["end"]


def test_reference_covers_every_board_mode_and_item_setting():
    seen = {(c[0] == "star", c[2], c[3]) for c in CASES}
    assert len(seen) == 2 * 3 * 2
    assert {c[1] for c in CASES if c[0] == "star"} == {2, 3, 4, 6}


def test_one_game_class_holds_the_board_object():
    """Issue 23 point 6: the star is a board object of the one game class, not a subclass."""
    import copy
    import pickle

    from engine.shachang import game_class, new_game
    from engine.shachang.boards import SquareGeometry, StarGeometry
    from engine.shachang.game import ShachangGame
    from engine.shachang.star_game import StarGame

    assert game_class("star") is game_class("standard") is ShachangGame is StarGame
    star = new_game(preset="star", players=3, mode="digital", seed=2)
    square = new_game(preset="medium", players=2, mode="tabletop", seed=2)
    assert type(star) is type(square) is ShachangGame
    assert isinstance(star.geometry, StarGeometry) and star.board == "star"
    assert isinstance(square.geometry, SquareGeometry) and square.board == "square" and square.geometry.size == 16
    # the board object is shared: copies, clones and pickles of a game name the same one
    for other in (star.clone(), copy.deepcopy(star), pickle.loads(pickle.dumps(star))):
        assert other.geometry is star.geometry
        assert other.legal_action_texts() == star.legal_action_texts()
    assert square.clone().geometry is square.geometry
    # the names and the action texts are the board's
    assert star.cell_name((8, 8)) == "i5" and square.cell_name((2, 2)) == "c3"
    assert all(str(a).split()[0] in ("reinforce", "march", "attack", "end") for a in star.legal_actions())
