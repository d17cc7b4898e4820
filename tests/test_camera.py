"""Camera projections: known points land on known pixels; pan/zoom/rotate/jump keep the target centred."""
import math

import numpy as np
import pytest

from client.camera import (ExplicitCamera, FirstPersonCamera, StrategyCamera, TopDownCamera,
                           pixel_ray, project)
from client.render.base import Y_SCALE

W, H = 800, 600


def centre_pixel(cam, y=None):
    tx, tz = cam.target
    p = cam.project([(tx, cam.ground_y if y is None else y, tz)], W, H)[0]
    return p[0], p[1]


def test_matrices_are_float32_4x4():
    for cam in (StrategyCamera(8), FirstPersonCamera(), TopDownCamera(8),
                ExplicitCamera((0, 5, 10), (4, 0, 4))):
        v, p = cam.matrices(W / H)
        assert v.shape == (4, 4) and p.shape == (4, 4)
        assert v.dtype == np.float32 and p.dtype == np.float32


def test_top_down_known_pixels():
    cam = TopDownCamera(8, margin=0.0)
    # square viewport: the board fills it exactly; row 0 at the top, col 0 at the left
    px = cam.project([(0, 0, 0), (8, 0, 8), (4, 0, 4), (0.5, 3 * Y_SCALE, 7.5)], 400, 400)
    assert np.allclose(px[0, :2], (0, 0), atol=1e-3)
    assert np.allclose(px[1, :2], (400, 400), atol=1e-3)
    assert np.allclose(px[2, :2], (200, 200), atol=1e-3)
    assert np.allclose(px[3, :2], (25, 375), atol=1e-3)
    # wide viewport: the board is centred horizontally
    px = cam.project([(0, 0, 0), (8, 0, 8)], 800, 400)
    assert np.allclose(px[:, :2], [(200, 0), (600, 400)], atol=1e-3)


def test_explicit_camera_target_at_centre():
    cam = ExplicitCamera((3, 6, 12), (3, 0, 3), fov=60)
    px = cam.project([(3, 0, 3)], W, H)[0]
    assert abs(px[0] - W / 2) < 1e-3 and abs(px[1] - H / 2) < 1e-3
    # a point to the right of the target (in +x, camera looks toward -z) is right of centre
    assert cam.project([(4, 0, 3)], W, H)[0][0] > W / 2


def test_strategy_target_stays_centred():
    cam = StrategyCamera(64)
    cam.snap()
    assert np.allclose(centre_pixel(cam), (W / 2, H / 2), atol=1e-3)
    for op in (lambda: cam.pan(5, -3), lambda: cam.zoom(4), lambda: cam.rotate(33),
               lambda: cam.jump_to((10, 20)), lambda: cam.zoom(-2), lambda: cam.rotate(-100)):
        op()
        for _ in range(200):
            cam.update(1 / 60)
        assert not cam.moving
        assert np.allclose(centre_pixel(cam), (W / 2, H / 2), atol=1e-2)
    # the last zoom-out went past half the way out: the view drifted from (20.5, 10.5) towards the middle
    assert 20.5 < cam.target[0] < 32 and 10.5 < cam.target[1] < 32


def test_pan_is_screen_relative():
    cam = StrategyCamera(64)
    cam.zoom(6)
    cam.rotate(90)
    cam.snap()
    before = cam.target
    cam.pan(2, 0)  # right on screen
    cam.snap()
    # after the pan, the old centre point is to the screen's left of centre
    x, y = cam.project([(before[0], 0, before[1])], W, H)[0][:2]
    assert x < W / 2 - 5 and abs(y - H / 2) < 1
    cam.pan(0, 3)  # toward the top of the screen
    cam.snap()
    x, y = cam.project([(before[0], 0, before[1])], W, H)[0][:2]
    assert y > H / 2 + 5


def test_pitch_tilts_with_zoom():
    cam = StrategyCamera(64)
    cam.snap()
    far = cam.pitch
    cam.zoom(40)
    cam.snap()
    assert far > 80 and abs(cam.pitch - 35) < 1e-6
    assert cam.distance == cam.min_distance


def test_smooth_motion_is_gradual():
    cam = StrategyCamera(64)
    cam.snap()
    cam.jump_to((0, 0))
    cam.update(1 / 60)
    assert cam.moving
    x, z = cam.target
    assert 0.5 < x < 32 and 0.5 < z < 32


def test_footprint_covers_the_view():
    cam = StrategyCamera(64)
    cam.zoom(5)
    cam.rotate(30)
    cam.snap()
    fp = cam.footprint(W / H)
    assert len(fp) == 4
    poly = np.array(fp)

    def inside(p):
        # convex quad, consistent winding
        s = []
        for i in range(4):
            a, b = poly[i], poly[(i + 1) % 4]
            s.append((b - a)[0] * (p - a)[1] - (b - a)[1] * (p - a)[0])
        return all(v >= -1e-6 for v in s) or all(v <= 1e-6 for v in s)

    assert inside(np.array(cam.target))
    # ground points of a grid of pixels all lie inside the footprint
    view, proj = cam.matrices(W / H)
    for px in (1, W / 3, W - 1):
        for py in (1, H / 2, H - 1):
            o, d = pixel_ray(view, proj, W, H, px, py)
            t = (0 - o[1]) / d[1]
            g = o + d * t
            assert inside(np.array([g[0], g[2]]))
    # the corners project back onto the screen corners
    pts = project(view, proj, W, H, [(x, 0, z) for x, z in fp])
    assert np.allclose(pts[:, :2], [(0, H), (W, H), (W, 0), (0, 0)], atol=0.5)


def test_first_person_eye_height_and_look():
    cam = FirstPersonCamera()
    cam.set_eye((2, 3), 5)
    assert np.allclose(cam.eye(), (3.5, 5 * Y_SCALE, 2.5))
    cam.look_at_cell((2, 7), 5)  # due east (+x) at eye height
    px = cam.project([(7.5, 5 * Y_SCALE, 2.5)], W, H)[0]
    assert abs(px[0] - W / 2) < 1e-2 and abs(px[1] - H / 2) < 1e-2
    yaw = cam.yaw
    cam.look(10, 5)
    assert math.isclose(cam.yaw, (yaw + 10) % 360) and cam.pitch == pytest.approx(5)


def test_pixel_ray_round_trip():
    cam = StrategyCamera(16)
    cam.zoom(3)
    cam.rotate(45)
    cam.snap()
    view, proj = cam.matrices(W / H)
    o, d = pixel_ray(view, proj, W, H, 123.5, 456.5)
    p = o + d * 7.0
    x, y, _ = project(view, proj, W, H, [p])[0]
    assert abs(x - 123.5) < 1e-3 and abs(y - 456.5) < 1e-3


def test_first_person_tapped_turn_is_smooth_and_complete():
    from client.camera import FirstPersonCamera

    cam = FirstPersonCamera()
    cam.yaw, cam.pitch = 10.0, 0.0
    cam.turn(20.0)
    assert cam.moving and cam.yaw == 10.0
    cam.update(1 / 60)
    assert 10.0 < cam.yaw < 20.0  # part of the way after one frame
    for _ in range(120):
        cam.update(1 / 60)
    assert cam.yaw == pytest.approx(30.0) and not cam.moving
    cam.turn(0.0, -200.0)  # looking down stops at the limit
    for _ in range(200):
        cam.update(1 / 60)
    assert cam.pitch == -89.0


@pytest.mark.parametrize("size", [64, 256])
def test_zooming_all_the_way_out_shows_the_whole_map(size):
    """Issue 12: from a view on one corner, zooming out to the limit brings the whole map into the window."""
    from client.camera import StrategyCamera, project

    cam = StrategyCamera(size)
    cam.jump_to((5, 5))
    cam.set_distance(20)
    cam.snap()
    for _ in range(60):
        cam.zoom(-1)
    cam.snap()
    view, proj = cam.matrices(16 / 9)
    corners = project(view, proj, 1600, 900, [(0, 0, 0), (size, 0, 0), (0, 0, size), (size, 0, size)])
    assert (corners[:, 0] >= 0).all() and (corners[:, 0] <= 1600).all()
    assert (corners[:, 1] >= 0).all() and (corners[:, 1] <= 900).all()
