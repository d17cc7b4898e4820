"""暗战洛阳城 computer players: levels, legality, speed, strength against uniformly random players."""
from __future__ import annotations

import io

import pytest

from engine import arena
from engine.anqi import make_agent, new_game
from engine.anqi.ai import evaluate, position_from_observation
from engine.anqi.game import setup
from engine.agents import RandomAgent


def test_levels_and_unknown_level():
    for level in ("easy", "normal", "hard"):
        assert make_agent(level, seed=1, seat=2).name == f"anqi-{level}"
    with pytest.raises(ValueError):
        make_agent("grandmaster")


def test_position_from_observation_matches_the_public_state():
    g = new_game(seed=3)
    for _ in range(20):
        g.apply(g.legal_actions()[len(g.log) % len(g.legal_actions())])
    pos = position_from_observation(g.observe(1))
    assert pos.board == g.pos.board and pos.pool == g.pos.pool and pos.to_move == g.pos.to_move
    assert [str(a) for a in pos.legal_actions()] == g.legal_action_texts()


def test_agent_takes_a_free_piece_and_avoids_a_hanging_move():
    # 吴车 can take the 魏马 for free; the 吴马 must not step next to the 魏车
    g = setup({"h5": "吴君", "e8": "魏君", "e2": "蜀君", "c3": "吴车", "c4": "魏马"}, {"b8": "吴兵"})
    for level in ("easy", "normal", "hard"):
        assert str(make_agent(level).act(g.observe(0), g.legal_actions())) == "move c3 c4"
    g2 = setup({"h5": "吴君", "e8": "魏君", "e2": "蜀君", "c3": "吴马", "c5": "魏车", "b2": "吴士"}, {})
    for level in ("normal", "hard"):
        a = str(make_agent(level).act(g2.observe(0), g2.legal_actions()))
        assert a != "move c3 c4"


def test_agent_goes_for_qinwang():
    g = setup({"e5": "汉帝", "i5": "汉车", "e1": "汉车", "e9": "汉车", "a5": "汉炮",
               "h5": "吴君", "e8": "魏君", "e2": "蜀君", "d5": "吴马"}, {"b8": "吴兵"})
    for level in ("normal", "hard"):
        assert str(make_agent(level).act(g.observe(0), g.legal_actions())) == "move d5 e5"


def test_evaluation_prefers_more_material():
    g = setup({"h5": "吴君", "e8": "魏君", "e2": "蜀君", "c3": "吴车"}, {})
    g2 = setup({"h5": "吴君", "e8": "魏君", "e2": "蜀君"}, {})
    assert evaluate(g.pos, 0) > evaluate(g2.pos, 0)


def test_hard_player_plays_only_legal_actions_in_a_long_game():
    # thinking time is measured by the arena/benchmarks, never asserted in the test suite
    g = new_game(seed=17)
    agents = [make_agent("hard", seed=1, seat=0), RandomAgent(2), RandomAgent(3)]
    for _ in range(150):
        if g.is_over:
            break
        p = g.current_player
        a = agents[p].act(g.observe(p), g.legal_actions())
        assert a in g.legal_actions()
        g.apply(a)


def test_computer_player_beats_random_players_in_a_short_arena():
    # the full measurement (100 games, level hard) is in docs/rules/anqi.md; this is a smoke check
    out = io.StringIO()
    res = arena.run("anqi", "normal", "random", games=6, players=3, opts={}, seed=500, out=out)
    assert res["a_first"] >= 4, out.getvalue()
