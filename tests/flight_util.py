"""Random label-layout cases shared by the exactness tests of the labels (tests/test_flight_s12.py,
tests/test_flight_s12_few.py): square and star boards with stacks, step costs and labels switched on at random,
and random cameras (high, low, on a cell, orthographic)."""
from __future__ import annotations

import numpy as np

from client.camera import StrategyCamera, look_at, orthographic, perspective
from client.render.base import Frame, Overlays, UnitMark
from client.render.hex_layout import star_mask
from tests.star_util import star_frame, star_heights

STATES = ("ready", "fresh", "attacked", "spent", "enemy")
W, H = 320, 240


def typed(items):
    """Each value with its type, floats by repr (-0.0 and NaN told apart)."""
    return [tuple((type(v), repr(v) if isinstance(v, float) else v) for v in it) for it in items]


def random_units(rng, shape, n, mask=None):
    cells = set()
    while len(cells) < n:
        c = (int(rng.integers(0, shape[0])), int(rng.integers(0, shape[1])))
        if mask is None or mask[c]:
            cells.add(c)
    return [UnitMark(c, int(rng.integers(0, 4)), int(rng.integers(1, 9)), str(rng.choice(STATES)))
            for c in sorted(cells)]


def square_frame(rng):
    n = int(rng.choice([8, 16, 24]))
    hts = rng.integers(0, 7, size=(n, n)).astype(np.int16)
    hts[rng.random((n, n)) < 0.1] = -1  # unexplored
    if rng.random() < 0.2:
        hts[:] = np.maximum(hts, 0) * 0  # a flat map
    units = random_units(rng, hts.shape, int(rng.integers(0, 12)))
    free = [(r, c) for r in range(n) for c in range(n) if (r, c) not in {u.cell for u in units}]
    pick = rng.permutation(len(free))[:int(rng.integers(0, 12))]
    reach = {free[i]: int(rng.integers(1, 4)) for i in pick}
    reach.update({units[0].cell: 1} if units else {})  # a step cost under a stack is not shown
    ghosts = [(free[i], 2) for i in rng.permutation(len(free))[:int(rng.integers(0, 3))]]
    ov = Overlays(reachable=reach, show_coords=bool(rng.random() < 0.3), show_heights=bool(rng.random() < 0.3),
                  show_counts=bool(rng.random() < 0.9))
    vis = np.ones(hts.shape, bool)
    return Frame(hts, vis, vis, units, ov, ghosts=ghosts, version=("v", int(rng.integers(0, 1 << 30))))


def star(rng):
    hts = star_heights(int(rng.integers(0, 100)))
    units = random_units(rng, hts.shape, int(rng.integers(0, 10)), star_mask())
    cells = [tuple(c) for c in np.argwhere(star_mask())]
    reach = {cells[i]: int(rng.integers(1, 4)) for i in rng.permutation(len(cells))[:int(rng.integers(0, 10))]}
    ov = Overlays(reachable=reach, show_heights=bool(rng.random() < 0.5), show_counts=True)
    f = star_frame(hts, units, overlays=ov)
    f.version = ("star", int(rng.integers(0, 1 << 30)))
    return f


def view(rng, shape):
    """A random camera: high over the board, low over it, on it (first person: the eye on a cell) or an
    orthographic top-down view."""
    rows, cols = shape
    kind = rng.random()
    target = (rng.uniform(0, cols), rng.uniform(0, 1.5), rng.uniform(0, rows))
    if kind < 0.45:
        eye = (rng.uniform(-5, cols + 5), rng.uniform(3, 40), rng.uniform(-5, rows + 5))
    elif kind < 0.75:
        eye = (rng.uniform(0, cols), rng.uniform(0.3, 3.0), rng.uniform(0, rows))
    else:  # the eye on a cell's top, looking across the board
        eye = (int(rng.integers(0, cols)) + 0.5, rng.uniform(0.5, 2.5), int(rng.integers(0, rows)) + 0.5)
    view = look_at(eye, target)
    if rng.random() < 0.1:
        proj = orthographic(-cols / 2, cols / 2, -rows / 2, rows / 2, 0.1, 200.0)
    else:
        proj = perspective(rng.uniform(30, 70), W / H, 0.05, 500.0)
    return view, proj


def extra(rng, shape):
    rows, cols = shape
    return [((rng.uniform(0, cols), rng.uniform(0, 2), rng.uniform(0, rows)), f"{i}={i + 1}",
             (0.2, 0.8, 0.3, 1.0)) for i in range(int(rng.integers(0, 4)))]


def descending_flight(frames: int):
    """(view, proj) of a camera flying down and across a 64x64 board, turning as it goes (``frames`` poses)."""
    for i in range(frames):
        cam = StrategyCamera(64)
        cam.set_distance(90 - 2 * i)
        cam.jump_to((10 + i, 20 + i // 2))
        cam.rotate(9 * i)
        cam.snap()
        yield cam.matrices(W / H)


def random_case(rng, case: int):
    """A random labels case: (frame, its heights, far, the heights drawn (the far view's flat zeros or the ground),
    view, proj, extra labels); every fifth case on the star."""
    frame = star(rng) if case % 5 == 4 else square_frame(rng)
    heights = np.asarray(frame.heights)
    far = bool(rng.random() < 0.3)
    hgt = np.zeros_like(heights) if far else np.maximum(heights, 0)
    v, p = view(rng, heights.shape)
    return frame, heights, far, hgt, v, p, extra(rng, heights.shape)


def random_projection(rng, i: int):
    """A random look and lens for the projection tests: (view, proj, picture width, height); every ninth
    orthographic."""
    view = look_at(rng.uniform(-20, 80, 3), rng.uniform(0, 64, 3))
    proj = perspective(rng.uniform(20, 90), rng.uniform(0.5, 2.5), 0.1, 1000.0) if i % 9 else \
        orthographic(-10, 10, -8, 8, 0.1, 100.0)
    return view, proj, int(rng.integers(100, 2000)), int(rng.integers(100, 1200))
