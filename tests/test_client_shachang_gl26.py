"""沙场秋点兵 in the GL window (issue 26): a click behind a tall stack picks the cell under the pointer."""
from __future__ import annotations

import dataclasses

import pygame

from client.games.shachang.scene import GameScene
from tests.client_util import key, on_stack, position, post_click, step


GLAPP_SIZE = (1024, 640)  # the conftest fixture ``glapp``'s window


def eight_on_d3(app):
    """A hot-seat tabletop game with P1's 8 soldiers on d3 in the GL window: (game, scene, the stack's cell)."""
    g = position([[0, "d3", 8], [1, "h8", 1]], mode="tabletop")
    app.start_game(g, ["human", "human"])
    step(app)
    scene = app.find(GameScene)
    step(app, 3)
    return g, scene, (2, 3)


def test_a_click_on_a_tall_stacks_side_marches_to_the_cell_behind_it(glapp):
    app = glapp
    g, scene, stack = eight_on_d3(app)
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


def test_a_click_on_an_own_stacks_side_with_nothing_selected_selects_it(glapp):
    # the pointer looks past the stack's side to the empty cell behind it; with nothing selected that click
    # said "select one of your units first": it now means the stack it was on
    app = glapp
    g, scene, stack = eight_on_d3(app)
    side_pos = on_stack(scene, stack, 5, app)
    behind = scene.pick(side_pos)
    assert behind not in (None, stack) and scene.passed == (stack,)  # the pick itself still looks past it
    assert scene.ctl.selected is None
    post_click(app, side_pos)
    assert scene.ctl.selected == stack
    assert not scene.message_bad
    post_click(app, side_pos)  # now selected: the same click marches to the cell behind (issue 26)
    assert str(g.log[-1]) == f"march d3 {scene.ctl.cell_name(behind)} 8"


def test_a_drag_from_an_own_stacks_side_marches_it(glapp):
    app = glapp
    g, scene, stack = eight_on_d3(app)
    side_pos = on_stack(scene, stack, 5, app)
    target = on_stack(scene, (3, 3), 0, app)  # d4's top, in front of the stack
    assert scene.pick(target) == (3, 3)
    for ev in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
        pos = side_pos if ev == pygame.MOUSEBUTTONDOWN else target
        kw = {"pos": pos, "rel": (0, 0), "buttons": (1, 0, 0)} if ev == pygame.MOUSEMOTION else {"pos": pos, "button": 1}
        pygame.event.post(pygame.event.Event(ev, **kw))
        step(app)
    assert str(g.log[-1]) == "march d3 d4 8"


def test_in_first_person_q_and_e_turn_the_view_and_zoom_keys_leave_the_map_camera_alone(glapp):
    # in first person Q/E and +/- moved the map camera hidden behind it: nothing showed until first person was left,
    # and then the map view had turned or zoomed (the camera QA of session 18); Q/E now turn the eye like the arrows
    app = glapp
    g, scene, stack = eight_on_d3(app)
    scene.ctl.select(stack)
    key(app, pygame.K_v)
    fp = scene.fp_cam
    assert fp is not None
    cam = scene.cam
    before = (cam._goal_distance, cam._goal_yaw, cam._goal_target)
    yaw = fp.yaw
    key(app, pygame.K_e)
    key(app, pygame.K_PLUS)
    key(app, pygame.K_MINUS)
    step(app, 30)
    assert (cam._goal_distance, cam._goal_yaw, cam._goal_target) == before
    assert abs((fp.yaw - yaw) % 360.0 - 20.0) < 0.5  # E: 20 degrees to the right, as the right arrow
    key(app, pygame.K_q)
    step(app, 30)
    assert abs((fp.yaw - yaw) % 360.0) < 0.5
    key(app, pygame.K_v)
    assert scene.fp_cam is None and (cam._goal_distance, cam._goal_yaw, cam._goal_target) == before
