"""Session 12, the flight (issue 27 point 2): the labels' layout, occlusion test and glyph quads and the stacks' kept
instances cost fewer Python and numpy calls a frame, with the same output as session 11's code
(tests/flight_s11_ref.py, word for word): on many random boards, stacks, overlays and cameras (square and star
boards, far flat views, eyes low over the board and on it) the label items are equal value for value and type
for type, the occlusion flags equal, the quads equal byte for byte; and what is kept (the centre cell's width, the
label buffer, the stack instances) is what a fresh computation gives."""
from __future__ import annotations

import numpy as np
import pytest

from client.camera import StrategyCamera, look_at, perspective, project
from client.render import gl_units
from client.render.base import Frame, Overlays, UnitMark
from client.render.gl_overlay_pass import project_few
from tests.flight_s11_ref import S11Atlas, S11Labels
from tests.flight_util import STATES, H, W, descending_flight, random_case, random_projection
from tests.flight_util import random_units as _units, typed as _typed

@pytest.fixture(scope="module")
def renderer(ctx):
    from client.render.gl import GLRenderer

    r = GLRenderer(ctx, W, H)
    yield r
    r.fbo.release()


@pytest.mark.parametrize("seed", range(6))
def test_label_items_and_occlusion_equal_session_11s(renderer, seed):
    """Random frames and cameras: ``_labels`` gives session 11's items exactly; ``_occluded`` gives its flags
    for every anchor (all tested, a random part tested, none), also with the far view's flat heights."""
    rng = np.random.default_rng(1200 + seed)
    old = S11Labels(renderer)
    shown_total = hidden_total = clear_total = 0
    for case in range(60):
        frame, heights, far, hgt, view, proj, extra = random_case(rng, case)
        got = renderer._labels(frame, hgt, view, proj, extra, far)
        want = old._labels(frame, hgt, view, proj, extra)
        assert _typed(got) == _typed(want), (seed, case)
        shown_total += len(want)
        # the occlusion test alone, on anchors over the stacks and the ground, some above every top
        rows, cols = heights.shape
        m = 40
        pts = np.column_stack([rng.uniform(-2, cols + 2, m), rng.uniform(0, 3.5, m), rng.uniform(-2, rows + 2, m)])
        for u in frame.units[:6]:
            pts = np.vstack([pts, [u.cell[1] + 0.5, (hgt[u.cell] + u.count) * 0.25 + 0.12, u.cell[0] + 0.5]])
        pix = project(view, proj, W, H, pts)
        for only in (None, rng.random(len(pts)) < 0.5, np.zeros(len(pts), bool)):
            a = renderer._occluded(frame, hgt, view, proj, pts, pix, only, far)
            b = old._occluded(frame, hgt, view, proj, pts, pix, only)
            assert np.array_equal(a, b), (seed, case)
            hidden_total += int(b.sum())
        tops = old._label_tops(frame, hgt)[1]
        eye = np.linalg.inv(view.astype(np.float64))[:3, 3]
        clear_total += int(((pts[:, 1] > tops + 1e-6) & (pts[:, 1] < eye[1] - 1e-3)).sum())
    assert shown_total > 100 and hidden_total > 50 and clear_total > 50  # the cases reach every path


def test_the_labels_of_a_flight_over_a_big_board_equal_session_11s(renderer):
    """A 64x64 board with 30 stacks seen along a descending path, far (flat) and near."""
    rng = np.random.default_rng(7)
    hts = rng.integers(0, 9, size=(64, 64)).astype(np.int16)
    units = _units(rng, hts.shape, 30)
    frame = Frame(hts, np.ones(hts.shape, bool), np.ones(hts.shape, bool), units, Overlays(show_counts=True),
                  version=("flight", 1))
    old = S11Labels(renderer)
    n = 0
    for i, (view, proj) in enumerate(descending_flight(40)):
        for far in (False, True):
            hgt = np.zeros_like(hts) if far else np.maximum(hts, 0)
            got = renderer._labels(frame, hgt, view, proj, [], far)
            assert _typed(got) == _typed(old._labels(frame, hgt, view, proj, []))
            n += len(got)
    assert n > 200


def test_project_few_equals_project():
    rng = np.random.default_rng(3)
    for i in range(400):
        view, proj, w, h = random_projection(rng, i)
        pts = rng.uniform(-30, 100, (int(rng.integers(1, 50)), 3))
        if i % 5 == 0:
            pts[0] = [np.nan, 1.0, 2.0]
        if i % 7 == 0:
            pts[-1] = np.linalg.inv(view.astype(np.float64))[:3, 3]  # the eye itself: w about 0
        assert project_few(view, proj, w, h, pts).tobytes() == project(view, proj, w, h, pts).tobytes()


def test_glyph_quads_equal_session_11s(renderer):
    """Random items (every alignment, unknown characters, icons, empty texts, numpy sizes): the same float32
    vertices byte for byte."""
    atlas = renderer.atlas
    old = S11Atlas(atlas)
    rng = np.random.default_rng(5)
    alphabet = list("0123456789abcXYZ=+<>?\u00d7\x02\x03\x04\u4e2d")
    for _ in range(200):
        items = []
        for _ in range(int(rng.integers(0, 14))):
            text = "".join(rng.choice(alphabet, int(rng.integers(0, 6))))
            px = float(rng.uniform(4, 44)) if rng.random() < 0.8 else np.float32(rng.uniform(4, 44))
            items.append((float(rng.uniform(-60, 400)), float(rng.uniform(-60, 300)), text, px,
                          tuple(float(v) for v in rng.random(4)), (0.0, 0.0, 0.0, 0.85), str(rng.choice(list("clb")))))
        a, b = atlas.quads(items), old.quads(items)
        assert a.dtype == b.dtype == np.float32 and a.shape == b.shape and a.tobytes() == b.tobytes()


def test_kept_labels_are_drawn_from_the_buffer_and_text_in_between_is_not_lost(ctx, monkeypatch):
    """A still camera draws its kept labels without building their quads again, the same picture; screen text
    drawn in between (the same buffer) makes the next frame build them again."""
    from client.render.gl import GLRenderer

    hts = np.array([[(r * 3 + c * 5) % 6 for c in range(8)] for r in range(8)], np.int16)
    units = [UnitMark((2, 2), 0, 5, "ready"), UnitMark((5, 6), 1, 3, "enemy"), UnitMark((6, 1), 0, 1, "fresh")]
    ov = Overlays(reachable={(2, 3): 1, (3, 2): 1, (3, 3): 2}, show_counts=True)
    f = Frame(hts, np.ones((8, 8), bool), np.ones((8, 8), bool), units, ov, version=("still", 1))
    cam = StrategyCamera(8)
    cam.zoom(1)
    cam.rotate(25)
    cam.snap()
    r = GLRenderer(ctx, W, H)
    built = []
    real = r.atlas.quads
    monkeypatch.setattr(r.atlas, "quads", lambda items: built.append(len(items)) or real(items))
    try:
        r.draw(f, cam)
        first = r.screenshot()
        assert len(built) == 1 and built[0] > 3
        r.draw(f, cam)
        assert len(built) == 1 and np.array_equal(r.screenshot(), first)
        r.draw_text([(40.0, 40.0, "xyz", 20.0, (1.0, 1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 1.0), "c")])
        r.draw(f, cam)
        assert len(built) == 3 and np.array_equal(r.screenshot(), first)
    finally:
        r.fbo.release()


def test_the_kept_centre_cell_width_is_a_fresh_ones(renderer):
    from client.render.gl import GLRenderer

    rng = np.random.default_rng(9)
    for _ in range(30):
        view = look_at(rng.uniform(-20, 80, 3) + [0, 30, 0], rng.uniform(0, 64, 3))
        proj = perspective(rng.uniform(20, 90), W / H, 0.1, 1000.0)
        got = renderer._centre_cell_px(view, proj)
        assert renderer._centre_cell_px(view, proj) == got
        renderer._centre_px_kept = None
        assert renderer._centre_cell_px(view, proj) == got
        assert GLRenderer._centre_cell_px(renderer, view.astype(np.float64), proj) == got  # same values
    assert renderer._centre_cell_px(look_at((5, 40, 5), (6, 0, 5.5)), proj) != got


def test_kept_stack_instances_follow_every_change(renderer):
    """The stacks' kept instances equal gl_units.instances after each change of a count, a state, an owner,
    the ground under a stack, the left-out cell or the level of detail, and are reused while nothing changed."""
    rng = np.random.default_rng(4)
    ground = rng.integers(0, 5, size=(12, 12)).astype(np.int16)
    units = _units(rng, ground.shape, 6)
    renderer._inst_kept = None
    for step in range(60):
        i = int(rng.integers(0, len(units)))
        u = units[i]
        what = step % 6
        if what == 0:
            units[i] = UnitMark(u.cell, u.owner, max(1, u.count + int(rng.integers(-2, 3))), u.state)
        elif what == 1:
            units[i] = UnitMark(u.cell, u.owner, u.count, str(rng.choice(STATES)))
        elif what == 2:
            units[i] = UnitMark(u.cell, (u.owner + 1) % 4, u.count, u.state)
        elif what == 3:
            ground = ground.copy()
            ground[u.cell] = (ground[u.cell] + 1) % 6
        skip = u.cell if what == 4 else None
        far = what == 5
        got = renderer._stack_instances(list(units), ground, skip, far, None)
        want = gl_units.instances(units, ground, skip_cell=skip, merged=far)
        assert got.tobytes() == want.tobytes() and got.shape == want.shape
        again = renderer._stack_instances([UnitMark(*dataclass_fields(v)) for v in units], ground, skip, far, None)
        assert again is got  # equal marks (new objects): kept


def dataclass_fields(u: UnitMark):
    return u.cell, u.owner, u.count, u.state
