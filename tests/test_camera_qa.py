"""Camera QA on the 256x256 map, the 8x8 board and the star: what a player flying the 3D camera and looking
from a unit's eyes ran into."""
from __future__ import annotations

import math

import numpy as np
import pygame

from client.camera import StrategyCamera
from client.games.shachang.scene import GameScene
from client.render.base import Y_SCALE
from tests.client_util import key, position, step

GLAPP_SIZE = (1024, 640)  # the conftest fixture ``glapp``'s window


def terrain_under(heights, x, z, r=1.0) -> float:
    """World height of the highest cell within ``r`` cells of the point (x, z) (unexplored = level 0)."""
    n = heights.shape[0]
    r0, r1 = max(0, int(math.floor(z - r))), min(n, int(math.ceil(z + r)))
    c0, c1 = max(0, int(math.floor(x - r))), min(n, int(math.ceil(x + r)))
    return float(np.maximum(heights[r0:r1, c0:c1], 0).max()) * Y_SCALE


def close_eye(cam) -> float:
    """How high a full close-up's eye stands over the plain it looks at."""
    return cam.min_distance * math.sin(math.radians(cam.PITCH_CLOSE))


def test_a_close_look_at_a_hill_keeps_the_eye_out_of_it():
    # the 256x256 map's hills reach 30 levels (7.5 world units); a full close-up's eye stood 2.3 units over
    # level 0 wherever it looked, so zooming in on a hill put the eye inside it (half the window its inside)
    h = np.zeros((256, 256), np.int16)
    h[100:120, 80:100] = 28
    h[130:140, 80:100] = -1  # unexplored cells count as level 0
    cam = StrategyCamera(256)
    cam.set_terrain(h)
    for yaw in (0.0, 90.0, 200.0):
        for tgt in ((90.5, 110.5), (90.5, 121.5), (79.0, 110.0), (90.5, 135.0)):
            cam.jump_to((int(tgt[1]), int(tgt[0])))
            cam._goal_target = tgt
            cam.rotate(yaw - cam._goal_yaw)
            cam.set_distance(cam.min_distance)
            for _ in range(240):
                cam.update(1 / 60)
            assert not cam.moving
            e = cam.eye()
            assert e[1] >= terrain_under(h, e[0], e[2]) + 0.5 * close_eye(cam), (tgt, yaw, e)
    # over the plain (and for a camera that knows no terrain) the close-up is the one it always was
    cam.jump_to((10, 10))
    cam.snap()
    assert cam.ground_y == 0.0 and math.isclose(cam.eye()[1], close_eye(cam))
    plain = StrategyCamera(256)
    plain.jump_to((110, 90))
    plain.set_distance(plain.min_distance)
    plain.snap()
    assert plain.ground_y == 0.0


def test_far_views_are_unchanged_by_the_terrain():
    # high above every hill the orbit point stays on level 0 (the whole-map view, the frame bench's flight)
    h = np.full((256, 256), 30, np.int16)
    cam, bare = StrategyCamera(256), StrategyCamera(256)
    cam.set_terrain(h)
    for c in (cam, bare):
        c.jump_to((128, 128))
        c.set_distance(0.15 * c.max_distance)
        c.snap()
    assert cam.ground_y == 0.0
    assert np.array_equal(cam.matrices(16 / 9)[0], bare.matrices(16 / 9)[0])


def test_zooming_in_on_a_hill_in_the_game_keeps_the_eye_above_it(glapp):
    app = glapp
    h = np.zeros((8, 8), np.int16)
    h[:, :4] = 24  # a cliff: the west half 24 levels up
    g = position([[0, "b2", 2], [1, "h8", 1]], heights=h)
    app.start_game(g, ["human", "human"])
    step(app)
    key(app, pygame.K_SPACE)
    scene = app.find(GameScene)
    scene.cam.jump_to((4, 2))
    for _ in range(40):
        key(app, pygame.K_EQUALS)
    step(app, 120)
    cam = scene.cam
    known = np.asarray(scene.ctl.obs.heights)
    e = cam.eye()
    assert e[1] >= terrain_under(known, e[0], e[2]) + 0.5 * close_eye(cam)
    for _ in range(12):  # turned all the way round
        key(app, pygame.K_e)
        step(app, 20)
        e = cam.eye()
        assert e[1] >= terrain_under(known, e[0], e[2]) + 0.5 * close_eye(cam)
