"""Issue 23.4 and 29.2/29.3 in the client: one autosave slot per game kind and set-up, Continue (继续) on the
start screen resumes it through the real App, 开始 asks before replacing it, the load list marks the
autosave and the quicksave, two clients never write one autosave file, a failed write leaves no .tmp."""
from __future__ import annotations

import errno
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from client import savefile
from client.app import App
from client.options import Options, autosave_slot, autosaves
from client.savefile import read_save, write_save
from client.scenes.modals import ConfirmModal, NoticeModal
from client.scenes.start import StartScene
from engine import registry

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def offscreen():
    old = os.environ.get("SDL_VIDEODRIVER")
    os.environ["SDL_VIDEODRIVER"] = "offscreen"
    yield
    pygame.display.quit()
    if old is None:
        os.environ.pop("SDL_VIDEODRIVER", None)
    else:
        os.environ["SDL_VIDEODRIVER"] = old


def make_app(save_dir, **kw) -> App:
    opts = dict(renderer="flat", save_dir=save_dir, ai_delay=0.0, lang="en", size=(1280, 720), strict=True)
    opts.update(kw)
    app = App(Options(**opts))
    app.start_title()
    steps(app, 2)
    return app


def steps(app, n=1):
    for _ in range(n):
        app.step(0.016)


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    steps(app)


def choose_game(app, gid: str):
    """Click the game row's arrow until ``gid`` is chosen (as a player would)."""
    sc = app.scene
    for _ in range(len(sc.games) + 1):
        if sc.game.value == gid:
            return
        click(app, sc.game.right.center)
    raise AssertionError(f"{gid} not offered")


def start_button(sc):
    return sc.buttons[0]


def played(gid: str, n: int, seed: int = 3, **opts):
    g = registry.get(gid).new_game(seed=seed, **opts)
    rng = random.Random(seed)
    for _ in range(n):
        g.apply(rng.choice(g.legal_actions()))
    return g


# ---------------------------------------------------------------------- Continue through the real App
def test_continue_resumes_a_board_game_after_quitting(tmp_path):
    app = make_app(tmp_path)
    choose_game(app, "baige")
    sc = app.scene
    for r in sc.seats[:2]:
        r.value = "human"
    assert sc.continue_info() is None  # nothing to continue yet
    click(app, start_button(sc).rect.center)
    board = app.scene
    assert board.game.game_id == "baige" and not isinstance(board, StartScene)
    for _ in range(3):  # three moves through the scene, autosaved after each
        n = len(board.game.log)
        board.play(sorted(board.game.legal_actions(), key=str)[0])
        steps(app)
        assert len(board.game.log) == n + 1
    slot = tmp_path / "autosave-baige-hotseat.json"
    assert slot.exists() and read_save(slot)[0].log == board.game.log
    position = board.game.to_json()
    app.close()

    app2 = make_app(tmp_path)  # a new launch with the same save folder
    sc2 = app2.scene
    assert isinstance(sc2, StartScene) and sc2.game.value == "baige"  # the settings file kept the game
    info = sc2.continue_info()
    assert info is not None and info["path"] == slot
    label = sc2.continue_label()
    assert label.startswith("Continue: Hundred-Square Chess") and "move 3" in label
    assert time.strftime("%Y-%m-%d") in label
    click(app2, sc2.continue_button.rect.center)
    resumed = app2.scene
    assert resumed.game.game_id == "baige" and resumed.game.to_json() == position
    assert list(resumed.seats) == ["human", "human"]
    app2.close()


def test_continue_keeps_the_seats_and_names_the_set_up(tmp_path):
    g = played("sanguo", 3, variant="jieqi")
    seats = ["human", "easy", "hard"]
    o = Options(save_dir=tmp_path)
    write_save(o.autosave_path(g, seats), g, seats, 0)
    o.release_autosave()
    app = make_app(tmp_path, lang="zh")
    choose_game(app, "sanguo")
    sc = app.scene
    label = sc.continue_label()
    assert label.startswith("继续：三国演弈") and "揭棋" in label and "第3步" in label
    click(app, sc.continue_button.rect.center)
    assert app.scene.game.to_json() == g.to_json() and list(app.scene.seats) == seats
    app.close()


def test_a_finished_game_or_another_kind_offers_no_continue(tmp_path):
    g = registry.get("baige").new_game()
    g.apply("resign")
    o = Options(save_dir=tmp_path)
    write_save(o.autosave_path(g, ["human", "human"]), g, ["human", "human"], 0)
    x = played("xinhai", 4)
    write_save(o.autosave_path(x, ["human", "hard"]), x, ["human", "hard"], 0)
    o.release_autosave()
    app = make_app(tmp_path)
    choose_game(app, "baige")
    assert app.scene.continue_info() is None  # over: nothing to continue
    choose_game(app, "xinhai")
    assert app.scene.continue_info()["game"] == "xinhai"
    app.close()


# ---------------------------------------------------------------------- one slot per kind and set-up
@pytest.mark.parametrize("gid, opts", [("baige", {}), ("anqi", {}), ("sanguo", {"variant": "jieqi"}),
                                       ("jiangshan", {"scenario": "random"}), ("xinhai", {"setup": "random"}),
                                       ("shachang", {"mode": "tabletop", "players": 3})])
def test_the_start_screen_names_the_slot_the_new_game_autosaves_to(tmp_path, gid, opts):
    app = make_app(tmp_path)
    choose_game(app, gid)
    sc = app.scene
    for key, v in opts.items():
        row = {"mode": sc.mode, "players": sc.players}.get(key) or sc._extra[(gid, key)]
        row.value = v
        sc._changed(v)
    slot = sc.slot_path()
    click(app, start_button(sc).rect.center)
    game = app.scene.game
    assert app.opts.autosave_path(game, app.scene.seats) == slot
    for k, v in opts.items():
        assert k == "players" or str(v) in slot.name
    app.close()


def test_slots_differ_by_kind_set_up_and_table(tmp_path):
    names = {autosave_slot(tmp_path, "sanguo", {"variant": v, "mode": m}, None, seats).name
             for v in ("standard", "jieqi") for m in ("bloodbath", "quick")
             for seats in (["human"] * 3, ["human", "hard", "hard"])}
    assert len(names) == 8
    assert autosave_slot(tmp_path, "sanguo", {"variant": "standard", "mode": "bloodbath"}, None,
                         ["human", "hard", "hard"]).name == "autosave-sanguo-vs.json"  # defaults: as before


def test_starting_the_same_slot_asks_before_replacing_the_autosave(tmp_path):
    g = played("baige", 6, seed=0)
    o = Options(save_dir=tmp_path)
    slot = o.autosave_path(g, ["human", "human"])
    write_save(slot, g, ["human", "human"], 0)
    o.release_autosave()
    before = slot.read_bytes()
    app = make_app(tmp_path)
    choose_game(app, "baige")
    sc = app.scene
    for r in sc.seats[:2]:
        r.value = "human"
    steps(app)
    assert sc.slot_path() == slot
    click(app, start_button(sc).rect.center)
    modal = app.scene
    assert isinstance(modal, ConfirmModal)
    q = modal.question()
    assert "replaces the autosave" in q and "Hundred-Square Chess" in q and "move 6" in q
    click(app, modal.buttons[1].rect.center)  # no: nothing started, the autosave untouched
    assert app.scene is sc and slot.read_bytes() == before
    click(app, start_button(sc).rect.center)
    click(app, app.scene.buttons[0].rect.center)  # yes: a new game; its first move replaces the slot
    board = app.scene
    assert board.game.game_id == "baige" and not board.game.log
    board.play(board.game.parse_action("e4e6"))
    steps(app)
    assert read_save(slot)[0].log == board.game.log
    app.close()


def test_a_vs_game_does_not_ask_about_the_hot_seat_slot(tmp_path):
    g = played("baige", 2, seed=0)
    o = Options(save_dir=tmp_path)
    write_save(o.autosave_path(g, ["human", "human"]), g, ["human", "human"], 0)
    o.release_autosave()
    app = make_app(tmp_path)
    choose_game(app, "baige")
    sc = app.scene
    sc.seats[0].value, sc.seats[1].value = "human", "hard"
    assert sc.continue_info() is not None and sc.replaced_autosave() is None
    click(app, start_button(sc).rect.center)
    assert not isinstance(app.scene, (ConfirmModal, StartScene))
    app.close()


# ---------------------------------------------------------------------- load list marks
def test_the_load_list_marks_the_autosave_and_the_quicksave(tmp_path):
    from client.scenes.menu import LoadScene

    g = played("anqi", 2)
    o = Options(save_dir=tmp_path)
    auto = write_save(o.autosave_path(g, ["human", "easy", "easy"]), g, ["human", "easy", "easy"], 0)
    o.release_autosave()
    quick = write_save(tmp_path / "quicksave.json", g, ["human", "easy", "easy"], 0)
    named = write_save(tmp_path / "save-20261128-080000.json", g, ["human", "easy", "easy"], 0)
    (tmp_path / "settings.json").write_text('{"version": 1}', encoding="utf-8")
    for lang, a, q in (("en", "[autosave] ", "[quicksave] "), ("zh", "【自动存档】", "【快速存档】")):
        app = make_app(tmp_path, lang=lang)
        scene = LoadScene(app)
        lines = {p.name: scene.describe(p) for p in scene.files}
        assert set(lines) == {auto.name, quick.name, named.name}  # the settings file is not a save
        assert lines[auto.name].startswith(a) and lines[quick.name].startswith(q)
        assert not lines[named.name].startswith(("[", "【"))
        app.close()


# ---------------------------------------------------------------------- 29.2: two clients, one slot
CLAIM = """
import sys
from client.options import Options
from engine import registry
o = Options(save_dir=sys.argv[1])
g = registry.get("baige").new_game()
print(o.autosave_path(g, ["human", "human"]), flush=True)
sys.stdin.readline()
"""


def test_a_second_client_autosaves_elsewhere_and_says_so(tmp_path):
    other = subprocess.Popen([sys.executable, "-c", CLAIM, str(tmp_path)], cwd=ROOT, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        first = Path(other.stdout.readline().strip())
        assert first.name == "autosave-baige-hotseat.json"
        assert savefile.holder(first) == other.pid
        o = Options(save_dir=tmp_path, lang="en")
        g = registry.get("baige").new_game()
        mine = o.autosave_path(g, ["human", "human"])
        assert mine.name == "autosave-baige-hotseat-2.json"
        assert str(other.pid) in o.autosave_note and first.name in o.autosave_note and mine.name in o.autosave_note
        assert o.autosave_path(g, ["human", "human"]) == mine  # stays on its slot
        write_save(mine, g, ["human", "human"], 0)
        assert not first.exists()  # the first client's file is not written by the second
    finally:
        other.stdin.close()
        other.wait(10)
    o2 = Options(save_dir=tmp_path)  # the first client has ended: its lock is stale, the slot is free
    assert o2.autosave_path(g, ["human", "human"]) == first and o2.autosave_note == ""
    o.release_autosave()
    o2.release_autosave()
    assert not list(tmp_path.glob("*.lock"))


def test_the_start_screen_tells_the_second_client(tmp_path):
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        slot = tmp_path / "autosave-baige-hotseat.json"
        savefile.lock_path(slot).write_text(f"{sleeper.pid} 2026-11-28T08:00:00\n", encoding="ascii")
        app = make_app(tmp_path)
        choose_game(app, "baige")
        sc = app.scene
        for r in sc.seats[:2]:
            r.value = "human"
        click(app, start_button(sc).rect.center)
        note = app.scene
        assert isinstance(note, NoticeModal) and str(sleeper.pid) in note.note
        assert "autosave-baige-hotseat-2.json" in note.note
        click(app, note.buttons[0].rect.center)
        board = app.scene
        board.play(board.game.parse_action("e4e6"))
        steps(app)
        assert (tmp_path / "autosave-baige-hotseat-2.json").exists() and not slot.exists()
        app.close()
        assert savefile.lock_path(slot).exists()  # the other client's lock stays
    finally:
        sleeper.kill()
        sleeper.wait()


# ---------------------------------------------------------------------- 29.3: a full disk
def test_a_full_disk_leaves_no_tmp_file_and_the_old_save_intact(tmp_path, monkeypatch):
    g = played("baige", 2, seed=0)
    path = write_save(tmp_path / "autosave-baige-hotseat.json", g, ["human", "human"], 0)
    before = path.read_bytes()
    real = Path.write_text

    def full(self, data, *a, **kw):  # the file is created, then the disk is full
        real(self, "", *a, **kw)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))

    monkeypatch.setattr(Path, "write_text", full)
    g.apply(g.legal_actions()[0])
    with pytest.raises(OSError) as e:
        write_save(path, g, ["human", "human"], 0)
    assert e.value.errno == errno.ENOSPC
    assert not list(tmp_path.glob("*.tmp")) and path.read_bytes() == before


def test_a_failed_rename_leaves_no_tmp_file(tmp_path, monkeypatch):
    g = played("baige", 1, seed=0)

    def no_rename(a, b):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", no_rename)
    with pytest.raises(OSError):
        write_save(tmp_path / "x.json", g, ["human", "human"], 0)
    assert list(tmp_path.iterdir()) == []


def test_the_board_scene_autosave_on_a_full_disk_leaves_no_tmp(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    g = registry.get("baige").new_game()
    app.start_game(g, ["human", "human"])
    steps(app)
    real = Path.write_text

    def full(self, data, *a, **kw):
        real(self, "", *a, **kw)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))

    monkeypatch.setattr(Path, "write_text", full)
    app.scene.play(g.parse_action("e4e6"))
    steps(app, 2)
    assert not list(tmp_path.glob("*.tmp"))
    monkeypatch.setattr(Path, "write_text", real)
    app.close()


def test_autosaves_lists_newest_first_per_game(tmp_path):
    o = Options(save_dir=tmp_path)
    a = write_save(o.autosave_path(played("baige", 1), ["human", "human"]), played("baige", 1), ["human"] * 2, 0)
    b = write_save(o.autosave_path(played("baige", 1), ["human", "hard"]), played("baige", 1), ["human", "hard"], 0)
    os.utime(a, (time.time() - 100, time.time() - 100))
    c = write_save(tmp_path / "autosave-anqi-vs.json", played("anqi", 1), ["human", "easy", "easy"], 0)
    assert autosaves(tmp_path, "baige") == [b, a] and autosaves(tmp_path, "anqi") == [c]
    assert json.loads(a.read_text())["format"] == "zhanqi-client-save"
    o.release_autosave()


def test_continue_resumes_shachang_with_its_viewer(tmp_path):
    from client.games.shachang.scene import GameScene

    g = played("shachang", 5, seed=5, preset="standard")
    seats = ["human", "human"]
    viewer = g.current_player
    assert viewer == 1  # not the default viewer
    o = Options(save_dir=tmp_path)
    write_save(o.autosave_path(g, seats), g, seats, viewer)
    o.release_autosave()
    app = make_app(tmp_path)
    sc = app.scene
    assert sc.game.value == "shachang" and "Autumn Muster" in sc.continue_label()
    click(app, sc.continue_button.rect.center)
    scene = app.find(GameScene)
    assert scene is not None and scene.game.to_json() == g.to_json()
    assert list(scene.seats) == seats and scene.ctl.viewer == viewer
    app.close()
