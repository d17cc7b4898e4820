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
from engine.shachang.vision import visible_cells


def visible_count(heights: np.ndarray, src, z: int, radius: int, mask: np.ndarray) -> int:
    """``np.count_nonzero(visible_from(heights, src, z, radius) & mask)``, worked out on the window."""
    return int(np.count_nonzero(mask[visible_cells(heights, src, z, radius, PLANE)]))
