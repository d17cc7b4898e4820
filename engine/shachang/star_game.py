"""沙场秋点兵 on the Chinese-checkers star (现实版本跳棋变种, rulings S19a–S19h).

``StarGame`` is a ``ShachangGame`` (S19h: a preset, same game id, same rule modes) that
overrides the rules where the star differs:

* S19b one soldier per cell: ``self.units`` maps each occupied cell to a one-soldier ``Unit``;
  a *unit* of the rules is a connected group of own soldiers (``star_cells.components``).
  A soldier's ``fresh`` flag means "has moved this turn", ``attacked`` means "spent" (its unit
  attacked, or it later connected to spent soldiers).
* S19c 10 on the field (one on every cell of the own point), 10 in reserve; reinforcement one
  soldier at a time on a free cell of the own point, up to the field cap of 10.
* S19d single soldiers move along empty cells, each once per turn; the steps are charged to the
  3-step budget of the unit the soldier belonged to when the battle phase began (``origin``,
  ``budgets``); a move merges only where it stops.
* S19e a unit as it stands now attacks once if it holds an unmoved soldier and no spent one; from
  any of its soldiers at an enemy soldier within 番数 hex steps; it removes that soldier.
* S19f digital mode: soldier height = terrain + 1; sight lines on the hex lattice with the seam
  rule (``vision`` and ``sight`` with ``star_cells.LATTICE``); every soldier is an observer with
  the vision range (S3) of its unit's size.

Cells are indices ``(r + 8, q + 8)`` of 17x17 arrays (``engine.shachang.star_cells``); cells off
the star are masked. Decisions the seed and rulings leave open are in docs/rules/shachang_star.md
(D-S1 ... ).
"""
from __future__ import annotations

from collections import Counter, deque

import numpy as np

from engine.api import IllegalAction
from engine.messages import Msg
from engine.shachang import rules
from engine.shachang import star_cells as sc
from engine.shachang.actions import Attack, End, March, Reinforce, UseItem
from engine.shachang.game import ShachangGame, _seat
from engine.shachang.maps import GameMap
from engine.shachang.star_actions import StarAttack, StarMarch, StarReinforce, describe
from engine.shachang.state import Ghost, Unit
from engine.shachang.vision import VisionMap

Cell = tuple[int, int]


class StarGame(ShachangGame):
    """A game of 沙场秋点兵 on the 121-cell star (preset "star", S19a–S19h)."""

    board = "star"

    def __init__(self, game_map: GameMap, preset: str = "star", mode: str = "digital",
                 players: int = 2, seed: int = 0, round_limit: int | None = None,
                 map_source: str = "generated", setup: dict | None = None, items: bool = False,
                 item_seed: int | None = None, item_setup: dict | None = None, item_forced: dict | None = None):
        if rules.preset(preset).board != "star":
            raise ValueError(f"preset {preset!r} is not a star preset")
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
            raise ValueError(f"the star seats 2 to 6 players, not {players!r}")
        for p, cells in enumerate(game_map.spawns[:players]):
            if any(not sc.on_star(c) for c in cells):
                raise ValueError(f"player {p}: a spawn is off the star")
        h = np.asarray(game_map.heights)
        if h.shape == sc.MASK.shape and (h[~sc.MASK] != 0).any():  # a loaded map: ground off the star is 0
            game_map = GameMap(np.where(sc.MASK, h, 0).astype(np.int16), game_map.spawns, game_map.name)
        self.origin: dict[Cell, int] = {}  # own soldiers' start unit in this battle phase (S19d)
        self.budgets: list[int] = []  # steps left per start unit
        self.last_size: dict[Cell, int] = {}  # unit size at the end of its owner's last turn (S9)
        self._star_obs: list[Counter] = [Counter() for _ in range(players)]
        super().__init__(game_map, preset=preset, mode=mode, players=players, seed=seed,
                         round_limit=round_limit, map_source=map_source, setup=None)
        if setup is not None:
            from engine.shachang.star_position import apply_star_setup

            apply_star_setup(self, setup)
        self.setup = setup
        if items:  # the fun items on the star (S20a, engine/shachang/star_items.py)
            from engine.shachang import star_items

            if item_setup is not None:
                item_setup = self.item_setup = star_items.check_setup(item_setup, players, mode)
            self.items = star_items.create(self, item_seed, item_setup, item_forced)

    # ------------------------------------------------------------ geometry (boards.StarBoard)
    def home(self, player: int) -> tuple[Cell, ...]:
        """The cells of ``player``'s own point (S19c)."""
        return self.spawns[player]

    # ------------------------------------------------------------ groups (S19b)
    def groups(self, player: int) -> list[list[Cell]]:
        """The units of ``player`` as they stand now: connected own soldiers (S19b)."""
        return sc.components(c for c, u in self.units.items() if u.owner == player)

    def group_of(self, cell: Cell) -> list[Cell]:
        """The unit (connected own soldiers) the soldier on ``cell`` belongs to."""
        owner = self.units[cell].owner
        seen, stack = {cell}, [cell]
        while stack:
            c = stack.pop()
            for n in sc.NEIGHBOURS[c]:
                if n not in seen:
                    u = self.units.get(n)
                    if u is not None and u.owner == owner:
                        seen.add(n)
                        stack.append(n)
        return sorted(seen)

    def can_attack_group(self, group) -> bool:
        """S19e: at least one soldier that has not moved and none that is spent."""
        us = [self.units[c] for c in group]
        return any(not u.fresh for u in us) and not any(u.attacked for u in us)

    def budget_left(self, cell: Cell) -> int:
        """Steps left to the start unit of the soldier on ``cell`` (S19d); before the battle phase
        every unit as it stands has the full move power."""
        if self.phase == "reinforce":
            return self.P.move
        i = self.origin.get(cell)
        return self.budgets[i] if i is not None else 0

    def _begin_battle(self) -> None:
        """The first move or attack ends the reinforcement phase (S12); the units as they stand now
        get their budgets (S19d)."""
        if self.phase != "reinforce":
            return
        self.phase = "battle"
        self.origin, self.budgets = {}, []
        for i, g in enumerate(self.groups(self.cur)):
            self.budgets.append(self.P.move)
            for c in g:
                self.origin[c] = i

    def _spread_spent(self) -> None:
        """S19e: a soldier that connects to spent soldiers is spent too (and so its whole unit)."""
        for g in self.groups(self.cur):
            if any(self.units[c].attacked for c in g):
                for c in g:
                    self.units[c].attacked = True

    # ------------------------------------------------------------ vision (S19f)
    def _ensure_hex_vision(self) -> None:
        if not self.__dict__.get("_hex_vision"):
            self._vision = VisionMap(self.heights, self.n, lattice=sc.LATTICE)
            self._star_obs = [Counter() for _ in range(self.n)]
            self._hex_vision = True

    def _observers(self) -> list[Counter]:
        """Every soldier watches from terrain + 1 with the vision range of its unit (S3, S19f)."""
        want = [Counter() for _ in range(self.n)]
        for p in range(self.n):
            for g in self.groups(p):
                rad = rules.vision_range(len(g))
                for c in g:
                    want[p][(c[0], c[1], int(self.heights[c]) + 1, rad)] += 1
        return want

    def _refresh_vision(self, cells=None) -> None:
        """Bring every player's vision up to date (S10: after every action)."""
        if not self.fog:
            return
        self._ensure_hex_vision()
        want = self._observers()
        changed = set()
        for p in range(self.n):
            have = self._star_obs[p]
            if have == want[p]:
                continue
            for ob, k in (have - want[p]).items():
                for _ in range(k):
                    self._vision.remove(p, ob)
            for ob, k in (want[p] - have).items():
                for _ in range(k):
                    self._vision.add(p, ob)
            self._star_obs[p] = want[p]
            changed.add(p)
        for p in changed:
            self.explored[p] |= self.visible(p)
        if not self.over:
            self.seen |= self.visible(self.cur)

    def visible(self, player: int) -> np.ndarray:
        """Cells ``player`` sees now: its soldiers' vision, its ghost visions, and its own point
        (D-S1); the whole star without fog. Never a cell off the star."""
        if not self.fog:
            return sc.MASK.copy()
        self._ensure_hex_vision()
        vis = (self._vision.counts[player] > 0) & sc.MASK
        for c in self.spawns[player]:
            vis[c] = True
        return vis

    def _add_ghost(self, g: Ghost) -> None:
        self._ensure_hex_vision()
        super()._add_ghost(g)
        self.explored[g.owner] &= sc.MASK

    # ------------------------------------------------------------ turns
    def _reinforce_cells(self, player: int) -> list[Cell]:
        """Free cells of the own point (S19c; the point is always in its owner's sight, D-S1); with
        items, none touching an own soldier withdrawn by 世外桃源 (D-SI6, S20g: it would join it)."""
        cells = [c for c in self.spawns[player] if c not in self.units]
        if self.items is not None:
            from engine.shachang.star_items import placeable

            cells = [c for c in cells if placeable(self, c, player)]
        return cells

    def _start_turn(self) -> None:
        super()._start_turn()
        for u in self.units.values():
            u.moves = 0  # the budgets live per start unit (S19d), not per soldier
        self.origin, self.budgets = {}, []

    def _end_turn(self) -> None:
        p = self.cur
        self.last_size = {c: s for c, s in self.last_size.items()
                          if c in self.units and self.units[c].owner != p}
        for g in self.groups(p):
            for c in g:
                self.last_size[c] = len(g)
        super()._end_turn()

    # ------------------------------------------------------------ queries
    def _bfs(self, src: Cell, limit: int, passable=None) -> dict[Cell, int]:
        """Step counts of a single soldier from src through empty (and, with fog, seen) cells (S19d,
        S10), up to ``limit``; it never passes or stops on a soldier."""
        dist = {src: 0}
        out: dict[Cell, int] = {}
        q = deque([src])
        seen = self.seen if self.fog else None
        while q:
            c = q.popleft()
            d = dist[c]
            if d >= limit:
                continue
            for n in sc.NEIGHBOURS[c]:
                if n in dist or n in self.units or (seen is not None and not seen[n]):
                    continue
                dist[n] = d + 1
                out[n] = d + 1
                q.append(n)
        return out

    def reachable(self, cell: Cell) -> dict[Cell, int]:
        """Cells the current player's soldier on ``cell`` can move to now, with their step cost."""
        u = self.units.get(cell)
        if self.over or u is None or u.owner != self.cur or not u.can_act or self._must_reinforce():
            return {}
        b = self.budget_left(cell)
        reach = self._bfs(cell, b) if b > 0 else {}
        if self.items is not None:
            from engine.shachang.star_items import reach_filter

            reach = reach_filter(self, cell, reach)  # S20d, S20g
        return reach

    def attack_range_of(self, cell: Cell) -> int:
        """Attack range of the unit of the soldier on ``cell``: its 番数 (S19e: 1, 2, 3, 4 for 1, 2–3, 4–7, 8–15)."""
        return rules.fanshu(len(self.group_of(cell)))

    def attack_targets(self, cell: Cell) -> list[Cell]:
        """Enemy soldiers the current player's soldier on ``cell`` may shoot now (S19e)."""
        u = self.units.get(cell)
        if self.over or u is None or u.owner != self.cur or self._must_reinforce():
            return []
        g = self.group_of(cell)
        if not self.can_attack_group(g) or u.hidden:
            return []
        rng = rules.fanshu(len(g))
        vis = self.visible(self.cur)
        return sorted(c for c, t in self.units.items()
                      if t.owner != self.cur and vis[c] and sc.distance(cell, c) <= rng and not t.hidden
                      and self._attack_block(cell, u, c, t) is None)

    def legal_actions(self):
        """Every legal action of the current player (complete)."""
        if self.over:
            return []
        acts = []
        if self.reinforce_room():
            acts.extend(StarReinforce(c, 1) for c in sorted(self.reinforce_cells()))
        if self._must_reinforce():
            return acts
        own = sorted(c for c, u in self.units.items() if u.owner == self.cur)
        for cell in own:
            acts.extend(StarMarch(cell, dst, 1) for dst in sorted(self.reachable(cell)))
        for g in self.groups(self.cur):
            if not self.can_attack_group(g):
                continue
            for cell in g:
                acts.extend(StarAttack(cell, t) for t in self.attack_targets(cell))
        if self.items is not None:
            from engine.shachang.star_items import legal

            acts.extend(legal(self))
        acts.append(End())
        return acts

    # ------------------------------------------------------------ checks
    def _check_item(self, a: UseItem) -> None:
        from engine.shachang.star_items import check

        check(self, a)

    def _check_reinforce(self, a: Reinforce) -> None:
        p = self.cur
        act = describe(a)
        if self.phase != "reinforce":
            raise IllegalAction("S12 reinforcement phase", key="shachang.reinforce.phase", action=act)
        if a.count != 1:
            raise IllegalAction("S19b one soldier per cell", key="shachang.star.one_reinforce", action=act)
        self._check_reserve(act, "S19c field cap")
        if a.cell not in self.spawns[p]:
            raise IllegalAction("S19c own point", key="shachang.star.reinforce_point", action=act, seat=_seat(p))
        self._item_checks(a)
        u = self._enemy_held(act, a.cell, "S13 enemy-held cell", "shachang.reinforce.enemy_cell")
        self._one_soldier(act, a.cell, u)

    def _one_soldier(self, act: Msg, cell: Cell, u: Unit | None) -> None:
        """S19b: no soldier stops on (or is placed on) a cell an own soldier ``u`` holds."""
        if u is not None:
            raise IllegalAction("S19b one soldier per cell", key="shachang.star.cell_taken", action=act,
                                cell=sc.name(cell))

    def _item_checks(self, a) -> None:
        """With items, their refusals (S20d, S20g) before an occupant is named."""
        if self.items is not None:
            from engine.shachang.star_items import check_target

            check_target(self, a)

    def _check_march(self, a: March) -> None:
        act = describe(a)
        if a.count != 1:
            raise IllegalAction("S19d single soldiers", key="shachang.star.one_march", action=act)
        u = self._own_unit(a, "S19d", "soldier")
        src = sc.name(a.src)
        if u.attacked:
            raise IllegalAction("S19e spent", key="shachang.star.spent", action=act, cell=src)
        if u.fresh:
            raise IllegalAction("S19d once per turn", key="shachang.star.moved", action=act, cell=src)
        self._one_soldier(act, a.dst, self._march_target(act, a))
        b = self.budget_left(a.src)
        if b <= 0:
            raise IllegalAction("S19d budget", key="shachang.march.no_moves", action=act, cell=src)
        cost = self._bfs(a.src, 4 * len(sc.CELLS)).get(a.dst)
        if cost is None:
            raise IllegalAction("S19d path", key="shachang.march.no_path_seen" if self.fog else "shachang.march.no_path",
                                action=act, cell=sc.name(a.dst))
        if cost > b:
            raise IllegalAction("S19d budget", key="shachang.star.budget", action=act, cost=cost, moves=b, cell=src)

    def _check_attack(self, a: Attack) -> None:
        act = describe(a)
        u = self._own_unit(a, "S19e", "soldier")
        src = sc.name(a.src)
        g = self.group_of(a.src)
        if any(self.units[c].attacked for c in g):
            raise IllegalAction("S19e attack once", key="shachang.star.spent", action=act, cell=src)
        if all(self.units[c].fresh for c in g):
            raise IllegalAction("S19e unmoved soldier", key="shachang.star.no_unmoved", action=act, cell=src)
        t = self._attack_target(act, a)
        st = sc.distance(a.src, a.dst)
        rng = rules.fanshu(len(g))
        if st > rng:
            raise IllegalAction("S19e attack range", key="shachang.attack.range", action=act, steps=st,
                                range=rng, count=len(g), cell=src)
        blk = self._attack_block(a.src, u, a.dst, t)
        if blk is not None:
            raise self._blocked(act, a, u, t, blk)  # soldiers' count is 1: heights + 1 (S19f)

    # ------------------------------------------------------------ apply
    # the board's hooks of ShachangGame.apply
    def _apply_reinforce(self, p: int, a: Reinforce) -> None:
        self.units[a.cell] = Unit(p, 1, last_count=1)
        self.reserve[p] -= 1
        self.acted = True
        self._event(Msg.of("shachang.ev.reinforce", seat=_seat(p), cell=sc.name(a.cell), n=1),
                    self._private(p))
        self._refresh_vision()

    def _apply_item(self, a: UseItem) -> None:
        from engine.shachang.star_items import apply as apply_item

        apply_item(self, a)

    def _after_item_action(self, a, p: int) -> None:
        from engine.shachang.star_items import after_action

        after_action(self, a, p)

    def _apply_march(self, p: int, a: March) -> None:
        self._begin_battle()
        cost = self._bfs(a.src, self.budget_left(a.src))[a.dst]
        self.acted = True
        i = self.origin.pop(a.src)
        self.budgets[i] -= cost
        s = self.units.pop(a.src)
        s.fresh = True  # moved: never again this turn (S19d)
        self.units[a.dst] = s
        self.origin[a.dst] = i
        self._spread_spent()  # it joins whatever touches it where it stops (S19d, S19e)
        self._event(Msg.of("shachang.ev.march_step" if cost == 1 else "shachang.ev.march_steps", seat=_seat(p),
                           src=sc.name(a.src), dst=sc.name(a.dst), n=1, cost=cost), self._private(p))
        self._refresh_vision()

    def _apply_attack(self, p: int, a: Attack) -> None:
        self._begin_battle()
        self.acted = True
        for c in self.group_of(a.src):
            self.units[c].attacked = True  # the whole unit is spent (S19e)
        t = self.units[a.dst]
        victim = t.owner
        wiped = not any(self.units.get(n) is not None and self.units[n].owner == victim
                        for n in sc.NEIGHBOURS[a.dst])  # the soldier was a unit of its own (S9)
        last = self.last_size.get(a.dst, 1)
        del self.units[a.dst]
        self.last_size.pop(a.dst, None)
        self.lost[victim] += 1
        self.hits += 1
        self.last_hit[p] = self.hits
        dst = sc.name(a.dst)
        shot = Msg.of("shachang.star.ev.hit", seat=_seat(p), src=sc.name(a.src), dst=dst, victim=_seat(victim))
        knowers = None
        if not self.fog:
            self._event(shot, None)
        else:
            sees = bool(self.visible(victim)[a.src])
            knowers = frozenset([p] + ([victim] if sees else []))
            self._event(shot, knowers)
            if not sees:
                self._event(Msg.of("shachang.star.ev.unseen_hit", victim=_seat(victim), cell=dst),
                            frozenset([victim]))
        self._refresh_vision()
        if wiped and self.fog:  # S9 英灵视野: a hex ball from the cell, ignoring terrain
            self._add_ghost(Ghost(victim, a.dst, rules.vision_range(max(1, last))))
            if not self.over:
                self.seen |= self.visible(self.cur)
        if not self.has_soldiers(victim):
            self._eliminate(victim, Msg.of("shachang.ev.out_wiped_by", seat=_seat(victim), by=_seat(p)), knowers)
        self._check_end()

    # ------------------------------------------------------------ views
    def observe(self, player: int):
        """What ``player`` may know now (S7, S11 on the star): see ``StarObservation``."""
        from engine.shachang.star_observation import observe

        obs = observe(self, player)
        if self.items is not None:
            from engine.shachang import star_items

            return star_items.observe(self, obs, player)
        return obs

    def hidden_variant(self, player: int, rng) -> "StarGame":
        """A copy ``player`` cannot tell from this game (hidden enemy soldiers moved elsewhere)."""
        from engine.shachang.star_observation import hidden_variant

        v = hidden_variant(self, player, rng)
        if self.items is not None:
            from engine.shachang.star_items import vary

            vary(v, player, rng)
        return v
