"""Computer players of 三国演弈 / 揭棋 that act on the observation and the legal actions only.

The public position is rebuilt from the observation (:func:`position_from_observation`);
a face-down piece is valued by its expectation over its kingdom's public pool of
not-yet-revealed pieces (less the ones this seat captured and saw, K9). Moving a face-down
piece in a look-ahead keeps it face down (its identity is unknown).

Levels:
- ``easy``: captures the most valuable piece it can, otherwise a random move;
- ``normal``: one ply with a static evaluation (material, pieces left hanging, checks,
  the enemy rulers' room, pawns past the border, mates and falls);
- ``hard``: a paranoid alpha-beta search over one full round (my move, then each enemy's
  forcing moves or a pass), see :mod:`engine.sanguo.ai_search`.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

from engine.agents import Decisions
from engine.sanguo.ai_search import Search
from engine.sanguo.board import CANNON, CHARIOT, HAN, HORSE, PAWN, RULER, layout
from engine.sanguo.rules import HID, OWN, K, O, Position

LEVELS = ("easy", "normal", "hard")


def position_from_observation(obs: dict) -> Position:
    """The public :class:`Position` described by an observation (``SanguoGame.observe``)."""
    lay = layout()
    pos = Position(lay, obs["mode"], free_pawns=obs["variant"] == "jieqi")
    keys = lay.keys
    for cell, p in obs["board"].items():
        i = lay.index[cell]
        pos.board[i] = (keys.index(p["kingdom"]), p["kind"], p["owner"], p["hidden"])
        if p["kind"] == RULER and not p["hidden"]:
            pos.rulers[p["owner"]] = i
    pos.to_move = obs["to_move"]
    pos.alive = list(obs["alive"])
    pos.alliance = frozenset(obs["alliance"]) if obs["alliance"] else None
    pos.han = obs["han"]
    pos.moved = list(obs["moved"])
    pos.quiet = obs["quiet"]
    pos.over = obs["over"]
    pos.fallen = [tuple(f) for f in obs["fallen"]]
    for k, key in enumerate(keys):
        pos.pool[k] = dict(obs["pools"][key])
    pos.history = None
    return pos


class Evaluator:
    """Static evaluation for one seat; face-down pieces at their pool expectation."""

    fall_bonus = 60.0  # an enemy kingdom gone
    lost = -1000.0
    hang = 1.2  # share of a piece's value lost when an enemy attacks it (less what a defended exchange costs it)
    check_bonus = 1.0
    room = 4.0  # per safe square of the enemy ruler's room (x 1/4)
    pawn_cross = 0.6
    enemy_weight = 0.5  # an enemy's material counts this much against mine
    threat_malus = 1.5  # per enemy line piece one piece away from checking my ruler
    threat_bonus = 0.3  # per line piece of mine one piece away from checking an enemy ruler
    endgame_boost = 3.0  # the ruler-room and closeness terms times this with two kingdoms left
    pull3 = {"standard": 0.3, "jieqi": 0.0}  # the same with three kingdoms (废帝 then allies the other
    # two against me): in the standard game it makes games end by the rules (48/50 instead of 43/50 of
    # normal-vs-normal games); in 揭棋 it changed nothing there and looked weaker for hard
    pull = 1.0  # per horse move to the emperor (two kingdoms left)
    near = 0.08  # per point of distance of my attackers to the nearest enemy ruler

    def __init__(self, me: int, obs: dict):
        lay = layout()
        self.me, self.lay = me, lay
        self.pull3_now = self.pull3.get(obs.get("variant", "standard"), 0.0)
        v = dict(lay.value)
        self.value = v
        self.hidden_value: dict[tuple, float] = {}
        seen = obs.get("captured_seen", {})
        for k, key in enumerate(lay.keys):
            pool = dict(obs["pools"][key])
            for name, n in seen.items():
                kk, kind = name.split(".")
                if kk == key and kind in pool:
                    pool[kind] = max(0, pool[kind] - n)
            total = sum(pool.values())
            exp = sum(v[kind] * n for kind, n in pool.items()) / total if total else 3.0
            for point_kind in (CHARIOT, HORSE, CANNON, PAWN):
                # a face-down piece moves once as its point type, then as what it is
                self.hidden_value[(k, point_kind)] = 0.8 * exp + 0.2 * v[point_kind]

    def piece_value(self, p: tuple, i: int) -> float:
        if p[HID]:
            return self.hidden_value.get((p[O], p[K]), 3.0)
        val = self.value[p[K]]
        if p[K] == PAWN and p[O] != HAN and self.lay.line(p[O], i) > self.lay.border_line:
            val += self.pawn_cross
        return val

    def material(self, pos: Position) -> list[float]:
        m = [0.0, 0.0, 0.0]
        for i in self.lay.points:
            p = pos.board[i]
            if p is not None and p[OWN] is not None:
                m[p[OWN]] += self.piece_value(p, i)
        return m

    def ruler_room(self, pos: Position, k: int, mine: dict) -> int:
        """Points the ruler of ``k`` could step to that I do not attack."""
        r = pos.rulers[k]
        if r < 0:
            return 0
        n = 0
        for t in self.lay.ruler[k][r]:
            q = pos.board[t]
            if (q is None or (q[OWN] is not None and pos.hostile(q[OWN], k))) \
                    and t not in mine:
                n += 1
        return n

    def score(self, pos: Position) -> float:
        """The position's worth to this seat (higher is better)."""
        me = self.me
        if not pos.alive[me]:
            return self.lost
        m = self.material(pos)
        mine = attack_map(pos, me, self)
        s = m[me]
        for k in range(3):
            if k == me:
                continue
            if not pos.alive[k]:
                s += self.fall_bonus
                continue
            w = 0.25 if pos.allied(k, me) else self.enemy_weight
            s -= w * m[k]
            if not pos.allied(k, me):
                if pos.in_check(k):
                    s += self.check_bonus
                s -= self.room * 0.25 * self.ruler_room(pos, k, mine) * self._boost(pos)
                s += self.threat_bonus * self.danger(pos, k)
        s -= self.threat_malus * self.danger(pos, me)
        s += self.pressure(pos) + self.emperor_pull(pos)
        if pos.over and pos.end in ("quiet", "repetition"):
            best = max(m[k] for k in range(3) if pos.alive[k])
            s += 20.0 if m[me] >= best else -20.0
        return s - self.hanging(pos, mine)

    def emperor_pull(self, pos: Position) -> float:
        """With two kingdoms left and 汉 not yet taken, my nearest horse's distance to the emperor (废帝
        brings the 汉 pieces and no alliance against me, SG3) counts against me."""
        if pos.han:
            return 0.0
        w = self.pull if sum(pos.alive) == 2 else self.pull3_now
        if not w:
            return 0.0
        dist = _emperor_distance()
        best = None
        for i in self.lay.points:
            p = pos.board[i]
            if p is not None and p[OWN] == self.me and p[K] == HORSE:
                d = dist.get(i)
                if d is not None and (best is None or d < best):
                    best = d
        return 0.0 if best is None else -w * best

    def danger(self, pos: Position, k: int) -> int:
        """Enemy chariots and cannons one piece away from checking the ruler of ``k`` along a line
        (a chariot behind one piece, a cannon with no screen or two)."""
        r = pos.rulers[k]
        if r < 0:
            return 0
        n = 0
        for ray in self.lay.rays[r]:
            between = 0
            for t in ray:
                q = pos.board[t]
                if q is None:
                    continue
                if pos.hostile(q[OWN], k) and ((q[K] == CHARIOT and between == 1)
                                                or (q[K] == CANNON and between in (0, 2))):
                    n += 1
                between += 1
                if between > 2:
                    break
        return n

    def pressure(self, pos: Position) -> float:
        """Attackers (车 马 炮 and pawns past the border) close to a hostile ruler score higher."""
        me, lay = self.me, self.lay
        targets = [lay.xy(pos.rulers[k]) for k in range(3)
                   if k != me and pos.alive[k] and pos.rulers[k] >= 0 and not pos.allied(k, me)]
        if not targets:
            return 0.0
        s = 0.0
        for i in lay.points:
            p = pos.board[i]
            if p is None or p[OWN] != me or p[K] not in (CHARIOT, HORSE, CANNON, PAWN):
                continue
            x, y = lay.xy(i)
            d = min(abs(x - tx) + abs(y - ty) for tx, ty in targets)
            s -= self.near * d * (0.5 if p[K] == PAWN else 1.0)
        return s * self._boost(pos)

    def _boost(self, pos: Position) -> float:
        """How much more the attack terms count with two kingdoms left (an endgame to finish)."""
        return self.endgame_boost if sum(pos.alive) == 2 else 1.0

    def hanging(self, pos: Position, mine: dict | None = None) -> float:
        """Loss expected from my pieces the enemies can take: the kingdom to move fully, the other
        enemy at half weight (the largest loss counts fully, the rest a tenth)."""
        me = self.me
        if pos.over:
            return 0.0
        nxt = pos.to_move
        enemies = [(attack_map(pos, k, self), 1.0 if k == nxt else 0.5) for k in range(3)
                   if k != me and pos.alive[k] and not pos.allied(k, me)]
        if not enemies:
            return 0.0
        mine = attack_map(pos, me, self) if mine is None else mine
        worst, total = 0.0, 0.0
        for i in self.lay.points:
            p = pos.board[i]
            if p is None or p[OWN] != me or p[K] == RULER:
                continue
            for amap, w in enemies:
                if i in amap:
                    v = self.piece_value(p, i)
                    if i in mine:
                        v = max(0.0, v - amap[i])
                    v *= w
                    worst = max(worst, v)
                    total += v
                    break
        return self.hang * worst + 0.1 * (total - worst)


def attack_map(pos: Position, k: int, ev: "Evaluator") -> dict:
    """Point -> value of the cheapest piece of kingdom ``k`` attacking it (车 炮 马 兵; face-down pieces
    as their point type, K8)."""
    lay, b = pos.lay, pos.board
    out: dict = {}
    for i in lay.points:
        p = b[i]
        if p is None or p[OWN] != k:
            continue
        kind = p[K]
        if kind == CHARIOT:
            ts = []
            for ray in lay.rays[i]:
                for t in ray:
                    ts.append(t)
                    if b[t] is not None:
                        break
        elif kind == CANNON:
            ts = []
            for ray in lay.rays[i]:
                screen = False
                for t in ray:
                    if b[t] is None:
                        continue
                    if screen:
                        ts.append(t)
                        break
                    screen = True
        elif kind == HORSE:
            ts = lay.knight[i]
        elif kind == PAWN:
            ts = pos.pawn_targets(p, i)
        else:
            continue
        v = ev.piece_value(p, i)
        for t in ts:
            if v < out.get(t, 99.0):
                out[t] = v
    return out


_EMPEROR_DIST: dict = {}


def _emperor_distance() -> dict:
    """Horse moves (no leg block, empty board) from every point to the emperor's point."""
    if not _EMPEROR_DIST:
        lay = layout()
        _EMPEROR_DIST[lay.emperor] = 0
        frontier = [lay.emperor]
        while frontier:
            nxt = []
            for i in frontier:
                for t in lay.knight[i]:
                    if t not in _EMPEROR_DIST:
                        _EMPEROR_DIST[t] = _EMPEROR_DIST[i] + 1
                        nxt.append(t)
            frontier = nxt
    return _EMPEROR_DIST


class Agent(Decisions):
    """A computer player of one level for one seat (deterministic for a seed)."""

    nodes = 2500  # hard: positions scored per decision at most (the default budget)
    root_width = 14  # hard: quiet moves of mine searched (captures, checks and alliances always)
    depth = 5  # hard: plies searched (mine, each enemy's, mine again, the next enemy's)
    normal_pull3 = 0.3  # normal: the horse's way to 废帝 with three kingdoms, in both variants (issue 15)
    # normal: hard's search over one round (my move, each enemy's) with a small amount of work, so that it sees a
    # mate either enemy can give before its next move (one ply, two normal players lost to a double-cannon mate
    # within 12 moves in half the standard games)
    normal_nodes = 300
    normal_width = 6
    normal_depth = 3

    def __init__(self, level: str = "normal", seed: int = 0, seat: int = 0, budget: float | None = None):
        if level not in LEVELS:
            raise ValueError(f"level must be one of {LEVELS}, got {level!r}")
        self.level, self.seat = level, seat
        self.name = f"sanguo-{level}"
        self.rng_key = int(seed)  # each decision's generator: engine.agents.decision_rng
        self.rng = random.Random(seed)
        # a thinking budget (arena LEVEL@SECONDS) scales hard's fixed amount of work (positions scored,
        # quiet moves searched), never the clock, so that a seed always gives the same play
        self.budget = 0.5 if budget is None else budget
        self.nodes = max(200, round(Agent.nodes * self.budget / 0.5))
        self.root_width = max(4, min(30, round(Agent.root_width * self.budget / 0.5)))
        self.seen: dict = {}  # public positions met in this game -> times (to steer clear of repetitions)
        self.record_len = -1

    def _remember(self, obs: dict) -> None:
        n = len(obs["record"])
        if n < self.record_len:
            self.seen = {}  # a new game
        self.record_len = n

    def _chose(self, q: Position) -> None:
        key = (tuple(q.board), q.to_move)
        self.seen[key] = self.seen.get(key, 0) + 1

    def _novelty(self, q: Position, quiet_before: int) -> float:
        """Penalty for steering back into a position met before; a bonus for resetting a long quiet count."""
        s = -1.5 * self.seen.get((tuple(q.board), q.to_move), 0)
        if q.quiet == 0 and not q.over:
            s += 2.0 * quiet_before / q.lay.quiet_limit
        return s

    def remember(self, observation: dict, legal_actions: Sequence[Any], action: Any) -> None:
        """A past decision of this seat (a resumed game): counted, and the position it chose is met (normal,
        hard), as ``act`` would have left it."""
        self.decisions += 1
        if self.level == "easy" or len(legal_actions) == 1:
            return
        self._remember(observation)
        pos = position_from_observation(observation)
        q = pos.copy(history=False)
        q.play(pos.lay.index[action.src], pos.lay.index[action.dst])
        self._chose(q)

    def act(self, observation: dict, legal_actions: Sequence[Any]) -> Any:
        self.next_decision()
        if len(legal_actions) == 1:
            return legal_actions[0]
        pos = position_from_observation(observation)
        me = pos.to_move
        lay = pos.lay
        moves = [(lay.index[a.src], lay.index[a.dst]) for a in legal_actions]
        ev = Evaluator(me, observation)
        if self.level == "normal":
            # issue 15: in 揭棋 three-kingdom endgames with few attackers stalled into the quiet rule (K6)
            # while the 汉 pieces stood untaken; normal (not hard, whose search it weakened) steers a
            # horse towards 废帝 (SG3) there too, which resets the quiet count and gives it the 汉 chariots
            ev.pull3_now = max(ev.pull3_now, self.normal_pull3)
        if self.level == "easy":
            caps = [(ev.piece_value(pos.board[d], d), n) for n, (s, d) in enumerate(moves)
                    if pos.board[d] is not None]
            if caps:
                best = max(v for v, _ in caps)
                return legal_actions[self.rng.choice([n for v, n in caps if v == best])]
            return legal_actions[self.rng.randrange(len(legal_actions))]
        self._remember(observation)
        scored = []
        for n, (s, d) in enumerate(moves):
            q = pos.copy(history=False)
            q.play(s, d)
            scored.append((ev.score(q) + self._novelty(q, pos.quiet) + self.rng.random() * 0.01, n, q))
        scored.sort(key=lambda x: -x[0])
        # a paranoid alpha-beta search (engine/sanguo/ai_search.py): hard over one round and my next move, normal
        # over one round with less work
        if self.level == "normal":
            search = Search(me, ev, self.normal_nodes, root_width=self.normal_width)
            best_n = search.choose(pos, scored, depth=self.normal_depth)
        else:
            search = Search(me, ev, self.nodes, root_width=self.root_width)
            best_n = search.choose(pos, scored, depth=self.depth)
        self.last_nodes = search.nodes
        for sc, n, q in scored:
            if n == best_n:
                self._chose(q)
        return legal_actions[best_n]


def make_agent(level: str = "normal", seed: int = 0, seat: int = 0, budget: float | None = None) -> Agent:
    """A computer player of ``level`` for ``seat``."""
    return Agent(level, seed=seed, seat=seat, budget=budget)
