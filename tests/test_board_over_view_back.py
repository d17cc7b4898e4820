"""After "View board" on a finished board game, Esc or the Menu button bring the game-over box back (its Menu then
leaves): they left for the title at once, so the replay, the statistics and a new game of the same set-up were out
of reach once the player had looked at the final position (found in QA under Xvfb, session 13)."""
from __future__ import annotations

import pygame

from engine import registry
from tests.boards_util import click_at, key, make_app
from tests.test_boards_qa10_over import button, play_to_the_end


def _ended_and_viewed(cleanup):
    app = make_app("dummy", "baige", ["human", "human"], "flat", game=registry.get("baige").new_game(),
                   size=(1024, 640))
    sc = app.scene
    play_to_the_end(app)
    assert app.app.scenes[-1].kind == "over"
    click_at(app, button(app, "View board").rect.center)
    assert app.app.scene is sc  # the final position, no box over it
    return app, sc


def test_esc_on_the_final_board_brings_the_game_over_box_back(cleanup):
    app, sc = _ended_and_viewed(cleanup)
    key(app, pygame.K_ESCAPE)
    box = app.app.scenes[-1]
    assert box.kind == "over" and sc.game.is_over
    assert {"Replay", "New game", "Menu"} <= {b.text() for b in box.buttons}
    click_at(app, button(app, "Menu").rect.center)  # the box's Menu leaves, as before (this window closes)
    app.step(0.016)
    assert not app.running


def test_the_menu_button_on_the_final_board_brings_the_box_back(cleanup):
    app, sc = _ended_and_viewed(cleanup)
    menu = next(b for b in sc.buttons if b.text() == "Menu")
    click_at(app, menu.rect.center)
    assert app.app.scenes[-1].kind == "over"
    click_at(app, button(app, "New game").rect.center)  # a new game of the same set-up, from the final board
    assert not sc.game.is_over and app.app.scene is sc
