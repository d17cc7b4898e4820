"""Hot seat in 沙场秋点兵: each human seat has its own camera. After a hand-over the next player started with the
last player's camera turn and zoom (3D: only the target was fitted to the new army, the yaw and the framing kept;
both renderers: the last player's pan and zoom were dropped for a home view every turn): where one player looked
told the next where its army or its interest was. Now the camera after a hand-over depends only on that seat's own
history: its start view the first time it plays, then the pose it left; a seat that left in first person comes
back to its strategy view (the flat map camera as it was before first person)."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from client.games.shachang.scene import GameScene
from client.scenes.handover import HandoverScene
from engine import registry
from tests.boards_util import key as bkey, make_app, pass_screens, post, quiet_move
from tests.client_util import end_turn, flat_app, key, position, step

# digital 8x8 under fog: P1 on b2, P2 on g7
UNITS = [[0, "b2", 3, "settled"], [1, "g7", 3, "settled"]]
GLAPP_SIZE = (800, 560)


def pose(cam) -> tuple:
    """Where a map camera looks and will settle: target, distance and turn (3D), or centre and scale (flat)."""
    if hasattr(cam, "tscale"):
        vals = (cam.tx, cam.tz, cam.tscale)
    else:
        vals = (*cam._goal_target, cam._goal_distance, cam._goal_yaw)
    return tuple(np.round(vals, 4))


def start(app, preset=None):
    g = position(UNITS)
    app.start_game(g, ["human", "human"])
    step(app)
    key(app, pygame.K_SPACE)  # P1's hand-over
    sc = app.find(GameScene)
    assert sc.ctl.viewer == 0
    return g, sc


def hand_over(app, sc, seat):
    """The player at the screen marches one soldier (two passes in a row would end the game, S18) and ends its
    turn; the hand-over to ``seat`` is passed: its camera's pose."""
    g = sc.game
    march = next(a for a in g.legal_actions() if getattr(a, "count", 0) == 1 and hasattr(a, "dst"))
    assert sc.ctl.try_apply(march)
    end_turn(app)
    assert isinstance(app.scene, HandoverScene) and app.scene.player == seat
    key(app, pygame.K_SPACE)
    step(app, 3)
    assert sc.ctl.viewer == seat
    return pose(sc.camera())


def look_around(app, sc):
    """The player turns (3D), zooms and pans its map camera."""
    key(app, pygame.K_q)
    key(app, pygame.K_q)
    key(app, pygame.K_PAGEUP)
    key(app, pygame.K_PAGEUP)
    sc.cam.pan(1.5, -1.0)  # (a drag of the map)
    step(app, 40)


def check_own_cameras(app):
    g, sc = start(app)
    p1_start = pose(sc.camera())
    p2_start = hand_over(app, sc, 1)  # P1 did not touch its camera: P2's start view
    hand_over(app, sc, 0)
    assert pose(sc.camera()) == p1_start

    g, sc = start(app)  # the same game again; now P1 looks around before ending its turn
    look_around(app, sc)
    p1_left = pose(sc.camera())
    assert p1_left != p1_start
    assert hand_over(app, sc, 1) == p2_start, "P2 started with P1's camera"
    look_around(app, sc)
    key(app, pygame.K_q)
    step(app, 40)
    p2_left = pose(sc.camera())
    assert hand_over(app, sc, 0) == p1_left, "P1 did not get back its camera as it left it"
    assert hand_over(app, sc, 1) == p2_left, "P2 did not get back its camera as it left it"


def test_flat_each_seat_has_its_own_camera(tmp_path):
    with flat_app(tmp_path) as app:
        check_own_cameras(app)


def test_gl_each_seat_has_its_own_camera(glapp):
    check_own_cameras(glapp)


def test_flat_a_seat_that_left_in_first_person_comes_back_to_its_map_view(tmp_path):
    with flat_app(tmp_path) as app:
        g, sc = start(app)
        look_around(app, sc)
        p1_left = pose(sc.camera())
        sc.ctl.select((1, 1))
        key(app, pygame.K_v)  # first person from b2 (flat: the map zoomed onto the unit)
        step(app, 20)
        assert sc.ctl.first_person and pose(sc.camera()) != p1_left
        hand_over(app, sc, 1)
        assert not sc.ctl.first_person
        assert hand_over(app, sc, 0) == p1_left and not sc.ctl.first_person


# ---------------------------------------------------------------- the board games' hand-over (三国演弈揭棋)
def board_view(sc) -> tuple:
    cam = sc.camera
    return (round(sc.yaw, 3), round(sc.view_pitch, 3),
            None if cam is None else (round(cam._goal[0], 3), round(cam._goal[1], 3), round(cam.zoom, 3)))


@pytest.mark.parametrize("driver, renderer", [("dummy", "flat"), ("offscreen", "gl")])
def test_board_game_each_seat_has_its_own_view(cleanup, driver, renderer):
    """吴 turns the board (F), tilts it to the top view (V), turns the GL camera (Q) and zooms in; after the
    hand-over 魏 saw the board in 吴's tilt and zoom (only the turn was set for it). Now 魏 gets its start view, and
    吴 its own view back."""
    g = registry.get("sanguo").new_game(variant="jieqi", seed=3)
    app = make_app(driver, "sanguo", ["human", "human", "easy"], renderer, size=(1280, 720), game=g)
    sc = app.scene
    pass_screens(app)
    app.step(0.016)
    start_a = board_view(sc)
    for k in (pygame.K_f, pygame.K_v, pygame.K_q):
        bkey(app, k)
    if renderer == "gl":
        post(pygame.MOUSEMOTION, pos=sc.board_rect.center, rel=(0, 0), buttons=(0, 0, 0))
        post(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)
    for _ in range(60):
        app.step(0.016)
    left_a = board_view(sc)
    assert left_a != start_a
    sc.play(quiet_move(g))
    app.step(0.016)
    pass_screens(app)  # 魏 takes the screen
    app.step(0.016)
    assert sc.viewer() == 1
    b = board_view(sc)
    assert b[0] == sc.plugin.bottom_seat_yaw(1) and b[1] == sc.angled_pitch, b
    if renderer == "gl":
        assert b[2] == (sc.angled_pitch, sc.plugin.bottom_seat_yaw(1), 1.0), b
    sc.play(quiet_move(g))
    for _ in range(300):  # the computer (蜀) moves, then the hand-over to 吴
        app.step(0.016)
        sc.wait_for_computer(5.0)
        if getattr(app.app.scene, "kind", None) == "handover":
            break
    pass_screens(app)
    app.step(0.016)
    assert sc.viewer() == 0 and board_view(sc) == left_a
