"""Benchmark: legal-action generation and action application of 沙场秋点兵.

    python -m bench.legal [--games 5]

Plays random games on the standard 8x8 digital map, timing legal_actions()
at every decision (median, worst), and random actions on the huge map timing
apply() (which includes the incremental vision update).
"""
from __future__ import annotations

import os
import random
import statistics
import time

from bench.policies import random_action  # the same cheap random policy as the tests
from client.cli_args import OneLineParser, whole
from engine.shachang import new_game


def _ms(xs):
    return f"median {statistics.median(xs) * 1e3:.3f} ms, worst {max(xs) * 1e3:.3f} ms, n={len(xs)}"


def main(argv=None) -> int:
    ap = OneLineParser(prog="python -m bench.legal", description=__doc__)
    ap.add_argument("--games", type=whole(1), default=5)
    args = ap.parse_args(argv)
    times, sizes = [], []
    for seed in range(args.games):
        g = new_game("standard", "digital", 2, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            t = time.perf_counter()
            legal = g.legal_actions()
            times.append(time.perf_counter() - t)
            sizes.append(len(legal))
            g.apply(rng.choice(legal))
    print(f"standard 8x8 digital, legal_actions(): {_ms(times)}; "
          f"actions per decision: median {statistics.median(sizes)}, max {max(sizes)}")

    for preset, players in (("huge", 8), ("large", 4)):
        g = new_game(preset, "digital", players, seed=1)
        rng = random.Random(1)
        app = []
        for _ in range(400):
            if g.is_over:
                break
            a = random_action(g, rng)
            t = time.perf_counter()
            g.apply(a)
            app.append(time.perf_counter() - t)
        print(f"{preset} digital, {players} players, apply() incl. vision update: {_ms(app)}")
    # the complete legal list on the biggest map (thousands of actions)
    g = new_game("huge", "digital", 8, seed=1)
    rng = random.Random(2)
    times, sizes = [], []
    for _ in range(60):
        if g.is_over:
            break
        t = time.perf_counter()
        legal = g.legal_actions()
        times.append(time.perf_counter() - t)
        sizes.append(len(legal))
        g.apply(legal[rng.randrange(len(legal))])
    print(f"huge digital, 8 players, legal_actions(): {_ms(times)}; actions per decision: median "
          f"{statistics.median(sizes)}")
    print("load average %.2f %.2f %.2f" % os.getloadavg())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
