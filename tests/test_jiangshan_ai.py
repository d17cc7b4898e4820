"""江山 computer players: they act on (observation, legal actions) only, always legally, reproducibly."""
from __future__ import annotations

import pytest

from engine.jiangshan import make_agent, new_game
from engine.jiangshan.ai_model import class_values, state_from_observation
from tests.test_jiangshan_helpers import make


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
