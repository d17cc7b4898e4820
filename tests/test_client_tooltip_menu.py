"""The hover box is not drawn under the Esc menu (issue 26: it stayed drawn there, over the menu's dimmed game); it
comes back, after its usual rest, once the menu closes."""
from __future__ import annotations

import time

import pygame

from client.scenes.menu import MenuScene
from tests.client_util import cell_px, key, position, step


def test_no_hover_box_under_the_esc_menu(app):
    g = position([[0, "d4", 7], [1, "d7", 2]])
    app.start_game(g, ["human", "random"])
    step(app)
    scene = app.scene
    pos = cell_px(app, (3, 3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)
    time.sleep(scene.TIP_DELAY + 0.05)
    step(app, 2)
    assert scene._tip["shown"] and scene._tip["cell"] == (3, 3)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    step(app, 2)
    assert scene._tip["cell"] is None and not scene._tip["shown"]
    time.sleep(scene.TIP_DELAY + 0.05)
    step(app, 2)
    assert not scene._tip["shown"]  # however long the mouse rests under the menu
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    step(app, 2)
    time.sleep(scene.TIP_DELAY + 0.05)
    step(app, 2)
    assert scene._tip["shown"] and scene._tip["cell"] == (3, 3)
