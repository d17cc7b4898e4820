"""Line of sight of the digital variant (S4, S5, S6): which cells a sight line checks, and whether it is clear.

Cells are ``(row, col)``; ``heights`` is a 2-D integer array ``heights[row, col]`` (any
``heights[cell]`` mapping on other grids, e.g. a dict over the star's axial cells).
All arithmetic is exact integer arithmetic.  The geometry (steps S1, 距离 S2, the S4 path)
comes from the board's grid (``engine.grids``; default the unbounded square grid
``cells.PLANE``): ``grid.distance`` is the step count, ``grid.span`` the number of line levels
D, ``grid.between(src, dst, tie)`` the D-1 cells of the line.  A tie on a square grid goes to
the cell with fewer steps from the observer (S4); on a hex grid (the star, S19f) a line running
exactly along the seam between two cells counts the lower of the two.
"""
from __future__ import annotations

import numpy as np

from engine.shachang.cells import PLANE
from engine.shachang.vision import visible_from as _vec

Cell = tuple[int, int]


chebyshev = PLANE.span  # 距离 (S2): the number of line levels, max(|dr|, |dc|); other grids: grid.span
steps = PLANE.distance  # 步数 ignoring occupancy (S1): |dr| + |dc|; other grids: grid.distance


def sight_path(src: Cell, dst: Cell, grid=PLANE, heights=None) -> list[Cell]:
    """The D-1 intermediate cells of the sight line src→dst, in order from src (S4; on hex grids
    S19f: of two cells on a seam the lower, by ``heights``, counts)."""
    if grid.kind == "square":
        return grid.between(src, dst, "start")
    if heights is None:
        raise ValueError("a sight line on a hex board needs the heights (S19f: the lower seam cell counts)")
    return grid.between(src, dst, lambda options, k: min(options, key=lambda c: int(heights[c])))


def blocking_cell(heights: np.ndarray, src: Cell, dst: Cell, z: int, x: int, grid=PLANE):
    """The first intermediate cell that blocks src→dst with (k, a, b, y), or None (S5)."""
    d = grid.span(src, dst)
    for k, cell in enumerate(sight_path(src, dst, grid, heights), start=1):
        y = int(heights[cell])
        a, b = d - k, k
        if (a + b) * y >= a * z + b * x:
            return cell, a, b, y
    return None


def line_clear(heights: np.ndarray, src: Cell, dst: Cell, z: int, x: int, grid=PLANE) -> bool:
    """True when no intermediate cell satisfies (a+b)·y >= a·z + b·x (S5); z observer, x target height."""
    return blocking_cell(heights, src, dst, int(z), int(x), grid) is None


def line_report(heights: np.ndarray, src: Cell, dst: Cell, z: int, x: int, grid=PLANE) -> list[dict]:
    """Every checked cell of src→dst with a, b, x, y, z, both sides of S5 and whether it blocks."""
    d = grid.span(src, dst)
    rows = []
    for k, cell in enumerate(sight_path(src, dst, grid, heights), start=1):
        y = int(heights[cell])
        a, b = d - k, k
        lhs, rhs = (a + b) * y, a * z + b * x
        rows.append({"cell": cell, "a": a, "b": b, "x": int(x), "y": y, "z": int(z),
                     "lhs": lhs, "rhs": rhs, "blocks": lhs >= rhs})
    return rows


def visible_from_reference(heights: np.ndarray, src: Cell, z: int, radius: int) -> np.ndarray:
    """Plain-Python S6 vision: cells within ``radius`` steps of src whose line (x = terrain) is clear."""
    h, w = heights.shape
    out = np.zeros((h, w), dtype=bool)
    r0, c0 = src
    for r in range(max(0, r0 - radius), min(h, r0 + radius + 1)):
        rem = radius - abs(r - r0)
        for c in range(max(0, c0 - rem), min(w, c0 + rem + 1)):
            if line_clear(heights, src, (r, c), z, int(heights[r, c])):
                out[r, c] = True
    return out


def visible_from(heights: np.ndarray, src: Cell, z: int, radius: int) -> np.ndarray:
    """Cells one observer at src with height z sees within ``radius`` steps (S6), as a bool map."""
    return _vec(heights, src, z, radius)
