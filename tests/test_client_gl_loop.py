"""The input loop with the ModernGL renderer: SDL's offscreen driver gives a GL context through EGL.

Skipped where no GL context can be made (then the flat tests in test_client_loop.py still cover the loop).
"""
from __future__ import annotations

import pygame
import pytest

from client.games.shachang.scene import GameScene
from client.games.shachang.gameover import GameOverScene
from client.scenes.handover import HandoverScene
from tests.client_util import end_turn, key, position, step


def gl_click(app, cell, button=1):
    """Click the pixel where the GL camera projects the cell's top centre (then check the pick)."""
    scene = app.find(GameScene)
    frame = scene.ctl.frame()
    h = max(0, int(frame.heights[cell]))
    u = scene.ctl.obs.unit_at(cell)
    top = h + (u.count if u else 0)
    from client.render.base import Y_SCALE

    w, hh = app.display.size
    p = scene.camera().project([(cell[1] + 0.5, top * Y_SCALE, cell[0] + 0.5)], w, hh)[0]
    pos = (int(p[0]), int(p[1]))
    assert app.display.pick(pos[0], pos[1], frame, scene.camera()) == cell
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app)


def test_gl_hot_seat_game_to_the_end(glapp):
    app = glapp
    g = position([[0, "c3", 2], [1, "e3", 1]])
    app.start_game(g, ["human", "human"])
    step(app)
    assert isinstance(app.scene, HandoverScene)
    shot = app.display.screenshot()
    assert shot.shape == (480, 640, 3)
    key(app, pygame.K_SPACE)
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.ctl.viewer == 0
    step(app, 3)
    lit = app.display.screenshot()
    assert lit[60:400, 40:400].max() > 100  # the board is drawn
    # the UI panels are copied in the right place and the right way up: the side panel's fill
    # just inside its top-left corner, and its border line above it
    box = scene.panel_rect
    assert tuple(lit[box.y + 3, box.x + 3]) == (18, 20, 26)
    assert tuple(lit[box.y, box.x + 20]) == (90, 96, 110)
    gl_click(app, (2, 2))
    assert scene.ctl.selected == (2, 2)
    gl_click(app, (6, 0))  # unseen: the engine's reason
    assert scene.ctl.status_kind == "error" and "S10" in scene.ctl.status, (scene.ctl.status, g.log)
    gl_click(app, (2, 2))
    gl_click(app, (2, 2))
    key(app, pygame.K_1)
    gl_click(app, (3, 2))
    assert str(g.log[-1]) == "march c3 c4 1"
    end_turn(app)
    assert isinstance(app.scene, HandoverScene)
    key(app, pygame.K_SPACE)
    end_turn(app)
    key(app, pygame.K_SPACE)
    gl_click(app, (2, 2))
    gl_click(app, (2, 4))
    assert g.is_over and isinstance(app.scene, GameOverScene)
    step(app, 2)
    # first-person view at a unit's eye and back
    app.pop()
    key(app, pygame.K_v)


def test_home_camera_frames_own_army_in_the_usable_rectangle_tilted(glapp):
    """Issue 12: at the start the camera frames the own army (8x8, 16x16: the whole board) inside the part of
    the window no panel covers, tilted so that stacks stand up (pitch well below top-down)."""
    for preset in ("standard", "medium", "huge"):  # one window for all (a second GL window may not open)
        _check_home_camera(glapp, preset)
    # after the computer's turn the camera comes back to the own army
    scene = glapp.find(GameScene)
    home = scene.cam._goal_target
    scene.cam.pan(20, 20)
    scene.cam.snap()
    assert scene.cam._goal_target != home
    scene.end_turn()
    if glapp.scene is not scene:  # the end-of-turn question: yes
        key(glapp, pygame.K_RETURN)
    import time

    t = time.monotonic()
    while scene.game.current_player != 0 and time.monotonic() - t < 30:
        step(glapp)
    step(glapp)
    assert scene.cam._goal_target == pytest.approx(home, abs=1)


def _check_home_camera(glapp, preset):
    from engine import registry
    from client.render.base import Y_SCALE

    g = registry.get("shachang").new_game(preset=preset, mode="digital", players=2, seed=1)
    glapp.start_game(g, ["human", "random"])
    step(glapp, 2)
    scene = glapp.find(GameScene)
    cam = scene.camera()
    assert 40 <= cam.pitch <= 60
    w, h = glapp.display.size
    x0, y0, x1, y1 = scene.usable_rect()
    obs = scene.ctl.obs
    own = obs.own_units()
    if g.size >= 64:
        rows = [u.cell[0] for u in own]
        if max(rows) - min(rows) > 40:
            own = own[:1]  # a widely spread army: its first unit is framed
    pts = [(u.cell[1] + 0.5, (max(0, int(obs.heights[u.cell])) + u.count) * Y_SCALE, u.cell[0] + 0.5) for u in own]
    if g.size < 64:
        pts += [(0, 0, 0), (g.size, 0, 0), (0, 0, g.size), (g.size, 0, g.size)]
    for x, y, _ in cam.project(pts, w, h):
        assert x0 * w - 1 <= x <= x1 * w + 1 and y0 * h - 1 <= y <= y1 * h + 1, (preset, x, y)


def test_clean_rule_picture_has_no_hover_and_the_board_centred(glapp, tmp_path, monkeypatch):
    """Issue 12: Shift+F12 draws the board alone, without the hover frame, centred in the picture
    (the window's view is offset beside the side panel)."""
    import numpy as np
    from PIL import Image

    import client.shot as shot
    from engine import registry

    g = registry.get("shachang").new_game(preset="standard", mode="tabletop", players=2, seed=1)
    glapp.start_game(g, ["human", "random"])
    step(glapp, 2)
    scene = glapp.find(GameScene)
    scene.ctl.hover = (4, 4)
    step(glapp)
    seen = {}
    real = shot.save_view
    monkeypatch.setattr(shot, "save_view", lambda gl, frame, cam, path: seen.update(frame=frame) or real(gl, frame, cam, path))
    out = glapp.save_rule_picture(tmp_path / "rule.png")
    assert seen["frame"].overlays.hover is None
    img = np.asarray(Image.open(out).convert("RGB")).astype(int)
    bg = np.array([23, 26, 31])
    board = np.abs(img - bg).sum(axis=2) > 30
    cols = np.flatnonzero(board.any(axis=0))
    mid = (cols[0] + cols[-1]) / 2
    assert abs(mid - img.shape[1] / 2) < 0.06 * img.shape[1], (cols[0], cols[-1], img.shape)
