"""How many cells of a mask one observer sees, without drawing its whole vision map (issue 13).

The hard player's fog risk (``ai_eval.FogRisk``) asks, for thousands of cells of a 256x256 map, how
many hidden cells a stack there would see and reach; ``vision.visible_from`` answers with a full
map per cell (a 64 KB array to allocate, fill and AND). ``visible_count`` works on the observer's
(2R+1)-square window only, with the same window and the same sight test as ``visible_from``, so
the count is the same.
"""
from __future__ import annotations

import numpy as np

from engine.shachang.cells import PLANE
from engine.shachang.vision import _heights_dtype, _table, _visible_one


def visible_count(heights: np.ndarray, src, z: int, radius: int, mask: np.ndarray) -> int:
    """``np.count_nonzero(visible_from(heights, src, z, radius) & mask)``, worked out on the window."""
    h, w = heights.shape
    r0, c0 = int(src[0]), int(src[1])
    z, radius = int(z), int(radius)
    if radius < 0:
        return 0
    wp = 2 * radius + 1
    r_lo, r_hi = max(0, r0 - radius), min(h, r0 + radius + 1)
    c_lo, c_hi = max(0, c0 - radius), min(w, c0 + radius + 1)
    sub = heights[r_lo:r_hi, c_lo:c_hi]
    maxabs = int(np.abs(sub).max()) if sub.size else 0
    win = np.zeros((wp, wp), dtype=_heights_dtype(maxabs))
    win[r_lo - r0 + radius:r_hi - r0 + radius, c_lo - c0 + radius:c_hi - c0 + radius] = sub
    t = _table(radius, PLANE)
    vis = _visible_one(win, maxabs, radius, radius, radius, z, PLANE)
    rows = r0 + t.dr
    cols = c0 + t.dc
    keep = vis & (rows >= 0) & (rows < h) & (cols >= 0) & (cols < w)
    return int(np.count_nonzero(mask[rows[keep], cols[keep]]))
