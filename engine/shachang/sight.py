"""Line of sight of the digital variant (S4, S5, S6): which cells a sight line checks, and whether it is clear.

Cells are ``(row, col)``; ``heights`` is a 2-D integer array ``heights[row, col]``.
All arithmetic is exact integer arithmetic.
"""
from __future__ import annotations

import numpy as np

Cell = tuple[int, int]


def chebyshev(a: Cell, b: Cell) -> int:
    """距离: max(|dr|, |dc|) (S2)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def steps(a: Cell, b: Cell) -> int:
    """步数 ignoring occupancy: |dr| + |dc| (S1)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _round_toward_observer(num: int, den: int) -> int:
    """num/den (num >= 0) rounded to nearest, an exact half going down (toward the observer, S4)."""
    q, r = divmod(num, den)
    return q + 1 if 2 * r > den else q


def sight_path(src: Cell, dst: Cell) -> list[Cell]:
    """The D-1 intermediate cells of the sight line src→dst, in order from src (S4)."""
    r0, c0 = src
    dr, dc = dst[0] - r0, dst[1] - c0
    d = max(abs(dr), abs(dc))
    out: list[Cell] = []
    if abs(dc) >= abs(dr):  # major axis: columns
        sc = 1 if dc > 0 else -1
        sr = 1 if dr > 0 else -1
        for k in range(1, d):
            out.append((r0 + sr * _round_toward_observer(abs(dr) * k, d), c0 + sc * k))
    else:  # major axis: rows
        sr = 1 if dr > 0 else -1
        sc = 1 if dc > 0 else -1
        for k in range(1, d):
            out.append((r0 + sr * k, c0 + sc * _round_toward_observer(abs(dc) * k, d)))
    return out


def blocking_cell(heights: np.ndarray, src: Cell, dst: Cell, z: int, x: int):
    """The first intermediate cell that blocks src→dst with (k, a, b, y), or None (S5)."""
    d = chebyshev(src, dst)
    for k, (r, c) in enumerate(sight_path(src, dst), start=1):
        y = int(heights[r, c])
        a, b = d - k, k
        if (a + b) * y >= a * z + b * x:
            return (r, c), a, b, y
    return None


def line_clear(heights: np.ndarray, src: Cell, dst: Cell, z: int, x: int) -> bool:
    """True when no intermediate cell satisfies (a+b)·y >= a·z + b·x (S5); z observer, x target height."""
    return blocking_cell(heights, src, dst, int(z), int(x)) is None


def line_report(heights: np.ndarray, src: Cell, dst: Cell, z: int, x: int) -> list[dict]:
    """Every checked cell of src→dst with a, b, x, y, z, both sides of S5 and whether it blocks."""
    d = chebyshev(src, dst)
    rows = []
    for k, (r, c) in enumerate(sight_path(src, dst), start=1):
        y = int(heights[r, c])
        a, b = d - k, k
        lhs, rhs = (a + b) * y, a * z + b * x
        rows.append({"cell": (r, c), "a": a, "b": b, "x": int(x), "y": y, "z": int(z),
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
    from engine.shachang.vision import visible_from as _vec

    return _vec(heights, src, z, radius)
