"""Benchmark of the vectorised vision (engine.shachang.vision) on a 256x256 map.

Run:  python -m bench.vision            (python -m bench.vision --quick for a short run)

Scenarios (8 players unless said otherwise; z = terrain height + soldiers, radius = S3 vision range):
  (a) full recompute (VisionMap.reset) of 8 players x 32 units, 64 soldiers per player:
      even split (2 soldiers each, radius 3) and uneven random splits (radii 2..8).
  (b) stress: full recompute of 256 units of 64 soldiers each (radius 11).
  (c) incremental update after one march or one attack: remove the old observer, add the new one.
  (d) the plain-Python reference (sight.visible_from_reference) on the same diamonds and input;
      speed-up = reference time / vectorised time (median).
The vectorised counts are checked against the reference before anything is timed.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time

import numpy as np

from engine.shachang.rules import vision_range
from engine.shachang.sight import visible_from_reference
from engine.shachang.vision import VisionMap

SIZE = 256
PLAYERS = 8
UNITS = 32


def smooth_heights(size: int = SIZE, seed: int = 3, top: int = 30) -> np.ndarray:
    """A seeded smooth random heightmap (low-pass filtered noise) with integer heights 0..top."""
    rng = np.random.default_rng(seed)
    noise = rng.standard_normal((size, size))
    f = np.fft.fft2(noise)
    ky = np.fft.fftfreq(size)[:, None]
    kx = np.fft.fftfreq(size)[None, :]
    f *= np.exp(-((kx**2 + ky**2) * (size / 12.0) ** 2))  # keep features of ~ size/12 cells
    field = np.real(np.fft.ifft2(f))
    field = (field - field.min()) / (field.max() - field.min())
    field = field**1.3  # a few flat lowlands, steeper ridges
    return np.rint(field * top).astype(np.int32)


def random_cells(rng, n: int) -> list[tuple[int, int]]:
    flat = rng.choice(SIZE * SIZE, size=n, replace=False)
    return [(int(i) // SIZE, int(i) % SIZE) for i in flat]


def split(rng, total: int, parts: int, even: bool) -> list[int]:
    if even:
        return [total // parts] * parts
    cuts = np.sort(rng.choice(np.arange(1, total), size=parts - 1, replace=False))
    return list(np.diff(np.concatenate(([0], cuts, [total]))).astype(int))


def army(heights, rng, players: int, units: int, soldiers: int, even: bool):
    """observers[p] = [(row, col, z, radius), ...]; units on distinct cells."""
    cells = random_cells(rng, players * units)
    out = []
    for p in range(players):
        sizes = split(rng, soldiers, units, even) if soldiers != units * 64 else [64] * units
        obs = []
        for u, n in enumerate(sizes):
            r, c = cells[p * units + u]
            obs.append((r, c, int(heights[r, c]) + int(n), vision_range(int(n))))
        out.append(obs)
    return out


def reference_counts(heights, observers) -> np.ndarray:
    out = np.zeros((len(observers),) + heights.shape, dtype=np.int32)
    for p, obs in enumerate(observers):
        for r, c, z, rad in obs:
            out[p] += visible_from_reference(heights, (r, c), z, rad)
    return out


def timeit(fn, repeat: int, setup=None) -> tuple[float, float]:
    """(median, worst) wall time in ms over ``repeat`` runs (one warm-up run first)."""
    if setup:
        setup()
    fn()
    ts = []
    for _ in range(repeat):
        if setup:
            setup()
        t0 = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ts), max(ts)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = ap.parse_args(argv)
    rep = 20 if args.quick else 200
    ref_rep = 2 if args.quick else 5

    heights = smooth_heights()
    rng = np.random.default_rng(11)
    scen = {
        "a_even": army(heights, rng, PLAYERS, UNITS, 64, even=True),
        "a_uneven": army(heights, rng, PLAYERS, UNITS, 64, even=False),
        "b_stress": army(heights, rng, PLAYERS, UNITS, UNITS * 64, even=True),
    }
    rows = []  # (name, median, worst, target, ref_median)
    targets = {"a_even": 3.0, "a_uneven": 3.0, "b_stress": 30.0}
    labels = {
        "a_even": "(a) reset 8x32 units, 2 soldiers each (r=3)",
        "a_uneven": "(a) reset 8x32 units, uneven 64/player (r=2..8)",
        "b_stress": "(b) reset 256 units x 64 soldiers (r=11)",
    }
    for key, obs in scen.items():
        vm = VisionMap(heights, PLAYERS)
        vm.reset(obs)
        ref = reference_counts(heights, obs)
        if not np.array_equal(vm.counts, ref):
            print(f"MISMATCH in {key}", file=sys.stderr)
            return 1
        med, worst = timeit(lambda: vm.reset(obs), rep)
        rmed, _ = timeit(lambda: reference_counts(heights, obs), ref_rep)
        radii = sorted({o[3] for p in obs for o in p})
        rows.append((labels[key] if key != "a_uneven" else labels[key].replace("2..8", f"{radii[0]}..{radii[-1]}"),
                     med, worst, targets[key], rmed))

    # (c) incremental: one unit marches (remove old camp, add new camp) / is hit (loses a soldier)
    for key, label in (("a_even", "(c) march, r=3 unit: remove+add"), ("b_stress", "(c) march, r=11 unit: remove+add"),
                       ("b_stress", "(c) attack, r=11 target loses 1: remove+add")):
        obs = scen[key]
        vm = VisionMap(heights, PLAYERS)
        vm.reset(obs)
        mrng = np.random.default_rng(5)
        moves = []
        for _ in range(rep + 1):
            p = int(mrng.integers(PLAYERS))
            u = int(mrng.integers(UNITS))
            r, c, z, rad = obs[p][u]
            n = z - int(heights[r, c])
            if "attack" in label:
                new = (r, c, z - 1, vision_range(n - 1))
            else:
                r2 = int(np.clip(r + mrng.integers(-3, 4), 0, SIZE - 1))
                c2 = int(np.clip(c + mrng.integers(-3, 4), 0, SIZE - 1))
                new = (r2, c2, int(heights[r2, c2]) + n, rad)
            moves.append((p, (r, c, z, rad), new))
        it = iter(moves)
        state = {}

        def setup():
            state["m"] = next(it)

        def run():
            p, old, new = state["m"]
            vm.remove(p, old)
            vm.add(p, new)
            vm.remove(p, new)  # undo (untimed cost is symmetric; keeps the army unchanged)
            vm.add(p, old)

        med, worst = timeit(run, rep, setup)
        med, worst = med / 2, worst / 2  # run() does the update twice (there and back)
        # reference: one remove + one add with the plain-Python masks
        p, old, new = moves[0]
        t0 = time.perf_counter()
        for _ in range(ref_rep):
            vm.counts[p] -= visible_from_reference(heights, old[:2], old[2], old[3])
            vm.counts[p] += visible_from_reference(heights, new[:2], new[2], new[3])
            vm.counts[p] -= visible_from_reference(heights, new[:2], new[2], new[3])
            vm.counts[p] += visible_from_reference(heights, old[:2], old[2], old[3])
        rmed = (time.perf_counter() - t0) * 1e3 / ref_rep / 2
        if not np.array_equal(vm.counts, reference_counts(heights, obs)):
            print(f"MISMATCH after incremental updates ({label})", file=sys.stderr)
            return 1
        rows.append((label, med, worst, 0.5, rmed))

    print(f"vision benchmark: {SIZE}x{SIZE} map, heights 0..{int(heights.max())}, "
          f"numpy {np.__version__}, {rep} runs each (reference: {ref_rep} runs)")
    head = f"{'scenario':<48} {'median ms':>10} {'worst ms':>9} {'target':>7} {'ok':>3} {'ref ms':>9} {'speed-up':>9}"
    print(head)
    print("-" * len(head))
    ok_all = True
    for name, med, worst, target, rmed in rows:
        ok = med <= target
        ok_all &= ok
        ratio = rmed / med if med > 0 else float("inf")
        ok_all &= ratio > 100
        print(f"{name:<48} {med:>10.3f} {worst:>9.3f} {target:>7.1f} {'yes' if ok else 'NO':>3} "
              f"{rmed:>9.1f} {ratio:>8.0f}x")
    print("all targets met (median <= target, speed-up > 100x)" if ok_all else "SOME TARGETS MISSED")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
