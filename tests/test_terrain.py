"""Terrain generator and spawn placer of 沙场秋点兵 (engine/shachang/terrain.py)."""
from __future__ import annotations

import functools
import math

import numpy as np
import pytest

from engine.shachang.maps import GameMap, all_spawns_reachable, reachable_from
from engine.shachang.rules import preset, presets
from engine.shachang.sight import line_clear
from engine.shachang.terrain import fairness, flat_map, generate, height_scale, place_spawns, ridge_cells

SMALL = ("standard", "medium", "large")


@functools.lru_cache(maxsize=None)
def gen(key, players, seed):
    """generate() memoised across tests (maps are treated as read-only here)."""
    return generate(key, players, seed)
ALL = ("standard", "medium", "large", "huge")


def player_counts(key):
    return range(2, preset(key).max_players + 1)


# --- determinism ---------------------------------------------------------------------------

@pytest.mark.parametrize("key", ALL)
def test_same_seed_same_map(key):
    a, b = gen(key, 2, 0), generate(key, 2, 0)
    assert a == b
    assert a.heights.tobytes() == b.heights.tobytes() and a.spawns == b.spawns


@pytest.mark.parametrize("key", ALL)
def test_different_seeds_different_maps(key):
    maps = [gen(key, 2, s).heights for s in range(3)]
    for i in range(3):
        for j in range(i + 1, 3):
            assert not np.array_equal(maps[i], maps[j])


def test_no_global_random_state():
    np.random.seed(1)
    import random
    random.seed(1)
    a = generate("medium", 3, 9)
    np.random.seed(2)
    random.seed(2)
    np.random.random(100)
    b = generate("medium", 3, 9)
    assert a == b
    state = np.random.get_state()[1].copy()
    generate("large", 4, 5)
    assert np.array_equal(state, np.random.get_state()[1])  # global state untouched


def test_player_count_does_not_change_ground_away_from_spawns():
    # the ground stream is independent of the spawn stream: only plateaus differ
    a, b = gen("large", 2, 0), generate("large", 3, 0)
    n = a.size
    rr, cc = np.mgrid[0:n, 0:n]
    near = np.zeros((n, n), dtype=bool)
    for r, c in all_cells(a) + all_cells(b):
        near |= np.maximum(abs(rr - r), abs(cc - c)) <= 4  # plateau radius 1 + blend ring 3
    assert np.array_equal(a.heights[~near], b.heights[~near])
    assert (~near).mean() > 0.5


# --- shape, dtype, range -------------------------------------------------------------------

@pytest.mark.parametrize("key", ALL)
def test_shape_dtype_range(key):
    p = preset(key)
    H = height_scale(p)
    for seed in range(3 if key in ("large", "huge") else 10):
        m = gen(key, 2, seed)
        assert isinstance(m, GameMap)
        assert m.heights.shape == (p.size, p.size)
        assert m.heights.dtype == np.int16
        assert m.heights.min() >= 0
        assert m.heights.max() <= H
        m.validate(2, spawns_per_player=p.spawns, size=p.size)


def test_height_scales():
    assert height_scale(preset("standard")) == 6
    assert height_scale(preset("medium")) == 10
    assert height_scale(preset("large")) == 30
    assert height_scale(preset("huge")) == 30


@pytest.mark.parametrize("seed", range(40))
def test_standard_has_a_real_ridge(seed):
    for players in (2, 4):
        m = generate("standard", players, seed)
        assert m.heights.max() >= 5
        # at least half a side of 8-connected cells of height >= 4 (2/3 of the scale)
        assert ridge_cells(m.heights, 6) >= 4


@pytest.mark.parametrize("seed", range(10))
def test_medium_relief(seed):
    m = generate("medium", 2, seed)
    assert m.heights.max() >= 9
    assert ridge_cells(m.heights, 10) >= 8


@pytest.mark.parametrize("key", ("large", "huge"))
def test_big_maps_hide_stacks_of_dozens(key):
    m = gen(key, 2, 1)
    h = m.heights
    assert h.max() >= 24
    assert (h >= 20).sum() >= h.size // 100  # ridges, not single spikes
    # a stack of 20 on the plain cannot see a cell right behind the highest ridge cell
    r, c = np.unravel_index(int(np.argmax(h)), h.shape)
    low = int(np.percentile(h, 20))
    assert 2 * int(h[r, c]) >= (low + 20) + low  # S5 with a = b = 1: 2y >= z + x


def test_large_ridges_are_ranges_not_spikes():
    for seed in range(6):
        h = gen("large", 2, seed).heights
        assert ridge_cells(h, 30) >= 16  # 8-connected cells of height >= 20


def test_ground_kinds_present_on_big_map():
    """Plains (a broad level floor), ravines (cells below the plain), paths, ridges."""
    m = gen("large", 2, 2)
    h = m.heights
    floor = max(1, round(0.1 * 30))
    values, counts = np.unique(h, return_counts=True)
    assert counts[values == floor].sum() > h.size * 0.1      # plains
    assert (h < floor).sum() > 0                              # ravines cut below the plain
    assert (h >= 20).sum() > 0                                # ridges


def test_terrain_blocks_some_sight_on_standard():
    blocked = 0
    for seed in range(20):
        h = generate("standard", 2, seed).heights
        blocked += not line_clear(h, (0, 0), (7, 7), int(h[0, 0]) + 1, int(h[7, 7]))
        blocked += any(not line_clear(h, (0, 0), (r, c), int(h[0, 0]) + 2, int(h[r, c]))
                       for r in range(8) for c in range(8) if max(r, c) > 1)
    assert blocked > 10


# --- spawns ----------------------------------------------------------------------------------

def all_cells(m):
    return [cell for player in m.spawns for cell in player]


@pytest.mark.parametrize("players,expected", [
    (2, (((0, 0),), ((7, 7),))),
    (3, (((0, 0),), ((7, 7),), ((0, 7),))),
    (4, (((0, 0),), ((7, 7),), ((0, 7),), ((7, 0),))),
])
def test_standard_corners(players, expected):
    for seed in (0, 1, 99):
        assert generate("standard", players, seed).spawns == expected


def spawns_of(key, players, seed):
    """The generator's spawns (identical to ``generate(...).spawns``) without building terrain."""
    n = preset(key).size
    return place_spawns(np.zeros((n, n), dtype=np.int16), key, players, seed, adjust=False)


def check_layout(key, players, spawns):
    p = preset(key)
    assert len(spawns) == players
    assert all(len(s) == p.spawns for s in spawns)
    cells = [c for s in spawns for c in s]
    assert len(set(cells)) == len(cells)
    assert all(0 <= r < p.size and 0 <= c < p.size for r, c in cells)
    # different players' spawns never adjacent (not even diagonally)
    for i, a in enumerate(spawns):
        for j, b in enumerate(spawns):
            if i < j:
                for (r0, c0) in a:
                    for (r1, c1) in b:
                        assert max(abs(r0 - r1), abs(c0 - c1)) >= 2
    f = fairness(spawns)
    # spread out: at least a third of the spacing of an ideal square packing of the spawns
    ideal = p.size / math.sqrt(len(cells))
    assert f["min_spacing"] >= ideal / 3, (players, f)
    return f


@pytest.mark.parametrize("key", ("medium", "large"))
def test_scattered_spawn_counts_and_spacing(key):
    for players in player_counts(key):
        for seed in range(3):
            check_layout(key, players, spawns_of(key, players, seed))


def test_scattered_spawns_huge():
    for players in (2, 8):
        m = gen("huge", players, 0)
        check_layout("huge", players, m.spawns)


@pytest.mark.parametrize("key", ("medium", "large", "huge"))
def test_scattered_spawns_not_in_corners_only(key):
    """出生地不再是地图四角，而是散布地图各个位置: spawns reach the map's interior."""
    p = preset(key)
    m = gen(key, p.max_players, 0)
    n = p.size
    inner = [c for c in all_cells(m) if n // 4 <= c[0] < n - n // 4 and n // 4 <= c[1] < n - n // 4]
    assert inner


@pytest.mark.parametrize("key", ("medium", "large"))
def test_fairness_nearest_enemy_within_tolerance(key):
    """Every player's mean distance to the nearest enemy spawn is within 35 % (medium) /
    20 % (large) of the others'; on average far tighter."""
    tol = {"medium": 0.35, "large": 0.2}[key]
    ratios = []
    for players in player_counts(key):
        for seed in range(3 if key == "large" else 10):
            f = fairness(spawns_of(key, players, seed))
            assert f["ratio"] <= tol, (players, seed, f)
            ratios.append(f["ratio"])
    assert np.mean(ratios) <= tol / 2


def test_fairness_huge():
    f = fairness(gen("huge", 8, 0).spawns)
    assert f["ratio"] <= 0.1
    assert f["min_enemy"] >= 16


@pytest.mark.parametrize("key", ALL)
def test_spawn_plateaus_equal(key):
    """Every spawn sits on the same flat 3x3 plateau height (no peak, no pit)."""
    p = preset(key)
    players = p.max_players
    for seed in range(1 if key in ("large", "huge") else 5):
        m = gen(key, players, seed)
        h = m.heights
        levels = set()
        for r, c in all_cells(m):
            block = h[max(0, r - 1):r + 2, max(0, c - 1):c + 2]
            assert (block == block.flat[0]).all()
            levels.add(int(h[r, c]))
        assert len(levels) == 1
        assert levels.pop() <= round(0.25 * height_scale(p))


@pytest.mark.parametrize("key", ALL)
def test_all_spawns_reachable(key):
    """Height never blocks movement, but check 4-neighbour reachability anyway (S1, S17)."""
    p = preset(key)
    m = gen(key, p.max_players, 0)
    assert all_spawns_reachable(m)
    seen = reachable_from(m, m.spawns[0][0])
    assert seen.all()


def test_reachability_detects_a_wall():
    """The BFS itself works: with an impassable row between two spawns they are cut off."""
    m = GameMap(np.zeros((8, 8), dtype=np.int16), (((0, 0),), ((7, 7),)))
    wall = np.ones((8, 8), dtype=bool)
    wall[4, :] = False
    assert not all_spawns_reachable(m, wall)
    wall[4, 3] = True  # a gap
    assert all_spawns_reachable(m, wall)
    assert reachable_from(m, (0, 0), wall).sum() == 8 * 8 - 7


def test_player_count_limits():
    for key, p in presets().items():
        with pytest.raises(ValueError, match="players"):
            generate(key, 1, 0)
        with pytest.raises(ValueError, match="players"):
            generate(key, p.max_players + 1, 0)
    with pytest.raises(ValueError, match="unknown preset"):
        generate("nope", 2, 0)
    with pytest.raises(ValueError, match="seed"):
        generate("standard", 2, -1)
    with pytest.raises(ValueError, match="players"):
        generate("standard", 2.0, 0)  # type: ignore[arg-type]


# --- flat mode --------------------------------------------------------------------------------

@pytest.mark.parametrize("key", SMALL)
def test_flat_mode(key):
    p = preset(key)
    for players in (2, p.max_players):
        f = generate(key, players, 0, flat=True)
        assert f.heights.dtype == np.int16 and not f.heights.any()
        assert f.heights.shape == (p.size, p.size)
        assert f == flat_map(key, players, 0)
        assert f.spawns == gen(key, players, 0).spawns  # same placement as the terrain map
        f.validate(players, spawns_per_player=p.spawns)


def test_place_spawns_is_the_generators_placer():
    for key in ("standard", "medium", "large"):
        p = preset(key)
        z = np.zeros((p.size, p.size), dtype=np.int16)
        assert place_spawns(z, key, 3, 8) == generate(key, 3, 8).spawns


def test_place_spawns_moves_off_peaks_on_loaded_ground():
    """On a loaded heightmap (adjust=True) spawns move to flat low ground when they can."""
    p = preset("large")
    g = generate("large", 4, 21)
    spikes = g.heights.copy()
    geo = place_spawns(np.zeros_like(spikes), "large", 4, 21)
    for r, c in (cell for player in geo for cell in player):
        spikes[r, c] = 30  # every geometric site becomes a peak
    sp = place_spawns(spikes, "large", 4, 21)
    moved = [cell for player in sp for cell in player]
    assert len(set(moved)) == len(moved) == 4 * p.spawns
    assert all(spikes[cell] < 30 for cell in moved)
    m = GameMap(spikes, sp)
    m.validate(4, spawns_per_player=p.spawns)


def test_place_spawns_shape_mismatch():
    with pytest.raises(ValueError, match="does not match"):
        place_spawns(np.zeros((10, 10), dtype=np.int16), "medium", 2, 0)
