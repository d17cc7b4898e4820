"""Helpers for tests that drive 沙场秋点兵's App through posted events (flat renderer on SDL's dummy
driver, or GL on offscreen): set-up positions, clicks, keys, frames. The ``app`` and ``glapp`` fixtures
are in tests/conftest.py."""
from __future__ import annotations

import contextlib
import os

import numpy as np
import pygame

from client import i18n
from client.app import App, Options
from client.games.shachang import hud
from client.games.shachang.gameover import GameOverScene
from client.games.shachang.scene import GameScene
from client.render.base import Y_SCALE
from client.scenes.modals import ConfirmModal
from engine.shachang.game import ShachangGame
from engine.shachang.maps import GameMap


@contextlib.contextmanager
def flat_app(save_dir, **overrides):
    """沙场秋点兵's App on SDL's dummy driver with the flat renderer (English, 1280x720 unless ``overrides``
    say otherwise), the driver setting put back when the block ends."""
    opts = dict(renderer="flat", save_dir=save_dir, ai_delay=0.0, edge_pan=False, lang="en", strict=True,
                handover_delay=0.0)
    opts.update(overrides)
    with kept_client_state("dummy"):
        try:
            yield App(Options(**opts))
        finally:
            pygame.display.quit()


@contextlib.contextmanager
def kept_client_state(driver: str | None = None):
    """Within the block SDL's video driver is ``driver`` (unchanged if None); afterwards the driver setting, the
    client's language and its script are what they were before."""
    old = os.environ.get("SDL_VIDEODRIVER")
    old_lang = i18n.lang(), i18n.script_table()
    if driver is not None:
        os.environ["SDL_VIDEODRIVER"] = driver
        if pygame.display.get_init() and pygame.display.get_driver() != driver:
            pygame.display.quit()  # left on another driver by an earlier test: the window would open there
    try:
        yield
    finally:
        i18n.set_lang(old_lang[0])
        i18n.use_script(old_lang[1])
        if old is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = old


def position(units, reserve=(0, 0), heights=None, mode="digital", current=0) -> ShachangGame:
    h = np.zeros((8, 8), dtype=np.int16) if heights is None else np.asarray(heights, dtype=np.int16)
    gm = GameMap(heights=h, spawns=(((0, 0),), ((7, 7),)))
    return ShachangGame(gm, preset="standard", mode=mode, players=2,
                        setup={"units": units, "reserve": list(reserve), "current": current})


def hot_seat(app, units, **kw):
    """A two-human game on the 8x8 ``position`` with P1's hand-over passed: (game, its GameScene)."""
    g = position(units, **kw)
    app.start_game(g, ["human", "human"])
    step(app)
    key(app, pygame.K_SPACE)
    return g, app.find(GameScene)


def step(app, n=1):
    for _ in range(n):
        app.step(1 / 60)


def cell_px(app, cell):
    cam = app.find(GameScene).cam
    x, y = cam.to_screen(cell[1] + 0.5, cell[0] + 0.5)
    return int(x), int(y)


def board_hidden(app) -> bool:
    """No cell centre shows the board (outside the hand-over's text band)."""
    shot = app.display.screenshot()
    scene = app.find(GameScene)
    for r in range(8):
        for c in range(8):
            x, y = cell_px(app, (r, c))
            if 200 <= y <= 420 or not (0 <= x < shot.shape[1] and 0 <= y < shot.shape[0]):
                continue
            if shot[y, x].max() > 40:
                return False
    return scene is not None


def click(app, pos, button=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app)


def click_cell(app, cell, button=1):
    click(app, cell_px(app, cell), button)


def key(app, k, mod=0, unicode=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))
    step(app)


def end_turn(app):
    """Enter ends the turn; when the scene first asks (idle units, a game-ending pass), Enter again says yes."""
    key(app, pygame.K_RETURN)
    if isinstance(app.scene, ConfirmModal):
        key(app, pygame.K_RETURN)


def wheel(app, dy, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                                         precise_y=float(dy)))
    step(app)


def finished(app):
    # P1 (7 on a1) shoots P2's only unit, one soldier on a4: the game is over
    g, scene = hot_seat(app, [[0, "a1", 7], [0, "h1", 1], [1, "a4", 1]])
    assert scene.ctl.try_apply(g.parse_action("march h1 h2 1"))
    assert scene.ctl.try_apply(g.parse_action("attack a1 a4"))
    step(app, 2)
    assert g.is_over and isinstance(app.scene, GameOverScene)
    return g, scene


def post_click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app)


def on_stack(scene, cell, level, app):
    """The pixel of the front of the stack on ``cell``, ``level`` soldiers up (towards the camera)."""
    cam = scene.camera()
    w, h = app.display.size
    eye = np.asarray(cam.eye(), float)
    x, z = cell[1] + 0.5, cell[0] + 0.5
    v = np.array([eye[0] - x, eye[2] - z])
    v = 0.3 * v / np.linalg.norm(v)  # the disc's near side (radius 0.36)
    p = cam.project([(x + v[0], level * Y_SCALE, z + v[1])], w, h)[0]
    return int(p[0]), int(p[1])


def top_bar_texts(sc) -> tuple[list[str], str, int, int, list]:
    """沙场秋点兵's top bar as drawn now: its non-empty texts, the phase text, their width, the room left of the
    buttons and the parts (text, size, ...)."""
    phase = hud.phase_text(sc)
    room = min(b.rect.x for b in sc.top_buttons) - 4 - 4
    parts, width = hud.top_bar_parts(sc, phase, room)
    return [s for s, *_ in parts if s], phase, width, room, parts
