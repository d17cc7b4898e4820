"""A computer's action the engine refuses (a buggy agent) is told to the human as a generic line — "the computer P2
made an illegal move …" — never with the refusal's text, which is written for the computer's seat and may name
what only it knows (G1): under 沙场秋点兵's fog "the unit on g7 has only 5 soldiers" named a cell and a count the
human never saw (S7). The details go to stderr, for developers. The same for an agent that raises. In the board
games a refused computer move was said, then asked of the agent again, every frame: the seat now goes to a human
(the driver's one policy, client/ai_driver.py); 沙场秋点兵's computer passes its turn, as before."""
from __future__ import annotations

import pygame
import pytest

from client.games.shachang.scene import GameScene
from client.scenes.board_game import BoardGameScene
from engine import registry
from engine.anqi import Flip, Move
from engine.shachang.actions import March
from engine.shachang.cells import parse_cell
from tests.boards_util import make_app
from tests.client_util import flat_app, position, step

# P1 (human) sees only its corner round b2; P2 (computer) stands on g7 (5 soldiers) and h8, deep in the fog
UNITS = [[0, "b2", 3, "settled"], [1, "g7", 5, "settled"], [1, "h8", 2, "settled"]]


class Fixed:
    """An agent that answers every decision with the same action, legal or not."""

    def __init__(self, action):
        self.action = action

    def act(self, obs, legal):
        return self.action


class Raises:
    def act(self, obs, legal):
        raise KeyError("g7 holds 5 soldiers")


@pytest.fixture
def app(tmp_path):
    with flat_app(tmp_path) as a:
        yield a


def computer_turn(app, agent):
    """P2 (the computer, ``agent``) plays from the fog; the status lines P1 read meanwhile (English and Chinese)."""
    g = position(UNITS, current=1)
    app.start_game(g, ["human", "easy"])
    sc = app.find(GameScene)
    sc.ai.agents[1] = agent
    lines = []
    for _ in range(400):
        step(app)
        if sc.worker is not None:
            sc.worker.join(5.0)
        lines.append(sc.ctl.status)
        if g.current_player == 0 or sc.seats[1] == "human":
            break
    step(app)
    lines.append(sc.ctl.status)
    return g, sc, lines


def test_shachang_a_refused_computer_march_is_not_told_under_fog(app, capsys):
    too_many = March(parse_cell("g7"), parse_cell("g6"), 9)  # refused: "the unit on g7 has only 5 soldiers" (S15)
    g, sc, lines = computer_turn(app, Fixed(too_many))
    assert g.current_player == 0 and sc.seats[1] == "easy"  # it passed its turn (End), as before
    assert not sc.ctl.obs.visible[parse_cell("g7")]
    said = " ".join(lines)
    assert "illegal move" in said, said
    assert "g7" not in said and "5 soldiers" not in said and "S15" not in said, said
    for lang in ("zh", "en"):
        assert "g7" not in sc.status_text(lang)
    assert sc.last_refusal_rule is None  # F3 opens no rule of the computer's refusal either
    err = capsys.readouterr().err
    assert "g7" in err and "only 5 soldiers" in err  # for developers


def test_shachang_a_failing_computer_is_not_quoted(app, capsys):
    g, sc, lines = computer_turn(app, Raises())
    assert sc.seats[1] == "human"  # the driver's policy: the seat goes to a human
    said = " ".join(lines)
    assert "failed" in said and "g7" not in said and "KeyError" not in said, said
    assert "g7 holds 5 soldiers" in capsys.readouterr().err


def run_anqi(agent, capsys):

    pygame.font.init()
    sc = BoardGameScene((900, 640), registry.get("anqi").new_game(seed=3), ["human", "easy", "easy"], "en", "flat",
                        ai_delay=0.0)
    sc.play(Flip("b2"))
    sc.ai.agents[1] = agent
    seen = []
    for _ in range(50):
        sc.update(0.016)
        sc.wait_for_computer(5.0)
        seen.append(sc.status_text("en"))
        if sc.seats[1] == "human":
            break
    return sc, seen, capsys.readouterr().err


def test_anqi_a_refused_computer_move_is_not_told_and_its_seat_goes_to_a_human(capsys):
    """魏 (the computer) moves 蜀's piece on b2 — a move for another seat (A2): "b2 holds a piece of Shu, not of Wei"
    was said on the human's screen, then asked again every frame (the computer never moved again)."""
    sc, seen, err = run_anqi(Fixed(Move("b2", "b3")), capsys)
    assert sc.seats[1] == "human" and len(sc.game.log) == 1  # nothing was played for it
    assert sc.message_bad and "illegal move" in sc.status_text("en")
    for lang in ("zh", "en"):
        assert "b2" not in sc.status_text(lang) and "A2" not in sc.status_text(lang)
    assert all("Shu" not in s and "b2" not in s for s in seen), seen
    assert sc.refusal_rule() is None and sc.last_refusal_rule is None
    assert "b2" in err and "Shu" in err  # for developers


def test_anqi_a_failing_computer_is_not_quoted(capsys):
    sc, seen, err = run_anqi(Raises(), capsys)
    assert sc.seats[1] == "human" and len(sc.game.log) == 1
    assert "failed" in sc.status_text("en") and "KeyError" not in sc.status_text("en")
    assert all("g7" not in s for s in seen) and "g7 holds 5 soldiers" in err


def test_shachang_a_computer_that_may_not_pass_either_hands_its_seat_to_a_human(app, capsys):
    """P2 has no soldier on the field and must reinforce (S13): its refused march was followed by a pass, which the
    engine refuses too — the IllegalAction went up through the App's loop. The seat now goes to a human."""
    g = position([[0, "a1", 1], [0, "b1", 1]], reserve=(0, 3), current=1, mode="classic")
    app.start_game(g, ["human", "easy"])
    sc = app.find(GameScene)
    sc.ai.agents[1] = Fixed(March(parse_cell("g7"), parse_cell("g6"), 1))
    for _ in range(100):
        step(app)
        if sc.worker is not None:
            sc.worker.join(5.0)
        if sc.seats[1] == "human":
            break
    assert sc.seats[1] == "human" and g.log == [] and g.current_player == 1
    assert "illegal move" in sc.ctl.status and "g7" not in sc.ctl.status
    assert "must reinforce" in capsys.readouterr().err  # (S13) for developers


def test_jieqi_a_failed_computer_seat_is_handed_over_to_a_human(cleanup):
    """揭棋 has private information (K9): the failed seat went to a human, but the board stayed on the last human's
    view with the failed seat to move, for that human to play it. Now it comes behind a hand-over, which says why."""

    g = registry.get("sanguo").new_game(variant="jieqi", seed=3)
    app = make_app("dummy", "sanguo", ["human", "easy", "easy"], "flat", size=(1280, 720), game=g)
    sc = app.scene
    quiet = next(a for a in g.legal_actions()  # a face-up piece's move to an empty point
                 if not g.pos.board[g.lay.index[a.src]][3] and g.pos.board[g.lay.index[a.dst]] is None)
    sc.ai.agents[1] = Raises()
    sc.play(quiet)
    for _ in range(100):
        app.step(0.016)
        sc.wait_for_computer(5.0)
        if sc.seats[1] == "human":
            break
    app.step(0.016)
    top = app.app.scene
    assert sc.seats[1] == "human" and getattr(top, "kind", None) == "handover" and top.player == 1
    assert top.notice is not None and "failed" in top.notice[0] and "g7" not in top.notice[0]
    top.done()
    app.step(0.016)
    assert sc.viewer() == 1
