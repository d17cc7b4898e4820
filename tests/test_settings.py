"""Issue 23.4: the language and the start screen's choices persist between launches in a small settings file
beside the saves (client/settings.py), validated on load: a corrupt file is ignored with a message and
never crashes. The start screen's red language note does not survive a change of game."""
from __future__ import annotations

import json
import os

import pygame
import pytest

from client import i18n, settings
from client.app import App
from client.options import Options
from client.scenes.start import StartScene
from tests.client_util import kept_client_state


@pytest.fixture(autouse=True)
def offscreen():
    old = os.environ.get("SDL_VIDEODRIVER")
    os.environ["SDL_VIDEODRIVER"] = "offscreen"
    yield
    pygame.display.quit()
    i18n.set_lang("zh")
    if old is None:
        os.environ.pop("SDL_VIDEODRIVER", None)
    else:
        os.environ["SDL_VIDEODRIVER"] = old


def launch(save_dir, **kw) -> App:
    """A new client with ``save_dir`` and the command line's defaults (except the renderer and size)."""
    app = App(Options(renderer="flat", save_dir=save_dir, ai_delay=0.0, size=(1280, 720), strict=True, **kw))
    app.start_title()
    steps(app, 2)
    return app


def steps(app, n=1):
    for _ in range(n):
        app.step(0.016)


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    steps(app)


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    steps(app)


def choose(app, row, value):
    for _ in range(12):
        if row.value == value:
            return
        click(app, row.right.center)
    raise AssertionError(f"{value!r} not offered")


def test_language_game_options_and_seats_persist_between_launches(tmp_path):
    app = launch(tmp_path)
    sc = app.scene
    assert i18n.lang() == "zh" and not (tmp_path / "settings.json").exists()  # nothing written unasked
    choose(app, sc.game, "sanguo")
    choose(app, sc._extra[("sanguo", "variant")], "jieqi")
    choose(app, sc.seats[1], "easy")
    choose(app, sc.lang, "en")
    assert i18n.lang() == "en"
    app.close()
    data = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert data["lang"] == "en" and data["game"] == "sanguo"
    assert data["games"]["sanguo"]["options"] == {"variant": "jieqi", "mode": "bloodbath"}
    assert data["games"]["sanguo"]["seats"][1] == "easy"

    i18n.set_lang("zh")
    app2 = launch(tmp_path)  # the next launch
    sc2 = app2.scene
    assert i18n.lang() == "en" and app2.opts.lang == "en"
    assert sc2.game.value == "sanguo" and sc2._extra[("sanguo", "variant")].value == "jieqi"
    assert [r.value for r in sc2.seats[:3]] == data["games"]["sanguo"]["seats"]
    assert not app2.notice
    app2.close()


def test_each_game_keeps_its_own_choices(tmp_path):
    app = launch(tmp_path)
    sc = app.scene
    choose(app, sc.game, "xinhai")
    choose(app, sc._extra[("xinhai", "setup")], "random")
    choose(app, sc.seats[1], "hard")
    choose(app, sc.game, "shachang")
    choose(app, sc.preset, "medium")
    app.close()
    app2 = launch(tmp_path)
    sc2 = app2.scene
    assert sc2.game.value == "shachang" and sc2.preset.value == "medium"
    choose(app2, sc2.game, "xinhai")
    assert sc2._extra[("xinhai", "setup")].value == "random" and sc2.seats[1].value == "hard"
    app2.close()


def test_the_command_line_wins_over_the_settings(tmp_path):
    settings.save(tmp_path, settings.Settings(lang="en", game="sanguo",
                                              games={"sanguo": {"players": 3, "seats": ["hard"] * 3}}))
    o = Options(save_dir=tmp_path, game_id="baige", lang="zh")
    assert settings.startup(o) == ""
    assert o.game_id == "baige" and o.seats == ["human", "normal"]  # --game baige: not the remembered game
    o = Options(save_dir=tmp_path, quick_start=True)
    settings.startup(o)
    assert o.game_id == "shachang" and o.lang == "en"  # a quick start takes only the language
    o = Options(save_dir=tmp_path)
    settings.startup(o)
    assert o.game_id == "sanguo" and o.players == 3 and o.seats == ["hard"] * 3


@pytest.mark.parametrize("content, words", [
    ("{not json", "invalid JSON"),
    ("[]", "JSON object"),
    ('{"version": 9}', "version 9"),
    ('{"version": 1, "lang": "fr"}', "lang is 'fr'"),
    ('{"version": 1, "game": 5}', "game must be a game id"),
    ('{"version": 1, "games": {"baige": {"seats": ["god"]}}}', "seat 1 is 'god'"),
    ('{"version": 1, "games": {"baige": {"players": 99}}}', "players must be a whole number 1..8"),
    ('{"version": 1, "games": {"baige": {"options": {"x": [1]}}}}', "options.x must be"),
    ('{"version": 1, "colour": "red"}', "unknown key 'colour'"),
    ('{"version": 1, "lang": "en", "n": 1e999}', "out of range"),
    ("\udcff".encode("utf-8", "surrogatepass"), "not UTF-8"),
])
def test_a_corrupt_settings_file_is_ignored_with_a_message(tmp_path, content, words):
    p = tmp_path / "settings.json"
    if isinstance(content, bytes):
        p.write_bytes(content)
    else:
        p.write_text(content, encoding="utf-8")
    s, err = settings.load(tmp_path)
    assert s == settings.Settings() and words in err and str(p) in err
    app = launch(tmp_path, lang="en")  # the client starts and says so
    assert isinstance(app.scene, StartScene) and app.scene.game.value == "shachang"
    assert app.notice.startswith("settings file ignored:") and words in app.notice
    app.close()
    assert p.exists()  # not overwritten before the player changes something


def test_a_settings_path_that_is_a_folder_or_a_fifo_is_ignored(tmp_path):
    (tmp_path / "settings.json").mkdir()
    s, err = settings.load(tmp_path)
    assert s == settings.Settings() and "a directory" in err
    other = tmp_path / "b"
    other.mkdir()
    os.mkfifo(other / "settings.json")
    s, err = settings.load(other)  # never opened: nothing waits on the FIFO
    assert s == settings.Settings() and "not a regular file" in err


def test_values_a_game_no_longer_offers_are_skipped(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({
        "version": 1, "game": "shachang",
        "games": {"shachang": {"preset": "gigantic", "mode": "digital", "players": 2},
                  "nogame": {"players": 2}}}), encoding="utf-8")
    s, err = settings.load(tmp_path)
    assert err is None and "nogame" not in s.games
    assert settings.choices(s, "shachang") == {"mode": "digital", "players": 2}


def test_the_language_note_goes_when_the_game_changes(tmp_path):
    app = launch(tmp_path)
    sc = app.scene
    key(app, pygame.K_F2)
    assert app.notice == i18n.t("lang_switched")
    click(app, sc.game.right.center)
    assert app.notice == "" and sc.game.value != "shachang"


def test_writing_settings_on_a_full_disk_leaves_no_tmp_and_says_so(tmp_path, monkeypatch):
    import errno
    from pathlib import Path

    real = Path.write_text

    def full(self, data, *a, **kw):
        real(self, "", *a, **kw)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Path, "write_text", full)
    with kept_client_state():
        i18n.set_lang("en")
        err = settings.save(tmp_path, settings.Settings(lang="en"))
    assert err == f"{settings.path(tmp_path)}: the disk is full" and not list(tmp_path.iterdir())
