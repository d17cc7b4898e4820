"""A game rebuilt with a prefix of its actions from its save (undo, replays, the golden playthrough
test), and the seat that played each action: any registered game, loaded through engine.registry.

It sits above engine.registry and engine.saves (it needs every game's loader); engine.api's
``Game.replay`` calls it.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

from engine.registry import load_game
from engine.saves import loading_prefix

if TYPE_CHECKING:
    from engine.api import Game


def replay(game: "Game", n: int) -> "Game":
    """``game`` with only its first ``n`` actions, rebuilt from its save (any registered game)."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= len(game.log):
        raise ValueError(f"replay to action {n!r}: the game has {len(game.log)} actions")
    data = json.loads(game.to_json())
    data["actions"] = data["actions"][:n]
    with loading_prefix():  # the forced outcomes of the later actions' draws stay unused
        return load_game(json.dumps(data, ensure_ascii=False))


def actors(game: "Game") -> list[int]:
    """The seat that played each action of ``game``'s log (replayed from its save)."""
    g = replay(game, 0)
    out = []
    for a in game.log:
        out.append(g.current_player)
        g.apply(g.parse_action(str(a)))
    return out
