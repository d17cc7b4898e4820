"""The star's computer player (S19a–S19h) at every level, but for the hard player's turn plans and
items: ``StarPlayer``, the one-action model of the position (``_Model``) and the items of the normal
player. It sits below the hard player's turn planner (engine/shachang/star_plan.py, whose model
players are normal ``StarPlayer``s) and its items (star_ai_items.py); ``StarAgent``
(engine/shachang/star_ai.py) is a ``StarPlayer`` that plays the hard level with them.

``StarPlayer`` sees only its observation (fog: the enemy soldiers in sight, plus where it last saw
the others, forgotten after two rounds or when the cell is seen empty). Every action it returns is
one of the legal actions it was given.

* easy: shoots when it can, else a random march now and then, else ends the turn.
* normal: reinforces next to its own soldiers, shoots with every unit that can (a soldier that
  stands alone first: a whole unit gone), then marches soldiers towards the enemy, keeping them
  next to own soldiers.
* hard: one action at a time, every legal action is tried on a light model of the position and
  the one with the best evaluation is played (ending the turn when nothing beats standing still).
  The evaluation counts soldiers, the shots the own units still have this turn, the enemy units
  that could shoot at an own soldier next turn (range 番数 plus a step), the own units that could
  shoot next turn, and the distance to the enemy (so the army advances).

The normal and hard players ask for an item before their attacks (easy never uses one); the rules of
thumb here, each for a situation where the item clearly pays (``normal_item``, decisions D-SI1–D-SI8,
from the observation only):

* 寸土不让 (S20i): an own unit that may take it and has two or more enemy soldiers within its 番数.
* 同归于尽 (S20f): the unit's soldiers are fewer than the enemy groups its blast reaches (lines are
  not checked: heights may block some), and the blast touches no other own unit.
* 画地为牢 (S20d): the largest seen enemy unit of two or more soldiers within five steps of an own
  soldier (it cannot come closer or get away next turn).
* 溜之大吉 (S20e): an own unit of one or two soldiers with at least three more enemy soldiers than
  its own size within three steps.
* 世外桃源 (S20g): a lone own soldier that cannot attack with three or more enemy soldiers within
  two steps.

The hard player's own items are engine/shachang/star_ai_items.py's (亡命天涯 is tried on its turn
planner's model).
"""
from __future__ import annotations

import random
from functools import lru_cache

from engine.shachang import rules, star_cells as sc
from engine.shachang.actions import Attack, End, March, Reinforce, UseItem
from engine.shachang.star_ai_void import pass_may_void, void_looming

LEVELS = ("easy", "normal", "hard")
Cell = tuple[int, int]


@lru_cache(maxsize=1)
def _dist() -> dict:
    """Hex distance between every two cells of the star."""
    return {a: {b: sc.distance(a, b) for b in sc.CELLS} for a in sc.CELLS}


def _fan(n: int) -> int:
    return int(n).bit_length()


def near(cells, targets, steps: int) -> list:
    """The ``targets`` within ``steps`` of one of ``cells``."""
    return [t for t in targets if any(sc.distance(c, t) <= steps for c in cells)]


def by_kind(items) -> dict:
    """Item uses by item kind."""
    out: dict = {}
    for a in items:
        out.setdefault(a.kind, []).append(a)
    return out


def normal_item(obs, items) -> UseItem | None:
    """One of ``items`` (legal item uses) worth playing now by the rules of thumb of the module doc
    (寸土不让, 同归于尽, 画地为牢, 溜之大吉, 世外桃源), or None."""
    if not items:
        return None
    kinds = by_kind(items)
    me = obs.player
    own_groups = [g for g in obs.groups if g.owner == me]
    enemies = [u.cell for u in obs.units if u.owner != me]
    enemy_groups = [g for g in obs.groups if g.owner != me]
    group_of = {c: g for g in own_groups for c in g.cells}
    for a in kinds.get("cuntu", []):
        g = group_of.get(a.cells[0])
        if g is not None and len(near(g.cells, enemies, g.attack_range)) >= 2:
            return a
    for a in kinds.get("tonggui", []):
        g = group_of.get(a.cells[0])
        if g is None:
            continue
        rng = rules.fanshu(g.size)
        hit = [e for e in enemy_groups if near(g.cells, e.cells, rng)]
        own_hit = [o for o in own_groups if o is not g and near(g.cells, o.cells, rng)]
        if not own_hit and len(hit) > g.size:
            return a
    best = None
    for a in kinds.get("dilao", []):
        e = next((e for e in enemy_groups if a.cells[0] in e.cells), None)
        if e is not None and e.size >= 2 and any(near(g.cells, e.cells, 5) for g in own_groups):
            if best is None or e.size > best[0]:
                best = (e.size, a)
    if best is not None:
        return best[1]
    for a in kinds.get("liu", []):
        g = group_of.get(a.cells[0])
        if g is not None and g.size <= 2 and len(near(g.cells, enemies, 3)) >= g.size + 3:
            return a
    for a in kinds.get("taoyuan", []):
        g = group_of.get(a.cells[0])
        if g is not None and g.size == 1 and not g.can_attack and len(near(g.cells, enemies, 2)) >= 3:
            return a
    return None


class StarPlayer:
    """A computer player of the star preset (see the module doc): every level's play but the hard
    player's turn plans and items, which ``StarAgent`` (engine/shachang/star_ai.py) adds."""

    def __init__(self, level: str = "normal", seed: int = 0, seat: int = 0, noise: float = 0.01,
                 mode: str | None = None, void_guard: bool = True):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
        self.level = level
        # S18: no bare pass while nobody has dealt damage (off for the hard planner's model players)
        self.void_guard = void_guard
        self.noise = noise  # random part of a march's score (the hard player's plan variants)
        self.planner = None  # the hard player's turn planner (engine.shachang.star_plan)
        self.name = f"star-{level}"
        self.rng = random.Random((seed * 1_000_003 + seat) & 0xFFFFFFFF)
        self.memory: dict[Cell, tuple[int, int]] = {}  # cell -> (owner, round last seen)

    # ------------------------------------------------------------ what it knows
    def _update(self, obs) -> dict[Cell, int]:
        """Enemy soldiers it believes in: the visible ones and recent memories of the others."""
        vis = obs.visible
        for c in [c for c in self.memory if vis[c]]:
            del self.memory[c]
        for u in obs.units:
            if u.owner != obs.player:
                self.memory[u.cell] = (u.owner, obs.round)
        for c in [c for c, (_, r) in self.memory.items() if obs.round - r > 2]:
            del self.memory[c]
        out = {c: o for c, (o, _) in self.memory.items()}
        out_players = {pv.player for pv in obs.players if pv.out}
        return {c: o for c, o in out.items() if o not in out_players}

    def _goals(self, obs) -> list[Cell]:
        """Where the enemy is thought to be when none is known: the other seats' points."""
        pts = sc.seat_points(len(obs.players))
        return [c for p, pt in enumerate(pts) if p != obs.player and not obs.players[p].out
                for c in sc.POINT_CELLS[pt]]

    def _bearings(self, obs, enemies):
        """(own soldiers' cells, the targets, near(cell): steps from the cell to the nearest target); the
        targets are the enemies seen or remembered, else the other seats' points."""
        own = {u.cell for u in obs.units if u.owner == obs.player}
        targets = list(enemies) or self._goals(obs)
        D = _dist()
        return own, targets, lambda c: min((D[c][t] for t in targets), default=0)

    # ------------------------------------------------------------ play
    def act(self, obs, legal_actions):
        """One of ``legal_actions``; never a bare pass that may end the game void (S18) while it has
        another legal action (``engine.shachang.star_ai_void``)."""
        legal = list(legal_actions)
        enemies = self._update(obs)
        a = self._act(obs, legal, enemies)
        if self.void_guard and isinstance(a, End) and pass_may_void(obs):
            return self._instead_of_pass(obs, legal, enemies) or a
        return a

    def _act(self, obs, legal, enemies):
        reinf = [a for a in legal if isinstance(a, Reinforce)]
        attacks = [a for a in legal if isinstance(a, Attack)]
        marches = [a for a in legal if isinstance(a, March)]
        end = next((a for a in legal if isinstance(a, End)), None)
        if end is None or (reinf and not attacks and not marches):
            return self._reinforce(obs, reinf, enemies) if reinf else legal[0]
        if reinf and obs.phase == "reinforce":
            return self._reinforce(obs, reinf, enemies)
        if self.level != "easy":  # an item where it clearly pays
            use = self._item(obs, [a for a in legal if isinstance(a, UseItem)])
            if use is not None:
                return use
        if self.level == "easy":
            if attacks:
                return self.rng.choice(attacks)
            if marches and self.rng.random() < 0.6:
                if self.void_guard and void_looming(obs):  # nobody shot for a while: go and find them
                    return self._seek(obs, marches, enemies) or self.rng.choice(marches)
                return self.rng.choice(marches)
            return end
        if self.level == "normal":
            return self._normal(obs, attacks, marches, end, enemies)
        return self._plan(obs, legal, enemies)

    def _item(self, obs, uses):
        """The item use (one of ``uses``) worth playing now, or None: the rules of thumb of the
        module doc (``StarAgent`` adds the hard player's)."""
        return normal_item(obs, uses)

    def _plan(self, obs, legal, enemies):
        """The hard player's next action: ``StarAgent``'s turn planner (engine/shachang/star_plan.py)."""
        raise NotImplementedError("the hard player's turn plans are StarAgent's (engine.shachang.star_ai)")

    # ------------------------------------------------------------ S18: no void game
    def _instead_of_pass(self, obs, legal, enemies):
        """What to do instead of a bare pass that may end the game void (S18): the cheapest action in
        risk that heads for the enemy — a reinforcement next to own soldiers, else the march that
        brings a soldier nearest to where the enemy is (or may be: the others' points) while it
        stays next to own soldiers, else any other legal action but the pass. None: only the pass."""
        reinf = [a for a in legal if isinstance(a, Reinforce)]
        if reinf:
            return self._reinforce(obs, reinf, enemies)
        marches = [a for a in legal if isinstance(a, March)]
        if marches:
            return self._seek(obs, marches, enemies)
        other = [a for a in legal if not isinstance(a, End)]
        return other[0] if other else None

    def _seek(self, obs, marches, enemies):
        """The march that heads for the enemy (seen, remembered, or the others' points), keeping the
        soldier next to own soldiers when it can; None when there is no march."""
        if not marches:
            return None
        own, _targets, near = self._bearings(obs, enemies)

        def gain(a):
            touch = any(n in own and n != a.src for n in sc.NEIGHBOURS[a.dst])
            return (near(a.src) - near(a.dst) + (0.6 if touch else -0.8), self.rng.random())

        return max(marches, key=gain)

    def _reinforce(self, obs, reinf, enemies):
        own, _targets, near = self._bearings(obs, enemies)

        def score(a):
            c = a.cell
            touch = sum(1 for n in sc.NEIGHBOURS[c] if n in own)
            return (touch, -near(c), self.rng.random())

        return max(reinf, key=score)

    # ------------------------------------------------------------ normal
    def _normal(self, obs, attacks, marches, end, enemies):
        if attacks:
            def shot(a):
                t = a.dst
                alone = not any(enemies.get(n) == enemies.get(t) for n in sc.NEIGHBOURS[t])
                return (alone, self.rng.random())
            return max(attacks, key=shot)
        if not marches:
            return end
        own, targets, near = self._bearings(obs, enemies)
        best, best_gain = None, 0.0
        for a in marches:
            if a.dst in targets:
                continue
            touch = sum(1 for n in sc.NEIGHBOURS[a.dst] if n in own and n != a.src)
            gain = (near(a.src) - near(a.dst)) + (0.6 if touch else -0.8) + self.noise * self.rng.random()
            if gain > best_gain:
                best, best_gain = a, gain
        return best if best is not None else end

    # ------------------------------------------------------------ hard
    def _hard(self, obs, attacks, marches, end, enemies):
        me = obs.player
        own = {u.cell: u for u in obs.units if u.owner == me}
        moved = {c for c, u in own.items() if u.fresh}
        spent = {c for c, u in own.items() if u.attacked}
        goals = self._goals(obs)
        model = _Model(set(own), moved, spent, dict(enemies), goals)
        base = model.value()
        best, best_v = end, base + 1e-6
        for a in attacks:
            v = model.after_attack(a.src, a.dst)
            if v > best_v:
                best, best_v = a, v
        for a in marches:
            v = model.after_march(a.src, a.dst) + 0.001 * self.rng.random()
            if v > best_v + 0.05:
                best, best_v = a, v
        return best


class _Model:
    """A light copy of the position for the hard player's one-action look-ahead."""

    W_SOLDIER = 4.0
    W_SHOT_NOW = 3.5  # a shot the own units still have this turn (worth a little less than the kill)
    W_THREAT = 2.5  # an enemy unit that could shoot at an own soldier next turn
    W_MINE = 0.8  # an own unit that could shoot next turn
    W_SINGLE = 0.6  # an own soldier standing alone (range 1, a whole unit to lose)
    W_BIG = 1.5  # the largest own unit has range 4 (8 soldiers or more)
    W_NEAR = 0.15  # per step between the largest own unit and the nearest enemy (capped at 10)

    def __init__(self, own: set, moved: set, spent: set, enemies: dict, goals: list):
        self.own, self.moved, self.spent, self.enemies, self.goals = own, moved, spent, enemies, goals
        self.D = _dist()

    def value(self) -> float:
        D = self.D
        own, enemies = self.own, self.enemies
        v = self.W_SOLDIER * (len(own) - len(enemies))
        mine = sc.components(own)
        by_owner: dict[int, list] = {}
        for c, o in enemies.items():
            by_owner.setdefault(o, []).append(c)
        theirs = [g for cells in by_owner.values() for g in sc.components(cells)]
        shots = 0
        used = set()
        for g in mine:  # shots still open this turn
            if any(c in self.spent for c in g) or all(c in self.moved for c in g):
                continue
            r = _fan(len(g))
            tgt = [e for e in enemies if e not in used and any(D[c][e] <= r for c in g)]
            if tgt:
                shots += 1
                used.add(tgt[0])
        v += self.W_SHOT_NOW * shots
        threat = 0
        for g in theirs:  # next turn: enemy units in reach of an own soldier
            r = _fan(len(g)) + 1
            if any(D[e][c] <= r for e in g for c in own):
                threat += 1
        v -= self.W_THREAT * min(threat, len(own))
        reach = 0
        for g in mine:
            r = _fan(len(g)) + 1
            if any(D[c][e] <= r for c in g for e in enemies):
                reach += 1
        v += self.W_MINE * min(reach, len(enemies))
        v -= self.W_SINGLE * sum(1 for g in mine if len(g) == 1)
        if mine:
            big = max(mine, key=len)
            if len(big) >= 8:
                v += self.W_BIG
            targets = list(enemies) or self.goals
            if targets:
                v -= self.W_NEAR * min(10, min(D[c][t] for c in big for t in targets))
        return v

    def after_attack(self, src: Cell, dst: Cell) -> float:
        grp = next(g for g in sc.components(self.own) if src in g)
        owner = self.enemies.pop(dst, None)
        old = set(self.spent)
        self.spent |= set(grp)
        v = self.value()
        self.spent = old
        if owner is not None:
            self.enemies[dst] = owner
        else:
            v += self.W_SOLDIER  # a soldier it did not know of
        return v

    def after_march(self, src: Cell, dst: Cell) -> float:
        self.own.discard(src)
        self.own.add(dst)
        self.moved.add(dst)
        was_spent = set(self.spent)
        grp = next(g for g in sc.components(self.own) if dst in g)
        if any(c in self.spent for c in grp):
            self.spent |= set(grp)
        v = self.value()
        self.spent = was_spent
        self.moved.discard(dst)
        self.own.discard(dst)
        self.own.add(src)
        return v
