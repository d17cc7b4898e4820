"""Bad input as a careless or malicious player gives it (session 19's robustness pass): each case here got through
before — a corrupt save named by ``--load`` opened a window instead of one line, a large save with a list for its map
preset broke the load screen, an empty file was "Expecting value at line 1 column 1" — and is now refused with one
clear message, nothing changed."""
from __future__ import annotations

import json
import re

import pytest

from client.savefile import summary, write_save
from engine import registry
from engine.api import SaveError
from engine.saves import MAX_SAVE_BYTES
from tests.client_util import flat_app, step
from tests.test_cli import one_line_exit


@pytest.fixture
def no_window(monkeypatch):
    """A command line that would open the window fails the test instead (the window would wait for a player)."""
    from client.app import App

    def run(self):
        raise AssertionError("the window opened")

    monkeypatch.setattr(App, "run", run)


def _baige_save() -> dict:
    g = registry.get("baige").new_game()
    for a in ("f1f2", "a10a9", "d1e2"):
        g.apply(a)
    return json.loads(g.to_json())


# ------------------------------------------------------------------ python -m client --load
@pytest.mark.parametrize("name, text, words", [
    ("truncated.json", lambda d: json.dumps(d)[:40], "not a save file: invalid JSON"),
    ("empty.json", lambda d: "", "not a save file: it is empty"),
    ("blank.json", lambda d: " \n\t ", "not a save file: it is empty"),
    ("illegal.json", lambda d: json.dumps(dict(d, actions=d["actions"][:1] + ["a1a9"] + d["actions"][1:])),
     "action 2 ('a1a9') cannot be replayed"),
    ("future.json", lambda d: json.dumps(dict(d, version=2)), "save version 2 is not supported"),
    ("renamed.json", lambda d: json.dumps(dict(d, game="anqi")), "but it holds a save of Hundred-Square Chess"),
])
def test_a_save_the_command_line_names_is_read_before_any_window(tmp_path, capsys, no_window, name, text, words):
    """``python -m client --load BAD`` opened the start screen with the error on it (the file was only checked to
    exist); now it is read and replayed first: one line, exit 2, no window."""
    from client.__main__ import main

    p = tmp_path / name
    p.write_text(text(_baige_save()))
    line = one_line_exit(main, ["--load", str(p)], capsys)
    assert line.startswith(f"python -m client: error: --load: {p}: ") and words in line


def test_an_unreadable_save_is_one_line(capsys, no_window):
    from client.__main__ import main

    line = one_line_exit(main, ["--load", "/proc/1/environ"], capsys)  # unreadable even for root
    assert line == "python -m client: error: --load: /proc/1/environ: cannot read the save: Permission denied"


def test_the_save_read_for_the_command_line_is_the_game_the_window_opens(tmp_path, monkeypatch):
    """The save is read once: the options carry the game read (the window does not replay it again)."""
    import pygame

    from client.__main__ import options_from, parse_args

    monkeypatch.setattr(pygame, "quit", lambda: None)  # run() ends with it: the fonts of later tests would go

    p = write_save(tmp_path / "s.json", registry.load_game(json.dumps(_baige_save())), ["human", "hard"], 1)
    o = options_from(parse_args(["--load", str(p)]))
    game, seats, viewer, _ = o.loaded
    assert game.log == ["f1f2", "a10a9", "d1e2"] and seats == ["human", "hard"] and viewer == 1
    o.renderer, o.save_dir = "flat", tmp_path
    with flat_app(tmp_path, load=p, loaded=o.loaded) as app:
        app.running = False  # run() opens the save, then leaves at once
        app.run()
        assert app.scenes[0].game is game and app.opts.loaded is None


def test_bench_with_load_is_refused(tmp_path, capsys, monkeypatch):
    """``--load SAVE --bench N`` benched a new game and left the save unread without a word."""
    from client.__main__ import main

    import client.scenes.bench

    monkeypatch.setattr(client.scenes.bench, "run_bench", lambda *a, **k: pytest.fail("the bench ran"))
    p = write_save(tmp_path / "s.json", registry.get("baige").new_game(), ["human", "human"], 0)
    assert one_line_exit(main, ["--load", str(p), "--bench", "3"], capsys) == \
        "python -m client: error: --bench: not with --load (the bench draws a new game of its own)"


# ------------------------------------------------------------------ the load screen
def _large(data: dict) -> str:
    """A save over the 4 MB the load list replays (a padding key: only the list's reading is at stake)."""
    return json.dumps(dict(data, pad="x" * (4 * 1024 * 1024 + 10)))


def test_a_large_save_with_wrong_option_types_is_listed_without_them(tmp_path):
    """A save too large for the load list to replay was summarised unchecked: a list for 沙场秋点兵's map preset
    raised TypeError (unhashable) when the load screen drew its line, another game's id a KeyError; now only
    registered values of the choices are shown, another game's save "cannot be loaded", and loading says why not."""
    from client.scenes.menu import LoadScene

    d = _baige_save()
    (tmp_path / "a.json").write_text(_large(dict(d, game="shachang", options={"preset": [1], "mode": {"x": 1}})))
    (tmp_path / "b.json").write_text(_large(dict(d, game="sanguo", options={"variant": "jieqi", "mode": [3]})))
    (tmp_path / "c.json").write_text(_large(dict(d, game="chess")))
    assert len((tmp_path / "a.json").read_bytes()) < MAX_SAVE_BYTES
    assert summary(tmp_path / "a.json")["options"] == {}
    assert summary(tmp_path / "b.json")["options"] == {"variant": "jieqi"}
    assert summary(tmp_path / "c.json") is None
    with flat_app(tmp_path) as app:
        app.start_title()
        step(app)
        app.push(LoadScene(app))
        step(app)
        ls = app.scene
        lines = {p.name: ls.describe(p) for p in ls.files}
        assert lines["a.json"].endswith("Autumn Muster on the Battlefield · 3 moves")
        assert lines["b.json"].endswith("Three Kingdoms Chess · Jieqi (hidden pieces) · 3 moves")
        assert lines["c.json"] == "c.json (cannot be loaded)"
        ls.load(tmp_path / "a.json")
        step(app)
        assert app.scene is ls and ls.error_text() == "could not load: a.json: 沙场秋点兵 save lacks 'map'"


def test_numbers_too_long_to_show_are_said_by_their_digits():
    """A seed of 26 digits was "seed is a number, it must be ..."."""
    d = json.loads(registry.get("anqi").new_game(seed=3).to_json())
    d["options"]["seed"] = -10 ** 25
    with pytest.raises(SaveError, match="seed is a 26-digit negative number, it must be"):
        registry.load_game(json.dumps(d))


# ------------------------------------------------------------------ command lines
@pytest.mark.parametrize("argv, line", [
    (["--game", "sanguo", "--opt", "variant=jieqi", "--opt", "variant=standard"],
     "--opt variant=standard: variant is given twice (--opt variant=jieqi before it)"),
    (["--preset", "huge", "--opt", "preset=standard"], "--opt preset=standard: preset is given twice (--preset huge before it)"),
])
def test_an_option_given_twice_with_two_values_is_refused(argv, line, capsys, no_window):
    """The last one won without a word (``--players 2 --opt players=4`` was already refused)."""
    from client.__main__ import main, options_from, parse_args

    assert one_line_exit(main, argv, capsys) == f"python -m client: error: {line}"
    o = options_from(parse_args(["--preset", "huge", "--opt", "preset=256"]))  # the same map twice: no doubt
    assert o.preset == "huge"


def _png(path, mode: str, alpha_at=None, transparent_colour: bool = False):
    from PIL import Image
    import numpy as np

    a = np.full((8, 8, len(mode)), 128, np.uint8)
    if "A" in mode:
        a[..., -1] = 255
        if alpha_at is not None:
            a[alpha_at][-1] = 0
    if transparent_colour:
        Image.fromarray(a[..., 0]).convert("P").save(path, transparency=128)
    else:
        Image.fromarray(a if len(mode) > 1 else a[..., 0], mode).save(path)
    return path


@pytest.mark.parametrize("kind, pixels", [("RGBA", 1), ("LA", 1), ("P", 64)])
def test_a_heightmap_with_transparent_pixels_is_refused(tmp_path, capsys, no_window, kind, pixels):
    """A PNG with an alpha channel (or a palette's transparent colour) loaded its hidden colours as heights."""
    from client.__main__ import main

    p = _png(tmp_path / "m.png", "L" if kind == "P" else kind, alpha_at=(2, 3), transparent_colour=kind == "P")
    assert one_line_exit(main, ["--map", str(p)], capsys) == (
        f"python -m client: error: --map: {p}: {pixels} of its 64 pixels are transparent; a heightmap must be opaque "
        f"(no alpha channel or transparent colour)")


def test_an_opaque_heightmap_with_an_alpha_channel_loads():
    import tempfile
    from pathlib import Path

    from client.games.shachang.mapimage import load_png_heightmap

    with tempfile.TemporaryDirectory() as d:
        h = load_png_heightmap(str(_png(Path(d) / "m.png", "RGBA")), 4)
    assert h.shape == (8, 8) and (h == 2).all()


@pytest.mark.parametrize("argv, line", [
    (["--all", "--move", "3"], "--move: not with --all (it draws every scenario as its file says, to --out-dir)"),
    (["--all", "s5_wall"], "scenario s5_wall: not with --all (it draws every scenario as its file says, to --out-dir)"),
    (["--all", "-o", "x.png"], "-o: not with --all (it draws every scenario as its file says, to --out-dir)"),
    (["s5_wall", "-o", "x.png", "--out-dir", "pics"], "--out-dir pics: only with --all (one picture is written to -o)"),
])
def test_shot_flags_that_would_be_left_unused_are_refused(argv, line, capsys, monkeypatch):
    """``client.shot --all`` with a scenario, -o, --move ... redrew the whole rule book and ignored them; --out-dir
    without --all was ignored."""
    from client import shot

    monkeypatch.setattr(shot, "regenerate_all", lambda *a, **k: pytest.fail("the rule book was drawn"))
    monkeypatch.setattr(shot, "build_board_books", lambda *a, **k: pytest.fail("the rule book was drawn"))
    assert one_line_exit(shot.main, argv, capsys) == f"error: {line}"


@pytest.mark.parametrize("argv, line", [
    (["--all", "--game", "baige", "-o", "x.png"], "-o: not with --all"),
    (["--all", "--size", "300x300"], "--size: not with --all"),
    (["--game", "baige", "assets/scenarios/baige/c1_castling.toml"], "--game baige: only with --all"),
])
def test_rulebook_flags_that_would_be_left_unused_are_refused(argv, line, capsys, monkeypatch):
    from client.rulebook import cli

    monkeypatch.setattr(cli, "build_all", lambda *a, **k: pytest.fail("the rule book was drawn"))
    assert one_line_exit(cli.main, argv, capsys).startswith(f"error: {line}")


def test_arena_refuses_an_option_twice_and_more_workers_than_it_allows(capsys):
    from engine import arena

    assert one_line_exit(arena.main, ["sanguo", "--opt", "variant=jieqi", "--opt", "variant=standard"], capsys) == \
        "python -m engine.arena: error: --opt 'variant=standard': variant is given twice"
    assert one_line_exit(arena.main, ["baige", "--jobs", "9999"], capsys) == \
        "python -m engine.arena: error: argument --jobs: 9999 is outside 1..64"


def test_arena_starts_no_more_workers_than_games(monkeypatch):
    """``--jobs 8 --games 1`` started eight worker processes for one game."""
    import io

    from engine import arena

    sizes = []

    class Ctx:
        def Pool(self, n):  # noqa: N802 — multiprocessing's name
            sizes.append(n)
            raise RuntimeError("stop here")

    monkeypatch.setattr(arena.multiprocessing, "get_context", lambda kind: Ctx())
    res = arena.run("baige", "random", "random", 1, 2, {}, jobs=8, out=io.StringIO())  # one game: in this process
    assert sizes == [] and res["games"] == 1
    with pytest.raises(RuntimeError, match="stop here"):
        arena.run("baige", "random", "random", 3, 2, {}, jobs=8, out=io.StringIO())
    assert sizes == [3]


@pytest.mark.parametrize("module, argv, words", [
    ("bench.idle", ["--games", "chess"], "--games: unknown game 'chess'"),
    ("bench.idle", ["--seconds", "-1"], "--seconds -1.0: expected 0.1..600 seconds"),
    ("bench.idle", ["--warmup", "nan"], "--warmup nan: expected 0..600 seconds"),
    ("bench.memory", ["--games", ","], "--games: unknown game ''"),
    ("bench.baige_vs_fsf", ["--fsf", "/nonexistent/fairy-stockfish"], "--fsf /nonexistent/fairy-stockfish: not an executable"),
])
def test_bench_arguments_are_checked_before_anything_runs(module, argv, words, capsys, monkeypatch):
    """bench.idle started a child per game for an unknown game or a negative time (each failed, exit 0, "NOT met");
    bench.memory with no game measured nothing and said nothing; bench.baige_vs_fsf skipped, exit 0, past a
    binary named on its line that is not there."""
    import importlib
    import subprocess

    monkeypatch.setattr(subprocess, "run", lambda *a, **k: pytest.fail("a child was started"))
    mod = importlib.import_module(module)
    assert words in one_line_exit(mod.main, argv, capsys)


def test_the_plans_worker_says_what_it_wants():
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "bench.ai_plans", "--x"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "Traceback" not in r.stderr and r.stderr.startswith(
        "python -m bench.ai_plans: error: give scenario names of standard-digital-a")


def test_boards_frames_without_a_screenshot_is_refused(capsys, monkeypatch):
    """``client.boards --frames 5`` opened the window and played on: the count means something with --screenshot."""
    from client.boards import __main__ as boards

    monkeypatch.setattr(boards, "BoardApp", lambda *a, **k: pytest.fail("the window opened"))
    assert one_line_exit(boards.main, ["--frames", "5"], capsys) == (
        "python -m client.boards: error: --frames 5: only with --screenshot (the frames drawn before the picture)")


@pytest.mark.parametrize("game_id", ["anqi", "sanguo", "xinhai", "jiangshan"])
@pytest.mark.parametrize("seed, shown", [(2**64, str(2**64)), (10**29, "a 30-digit number")])
def test_a_seed_out_of_range_is_refused_by_every_game(game_id, seed, shown):
    """三国演弈 and 辛亥革命 loaded a save with a seed of any size (暗棋 and 沙场秋点兵 refused it); 江山 refused 2**64 as
    "seed must be an integer". Every game now says the range."""
    info = registry.get(game_id)
    d = json.loads(info.new_game(**{**info.options, "seed": 5}).to_json())
    d["options"]["seed"] = seed
    with pytest.raises(SaveError, match=re.escape(f"save: options: seed is {shown}, it must be "
                                                  f"-9223372036854775808..9223372036854775807")):
        registry.load_game(json.dumps(d))


def test_a_folder_where_the_autosave_goes_is_named_not_its_temporary_file(tmp_path):
    """A folder in the autosave slot's place: the status line named '…autosave-baige-hotseat.json.tmp: it is a folder',
    a file that is no folder and that the player never made; now the slot itself, and the game plays on."""
    with flat_app(tmp_path) as app:
        g = registry.get("baige").new_game()
        slot = app.opts.autosave_path(g, ["human", "human"])
        slot.mkdir(parents=True)
        app.start_game(g, ["human", "human"])
        step(app)
        sc = app.scene
        g.apply("f1f2")
        assert not sc.autosave()
        assert sc.status_text("en") == f"could not save: {slot}: it is a folder, not a file"
        assert sc.status_text("zh") == f"存档失败：{slot}：这是一个目录，不是文件"
        assert slot.is_dir() and not slot.with_suffix(".json.tmp").exists()


def test_the_rule_book_search_stops_at_its_length(monkeypatch):
    """A key held down in the F1 page's search typed on without end, each frame searching and laying out the
    whole text again: 2,000 characters took 0.8 s a frame, 25,000 froze the client for minutes. The search keeps
    its first 60 characters; typing past them changes nothing."""
    import pygame

    from client.rulebook.reader import load_book
    from client.scenes.rules_reader import RulesReader

    reader = RulesReader(load_book("baige"))
    for _ in range(150):
        assert reader.handle(pygame.event.Event(pygame.TEXTINPUT, text="ab")) == "used"
    assert reader.query == "ab" * 30
    reader.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    reader.handle(pygame.event.Event(pygame.TEXTINPUT, text="xyz"))
    assert reader.query == "ab" * 29 + "ax"


@pytest.mark.parametrize("content, words", [
    (b"my notes\n", "not a save file: invalid JSON"),
    (b"\x89PNG\r\n\x1a\n", "not a save file: not UTF-8 text"),
    (b'{"a": 1}', "not a save file: an object in JSON, no game"),
])
def test_an_autosave_file_that_holds_something_else_is_not_written_over(tmp_path, capsys, no_window, content, words):
    """``--autosave ~/notes.txt`` (a slip for another flag's file) started the game, whose first action wrote the
    autosave over the player's file. A file that is no save is refused; an empty file, a missing one and a save
    (even one this client cannot load) are taken."""
    from client.__main__ import main, options_from, parse_args

    p = tmp_path / "mine.txt"
    p.write_bytes(content)
    line = one_line_exit(main, ["--game", "baige", "--autosave", str(p)], capsys)
    assert line.startswith(f"python -m client: error: --autosave: {p}: {words}")
    assert line.endswith("; the game would write over it, give another file name")
    assert p.read_bytes() == content
    (tmp_path / "empty.json").write_bytes(b"")
    future = write_save(tmp_path / "future.json", registry.get("baige").new_game(), ["human", "human"], 0)
    future.write_text(future.read_text().replace('"version": 1', '"version": 9'))
    for ok in ("empty.json", "none.json", "future.json"):
        assert options_from(parse_args(["--game", "baige", "--autosave", str(tmp_path / ok)])).autosave == tmp_path / ok
