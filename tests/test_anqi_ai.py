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
    # the arena tallies how the games ended (issue 18): A7's last faction standing or AQ7's progress rule
    assert sum(res["ends"].values()) == 6 and set(res["ends"]) <= {"anqi.end.last", "anqi.end.stall"}
    assert "ends: anqi.end." in out.getvalue()


# --- pressing for elimination (issue 18: A7's "直至分出胜負", the progress rule AQ7 only a safety net) ---

def test_a_leader_does_not_play_for_the_progress_rule():
    # 吴 leads by material (19 against 8 and 7) and the counter stands one short of the limit: a quiet
    # move would end the game with 吴 first by material (AQ7); the computers flip instead (progress)
    from engine.anqi.board import layout
    lim = layout().quiet_limit
    g = setup({"h5": "吴君", "b3": "吴车", "c3": "吴车", "e8": "魏君", "e2": "蜀君"}, {"g8": "魏兵"}, quiet=lim - 1)
    c = g.clone()
    c.apply("move b3 b4")
    assert c.is_over and c.ranking()[0].player == 0  # what the stall would give 吴
    for level in ("normal", "hard"):
        assert str(make_agent(level, seed=1).act(g.observe(0), g.legal_actions())) == "flip g8"


def test_a_ruler_closes_in_on_a_lone_chariot_of_the_weaker_opponent():
    # nothing face down; 蜀 (one 车, material 6) is weaker than 魏 (君 + 车, 13): 吴's ruler, the only
    # piece that outranks a 车 (A3), walks towards it
    from engine.anqi.board import layout
    lay = layout()
    g = setup({"c3": "吴君", "h2": "魏君", "h3": "魏车", "f7": "蜀车"}, {})

    def dist(a, b):
        (x, y), (u, v) = lay.cells[lay.index[a]], lay.cells[lay.index[b]]
        return abs(x - u) + abs(y - v)

    for level in ("normal", "hard"):
        a = make_agent(level, seed=2).act(g.observe(0), g.legal_actions())
        assert a.src == "c3" and dist(a.dst, "f7") == dist("c3", "f7") - 1, a


def test_a_lone_ruler_is_cornered_into_no_legal_action():
    # 魏's lone ruler on b8 has two cells, b7 and c8; 吴's ruler stepping to c7 watches both (A5), so
    # 魏 has no legal action at its turn and is out (困毙, A7); the computers find the squeeze
    g = setup({"d7": "吴君", "b8": "魏君", "e2": "蜀君", "h2": "蜀车"}, {})
    for level in ("normal", "hard"):
        assert str(make_agent(level, seed=3).act(g.observe(0), g.legal_actions())) == "move d7 c7"
    g.apply("move d7 c7")
    assert g.observe(0)["out"] == [1] and g.piece_at("b8") is None
