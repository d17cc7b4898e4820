"""The list of games the client can start, and loading any game's save."""
from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from typing import Any, Callable

from engine.api import Game, SaveError


@dataclass(frozen=True)
class GameInfo:
    """A registered game: its id, names, module and the options its new_game takes."""

    game_id: str
    name_zh: str
    name_en: str
    module: str  # module exposing new_game(**options) and load_game(text)
    options: dict[str, Any] = field(default_factory=dict)  # option -> default
    choices: dict[str, tuple] = field(default_factory=dict)  # option -> allowed values
    board: str = "square"  # square | cells | hex | heightmap

    def new_game(self, **options) -> Game:
        mod = importlib.import_module(self.module)
        return mod.new_game(**options)

    def load_game(self, text: str) -> Game:
        mod = importlib.import_module(self.module)
        return mod.load_game(text)


GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    """Add a game to the registry (the client's start screen lists these)."""
    GAMES[info.game_id] = info


def get(game_id: str) -> GameInfo:
    """The registered game with this id (KeyError with the known ids if none)."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}") from None


def load_game(text: str) -> Game:
    """Load any registered game's save; raises SaveError for anything else."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError) as e:
        raise SaveError(f"not a save file: invalid JSON ({e})") from None
    if not isinstance(data, dict) or "game" not in data:
        raise SaveError("not a save file of this client: no 'game' key")
    gid = data["game"]
    if gid not in GAMES:
        raise SaveError(f"save is for an unknown game {gid!r}")
    return GAMES[gid].load_game(text)


register(GameInfo(
    game_id="shachang",
    name_zh="沙场秋点兵",
    name_en="Autumn Muster on the Battlefield",
    module="engine.shachang",
    options={"preset": "standard", "mode": "digital", "players": 2, "seed": 0},
    choices={"preset": ("standard", "medium", "large", "huge"),
             "mode": ("classic", "tabletop", "digital"),
             "players": tuple(range(2, 9))},
    board="heightmap",
))

register(GameInfo(
    game_id="anqi",
    name_zh="三国演弈暗棋·暗战洛阳城",
    name_en="Three Kingdoms Dark Chess: Shadow War for Luoyang",
    module="engine.anqi",
    options={"players": 3, "seed": 0},
    choices={"players": (3,)},
    board="cells",
))

register(GameInfo(
    game_id="baige",
    name_zh="百格西洋棋",
    name_en="Hundred-Square Chess",
    module="engine.baige",
    options={"seed": 0},
    board="square",
))
