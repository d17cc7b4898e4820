"""bench.render's floor of the close-up (issue 27 point 2): its constant-colour renderer draws the same triangles
with the same depth test as the game's renderer, every column pixel one colour; its renderer without columns
draws no column pixel. So the printed floor measures the columns' geometry alone, as it says."""
import dataclasses

import numpy as np

from bench.render import ConstantTerrain, NoColumns, scene
from client.camera import StrategyCamera
from client.render.base import Overlays
from client.render.gl import GLRenderer
from tests.gl_util import egl_context

SIZE = (320, 200)


def _draw(ctx, cls, frame):
    cam = StrategyCamera(256)
    cam.set_distance(40)
    cam.jump_to((128, 128))
    cam.snap()
    r = cls(ctx, *SIZE)
    r.draw(frame, cam)
    ctx.finish()
    assert not r.used_far  # the close-up draws columns
    depth = np.frombuffer(r.fbo.read(components=1, attachment=-1, dtype="f4"), np.float32).reshape(SIZE[1], SIZE[0])
    rgb = np.frombuffer(r.fbo.read(components=3), np.uint8).reshape(SIZE[1], SIZE[0], 3)
    return depth, rgb


def test_floor_renderers_draw_the_same_geometry():
    ctx = egl_context()
    frame, _tokens, _g = scene()
    # no units, lines or labels: every pixel in front of the background is a column's
    frame = dataclasses.replace(frame, units=[], ghosts=[], overlays=Overlays(show_counts=False), version=("t", 1))
    d_game, rgb_game = _draw(ctx, GLRenderer, frame)
    d_const, rgb_const = _draw(ctx, ConstantTerrain, frame)
    d_none, rgb_none = _draw(ctx, NoColumns, frame)
    columns = d_game < 1.0
    assert columns.mean() > 0.9  # the close-up is filled with columns
    assert np.array_equal(d_const, d_game)  # the same triangles and depth test, to the bit
    assert np.array_equal(rgb_const[~columns], rgb_game[~columns])
    colours = np.unique(rgb_const[columns].reshape(-1, 3), axis=0)
    assert colours.tolist() == [[115, 128, 89]]  # one colour (0.45, 0.5, 0.35) where the game shades
    assert len(np.unique(rgb_game[columns].reshape(-1, 3), axis=0)) > 50
    assert (d_none == 1.0).all()  # no column drawn
    assert len(np.unique(rgb_none.reshape(-1, 3), axis=0)) == 1  # the background alone
