"""The Chinese-checkers star board of 沙场秋点兵 (现实版本跳棋变种, rulings S19a–S19h).

The star is a preset of the one game (S19h: same game id, same rule modes); the game
(engine/shachang/game.py) holds one ``StarGeometry`` as ``game.geometry`` and asks it where the
star differs:

* S19a the 121 cells, hex steps, star names ("i5"); cells are indices ``(r + 8, q + 8)`` of 17x17
  arrays (``engine.shachang.star_cells``); cells off the star are masked.
* S19b one soldier per cell: ``game.units`` maps each occupied cell to a one-soldier ``Unit``;
  a *unit* of the rules is a connected group of own soldiers (``groups``). A soldier's ``fresh``
  flag means "has moved this turn", ``attacked`` means "spent" (its unit attacked, or it later
  connected to spent soldiers).
* S19c 10 on the field (one on every cell of the own point), 10 in reserve; reinforcement one
  soldier at a time on a free cell of the own point, up to the field cap of 10.
* S19d single soldiers move along empty cells, each once per turn; the steps are charged to the
  3-step budget of the unit the soldier belonged to when the battle phase began (``game.origin``,
  ``game.budgets``); a move merges only where it stops.
* S19e a unit as it stands now attacks once if it holds an unmoved soldier and no spent one; from
  any of its soldiers at an enemy soldier within 番数 hex steps; it removes that soldier.
* S19f digital mode: soldier height = terrain + 1; sight lines on the hex lattice with the seam
  rule (``vision`` and ``sight`` with ``star_cells.LATTICE``); every soldier is an observer with
  the vision range (S3) of its unit's size.

Decisions the seed and rulings leave open are in docs/rules/shachang_star.md (D-S1 ... ). The
items' and observation modules are imported where used, as before (they import this board's
helpers' modules).
"""
from __future__ import annotations

from collections import Counter, deque

import numpy as np

from engine.api import IllegalAction, Step
from engine.messages import Msg
from engine.shachang import rules, star_cells as sc, star_items
from engine.shachang.actions import Attack, End, March, Reinforce, UseItem
from engine.shachang.board_base import Geometry
from engine.shachang.log import counted, seat as _seat
from engine.shachang.maps import GameMap
from engine.shachang.sight import blocking_cell, line_report
from engine.shachang.square_board import action_steps
from engine.shachang.star_actions import (StarAttack, StarMarch, StarReinforce, as_star_action, describe, parse_action,
                                          say, validated)
from engine.shachang.star_items import (after_action, apply as apply_item, check, check_target,
                                        describe as describe_item, item_steps, legal, parse_item, placeable,
                                        reach_filter, vary)
from engine.shachang.star_observation import hidden_variant, observe
from engine.shachang.star_position import apply_star_setup
from engine.shachang.state import Ghost, Unit
from engine.shachang.vision import VisionMap, visible_from

Cell = tuple[int, int]


class StarGeometry(Geometry):
    """The 121-cell star (S19a): hex steps on 17x17 array indices, star names, one soldier per cell
    (S19b), soldier height terrain + 1 (S19f)."""

    key = "star"
    size = 17

    def __init__(self):
        self.grid = sc.LATTICE  # the hex lattice on array indices (S19a steps, S19f lines)

    @classmethod
    def build(cls, size: int) -> "StarGeometry":
        return cls()  # the star has one size

    # ------------------------------------------------------------ set-up
    def check_map(self, game_map: GameMap, preset: str, players: int) -> GameMap:
        """The star seats 2 to 6 players on its points; ground off the star of a loaded map is 0 (D-S11)."""
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 6:
            raise ValueError(f"the star seats 2 to 6 players, not {players!r}")
        for p, cells in enumerate(game_map.spawns[:players]):
            if any(not sc.on_star(c) for c in cells):
                raise ValueError(f"player {p}: a spawn is off the star")
        h = np.asarray(game_map.heights)
        if h.shape == sc.MASK.shape and (h[~sc.MASK] != 0).any():  # a loaded map: ground off the star is 0
            game_map = GameMap(np.where(sc.MASK, h, 0).astype(np.int16), game_map.spawns, game_map.name)
        return game_map

    def init_state(self, game) -> None:
        """The star's own fields: start units and budgets (S19d), unit sizes for ghost vision (S9)."""
        game.origin = {}  # own soldiers' start unit in this battle phase (S19d)
        game.budgets = []  # steps left per start unit
        game.last_size = {}  # unit size at the end of its owner's last turn (S9)
        game._star_obs = [Counter() for _ in range(game.n)]

    def setup(self, game, setup: dict) -> None:
        """Place a start position (engine/shachang/star_position.py) over the dealt one."""
        game._deal()
        apply_star_setup(game, setup)

    def create_items(self, game, item_seed, item_setup, item_forced):
        """The items' state of a new game on the star (S20a, engine/shachang/star_items.py)."""
        if item_setup is not None:
            item_setup = game.item_setup = star_items.check_setup(item_setup, game.n, game.mode)
        return star_items.create(game, item_seed, item_setup, item_forced)

    # ------------------------------------------------------------ cells
    def in_bounds(self, cell: Cell) -> bool:
        """Whether ``cell`` is one of the star's 121 cells."""
        return sc.on_star(cell)

    def cell_name(self, cell: Cell) -> str:
        """The star name of a cell ("i5")."""
        return sc.name(cell)

    # ------------------------------------------------------------ text
    def parse_action(self, text: str):
        """The action a text names, with star cell names (ParseError if none)."""
        if isinstance(text, str) and text.split()[:1] == ["item"]:
            return parse_item(text.split()[1:])
        return parse_action(text)

    def validated(self, action):
        """A validated star action (item uses too) from an action or its text."""
        if isinstance(action, str):
            action = self.parse_action(action)
        if isinstance(action, UseItem):
            return star_items.validated(action)
        return validated(as_star_action(action))

    def describe(self, a) -> Msg:
        """A validated action as a keyed message with star cell names."""
        if isinstance(a, UseItem):
            return describe_item(a)
        return describe(a)

    def say(self, a) -> Msg:
        """A validated action in words with star cell names (an item's description is in words already)."""
        if isinstance(a, UseItem):
            return describe_item(a)
        return say(a)

    def action_steps(self, a) -> tuple[Step, ...]:
        """As on the square board, with star cell names; an item's steps from star_items."""
        if isinstance(a, UseItem):
            return item_steps(a)
        return action_steps(a, sc.name)

    # ------------------------------------------------------------ units and sight
    def unit_count(self, game, player: int) -> int:
        """The units of ``player``: its groups of connected soldiers (S19b)."""
        return len(game.groups(player))

    def attack_block(self, game, src: Cell, u, dst: Cell, t):
        """The cell blocking the attack line (S5, S19f: heights terrain + 1, seam rule), or None."""
        if game.mode == "classic":
            return None
        z = int(game.heights[src]) + 1
        x = int(game.heights[dst]) + 1
        return blocking_cell(game.heights, src, dst, z, x, grid=sc.LATTICE)

    def sight_line(self, game, src: Cell, dst: Cell, attack: bool = True) -> list[dict]:
        """Every cell the line src→dst checks (S19f heights, seam rule) with a, b, x, y, z and S5's sides."""
        z = int(game.heights[src]) + 1
        x = int(game.heights[dst]) + (1 if (attack and dst in game.units) else 0)
        return line_report(game.heights, src, dst, z, x, grid=sc.LATTICE)

    def cell_vision(self, game, cell: Cell, count: int | None = None):
        """Cells one soldier on ``cell`` would see with the vision range of a unit of ``count``
        (default: its unit there, else 1) (S3, S19f)."""
        n = count if count else (len(game.group_of(cell)) if cell in game.units else 1)
        z = int(game.heights[cell]) + 1
        return visible_from(game.heights, cell, z, rules.vision_range(n), sc.LATTICE) & sc.MASK

    # ------------------------------------------------------------ the star's rules (S19b–S19f)
    def home(self, game, player: int) -> tuple[Cell, ...]:
        """The cells of ``player``'s own point (S19c)."""
        return game.spawns[player]

    def groups(self, game, player: int) -> list[list[Cell]]:
        """The units of ``player`` as they stand now: connected own soldiers (S19b)."""
        return sc.components(c for c, u in game.units.items() if u.owner == player)

    def group_of(self, game, cell: Cell) -> list[Cell]:
        """The unit (connected own soldiers) the soldier on ``cell`` belongs to."""
        owner = game.units[cell].owner
        seen, stack = {cell}, [cell]
        while stack:
            c = stack.pop()
            for n in sc.NEIGHBOURS[c]:
                if n not in seen:
                    u = game.units.get(n)
                    if u is not None and u.owner == owner:
                        seen.add(n)
                        stack.append(n)
        return sorted(seen)

    def can_attack_group(self, game, group) -> bool:
        """S19e: at least one soldier that has not moved and none that is spent."""
        us = [game.units[c] for c in group]
        return any(not u.fresh for u in us) and not any(u.attacked for u in us)

    def budget_left(self, game, cell: Cell) -> int:
        """Steps left to the start unit of the soldier on ``cell`` (S19d); before the battle phase
        every unit as it stands has the full move power."""
        if game.phase == "reinforce":
            return game.P.move
        i = game.origin.get(cell)
        return game.budgets[i] if i is not None else 0

    def march_note(self, game, a) -> Msg | None:
        """What a legal march of the soldier on ``a.src`` spends of the steps its start unit shares (S19d):
        "uses all 3 steps left to its unit: its 9 other soldiers cannot march this turn" while other soldiers of
        that unit have not moved; None when it shares them with nobody or is not a legal march now (issue 26:
        one soldier marching 3 steps at the start uses the whole army's move power)."""
        cost = self.reachable(game, a.src).get(a.dst) if isinstance(a, March) else None
        if cost is None:
            return None
        if game.phase == "reinforce":  # the budgets are given when the battle begins: to the units as they stand
            mates = [c for c in self.group_of(game, a.src) if c != a.src]
        else:
            i = game.origin.get(a.src)
            mates = [c for c, j in game.origin.items() if j == i and c != a.src and c in game.units
                     and not game.units[c].fresh and not game.units[c].attacked]
        if not mates:
            return None
        left = self.budget_left(game, a.src)
        others = counted(len(mates), "other_soldier")
        if cost >= left:
            return Msg.of("shachang.cost.all", left=left, others=others, rule="S19d")
        return Msg.of("shachang.cost.some", cost=cost, left=left, others=others, rule="S19d")

    def begin_battle(self, game) -> None:
        """The first move or attack ends the reinforcement phase (S12); the units as they stand now
        get their budgets (S19d)."""
        if game.phase != "reinforce":
            return
        game.phase = "battle"
        game.origin, game.budgets = {}, []
        for i, g in enumerate(game.groups(game.cur)):
            game.budgets.append(game.P.move)
            for c in g:
                game.origin[c] = i

    def spread_spent(self, game) -> None:
        """S19e: a soldier that connects to spent soldiers is spent too (and so its whole unit)."""
        for g in game.groups(game.cur):
            if any(game.units[c].attacked for c in g):
                for c in g:
                    game.units[c].attacked = True

    def ensure_hex_vision(self, game) -> None:
        if not game.__dict__.get("_hex_vision"):
            game._vision = VisionMap(game.heights, game.n, lattice=sc.LATTICE)
            game._star_obs = [Counter() for _ in range(game.n)]
            game._hex_vision = True

    def observers(self, game) -> list[Counter]:
        """Every soldier watches from terrain + 1 with the vision range of its unit (S3, S19f)."""
        want = [Counter() for _ in range(game.n)]
        for p in range(game.n):
            for g in game.groups(p):
                rad = rules.vision_range(len(g))
                for c in g:
                    want[p][(c[0], c[1], int(game.heights[c]) + 1, rad)] += 1
        return want

    def refresh_vision(self, game, cells=None) -> None:
        """Bring every player's vision up to date (S10: after every action)."""
        if not game.fog:
            return
        game._ensure_hex_vision()
        want = self.observers(game)
        changed = set()
        for p in range(game.n):
            have = game._star_obs[p]
            if have == want[p]:
                continue
            for ob, k in (have - want[p]).items():
                for _ in range(k):
                    game._vision.remove(p, ob)
            for ob, k in (want[p] - have).items():
                for _ in range(k):
                    game._vision.add(p, ob)
            game._star_obs[p] = want[p]
            changed.add(p)
        for p in changed:
            game.explored[p] |= game.visible(p)
        if not game.over:
            game.seen |= game.visible(game.cur)

    def visible(self, game, player: int) -> np.ndarray:
        """Cells ``player`` sees now: its soldiers' vision, its ghost visions, and its own point
        (D-S1); the whole star without fog. Never a cell off the star."""
        if not game.fog:
            return sc.MASK.copy()
        game._ensure_hex_vision()
        vis = (game._vision.counts[player] > 0) & sc.MASK
        for c in game.spawns[player]:
            vis[c] = True
        return vis

    def add_ghost(self, game, g: Ghost) -> None:
        """The ghost vision on the hex lattice, never off the star (S9, D-S6)."""
        game._ensure_hex_vision()
        super().add_ghost(game, g)
        game.explored[g.owner] &= sc.MASK

    def reinforce_cells(self, game, player: int) -> list[Cell]:
        """Free cells of the own point (S19c; the point is always in its owner's sight, D-S1); with
        items, none touching an own soldier withdrawn by 世外桃源 (D-SI6, S20g: it would join it)."""
        cells = [c for c in game.spawns[player] if c not in game.units]
        if game.items is not None:
            cells = [c for c in cells if placeable(game, c, player)]
        return cells

    def bfs(self, game, src: Cell, limit: int, passable=None) -> dict[Cell, int]:
        """Step counts of a single soldier from src through empty (and, with fog, seen) cells (S19d,
        S10), up to ``limit``; it never passes or stops on a soldier."""
        dist = {src: 0}
        out: dict[Cell, int] = {}
        q = deque([src])
        seen = game.seen if game.fog else None
        while q:
            c = q.popleft()
            d = dist[c]
            if d >= limit:
                continue
            for n in sc.NEIGHBOURS[c]:
                if n in dist or n in game.units or (seen is not None and not seen[n]):
                    continue
                dist[n] = d + 1
                out[n] = d + 1
                q.append(n)
        return out

    def reachable(self, game, cell: Cell) -> dict[Cell, int]:
        """Cells the current player's soldier on ``cell`` can move to now, with their step cost."""
        u = game.units.get(cell)
        if game.over or u is None or u.owner != game.cur or not u.can_act or game._must_reinforce():
            return {}
        b = game.budget_left(cell)
        reach = game._bfs(cell, b) if b > 0 else {}
        if game.items is not None:
            reach = reach_filter(game, cell, reach)  # S20d, S20g
        return reach

    def attack_range_of(self, game, cell: Cell) -> int:
        """Attack range of the unit of the soldier on ``cell``: its 番数 (S19e: 1, 2, 3, 4 for 1, 2–3, 4–7, 8–15)."""
        return rules.fanshu(len(game.group_of(cell)))

    def attack_targets(self, game, cell: Cell) -> list[Cell]:
        """Enemy soldiers the current player's soldier on ``cell`` may shoot now (S19e)."""
        u = game.units.get(cell)
        if game.over or u is None or u.owner != game.cur or game._must_reinforce():
            return []
        g = game.group_of(cell)
        if not game.can_attack_group(g) or u.hidden:
            return []
        rng = rules.fanshu(len(g))
        vis = game.visible(game.cur)
        return sorted(c for c, t in game.units.items()
                      if t.owner != game.cur and vis[c] and sc.distance(cell, c) <= rng and not t.hidden
                      and game._attack_block(cell, u, c, t) is None)

    def legal_actions(self, game):
        """Every legal action of the current player (complete)."""
        if game.over:
            return []
        acts = []
        if game.reinforce_room():
            acts.extend(StarReinforce(c, 1) for c in sorted(game.reinforce_cells()))
        if game._must_reinforce():
            return acts
        own = sorted(c for c, u in game.units.items() if u.owner == game.cur)
        for cell in own:
            acts.extend(StarMarch(cell, dst, 1) for dst in sorted(game.reachable(cell)))
        for g in game.groups(game.cur):
            if not game.can_attack_group(g):
                continue
            for cell in g:
                acts.extend(StarAttack(cell, t) for t in game.attack_targets(cell))
        if game.items is not None:
            acts.extend(legal(game))
        acts.append(End())
        return acts

    def check_item(self, game, a: UseItem) -> None:
        check(game, a)

    def check_reinforce(self, game, a: Reinforce) -> None:
        p = game.cur
        act = say(a)
        if game.phase != "reinforce":
            raise IllegalAction("S12 reinforcement phase", key="shachang.reinforce.phase", action=act)
        if a.count != 1:
            raise IllegalAction("S19b one soldier per cell", key="shachang.star.one_reinforce", action=act)
        game._check_reserve(act, "S19c field cap")
        if a.cell not in game.spawns[p]:
            raise IllegalAction("S19c own point", key="shachang.star.reinforce_point", action=act, seat=_seat(p))
        game._item_checks(a)
        u = game._enemy_held(act, a.cell, "S13 enemy-held cell", "shachang.reinforce.enemy_cell")
        self.one_soldier(game, act, a.cell, u)

    def one_soldier(self, game, act: Msg, cell: Cell, u: Unit | None) -> None:
        """S19b: no soldier stops on (or is placed on) a cell an own soldier ``u`` holds."""
        if u is not None:
            raise IllegalAction("S19b one soldier per cell", key="shachang.star.cell_taken", action=act,
                                cell=sc.name(cell))

    def item_checks(self, game, a) -> None:
        """With items, their refusals (S20d, S20g) before an occupant is named."""
        if game.items is not None:
            check_target(game, a)

    def check_march(self, game, a: March) -> None:
        act = say(a)
        if a.count != 1:
            raise IllegalAction("S19d single soldiers", key="shachang.star.one_march", action=act)
        u = game._own_unit(a, "S19d", "soldier")
        src = sc.name(a.src)
        if u.attacked:
            raise IllegalAction("S19e spent", key="shachang.star.spent", action=act, cell=src)
        if u.fresh:
            raise IllegalAction("S19d once per turn", key="shachang.star.moved", action=act, cell=src)
        self.one_soldier(game, act, a.dst, game._march_target(act, a))
        b = game.budget_left(a.src)
        if b <= 0:
            raise IllegalAction("S19d budget", key="shachang.march.no_moves", action=act, cell=src)
        cost = game._bfs(a.src, 4 * len(sc.CELLS)).get(a.dst)
        if cost is None:
            raise IllegalAction("S19d path", key="shachang.march.no_path_seen" if game.fog else "shachang.march.no_path",
                                action=act, cell=sc.name(a.dst))
        if cost > b:
            raise IllegalAction("S19d budget", key="shachang.star.budget", action=act, cost=cost, moves=b, cell=src)

    def check_attack(self, game, a: Attack) -> None:
        act = say(a)
        u = game._own_unit(a, "S19e", "soldier")
        src = sc.name(a.src)
        g = game.group_of(a.src)
        if any(game.units[c].attacked for c in g):
            raise IllegalAction("S19e attack once", key="shachang.star.spent", action=act, cell=src)
        if all(game.units[c].fresh for c in g):
            raise IllegalAction("S19e unmoved soldier", key="shachang.star.no_unmoved", action=act, cell=src)
        t = game._attack_target(act, a)
        st = sc.distance(a.src, a.dst)
        rng = rules.fanshu(len(g))
        if st > rng:
            raise IllegalAction("S19e attack range", key="shachang.attack.range", action=act, steps=st,
                                range=rng, count=len(g), cell=src)
        blk = game._attack_block(a.src, u, a.dst, t)
        if blk is not None:
            raise game._blocked(act, a, u, t, blk)  # soldiers' count is 1: heights + 1 (S19f)

    def apply_reinforce(self, game, p: int, a: Reinforce) -> None:
        game.units[a.cell] = Unit(p, 1, last_count=1)
        game.reserve[p] -= 1
        game.acted = True
        game._event(Msg.of("shachang.ev.reinforce", seat=_seat(p), cell=sc.name(a.cell), n=1,
                           soldiers=counted(1, "soldier")),
                    game._private(p))
        game._refresh_vision()

    def apply_item(self, game, a: UseItem) -> None:
        apply_item(game, a)

    def after_item_action(self, game, a, p: int) -> None:
        after_action(game, a, p)

    def apply_march(self, game, p: int, a: March) -> None:
        game._begin_battle()
        cost = game._bfs(a.src, game.budget_left(a.src))[a.dst]
        game.acted = True
        i = game.origin.pop(a.src)
        game.budgets[i] -= cost
        s = game.units.pop(a.src)
        s.fresh = True  # moved: never again this turn (S19d)
        game.units[a.dst] = s
        game.origin[a.dst] = i
        self.spread_spent(game)  # it joins whatever touches it where it stops (S19d, S19e)
        game._event(Msg.of("shachang.ev.march_step" if cost == 1 else "shachang.ev.march_steps", seat=_seat(p),
                           src=sc.name(a.src), dst=sc.name(a.dst), n=1, cost=cost,
                           soldiers=counted(1, "soldier")), game._private(p))
        game._refresh_vision()

    def apply_attack(self, game, p: int, a: Attack) -> None:
        game._begin_battle()
        game.acted = True
        for c in game.group_of(a.src):
            game.units[c].attacked = True  # the whole unit is spent (S19e)
        t = game.units[a.dst]
        victim = t.owner
        wiped = not any(game.units.get(n) is not None and game.units[n].owner == victim
                        for n in sc.NEIGHBOURS[a.dst])  # the soldier was a unit of its own (S9)
        last = game.last_size.get(a.dst, 1)
        del game.units[a.dst]
        game.last_size.pop(a.dst, None)
        game.lost[victim] += 1
        game.hits += 1
        game.last_hit[p] = game.hits
        dst = sc.name(a.dst)
        shot = Msg.of("shachang.star.ev.hit", seat=_seat(p), src=sc.name(a.src), dst=dst, victim=_seat(victim))
        knowers = None
        if not game.fog:
            game._event(shot, None)
        else:
            sees = bool(game.visible(victim)[a.src])
            knowers = frozenset([p] + ([victim] if sees else []))
            game._event(shot, knowers)
            if not sees:
                game._event(Msg.of("shachang.star.ev.unseen_hit", victim=_seat(victim), cell=dst),
                            frozenset([victim]))
        game._refresh_vision()
        if wiped and game.fog:  # S9 英灵视野: a hex ball from the cell, ignoring terrain
            game._add_ghost(Ghost(victim, a.dst, rules.vision_range(max(1, last))))
            if not game.over:
                game.seen |= game.visible(game.cur)
        if not game.has_soldiers(victim):
            game._eliminate(victim, Msg.of("shachang.ev.out_wiped_by", seat=_seat(victim), by=_seat(p)), knowers)
        game._check_end()

    def observe(self, game, player: int):
        """What ``player`` may know now (S7, S11 on the star): see ``StarObservation``."""
        obs = observe(game, player)
        if game.items is not None:
            return star_items.observe(game, obs, player)
        return obs

    def hidden_variant(self, game, player: int, rng) -> "ShachangGame":
        """A copy ``player`` cannot tell from this game (hidden enemy soldiers moved elsewhere)."""
        v = hidden_variant(game, player, rng)
        if game.items is not None:
            vary(v, player, rng)
        return v

    def turn_opened(self, game) -> None:
        """The budgets live per start unit (S19d), not per soldier: none before the battle phase."""
        for u in game.units.values():
            u.moves = 0  # the budgets live per start unit (S19d), not per soldier
        game.origin, game.budgets = {}, []

    def turn_ending(self, game) -> None:
        """Remember each own unit's size at the end of the turn (the ghost vision's range, D-S6)."""
        p = game.cur
        game.last_size = {c: s for c, s in game.last_size.items()
                          if c in game.units and game.units[c].owner != p}
        for g in game.groups(p):
            for c in g:
                game.last_size[c] = len(g)
