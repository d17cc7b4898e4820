"""Flat-board games in the client: board geometry, game adapters, and their registry.

    from client.boards import make_adapter, ADAPTERS
    adapter = make_adapter(game)        # by game.game_id

See docs/boards.md.
"""
from __future__ import annotations

from typing import Any, Callable

ADAPTERS: dict[str, Callable[[Any], Any]] = {}


def register(game_id: str, factory: Callable[[Any], Any]) -> None:
    ADAPTERS[game_id] = factory


def _load() -> None:
    if ADAPTERS:
        return
    from client.boards.anqi_adapter import AnqiAdapter
    from client.boards.baige_adapter import BaigeAdapter

    register("baige", BaigeAdapter)
    register("anqi", AnqiAdapter)


def has_adapter(game_id: str) -> bool:
    _load()
    return game_id in ADAPTERS


def make_adapter(game: Any):
    """The adapter for ``game`` (KeyError naming the known games if there is none)."""
    _load()
    gid = getattr(game, "game_id", "")
    try:
        return ADAPTERS[gid](game)
    except KeyError:
        raise KeyError(f"no flat-board adapter for {gid!r}; known: {', '.join(sorted(ADAPTERS))}") from None
