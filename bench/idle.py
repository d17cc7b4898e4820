"""CPU of the client while a game waits for a human's input (issue 23: ≤ 3% of a core for every game).

    python -m bench.idle                    # the six games, GL renderer, 4 s measured each
    python -m bench.idle --games baige,sanguo --seconds 10 --renderer flat

Each game runs in a child process of its own: the real ``App.run`` loop (SDL_VIDEODRIVER=offscreen), the
game started from the options with the human at seat 0 and computers at the others. After a warm-up (the
first frames, a computer's opening move), the child's CPU time (``time.process_time``, every thread) is read
over the measured seconds and printed as % of one core; then the load average (``os.getloadavg``), since
the machine's other load slows nothing here but says how quiet the measurement was.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import threading
import time

from client.app import App, Options
from engine import registry
from engine.cli import OneLineParser

GAMES = ("shachang", "baige", "anqi", "sanguo", "xinhai", "jiangshan")
TARGET = 3.0  # % of a core


def measure(game_id: str, seconds: float, warmup: float, renderer: str) -> dict:
    """In this process: run the App's loop on ``game_id`` and return its idle CPU figures."""
    save_dir = tempfile.mkdtemp(prefix="idle-bench-")
    app = App(Options(game_id=game_id, renderer=renderer, quick_start=True, seats=["human", "normal", "normal"],
                      save_dir=save_dir, edge_pan=False, lang="zh", ai_delay=0.0, handover_delay=0.0))
    out: dict = {"game": game_id, "renderer": app.display.kind}
    marks: dict = {}

    def start() -> None:  # the warm-up is over: the measured span begins
        marks["t0"], marks["c0"], marks["f0"] = time.perf_counter(), time.process_time(), app.frames
        marks["human"] = app.scene is not None and _human_to_move(app.scene)

    def stop() -> None:
        marks["t1"], marks["c1"], marks["f1"] = time.perf_counter(), time.process_time(), app.frames
        app.running = False  # run() leaves within its idle wait (App.IDLE_WAIT_MS)

    timers = [threading.Timer(warmup, start), threading.Timer(warmup + seconds, stop)]
    for t in timers:
        t.daemon = True
        t.start()
    app.run()
    wall = marks["t1"] - marks["t0"]
    out.update(cpu_pct=100.0 * (marks["c1"] - marks["c0"]) / wall, seconds=wall,
               frames=marks["f1"] - marks["f0"], human_to_move=marks["human"])
    return out


def _human_to_move(scene) -> bool:
    g = getattr(scene, "game", None)
    seats = getattr(scene, "seats", None)
    return g is not None and seats is not None and not g.is_over and seats[g.current_player] == "human"


def main(argv=None) -> int:
    ap = OneLineParser(prog="python -m bench.idle", description=__doc__.split("\n")[0])
    ap.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    ap.add_argument("--seconds", type=float, default=4.0, help="measured seconds per game")
    ap.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring (first frames)")
    ap.add_argument("--renderer", default="gl", choices=("gl", "flat"))
    ap.add_argument("--child", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    games = [g.strip() for g in a.games.split(",") if g.strip()]
    for g in games or [""]:  # (an unknown game, or a bad number, failed in every child and the bench said "NOT met")
        if g not in registry.GAMES:
            ap.error(f"--games: unknown game {g!r:.30}; known: {', '.join(registry.GAMES)}")
    for flag, v, lo in (("--seconds", a.seconds, 0.1), ("--warmup", a.warmup, 0.0)):
        if not (math.isfinite(v) and lo <= v <= 600):
            ap.error(f"{flag} {v}: expected {lo:g}..600 seconds")
    if a.child:
        print(json.dumps(measure(a.child, a.seconds, a.warmup, a.renderer)))
        return 0
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy")
    worst = 0.0
    failed = False
    for gid in games:
        cmd = [sys.executable, "-m", "bench.idle", "--child", gid, "--seconds", str(a.seconds),
               "--warmup", str(a.warmup), "--renderer", a.renderer]
        p = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if p.returncode != 0 or not p.stdout.strip():
            print(f"{gid:10s} failed: {(p.stderr.strip().splitlines() or ['?'])[-1]}")
            worst = float("inf")
            failed = True
            continue
        r = json.loads(p.stdout.strip().splitlines()[-1])
        worst = max(worst, r["cpu_pct"])
        print(f"{gid:10s} {r['renderer']:4s} idle CPU {r['cpu_pct']:5.1f}% of a core over {r['seconds']:.1f} s, "
              f"{r['frames']} loop steps, human to move: {'yes' if r['human_to_move'] else 'NO'}")
    la = os.getloadavg()
    print(f"load average {la[0]:.2f} {la[1]:.2f} {la[2]:.2f}; target ≤ {TARGET:.0f}% per game: "
          f"{'met' if worst <= TARGET else 'NOT met'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
