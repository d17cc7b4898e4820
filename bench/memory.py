"""Memory of one client session over many games: the process's resident size after each game.

    python -m bench.memory                              # 百格西洋棋 and 沙场秋点兵 (64x64), 16 games each, GL
    python -m bench.memory --games baige --count 20 --renderer flat

Each game kind runs in a child process of its own: the real App on SDL's offscreen driver, one new game after
another (computer players on every seat, the same seeds every run), 300 frames of each. After every game the
child collects Python's garbage and notes its resident size (VmRSS), then the size once the C library has given
back the memory it keeps free (``malloc_trim``: without it the resident size swings by ~10 MB with what was freed
last), and how much the kept text pictures hold (bounded at 16 MB; they fill over the first ~8 games). The figure
to read is the growth per game, of the size after giving back, after the warm-up (the first ``--warmup`` games,
while the caches fill): a client that keeps what a finished game held grows by it with every game. Printed with the
load average.
"""
from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import functools
import gc
import json
import os
import subprocess
import sys
import tempfile

from client.app import App, Options
from client.ui import text
from engine import registry
from engine.cli import OneLineParser, whole

GAMES = ("baige", "shachang")
OPTIONS = {"shachang": {"preset": "large"}}  # 64x64: a mesh, a minimap and a log of some size


def rss_mb() -> float:
    """This process's resident size in MB (Linux /proc)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    return float("nan")


@functools.cache
def _libc():
    """The C library (None where it is not found); looked up once: find_library runs ``ldconfig``."""
    name = ctypes.util.find_library("c")
    return ctypes.CDLL(name) if name else None


def give_back() -> None:
    """Let the C library return the memory it keeps free to the system (glibc's malloc_trim; elsewhere nothing)."""
    lib = _libc()
    if lib is not None and hasattr(lib, "malloc_trim"):
        lib.malloc_trim(0)


def measure(game_id: str, count: int, renderer: str, frames: int) -> list[dict]:
    """In this process: ``count`` games of ``game_id`` in one App; after each the resident size (``rss``), the
    size after giving back free memory (``held``) and the kept text pictures (``text``), in MB."""
    save_dir = tempfile.mkdtemp(prefix="memory-bench-")
    app = App(Options(game_id=game_id, renderer=renderer, save_dir=save_dir, lang="zh", ai_delay=0.0,
                      handover_delay=0.0, edge_pan=False))
    info = registry.get(game_id)
    out = []
    for n in range(count):
        game = info.new_game(seed=100 + n, **OPTIONS.get(game_id, {}))
        app.start_game(game, ["easy"] * game.num_players)
        for _ in range(frames):
            app.step(1 / 60)
        gc.collect()
        rss = rss_mb()
        give_back()
        out.append({"rss": rss, "held": rss_mb(), "text": text.kept_bytes() / 2 ** 20})
    return out


def main(argv=None) -> int:
    ap = OneLineParser(prog="python -m bench.memory", description=__doc__.split("\n")[0])
    ap.add_argument("--games", default=",".join(GAMES), help="comma list of game ids")
    ap.add_argument("--count", type=whole(2, 1000), default=16, help="games a session")
    ap.add_argument("--warmup", type=whole(0, 999), default=None,
                    help="games left out of the growth (the caches fill); default 8, fewer in a shorter session")
    ap.add_argument("--frames", type=whole(1, 100000), default=300)
    ap.add_argument("--renderer", choices=("gl", "flat"), default="gl")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        os.environ["SDL_VIDEODRIVER"] = "offscreen"
        print(json.dumps(measure(args.child, args.count, args.renderer, args.frames)))
        return 0
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    for g in games or [""]:  # (an empty list measured nothing and said nothing)
        if g not in registry.GAMES:
            ap.error(f"--games: unknown game {g!r:.30}; known: {', '.join(registry.GAMES)}")
    if args.warmup is None:  # --count 4 alone measures the last two games rather than refusing the line
        args.warmup = min(8, args.count - 2)
    if args.warmup >= args.count - 1:
        ap.error(f"--warmup {args.warmup}: leave at least two of the {args.count} games to measure")
    for g in games:
        cmd = [sys.executable, "-m", "bench.memory", "--child", g, "--count", str(args.count),
               "--frames", str(args.frames), "--renderer", args.renderer]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            print(f"{g}: the child failed: {r.stderr.strip().splitlines()[-1:]}")
            continue
        after = json.loads(r.stdout.strip().splitlines()[-1])
        w = args.warmup

        def row(k, fmt="{:.0f}"):
            return " ".join(fmt.format(a[k]) for a in after)

        def growth(k):
            return (after[-1][k] - after[w][k]) / (len(after) - 1 - w)

        print(f"{g} ({args.renderer}, {args.count} games of {args.frames} frames): resident {row('rss')} MB; "
              f"after giving back free memory {row('held')} MB; text pictures kept {row('text', '{:.1f}')} MB; "
              f"after game {w + 1}: {growth('held'):+.2f} MB a game ({growth('rss'):+.2f} resident) "
              f"(load {' '.join(f'{x:.2f}' for x in os.getloadavg())})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
