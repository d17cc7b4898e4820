"""江山 computer players: they act on (observation, legal actions) only, always legally, reproducibly."""
from __future__ import annotations

import pytest

from engine.jiangshan import make_agent, new_game
from engine.jiangshan.ai_model import class_values, state_from_observation
from tests.jiangshan_util import make


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_agents_play_legal_actions_reproducibly(level):
    runs = []
    for _ in range(2):
        g = new_game(seed=4)
        agents = [make_agent(level, seed=1, seat=0), make_agent(level, seed=2, seat=1)]
        for _ in range(7):
            p = g.current_player
            legal = g.legal_actions()
            a = agents[p].act(g.observe(p), legal)
            assert a in legal
            g.apply(a)
        runs.append([str(a) for a in g.log])
    assert runs[0] == runs[1]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_takes_the_undefended_king(level):
    g = make(red=["halberd@d3:battle:N", "king@a1"], white=["king@d4:battle:S", "blade@l6"])
    a = make_agent(level, seed=0, seat=0).act(g.observe(0), g.legal_actions())
    assert str(a).startswith("capture d3 d4")


def test_normal_does_not_step_next_to_an_enemy_that_captures_it():
    """The one-ply evaluation counts the enemy's best capture after the move."""
    g = make(red=["queen@a3", "blade@h2", "king@a1"], white=["chariot@c8:battle:S", "king@l8"])
    a = make_agent("normal", seed=0, seat=0).act(g.observe(0), g.legal_actions())
    assert not str(a).startswith("move a3 c3")  # c3 lies on the chariot's file


def test_hard_plays_the_substitute_to_save_its_king():
    g = make(red=["halberd@d3:battle:N", "king@a1"], white=["king@d4:battle:S", "blade@e5:battle:S"])
    g.st.sides[1].tallies = ["substitute"]
    g.st.sides[1].morale = 3
    g._legal = None
    g.apply("capture d3 d4 N")
    assert g.stage == "reaction"
    a = make_agent("hard", seed=0, seat=1).act(g.observe(1), g.legal_actions())
    assert str(a) == "substitute d4 e5"


def test_the_model_values_unknown_units_over_the_remaining_pool():
    """Unknown marching enemy units are valued at the mean of their class's types not yet seen."""
    g = new_game(seed=0)
    g.apply("pick fire+ruse+substitute")
    g.apply("pick fire+ruse+substitute")
    obs = g.observe(0)
    cv = class_values(obs, 1)
    # 楚's foot pool: 3+2 刀兵 (1), 2 干戈 (2), 1 甲士 (3), 2+1 控弦 (2.5): mean 16.5 / 11
    assert cv["foot"] == pytest.approx((5 * 1.0 + 2 * 2.0 + 3.0 + 3 * 2.5) / 11)
    st, unknown = state_from_observation(obs)
    assert len(unknown) == 15  # 楚's 16 units less the 刀兵 hidden under the a7 forest
    assert not any(u.owner == 1 and u.cell == (0, 6) for u in st.units.values())


def test_hard_keeps_its_king_off_the_line_of_an_unknown_raider():
    """A marching 奔袭 unit shows only its class (J5) and may be a 长车 (orthogonal charge, J1): hard takes
    the 刀兵 threatening its king on k1 only if the king is not left on l2, open to a charge from l8."""
    g = make(red=["king@k1:battle"], white=["chariot@l8", "blade@l2:battle:S", "king@a8"])
    assert {u["type"] for u in g.observe(0)["units"] if u["owner"] == 1 and u["cell"] == "l8"} == {None}
    a = make_agent("hard", seed=0, seat=0).act(g.observe(0), g.legal_actions())
    assert str(a) != "capture k1 l2"


def test_hard_takes_a_losing_capture_as_the_stall_count_runs_out():
    """J13: 40 turns without a capture, city change or morale change end the game ranked by morale, then
    merit; at equal morale and merit that is a draw, and a draw is no win. Hard's 干戈 on d3 may take the 刀兵
    on d4, which the 干戈 on d5 recaptures (a 干戈 for a 刀兵). Early in the count hard keeps its unit; with
    30 of the 40 turns gone it takes the capture (1 merit, the count starts again)."""
    chosen = {}
    for stall in (0, 30):
        g = make(red=["halberd@d3:battle:N"], white=["blade@d4:battle:S", "halberd@d5:battle:S"])
        g.st.stall = stall
        g._legal = None
        chosen[stall] = str(make_agent("hard", seed=0, seat=0).act(g.observe(0), g.legal_actions()))
    assert not chosen[0].startswith("capture")
    assert chosen[30].startswith("capture d3 d4")


def test_hard_keeps_the_merit_that_wins_a_stalled_war():
    """J13 ranks a stalled game by morale, then merit: hard recruits (merit for a unit) only while it stays at
    least 2 merit ahead afterwards; normal recruits whatever its merit pays for."""
    g = make(red=["halberd@d3:battle:N"], white=["blade@h6:battle:S"])
    g.st.sides[0].merit, g.st.sides[1].merit = 3, 2
    g._legal = None
    assert "recruit blade" in {str(a) for a in g.legal_actions()}
    hard = make_agent("hard", seed=0, seat=0)
    st, _ = state_from_observation(g.observe(0))
    assert not [a for a in hard._keep_merit(st, 0, g.legal_actions()) if a.kind == "recruit"]
    g.st.sides[1].merit = 0
    g._legal = None
    st, _ = state_from_observation(g.observe(0))
    kept = {str(a) for a in hard._keep_merit(st, 0, g.legal_actions()) if a.kind == "recruit"}
    assert kept == {"recruit blade"}  # 3 - 1 = 2 ahead; a 干戈 or 控弦 (2) would leave only 1


def test_the_tie_break_terms_of_hard():
    """J13: urgency grows from 0 (10 turns into the count) to 1 (the 40th turn); the lead is by morale,
    then merit; hard values a stall draw close to a loss."""
    from engine.jiangshan.ai_model import DRAW, evaluate, tie_lead, urgency

    g = make(red=["halberd@d3:battle:N"], white=["blade@h6:battle:S"])
    st = g.st
    assert [urgency_at(st, n, urgency) for n in (0, 10, 25, 40)] == [0.0, 0.0, 0.5, 1.0]
    st.sides[0].merit, st.sides[1].merit = 1, 0
    assert tie_lead(st, 0) == 1 and tie_lead(st, 1) == -1
    st.sides[1].morale += 1
    assert tie_lead(st, 0) == -1
    st.sides[0].merit = 0
    st.sides[1].morale -= 1
    assert tie_lead(st, 0) == 0
    st.stage, st.reason, st.winner = "over", "stall", None
    assert evaluate(st, 0, clock=True) == DRAW < -100 and evaluate(st, 0) == 0.0


def urgency_at(st, n, urgency):
    st.stall = n
    return urgency(st)
