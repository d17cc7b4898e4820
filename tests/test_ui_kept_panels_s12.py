"""Panels the mirror texture holds are not copied into the GL overlay again (client/display.py ``holds`` and
``stale_ui``, client/ui/composed.py ``copy``; issue 27): a panel marked with the same pieces in the frame before
skips its copy, the picture stays exactly what it is when every panel is copied, and a frame in which such a
panel turns out not to be the mirror's to show (something marked over it, the panel gone) is drawn again with
every copy made. The strict test app compares claimed panels (``verify_claims``), which turns the skip off: these
tests turn that off, as the app outside the tests has it."""
from __future__ import annotations

import numpy as np
import pygame

import client.games.shachang.hud as hud
from client.ui import composed
from tests.client_util import step
from tests.test_bench_ui_uploads import _settled_hot_seat


def _copies(monkeypatch) -> list:
    """Count the pixel copies into the overlay (composed.copy that did copy)."""
    done = []
    real = composed.copy

    def counted(surf, arr, pos):
        held = composed._holder is not None and composed._holder(surf, arr, pos)
        if not held:
            done.append((pos, arr.shape))
        return real(surf, arr, pos) if not held else None

    monkeypatch.setattr(composed, "copy", counted)
    return done


def _settled_trusting(app, monkeypatch):
    """The settled hot seat with the claimed panels trusted, as outside the tests, one frame drawn that way:
    (display, scene, the side panel's box)."""
    scene = _settled_hot_seat(app)
    monkeypatch.setattr(app.display, "verify_claims", False)
    step(app)
    return app.display, scene, pygame.Rect(scene.panel_rect)


def _shot_copying_all(app) -> np.ndarray:
    """The next frame with every panel copied (the skip off)."""
    d = app.display
    d.retain_ui = False
    try:
        step(app)
        assert d.ui_skipped == []
        return d.screenshot()
    finally:
        d.retain_ui = True


def test_an_unchanged_panel_is_not_copied_again_and_the_picture_is_the_same(glapp, monkeypatch):
    app = glapp
    d, scene, panel = _settled_trusting(app, monkeypatch)
    done = _copies(monkeypatch)
    step(app)
    skipped = [pygame.Rect(r) for r, _ in d.ui_skipped]
    assert any(r.colliderect(panel) for r in skipped), (skipped, panel)  # the side panel's body
    assert len(skipped) >= 3  # and the top bar and the status line
    assert not any(panel.collidepoint(pos) for pos, _ in done)  # nothing copied into the side panel's body
    kept = d.screenshot()
    assert np.array_equal(kept, _shot_copying_all(app))


def test_a_mark_over_a_skipped_panel_draws_the_frame_again(glapp, monkeypatch):
    app = glapp
    d, scene, box = _settled_trusting(app, monkeypatch)
    y = box.y + box.h // 2
    draw = scene.draw
    calls = []

    def draw_with_a_marked_dot(display):
        calls.append(len(display.ui_skipped))
        draw(display)
        display.ui.set_at((box.x + 5, y), (250, 10, 10, 255))
        display.mark(pygame.Rect(box.x + 5, y, 1, 1))

    monkeypatch.setattr(scene, "draw", draw_with_a_marked_dot)
    step(app)
    assert len(calls) == 2 and calls[1] == 0  # drawn again, then with every panel copied
    dotted = d.screenshot()
    assert tuple(dotted[y, box.x + 5]) == (250, 10, 10)
    assert np.array_equal(dotted, _shot_copying_all(app))  # the panel round the dot as when it is copied


def test_a_panel_gone_with_a_translucent_box_in_its_place_shows_the_box_over_the_board(glapp, monkeypatch):
    """The overlay is cleared whole each frame: a skipped copy leaves its place empty, never old pixels."""
    app = glapp
    d, scene, box = _settled_trusting(app, monkeypatch)
    _panel_px = d.screenshot()[box.centery, box.centerx]

    def no_panel_a_box(surf, scn, area):
        pygame.draw.rect(surf, (40, 200, 40, 90), box)  # translucent: old panel pixels under it would show
        d.mark(box)
        return pygame.Rect(area.x, area.y, 0, 0)

    monkeypatch.setattr(hud, "side_panel", no_panel_a_box)
    step(app)
    assert not any(pygame.Rect(r).colliderect(box) for r, _ in d.ui_skipped)
    gone = d.screenshot()
    assert tuple(gone[box.centery, box.centerx]) != tuple(_panel_px)
    assert np.array_equal(gone, _shot_copying_all(app))
