"""Arena: play N games between computer players and print wins, losses, voids and a 95% interval.

    python -m engine.arena GAME --a LEVEL --b LEVEL --games N [--players K] [--jobs J] [--opt key=value ...]

A LEVEL may carry a thinking budget in seconds per turn: ``--a hard@0.05``.

Seats alternate between games: with two players, game i gives seat 0 to A when
i is even and to B when it is odd. With more players, A takes one seat
(rotating) and B all the others. "random" is the uniform random legal player;
other levels come from the game module's ``make_agent(level, seed, seat)``.
"""
from __future__ import annotations

import argparse
import importlib
import math
import multiprocessing
import sys
import time

from engine import registry
from engine.cli import OneLineParser, whole
from engine.agents import LEVELS, RandomAgent

MAX_JOBS = 64  # worker processes at most (each one a Python with the game loaded)


def parse_level(spec: str) -> tuple[str, float | None]:
    """``"hard@0.05"`` -> ("hard", 0.05): a level and an optional thinking budget in seconds."""
    level, sep, budget = spec.partition("@")
    if level not in LEVELS:
        raise SystemExit(f"unknown level {level!r:.30}; levels: {', '.join(LEVELS)}")
    if not sep:
        return level, None
    try:
        b = float(budget)
    except ValueError:
        raise SystemExit(f"bad budget in {spec!r}: want LEVEL@SECONDS, e.g. hard@0.05") from None
    if not b > 0:
        raise SystemExit(f"bad budget in {spec!r}: it must be positive")
    return level, b


def make_agent(game_id: str, level: str, seed: int, seat: int):
    """An agent of ``level`` for ``game_id`` ("random" for the uniform random player; "LEVEL@S"
    gives the level a thinking budget of S seconds per turn where the game supports one)."""
    level, budget = parse_level(level)
    if level == "random":
        if budget is not None:
            raise SystemExit("the random player takes no thinking budget")
        return RandomAgent(seed)
    mod = importlib.import_module(registry.get(game_id).module)
    if not hasattr(mod, "make_agent"):
        raise SystemExit(f"{game_id} has no computer players yet")
    if budget is None:
        return mod.make_agent(level, seed=seed, seat=seat)
    try:
        return mod.make_agent(level, seed=seed, seat=seat, budget=budget)
    except TypeError:
        raise SystemExit(f"{game_id}'s computer players take no thinking budget") from None


def play(game, agents, max_actions: int = 1_000_000):
    """Play ``game`` to the end with one agent per seat; returns the game."""
    n = 0
    while not game.is_over:
        seat = game.current_player
        legal = game.legal_actions()
        action = agents[seat].act(game.observe(seat), legal)
        game.apply(action)
        n += 1
        if n > max_actions:
            raise RuntimeError("arena: game did not end")
    return game


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for k successes in n trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def option_value(info, key: str, text: str, label: str | None = None):
    """``text`` as a value of the registered game's option ``key`` (SystemExit naming the option and its
    allowed values otherwise; the parsing is the registry's, shared with the client's command line)."""
    keys = [k for k in dict.fromkeys([*info.options, *info.choices]) if k not in ("players", "seed")]
    if key not in keys:
        raise SystemExit(f"{label or '--opt ' + key}: {info.game_id} has no such option; its options: {', '.join(keys) or 'none'}")
    label = label or f"--opt {key}={str(text).strip()!r:.40}"
    try:
        return registry.option_value(label, info.game_id, key, text, info.choices.get(key), info.options.get(key))
    except ValueError as e:
        raise SystemExit(str(e)) from None


def parse_opts(pairs: list[str], game_id: str | None = None) -> dict:
    """``key=value`` pairs as a game's options (checked against the registered game's options and values
    when ``game_id`` is given; else numbers become ints). SystemExit with one line for a bad pair."""
    out = {}
    for p in pairs:
        if "=" not in p:
            raise SystemExit(f"--opt wants key=value, got {p!r:.40}")
        k, v = p.split("=", 1)
        if game_id is not None:
            value = option_value(registry.get(game_id), k, v)
            if k in out and out[k] != value:  # two values for one option: which one was meant is unknown
                raise SystemExit(f"--opt {p!r:.40}: {k} is given twice")
            out[k] = value
            continue
        try:
            out[k] = int(v)
        except ValueError:
            out[k] = v
    return out


def player_counts(game_id: str) -> tuple[int, ...]:
    """The player counts a game is played with (its players choice, else its own count)."""
    info = registry.get(game_id)
    if "players" in info.choices:
        return tuple(info.choices["players"])
    if "players" in info.options:
        return (info.options["players"],)
    return (info.new_game(**info.options).num_players,)


def end_label(game) -> str:
    """How a finished game ended, for the arena's tally: the key of ``game.end_reason()``
    (e.g. "anqi.end.last" or "anqi.end.stall"), or its English text when the game gives no key."""
    why = game.end_reason()
    key = getattr(why, "key", None)
    if key and key != "common.text":
        return key
    return str(why)[:60] or "-"


def play_one(game_id: str, a: str, b: str, i: int, players: int, opts: dict, seed: int) -> tuple:
    """Game ``i`` of a match: returns (A's seat, first seat or None, void, end label)."""
    info = registry.get(game_id)
    gopts = dict(opts)
    if "players" in info.options:
        gopts["players"] = players
    if "seed" in info.options:
        gopts["seed"] = seed + i
    game = info.new_game(**gopts)
    n = game.num_players
    a_seat = i % n
    agents = [make_agent(game_id, a if s == a_seat else b, seed * 7919 + i * 31 + s, s) for s in range(n)]
    play(game, agents)
    ranking = game.ranking()
    void = not ranking or all(p.out for p in ranking)
    return a_seat, (ranking[0].player if ranking else None), void, end_label(game)


def _play_star(args):
    return play_one(*args)


def run(game_id: str, a: str, b: str, games: int, players: int, opts: dict, seed: int = 0,
        out=sys.stdout, jobs: int = 1) -> dict:
    """Play the match (``jobs`` games at a time in worker processes) and return counts
    {'a_first', 'b_first', 'void', 'games', 'ends'} ('ends': how many games ended each way, by
    the key of the game's end_reason()); the results do not depend on ``jobs``."""
    registry.get(game_id)
    for spec in (a, b):
        parse_level(spec)
    res = {"a_first": 0, "b_first": 0, "void": 0, "games": 0, "ends": {}}
    t0 = time.perf_counter()
    tasks = [(game_id, a, b, i, players, opts, seed) for i in range(games)]
    jobs = min(jobs, games)  # a worker without a game would only take memory
    if jobs > 1:
        pool = multiprocessing.get_context("spawn").Pool(jobs)
        results = pool.imap(_play_star, tasks)
    else:
        pool = None
        results = map(_play_star, tasks)
    try:
        for i, (a_seat, first, void, end) in enumerate(results):
            res["games"] += 1
            res["ends"][end] = res["ends"].get(end, 0) + 1
            if void:
                res["void"] += 1
            elif first == a_seat:
                res["a_first"] += 1
            else:
                res["b_first"] += 1
            print(f"game {i + 1}/{games}: A in seat {a_seat}; first: seat {'-' if first is None else first}"
                  f"{' (void)' if void else ''}; end: {end}", file=out, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    lo, hi = wilson(res["a_first"], res["games"])
    print(f"{game_id}: A={a} vs B={b}, {res['games']} games in {time.perf_counter() - t0:.1f}s: "
          f"A first {res['a_first']}, B first {res['b_first']}, void {res['void']}; "
          f"A first rate {res['a_first'] / max(1, res['games']):.3f} (95% interval {lo:.3f}-{hi:.3f})",
          file=out, flush=True)
    print("ends: " + ", ".join(f"{k} {n} ({n / max(1, res['games']):.0%})" for k, n in
                               sorted(res["ends"].items(), key=lambda kv: -kv[1])), file=out, flush=True)
    return res


def check_args(args) -> tuple[int, dict]:
    """(players, game options) from parsed flags; SystemExit with one line naming the bad flag."""
    info = registry.GAMES[args.game]
    counts = player_counts(args.game)
    players = counts[0] if args.players is None else args.players
    if players not in counts:
        raise SystemExit(f"--players {players}: {args.game} is played by {' or '.join(map(str, counts))}")
    opts = parse_opts(args.opt, args.game)
    for flag in ("preset", "mode"):
        v = getattr(args, flag)
        if v is not None:
            opts[flag] = option_value(info, flag, v, label=f"--{flag} {v}")
    gopts = dict(opts)
    if "players" in info.options:
        gopts["players"] = players
    try:  # the options together (沙场秋点兵: the preset's player counts)
        info.new_game(**gopts)
    except (ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"{args.game} cannot start with {gopts or 'these options'}: {e}") from None
    for side, spec in (("--a", args.a), ("--b", args.b)):
        try:
            make_agent(args.game, spec, seed=0, seat=0)
        except SystemExit as e:
            raise SystemExit(f"{side} {spec}: {e.code}") from None
        except (ValueError, KeyError) as e:
            raise SystemExit(f"{side} {spec!r:.40}: {e}") from None
    return players, opts


def main(argv=None) -> int:
    """Run a match from the command line; a bad argument prints one line and exits 2."""
    ap = OneLineParser(prog="python -m engine.arena", description=__doc__,
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game", choices=list(registry.GAMES))
    ap.add_argument("--a", default="normal", help="random, easy, normal or hard (LEVEL@SECONDS: a budget)")
    ap.add_argument("--b", default="random")
    ap.add_argument("--games", type=whole(1), default=20)
    ap.add_argument("--players", type=whole(1), help="default: the game's own player count")
    ap.add_argument("--seed", type=whole(0), default=0)
    ap.add_argument("--preset")
    ap.add_argument("--mode")
    ap.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--jobs", type=whole(1, MAX_JOBS), default=1, help="games played at once (worker processes)")
    args = ap.parse_args(argv)
    try:
        players, opts = check_args(args)
    except SystemExit as e:
        if isinstance(e.code, str):
            ap.error(e.code)
        raise
    run(args.game, args.a, args.b, args.games, players, opts, args.seed, jobs=args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
