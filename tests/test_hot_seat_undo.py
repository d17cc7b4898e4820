"""Hot seat with a computer seat (三国演弈揭棋: two humans and a computer at one screen): Undo takes back only the
moves of the human at the screen (G1, K9, K12). B, handed the screen after A's move, could press U and take A's
move back: the board then stayed on B's view with A to move, B could play A's move for it, and a face-down piece
that move captured was told in A's "for your eyes only" box — to B."""
from __future__ import annotations

import pygame

from engine import registry
from tests.boards_util import key, make_app, pass_screens, quiet_move

def test_the_next_human_cannot_take_back_the_last_humans_move(cleanup):
    g = registry.get("sanguo").new_game(variant="jieqi", seed=3)
    app = make_app("dummy", "sanguo", ["human", "human", "easy"], "flat", size=(1280, 720), game=g)
    sc = app.scene
    pass_screens(app)
    assert g.current_player == 0 and sc.viewer() == 0
    quiet = quiet_move(g)  # a move of a face-up piece to an empty point: it reveals nothing
    sc.play(quiet)
    app.step(0.016)
    pass_screens(app)  # 魏 (B) takes the screen
    assert g.current_player == 1 and sc.viewer() == 1
    log = list(sc.game.log)
    key(app, pygame.K_u)
    assert list(sc.game.log) == log and sc.game.current_player == 1, "B took back A's move"
    assert sc.message_bad and "take" in sc.status_text("en")
    assert sc.undo_refusal() is not None


def test_the_human_at_the_screen_still_takes_back_its_own_move(cleanup):
    """吴 (A) moves and is still at the screen while 魏 (the computer) thinks: its own move may be taken back (K12)."""
    g = registry.get("sanguo").new_game(variant="jieqi", seed=3)
    app = make_app("dummy", "sanguo", ["human", "easy", "human"], "flat", size=(1280, 720), game=g)
    sc = app.scene
    pass_screens(app)
    assert g.current_player == 0 and sc.viewer() == 0
    quiet = quiet_move(g)
    sc.play(quiet)
    assert sc.viewer() == 0 and sc.undo_refusal() is None
    key(app, pygame.K_u)
    assert sc.game.log == [] and sc.game.current_player == 0 and sc.viewer() == 0
