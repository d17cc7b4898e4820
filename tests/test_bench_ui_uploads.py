"""The GL window's UI mirror (issue 27, client/display.py ``_sync_ui``): the UI surface reaches GL through a
window-sized texture written only where the marked pixels changed. An unchanged frame uploads nothing, a
changed panel uploads only its changed rows, and the picture is the same as when everything is uploaded."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from client.games.shachang.scene import GameScene
from client.render.base import Y_SCALE
from tests.client_util import key, position, step


def _settle(app, frames: int = 30) -> None:
    """Step until a frame uploads nothing (camera moves and hover timers have run out)."""
    for _ in range(frames):
        step(app)
        if not app.display.ui_uploads:
            return
    raise AssertionError(f"the UI kept changing: last uploads {app.display.ui_uploads}")


def _fresh_mirror_shot(app) -> np.ndarray:
    """The next frame composited from a new mirror texture (every marked rect uploaded)."""
    d = app.display
    d._ui_tex.release()
    d._ui_tex = None
    step(app)
    assert d.ui_uploads, "a new mirror uploads the marked rects"
    return d.screenshot()


def _click_cell(app, cell) -> None:
    scene = app.find(GameScene)
    frame = scene.ctl.frame()
    u = scene.ctl.obs.unit_at(cell)
    top = max(0, int(frame.heights[cell])) + (u.count if u else 0)
    w, h = app.display.size
    p = scene.camera().project([(cell[1] + 0.5, top * Y_SCALE, cell[0] + 0.5)], w, h)[0]
    pos = (int(p[0]), int(p[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app)


def _inside_marked(d, r) -> bool:
    return any(m.contains(r) for m in d.ui_opaque) or any(m.contains(r) for m in d._composite_rects())


def _settled_hot_seat(app) -> GameScene:
    """Two humans on c3 / e3, past the first hand-over, the mouse unseen, the frames settled."""
    g = position([[0, "c3", 2], [1, "e3", 1]])
    app.start_game(g, ["human", "human"])
    step(app)
    key(app, pygame.K_SPACE)
    scene = app.find(GameScene)
    scene.mouse_seen = False
    _settle(app)
    return scene


def test_unchanged_ui_uploads_nothing_and_a_selection_uploads_only_inside_marked_rects(glapp):
    app = glapp
    d = app.display
    scene = _settled_hot_seat(app)  # past the hand-over screen, no hover tooltips
    step(app)
    assert d.ui_uploads == []  # a second unchanged frame: nothing written
    cached = d.screenshot()
    assert d.ui_opaque, "the 3D view has opaque panels"
    assert np.array_equal(_fresh_mirror_shot(app), cached)  # the same picture either way

    panel_before = pygame.Rect(scene.panel_rect)
    _click_cell(app, (2, 2))  # select the unit: the side panel shows it
    assert scene.ctl.selected == (2, 2)
    assert d.ui_uploads, "the changed side panel is written"
    assert all(_inside_marked(d, r) for r in d.ui_uploads), d.ui_uploads
    assert any(r.colliderect(scene.panel_rect.union(panel_before)) for r in d.ui_uploads)
    _settle(app)
    cached = d.screenshot()
    assert np.array_equal(_fresh_mirror_shot(app), cached)


def test_one_changed_row_of_a_panel_uploads_that_row_alone(glapp):
    app = glapp
    d = app.display
    scene = _settled_hot_seat(app)
    box = pygame.Rect(scene.panel_rect)
    y = box.y + box.h // 2
    draw = scene.draw

    def draw_with_a_dot(display):
        draw(display)
        display.ui.set_at((box.x + 5, y), (250, 10, 10, 255))
        display.mark(pygame.Rect(box.x + 5, y, 1, 1))  # a draw over a panel marks what it draws

    scene.draw = draw_with_a_dot
    try:
        step(app)
        assert d.ui_uploads == [pygame.Rect(box.x, y, box.w, 1)]  # the panel's width, one row
        dotted = d.screenshot()
        assert tuple(dotted[y, box.x + 5]) == (250, 10, 10)
        step(app)
        assert d.ui_uploads == []  # the dot stays: nothing new
    finally:
        scene.draw = draw
    step(app)
    assert d.ui_uploads == [pygame.Rect(box.x, y, box.w, 1)]  # the dot gone: that row again
    assert tuple(d.screenshot()[y, box.x + 5]) != (250, 10, 10)


def test_a_rect_blit_that_does_not_reach_the_context_falls_back_to_the_scissored_copy(glapp):
    app = glapp
    d = app.display
    _settled_hot_seat(app)
    cached = d.screenshot()
    real, checked = d._copy_rect, d._copy_checked
    try:
        d._copy_rect = lambda *a: True  # "copied", but nothing reached the picture
        d._copy_checked = False
        assert np.array_equal(_fresh_mirror_shot(app), cached)  # the first copy is checked, then redone
        assert d._copy_rect is None and d._copy_checked
        step(app)
        assert np.array_equal(d.screenshot(), cached)
    finally:
        d._copy_rect, d._copy_checked = real, checked


def test_a_draw_over_a_kept_panel_without_a_mark_is_caught(glapp):
    """The side panel, top bar, log and status line are marked with their kept pieces (``Display.mark(content=)``):
    while the same pieces are marked at the same place and nothing else marked overlaps them, they are not compared
    with the mirror (issue 27, session 10). A draw over such a panel must mark what it draws: the strict app (tests)
    still compares them and raises at a draw that did not; a marked one is shown, as the test above checks."""
    app = glapp
    d = app.display
    scene = _settled_hot_seat(app)
    step(app)
    box = pygame.Rect(scene.panel_rect)
    assert d.verify_claims and app.opts.strict
    d.verify_claims = False  # as the non-strict app: the kept panels are trusted, not compared
    try:
        step(app)
        assert d.ui_uploads == []
        trusted = [tuple(r) for r in d.ui_trusted]
        assert any(pygame.Rect(r).colliderect(box) for r in trusted), (trusted, box)  # the side panel's body
        assert len(trusted) >= 3  # and the top bar and status line
        assert np.array_equal(d.screenshot(), _fresh_mirror_shot(app))  # the same picture as comparing all
    finally:
        d.verify_claims = True
    draw = scene.draw
    y = box.y + box.h // 2

    def draw_with_an_unmarked_dot(display):
        draw(display)
        display.ui.set_at((box.x + 5, y), (250, 10, 10, 255))

    scene.draw = draw_with_an_unmarked_dot
    try:
        with pytest.raises(RuntimeError, match="without a mark|not the pieces it was marked with"):
            step(app)
    finally:
        scene.draw = draw
    step(app)
    assert tuple(d.screenshot()[y, box.x + 5]) != (250, 10, 10)
