"""The star board in the renderer tests: a synthetic star heightmap and a frame of it."""
from __future__ import annotations

import numpy as np

from client.render.base import Frame, Overlays
from client.render.hex_layout import star_layout, star_mask


def star_heights(seed: int = 3) -> np.ndarray:
    """A synthetic star heightmap (0..7) in the engine's heights[r + 8, q + 8], -1 off the star."""
    rng = np.random.default_rng(seed)
    h = rng.integers(0, 8, size=(17, 17)).astype(np.int16)
    return np.where(star_mask(), h, -1).astype(np.int16)


def star_frame(heights, units=(), overlays=None, visible=None, explored=None, fog=True):
    m = star_mask()
    vis = m.copy() if visible is None else visible
    exp = m.copy() if explored is None else explored
    h = np.where(exp, heights, -1).astype(np.int16)
    return Frame(h, vis, exp, list(units), overlays or Overlays(show_counts=False), fog=fog, layout=star_layout())
