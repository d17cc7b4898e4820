"""沙场秋点兵's game-over box offers what the five board games' box offers, in the same words (QA, session 19): New game
(the same set-up, not the start screen), View board (Esc too; Esc or Menu on the map bring the box back) and Menu,
besides its Replay, Statistics and Save; it had a Quit that closed the program unasked, and Enter left for the start
screen. The status line says what can be done at game over: it kept saying "end the turn"."""
from __future__ import annotations

import pygame

from client import i18n
from client.games.shachang.gameover import GameOverScene
from client.games.shachang.scene import GameScene
from client.scenes.start import StartScene
from client.scenes.stats import StatsModal
from engine.messages import Msg
from tests.client_util import click, end_turn, finished, flat_app, key, step


def _passed_out(app):
    """A hot-seat game of the standard preset in which both players end their turn without acting (S18)."""
    app.opts.seats = ["human", "human"]
    app.new_game_from_opts()
    step(app)
    for _ in range(6):
        if app.find(GameScene).game.is_over:
            break
        key(app, pygame.K_SPACE)  # the hand-over
        end_turn(app)
    scene = app.find(GameScene)
    assert scene.game.is_over and isinstance(app.scene, GameOverScene)
    return scene, app.scene


def _button(box, words):
    return next(b for b in box.buttons if b.text() == words)


def test_the_box_has_the_board_games_buttons_in_both_languages(app):
    scene, box = _passed_out(app)
    for lang in ("en", "zh"):
        i18n.set_lang(lang)
        said = [b.text() for b in box.buttons]
        want = [i18n.t(k) for k in ("replay",)] + [i18n.engine_text(Msg.of("stats.button"))] + \
            [i18n.t(k) for k in ("board_new_game", "save", "board_close", "menu")]
        assert said == want
        assert i18n.t("quit") not in said
    step(app)  # it draws


def test_new_game_is_the_same_set_up_with_the_same_seats(app):
    scene, box = _passed_out(app)
    old = scene.game
    click(app, _button(box, "New game").rect.center)
    new = app.find(GameScene)
    assert new is not scene and app.running and not isinstance(app.scene, StartScene)
    g = new.game
    assert not g.is_over and not g.log and new.seats == ["human", "human"]
    assert (g.preset_key, g.mode, g.n, g.round_limit) == (old.preset_key, old.mode, old.n, old.round_limit)
    assert g.seed != old.seed  # G1: a fresh secret map


def test_view_board_then_esc_or_menu_bring_the_box_back_and_its_menu_leaves(app):
    scene, box = _passed_out(app)
    assert "Esc views the board" in scene.status_text("en") and "end the turn" not in scene.status_text("en")
    key(app, pygame.K_RETURN)  # Enter does not leave for the start screen
    assert app.scene is box and app.running
    key(app, pygame.K_ESCAPE)  # Esc: the board, as "View board"
    assert app.scene is scene
    said = scene.status_text("en")
    assert "Esc or Menu: back to the game-over box" in said and said.startswith("game over:")
    i18n.set_lang("zh")  # F2: the line is said again in Chinese
    step(app, 2)
    assert "回到结束框" in scene.status_text("zh") and scene.status_text("zh").startswith("对局结束")
    i18n.set_lang("en")
    step(app, 2)
    key(app, pygame.K_ESCAPE)
    assert app.scene is box
    click(app, _button(box, "View board").rect.center)
    assert app.scene is scene
    menu = next(b for b in scene.top_buttons if b.text() == "Menu")
    click(app, menu.rect.center)
    assert app.scene is box
    click(app, _button(box, "Statistics").rect.center)
    assert isinstance(app.scene, StatsModal)
    key(app, pygame.K_ESCAPE)
    assert app.scene is box
    click(app, _button(box, "Menu").rect.center)
    assert isinstance(app.scene, StartScene) and app.running


def test_at_640x400_the_six_buttons_fold_into_the_box(tmp_path):
    """Six buttons in one row ran out of the box at 640x400 (the table under them too): two rows, no table."""
    with flat_app(tmp_path, size=(640, 400)) as small:
        finished(small)
        box = small.scene
        for lang in ("en", "zh"):
            i18n.set_lang(lang)
            step(small, 2)
            rects = [b.rect for b in box.buttons]
            assert all(box.box.contains(r) for r in rects), (box.box, rects)
            assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
