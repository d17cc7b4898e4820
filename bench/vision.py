"""Benchmark of the vectorised vision (engine.shachang.vision) on a 256x256 map.

Run:  python -m bench.vision            (python -m bench.vision --quick for a short run)

Scenarios (8 players unless said otherwise; z = terrain height + soldiers, radius = S3 vision range):
  (a) full recompute (VisionMap.reset) of 8 players x 32 units, 64 soldiers per player:
      even split (2 soldiers each, radius 3), a random split, and 33 + 31 x 1 per player.
  (b) stress: full recompute of 256 units of 64 soldiers each (radius 11).
  (c) incremental update after one march or one attack: remove the old observer, add the new one.
  (d) the plain-Python reference (sight.visible_from_reference) on the same diamonds and input;
      speed-up = reference median / vectorised median, in wall-clock and in CPU time.
The vectorised counts are checked against the reference before anything is timed.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

import numpy as np

from client.cli_args import OneLineParser
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


def measure(vec, ref, n_vec: int, n_ref: int, setup=None, teardown=None):
    """Times (ms) of ``vec`` (n_vec runs) and ``ref`` (n_ref runs), interleaved in n_ref blocks so
    that the load of a shared machine weighs on both alike.  ``setup``/``teardown`` run untimed
    around every ``vec`` run.  Returns ((vec wall, vec cpu), (ref wall, ref cpu)), lists of ms;
    cpu is this thread's CPU time (``time.thread_time``), insensitive to other processes."""
    vw, vc, rw, rc = [], [], [], []
    per = max(1, n_vec // max(n_ref, 1))
    if setup:
        setup()
    vec()  # warm-up (tables, caches)
    if teardown:
        teardown()
    for _ in range(max(n_ref, 1)):
        for _ in range(per):
            if setup:
                setup()
            c0, t0 = time.thread_time(), time.perf_counter()
            vec()
            t1, c1 = time.perf_counter(), time.thread_time()
            vw.append((t1 - t0) * 1e3)
            vc.append((c1 - c0) * 1e3)
            if teardown:
                teardown()
        if n_ref:
            c0, t0 = time.thread_time(), time.perf_counter()
            ref()
            t1, c1 = time.perf_counter(), time.thread_time()
            rw.append((t1 - t0) * 1e3)
            rc.append((c1 - c0) * 1e3)
    return (vw, vc), (rw, rc)


def main(argv=None) -> int:
    ap = OneLineParser(prog="python -m bench.vision", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = ap.parse_args(argv)
    n_vec = 100 if args.quick else 500
    n_ref = 2 if args.quick else 5

    heights = smooth_heights()
    rng = np.random.default_rng(11)
    scen = {
        "a_even": army(heights, rng, PLAYERS, UNITS, 64, even=True),
        "a_uneven": army(heights, rng, PLAYERS, UNITS, 64, even=False),
        "a_lopsided": army(heights, rng, PLAYERS, UNITS, 64, even=False),
        "b_stress": army(heights, rng, PLAYERS, UNITS, UNITS * 64, even=True),
    }
    # lopsided: per player one unit of 33 soldiers (radius 9) and 31 single soldiers (radius 2)
    for p, obs in enumerate(scen["a_lopsided"]):
        for u, (r, c, _z, _rad) in enumerate(obs):
            n = 33 if u == 0 else 1
            obs[u] = (r, c, int(heights[r, c]) + n, vision_range(n))
    rows = []  # (label, vec times, ref times, target ms, ratio required)
    labels = {
        "a_even": "(a) reset 8x32 units, 2 soldiers each",
        "a_uneven": "(a) reset 8x32 units, random split of 64",
        "a_lopsided": "(a) reset 8x32 units, 33+31x1 per player",
        "b_stress": "(b) reset 256 units x 64 soldiers",
    }
    targets = {"a_even": 3.0, "a_uneven": 3.0, "a_lopsided": 3.0, "b_stress": 30.0}
    for key, obs in scen.items():
        vm = VisionMap(heights, PLAYERS)
        vm.reset(obs)
        if not np.array_equal(vm.counts, reference_counts(heights, obs)):
            print(f"MISMATCH in {key}", file=sys.stderr)
            return 1
        radii = sorted({o[3] for p in obs for o in p})
        rtxt = f"r={radii[0]}" if len(radii) == 1 else f"r={radii[0]}..{radii[-1]}"
        vt, rt = measure(lambda: vm.reset(obs), lambda: reference_counts(heights, obs), n_vec, n_ref)
        rows.append((f"{labels[key]} ({rtxt})", vt, rt, targets[key], True))

    # (c) incremental: one unit marches (old camp removed, new camp added) or is hit (loses a soldier)
    for key, kind, label in (("a_even", "march", "(c) march of a 2-soldier unit (r=3)"),
                             ("b_stress", "march", "(c) march of a 64-soldier unit (r=11)"),
                             ("b_stress", "attack", "(c) attack: 64-soldier target loses 1 (r=11)")):
        obs = scen[key]
        vm = VisionMap(heights, PLAYERS)
        vm.reset(obs)
        mrng = np.random.default_rng(5)
        state = {}

        def pick():
            p = int(mrng.integers(PLAYERS))
            r, c, z, rad = obs[p][int(mrng.integers(UNITS))]
            n = z - int(heights[r, c])
            if kind == "attack":
                new = (r, c, z - 1, vision_range(n - 1))
            else:  # up to 8 steps away (the 256x256 move power), on the map
                r2 = int(np.clip(r + mrng.integers(-4, 5), 0, SIZE - 1))
                c2 = int(np.clip(c + mrng.integers(-4, 5), 0, SIZE - 1))
                new = (r2, c2, int(heights[r2, c2]) + n, rad)
            state["m"] = (p, (r, c, z, rad), new)

        def update():
            p, old, new = state["m"]
            vm.remove(p, old)
            vm.add(p, new)

        def undo():  # untimed: back to the army of the scenario
            p, old, new = state["m"]
            vm.remove(p, new)
            vm.add(p, old)

        ref_counts_map = reference_counts(heights, obs)

        def ref_update():
            p, old, new = state["m"]
            ref_counts_map[p] -= visible_from_reference(heights, old[:2], old[2], old[3])
            ref_counts_map[p] += visible_from_reference(heights, new[:2], new[2], new[3])
            ref_counts_map[p] -= visible_from_reference(heights, new[:2], new[2], new[3])  # undo, not timed
            ref_counts_map[p] += visible_from_reference(heights, old[:2], old[2], old[3])

        vt, rt = measure(update, ref_update, n_vec, 4 * n_ref, setup=pick, teardown=undo)
        rt = tuple([x / 2 for x in r] for r in rt)  # ref_update does the update and its undo: half is one
        if not np.array_equal(vm.counts, reference_counts(heights, obs)):
            print(f"MISMATCH after incremental updates ({label})", file=sys.stderr)
            return 1
        rows.append((label, vt, rt, 0.5, False))

    load = os.getloadavg()
    print(f"vision benchmark: {SIZE}x{SIZE} map, heights 0..{int(heights.max())}, {PLAYERS} players; "
          f"numpy {np.__version__}, python {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"vectorised: {n_vec} runs per row; reference (sight.visible_from_reference per observer, summed) "
          f"interleaved with them; ms; median/worst wall clock, cpu = thread CPU time")
    head = (f"{'scenario':<50} {'median':>7} {'worst':>7} {'cpu med':>7} {'target':>6} {'ok':>3} "
            f"{'ref med':>8} {'ref cpu':>8} {'speed-up':>8} {'(cpu)':>6}")
    print(head)
    print("-" * len(head))
    ok_all = True
    cpu_short = []
    for label, (vw, vc), (rw, rc), target, ratio_required in rows:
        med, worst, cmed = statistics.median(vw), max(vw), statistics.median(vc)
        rmed, rcmed = statistics.median(rw), statistics.median(rc)
        ratio, cratio = rmed / med, rcmed / cmed
        # the targets: the median wall clock within the time target, and the speed-up measured honestly,
        # in CPU time of both sides in the same run (wall clock counts other processes' time on a busy machine)
        ok = med <= target and (cratio > 100 or not ratio_required)
        if ratio_required and ratio <= 100:
            cpu_short.append(f"{label}: {ratio:.0f}x")
        ok_all &= ok
        star = "" if ratio_required else "*"
        print(f"{label:<50} {med:>7.3f} {worst:>7.3f} {cmed:>7.3f} {target:>6.1f} {'yes' if ok else 'NO':>3} "
              f"{rmed:>8.2f} {rcmed:>8.2f} {ratio:>7.0f}x{star} {cratio:>5.0f}x{star}")
    print("* single-observer update: the ratio is informational (the >100x requirement is for full recomputes)")
    if cpu_short:
        print("note: in wall-clock time (which counts other processes' time) the speed-up is <= 100x for "
              + "; ".join(cpu_short))
    print("all targets met (median wall clock <= target, CPU-time speed-up > 100x)" if ok_all
          else "SOME TARGETS MISSED")
    return 0 if ok_all else 2


if __name__ == "__main__":
    raise SystemExit(main())
