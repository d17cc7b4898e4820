"""The state API every game in the engine exposes (OpenSpiel style).

A game object holds the true state. Clients and computer players ask it for
legal actions, apply actions, and read *observations*: the part of the state
one player may know. Actions are small immutable values that round-trip
through text (``str(action)`` and ``game.parse_action(text)``).
"""
from __future__ import annotations

import abc
from dataclasses import dataclass
from typing import Any, Iterable

from engine.errors import SAVE_ERROR_KINDS, IllegalAction, ParseError, SaveError  # noqa: F401  (re-exported)
from engine.messages import Msg
from engine.registry import load_game
from engine.replay import replay as replay_prefix
from engine.saves import read_save  # noqa: F401  (re-exported)


@dataclass(frozen=True)
class Step:
    """One step of building an action in the client: pick a ``cell``, an ``option``
    (a promotion piece, a face of a marker), a ``count``, or press a ``button``
    (pass, offer a draw). ``value`` is its text (a cell name, an option id, a number);
    ``label`` an optional message key for showing it."""

    kind: str  # cell | option | count | button
    value: str
    label: str = ""


@dataclass(frozen=True)
class Event:
    """A log entry: a keyed message, who may see it (None = everybody), and whether chance made it."""

    msg: Any  # engine.messages.Msg
    visible_to: frozenset | None = None
    chance: bool = False

    def seen_by(self, player: int) -> bool:
        return self.visible_to is None or player in self.visible_to


@dataclass(frozen=True)
class Placement:
    """One player's place in a finished game, with the reason in words."""

    player: int
    place: int  # 1 = first
    out: bool  # eliminated (or void game)
    reason: str
    msg: Any = None  # the reason as a keyed message (engine.messages.Msg), where the game gives one


class Game(abc.ABC):
    """Common interface of every game state."""

    game_id: str = ""
    count_word: str = "stats.actions"  # the statistics' first row: what is counted (board games: "stats.moves")

    @property
    @abc.abstractmethod
    def num_players(self) -> int: ...

    @property
    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat to act now (-1 when the game is over)."""

    @property
    @abc.abstractmethod
    def is_over(self) -> bool: ...

    @abc.abstractmethod
    def legal_actions(self) -> list[Any]:
        """Every action the current player may take now."""

    @abc.abstractmethod
    def apply(self, action: Any) -> None:
        """Play an action (or its text); raises IllegalAction and changes nothing if illegal."""

    @abc.abstractmethod
    def parse_action(self, text: str) -> Any:
        """The action named by ``text`` (raises ParseError)."""

    @abc.abstractmethod
    def observe(self, player: int) -> Any:
        """What ``player`` may know of the state, and nothing more."""

    @abc.abstractmethod
    def ranking(self) -> list[Placement]:
        """Final places, best first (only meaningful when the game is over)."""

    @abc.abstractmethod
    def to_json(self) -> str:
        """A save: the rules, seed and action log, enough to replay the game."""

    @property
    @abc.abstractmethod
    def log(self) -> list[Any]:
        """Actions applied so far, in order."""

    def clone(self) -> "Game":
        """An independent copy of the game (default: replay the save)."""
        return load_game(self.to_json())

    def legal_action_texts(self) -> list[str]:
        return [str(a) for a in self.legal_actions()]

    # ------------------------------------------------------------------ common layer hooks
    # Declared stages (boardgame.io style): the names a game's ``stage`` may take.
    STAGES: tuple[str, ...] = ("play",)
    # True for games where some facts are hidden from some players (fog, face-down pieces);
    # such games implement ``hidden_variant`` for the generic hidden-information test.
    hidden_information: bool = False

    @property
    def stage(self) -> str:
        """The declared stage of the turn now (one of ``STAGES``), e.g. "move", "retreat", "reaction"."""
        return self.STAGES[0]

    def action_steps(self, action: Any) -> tuple[Step, ...]:
        """How ``action`` is built step by step in the client (default: one button with its text)."""
        return (Step("button", str(action)),)

    def next_steps(self, prefix: tuple[Step, ...] = ()) -> list[Step]:
        """The distinct steps that can follow ``prefix`` in some legal action, in a stable order."""
        seen: dict[Step, None] = {}
        n = len(prefix)
        for a in self.legal_actions():
            st = self.action_steps(a)
            if len(st) > n and st[:n] == tuple(prefix):
                seen.setdefault(st[n], None)
        return list(seen)

    def actions_with_prefix(self, prefix: tuple[Step, ...] = ()) -> list[Any]:
        """The legal actions whose steps start with ``prefix``."""
        n = len(prefix)
        return [a for a in self.legal_actions() if self.action_steps(a)[:n] == tuple(prefix)]

    def action_for(self, steps: tuple[Step, ...]) -> Any | None:
        """The legal action built by exactly ``steps`` (None if there is none)."""
        for a in self.legal_actions():
            if self.action_steps(a) == tuple(steps):
                return a
        return None

    def describe(self, action: Any) -> Any:
        """How an action reads in a move list, as a keyed message (default: its text)."""
        return Msg.of("common.text", text=str(action))

    def events(self, player: int) -> list[Event]:
        """The log entries ``player`` may see, in order (default: none)."""
        return []

    def end_reason(self) -> Any:
        """Why the game ended, as a keyed message ("" while it goes on)."""
        if not self.is_over:
            return ""
        return Msg.of("common.text", text="; ".join(p.reason for p in self.ranking()))

    def seat_name(self, seat: int) -> Any:
        """A seat's name as a keyed message (default: "P1", "P2", ...)."""
        return Msg.of("common.seat", n=seat + 1)

    def hidden_variant(self, player: int, rng) -> "Game":
        """A copy that ``player`` cannot tell from this game but whose hidden facts differ
        (shuffled face-down pieces, moved fogged enemies); games with hidden information
        override this for the generic hidden-information test."""
        raise NotImplementedError

    def reveals(self, action: Any) -> bool:
        """G2: whether playing the legal ``action`` now shows anybody something hidden (a face-down
        piece turned or captured, a card played from a hand, a unit coming into sight). Chance
        outcomes are counted by :meth:`undo_floor` itself. Default: the game hides nothing."""
        return False

    def hides_action(self, index: int, viewer: int) -> bool:
        """G1: whether ``viewer`` may not know the cells of the log's ``index``-th action (a hidden piece that
        moved between hidden places): a client then marks none of them as the last move. Default: no game
        hides where an action went."""
        return False

    def undo_floor(self, player: int) -> int:
        """G2 (take-back never un-learns): the shortest log length ``player`` may take the game
        back to — just after the last action that drew a chance outcome (a die, a draw, a
        shuffle) or revealed anything hidden to anyone (:meth:`reveals`). ``len(self.log)``
        once the game is over."""
        log = self.log
        if self.is_over:
            return len(log)
        g = self.replay(0)
        floor = 0
        for i, a in enumerate(log):
            chance = getattr(g, "chance", None)
            drawn = len(chance.record) if chance is not None else 0
            shown = g.reveals(a)
            g.apply(a)
            chance = getattr(g, "chance", None)
            if shown or (chance is not None and len(chance.record) != drawn):
                floor = i + 1
        return floor

    def observe_all(self) -> Any:
        """The whole state in the shape of an observation, nothing hidden (face-down pieces face up,
        fogged units shown): only for a game that is over and the replays of it (the replay viewer's
        "everything"), never during play. Default: a seat's observation, for games that hide nothing;
        a game with hidden information overrides it (NotImplementedError until it does)."""
        if self.hidden_information:
            raise NotImplementedError(f"{type(self).__name__} has hidden information but no observe_all")
        return self.observe(max(0, self.current_player))

    def is_move(self, action: Any) -> bool:
        """Whether ``action`` counts as a move in the game-over statistics (default: every action; a game
        whose actions include a resignation or a draw offer says those are not)."""
        return True

    def stat_rows(self) -> list[tuple[Any, tuple[int, ...]]]:
        """Game-specific rows of the game-over statistics: (keyed message, one number per seat) for a
        finished game (default: none; engine.stats adds the rows every game has)."""
        return []

    def replay(self, n: int) -> "Game":
        """The same game with only its first ``n`` actions (undo, replays): see engine.replay."""
        return replay_prefix(self, n)

    def apply_all(self, actions: Iterable[Any]) -> None:
        for a in actions:
            self.apply(a)
