"""Seeded natural terrain for 沙场秋点兵: ridges (山岭), plains (平原), paths (小路), ravines (沟壑).

``generate(preset_key, players, seed)`` returns a :class:`~engine.shachang.game_map.GameMap`.
Everything random comes from ``numpy.random.default_rng`` instances built from the
seed (one stream for the spawns, one for the ground), never from global state, so the
same (preset, players, seed) always gives the same map. See docs/terrain.md.

Pipeline (all vectorised NumPy except the short path/ravine walks):

1. spawns: ``place_spawns`` – corners on the 8x8 standard map, otherwise cells spread
   far apart over the whole map and dealt to the players so that every player's mean
   distance to the nearest enemy spawn is as equal as possible;
2. ground: fractal value noise (plains and rolling hills) + ridged noise inside a
   low-frequency "mountain" mask + explicit ridge spines (so every map has real ridges);
3. plains: the lowest part of the ground is flattened to the plain level;
4. ravines: meandering narrow cuts, a few cells deep;
5. paths: meandering low corridors from one map edge to the opposite one that cut
   passes through every ridge they cross;
6. spawn plateaus: every spawn gets the same small flat plateau at one common height,
   blended into the surroundings, so no player starts on a peak or in a pit.
"""
from __future__ import annotations

import math

import numpy as np

from . import star_cells
from .game_map import GameMap
from .rules import Preset, attack_range, preset, vision_range
from .star_terrain import generate_star

Cell = tuple[int, int]

# Height scale (maximum terrain height) per preset; see docs/terrain.md for the reasons.
HEIGHT_SCALE = {"standard": 6, "medium": 10, "large": 30, "huge": 30}

_STREAM_SPAWNS = 0x5EA7
_STREAM_GROUND = 0x7E77


def height_scale(p: Preset) -> int:
    """Maximum terrain height of a preset (table above; by size for unknown presets)."""
    if p.key in HEIGHT_SCALE:
        return HEIGHT_SCALE[p.key]
    if p.size <= 8:
        return 6
    if p.size <= 16:
        return 10
    return 30


def _check_args(preset_key: str, players: int, seed: int) -> Preset:
    p = preset(preset_key)
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)):
        raise ValueError(f"players must be an integer, got {players!r}")
    if not 2 <= players <= p.max_players:
        raise ValueError(f"preset {preset_key!r} supports 2..{p.max_players} players, got {players}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    return p


def _rng(stream: int, seed: int) -> np.random.Generator:
    return np.random.default_rng([stream, int(seed)])


# ---------------------------------------------------------------------------------------------
# Spawns


def _corner_spawns(n: int, players: int) -> tuple[tuple[Cell, ...], ...]:
    """Standard map (seed: 出生于战场一角): 2 players opposite corners, 3-4 add the others."""
    corners = [(0, 0), (n - 1, n - 1), (0, n - 1), (n - 1, 0)]
    return tuple(((r, c),) for r, c in corners[:players])


def _manhattan(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Pairwise step distances (S1) between point arrays a (k,2) and b (m,2)."""
    return np.abs(a[:, None, :] - b[None, :, :]).sum(axis=2)


def _spread_points(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """k cells far apart (greedy farthest-point with a border term), randomised by the rng.

    Score of a cell = min(step distance to every chosen cell, 2·distance to the border + 1):
    the border counts as a mirror, so points spread over the whole map instead of hugging
    the edges. Each pick is drawn among the cells within 10 % of the best score.
    """
    rr, cc = np.mgrid[0:n, 0:n]
    border = np.minimum(np.minimum(rr, cc), np.minimum(n - 1 - rr, n - 1 - cc))
    cap = (2 * border + 1).astype(np.float64)
    mind = np.full((n, n), np.inf)
    pts = []
    for _ in range(k):
        score = np.minimum(mind, cap)
        for p in pts:  # never reuse a chosen cell
            score[p] = -1
        best = score.max()
        cand = np.flatnonzero(score >= best * 0.9 - 1e-9) if best > 0 else np.flatnonzero(score == best)
        idx = int(cand[rng.integers(len(cand))])
        r, c = divmod(idx, n)
        pts.append((r, c))
        mind = np.minimum(mind, np.abs(rr - r) + np.abs(cc - c))
    return np.array(pts, dtype=np.int64)


def fairness(spawns, n: int | None = None) -> dict:
    """Fairness measures of a spawn layout (step distances, S1).

    ``nearest_enemy[i]``: player i's mean, over its spawns, of the distance to the nearest
    enemy spawn; ``nearest_own[i]``: mean distance to its nearest own spawn (0 with one
    spawn); ``min_spacing``: smallest distance between any two spawns; ``min_enemy``:
    smallest distance between spawns of different players; ``spread``: max - min of
    nearest_enemy; ``ratio``: spread / mean(nearest_enemy).
    """
    pts = np.array([cell for player in spawns for cell in player], dtype=np.int64)
    owner = np.array([i for i, player in enumerate(spawns) for _ in player])
    d = _manhattan(pts, pts).astype(np.float64)
    players = len(spawns)
    enemy = np.where(owner[:, None] != owner[None, :], d, np.inf).min(axis=1)
    own_d = np.where((owner[:, None] == owner[None, :]) & ~np.eye(len(pts), dtype=bool), d, np.inf)
    own = own_d.min(axis=1)
    own[~np.isfinite(own)] = 0.0
    ne = np.bincount(owner, weights=enemy, minlength=players) / np.bincount(owner, minlength=players)
    no = np.bincount(owner, weights=own, minlength=players) / np.bincount(owner, minlength=players)
    off = d + np.eye(len(pts)) * 1e9
    return {
        "nearest_enemy": ne.tolist(),
        "nearest_own": no.tolist(),
        "min_spacing": float(off.min()) if len(pts) > 1 else math.inf,
        "min_enemy": float(enemy.min()),
        "spread": float(ne.max() - ne.min()),
        "ratio": float((ne.max() - ne.min()) / ne.mean()) if ne.mean() > 0 else 0.0,
    }


def _assign(rng: np.random.Generator, pts: np.ndarray, players: int, per: int) -> np.ndarray:
    """Owner of every point: random deal, then swaps that make the layout fairer.

    Objective: spread of the players' mean nearest-enemy distance, plus half the spread of
    their mean nearest-own distance (nobody gets all spawns in one clump).
    """
    k = len(pts)
    d = _manhattan(pts, pts).astype(np.float64)
    eye = np.eye(k, dtype=bool)
    counts = np.full(players, float(per))

    def cost(owner: np.ndarray) -> float:
        same = owner[:, None] == owner[None, :]
        enemy = np.where(~same, d, np.inf).min(axis=1)
        ne = np.bincount(owner, weights=enemy, minlength=players) / counts
        if per > 1:
            own = np.where(same & ~eye, d, np.inf).min(axis=1)
            no = np.bincount(owner, weights=own, minlength=players) / counts
            return float(ne.max() - ne.min() + 0.5 * (no.max() - no.min()))
        return float(ne.max() - ne.min())

    owner = np.repeat(np.arange(players), per)
    rng.shuffle(owner)
    best = cost(owner)
    if players * per <= 2:
        return owner
    for _ in range(40 + 6 * k):
        i, j = rng.integers(k, size=2)
        if owner[i] == owner[j]:
            continue
        owner[i], owner[j] = owner[j], owner[i]
        c = cost(owner)
        if c <= best:
            best = c
        else:
            owner[i], owner[j] = owner[j], owner[i]
    return owner


def _adjust_to_ground(heights: np.ndarray, spawns: list[list[Cell]], radius: int,
                      gap: int = 0) -> list[list[Cell]]:
    """Move each spawn (within ``radius`` cells) to the flattest cell whose 3x3 mean is
    closest to one common level (the map's 30th height percentile), keeping all spawns
    distinct and non-adjacent. Leaves spawns alone on flat ground."""
    h = heights.astype(np.float64)
    if h.min() == h.max() or radius < 1:
        return spawns
    n = h.shape[0]
    pad = np.pad(h, 1, mode="edge")
    win = np.stack([pad[i:i + n, j:j + n] for i in range(3) for j in range(3)])
    mean, std = win.mean(axis=0), win.std(axis=0)
    target = float(np.percentile(h, 30))
    cost = np.abs(mean - target) + std + 0.5 * np.abs(h - target)
    taken: set[Cell] = {cell for player in spawns for cell in player}
    out = [list(player) for player in spawns]
    for i, player in enumerate(out):
        for j, (r, c) in enumerate(player):
            taken.discard((r, c))
            r0, r1 = max(0, r - radius), min(n, r + radius + 1)
            c0, c1 = max(0, c - radius), min(n, c + radius + 1)
            best, best_cost = (r, c), cost[r, c] - 1e-9  # stay unless strictly better
            enemies = [e for k, other in enumerate(out) if k != i for e in other]
            for rr in range(r0, r1):
                for cc in range(c0, c1):
                    if cost[rr, cc] < best_cost and all(
                            max(abs(rr - a), abs(cc - b)) >= 2 for a, b in taken) and all(
                            abs(rr - a) + abs(cc - b) >= gap for a, b in enemies):
                        best, best_cost = (rr, cc), cost[rr, cc]
            player[j] = best
            taken.add(best)
    return out


def spawn_gap(p: Preset) -> int:
    """Fewest steps (S1) between spawns of different players (issue 18, S17 "spawns far apart").

    A spawn stack (the on-field cap split over the spawns) must not reach an enemy spawn with one
    march plus a shot, nor see it (digital mode): the gap is one more than the larger of
    attack range + move power and vision range of the largest starting stack (S3)."""
    stack = -(-p.cap // p.spawns)
    return max(attack_range(stack) + p.move, vision_range(stack)) + 1


def _min_enemy(spawns) -> float:
    return fairness(spawns)["min_enemy"] if len(spawns) > 1 else math.inf


# symmetries of the square that carry player 0's spawns to the other players' (2, 4 and 8 players)
def _symmetries(n: int, players: int):
    m = n - 1
    rot = [lambda r, c: (r, c), lambda r, c: (c, m - r), lambda r, c: (m - r, m - c), lambda r, c: (m - c, r)]
    if players == 2:
        return [rot[0], rot[2]]
    if players == 4:
        return rot
    if players == 8:
        return rot + [lambda r, c: (c, r), lambda r, c: (m - r, c), lambda r, c: (m - c, m - r), lambda r, c: (r, m - c)]
    return None


def _dist_field(n: int, pts) -> np.ndarray:
    """Min step distance from every cell to ``pts`` (inf if none)."""
    rr, cc = np.mgrid[0:n, 0:n]
    out = np.full((n, n), np.inf)
    for r, c in pts:
        out = np.minimum(out, np.abs(rr - r) + np.abs(cc - c))
    return out


def _pick(rng: np.random.Generator, score: np.ndarray, ok: np.ndarray):
    """A random cell among the ``ok`` cells scoring within 10 % of the best (None if none is ok)."""
    if not ok.any():
        return None
    sc = np.where(ok, score, -np.inf)
    best = sc.max()
    cand = np.flatnonzero(sc >= (best * 0.9 if best > 0 else best) - 1e-9)
    return divmod(int(cand[rng.integers(len(cand))]), score.shape[1])


def _separated_symmetric(rng, n: int, players: int, per: int, gap: int, syms):
    """Player 0's spawns chosen greedily, every other player's their image under one symmetry of
    the square (equal distances for everybody); each pick keeps the gap to every enemy spawn."""
    rr, cc = np.mgrid[0:n, 0:n]
    imgs = [tuple(np.asarray(a) for a in g(rr, cc)) for g in syms]
    # the orbit of a cell must itself keep the gap between players
    orbit_gap = np.full((n, n), np.inf)
    for i in range(players):
        for j in range(i + 1, players):
            orbit_gap = np.minimum(orbit_gap, np.abs(imgs[i][0] - imgs[j][0]) + np.abs(imgs[i][1] - imgs[j][1]))
    placed: list[list[Cell]] = [[] for _ in range(players)]
    for k in range(per):
        fields = [_dist_field(n, placed[j]) for j in range(players)]
        ok = orbit_gap >= gap
        cheb_ok = np.ones((n, n), dtype=bool)
        for i in range(players):
            enemy = np.full((n, n), np.inf)
            for j in range(players):
                if j != i:
                    enemy = np.minimum(enemy, fields[j])
            ok &= enemy[imgs[i]] >= gap
            for pl in placed:
                for (r, c) in pl:
                    cheb_ok &= np.maximum(np.abs(imgs[i][0] - r), np.abs(imgs[i][1] - c)) >= 2
        ok &= cheb_ok
        score = orbit_gap.copy() if k == 0 else np.minimum(fields[0], orbit_gap)
        cell = _pick(rng, score, ok)
        if cell is None:
            return None
        for i in range(players):
            placed[i].append((int(imgs[i][0][cell]), int(imgs[i][1][cell])))
    return [sorted(pl) for pl in placed]


def _separated_greedy(rng, n: int, players: int, per: int, gap: int):
    """Homes far apart (farthest-point), then each player's spawns in turn: a cell nearer its own
    home than any other, at least ``gap`` steps from every enemy spawn and home, never adjacent to
    another spawn, as far as possible from its own spawns."""
    rr, cc = np.mgrid[0:n, 0:n]
    homes = [tuple(int(v) for v in rng.integers(n, size=2))]
    for _ in range(2):  # farthest-point twice, the second pass starting from the first pass's second home
        d = _dist_field(n, homes[-1:])
        homes = [divmod(int(np.argmax(d)), n)]
        while len(homes) < players:
            d = _dist_field(n, homes)
            homes.append(_pick(rng, d, np.ones((n, n), dtype=bool)))
    hd = [np.abs(rr - r) + np.abs(cc - c) for r, c in homes]
    placed: list[list[Cell]] = [[] for _ in range(players)]
    adj = np.zeros((n, n), dtype=bool)
    for k in range(per):
        for i in rng.permutation(players):
            other_home = np.min([hd[j] for j in range(players) if j != i], axis=0)
            enemy = _dist_field(n, [c for j in range(players) if j != i for c in placed[j]])
            ok = (~adj) & (enemy >= gap) & (other_home >= gap) & (hd[i] < other_home)
            score = -hd[i] if k == 0 else np.minimum(_dist_field(n, placed[i]), 2 * gap)
            cell = _pick(rng, score.astype(np.float64), ok)
            if cell is None:
                return None
            placed[i].append(cell)
            adj[max(0, cell[0] - 1):cell[0] + 2, max(0, cell[1] - 1):cell[1] + 2] = True
    return [sorted(pl) for pl in placed]


def _separated(rng, n: int, players: int, per: int, gap: int, attempts: int = 24):
    """A layout whose spawns of different players keep ``gap`` (None if none is found): among
    symmetric and greedy tries, fair ones (ratio <= 0.1) that reach the map's interior first
    (出生地…散布地图各个位置), then the fairest, then the widest."""
    syms = _symmetries(n, players)
    best, best_key = None, None
    q = n // 4
    for attempt in range(attempts):
        tries = [_separated_greedy(rng, n, players, per, gap)]
        if syms:
            tries.append(_separated_symmetric(rng, n, players, per, gap, syms))
        for trial in tries:
            if trial is None or _min_enemy(trial) < gap:
                continue
            f = fairness(trial)
            inner = any(q <= r < n - q and q <= c < n - q for pl in trial for r, c in pl)
            key = (f["ratio"] > 0.1, not inner, round(f["ratio"], 6), -f["min_spacing"])
            if best_key is None or key < best_key:
                best, best_key = trial, key
        if attempt >= 7 and best_key is not None and not best_key[0] and not best_key[1]:
            break
    return best


def place_spawns(heights: np.ndarray, preset_key: str, players: int, seed: int, *,
                 adjust: bool = True) -> tuple[tuple[Cell, ...], ...]:
    """Spawn cells for every player on ``heights`` (the placer used by ``generate``).

    * ``preset.spawns == 1`` (the 8x8 standard map, at most 4 players): one corner each —
      players 0 and 1 opposite corners (0,0) and (n-1,n-1), players 2 and 3 the others.
    * otherwise ``preset.spawns`` cells per player spread over the whole map
      (出生地…散布地图各个位置): farthest-point spacing, dealt to players for fairness
      (see :func:`fairness`); spawns of different players are never adjacent.
    * ``adjust`` (loaded heightmaps): each scattered spawn may move a few cells to flat
      ground near one common level, so no player starts on a peak or in a pit. ``generate``
      passes ``adjust=False`` and flattens a plateau instead, so its spawns equal
      ``flat_map``'s for the same seed.
    """
    p = _check_args(preset_key, players, seed)
    h = np.asarray(heights)
    if h.ndim != 2 or h.shape != (p.size, p.size):
        raise ValueError(f"heights shape {h.shape} does not match preset {preset_key!r} "
                         f"({p.size}x{p.size})")
    if p.board == "star":  # the seated points of the star (S19a, S19c), whatever the ground
        return tuple(star_cells.POINT_CELLS[pt] for pt in star_cells.seat_points(players))
    n = p.size
    if p.spawns == 1 and players <= 4:
        return _corner_spawns(n, players)
    rng = _rng(_STREAM_SPAWNS, seed)
    k = players * p.spawns
    if k > ((n + 1) // 2) ** 2:
        raise ValueError(f"{k} spawns cannot be placed non-adjacent on a {n}x{n} map")
    gap = spawn_gap(p)
    best_score, spawns = -math.inf, None
    closest = -math.inf  # the widest enemy spacing seen in a spread layout
    for trial_no in range(16 if n <= 64 else 1):  # keep the widest, fairest of a few layouts
        if trial_no >= 4 and (spawns is not None or closest < gap - 2):
            break  # more trials only while none keeps the gap but some came close
        pts = _spread_points(rng, n, k)
        owner = _assign(rng, pts, players, p.spawns)
        trial = [sorted(tuple(int(v) for v in pts[i]) for i in np.flatnonzero(owner == pl))
                 for pl in range(players)]
        f = fairness(trial)
        closest = max(closest, f["min_enemy"])
        score = f["min_spacing"] * (1.0 - f["ratio"])
        if f["min_enemy"] >= gap and score > best_score:  # issue 18: enemy spawns keep the gap
            best_score, spawns = score, trial
    if spawns is None:  # crowded: each player's spawns grouped, the groups kept apart
        spawns = _separated(rng, n, players, p.spawns, gap)
    if spawns is None:
        raise ValueError(f"{players} players' spawns cannot be placed {gap} steps apart on the {n}x{n} map")
    if adjust:
        spacing = fairness(spawns)["min_spacing"]
        spawns = _adjust_to_ground(h, spawns, radius=min(3, max(1, int(spacing) // 6)), gap=gap)
    return tuple(tuple(s) for s in spawns)


# ---------------------------------------------------------------------------------------------
# Noise


def _lattice_coords(n: int, period: float, offset: float) -> tuple[np.ndarray, np.ndarray]:
    """Lattice index and smooth-step weight of every cell along one axis."""
    x = (np.arange(n) + offset) / period
    i = np.floor(x).astype(np.int64)
    t = x - i
    return i, t * t * (3.0 - 2.0 * t)


def _value_noise(rng: np.random.Generator, n: int, period: float) -> np.ndarray:
    """Smooth value noise in [0, 1] with features ``period`` cells apart (separable interpolation)."""
    ir, tr = _lattice_coords(n, period, rng.random() * period)
    ic, tc = _lattice_coords(n, period, rng.random() * period)
    lattice = rng.random((int(ir.max()) + 2, int(ic.max()) + 2))
    rows = lattice[ir] * (1.0 - tr)[:, None] + lattice[ir + 1] * tr[:, None]
    return rows[:, ic] * (1.0 - tc)[None, :] + rows[:, ic + 1] * tc[None, :]


def _fbm(rng: np.random.Generator, n: int, period: float, octaves: int = 6,
         persistence: float = 0.5) -> np.ndarray:
    """Fractal sum of value-noise octaves, rescaled to [0, 1]."""
    total = np.zeros((n, n))
    amp, p = 1.0, float(period)
    for _ in range(octaves):
        if p < 1.5:
            break
        total += amp * _value_noise(rng, n, p)
        amp *= persistence
        p /= 2.0
    lo, hi = total.min(), total.max()
    return (total - lo) / (hi - lo) if hi > lo else np.zeros((n, n))


def _smoothstep(e0: float, e1: float, x: np.ndarray) -> np.ndarray:
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


def _spine(rng: np.random.Generator, n: int, rr: np.ndarray, cc: np.ndarray,
           width: float, length: float, wfield: np.ndarray | None = None) -> np.ndarray:
    """One ridge: a gently curving polyline; height 1 on the crest falling to 0 at ``width``."""
    r, c = rng.uniform(0.15 * n, 0.85 * n, size=2)
    ang = rng.uniform(0, 2 * math.pi)
    seg = max(1.0, n / 12)
    nseg = max(2, int(round(length / seg)))
    pts = [(r, c)]
    for _ in range(nseg):
        ang += rng.normal(0, 0.45)
        r, c = r + seg * math.sin(ang), c + seg * math.cos(ang)
        pts.append((r, c))
    pts_a = np.array(pts)
    lo, hi = (0.3, 0.7) if n <= 16 else (0.15, 0.85)  # small maps: the ridge runs through the middle
    pts_a -= (pts_a.mean(axis=0) - np.array([rng.uniform(lo, hi) * n, rng.uniform(lo, hi) * n]))
    dist = np.full(rr.shape, np.inf)
    reach = width * (1.0 if wfield is None else float(wfield.max())) + 1.0
    for (r0, c0), (r1, c1) in zip(pts_a[:-1], pts_a[1:]):
        ra, rb = max(0, int(min(r0, r1) - reach)), min(n, int(max(r0, r1) + reach) + 1)
        ca, cb = max(0, int(min(c0, c1) - reach)), min(n, int(max(c0, c1) + reach) + 1)
        if ra >= rb or ca >= cb:
            continue
        wr, wc = rr[ra:rb, ca:cb], cc[ra:rb, ca:cb]
        dr, dc = r1 - r0, c1 - c0
        ll = max(dr * dr + dc * dc, 1e-12)
        t = np.clip(((wr - r0) * dr + (wc - c0) * dc) / ll, 0.0, 1.0)
        d = np.hypot(wr - (r0 + t * dr), wc - (c0 + t * dc))
        np.minimum(dist[ra:rb, ca:cb], d, out=dist[ra:rb, ca:cb])
    w = width if wfield is None else width * wfield  # flanks of varying steepness
    prof = np.clip(1.0 - np.maximum(dist - 0.5, 0.0) / w, 0.0, 1.0)  # crest ~1 cell wide
    return prof ** 1.3


def _meander(rng: np.random.Generator, h: np.ndarray, start: Cell, goal: Cell,
             wiggle: float = 0.45) -> list[Cell]:
    """A natural winding 4-connected line of cells from start to goal.

    A point walks in steps of ~n/40 cells; at each step it tries a few headings around
    its current one and takes (softly) the one leading to the lowest ground a little
    ahead, pulled toward the goal more and more as it gets closer — so paths follow
    valleys and cross ridges at saddles. The polyline is rasterised 4-connected (S1).
    """
    n = h.shape[0]
    hmax = max(1.0, float(h.max()))
    step = max(1.0, n / 40)
    pos = np.array(start, dtype=np.float64)
    end = np.array(goal, dtype=np.float64)
    heading = math.atan2(*(end - pos))
    pts = [pos.copy()]
    for _ in range(int(8 * n / step) + 8):
        to_goal = end - pos
        dist = float(np.hypot(*to_goal))
        if dist <= 1.5 * step:
            break
        want = math.atan2(*to_goal)
        cands = heading + rng.normal(0, wiggle, size=5) + np.array([-0.8, -0.4, 0.0, 0.4, 0.8])
        look = pos[None, :] + 2 * step * np.stack([np.sin(cands), np.cos(cands)], axis=1)
        li = np.clip(np.rint(look), 0, n - 1).astype(np.int64)
        ground = h[li[:, 0], li[:, 1]] / hmax
        dev = np.abs((cands - want + math.pi) % (2 * math.pi) - math.pi)
        pull = 0.6 + 3.0 * step / max(dist, step)
        score = -3.0 * ground - pull * dev
        w = np.exp(4.0 * (score - score.max()))
        heading = float(cands[int(rng.choice(5, p=w / w.sum()))])
        pos = np.clip(pos + step * np.array([math.sin(heading), math.cos(heading)]), 0, n - 1)
        pts.append(pos.copy())
    pts.append(end)
    poly = np.array(pts)
    seg_len = np.abs(np.diff(poly, axis=0)).max(axis=1)
    dense = [poly[:1]]
    for p0, p1, ln in zip(poly[:-1], poly[1:], seg_len):
        t = np.linspace(0.0, 1.0, int(ln * 2) + 2)[1:, None]
        dense.append(p0 + t * (p1 - p0))
    grid = np.clip(np.rint(np.concatenate(dense)), 0, n - 1).astype(np.int64).tolist()
    cells: list[Cell] = [start]
    for r, c in grid:
        pr, pc = cells[-1]
        if (r, c) == (pr, pc):
            continue
        if r != pr and c != pc:  # keep it 4-connected (S1 steps): step over the lower corner
            cells.append((r, pc) if h[r, pc] <= h[pr, c] else (pr, c))
        cells.append((r, c))
    return cells


def _edge_pair(rng: np.random.Generator, n: int, vertical: bool) -> tuple[Cell, Cell]:
    lo, hi = (0, n) if n <= 8 else (n // 8, n - n // 8)
    a, b = int(rng.integers(lo, hi)), int(rng.integers(lo, hi))
    if vertical:
        return (0, a), (n - 1, b)
    return (a, 0), (b, n - 1)


def _dilate(mask: np.ndarray) -> np.ndarray:
    out = mask.copy()
    out[1:, :] |= mask[:-1, :]
    out[:-1, :] |= mask[1:, :]
    out[:, 1:] |= mask[:, :-1]
    out[:, :-1] |= mask[:, 1:]
    return out


# ---------------------------------------------------------------------------------------------
# Ground


def _ground(rng: np.random.Generator, p: Preset) -> tuple[np.ndarray, dict]:
    """Plains, hills, ridged mountains and ridge spines as integer heights.

    In height units (H = height scale, floor = plain level):
    hills  = 0.45·H · fbm above its 35th percentile (below it: plain);
    ridged = H · (1 - |2v - 1|)³ inside a low-frequency mountain mask (maps over 16x16);
    spines = H · crest · (1 - dist/width)^1.3 around a few curving polylines.
    Height = floor + max of the three, rounded.
    """
    n, H = p.size, height_scale(p)
    rr, cc = np.mgrid[0:n, 0:n].astype(np.float64)
    floor = 0 if H <= 6 else max(1, round(0.1 * H))
    top = H - floor
    base = _fbm(rng, n, max(3.0, n / 3), persistence=0.55)
    plain = np.percentile(base, 35)
    hills = 0.45 * top * np.clip((base - plain) / max(1e-9, 1.0 - plain), 0.0, 1.0) ** 1.2
    relief = hills
    if n > 16:
        mountains = _smoothstep(0.35, 0.7, _fbm(rng, n, n / 2.5, octaves=3))
        v = _fbm(rng, n, min(48.0, n / 4), octaves=4, persistence=0.5)
        ridged = (1.0 - np.abs(2.0 * v - 1.0)) ** 3
        relief = np.maximum(relief, top * ridged * mountains * (0.75 + 0.25 * base))
    nspines = {8: 1, 16: 2}.get(n, max(3, min(6, round(n / 48))))
    width = max(2.0, n / 28)
    saddles = 0.6 + 0.4 * _fbm(rng, n, max(3.0, n / 6), octaves=3)  # peaks and saddles along crests
    wfield = None
    if n <= 8:
        saddles = np.ones((n, n))
    elif n > 16:
        saddles = 0.5 + 0.5 * _fbm(rng, n, n / 10, octaves=4)
        wfield = 0.6 + 0.8 * _fbm(rng, n, n / 8, octaves=3)
    for _ in range(nspines):
        crest = rng.uniform(0.85, 1.0)
        prof = _spine(rng, n, rr, cc, width, rng.uniform(0.6, 1.0) * n, wfield)
        relief = np.maximum(relief, top * crest * prof * saddles * (0.85 + 0.15 * base))
    heights = floor + relief
    return np.rint(heights).astype(np.int64), {"floor": floor, "H": H}


def _carve_ravines(rng: np.random.Generator, h: np.ndarray, H: int, count: int) -> None:
    """Narrow cuts (沟壑): a walk between two random cells; core lowered by ~30 % of H."""
    n = h.shape[0]
    depth = max(2, round(0.3 * H))
    for _ in range(count):
        a = (int(rng.integers(n)), int(rng.integers(n)))
        ang = rng.uniform(0, 2 * math.pi)
        length = rng.uniform(0.25, 0.5) * n
        b = (int(np.clip(a[0] + length * math.sin(ang), 0, n - 1)),
             int(np.clip(a[1] + length * math.cos(ang), 0, n - 1)))
        core = np.zeros(h.shape, dtype=bool)
        for cell in _meander(rng, h, a, b, wiggle=0.6):
            core[cell] = True
        shoulder = _dilate(core) & ~core
        h[core] = np.maximum(0, h[core] - depth)
        if n > 16:
            h[shoulder] = np.maximum(0, h[shoulder] - depth // 2)


def _carve_paths(rng: np.random.Generator, h: np.ndarray, H: int, floor: int, count: int) -> None:
    """Paths (小路): edge-to-edge walks along low ground; cut to the pass level through ridges."""
    n = h.shape[0]
    level = floor + max(1, round(0.1 * H))
    flip = bool(rng.integers(2))
    for i in range(count):
        a, b = _edge_pair(rng, n, vertical=(i % 2 == 0) ^ flip)
        core = np.zeros(h.shape, dtype=bool)
        for cell in _meander(rng, h, a, b):
            core[cell] = True
        h[core] = np.minimum(h[core], level)
        if n > 16:
            shoulder = _dilate(core) & ~core
            h[shoulder] = np.minimum(h[shoulder], level + (h[shoulder] - level) // 2)


def _plateaus(h: np.ndarray, spawns, H: int, n: int) -> None:
    """One common flat level around every spawn, blended into the surroundings."""
    cells = np.array([cell for player in spawns for cell in player])
    radius = 1
    blend = 0 if n <= 16 else 3
    level = int(np.clip(np.rint(np.median(h[cells[:, 0], cells[:, 1]])), 0, round(0.25 * H)))
    rr, cc = np.mgrid[0:n, 0:n]
    d = np.full((n, n), 10 ** 9)
    for r, c in cells:
        d = np.minimum(d, np.maximum(np.abs(rr - r), np.abs(cc - c)))
    flat = d <= radius
    h[flat] = level
    for k in range(1, blend + 1):
        ring = d == radius + k
        t = k / (blend + 1)
        h[ring] = np.rint(level + (h[ring] - level) * t).astype(h.dtype)


def ridge_cells(heights: np.ndarray, H: int) -> int:
    """Size of the largest 8-connected group of cells at least 2/3 of the height scale."""
    high = heights >= math.ceil(2 * H / 3)
    n = heights.shape[0]
    seen = np.zeros_like(high)
    best = 0
    for r0, c0 in zip(*np.nonzero(high)):
        if seen[r0, c0]:
            continue
        stack, size = [(r0, c0)], 0
        seen[r0, c0] = True
        while stack:
            r, c = stack.pop()
            size += 1
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < n and 0 <= cc < n and high[rr, cc] and not seen[rr, cc]:
                        seen[rr, cc] = True
                        stack.append((rr, cc))
        best = max(best, size)
    return best


def generate(preset_key: str, players: int, seed: int, *, flat: bool = False) -> GameMap:
    """A natural map for ``preset_key`` and ``players`` players, fully determined by ``seed``.

    ``flat=True`` gives all-zero heights (the ``classic`` rule mode) with the same spawns.
    """
    p = _check_args(preset_key, players, seed)
    if p.board == "star":  # the Chinese-checkers star (S19a-S19h)
        return generate_star(p, players, seed, flat=flat)
    n = p.size
    spawns = place_spawns(np.zeros((n, n), dtype=np.int16), preset_key, players, seed, adjust=False)
    name = f"{p.key}-{players}p-{seed}" + ("-flat" if flat else "")
    if flat:
        return GameMap(heights=np.zeros((n, n), dtype=np.int16), spawns=spawns, name=name)
    rng = _rng(_STREAM_GROUND, seed)
    H = height_scale(p)
    min_ridge = max(3, n // 2)
    best, best_score = None, None
    for _attempt in range(30):  # redraw (same stream, so still deterministic) until good
        h, info = _ground(rng, p)
        _carve_ravines(rng, h, H, count=0 if n <= 8 else max(1, round(n / 32)))
        _carve_paths(rng, h, H, info["floor"], count=max(1, round(n / 24)))
        _plateaus(h, spawns, H, n)
        if n > 16:
            score = (int(h.max() >= round(0.8 * H)), int(h.max()))
            ok = bool(score[0])
        else:
            ridge = ridge_cells(h, H)
            score = (int(h.max() >= H - 1) + int(ridge >= min_ridge), ridge)
            ok = score[0] == 2
        if best_score is None or score > best_score:
            best, best_score = h, score
        if ok:
            break
    h = best
    h = np.clip(h, 0, None).astype(np.int16)
    return GameMap(heights=h, spawns=spawns, name=name)


def flat_map(preset_key: str, players: int, seed: int = 0) -> GameMap:
    """All-zero heights with the spawns ``generate`` would place (classic mode, S21)."""
    return generate(preset_key, players, seed, flat=True)
