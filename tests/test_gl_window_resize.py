"""A GL window follows a resize: an OpenGL window's display surface keeps the size it was opened with (pygame-ce),
so the display read that stale size back and drew the old picture into the new window, cut off, with the mouse
mapped to the old layout (found in QA under Xvfb, session 13: 1280x720 shrunk to 900x600 showed the bottom-left of
the old picture without its panels)."""
from __future__ import annotations

import warnings

import numpy as np
import pygame

from client.scenes.start import StartScene
from tests.client_util import step

GLAPP_SIZE = (800, 600)


def _resize_window(app, w: int, h: int) -> None:
    """Resize the real SDL window (as a window manager or a drag does) and let the app take its events."""
    with warnings.catch_warnings():  # from_display_module is deprecated for surface drawing; here it only resizes
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().size = (w, h)
    step(app, 2)


def test_the_gl_window_takes_a_new_size_and_draws_at_it(glapp):
    app = glapp
    app.start_title()
    step(app, 2)
    assert isinstance(app.scene, StartScene) and app.display.size == (800, 600)
    _resize_window(app, 1000, 560)
    assert pygame.display.get_window_size() == (1000, 560)
    d = app.display
    assert d.size == (1000, 560)
    assert (d.gl.width, d.gl.height) == (1000, 560) and d.ui.get_size() == (1000, 560)
    shot = d.screenshot()
    assert shot.shape == (560, 1000, 3)
    # the start screen is laid out for the new size: its buttons sit inside the window, near its bottom
    buttons = app.scene.buttons
    assert all(0 <= b.rect.left and b.rect.right <= 1000 and b.rect.bottom <= 560 for b in buttons)
    assert min(b.rect.top for b in buttons) > 560 - 120
    # and the picture shows them there (a button's face is lighter than the screen's background)
    b = buttons[0].rect
    assert shot[b.centery, b.x + 4].sum() > shot[10, 10].sum()
    # the window gets that picture whole, at its size (not stretched to the size the GL context first saw)
    d._to_window()
    got = np.frombuffer(d.ctx.screen.read(viewport=(0, 0, 1000, 560), components=3), np.uint8).reshape(560, 1000, 3)
    assert np.array_equal(got[::-1], shot)
    _resize_window(app, 800, 600)
    assert d.size == (800, 600) and (d.gl.width, d.gl.height) == (800, 600)
