"""Line of sight (S4, S5, S6) of 沙场秋点兵: the seed's examples, and the reference helpers.

Seed 003 (视线阻挡补充描述 / 详细阻挡判断公式):
  视线经过并排同视距两个格点时，取离观察位置步数少的计算阻挡，如同中国象棋蹩脚马一样，
  在日字形分布时，正反视线路径是不一致的
  (a+b)y >= az+bx ...  当距离为1 ... 不存在阻挡;  当a=1,b=1, 公式为2y >= x+z;
  当y=0，因为观察者高度非0,平地格不会造成阻挡
"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.shachang.rules import vision_range
from engine.shachang.sight import (blocking_cell, chebyshev, line_clear, line_report, sight_path, steps,
                                   visible_from, visible_from_reference)
from engine.shachang.vision import diamond

offsets = st.tuples(st.integers(-12, 12), st.integers(-12, 12))


# --------------------------------------------------------------------------- S4: which cells


def test_蹩马腿_path_is_asymmetric():
    """S4: O=(0,0), T=(1,2) checks (0,1); the reverse line T→O checks (1,1)."""
    assert sight_path((0, 0), (1, 2)) == [(0, 1)]
    assert sight_path((1, 2), (0, 0)) == [(1, 1)]


def test_蹩马腿_all_eight_knight_moves_take_the_cell_nearer_the_observer():
    for dr, dc in [(1, 2), (2, 1), (-1, 2), (2, -1), (1, -2), (-2, 1), (-1, -2), (-2, -1)]:
        (cell,) = sight_path((5, 5), (5 + dr, 5 + dc))
        # the tie 0.5 goes toward the observer: the minor coordinate stays the observer's
        if abs(dc) > abs(dr):
            assert cell == (5, 5 + dc // 2)
        else:
            assert cell == (5 + dr // 2, 5)
        assert steps((5, 5), cell) == 1


def test_蹩马腿_blocks_one_way_only():
    """A wall on (0,1) hides (1,2) from (0,0), but (1,2) still sees (0,0) past (1,1)."""
    h = np.zeros((2, 3), dtype=int)
    h[0, 1] = 9
    assert not line_clear(h, (0, 0), (1, 2), z=2, x=0)
    assert line_clear(h, (1, 2), (0, 0), z=2, x=0)


@given(offsets)
def test_D_minus_1_intermediate_cells_one_per_level(off):
    src = (20, 20)
    dst = (20 + off[0], 20 + off[1])
    d = chebyshev(src, dst)
    path = sight_path(src, dst)
    assert len(path) == max(d - 1, 0)
    for k, cell in enumerate(path, start=1):
        assert chebyshev(src, cell) == k          # level k: b = k
        assert chebyshev(cell, dst) == d - k      # a = D - k
        # inside the bounding box of the line
        assert min(src[0], dst[0]) <= cell[0] <= max(src[0], dst[0])
        assert min(src[1], dst[1]) <= cell[1] <= max(src[1], dst[1])


@given(offsets)
def test_path_minor_coordinate_is_rounded_half_toward_observer(off):
    dr, dc = off
    d = max(abs(dr), abs(dc))
    for k, (r, c) in enumerate(sight_path((0, 0), (dr, dc)), start=1):
        major, minor, total = (c, r, dr) if abs(dc) >= abs(dr) else (r, c, dc)
        assert abs(major) == k
        exact2 = 2 * abs(total) * k  # 2 * D * exact minor, compared in integers
        # |minor| is the nearest integer to |total|*k/D, a half going down
        assert 2 * d * abs(minor) - d < exact2 <= 2 * d * abs(minor) + d
        assert minor == 0 or (minor > 0) == (total > 0)


@pytest.mark.parametrize("dr,dc", [(3, 3), (-3, 3), (3, -3), (-4, -4), (1, 1)])
def test_diagonal_lines_run_through_the_diagonal_cells(dr, dc):
    d = abs(dr)
    sr, sc = (1 if dr > 0 else -1), (1 if dc > 0 else -1)
    assert sight_path((0, 0), (dr, dc)) == [(sr * k, sc * k) for k in range(1, d)]


def test_straight_lines_run_along_the_row_or_column():
    assert sight_path((2, 2), (2, 6)) == [(2, 3), (2, 4), (2, 5)]
    assert sight_path((6, 2), (2, 2)) == [(5, 2), (4, 2), (3, 2)]


# --------------------------------------------------------------------------- S5: when blocked


def test_wall_case_a_eq_b_eq_1_is_2y_ge_x_plus_z_and_equality_blocks():
    """隔墙攻击障碍公式: D = 2, one cell between, blocked when 2y >= x + z (equality blocks)."""
    for x in range(0, 6):
        for z in range(1, 8):
            for y in range(0, 8):
                h = np.array([[0, y, x]])
                (row,) = line_report(h, (0, 0), (0, 2), z, x)
                assert (row["a"], row["b"]) == (1, 1)
                assert row["lhs"] == 2 * y and row["rhs"] == x + z
                assert line_clear(h, (0, 0), (0, 2), z, x) == (2 * y < x + z)
    assert not line_clear(np.array([[0, 3, 2]]), (0, 0), (0, 2), z=4, x=2)  # 2*3 == 2 + 4: blocked
    assert line_clear(np.array([[0, 2, 2]]), (0, 0), (0, 2), z=3, x=2)      # 4 < 5: clear


def test_seed_formula_a_and_b():
    """(a+b)y >= az + bx with b = distance to the observer, a = distance to the target."""
    h = np.zeros((1, 6), dtype=int)
    h[0, 1:5] = [4, 6, 3, 1]
    rows = line_report(h, (0, 0), (0, 5), z=7, x=2)
    assert [(r["a"], r["b"]) for r in rows] == [(4, 1), (3, 2), (2, 3), (1, 4)]
    for r in rows:
        assert r["lhs"] == 5 * r["y"] and r["rhs"] == r["a"] * 7 + r["b"] * 2
        assert r["blocks"] == (r["lhs"] >= r["rhs"])
    # 5*6 = 30 >= 3*7 + 2*2 = 25: the second cell blocks; it is the first one that does
    cell, a, b, y = blocking_cell(h, (0, 0), (0, 5), 7, 2)
    assert (cell, a, b, y) == ((0, 2), 3, 2, 6)


@settings(max_examples=200)
@given(st.integers(2, 12), st.integers(1, 200), st.integers(0, 200), st.data())
def test_flat_ground_y0_never_blocks_when_z_positive(d, z, x, data):
    """当y=0，因为观察者高度非0,平地格不会造成阻挡."""
    dr = data.draw(st.integers(-d, d))
    h = np.zeros((2 * d + 1, 2 * d + 1), dtype=int)
    dst = (d + dr, 2 * d)
    h[dst] = x
    src = (d, 0)
    assert chebyshev(src, dst) == 2 * d
    assert line_clear(h, src, dst, z, x)


def test_adjacent_cells_are_never_blocked():
    """当距离为1 ... 不存在中间格也就不存在阻挡: the 8 neighbours, even in a pit among towers."""
    h = np.full((3, 3), 100)
    h[1, 1] = 0
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            assert sight_path((1, 1), (1 + dr, 1 + dc)) == []
            assert line_clear(h, (1, 1), (1 + dr, 1 + dc), z=1, x=100)
    vis = visible_from(h, (1, 1), 1, 2)
    assert vis.all()  # radius 2 contains all 8 neighbours (diagonals are 2 steps)


def test_tall_observer_sees_over_a_ridge_a_short_one_cannot():
    h = np.zeros((1, 9), dtype=int)
    h[0, 3] = 4  # ridge
    # target (0,8), D = 8, ridge at k = 3, a = 5: blocked when 8*4 >= 5z + 3*0  <=>  z <= 6
    assert not line_clear(h, (0, 0), (0, 8), z=6, x=0)
    assert line_clear(h, (0, 0), (0, 8), z=7, x=0)
    short = visible_from(h, (0, 0), 2, 8)
    tall = visible_from(h, (0, 0), 20, 8)
    assert short[0, :4].all() and not short[0, 4:].any()
    assert tall.all()
    assert np.array_equal(short, visible_from_reference(h, (0, 0), 2, 8))
    assert np.array_equal(tall, visible_from_reference(h, (0, 0), 20, 8))


def test_units_never_block_only_terrain():
    """S5/S6 for vision: y and x are terrain heights; the line ignores who stands where."""
    h = np.array([[0, 1, 0]])
    # a unit of 50 on (0,1) changes nothing: vision takes the terrain height 1
    assert line_clear(h, (0, 0), (0, 2), z=3, x=0)  # 2*1 < 0 + 3


def test_lone_soldier_in_a_corner_leaves_a_ghost_vision_of_six_cells():
    """S3/S9 seed example: 单兵 (vision 2) in a corner -> 6 cells of 英灵视野."""
    assert vision_range(1) == 2
    g = diamond((8, 8), (0, 0), vision_range(1))
    assert g.sum() == 6
    assert g[0, 0] and g[0, 2] and g[2, 0] and g[1, 1] and not g[2, 1]


def test_visible_from_matches_the_reference_on_the_seed_style_map():
    rng = np.random.default_rng(3)
    h = rng.integers(0, 5, (8, 8))
    for r in range(8):
        for c in range(8):
            for n in (1, 2, 5):
                z, rad = int(h[r, c]) + n, vision_range(n)
                assert np.array_equal(visible_from(h, (r, c), z, rad), visible_from_reference(h, (r, c), z, rad))
