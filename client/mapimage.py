"""Greyscale PNG heightmaps: an image becomes an integer heightmap for 沙场秋点兵."""
from __future__ import annotations

import numpy as np


def load_png_heightmap(path: str, max_height: int) -> np.ndarray:
    """Heights 0..max_height (int16) from a square greyscale (or colour, averaged) image file.

    Black is 0, white is ``max_height``; values are rounded to the nearest
    integer. Raises ValueError with the reason for a file that is not a
    readable square image.
    """
    import pygame

    if max_height < 1:
        raise ValueError(f"max_height must be at least 1, got {max_height}")
    try:
        surf = pygame.image.load(path)
    except (pygame.error, FileNotFoundError, OSError) as e:
        raise ValueError(f"{path}: not a readable image ({e})") from None
    w, h = surf.get_size()
    if w != h:
        raise ValueError(f"{path}: a heightmap image must be square, this one is {w}x{h}")
    rgb = pygame.surfarray.array3d(surf).astype(np.float64)  # (w, h, 3), x first
    grey = rgb.mean(axis=2).T  # rows first
    return np.rint(grey / 255.0 * max_height).astype(np.int16)


def png_map(path: str, preset_key: str, players: int, seed: int = 0):
    """A GameMap from a PNG heightmap whose size matches the preset, spawns placed by the map generator's placer."""
    from engine.shachang import rules
    from engine.shachang.maps import GameMap
    from engine.shachang.terrain import height_scale, place_spawns

    p = rules.preset(preset_key)
    heights = load_png_heightmap(path, height_scale(p))
    if heights.shape != (p.size, p.size):
        raise ValueError(f"{path}: the image is {heights.shape[0]}x{heights.shape[1]}, "
                         f"the {preset_key} map wants {p.size}x{p.size}")
    spawns = place_spawns(heights, preset_key, players, seed)
    return GameMap(heights=heights, spawns=spawns, name=path).validate(players)


def load_any_map(path: str, preset_key: str, players: int, seed: int = 0):
    """A GameMap from a .png heightmap, a JSON map or a .npy heights file (ValueError naming the problem)."""
    if str(path).lower().endswith(".png"):
        return png_map(str(path), preset_key, players, seed)
    from engine.shachang.maps import load_map

    m = load_map(str(path), preset_key=preset_key, players=players, seed=seed)
    m.validate(players)
    return m
