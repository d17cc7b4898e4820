"""The terrain pass's per-cell flags and fog levels (client/render/gl_terrain_pass.py: cell_flags, fog_flags,
fog_levels, the unknown heights' mark), made with byte views instead of map-sized np.where (issue 27: the hover
recomputes them every frame it moves in a close view), against session 11's np.where forms word for word, on
random maps of every flag and on masks of other dtypes."""
from __future__ import annotations

import numpy as np

from client.render.gl_terrain_pass import (FLAG_DARK, FLAG_DOTS, FLAG_EXPLORED, FLAG_FILL, FLAG_HATCH, FLAG_HIDDEN,
                                           FLAG_RING, FLAG_VISIBLE, _bits, cell_flags, fog_flags, fog_levels)


def _old_cell_flags(fill, edge, mark, unknown):
    f = np.zeros(unknown.shape, np.uint8)
    if mark is not None:
        f |= np.where(mark[..., 0] > 0, FLAG_HATCH, 0).astype(np.uint8)
        f |= np.where(mark[..., 2] > 0, FLAG_DOTS, 0).astype(np.uint8)
        f |= np.where(mark[..., 1] > 0, FLAG_DARK, 0).astype(np.uint8)
        f |= np.where(edge[..., 3] > 0, FLAG_RING, 0).astype(np.uint8)
        f |= np.where(fill[..., 3] > 0, FLAG_FILL, 0).astype(np.uint8)
    f |= np.where(unknown, FLAG_HIDDEN, 0).astype(np.uint8)
    return f


def _old_fog_flags(fog):
    fog = np.asarray(fog)
    return (np.where(fog >= 128, FLAG_EXPLORED, 0) | np.where(fog == 255, FLAG_VISIBLE, 0)).astype(np.uint8)


def _sparse(rng, shape, p):
    """uint8 values, mostly 0 (as overlay images are)."""
    return np.where(rng.random(shape) < p, rng.integers(1, 256, shape), 0).astype(np.uint8)


def test_flags_and_fog_match_the_np_where_forms():
    rng = np.random.default_rng(27)
    for i in range(40):
        shape = (int(rng.integers(1, 70)), int(rng.integers(1, 70)))
        fill, edge, mark = (_sparse(rng, shape + (4,), rng.random()) for _ in range(3))
        unknown = rng.random(shape) < 0.2
        only_unknown = np.zeros(shape + (4,), np.uint8)
        only_unknown[..., 3] = np.where(unknown, 255, 0)  # the terrain pass's mark: unknown heights, no overlay
        for args in ((fill, edge, mark, unknown), (None, None, None, unknown),
                     (np.zeros_like(fill), np.zeros_like(edge), only_unknown, unknown)):
            got, want = cell_flags(*args), _old_cell_flags(*args)
            assert got.dtype == want.dtype == np.uint8 and np.array_equal(got, want)
        fog = rng.choice(np.array([0, 1, 127, 128, 200, 254, 255], np.uint8), shape)
        got, want = fog_flags(fog), _old_fog_flags(fog)
        assert got.dtype == want.dtype == np.uint8 and np.array_equal(got, want)
        visible = rng.random(shape) < 0.3
        explored = visible | (rng.random(shape) < 0.4)
        masks = (visible, explored) if i % 2 else (visible.astype(np.int32) * 3, explored.astype(np.float32))
        want = np.where(masks[0], 255, np.where(masks[1], 128, 0)).astype(np.uint8)
        got = fog_levels(*masks)
        assert got.dtype == np.uint8 and np.array_equal(got, want)
        assert np.array_equal(_bits(unknown, 255), np.where(unknown, 255, 0).astype(np.uint8))
