"""Thinking time of every game's hard computer player (issue 27.3), CPU and wall, with the load.

    python -m bench.ai_games                    # every flat-board game, 20 hard decisions each
    python -m bench.ai_games --game baige --decisions 40
    python -m bench.ai_games --game sanguo --opt variant=jieqi   # a registered option of the game

Seat 0 plays hard, the other seats normal, from each game's default set-up with fixed seeds; each
hard ``act`` call is timed by the wall clock and by the process's CPU time. The searches are bounded
by counted work (nodes, positions, plans), so the decisions do not depend on the load; the times do,
so the load average is printed beside them. 沙场秋点兵's own figures come from ``python -m bench.ai``.
"""
from __future__ import annotations

import importlib
import os
import statistics
import sys
import time

from client.cli_args import OneLineParser, whole
from engine import registry
from engine.arena import parse_opts

GAMES = ("baige", "anqi", "sanguo", "xinhai", "jiangshan")


def time_hard(game_id: str, decisions: int, seed: int = 1, options: dict | None = None) -> tuple[list[float], list[float]]:
    """(CPU seconds, wall seconds) of ``decisions`` hard decisions of seat 0 in seeded games (with the
    game's registered ``options``)."""
    info = registry.get(game_id)
    mod = importlib.import_module(info.module)
    cpu, wall = [], []
    s = seed
    while len(cpu) < decisions:
        g, _ = info.start(seed=s, **(options or {}))
        agents = [mod.make_agent("hard" if p == 0 else "normal", seed=s, seat=p) for p in range(g.num_players)]
        while not g.is_over and len(cpu) < decisions:
            p = g.current_player
            obs, legal = g.observe(p), g.legal_actions()
            t, c = time.perf_counter(), time.process_time()
            a = agents[p].act(obs, legal)
            if p == 0:
                cpu.append(time.process_time() - c)
                wall.append(time.perf_counter() - t)
            g.apply(a)
        s += 1
    return cpu, wall


def main(argv=None) -> int:
    ap = OneLineParser(prog="python -m bench.ai_games", description=__doc__)
    ap.add_argument("--game", choices=GAMES, action="append", help="a game id (default: all five)")
    ap.add_argument("--decisions", type=whole(1), default=20, help="hard decisions timed per game")
    ap.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE",
                    help="a registered option of the one game given with --game (e.g. variant=jieqi)")
    args = ap.parse_args(argv)
    if args.opt and len(args.game or ()) != 1:
        ap.error("--opt needs exactly one --game")
    try:
        opts = parse_opts(args.opt, args.game[0]) if args.opt else {}
    except SystemExit as e:
        ap.error(str(e))
    print(f"load at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for gid in args.game or GAMES:
        cpu, wall = time_hard(gid, args.decisions, options=opts)
        label = gid + "".join(f" {k}={v}" for k, v in opts.items())
        print(f"{label:10s} hard over {len(cpu)} decisions: median {statistics.median(cpu):.3f} s CPU / "
              f"{statistics.median(wall):.3f} s wall, max {max(cpu):.3f} s CPU / {max(wall):.3f} s wall; "
              f"load {os.getloadavg()[0]:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
