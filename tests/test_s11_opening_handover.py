"""Hidden information (session 11 QA): a hot-seat game of a board game with private information opens behind a
hand-over to the first human to act, as every later turn does — 辛亥革命's first screen showed the revolutionaries'
hand (and their set-up cards) to whoever sat at the screen."""
from __future__ import annotations

import pytest

from client.scenes.board_game import BoardGameScene
from engine import registry
from tests.boards_util import click_at, make_app


@pytest.fixture
def opening(monkeypatch):
    monkeypatch.setattr(BoardGameScene, "opening_handover", True)  # on, as in the game (conftest turns it off)


@pytest.mark.parametrize("gid,seats", [("xinhai", ["human", "human"]), ("jiangshan", ["human", "human"]),
                                       ("sanguo", ["human", "human", "hard"])])
def test_a_hot_seat_game_opens_behind_a_hand_over(cleanup, opening, gid, seats):
    opts = {"variant": "jieqi"} if gid == "sanguo" else {}
    app = make_app("dummy", gid, seats, "flat", size=(1280, 720), game=registry.get(gid).new_game(seed=3, **opts))
    sc = app.scene
    first = sc.game.current_player
    assert app.app.scene.kind == "handover" and app.app.scene.player == first
    click_at(app, (640, 400))  # the first player takes the screen
    app.step(0.016)
    assert getattr(app.app.scene, "kind", "") != "handover" and sc.viewer() == first and sc.last_human == first


def test_no_opening_hand_over_with_one_human_or_nothing_private(cleanup, opening):
    app = make_app("dummy", "xinhai", ["human", "hard"], "flat", size=(1280, 720))
    assert getattr(app.app.scene, "kind", "") != "handover"
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1280, 720))  # nothing private in 百格
    assert getattr(app.app.scene, "kind", "") != "handover"
