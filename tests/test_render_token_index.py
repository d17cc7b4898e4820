"""The tokens drawn from the disc's distinct vertices through an index buffer (gl_units_pass, issue 27: fewer vertices
shaded a frame) give the picture of the disc's triangle list drawn corner by corner, byte for byte: stacks of every
state and owner, far and near, from high, low and first-person cameras, with see-through and ghost stacks."""
from __future__ import annotations

import numpy as np

from client.camera import FirstPersonCamera, StrategyCamera
from client.render import gl_units
from client.render.base import Frame, Overlays, UnitMark

W, H = 320, 240


def test_indexed_tokens_draw_the_triangle_lists_picture(ctx):
    from client.render.gl import GLRenderer

    rng = np.random.default_rng(21)
    hts = rng.integers(0, 6, size=(16, 16)).astype(np.int16)
    states = ("ready", "fresh", "attacked", "spent", "enemy")
    cells = sorted({(int(rng.integers(0, 16)), int(rng.integers(0, 16))) for _ in range(30)})
    units = [UnitMark(c, i % 4, 1 + i % 7, states[i % 5]) for i, c in enumerate(cells)]
    frame = Frame(hts, np.ones(hts.shape, bool), np.ones(hts.shape, bool), units,
                  Overlays(show_counts=True, faded=(cells[0], cells[3])), ghosts=[((0, 0), 2), ((15, 15), 2)])
    r = GLRenderer(ctx, W, H)
    try:
        cams = []
        for dist, yaw in ((40, 10), (14, 130), (6, 250)):
            cam = StrategyCamera(16)
            cam.set_distance(dist)
            cam.jump_to((8, 7))
            cam.rotate(yaw)
            cam.snap()
            cams.append(cam)
        fp = FirstPersonCamera()
        fp.set_eye(cells[5], float(hts[cells[5]]) + 3.0)
        fp.turn(40.0, -10.0)
        cams.append(fp)
        indexed = [(r.draw(frame, cam), r.screenshot())[1] for cam in cams]
        # the same renderer drawing the triangle list corner by corner
        r.token_vbo = ctx.buffer(gl_units.token_mesh().tobytes())
        r.token_vao = ctx.vertex_array(r.p_token, [
            (r.token_vbo, "3f 3f", "in_pos", "in_normal"),
            (r.token_inst, "4f 1f 3f 4f/i", "in_inst", "in_height", "in_color", "in_ring")])
        listed = [(r.draw(frame, cam), r.screenshot())[1] for cam in cams]
        for a, b in zip(indexed, listed):
            assert a.shape == b.shape and a.tobytes() == b.tobytes()
        # the stacks are in the pictures (not a blank board twice)
        r.token_vao = ctx.vertex_array(r.p_token, [(r.token_vbo, "3f 3f", "in_pos", "in_normal"),
                                                   (r.token_inst, "4f 1f 3f 4f/i", "in_inst", "in_height",
                                                    "in_color", "in_ring")])
        empty = Frame(hts, frame.visible, frame.explored, [], Overlays())
        r.draw(empty, cams[1])
        assert r.screenshot().tobytes() != indexed[1].tobytes()
    finally:
        r.fbo.release()
