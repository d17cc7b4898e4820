"""The square heightmap board of 沙场秋点兵 (S1, S2: size x size cells, 4-neighbour steps, names "c3"):
its cells, action texts, line of sight and the rules of units that stack on one cell (S3–S16).

The game (engine/shachang/game.py) holds one ``SquareGeometry`` as ``game.geometry`` and asks it;
see engine/shachang/boards.py. The items' own modules are imported where used, as before: a game
without items never loads them.
"""
from __future__ import annotations

from collections import deque

import numpy as np

from engine.api import IllegalAction, Step
from engine.messages import Msg
from engine.shachang import items as _items, rules
from engine.shachang.actions import Attack, End, March, Reinforce, UseItem, as_action, describe, parse_action, say, validated
from engine.shachang.board_base import Geometry
from engine.shachang.cells import Cell, board_grid, cell_name
from engine.shachang.item_actions import item_steps
from engine.shachang.item_rules import apply_item, check_item, legal_items
from engine.shachang.items import after_action, check_target, observe, reach_filter, vary
from engine.shachang.log import counted, seat as _seat
from engine.shachang.observation import Observation, UnitView, common_fields, hidden_variant
from engine.shachang.position import apply_setup
from engine.shachang.sight import blocking_cell, line_report, steps
from engine.shachang.state import Ghost, Unit
from engine.shachang.vision import visible_from


def action_steps(a, name) -> tuple[Step, ...]:
    """march: cell src, cell dst, count; attack: cell src, cell dst; reinforce: cell, count; end: button."""
    if isinstance(a, March):
        return (Step("cell", name(a.src)), Step("cell", name(a.dst)),
                Step("count", str(a.count), "shachang.step.count"))
    if isinstance(a, Attack):
        return (Step("cell", name(a.src)), Step("cell", name(a.dst)))
    if isinstance(a, Reinforce):
        return (Step("cell", name(a.cell)), Step("count", str(a.count), "shachang.step.count"))
    return (Step("button", "end", "shachang.act.end"),)


class SquareGeometry(Geometry):
    """The size x size heightmap of the square presets (S1, S2, S17)."""

    key = "square"

    def __init__(self, size: int):
        self.size = size

    @classmethod
    def build(cls, size: int) -> "SquareGeometry":
        return cls(size)

    @property
    def grid(self):
        """The shared square grid (engine.grids): 4-neighbour steps (S1, S15), line levels (S2), names."""
        return board_grid(self.size)  # asked when first used: the grid the grids' cache holds then

    # ------------------------------------------------------------ cells
    def in_bounds(self, cell: Cell) -> bool:
        """Whether ``cell`` is on the board."""
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def cell_name(self, cell: Cell) -> str:
        """The name of a cell ("c3")."""
        return cell_name(cell)

    # ------------------------------------------------------------ text
    def parse_action(self, text: str):
        """The action a text names (ParseError if none)."""
        return parse_action(text)

    def validated(self, action):
        """The parsed action with its form checked (types, counts, cells on the board)."""
        return validated(as_action(action), self.size)

    def describe(self, a) -> Msg:
        """A validated action as a keyed message."""
        return describe(a)

    def say(self, a) -> Msg:
        """A validated action in words, as the player reads it (``actions.say``)."""
        return say(a)

    def action_steps(self, a) -> tuple[Step, ...]:
        """A validated action's steps (see ``action_steps``); an item's from item_actions."""
        if isinstance(a, UseItem):
            return item_steps(a)
        return action_steps(a, self.cell_name)

    # ------------------------------------------------------------ units and sight
    def setup(self, game, setup: dict) -> None:
        """Place a start position (engine/shachang/position.py)."""
        apply_setup(game, setup)

    def create_items(self, game, item_seed, item_setup, item_forced):
        """The items' state of a new game (S20a, engine/shachang/items.py)."""
        if item_setup is not None:
            item_setup = game.item_setup = _items.check_setup(item_setup, game.n, self.size, game.mode)
        return _items.create(game, item_seed, item_setup, item_forced)

    def unit_count(self, game, player: int) -> int:
        """The units of ``player`` on the field (one per occupied cell, S17)."""
        return sum(1 for u in game.units.values() if u.owner == player)

    def attack_block(self, game, src: Cell, u, dst: Cell, t):
        """The cell blocking the attack line (S5: heights + soldier counts), or None (classic: flat)."""
        if game.mode == "classic":
            return None
        z = int(game.heights[src]) + u.count
        x = int(game.heights[dst]) + t.count
        return blocking_cell(game.heights, src, dst, z, x)

    def sight_line(self, game, src: Cell, dst: Cell, attack: bool = True) -> list[dict]:
        """Every cell the line src→dst checks with a, b, x, y, z and the S5 sides."""
        u = game.units.get(src)
        z = int(game.heights[src]) + (u.count if u else 0)
        t = game.units.get(dst)
        x = int(game.heights[dst]) + (t.count if (attack and t) else 0)
        return line_report(game.heights, src, dst, z, x)

    def cell_vision(self, game, cell: Cell, count: int | None = None):
        """Cells a unit of ``count`` soldiers (default: the unit there, else 1) on ``cell`` would see (S6)."""
        u = game.units.get(cell)
        n = count if count else (u.count if u else 1)
        z = int(game.heights[cell]) + n
        return visible_from(game.heights, cell, z, rules.vision_range(n))

    # ------------------------------------------------------------ the rules of the square board
    def reinforce_cells(self, game, player: int) -> list[Cell]:
        """Cells where ``player`` may place reinforcements now, ignoring the phase (S13, S14)."""
        if game.mode == "digital":
            vis = game.visible(player)
            cells = [tuple(map(int, c)) for c in np.argwhere(vis)]
        else:
            cells = list(game.spawns[player])
        out = []
        at_max = game.unit_count(player) >= game.P.max_units
        for c in cells:
            u = game.units.get(c)
            if u is None:
                if not at_max:
                    out.append(c)
            elif u.owner == player and not u.hidden:  # D-I7: a unit under 世外桃源 receives no reinforcement
                out.append(c)
        return out

    def refresh_vision(self, game, cells) -> None:
        """Bring the vision counts of the given cells' units up to date (S10: after every action)."""
        if not game.fog:
            return
        changed = set()
        for cell in cells:
            old = game._obs.get(cell)
            u = game.units.get(cell)
            new = (u.owner, game._observer(cell, u)) if u else None
            if old == new:
                continue
            if old:
                game._vision.remove(old[0], old[1])
                changed.add(old[0])
            if new:
                game._vision.add(new[0], new[1])
                game._obs[cell] = new
                changed.add(new[0])
            else:
                game._obs.pop(cell, None)
        for p in changed:
            game.explored[p] |= game._vision.counts[p] > 0
        if not game.over:
            game.seen |= game.visible(game.cur)

    def observer(self, game, cell: Cell, u: Unit) -> tuple[int, int, int, int]:
        """The unit on ``cell`` as an observer: row, col, eye height (terrain + soldiers, S6), vision range (S3)."""
        return (cell[0], cell[1], int(game.heights[cell]) + u.count, rules.vision_range(u.count))

    def visible(self, game, player: int) -> np.ndarray:
        """Cells ``player`` sees now (S7): own vision plus active ghost visions; everything without fog."""
        if not game.fog:
            return np.ones(game.heights.shape, dtype=bool)
        return game._vision.counts[player] > 0

    def march_note(self, game, a) -> Msg | None:
        """What a legal march of part of a unit spends of the move power the soldiers staying behind share (S15):
        "uses all 3 steps left to its unit: its 7 other soldiers cannot march this turn" when it uses them up; None
        otherwise (issue 26)."""
        if not isinstance(a, March):
            return None
        cost, u = self.reachable(game, a.src).get(a.dst), game.units.get(a.src)
        if cost is None or u is None or a.count >= u.count or cost < u.moves:
            return None
        return Msg.of("shachang.cost.all", left=u.moves, others=counted(u.count - a.count, "other_soldier"), rule="S15")

    def reachable(self, game, cell: Cell) -> dict[Cell, int]:
        """Cells a march from the current player's unit on ``cell`` can reach now, with their step cost."""
        u = game.units.get(cell)
        if game.over or u is None or u.owner != game.cur or not u.can_act or u.moves <= 0:
            return {}
        reach = game._bfs(cell, u.moves, self.passable(game, game.cur))
        if game.items is not None:
            reach = reach_filter(game, cell, reach)
        return reach

    def passable(self, game, player: int) -> np.ndarray:
        """Cells a march of ``player`` may pass this turn: empty and (with fog) seen this turn (S10, S15)."""
        ok = game.grid.mask  # a fresh bool array: True on the board's cells
        for c in game.units:
            ok[c] = False
        if game.fog:
            ok &= game.seen
        return ok

    def bfs(self, game, src: Cell, limit: int, passable: np.ndarray) -> dict[Cell, int]:
        """Shortest step counts (the grid's neighbours, S15) from src through passable cells, up to ``limit``;
        own units end a path."""
        dist = {src: 0}
        out: dict[Cell, int] = {}
        q = deque([src])
        player = game.units[src].owner
        seen_ok = game.seen if game.fog else None
        neighbours = game.grid.adjacency  # cell -> on-board neighbours
        while q:
            c = q.popleft()
            d = dist[c]
            if d >= limit:
                continue
            for n in neighbours[c]:
                if n in dist:
                    continue
                if passable[n]:
                    dist[n] = d + 1
                    out[n] = d + 1
                    q.append(n)
                else:
                    o = game.units.get(n)
                    if o is not None and o.owner == player and (seen_ok is None or seen_ok[n]):
                        dist[n] = d + 1
                        out[n] = d + 1  # 集合: may end on an own unit, never pass through it
        return out

    def march_cost(self, game, src: Cell, dst: Cell, moves: int) -> int | None:
        """Fewest steps of a march src→dst now; a number above ``moves`` only to explain a refusal."""
        passable = self.passable(game, game.units[src].owner)
        reach = game._bfs(src, moves, passable)
        if dst in reach:
            return reach[dst]
        # not within the move power: find the true cost (bounded search) for the message
        limit = min(4 * len(game.grid), steps(src, dst) + 4 * max(moves, 3) + 8)
        return game._bfs(src, limit, passable).get(dst)

    def attack_targets(self, game, cell: Cell) -> list[Cell]:
        """Enemy cells the current player's unit on ``cell`` may attack now (S8)."""
        u = game.units.get(cell)
        if game.over or u is None or u.owner != game.cur or not u.can_act:
            return []
        out = []
        rng = rules.attack_range(u.count)
        vis = game.visible(game.cur)
        for c, t in game.units.items():
            if t.owner == game.cur or steps(cell, c) > rng or not vis[c] or u.hidden or t.hidden:  # S20g
                continue
            if game._attack_block(cell, u, c, t) is None:
                out.append(c)
        return sorted(out)

    def legal_actions(self, game) -> list[Action]:
        """Every legal action of the current player (complete)."""
        if game.over:
            return []
        acts: list[Action] = []
        room = game.reinforce_room()
        if room:
            for c in game.reinforce_cells():
                acts.extend(Reinforce(c, k) for k in range(1, room + 1))
        if game._must_reinforce():
            return acts
        n_units = game.unit_count(game.cur)
        for cell, u in sorted(game.units.items()):
            if u.owner != game.cur or not u.can_act:
                continue
            for dst, cost in sorted(game.reachable(cell).items()):
                d = game.units.get(dst)
                for k in range(1, u.count + 1):
                    if d is None and k < u.count and n_units >= game.P.max_units:
                        continue
                    acts.append(March(cell, dst, k))
            acts.extend(Attack(cell, t) for t in game.attack_targets(cell))
        if game.items is not None:
            acts.extend(legal_items(game))
        acts.append(End())
        return acts

    def check_item(self, game, a: UseItem) -> None:
        check_item(game, a)

    def check_reinforce(self, game, a: Reinforce) -> None:
        p = game.cur
        act = say(a)
        if game.phase != "reinforce":
            raise IllegalAction("S12 reinforcement phase", key="shachang.reinforce.phase", action=act)
        f = game._check_reserve(act, "S13 population cap")
        room = min(game.reserve[p], game.P.cap - f)
        if a.count > room:
            if game.reserve[p] < game.P.cap - f:
                raise IllegalAction("S13 population cap", key="shachang.reinforce.only_reserve", action=act,
                                    reserve=game.reserve[p])
            raise IllegalAction("S13 population cap", key="shachang.reinforce.over_cap", action=act,
                                field=f, n=a.count, cap=game.P.cap)
        if game.mode == "digital":
            # S14 before occupancy: a cell out of vision is refused the same way whoever stands on it
            if not game.visible(p)[a.cell]:
                raise IllegalAction("S14 reinforcement in vision", key="shachang.reinforce.not_visible",
                                    action=act, cell=cell_name(a.cell), seat=_seat(p))
        elif a.cell not in game.spawns[p]:
            raise IllegalAction("S13 spawn cell", key="shachang.reinforce.spawn_only", action=act,
                                cells=", ".join(cell_name(c) for c in game.spawns[p]))
        game._item_checks(a)  # S20g before the occupant is named
        u = game._enemy_held(act, a.cell, "S13 enemy-held cell", "shachang.reinforce.enemy_cell")
        if u is None and game.unit_count(p) >= game.P.max_units:
            raise IllegalAction("S17 maximum units", key="shachang.reinforce.max_units", action=act,
                                seat=_seat(p), max=game.P.max_units)

    def item_checks(self, game, a) -> None:
        """With items, their refusals (S20d, S20g) before an occupant is named."""
        if game.items is not None:
            check_target(game, a)

    def acting_unit(self, game, a, rule: str, verb: str) -> Unit:
        """The settled own unit on a.src that acts in a march (rule S15) or attack (S8), or raise."""
        p = game.cur
        act = say(a)
        u = game._own_unit(a, rule)
        if u.fresh:
            raise IllegalAction(f"{rule} new camp", key=f"shachang.unit.new_camp_{verb}", action=act,
                                cell=cell_name(a.src), seat=_seat(p))
        return u

    def check_march(self, game, a: March) -> None:
        p = game.cur
        act = say(a)
        u = self.acting_unit(game, a, "S15", "move")
        src = cell_name(a.src)
        if u.attacked:
            raise IllegalAction("S16 attacked", key="shachang.march.attacked", action=act, cell=src)
        if a.count > u.count:
            raise IllegalAction("S15 soldiers", key="shachang.march.too_many", action=act, cell=src,
                                count=u.count, soldiers=counted(u.count, "soldier"))
        d = game._march_target(act, a)
        if d is None and a.count < u.count and game.unit_count(p) >= game.P.max_units:
            raise IllegalAction("S17 maximum units", key="shachang.march.max_units", action=act,
                                max=game.P.max_units)
        if u.moves <= 0:
            raise IllegalAction("S15 move power", key="shachang.march.no_moves", action=act, cell=src)
        cost = self.march_cost(game, a.src, a.dst, u.moves)
        if cost is None:
            raise IllegalAction("S15 path", key="shachang.march.no_path_seen" if game.fog else "shachang.march.no_path",
                                action=act, cell=cell_name(a.dst))
        if cost > u.moves:
            raise IllegalAction("S15 move power", key="shachang.march.too_far", action=act, cost=cost,
                                moves=u.moves, cell=src)
        # apply() reuses it (one search per march); kept only for a march that passed, so a refusal changes nothing
        game._checked_march = (a, len(game._log), cost)

    def check_attack(self, game, a: Attack) -> None:
        act = say(a)
        u = self.acting_unit(game, a, "S8", "attack")
        if u.attacked:
            raise IllegalAction("S16 attack once", key="shachang.attack.already", action=act,
                                cell=cell_name(a.src))
        t = game._attack_target(act, a)
        st = steps(a.src, a.dst)
        rng = rules.attack_range(u.count)
        if st > rng:
            raise IllegalAction("S3 attack range", key="shachang.attack.range", action=act, steps=st,
                                range=rng, count=u.count, cell=cell_name(a.src))
        blk = game._attack_block(a.src, u, a.dst, t)
        if blk is not None:
            raise game._blocked(act, a, u, t, blk)

    def apply_reinforce(self, game, p: int, a: Reinforce) -> None:
        u = game.units.get(a.cell)
        if u is None:
            game.units[a.cell] = Unit(p, a.count, moves=game.P.move, last_count=a.count)
        else:
            u.count += a.count
        game.reserve[p] -= a.count
        game.acted = True
        game._event(Msg.of("shachang.ev.reinforce", seat=_seat(p), cell=cell_name(a.cell), n=a.count,
                           soldiers=counted(a.count, "soldier")),
                    game._private(p))
        game._refresh_vision([a.cell])

    def apply_item(self, game, a: UseItem) -> None:
        apply_item(game, a)

    def after_item_action(self, game, a, p: int) -> None:
        after_action(game, a, p)

    def apply_march(self, game, p: int, a: March) -> None:
        u_moves = game.units[a.src].moves
        checked = getattr(game, "_checked_march", None)
        if checked is not None and checked[0] == a and checked[1] == len(game._log) - 1:
            cost = checked[2]  # found by check() a moment ago, on this very state
        else:
            cost = self.march_cost(game, a.src, a.dst, u_moves)
        game._checked_march = None
        assert cost is not None and cost <= u_moves
        u = game.units[a.src]
        game.phase = "battle"
        game.acted = True
        u.count -= a.count
        u.moves -= cost
        if u.count == 0:  # 拔营: the cell is empty; its move power and attack are lost
            del game.units[a.src]
        d = game.units.get(a.dst)
        if d is None:  # 占营: a new camp, frozen this turn
            game.units[a.dst] = Unit(p, a.count, moves=0, fresh=True, last_count=a.count)
        else:  # 集合: joins and shares the unit's state
            d.count += a.count
        game._event(Msg.of("shachang.ev.march_step" if cost == 1 else "shachang.ev.march_steps", seat=_seat(p),
                           src=cell_name(a.src), dst=cell_name(a.dst), n=a.count, cost=cost,
                           soldiers=counted(a.count, "soldier")),
                    game._private(p))
        game._refresh_vision([a.src, a.dst])

    def apply_attack(self, game, p: int, a: Attack) -> None:
        u = game.units[a.src]
        t = game.units[a.dst]
        game.phase = "battle"
        game.acted = True
        u.attacked = True
        u.moves = 0
        t.count -= 1
        game.lost[t.owner] += 1
        game.hits += 1
        game.last_hit[p] = game.hits
        victim = t.owner
        dst = cell_name(a.dst)
        shot = Msg.of("shachang.ev.attack_wiped" if t.count == 0 else "shachang.ev.attack_hit", seat=_seat(p),
                      src=cell_name(a.src), dst=dst, victim=_seat(victim), n=t.count)
        knowers = None  # who knows who shot (S7, D13)
        if not game.fog:
            game._event(shot, None)
        else:
            # the victim learns where the shot came from only if it sees that cell (S7, D13)
            knowers = frozenset([p] + ([victim] if game.visible(victim)[a.src] else []))
            game._event(shot, knowers)
            if not game.visible(victim)[a.src]:
                game._event(Msg.of("shachang.ev.unseen_wiped" if t.count == 0 else "shachang.ev.unseen_hit",
                                   victim=_seat(victim), cell=dst, n=t.count), frozenset([victim]))
        if t.count == 0:
            del game.units[a.dst]
            game._refresh_vision([a.dst])
            if game.fog:  # S9 英灵视野
                game._add_ghost(Ghost(victim, a.dst, rules.vision_range(max(1, t.last_count))))
        else:
            game._refresh_vision([a.dst])
        if not game.has_soldiers(victim):
            # everybody learns the victim is out; only those who saw the shot learn who fired it
            game._eliminate(victim, Msg.of("shachang.ev.out_wiped_by", seat=_seat(victim), by=_seat(p)), knowers)
        game._check_end()

    def observe(self, game, player: int) -> Observation:
        """What ``player`` may know now (S7, S11): fog hides unexplored heights and unseen enemies."""
        if not 0 <= player < game.n:
            raise ValueError(f"no player {player} in a {game.n}-player game")
        vis = game.visible(player)
        if game.fog:
            explored = game.explored[player].copy()
            heights = np.where(explored, game.heights, -1).astype(np.int16)
        else:
            explored = np.ones(game.heights.shape, dtype=bool)
            heights = game.heights.copy()
        units = []
        for c, u in sorted(game.units.items()):
            if u.owner == player:
                units.append(UnitView(c, u.owner, u.count, u.moves, u.attacked, u.fresh))
            elif vis[c]:
                units.append(UnitView(c, u.owner, u.count))
        own_turn = player == game.cur and not game.over
        seen = game.seen.copy() if own_turn else vis.copy()
        obs = Observation(**common_fields(game, player, heights, vis, explored, seen, units))
        if game.items is not None:
            return observe(game, obs, player)
        return obs

    def hidden_variant(self, game, player: int, rng) -> "ShachangGame":
        """A copy ``player`` cannot tell from this game: enemy units on cells the player neither sees
        now nor saw this turn are moved to other such cells and resized (within each owner's cap and
        unit maximum). Without fog nothing is hidden and the copy is exact."""
        v = hidden_variant(game, player, rng)
        if game.items is not None:
            vary(v, player, rng)
        return v
