"""辛亥革命 computer players: legal, deterministic, and they prefer what the rules reward."""
from __future__ import annotations

from engine.xinhai import make_agent, new_game
from engine.xinhai.game import position


def test_agents_play_legal_actions_deterministically():
    for level in ("easy", "normal", "hard"):
        logs = []
        for _ in range(2):
            g = new_game(seed=3)
            agents = [make_agent(level, seed=1, seat=0), make_agent(level, seed=2, seat=1)]
            for _ in range(80):
                if g.is_over:
                    break
                seat = g.current_player
                legal = g.legal_actions()
                a = agents[seat].act(g.observe(seat), legal)
                assert a in legal
                g.apply(a)
            logs.append([str(a) for a in g.log])
        assert logs[0] == logs[1]


def test_hard_takes_the_best_expected_shot_first():
    # artillery (range 4, always wears) at a worn target beats an infantry shot (2d6 >= 9 needed)
    g = position([("rev", "artillery", "H-16"), ("rev", "infantry", "E-18"), ("qing", "infantry", "H-18", False),
                  ("qing", "infantry", "E-20")])
    shots = [a for a in g.legal_actions() if a.verb in ("shoot", "end")]
    assert sorted(map(str, shots)) == ["end", "shoot E-18 E-20", "shoot H-16 H-18"]
    a = make_agent("hard", seed=0, seat=0).act(g.observe(0), shots)
    assert str(a) == "shoot H-16 H-18"


def test_hard_revolutionaries_occupy_an_empty_control_point():
    # seed (3): units on control points give response points; 咨議局 K-3 is free and next to L-3
    g = position([("rev", "infantry", "L-3"), ("qing", "infantry", "A-20")], region="wuchang")
    a = make_agent("hard", seed=0, seat=0).act(g.observe(0), g.legal_actions())
    assert str(a) == "move L-3 K-3"


def test_hard_does_not_leave_a_control_point_for_nothing():
    g = position([("rev", "infantry", "K-3"), ("qing", "infantry", "A-20")], region="wuchang")
    a = make_agent("hard", seed=0, seat=0).act(g.observe(0), g.legal_actions())
    assert str(a) == "end"


def test_track_choice_does_not_waste_points():
    # seed (3): a track stops at 10; the excess is lost
    g = position([("rev", "infantry", "H-19"), ("qing", "infantry", "H-20")], morale=4,
                 tracks={"north": 8, "army": 3, "southeast": 0, "southwest": 9})
    g.chance.force((6, 6))
    g.apply("shoot H-19 H-20")
    assert g.stage == "track"
    a = make_agent("hard", seed=0, seat=0).act(g.observe(0), g.legal_actions())
    assert str(a) in ("track army", "track southeast")


def test_arena_hard_beats_random_on_both_sides():
    # a fixed-seed sample of the arena (the 100-game numbers are in docs/rules/xinhai.md)
    import io

    from engine.arena import run

    res = run("xinhai", "hard", "random", 2, 2, {}, seed=0, out=io.StringIO())
    assert (res["a_first"], res["b_first"], res["void"], res["games"]) == (2, 0, 0, 2)
