"""The vectorised vision (engine.shachang.vision) equals the plain-Python reference (S4-S7, S9).

Property tests: thousands of random small maps and observers (seeded numpy and hypothesis).
"""
from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from engine.shachang import vision as V
from engine.shachang.sight import visible_from as sight_visible_from
from engine.shachang.sight import visible_from_reference
from engine.shachang.vision import VisionMap, diamond, visible_from, visible_many


def ref_counts(h, observers, n_players):
    out = np.zeros((n_players,) + h.shape, dtype=np.int64)
    for p, obs in enumerate(observers):
        for r, c, z, rad in obs:
            out[p] += visible_from_reference(h, (r, c), z, rad)
    return out


def random_obs(rng, h, zmax=12, rmax=9):
    r, c = int(rng.integers(h.shape[0])), int(rng.integers(h.shape[1]))
    return (r, c, int(h[r, c]) + int(rng.integers(0, zmax)), int(rng.integers(0, rmax + 1)))


# --------------------------------------------------------------------------- single observer


def test_visible_from_equals_reference_seeded_thousands():
    rng = np.random.default_rng(20261122)
    for _ in range(5000):
        hh, ww = (int(v) for v in rng.integers(1, 13, 2))
        h = rng.integers(0, int(rng.integers(1, 14)), (hh, ww))
        r, c, z, rad = random_obs(rng, h, zmax=10, rmax=10)
        if rng.random() < 0.2:
            z = int(rng.integers(0, 3))  # z may even be below the terrain: still the same formula
        got = visible_from(h, (r, c), z, rad)
        assert got.dtype == bool and got.shape == h.shape
        assert np.array_equal(got, visible_from_reference(h, (r, c), z, rad)), (h.tolist(), r, c, z, rad)


@settings(max_examples=300, deadline=None)
@given(hnp.arrays(np.int64, st.tuples(st.integers(1, 10), st.integers(1, 10)), elements=st.integers(0, 20)),
       st.data())
def test_visible_from_equals_reference_hypothesis(h, data):
    r = data.draw(st.integers(0, h.shape[0] - 1))
    c = data.draw(st.integers(0, h.shape[1] - 1))
    z = int(h[r, c]) + data.draw(st.integers(0, 30))
    rad = data.draw(st.integers(-1, 12))
    assert np.array_equal(visible_from(h, (r, c), z, rad), visible_from_reference(h, (r, c), z, rad))


def test_sight_visible_from_delegates_to_the_vectorised_version():
    rng = np.random.default_rng(5)
    h = rng.integers(0, 9, (12, 12))
    for _ in range(50):
        r, c, z, rad = random_obs(rng, h)
        assert np.array_equal(sight_visible_from(h, (r, c), z, rad), visible_from_reference(h, (r, c), z, rad))


def test_observer_and_adjacent_cells_always_visible():
    rng = np.random.default_rng(6)
    for _ in range(200):
        h = rng.integers(0, 50, (7, 7))
        r, c = (int(v) for v in rng.integers(0, 7, 2))
        vis = visible_from(h, (r, c), 0, 2)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if 0 <= r + dr < 7 and 0 <= c + dc < 7:
                    assert vis[r + dr, c + dc]


def test_radius_0_and_negative():
    h = np.zeros((5, 5), dtype=int)
    assert visible_from(h, (2, 2), 1, 0).sum() == 1
    assert not visible_from(h, (2, 2), 1, -1).any()
    assert visible_from(h, (2, 2), 1, 1).sum() == 5  # radius is in steps (S1): a plus sign


@pytest.mark.parametrize("heights_scale,radius,kind", [
    (10**6, 6, np.int32),    # |h - z| * lcm(1..6) fits int32
    (10**8, 11, np.int64),   # ... does not: int64 slopes
    (10**12, 5, np.int64),   # heights beyond int32 themselves
    (3, 23, np.int64),       # lcm(1..23) > 2**31
    (50, 44, None),          # lcm(1..44) > 2**62: the direct form D*(y-z) + k*(z-x) >= 0
])
def test_large_heights_and_radii_stay_exact(heights_scale, radius, kind):
    rng = np.random.default_rng(radius)
    size = 2 * radius + 3
    h = rng.integers(0, heights_scale, (size, size))
    assert V._slope_dtype(V._table(radius), 2 * heights_scale) is kind
    for _ in range(3):
        r, c = (int(v) for v in rng.integers(0, size, 2))
        z = int(h[r, c]) + int(rng.integers(1, heights_scale))
        want = visible_from_reference(h, (r, c), z, radius)
        assert np.array_equal(visible_from(h, (r, c), z, radius), want)
        vm = VisionMap(h, 2)
        vm.add(0, (r, c, z, radius))
        assert np.array_equal(vm.counts[0], want)
        vm.reset([[], [(r, c, z, radius), (r, c, z, radius), (0, 0, int(h[0, 0]) + 1, 1)]])  # batch path
        assert np.array_equal(vm.counts[1], 2 * want + visible_from_reference(h, (0, 0), int(h[0, 0]) + 1, 1))
        assert not vm.counts[0].any()


def test_slope_form_equals_direct_form():
    rng = np.random.default_rng(8)
    for radius in (2, 3, 5, 8, 11, 14):
        t = V._table(radius)
        pad = radius
        h = rng.integers(0, 40, (30, 30))
        hp = np.zeros((30 + 2 * pad, 30 + 2 * pad), dtype=np.int32)
        hp[pad:-pad, pad:-pad] = h
        m = 40
        rows = rng.integers(0, 30, m) + pad
        cols = rng.integers(0, 30, m) + pad
        zs = hp[rows, cols].astype(np.int64) + rng.integers(0, 30, m)
        bases = rows * hp.shape[1] + cols
        a = V._visible_padded(hp, 40, radius, bases, zs)
        b = V._eval_direct(hp.reshape(-1), V._flat(radius, hp.shape[1]), bases, zs).T
        one = np.stack([V._visible_one(hp, 40, radius, int(r), int(c), int(z)) for r, c, z in zip(rows, cols, zs)], 1)
        assert a.shape == (t.n, m)
        assert np.array_equal(a, b)
        assert np.array_equal(one, b)


def test_tables_follow_sight_path():
    from engine.shachang.sight import sight_path
    for radius in (2, 5, 11):
        t = V._table(radius)
        assert t.n == 2 * radius * (radius + 1) + 1
        assert (np.diff(t.d) <= 0).all()  # targets sorted by D descending
        for j in range(t.n2):
            path = sight_path((0, 0), (int(t.dr[j]), int(t.dc[j])))
            got = [(int(t.e_pr[st + j]), int(t.e_pc[st + j])) for st, nk in t.levels if j < nk]
            assert got == path


def test_visible_many_equals_reference():
    rng = np.random.default_rng(9)
    h = rng.integers(0, 12, (17, 23))
    obs = [random_obs(rng, h, rmax=12) for _ in range(60)]
    got = visible_many(h, obs)
    for i, (r, c, z, rad) in enumerate(obs):
        assert np.array_equal(got[i], visible_from_reference(h, (r, c), z, rad))


# --------------------------------------------------------------------------- VisionMap


def test_visionmap_random_add_remove_sequences_equal_reference_sums():
    rng = np.random.default_rng(11)
    for trial in range(150):
        hh, ww = (int(v) for v in rng.integers(1, 16, 2))
        h = rng.integers(0, int(rng.integers(1, 12)), (hh, ww))
        n_players = int(rng.integers(1, 4))
        vm = VisionMap(h, n_players, pad=int(rng.integers(0, 4)))
        live: list[list] = [[] for _ in range(n_players)]
        ghosts: list[list] = [[] for _ in range(n_players)]
        for _ in range(40):
            p = int(rng.integers(n_players))
            u = rng.random()
            if u < 0.45 or not (live[p] or ghosts[p]):
                o = random_obs(rng, h, rmax=11)
                if rng.random() < 0.15:
                    vm.add(p, o, ignore_terrain=True)
                    ghosts[p].append(o)
                else:
                    vm.add(p, o)
                    live[p].append(o)
            elif u < 0.75 and live[p]:
                o = live[p].pop(int(rng.integers(len(live[p]))))
                vm.remove(p, o)
            elif u < 0.9 and live[p]:  # a march: one unit moves
                i = int(rng.integers(len(live[p])))
                new = random_obs(rng, h, rmax=11)
                vm.move(p, live[p][i], new)
                live[p][i] = new
            elif ghosts[p]:
                vm.remove(p, ghosts[p].pop(), ignore_terrain=True)
        want = ref_counts(h, live, n_players)
        for p in range(n_players):
            for r, c, z, rad in ghosts[p]:
                want[p] += diamond(h.shape, (r, c), rad)
        assert vm.counts.shape == (n_players,) + h.shape
        assert np.array_equal(vm.counts, want), trial
        for p in range(n_players):
            assert np.array_equal(vm.visible(p), want[p] > 0)
        assert np.array_equal(vm.visible_all(), want > 0)


def test_visionmap_reset_equals_adds_and_add_many():
    rng = np.random.default_rng(12)
    for trial in range(80):
        hh, ww = (int(v) for v in rng.integers(1, 20, 2))
        h = rng.integers(0, 15, (hh, ww))
        n_players = int(rng.integers(1, 5))
        observers = [[random_obs(rng, h, rmax=int(rng.integers(0, 12))) for _ in range(int(rng.integers(0, 8)))]
                     for _ in range(n_players)]
        a = VisionMap(h, n_players)
        a.add(0, random_obs(rng, h))  # stale state must be wiped by reset
        a.add(0, random_obs(rng, h), ignore_terrain=True)
        a.reset(observers)
        b = VisionMap(h, n_players)
        for p, obs in enumerate(observers):
            for o in obs:
                b.add(p, o)
        c = VisionMap(h, n_players)
        flat = [o for obs in observers for o in obs]
        players = [p for p, obs in enumerate(observers) for _ in obs]
        c.add_many(players, flat)
        want = ref_counts(h, observers, n_players)
        assert np.array_equal(a.counts, want), trial
        assert np.array_equal(b.counts, want), trial
        assert np.array_equal(c.counts, want), trial
        c.remove_many(players, flat)
        assert not c.counts.any()


def test_ghost_vision_ignores_terrain():
    h = np.full((9, 9), 50)
    h[4, 4] = 0
    vm = VisionMap(h, 2)
    vm.add(1, (4, 4, 1, 3), ignore_terrain=True)
    assert np.array_equal(vm.visible(1), diamond(h.shape, (4, 4), 3))
    assert not vm.visible(0).any()
    vm.add_many(0, [(4, 4, 1, 3), (0, 0, 51, 2)], ignore_terrain=True)
    assert np.array_equal(vm.counts[0], diamond(h.shape, (4, 4), 3).astype(int) + diamond(h.shape, (0, 0), 2))


def test_growing_the_pad_keeps_counts():
    rng = np.random.default_rng(13)
    h = rng.integers(0, 6, (10, 12))
    vm = VisionMap(h, 2, pad=0)
    o1, o2, o3 = (3, 3, 8, 2), (5, 6, 9, 9), (0, 11, 20, 16)
    vm.add(0, o1)
    vm.add(1, o2)  # pad grows to 9
    vm.add(0, o3)  # and to 16
    want = ref_counts(h, [[o1, o3], [o2]], 2)
    assert np.array_equal(vm.counts, want)
    vm.remove(0, o3)
    vm.remove(0, o1)
    vm.remove(1, o2)
    assert not vm.counts.any()


def test_counts_is_a_writable_integer_view():
    h = np.zeros((4, 5), dtype=int)
    vm = VisionMap(h, 3)
    assert np.issubdtype(vm.counts.dtype, np.integer)
    vm.add(2, (0, 0, 1, 2))
    assert vm.counts[2].sum() == 6
    vm.counts = 0
    assert not vm.counts.any()


def test_set_heights_then_reset():
    h = np.zeros((1, 7), dtype=int)
    vm = VisionMap(h, 1)
    obs = [[(0, 0, 2, 6)]]
    vm.reset(obs)
    assert vm.visible(0).all()
    h2 = h.copy()
    h2[0, 2] = 9
    vm.set_heights(h2)
    vm.reset(obs)
    assert np.array_equal(vm.counts, ref_counts(h2, obs, 1))
    assert not vm.visible(0)[0, 3:].any()


def test_big_batch_is_chunked_and_still_exact(monkeypatch):
    monkeypatch.setattr(V, "_CHUNK", 500)
    rng = np.random.default_rng(14)
    h = rng.integers(0, 10, (20, 20))
    observers = [[random_obs(rng, h, rmax=11) for _ in range(30)] for _ in range(2)]
    vm = VisionMap(h, 2)
    vm.reset(observers)
    assert np.array_equal(vm.counts, ref_counts(h, observers, 2))


def test_radius_grouping_covers_every_radius_once():
    cases = [([2], [5]), ([2, 3, 5, 6], [40, 10, 3, 1]), ([2, 11], [200, 1]), (list(range(0, 15)), [3] * 15)]
    for radii, counts in cases:
        groups = V._group_radii(radii, counts)
        covered = [q for i, j in groups for q in range(i, j + 1)]
        assert covered == list(range(len(radii)))


def test_engine_vision_modules_import_no_graphics():
    for name in ("vision.py", "sight.py"):
        tree = ast.parse((Path(V.__file__).parent / name).read_text(encoding="utf-8"))
        mods = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        mods |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not mods & {"pygame", "moderngl", "glm"}


def test_off_map_observers_and_unknown_players_are_refused():
    vm = VisionMap(np.zeros((4, 4), dtype=int), 2)
    for bad in [(4, 0, 1, 2), (0, -1, 1, 2)]:
        with pytest.raises(ValueError):
            vm.add(0, bad)
        with pytest.raises(ValueError):
            vm.add_many(0, [bad])
        with pytest.raises(ValueError):
            vm.reset([[bad]])
    with pytest.raises(ValueError):
        vm.add(2, (0, 0, 1, 2))
    with pytest.raises(ValueError):
        vm.add_many([0, 2], [(0, 0, 1, 2), (1, 1, 1, 2)])
    assert not vm.counts.any()


def test_negative_radius_sees_nothing_in_batches_too():
    rng = np.random.default_rng(15)
    h = rng.integers(0, 9, (9, 11))
    observers = [[(1, 1, 5, -1), (4, 4, 9, 3), (8, 10, 3, -2)], [(2, 2, 4, 0), (5, 5, 20, 6)]]
    vm = VisionMap(h, 2)
    vm.reset(observers)
    assert np.array_equal(vm.counts, ref_counts(h, observers, 2))
    vm.add_many([0, 1, 1], [(0, 0, 1, -1), (3, 3, 8, 2), (3, 3, 8, -5)])
    observers[1].append((3, 3, 8, 2))
    assert np.array_equal(vm.counts, ref_counts(h, observers, 2))


def test_reset_accepts_numpy_and_float_values():
    rng = np.random.default_rng(16)
    h = rng.integers(0, 9, (8, 8))
    observers = [[(np.int64(1), np.int32(2), 7, 3)], [(3.0, 4.0, 9.0, 4.0), (5, 5, 8, 2)]]
    vm = VisionMap(h, 2)
    vm.reset(observers)
    want = ref_counts(h, [[(1, 2, 7, 3)], [(3, 4, 9, 4), (5, 5, 8, 2)]], 2)
    assert np.array_equal(vm.counts, want)
    with pytest.raises(ValueError):
        vm.reset([[(1, 2, 3)]])  # three values: not an observer


def test_copies_and_pickles_are_independent_and_still_work():
    import copy
    import pickle

    rng = np.random.default_rng(17)
    h = rng.integers(0, 9, (10, 10))
    vm = VisionMap(h, 2)
    vm.add(0, (3, 3, 8, 3))
    before = vm.counts.copy()
    for other in (copy.deepcopy(vm), pickle.loads(pickle.dumps(vm))):
        other.add(1, (5, 5, 9, 2))  # within the current pad
        assert np.array_equal(other.counts, ref_counts(h, [[(3, 3, 8, 3)], [(5, 5, 9, 2)]], 2))
        other.add(0, (0, 0, 9, 12))  # grows the pad in the copy only
        assert np.array_equal(vm.counts, before)
        want = ref_counts(h, [[(3, 3, 8, 3), (0, 0, 9, 12)], [(5, 5, 9, 2)]], 2)
        assert np.array_equal(other.counts, want)
    vm.add(1, (1, 1, 5, 2))
    assert vm.counts[1].sum() == visible_from_reference(h, (1, 1), 5, 2).sum()
