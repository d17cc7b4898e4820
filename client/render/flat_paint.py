"""The flat (pygame 2D) renderer's paint, shared by its square boards (client/render/flat.py) and its
hex boards (client/render/flat_hex.py, which flat.py draws through): the overlay colours, the players'
colours, the terrain colour ramp, and the marks drawn alike on both (ghost rings, attack targets).
"""
from __future__ import annotations

import math

import numpy as np
import pygame

from client.render.base import PLAYER_COLOURS

UNEXPLORED = (38, 41, 48)  # a dark slate: the unexplored map, not a black void
BLOCK_RED = (235, 30, 30)
SIGHT_YELLOW = (250, 220, 60)
REACH_CYAN = (50, 200, 255)  # the same colours as the GL overlays (client/render/gl_overlay.py)
REINFORCE_GREEN = (64, 255, 90)
ATTACK_ORANGE = (255, 140, 40)
GHOST_PURPLE = (190, 120, 255)

# colour stops of the height ramp (relative height 0..1)
_STOPS = np.array([0.0, 0.25, 0.5, 0.75, 1.0], dtype=np.float32)
_COLS = np.array([(62, 118, 64), (118, 150, 74), (168, 150, 92), (140, 108, 80), (222, 220, 212)],
                 dtype=np.float32)


def player_rgb(owner: int) -> tuple[int, int, int]:
    r, g, b = PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]
    return int(r * 255), int(g * 255), int(b * 255)


def _ramp(hmax: int) -> np.ndarray:
    """(hmax + 1, 3) float colours of the integer heights 0..hmax."""
    top = max(6.0, float(hmax))
    t = np.clip(np.arange(hmax + 1, dtype=np.float32) / top, 0.0, 1.0)
    return np.stack([np.interp(t, _STOPS, _COLS[:, i]) for i in range(3)], axis=-1).astype(np.float32)


def _terrain_lut(hmax: int) -> np.ndarray:
    """(3, hmax + 1, 9, 3) uint8 colours by fog state (0 seen, 1 explored, 2 unexplored), height and
    hill shade (the height step to the north plus to the west, clipped to -4..4)."""
    ramp = _ramp(hmax)  # (n, 3)
    n = hmax + 1
    band = np.where(np.arange(n) % 2 == 1, 1.06, 1.0).astype(np.float32)
    shade = 1.0 + np.arange(-4, 5, dtype=np.float32) * 0.06
    lit = np.clip(ramp[:, None, :] * (band[:, None] * shade[None, :])[..., None], 0, 255)  # (n, 9, 3)
    lum = lit.mean(axis=-1, keepdims=True)
    dim = (0.45 * lit + 0.55 * lum) * 0.42
    dark = np.broadcast_to(np.asarray(UNEXPLORED, np.float32), lit.shape)
    return np.stack([lit, dim, dark]).astype(np.uint8)


def _shade_index(hi: np.ndarray) -> np.ndarray:
    d = np.zeros(hi.shape, dtype=np.intp)
    d[1:] += hi[1:] - hi[:-1]
    d[:, 1:] += hi[:, 1:] - hi[:, :-1]
    return np.clip(d, -4, 4) + 4


def terrain_rgb(heights: np.ndarray, visible: np.ndarray | None = None, explored: np.ndarray | None = None,
                fog: bool = False) -> np.ndarray:
    """(H, W, 3) uint8 terrain colours: height ramp, hill shading, level banding and (with fog)
    explored-but-unseen cells grey and dim, unexplored cells a dark slate. One table lookup per cell."""
    hi = np.maximum(heights, 0).astype(np.intp)
    n = int(hi.max()) + 1
    lut = _terrain_lut(n - 1).reshape(-1, 3)
    idx = hi * 9 + _shade_index(hi)
    if fog and visible is not None and explored is not None:
        state = np.where(visible, 0, np.where(explored, 1, 2))
        idx += state * (n * 9)
    return np.take(lut, idx, axis=0)


def height_rgb(heights: np.ndarray) -> np.ndarray:
    """(H, W, 3) float colours of the terrain by height, with hill shading and level banding."""
    return terrain_rgb(heights).astype(np.float32)


def draw_ghost_ring(surf, centre, s: float) -> None:
    """The ghost-vision marker (S9): a dashed purple ring around ``centre`` for a cell of ``s`` pixels
    (square cells and the star's hexes)."""
    cx, cy = centre
    rad = max(3, int(s * 0.4))
    for k in range(0, 360, 30):
        a0, a1 = math.radians(k), math.radians(k + 18)
        pygame.draw.line(surf, GHOST_PURPLE, (cx + rad * math.cos(a0), cy + rad * math.sin(a0)),
                         (cx + rad * math.cos(a1), cy + rad * math.sin(a1)), 2)


def draw_target_marks(surf, o, in_view, rect, s: float) -> None:
    """The attack marks (S8) of overlays ``o``: a red ring on each legal target, a grey crossed ring on
    each enemy in range that may not be shot now; ``rect(cell)`` is the cell's screen rect."""
    for t in o.targets:
        if in_view(t):
            pygame.draw.circle(surf, (255, 40, 40), rect(t).center, max(3, int(s * 0.5)), max(2, int(s * 0.07)))
    for t in o.blocked_targets:
        if in_view(t):
            r = rect(t)
            pygame.draw.circle(surf, (150, 150, 150), r.center, max(3, int(s * 0.5)), 2)
            pygame.draw.line(surf, (150, 150, 150), r.topleft, r.bottomright, 2)
