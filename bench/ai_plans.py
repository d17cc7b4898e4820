"""The hard search's fixed-quota openings, timed in one process (the worker of ``python -m bench.ai
--plans``). Run as a script by file path so that it also times an old commit's engine: it imports only
``engine.shachang`` (found through PYTHONPATH, the tree being measured) and the standard library.

    python bench/ai_plans.py standard-tabletop huge-digital-8    # prints one JSON line
"""
from __future__ import annotations

import hashlib
import json
import sys
import time

from engine.shachang import new_game
import engine.shachang.ai as ai
from engine.shachang.ai import make_agent

# fixed-quota openings on every preset and rule mode (S21), shared with the golden test of the hard
# player (tests/test_shachang_ai_golden.py): (preset, mode, players, game seed, level by seat, hard work
# quota, rounds to play)
PLAN_SCENARIOS = {
    "standard-digital-a": ("standard", "digital", 2, 0, ("hard", "normal"), 30_000, 16),
    "standard-digital-b": ("standard", "digital", 2, 5, ("normal", "hard"), 30_000, 16),
    "standard-digital-hh": ("standard", "digital", 2, 9, ("hard", "hard"), 12_000, 6),
    "standard-tabletop": ("standard", "tabletop", 2, 2, ("hard", "hard"), 15_000, 8),
    "standard-classic": ("standard", "classic", 2, 3, ("hard", "normal"), 20_000, 5),
    "medium-digital": ("medium", "digital", 2, 4, ("hard", "normal"), 25_000, 5),
    "large-digital-4": ("large", "digital", 4, 6, ("hard", "normal", "normal", "normal"), 100_000, 6),
    "huge-digital-8": ("huge", "digital", 8, 7, ("hard",) + ("normal",) * 7, 150_000, 3),
}


def fixed_quota_agents(levels, seed: int, quota: int) -> list:
    """One agent per seat; the hard ones search a fixed work quota, whatever WORK_RATE says, no clock."""
    agents = []
    for s, lv in enumerate(levels):
        a = make_agent(lv, seed=seed, seat=s, use_clock=False)
        if lv == "hard":
            a.quota = lambda preset, q=quota: q
        agents.append(a)
    return agents


def plans_worker(names: list) -> dict:
    """Play the fixed-quota openings; CPU seconds of the hard searches, their plans and replies, and
    a digest of every action (the decisions must be the same in both trees compared)."""
    cpu = [0.0]
    orig = ai.ShachangAI._search

    def timed(self, *a, **k):
        t = time.process_time()
        try:
            return orig(self, *a, **k)
        finally:
            cpu[0] += time.process_time() - t

    ai.ShachangAI._search = timed
    out = {}
    for name in names:
        preset, mode, players, seed, levels, quota, rounds = PLAN_SCENARIOS[name]
        g = new_game(preset, mode=mode, players=players, seed=seed)
        agents = fixed_quota_agents(levels, seed, quota)
        cpu[0] = 0.0
        digest = hashlib.sha1()
        while not g.is_over and g.round <= rounds:
            p = g.current_player
            act = agents[p].act(g.observe(p), g.legal_actions())
            digest.update(str(act).encode())
            g.apply(act)
        st = [d for a in agents for d in a.searches]
        out[name] = {"cpu": cpu[0], "plans": sum(d["plans"] for d in st), "replies": sum(d["replies"] for d in st),
                     "work": sum(d["work"] for d in st), "searches": len(st), "actions": digest.hexdigest()[:12]}
    return out


if __name__ == "__main__":  # the worker bench.ai --plans starts: scenario names on the line
    if not sys.argv[1:] or set(sys.argv[1:]) - set(PLAN_SCENARIOS):
        sys.exit(f"python -m bench.ai_plans: error: give scenario names of {', '.join(PLAN_SCENARIOS)} "
                 f"(python -m bench.ai --plans runs it)")
    print(json.dumps(plans_worker(sys.argv[1:])))
