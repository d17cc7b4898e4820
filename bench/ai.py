"""Thinking time of the 沙场秋点兵 computer players per turn (the limits, README: hard ≤ 0.5 s on 8x8, ≤ 1.0 s
(the maximum) on 256x256 with 8 players), and how much of its budget the hard level uses.

    python -m bench.ai                      # both scenarios below
    python -m bench.ai --scenario huge --turns 6
    python -m bench.ai --calibrate          # work units per second of the hard search, by preset
    python -m bench.ai --plans --against 21af8dd   # plans per second, this code and an old commit

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
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from client.cli_args import OneLineParser, whole
from engine.shachang import new_game
from engine.shachang.ai import DEFAULT_BUDGET, WORK_RATE, make_agent

from bench.ai_plans import PLAN_SCENARIOS, plans_worker

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
    cpus: dict = {}
    searches = []
    for a in agents:
        times.setdefault(a.level, []).extend(a.think)
        cpus.setdefault(a.level, []).extend(a.think_cpu)
        searches.extend(a.searches)
    res = {}
    for lv, ts in times.items():
        if ts:
            res[lv] = (statistics.median(ts), max(ts), len(ts))
            print(f"{name} ({preset}, {players} players, budget {budget:.2f}s): {lv:6s} "
                  f"median {res[lv][0]:.3f}s  max {res[lv][1]:.3f}s  over {len(ts)} turns"
                  f"  (median {res[lv][0] / budget:.0%} of the budget; CPU median "
                  f"{statistics.median(cpus[lv]):.3f}s)", file=out, flush=True)
    if searches:
        full = [d for d in searches if d["work"] >= d["quota"]]
        if full:
            sec = [d["seconds"] for d in full]
            print(f"{name}: hard searches that spent their quota: {len(full)} of {len(searches)}, "
                  f"median {statistics.median(sec):.3f}s ({statistics.median(sec) / budget:.0%} of the budget), "
                  f"max {max(sec):.3f}s", file=out, flush=True)
        clock = [d for d in searches if d.get("clock")]
        if clock:
            print(f"{name}: searches the runaway stop cut (the clock, past runaway_seconds): {len(clock)}, at "
                  f"{statistics.median(d['work'] / d['quota'] for d in clock):.0%} of their quota (median)",
                  file=out, flush=True)
        early = [d for d in searches if d["work"] < d["quota"] and not d.get("clock")]
        if early:
            print(f"{name}: searches that stopped early (nothing left to compare): {len(early)}, "
                  f"median {statistics.median(d['distinct'] for d in early)} distinct plans",
                  file=out, flush=True)
    load = os.getloadavg()
    print(f"{name}: wall {time.perf_counter() - t0:.1f}s; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}",
          file=out, flush=True)
    return res


def calibrate(name: str, turns: int | None = None, games: int | None = None, out=sys.stdout) -> float:
    """Work units per CPU second of the hard searches of a scenario (median over searches): the rate
    of an idle machine even when others load it (the wall-clock rate is printed too, with the load)."""
    preset, _, agents = _play(name, turns, games, use_clock=False)
    st = [d for a in agents for d in a.searches if d["cpu"] > 0 and d["seconds"] > 0]
    rates = [d["work"] / d["cpu"] for d in st]
    rate = statistics.median(rates)
    wall = statistics.median(d["work"] / d["seconds"] for d in st)
    q = statistics.quantiles(rates, n=4)
    load = os.getloadavg()
    print(f"{name} ({preset}): {rate:,.0f} work units per CPU second (quartiles {q[0]:,.0f}-{q[2]:,.0f}, "
          f"{len(rates)} searches; wall clock {wall:,.0f}/s at load {load[0]:.1f}); "
          f"WORK_RATE[{preset!r}] is {WORK_RATE[preset]:,}", file=out, flush=True)
    return rate


def _old_tree(rev: str) -> str:
    """The engine and assets of commit ``rev`` in a temporary directory (git archive)."""
    root = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True,
                          check=True).stdout.strip()
    d = tempfile.mkdtemp(prefix="bench-ai-")
    arch = subprocess.run(["git", "-C", root, "archive", rev, "engine", "assets"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", d], input=arch.stdout, check=True)
    return d


def compare_plans(rev: str, names: list, rounds: int = 3, out=sys.stdout) -> dict:
    """Plans per second of the hard search here and in commit ``rev``, measured alternately in the
    same time window (separate processes, CPU time of the searches only, the fastest run of each
    tree), same decisions and work checked."""
    old = _old_tree(rev)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    # the worker imports only engine.shachang, so the old tree (engine and assets) runs it as well
    worker = os.path.join(os.path.dirname(os.path.abspath(__file__)), "ai_plans.py")
    res: dict = {"old": [], "new": []}
    for _ in range(rounds):
        for label, tree in (("old", old), ("new", here)):
            env = dict(os.environ, PYTHONPATH=tree)
            r = subprocess.run([sys.executable, worker, *names], capture_output=True, text=True,
                               cwd=tree, env=env, check=True)
            res[label].append(json.loads(r.stdout.strip().splitlines()[-1]))
    load = os.getloadavg()
    summary = {}
    for name in names:
        o = [r[name] for r in res["old"]]
        n = [r[name] for r in res["new"]]
        same = {x["actions"] for x in o + n} == {o[0]["actions"]} and {x["work"] for x in o + n} == {o[0]["work"]}
        # the fastest of the alternate runs: other processes on the machine only ever add time
        co, cn = min(x["cpu"] for x in o), min(x["cpu"] for x in n)
        plans = o[0]["plans"]
        summary[name] = (co, cn, same)
        print(f"{name:20s} {o[0]['searches']:3d} searches {plans:4d} plans {o[0]['replies']:5d} replies: "
              f"old {plans / co:7.1f} plans/s ({co:.3f}s)  new {plans / cn:7.1f} plans/s ({cn:.3f}s)  "
              f"x{co / cn:.2f}  same decisions and work: {'yes' if same else 'NO'}", file=out, flush=True)
    to, tn = sum(v[0] for v in summary.values()), sum(v[1] for v in summary.values())
    print(f"all: old {to:.3f}s new {tn:.3f}s of search CPU (fastest of {rounds} alternate runs each), "
          f"x{to / tn:.2f}; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (against {rev})",
          file=out, flush=True)
    return summary


def main(argv=None) -> int:
    ap = OneLineParser(prog="python -m bench.ai", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenario", choices=sorted(set(SCENARIOS) | set(PLAN_SCENARIOS)), action="append")
    ap.add_argument("--turns", type=whole(1), help="own turns of seat 0 to time per game")
    ap.add_argument("--games", type=whole(1))
    ap.add_argument("--calibrate", action="store_true", help="measure the hard search's work rate")
    ap.add_argument("--plans", action="store_true",
                    help="plans per second of the hard search at fixed quotas (with --against: and of an old commit)")
    ap.add_argument("--against", metavar="REV", help="commit to compare with (--plans)")
    ap.add_argument("--rounds", type=whole(1), default=3, help="alternate runs per tree (--plans)")
    args = ap.parse_args(argv)
    if args.plans:
        names = [n for n in (args.scenario or sorted(PLAN_SCENARIOS)) if n in PLAN_SCENARIOS]
        if args.against:
            compare_plans(args.against, names, args.rounds)
        else:
            for name, r in plans_worker(names).items():
                print(f"{name:20s} {r['plans'] / r['cpu']:7.1f} plans/s ({r['cpu']:.3f}s CPU, {r['searches']} searches)")
        return 0
    for name in args.scenario or (["standard", "medium", "large", "huge"] if args.calibrate else ["standard", "huge"]):
        if name in SCENARIOS:
            (calibrate if args.calibrate else run)(name, args.turns, args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
