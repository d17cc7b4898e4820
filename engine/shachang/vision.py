"""Player vision on a heightmap (S6, S7, S9): per-player counts of own observers seeing each cell.

Vectorised with numpy.  The rule (S4, S5, S6) is the one of ``engine.shachang.sight``:
a cell T within ``radius`` steps (Manhattan, S1) of observer O is visible when no
intermediate cell of the sight line O→T (S4, one per Chebyshev level k = 1..D-1)
satisfies ``D*y >= (D-k)*z + k*x`` with y the intermediate terrain height, z the
observer height and x the terrain height of T (S6).  O itself and every cell at
Chebyshev distance 1 are always visible (no intermediate cell).

Design
------
* ``_table(R)``: for every target offset of the radius-R diamond its Chebyshev
  distance D and its S4 path, computed once with ``sight_path`` (so the tables are
  the reference geometry by construction).  Targets are sorted by D descending,
  so for every level k the targets with D > k (those having a level-k cell) are
  a *prefix* of the target list.  The path entries are stored level-major and
  unpadded: level 1 for targets [0, n_1), level 2 for [0, n_2), ...
* ``_flat(R, Wp)``: the same offsets as flat indices into a row-major array of
  width Wp (a padded heights array, or a (2R+1)-wide window).
* ``_eval``: for M observers of one radius at once, gather y for every
  (observer, entry) with one ``np.take`` on the flattened padded heights, x per
  (observer, target), evaluate ``D*(y - z) + k*(z - x) >= 0`` in int32 (int64
  if the heights are large), then OR the levels together (R-2 prefix ORs on
  (M, n_k) planes).  No Python loop over cells or over observers.
* ``VisionMap`` keeps its counts in a padded array (pad >= the largest radius
  seen), so an observer's diamond never needs clipping: cells outside the map
  land in the pad, which is never read.  ``counts`` is a view of the interior.
  A single add/remove touches only the observer's own cells (fancy-index
  ``+=``, indices are unique within one observer); batches accumulate with
  ``np.add.at`` or ``np.bincount``, whichever is cheaper for their size.

The observer must stand on the map (``0 <= row < H``, ``0 <= col < W``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

import numpy as np

from engine.shachang.sight import sight_path

Observer = tuple[int, int, int, int]  # (row, col, z, radius)

_CHUNK = 1 << 20  # max (observers x path entries) evaluated in one numpy batch
_DEFAULT_PAD = 16  # radius 16 covers units of up to 2**10 - 1 soldiers (S3)


# --------------------------------------------------------------------------- tables


class _Table:
    """Geometry of the radius-R diamond, independent of the map."""

    __slots__ = ("radius", "dr", "dc", "d", "n", "n2", "levels", "e_pr", "e_pc", "e_tgt", "e_d", "e_k")

    def __init__(self, radius: int):
        self.radius = radius
        offs = [(dr, dc) for dr in range(-radius, radius + 1)
                for dc in range(-radius, radius + 1) if abs(dr) + abs(dc) <= radius]
        offs.sort(key=lambda o: (-max(abs(o[0]), abs(o[1])), o[0], o[1]))  # D descending
        self.dr = np.array([o[0] for o in offs], dtype=np.intp)
        self.dc = np.array([o[1] for o in offs], dtype=np.intp)
        self.d = np.maximum(np.abs(self.dr), np.abs(self.dc))
        self.n = len(offs)
        self.n2 = int(np.count_nonzero(self.d >= 2))  # targets having at least one intermediate cell
        paths = [sight_path((0, 0), o) for o in offs[: self.n2]]
        pr, pc, tg, dd, kk = [], [], [], [], []
        levels = []  # (start, n_k) of each level k = 1..R-1 in the entry arrays
        for k in range(1, max(radius, 1)):
            n_k = int(np.count_nonzero(self.d > k))
            if n_k == 0:
                break
            levels.append((len(pr), n_k))
            for t in range(n_k):
                r, c = paths[t][k - 1]
                pr.append(r)
                pc.append(c)
                tg.append(t)
                dd.append(int(self.d[t]))
                kk.append(k)
        self.levels = tuple(levels)
        self.e_pr = np.array(pr, dtype=np.intp)
        self.e_pc = np.array(pc, dtype=np.intp)
        self.e_tgt = np.array(tg, dtype=np.intp)
        self.e_d = np.array(dd, dtype=np.int64)
        self.e_k = np.array(kk, dtype=np.int64)


@lru_cache(maxsize=None)
def _table(radius: int) -> _Table:
    return _Table(radius)


class _Flat:
    """A radius-R table laid out as flat offsets for row-major arrays of width ``wp``."""

    __slots__ = ("t", "tgt_off", "tgt2_off", "e_off", "cy", "cx", "cy64", "cx64", "levels", "n", "n2", "e")

    def __init__(self, radius: int, wp: int):
        t = _table(radius)
        self.t = t
        self.n, self.n2, self.levels = t.n, t.n2, t.levels
        self.tgt_off = t.dr * wp + t.dc
        self.tgt2_off = self.tgt_off[: t.n2].copy()
        self.e_off = t.e_pr * wp + t.e_pc
        self.e = len(self.e_off)
        self.cy64, self.cx64 = t.e_d, t.e_k
        self.cy, self.cx = t.e_d.astype(np.int32), t.e_k.astype(np.int32)


@lru_cache(maxsize=256)
def _flat(radius: int, wp: int) -> _Flat:
    return _Flat(radius, wp)


def _eval(hp: np.ndarray, f: _Flat, bases: np.ndarray, zs: np.ndarray) -> np.ndarray:
    """Visible (M, n) bool for M observers of one radius at flat positions ``bases`` of ``hp``.

    ``hp`` is a flat heights array (int32 or int64), padded so that every diamond cell of every
    base is inside it; ``zs`` the observer heights (same dtype as hp).  Column j is target j of
    the table (``f.tgt_off[j]``).
    """
    m = len(bases)
    vis = np.ones((m, f.n), dtype=bool)
    if f.n2 == 0 or m == 0:
        return vis
    if m * f.e > _CHUNK and m > 1:  # bound the temporaries; a loop over chunks, not observers
        step = max(1, _CHUNK // f.e)
        for s in range(0, m, step):
            vis[s:s + step] = _eval(hp, f, bases[s:s + step], zs[s:s + step])
        return vis
    big = hp.dtype == np.int64
    cy, cx = (f.cy64, f.cx64) if big else (f.cy, f.cx)
    b = bases[:, None]
    z = zs[:, None]
    # blocked  <=>  D*y >= (D-k)*z + k*x  <=>  D*(y - z) + k*(z - x) >= 0
    zx = z - hp.take(b + f.tgt2_off)            # (m, n2): z - x per target
    y = hp.take(b + f.e_off)                     # (m, e): y per path entry
    y -= z
    y *= cy
    w = zx[:, f.t.e_tgt]                         # (m, e): z - x of each entry's target
    w *= cx
    y += w
    blk = y >= 0                                 # (m, e)
    s0, n1 = f.levels[0]
    acc = blk[:, s0:s0 + n1].copy()              # (m, n2), level 1 covers every D >= 2 target
    for s, nk in f.levels[1:]:
        acc[:, :nk] |= blk[:, s:s + nk]
    np.logical_not(acc, out=vis[:, : f.n2])
    return vis


def _int_dtype(maxabs: int, radius: int):
    """int32 when D*(y-z) + k*(z-x) cannot overflow it, else int64."""
    return np.int32 if (4 * maxabs + 4) * (max(radius, 1) + 1) < 2**31 else np.int64


# --------------------------------------------------------------------------- free functions


def diamond(shape: tuple[int, int], src: tuple[int, int], radius: int) -> np.ndarray:
    """Cells within ``radius`` steps of src, ignoring terrain (ghost vision, S9)."""
    h, w = shape
    rr, cc = np.ogrid[:h, :w]
    return (np.abs(rr - src[0]) + np.abs(cc - src[1])) <= radius


def visible_from(heights: np.ndarray, src, z: int, radius: int) -> np.ndarray:
    """Cells one observer at src with height z sees within ``radius`` steps (S6), as a bool map.

    Same result as ``sight.visible_from_reference``; works on a (2R+1)-square window only.
    """
    heights = np.asarray(heights)
    h, w = heights.shape
    r0, c0 = int(src[0]), int(src[1])
    z, radius = int(z), int(radius)
    out = np.zeros((h, w), dtype=bool)
    if radius < 0:
        return out
    wp = 2 * radius + 1
    r_lo, r_hi = max(0, r0 - radius), min(h, r0 + radius + 1)
    c_lo, c_hi = max(0, c0 - radius), min(w, c0 + radius + 1)
    sub = heights[r_lo:r_hi, c_lo:c_hi]
    maxabs = max(abs(z), int(np.abs(sub).max()) if sub.size else 0)
    dt = _int_dtype(maxabs, radius)
    win = np.zeros((wp, wp), dtype=dt)
    win[r_lo - r0 + radius:r_hi - r0 + radius, c_lo - c0 + radius:c_hi - c0 + radius] = sub
    f = _flat(radius, wp)
    vis = _eval(win.reshape(-1), f, np.array([radius * wp + radius], dtype=np.intp), np.array([z], dtype=dt))[0]
    rows = r0 + f.t.dr
    cols = c0 + f.t.dc
    keep = vis & (rows >= 0) & (rows < h) & (cols >= 0) & (cols < w)
    out[rows[keep], cols[keep]] = True
    return out


def visible_many(heights: np.ndarray, observers: Sequence[Observer]) -> np.ndarray:
    """(len(observers), H, W) bool: ``visible_from`` of each observer, computed in batches per radius."""
    heights = np.asarray(heights)
    vm = VisionMap(heights, 1)
    out = np.zeros((len(observers),) + heights.shape, dtype=bool)
    for idx, f, bases, vis in vm._batches(observers, ignore_terrain=False):
        rows = (bases[:, None] // vm._wp - vm._pad) + f.t.dr[None, :]
        cols = (bases[:, None] % vm._wp - vm._pad) + f.t.dc[None, :]
        h, w = heights.shape
        keep = vis & (rows >= 0) & (rows < h) & (cols >= 0) & (cols < w)
        which = np.broadcast_to(idx[:, None], keep.shape)
        out[which[keep], rows[keep], cols[keep]] = True
    return out


# --------------------------------------------------------------------------- VisionMap


class VisionMap:
    """For each player, how many of its observers see each cell; visible = count > 0.

    ``counts`` is an ``(n_players, H, W)`` int32 array (a view of a padded internal array;
    if an observer with a radius larger than the pad is added the internal array grows and
    ``counts`` becomes a new view, so read ``vm.counts`` again rather than keeping it).
    After the terrain changes, call ``set_heights`` and then ``reset``.
    """

    def __init__(self, heights: np.ndarray, n_players: int, pad: int = _DEFAULT_PAD):
        self.heights = np.asarray(heights)
        self.n_players = int(n_players)
        self._pad = -1
        self._alloc(max(int(pad), 0), keep_counts=False)

    # -- storage
    def _alloc(self, pad: int, keep_counts: bool) -> None:
        h, w = self.heights.shape
        hp_, wp = h + 2 * pad, w + 2 * pad
        pc = np.zeros((self.n_players, hp_, wp), dtype=np.int32)
        if keep_counts:
            pc[:, pad:pad + h, pad:pad + w] = self.counts
        self._pad, self._wp, self._size = pad, wp, hp_ * wp
        self._pc = pc
        self._pcf = pc.reshape(-1)
        self._refresh_heights()

    def _refresh_heights(self) -> None:
        h, w = self.heights.shape
        p = self._pad
        maxabs = int(np.abs(self.heights).max()) if self.heights.size else 0
        self._maxabs = maxabs
        self._dt = _int_dtype(maxabs + 1024, p)  # leave room for z = terrain + soldiers
        hp = np.zeros((h + 2 * p, w + 2 * p), dtype=self._dt)
        hp[p:p + h, p:p + w] = self.heights
        self._hp = hp.reshape(-1)

    def _ensure(self, radius: int, z: int = 0) -> None:
        if radius > self._pad:
            self._alloc(max(radius, 2 * self._pad), keep_counts=True)
        if self._dt == np.int32 and _int_dtype(max(self._maxabs, abs(z)) + 1024, self._pad) != np.int32:
            self._dt = np.int64
            self._hp = self._hp.astype(np.int64)

    @property
    def counts(self) -> np.ndarray:
        p = self._pad
        h, w = self.heights.shape
        return self._pc[:, p:p + h, p:p + w]

    @counts.setter
    def counts(self, value) -> None:
        self.counts[...] = value

    def set_heights(self, heights: np.ndarray) -> None:
        """Use new terrain (same shape) for later computations; call ``reset`` to recompute."""
        heights = np.asarray(heights)
        if heights.shape != self.heights.shape:
            raise ValueError(f"heights shape {heights.shape} != {self.heights.shape}")
        self.heights = heights
        self._refresh_heights()

    # -- one observer
    def _cells(self, player: int, obs: Observer, ignore_terrain: bool) -> np.ndarray:
        """Flat indices into the padded counts of the cells ``obs`` sees (unique)."""
        r, c, z, rad = int(obs[0]), int(obs[1]), int(obs[2]), int(obs[3])
        if rad < 0:
            return np.zeros(0, dtype=np.intp)
        self._ensure(rad, z)
        p = self._pad
        base = (r + p) * self._wp + (c + p)
        f = _flat(rad, self._wp)
        off = base + player * self._size
        if ignore_terrain:
            return f.tgt_off + off
        vis = _eval(self._hp, f, np.array([base], dtype=np.intp), np.array([z], dtype=self._dt))[0]
        return f.tgt_off[vis] + off

    def add(self, player: int, obs: Observer, ignore_terrain: bool = False) -> None:
        """Count one more observer of ``player``."""
        self._pcf[self._cells(player, obs, ignore_terrain)] += 1

    def remove(self, player: int, obs: Observer, ignore_terrain: bool = False) -> None:
        """Forget one observer of ``player`` previously added with the same values."""
        self._pcf[self._cells(player, obs, ignore_terrain)] -= 1

    def move(self, player: int, old: Observer, new: Observer) -> None:
        """``remove(player, old)`` then ``add(player, new)`` (a march or an attack changed one unit)."""
        self.remove(player, old)
        self.add(player, new)

    # -- batches
    def _batches(self, observers, ignore_terrain: bool):
        """Yield (indices into observers, flat table, padded bases, visible (m, n)) per radius."""
        obs = np.asarray(observers, dtype=np.int64).reshape(-1, 4)
        if len(obs) == 0:
            return
        rmax = int(obs[:, 3].max())
        zmax = int(np.abs(obs[:, 2]).max())
        self._ensure(rmax, zmax)
        p = self._pad
        bases_all = (obs[:, 0] + p) * self._wp + (obs[:, 1] + p)
        radii = obs[:, 3]
        for rad in np.unique(radii):
            rad = int(rad)
            if rad < 0:
                continue
            idx = np.flatnonzero(radii == rad)
            f = _flat(rad, self._wp)
            bases = bases_all[idx].astype(np.intp)
            if ignore_terrain:
                vis = np.ones((len(idx), f.n), dtype=bool)
            else:
                vis = _eval(self._hp, f, bases, obs[idx, 2].astype(self._dt))
            yield idx, f, bases, vis

    def _batch_cells(self, players, observers, ignore_terrain: bool) -> np.ndarray:
        obs = np.asarray(observers, dtype=np.int64).reshape(-1, 4)
        pl = np.broadcast_to(np.asarray(players, dtype=np.intp), (len(obs),))
        parts = []
        for idx, f, bases, vis in self._batches(obs, ignore_terrain):
            cell = (bases + pl[idx] * self._size)[:, None] + f.tgt_off[None, :]
            parts.append(cell[vis])
        if not parts:
            return np.zeros(0, dtype=np.intp)
        return parts[0] if len(parts) == 1 else np.concatenate(parts)

    def _accumulate(self, cells: np.ndarray, sign: int) -> None:
        if len(cells) * 6 < self._pcf.size:
            np.add.at(self._pcf, cells, sign)
        else:
            binc = np.bincount(cells, minlength=self._pcf.size)
            if sign > 0:
                self._pcf += binc.astype(np.int32, copy=False)
            else:
                self._pcf -= binc.astype(np.int32, copy=False)

    def add_many(self, players, observers: Sequence[Observer], ignore_terrain: bool = False) -> None:
        """Add several observers at once; ``players`` is one player or one per observer."""
        self._accumulate(self._batch_cells(players, observers, ignore_terrain), 1)

    def remove_many(self, players, observers: Sequence[Observer], ignore_terrain: bool = False) -> None:
        """Remove several observers at once (each previously added with the same values)."""
        self._accumulate(self._batch_cells(players, observers, ignore_terrain), -1)

    def reset(self, observers: list[list[Observer]]) -> None:
        """Recompute every player's counts from scratch (terrain-bound observers only)."""
        flat, pl = [], []
        for p, obs_list in enumerate(observers):
            flat.extend(obs_list)
            pl.extend([p] * len(obs_list))
        cells = self._batch_cells(np.array(pl, dtype=np.intp), flat, False)
        if len(cells) * 6 < self._pcf.size:
            self._pcf.fill(0)
            np.add.at(self._pcf, cells, 1)
        else:
            self._pcf[...] = np.bincount(cells, minlength=self._pcf.size)

    def visible(self, player: int) -> np.ndarray:
        """Bool map of the cells ``player``'s observers see."""
        return self.counts[player] > 0

    def visible_all(self) -> np.ndarray:
        """(n_players, H, W) bool: ``visible`` of every player."""
        return self.counts > 0
