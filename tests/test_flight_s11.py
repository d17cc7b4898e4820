"""Session 11, the flight (issue 27 point 2): the labels' screen items built from Python floats (``label_list``)
equal the items of the loop over numpy scalars used before, value for value and type for type, on edge values
(depth at ±1, the picture's margins, the 4 / 7 / 10 / 40 px thresholds, NaN) and random ones; and a renderer's
whole layout of a close-up with coordinates, heights, step costs and stack counts gives only Python numbers."""
from __future__ import annotations

import numpy as np
import pytest

from client.render.gl_overlay_pass import label_list


def _old_loop(a, hidden, cell_px, texts, scale, colours, outlines, first_count, width, height):
    """The loop of ``OverlayPass._labels`` before session 11 (numpy scalars), as it was."""
    items = []
    few_units = len(texts) - first_count <= 300
    for i, text in enumerate(texts):
        x, y, z = a[i]
        if not (-1.0 <= z <= 1.0) or x < -50 or y < -50 or x > width + 50 or y > height + 50:
            continue
        if hidden[i]:
            continue
        px = cell_px[i] * scale[i]
        if i >= first_count and few_units:
            px = max(px, 10.0)
        elif px < 7.0:
            if scale[i] < 0.4 or px < 4.0:
                continue
            px = 7.0
        px = min(px, 40.0)
        items.append((float(x), float(y), text, float(px), colours[i], outlines[i], "c"))
    return items


def _typed(items):
    """Each value with its type, floats by repr (a NaN size equals a NaN size)."""
    return [tuple((type(v), repr(v) if isinstance(v, float) else v) for v in it) for it in items]


@pytest.mark.parametrize("n_counts", [5, 301])
def test_label_list_equals_the_numpy_scalar_loop(n_counts):
    rng = np.random.default_rng(11)
    W, H = 320, 240
    edge = [(-51.0, 10, 0), (-50.0, 10, 0), (W + 50.0, 10, 0), (W + 50.5, 10, 0), (10, -50.0, 0), (10, H + 51.0, 0),
            (10, 10, -1.0), (10, 10, 1.0), (10, 10, 1.0000001), (10, 10, np.nan), (np.nan, 10, 0)]
    n = 400 + n_counts
    a = np.column_stack([rng.uniform(-80, W + 80, n), rng.uniform(-80, H + 80, n), rng.uniform(-1.2, 1.2, n)])
    a[:len(edge)] = edge
    cell_px = rng.uniform(0, 120, n)
    scale = [float(k) for k in rng.choice([0.24, 0.26, 0.32, 0.45, 0.5, 0.55], n)]
    # sizes exactly at the thresholds: 7/0.5, 4/0.5, 10/0.55, 40/0.5 and just around them
    cell_px[20:28] = [14.0, 8.0, 10 / 0.55, 80.0, 13.999999, 7.9999, 16.0, 28.0]
    for i in range(20, 28):
        scale[i] = 0.5
    cell_px[30] = np.nan
    hidden = rng.random(n) < 0.2
    texts = [f"t{i}" for i in range(n)]
    colours = [(1.0, 1.0, 1.0, 1.0)] * n
    outlines = [(0.0, 0.0, 0.0, 1.0)] * n
    first = n - n_counts
    got = label_list(a, hidden, cell_px, texts, scale, colours, outlines, first, W, H)
    want = _old_loop(a, hidden, cell_px, texts, scale, colours, outlines, first, W, H)
    assert len(want) > 100
    assert _typed(got) == _typed(want)


def test_a_close_ups_whole_layout_holds_python_numbers(ctx):
    pytest.importorskip("moderngl")
    from client.camera import StrategyCamera
    from client.render.base import Frame, Overlays, UnitMark
    from client.render.gl import GLRenderer

    hts = np.array([[(r * 3 + c * 5) % 6 for c in range(16)] for r in range(16)], np.int16)
    units = [UnitMark((4, 4), 0, 5, "ready"), UnitMark((9, 10), 1, 3, "enemy"), UnitMark((6, 1), 0, 1, "fresh")]
    ov = Overlays(selected=(4, 4), reachable={(4, 5): 1, (5, 4): 1, (5, 5): 2}, show_counts=True,
                  show_coords=True, show_heights=True)
    frame = Frame(hts, np.ones(hts.shape, bool), np.ones(hts.shape, bool), units, ov, version=("v", 1))
    cam = StrategyCamera(16)
    cam.set_distance(8)
    cam.jump_to((5, 5))
    cam.snap()
    r = GLRenderer(ctx, 320, 240)
    try:
        view, proj = cam.matrices(320 / 240)
        items = r._labels(frame, hts.astype(np.float32), view, proj, [])
        texts = {it[2] for it in items}
        assert "5" in texts and len(items) > 20  # a stack count and cell labels laid out
        for x, y, _text, px, *_ in items:
            assert type(x) is float and type(y) is float and type(px) is float
            assert 7.0 <= px <= 40.0
    finally:
        r.fbo.release()
