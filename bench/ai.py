"""Thinking time of the 沙场秋点兵 computer players per turn (the issue's limits: hard median ≤ 0.5 s
on 8x8, ≤ 3 s on 256x256 with 8 players), and how much of its budget the hard level uses.

    python -m bench.ai                      # both scenarios below
    python -m bench.ai --scenario huge --turns 6
    python -m bench.ai --calibrate          # work units per second of the hard search, by preset

A turn's thinking time is the sum of the agent's ``act`` calls from the first
call of its turn to its ``End`` (recorded by the agent in ``agent.think``);
the engine's own work (legal actions, observations) is not included.

The hard search spends a quota of work (``engine.shachang.ai.WORK_RATE`` x the
budget), not of seconds, so that its plans never depend on the clock. A search
stops before its quota only when there is nothing left to compare (a single
possible plan, or no new plan in a long row); the report counts those turns
apart ("searches that stopped early").
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

from engine.shachang import new_game
from engine.shachang.ai import DEFAULT_BUDGET, WORK_RATE, make_agent

SCENARIOS = {
    # name: (preset, players, levels by seat, own turns of seat 0 to time, games)
    "standard": ("standard", 2, ("hard", "normal"), 40, 6),
    "medium": ("medium", 2, ("hard", "normal"), 20, 2),
    "large": ("large", 4, ("hard", "normal", "normal", "normal"), 15, 1),
    "huge": ("huge", 8, ("hard", "normal", "normal", "normal", "normal", "normal", "normal", "normal"), 20, 1),
}


def _play(name: str, turns: int | None, games: int | None, use_clock: bool = True):
    preset, players, levels, want, n_games = SCENARIOS[name]
    want = turns or want
    n_games = games or n_games
    agents_all = []
    for gi in range(n_games):
        g = new_game(preset, players=players, seed=gi)
        agents = [make_agent(lv, seed=gi, seat=s, use_clock=use_clock) for s, lv in enumerate(levels)]
        while not g.is_over and len(agents[0].think) < want:
            p = g.current_player
            g.apply(agents[p].act(g.observe(p), g.legal_actions()))
        agents_all.extend(agents)
    return preset, players, agents_all


def run(name: str, turns: int | None = None, games: int | None = None, out=sys.stdout) -> dict:
    t0 = time.perf_counter()
    preset, players, agents = _play(name, turns, games)
    budget = DEFAULT_BUDGET[preset]
    times: dict = {}
    searches = []
    for a in agents:
        times.setdefault(a.level, []).extend(a.think)
        searches.extend(a.searches)
    res = {}
    for lv, ts in times.items():
        if ts:
            res[lv] = (statistics.median(ts), max(ts), len(ts))
            print(f"{name} ({preset}, {players} players, budget {budget:.2f}s): {lv:6s} "
                  f"median {res[lv][0]:.3f}s  max {res[lv][1]:.3f}s  over {len(ts)} turns"
                  f"  (median {res[lv][0] / budget:.0%} of the budget)", file=out, flush=True)
    if searches:
        full = [d for d in searches if d["work"] >= d["quota"]]
        if full:
            sec = [d["seconds"] for d in full]
            print(f"{name}: hard searches that spent their quota: {len(full)} of {len(searches)}, "
                  f"median {statistics.median(sec):.3f}s ({statistics.median(sec) / budget:.0%} of the budget), "
                  f"max {max(sec):.3f}s", file=out, flush=True)
        early = [d for d in searches if d["work"] < d["quota"]]
        if early:
            print(f"{name}: searches that stopped early (nothing left to compare): {len(early)}, "
                  f"median {statistics.median(d['distinct'] for d in early)} distinct plans",
                  file=out, flush=True)
    print(f"{name}: wall {time.perf_counter() - t0:.1f}s", file=out, flush=True)
    return res


def calibrate(name: str, turns: int | None = None, games: int | None = None, out=sys.stdout) -> float:
    """Work units per second of the hard searches of a scenario (median over searches)."""
    preset, _, agents = _play(name, turns, games, use_clock=False)
    rates = [d["work"] / d["seconds"] for a in agents for d in a.searches if d["seconds"] > 0]
    rate = statistics.median(rates)
    q = statistics.quantiles(rates, n=4)
    print(f"{name} ({preset}): {rate:,.0f} work units/s (quartiles {q[0]:,.0f}-{q[2]:,.0f}, "
          f"{len(rates)} searches); WORK_RATE[{preset!r}] is {WORK_RATE[preset]:,}", file=out, flush=True)
    return rate


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ai", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenario", choices=sorted(SCENARIOS), action="append")
    ap.add_argument("--turns", type=int, help="own turns of seat 0 to time per game")
    ap.add_argument("--games", type=int)
    ap.add_argument("--calibrate", action="store_true", help="measure the hard search's work rate")
    args = ap.parse_args(argv)
    for name in args.scenario or (["standard", "medium", "large", "huge"] if args.calibrate else ["standard", "huge"]):
        (calibrate if args.calibrate else run)(name, args.turns, args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
