"""One save envelope and one replay for every game.

A save is a JSON object::

    {"game": "<game_id>", "version": N, "options": {...new_game options...},
     "actions": ["<action text>", ...], ...game-specific keys (a map, forced chance outcomes)}

``read_save`` checks the envelope (size, JSON, game, version, the action list) and
raises only :class:`engine.api.SaveError`; each game checks its own keys by meaning.
``replay(game, n)`` gives the game with its first ``n`` actions (undo, replays, the
golden playthrough test); ``actors(game)`` the seat that played each action.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from engine.api import SaveError

if TYPE_CHECKING:
    from engine.api import Game

MAX_SAVE_BYTES = 64 * 1024 * 1024  # a 256x256 map with a long game is a few MB


def envelope(game_id: str, version: int, options: dict, actions: list[str], **extra: Any) -> str:
    """The save text of a game: the envelope plus game-specific keys."""
    data = {"game": game_id, "version": version, "options": options, "actions": list(actions)}
    data.update(extra)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def parse_json(text: str | bytes) -> Any:
    """The JSON value of a save text; SaveError naming the problem for anything else."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_SAVE_BYTES:
            raise SaveError(f"not a save file: {len(text)} bytes is over the limit of {MAX_SAVE_BYTES}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise SaveError(f"not a save file: not UTF-8 text ({e.reason} at byte {e.start})") from None
    if not isinstance(text, str):
        raise SaveError(f"not a save file: expected text, got {type(text).__name__}")
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"not a save file: {len(text)} characters is over the limit of {MAX_SAVE_BYTES}")
    try:
        return json.loads(text)
    except (json.JSONDecodeError, TypeError, UnicodeDecodeError) as e:
        raise SaveError(f"not a save file: invalid JSON ({e})") from None
    except RecursionError:
        raise SaveError("not a save file: the JSON is nested too deeply") from None
    except ValueError as e:  # e.g. an integer of more than 4300 digits
        raise SaveError(f"not a save file: {e}") from None


def read_save(text: str | bytes, game_id: str, version: int, title: str) -> dict:
    """The JSON object of a save of ``game_id`` at ``version``; SaveError naming what is wrong otherwise."""
    data = parse_json(text)
    if not isinstance(data, dict):
        raise SaveError("not a save file: the JSON is not an object")
    gid = data.get("game")
    if gid != game_id:
        shown = gid if isinstance(gid, str) and len(gid) < 40 else type(gid).__name__
        raise SaveError(f"not a {title} save (game is {shown!r}, expected {game_id!r})")
    if data.get("version") != version or isinstance(data.get("version"), bool):
        v = data.get("version")
        shown = v if isinstance(v, (int, str)) and len(str(v)) < 20 else type(v).__name__
        raise SaveError(f"{title} save version {shown!r} is not supported (this client reads {version})")
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) and len(a) < 1000 for a in actions):
        raise SaveError(f"{title} save: 'actions' must be a list of action texts")
    opts = data.get("options", {})
    if not isinstance(opts, dict):
        raise SaveError(f"{title} save: 'options' must be an object")
    return data


def replay_actions(game: "Game", actions: list[str]) -> "Game":
    """Apply the saved action texts to ``game`` in order; SaveError naming the first that fails."""
    from engine.api import IllegalAction, ParseError

    for n, a in enumerate(actions):
        try:
            game.apply(game.parse_action(a))
        except (ParseError, IllegalAction) as e:
            raise SaveError(f"action {n + 1} ({a[:60]!r}) cannot be replayed: {e}") from None
    return game


def replay(game: "Game", n: int) -> "Game":
    """``game`` with only its first ``n`` actions, rebuilt from its save (any registered game)."""
    from engine.registry import load_game

    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= len(game.log):
        raise ValueError(f"replay to action {n!r}: the game has {len(game.log)} actions")
    data = json.loads(game.to_json())
    data["actions"] = data["actions"][:n]
    return load_game(json.dumps(data, ensure_ascii=False))


def actors(game: "Game") -> list[int]:
    """The seat that played each action of ``game``'s log (replayed from its save)."""
    g = replay(game, 0)
    out = []
    for a in game.log:
        out.append(g.current_player)
        g.apply(g.parse_action(str(a)))
    return out
