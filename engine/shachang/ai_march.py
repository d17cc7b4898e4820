"""All marches of one unit scored at once for the 沙场秋点兵 planner (issue 13).

The planner's ``_best_march`` used to try every option of a unit (march whole, split off 1, half or
all but one, merge all or part) by applying it to the position score (``ai_eval.Threats.change``)
and undoing it again: 4 to 8 full score changes per option, each looking up every enemy threat on
the cell, the owners' sight, the shot chances, the target map, the fog risk... Here the deltas of
removing the unit, of what stays behind and of arriving on each reachable cell are worked out once
per unit (``Terms``): the per-cell parts (shot chances, approach, spawn block, fog risk, sight,
mass) come from a table shared by every score of the turn with the same inputs, the enemy-shot and
ambush parts from the score's counters after the unit left; every option is then valued by adding
its deltas.

**Same decisions as before, exactly.** The old value of an option was ``total_after - total_before``
of the score's float running total, changed term by term and changed back (which does not always
give back the same float: the next option started from a total drifted in its last bits), and equal
options were told apart by those bits, in cell order. To decide exactly as before, the deltas are
added to a copy of the running total in the old order, term by term, and taken off again the same
way (zero terms are left out: adding 0.0 changes no float's value). The work meter counts what the
old code counted: one unit per score change, the same shot-chance sight lines and fog-risk vision
maps the first time a score asks for them, so a fixed quota still buys the same search
(tests/test_shachang_ai_golden.py replays 76 recorded searches).
"""
from __future__ import annotations

from math import copysign

import numpy as np

from engine.shachang.ai_model import METER, WORK_CHANGE


class Terms:
    """The score's term deltas for one unit arriving on or leaving a cell, without changing the score.

    Every list holds the float deltas that ``Threats.change`` adds to its running total, in its
    order, zero deltas left out.
    """

    def __init__(self, T):
        self.T = T
        self.static: dict = {}  # (cell, count) -> deltas of the parts that do not depend on counters
        # shared_static: count -> cell -> (those deltas, shot-chance value, work of its sight lines)
        self.owners: dict = {}  # cell -> owners whose sight holds the cell (reinforcement ambushes)
        m, w, cache = T.m, T.w, T.cache
        ew = T._enemy_w.get((w.loss, w.soft))  # kept with the threat maps (read only)
        if ew is None:
            ew = T._enemy_w[(w.loss, w.soft)] = [(w.loss * wt, w.soft * wt) for wt in T.weight]
        self.enemy_w: list = ew
        # what the per-cell parts depend on, so that the scores of a turn share them (the enemies
        # in sight and the owners' sight named by numbers made with the threat maps)
        self.shared_static = cache.shared("static", (
            (w.opp, w.opp_more, w.approach, w.block, w.fog, w.seen, w.spread, w.mass),
            T._enemy_key, cache.tag(T.targets), cache.tag(T.fog), tuple(sorted(T.spawn_block)),
            T._sighted_id if T.seen_map is not None else None))
        self.target_rows = cache.rows(T.targets) if T.targets is not None else None
        self.shared_owners = cache.shared("owners", T._owners_id)
        # what a march's deltas depend on besides the counters (ai_march.best_march keeps them):
        # the shared tables (kept by the cache), the threat maps (kept by cache.threats), weights
        self.ident = (id(self.shared_static), id(self.shared_owners), id(T.at), w.loss, w.soft, w.reinf)

    def static_add(self, cell, count: int) -> tuple:
        """Deltas of shot chances, approach, spawn block, fog, sight, spread and mass (sign +1)."""
        k = (cell, count)
        v = self.static.get(k)
        if v is not None:
            return v
        T = self.T
        tbl = self.shared_static.get(count)
        if tbl is None:
            tbl = self.shared_static[count] = {}
        e = tbl.get(cell)
        if e is None:
            w = T.w
            n, work = T.opp_count(cell, count)
            o = 0.0 if n == 0 else w.opp + w.opp_more * (n - 1)
            out = []
            if o:
                out.append(o)
            if T.targets is not None:
                row = self.target_rows[cell[0]]
                if row is None:
                    row = self.target_rows[cell[0]] = T.targets[cell[0]].tolist()
                x = w.approach * count * row[cell[1]]
                if x:
                    out.append(-x)
            if cell in T.spawn_block and w.block:
                out.append(w.block)
            if T.fog is not None:
                x = w.fog * T.fog.risk(cell)  # counts its vision map the first time, as before
                if x:
                    out.append(-x)
            if T.seen_map is not None and T.seen_map[cell] and w.seen:
                out.append(-w.seen)
            if w.spread:
                out.append(w.spread)
            if w.mass:
                out.append(w.mass * count * count.bit_length())
            e = tbl[cell] = (tuple(out), o, work)
        # this score asks for the shot chances as the old code did (the meter counts it once)
        if e[2] and k not in T.opp_cache:  # (a count that took no sight line adds nothing)
            T.opp_cache[k] = e[1]
            METER.n += e[2]
        v = self.static[k] = e[0]
        return v

    def static_many(self, cells: list, count: int) -> list:
        """``static_add`` for many cells at once (the map reads done with numpy): fills the shared
        table for those cells and returns their entries; the score's own bookkeeping is left to
        the caller."""
        T, w = self.T, self.T.w
        n = len(cells)
        rr = np.fromiter((c[0] for c in cells), dtype=np.intp, count=n)
        cc = np.fromiter((c[1] for c in cells), dtype=np.intp, count=n)
        live = T._live_enemies
        opp = None
        if live:
            # only a cell with an enemy within range asks for sight lines (opp_count finds 0 and
            # counts no work for the others)
            er = np.array([c[0] for c, _ in live], dtype=np.intp)
            ec = np.array([c[1] for c, _ in live], dtype=np.intp)
            near = ((np.abs(rr[:, None] - er) + np.abs(cc[:, None] - ec)) <= count.bit_length() + 1).any(axis=1)
            if near.any():
                opp_count, none = T.opp_count, (0, 0)
                opp = [opp_count(c, count) if x else none for c, x in zip(cells, near.tolist())]
        wo, wm = w.opp, w.opp_more
        # -(approach x count x steps): the negation of the product is exact, the same float
        nega = ((-(w.approach * count)) * T.targets[rr, cc].astype(np.float64)).tolist() \
            if T.targets is not None else [0.0] * n
        block = T.spawn_block if w.block else ()
        fog = T.fog
        seen = T.seen_map[rr, cc].tolist() if (T.seen_map is not None and w.seen) else None
        if fog is None and seen is None and not block and not w.spread and not w.mass:
            # the replies' planners (normal weights): shot chances and approach only
            if opp is None:  # nobody in range: no shot chances, no sight line asked
                entries = [((x,) if x else (), 0.0, 0) for x in nega]
            else:
                entries = []
                for (nn, work), x in zip(opp, nega):
                    o = 0.0 if nn == 0 else wo + wm * (nn - 1)
                    if o:
                        entries.append(((o, x) if x else (o,), o, work))
                    else:
                        entries.append(((x,) if x else (), o, work))
        else:
            if opp is None:
                opp = [(0, 0)] * n
            mass = w.mass * count * count.bit_length() if w.mass else 0.0
            entries = []
            for j, cell in enumerate(cells):
                nn, work = opp[j]
                o = 0.0 if nn == 0 else wo + wm * (nn - 1)
                out = []
                if o:
                    out.append(o)
                if nega[j]:
                    out.append(nega[j])
                if cell in block:
                    out.append(w.block)
                if fog is not None:
                    x = w.fog * fog.risk(cell)  # counts its vision map the first time, as before
                    if x:
                        out.append(-x)
                if seen is not None and seen[j]:
                    out.append(-w.seen)
                if w.spread:
                    out.append(w.spread)
                if mass:
                    out.append(mass)
                entries.append((tuple(out), o, work))
        tbl = self.shared_static.get(count)
        if tbl is None:
            tbl = self.shared_static[count] = {}
        tbl.update(zip(cells, entries))
        return entries

    def owners_at(self, cell) -> tuple:
        v = self.owners.get(cell)
        if v is None:
            v = self.shared_owners.get(cell)
            if v is None:
                T = self.T
                v = self.shared_owners[cell] = tuple(o for o, vis in T.owner_vis.items()
                                                     if o in T.exposed and (vis is None or vis[cell]))
            self.owners[cell] = v
        return v

    def dynamic(self, cell, sign: int, out: list) -> None:
        """Append the enemy-shot and ambush deltas of a unit arriving (+1) or leaving (-1) ``cell``,
        from the score's counters as they are (nothing is changed)."""
        T = self.T
        lst = T.at.get(cell)
        if lst:
            nh, ns, ew = T.n_hard, T.n_soft, self.enemy_w
            for i, kind in lst:
                h, s = nh[i], ns[i]
                lw, sw = ew[i]
                before = lw if h > 0 else (sw if s > 0 else 0.0)
                if kind == 0:
                    h += sign
                else:
                    s += sign
                after = lw if h > 0 else (sw if s > 0 else 0.0)
                if after != before:
                    out.append(-(after - before))
        owners = self.owners.get(cell)
        if owners is None:
            owners = self.owners_at(cell)
        for o in owners:
            r, e, wr = T.r_est[o], T.exposed[o], T.w.reinf
            before = wr * min(r, e)
            after = wr * min(r, e + sign)
            if after != before:
                out.append(-(after - before))

    def counters(self, cell, sign: int) -> None:
        """Change the score's counters as ``Threats.change`` does (its running total untouched)."""
        T = self.T
        lst = T.at.get(cell)
        if lst:
            for i, kind in lst:
                if kind == 0:
                    T.n_hard[i] += sign
                else:
                    T.n_soft[i] += sign
        for o in self.owners_at(cell):
            T.exposed[o] += sign

    def add(self, cell, count: int) -> list:
        out: list = []
        self.dynamic(cell, 1, out)
        out.extend(self.static_add(cell, count))
        return out

    def remove(self, cell, count: int) -> list:
        out: list = []
        self.dynamic(cell, -1, out)
        out.extend(-d for d in self.static_add(cell, count))
        return out


def terms_of(T) -> Terms:
    """The ``Terms`` of a position score, made once and kept with it."""
    t = T.__dict__.get("_terms")
    if t is None:
        t = T._terms = Terms(T)
    return t


def _options(m, u, c: int, reach: dict, ks: list, splits_only: bool) -> list:
    """The options in the old order: (kind, destination, soldiers, destination's soldiers or None)."""
    own = m.own
    can_new = len(own) < m.max_units
    free = [] if splits_only else [("move", c)]
    if can_new:
        free += [("split", k) for k in ks]
    opts = []
    add = opts.append
    if not any(d in own for d in reach):  # every destination free
        return [(kind, dst, k, None) for dst in sorted(reach) for kind, k in free]
    for dst in sorted(reach):
        tgt = own.get(dst)
        if tgt is None:
            for kind, k in free:
                add((kind, dst, k, None))
        elif not splits_only:
            cw = tgt[0]
            add(("merge", dst, c, cw))
            for k in ks:
                add(("merge", dst, k, cw))
    return opts


def _dynamic(X: Terms, cells: list) -> dict:
    """cell -> the enemy-shot and ambush deltas (None when there are none) of a unit arriving
    there, from the score's counters as they are (``Terms.dynamic`` with sign +1, many cells).
    An enemy's or an owner's delta does not depend on the cell: each is worked out once."""
    T = X.T
    at_get = T.at.get
    nh, ns, ew = T.n_hard, T.n_soft, X.enemy_w
    owners_get = X.shared_owners.get
    r_est, exposed, wr = T.r_est, T.exposed, T.w.reinf
    od = {}
    for o, e in exposed.items():
        r = r_est[o]
        b = wr * min(r, e)
        a = wr * min(r, e + 1)
        od[o] = -(a - b) if a != b else None
    ed: dict = {}
    out: dict = {}
    for cell in cells:
        d = None
        lst = at_get(cell)
        if lst:
            d = []
            for ik in lst:
                x = ed.get(ik, ed)
                if x is ed:
                    i, kind = ik
                    h, s = nh[i], ns[i]
                    lw, sw = ew[i]
                    before = lw if h > 0 else (sw if s > 0 else 0.0)
                    if kind == 0:
                        after = lw if h >= 0 else (sw if s > 0 else 0.0)
                    else:
                        after = lw if h > 0 else (sw if s >= 0 else 0.0)
                    x = ed[ik] = -(after - before) if after != before else None
                if x is not None:
                    d.append(x)
        owners = owners_get(cell)
        if owners is None:
            owners = X.owners_at(cell)
        for o in owners:
            x = od[o]
            if x is not None:
                if d is None:
                    d = []
                d.append(x)
        out[cell] = d or None
    return out


def _arrivals(X: Terms, cells: list, k: int, dyn: dict) -> dict:
    """The deltas of a unit of ``k`` soldiers arriving on each of ``cells`` (free cells): ``dyn``
    (from ``_dynamic`` in the counters' present state) and the shared per-cell parts."""
    T = X.T
    opp_cache = T.opp_cache
    tbl = X.shared_static.get(k)
    es = list(map(tbl.get, cells)) if tbl is not None else [None] * len(cells)
    if None in es:
        miss = [j for j, e in enumerate(es) if e is None]
        for j, e in zip(miss, X.static_many([cells[j] for j in miss], k)):
            es[j] = e
    # this score asks for the shot chances as the old code did: the meter counts the sight lines of
    # each the first time (a count that took none adds nothing and need not be noted)
    new = [(cell, e) for cell, e in zip(cells, es) if e[2] and (cell, k) not in opp_cache]
    if new:
        work = 0
        for cell, e in new:
            opp_cache[(cell, k)] = e[1]
            work += e[2]
        METER.n += work
    return {cell: (e[0] if d is None else d + list(e[0])) for cell, e, d in zip(cells, es, map(dyn.__getitem__, cells))}


def _deltas(X: Terms, u, c: int, opts: list) -> tuple:
    """The deltas of leaving ``u``, and by soldiers sent: of what stays behind and, per
    destination, of arriving (a merge: the destination's unit removed, then the grown one added)."""
    by_k: dict = {}  # k -> (free cells, merge cells with their soldiers), in the options' order
    for kind, dst, k, cw in opts:
        free, merges = by_k.get(k) or by_k.setdefault(k, ([], []))
        if cw is None:
            free.append(dst)
        else:
            merges.append((dst, cw))
    R = X.remove(u, c)
    X.counters(u, -1)
    per_k: dict = {}
    # the counters after leaving (march whole) and after leaving and staying behind with fewer
    # soldiers (any split: the same counters as before the unit left), each read once per cell
    dyn_gone = dyn_stay = None
    try:
        for k in sorted(by_k):
            free, merges = by_k[k]
            Rk = None
            if k < c:
                Rk = X.add(u, c - k)
                X.counters(u, 1)
            try:
                per = {}
                if free:
                    if k < c:
                        if dyn_stay is None:
                            dyn_stay = _dynamic(X, free)
                        dyn = dyn_stay
                    else:
                        if dyn_gone is None:
                            dyn_gone = _dynamic(X, free)
                        dyn = dyn_gone
                    per = _arrivals(X, free, k, dyn)
                for dst, cw in merges:
                    D1 = X.remove(dst, cw)
                    X.counters(dst, -1)
                    D2 = X.add(dst, cw + k)
                    X.counters(dst, 1)
                    per[dst] = (D1, D2)
            finally:
                if k < c:
                    X.counters(u, -1)
            per_k[k] = (Rk, per)
    finally:
        X.counters(u, 1)
    return R, per_k


def _touched(u, c: int, opts: list) -> tuple:
    """The (cell, soldiers) of every per-cell part ``_deltas`` reads for these options."""
    out = [(u, c)]
    for kind, dst, k, cw in opts:
        if k < c:
            out.append((u, c - k))
        if cw is None:
            out.append((dst, k))
        else:
            out.append((dst, cw))
            out.append((dst, cw + k))
    return tuple(dict.fromkeys(out))


def _values(opts: list, reach: dict, R: list, per_k: dict, total: float) -> tuple:
    """Every option's value before the random tie-break, and the running total after them all: the
    old running total followed exactly, each option's deltas added and taken off again in the old
    order, its drift carried to the next option; the sums over what stays the same for many options
    (leaving, what stays behind) are kept while the total they start from is the same."""
    vals = []
    add = vals.append
    pre: dict = {}  # k -> (total, total + leave + stay-behind deltas)
    post: dict = {}  # k -> (t, t - stay-behind - leave deltas)
    for kind, dst, k, cw in opts:
        Rk, per = per_k[k]
        D = per[dst]
        p = pre.get(k)
        if p is not None and p[0] == total:
            t = p[1]
        else:
            t = total
            for d in R:
                t += d
            if Rk is not None:
                for d in Rk:
                    t += d
            pre[k] = (total, t)
        if cw is None:
            for d in D:
                t += d
            val = t - total
            for d in D:
                t -= d
        else:
            D1, D2 = D
            for d in D1:
                t += d
            for d in D2:
                t += d
            val = t - total
            for d in D2:
                t -= d
            for d in D1:
                t -= d
        q = post.get(k)
        if q is not None and q[0] == t:
            total = q[1]
        else:
            t0 = t
            if Rk is not None:
                for d in Rk:
                    t -= d
            for d in R:
                t -= d
            post[k] = (t0, t)
            total = t
        add(val - 0.002 * reach[dst])
    return tuple(vals), total


def best_march(pl, u, T, max_k: int | None = None, splits_only: bool = False, rank: int = 0):
    """``Planner._best_march`` (same arguments, same result, same work counted), every option of the
    unit valued from the unit's deltas instead of changing the score and back.

    The plans of a search ask for the same march again and again (the same unit, the same options,
    a score in the same state: counters, shared tables, running total); its values are kept for
    the search (``VisCache.marches``) with the per-cell parts it read, which a repeat registers
    with its score as the old code's score did (the meter counts the same work)."""
    m, P = pl.m, pl.P
    own = m.own
    c = own[u][0]
    reach = m.reach(u)
    if not reach:
        return None
    ks = sorted({k for k in (1, c // 2, c - 1, max_k or 0) if 1 <= k < c}) if (P.splits or splits_only) else []
    if max_k is not None:
        ks = [k for k in ks if k <= max_k]
    X = terms_of(T)
    can_new = len(own) < m.max_units
    key = (X.ident, tuple(T.n_hard), tuple(T.n_soft), tuple(T.exposed.values()), u, c, tuple(ks), splits_only,
           can_new, tuple(reach.items()), tuple((d, v[0]) for d, v in own.items() if d in reach))
    memo = T.cache.marches
    hit = memo.get(key)
    total0 = T.total
    rk = total0 if total0 else (0.0, copysign(1.0, total0))  # 0.0 and -0.0 told apart
    if hit is None:
        opts = _options(m, u, c, reach, ks, splits_only)
        if not opts:
            memo[key] = [opts, (), 0, {}]
            return None
        R, per_k = _deltas(X, u, c, opts)
        run = _values(opts, reach, R, per_k, total0)
        # score changes the old code made: leave, [stay behind], arrive or [remove, add] the merged unit
        n_changes = sum(2 + (o[2] < c) + (o[3] is not None) for o in opts)
        memo[key] = [opts, None, n_changes, {rk: run}]
    else:
        opts, touched, n_changes, runs = hit
        if not opts:
            return None
        if touched is None:  # the parts whose shot chances took sight lines (the others count 0)
            shared = X.shared_static
            touched = hit[1] = tuple(k for k in _touched(u, c, opts) if shared[k[1]][k[0]][2])
        # this score asks for the shot chances as the old code's did (the meter counts them once)
        oc, shared = T.opp_cache, X.shared_static
        work = 0
        for k in touched:
            if k not in oc:
                e = shared[k[1]][k[0]]
                oc[k] = e[1]
                work += e[2]
        METER.n += work
        run = runs.get(rk)
        if run is None:  # the same state with another running total: its floats drift otherwise
            R, per_k = _deltas(X, u, c, opts)
            run = runs[rk] = _values(opts, reach, R, per_k, total0)
    vals, total = run
    noise = P.noise
    if noise:
        lo, span, rnd = -noise, noise - (-noise), pl.rng.random
        vals = [v + (lo + span * rnd()) for v in vals]  # rng.uniform(-noise, noise), the same float
    best = None
    best_val = 1e-6
    for j, val in enumerate(vals):
        if val > best_val:
            best_val = val
            best = j
    T.total = total
    METER.n += 2 * WORK_CHANGE * n_changes
    if rank:
        order = sorted(range(len(vals)), key=lambda j: -vals[j])  # stable: equal values keep cell order
        best = order[rank] if rank < len(order) else None
    if best is None:
        return None
    kind, dst, k, cw = opts[best]
    ops = [(u, c, -1)]
    if k < c:
        ops.append((u, c - k, 1))
    if cw is None:
        ops.append((dst, k, 1))
    else:
        ops += [(dst, cw, -1), (dst, cw + k, 1)]
    return kind, dst, k, reach[dst], ops
