"""The headless GL context the renderer tests share (EGL through moderngl)."""
from __future__ import annotations

import numpy as np
import pytest

from client.camera import StrategyCamera
from client.render.gl import GLRenderer


def egl_context():
    """A standalone EGL context, or skip the test (no moderngl or no EGL on this machine)."""
    moderngl = pytest.importorskip("moderngl")
    try:
        return moderngl.create_standalone_context(backend="egl")
    except Exception as e:  # pragma: no cover - no EGL on this machine
        pytest.skip(f"no EGL context: {e}")


def fogged_map(seed: int):
    """A 64x64 test map with fog: (heights, rr, cc, explored, visible) — random heights 0..5, the explored part
    (rows < 50 or columns < 20) and, inside it, the sight of a unit on (30, 30) (14 steps)."""
    rng = np.random.default_rng(seed)
    heights = rng.integers(0, 6, size=(64, 64))
    rr, cc = np.mgrid[0:64, 0:64]
    explored = (rr < 50) | (cc < 20)
    visible = explored & (np.abs(rr - 30) + np.abs(cc - 30) < 14)
    return heights, rr, cc, explored, visible


def mesh_view(ctx, board: int, distance: float, centre, size=(320, 200)):
    """(camera, renderer): a strategy camera on a ``board``-sized map at ``distance`` over ``centre``, settled, and
    a GL renderer of ``size`` drawing the column mesh (no far level of detail)."""
    cam = StrategyCamera(board)
    cam.set_distance(distance)
    cam.jump_to(centre)
    cam.snap()
    r = GLRenderer(ctx, *size)
    r.lod = "mesh"
    return cam, r
