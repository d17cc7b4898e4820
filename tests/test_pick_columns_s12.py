"""The square board's pick (client/render/gl.py ``ray_hit``, the grid walk the hover runs every frame the
camera moves; issue 27) against an independent exact reference: every column is a box
[c, c + 1] x [base, top] x [r, r + 1], the ray's entry into each is found by the slab method (numpy, all
cells at once), and the first box entered is the hit."""
from __future__ import annotations

import numpy as np

from client.render.base import Y_SCALE
from client.render.gl import pick_columns, ray_hit
from client.render.gl_terrain import BASE_LEVELS

BASE = -BASE_LEVELS * Y_SCALE


def _slab(tops: np.ndarray, o: np.ndarray, d: np.ndarray):
    """(entry t, cell) of the first column box the ray enters (t >= 0), or None."""
    rows, cols = tops.shape
    r, c = np.mgrid[0:rows, 0:cols]
    lo = np.stack([c, np.full_like(tops, BASE), r], axis=-1).astype(np.float64)
    hi = np.stack([c + 1, tops, r + 1], axis=-1).astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        a = (lo - o) / d
        b = (hi - o) / d
    near = np.where(np.isfinite(np.minimum(a, b)), np.minimum(a, b), -np.inf)
    far = np.where(np.isfinite(np.maximum(a, b)), np.maximum(a, b), np.inf)
    for ax in range(3):  # a ray parallel to a slab: inside it for every t, or never
        if d[ax] == 0:
            inside = (lo[..., ax] <= o[ax]) & (o[ax] <= hi[..., ax])
            near[..., ax] = np.where(inside, -np.inf, np.inf)
            far[..., ax] = np.where(inside, np.inf, -np.inf)
    t_in = np.maximum(near.max(axis=-1), 0.0)
    t_out = far.min(axis=-1)
    ok = (t_in <= t_out) & (tops > BASE)
    if not ok.any():
        return None
    t = np.where(ok, t_in, np.inf)
    i = int(np.argmin(t))
    return float(t.ravel()[i]), divmod(i, cols)


def test_ray_hit_agrees_with_exact_boxes():
    rng = np.random.default_rng(12)
    hits = 0
    for i in range(400):
        rows, cols = int(rng.integers(1, 24)), int(rng.integers(1, 24))
        tops = rng.integers(0, 9, (rows, cols)).astype(np.float64) * Y_SCALE
        o = np.array([rng.uniform(-6, cols + 6), rng.uniform(2, 20), rng.uniform(-6, rows + 6)])
        target = np.array([rng.uniform(0, cols), rng.uniform(-1, 1), rng.uniform(0, rows)])
        d = target - o
        if i % 9 == 0:
            d[0] = 0.0  # along a grid axis
        d /= np.linalg.norm(d)
        got = ray_hit(tops, o, d)
        want = _slab(tops, o, d)
        assert (got is None) == (want is None), (i, got, want)
        if got is None:
            continue
        hits += 1
        cell, t = got
        assert abs(t - want[0]) < 1e-9, (i, got, want)
        if cell != want[1]:  # only a tie: the ray enters both boxes at the same t (an edge or a corner)
            r, c = cell
            hi = np.array([c + 1, tops[r, c], r + 1])
            lo = np.array([c, BASE, r])
            p = o + d * t
            assert np.all(p >= lo - 1e-9) and np.all(p <= hi + 1e-9), (i, got, want)
        assert pick_columns(tops, o, d, float(tops.max())) == cell  # the kept highest top: the same cell
    assert hits >= 300


def test_ray_hit_returns_python_numbers_for_numpy_rays():
    tops = np.full((4, 4), 2 * Y_SCALE)
    o = np.array([2.5, 3.0, -1.0])
    d = np.array([0.0, -0.6, 0.8])
    cell, t = ray_hit(tops, o, d)  # down onto the top of row 2 (z = -1 + 0.8 t at y = 3 - 0.6 t = 2 levels)
    assert cell == (2, 2) and type(cell[0]) is int and type(t) is float
    assert abs(t - (3.0 - 2 * Y_SCALE) / 0.6) < 1e-12
