"""Session 10 QA of the board games' game-over box, driven through clicks: "New game" from the box of a finished
暗棋 starts a game whose status line no longer reports the old game's end (issue 26: nothing confusing on screen)."""
from __future__ import annotations

import random

from engine import registry
from tests.boards_util import click_at, make_app, wait_human


def play_to_the_end(app, seed: int = 5) -> None:
    """Random legal moves through the scene (as the players' clicks would make them) until the game is over."""
    sc, rng = app.scene, random.Random(seed)
    while not sc.game.is_over:
        assert sc.play(rng.choice(sc.game.legal_actions()))
    app.step(0.016)


def button(app, label: str):
    top = app.app.scenes[-1]
    return next(b for b in top.buttons if b.text() == label)


def test_new_game_from_the_game_over_box_clears_the_old_end_reason(cleanup):
    # the first seat a computer: the new game starts with its turn, when no hint of the human replaces the line
    app = make_app("dummy", "anqi", ["random", "human", "random"], "flat",
                   game=registry.get("anqi").new_game(seed=3), size=(1024, 640))
    sc = app.scene
    sc.ai_delay = 10.0  # the computer does not answer before the checks below
    play_to_the_end(app)
    ended = sc.status_text("en")
    assert app.app.scenes[-1].kind == "over" and "without progress (A7)" in ended
    click_at(app, button(app, "New game").rect.center)
    assert not sc.game.is_over and sc.game.current_player == 0 and app.app.scenes[-1] is sc
    assert ended not in sc.status_text("en") and "progress" not in sc.status_text("en")
    sc.ai_delay = 0.0
    wait_human(app)  # the computer's flip, then the human's turn says what to do
    assert sc.status_text("en") and "progress" not in sc.status_text("en")
