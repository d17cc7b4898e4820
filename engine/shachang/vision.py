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
  distance D and its S4 path, computed once from the board geometry of
  ``engine.grids`` (the lattice, default the unbounded 4-neighbour square grid
  ``cells.PLANE``: ``offsets(R)`` the cells within R steps, ``span`` the number of
  line levels D, ``between`` the S4 path with the grid's default tie, "start" on
  squares), so the tables are the board's geometry by construction.  A lattice's
  cells are (row, col) indices of the heights array (``grids.hex_rows_lattice`` for a
  hex board stored as ``heights[r, q]``).  On a hex lattice a level whose line runs
  along a seam keeps both cells and the lower counts (S19f): ``np.minimum`` of the
  two before the per-level maximum (``_Table.seams``; never on squares).  Targets are sorted by D
  descending, so for every level k the targets with D > k (those having a
  level-k cell) are a *prefix* of the target list; the path entries are stored
  per level, unpadded (level k: the level-k cell of targets [0, n_k)).
* Exact slopes.  Dividing the S5 inequality by k*D > 0:
  ``D*y >= (D-k)*z + k*x  <=>  (y-z)/k >= (x-z)/D``.  The level-k cell of a
  path is at Chebyshev distance exactly k from O, and T at distance D, so with
  ``L = lcm(1..R)`` every cell C of the observer's (2R+1)-square window gets
  the integer slope ``S(C) = (h(C) - z) * (L // cheb(C))`` and
  ``T is blocked  <=>  max over its path cells P of S(P) >= S(T)``, exactly, in
  integers (int32 while |h-z|*L fits, else int64; for radii whose L would
  overflow int64 the direct form ``D*(y-z) + k*(z-x) >= 0`` is evaluated).
* ``_visible_padded`` / ``_eval_cells``: for M observers of one radius at
  once: one ``np.take`` on the flattened padded heights gathers the distinct
  cells the radius needs (the D >= 2 targets and their path cells, about half
  the (2R+1)^2 window) for every observer, directly in a (cells, M) layout so
  the observers are the contiguous axis; S is computed on that (two passes),
  one row gather lays out the path cells level by level and the targets, then
  per level k one ``np.maximum`` on the (n_k, M) prefix and one comparison with
  the targets' own S.  No Python loop over cells or over observers (only over
  the R-2 levels and the radius groups).
* ``_visible_one``: the same for a single observer (incremental add/remove,
  ``visible_from``): one window slice, one ``np.maximum.reduceat`` over the
  paths stored target-major; about ten numpy calls.
* Radius groups: a batch is sorted by radius once; runs of nearby radii may be
  evaluated together with the largest radius of the run (cells beyond each
  observer's own radius masked off), chosen by a small dynamic programme that
  weighs the fixed cost of a numpy batch against the extra work.
* ``VisionMap`` keeps its counts (int16) in a padded array (pad >= the largest
  radius seen, grown on demand), so a diamond never needs clipping: cells
  outside the map land in the pad, which is never read; ``counts`` is a view of
  the interior.  A single add/remove touches only the observer's own cells
  (fancy-index ``+=``; indices are unique within one observer); batches
  accumulate with ``np.add.at``.

The observer must stand on the map (``0 <= row < H``, ``0 <= col < W``).
"""
from __future__ import annotations

import copy
import math
import struct
from itertools import chain
from functools import lru_cache
from typing import Sequence

import numpy as np

from engine.grids import square_grid
from engine.shachang.cells import PLANE

Observer = tuple[int, int, int, int]  # (row, col, z, radius)

_chain = chain.from_iterable
_CHUNK = 1 << 20  # max (observers x path entries) evaluated in one numpy batch
_I32 = 2**31 - 1
_I64 = 2**62


# --------------------------------------------------------------------------- tables


class _Table:
    """Geometry of the radius-R ball of ``lattice`` (the diamond on squares), independent of the map."""

    def __init__(self, radius: int, lattice=PLANE):
        self.radius = radius
        self.lattice = lattice
        w = self.w = 2 * radius + 1
        o0 = (0, 0)
        span = lattice.span
        offs = lattice.offsets(radius)
        offs.sort(key=lambda o: (-span(o0, o), o[0], o[1]))  # D descending
        self.dr = np.array([o[0] for o in offs], dtype=np.intp)
        self.dc = np.array([o[1] for o in offs], dtype=np.intp)
        self.d = np.array([span(o0, o) for o in offs], dtype=np.intp)  # line levels (Chebyshev, S2)
        self.manh = np.array([lattice.distance(o0, o) for o in offs], dtype=np.intp)  # steps (S1)
        self._radmask = {}
        self.n = len(offs)
        self.n2 = int(np.count_nonzero(self.d >= 2))  # targets with at least one intermediate cell
        self.tgt_loc = (self.dr + radius) * w + (self.dc + radius)  # index in the flat window
        self.tgt2_loc = self.tgt_loc[: self.n2].copy()
        if lattice.kind == "square":  # S4: one cell per level, a tie going toward the observer
            paths = [lattice.between(o0, o) for o in offs[: self.n2]]
            paths2 = paths
        else:  # hex (S19f): on a seam both cells, the lower counts
            opts = [lattice.line_options(o0, o)[1:-1] for o in offs[: self.n2]]
            paths = [[op[0] for op in ol] for ol in opts]
            paths2 = [[op[-1] for op in ol] for ol in opts]
        pr, pc, tg, dd, kk = [], [], [], [], []
        pr2, pc2 = [], []
        levels = []  # (start, n_k) of each level k = 1..R-1 in the entry arrays
        for k in range(1, max(radius, 1)):
            n_k = int(np.count_nonzero(self.d > k))
            if n_k == 0:
                break
            levels.append((len(pr), n_k))
            for t in range(n_k):
                r, c = paths[t][k - 1]
                r2, c2 = paths2[t][k - 1]
                assert span(o0, (r, c)) == k == span(o0, (r2, c2))  # level-k cells are k levels from O
                pr.append(r)
                pc.append(c)
                pr2.append(r2)
                pc2.append(c2)
                tg.append(t)
                dd.append(int(self.d[t]))
                kk.append(k)
        self.levels = tuple(levels)
        self.cost = len(pr) + 3 * w * w + 2 * self.n  # rough work per observer (for _group_radii)
        self.e_pr = np.array(pr, dtype=np.intp)
        self.e_pc = np.array(pc, dtype=np.intp)
        self.e_tgt = np.array(tg, dtype=np.intp)
        self.e_d = np.array(dd, dtype=np.int64)
        self.e_k = np.array(kk, dtype=np.int64)
        e_loc = (self.e_pr + radius) * w + (self.e_pc + radius)
        self.e = len(e_loc)
        # the second cell of each level (the same cell but on a hex seam, S19f: the lower counts)
        self.seams = pr2 != pr or pc2 != pc
        self.e_pr2 = np.array(pr2, dtype=np.intp) if self.seams else self.e_pr
        self.e_pc2 = np.array(pc2, dtype=np.intp) if self.seams else self.e_pc
        e_loc2 = (self.e_pr2 + radius) * w + (self.e_pc2 + radius)
        self.all_loc = np.concatenate([e_loc, self.tgt2_loc])
        # the same entries target-major (for one observer: one np.maximum.reduceat)
        order = np.lexsort((self.e_k, self.e_tgt))
        self.all_loc_tm = np.concatenate([e_loc[order], self.tgt2_loc])
        self.e_loc2_tm = e_loc2[order]
        per_target = np.bincount(self.e_tgt, minlength=self.n2)
        self.starts_tm = np.concatenate([[0], np.cumsum(per_target)[:-1]]).astype(np.intp)
        # exact slope weights L // cheb(cell) over the window (centre: 0, never used)
        self.lcm = math.lcm(*range(1, radius + 1)) if radius >= 1 else 1
        cheb = np.array([span(o0, (i - radius, j - radius)) for i in range(w) for j in range(w)])
        lw = np.zeros(w * w, dtype=object)
        lw[cheb > 0] = [self.lcm // int(c) for c in cheb[cheb > 0]]
        self.lw32 = lw.astype(np.int32) if self.lcm <= _I32 else None
        self.lw64 = lw.astype(np.int64) if self.lcm <= _I64 else None
        # the distinct window cells a batch needs (targets with D >= 2 and their path cells)
        self.u_loc = np.unique(np.concatenate([self.all_loc, e_loc2]) if self.seams else self.all_loc)
        self.all_loc_u = np.searchsorted(self.u_loc, self.all_loc)  # all_loc as rows of u_loc
        self.e_loc2_u = np.searchsorted(self.u_loc, e_loc2)
        self.lw32u = None if self.lw32 is None else self.lw32[self.u_loc][:, None]  # (u, 1) columns
        self.lw64u = None if self.lw64 is None else self.lw64[self.u_loc][:, None]
        self.lw32sq = None if self.lw32 is None else self.lw32.reshape(w, w)  # square forms
        self.lw64sq = None if self.lw64 is None else self.lw64.reshape(w, w)

    def radmask(self, r: int) -> np.ndarray:
        """(n, 1) bool column: the targets within r steps (for observers of a smaller radius)."""
        v = self._radmask.get(r)
        if v is None:
            v = self._radmask[r] = (self.manh <= r)[:, None]
        return v


@lru_cache(maxsize=None)
def _table(radius: int, lattice=PLANE) -> _Table:
    return _Table(radius, lattice)


class _Flat:
    """A radius-R table laid out as flat offsets for row-major arrays of width ``wp``."""

    def __init__(self, radius: int, wp: int, lattice=PLANE):
        t = self.t = _table(radius, lattice)
        self.tgt_off = t.dr * wp + t.dc
        self.tgt2_off = self.tgt_off[: t.n2].copy()
        self.e_off = t.e_pr * wp + t.e_pc
        self.e_off2 = t.e_pr2 * wp + t.e_pc2
        r = t.radius
        self.u_off = (t.u_loc // t.w - r) * wp + (t.u_loc % t.w - r)  # flat offsets of t.u_loc from the centre


@lru_cache(maxsize=256)
def _flat(radius: int, wp: int, lattice=PLANE) -> _Flat:
    return _Flat(radius, wp, lattice)


_GROUP_OVERHEAD = 35000  # fixed cost of one batch (~50 us of numpy calls) in the units of _Table.cost


def _group_radii(radii: list[int], counts: list[int], lattice=PLANE) -> list[tuple[int, int]]:
    """Split sorted distinct radii into contiguous groups [i..j], each evaluated with radius[j].

    Minimises sum over groups of (_GROUP_OVERHEAD + observers in group * cost(radius[j])) by
    dynamic programming (a handful of radii, so O(q^2) is nothing).
    """
    q = len(radii)
    cost = [_table(r, lattice).cost if r >= 0 else 0 for r in radii]
    best = [0.0] + [float("inf")] * q  # best[j]: cheapest split of radii[:j]
    cut = [0] * (q + 1)
    for j in range(1, q + 1):
        n = 0
        for i in range(j, 0, -1):  # group radii[i-1 .. j-1]
            n += counts[i - 1]
            c = best[i - 1] + _GROUP_OVERHEAD + n * cost[j - 1]
            if c < best[j]:
                best[j], cut[j] = c, i - 1
    out = []
    j = q
    while j > 0:
        out.append((cut[j], j - 1))
        j = cut[j]
    return out[::-1]


def _slope_dtype(t: _Table, maxdiff: int):
    """int32 / int64 in which (h - z) * L // cheb is exact, or None (use the direct form)."""
    if t.lw32 is not None and maxdiff * t.lcm <= _I32:
        return np.int32
    if t.lw64 is not None and maxdiff * t.lcm <= _I64:
        return np.int64
    return None


def _eval_cells(s: np.ndarray, zs: np.ndarray, t: _Table, dt) -> np.ndarray:
    """Visible (n, M) bool from the heights ``s`` (u, M) of the cells ``t.u_loc`` around M observers.

    Observers are the contiguous (last) axis, so every numpy operation runs long inner loops.
    ``s`` is consumed (overwritten) when it already has dtype ``dt``.  ``zs`` (M,) observer heights;
    ``dt`` the slope dtype from ``_slope_dtype``.  Row j of the result is target j of the table.
    """
    m = s.shape[1]
    vis = np.ones((t.n, m), dtype=bool)
    if t.n2 == 0 or m == 0:
        return vis
    if s.dtype != dt:
        s = s.astype(dt)
    s -= zs.astype(dt, copy=False)
    s *= t.lw32u if dt == np.int32 else t.lw64u  # S(C) = (h(C) - z) * L // cheb(C)
    g = s[t.all_loc_u]                           # (e + n2, m): every path cell by level, then the targets
    if t.seams:                                  # hex seams (S19f): the lower of the two cells counts
        np.minimum(g[: t.e], s[t.e_loc2_u], out=g[: t.e])
    acc = g[: t.n2]                              # level 1 exists for every D >= 2 target
    for st, nk in t.levels[1:]:
        a = acc[:nk]
        np.maximum(a, g[st:st + nk], out=a)
    np.less(acc, g[t.e:], out=vis[: t.n2])       # visible <=> max S(P) < S(T)
    return vis


def _eval_direct(hp: np.ndarray, f: _Flat, bases: np.ndarray, zs: np.ndarray) -> np.ndarray:
    """Visible (M, n) bool, direct form ``D*(y-z) + k*(z-x) >= 0`` blocks, in int64.

    ``hp`` a flat padded heights array, ``bases`` flat observer positions in it.  Used when the
    exact slopes would overflow int64 (very large radius or heights), and by the tests.
    """
    t = f.t
    m = len(bases)
    vis = np.ones((m, t.n), dtype=bool)
    if t.n2 == 0 or m == 0:
        return vis
    e = len(f.e_off)
    if m * e > _CHUNK and m > 1:  # bound the temporaries; a loop over chunks, not observers
        step = max(1, _CHUNK // e)
        for s in range(0, m, step):
            vis[s:s + step] = _eval_direct(hp, f, bases[s:s + step], zs[s:s + step])
        return vis
    b = bases[:, None]
    z = zs.astype(np.int64)[:, None]
    zx = z - hp.take(b + f.tgt2_off).astype(np.int64)  # (m, n2): z - x per target
    y = hp.take(b + f.e_off).astype(np.int64)          # (m, e): y per path entry
    if t.seams:                                         # hex seams (S19f): the lower cell counts
        np.minimum(y, hp.take(b + f.e_off2), out=y)
    y -= z
    y *= t.e_d
    w = zx[:, t.e_tgt]
    w *= t.e_k
    y += w
    blk = y >= 0
    s0, n1 = t.levels[0]
    acc = blk[:, s0:s0 + n1].copy()
    for s, nk in t.levels[1:]:
        acc[:, :nk] |= blk[:, s:s + nk]
    np.logical_not(acc, out=vis[:, : t.n2])
    return vis


# --------------------------------------------------------------------------- free functions


def _visible_padded(hp2d: np.ndarray, maxabs: int, radius: int, bases: np.ndarray, zs: np.ndarray,
                    zmax: int | None = None, lattice=PLANE) -> np.ndarray:
    """Visible (n, M) bool for M observers of one radius at flat positions ``bases`` of ``hp2d``.

    Row j is target j of ``_table(radius)``, column i observer i.  ``hp2d`` (C-contiguous) is the
    terrain padded by at least ``radius`` on every side, ``maxabs`` a bound on its absolute values,
    ``zmax`` a bound on ``abs(zs)`` if the caller knows one.
    """
    t = _table(radius, lattice)
    m = len(bases)
    if t.n2 == 0 or m == 0:
        return np.ones((t.n, m), dtype=bool)
    if m * t.e > _CHUNK and m > 1:  # bound the temporaries; a loop over chunks, not observers
        step = max(1, _CHUNK // t.e)
        return np.concatenate([_visible_padded(hp2d, maxabs, radius, bases[s:s + step], zs[s:s + step], zmax, lattice)
                               for s in range(0, m, step)], axis=1)
    if zmax is None:
        zmax = int(np.abs(zs).max())
    dt = _slope_dtype(t, maxabs + zmax)
    f = _flat(radius, hp2d.shape[1], lattice)
    if dt is None:
        return _eval_direct(hp2d.reshape(-1), f, bases, zs).T
    # one gather, already in (cells, observers) layout
    return _eval_cells(hp2d.reshape(-1).take(f.u_off[:, None] + bases), zs, t, dt)


def _visible_one(hp2d: np.ndarray, maxabs: int, radius: int, prow: int, pcol: int, z: int,
                 lattice=PLANE) -> np.ndarray:
    """Visible (n,) bool of one observer at padded coordinates (prow, pcol): the incremental fast path.

    Same as ``_visible_padded(...)[:, 0]`` with about ten numpy calls (a march or an attack).
    """
    t = _table(radius, lattice)
    if t.n2 == 0:
        return np.ones(t.n, dtype=bool)
    dt = _slope_dtype(t, maxabs + abs(z))
    if dt is None:
        return _visible_padded(hp2d, maxabs, radius, np.array([prow * hp2d.shape[1] + pcol]),
                               np.array([z], dtype=np.int64), lattice=lattice)[:, 0]
    w = t.w
    r0, c0 = prow - radius, pcol - radius
    s = np.subtract(hp2d[r0:r0 + w, c0:c0 + w], z, dtype=dt)   # new contiguous (w, w)
    s *= t.lw32sq if dt == np.int32 else t.lw64sq
    g = s.reshape(-1)[t.all_loc_tm]
    if t.seams:  # hex seams (S19f): the lower of the two cells counts
        np.minimum(g[: t.e], s.reshape(-1)[t.e_loc2_tm], out=g[: t.e])
    vis = np.ones(t.n, dtype=bool)
    np.less(np.maximum.reduceat(g[: t.e], t.starts_tm), g[t.e:], out=vis[: t.n2])
    return vis


def diamond(shape: tuple[int, int], src: tuple[int, int], radius: int) -> np.ndarray:
    """Cells within ``radius`` steps (S1) of src, ignoring terrain (ghost vision, S9)."""
    return square_grid(shape[0], shape[1], 4).ball_mask(src, radius)


def _heights_dtype(maxabs: int):
    return np.int32 if maxabs <= 2**30 else np.int64


def visible_cells(heights: np.ndarray, src, z: int, radius: int, lattice=PLANE) -> tuple[np.ndarray, np.ndarray]:
    """The (rows, cols) of the cells one observer at src with height z sees within ``radius`` steps (S6), worked
    out on its (2R+1)-square window only (``visible_from`` as arrays of indices)."""
    h, w = heights.shape
    r0, c0 = int(src[0]), int(src[1])
    z, radius = int(z), int(radius)
    if radius < 0:
        return np.zeros(0, np.intp), np.zeros(0, np.intp)
    wp = 2 * radius + 1
    r_lo, r_hi = max(0, r0 - radius), min(h, r0 + radius + 1)
    c_lo, c_hi = max(0, c0 - radius), min(w, c0 + radius + 1)
    sub = heights[r_lo:r_hi, c_lo:c_hi]
    maxabs = int(np.abs(sub).max()) if sub.size else 0
    win = np.zeros((wp, wp), dtype=_heights_dtype(maxabs))
    win[r_lo - r0 + radius:r_hi - r0 + radius, c_lo - c0 + radius:c_hi - c0 + radius] = sub
    t = _table(radius, lattice)
    vis = _visible_one(win, maxabs, radius, radius, radius, z, lattice)
    rows = r0 + t.dr
    cols = c0 + t.dc
    keep = vis & (rows >= 0) & (rows < h) & (cols >= 0) & (cols < w)
    return rows[keep], cols[keep]


def visible_from(heights: np.ndarray, src, z: int, radius: int, lattice=PLANE) -> np.ndarray:
    """Cells one observer at src with height z sees within ``radius`` steps (S6), as a bool map.

    Same result as ``sight.visible_from_reference``; works on a (2R+1)-square window only.
    ``lattice``: the board's geometry (default the 4-neighbour square grid).
    """
    heights = np.asarray(heights)
    out = np.zeros(heights.shape, dtype=bool)
    out[visible_cells(heights, src, z, radius, lattice)] = True
    return out


def visible_many(heights: np.ndarray, observers: Sequence[Observer], lattice=PLANE) -> np.ndarray:
    """(len(observers), H, W) bool: ``visible_from`` of each observer, computed in batches per radius."""
    heights = np.asarray(heights)
    h, w = heights.shape
    vm = VisionMap(heights, 1, lattice=lattice)
    out = np.zeros((len(observers),) + heights.shape, dtype=bool)
    obs = np.asarray(observers, dtype=np.int64).reshape(-1, 4)
    for idx, t, vis, _base in vm._batches(obs, ignore_terrain=False):
        rows = t.dr[:, None] + obs[idx, 0]
        cols = t.dc[:, None] + obs[idx, 1]
        keep = vis & (rows >= 0) & (rows < h) & (cols >= 0) & (cols < w)
        which = np.broadcast_to(idx, keep.shape)
        out[which[keep], rows[keep], cols[keep]] = True
    return out


# --------------------------------------------------------------------------- VisionMap


class VisionMap:
    """For each player, how many of its observers see each cell; visible = count > 0.

    ``counts`` is an ``(n_players, H, W)`` int16 array, a view of a padded internal array.  When
    an observer with a radius larger than the current pad is added the internal array grows and
    ``counts`` becomes a new view, so read ``vm.counts`` again rather than keeping it.
    After the terrain changes, call ``set_heights`` and then ``reset``.
    """

    COUNT_DTYPE = np.int16  # at most max_units (32) observers per player, plus ghost visions

    def __init__(self, heights: np.ndarray, n_players: int, pad: int = 0, lattice=PLANE):
        self._lattice = lattice  # the board geometry's unbounded grid (engine.grids): steps, lines
        self.heights = np.asarray(heights)
        if self.heights.ndim != 2:
            raise ValueError("heights must be a 2-D array")
        self.n_players = int(n_players)
        self._pad = -1
        self._one = self.COUNT_DTYPE(1)
        self._alloc(max(int(pad), 0), keep_counts=False)

    # -- storage
    def _alloc(self, pad: int, keep_counts: bool) -> None:
        h, w = self.heights.shape
        hp_, wp = h + 2 * pad, w + 2 * pad
        pc = np.zeros((self.n_players, hp_, wp), dtype=self.COUNT_DTYPE)
        if keep_counts:
            pc[:, pad:pad + h, pad:pad + w] = self.counts
        self._pad, self._wp, self._size = pad, wp, hp_ * wp
        self._pc = pc
        self._pcf = pc.reshape(-1)
        self._offs = {}  # radius -> offsets for this pad and width
        self._refresh_heights()

    def _refresh_heights(self) -> None:
        h, w = self.heights.shape
        p = self._pad
        self._maxabs = int(np.abs(self.heights).max()) if self.heights.size else 0
        hp = np.zeros((h + 2 * p, w + 2 * p), dtype=_heights_dtype(self._maxabs))
        hp[p:p + h, p:p + w] = self.heights
        self._hp2d = hp

    # -- copying: ``_pcf`` is a flat view of ``_pc``; copies must rebuild it, not copy it
    def __getstate__(self):
        state = self.__dict__.copy()
        del state["_pcf"]
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._pcf = self._pc.reshape(-1)

    def __deepcopy__(self, memo):
        new = object.__new__(type(self))
        memo[id(self)] = new
        for k, v in self.__dict__.items():
            if k in ("_hp2d", "_offs", "_one", "_lattice"):  # replaced, never written in place: share
                new.__dict__[k] = v
            elif k != "_pcf":
                new.__dict__[k] = copy.deepcopy(v, memo)
        new._pcf = new._pc.reshape(-1)
        return new

    def _ensure(self, radius: int) -> None:
        if radius > self._pad:
            self._alloc(radius, keep_counts=True)

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
        h, w = self.heights.shape
        if not (0 <= r < h and 0 <= c < w):
            raise ValueError(f"observer {tuple(obs)} is off the {h}x{w} map")
        if not 0 <= player < self.n_players:
            raise ValueError(f"no player {player} (n_players={self.n_players})")
        if rad < 0:
            return np.zeros(0, dtype=np.intp)
        self._ensure(rad)
        p = self._pad
        off = (r + p) * self._wp + (c + p) + player * self._size
        f = _flat(rad, self._wp, self._lattice)
        if ignore_terrain:
            return f.tgt_off + off
        vis = _visible_one(self._hp2d, self._maxabs, rad, r + p, c + p, z, self._lattice)
        return f.tgt_off[vis] + off

    def add(self, player: int, obs: Observer, ignore_terrain: bool = False) -> None:
        """Count one more observer of ``player``."""
        cells = self._cells(player, obs, ignore_terrain)  # may grow the pad: index _pcf afterwards
        self._pcf[cells] += self._one

    def remove(self, player: int, obs: Observer, ignore_terrain: bool = False) -> None:
        """Forget one observer of ``player`` previously added with the same values."""
        cells = self._cells(player, obs, ignore_terrain)
        self._pcf[cells] -= self._one

    def move(self, player: int, old: Observer, new: Observer) -> None:
        """``remove(player, old)`` then ``add(player, new)`` (a march or an attack changed one unit)."""
        self.remove(player, old)
        self.add(player, new)

    # -- batches
    def _offsets(self, radius: int):
        """(u_off, tgt_off) of ``_flat(radius, Wp)`` shifted by the pad: indices from row * Wp + col."""
        v = self._offs.get(radius)
        if v is None:
            f = _flat(radius, self._wp, self._lattice)
            shift = self._pad * (self._wp + 1)
            v = self._offs[radius] = ((f.u_off + shift)[:, None], (f.tgt_off + shift)[:, None])
        return v

    def _batches(self, obs: np.ndarray, ignore_terrain: bool, players=None):
        """Yield (indices into obs, table, visible (n, m), flat cells base) per radius group.

        ``obs`` is an (M, 4) int array, ``players`` None or the (M,) players (planes of the counts;
        checked by the caller).  Row j of ``vis`` is target j of the table, whose cell is
        ``self._offsets(radius)[1][j] + base``.  Observers are sorted by radius once, so every
        group is a contiguous slice.  Observers of nearby radii may share one batch evaluated with
        the largest radius of the group (``_group_radii``); cells beyond an observer's own radius
        are then masked out, which is exact because a cell's sight line does not depend on the
        table it is taken from.
        """
        m = len(obs)
        if m == 0:
            return
        (rmin, cmin, zmin, r_lo), (rmax, cmax, zmax, r_hi) = obs.min(axis=0).tolist(), obs.max(axis=0).tolist()
        h, w = self.heights.shape
        if rmin < 0 or cmin < 0 or rmax >= h or cmax >= w:
            raise ValueError(f"an observer is off the {h}x{w} map")
        self._ensure(r_hi)
        if r_lo == r_hi:
            order = None
            groups = [(r_hi, 0, m, ())]
        else:
            order = np.argsort(obs[:, 3], kind="stable")
            obs = obs.take(order, axis=0)
            if players is not None:
                players = players.take(order)
            if r_lo >= 0:
                per = np.bincount(obs[:, 3] - r_lo).tolist()  # observers per radius, sorted
                rs = [r_lo + i for i, c in enumerate(per) if c]
                counts = [c for c in per if c]
            else:  # negative radii (no vision) sort first
                rs, counts = (v.tolist() for v in np.unique(obs[:, 3], return_counts=True))
            bounds = [0]
            for c in counts:
                bounds.append(bounds[-1] + c)
            groups = [(rs[j], bounds[i], bounds[j + 1],
                       [(rs[q], bounds[q] - bounds[i], bounds[q + 1] - bounds[i]) for q in range(i, j)])
                      for i, j in _group_radii(rs, counts, self._lattice)]
        wp = self._wp
        corner = obs @ np.array([wp, 1, 0, 0], dtype=np.int64)  # row * Wp + col
        base = corner if players is None else corner + players * self._size  # after _ensure: final size
        if not ignore_terrain:
            zmax = max(zmax, -zmin)
            zs = obs[:, 2].astype(np.int32) if zmax <= _I32 else obs[:, 2]
            hpf = self._hp2d.reshape(-1)
            shift = self._pad * (wp + 1)
        for rad, a, b, mixed in groups:  # mixed: (radius, start, end) of the smaller-radius runs
            if rad < 0:
                continue
            t = _table(rad, self._lattice)
            if ignore_terrain or t.n2 == 0:
                vis = np.ones((t.n, b - a), dtype=bool)
            else:
                dt = _slope_dtype(t, self._maxabs + zmax)
                if dt is None or (b - a) * t.e > _CHUNK:  # direct form / chunked: the general path
                    vis = _visible_padded(self._hp2d, self._maxabs, rad, corner[a:b] + shift, zs[a:b], zmax,
                                          self._lattice)
                else:
                    vis = _eval_cells(hpf.take(self._offsets(rad)[0] + corner[a:b]), zs[a:b], t, dt)
            for r_small, c0, c1 in mixed:  # runs of smaller radii in the group: drop cells beyond them
                vis[:, c0:c1] &= t.radmask(r_small)
            idx = np.arange(a, b) if order is None else order[a:b]
            yield idx, t, vis, base[a:b]

    def _batch_cells(self, obs: np.ndarray, ignore_terrain: bool, players=None) -> np.ndarray:
        """Flat indices into the padded counts of every cell every observer sees (with repeats)."""
        parts = []
        for _idx, t, vis, base in self._batches(obs, ignore_terrain, players):
            parts.append((self._offsets(t.radius)[1] + base)[vis])
        if not parts:
            return np.zeros(0, dtype=np.intp)
        return parts[0] if len(parts) == 1 else np.concatenate(parts)

    def _players(self, players, m: int) -> np.ndarray:
        pl = np.broadcast_to(np.asarray(players, dtype=np.int64), (m,))
        if m and (pl.min() < 0 or pl.max() >= self.n_players):
            raise ValueError(f"player out of range (n_players={self.n_players})")
        return pl

    @staticmethod
    def _as_obs(observers) -> np.ndarray:
        return np.asarray(observers, dtype=np.int64).reshape(-1, 4)

    def add_many(self, players, observers: Sequence[Observer], ignore_terrain: bool = False) -> None:
        """Add several observers at once; ``players`` is one player or one per observer."""
        obs = self._as_obs(observers)
        cells = self._batch_cells(obs, ignore_terrain, self._players(players, len(obs)))
        np.add.at(self._pcf, cells, self._one)

    def remove_many(self, players, observers: Sequence[Observer], ignore_terrain: bool = False) -> None:
        """Remove several observers at once (each previously added with the same values)."""
        obs = self._as_obs(observers)
        cells = self._batch_cells(obs, ignore_terrain, self._players(players, len(obs)))
        np.subtract.at(self._pcf, cells, self._one)

    def reset(self, observers: list[list[Observer]]) -> None:
        """Recompute every player's counts from scratch (terrain-bound observers only)."""
        if len(observers) > self.n_players:
            raise ValueError(f"{len(observers)} observer lists for {self.n_players} players")
        sizes = [len(o) for o in observers]
        total = sum(sizes)
        try:  # struct.pack reads a flat stream of ints faster than np.fromiter
            obs = np.frombuffer(struct.pack(f"{4 * total}q", *_chain(_chain(observers))), dtype=np.int64)
        except struct.error:  # not plain ints (floats, ...) or not 4 values each: the general path
            obs = np.fromiter(_chain(_chain(observers)), dtype=np.int64, count=4 * total)
        obs = obs.reshape(total, 4)
        players = np.repeat(np.arange(len(observers), dtype=np.int64), sizes)
        cells = self._batch_cells(obs, False, players)
        self._pcf.fill(0)
        np.add.at(self._pcf, cells, self._one)

    def visible(self, player: int) -> np.ndarray:
        """Bool map of the cells ``player``'s observers see."""
        return self.counts[player] > 0

    def visible_all(self) -> np.ndarray:
        """(n_players, H, W) bool: ``visible`` of every player."""
        return self.counts > 0
