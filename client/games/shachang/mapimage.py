"""Greyscale PNG heightmaps: an image becomes an integer heightmap for 沙场秋点兵."""
from __future__ import annotations

import struct

import numpy as np
import pygame

from engine.saves import check_file
from engine.shachang import rules
from engine.shachang.maps import GameMap, load_map
from engine.shachang.terrain import height_scale, place_spawns

MAX_SIDE = 256  # the largest preset (huge, 256x256)
MAX_PNG_BYTES = 64 * 1024 * 1024
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path: str) -> tuple[int, int]:
    """(width, height) from a PNG file's IHDR header, without decoding the picture; ValueError for
    anything that is not a regular PNG file of at most MAX_PNG_BYTES."""
    check_file(path, MAX_PNG_BYTES, "heightmap image")  # SaveError is a ValueError: missing, FIFO, too big
    try:
        with open(path, "rb") as f:
            head = f.read(24)
    except OSError as e:
        raise ValueError(f"{path}: not a readable image ({e.strerror or e})") from None
    if len(head) < 24 or not head.startswith(_PNG_SIGNATURE) or head[12:16] != b"IHDR":
        raise ValueError(f"{path}: not a readable image (no PNG signature and IHDR header)")
    w, h = struct.unpack(">II", head[16:24])
    if w == 0 or h == 0:
        raise ValueError(f"{path}: the PNG header gives an empty {w}x{h} picture")
    return w, h


def load_png_heightmap(path: str, max_height: int, expect_size: int | None = None) -> np.ndarray:
    """Heights 0..max_height (int16) from a square greyscale (or colour, averaged) image file, opaque (an alpha
    channel is allowed if every pixel is opaque).

    Black is 0, white is ``max_height``; values are rounded to the nearest
    integer. The size is read from the PNG header first (``expect_size``: the side
    the map needs), so a huge picture is refused before it is decoded. Raises
    ValueError with the reason for a file that is not a readable square PNG.
    """
    if max_height < 1:
        raise ValueError(f"max_height must be at least 1, got {max_height}")
    w, h = png_size(path)
    if w != h:
        raise ValueError(f"{path}: a heightmap image must be square, this one is {w}x{h}")
    if expect_size is not None and w != expect_size:
        raise ValueError(f"{path}: the image is {w}x{h}, the map wants {expect_size}x{expect_size}")
    if w > MAX_SIDE:
        raise ValueError(f"{path}: a {w}x{h} image is larger than any map ({MAX_SIDE}x{MAX_SIDE} at most)")
    try:
        surf = pygame.image.load(path)
    except (pygame.error, FileNotFoundError, OSError) as e:
        raise ValueError(f"{path}: not a readable image ({e})") from None
    w, h = surf.get_size()
    if w != h:
        raise ValueError(f"{path}: a heightmap image must be square, this one is {w}x{h}")
    seen = pygame.Surface((w, h), pygame.SRCALPHA, 32)  # drawn over nothing: alpha and a palette's colour key alike
    seen.fill((0, 0, 0, 0))
    seen.blit(surf, (0, 0))
    seethrough = int((pygame.surfarray.array_alpha(seen) < 255).sum())
    if seethrough:  # the colour under a transparent pixel is whatever the editor left there, not a height
        raise ValueError(f"{path}: {seethrough} of its {w * h} pixels are transparent; "
                         f"a heightmap must be opaque (no alpha channel or transparent colour)")
    rgb = pygame.surfarray.array3d(surf).astype(np.float64)  # (w, h, 3), x first
    grey = rgb.mean(axis=2).T  # rows first
    return np.rint(grey / 255.0 * max_height).astype(np.int16)


def png_map(path: str, preset_key: str, players: int, seed: int = 0):
    """A GameMap from a PNG heightmap whose size matches the preset, spawns placed by the map generator's placer."""
    p = rules.preset(preset_key)
    heights = load_png_heightmap(path, height_scale(p), expect_size=p.size)
    if heights.shape != (p.size, p.size):
        raise ValueError(f"{path}: the image is {heights.shape[0]}x{heights.shape[1]}, "
                         f"the {preset_key} map wants {p.size}x{p.size}")
    spawns = place_spawns(heights, preset_key, players, seed)
    return GameMap(heights=heights, spawns=spawns, name=path).validate(players)


def load_any_map(path: str, preset_key: str, players: int, seed: int = 0):
    """A GameMap from a .png heightmap, a JSON map or a .npy heights file (ValueError naming the problem)."""
    if str(path).lower().endswith(".png"):
        return png_map(str(path), preset_key, players, seed)
    m = load_map(str(path), preset_key=preset_key, players=players, seed=seed)
    m.validate(players)
    return m
