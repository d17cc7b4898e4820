"""A resumed game's computer players brought to where the unbroken game had them.

    catch_up({seat: agent}, game.to_json())

An agent's state is nothing a save holds: each decision's random draws come from the agent's seed and
the number of decisions it has made (engine.agents.decision_rng), and what it learns comes from its
seat's observations. So the save's actions are replayed from the start, and every agent is handed its
seat's past decisions, each with the observation and the legal actions its seat had then, never the
true state (hidden information stays hidden): ``remember`` for each, without thinking. An agent that
plans a whole turn (沙场秋点兵, which says so with ``ends_turn``) instead thinks the decisions of the turn
it is in the middle of again with ``act`` (they come out as played: the same state, observation and
generator), so that it goes on with the same plan. The cost is one turn's thinking, not the game's.
"""
from __future__ import annotations

import copy
import json
from typing import Any, Callable

from engine.registry import load_game
from engine.saves import loading_prefix


def _in_place(agent, observation, legal):
    return agent.act(observation, legal)


def catch_up(agents: dict[int, Any], save_text: str,
             think: Callable[[Any, Any, list], Any] = _in_place) -> dict[int, dict[str, int]]:
    """Hand each agent of ``agents`` (seat -> agent) its seat's past decisions in the game saved as
    ``save_text`` (``Game.to_json()``); ``think(agent, observation, legal)`` thinks a decision again (the
    client's worker process, client.ai_process.act). Returns per seat the decisions ``remembered``,
    ``rethought`` and, of these, ``differing`` from the action played (a seat a person played before)."""
    data = json.loads(save_text)
    actions = list(data["actions"])
    data["actions"] = []
    with loading_prefix():  # the forced outcomes of the actions' draws are checked as they are replayed
        g = load_game(json.dumps(data, ensure_ascii=False))
    out = {seat: {"remembered": 0, "rethought": 0, "differing": 0} for seat in agents}
    turn: dict[int, list] = {seat: [] for seat in agents}  # the decisions of the turn each seat is in
    for text in actions:
        seat = g.current_player
        action = g.parse_action(text)
        agent = agents.get(seat)
        if agent is not None:
            step = (g.observe(seat), g.legal_actions(), action)
            ends_turn = getattr(agent, "ends_turn", None)
            if ends_turn is None:
                agent.remember(*step)
                out[seat]["remembered"] += 1
            else:  # kept until the turn ends: a copy (an observation may share what the replay changes)
                turn[seat].append(copy.deepcopy(step))
                if ends_turn(action):  # a turn that has ended: its plan is gone, what was seen is kept
                    for s in turn[seat]:
                        agent.remember(*s)
                    out[seat]["remembered"] += len(turn[seat])
                    turn[seat] = []
        g.apply(action)
    for seat, steps in turn.items():
        for obs, legal, action in steps:
            played = think(agents[seat], obs, legal)
            out[seat]["rethought"] += 1
            out[seat]["differing"] += str(played) != str(action)
    return out
