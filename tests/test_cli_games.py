"""Command lines for every game (issues 23 and 29): ``python -m client --game ID --opt ... --bench N`` runs
headless for each registered game, options come from the registry, and bad command lines of every
``python -m`` entry point print exactly one line on stderr (no traceback) and exit 2."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import registry

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, SDL_VIDEODRIVER="offscreen", ZHANQI_MUTE="1", PYTHONPATH=str(ROOT))


def run(args, timeout=300):
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, timeout=timeout,
                          env=ENV, cwd=ROOT)


# ------------------------------------------------------------------ --bench for every game
BENCH_LINES = {gid: ["client", "--game", gid, "--bench", "4"] for gid in registry.GAMES}
BENCH_LINES["sanguo"] = ["client", "--game", "sanguo", "--opt", "variant=jieqi", "--seats", "human,hard,hard",
                         "--bench", "4"]
BENCH_LINES["xinhai"] = ["client", "--game", "xinhai", "--setup", "random", "--bench", "4"]


@pytest.mark.parametrize("gid", list(registry.GAMES))
def test_bench_runs_headless_for_every_game(gid):
    r = run(BENCH_LINES[gid])
    assert r.returncode == 0, r.stderr[-2000:]
    clean = "Traceback" not in r.stderr and "errors in the scenes" not in r.stdout  # a bool: pytest's diff of a long
    assert clean, (r.stdout + r.stderr)[-3000:]  # output with `not in` took minutes (difflib)
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("bench:")]
    assert lines[0].startswith(f"bench: 4 frames at 1280x720, {gid}:"), lines
    assert any(ln.startswith("bench: median ") for ln in lines)
    assert lines[-1].startswith("bench: load ")
    # the line on frames that copied the kept 3D terrain belongs to 沙场秋点兵's flight alone (a board game has no
    # terrain; it said "0 of 4" for every one of them)
    assert any("whose terrain was copied" in ln for ln in lines) == (gid == "shachang" and "renderer gl" in lines[0])


# ------------------------------------------------------------------ options from the registry
def test_registered_options_reach_the_options():
    from client.__main__ import options_from, parse_args

    o = options_from(parse_args(["--game", "sanguo", "--opt", "variant=jieqi", "--opt", "mode=quick",
                                 "--seats", "human,hard,hard"]))
    assert o.game_options == {"variant": "jieqi", "mode": "quick"} and o.mode == "digital" and o.quick_start
    assert options_from(parse_args(["--game", "sanguo", "--variant", "jieqi"])).game_options == {"variant": "jieqi"}
    assert options_from(parse_args(["--game", "xinhai", "--opt", "setup=random"])).game_options == {"setup": "random"}
    o = options_from(parse_args(["--opt", "preset=64x64", "--opt", "mode=classic", "--opt", "items=yes"]))
    assert (o.preset, o.mode, o.game_options) == ("large", "classic", {"items": True})


def test_the_jieqi_option_starts_a_jieqi_game(tmp_path):
    r = run(["client", "--game", "sanguo", "--opt", "variant=jieqi", "--seats", "human,hard,hard", "--bench", "2"])
    assert r.returncode == 0, r.stderr[-2000:]
    assert "variant=jieqi" in r.stdout.splitlines()[0]


def test_arena_plays_with_the_games_own_player_count():
    from engine import arena

    for gid in ("anqi", "sanguo"):
        out = io.StringIO()
        players, opts = arena.check_args(arena_args(gid))
        assert players == 3
        res = arena.run(gid, "random", "random", 1, players, opts, seed=1, out=out)
        assert res["games"] == 1


def arena_args(gid):
    import argparse

    return argparse.Namespace(game=gid, a="random", b="random", games=1, players=None, seed=0, preset=None,
                              mode=None, opt=[], jobs=1)


# ------------------------------------------------------------------ bad command lines: one line, exit 2
BAD = [
    # python -m client
    (["client", "--game", "chess"], "unknown game 'chess'"),
    (["client", "--game", "sanguo", "--variant", "x"], "choose from standard, jieqi"),
    (["client", "--game", "sanguo", "--opt", "variant=x"], "variant"),
    (["client", "--game", "sanguo", "--opt", "x=y"], "its options: variant, mode, players"),
    (["client", "--game", "sanguo", "--opt", "variant"], "KEY=VALUE"),
    (["client", "--opt", "items=maybe"], "choose from false, true"),
    (["client", "--opt", "x=y"], "shachang has no option 'x'"),
    (["client", "--game", "baige", "--preset", "huge"], "baige has no option 'preset'"),
    (["client", "--game", "anqi", "--items"], "anqi has no option 'items'"),
    (["client", "--game", "baige", "--map", "x.png"], "--map"),
    (["client", "--game", "sanguo", "--players", "2"], "not 2"),
    (["client", "--players", "0"], "not 0"),
    (["client", "--size", "0x0"], "160..16384"),
    (["client", "--bench", "3", "--screenshot", "/proc/x.png"], "--screenshot /proc/x.png"),
    (["client", "--screenshot", "/tmp/x.png"], "only with --bench"),
    (["client", "--mode", "x"], "invalid choice"),
    (["client", "--bogus"], "unrecognized arguments"),
    (["client", "--seed", "x"], "invalid int"),
    (["client", "--seed", "-1"], "--seed -1"),
    (["client", "--lang", "fr"], "invalid choice"),
    (["client", "--renderer", "vulkan"], "invalid choice"),
    (["client", "--ai-delay", "nan"], "--ai-delay"),
    (["client", "--load", "/dev/zero"], "not a regular file"),
    (["client", "--opt", "=x"], "KEY=VALUE"),
    (["client", "--game", "xinhai", "--scenario", "chuhan"], "xinhai has no option 'scenario'"),
    (["client", "--game", "jiangshan", "--opt", "scenario=nope"], "choose from chuhan, random"),
    (["client", "--game", "sanguo", "--opt", "seed=3"], "--seed N"),
    (["client", "--game", "sanguo", "--seats", "human,hard,hard,hard"], "4 seats for a game of 3"),
    (["client", "--preset", "standard", "--players", "5"], "not 5"),
    # python -m client.boards
    (["client.boards.demo", "-o", "/proc/x.png"], "--out /proc/x.png"),
    (["client.boards.demo", "-o", "x.png", "--pitch", "nan"], "--pitch"),
    (["client.boards", "--game", "shachang"], "not a flat-board game"),
    (["client.boards", "--game", "chess"], "unknown game 'chess'"),
    (["client.boards", "--screenshot", "/proc/x.png"], "--screenshot /proc/x.png"),
    (["client.boards", "--size", "0x0"], "160..16384"),
    (["client.boards", "--frames", "0"], "--frames 0"),
    # python -m client.shot
    (["client.shot", "--samples", "x"], "invalid int"),
    (["client.shot", "s11_explored_fog", "-o", "/proc/x.png"], "/proc/x.png"),
    (["client.shot", "s11_explored_fog", "-o", "x.png", "--size", "0x0"], "--size 0x0"),
    # python -m engine.arena
    (["engine.arena", "chess"], "invalid choice: 'chess'"),
    (["engine.arena", "baige", "--players", "0"], "--players"),
    (["engine.arena", "baige", "--players", "3"], "baige is played by 2"),
    (["engine.arena", "baige", "--a", "wizard"], "--a wizard: unknown level 'wizard'; levels: random, easy, normal, hard"),
    (["engine.arena", "baige", "--b", "hard@x"], "LEVEL@SECONDS"),
    (["engine.arena", "sanguo", "--opt", "variant=x"], "choose from standard, jieqi"),
    (["engine.arena", "sanguo", "--opt", "x=y"], "sanguo has no such option"),
    (["engine.arena", "shachang", "--opt", "items=maybe"], "choose from false, true"),
    (["engine.arena", "baige", "--preset", "huge"], "baige has no such option"),
    (["engine.arena", "shachang", "--preset", "standard", "--players", "8"], "2..4 players"),
    (["engine.arena", "baige", "--games", "-1"], "--games"),
    (["engine.arena", "baige", "--jobs", "0"], "--jobs"),
    # the benches and tools
    (["bench.baige_perft", "--fen", "garbage"], "--fen"),
    (["bench.baige_perft", "--depth", "-1"], "--depth"),
    (["bench.ai", "--games", "0"], "--games"),
    (["bench.legal", "--games", "-1"], "--games"),
    (["bench.render", "--size", "0x0"], "--size"),
    (["bench.star_render", "--frames", "0"], "--frames"),
    (["bench.board_cards", "--frames", "x"], "--frames"),
    (["bench.items_cards", "--size", "wide"], "--size"),
    (["bench.terrain", "--bogus"], "unrecognized arguments"),
    (["bench.vision", "--bogus"], "unrecognized arguments"),
    (["bench.items_arena", "x"], "invalid int"),
    (["bench.ai_games", "--opt", "variant=jieqi"], "--opt needs exactly one --game"),
    (["bench.ai_games", "--game", "sanguo", "--opt", "variant=xx"], "choose from standard, jieqi"),
    (["engine.xinhai.mapimage", "/proc/x.png"], "/proc/x.png"),
]


@pytest.mark.parametrize("argv, words", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_command_line_prints_one_line_and_exits_2(argv, words):
    r = run(argv, timeout=120)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert r.returncode == 2, (r.returncode, r.stderr[-1500:])
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr[-1500:]
    assert words in lines[0], lines[0]
    assert lines[0].startswith(("python -m", "error:")), lines[0]


def test_client_outside_its_game_plugins_names_no_game_engine():
    """The command line, the option checks and the bench reach a game only through the registry and its
    plugin (client/games/), never through engine.<game> internals."""
    import re

    games = "|".join(registry.GAMES)
    for rel in ("client/__main__.py", "client/options.py", "client/cli_args.py", "client/scenes/bench.py",
                "client/boards/__main__.py"):
        text = (ROOT / rel).read_text(encoding="utf-8")
        assert not re.search(rf"engine\.({games})\b", text), rel


def test_ai_games_bench_times_a_variant_given_as_a_registered_option():
    """``bench.ai_games --game sanguo --opt variant=jieqi`` times 揭棋's hard player (the line names the option)."""
    r = run(["bench.ai_games", "--game", "sanguo", "--opt", "variant=jieqi", "--decisions", "1"], timeout=120)
    assert r.returncode == 0, r.stderr[-1500:]
    line = [ln for ln in r.stdout.splitlines() if ln.startswith("sanguo")][0]
    assert line.startswith("sanguo variant=jieqi hard over 1 decisions: median "), line
