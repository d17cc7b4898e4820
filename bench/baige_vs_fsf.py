"""百格西洋棋: the hard computer player against Fairy-Stockfish, an outside engine (issue 27.4).

    python -m bench.baige_vs_fsf --games 20                 # every rung of the ladder, 20 games each
    python -m bench.baige_vs_fsf --games 10 --rungs depth2  # one rung
    python -m bench.baige_vs_fsf --fsf /path/to/fairy-stockfish --level normal

Fairy-Stockfish plays the variant from assets/rules/baige_variants.ini (the definition the
move-generator cross-check uses) over UCI, at fixed search depths 1, 2, 3 and fixed node limits.
It needs a Fairy-Stockfish binary built with large boards (10x10) that understands the ini's
custom archer piece (a build from the project's current source does; Debian's 11.1 crashes on
it): ``--fsf``, the FAIRY_STOCKFISH environment variable, or ``fairy-stockfish`` on PATH. Without
a usable engine the bench prints one line saying so and exits 0.

Each rung plays ``--games`` games, half with each colour, from the start position and from
seeded varied openings (a few random legal plies). Our engine referees every game (its C7
fourth-check rule and C5 promotions included); Fairy-Stockfish is given the position as FEN
each move. A game not over after ``--max-plies`` plies is a draw. Printed per rung: wins,
draws, losses, the score with a 95% interval (normal approximation of the per-game score),
our median and max thinking time per move (CPU and wall), the load average, and the versions.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from client.cli_args import OneLineParser
from engine import registry
from engine.baige.ai import LEVELS, make_agent

INI = Path(__file__).resolve().parent.parent / "assets" / "rules" / "baige_variants.ini"
RUNGS = {"depth1": "depth 1", "depth2": "depth 2", "depth3": "depth 3",
         "nodes1k": "nodes 1000", "nodes10k": "nodes 10000"}


class EngineError(RuntimeError):
    """The outside engine did not answer as a UCI engine playing 百格 should."""


class Fsf:
    """A Fairy-Stockfish process speaking UCI, set to the 百格 variant."""

    def __init__(self, path: str, timeout: float = 30.0):
        self.timeout = timeout
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, bufsize=1)
        self.name = "?"
        self.send("uci")
        for line in self.until("uciok"):
            if line.startswith("id name "):
                self.name = line[8:]
        self.send(f"setoption name VariantPath value {INI}")
        self.send("setoption name UCI_Variant value baige")
        self.send("isready")
        list(self.until("readyok"))

    def send(self, line: str) -> None:
        if self.p.poll() is not None:
            raise EngineError(f"the engine exited with code {self.p.returncode}")
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, head: str):
        t0 = time.perf_counter()
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise EngineError(f"the engine stopped answering (exit code {self.p.poll()})")
            line = line.strip()
            yield line
            if line.startswith(head):
                return
            if time.perf_counter() - t0 > self.timeout:
                raise EngineError(f"no '{head}' within {self.timeout:.0f} s")

    def best(self, fen: str, limit: str) -> str:
        self.send(f"position fen {fen}")
        self.send(f"go {limit}")
        for line in self.until("bestmove"):
            if line.startswith("bestmove"):
                return line.split()[1]
        raise EngineError("no bestmove")

    def close(self) -> None:
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def find_engine(given: str | None) -> str | None:
    """The engine binary: --fsf, $FAIRY_STOCKFISH, or fairy-stockfish on PATH."""
    for cand in (given, os.environ.get("FAIRY_STOCKFISH"), shutil.which("fairy-stockfish"),
                 "/usr/games/fairy-stockfish"):
        if cand and Path(cand).is_file() and os.access(cand, os.X_OK):
            return cand
    return None


def opening(seed: int) -> list[str]:
    """A varied opening: 0 (the start position) or 2-4 seeded random legal plies."""
    if seed == 0:
        return []
    rnd = random.Random(seed)
    g = registry.get("baige").new_game()
    out = []
    for _ in range(rnd.choice((2, 3, 4))):
        moves = [m for m in g.legal_action_texts() if m not in ("offer", "resign")]
        m = rnd.choice(moves)
        g.apply(m)
        out.append(m)
    return out


def play(fsf: Fsf, limit: str, ours_white: bool, start: list[str], level: str, seed: int, max_plies: int,
         times: list) -> float:
    """One game; our score (1 win, 0.5 draw, 0 loss)."""
    g = registry.get("baige").new_game()
    for m in start:
        g.apply(m)
    us = 0 if ours_white else 1
    agent = make_agent(level, seed=seed, seat=us)
    while not g.is_over and len(g.log) < max_plies:
        legal = g.legal_action_texts()
        if g.current_player == us:
            t, c = time.perf_counter(), time.process_time()
            m = agent.act(g.observe(us), legal)
            times.append((time.process_time() - c, time.perf_counter() - t))
        else:
            if "decline" in legal:  # our draw offers are declined
                m = "decline"
            else:
                m = fsf.best(g.fen(), limit)
                if m not in legal:
                    raise EngineError(f"Fairy-Stockfish played {m!r}, not a legal move here ({g.fen()})")
        g.apply(m)
    if not g.is_over:
        return 0.5
    first = g.ranking()[0]
    if all(p.place == 1 for p in g.ranking()):
        return 0.5
    return 1.0 if first.player == us else 0.0


def interval(scores: list[float]) -> tuple[float, float, float]:
    """Mean score and its 95% interval (normal approximation, clipped to [0, 1])."""
    n = len(scores)
    m = sum(scores) / n
    sd = statistics.pstdev(scores) if n > 1 else 0.0
    h = 1.96 * sd / math.sqrt(n) if n > 1 else 1.0
    return m, max(0.0, m - h), min(1.0, m + h)


def git_rev() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).resolve().parent, timeout=5).stdout.strip() or "?"
    except Exception:
        return "?"


def main(argv=None) -> int:
    ap = OneLineParser(prog="python -m bench.baige_vs_fsf", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10, help="games per rung (half with each colour), at least 2")
    ap.add_argument("--rungs", default=",".join(RUNGS), help=f"comma list of {', '.join(RUNGS)}")
    ap.add_argument("--level", default="hard", choices=list(LEVELS))
    ap.add_argument("--openings", type=int, default=4, help="start position plus this many - 1 varied openings")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--fsf", help="path of the Fairy-Stockfish binary")
    args = ap.parse_args(argv)
    if args.games < 2:
        ap.error(f"--games {args.games}: play at least 2 (one with each colour)")
    if args.openings < 1 or args.max_plies < 10:
        ap.error("--openings must be at least 1 and --max-plies at least 10")
    rungs = [r.strip() for r in args.rungs.split(",") if r.strip()]
    bad = [r for r in rungs if r not in RUNGS]
    if bad:
        ap.error(f"unknown rung {bad[0]!r}; rungs: {', '.join(RUNGS)}")
    if args.fsf and find_engine(args.fsf) != args.fsf:  # a binary named on the line is not skipped past
        ap.error(f"--fsf {args.fsf}: not an executable file")
    path = find_engine(args.fsf)
    if path is None:
        print("bench.baige_vs_fsf: no Fairy-Stockfish binary (give --fsf, FAIRY_STOCKFISH or put fairy-stockfish "
              "on PATH): skipped")
        return 0
    try:
        fsf = Fsf(path)
        fsf.best(registry.get("baige").new_game().fen(), "depth 1")
    except EngineError as e:
        print(f"bench.baige_vs_fsf: {path} cannot play 百格 ({e}); a large-board build of current "
              "Fairy-Stockfish is needed: skipped")
        return 0
    print(f"百格西洋棋 {args.level} (node quota {LEVELS[args.level][1]}) against {fsf.name} ({path}); "
          f"our code {git_rev()}; {args.games} games per rung, {args.openings} openings")
    print(f"load at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for rung in rungs:
        scores, times, tally = [], [], [0, 0, 0]
        for i in range(args.games):
            ours_white = i % 2 == 0
            start = opening((i // 2) % args.openings)
            try:
                s = play(fsf, RUNGS[rung], ours_white, start, args.level, seed=i, max_plies=args.max_plies, times=times)
            except EngineError as e:
                print(f"  {rung}: game {i + 1} stopped: {e}")
                fsf.close()
                fsf = Fsf(path)
                continue
            scores.append(s)
            tally[{1.0: 0, 0.5: 1, 0.0: 2}[s]] += 1
        if not scores:
            continue
        m, lo, hi = interval(scores)
        cpu = [c for c, _ in times] or [0.0]
        wall = [w for _, w in times] or [0.0]
        print(f"  {rung:9s} ({RUNGS[rung]}): +{tally[0]} ={tally[1]} -{tally[2]}  score {m:.0%} "
              f"(95% {lo:.0%}-{hi:.0%})  our move: median {statistics.median(cpu):.2f} s CPU / "
              f"{statistics.median(wall):.2f} s wall, max {max(cpu):.2f} s CPU / {max(wall):.2f} s wall; "
              f"load {os.getloadavg()[0]:.2f}")
    fsf.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
