"""Perft benchmark of the 百格西洋棋 move generator.

    python -m bench.baige_perft [--depth 3] [--fen FEN] [--file]

Prints nodes, seconds and nodes per second for perft from the start position
(or FEN); with --file also runs every position of tests/data/baige_perft.txt
and checks its counts.
"""
from __future__ import annotations

import argparse
import pathlib
import sys
import time

from client.cli_args import OneLineParser, whole
from engine.baige import START_FEN, FenError, legal_moves, perft

DATA = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data" / "baige_perft.txt"


def read_data(path=DATA):
    """[(name, fen, {depth: count})] from the perft data file."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.split(";")]
        counts = {}
        for p in parts[2:]:
            d, n = p.split()
            counts[int(d[1:])] = int(n)
        out.append((parts[0], parts[1], counts))
    return out


def bench(fen: str, depth: int) -> tuple[int, float]:
    t = time.perf_counter()
    n = perft(fen, depth)
    return n, time.perf_counter() - t


def main(argv=None) -> int:
    ap = OneLineParser(prog="python -m bench.baige_perft", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--depth", type=whole(0, 12), default=3)
    ap.add_argument("--fen", default=START_FEN)
    ap.add_argument("--file", action="store_true", help="also run and check the perft data file")
    args = ap.parse_args(argv)
    try:
        legal_moves(args.fen)
    except FenError as e:
        ap.error(f"--fen: {str(e):.200}")
    n, dt = bench(args.fen, args.depth)
    print(f"perft({args.depth}) = {n} nodes in {dt:.2f} s: {n / max(dt, 1e-9):,.0f} nodes/s")
    ok = True
    if args.file:
        tot_n = 0
        tot_t = 0.0
        for name, fen, counts in read_data():
            for d, want in sorted(counts.items()):
                got, dt = bench(fen, d)
                tot_n += got
                tot_t += dt
                flag = "ok" if got == want else f"MISMATCH (expected {want})"
                ok &= got == want
                print(f"  {name}: D{d} {got} {flag}")
        print(f"data file: {tot_n} nodes in {tot_t:.2f} s: {tot_n / max(tot_t, 1e-9):,.0f} nodes/s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
