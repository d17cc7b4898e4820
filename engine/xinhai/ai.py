"""辛亥革命 computer players: easy, normal and hard, deciding from (observation, legal actions) only.

The observation shows the whole board (nothing on the map is hidden); the agent rebuilds a
:class:`Board` from it and scores each legal action:

* shots and melees by their exact 2d6 result probabilities (engine.xinhai.combat) with every
  modifier the rules would apply (support, terrain, worn, trench, munitions, round markers, machine
  guns, recoil guns), valued by what each result does (a destroyed unit, a unit knocked off a
  control point, a kill reward at the current morale);
* moves by the control points they take or leave, the distance to the objectives (the Qing close in
  on revolutionaries on control points, the revolutionaries hold and retake control points), and the
  exposure of the destination (enemy units that could shoot it, with the worn state's +1);
* command-marker faces (hard) by the sum of the best action of every unit that could act with the
  face, against the value of rallying the region and the face's extras.

hard plays the best-scored action each time (so unit actions go in order of expected value and
stop when nothing is worth more than standing ready); normal uses a plainer score (no exposure, no
face planning); easy is mostly random but shoots when it can.
"""
from __future__ import annotations

import random
from types import SimpleNamespace

from engine.agents import Decisions
from engine.xinhai.board import Board, Unit
from engine.xinhai.combat import melee_odds, shot_odds
from engine.xinhai.data import rules
from engine.xinhai.hexgrid import distance, parse_label
from engine.xinhai.orders import shot_modifiers, unit_actions

REV_EXPOSURE = 0.12  # how much a revolutionary unit fears enemy fire (per expected shooter)
VALUE = {"infantry": 1.0, "cavalry": 1.2, "artillery": 1.5, "fleet": 1.6}
EXPECTED_RESPONSE = {0: 0, 1: 0, 2: 0, 3: 0, 4: 1.0, 5: 2.04, 6: 2.53, 7: 3.5, 8: 4.47, 9: 6.0}


class Context:
    """What the agent knows, rebuilt from the observation: a Board and the shot-modifier state."""

    def __init__(self, obs: dict):
        self.R = rules()
        self.obs = obs
        b = Board()
        for u in obs["units"]:
            b.units[u["id"]] = Unit(u["id"], u["side"], u["kind"], parse_label(u["hex"]), u["ready"], u["boat"])
        b.next_uid = max(b.units, default=0) + 1
        b.trenches = {parse_label(h) for h in obs["trenches"]}
        b.pontoons = {parse_label(h) for h in obs["pontoons"]}
        b.ruins = frozenset(parse_label(h) for h in obs["ruins"])
        self.board = b
        self.side = obs["side"]
        self.morale = obs["morale"]
        self.g = SimpleNamespace(board=b, R=self.R, munitions=obs["munitions"], timed=set(obs["timed"]),
                                 machine_guns=obs["machine_guns"], recoil=obs["recoil_gun"])
        self.rounds_left = 11 - obs["round"]
        self.cps = [h for h, t in self.R.map.terrain.items() if t == "C" and h not in b.ruins]

    def at(self, text: str) -> Unit | None:
        return self.board.at(parse_label(text))

    def rev_on_cps(self) -> int:
        return sum(1 for h in self.cps if (u := self.board.at(h)) is not None and u.side == "rev")

    def cp_value(self) -> float:
        """What one more (or one fewer) revolutionary unit on a control point is worth per round left."""
        n = self.rev_on_cps()
        up = EXPECTED_RESPONSE[min(9, n + 1)] - EXPECTED_RESPONSE[min(9, n)]
        down = EXPECTED_RESPONSE[min(9, n)] - EXPECTED_RESPONSE[max(0, min(9, n - 1))]
        # every round counts; the 肆 check makes 4+ units on control points vital late in the game
        late = 1.5 if self.obs["round"] >= 7 and n <= 5 else 1.0
        return max(up, down, 0.6) * (0.5 + 0.25 * self.rounds_left) * late


# ---------------------------------------------------------------------- scoring
def result_value(ctx: Context, shooter_side: str, target: Unit, result: str) -> float:
    """Value to the shooter's side of one result on ``target``."""
    v = VALUE[target.kind]
    on_cp = target.side == "rev" and target.hex in ctx.cps
    kill_bonus = 0.35 * ctx.morale if shooter_side == "rev" else 0.0
    cpv = ctx.cp_value() * 0.5 if on_cp else 0.0
    if result in ("destroyed", "defender_destroyed"):
        return v + kill_bonus + cpv * 1.5
    if result == "worn":
        return 0.25 if target.ready else 0.05
    if result in ("worn_retreat1", "defender_worn_retreat1"):
        return (0.25 if target.ready else 0.05) + 0.25 + cpv
    if result == "worn_retreat2":
        return (0.25 if target.ready else 0.05) + 0.4 + cpv
    return 0.0


def shot_value(ctx: Context, shooter: Unit, target: Unit) -> float:
    mod = sum(v for _, v in shot_modifiers(ctx.g, shooter, target))
    odds = shot_odds(shooter.kind, mod)
    if target.hex in ctx.board.trenches:
        return (1 - odds["none"]) * 0.3
    return sum(p * result_value(ctx, shooter.side, target, r) for r, p in odds.items())


def melee_value(ctx: Context, attacker: Unit, target: Unit) -> float:
    odds = melee_odds(attacker.kind, 0 if target.ready else 1)
    gain = sum(p * result_value(ctx, attacker.side, target, r) for r, p in odds.items()
               if r.startswith("defender"))
    loss = odds["attacker_destroyed"] * (VALUE[attacker.kind] + (0.35 * ctx.morale if attacker.side == "qing" else 0))
    return gain - loss * 1.1


def exposure(ctx: Context, side: str, h, ignore: int | None = None) -> float:
    """Expected harm waiting on hex ``h`` for a unit of ``side``: enemy units that could shoot it."""
    rng = ctx.R.units
    if ctx.board.is_ceasefire(h):
        return 0.0
    n = 0.0
    for u in ctx.board.units.values():
        if u.side == side or u.uid == ignore:
            continue
        d = distance(u.hex, h)
        reach = rng[u.kind]["range"] + (rng[u.kind]["move"] if u.kind != "fleet" else 1)
        if d <= rng[u.kind]["range"]:
            n += 1.0 if u.kind in ("artillery", "fleet") else 0.6
        elif d <= reach:
            n += 0.3
    return n


def objective_distance(ctx: Context, u: Unit, h) -> float:
    """How far ``h`` is from what a unit of ``u``'s side should be near."""
    b = ctx.board
    if u.side == "qing":
        targets = [v.hex for v in b.side_units("rev") if v.hex in ctx.cps] or [v.hex for v in b.side_units("rev")]
        if not targets:
            return 0.0
        want = ctx.R.units[u.kind]["range"] if u.kind in ("artillery", "fleet") else 1
        return min(abs(distance(h, t) - want) for t in targets)
    free = [c for c in ctx.cps if (w := b.at(c)) is None or w.uid == u.uid]
    qing = [v.hex for v in b.side_units("qing")]
    if u.kind == "artillery" and qing:
        return min(abs(distance(h, t) - 3) for t in qing) * 0.7 + (min(distance(h, c) for c in free) * 0.3 if free else 0)
    if free:
        return min(distance(h, c) for c in free)
    return min((distance(h, t) for t in qing), default=0) * 0.5


def move_value(ctx: Context, u: Unit, dest, careful: bool, keeps_ready: bool = False) -> float:
    b = ctx.board
    cpv = ctx.cp_value()
    val = 0.0
    if u.side == "rev":
        if u.hex in ctx.cps:
            val -= cpv
        if dest in ctx.cps:
            val += cpv
    else:
        if dest in ctx.cps:
            val += 0.1
    val += 0.12 * (objective_distance(ctx, u, u.hex) - objective_distance(ctx, u, dest))
    if not keeps_ready:
        val -= 0.08  # a worn unit is easier to hit and cannot act until rallied
    if careful:
        exp_now = exposure(ctx, u.side, u.hex)
        exp_new = exposure(ctx, u.side, dest)
        t_now, t_new = b.terrain(u.hex), b.terrain(dest)
        cover_now = 0.7 if t_now in ("C", "S", "H") else 1.0
        cover_new = 0.7 if t_new in ("C", "S", "H") else 1.0
        worn_factor = 1.0 if keeps_ready else 1.3
        val -= exposure_weight(ctx, u.side) * VALUE[u.kind] * (exp_new * cover_new * worn_factor - exp_now * cover_now)
        if u.kind in ("infantry", "cavalry") and u.side == "qing":
            # next to a revolutionary on a control point: a melee next time
            if any((w := b.at(n)) is not None and w.side == "rev" and w.kind != "fleet" and n in ctx.cps
                   for n in ctx.R.map.neighbours(dest)):
                val += 0.2
    return val


def morale_value(ctx: Context) -> float:
    """One step of morale: every later kill of a Qing unit is worth one point more or less."""
    return 0.3 + 0.12 * ctx.rounds_left


def exposure_weight(ctx: Context, side: str) -> float:
    """How much a unit of ``side`` fears being shot: the Qing more when morale (the kill reward) is high."""
    return 0.04 * (1 + ctx.morale) if side == "qing" else REV_EXPOSURE


def action_value(ctx: Context, a, careful: bool) -> float:
    """The score of a unit action in an activation (0 = as good as leaving the unit ready)."""
    v = a.verb
    if v == "end":
        return 0.0
    if v == "morale":
        return morale_value(ctx)
    if v == "ready":
        u = ctx.at(a.args[0])
        return 0.3 + (0.3 if u is not None and exposure(ctx, u.side, u.hex) > 0 else 0)
    u = ctx.at(a.args[0])
    if u is None:
        return -1.0
    if v == "shoot":
        val = shot_value(ctx, u, ctx.at(a.args[1])) - 0.05
        if careful and u.ready:  # the shooter lies down: +1 to every shot at it
            val -= exposure_weight(ctx, u.side) * 0.5 * VALUE[u.kind] * exposure(ctx, u.side, u.hex)
        return val
    if v == "melee":
        return melee_value(ctx, u, ctx.at(a.args[1]))
    if v == "move":
        val = move_value(ctx, u, parse_label(a.args[1]), careful)
        if len(a.args) == 3:
            extra = a.args[2]
            if extra == "boat":
                val -= 0.02
            elif extra.startswith("+"):
                val += 0.15 if u.side == "qing" else -0.2
            else:
                val += 0.15 if u.side == "rev" else -0.2
        return val
    if v == "cross":
        return move_value(ctx, u, parse_label(a.args[1]), careful, keeps_ready=True) - 0.1
    if v == "bridge":
        extra = a.args[1]
        return (0.1 if (extra[0] == "+") == (u.side == "qing") else -0.3) - 0.1
    return -1.0


# ---------------------------------------------------------------------- the decisions
class XinhaiAgent(Decisions):
    """A computer player of one level (see the module doc)."""

    def __init__(self, level: str = "normal", seed: int = 0, seat: int = 0):
        if level not in ("easy", "normal", "hard"):
            raise ValueError(f"unknown level {level!r}")
        self.level = level
        self.name = level
        self.careful = level == "hard"  # exposure in move scores
        self.plan_faces = level == "hard"  # marker faces by the plan of every unit
        self.seat = seat
        self.rng_key = int(seed)  # each decision's generator: engine.agents.decision_rng
        self.rng = random.Random(seed)

    def act(self, observation: dict, legal_actions):
        self.next_decision()
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        kind = observation["stage"]
        if self.level == "easy":
            return self._easy(observation, legal, kind)
        ctx = Context(observation)
        if self.level == "normal" and kind in ("marker", "act"):
            return self._normal(ctx, legal, kind)
        careful = self.careful
        if kind == "marker":
            return self._marker(ctx, legal, self.plan_faces)
        if kind == "act":
            scored = [(action_value(ctx, a, careful), i, a) for i, a in enumerate(legal)]
            best = max(scored, key=lambda t: (t[0], -t[1]))
            return best[2] if best[0] > 0 else next(a for a in legal if a.verb == "end")
        if kind == "retreat":
            u = ctx.board.units.get(observation["decision"].get("unit"))
            def safe(a):
                h = parse_label(a.args[0])
                bonus = 1.0 if (u is not None and u.side == "rev" and h in ctx.cps) else 0.0
                cover = 0.3 if ctx.board.terrain(h) in ("C", "S", "H") else 0.0
                return bonus + cover - 0.2 * exposure(ctx, u.side if u else ctx.side, h, u.uid if u else None)
            return max(legal, key=safe)
        if kind == "track":
            return self._track(ctx, observation, legal)
        if kind == "reinforce":
            return self._reinforce(ctx, observation, legal)
        if kind == "region":
            return self._region(ctx, legal)
        if kind == "ruins":
            placed = [a for a in legal if a.args[0] != "none"] or legal  # X14 lets them decline; this AI places
            return max(placed, key=lambda a: self._ruins_value(ctx, parse_label(a.args[0])))
        if kind == "trench":
            return max(legal, key=lambda a: (parse_label(a.args[0]) in ctx.cps,
                                             exposure(ctx, ctx.side, parse_label(a.args[0]))))
        if kind == "fleet":
            rev = [u.hex for u in ctx.board.side_units("rev")]
            return min(legal, key=lambda a: min((distance(parse_label(a.args[0]), h) for h in rev), default=0))
        return legal[0]

    # ------------------------------------------------------------------ per decision
    def _easy(self, obs, legal, kind):
        shots = [a for a in legal if a.verb == "shoot"]
        if kind == "act" and shots and self.rng.random() < 0.7:
            return self.rng.choice(shots)
        if kind == "act" and self.rng.random() < 0.25:
            return next(a for a in legal if a.verb == "end")
        if kind == "marker":
            return self.rng.choice([a for a in legal if a.verb != "pass"])
        return self.rng.choice(legal)

    def _normal(self, ctx: Context, legal, kind):
        """A plain commander: the face with the most ready units (its extras ignored); every unit shoots
        when it can (at the first target listed), attacks a worn neighbour, or closes in on its objective."""
        if kind == "marker":
            marker = ctx.obs["decision"]["marker"]
            m = next(x for x in ctx.R.markers if x.id == marker)

            def ready(a):
                face = m.faces[int(a.args[0]) - 1]
                return sum(1 for u in ctx.board.side_units(ctx.side) if u.ready and ctx.board.in_region(u, face.region))
            cmds = [a for a in legal if a.verb == "cmd"]
            best = max(cmds, key=ready)
            if ready(best):
                return best
            rallies = [a for a in legal if a.verb == "rally"]
            return rallies[0] if rallies else legal[-1]
        for a in legal:
            if a.verb == "shoot":
                return a
        for a in legal:
            if a.verb == "melee" and not ctx.at(a.args[1]).ready:
                return a
        best, gain = None, 0.5
        for a in legal:
            if a.verb == "move" and len(a.args) == 2:
                u = ctx.at(a.args[0])
                g = objective_distance(ctx, u, u.hex) - objective_distance(ctx, u, parse_label(a.args[1]))
                if u.side == "rev" and u.hex in ctx.cps:
                    continue  # stays on its control point
                if g > gain:
                    best, gain = a, g
        return best if best is not None else next(a for a in legal if a.verb == "end")

    def _marker(self, ctx: Context, legal, careful: bool):
        marker = ctx.obs["decision"]["marker"]
        m = next(x for x in ctx.R.markers if x.id == marker)
        best, best_v = None, 0.0
        for a in legal:
            if a.verb == "pass":
                continue
            face = m.faces[int(a.args[0]) - 1]
            own = [u for u in ctx.board.side_units(ctx.side) if ctx.board.in_region(u, face.region)]
            if a.verb == "cmd":
                if careful:
                    val = self._plan_value(ctx, [u for u in own if u.ready], face.region)
                else:
                    val = 0.4 * sum(1 for u in own if u.ready)
            else:
                worn = [u for u in own if not u.ready]
                val = sum(0.3 + 0.15 * min(3, exposure(ctx, ctx.side, u.hex)) for u in worn) if careful \
                    else 0.35 * len(worn)
            if face.extra == "morale+" and ctx.side == "rev" and ctx.morale < 5:
                val += morale_value(ctx) if careful else 0.7
            if face.extra == "morale-" and ctx.side == "qing" and ctx.morale > 0:
                val += morale_value(ctx) if careful else 0.7
            if face.extra == "rally" and any(not u.ready for u in ctx.board.side_units(ctx.side)):
                val += 0.4
            if val > best_v:
                best, best_v = a, val
        return best if best is not None else next(a for a in legal if a.verb == "pass")

    def _plan_value(self, ctx: Context, units, region: str) -> float:
        """The sum over the units that could act of the best score of each (at least 0: standing ready)."""
        d = SimpleNamespace(data={"bridged": False, "mode": "cmd", "region": region, "acted": set()})
        total = 0.0
        for u in units:
            acts = unit_actions(ctx.g, d, u)
            total += max([0.0] + [action_value(ctx, a, True) for a in acts])
        return total

    def _track(self, ctx, obs, legal):
        pts = obs["decision"]["points"]
        tracks = obs["tracks"]
        qing_fleets = any(u.kind == "fleet" for u in ctx.board.side_units("qing"))

        def score(a):
            t = a.args[0]
            v = tracks[t]
            gained = min(pts, 10 - v)
            reward = 0.0
            if v + pts >= 10:
                reward = {"north": 1.5 if qing_fleets else 0.2, "army": 0.8, "southeast": 1.0, "southwest": 0.8}[t]
            return (gained, reward, v)
        return max(legal, key=score)

    def _reinforce(self, ctx, obs, legal):
        cards = [a for a in legal if a.args[0] != "none"]
        if not cards:
            return legal[-1]
        R = ctx.R

        def score(a):
            c = R.setup[int(a.args[0])]
            if ctx.side == "rev":
                h = c.rev_reinforce
                return -min((distance(h, cp) for cp in ctx.cps if ctx.board.at(cp) is None), default=0)
            n = len(c.qing_units) - sum(1 for t, v, k in c.qing_cuts if obs["tracks"][t] >= v)
            return n + (0.5 if c.qing_units[0] != "fleet" else 0)
        return max(cards, key=score)

    def _region(self, ctx, legal):
        def worn(a):
            return sum(1 for u in ctx.board.side_units(ctx.side) if ctx.board.in_region(u, a.args[0]) and not u.ready)
        return max(legal, key=worn)

    def _ruins_value(self, ctx, c) -> float:
        hexes = {c} | set(ctx.R.map.neighbours(c))
        val = 0.0
        for h in hexes:
            u = ctx.board.at(h)
            if u is not None and u.side == "rev":
                val += 1.0 + (2.0 if h in ctx.cps else 0.0)
        return val


def make_agent(level: str = "normal", seed: int = 0, seat: int = 0) -> XinhaiAgent:
    """A computer player of ``level`` ("easy", "normal", "hard") for ``seat``."""
    return XinhaiAgent(level, seed, seat)
