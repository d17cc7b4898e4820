"""GLRenderer keeps the terrain pass's picture (colour and depth) while its inputs stay the same (issue 27,
``keep_terrain``): once two frames in a row had the same frame version (already drawn), camera, masked rects
and level of detail, the next ones copy the terrain instead of drawing it, and the picture (tokens, overlays and labels drawn over it) is
byte for byte the one a renderer drawing everything makes. Any change of those inputs draws it again."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from client.render.base import Frame, Overlays, UnitMark

moderngl = pytest.importorskip("moderngl")

N = 16
HEIGHTS = np.array([[(r * 3 + c * 5) % 7 for c in range(N)] for r in range(N)], np.int16)


def _frame(version) -> Frame:
    vis = np.zeros((N, N), bool)
    vis[:, : N // 2] = True  # fog on the other half
    units = [UnitMark((4, 4), 0, 5, "ready"), UnitMark((9, 3), 1, 3, "enemy"), UnitMark((12, 6), 0, 1, "fresh")]
    area = np.zeros((N, N), bool)
    area[3:6, 3:6] = True
    ov = Overlays(selected=(4, 4), reachable={(4, 5): 1, (5, 4): 1, (5, 5): 2}, attack_area=area, hover=(6, 6),
                  show_counts=True)
    return Frame(HEIGHTS.copy(), vis, np.ones((N, N), bool), units, ov, version=version)


def _camera(distance=None):
    from client.camera import StrategyCamera

    cam = StrategyCamera(N)
    if distance is not None:
        cam.set_distance(distance)
    cam.rotate(30)
    cam.snap()
    return cam


@pytest.fixture
def pair(ctx):
    from client.render.gl import GLRenderer

    a, b = GLRenderer(ctx, 320, 240), GLRenderer(ctx, 320, 240)
    b.keep_terrain = False  # the reference: draws everything every time
    yield a, b
    for r in (a, b):
        r._drop_kept()
        r.fbo.release()


def _same_as_drawn(r, ref, frame, cam, covered=()) -> np.ndarray:
    r.draw(frame, cam, covered=covered)
    ref.draw(frame, cam, covered=covered)
    got = r.screenshot()
    assert np.array_equal(got, ref.screenshot())
    return got


def test_a_still_frame_copies_the_kept_terrain_and_makes_the_same_picture(pair):
    r, ref = pair
    cam = _camera(8.0)  # close: the column mesh
    f = _frame(("game", 1))
    for _ in range(6):
        _same_as_drawn(r, ref, f, cam)
    assert not r.used_far
    assert (r.terrain_drawn, r.terrain_reused) == (3, 3)  # kept after the third, copied from the fourth on
    assert ref.terrain_reused == 0
    _same_as_drawn(r, ref, f, cam, covered=[(0, 0, 100, 40)])  # only the masked rects changed: drawn
    assert (r.terrain_drawn, r.terrain_reused) == (4, 3)


def test_a_change_of_camera_version_masked_rects_or_detail_draws_the_terrain_again(pair):
    r, ref = pair
    cam = _camera(8.0)
    f = _frame(("game", 1))
    for _ in range(4):
        _same_as_drawn(r, ref, f, cam)
    assert r.terrain_reused == 1
    cam.rotate(5)
    cam.snap()
    _same_as_drawn(r, ref, f, cam)  # the camera moved
    assert r.terrain_reused == 1
    for _ in range(3):  # kept at the second frame with the same camera, copied at the third and fourth
        _same_as_drawn(r, ref, f, cam)
    assert r.terrain_reused == 3
    g = dataclasses.replace(f, overlays=dataclasses.replace(f.overlays, hover=(7, 7)), version=("game", 2))
    _same_as_drawn(r, ref, g, cam)  # a new version (the hover frame moved)
    _same_as_drawn(r, ref, g, cam, covered=[(0, 0, 100, 40)])  # an opaque panel now masks a rect
    r.lod = ref.lod = "far"
    _same_as_drawn(r, ref, g, cam, covered=[(0, 0, 100, 40)])  # the flat far level of detail
    assert r.terrain_reused == 3
    for _ in range(3):
        _same_as_drawn(r, ref, g, cam, covered=[(0, 0, 100, 40)])
    assert r.used_far and r.terrain_reused == 5  # the far view is kept too
    _same_as_drawn(r, ref, dataclasses.replace(g, version=None), cam)  # no version: always drawn
    _same_as_drawn(r, ref, dataclasses.replace(g, version=None), cam)
    assert r.terrain_reused == 5
