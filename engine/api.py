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


class IllegalAction(ValueError):
    """An action that breaks a rule; ``rule`` names the rule, the state is untouched."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


class SaveError(ValueError):
    """A save file that is corrupt, foreign or inconsistent; nothing was loaded."""


class ParseError(ValueError):
    """Action text that does not name an action of the game."""


def read_save(text: str, game_id: str, version: int, title: str) -> dict:
    """The JSON object of a save of ``game_id`` at ``version``; SaveError naming what is wrong otherwise."""
    import json

    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError, UnicodeDecodeError) as e:
        raise SaveError(f"not a save file: invalid JSON ({e})") from None
    if not isinstance(data, dict):
        raise SaveError("not a save file: the JSON is not an object")
    if data.get("game") != game_id:
        raise SaveError(f"not a {title} save (game is {data.get('game')!r}, expected {game_id!r})")
    if data.get("version") != version:
        raise SaveError(f"{title} save version {data.get('version')!r} is not supported (this client reads {version})")
    return data


@dataclass(frozen=True)
class Placement:
    """One player's place in a finished game, with the reason in words."""

    player: int
    place: int  # 1 = first
    out: bool  # eliminated (or void game)
    reason: str


class Game(abc.ABC):
    """Common interface of every game state."""

    game_id: str = ""

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
        from engine.registry import load_game

        return load_game(self.to_json())

    def legal_action_texts(self) -> list[str]:
        return [str(a) for a in self.legal_actions()]

    def apply_all(self, actions: Iterable[Any]) -> None:
        for a in actions:
            self.apply(a)
