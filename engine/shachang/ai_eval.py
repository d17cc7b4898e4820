"""Evaluation of a planned end-of-turn position for the 沙场秋点兵 computer players.

The score of a position (the seat's units where its turn would end) is, in
soldiers:

* ``- loss``: the enemy's expected shots next turn. Every known enemy unit
  shoots once: it counts 1 when one of our units stands within its attack
  range (S3) on a cell it can see past the terrain (S6 vision line from its
  height, so a unit hidden behind a ridge is safe), and ``soft`` when it can
  only reach us after other units of its owner merge into it (集合 raises
  the range). Sightings from earlier turns count with a decaying weight.
* ``- reinforcement ambush``: an enemy that has lost soldiers may place them
  next to any of our units it sees (S14) and shoot at once; we count
  ``min(estimated room, our units in its vision)``.
* ``+ chances``: each of our units that will have an enemy in range and in
  sight next turn (if the enemy stays) counts ``opp``.
* ``- approach``: soldier-weighted steps to the nearest target (known enemies,
  else the nearest unexplored ground), so idle armies close in.
* ``+ block``: standing on an enemy spawn cell where it must reinforce
  (tabletop and classic rules, S13).

Everything is kept as counters so that trying one unit's march changes the
score in time proportional to the threats on the cells it touches.
"""
from __future__ import annotations

import numpy as np

from engine.shachang.ai_march import terms_of
from engine.shachang.ai_model import METER, WORK_CHANGE, WORK_THREATS, WORK_VISION, Model, line_clear, steps
from engine.shachang.ai_vision import visible_count
from engine.shachang.rules import attack_range, vision_range
from engine.shachang.vision import diamond, visible_from


class Weights:
    """Tuning of the evaluation (soldiers as the unit)."""

    def __init__(self, **kw):
        self.loss = 1.0  # an enemy shot at us next turn
        self.soft = 0.45  # a shot needing the enemy to merge first
        self.reinf = 0.8  # an ambush shot by enemy reinforcements
        self.opp = 0.4  # one of our units with a target next turn
        self.opp_more = 0.05  # every further target of that unit
        self.approach = 0.012  # per soldier and step towards the targets
        self.block = 0.6  # on an enemy spawn it needs
        self.kill = 1.0  # a soldier shot this turn
        self.wipe = 0.6  # bonus for wiping out a unit (one fewer enemy shot)
        self.old_decay = 0.6  # weight of a sighting per turn of age
        self.spread = 0.0  # bonus per own unit (more shots, more eyes)
        self.fog = 0.0  # per unit ending near fog an enemy stack could shoot from
        self.seen = 0.0  # per unit ending in sight of a known enemy unit (out of range or not)
        self.mass = 0.0  # per soldier and doubling: big stacks see and shoot farther (S3)
        for k, v in kw.items():
            setattr(self, k, v)


class VisCache:
    """visible_from results for one turn, keyed by (cell, z, radius)."""

    def __init__(self, h: np.ndarray):
        self.h = h
        self.d: dict = {}
        self.counted: set = set()  # vision maps the meter has counted this turn
        self.opp: dict = {}  # (cell, count, enemies) -> (targets in range and sight, work it took)
        self.cells: dict = {}  # key -> the cells of a map as tuples, in np.argwhere order
        self._shared: dict = {}  # (what, key) -> dict shared by the scores of the turn (ai_march)
        self._tags: dict = {}  # id -> (object, tag): objects named in keys, kept alive meanwhile
        self._interned: dict = {}
        self._rows: dict = {}
        self.target_maps: dict = {}  # points -> steps to the nearest (replies' target maps)
        self.threats: dict = {}  # enemies and rooms -> a Threats' maps (Threats.__init__)
        self.marches: dict = {}  # a unit's options on a score's state -> their values (ai_march)
        self.loads: dict = {}  # a new score's inputs and own units -> its state after Threats.load

    def shared(self, what: str, key) -> dict:
        """A dict shared by everything of the turn that has the same ``key``."""
        k = (what, key)
        d = self._shared.get(k)
        if d is None:
            d = self._shared[k] = {}
        return d

    def rows(self, arr) -> list:
        """The rows of a 2-D map as lists, each filled in by the caller on first use (None before),
        once per array for this cache's life: element reads without numpy."""
        t = self.tag(arr)
        v = self._rows.get(t)
        if v is None:
            v = self._rows[t] = [None] * arr.shape[0]
        return v

    def intern(self, key) -> int:
        """A small number for ``key`` (equal keys, equal numbers) for this cache's life."""
        v = self._interned.get(key)
        if v is None:
            v = self._interned[key] = len(self._interned)
        return v

    def tag(self, obj):
        """A small number naming ``obj`` for this cache's life (None for None)."""
        if obj is None:
            return None
        e = self._tags.get(id(obj))
        if e is None:
            e = self._tags[id(obj)] = (obj, len(self._tags))
        return e[1]

    def cells_of(self, key, make) -> list:
        """The True cells of the map ``make()`` (as tuples, row by row), kept under ``key``."""
        v = self.cells.get(key)
        if v is None:
            v = self.cells[key] = list(map(tuple, np.argwhere(make()).tolist()))
        return v

    def get(self, cell, z: int, radius: int) -> np.ndarray:
        """``visible_from`` kept for the turn; the meter counts a vision map the first time asked."""
        k = (cell, z, radius)
        v = self.d.get(k)
        if v is None:
            v = visible_from(self.h, cell, z, radius)
            self.d[k] = v
            self.asked(k)
        return v

    def asked(self, k: tuple) -> None:
        """Count the vision map ``k`` = (cell, z, radius) once a turn, as ``get`` does, also when it
        was only counted into (``FogRisk``) and never drawn."""
        if k not in self.counted:
            self.counted.add(k)
            METER.n += WORK_VISION


class Threats:
    """The enemy's reach as seen from one planned position of the seat (built once per position)."""

    def __init__(self, m: Model, w: Weights, cache: VisCache, r_est: dict, targets: np.ndarray | None,
                 enemy_spawns: dict | None = None, fog=None):
        self.m = m
        self.fog = fog if (fog is not None and w.fog > 0) else None
        self.w = w
        self.cache = cache
        METER.n += WORK_THREATS
        h = m.h
        self.at: dict = {}  # cell -> list of (enemy index, kind 0 hard / 1 soft)
        self.weight: list[float] = []
        enemies = [(c, v[0], v[1], 1.0) for c, v in m.enemy.items()]
        for c, (o, n, age) in m.old_enemy.items():
            if age <= 3:
                enemies.append((c, o, n, w.old_decay ** age))
        self.enemies = enemies
        r_est = dict(r_est)
        for o, wiped, cell, before in m.hits:  # every shot this turn frees room for an ambush (S13)
            r_est[o] = min(m.cap, r_est.get(o, 0) + 1)
        # the scores of a turn built from the same enemies share these maps (read only)
        key = (tuple(enemies), tuple(r_est.items()), m.cap, m.move, m.fog, w.seen > 0,
               tuple((o, cell, before) for o, wiped, cell, before in m.hits if wiped))
        built = cache.threats.get(key)
        if built is None:
            by_owner: dict = {}
            for c, o, n, wt in enemies:
                by_owner.setdefault(o, []).append((c, n))
            self._build(m, w, cache, enemies, by_owner, r_est)
            # and what ai_march.Terms keys its shared tables with (small numbers for big keys)
            sighted = tuple((c, o, n) for c, o, n, wt in enemies if wt >= 0.99)
            wiped = tuple((o, c, b) for o, wp, c, b in m.hits if wp)
            built = cache.threats[key] = (
                self.at, self.weight, self.owner_vis, self.seen_map, self.r_est, cache.intern(sighted),
                cache.intern((m.fog, sighted, wiped, tuple(self.r_est), tuple(self.owner_vis))), {})
        else:
            self.at, self.weight, self.owner_vis, self.seen_map, self.r_est = built[:5]
        self._sighted_id, self._owners_id, self._enemy_w = built[5:]
        self.targets = targets
        self.spawn_block = set()
        if enemy_spawns and m.mode != "digital":
            for o, cells in enemy_spawns.items():
                if not m.players[o].out:
                    self.spawn_block |= set(cells)
        self.opp_cache: dict = {}
        # counters
        self.n_hard = [0] * len(enemies)
        self.n_soft = [0] * len(enemies)
        self.exposed = {o: 0 for o in self.r_est}
        self.total = 0.0
        self._live_enemies = [(c, v[1]) for c, v in m.enemy.items()]
        self._enemy_key = cache.intern((m.mode, tuple(m.enemy)))

    def _build(self, m: Model, w: Weights, cache: VisCache, enemies: list, by_owner: dict, r_est: dict) -> None:
        """Which enemy threatens which cell (hard: in range and sight; soft: after merging), the
        owners' sight and the estimated reinforcement room."""
        h = m.h
        self.owner_vis: dict = {}
        self.seen_map = None
        for i, (c, o, n, wt) in enumerate(enemies):
            self.weight.append(wt)
            z = int(h[c]) + n
            # reinforcements placed on the unit itself lengthen its range at once (S3, S14)
            r = attack_range(n + min(r_est.get(o, 0), max(0, m.cap - n)))
            hard = cache.get(c, z, r)
            pot = n + sum(n2 for c2, n2 in by_owner[o] if c2 != c and steps(c, c2) <= m.move)
            pot = min(pot, max(n, m.cap))
            rp = attack_range(pot)
            at = self.at
            for cell in cache.cells_of((c, z, r), lambda: hard):
                lst = at.get(cell)
                if lst is None:
                    at[cell] = [(i, 0)]
                else:
                    lst.append((i, 0))
            if rp > r:
                zp = int(h[c]) + pot
                cache.get(c, zp, rp)  # counted as before (a vision map), cached
                for cell in cache.cells_of((c, z, r, zp, rp), lambda: cache.get(c, zp, rp) & ~hard):
                    lst = at.get(cell)
                    if lst is None:
                        at[cell] = [(i, 1)]
                    else:
                        lst.append((i, 1))
            if wt >= 0.99 and m.fog:
                v = cache.get(c, z, vision_range(n))
                ov = self.owner_vis.get(o)
                self.owner_vis[o] = v if ov is None else (ov | v)
        if w.seen > 0 and self.owner_vis:
            for v in self.owner_vis.values():
                self.seen_map = v.copy() if self.seen_map is None else (self.seen_map | v)
        # ghost vision of the units this plan wipes out (S9)
        for o, wiped, cell, before in m.hits:
            if wiped and m.fog:
                g = diamond(h.shape, cell, vision_range(max(1, before)))
                ov = self.owner_vis.get(o)
                self.owner_vis[o] = g if ov is None else (ov | g)
        self.r_est = {o: r for o, r in r_est.items() if r > 0}
        if not m.fog:
            self.owner_vis = {o: None for o in self.r_est}

    # ------------------------------------------------------------------ parts
    def opp(self, cell, count: int) -> float:
        k = (cell, count)
        v = self.opp_cache.get(k)
        if v is not None:
            return v
        # the same count for every score of the turn with these enemies: worked out once, the sight
        # lines it took counted again (the meter counts the logical work, see ai_model.Meter)
        n, work = self.opp_count(cell, count)
        METER.n += work
        v = 0.0 if n == 0 else self.w.opp + self.w.opp_more * (n - 1)
        self.opp_cache[k] = v
        return v

    def opp_count(self, cell, count: int) -> tuple:
        """(our targets in range and sight from ``cell`` with ``count`` soldiers, the work it took),
        shared by the scores of the turn with the same enemies."""
        sk = (cell, count, self._enemy_key)
        hit = self.cache.opp.get(sk)
        if hit is None:
            w0 = METER.n
            m = self.m
            r = attack_range(count)
            z = int(m.h[cell]) + count
            n = 0
            r0, c0 = cell
            for c, en in self._live_enemies:
                if abs(c[0] - r0) + abs(c[1] - c0) > r:  # steps (S1)
                    continue
                if m.mode == "classic" or line_clear(m.h, cell, c, z, int(m.h[c])):
                    n += 1
            hit = self.cache.opp[sk] = (n, METER.n - w0)
            METER.n = w0
        return hit

    def change(self, cell, count: int, sign: int) -> None:
        """Add (sign=+1) or remove (sign=-1) one own unit of ``count`` soldiers on ``cell``.

        The running total changes term by term, in this order: each enemy threatening the cell
        (``loss`` or ``soft`` when its counter leaves or reaches 0), each owner's ambush room in
        whose sight the cell is, our shot chances, approach, spawn block, fog risk, enemy sight,
        spread, mass; the deltas come from ``ai_march.Terms`` (shared by the scores of a turn)."""
        METER.n += WORK_CHANGE
        X = terms_of(self)
        t = self.total
        for d in (X.add(cell, count) if sign > 0 else X.remove(cell, count)):
            t += d
        self.total = t
        X.counters(cell, sign)

    def load(self) -> None:
        """Add every own unit of the model, in its order, to a new score. A score of the same
        inputs loaded with the same units ends the same (counters, running total, the per-cell
        parts it asked for): that is kept for the search (``VisCache.loads``), and a repeat
        registers those parts and counts the same work (less the vision maps the first load was
        the first to ask for: a map counts once a turn)."""
        X = terms_of(self)
        key = (X.ident, tuple((c, v[0]) for c, v in self.m.own.items()))
        cache = self.cache
        hit = cache.loads.get(key) if not self.opp_cache else None
        if hit is not None:
            total, nh, ns, exposed, keys, work = hit
            self.total = total
            self.n_hard[:] = nh
            self.n_soft[:] = ns
            self.exposed.update(exposed)
            oc, shared = self.opp_cache, X.shared_static
            for k in keys:
                oc[k] = shared[k[1]][k[0]][1]
            METER.n += work
            return
        fresh = not self.opp_cache and self.total == 0.0
        w0, v0 = METER.n, len(cache.counted)
        for c, v in self.m.own.items():
            self.change(c, v[0], 1)
        if fresh:
            cache.loads[key] = (self.total, tuple(self.n_hard), tuple(self.n_soft), tuple(self.exposed.items()),
                                tuple(self.opp_cache), METER.n - w0 - WORK_VISION * (len(cache.counted) - v0))


def material(m: Model, w: Weights) -> float:
    """Value of this turn's planned shots."""
    return sum(w.kill + (w.wipe if wiped else 0.0) for _, wiped, _, _ in m.hits)


def target_map(m: Model, mem_enemies: dict, own_cells: list) -> np.ndarray | None:
    """Steps to the nearest target: known enemies, else the nearest unexplored cells."""
    pts = list(m.enemy) + list(m.old_enemy)
    if not pts:
        unexplored = np.argwhere(~m.explored)
        if len(unexplored) == 0:
            return None
        if own_cells:
            cr = sum(c[0] for c in own_cells) / len(own_cells)
            cc = sum(c[1] for c in own_cells) / len(own_cells)
        else:
            cr = cc = m.size / 2
        d = np.abs(unexplored[:, 0] - cr) + np.abs(unexplored[:, 1] - cc)
        idx = np.argsort(d, kind="stable")[:12]
        pts = [tuple(map(int, unexplored[i])) for i in idx]
    if len(pts) > 24:
        pts = pts[:24]
    rr, cc = np.ogrid[:m.size, :m.size]
    out = None
    for r, c in pts:
        d = np.abs(rr - r) + np.abs(cc - c)
        out = d if out is None else np.minimum(out, d)
    return out.astype(np.float32)


class FogRisk:
    """How much of the fog could hold an enemy stack that sees a cell and has it in range.

    For a cell X: the fog cells Y (not in sight now) within the range of an
    enemy stack of ``count`` soldiers whose line to X is clear (computed from X,
    the sight line being nearly symmetric, S5), as a share of a threshold. An
    enemy we cannot see may stand there and shoot first.
    """

    def __init__(self, m: Model, count: int, cache: "VisCache"):
        self.m = m
        self.hidden = ~np.asarray(m.vis)
        for c in m.own:
            self.hidden[c] = False
        self.count = count
        self.r = attack_range(count)
        self.cache = cache
        self.memo: dict = {}
        self.any = bool(self.hidden.any())
        self.norm = 2.0 / max(4, self.r * self.r)

    def risk(self, cell) -> float:
        if not self.any:
            return 0.0
        v = self.memo.get(cell)
        if v is None:
            z = int(self.m.h[cell]) + self.count
            self.cache.asked((cell, z, self.r))  # counted as the vision map it was before
            cnt = visible_count(self.m.h, cell, z, self.r, self.hidden)
            v = min(1.0, cnt * self.norm)
            self.memo[cell] = v
        return v
