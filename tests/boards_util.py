"""Helpers for tests that drive a board game's window (client/boards/window.py BoardApp) through posted
events: open a window (``make_app``; every window opened is closed by the ``cleanup`` fixture in
tests/conftest.py), clicks, drags, keys, waiting for the computer."""
from __future__ import annotations

import os
import time

import pygame
import pytest

from client.boards.window import BoardApp


def make_app(driver, game_id, seats, renderer, game=None, size=(900, 640)):
    old = os.environ.get("SDL_VIDEODRIVER")
    os.environ["SDL_VIDEODRIVER"] = driver
    if pygame.display.get_init() and pygame.display.get_driver() != driver:
        # an earlier test in this worker left SDL's video on another driver (dummy): the window would open there,
        # without GL, and a GL test skip (seen in CI, session 13, when the tests' order across workers changed)
        pygame.display.quit()
    try:
        app = BoardApp(game_id, seats, renderer, "en", size, seed=1, ai_delay=0.0, game=game, strict=True)
    except Exception as e:  # pragma: no cover - machine dependent
        pygame.display.quit()
        pytest.skip(f"no window with {driver}: {e}")
    finally:
        if old is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = old
    if renderer == "gl" and app.display.kind != "gl":
        pygame.display.quit()
        pytest.skip(f"no GL through SDL {driver}: {app.display.fallback_reason}")
    app.step(0.0)
    OPEN.append(app)
    return app


OPEN: list = []


def post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


def click_at(app, pos):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(0.016)


def click_cell(app, cell):
    sc = app.scene
    pos = sc.cell_pos(cell)
    assert sc.pick(pos) == cell
    click_at(app, pos)


def drag(app, src, dst):
    sc = app.scene
    a, b = sc.cell_pos(src), sc.cell_pos(dst)
    post(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    post(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0))
    app.step(0.016)
    assert sc.dragging
    post(pygame.MOUSEMOTION, pos=b, rel=(1, 1), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    app.step(0.016)


def key(app, k, mod=0):
    """A key pressed and released (a press without its release reads as the key held: its repeats do not act
    again once its press changed the screen, client.app.App._fresh)."""
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0)
    app.step(0.016)


def wait_human(app, timeout=20.0):
    """Run frames until a human is to move (computer seats answered) or the game is over."""
    end = time.time() + timeout
    sc = app.scene
    while time.time() < end:
        app.step(0.016)
        if sc.game.is_over or sc.is_human(sc.game.current_player):
            return
        sc.wait_for_computer(1.0)
    raise AssertionError("the computer did not move")


def flippable(sc) -> list:
    """Cells of face-down pieces the player to move may flip (one click each)."""
    v = sc.plugin.view(max(0, sc.game.current_player))
    return sorted(p.cell for p in v.pieces if p.face_down and sc.plugin.can_start(p.cell))


def gl_board_renderer(w: int, h: int):
    """A GL board renderer of ``w`` x ``h`` on a standalone EGL context, for a module fixture to yield (the
    test is skipped where the machine has no EGL); the context is released when the fixture ends."""
    moderngl = pytest.importorskip("moderngl")
    try:
        ctx = moderngl.create_standalone_context(backend="egl")
    except Exception as e:  # pragma: no cover - machine dependent
        pytest.skip(f"no EGL context: {e}")
    from client.render.gl_board import GLBoardRenderer  # only where EGL exists: the module imports moderngl

    pygame.font.init()
    try:
        yield GLBoardRenderer(ctx, w, h)
    finally:
        ctx.release()


HIDDEN = 3  # 三国演弈's pos.board entries: (kingdom, kind, owner, face down)


def pass_screens(app) -> None:
    """Close the notes and hand-overs in the way (as the player at the screen would)."""
    for _ in range(6):
        top = app.app.scene
        kind = getattr(top, "kind", None)
        if kind == "notice":
            top.cancel()
        elif kind == "handover":
            top.done()
        else:
            return
        app.step(0.016)


def quiet_move(g):
    """A 三国演弈 move of a face-up piece to an empty point (it reveals nothing)."""
    return next(a for a in g.legal_actions()
                if not g.pos.board[g.lay.index[a.src]][HIDDEN] and g.pos.board[g.lay.index[a.dst]] is None)
