"""Thinking time of the 沙场秋点兵 computer players per turn (the issue's limits: hard median ≤ 0.5 s
on 8x8, ≤ 3 s on 256x256 with 8 players).

    python -m bench.ai                      # both scenarios below
    python -m bench.ai --scenario huge --turns 6

A turn's thinking time is the sum of the agent's ``act`` calls from the first
call of its turn to its ``End`` (recorded by the agent in ``agent.think``);
the engine's own work (legal actions, observations) is not included.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from engine.shachang import new_game
from engine.shachang.ai import DEFAULT_BUDGET, make_agent

SCENARIOS = {
    # name: (preset, players, levels by seat, own turns of seat 0 to time, games)
    "standard": ("standard", 2, ("hard", "normal"), 40, 6),
    "huge": ("huge", 8, ("hard", "normal", "normal", "normal", "normal", "normal", "normal", "normal"), 20, 1),
}


def run(name: str, turns: int | None = None, games: int | None = None, out=sys.stdout) -> dict:
    preset, players, levels, want, n_games = SCENARIOS[name]
    want = turns or want
    n_games = games or n_games
    times: dict = {}
    t0 = time.perf_counter()
    for gi in range(n_games):
        g = new_game(preset, players=players, seed=gi)
        agents = [make_agent(lv, seed=gi, seat=s) for s, lv in enumerate(levels)]
        while not g.is_over and len(agents[0].think) < want:
            p = g.current_player
            g.apply(agents[p].act(g.observe(p), g.legal_actions()))
        for a in agents:
            times.setdefault(a.level, []).extend(a.think)
    res = {}
    for lv, ts in times.items():
        if ts:
            res[lv] = (statistics.median(ts), max(ts), len(ts))
            print(f"{name} ({preset}, {players} players, budget {DEFAULT_BUDGET[preset]:.2f}s): {lv:6s} "
                  f"median {res[lv][0]:.3f}s  max {res[lv][1]:.3f}s  over {len(ts)} turns", file=out, flush=True)
    print(f"{name}: wall {time.perf_counter() - t0:.1f}s", file=out, flush=True)
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ai", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenario", choices=sorted(SCENARIOS), action="append")
    ap.add_argument("--turns", type=int, help="own turns of seat 0 to time per game")
    ap.add_argument("--games", type=int)
    args = ap.parse_args(argv)
    for name in args.scenario or ["standard", "huge"]:
        run(name, args.turns, args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
