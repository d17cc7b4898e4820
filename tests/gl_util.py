"""The headless GL context the renderer tests share (EGL through moderngl)."""
from __future__ import annotations

import pytest


def egl_context():
    """A standalone EGL context, or skip the test (no moderngl or no EGL on this machine)."""
    moderngl = pytest.importorskip("moderngl")
    try:
        return moderngl.create_standalone_context(backend="egl")
    except Exception as e:  # pragma: no cover - no EGL on this machine
        pytest.skip(f"no EGL context: {e}")
