"""The 沙场秋点兵 map value: a square integer heightmap (``heights[row, col]``, non-negative, S5/S6)
plus each player's spawn cells (``spawns[player] = ((row, col), ...)``, S13/S17), and its checks.

It sits below engine/shachang/maps.py (the map files: a .npy file's spawns are placed by terrain.py)
and terrain.py / star_terrain.py (the generators), which all build maps.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

MAX_HEIGHT = int(np.iinfo(np.int16).max)  # heights are stored as int16

Cell = tuple[int, int]


def is_int(v: Any) -> bool:
    """A true integer (bool is not a height or a coordinate)."""
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def _freeze_spawns(spawns: Any) -> Any:
    """Nested sequences → nested tuples (values untouched; validate() judges them)."""
    try:
        return tuple(tuple(tuple(cell) for cell in player) for player in spawns)
    except TypeError:
        return spawns  # validate() reports the shape problem


@dataclass(frozen=True, eq=False)
class GameMap:
    """A heightmap and the players' spawn cells.

    ``heights``: int16 array (size, size) of non-negative integers.
    ``spawns``: ``spawns[player]`` is a tuple of that player's spawn cells ``(row, col)``.
    """

    heights: np.ndarray
    spawns: tuple[tuple[tuple[int, int], ...], ...]
    name: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "spawns", _freeze_spawns(self.spawns))

    @property
    def size(self) -> int:
        return int(self.heights.shape[0])

    @property
    def players(self) -> int:
        return len(self.spawns)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameMap):
            return NotImplemented
        return (self.name == other.name and self.spawns == other.spawns
                and self.heights.shape == other.heights.shape
                and bool(np.array_equal(self.heights, other.heights)))

    __hash__ = None  # type: ignore[assignment]  # holds a mutable array

    def validate(self, players: int | None = None, spawns_per_player: int | None = None,
                 size: int | None = None) -> "GameMap":
        """Raise ValueError naming the first problem; return self when the map is sound.

        Checks: heights is a 2-D square non-empty integer array with values in
        0..32767; there is a spawn list per player (``players`` of them when given),
        every player has the same non-zero number of spawns (``spawns_per_player``
        when given); every spawn is an integer (row, col) inside the map; no cell
        is a spawn twice. ``size`` (when given) is the required side length.
        """
        h = self.heights
        if not isinstance(h, np.ndarray):
            raise ValueError(f"heights must be a numpy array, got {type(h).__name__}")
        if h.ndim != 2:
            raise ValueError(f"heights must be 2-D, got {h.ndim}-D shape {h.shape}")
        if h.shape[0] != h.shape[1]:
            raise ValueError(f"heights must be square, got {h.shape[0]}x{h.shape[1]}")
        if h.shape[0] == 0:
            raise ValueError("heights is empty")
        if size is not None and h.shape[0] != size:
            raise ValueError(f"map is {h.shape[0]}x{h.shape[0]}, expected {size}x{size}")
        if not np.issubdtype(h.dtype, np.integer) or h.dtype == np.bool_:
            raise ValueError(f"heights must be integers, got dtype {h.dtype}")
        if h.min() < 0:
            r, c = np.argwhere(h < 0)[0]
            raise ValueError(f"heights must be non-negative: cell ({r}, {c}) is {int(h[r, c])}")
        if h.max() > MAX_HEIGHT:
            r, c = np.argwhere(h > MAX_HEIGHT)[0]
            raise ValueError(f"height {int(h[r, c])} at ({r}, {c}) exceeds {MAX_HEIGHT}")
        n = h.shape[0]
        sp = self.spawns
        if not isinstance(sp, tuple) or not all(isinstance(p, tuple) for p in sp):
            raise ValueError("spawns must be a list of players, each a list of [row, col] cells")
        if players is not None and len(sp) != players:
            raise ValueError(f"map has spawns for {len(sp)} players, expected {players}")
        if len(sp) < 1:
            raise ValueError("map has no players' spawns")
        counts = [len(p) for p in sp]
        if spawns_per_player is not None:
            for i, k in enumerate(counts):
                if k != spawns_per_player:
                    raise ValueError(f"player {i} has {k} spawn(s), expected {spawns_per_player}")
        for i, k in enumerate(counts):
            if k == 0:
                raise ValueError(f"player {i} has no spawn")
        if len(set(counts)) > 1:
            raise ValueError(f"players have different spawn counts {counts}; each needs the same")
        seen: dict[Cell, int] = {}
        for i, cells in enumerate(sp):
            for cell in cells:
                if len(cell) != 2 or not all(is_int(v) for v in cell):
                    raise ValueError(f"player {i}: spawn {cell!r} is not an integer (row, col) pair")
                r, c = int(cell[0]), int(cell[1])
                if not (0 <= r < n and 0 <= c < n):
                    raise ValueError(f"player {i}: spawn ({r}, {c}) is outside the {n}x{n} map")
                if (r, c) in seen:
                    raise ValueError(f"duplicate spawn ({r}, {c}) (players {seen[(r, c)]} and {i})")
                seen[(r, c)] = i
        if not isinstance(self.name, str):
            raise ValueError(f"name must be a string, got {type(self.name).__name__}")
        return self
