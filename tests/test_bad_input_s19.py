"""Bad input as a careless or malicious player gives it (session 19's robustness pass): each case here got through
before — a corrupt save named by ``--load`` opened a window instead of one line, a large save with a list for its map
preset broke the load screen, an empty file was "Expecting value at line 1 column 1" — and is now refused with one
clear message, nothing changed."""
from __future__ import annotations

import json

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
    ("renamed.json", lambda d: json.dumps(dict(d, game="anqi")), "暗战洛阳城 save"),
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


def test_the_save_read_for_the_command_line_is_the_game_the_window_opens(tmp_path):
    """The save is read once: the options carry the game read (the window does not replay it again)."""
    from client.__main__ import options_from, parse_args

    p = write_save(tmp_path / "s.json", registry.load_game(json.dumps(_baige_save())), ["human", "hard"], 1)
    o = options_from(parse_args(["--load", str(p)]))
    game, seats, viewer = o.loaded
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
    registered values of the choices are shown, another game's save is "not a save", and loading says why not."""
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
        assert lines["c.json"] == "c.json (not a save)"
        ls.load(tmp_path / "a.json")
        step(app)
        assert app.scene is ls and ls.error == f"could not load: {tmp_path / 'a.json'}: save lacks 'map'"


def test_numbers_too_long_to_show_are_said_by_their_digits():
    """A seed of 26 digits was "seed is a number, it must be ..."."""
    d = json.loads(registry.get("anqi").new_game(seed=3).to_json())
    d["options"]["seed"] = -10 ** 25
    with pytest.raises(SaveError, match="seed is a 26-digit negative number, it must be"):
        registry.load_game(json.dumps(d))
