"""Take-back between humans at one board without a hand-over (百格, 暗棋, standard 三国演弈): one human took back the
other's move — in standard 三国演弈 with two humans and a computer, 吴 to move pressed U and 魏's move (and the
computer's reply) went, without 魏 having a word — while with humans only U was refused altogether. Over the board a
take-back needs the opponent's consent: now U asks the human to move ("魏 asks to take back its last move. 吴, do you
agree?"); Yes takes it back, No leaves it. Against the computer nothing changes: your move and its replies go at
once. With a hand-over another's move is refused (tests/test_hot_seat_undo.py)."""
from __future__ import annotations

import pygame

from engine import registry
from tests.boards_util import key, make_app


def quiet(g):
    """A legal move of the player to move (standard 三国演弈 and 百格 hide nothing)."""
    return g.legal_actions()[0]


def test_baige_two_humans_the_one_to_move_is_asked(cleanup):
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1280, 720))
    sc = app.scene
    assert sc.undo_refusal() is not None  # nothing to take back yet
    sc.play("e4e6")
    app.step(0.016)
    assert sc.game.current_player == 1 and sc.can_undo()
    key(app, pygame.K_u)
    box = app.app.scene
    assert getattr(box, "kind", None) == "confirm"
    assert box.question() == "White asks to take back its last move. Black, do you agree?"
    key(app, pygame.K_ESCAPE)  # Black says no
    assert sc.game.log == ["e4e6"] and sc.game.current_player == 1
    assert sc.status_text("en") == "Black does not agree: the move stands"
    key(app, pygame.K_u)
    key(app, pygame.K_RETURN)  # Black agrees
    assert sc.game.log == [] and sc.game.current_player == 0 and sc.modal is None


def test_sanguo_a_human_takes_back_another_humans_move_only_with_its_consent(cleanup):
    """吴 and 魏 are humans, 蜀 the computer: after 魏's move and 蜀's reply, 吴 (to move) presses U."""
    g = registry.get("sanguo").new_game(seed=3)
    app = make_app("dummy", "sanguo", ["human", "human", "easy"], "flat", size=(1280, 720), game=g)
    sc = app.scene
    sc.play(quiet(g))  # 吴
    sc.play(quiet(sc.game))  # 魏
    for _ in range(300):  # 蜀 replies
        app.step(0.016)
        sc.wait_for_computer(5.0)
        if sc.game.current_player == 0:
            break
    game, log = sc.game, list(sc.game.log)
    assert len(log) == 3 and game.current_player == 0
    key(app, pygame.K_u)
    box = app.app.scene
    assert getattr(box, "kind", None) == "confirm", "吴 took back 魏's move without asking it"
    assert "Wei" in box.question() and box.question().endswith("Wu, do you agree?"), box.question()
    assert list(sc.game.log) == log
    key(app, pygame.K_n)  # not Y or Enter: nothing happens yet
    key(app, pygame.K_RETURN)  # 吴 agrees
    assert list(sc.game.log) == log[:1] and sc.game.current_player == 1  # 魏's move and 蜀's reply are gone


def test_against_the_computer_your_move_goes_at_once(cleanup):
    app = make_app("dummy", "baige", ["human", "easy"], "flat", size=(1280, 720))
    sc = app.scene
    sc.play("e4e6")
    for _ in range(300):
        app.step(0.016)
        sc.wait_for_computer(5.0)
        if sc.game.current_player == 0:
            break
    assert len(sc.game.log) == 2
    key(app, pygame.K_u)
    assert sc.modal is None and sc.game.log == [] and sc.game.current_player == 0


def test_with_a_hand_over_a_human_takes_back_its_own_action_in_its_turn(cleanup):
    """辛亥革命 hot seat: the side to act keeps the turn after its first action; it may take that back (G2 allows it);
    with humans only this was refused as "only for games against the computer"."""
    g = registry.get("xinhai").new_game()
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", size=(1280, 720), game=g)
    sc = app.scene
    while getattr(app.app.scene, "kind", None) == "handover":
        app.app.scene.done()
        app.step(0.016)
    me = g.current_player
    sc.play(g.legal_actions()[0])
    app.step(0.016)
    assert sc.game.current_player == me and sc.viewer() == me
    key(app, pygame.K_u)
    assert sc.game.log == [] and sc.game.current_player == me
