"""Computer players reveal nothing the rules hide (the AI audit, standard B): two true states that look the
same to a seat (``hidden_variant``: other face-down pieces of 暗棋 and 揭棋, other fogged enemies of
沙场秋点兵, other hidden units and tallies of 江山, other hands and draws of 辛亥革命) give that seat's player
the same decision, at every level, with the memory it has built during the game."""
from __future__ import annotations

import copy
import random

import pytest

from engine import registry
from engine.arena import make_agent
from tests.cases_util import _case
from tests.golden import obs_text, options_for

# 沙场秋点兵 on 16x16: on 8x8 the armies stand in each other's sight within a few turns, and since normal no longer
# passes a game into a void under fog (session 20) too few of its positions hide anything for the check to bite
CASES = ("anqi", "jiangshan", "sanguo:variant=jieqi", "shachang:preset=medium", "shachang:preset=star",
         "shachang:items=true,item_seed=5", "xinhai")
LEVELS = ("random", "easy", "normal", "hard")
_truth: list = []  # the true game a decision is asked on (only the test's peeking player reads it)


def truth(g) -> str:
    """The true state: the save (which holds forced deals) and what every seat sees."""
    return g.to_json() + "".join(obs_text(g, p) for p in range(g.num_players))


def compare(case: str, level: str, make=make_agent, steps: int = 40, every: int = 4) -> tuple[int, int, list]:
    """Play two games of ``case`` with ``level`` on every seat; at every ``every``-th action ask a copy of
    the seat's player on the true game and on a hidden variant for that seat. (positions compared, those
    whose variant's true state differs, differences of decision)"""
    gid, extra = _case(case)
    compared, hidden, diffs = 0, 0, []
    for seed in (1, 2):
        g = registry.get(gid).new_game(**{**options_for(gid, seed), **extra})
        assert g.hidden_information
        agents = [make(gid, level, 100 + s, s) for s in range(g.num_players)]
        for step in range(steps):
            if g.is_over:
                break
            seat = g.current_player
            legal = g.legal_actions()
            if step % every == every - 1:
                v = g.hidden_variant(seat, random.Random(step))
                assert obs_text(v, seat) == obs_text(g, seat)  # the seat cannot tell them apart
                assert [str(a) for a in v.legal_actions()] == [str(a) for a in legal]
                picks = []
                for game in (g, v):
                    _truth[:] = [game]
                    picks.append(str(copy.deepcopy(agents[seat]).act(game.observe(seat), game.legal_actions())))
                compared += 1
                hidden += truth(v) != truth(g)
                if picks[0] != picks[1]:
                    diffs.append((seed, step, *picks))
            _truth[:] = [g]
            g.apply(agents[seat].act(g.observe(seat), legal))
    return compared, hidden, diffs


@pytest.mark.parametrize("case", CASES)
def test_a_hidden_variant_gets_the_same_decision(case):
    counts = []
    for level in LEVELS:
        compared, hidden, diffs = compare(case, level)
        assert not diffs, f"{case} {level}: the decision followed hidden facts: {diffs}"
        counts.append((compared, hidden))
    # the variants hide something else in most positions (a computer 沙场秋点兵 easy mostly stands in sight)
    assert all(n >= 8 and h >= 2 for n, h in counts) and sum(h for _, h in counts) >= sum(n for n, _ in counts) / 2, counts


class Peeker:
    """A player that cheats: it picks by the true state."""

    def __init__(self, seat: int):
        self.seat = seat

    def act(self, obs, legal):
        return legal[sum(truth(_truth[0]).encode()) % len(legal)]


@pytest.mark.parametrize("case", ("anqi", "shachang", "xinhai"))
def test_the_check_catches_a_player_that_peeks_at_the_true_state(case):
    compared, _, diffs = compare(case, "peek", make=lambda gid, level, seed, seat: Peeker(seat))
    assert diffs, f"{case}: {compared} positions and the peeking player was not caught"
