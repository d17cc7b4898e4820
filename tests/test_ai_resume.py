"""A resumed game's computer players (engine.resume, docs/ai.md): handed their seat's past decisions of a saved
game, they are where the unbroken game's agents were — what they remember, their decisions counted (each decision's
generator: engine.agents.decision_rng), 沙场秋点兵's plan of the turn in progress thought again — and they learn
only from their own seat's observations."""
from __future__ import annotations

import copy

from engine import registry
from engine.resume import catch_up
from tests.cases_util import _case
from tests.golden import options_for


def new_game(case: str):
    gid, extra = _case(case)
    return gid, registry.get(gid).new_game(**{**options_for(gid, 4), **extra})


def _mid_turn(game, out) -> bool:
    return bool(out) and out[-1][0] == game.current_player and out[-1][1] != "end"


def test_a_turn_in_progress_is_thought_again_and_what_was_seen_is_remembered():
    """沙场秋点兵 under fog, hard: the save falls in the middle of a seat's turn; the agent handed the past
    remembers the ended turns' observations (its memory of enemies equals the unbroken agent's) and thinks
    the turn in progress again, coming to the moves that were played."""
    from engine.arena import make_agent

    gid, g = new_game("shachang")
    assert g.mode == "digital"  # fog (S10)
    agents = [make_agent(gid, "hard", 11 + s, s) for s in range(g.num_players)]
    log: list = []
    while len(log) < 30 or not _mid_turn(g, log):
        s = g.current_player
        a = agents[s].act(g.observe(s), g.legal_actions())
        g.apply(a)
        log.append((s, str(a)))
    twins = {s: make_agent(gid, "hard", 11 + s, s) for s in range(g.num_players)}
    done = catch_up(twins, g.to_json())
    seat = g.current_player
    assert done[seat]["rethought"] >= 1 and done[seat]["differing"] == 0
    assert sum(d["remembered"] for d in done.values()) + done[seat]["rethought"] == len(log)
    for s in twins:
        assert twins[s].memory.enemies == agents[s].memory.enemies
        assert twins[s].decisions == agents[s].decisions and twins[s].turn == agents[s].turn
    assert twins[seat].plan == agents[seat].plan, "the turn's plan was not made again"


def test_an_agent_learns_only_from_its_seat_s_observations(monkeypatch):
    """What catch_up hands an agent is its own seat's observation at its own decisions, never the true state."""
    gid, g = new_game("sanguo:variant=jieqi")
    while len(g.log) < 12:
        g.apply(g.legal_actions()[0])
    seen = []

    class Spy:
        def remember(self, obs, legal, action):
            seen.append((copy.deepcopy(obs), [str(a) for a in legal], str(action)))

    catch_up({1: Spy()}, g.to_json())
    _, replay = new_game("sanguo:variant=jieqi")
    want = []
    for a in g.log:
        if replay.current_player == 1:
            want.append((copy.deepcopy(replay.observe(1)), [str(x) for x in replay.legal_actions()],
                         str(replay.parse_action(str(a)))))  # the action as the seat chose it (no reveal)
        replay.apply(a)
    assert len(seen) == 4 and seen == want
