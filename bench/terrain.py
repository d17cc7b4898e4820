"""Benchmark: seeded terrain generation time per preset (python -m bench.terrain)."""
from __future__ import annotations

import statistics
import time

from client.cli_args import OneLineParser
from engine.shachang.terrain import generate


def main(argv=None) -> int:
    OneLineParser(prog="python -m bench.terrain", description=__doc__).parse_args(argv)  # no options
    for preset, players in (("standard", 2), ("medium", 4), ("large", 8), ("huge", 2), ("huge", 8)):
        generate(preset, players, 0)
        ts = []
        for seed in range(1, 6):
            t = time.perf_counter()
            generate(preset, players, seed)
            ts.append(time.perf_counter() - t)
        print(f"{preset:8s} {players} players: median {statistics.median(ts) * 1e3:7.1f} ms, "
              f"worst {max(ts) * 1e3:7.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
