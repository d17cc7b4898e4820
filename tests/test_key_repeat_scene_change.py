"""A key whose press changed the screen does not act again in the new screen until it is released: Enter on the start
screen made a 3D game while the key was held, long enough for pygame's key repeat to send Enter again, and that
second Enter ended the new game's first turn (found in QA under Xvfb, session 13: the game opened at round 2 with
"player 1: end turn" in the log). The repeats come as KEYDOWN events of the same key before its KEYUP."""
from __future__ import annotations

import pygame

from client.games.shachang.scene import GameScene
from client.scenes.help import HelpScene
from client.scenes.start import StartScene
from tests.client_util import flat_app, step


def _down(k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def _up(k):
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def _f1_down_over_the_title(app) -> None:
    """The title screen, then F1 pressed (not released): the help opens."""
    app.start_title()
    step(app, 2)
    _down(pygame.K_F1)
    step(app)
    assert isinstance(app.scene, HelpScene)


def test_enter_that_starts_a_game_does_not_end_its_first_turn(tmp_path):
    with flat_app(tmp_path) as app:
        app.start_title()
        step(app, 2)
        assert isinstance(app.scene, StartScene)
        _down(pygame.K_RETURN)
        step(app)  # the game is made while Enter is held
        sc = app.scene
        assert isinstance(sc, GameScene)
        _down(pygame.K_RETURN)  # the key repeat's Enter, then the release
        _down(pygame.K_RETURN)
        _up(pygame.K_RETURN)
        step(app, 2)
        assert app.scene is sc and sc.game.round == 1 and sc.game.current_player == 0
        # once released, Enter ends the turn as always (or first asks about the units that have not moved)
        _down(pygame.K_RETURN)
        _up(pygame.K_RETURN)
        step(app, 3)
        assert sc.game.round > 1 or sc.game.current_player != 0 or app.scene is not sc


def test_f1_held_opens_the_help_once(tmp_path):
    with flat_app(tmp_path) as app:
        _f1_down_over_the_title(app)
        for _ in range(3):  # repeats while held: the help stays open (each used to close or open it again)
            _down(pygame.K_F1)
        step(app)
        assert isinstance(app.scene, HelpScene)
        _up(pygame.K_F1)
        _down(pygame.K_F1)  # a new press closes it
        _up(pygame.K_F1)
        step(app)
        assert isinstance(app.scene, StartScene)


def test_another_key_pressed_meanwhile_still_counts(tmp_path):
    with flat_app(tmp_path) as app:
        _f1_down_over_the_title(app)
        _down(pygame.K_ESCAPE)  # another key while F1 is still down: it acts (the help closes)
        _up(pygame.K_ESCAPE)
        step(app)
        assert isinstance(app.scene, StartScene)
