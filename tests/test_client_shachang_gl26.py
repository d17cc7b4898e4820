"""沙场秋点兵 in the GL window (issue 26): a click behind a tall stack picks the cell under the pointer."""
from __future__ import annotations

import dataclasses

import pygame

from client.games.shachang.scene import GameScene
from tests.client_util import on_stack, position, post_click, step


GLAPP_SIZE = (1024, 640)  # the conftest fixture ``glapp``'s window


def test_a_click_on_a_tall_stacks_side_marches_to_the_cell_behind_it(glapp):
    app = glapp
    g = position([[0, "d3", 8], [1, "h8", 1]], mode="tabletop")
    app.start_game(g, ["human", "human"])
    step(app)
    scene = app.find(GameScene)
    step(app, 3)
    stack = (2, 3)
    base_pos = on_stack(scene, stack, 0.5, app)
    side_pos = on_stack(scene, stack, 5, app)
    post_click(app, base_pos)  # near its base: the stack is picked and selected
    assert scene.ctl.selected == stack
    # the pointer on the stack's side, five soldiers up: the cell behind it is hovered, the stack fades
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=side_pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)
    behind = scene.ctl.hover
    assert behind not in (None, stack) and behind in scene.ctl.overlays().reachable
    assert scene.ctl.see_through == (stack,) and scene.frame.overlays.faded == [stack]
    # without the stack the renderer picks that same cell there: it is the cell under the pointer
    bare = dataclasses.replace(scene.frame, units=[u for u in scene.frame.units if u.cell != stack])
    assert app.display.pick(side_pos[0], side_pos[1], bare, scene.camera()) == behind
    post_click(app, side_pos)  # the click marches there (before: it picked the stack and dropped the selection)
    assert str(g.log[-1]) == f"march d3 {scene.ctl.cell_name(behind)} 8"
    # the stack's top still picks the stack
    step(app, 3)
    new = behind
    assert scene.pick(on_stack(scene, new, 8, app)) == new
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 200), rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    assert scene.ctl.see_through == ()
