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


def test_in_first_person_a_click_on_the_minimap_turns_the_eye_and_leaves_the_map_camera_alone(glapp):
    # with the minimap shown in first person (M), a click on it moved the map camera hidden behind the eye: nothing
    # showed until first person was left, and then the map view was elsewhere (left open by the camera QA of session
    # 18); the click now turns the eye to face that cell, level as it was, and the map camera stays
    from engine.shachang import new_game

    app = glapp
    g = new_game(preset="large", seed=3)
    app.start_game(g, ["human", "normal"])
    step(app)
    scene = app.find(GameScene)
    step(app, 3)
    unit = scene.ctl.obs.own_units()[0].cell
    scene.ctl.select(unit)
    key(app, pygame.K_v)
    fp = scene.fp_cam
    assert fp is not None, (app.scene, scene.ctl.selected, scene.ctl.obs.phase, g.current_player)
    assert not scene.show_minimap
    key(app, pygame.K_m)
    step(app, 2)
    assert scene.show_minimap
    cam = scene.cam
    before = (cam._goal_distance, cam._goal_yaw, cam._goal_target)
    pitch = fp.pitch
    r = scene.minimap.rect
    # a cell far to the east of the unit, on the minimap (rows down, columns across)
    target = (unit[0], 63 if unit[1] < 32 else 0)
    k = scene.minimap.size / 64
    pos = (int(r.x + (target[1] + 0.5) * k), int(r.y + (target[0] + 0.5) * k))
    assert scene.minimap.cell_at(pos) == target
    post_click(app, pos)
    step(app, 5)
    assert (cam._goal_distance, cam._goal_yaw, cam._goal_target) == before
    d = fp.direction()
    east = 1.0 if target[1] > unit[1] else -1.0
    assert d[0] * east > 0.9 * (d[0] ** 2 + d[2] ** 2) ** 0.5  # the eye looks along the row, toward the target
    assert fp.pitch == pitch
    key(app, pygame.K_v)
    assert scene.fp_cam is None and (cam._goal_distance, cam._goal_yaw, cam._goal_target) == before
    # back on the map with the unit still selected, the line says what to click for it (it said "click one of your
    # units", seen in the window)
    assert scene.ctl.selected == unit
    assert scene.ctl.status.startswith(f"{scene.ctl.cell_name(unit)} selected"), scene.ctl.status


def test_the_start_view_shows_a_tall_stack_on_the_boards_edge_whole(glapp):
    # on 16x16 (seed 5) the start view cut the left half of the 8-stack in the corner: only the stacks' axes were
    # fitted into the free part of the window (seen in the window, session 19); the whole width of each stack is now
    from client.camera import project
    from client.render.base import Y_SCALE
    from client.render.hex_layout import cell_xz
    from engine.shachang import new_game

    app = glapp
    app.start_game(new_game(preset="medium", seed=5), ["human", "normal"])
    step(app)
    scene = app.find(GameScene)
    step(app, 40)  # the camera comes to rest
    cam = scene.camera()
    w, h = app.display.size
    view, proj = cam.matrices(w / h)
    x0, y0, x1, y1 = scene.usable_rect()
    obs = scene.ctl.obs
    for u in obs.own_units():
        x, z = cell_xz(u.cell, None)
        top = (max(0, int(obs.heights[u.cell])) + u.count) * Y_SCALE
        pts = [(x + dx, y, z + dz) for dx in (-0.4, 0.4) for dz in (-0.4, 0.4) for y in (0.0, top)]
        px = project(view, proj, w, h, pts)
        assert px[:, 0].min() >= x0 * w - 1 and px[:, 0].max() <= x1 * w + 1, (u.cell, px[:, 0].min())
        assert px[:, 1].min() >= y0 * h - 1 and px[:, 1].max() <= y1 * h + 1, (u.cell, px[:, 1].min())
