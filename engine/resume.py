"""A resumed game's computer players brought to where the unbroken game had them.

    catch_up({seat: agent}, game.to_json())

An agent's state is nothing a save holds: each decision's random draws come from the agent's seed and
the number of decisions it has made (engine.agents.decision_rng), and what it learns comes from its
seat's observations. So the save's actions are replayed from the start, and every agent is handed its
seat's past decisions, each with the observation and the legal actions its seat had then, never the
true state (hidden information stays hidden): ``remember`` for each, without thinking. An agent that
plans a whole turn (沙场秋点兵, which says so with ``ends_turn``) is handed the decisions of each ended turn
(ended by ``ends_turn``, or by another seat acting) with ``remember`` and no legal actions, and thinks
the decisions of the turn it is in the middle of again with ``act`` (they come out as played: the same
state, observation and generator), so that it goes on with the same plan. The cost is a replay with
the seats' observations and one turn's thinking, not the game's.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from engine.registry import load_game
from engine.saves import loading_prefix


def _in_place(agent, observation, legal):
    return agent.act(observation, legal)


def _start(save_text: str):
    """(the saved game with none of its actions, the actions' texts)."""
    data = json.loads(save_text)
    actions = list(data["actions"])
    data["actions"] = []
    with loading_prefix():  # the forced outcomes of the actions' draws are checked as they are replayed
        return load_game(json.dumps(data, ensure_ascii=False)), actions


def _remember(agent, steps: list, counts: dict) -> None:
    """Hand ``agent`` the decisions of a turn that has ended (``steps`` is emptied); the legal actions are not
    worked out for them (None: an agent with ``ends_turn`` does not need them to remember)."""
    for _, obs, action in steps:
        agent.remember(obs, None, action)
    counts["remembered"] += len(steps)
    steps.clear()


def catch_up(agents: dict[int, Any], save_text: str,
             think: Callable[[Any, Any, list], Any] = _in_place) -> dict[int, dict[str, int]]:
    """Hand each agent of ``agents`` (seat -> agent) its seat's past decisions in the game saved as
    ``save_text`` (``Game.to_json()``); ``think(agent, observation, legal)`` thinks a decision again (the
    client's worker process, client.ai_process.act). Returns per seat the decisions ``remembered``,
    ``rethought`` and, of these, ``differing`` from the action played (a seat a person played before)."""
    g, actions = _start(save_text)
    out = {seat: {"remembered": 0, "rethought": 0, "differing": 0} for seat in agents}
    turn: dict[int, list] = {seat: [] for seat in agents}  # (action index, observation, action) of the turn it is in
    for i, text in enumerate(actions):
        seat = g.current_player
        action = g.parse_action(text)
        for other in [s for s in turn if s != seat and turn[s]]:  # its turn has passed: remembered
            _remember(agents[other], turn[other], out[other])
        agent = agents.get(seat)
        if agent is not None:
            obs = g.observe(seat)
            if getattr(agent, "ends_turn", None) is None:
                agent.remember(obs, g.legal_actions(), action)
                out[seat]["remembered"] += 1
            else:  # kept until the turn ends (沙场秋点兵's observations do not change with the game: no copy)
                turn[seat].append((i, obs, action))
                if agent.ends_turn(action):  # a turn that has ended: its plan is gone, what was seen is kept
                    _remember(agent, turn[seat], out[seat])
        g.apply(action)
    pending = {i: seat for seat, steps in turn.items() for i, _, _ in steps}  # the turn in progress
    if pending:
        legal = _legal_at(save_text, set(pending))
        for seat, steps in turn.items():
            for i, obs, action in steps:
                played = think(agents[seat], obs, legal[i])
                out[seat]["rethought"] += 1
                out[seat]["differing"] += str(played) != str(action)
    return out


def _legal_at(save_text: str, indices: set) -> dict:
    """The legal actions before each action of ``indices`` (the game replayed again: working them out for
    every past decision cost more than this)."""
    g, actions = _start(save_text)
    out = {}
    for i, text in enumerate(actions[:max(indices) + 1]):
        if i in indices:
            out[i] = g.legal_actions()
        g.apply(g.parse_action(text))
    return out
