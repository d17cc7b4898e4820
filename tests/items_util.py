"""Helpers for the fun items in the client (S20): an item game on the star, the cards on screen, turns
handed over."""
from __future__ import annotations

import numpy as np
import pygame

from client.games.shachang.scene import GameScene
from client.scenes.handover import HandoverScene
from engine.shachang import rules, star_cells
from engine.shachang.game import ShachangGame
from engine.shachang.maps import GameMap
from engine.shachang.star_game import StarGame
from engine.shachang.star_terrain import generate_star
from tests.client_util import key, step


def px(app, name):
    """The pixel of a star cell's centre in the flat view."""
    scene = app.find(GameScene)
    return scene.cell_to_screen(star_cells.parse(name))


def items_game(units, hands, mode="digital", current=0, heights=None) -> ShachangGame:
    """An 8x8 position with items on and the given hands (no item cells left on the map)."""
    h = np.zeros((8, 8), dtype=np.int16) if heights is None else np.asarray(heights, dtype=np.int16)
    gm = GameMap(heights=h, spawns=(((0, 0),), ((7, 7),)))
    return ShachangGame(gm, preset="standard", mode=mode, players=2,
                        setup={"units": units, "reserve": [0, 0], "current": current},
                        items=True, item_seed=5, item_setup={"cells": [], "hands": hands})


UNITS = [[0, "c3", 4, "settled"], [0, "b2", 2, "settled"], [1, "e5", 3], [1, "h8", 2]]


def star_items_game(units, hands, mode="tabletop") -> StarGame:
    m = generate_star(rules.preset("star"), 2, 0, flat=True)
    setup = {"units": units, "reserve": [0, 0], "current": 0, "explored": "all"}
    return StarGame(GameMap(np.zeros((17, 17), dtype=np.int16), m.spawns), preset="star", mode=mode, players=2,
                    setup=setup, items=True, item_seed=5, item_setup={"cells": [], "hands": hands})


def start(app, g, seats=("human", "easy")):  # noqa: F811
    app.start_game(g, list(seats))
    step(app, 2)
    if isinstance(app.scene, HandoverScene):
        key(app, pygame.K_SPACE)
        step(app)
    return app.find(GameScene)


def card_rect(sc, kind):
    for r, c in sc.items.strip.hits:
        if c.step is not None and c.step.value == f"item:{kind}":
            return r
    raise AssertionError(f"no card {kind} in the strip: {[c.title for _, c in sc.items.strip.hits]}")


def end_turn(app):  # noqa: F811
    """The player ends the turn (confirming if asked) and the hand-over screen hides the board (S20a)."""
    from client.scenes.modals import ConfirmModal

    key(app, pygame.K_RETURN)
    if isinstance(app.scene, ConfirmModal):
        key(app, pygame.K_RETURN)
    assert isinstance(app.scene, HandoverScene)


def hand_over(app, sc):  # noqa: F811
    """The next player takes the screen: the titles of the face-up cards and the face-down piles."""
    key(app, pygame.K_SPACE)
    step(app, 2)
    return ([c.title for _, c in sc.items.strip.hits if not c.face_down],
            [c for _, c in sc.items.strip.hits if c.face_down])
