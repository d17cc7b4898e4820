"""The GL window takes its own context even when the process already has another one (issue found when the
full suite made the GL window tests skip: moderngl's create_context() detected through GLX on SDL's EGL)."""
from __future__ import annotations

import moderngl
import pygame
import pytest

from client.boards.window import BoardApp

from tests.client_util import kept_client_state


def test_gl_window_after_a_standalone_context_is_a_gl_window():
    try:
        other = moderngl.create_context(standalone=True, backend="egl")
    except Exception as e:  # pragma: no cover - machine dependent
        pytest.skip(f"no EGL context: {e}")
    pygame.display.quit()  # a display left open by an earlier test keeps the driver it was opened with (dummy)
    with kept_client_state("offscreen"):
        app = BoardApp("baige", ["human", "human"], "gl", "en", (640, 480), seed=1, ai_delay=0.0, strict=True)
    try:
        assert app.display.kind == "gl", app.display.fallback_reason
        assert app.display.ctx is not other
        app.step(0.0)
    finally:
        pygame.display.quit()
        other.release()
