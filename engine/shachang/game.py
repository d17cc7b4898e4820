"""The 沙场秋点兵 game (seed 003, rulings S1–S21): one class for every preset, the star too (S19h).

``ShachangGame`` holds the true state. Every action is checked completely before anything
changes, so an illegal action raises ``IllegalAction`` (with the rule it breaks) and leaves the
state untouched. Its parts:

* the board object ``game.geometry`` (engine/shachang/boards.py: the square heightmap or the star)
  holds the rules that depend on the board: cells and names, sight, vision, reinforcement cells,
  marches, attacks, the checks and effects of the actions, the items' hooks, observations;
* ``Turns`` (turns.py): turns, phases, rounds, elimination and the end of the game;
* ``Log`` (log.py): the log and who may read each entry;
* ``Checks`` (checks.py): ``check`` and the check steps both boards share;
* this module: the state, the common API, counting, ``apply`` and the delegation to the board.
"""
from __future__ import annotations

import copy

import numpy as np

from engine.api import Event, Game, Placement, Step
from engine.messages import Msg
from engine.shachang import rules, undo as shachang_undo
from engine.shachang.actions import Action, Attack, End, March, Reinforce, UseItem
from engine.shachang.boards import board_for
from engine.shachang.cells import Cell
from engine.shachang.checks import Checks
from engine.shachang.log import Log, seat as _seat
from engine.shachang.maps import GameMap
from engine.shachang.observation import Observation
from engine.shachang.ranking import rank
from engine.shachang.save_text import save_json
from engine.shachang.state import Ghost, Unit
from engine.shachang.turns import Turns
from engine.shachang.vision import VisionMap


class ShachangGame(Turns, Log, Checks, Game):
    """A game of 沙场秋点兵 on one map with one rule mode (S21)."""

    game_id = "shachang"

    def __init__(self, game_map: GameMap, preset: str = "standard", mode: str = "digital",
                 players: int = 2, seed: int = 0, round_limit: int | None = None,
                 map_source: str = "generated", setup: dict | None = None, items: bool = False,
                 item_seed: int | None = None, item_setup: dict | None = None, item_forced: dict | None = None):
        p = rules.preset(preset)
        geometry = board_for(p.board, p.size)  # the board: its cells and the rules that depend on it
        game_map = geometry.check_map(game_map, preset, players)
        if mode not in rules.MODES:
            raise ValueError(f"unknown rule mode {mode!r}; known: {', '.join(rules.MODES)}")
        if not 2 <= players <= p.max_players:  # the start screen offers up to p.offered_players (D2)
            raise ValueError(f"the {preset} map supports 2 to {p.max_players} players, not {players}")
        game_map.validate(players)
        if game_map.heights.shape != (p.size, p.size):
            raise ValueError(f"map is {game_map.heights.shape[0]}x{game_map.heights.shape[1]}, "
                             f"the {preset} preset wants {p.size}x{p.size}")
        self.P = p
        self.geometry = geometry
        self.preset_key = preset
        self.mode = mode
        self.seed = int(seed)
        self.map_source = map_source
        self.round_limit = int(round_limit) if round_limit else p.round_limit
        self.game_map = game_map
        heights = np.asarray(game_map.heights, dtype=np.int16)
        if mode == "classic":  # S21: flat board
            heights = np.zeros_like(heights)
        self.heights = heights
        self.heights.setflags(write=False)
        self.size = p.size
        self.n = players
        self.spawns: list[tuple[Cell, ...]] = [tuple(map(tuple, s)) for s in game_map.spawns[:players]]
        self.units: dict[Cell, Unit] = {}
        self.reserve = [p.total - p.cap] * players
        self.lost = [0] * players  # soldiers killed by attacks
        self.voided = [0] * players  # reserve voided on elimination (S13)
        self.out = [False] * players
        self.out_order: list[int] = []  # eliminated players, first out first
        self.last_hit = [0] * players  # hit serial number of each player's last successful hit (0 = none)
        self.hits = 0
        self.ghosts: list[Ghost] = []
        self.round = 1
        self.cur = 0
        self.phase = "reinforce"
        self.acted = False
        self.idle_streak = 0
        self.over = False
        self._end_msg: Msg | None = None  # why the game ended (end_reason())
        self.winner_by_wipeout: int | None = None
        self._log: list[Action] = []
        self._events: list[tuple[Event, str]] = []  # (event, its English text for observations)
        self.fog = mode == "digital"
        self._vision = VisionMap(self.heights, players)
        self._obs: dict[Cell, tuple[int, tuple]] = {}  # cell -> (owner, observer tuple) counted in vision
        self.explored = np.zeros((players,) + self.heights.shape, dtype=bool)
        self.seen = np.zeros(self.heights.shape, dtype=bool)  # current player's cells seen this turn
        self.setup = setup
        self.items = None  # the fun items (S20a, engine/shachang/items.py) when ``items`` is on
        geometry.init_state(self)
        if setup is None:
            self._deal()
        else:
            geometry.setup(self, setup)
        self.item_setup = None
        if items:
            self.items = geometry.create_items(self, item_seed, item_setup, item_forced)

    def _deal(self) -> None:
        """游戏初始化: field troops split as evenly as possible over the spawns (S17); the first turn opens."""
        for pl in range(self.n):
            sp = self.spawns[pl]
            q, r = divmod(self.P.cap, len(sp))
            for i, cell in enumerate(sp):
                cnt = q + (1 if i < r else 0)
                if cnt:
                    self.units[cell] = Unit(pl, cnt, last_count=cnt)
        self._refresh_vision(list(self.units))
        self._start_turn()

    # ------------------------------------------------------------------ API
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def current_player(self) -> int:
        return -1 if self.over else self.cur

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def log(self) -> list[Action]:
        return list(self._log)

    def parse_action(self, text: str) -> Action:
        return self.geometry.parse_action(text)

    # -------------------------------------------------------- common layer
    @property
    def hidden_information(self) -> bool:
        """Fog of war (digital mode, S7) hides enemy units; items (S20a) hide item cells and hands."""
        return self.fog or self.items is not None

    def seat_name(self, seat: int) -> Msg:
        """"P1" / "玩家1"."""
        return _seat(seat)

    def describe(self, action) -> Msg:
        """The action's notation as a keyed message ("march a1 c2 3" / "行军 a1→c2 3人"); what a player
        reads is ``say``."""
        return self.geometry.describe(self._validated(action))

    def say(self, action) -> Msg:
        """The action in words, as the player reads it ("march 3 soldiers from a1 to c2" / "从a1行军到c2
        （3人）"; issue 26): the status line, the log, the replay, refusals. Malformed: as ``check``."""
        return self.geometry.say(self._validated(action))

    def action_steps(self, action) -> tuple[Step, ...]:
        """march: cell src, cell dst, count; attack: cell src, cell dst; reinforce: cell, count; end: button
        (a malformed action is refused as in ``check``)."""
        return self.geometry.action_steps(self._validated(action))

    def clone(self) -> "ShachangGame":
        """An independent copy (the read-only map is shared)."""
        memo = {id(self.heights): self.heights, id(self.game_map): self.game_map,
                id(self._vision.heights): self._vision.heights,
                # actions and events are immutable: new lists holding the same entries
                id(self._log): list(self._log), id(self._events): list(self._events)}
        return copy.deepcopy(self, memo)

    # ------------------------------------------------------------ counting
    def field(self, player: int) -> int:
        """Soldiers of ``player`` on the field."""
        return sum(u.count for u in self.units.values() if u.owner == player)

    def unit_count(self, player: int) -> int:
        """The units of ``player`` on the field, counted as its board counts them."""
        return self.geometry.unit_count(self, player)

    def has_soldiers(self, player: int) -> bool:
        return self.reserve[player] > 0 or any(u.owner == player for u in self.units.values())

    def in_bounds(self, cell: Cell) -> bool:
        """Whether ``cell`` is on the board."""
        return self.geometry.in_bounds(cell)

    def cell_name(self, cell: Cell) -> str:
        """The name of a cell ("c3"; the star names its cells its own way)."""
        return self.geometry.cell_name(cell)

    # ------------------------------------------------ the board's rules (geometry)
    # What differs between the square heightmap and the star is the board object's
    # (engine/shachang/boards.py): these ask it.
    @property
    def board(self) -> str:
        """The board kind: "square" or "star" (S19h)."""
        return self.geometry.key

    def visible(self, player: int) -> np.ndarray:
        """Cells ``player`` sees now (S7; the star: D-S1 its own point too); everything without fog."""
        return self.geometry.visible(self, player)

    def reachable(self, cell: Cell) -> dict[Cell, int]:
        """Cells a march from the current player's unit (the star: soldier) on ``cell`` can reach now,
        with their step cost."""
        return self.geometry.reachable(self, cell)

    def march_note(self, a) -> Msg | None:
        """What the march ``a`` (legal now) spends of move power other own soldiers share (S15, the star's S19d),
        in words, or None: said before and when it is played (issue 26)."""
        return self.geometry.march_note(self, a)

    def attack_targets(self, cell: Cell) -> list[Cell]:
        """Enemy cells the current player's unit (the star: soldier) on ``cell`` may attack now (S8, S19e)."""
        return self.geometry.attack_targets(self, cell)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player (complete)."""
        return self.geometry.legal_actions(self)

    def observe(self, player: int) -> Observation:
        """What ``player`` may know now (S7, S11): fog hides unexplored heights and unseen enemies."""
        return self.geometry.observe(self, player)

    def undo_floor(self, player: int) -> int:
        """G2 through the common API: the player to move may take back actions of its own turn until one
        revealed something (a cell coming into sight, a shot, an item: engine/shachang/undo.py); for
        any other player, or a finished game, the whole log stands."""
        if self.is_over or player != self.current_player:
            return len(self.log)
        return shachang_undo.undo_floor(self)

    def hidden_variant(self, player: int, rng) -> "ShachangGame":
        """A copy ``player`` cannot tell from this game: enemy units on cells the player neither sees
        now nor saw this turn are moved elsewhere (and, on the square board, resized). Without fog
        nothing is hidden and the copy is exact."""
        return self.geometry.hidden_variant(self, player, rng)

    # the star's units: connected soldiers (S19b–S19e; StarGeometry)
    def home(self, player: int) -> tuple[Cell, ...]:
        """The cells of ``player``'s own point (the star, S19c)."""
        return self.geometry.home(self, player)

    def groups(self, player: int) -> list[list[Cell]]:
        """The units of ``player`` as they stand now: connected own soldiers (the star, S19b)."""
        return self.geometry.groups(self, player)

    def group_of(self, cell: Cell) -> list[Cell]:
        """The unit (connected own soldiers) the soldier on ``cell`` belongs to (the star, S19b)."""
        return self.geometry.group_of(self, cell)

    def can_attack_group(self, group) -> bool:
        """S19e: at least one soldier that has not moved and none that is spent (the star)."""
        return self.geometry.can_attack_group(self, group)

    def budget_left(self, cell: Cell) -> int:
        """Steps left to the start unit of the soldier on ``cell`` (the star, S19d)."""
        return self.geometry.budget_left(self, cell)

    def attack_range_of(self, cell: Cell) -> int:
        """Attack range of the unit of the soldier on ``cell``: its 番数 (the star, S19e)."""
        return self.geometry.attack_range_of(self, cell)

    def _begin_battle(self) -> None:
        self.geometry.begin_battle(self)

    def _ensure_hex_vision(self) -> None:
        self.geometry.ensure_hex_vision(self)

    def _observer(self, cell: Cell, u: Unit) -> tuple[int, int, int, int]:
        return self.geometry.observer(self, cell, u)

    def _refresh_vision(self, cells=None) -> None:
        """Bring the vision counts up to date (S10: after every action; ``cells``: the square cells that changed)."""
        self.geometry.refresh_vision(self, cells)

    def _add_ghost(self, g: Ghost) -> None:
        self.geometry.add_ghost(self, g)

    def _reinforce_cells(self, player: int) -> list[Cell]:
        """Cells where ``player`` may place reinforcements now, ignoring the phase (S13, S14, S19c)."""
        return self.geometry.reinforce_cells(self, player)

    def _bfs(self, src: Cell, limit: int, passable=None) -> dict[Cell, int]:
        return self.geometry.bfs(self, src, limit, passable)

    def _item_checks(self, a) -> None:
        """With items, their refusals (S20d, S20g) before an occupant is named."""
        self.geometry.item_checks(self, a)

    def _check_reinforce(self, a: Reinforce) -> None:
        self.geometry.check_reinforce(self, a)

    def _check_march(self, a: March) -> None:
        self.geometry.check_march(self, a)

    def _check_attack(self, a: Attack) -> None:
        self.geometry.check_attack(self, a)

    def _check_item(self, a: UseItem) -> None:
        self.geometry.check_item(self, a)

    def _apply_reinforce(self, p: int, a: Reinforce) -> None:
        self.geometry.apply_reinforce(self, p, a)

    def _apply_march(self, p: int, a: March) -> None:
        self.geometry.apply_march(self, p, a)

    def _apply_attack(self, p: int, a: Attack) -> None:
        self.geometry.apply_attack(self, p, a)

    def _apply_item(self, a: UseItem) -> None:
        self.geometry.apply_item(self, a)

    def _after_item_action(self, a, p: int) -> None:
        self.geometry.after_item_action(self, a, p)

    # ----------------------------------------------------------- queries
    @property
    def grid(self):
        """The board geometry (engine.grids): the square's 4-neighbour steps (S1, S15), line levels (S2),
        cell names; the star's hex lattice (S19a, S19f)."""
        return self.geometry.grid

    def _attack_block(self, src: Cell, u: Unit, dst: Cell, t: Unit):
        """The cell blocking the attack line (S5, the board's heights), or None."""
        return self.geometry.attack_block(self, src, u, dst, t)

    def sight_line(self, src: Cell, dst: Cell, attack: bool = True) -> list[dict]:
        """Every cell the line src→dst checks with a, b, x, y, z and the S5 sides (attack or vision heights)."""
        return self.geometry.sight_line(self, src, dst, attack)

    def cell_vision(self, cell: Cell, count: int | None = None) -> np.ndarray:
        """Cells a unit of ``count`` soldiers (default: the unit there, else 1; on the star one soldier
        with its unit's vision range) on ``cell`` would see (S6, S19f)."""
        return self.geometry.cell_vision(self, cell, count)

    def reinforce_cells(self) -> list[Cell]:
        """Cells where the current player may place reinforcements now (empty if none allowed)."""
        if self.reinforce_room() == 0:
            return []
        return self._reinforce_cells(self.cur)

    # ------------------------------------------------------------- apply
    def _validated(self, action) -> Action:
        """The parsed action with its form checked (types, counts, cells on the board)."""
        return self.geometry.validated(action)

    def apply(self, action) -> None:
        """Play ``action`` (or its text); raises IllegalAction naming the rule and changes nothing if illegal."""
        a = self.check(action)
        p = self.cur
        self._log.append(a)
        if isinstance(a, Reinforce):
            self._apply_reinforce(p, a)
        elif isinstance(a, March):
            self._apply_march(p, a)
        elif isinstance(a, Attack):
            self._apply_attack(p, a)
        elif isinstance(a, UseItem):
            self._apply_item(a)
        else:
            self._event(Msg.of("shachang.ev.end", seat=_seat(p)), None)
            self._end_turn()
        if self.items is not None and not isinstance(a, End):
            self._after_item_action(a, p)

    # ------------------------------------------------------------ ranking
    def ranking(self) -> list[Placement]:
        """Places by S18: wipe-out winner, then survivors by field, reserve, earlier last hit; then the out."""
        return rank(self)

    # --------------------------------------------------------------- save
    def to_json(self) -> str:
        return save_json(self)


def game_class(preset: str):
    """The game class of a preset: ``ShachangGame`` for every preset; the star (S19h) is the board
    object it holds (engine/shachang/boards.py). ``StarGame`` is another name for it."""
    rules.preset(preset)  # an unknown preset: a clear error
    return ShachangGame
