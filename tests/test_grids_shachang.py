"""沙场秋点兵 takes its geometry from engine.grids (issue 11): the game's grid, cell names, and the
vectorised vision tables built from a grid's lattice (here also an 8-neighbour lattice, checked
against a brute-force S4/S5 evaluation along the same grid's lines)."""
from __future__ import annotations

import copy
import pickle

import numpy as np

from engine.grids import SquareGrid, square_grid
from engine.shachang import new_game
from engine.shachang import vision as V
from engine.shachang.cells import PLANE, board_grid, cell_name, parse_cell
from engine.shachang.sight import chebyshev, sight_path, steps


def test_the_game_holds_the_shared_square_grid():
    g = new_game("standard", "digital", 2, seed=3)
    assert g.grid is board_grid(g.size) is square_grid(g.size, g.size, 4)
    assert g.grid.lattice is PLANE
    c = g.clone()
    assert c.grid is g.grid  # a clone shares the grid (its caches are keyed by it)
    assert pickle.loads(pickle.dumps(g.grid)) is g.grid and copy.deepcopy(g.grid) is g.grid
    assert len(g.grid) == g.size * g.size


def test_rule_geometry_is_the_grids():
    # S1 steps, S2 distance, S4 path: the same functions as the square grid's
    for a, b in [((0, 0), (1, 2)), ((5, 3), (2, 7)), ((4, 4), (4, 4)), ((0, 0), (3, 3))]:
        assert steps(a, b) == PLANE.distance(a, b) == abs(a[0] - b[0]) + abs(a[1] - b[1])
        assert chebyshev(a, b) == PLANE.span(a, b)
        assert sight_path(a, b) == PLANE.line(a, b, "start")[1:-1]
    g = board_grid(30)
    for cell in g.cells():
        assert cell_name(cell) == g.name(cell) and parse_cell(g.name(cell)) == cell


def brute_visible(h, lattice, src, z, radius):
    """S6 vision over ``lattice``: cells within ``radius`` (lattice distance) whose line is clear (S5)."""
    out = np.zeros(h.shape, dtype=bool)
    for r in range(h.shape[0]):
        for c in range(h.shape[1]):
            if lattice.distance(src, (r, c)) > radius:
                continue
            d = lattice.span(src, (r, c))
            x = int(h[r, c])
            out[r, c] = all(d * int(h[p]) < (d - k) * z + k * x
                            for k, p in enumerate(lattice.between(src, (r, c)), start=1))
    return out


def test_vision_tables_follow_the_lattice_they_are_given():
    # an 8-neighbour lattice: the vision ball is a square (Chebyshev radius), lines as S4
    eight = SquareGrid.plane(8)
    rng = np.random.default_rng(11)
    for _ in range(60):
        h = rng.integers(0, 6, size=(9, 9))
        src = (int(rng.integers(9)), int(rng.integers(9)))
        z = int(h[src]) + int(rng.integers(1, 6))
        radius = int(rng.integers(0, 6))
        vm = V.VisionMap(h, 1, lattice=eight)
        vm.add(0, (src[0], src[1], z, radius))
        assert np.array_equal(vm.visible(0), brute_visible(h, eight, src, z, radius))
        vm.remove(0, (src[0], src[1], z, radius))
        assert not vm.counts.any()
        vm.reset([[(src[0], src[1], z, radius), (0, 0, int(h[0, 0]) + 2, 3)]])
        both = brute_visible(h, eight, src, z, radius).astype(int) + brute_visible(h, eight, (0, 0), int(h[0, 0]) + 2, 3)
        assert np.array_equal(vm.counts[0], both)
    t = V._table(3, eight)
    assert t.n == 49 and V._table(3).n == 25  # the square ball vs the diamond (S1)
