"""Issue 23: a play scene that waits for a human draws nothing (App.step with idle_skip), for a board game
(百格, flat renderer) and for 沙场秋点兵; input, a computer's move or a timed message make it draw again.
Also the shared status line of client/scenes/play.py: timed messages expire, F2 re-renders keyed messages,
a refusal goes once the player selects something, and an autosave error is shown (not swallowed).
Draws are counted, never timed."""
from __future__ import annotations

import os
import time

import pygame
import pytest

from client import i18n
from client.app import App, Options
from client.scenes.board_game import BoardGameScene
from client.scenes.play import PlayScene
from engine import registry


@pytest.fixture
def app(tmp_path):
    old = os.environ.get("SDL_VIDEODRIVER")
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    a = App(Options(renderer="flat", save_dir=tmp_path, ai_delay=0.0, edge_pan=False, lang="en", strict=True,
                    handover_delay=0.0))
    yield a
    i18n.set_lang("en")
    pygame.display.quit()
    if old is None:
        os.environ.pop("SDL_VIDEODRIVER", None)
    else:
        os.environ["SDL_VIDEODRIVER"] = old


def counting(app) -> list:
    """Replace app.draw by one that records each drawn frame."""
    draws = []
    real = app.draw
    app.draw = lambda: draws.append(1) or real()
    return draws


def idle_steps(app, n=20) -> None:
    for _ in range(n):
        app.step(1 / 60, idle_skip=True)


def settle(app, scene, n=40) -> None:
    """Frames until the computer has played and the scene is idle again."""
    for _ in range(n):
        scene_job = getattr(scene, "job", None)
        if scene_job is not None:
            scene.wait_for_computer()
        app.step(1 / 60, idle_skip=True)
        if app.idle:
            return
    raise AssertionError("the scene never went idle")


def board(app, seats=("human", "easy")) -> BoardGameScene:
    app.start_game(registry.get("baige").new_game(), list(seats))  # the plugin's open_scene
    sc = app.scene
    assert isinstance(sc, BoardGameScene) and isinstance(sc, PlayScene)
    app.step(1 / 60, idle_skip=True)
    return sc


def test_a_board_game_waiting_for_a_human_draws_nothing_until_input_or_a_computer_move(app):
    sc = board(app)
    draws = counting(app)
    idle_steps(app)
    assert draws == [] and app.idle and not sc.animating()
    # an event draws one frame, then idle again
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(app.display.size[0] - 20, 120), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    app.step(1 / 60, idle_skip=True)
    assert draws == [1] and not app.idle
    idle_steps(app)
    assert draws == [1]
    # the human moves: the computer's turn is drawn (thinking, its move) until the human is to move again
    g = sc.game
    assert sc.play(g.legal_actions()[0])
    before = len(draws)
    settle(app, sc)
    assert len(g.log) == 2 and sc.human_turn()  # the computer answered
    assert len(draws) > before
    n = len(draws)
    idle_steps(app)
    assert len(draws) == n and app.idle


def test_a_timed_message_expires_with_one_frame_and_f2_re_renders_it(app, tmp_path):
    sc = board(app)
    draws = counting(app)
    assert sc.save_to(tmp_path / "s.json") is not None
    app.step(1 / 60, idle_skip=True)
    assert draws == [1] and sc.status_text("en").startswith("saved:")
    idle_steps(app)
    assert draws == [1]  # the message waits without frames
    i18n.set_lang("zh")  # the language changes under the message (what F2 does)
    app.step(1 / 60, idle_skip=True)
    assert sc.status_text(i18n.lang()).startswith("已存档")  # the keyed message, now in Chinese
    n = len(draws)
    sc.message_until = 0.0  # its time is up
    app.step(1 / 60, idle_skip=True)
    assert len(draws) == n + 1 and not sc.status_text("zh").startswith("已存档")
    idle_steps(app)
    assert len(draws) == n + 1


def test_f2_leaves_no_english_on_the_status_line(app):
    sc = board(app)
    sc.undo()  # an English refusal (keyed)
    app.step(1 / 60, idle_skip=True)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode="", scancode=0))
    app.step(1 / 60, idle_skip=True)
    assert i18n.lang() == "zh" and sc.status_text("zh") == i18n.tr("lang_switched", "zh")  # the notice, in Chinese
    sc.message_until = time.perf_counter() - 0.01  # its time is up: the refusal again, in Chinese (it was lost)
    app.step(1 / 60, idle_skip=True)
    assert sc.status_text("zh") == i18n.tr("board_no_undo", "zh") and sc.message_bad


def test_a_refusal_goes_when_the_player_selects_a_piece(app):
    sc = board(app)
    sc.undo()  # nothing to take back
    app.step(1 / 60, idle_skip=True)
    assert sc.message_bad and sc.status_text("en") == i18n.tr("board_no_undo", "en")
    app.step(1 / 60, idle_skip=True)
    assert sc.message_bad  # it stays while nothing else is selected
    cell = next(p.cell for p in sc.last_board_view.pieces if sc.plugin.can_start(p.cell))
    sc.click(cell)
    assert sc.selected == cell
    app.step(1 / 60, idle_skip=True)
    assert not sc.message_bad and sc.status_text("en") != i18n.tr("board_no_undo", "en")


def test_an_autosave_error_is_shown_on_the_status_line(app, tmp_path):
    sc = board(app, ("human", "human"))
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    sc.autosave_path = lambda: blocker / "autosave.json"
    assert sc.play(sc.game.legal_actions()[0])
    app.step(1 / 60, idle_skip=True)
    assert sc.message_bad and sc.autosave_error
    assert sc.status_text("en").startswith(i18n.tr("save_failed", "en", err="")) and app.errors == []


def test_the_autosave_is_written_after_every_action(app):
    sc = board(app, ("human", "human"))
    path = app.opts.autosave_path(sc.game, sc.seats)
    assert not path.exists()
    assert sc.play(sc.game.legal_actions()[0])
    app.step(1 / 60, idle_skip=True)
    assert path.exists() and sc.last_autosave == path and not sc.message_bad


def test_shachang_waiting_for_a_human_draws_nothing_until_a_computer_move(app):
    from client.games.shachang.scene import GameScene

    info = registry.get("shachang")
    # a seed the player gave (G1): the computer's seat is seeded from it, so its turn is the same every run (an
    # unseeded game gives it a fresh seed, and a rare one ended the game in the computer's first turn)
    app.opts.seed, app.opts.seeded = 3, True
    app.start_game(info.new_game(preset="standard", mode="digital", players=2, seed=3), ["human", "random"])
    sc = app.scene
    assert isinstance(sc, GameScene) and isinstance(sc, PlayScene) and sc.player_seed == 3
    for _ in range(600):  # the first frames (the camera comes home) until nothing is due: no timed message left
        app.step(1 / 60, idle_skip=True)  # (a slow machine took so long over them that one expired in the next 20)
        if app.idle and sc.message_until is None:
            break
        time.sleep(1 / 120)
    draws = counting(app)
    idle_steps(app)
    assert draws == [] and app.idle
    # the human ends the turn: the computer's turn draws until it is the human's again
    sc.ctl.end_turn()  # (no "units have not acted" question)
    for _ in range(600):
        w = sc.worker
        if w is not None:
            w.join(30)
        app.step(1 / 60, idle_skip=True)
        # the computer's last action is shown as an arrow for a moment (last_ai, by the clock): wait it out
        if sc.game.current_player == 0 and sc.worker is None and sc.last_ai is None and app.idle:
            break
        time.sleep(1 / 120)  # frames paced like the real loop (it sleeps between frames)
    assert sc.game.current_player == 0 and len(draws) > 0
    n = len(draws)
    idle_steps(app)
    assert len(draws) == n and app.idle
