"""A board game's panel button lit under the mouse goes dark while a question, the menu or the game-over box is over
the board: Resign stayed lit through its question and the game-over box into the next game, where the mouse was
nowhere near it (found by the new-player QA under Xvfb, session 19)."""
from __future__ import annotations

import pygame

from client.scenes.board_game import BoardGameScene
from tests.client_util import click, flat_app, step


def test_resign_is_not_lit_after_its_question_and_in_the_next_game(tmp_path):
    with flat_app(tmp_path, game_id="baige", seats=["human", "easy"]) as app:
        app.new_game_from_opts()
        step(app, 2)
        sc = app.scene
        assert isinstance(sc, BoardGameScene)
        resign = next(b for b in sc.step_buttons.values() if b.rect.w and "esign" in b.text())
        click(app, resign.rect.center)  # the mouse moves onto Resign (lit), the click asks first
        assert app.scene is not sc
        step(app)
        assert not resign.hover  # the question has the mouse
        yes = next(b for b in app.scene.buttons if b.text() == "Yes")
        click(app, yes.rect.center)
        step(app, 2)
        over = app.scene
        assert over is not sc and sc.game.is_over
        new = next(b for b in over.buttons if b.text() == "New game")
        click(app, new.rect.center)
        step(app, 2)
        assert app.scene is sc and not sc.game.is_over
        assert not any(b.hover for b in sc.buttons + list(sc.step_buttons.values()))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=resign.rect.center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        step(app)
        assert resign.hover  # the mouse back on it: lit again
