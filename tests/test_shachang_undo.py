"""Undo within the turn (issue 12): back to the turn's start or to just after the last action that
revealed something hidden (a cell coming into sight, or a shot); the state after an undo is exactly
the replayed game."""
from __future__ import annotations

import pytest

from engine.shachang import undo
from tests.shachang_util import game


def test_a_march_that_shows_nothing_new_can_be_taken_back():
    g = game([[0, "d4", 8], [1, "h8", 1]], mode="digital")  # the split soldier sees only what the 8 saw
    before = g.to_json()
    g.apply("march d4 d5 1")
    assert undo.can_undo(g)
    back = undo.undo(g)
    assert back.to_json() == before
    assert back.legal_action_texts() == game([[0, "d4", 8], [1, "h8", 1]], mode="digital").legal_action_texts()


def test_a_march_into_new_sight_stands():
    g = game([[0, "a1", 1], [1, "h8", 1]], mode="digital")
    g.apply("march a1 a3 1")  # vision 2 from a3 reaches a5: cells nobody of P1 saw before
    assert not undo.can_undo(g)
    with pytest.raises(ValueError, match="revealed"):
        undo.undo(g)
    assert undo.undo_floor(g) == 1


def test_a_shot_stands_and_earlier_quiet_marches_behind_it_too():
    g = game([[0, "d4", 8], [1, "d8", 1]], mode="digital")
    g.apply("march d4 c4 2")
    assert undo.undo_floor(g) == 0
    g.apply("attack d4 d8")
    assert undo.undo_floor(g) == 2 and not undo.can_undo(g)


def test_nothing_to_take_back_at_the_start_of_a_turn():
    g = game([[0, "d4", 8], [1, "h8", 1]], mode="tabletop")
    g.apply("march d4 d5 1")
    g.apply("end")
    assert undo.turn_start(g) == 2
    assert not undo.can_undo(g)
    with pytest.raises(ValueError, match="nothing to take back"):
        undo.undo(g)


def test_without_fog_every_march_of_the_turn_can_be_taken_back():
    g = game([[0, "a1", 1], [1, "h8", 1]], mode="tabletop")
    g.apply("march a1 a3 1")
    assert undo.can_undo(g)
    assert undo.undo(g).log == []


def test_a_march_is_searched_once_per_apply():
    """Issue 13: apply() reuses the path search its own check just did (one BFS per march)."""
    g = game([[0, "d4", 8], [1, "h8", 1]], mode="digital")
    calls = []
    real = g._bfs
    g._bfs = lambda *a, **k: calls.append(1) or real(*a, **k)
    g.apply("march d4 d6 3")
    assert len(calls) == 1
    g.check("march d4 c4 1")  # a check alone leaves nothing that a later, different apply could reuse
    calls.clear()
    g.apply("march d4 e4 1")
    assert len(calls) == 1 and str(g.log[-1]) == "march d4 e4 1"
