"""Computer players of 沙场秋点兵 (easy, normal, hard) that see only their observation.

``make_agent(level, seed=0, seat=0, budget=None)`` returns an agent with
``act(observation, legal_actions)``. On the first call of its turn the agent
plans the whole turn on its own :class:`~engine.shachang.ai_model.Model`
(built from the observation and what it remembers of earlier observations),
then replays the plan one action per call. Before every action it checks that
the observation is what the plan predicted (own units, enemies in sight) and
that the action is in ``legal_actions``; otherwise it plans again from the new
observation. It falls back to ``End()`` (or, when the rules force a
reinforcement, to a legal ``Reinforce``). The true game is never consulted.

Levels (docs/ai.md has the details and the arena numbers):

* ``easy``: fills its field from the reserve, shoots whatever it can (the
  weakest target first) and marches every unit towards the nearest enemy or
  unexplored ground.
* ``normal``: one greedy plan scored by ``ai_eval``: reinforcement ambushes
  (reserve placed in sight next to an enemy to shoot at once), merges that
  stretch a unit's range before it shoots, shots valued by kills and
  wipe-outs, then every unit's march (move, split, merge, chain) chosen by the
  position score: enemy shots it invites next turn (range and terrain
  sight lines, 集合 range growth, enemy reinforcement ambushes, ghost vision
  it gives away), its own chances next turn, and the way to the enemy.
* ``hard``: a search over whole-turn plans that spends a work quota sized to
  its thinking-time budget: the normal planner plus fog risk (do not end a
  turn where an unseen stack could shoot first), a penalty for standing in
  enemy sight, and splits before a shot; many plans (unit orders, each unit's
  forced alternatives, random tie-breaks), each simulated to the end of the
  turn and scored by material, the position terms and a simulated reply of
  every nearby enemy (the normal planner run on what that enemy would see);
  the best four are then scored against more kinds of reply and sampled
  hidden enemies until the quota is spent, and the best mean is played. With
  several enemies alive it plays for survival (hide, stack up, no ambushes);
  with one enemy and no shot yet it never passes (a round of passes would end
  the game void) and after a while steps in.

Determinism: every choice comes from the agent's own ``random.Random``, made for
each decision from (seed, seat, level) and the decisions made so far (engine.agents:
a resumed game's agent, handed its past with ``remember``, plays on the same); the
hard search counts its work (``ai_model.METER``) instead of reading the clock, and
normal's marches are bounded by the units and
their passes, so the plan does not depend on the machine's speed or load. The
clock only stops a runaway decision (``runaway_seconds``: 20 s or 20 times the
budget), which ``runaway_stops`` counts.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

import numpy as np

from engine.agents import Decisions
from engine.shachang.actions import Attack, End, Reinforce
from engine.shachang.ai_items import pick as pick_item
from engine.shachang.ai_eval import FogRisk, Threats, VisCache, Weights, material, target_map
from engine.shachang.ai_march import best_march
from engine.shachang.ai_model import METER, WORK_PLAN, Memory, Model, line_clear, steps
from engine.shachang.rules import attack_range, vision_range

LEVELS = ("easy", "normal", "hard")

# thinking time per turn in seconds, by preset (hard uses it, the others stay far below)
DEFAULT_BUDGET = {"standard": 0.3, "medium": 0.6, "large": 1.2, "huge": 1.0}
# The hard search measures its thinking in work (ai_model.METER: steps of the position score), not in
# seconds, so that its plan never depends on the clock: its quota per turn is the budget times the
# rate below, measured on the development machine (``python -m bench.ai --calibrate``), so that it
# uses about the whole budget there. On a slower or loaded machine it takes longer and plays the same.
# (issue 13: the rates before the speed-up, 350k, 300k, 400k and 300k, times the speed-up of the same
# searches measured side by side, ``python -m bench.ai --plans --against 50219b7``; docs/ai.md)
WORK_RATE = {"standard": 550_000, "medium": 480_000, "large": 600_000, "huge": 450_000}
# The clock only stops a runaway decision (a bug, or a machine stalled far beyond any load): after
# RUNAWAY_SECONDS or RUNAWAY_FACTOR x the budget, whichever is longer. Under that the clock decides
# nothing (the AI audit, standard A: the same position and seed give the same move at any load; before,
# hard stopped at 1.25 x the budget once 3/4 of its quota was spent and at 4 x whatever it had done,
# and normal stopped marching when its budget ran out, so a loaded machine played other moves).
RUNAWAY_SECONDS = 20.0
RUNAWAY_FACTOR = 20.0
STAGE1_SHARE = 0.4  # share of the quota for building plans; the rest scores the best ones deeper
MAX_PLANS = 400
STALE_PLANS = 32  # stop building plans when this many in a row brought no new one
FORCE_RANKS = 3  # alternatives per unit for its first march: stay, its 2nd, 3rd and 4th best
TOP_PLANS = 4
MAX_REPLIES = 256


def make_agent(level: str = "normal", seed: int = 0, seat: int = 0, budget: float | None = None,
               use_clock: bool = True):
    """A computer player of ``level`` (easy, normal, hard).

    ``budget``: thinking seconds per turn (default by preset, ``DEFAULT_BUDGET``); the hard level
    sizes its search to it. ``use_clock=False`` never looks at the clock, not even for a runaway
    decision.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    return ShachangAI(level, seed=seed, seat=seat, budget=budget, use_clock=use_clock)


@dataclass
class Params:
    """Knobs of the planner; the levels and the hard search's variants differ in these."""

    weights: Weights = field(default_factory=Weights)
    ambush: bool = True  # reinforce next to visible enemies to shoot at once
    fill: str = "tier"  # reinforcement besides ambushes: none | tier | all
    attack_min: float = 0.0  # shoot when the shot is worth more than this
    merge_attack: bool = True  # merge units to stretch a shooter's range
    splits: bool = True  # consider splitting units
    noise: float = 0.0  # random tie-breaking in march choices
    order: str = "big"  # unit order for marches: big | small | random
    max_passes: int = 3  # decisions per unit (chain transport needs more than one)
    presplit: bool = False  # before a shot, march off the soldiers the shot does not need
    force: tuple | None = None  # (cell, rank): that unit's first march is its rank-th best (0: stays)


# ---------------------------------------------------------------------------- context
class Context:
    """Per-turn data shared by all plans of a turn."""

    def __init__(self, m: Model, memory: Memory, turn: int):
        self.cache = VisCache(m.h)
        self.memory = memory
        self.turn = turn
        self.r_est = estimate_rooms(m, memory, turn)
        self.enemy_spawns = memory.enemy_spawns
        self._targets = None
        self._fog = None
        self.m0 = m

    @property
    def fog(self):
        if self._fog is None and self.m0.fog:
            big = max([n for _, n in self.memory.biggest.values()] + [self.m0.cap // max(1, len(self.m0.spawns))])
            self._fog = FogRisk(self.m0, min(big, self.m0.cap), self.cache)
        return self._fog

    def targets(self, m: Model):
        if self._targets is None:
            self._targets = (target_map(m, self.memory.enemies, list(m.own)),)
        return self._targets[0]


def estimate_rooms(m: Model, memory: Memory, turn: int) -> dict:
    """How many soldiers each enemy may place next turn (S13/S14), from what the seat may know."""
    out = {}
    for pv in m.players:
        o = pv.player
        if o == m.me or pv.out:
            continue
        if pv.field is not None and pv.reserve is not None:  # no fog: public
            out[o] = max(0, min(pv.reserve, m.cap - pv.field))
        else:  # fog: the soldiers we shot lately
            recent = sum(1 for t in memory.hits_on.get(o, []) if turn - t <= 2)
            out[o] = min(recent, m.cap)
    return out


# ---------------------------------------------------------------------------- planner
def kill_value(m: Model, cell, w: Weights) -> float:
    o, n = m.enemy[cell]
    v = w.kill
    if n == 1:
        v += w.wipe
    elif attack_range(n - 1) < attack_range(n):
        v += 0.25
    return v


def danger_at(T: Threats, cell) -> int:
    lst = T.at.get(cell)
    return sum(1 for i, kind in lst if kind == 0) if lst else 0


class Planner:
    """Builds one whole-turn plan on a model; records the predicted state after every action."""

    def __init__(self, m: Model, ctx: Context, P: Params, rng: random.Random, deadline: float | None = None):
        self.m = m
        self.ctx = ctx
        self.P = P
        self.rng = rng
        self.deadline = deadline  # a runaway stop only (ShachangAI.runaway_seconds)
        self.stopped = False  # the deadline cut the plan short
        self.acts: list = []
        self.snaps: list = []
        self.T_pre = None  # position score used by pre-shot splits (built on first use)

    def _do(self, action) -> None:
        self.acts.append(action)
        m = self.m
        self.snaps.append((m.signature(), {c: tuple(v) for c, v in m.enemy.items()}))

    def out_of_time(self) -> bool:
        """Past the runaway deadline (noted in ``stopped``)."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            self.stopped = True
        return self.stopped

    # ------------------------------------------------------------- reinforcement
    def reinforce(self) -> None:
        m, P, w = self.m, self.P, self.P.weights
        if m.room <= 0:
            return
        T = None
        if m.enemy:
            T = Threats(m, w, self.ctx.cache, self.ctx.r_est, None)
        if P.ambush and m.enemy:
            self._ambush(T)
        if m.room > 0 and P.merge_attack and m.enemy:
            self._reinforce_reach()
        room = m.room
        if room <= 0:
            return
        last_round = m.round >= m.round_limit
        # without fog reinforcements only come on the spawn cells (S13): no ambush to keep the room
        # for, the reserve is a supply to bring forward
        if m.must_reinforce() or last_round or P.fill == "all" or not m.fog:
            self._place_stack(room, T)
        elif P.fill == "tier" and m.own:
            main = max(m.own, key=lambda c: (m.own[c][0], c))
            c = m.own[main][0]
            need = 1
            while attack_range(c + need) == attack_range(c):
                need += 1
            if need <= room and c + need <= m.cap and (T is None or danger_at(T, main) == 0 or need == 1) \
                    and main in set(m.reinforce_cells()):
                self._do(m.reinforce(main, need))

    def _ambush(self, T: Threats) -> None:
        m, w = self.m, self.P.weights
        vis = m.visible_now()
        enemies = [c for c in m.enemy if (not m.fog or vis[c])]
        if not enemies:
            return
        planned: dict = {}  # enemy cell -> shots planned
        cells = set(m.reinforce_cells())
        if len(m.own) >= m.max_units:  # no cell is free for a new unit (as the loop below found)
            cells = set()
        while m.room > 0:
            best = None
            for e in enemies:
                o, n = m.enemy[e]
                if planned.get(e, 0) >= n:
                    continue
                left = n - planned.get(e, 0)
                val = w.kill + (w.wipe if left == 1 else 0.0)
                for k in (1, 2):
                    if k > m.room:
                        break
                    r = attack_range(k)
                    for dr in range(-r, r + 1):
                        rem = r - abs(dr)
                        for dc in range(-rem, rem + 1):
                            c = (e[0] + dr, e[1] + dc)
                            if c not in cells or c in m.own or c in m.enemy:
                                continue
                            if len(m.own) >= m.max_units:
                                continue
                            if m.mode != "classic" and not line_clear(m.h, c, e, int(m.h[c]) + k, int(m.h[e]) + n):
                                continue
                            d = danger_at(T, c)
                            score = val - 0.55 * w.loss * min(k, d) - 0.05 * k - (0.02 * k if k > 1 else 0)
                            if best is None or score > best[0]:
                                best = (score, c, k, e)
                if best is not None and best[2] == 1 and best[0] >= val - 1e-9:
                    break
            if best is None or best[0] <= 0.15:
                return
            _, c, k, e = best
            self._do(m.reinforce(c, k))
            cells.discard(c)
            planned[e] = planned.get(e, 0) + 1

    def _reinforce_reach(self) -> None:
        """Reinforce an own unit so that its longer range reaches a target (S3)."""
        m = self.m
        allowed = set(m.reinforce_cells())
        for c in sorted(m.own, key=lambda c: -m.own[c][0]):
            if m.room <= 0:
                return
            if c not in allowed or not m.can_act(c) or m.targets(c):
                continue
            n = m.own[c][0]
            for k in range(1, m.room + 1):
                if n + k > m.cap:
                    break
                if attack_range(n + k) == attack_range(n + k - 1) and k > 1:
                    continue
                if m.targets(c, n + k):
                    self._do(m.reinforce(c, k))
                    break

    def _place_stack(self, room: int, T) -> None:
        """Put ``room`` soldiers on the safest own unit, or the safest free cell."""
        m = self.m
        cells = m.reinforce_cells()
        if not cells:
            return
        enemies = list(m.enemy) + list(m.old_enemy)

        def safety(c):
            d = danger_at(T, c) if T is not None else 0
            far = min((steps(c, e) for e in enemies), default=99)
            own = 1 if c in m.own else 0
            return (-d, own, min(far, 12), m.own.get(c, [0])[0], c)

        best = max(cells, key=safety)
        self._do(m.reinforce(best, room))

    # -------------------------------------------------------------------- attacks
    def attacks(self) -> None:
        m, P, w = self.m, self.P, self.P.weights
        for _ in range(4 * m.max_units + 4):
            if not m.enemy:
                return
            best = None
            actors = [c for c in m.own if m.can_act(c)]
            opts = {c: m.targets(c) for c in actors}
            for c in actors:
                for t in opts[c]:
                    val = kill_value(m, t, w)
                    key = (val, -len(opts[c]), -m.own[c][0])
                    if best is None or key > best[0]:
                        best = (key, c, t, None)
            if P.merge_attack:
                mb = self._merge_attack_option(actors, opts)
                if mb is not None and (best is None or mb[0][0] > best[0][0]):
                    best = mb
            if best is None or best[0][0] <= P.attack_min:
                return
            _, c, t, merges = best
            if merges:
                for src, k, cost in merges:
                    self._do(m.march(src, c, k, cost))
            if not m.attack_ok(c, t):
                continue
            if P.presplit:
                self._presplit(c, t)
                if not m.attack_ok(c, t):
                    continue
            self._do(m.attack(c, t))

    def _presplit(self, u, t) -> None:
        """Split soldiers off a shooter before it shoots (it may not march afterwards, S16)."""
        m = self.m
        if m.own[u][1] <= 0:
            return
        T = self.T_pre
        if T is None:
            T = Threats(m, self.P.weights, self.ctx.cache, self.ctx.r_est, self.ctx.targets(m),
                        self.ctx.enemy_spawns, self.ctx.fog if self.P.weights.fog > 0 else None)
            T.load()
            self.T_pre = T
        for _ in range(3):
            c = m.own[u][0]
            keep = 1
            while keep < c and not m.attack_ok(u, t, keep):
                keep += 1
            if keep >= c or m.own[u][1] <= 0:
                return
            best = self._best_march(u, T, max_k=c - keep, splits_only=True)
            if best is None:
                return
            kind, dst, k, cost, ops = best
            for cc, n, sg in ops:
                T.change(cc, n, sg)
            self._do(m.march(u, dst, k, cost))

    def _merge_attack_option(self, actors, opts):
        m, w = self.m, self.P.weights
        idle = [c for c in actors if not opts[c] and m.own[c][1] > 0]
        if not idle:
            return None
        best = None
        reach: dict = {}  # donor -> its reach, computed once per call
        for u in actors:
            n = m.own[u][0]
            # enemies just out of range
            far = [t for t in m.enemy if attack_range(n) < steps(u, t) <= attack_range(m.cap)]
            if not far:
                continue
            donors = []
            for v in idle:
                if v == u or steps(u, v) > m.own[v][1]:
                    continue
                r = reach.get(v)
                if r is None:
                    r = reach[v] = m.reach(v)
                if u in r:
                    donors.append((r[u], v))
            if not donors:
                continue
            donors.sort()
            for t in far:
                need = steps(u, t)
                total = n
                merges = []
                for cost, v in donors:
                    if attack_range(total) >= need:
                        break
                    k = m.own[v][0]
                    merges.append((v, k, cost))
                    total += k
                if attack_range(total) < need or not merges:
                    continue
                if not m.attack_ok(u, t, total):
                    continue
                val = kill_value(m, t, w) - 0.1 * len(merges)
                key = (val, 0, 0)
                if best is None or key > best[0]:
                    best = (key, u, t, merges)
        return best

    # --------------------------------------------------------------------- marches
    def marches(self) -> None:
        m, P = self.m, self.P
        w = P.weights
        T = Threats(m, w, self.ctx.cache, self.ctx.r_est, self.ctx.targets(m), self.ctx.enemy_spawns,
                    self.ctx.fog if w.fog > 0 else None)
        T.load()
        self.T = T
        passes: dict = {}
        rng = self.rng
        while True:
            if self.out_of_time():
                return
            movers = [c for c in m.own if m.can_act(c) and m.own[c][1] > 0 and passes.get(c, 0) < P.max_passes]
            if not movers:
                return
            if P.order == "big":
                movers.sort(key=lambda c: (-m.own[c][0], c))
            elif P.order == "small":
                movers.sort(key=lambda c: (m.own[c][0], c))
            else:
                movers.sort()
                rng.shuffle(movers)
            u = movers[0]
            passes[u] = passes.get(u, 0) + 1
            if P.force is not None and P.force[0] == u and passes[u] == 1:
                best = self._best_march(u, T, rank=P.force[1]) if P.force[1] > 0 else None
            else:
                best = self._best_march(u, T)
            if best is None:
                passes[u] = P.max_passes
                continue
            kind, dst, k, cost, ops = best
            for c, n, s in ops:
                T.change(c, n, s)
            self._do(m.march(u, dst, k, cost))
            if u in m.own:
                passes[u] = passes.get(u, 0)  # the rest may march again
            if kind == "merge" and m.can_act(dst) and m.own[dst][1] > 0:
                passes[dst] = 0  # chain transport: the grown unit may march on

    def _best_march(self, u, T: Threats, max_k: int | None = None, splits_only: bool = False,
                    rank: int = 0):
        """The best march of unit ``u`` by the change of the position score (None: better to stay);
        with ``rank`` > 0 the rank-th best after the best one instead, even if staying is better."""
        # every option valued from the unit's term lists, the old apply-and-undo's floats followed
        # exactly (ai_march; the code before issue 13 changed the score and back for each option)
        return best_march(self, u, T, max_k, splits_only, rank)

    # ------------------------------------------------------------------------ all
    def run(self) -> list:
        m = self.m
        METER.n += WORK_PLAN
        if m.phase == "reinforce":
            self.reinforce()
        if not m.must_reinforce():
            self.attacks()
            self.marches()
        self.acts.append(End())
        self.snaps.append(None)
        return self.acts


class EasyPlanner(Planner):
    """Fill the field, shoot the weakest target in range, march every unit at the nearest target."""

    def run(self) -> list:
        m = self.m
        if m.phase == "reinforce" and m.room > 0:
            cells = set(m.reinforce_cells())
            mine = [c for c in m.own if c in cells]
            if mine:
                self._do(m.reinforce(max(mine, key=lambda c: (m.own[c][0], c)), m.room))
            else:
                self._place_stack(m.room, None)
        if m.must_reinforce():
            self.acts.append(End())
            self.snaps.append(None)
            return self.acts
        for c in sorted(m.own):
            if m.can_act(c):
                ts = m.targets(c)
                if ts:
                    t = min(ts, key=lambda t: (m.enemy[t][1], t))
                    self._do(m.attack(c, t))
        tm = self.ctx.targets(m)
        if tm is not None:
            for c in sorted(m.own, key=lambda c: (-m.own[c][0], c)):
                if c not in m.own or not m.can_act(c) or m.own[c][1] <= 0:
                    continue
                reach = m.reach(c)
                if not reach:
                    continue
                here = float(tm[c])
                opts = sorted(reach, key=lambda d: (float(tm[d]), reach[d], self.rng.random()))
                d = opts[0]
                if float(tm[d]) < here:
                    self._do(m.march(c, d, m.own[c][0], reach[d]))
        self.acts.append(End())
        self.snaps.append(None)
        return self.acts


# ---------------------------------------------------------------------------- hard search
class OppContext:
    """Context of a simulated enemy turn (what the enemy is assumed to know)."""

    def __init__(self, cache: VisCache, r_est: dict, hint=()):
        self.cache = cache
        self.hint = hint  # cells the enemy walks towards (where it last saw us, roughly)
        self.r_est = r_est
        self.enemy_spawns = {}
        self.fog = None
        self._targets = None

    def targets(self, m: Model):
        if self._targets is None:
            pts = list(m.enemy) + list(self.hint)
            if not pts:
                self._targets = (None,)
            else:
                key = (m.size, tuple(pts[:24]))
                out = self.cache.target_maps.get(key)  # replies of a turn share their maps
                if out is None:
                    rr, cc = np.ogrid[:m.size, :m.size]
                    for r, c in pts[:24]:
                        d = np.abs(rr - r) + np.abs(cc - c)
                        out = d if out is None else np.minimum(out, d)
                    out = self.cache.target_maps[key] = out.astype(np.float32)
                self._targets = (out,)
        return self._targets[0]


def opponent_model(mm: Model, owner: int, ctx: Context) -> Model | None:
    """The enemy ``owner``'s next turn as we can picture it: its known units, our units it would see."""
    their = {c: v[1] for c, v in mm.enemy.items() if v[0] == owner}
    for c, (o, n, age) in mm.old_enemy.items():
        if o == owner and age <= 1 and c not in mm.own:
            their[c] = n
    if not their:
        return None
    h = mm.h
    cache = ctx.cache
    if mm.fog:
        vis = np.zeros(h.shape, dtype=bool)
        for c, n in their.items():
            vis |= cache.get(c, int(h[c]) + n, vision_range(n))
            vis[c] = True
        for o, wiped, cell, before in mm.hits:
            if o == owner and wiped:
                r = vision_range(max(1, before))
                rr, cc = np.ogrid[:mm.size, :mm.size]
                vis |= (np.abs(rr - cell[0]) + np.abs(cc - cell[1])) <= r
    else:
        vis = np.ones(h.shape, dtype=bool)
    om = Model.__new__(Model)
    om.me = owner
    om.size = mm.size
    om.mode = mm.mode
    om.fog = mm.fog
    om.h = h
    om.explored = np.ones(h.shape, dtype=bool)
    om.seen = vis
    om.vis = vis
    om.vis_dirty = False
    om.ghosts = ()
    om.own = {c: [n, mm.move, 0, 0] for c, n in their.items()}
    om.enemy = {}
    for c, v in mm.own.items():
        if vis[c]:
            om.enemy[c] = [mm.me, v[0]]
    for c, v in mm.enemy.items():
        if v[0] != owner and vis[c]:
            om.enemy[c] = [v[0], v[1]]
    om.old_enemy = {}
    shot = sum(1 for o, _, _, _ in mm.hits if o == owner)
    field = sum(their.values())
    om.reserve = min(mm.cap, ctx.r_est.get(owner, 0) + shot)
    om.cap = field + om.reserve
    om.phase = "reinforce"
    om.max_units = mm.max_units
    om.move = mm.move
    om.spawns = tuple(ctx.enemy_spawns.get(owner, ())) if not mm.fog else ()
    om.round = mm.round
    om.round_limit = mm.round_limit
    om.players = mm.players
    om.n_players = mm.n_players
    om.acted_reinforce = False
    om.hits = []
    return om


def reply_params(k: int) -> Params:
    """The ``k``-th way an enemy may answer a plan: 0 is the normal planner; the others vary the
    unit order (random tie-breaks), give up ambushes for big stacks, or play with the hard level's
    fog and sight terms and pre-shot splits."""
    if k == 0:
        return Params()
    kinds = (dict(order="random"), dict(order="small"), dict(ambush=False, fill="all", order="random"),
             dict(weights=Weights(**HARD_WEIGHTS), presplit=True, order="random"))
    return Params(noise=0.03, **kinds[(k - 1) % len(kinds)])


def reply_owners(mm: Model) -> list:
    """The enemies whose reply the hard search simulates: those in sight or seen last turn, the
    three nearest when there are more."""
    owners = sorted({v[0] for v in mm.enemy.values()} | {o for o, _, a in mm.old_enemy.values() if a <= 1})
    if len(owners) > 3:
        def near(o):
            cells = [c for c, v in mm.enemy.items() if v[0] == o]
            return min((steps(c, d) for c in cells for d in mm.own), default=10**6)
        owners = sorted(owners, key=near)[:3]
    return owners


def simulate_reply(mm: Model, ctx: Context, rng: random.Random | int, P: Params | None = None
                   ) -> tuple[float, float]:
    """Our loss to the enemies' replies (planner ``P``, normal by default) and our shots the turn
    after, in soldiers. ``rng`` may be a seed: the generator is then made only for a planner that
    draws from it (random unit orders or tie-breaks; the normal planner never does)."""
    if isinstance(rng, int):
        rng = random.Random(rng) if (P is not None and (P.noise or P.order == "random")) else None
    mine = {c: v[0] for c, v in mm.own.items()}
    owners = reply_owners(mm)
    loss = 0.0
    finals: list = []
    my_room = max(0, min(mm.reserve, mm.cap - mm.field))
    for o in owners:
        om = opponent_model(mm, o, ctx)
        if om is None:
            continue
        octx = OppContext(ctx.cache, {mm.me: my_room}, tuple(mm.own))
        Planner(om, octx, P or Params(), rng, None).run()
        for who, wiped, cell, before in om.hits:
            if who == mm.me and cell in mine:
                loss += 1.0 + (0.4 if wiped else 0.0)
                mine[cell] -= 1
                if mine[cell] <= 0:
                    del mine[cell]
        finals.extend((c, v[0]) for c, v in om.own.items())
    # our shots next turn against where they stand
    h = mm.h
    shots = 0
    total_their = sum(n for _, n in finals)
    seen_any = set()
    for c, n in mine.items():
        r = attack_range(n)
        vr = vision_range(n)
        z = int(h[c]) + n
        hit = False
        for d, dn in finals:
            sd = steps(c, d)
            if sd <= vr and (mm.mode == "classic" or line_clear(h, c, d, z, int(h[d]))):
                seen_any.add(d)
                if sd <= r:
                    hit = True
        shots += 1 if hit else 0
    room_next = max(0, min(mm.reserve, mm.cap - sum(mine.values())))
    shots += min(room_next, len(seen_any))
    return loss, float(min(shots, total_their))


class _Rows:
    """The rows of a 2-D array as tuples, each made when asked for (``random.choice`` of a cell
    among thousands picks one)."""

    def __init__(self, arr: np.ndarray):
        self.arr = arr

    def __len__(self) -> int:
        return len(self.arr)

    def __getitem__(self, i: int) -> tuple:
        return tuple(self.arr[i])


def phantom_sampler(m: Model, memory: Memory):
    """Where the enemies we cannot see might stand: a function of a random generator giving, for
    each living enemy with no unit in sight, half the time nothing and half the time one stack of
    its biggest known size (at least half the cap) on a random fog cell from which it could march
    and shoot at one of our units next turn. None without fog or with every enemy in sight."""
    if not m.fog or not m.own:
        return None
    unseen = [pv.player for pv in m.players if not pv.out and pv.player != m.me
              and not any(v[0] == pv.player for v in m.enemy.values())]
    if not unseen:
        return None
    hidden = ~np.asarray(m.vis, dtype=bool)
    for c in list(m.own) + list(m.enemy):
        hidden[c] = False
    rr, cc = np.ogrid[:m.size, :m.size]
    dist = None
    for r, c in m.own:
        d = np.abs(rr - r) + np.abs(cc - c)
        dist = d if dist is None else np.minimum(dist, d)
    zones = []
    for o in unseen:
        n = min(m.cap, max(memory.biggest.get(o, (0, 0))[1], (m.cap + 1) // 2))
        cells = _Rows(np.argwhere(hidden & (dist <= attack_range(n) + m.move)))
        if len(cells):
            zones.append((o, n, cells))
    if not zones:
        return None

    def sample(rng: random.Random) -> list:
        return [(rng.choice(cells), o, n) for o, n, cells in zones if rng.random() < 0.5]
    return sample


class Candidate:
    """A whole-turn plan of the hard search and its score: this turn's material and position terms,
    minus the mean loss to the enemy replies sampled so far, plus 0.7 x our mean shots after them."""

    def __init__(self, m: Model, ctx: Context, w: Weights, acts: list, planner: "Planner"):
        self.m, self.acts, self.planner = m, acts, planner
        self.key = tuple(acts)
        pos = 0.0
        tm = ctx.targets(m)
        fog = ctx.fog if w.fog > 0 else None
        for c, v in m.own.items():
            if tm is not None:
                pos -= w.approach * v[0] * float(tm[c])
            if fog is not None:
                pos -= w.fog * fog.risk(c)
        self.base = material(m, w) + pos
        self.replies: list = []

    def add_reply(self, loss: float, shots: float) -> None:
        self.replies.append((loss, shots))

    @property
    def value(self) -> float:
        n = len(self.replies)
        loss = sum(r[0] for r in self.replies) / n
        shots = sum(r[1] for r in self.replies) / n
        return self.base - loss + 0.7 * shots


HARD_WEIGHTS = dict(fog=0.5, seen=0.3)
# with two or more enemies alive: let them bleed each other, keep our soldiers out of sight
HARD_WEIGHTS_MULTI = dict(fog=1.0, seen=1.0, loss=2.0, approach=0.0, mass=0.01)


# two players, nobody shot yet, the enemy in sight and out of reach: a game nobody damages is void
# for everyone (流局, S18), so after a while step in (whoever is shot first usually loses, but a void
# is lost for sure)
HARD_WEIGHTS_INITIATIVE = dict(fog=0.2, seen=0.0, loss=0.6, soft=0.2, approach=0.06)


# ... and no ambushes (an even trade helps the two others), the reserve on the field in big stacks
HARD_PARAMS_MULTI: dict = dict(ambush=False, fill="all")


def hard_weights(m: Model) -> dict:
    alive = sum(1 for pv in m.players if not pv.out and pv.player != m.me)
    return HARD_WEIGHTS_MULTI if alive >= 2 else HARD_WEIGHTS


def hard_params(m: Model) -> dict:
    alive = sum(1 for pv in m.players if not pv.out and pv.player != m.me)
    return HARD_PARAMS_MULTI if alive >= 2 else {}


def void_looming(m: Model, memory: Memory) -> bool:
    """Nobody has shot yet and passing now may end the game as void (S18: a round of passes ends it).

    Without fog both sides see everything, a standoff is final and our pass may be the first of
    the last round, so we never pass idle; with fog the enemy may still walk into us, so only
    after a while (and then, with no enemy in sight, we go and look for it).
    """
    alive = [pv.player for pv in m.players if not pv.out and pv.player != m.me]
    if len(alive) != 1 or memory.any_shot:
        return False
    if not m.fog:
        return bool(m.enemy)
    return m.round >= max(10, m.round_limit // 6)


def hard_variants(m: Model, weights: dict = HARD_WEIGHTS, extra: dict | None = None):
    """The plans the hard level tries, in order: its base planner, smallest units first, then each
    unit's first march forced to stay or to its second, third... best option (the greedy plan's
    alternatives, biggest units first), interleaved with random unit orders with random tie-breaks.

    (Variants with other weights or reinforcement policies were tried and lost:
    the position score then favours whatever its own weights like.)
    """
    def V(**kw):
        kw.setdefault("presplit", True)
        kw.setdefault("weights", Weights(**weights))
        for k, v in (extra or {}).items():
            kw.setdefault(k, v)
        return Params(**kw)

    yield V()
    yield V(order="small")
    movers = sorted((c for c in m.own if m.can_act(c) and m.own[c][1] > 0), key=lambda c: (-m.own[c][0], c))
    forced = [(c, r) for r in range(FORCE_RANKS + 1) for c in movers]
    for i in range(10**9):
        if i < len(forced):
            yield V(force=forced[i])
        yield V(order="random", noise=0.03)


# ---------------------------------------------------------------------------- agent
class ShachangAI(Decisions):
    """A computer player (see module doc)."""

    def __init__(self, level: str, seed: int = 0, seat: int = 0, budget: float | None = None,
                 use_clock: bool = True):
        self.level = level
        self.name = f"shachang-{level}"
        self.seed = int(seed)
        self.seat = int(seat)
        # each decision's generator comes from this key and the decisions made (engine.agents.decision_rng)
        self.rng_key = self.seed * 1_000_003 + self.seat * 7_919 + LEVELS.index(level)
        self.rng = random.Random(self.rng_key)
        self.budget = budget
        self.use_clock = use_clock
        self.memory = Memory()
        self.turn = 0
        self.plan: list = []
        self.snaps: list = []
        self.last_round = None
        self.last_end = True
        self.turn_started = 0.0
        self.expect = None  # predicted (own units, enemies) after the action returned last
        self.errors: list[str] = []  # planner exceptions caught (the tests require none)
        self.runaway_stops = 0  # plans the runaway deadline cut short (none at any real load)
        self.stats = {"replan": 0, "illegal_planned": 0, "fallback": 0}
        self.think: list[float] = []  # thinking seconds of each finished turn
        self.think_cpu: list[float] = []  # the same in CPU seconds of this process (bench.ai)
        self.search_stats: dict = {}  # the last hard search: plans, distinct, replies, work, quota
        self.searches: list = []  # search_stats of every hard search, with its seconds (bench.ai)
        self._turn_think = 0.0
        self._turn_cpu = 0.0

    # ------------------------------------------------------------------ budget
    def budget_for(self, preset: str) -> float:
        if self.budget is not None:
            return float(self.budget)
        return DEFAULT_BUDGET.get(preset, 1.0)

    def runaway_seconds(self, preset: str) -> float:
        """After this long a decision is a runaway and the clock stops it (it decides nothing before)."""
        return max(RUNAWAY_SECONDS, RUNAWAY_FACTOR * self.budget_for(preset))

    # --------------------------------------------------------------------- act
    def act(self, observation, legal_actions):
        t0, c0 = time.perf_counter(), time.process_time()
        obs = observation
        self.next_decision()
        self._observe(obs)
        legal = set(legal_actions)
        action = pick_item(self, obs, legal) or self._choose(obs, legal, t0)  # fun items (S20)
        self._played(obs, action)
        self._turn_think += time.perf_counter() - t0
        self._turn_cpu += time.process_time() - c0
        if self.last_end:
            self.think.append(self._turn_think)
            self.think_cpu.append(self._turn_cpu)
        return action

    def remember(self, observation, legal_actions, action) -> None:
        """A past decision of a turn that has ended (a resumed game, engine.resume): what ``act`` learns from
        the observation and the action played, without planning (the plan of an ended turn is gone anyway);
        ``legal_actions`` is not read (engine.resume passes None)."""
        self.decisions += 1
        self._observe(observation)
        self._played(observation, action)

    @staticmethod
    def ends_turn(action) -> bool:
        """Whether ``action`` ends the seat's turn, and with it the turn's plan (engine.resume thinks the
        decisions of a turn in progress again)."""
        return isinstance(action, End)

    def _observe(self, obs) -> None:
        """Turn bookkeeping and the memory of enemies, before a decision."""
        if self.last_round is not None and obs.round < self.last_round:  # a new game: forget the old one
            self.memory = Memory()
            self.turn = 0
            self.last_end = True
        new_turn = self.last_end or obs.round != self.last_round
        if new_turn:
            self.turn += 1
            self.plan, self.snaps = [], []
            self._turn_think = 0.0
            self._turn_cpu = 0.0
        self.last_round = obs.round
        self.memory.update(obs, self.turn)

    def _played(self, obs, action) -> None:
        """What the seat remembers of the action it plays: its hits, and whether its turn ended."""
        if isinstance(action, Attack):
            o = self._enemy_owner(obs, action.dst)
            if o is not None:
                self.memory.hits_on.setdefault(o, []).append(self.turn)
        self.last_end = isinstance(action, End)

    @staticmethod
    def _enemy_owner(obs, cell):
        u = obs.unit_at(cell)
        return None if u is None else u.owner

    def _choose(self, obs, legal: set, t0: float):
        if self.plan and not self._on_track(obs):
            self.stats["replan"] += 1
            self.plan, self.snaps = [], []
        for attempt in range(2):
            if not self.plan:
                try:
                    self._make_plan(obs, t0, quick=attempt > 0)
                except Exception as e:  # never let a planner bug stop a game: note it, play safe
                    self.errors.append(f"{type(e).__name__}: {e}")
                    self.plan, self.snaps = [], []
                    break
            a = self.plan.pop(0)
            self.expect = self.snaps.pop(0)
            if a in legal:
                return a
            self.stats["illegal_planned"] += 1
            self.plan, self.snaps = [], []
        self.stats["fallback"] += 1
        return self._fallback(obs, legal)

    def _fallback(self, obs, legal: set):
        if End() in legal:
            return End()
        rs = sorted((a for a in legal if isinstance(a, Reinforce)), key=lambda a: (-a.count, a.cell))
        if rs:
            return rs[0]
        return sorted(legal, key=str)[0]

    def _on_track(self, obs) -> bool:
        """Whether the observation is the one the plan predicted after the last action."""
        snap = self.expect
        if snap is None:
            return False
        sig, enemies = snap
        own = tuple(sorted((u.cell, u.count, u.moves or 0, 1 if u.attacked else 0, 1 if u.fresh else 0)
                           for u in obs.units if u.owner == obs.player))
        if own != sig:
            return False
        for u in obs.units:
            if u.owner != obs.player and enemies.get(u.cell) != (u.owner, u.count):
                return False
        vis = obs.visible
        for c in enemies:
            if vis[c] and obs.unit_at(c) is None:
                return False
        return True

    def _make_plan(self, obs, t0: float, quick: bool = False) -> None:
        m = Model.from_obs(obs, self.memory, self.turn)
        ctx = Context(m, self.memory, self.turn)
        deadline = t0 + self.runaway_seconds(obs.preset) if self.use_clock else None
        if self.level == "easy":
            pl = EasyPlanner(m, ctx, Params(), self.rng, deadline)  # reads no clock: bounded by its units
            acts = pl.run()
            stopped = False
        elif self.level == "normal" or quick:
            pl = Planner(m, ctx, Params(), self.rng, deadline)
            acts = pl.run()
            stopped = pl.stopped
            if len(acts) == 1 and (m.enemy and self._pass_ends_void(m) or m.fog and self._pass_may_void(m)):
                # S18: a round of passes with no damage dealt ends the game void for everyone;
                # the others passed their last turn, so our pass would end it (under fog we cannot
                # tell whether they passed, so it may, as hard judges it): take the initiative
                pl2 = Planner(m.copy(), ctx, Params(weights=Weights(**HARD_WEIGHTS_INITIATIVE)), self.rng, deadline)
                acts2 = pl2.run()
                stopped = stopped or pl2.stopped
                if len(acts2) > 1:
                    pl, acts = pl2, acts2
        else:
            t1, c1 = time.perf_counter(), time.process_time()
            acts, pl = self._search(m, ctx, obs, deadline)
            self.search_stats["seconds"] = time.perf_counter() - t1
            self.search_stats["cpu"] = time.process_time() - c1
            self.searches.append(self.search_stats)
            stopped = self.search_stats["clock"]
        self.runaway_stops += bool(stopped)
        self.plan = list(acts)
        self.snaps = list(pl.snaps)

    def quota(self, preset: str) -> int:
        """Work (options evaluated) the hard search spends per turn: the budget times this
        machine's measured rate, so that the plan never depends on the clock."""
        return int(self.budget_for(preset) * WORK_RATE.get(preset, WORK_RATE["standard"]))

    def _pass_ends_void(self, m: Model) -> bool:
        """Without fog (the log shows every action): nobody has dealt damage and every other living
        player's last turn was a bare pass, so our pass now ends the game void (S18)."""
        if m.fog or self.memory.any_shot:
            return False
        alive = [pv.player for pv in m.players if not pv.out and pv.player != m.me]
        return bool(alive) and all(self.memory.last_pass.get(o, False) for o in alive)

    def _pass_may_void(self, m: Model) -> bool:
        """Nobody has dealt damage yet and one other player is alive: two passes in a row end the
        game void for both (S18)."""
        alive = [pv.player for pv in m.players if not pv.out and pv.player != m.me]
        return len(alive) == 1 and not self.memory.any_shot

    def _search(self, m: Model, ctx: Context, obs, deadline: float | None):
        """Hard: whole-turn plans until a share of the quota is spent, each scored against the
        enemies' normal reply; then the best few are scored against more kinds of reply (other unit
        orders, no ambushes, hard's weights) and sampled hidden enemies until the quota is spent;
        the best mean wins."""
        quota = self.quota(obs.preset)
        hw = hard_weights(m)
        looming = void_looming(m, self.memory)
        if looming and not m.enemy:  # two hiders make a void game: go and find the enemy
            hw = HARD_WEIGHTS_INITIATIVE
        extra = hard_params(m)
        w0 = Weights(**hw)
        work0 = METER.n
        stopped = []

        def clock_stops() -> bool:
            """Past the runaway deadline."""
            if deadline is None or time.perf_counter() <= deadline:
                return False
            stopped.append(METER.n - work0)
            return True
        cands: dict = {}
        i = last_new = 0
        variants = hard_variants(m, hw, extra)
        # with no enemy known and none hiding the replies cannot tell plans apart: all the quota
        # goes to plans
        phantoms = phantom_sampler(m, self.memory)
        share = STAGE1_SHARE if (reply_owners(m) or phantoms is not None) else 1.0
        while i < MAX_PLANS and (i < 2 or METER.n - work0 < share * quota) and i - last_new < STALE_PLANS:
            if i > 0 and clock_stops():
                break
            mm = m.copy()
            pl = Planner(mm, ctx, next(variants), random.Random(self.rng.random()), None)
            acts = pl.run()
            c = Candidate(mm, ctx, w0, acts, pl)
            if c.key not in cands:
                c.add_reply(*simulate_reply(mm, ctx, i))
                cands[c.key] = c
                last_new = i
            i += 1
        top = sorted(cands.values(), key=lambda c: -c.value)[:TOP_PLANS]
        k = 1
        while len(top) > 1 and k <= MAX_REPLIES and METER.n - work0 < quota:
            if clock_stops():
                break
            P = reply_params(k)
            ph = phantoms(random.Random(k * 104_729 + self.turn)) if phantoms is not None else ()
            for c in top:
                mm = c.m
                if ph:  # the same hidden enemies for every plan of this round
                    mm = c.m.copy()
                    for cell, o, n in ph:
                        if cell not in mm.own and cell not in mm.enemy:
                            mm.enemy[cell] = [o, n]
                c.add_reply(*simulate_reply(mm, ctx, random.Random(k * 7_919 + self.turn), P))
            k += 1
        best = max(top, key=lambda c: c.value)  # the first of equals: the earlier plan
        self.search_stats = {"plans": i, "distinct": len(cands), "replies": k - 1,
                             "work": METER.n - work0, "quota": quota, "clock": bool(stopped)}
        if len(best.acts) == 1 and self._pass_may_void(m):
            # under fog we cannot tell whether the others passed: a pass may end the game void
            # (S18: a whole round without acting; nobody has dealt damage yet), so act, as
            # cheaply as the search allows
            acting = [c for c in cands.values() if len(c.acts) > 1]
            if acting and not (looming and m.enemy):
                c = max(acting, key=lambda c: c.value)
                return c.acts, c.planner
        if len(best.acts) == 1 and looming and m.enemy:
            mm = m.copy()
            pl = Planner(mm, ctx, Params(weights=Weights(**HARD_WEIGHTS_INITIATIVE), presplit=True), self.rng, None)
            acts = pl.run()
            if len(acts) > 1:
                return acts, pl
        return best.acts, best.planner
