"""GLRenderer leaves out token stacks wholly outside the view (issue 27, client/render/gl_units_pass.py
``in_view``): a close camera draws fewer instances, and the picture is byte for byte the one drawing all."""
from __future__ import annotations

import numpy as np
import pytest

from client.render.base import Frame, Overlays, UnitMark

moderngl = pytest.importorskip("moderngl")

N = 24


def _frame() -> Frame:
    h = np.array([[(r * 5 + c * 3) % 6 for c in range(N)] for r in range(N)], np.int16)
    units = [UnitMark((r, c), (r + c) % 2, 1 + (r * 7 + c) % 9, "ready" if (r + c) % 3 else "enemy")
             for r in range(1, N, 3) for c in range(2, N, 4)]
    return Frame(h, np.ones((N, N), bool), np.ones((N, N), bool), units, Overlays(show_counts=False))


def test_a_close_camera_draws_fewer_token_instances_and_the_same_picture(ctx):
    from client.camera import StrategyCamera
    from client.render.gl import GLRenderer

    f = _frame()
    soldiers = sum(u.count for u in f.units)
    a, b = GLRenderer(ctx, 320, 240), GLRenderer(ctx, 320, 240)
    b.cull_tokens = False
    seen = []
    try:
        # columns (one instance a soldier) close up, then the whole board as columns and as the flat far view
        for lod, dist, yaw in (("mesh", 6.0, 0), ("mesh", 6.0, 130), ("mesh", 10.0, 250), ("mesh", None, 40),
                               ("far", None, 40)):
            a.lod = b.lod = lod
            cam = StrategyCamera(N)
            if dist is not None:
                cam.set_distance(dist)
                cam.jump_to((N // 2, N // 3))
            cam.rotate(yaw)
            cam.snap()
            a.draw(f, cam)
            b.draw(f, cam)
            assert np.array_equal(a.screenshot(), b.screenshot()), (lod, dist, yaw)
            seen.append((a.tokens_drawn, b.tokens_drawn))
    finally:
        for r in (a, b):
            r.fbo.release()
    assert [n for _, n in seen] == [soldiers] * 4 + [len(f.units)]  # drawing all: every soldier, every stack
    assert all(0 < k < soldiers // 2 for k, _ in seen[:3]), seen  # the close views: some drawn, most left out
    assert seen[3][0] == soldiers and seen[4][0] == len(f.units)  # the whole board in view: none left out
