"""Helpers to build 沙场秋点兵 positions for rule tests."""
from __future__ import annotations

import numpy as np

from engine.shachang.game import ShachangGame
from engine.shachang.maps import GameMap


def flat(size: int = 8) -> np.ndarray:
    return np.zeros((size, size), dtype=np.int16)


def game(units, heights=None, mode="tabletop", preset="standard", players=2, reserve=None,
         current=0, spawns=None, **setup) -> ShachangGame:
    """A game on ``heights`` (flat 8x8 by default) with the given units: [owner, "c3", count, state]."""
    size = {"standard": 8, "medium": 16, "large": 64, "huge": 256}[preset]
    h = flat(size) if heights is None else np.asarray(heights, dtype=np.int16)
    if spawns is None:
        corners = [(0, 0), (size - 1, size - 1), (0, size - 1), (size - 1, 0)]
        spawns = tuple((corners[p],) for p in range(players))
    gm = GameMap(heights=h, spawns=spawns)
    s = {"units": units, "current": current}
    if reserve is not None:
        s["reserve"] = reserve
    s.update(setup)
    return ShachangGame(gm, preset=preset, mode=mode, players=players, setup=s)


def grid(text: str) -> np.ndarray:
    """Heights from rows of digits, the first text line being row 0."""
    rows = [r.split() if " " in r.strip() else list(r.strip()) for r in text.strip().splitlines()]
    return np.array([[int(v) for v in r] for r in rows], dtype=np.int16)
