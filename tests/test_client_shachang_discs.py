"""沙场秋点兵's soldier discs in first person (issue 26): no sky between stacked discs."""
import numpy as np
import pytest

from client.camera import FirstPersonCamera, project
from client.render import gl_units
from client.render.base import Frame, Overlays, UnitMark, Y_SCALE


moderngl = pytest.importorskip("moderngl")


def test_a_stacks_sides_cover_it_from_the_ground_to_its_top():
    """The sides of the discs (and the cores in the grooves under them) leave no height uncovered."""
    mesh = gl_units.token_mesh()
    side = mesh[np.abs(mesh[:, 4]) < 0.5]  # side faces (horizontal normals)
    lo, hi = float(side[:, 1].min()), float(side[:, 1].max())
    r = float(np.hypot(side[:, 0], side[:, 2]).min())
    assert r >= 0.95  # the core's side is a hair inside the rim: the outline has no notch
    h = np.zeros((8, 8), np.int16)
    inst = gl_units.instances([UnitMark((5, 3), 1, 8, "enemy")], h)
    spans = sorted((b + lo * ht, b + hi * ht) for b, ht in zip(inst[:, 1], inst[:, 4]))
    assert spans[0][0] <= 0.0 and spans[-1][1] == pytest.approx(8 * Y_SCALE)
    for (a0, a1), (b0, b1) in zip(spans, spans[1:]):
        assert b0 <= a1 + 1e-6, "a gap between two discs"


def test_no_sky_between_stacked_discs_in_first_person(ctx):
    from client.render.gl import GLRenderer  # needs moderngl (importorskip above)

    rnd = GLRenderer(ctx, 640, 480)
    h = np.zeros((8, 8), np.int16)
    f = Frame(h, np.ones((8, 8), bool), np.ones((8, 8), bool),
              [UnitMark((1, 3), 0, 2, "ready"), UnitMark((5, 3), 1, 8, "enemy")], Overlays(show_counts=False))
    cam = FirstPersonCamera()
    cam.set_eye((1, 3), 2)  # eye height 2: looking up at the bottoms of the upper discs, against the sky
    cam.look_at_cell((5, 3), 5)
    rnd.draw(f, cam)
    img = rnd.screenshot().astype(int)
    sky = img[5, 320]
    view, proj = cam.matrices(640 / 480)
    (x0, y0, _), (x1, _, _), (_, y1, _) = project(view, proj, 640, 480, [
        (3.5, 8 * Y_SCALE, 5.5), (3.5 + 0.8 * gl_units.TOKEN_RADIUS, 0.0, 5.5), (3.5, 0.3 * Y_SCALE, 5.5)])
    half = int(abs(x1 - x0))
    box = img[int(y0) + 2:int(y1), int(x0) - half:int(x0) + half + 1]
    assert box.size and int(y1) - int(y0) > 60  # the stack is big on screen
    skyish = (np.abs(box - sky).sum(axis=2) < 18).sum()
    assert skyish == 0, f"{skyish} sky pixels inside the stack"
