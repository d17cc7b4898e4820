"""百格西洋棋 computer players: legal answers, mates, and the game-end rules in the search."""
from __future__ import annotations

import random

import pytest

from engine.baige import BaigeGame, make_agent, new_game


def quick(level: str, nodes: int = 15_000, seed: int = 0):
    """An agent of ``level`` with a smaller node quota (thinking is counted work, issue 27)."""
    a = make_agent(level, seed=seed)
    a.node_limit = min(a.node_limit, nodes)
    return a


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_agent_returns_a_legal_action(level):
    g = new_game()
    rng = random.Random(3)
    for _ in range(6):
        g.apply(rng.choice(g.legal_actions()))
    a = quick(level)
    for _ in range(2):
        legal = g.legal_actions()
        mv = a.act(g.observe(g.current_player), legal)
        assert mv in legal
        g.apply(mv)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_agent("grandmaster")


def test_hard_finds_mate_in_one():
    g = BaigeGame("k9/4Q5/1K8/10/10/10/10/10/10/10 w - - 0 1")
    mv = quick("hard", 40_000).act(g.observe(0), g.legal_actions())
    g.apply(mv)
    assert g.is_over and g.ranking()[0].player == 0


def test_hard_takes_a_free_queen():
    g = BaigeGame("4k5/10/10/10/4q5/10/10/10/4R5/5K4 w - - 0 1")
    assert quick("hard", 40_000).act(g.observe(0), g.legal_actions()) == "e2e6"


def test_search_avoids_the_fourth_consecutive_check():
    g = BaigeGame("4k5/10/10/10/10/10/10/10/10/Q4K4 w - - 0 1")
    g.apply_all(["a1a6", "e10e9", "a6a9", "e9e10", "a9a10", "e10e9"])
    mv = quick("hard", 40_000).act(g.observe(0), g.legal_actions())
    assert not g.would_lose_by_long_check(mv)


def test_agent_answers_a_draw_offer():
    g = new_game()
    g.apply("e4e6")
    g.apply("offer")
    ans = quick("normal").act(g.observe(0), g.legal_actions())
    assert ans in ("accept", "decline")


def test_hard_beats_random_in_a_short_game():
    from engine.agents import RandomAgent
    from engine.arena import play

    g = new_game()
    play(g, [quick("hard", 15_000, seed=1), RandomAgent(5)])
    assert g.ranking()[0].player == 0 and not g.ranking()[0].out


def test_the_same_position_and_seed_give_the_same_move_whatever_the_clock(monkeypatch):
    """Issue 27: the search is bounded by nodes; a clock running 50x slower changes nothing."""
    import time as real_time

    from engine.baige import ai

    g = new_game()
    rng = random.Random(11)
    for _ in range(8):
        g.apply(rng.choice(g.legal_actions()))
    first = make_agent("hard", seed=4)
    m1 = first.act(g.observe(g.current_player), g.legal_actions())
    t0 = real_time.perf_counter()

    class Slow:
        @staticmethod
        def perf_counter():
            return t0 + (real_time.perf_counter() - t0) / 50  # a machine 50x busier

    monkeypatch.setattr(ai, "time", Slow)
    second = make_agent("hard", seed=4)
    m2 = second.act(g.observe(g.current_player), g.legal_actions())
    assert m1 == m2 and first.last_nodes == second.last_nodes
    assert first.last_nodes <= ai.LEVELS["hard"][1] + 256
