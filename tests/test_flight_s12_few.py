"""Session 12, the flight (issue 27 point 2): the labels' layout on Python floats for a few anchors
(``OverlayPass._labels_few``, ``_occluded_few``: below FEW_LABELS anchors and FEW_SAMPLES occlusion samples) gives the
numpy path's output exactly: on many random square and star boards, stacks, overlays and cameras (high, low, first
person, orthographic; far flat views) the items are equal value for value and type for type (floats by repr) and the
hidden flags equal, with either path forced for every frame."""
from __future__ import annotations

import numpy as np
import pytest

from client.camera import StrategyCamera, project
from client.render import gl_overlay_pass as gop
from client.render.base import Frame, Overlays
from tests.test_flight_s12 import W, H, _extra, _square_frame, _star, _typed, _units, _view


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
        frame = _star(rng) if case % 5 == 4 else _square_frame(rng)
        heights = np.asarray(frame.heights)
        far = bool(rng.random() < 0.3)
        hgt = np.zeros_like(heights) if far else np.maximum(heights, 0)
        view, proj = _view(rng, heights.shape)
        extra = _extra(rng, heights.shape)
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
    for i in range(45):
        cam = StrategyCamera(64)
        cam.set_distance(90 - 2 * i)
        cam.jump_to((10 + i, 20 + i // 2))
        cam.rotate(9 * i)
        cam.snap()
        view, proj = cam.matrices(W / H)
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
