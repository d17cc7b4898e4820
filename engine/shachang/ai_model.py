"""The computer players' own picture of a 沙场秋点兵 position, built only from an Observation.

``Model`` is a light copy of what one seat knows: its own units with their
move/attack state, the enemy units it sees or saw this turn (and, for danger
estimates, older sightings), the terrain heights it has explored (unexplored
cells count as height 0), the cells it has seen this turn (marches may only
pass those, S10) and its reserve. It applies the seat's own actions with the
same rules as the engine (S8, S13-S17), so a whole turn can be planned and
replayed; anything it cannot know (an enemy in the fog, an unexplored height)
is caught by the legality check of the agent, which then plans again.
"""
from __future__ import annotations

import re
import threading

import numpy as np

from engine.shachang.actions import Attack, March, Reinforce
from engine.shachang.cells import PLANE, board_grid, parse_cell
from engine.shachang.rules import attack_range, vision_range
from engine.shachang.sight import sight_path
from engine.shachang.vision import diamond, visible_from


class Meter(threading.local):
    """The thinking work done in this thread: one change of the position score is 1, a sight line 5,
    a march's reachable cells 25, a vision map 33, a position score's set-up 22, a planner run 15
    (weights fitted to the computer players' time on the development machine, where a unit is about
    2 microseconds). The hard search spends a quota of it instead of watching the clock, so that its
    plan never depends on the machine's speed or load."""

    n = 0


METER = Meter()
WORK_CHANGE, WORK_LINE, WORK_REACH, WORK_VISION, WORK_THREATS, WORK_PLAN = 1, 5, 25, 33, 22, 15


steps = PLANE.distance  # 步数 (S1) of the board geometry (engine.grids): steps(a, b) -> int
_span = PLANE.span  # 距离 (S2): the number of levels of a sight line


class _Lines(threading.local):
    """Sight lines and vision maps already worked out on the height map in use in this thread (one
    search's)."""

    h = None
    d: dict = {}
    vh = None
    v: dict = {}


_LINES = _Lines()


def _visible(h: np.ndarray, c, z: int, r: int) -> np.ndarray:
    """``visible_from`` kept per height map (read only; the model's own vision, not metered)."""
    lc = _LINES
    if lc.vh is not h or len(lc.v) * h.size > 16_000_000:  # at most about 16 MB of maps
        lc.vh, lc.v = h, {}
    key = (c, z, r)
    v = lc.v.get(key)
    if v is None:
        v = lc.v[key] = visible_from(h, c, z, r)
    return v


def line_clear(h: np.ndarray, src, dst, z: int, x: int) -> bool:
    """S5 with integer arithmetic: no intermediate cell y with D*y >= a*z + b*x.

    A line is worked out once per height map (the search asks the same lines again and again); the
    meter still counts every line asked for, so that the work quota means what it meant."""
    d = _span(src, dst)
    if d <= 1:
        return True
    METER.n += WORK_LINE
    lc = _LINES
    if lc.h is not h:
        lc.h, lc.d = h, {}
    key = (src, dst, z, x)
    v = lc.d.get(key)
    if v is None:
        v = True
        for k, (r, c) in enumerate(sight_path(src, dst), start=1):
            if d * int(h[r, c]) >= (d - k) * z + k * x:
                v = False
                break
        lc.d[key] = v
    return v


class Memory:
    """What a seat remembers between calls: enemy sightings and its own hits."""

    def __init__(self):
        self.enemies: dict = {}  # cell -> (owner, count, turn seen)
        self.turn = 0  # own turns counted
        self.hits_on: dict = {}  # owner -> list of own turn numbers of hits
        self.enemy_spawns: dict = {}  # owner -> set of cells where its units stood in round 1
        self.biggest: dict = {}  # owner -> (turn, biggest unit seen)
        self.n_events = 0  # events of the observation already read
        self.any_shot = False  # some shot of the game was in our log
        self.last_pass: dict = {}  # player -> whether its last turn in our log was a bare pass
        self._acts: dict = {}  # player -> actions of it seen in its current turn

    def update(self, obs, turn: int) -> None:
        vis = obs.visible
        for c in [c for c in self.enemies if vis[c]]:
            del self.enemies[c]
        for u in obs.units:
            if u.owner != obs.player:
                self.enemies[u.cell] = (u.owner, u.count, turn)
                if u.count > self.biggest.get(u.owner, (0, 0))[1]:
                    self.biggest[u.owner] = (turn, u.count)
                if obs.round == 1:
                    self.enemy_spawns.setdefault(u.owner, set()).add(u.cell)
        self._read_events(obs, turn)
        for o in range(len(obs.players)):
            if obs.players[o].out:
                for c in [c for c, v in self.enemies.items() if v[0] == o]:
                    del self.enemies[c]
        # forget sightings far in the past
        for c in [c for c, v in self.enemies.items() if turn - v[2] > 6]:
            del self.enemies[c]


    def _read_events(self, obs, turn: int) -> None:
        """Shots at us from the fog tell where the shooter stands (the log names both cells)."""
        ev = obs.events
        if len(ev) < self.n_events:
            self.n_events = 0
        for text in ev[self.n_events:]:
            me = _WHO.match(text)
            if me:
                k = int(me.group(1)) - 1
                if me.group(2) == "end of turn":
                    self.last_pass[k] = self._acts.get(k, 0) == 0
                    self._acts[k] = 0
                else:
                    self._acts[k] = self._acts.get(k, 0) + 1
            mt = _SHOT.match(text)
            if not mt:
                continue
            self.any_shot = True
            o = int(mt.group(1)) - 1
            if o == obs.player:
                continue
            try:
                src, dst = parse_cell(mt.group(2)), parse_cell(mt.group(3))
            except Exception:
                continue
            if not (0 <= src[0] < obs.size and 0 <= src[1] < obs.size) or obs.visible[src]:
                continue
            need = 1
            while attack_range(need) < steps(src, dst):
                need *= 2
            est = max(need, self.biggest.get(o, (0, 1))[1])
            self.enemies[src] = (o, est, turn)
        self.n_events = len(ev)


_WHO = re.compile(r"^P(\d+): (.*)$")
_SHOT = re.compile(r"^P(\d+): attack ([a-z]+\d+) ([a-z]+\d+)")


class Model:
    """A seat's planning state (see module doc). Copy with ``copy()`` for search."""

    def copy(self) -> "Model":
        m = Model.__new__(Model)
        m.__dict__.update(self.__dict__)
        m.own = {c: list(v) for c, v in self.own.items()}
        m.enemy = {c: list(v) for c, v in self.enemy.items()}
        m.vis = self.vis  # replaced, never written in place
        m.hits = list(self.hits)
        return m

    @classmethod
    def from_obs(cls, obs, memory: Memory, turn: int) -> "Model":
        m = cls()
        m.me = obs.player
        m.size = obs.size
        m.mode = obs.mode
        m.fog = obs.mode == "digital"
        hk = np.asarray(obs.heights)
        m.h = np.where(hk < 0, 0, hk).astype(np.int32)
        m.explored = obs.explored
        m.seen = obs.seen
        m.vis = obs.visible
        m.vis_dirty = False
        m.ghosts = obs.ghosts
        m.own = {}
        m.enemy = {}
        for u in obs.units:
            if u.owner == obs.player:
                m.own[u.cell] = [u.count, u.moves or 0, 1 if u.attacked else 0, 1 if u.fresh else 0]
            else:
                m.enemy[u.cell] = [u.owner, u.count]
        # enemies seen earlier this turn on cells no longer visible still block marches
        m.old_enemy = {}
        for c, (o, n, t) in memory.enemies.items():
            if c in m.enemy:
                continue
            if t == turn and m.seen[c]:
                m.enemy[c] = [o, n]
            else:
                m.old_enemy[c] = (o, n, turn - t)
        m.phase = obs.phase
        m.reserve = obs.reserve
        m.cap = obs.cap
        m.max_units = obs.max_units
        m.move = obs.move_power
        m.spawns = tuple(obs.spawns)
        m.round = obs.round
        m.round_limit = obs.round_limit
        m.players = obs.players
        m.n_players = len(obs.players)
        m.acted_reinforce = False
        m.hits = []  # (owner, wiped, cell, count before) of planned attacks
        return m

    # ---------------------------------------------------------------- facts
    @property
    def grid(self):
        """The board geometry (engine.grids): the march steps' neighbours."""
        return board_grid(self.size)

    @property
    def field(self) -> int:
        return sum(v[0] for v in self.own.values())

    @property
    def room(self) -> int:
        if self.phase != "reinforce":
            return 0
        return max(0, min(self.reserve, self.cap - self.field))

    def must_reinforce(self) -> bool:
        return self.phase == "reinforce" and not self.acted_reinforce and self.field == 0

    def occupied(self, c) -> bool:
        return c in self.own or c in self.enemy

    def can_act(self, c) -> bool:
        v = self.own.get(c)
        return v is not None and not v[2] and not v[3]

    def heights_at(self, c) -> int:
        return int(self.h[c])

    # -------------------------------------------------------------- marches
    def reach(self, src, limit: int | None = None) -> dict:
        """Cells a march from ``src`` reaches with step costs (empty seen cells; own units as ends)."""
        v = self.own[src]
        lim = v[1] if limit is None else limit
        METER.n += WORK_REACH
        out = {}
        if lim <= 0:
            return out
        neighbours = self.grid.adjacency  # cell -> on-board neighbours
        # the seen cells within the march's steps as lists (element reads without numpy)
        r_lo, c_lo = max(0, src[0] - lim), max(0, src[1] - lim)
        rows = self.seen[r_lo:src[0] + lim + 1, c_lo:src[1] + lim + 1].tolist()
        own, enemy = self.own, self.enemy
        done = {src}
        frontier = [src]
        for d in range(1, lim + 1):  # breadth first, a ring of cells per step
            ring = []
            for c in frontier:
                for nc in neighbours[c]:
                    if nc in done or not rows[nc[0] - r_lo][nc[1] - c_lo]:
                        continue
                    if nc in own:
                        done.add(nc)
                        out[nc] = d
                    elif nc not in enemy:
                        done.add(nc)
                        out[nc] = d
                        ring.append(nc)
            if not ring:
                break
            frontier = ring
        return out

    def march(self, src, dst, k: int, cost: int) -> March:
        v = self.own[src]
        self.phase = "battle"
        v[0] -= k
        v[1] -= cost
        if v[0] == 0:
            del self.own[src]
            self.vis_dirty = True
        d = self.own.get(dst)
        if d is None:
            self.own[dst] = [k, 0, 0, 1]
            self._add_vision(dst, k)
        else:
            d[0] += k
            self.vis_dirty = True  # a bigger unit sees differently
        return March(src, dst, k)

    def can_split_to_empty(self) -> bool:
        return len(self.own) < self.max_units

    # --------------------------------------------------------------- attack
    def visible_now(self) -> np.ndarray:
        if self.vis_dirty and self.fog:
            vis = np.zeros_like(self.vis)
            for c, v in self.own.items():
                vis |= _visible(self.h, c, int(self.h[c]) + v[0], vision_range(v[0]))
                vis[c] = True
            for cell, rad in self.ghosts:
                vis |= diamond(vis.shape, cell, rad)
            self.vis = vis
            self.vis_dirty = False
        return self.vis

    def _add_vision(self, c, count: int) -> None:
        if not self.fog or self.vis_dirty:
            return
        self.vis = self.vis | _visible(self.h, c, int(self.h[c]) + count, vision_range(count))

    def attack_ok(self, src, dst, count: int | None = None) -> bool:
        """Whether the own unit on src (with ``count`` soldiers) could shoot the enemy on dst (S8)."""
        e = self.enemy.get(dst)
        if e is None:
            return False
        n = self.own[src][0] if count is None else count
        if steps(src, dst) > attack_range(n):
            return False
        if self.fog and not self.visible_now()[dst]:
            return False
        if self.mode == "classic":
            return True
        return line_clear(self.h, src, dst, int(self.h[src]) + n, int(self.h[dst]) + e[1])

    def targets(self, src, count: int | None = None) -> list:
        n = self.own[src][0] if count is None else count
        r = n.bit_length() + 1  # attack_range (S3)
        r0, c0 = src
        return [d for d in self.enemy if abs(d[0] - r0) + abs(d[1] - c0) <= r and self.attack_ok(src, d, n)]

    def attack(self, src, dst) -> Attack:
        v = self.own[src]
        v[2] = 1
        v[1] = 0
        self.phase = "battle"
        e = self.enemy[dst]
        before = e[1]
        e[1] -= 1
        wiped = e[1] == 0
        self.hits.append((e[0], wiped, dst, before))
        if wiped:
            del self.enemy[dst]
        return Attack(src, dst)

    # ---------------------------------------------------------- reinforce
    def reinforce_cells(self) -> list:
        if self.room <= 0:
            return []
        if self.fog:
            vis = self.visible_now()
            cells = list(map(tuple, np.argwhere(vis).tolist()))
        else:
            cells = list(self.spawns)
        at_max = len(self.own) >= self.max_units
        out = []
        for c in cells:
            if c in self.enemy:
                continue
            if c in self.own or not at_max:
                out.append(c)
        return out

    def reinforce(self, cell, k: int) -> Reinforce:
        self.reserve -= k
        self.acted_reinforce = True
        v = self.own.get(cell)
        if v is None:
            self.own[cell] = [k, self.move, 0, 0]
            self._add_vision(cell, k)
        else:
            v[0] += k
            self.vis_dirty = True
        return Reinforce(cell, k)

    def signature(self) -> tuple:
        return tuple(sorted((c, v[0], v[1], v[2], v[3]) for c, v in self.own.items()))
