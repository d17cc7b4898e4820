"""The start screen in a narrow window: at 800x600 the seats column began 640 pixels in and ran off the window's
right edge, so the seats could not be seen or chosen (found in QA under Xvfb, session 13). Below about 1,000
pixels the set-up rows' values narrow (their words fitted in a smaller font, then shortened) and the seats column
moves left; a wide window keeps the layout it had. And F2 on the start screen: the language row says the language
in use (it kept the one of the screen's start)."""
from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.options import Options as SaveOptions
from client.savefile import write_save
from client.scenes.start import StartScene
from engine.shachang import new_game
from tests.client_util import click, flat_app, key, step


@pytest.mark.parametrize("size", [(800, 600), (900, 640), (1024, 768), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_row_of_the_start_screen_is_inside_the_window(tmp_path, size, lang):
    with flat_app(tmp_path, size=size, lang=lang) as app:
        app.start_title()
        step(app, 2)
        sc = app.scene
        assert isinstance(sc, StartScene)
        for gid in ("shachang", "xinhai", "anqi"):  # 2, 8 (沙场秋点兵's most) and 3 seats, long and short names
            while sc.game.value != gid:
                sc.game.step(1)
            if gid == "shachang":
                sc.players.value = max(sc.players.values())
            step(app, 2)
            w, h = size
            rows = sc.main_rows + sc.seats[:int(sc.players.value)]
            for r in rows:
                assert r.rect.left >= 0 and r.right.right <= w, (gid, r.label(), r.rect, r.right)
            seats = sc.seats[:int(sc.players.value)]
            # the seats column lies right of the set-up rows, not over them
            assert min(r.rect.left for r in seats) >= max(r.right.right for r in sc.main_rows)
            if w >= 1200:  # a wide window keeps the layout it had: values 330 wide, the seats 620 right of the rows
                left = sc.main_rows[0].rect.left
                assert sc.main_rows[0].value_rect.w == 330 and seats[0].rect.left == left + 620


def test_a_value_wider_than_its_box_is_drawn_inside_it(tmp_path, monkeypatch):
    from client.ui import text, widgets

    with flat_app(tmp_path, size=(800, 600), lang="en") as app:
        app.start_title()
        step(app, 2)
        sc = app.scene
        while sc.game.value != "anqi":
            sc.game.step(1)
        step(app, 2)
        box = sc.game.value_rect
        words = sc.game.show(sc.game.value)
        assert text.size_of(words, sc.game.size)[0] > box.w  # "Three Kingdoms Dark Chess: ..." does not fit at 20 px
        drawn = []
        real = text.draw
        monkeypatch.setattr(widgets.text, "draw", lambda surf, s, pos, size, *a, **k: (
            drawn.append((s, pos, size)), real(surf, s, pos, size, *a, **k))[1])
        sc.game.draw(pygame.Surface((800, 600)))
        value = [(s, size) for s, pos, size in drawn if pos == box.center]
        assert len(value) == 1
        s, size = value[0]
        assert size < sc.game.size and text.size_of(s, size)[0] <= box.w - 8


def test_f2_on_the_start_screen_changes_the_language_row(tmp_path):
    with flat_app(tmp_path, lang="zh") as app:
        app.start_title()
        step(app, 2)
        sc = app.scene
        assert sc.lang.value == "zh"
        key(app, pygame.K_F2)
        step(app)
        assert i18n.lang() == "en" and sc.lang.value == "en" and sc.lang.show(sc.lang.value) == "English"
        sc.lang.step(1)  # one click on the row's arrow: back to Chinese (it took two)
        assert i18n.lang() == "zh"
        i18n.set_lang("en")


@pytest.mark.parametrize("size", [(800, 600), (960, 600), (1024, 640), (1280, 720)])
def test_every_row_of_the_start_screen_is_above_the_continue_bar_and_the_buttons(tmp_path, size):
    # found in QA under Xvfb (session 17): at 800x500 the seed row of 沙场秋点兵 lay under the buttons, and with a
    # Continue bar at 960x600 its seventh set-up row reached the bar
    o = SaveOptions(save_dir=tmp_path)
    g = new_game(preset="huge", mode="digital", players=8, seed=4)
    write_save(o.autosave_path(g, ["human"] + ["normal"] * 7), g, ["human"] + ["normal"] * 7, 0)
    o.release_autosave()
    with flat_app(tmp_path, size=size, lang="zh") as app:
        app.start_title()
        step(app, 2)
        sc = app.scene
        for gid in ("shachang", "sanguo", "xinhai"):
            while sc.game.value != gid:
                sc.game.step(1)
            if gid == "shachang":  # the most set-up rows and seats: the 256x256 map with 8 players
                while sc.preset.value != "huge":
                    sc.preset.step(1)
                sc.players.value = max(sc.players.values())
                sc.seats[0].value = "human"
                for r in sc.seats[1:8]:
                    r.value = "normal"
            step(app, 2)
            foot = min(b.rect.top for b in sc.buttons)
            if gid == "shachang":
                assert sc.continue_info() is not None  # the autosave above: the bar is shown
                foot = min(foot, sc.continue_button.rect.top)
            rows = sc.main_rows + sc.seats[:int(sc.players.value)]
            assert max(r.rect.bottom for r in rows) <= foot, (size, gid, sc.rows_y(size[1]))
            assert sc.seed_rect.bottom <= foot, (size, gid, sc.seed_rect)
            tops = sorted(r.rect.top for r in sc.main_rows)
            assert all(b - a >= 36 for a, b in zip(tops, tops[1:]))  # the rows do not overlap


@pytest.mark.parametrize("size", [(640, 400), (320, 240)])
def test_a_window_smaller_than_800x600_shows_the_whole_start_screen_scaled(tmp_path, size):
    # found in QA under Xvfb (session 19): at 640x400 the seats column ran off the window's right edge (the seats'
    # values cut), the buttons lay over the seed row, and with a Continue bar the bar lay over the rows
    o = SaveOptions(save_dir=tmp_path)
    g = new_game(preset="standard", mode="digital", players=2, seed=4)
    write_save(o.autosave_path(g, ["human", "normal"]), g, ["human", "normal"], 0)
    o.release_autosave()
    with flat_app(tmp_path, size=size, lang="en") as app:
        app.start_title()
        step(app, 2)
        sc = app.scene
        w, h = size
        for gid in ("shachang", "sanguo", "xinhai"):
            while sc.game.value != gid:
                sc.game.step(1)
            step(app, 2)
            k = sc.frame_scale(size) if hasattr(sc, "frame_scale") else 1.0  # the frame's size in the window
            rows = sc.main_rows + sc.seats[:int(sc.players.value)]
            # what the window shows: every row, the seed and the buttons inside it, the rows above the foot
            for r in rows:
                assert r.rect.left * k >= 0 and r.right.right * k <= w, (size, gid, r.label(), r.right)
            foot = min(b.rect.top for b in sc.buttons)
            if gid == "shachang":
                foot = min(foot, sc.continue_button.rect.top)
            assert max(r.rect.bottom for r in rows) <= foot and sc.seed_rect.bottom <= foot, (size, gid)
            assert max(b.rect.bottom for b in sc.buttons) * k <= h
        assert k < 1 and sc.frame_size()[0] * k <= w + 1 and sc.frame_size()[1] * k <= h + 1
        # a click where the window shows the game row's right arrow steps the game
        before = sc.game.value
        x, y = sc.game.right.center
        click(app, (int(x * k), int(y * k)))
        assert sc.game.value != before
