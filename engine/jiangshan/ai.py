"""Computer players of 江山 that act only on (observation, legal actions).

Each decision rebuilds a state from the observation (engine/jiangshan/ai_model.py: unknown marching
enemy units valued over the remaining pool, hidden ones left out) and scores candidate actions by
simulating them with the rules engine.

- ``easy``: takes the capture or shot that wins the most material, otherwise a random action;
- ``normal``: one action ahead with the static evaluation, minus the most valuable own unit the enemy
  could capture right after;
- ``hard``: ``normal``'s best candidates re-scored by the enemy's best reply (two plies: every enemy
  action of the following turn is simulated and the worst case for us is kept); it weighs merit
  (功绩) more, since the J13 tie-break (morale, then merit) decides most wars between computer
  players whose morale both sit at the maximum, and so recruits only where a unit is worth it.
  It simulates a marching enemy 奔袭 unit as a 后 (every raider's charge), so its king does not step
  onto the line of a 长车 it cannot tell from a 国相.
"""
from __future__ import annotations

import dataclasses
import random
from typing import Any, Sequence

from engine.agents import Decisions
from engine.chance import Chance
from engine.jiangshan import effects as E, moves as M, rules as R
from engine.jiangshan.actions import Act
from engine.jiangshan.ai_model import VALUE, WARY, evaluate, state_from_observation
from engine.jiangshan.board import FACINGS, parse_cell
from engine.jiangshan.data import unit_table
from engine.jiangshan.state import State

LEVELS = ("easy", "normal", "hard")
PICKS = "fire+ruse+substitute"
MERIT_HARD = 1.5  # merit decides most wars between computer players (J13 tie-break after morale)


def _shallow(o):
    """A shallow copy of a plain object (several times faster than copy.copy for the simulations)."""
    n = object.__new__(type(o))
    n.__dict__.update(o.__dict__)
    return n


def _copy(st: State) -> State:
    c = _shallow(st)
    c.terrain = [list(r) for r in st.terrain]
    c.units = {k: _shallow(u) for k, u in st.units.items()}
    c.cities = {k: _shallow(x) for k, x in st.cities.items()}
    c.sides = [dataclasses.replace(s, reserve=dict(s.reserve), tallies=list(s.tallies),
                                   used_tallies=list(s.used_tallies)) for s in st.sides]
    c.fires = dict(st.fires)
    c.reveal = list(st.reveal)
    return c


def _noop(*a, **k) -> None:
    pass


def simulate(st: State, act: Act) -> State:
    """The state after ``act`` (forced reveals answered with the forward facing, attacks not interrupted,
    the weather cloudy)."""
    s = _copy(st)
    ch = Chance(0)
    ch.force(*[(1,)] * 4)
    try:
        E.perform(s, act, ch, _noop)
        for _ in range(64):
            if s.stage == "reveal":
                u = s.units[s.reveal[0]]
                E.perform(s, Act("face", (_n(u.cell), s.scen.seats[u.owner].forward)), ch, _noop)
            elif s.stage == "reaction":
                E.perform(s, Act("decline"), ch, _noop)
            elif s.stage == "action" and s.ap <= 0:
                E.end_turn(s, ch, _noop)
            else:
                break
    except (KeyError, StopIteration, ValueError, IndexError):
        pass
    return s


def _towards(cell, enemies, default: str) -> str:
    """The facing towards the nearest of ``enemies`` (along the longer axis)."""
    if not enemies:
        return default
    e = min(enemies, key=lambda c: (max(abs(c[0] - cell[0]), abs(c[1] - cell[1])), c))
    dx, dy = e[0] - cell[0], e[1] - cell[1]
    return ("N" if dy > 0 else "S") if abs(dy) >= abs(dx) else ("E" if dx > 0 else "W")


def _n(c) -> str:
    return f"{chr(97 + c[0])}{c[1] + 1}"


def best_capture(st: State, p: int) -> float:
    """The most valuable unit ``p`` could capture or shoot dead next (0 when none)."""
    board = st.board()
    best = 0.0
    for u in st.units.values():
        if u.owner != p or u.in_city or u.disorder:
            continue
        for c in M.capture_targets(st, u, board):
            x = board.get(c)
            if x is not None and x.owner != p:
                best = max(best, VALUE[x.type])
    return best


def attack_cells(st: State, u, board: dict) -> set:
    """Cells ``u`` could capture on if an enemy stood there (its capture pattern, paths, the first cell
    a charge reaches), used to see which units are defended."""
    p, a = u.owner, u.cell
    out = set()
    if u.t.cls == "scout":
        return out
    for v in M.vectors(u, ("capture", "advance"), u.state == "march"):
        c = (a[0] + v[0], a[1] + v[1])
        if st.on_board(c) and M.path_ok(st, p, a, v, board):
            out.add(c)
    for d in u.t.charge:
        c = (a[0] + d[0], a[1] + d[1])
        while st.on_board(c) and M.passable(st, p, c, board):
            c = (c[0] + d[0], c[1] + d[1])
        if st.on_board(c):
            out.add(c)
    return out


def exchange_threat(st: State, p: int) -> float:
    """The best material ``p`` wins by one capture, counting the recapture when the victim is defended."""
    board = st.board()
    defended = set()
    for u in st.units.values():
        if u.owner != p and not u.in_city and not u.disorder:
            defended |= attack_cells(st, u, board)
    best = 0.0
    for u in st.units.values():
        if u.owner != p or u.in_city or u.disorder or u.used:
            continue
        for c in M.capture_targets(st, u, board):
            x = board.get(c)
            if x is None or x.owner == p:
                continue
            gain = VALUE[x.type] - (VALUE[u.type] if c in defended and x.type != "king" else 0.0)
            best = max(best, gain)
    return best


class JiangshanAgent(Decisions):
    """A computer player of one level for one seat."""

    def __init__(self, level: str = "normal", seed: int = 0, seat: int = 0):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
        self.level = level
        self.name = level
        self.seat = seat
        self.rng_key = int(seed)  # each decision's generator: engine.agents.decision_rng
        self.rng = random.Random(seed)
        self.merit_w = MERIT_HARD if level == "hard" else 0.6

    def act(self, obs: dict, legal: Sequence[Any]) -> Any:
        self.next_decision()
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        stage = obs["stage"]
        if stage == "tallies":
            return next((a for a in legal if str(a) == f"pick {PICKS}"), legal[0])
        if stage == "reveal":
            return self._facing(obs, legal)
        if stage == "reaction":
            return self._reaction(obs, legal)
        st, unknown = state_from_observation(obs, WARY if self.level == "hard" else None)
        me = obs["player"]
        if self.level == "hard":
            legal = self._keep_merit(st, me, legal)
        if self.level == "easy":
            return self._easy(st, me, legal)
        scored = []
        for a in self._candidates(st, me, legal):
            s = simulate(st, a)
            v = evaluate(s, me, unknown, clock=self.level == "hard", merit_w=self.merit_w)
            if s.stage != "over" and s.player != me:
                v -= 0.8 * best_capture(s, s.player)
            scored.append((v + self.rng.random() * 1e-3, a, s))
        scored.sort(key=lambda x: -x[0])
        if self.level == "normal":
            return scored[0][1]
        return self._hard(scored, me, unknown)

    def _candidates(self, st: State, me: int, legal) -> list:
        """One facing per destination (towards the nearest enemy), every other action as it is."""
        enemies = [u.cell for u in st.units.values() if u.owner != me and not u.in_city]
        out, seen = [], set()
        for a in legal:
            if a.args and a.args[-1] in FACINGS and a.kind in ("move", "capture", "command", "crossing"):
                key = (a.kind, a.args[:-1])
                if key in seen:
                    continue
                seen.add(key)
                dest = parse_cell(a.args[-2], st.width, st.height)
                f = _towards(dest, enemies, st.scen.seats[me].forward)
                out.append(Act(a.kind, a.args[:-1] + (f,)))
            else:
                out.append(a)
        return out

    @staticmethod
    def _keep_merit(st: State, me: int, legal) -> list:
        """Hard recruits only while its merit stays at least 2 ahead of the enemy's afterwards: merit
        breaks the J13 tie at equal morale, so a recruit must not spend the lead that wins a stalled war."""
        table = unit_table()
        lead = st.sides[me].merit - st.sides[1 - me].merit
        keep = [a for a in legal if a.kind != "recruit" or lead - table[a.args[0]].cost >= 2]
        return keep or legal

    def _hard(self, scored, me: int, unknown) -> Any:
        """Two plies for normal's best candidates that end the turn: the crude threat estimate is replaced
        by the enemy's best simulated capture or shot, and our best capture after it counts a little."""
        best, best_v = scored[0][1], None
        for v1, a, s in scored[:6]:
            v = v1
            if s.stage != "over" and s.player != me:
                base = evaluate(s, me, unknown, clock=True, merit_w=self.merit_w)
                loss = 0.0
                after = None
                for b in R.legal(s):
                    if b.kind not in ("capture", "shoot", "siege", "rocks"):
                        continue
                    s2 = simulate(s, b)
                    d = base - evaluate(s2, me, unknown, clock=True, merit_w=self.merit_w)
                    if d > loss:
                        loss, after = d, s2
                v = base - 0.9 * loss
                if after is not None and after.stage != "over" and after.player == me:
                    v += 0.3 * best_capture(after, me)
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best

    def _easy(self, st: State, me: int, legal) -> Any:
        board = st.board()
        best, gain = None, 0.0
        for a in legal:
            if a.kind in ("capture", "shoot") and len(a.args) >= 2:
                x = board.get(parse_cell(a.args[1], st.width, st.height))
                if x is not None and x.owner != me:
                    g = VALUE[x.type] * (1.0 if a.kind == "capture" or x.disorder else 0.3)
                    if g > gain:
                        best, gain = a, g
        if best is not None:
            return best
        quiet = [a for a in legal if a.kind not in ("rebuild", "recruit")] or legal
        return quiet[self.rng.randrange(len(quiet))]

    def _facing(self, obs: dict, legal) -> Any:
        """Face the nearest enemy unit (along the longer axis)."""
        w, h = obs["width"], obs["height"]
        cell = parse_cell(obs["reveal"], w, h)
        enemies = [parse_cell(u["cell"], w, h) for u in obs["units"] if u["owner"] != obs["player"]]
        if not enemies:
            f = obs["forward"][obs["player"]]
        else:
            e = min(enemies, key=lambda c: max(abs(c[0] - cell[0]), abs(c[1] - cell[1])))
            dx, dy = e[0] - cell[0], e[1] - cell[1]
            f = ("N" if dy > 0 else "S") if abs(dy) >= abs(dx) else ("E" if dx > 0 else "W")
        return next((a for a in legal if a.args[1] == f), legal[0])

    def _reaction(self, obs: dict, legal) -> Any:
        """Play 李代桃僵 only to save the king or a general from the attack."""
        target = obs["pending"]["to"]
        mine = {u["cell"]: u for u in obs["units"] if u["owner"] == obs["player"]}
        t = mine.get(target)
        if t is not None and t["type"] in ("king", "general", "queen"):
            subs = [a for a in legal if a.kind == "substitute" and a.args[0] == target]
            if subs:
                return min(subs, key=lambda a: VALUE.get(mine.get(a.args[1], {}).get("type") or "blade", 1))
        return next(a for a in legal if a.kind == "decline")


def make_agent(level: str = "normal", seed: int = 0, seat: int = 0) -> JiangshanAgent:
    """A computer player of ``level`` for ``seat``."""
    return JiangshanAgent(level, seed, seat)
