"""The game-over box's New game of a flat-board game is a game of the same set-up: it took the registered
defaults, so a 揭棋 game came back as plain 三国演弈, 辛亥革命's random set-up as the historical one and 江山's
scenario as 楚汉 (found in the polish QA, session 19, while giving 沙场秋点兵 the same box)."""
from __future__ import annotations

import json

import pytest

from client.scenes.board_game import BoardGameScene
from engine import registry


@pytest.mark.parametrize("game_id, options, seats", [
    ("sanguo", {"variant": "jieqi"}, ["human", "random", "random"]),
    ("xinhai", {"setup": "random"}, ["human", "random"]),
    ("jiangshan", {"scenario": "random"}, ["human", "random"]),
])
def test_new_game_keeps_the_variant_set_up_or_scenario(game_id, options, seats):
    g = registry.get(game_id).new_game(seed=3, **options)
    sc = BoardGameScene((900, 640), g, seats, "en", "flat", ai_delay=0.0)
    sc.new_game()
    assert sc.game is not g and not sc.game.log
    saved = json.loads(sc.game.to_json())["options"]
    assert {k: saved[k] for k in options} == options  # the new game's save records the same set-up
    assert sc.plugin.game is sc.game


def test_new_game_of_a_hidden_deal_draws_a_fresh_secret_seed():
    g = registry.get("sanguo").new_game(seed=3, variant="jieqi")
    sc = BoardGameScene((900, 640), g, ["human", "random", "random"], "en", "flat", ai_delay=0.0)
    sc.new_game()
    assert sc.game.seed not in (3, 4)  # G1: never the old seed, nor the next one
