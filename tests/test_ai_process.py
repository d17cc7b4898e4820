"""Computer decisions in the client's worker process: the same decisions and agent state as in place."""
from __future__ import annotations

from client import ai_process
from engine.shachang import new_game
from engine.shachang.ai import make_agent


def test_worker_process_gives_the_same_game():
    logs = []
    for remote in (False, True):
        g = new_game("standard", players=2, seed=6)
        agents = [make_agent("hard", seed=1, seat=0, use_clock=False),
                  make_agent("normal", seed=2, seat=1, use_clock=False)]
        n = 0
        while not g.is_over and n < 60:
            p = g.current_player
            obs, legal = g.observe(p), g.legal_actions()
            a = ai_process.act(agents[p], obs, legal) if remote else agents[p].act(obs, legal)
            g.apply(a)
            n += 1
        logs.append(([str(a) for a in g.log], agents[0].memory.__dict__.keys(), len(agents[0].think)))
    assert not ai_process._broken, "the worker process was not used"
    assert logs[0] == logs[1]
    ai_process.shutdown()


class Bad:
    def act(self, obs, legal):
        raise ValueError("planner bug")


def test_agent_errors_come_back_and_keep_the_worker():
    import pytest
    g = new_game("standard", players=2, seed=1)
    with pytest.raises(ValueError, match="planner bug"):
        ai_process.act(Bad(), g.observe(0), g.legal_actions())
    assert not ai_process._broken  # an agent's error is not a broken worker
    ai_process.shutdown()
