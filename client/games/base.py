"""The base of every game plugin: what the start screen, the board scene and the help page ask a game.

A plugin wraps one game object (``set_game`` swaps it after an undo or a new game) and answers
through the engine's common API only (engine/api.py): the observation for the pieces, the legal
actions and their ``action_steps`` for clicks, ``describe`` / ``seat_name`` / ``end_reason`` for
words. Nothing here parses action text or FEN: a click walks the steps of the legal actions.

A game overrides a few hooks (python-chess style), listed by purpose in ``GamePlugin``'s docstring. See
docs/architecture.md ("how to add a game").
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from client import i18n
from client.boards.geometry import BoardGeometry, Cell
from client.boards.model import RGB, BoardView, Piece
from client.i18n import tr, tr as _tr
from client.ui.cards import CardRow
from engine import registry
from engine.api import IllegalAction, ParseError, Step
from engine.messages import Msg, render

SEAT_RGB: tuple[RGB, ...] = ((0.82, 0.16, 0.14), (0.16, 0.38, 0.84), (0.92, 0.76, 0.12), (0.14, 0.62, 0.26),
                             (0.60, 0.26, 0.80), (0.94, 0.50, 0.10), (0.10, 0.66, 0.66), (0.92, 0.44, 0.66))


def text(m: Any, lang: str) -> str:
    """A keyed message (or plain text) in ``lang``, in the script of the game on the screen (i18n.use_script)."""
    return i18n.script(render(m, lang) if isinstance(m, Msg) else str(m or ""), lang)


def legend_lines(kinds: tuple[str, ...], prefix: str, lang: str) -> list[tuple[str, None]]:
    """A piece legend for a panel: each glyph (``{prefix}.kind.<kind>`` in Chinese) with its name in ``lang``, three
    a line (the English panels of 暗棋 and 三国演弈, issue 26)."""
    names = [f"{text(Msg.of(f'{prefix}.kind.{k}'), 'zh')} {text(Msg.of(f'{prefix}.kind.{k}'), lang)}" for k in kinds]
    return [(" · ".join(names[i:i + 3]), None) for i in range(0, len(names), 3)]


@dataclass(frozen=True)
class Choice:
    """One entry of a chooser (a promotion piece, a face): the step it adds and how it is shown."""

    step: Step
    label: Msg | str
    glyph: str = ""
    ink: RGB = (0.0, 0.0, 0.0)


@dataclass
class Outcome:
    """What a click on the board means: ``play`` an action, ``choose`` among options (a chooser modal),
    ``select`` a longer prefix (its next cells are marked), or ``clear`` the prefix (``reason``: why)."""

    kind: str  # play | choose | select | clear
    action: Any = None
    prefix: tuple[Step, ...] = ()
    choices: list[Choice] = field(default_factory=list)
    reason: Msg | str = ""
    rule: str = ""  # the rule of the engine's refusal ``reason`` gives (the status line names it; F3 opens it)


class StepIndex:
    """The legal actions of one position with their steps (built once per position)."""

    def __init__(self, pairs: list[tuple[Any, tuple[Step, ...]]]):
        self.pairs = pairs

    def next(self, prefix: tuple[Step, ...]) -> list[Step]:
        """The distinct steps following ``prefix`` in some legal action, in a stable order."""
        n = len(prefix)
        seen: dict[Step, None] = {}
        for _, st in self.pairs:
            if len(st) > n and st[:n] == prefix:
                seen.setdefault(st[n], None)
        return list(seen)

    def matching(self, prefix: tuple[Step, ...]) -> list[Any]:
        n = len(prefix)
        return [a for a, st in self.pairs if st[:n] == prefix]

    def exact(self, steps: tuple[Step, ...]) -> Any | None:
        for a, st in self.pairs:
            if st == steps:
                return a
        return None


def game_seed(game: Any) -> int | None:
    """The seed a game was started from (its chance generator's, else its own ``seed``), None if it has none."""
    ch = getattr(game, "chance", None)
    s = getattr(ch, "seed", None) if ch is not None else None
    if s is None:
        s = getattr(game, "seed", None)
    return s if isinstance(s, int) and not isinstance(s, bool) else None


class GamePlugin:
    """Defaults for a flat-board game; a plugin overrides only what its game needs.

    Every plugin must give:
      ``game_id``, ``make_geometry`` (cell names are the engine's), ``pieces(obs)``.
    The board (optional): ``tints``, ``decorate`` (terrain, edges, labels, markers, tracks), ``check_cells``,
      ``mark_kind``, ``hover_mark``, ``cell_info`` (tooltip), ``board_area`` + ``draw_over_board`` (boxes of its
      own), ``bottom_seat_yaw``, ``seat_rgb``, ``out_seats``.
    Clicks (optional; the default walks the engine's action steps: ``click``/``walk``/``pick``, ``index``):
      ``explain`` (why a click builds nothing; by default the refusal of the game's ``move_action``),
      ``choice``/``choice_rank``/``chooser_title`` (the chooser), ``buttons``/``button_label``, ``confirm``,
      ``key_rows``/``on_key`` (the game's own keys).
    Words and panels (optional): ``panel_lines``, ``status``, ``hint``, ``help_lines``, ``move_list``,
      ``played``, ``handover_lines``, ``private_note``; ``seat_name``/``describe``/``end_reason`` ask the engine.
    Cards (optional): ``hand``, ``opponent_hand_counts``, or ``card_rows`` (see client/ui/cards.py).
    The start screen (optional, class level): ``scene``, ``show_seed``, ``start_options``,
      ``option_values``, ``player_counts``, ``new_game_options``, ``subtitle``, ``has_preview`` +
      ``preview_game``/``preview_image``; ``needs_handover`` and ``key_context`` for the scene.
    Secrets (G1, given by the base from the registration, not overridden): ``fresh_seed``, ``new_seed``,
      ``previews``, ``player_seed``/``seeded_note`` (a seed the player gave: the game says it is seeded).
    Given by the base (not overridden): ``set_game``, ``obs``/``observation``, ``view``, ``targets``,
      ``can_start``, ``cell``/``cell_name``, ``refusal``.
    """

    game_id = ""
    scene = "board"  # which scene plays it: "board" (client/scenes/board_game.py) or the game's own
    show_seed = True  # the start screen shows (and asks for) the seed (every board game has the row; see seed_hint)
    start_options: tuple[str, ...] = ("players",)  # start-screen rows besides game, seats, language
    needs_handover = False  # hot seat: hide the board between two human seats (private information)
    hint_after_move = False  # after any move the status line says what the player to move must do (not the move)
    key_context = "board"  # the key-binding table's rows for this game's scene (client/keys.py)
    refused_rule = ""  # the rule of the last refusal ``refusal`` met (a click's Outcome.rule)
    hint = "board_hint_move"  # client.i18n key of the line shown when a human is to move
    subtitle = ""  # client.i18n key of the start screen's line under the game's title ("" = its English name)
    key_rows: tuple = ()  # client.keys.Binding rows of the game's own keys (context: the game's id)

    def on_key(self, action: str, scene) -> None:
        """One of this game's own key actions (``key_rows``) was pressed in ``scene`` (default: nothing)."""
    chooser_title = "board_choose"  # client.i18n key of the chooser's title

    def __init__(self, game: Any):
        self.game = game
        self.geometry: BoardGeometry = self.make_geometry(game)
        self._index_key = None
        self._index: StepIndex | None = None
        self._obs_key = None
        self._obs = None

    def set_game(self, game: Any) -> None:
        self.game = game

    # ------------------------------------------------------------------ hooks of a game
    def make_geometry(self, game: Any) -> BoardGeometry:
        raise NotImplementedError

    def pieces(self, obs: Any) -> list[Piece]:
        """The pieces of an observation (cells in this plugin's geometry)."""
        raise NotImplementedError

    def tints(self, obs: Any) -> dict[Cell, RGB]:
        return {}

    def decorate(self, view: BoardView, obs: Any) -> None:
        """Add terrain, edges, labels, markers or tracks to the view (default: none)."""

    def check_cells(self, obs: Any) -> list[Cell]:
        """Cells to mark as threatened (a king in check)."""
        return []

    def mark_kind(self, view: BoardView, prefix: tuple[Step, ...], step: Step) -> str:
        """How a legal next cell is marked: a capture when a piece stands there, else a move."""
        return "capture" if view.piece_at(self.cell(step.value)) is not None else "move"

    def hover_mark(self, view: BoardView, cell: Cell) -> str:
        return "hover"

    def cell_info(self, cell: Cell, lang: str) -> list[str]:
        """Lines about ``cell`` shown in a tooltip when the mouse rests on it (its name, terrain, what
        stands there; only what the seat shown may know). Default: none."""
        return []

    def choice(self, prefix: tuple[Step, ...], step: Step) -> Choice:
        """How an option step following ``prefix`` shows in a chooser."""
        return Choice(step, Msg.of(step.label) if step.label else step.value)

    def choice_rank(self, step: Step) -> int:
        """Place of an option in the chooser (default: the engine's order)."""
        return 0

    def buttons(self) -> list[Step]:
        """Buttons in the side panel for the player to move: the legal actions that are one button."""
        return [s for s in self.index().next(()) if s.kind == "button"]

    def button_label(self, step: Step) -> Msg | str:
        """What a button step says: the action it plays, described by the engine (its keyed message with
        the action's own words), else its label key, else its text."""
        action = self.game.action_for((step,))
        if action is not None:
            return self.game.describe(action)
        return Msg.of(step.label) if step.label else step.value

    def confirm(self, action: Any) -> Msg | None:
        """A question to ask before playing ``action`` (None: play it at once)."""
        return None

    def panel_lines(self, lang: str) -> list[tuple[str, RGB | None]]:
        return []

    def status(self, lang: str) -> str:
        return ""

    @classmethod
    def open_scene(cls, app, game, seats: list[str], viewer: int | None = None, message: str = "",
                   ai_seed: int | None = None):
        """The game's own scene that plays ``game`` on ``app``'s stack (App.start_game; ``ai_seed``: a loaded
        game's computer seats' seed, client.ai_driver), or None: the App opens the flat-board scene (client/scenes/board_game.py), which plays every game without a scene of its own."""
        return None

    @classmethod
    def game_from_options(cls, info, opts):
        """A new game from the client's ``Options`` (seed, players, this game's rows of ``game_options``)."""
        kw = cls.new_game_options(info, opts.seed, opts.players, seeded=getattr(opts, "seeded", False))
        for k, v in (opts.game_options or {}).items():  # the game's own rows of the start screen
            if v in info.choices.get(k, ()):
                kw[k] = v
        return info.new_game(**kw)

    @classmethod
    def game_again(cls, game, seed: int | None = None):
        """A new game of ``game``'s set-up (the game-over box's New game): the options its save records (variant,
        set-up, scenario, players, a start position) with ``seed``, or a fresh secret one where G1 keeps the seed
        secret (``new_game_options``). Before, a new game took the registered defaults: 揭棋 came back as 三国演弈."""
        info = registry.get(game.game_id)
        kw = cls.new_game_options(info, seed)
        saved = json.loads(game.to_json()).get("options", {})  # the one save envelope's new_game options
        kw.update({k: v for k, v in saved.items() if k != "seed"})
        return info.new_game(**kw)

    @classmethod
    def scenario_position(cls, pos: dict, seed: int = 0):
        """The game of a rule-book scenario's written-out ``position`` table (its keys are the game's own), with
        the scenario's ``seed``; ValueError or KeyError naming what is wrong. The default: no such position."""
        raise ValueError(f"{cls.game_id} has no written-out position (a position comes from the start and 'actions')")

    @classmethod
    def seat_rgb(cls, seat: int) -> RGB:
        """A seat's colour (banner, panels, the start screen's seat rows)."""
        return SEAT_RGB[seat % len(SEAT_RGB)]

    def bottom_seat_yaw(self, seat: int) -> float:
        """How far (degrees, as the GL camera's yaw) the board turns so that ``seat`` plays from the bottom:
        0 as drawn, 180 turned round (the second side of a two-sided board), 90 or 270 for a side at the left
        or right."""
        return 0.0

    def out_seats(self) -> set[int]:
        return {p.player for p in self.game.ranking() if p.out} if self.game.is_over else set()

    def help_lines(self, lang: str) -> list[tuple[str, RGB | None]]:
        """F1's "how to play" page for this game: (line, colour or None), what to click and what the board's
        marks and glyphs mean (none: F1 shows the keys only)."""
        return []

    def handover_lines(self, seat: int, lang: str) -> list[str]:
        return []

    def private_note(self, seat: int) -> Msg | str | None:
        """What only ``seat`` learnt by the action it just played (揭棋: the face-down piece it captured), shown
        to it before a hot-seat hand-over hides the board (None: nothing)."""
        return None

    def board_area(self, rect):
        """The part of the board's area ``rect`` the board is fitted into (辛亥革命 keeps a column on the right
        for the panels it draws with ``draw_over_board``). Default: all of it."""
        return rect

    def draw_over_board(self, surf, rect, viewer: int, lang: str, world_px=None) -> None:
        """Draw the game's own boxes over the board's area ``rect`` for ``viewer`` (辛亥革命: the command
        marker, the bag, the last roll with its table row); ``world_px(x, z)`` is the pixel where the board
        draws its point (x, z), to keep clear of the map. Default: nothing."""

    # ------------------------------------------------------------------ cards (client/ui/cards.py)
    def hand(self, obs: Any, lang: str) -> list:
        """The viewer's own cards (``obs``: the viewer's observation) as ``client.ui.cards.CardView``s;
        a card whose ``step`` is a legal next step is chosen by a click (the scene marks it). Default: none."""
        return []

    def opponent_hand_counts(self, obs: Any, lang: str) -> list[tuple[str, int, RGB]]:
        """The hands the viewer may not see, as (title, number of cards, colour): drawn as backs."""
        return []

    def card_rows(self, viewer: int, lang: str) -> list:
        """The rows of cards the board scene draws under the board for ``viewer``: ``hand`` then
        ``opponent_hand_counts``; a game may add rows of its own (public cards played)."""
        obs = self.observation(viewer)
        rows = []
        mine = self.hand(obs, lang)
        if mine:
            rows.append(CardRow(tr("cards_hand", lang), tuple(mine), ink=self.seat_rgb(viewer)))
        rows += [CardRow(title, (), n, rgb) for title, n, rgb in self.opponent_hand_counts(obs, lang)]
        return rows

    def card_strip_height(self, rows: list, w: int, h: int) -> int | None:
        """The height of the strip of ``rows`` under the board in a ``w`` x ``h`` window (None: the scene's)."""
        return None

    has_preview = False  # the start screen shows a picture of the game its options start (preview_*)

    @classmethod
    def option_values(cls, option: str) -> list:
        """The values of a start-screen row this game asks for (``start_options``)."""
        return []

    @classmethod
    def option_label(cls, option: str, value, lang: str) -> str:
        """The words of one value of a start-screen row in ``lang`` (default: the value itself)."""
        return str(value)

    @classmethod
    def player_counts(cls, info, opts: dict) -> list[int]:
        """The player counts the start screen offers, given the other options chosen."""
        return list(info.choices.get("players", (info.options.get("players", 2),)))

    @classmethod
    def preview_game(cls, opts: dict):
        """The game these start-screen options start (made in a background thread; None: no preview)."""
        return None

    @classmethod
    def preview_image(cls, game):
        """A picture (pygame Surface) of ``preview_game``'s game for the start screen."""
        return None

    @classmethod
    def fresh_seed(cls) -> bool:
        """G1: a new game draws its seed from the operating system, never shows it, and the computer seats
        get fresh seeds too, unless the player gave a seed — decided by the registration
        (assets/games/<id>.toml ``hidden_information``), not by each plugin."""
        info = registry.GAMES.get(cls.game_id)
        return bool(info is not None and info.hidden_information)

    @property
    def hidden_deal(self) -> bool:
        """The instance's G1 flag (see ``fresh_seed``)."""
        return self.fresh_seed()

    @classmethod
    def new_seed(cls, seed: int | None, seeded: bool = False) -> int | None:
        """G1: the seed a new game starts from: None (the game draws 63 bits from the operating system) for
        a game that may hide something unless the player gave ``seed`` (``seeded``); else ``seed``."""
        return None if cls.fresh_seed() and not seeded else seed

    @classmethod
    def previews(cls, seeded: bool) -> bool:
        """Whether the start screen may show a picture of the game it would start: never for a game whose
        seed is secret (G1: a map preview shows the whole terrain the fog hides)."""
        return cls.has_preview and (seeded or not cls.fresh_seed())

    @classmethod
    def player_seed(cls, game: Any, opts: Any = None) -> int | None:
        """G1: the seed the player gave for ``game`` (``opts``: the client's Options, ``seeded`` and ``seed``),
        which the game then says it is seeded with; None for a game whose seed is secret or means nothing."""
        if not cls.fresh_seed() or opts is None or not getattr(opts, "seeded", False):
            return None
        s = game_seed(game)
        return s if s is not None and s == getattr(opts, "seed", None) else None

    @classmethod
    def seed_hint(cls, options: dict, seats: list[str]) -> str:
        """The client.i18n key of a line under the start screen's seed row saying what the seed changes, for a
        game (or variant: ``options``, the chosen rows) where it decides nothing on the board (no die, no
        deal): only the computer seats' choices, or nothing when ``seats`` has no computer. "" (default): the
        seed deals or rolls, the row needs no word."""
        return ""

    @staticmethod
    def no_chance_hint(seats: list[str]) -> str:
        """``seed_hint`` of a game without chance: the seed only varies the computer's moves (or, without a
        computer seat, nothing)."""
        return "seed_hint_ai" if any(s != "human" for s in seats) else "seed_hint_nothing"

    @classmethod
    def seeded_note(cls, game: Any, opts: Any, lang: str) -> str:
        """The words saying ``game`` is seeded (G1: the status line or HUD and the game-over box), or ""."""
        s = cls.player_seed(game, opts)
        return "" if s is None else _tr("seeded_game", lang, n=s)

    @classmethod
    def new_game_options(cls, info, seed: int | None, players: int | None = None, seeded: bool = False) -> dict:
        """The options of a new game of the registered ``info``: ``seed``, or an unpredictable one (None) where
        G1 keeps it secret (``new_seed``); ``players`` where the game offers that choice."""
        opts = dict(info.options)
        if "seed" in opts:
            opts["seed"] = cls.new_seed(seed, seeded)
        if players is not None and "players" in opts and players in info.choices.get("players", (players,)):
            opts["players"] = players
        return opts

    # ------------------------------------------------------------------ names and words
    def cell(self, name: str) -> Cell:
        return self.geometry.parse(name)

    def cell_name(self, cell: Cell) -> str:
        return self.geometry.name(cell)

    def action_steps(self, action: Any) -> tuple[Step, ...]:
        return self.game.action_steps(action)

    def seat_name(self, seat: int, lang: str) -> str:
        return text(self.game.seat_name(seat), lang)

    def describe(self, action: Any, lang: str) -> str:
        return text(self.game.describe(action), lang)

    def played(self, seat: int, said: str, lang: str) -> str:
        """The status line's words after ``seat``'s action, ``said`` being its description made before it was
        played (a game whose move list adds what the move revealed says the same here). Default: ``said``."""
        return said

    def end_reason(self, lang: str) -> str:
        return text(self.game.end_reason(), lang)

    def move_list(self, lang: str) -> list[str]:
        """The game's log as numbered lines (the events the viewer may see)."""
        seat = max(0, self.game.current_player)
        return [f"{i + 1}. {text(e.msg, lang)}" for i, e in enumerate(self.game.events(seat))]

    # ------------------------------------------------------------------ the position now
    def obs(self) -> Any:
        """The observation of the seat to move (cached until the next action)."""
        key = (id(self.game), len(self.game.log))
        if self._obs_key != key:
            self._obs_key = key
            self._obs = self.game.observe(max(0, self.game.current_player))
        return self._obs

    def observation(self, seat: int) -> Any:
        """The observation of ``seat`` (the one shown to a human viewer; cached until the next action)."""
        if seat == max(0, self.game.current_player):
            return self.obs()
        key = (id(self.game), len(self.game.log), seat)
        if getattr(self, "_seat_obs_key", None) != key:
            self._seat_obs_key = key
            self._seat_obs = self.game.observe(seat)
        return self._seat_obs

    def index(self) -> StepIndex:
        key = (id(self.game), len(self.game.log), self.game.current_player)
        if self._index_key != key:
            self._index_key = key
            acts = [] if self.game.is_over else self.game.legal_actions()
            self._index = StepIndex([(a, tuple(self.action_steps(a))) for a in acts])
        return self._index

    def last_cells(self, viewer: int | None = None) -> list[Cell]:
        """The cells of the last action (marked "last"); none for a ``viewer`` the engine hides them from
        (``Game.hides_action``, G1: a hidden unit moving between hidden places)."""
        log = self.game.log
        if not log or (viewer is not None and self.game.hides_action(len(log) - 1, viewer)):
            return []
        out = []
        for s in self.action_steps(log[-1]):
            if s.kind == "cell":
                try:
                    out.append(self.cell(s.value))
                except KeyError:
                    pass
        return out

    def view(self, viewer: int, prefix: tuple[Step, ...] = ()) -> BoardView:
        """The board model for ``viewer`` with the marks of ``prefix`` (the steps chosen so far)."""
        obs = self.obs()
        v = BoardView(self.geometry, self.pieces(obs), {}, self.tints(obs))
        self.decorate(v, obs)
        for c in self.last_cells(viewer):
            v.marks[c] = "last"
        if not self.game.is_over:
            for c in self.check_cells(obs):
                v.marks[c] = "check"
        v.marks.update(self.targets(prefix, v))
        for s in prefix:
            if s.kind == "cell":
                v.marks[self.cell(s.value)] = "selected"
        return v

    def targets(self, prefix: tuple[Step, ...], view: BoardView | None = None) -> dict[Cell, str]:
        """The cells that may follow ``prefix``, with their mark kind."""
        if not prefix:
            return {}
        view = view or BoardView(self.geometry, self.pieces(self.obs()))
        return {self.cell(s.value): self.mark_kind(view, prefix, s) for s in self.index().next(prefix)
                if s.kind == "cell"}

    def can_start(self, cell: Cell) -> bool:
        """Whether an action starts with a click on ``cell``."""
        return Step("cell", self.cell_name(cell)) in self.index().next(())

    # ------------------------------------------------------------------ clicks
    def click(self, cell: Cell | None, prefix: tuple[Step, ...] = ()) -> Outcome:
        """What a click on ``cell`` means after ``prefix`` (see Outcome)."""
        if cell is None or self.game.is_over:
            return Outcome("clear")
        idx = self.index()
        step = Step("cell", self.cell_name(cell))
        if prefix and step == prefix[-1]:
            return Outcome("clear")
        if prefix and step in idx.next(prefix):
            new = prefix + (step,)
        elif step in idx.next(()):
            new = (step,)
        else:
            self.refused_rule = ""
            why = self.explain(prefix, cell) if prefix else ""
            return Outcome("clear", reason=why, rule=self.refused_rule if why else "")
        return self.walk(new)

    def walk(self, prefix: tuple[Step, ...]) -> Outcome:
        """Complete ``prefix`` as far as it is forced: play a whole action, ask for an option, or select."""
        idx = self.index()
        nxt = idx.next(prefix)
        exact = idx.exact(prefix)
        if exact is not None and not nxt:
            return Outcome("play", action=exact, prefix=prefix)
        if nxt and all(s.kind == "option" for s in nxt):
            acts = idx.matching(prefix)
            if len(acts) == 1:
                return Outcome("play", action=acts[0], prefix=prefix)
            return Outcome("choose", prefix=prefix, choices=[self.choice(prefix, s) for s in sorted(nxt, key=self.choice_rank)])
        return Outcome("select", prefix=prefix)

    def pick(self, prefix: tuple[Step, ...], option: Step) -> Outcome:
        """The chooser's answer: the action built by ``prefix`` + ``option`` (or a longer prefix)."""
        return self.walk(prefix + (option,))

    def refusal(self, action: Any) -> Msg | str:
        """The engine's refusal of ``action`` (an action object from the engine, e.g. its ``move_action``) tried on
        a copy of the game ('' if it would be legal)."""
        try:
            self.game.clone().apply(action)
        except IllegalAction as e:
            self.refused_rule = e.rule  # the click's Outcome carries it (the rules reader opens there)
            return e.msg
        except ParseError:
            return ""
        return ""

    # ------------------------------------------------------------------ replay and statistics (issue 23)
    def replay_view(self, obs: Any) -> BoardView:
        """The board model of this plugin's game as ``obs`` shows it (a replayed position: a seat's
        observation, or ``game.observe_all()`` for everything), with the last action marked."""
        v = BoardView(self.geometry, self.pieces(obs), {}, self.tints(obs))
        self.decorate(v, obs)
        for c in self.last_cells():
            v.marks[c] = "last"
        return v

    def stat_rows(self, game: Any) -> list[tuple[Msg, tuple[int, ...]]]:
        """The game's own rows of the game-over statistics for the finished ``game`` (the engine's
        ``stats.game_stats`` rows come first). Default: pieces each seat took and lost: another seat's (or a
        neutral) piece on a cell an action goes to (its cell steps after the first) and gone from it after the
        action, on the whole board (``observe_all``); none for a game whose whole board the engine
        does not give or whose pieces have no side."""
        try:
            positions = [game.replay(0)]
            positions[0].observe_all()
        except NotImplementedError:
            return []
        n = game.num_players
        taken, lost = [0] * n, [0] * n
        keep = self.game
        try:
            before = self._sided_pieces(positions[0])
            if not any(side is not None for pcs in before.values() for side in pcs):
                return []
            g = positions[0]
            for a in game.log:
                mover = g.current_player
                # the cells the action goes to (every cell step but the first): where it takes a piece
                goes = [self.cell(st.value) for st in g.action_steps(a) if st.kind == "cell"][1:]
                g.apply(g.parse_action(str(a)))  # g is the replay's own copy
                after = self._sided_pieces(g)
                for cell in set(goes):
                    sides, now = before.get(cell, []), after.get(cell, [])
                    for s in {x for x in sides if x != mover}:  # another seat's, or nobody's (neutral)
                        gone = sides.count(s) - now.count(s)  # its pieces no longer on the cell
                        if gone > 0:
                            if s is not None and 0 <= s < n:
                                lost[s] += gone
                            if 0 <= mover < n:
                                taken[mover] += gone
                before = after
        finally:
            self.set_game(keep)
        return [(Msg.of("stats.captured"), tuple(taken)), (Msg.of("stats.lost"), tuple(lost))]

    def _sided_pieces(self, game: Any) -> dict[Cell, list[int | None]]:
        """Cell -> the sides of the pieces on it in ``game``'s whole board."""
        self.set_game(game)
        out: dict[Cell, list[int | None]] = {}
        for p in self.pieces(game.observe_all()):
            out.setdefault(p.cell, []).append(p.side)
        return out

    def explain(self, prefix: tuple[Step, ...], cell: Cell) -> Msg | str:
        """Why a click on ``cell`` after ``prefix`` builds no action: a game with ``move_action(src, dst)`` says why
        the move from the selected cell is refused; else nothing."""
        make = getattr(self.game, "move_action", None)
        if make is None or not prefix or prefix[0].kind != "cell":
            return Msg.of("common.text", text="")
        return self.refusal(make(prefix[0].value, self.cell_name(cell)))
