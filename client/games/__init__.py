"""Game plugins: one module ``client/games/<game_id>.py`` per game, exposing ``PLUGIN`` (a GamePlugin class).

    from client.games import plugin_class, make_plugin, has_plugin
    plugin = make_plugin(game)              # by game.game_id

The start screen, the board scene and the help page ask plugins; nothing in the scenes names a
game. Adding a game needs no edit here (the module is found by its game_id). See
docs/architecture.md.
"""
from __future__ import annotations

import importlib
from typing import Any


def plugin_class(game_id: str):
    """The plugin class of ``game_id`` (KeyError when the game has no client module)."""
    if not game_id.isidentifier():
        raise KeyError(game_id)
    try:
        mod = importlib.import_module(f"client.games.{game_id}")
    except ModuleNotFoundError as e:
        if e.name == f"client.games.{game_id}":
            raise KeyError(f"no client plugin for {game_id!r} (client/games/{game_id}.py)") from None
        raise
    return mod.PLUGIN


def has_plugin(game_id: str) -> bool:
    try:
        plugin_class(game_id)
    except KeyError:
        return False
    return True


def make_plugin(game: Any):
    """The plugin for ``game`` (by its game_id)."""
    return plugin_class(getattr(game, "game_id", ""))(game)
