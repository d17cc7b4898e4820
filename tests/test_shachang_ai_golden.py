"""The hard computer player of 沙场秋点兵 makes the decisions recorded before its speed-up (issue 13).

``tests/data/shachang_ai_golden.json`` holds game openings on every preset and rule mode (S21) with
hard seats at a fixed work quota (``ai_model.METER`` units, no clock): every action of every seat
and, for each hard search, its plans, distinct plans, enemy replies and work. It was recorded with
the code before the hard search scored a unit's reachable cells from maps (commit 21af8dd, where
``_best_march`` applied and undid every option on ``Threats``); the faster code must play the same
actions after doing the same counted work. Re-record only when the AI is meant to decide
differently: ``python -m tests.test_shachang_ai_golden --record``.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys

import pytest

from bench.ai_plans import PLAN_SCENARIOS, fixed_quota_agents
from engine.shachang import new_game
from engine.shachang.actions import End, parse_action

DATA = os.path.join(os.path.dirname(__file__), "data", "shachang_ai_golden.json")

SCENARIOS = PLAN_SCENARIOS  # name: (preset, mode, players, game seed, level by seat, hard quota, rounds)


def _map_digest(g) -> str:
    """The start's digest: heights and spawns (not the save text, whose layout may change)."""
    h = hashlib.sha1(g.heights.astype("<i2").tobytes())
    h.update(json.dumps([[list(c) for c in s] for s in g.spawns]).encode())
    return h.hexdigest()[:16]


def play(name: str, expected: dict | None = None) -> dict:
    """Play the scenario; with ``expected`` (a recorded result) stop at the first difference."""
    preset, mode, players, seed, levels, quota, rounds = SCENARIOS[name]
    g = new_game(preset, mode=mode, players=players, seed=seed)
    start = _map_digest(g)
    if expected is not None:
        assert start == expected["start"], f"{name}: the game's start changed (map generator?)"
    agents = fixed_quota_agents(levels, seed, quota)
    actions: list = []
    searches: list = []
    while not g.is_over and g.round <= rounds:
        p = g.current_player
        a = agents[p]
        n_before = len(a.searches)
        act = a.act(g.observe(p), g.legal_actions())
        for st in a.searches[n_before:]:
            searches.append([p, len(actions)] + [st[k] for k in ("plans", "distinct", "replies", "work")])
        if expected is not None:
            i = len(actions)
            assert i < len(expected["actions"]), f"{name}: more actions than recorded"
            want = expected["actions"][i]
            assert [p, str(act)] == want, f"{name}: action {i} of seat {p}: {act} instead of {want[1]}"
            k = len(searches)
            assert searches == expected["searches"][:k], \
                f"{name}: search before action {i}: {searches[-1:]} vs {expected['searches'][k - 1:k]}"
        actions.append([p, str(act)])
        g.apply(act)
        if isinstance(act, End) and g.round > rounds:
            break
    return {"start": start, "quota": quota, "actions": actions, "searches": searches}


def _load() -> dict:
    with open(DATA, encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_hard_decides_as_recorded(name):
    rec = _load()[name]
    got = play(name, rec)
    assert got["actions"] == rec["actions"]
    assert got["searches"] == rec["searches"]


def test_recording_covers_enough_decisions():
    rec = _load()
    hard_turns = sum(sum(1 for s in r["searches"]) for r in rec.values())
    assert set(rec) == set(SCENARIOS)
    assert hard_turns >= 30, hard_turns
    # the recorded actions are a legal game (replayed on the engine without any agent)
    r = rec["standard-classic"]
    preset, mode, players, seed = SCENARIOS["standard-classic"][:4]
    g = new_game(preset, mode=mode, players=players, seed=seed)
    for p, text in r["actions"]:
        assert g.current_player == p
        g.apply(parse_action(text))


def record(names=None) -> None:
    out = _load() if (names and os.path.exists(DATA)) else {}
    for name in names or sorted(SCENARIOS):
        out[name] = play(name)
        print(name, len(out[name]["actions"]), "actions,", len(out[name]["searches"]), "hard searches",
              file=sys.stderr, flush=True)
    with open(DATA, "w", encoding="utf-8") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    if "--record" in sys.argv:
        record([a for a in sys.argv[1:] if not a.startswith("--")])
