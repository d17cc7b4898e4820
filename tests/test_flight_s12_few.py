"""Session 12, the flight (issue 27 point 2): the labels' layout on Python floats for a few anchors
(``OverlayPass._labels_few``, ``_occluded_few``: below FEW_LABELS anchors and FEW_SAMPLES occlusion samples) gives the
numpy path's output exactly: on many random square and star boards, stacks, overlays and cameras (high, low, first
person, orthographic; far flat views) the items are equal value for value and type for type (floats by repr) and the
hidden flags equal, with either path forced for every frame."""
from __future__ import annotations

import numpy as np
import pytest

from client.camera import project, to_glm
from client.render import gl_overlay_pass as gop
from client.render.base import Frame, Overlays
from tests.flight_s11_ref import S11Labels
from tests.flight_util import H, W, descending_flight, random_case, random_projection
from tests.flight_util import random_units as _units, typed as _typed, view as _view


@pytest.fixture(scope="module")
def renderer(ctx):
    from client.render.gl import GLRenderer

    r = GLRenderer(ctx, W, H)
    yield r
    r.fbo.release()


def _both(monkeypatch, renderer, frame, hgt, view, proj, extra, far):
    """(numpy path, Python path with Python samples, Python path with numpy samples) of ``_labels``."""
    monkeypatch.setattr(gop, "FEW_LABELS", -1)
    want = renderer._labels(frame, hgt, view, proj, extra, far)
    monkeypatch.setattr(gop, "FEW_LABELS", 1 << 30)
    monkeypatch.setattr(gop, "FEW_SAMPLES", 1 << 30)
    got = renderer._labels(frame, hgt, view, proj, extra, far)
    monkeypatch.setattr(gop, "FEW_SAMPLES", -1)
    got_np_samples = renderer._labels(frame, hgt, view, proj, extra, far)
    return want, got, got_np_samples


@pytest.mark.parametrize("seed", range(4))
def test_the_few_labels_path_equals_the_numpy_path(renderer, monkeypatch, seed):
    rng = np.random.default_rng(4400 + seed)
    shown = hidden = 0
    for case in range(60):
        frame, heights, far, hgt, view, proj, extra = random_case(rng, case)
        want, got, got2 = _both(monkeypatch, renderer, frame, hgt, view, proj, extra, far)
        assert _typed(got) == _typed(want), (seed, case)
        assert _typed(got2) == _typed(want), (seed, case)
        shown += len(want)
        # the occlusion test alone on random anchors over the ground and the stacks, random parts of them tested
        rows, cols = heights.shape
        m = int(rng.integers(1, 30))
        pts = np.column_stack([rng.uniform(-2, cols + 2, m), rng.uniform(0, 3.5, m), rng.uniform(-2, rows + 2, m)])
        for u in frame.units[:6]:
            pts = np.vstack([pts, [u.cell[1] + 0.5, (hgt[u.cell] + u.count) * 0.25 + 0.12, u.cell[0] + 0.5]])
        pix = project(view, proj, W, H, pts)
        for only in (np.ones(len(pts), bool), rng.random(len(pts)) < 0.5, np.zeros(len(pts), bool)):
            ref = renderer._occluded(frame, hgt, view, proj, pts, pix, only, far).tolist()
            for few in (1 << 30, -1):
                monkeypatch.setattr(gop, "FEW_SAMPLES", few)
                assert renderer._occluded_few(frame, hgt, view, proj, [tuple(p) for p in pts.tolist()],
                                              only.tolist(), far) == ref, (seed, case)
            hidden += sum(ref)
    assert shown > 200 and hidden > 100  # the cases reach labels shown and anchors hidden


def test_the_few_labels_path_on_a_flight_over_a_big_board(renderer, monkeypatch):
    """A 64x64 board with 30 stacks seen along a descending path, far (flat) and near, eyes low over it too."""
    rng = np.random.default_rng(17)
    hts = rng.integers(0, 9, size=(64, 64)).astype(np.int16)
    frame = Frame(hts, np.ones(hts.shape, bool), np.ones(hts.shape, bool), _units(rng, hts.shape, 30),
                  Overlays(show_counts=True), version=("flight", 2))
    n = hid = 0
    for i, (view, proj) in enumerate(descending_flight(45)):
        for far in (False, True):
            hgt = np.zeros_like(hts) if far else np.maximum(hts, 0)
            want, got, got2 = _both(monkeypatch, renderer, frame, hgt, view, proj, [], far)
            assert _typed(got) == _typed(want) == _typed(got2), (i, far)
            n += len(want)
            hid += 30 - len(want)
    assert n > 300 and hid > 50


def test_the_c_librarys_hypot_is_numpys():
    rng = np.random.default_rng(8)
    x = np.concatenate([rng.normal(size=20000) * 10.0 ** rng.integers(-8, 8, 20000),
                        [0.0, -0.0, np.inf, -np.inf, np.nan, 5e-324, 1e308, -1e308, 3.0]])
    y = np.concatenate([rng.normal(size=20000) * 10.0 ** rng.integers(-8, 8, 20000),
                        [-0.0, 0.0, np.nan, 1.0, np.inf, 5e-324, 1e308, 1e308, 4.0]])
    want = np.hypot(x, y)
    got = np.array([gop._hypot(a, b) for a, b in zip(x.tolist(), y.tolist())])
    assert got.tobytes() == want.tobytes()


def test_one_anchor_on_python_floats_equals_project_few():
    """``_anchor`` gives ``project_few``'s floats and the one-cell size of ``_labels``' numpy path bit for bit, the
    eye itself (w about 0), points one cell from it, NaN and -0.0 too."""
    rng = np.random.default_rng(31)
    for i in range(300):
        view, proj, w, h = random_projection(rng, i)
        pts = rng.uniform(-30, 100, (int(rng.integers(3, 30)), 3))
        eye = np.linalg.inv(view.astype(np.float64))[:3, 3]
        pts[0] = eye  # w about 0
        pts[1] = eye - (1.0, 0.0, 0.0)
        pts[2] = eye - (0.0, 0.0, 1.0)
        if i % 5 == 0:
            pts[-1] = [np.nan, 1.0, -0.0]
        if i % 5 == 1:
            pts[-1] = [-0.0, -0.0, -0.0]
        n = len(pts)
        abc = gop.project_few(view, proj, w, h, np.concatenate((pts, pts + gop._DX, pts + gop._DZ)))
        d = abc[n:].reshape(2, n, 3)[..., :2] - abc[:n, :2]
        hyp = np.hypot(d[..., 0], d[..., 1])
        want = np.column_stack([abc[:n], np.maximum(hyp[0], hyp[1])])
        m = np.array(to_glm(proj) * to_glm(view)).ravel().tolist()
        got = np.array([gop._anchor(m, 0.5 * w, 0.5 * h, *p) for p in pts.tolist()])
        assert got.tobytes() == want.tobytes(), i


def test_the_occlusion_segments_on_python_floats_equal_numpys():
    """``_segments_few`` gives ``_segments``' segments, start fractions, spans and sample count bit for bit:
    anchors above and below the eye and the highest top, at the eye's height, on the eye, far and near."""
    rng = np.random.default_rng(32)
    for i in range(400):
        eye = np.array([rng.uniform(-10, 80), rng.uniform(0.2, 60), rng.uniform(-10, 80)])
        n = int(rng.integers(1, 40))
        near = rng.random() < 0.3
        pts = eye + rng.normal(size=(n, 3)) * (0.3 if near else rng.uniform(1, 40))
        pts[:, 1] = np.abs(pts[:, 1])
        if i % 4 == 0:
            pts[0, 1] = eye[1]  # level with the eye
        if i % 3 == 1:
            pts[n // 2, 1] = eye[1] - rng.uniform(0.0, 3e-6)  # just below the eye: drop about 1e-6
        if i % 7 == 0:
            pts[-1] = eye  # on the eye: no length
        ymax = float(rng.uniform(0, 3.0)) if i % 3 else float(eye[1]) + float(rng.uniform(0.0, 2.0))
        seg, t0, span, reach, steps = gop._segments(pts, eye, ymax)
        segs, t0s, spans, reach2, steps2 = gop._segments_few([tuple(p) for p in pts.tolist()], *eye.tolist(), ymax)
        assert type(reach2) is float and repr(reach2) == repr(float(reach))
        assert np.array(segs).tobytes() == seg.tobytes()
        assert np.array(t0s).tobytes() == t0.tobytes() and np.array(spans).tobytes() == span.tobytes()
        assert steps2 == steps and type(steps2) is int


@pytest.mark.parametrize("dtype", ["int16", "int8", "uint8", "float32", "float64"])
def test_stack_count_anchors_on_any_height_type_equal_session_11s(renderer, dtype):
    """The stack counts' heights read as Python numbers give session 11's items on integer maps (also where the
    height plus the count leaves the map's integer range) and on float maps."""
    import warnings

    rng = np.random.default_rng(50)
    old = S11Labels(renderer)
    for case in range(25):
        top = {"int8": 127, "uint8": 255}.get(dtype, 40)
        hts = rng.integers(top - 12, top + 1, size=(12, 12)).astype(dtype)
        if dtype.startswith("float"):
            hts = hts + rng.random((12, 12)).astype(dtype)
        units = _units(rng, hts.shape, int(rng.integers(1, 12)))
        frame = Frame(hts, np.ones(hts.shape, bool), np.ones(hts.shape, bool), units, Overlays(show_counts=True),
                      version=("dtype", case))
        view, proj = _view(rng, hts.shape)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # the old code's integer wrap-around
            want = old._labels(frame, hts, view, proj, [])
            got = renderer._labels(frame, hts, view, proj, [], False)
        assert _typed(got) == _typed(want), (dtype, case)
