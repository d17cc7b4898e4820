"""Player vision on a heightmap (S6, S7, S9): per-player counts of own observers seeing each cell.

PLACEHOLDER implementation (plain loops); to be replaced by the vectorised
version with the same API.
"""
from __future__ import annotations

import numpy as np

from engine.shachang.sight import visible_from_reference

Observer = tuple[int, int, int, int]  # (row, col, z, radius)


def diamond(shape: tuple[int, int], src: tuple[int, int], radius: int) -> np.ndarray:
    """Cells within ``radius`` steps of src, ignoring terrain (ghost vision, S9)."""
    h, w = shape
    rr, cc = np.ogrid[:h, :w]
    return (np.abs(rr - src[0]) + np.abs(cc - src[1])) <= radius


def visible_from(heights: np.ndarray, src, z: int, radius: int) -> np.ndarray:
    """Cells one observer at src with height z sees within ``radius`` steps (S6)."""
    return visible_from_reference(np.asarray(heights), tuple(src), int(z), int(radius))


class VisionMap:
    """For each player, how many of its observers see each cell; visible = count > 0."""

    def __init__(self, heights: np.ndarray, n_players: int):
        self.heights = np.asarray(heights)
        self.counts = np.zeros((n_players,) + self.heights.shape, dtype=np.int16)

    def _mask(self, obs: Observer, ignore_terrain: bool) -> np.ndarray:
        r, c, z, rad = obs
        if ignore_terrain:
            return diamond(self.heights.shape, (r, c), rad)
        return visible_from(self.heights, (r, c), z, rad)

    def add(self, player: int, obs: Observer, ignore_terrain: bool = False) -> None:
        """Count one more observer of ``player``."""
        self.counts[player] += self._mask(obs, ignore_terrain)

    def remove(self, player: int, obs: Observer, ignore_terrain: bool = False) -> None:
        """Forget one observer of ``player`` previously added with the same values."""
        self.counts[player] -= self._mask(obs, ignore_terrain)

    def reset(self, observers: list[list[Observer]]) -> None:
        """Recompute every player's counts from scratch (terrain-bound observers only)."""
        self.counts[:] = 0
        for p, obs_list in enumerate(observers):
            for obs in obs_list:
                self.add(p, obs)

    def visible(self, player: int) -> np.ndarray:
        """Bool map of the cells ``player``'s observers see."""
        return self.counts[player] > 0
