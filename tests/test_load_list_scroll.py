"""The load screen reaches every save: it listed the 14 newest only, so with the autosave slots of a few games and a
few saves of one's own the older ones could not be loaded from the client at all, and at 600 pixels its lines ran
under the back button (found in QA, session 13). It now shows what the window holds and scrolls (wheel, arrow and
page keys), says which part of how many shows, and names a save whose file the player named."""
from __future__ import annotations

import os

import pygame

from client.app import write_save
from client.scenes.menu import LoadScene
from engine import registry
from tests.client_util import click, flat_app, key, step

N = 30


def _saves(folder):
    """N saves of 百格西洋棋, save-00 the newest, save-29 the oldest (its game one move longer than the others)."""
    paths, games = [], []
    for i in range(N):
        g = registry.get("baige").new_game()
        for _ in range(1 + (i == N - 1)):
            g.apply(g.legal_actions()[0])
        p = write_save(folder / f"save-{i:02d}.json", g, ["human", "human"], 0)
        os.utime(p, (1_700_000_000 - 60 * i, 1_700_000_000 - 60 * i))
        paths.append(p)
        games.append(g)
    return paths, games


def _open_load_screen(app) -> LoadScene:
    """The title screen, then the load screen over it, drawn once."""
    app.start_title()
    step(app)
    app.push(LoadScene(app))
    step(app)
    return app.scene


def _wheel(app, y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                         precise_y=float(y)))
    step(app)


def test_every_save_is_reached_by_scrolling_and_the_oldest_loads(tmp_path):
    paths, games = _saves(tmp_path)
    with flat_app(tmp_path, size=(800, 600)) as app:
        ls = _open_load_screen(app)
        assert ls.files == paths  # all of them, newest first
        assert 3 <= ls.rows < N
        shown = ls.shown()
        assert len(shown) == ls.rows and shown[0] is ls.buttons[0]
        # the lines shown sit between the title and the back button; the others have no place a click could reach
        assert all(b.rect.top >= 100 and b.rect.bottom < ls.back.rect.top for b in shown)
        assert all(b.rect.w == 0 for b in ls.buttons[ls.rows:])
        # the wheel moves down the list, never past its end
        _wheel(app, -1)
        assert ls.top == 3 and ls.shown()[0] is ls.buttons[3]
        for _ in range(20):
            _wheel(app, -1)
        assert ls.top == N - ls.rows and ls.shown()[-1] is ls.buttons[-1]
        _wheel(app, 50)
        assert ls.top == 0
        # keys: a line, a page, the end, the start
        key(app, pygame.K_DOWN)
        assert ls.top == 1
        key(app, pygame.K_PAGEDOWN)
        assert ls.top == 1 + ls.rows - 1
        key(app, pygame.K_END)
        assert ls.top == N - ls.rows
        key(app, pygame.K_HOME)
        assert ls.top == 0
        # the oldest save, reached at the end of the list, loads
        key(app, pygame.K_END)
        step(app)
        click(app, ls.buttons[-1].rect.center)
        step(app)
        assert not isinstance(app.scene, LoadScene)
        assert app.scene.game.to_json() == games[-1].to_json()  # save-29's game (two moves; the others have one)
        assert games[-1].to_json() != games[0].to_json()


def test_the_list_says_which_part_shows_and_names_a_named_save(tmp_path):
    _saves(tmp_path)
    g = registry.get("baige").new_game()
    write_save(tmp_path / "before the attack.json", g, ["human", "human"], 0)
    write_save(tmp_path / "save-20261129-060000.json", g, ["human", "human"], 0)
    with flat_app(tmp_path, size=(800, 600)) as app:
        ls = _open_load_screen(app)
        words = ls.part_line()
        assert words == f"1–{ls.rows} of {N + 2} (wheel or ↑↓ PgUp PgDn to see the others)"
        lines = {p.name: ls.describe(p) for p in ls.files}
        assert lines["before the attack.json"].startswith("“before the attack” Hundred-Square Chess")
        assert not lines["save-20261129-060000.json"].startswith("“")  # the Esc menu's dated name: the date shows
    with flat_app(tmp_path, size=(1280, 720), lang="zh") as app:
        ls = _open_load_screen(app)
        assert ls.part_line() == f"第1–{ls.rows}个，共{N + 2}个（滚轮或 ↑↓ PgUp PgDn 翻看）"
        assert ls.describe(tmp_path / "before the attack.json").startswith("「before the attack」百格西洋棋")


def test_a_short_list_has_no_part_line(tmp_path):
    _saves(tmp_path)
    for p in sorted(tmp_path.glob("save-*.json"))[3:]:
        p.unlink()
    with flat_app(tmp_path, size=(1280, 720)) as app:
        ls = _open_load_screen(app)
        assert len(ls.files) == 3 and ls.rows >= 3 and ls.part_line() is None
        assert all(b.rect.w > 0 for b in ls.buttons)
