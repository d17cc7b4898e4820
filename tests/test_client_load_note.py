"""Load from the Esc menu says it loaded (issue 26): on the status line against the computer, and on the hand-over
screen that hides a loaded hot-seat game with fog (S7), which names the file only."""
from __future__ import annotations

import pygame

from client.app import write_save
from client.games.shachang.scene import GameScene
from client.scenes.handover import HandoverScene
from client.scenes.menu import LoadScene, MenuScene
from tests.client_util import click, key, position, step


def load_from_menu(app, name: str):
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    click(app, next(b for b in app.scene.buttons if b.text() == "Load").rect.center)
    assert isinstance(app.scene, LoadScene)
    step(app)
    ls = app.scene
    click(app, ls.buttons[[p.name for p in ls.files].index(name)].rect.center)
    step(app)


def test_loaded_against_the_computer_on_the_status_line(app, tmp_path):
    g = position([[0, "a1", 2], [1, "h8", 2]])
    write_save(tmp_path / "mine.json", g, ["human", "random"], 0)
    app.start_game(position([[0, "b2", 2], [1, "g7", 2]]), ["human", "random"])
    step(app)
    load_from_menu(app, "mine.json")
    sc = app.scene
    assert isinstance(sc, GameScene) and sc.game.to_json() == g.to_json()
    assert sc.ctl.status == "loaded: mine.json" and sc.ctl.status_kind == "ok"


def test_loaded_hot_seat_game_says_so_on_its_hand_over(app, tmp_path):
    g = position([[0, "a1", 2], [1, "h8", 2]])
    assert g.fog
    write_save(tmp_path / "ours.json", g, ["human", "human"], 0)
    app.start_game(position([[0, "b2", 2], [1, "g7", 2]]), ["human", "random"])
    step(app)
    load_from_menu(app, "ours.json")
    h = app.scene
    assert isinstance(h, HandoverScene) and h.player == 0
    assert h.notice == ("loaded: ours.json", True)
    click(app, (640, 360))  # past the hand-over: the player's turn is said
    assert isinstance(app.scene, GameScene) and "your turn" in app.scene.ctl.status
