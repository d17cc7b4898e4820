"""Scene tests of the flat renderer: known small boards, pixel checks at projected cell positions."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from client.render.base import Frame, Overlays, UnitMark
from client.render.flat import BLOCK_RED, UNEXPLORED, FlatCamera, FlatRenderer, player_rgb


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.font.init()
    yield


def render(frame: Frame, size=(640, 480)):
    r = FlatRenderer(*size)
    n = frame.heights.shape[0]
    cam = FlatCamera(n, *size)
    r.load_board(frame.heights.shape)
    r.draw(frame, cam)
    return r, cam, r.screenshot()


def px(cam, cell, dx=0.0, dy=0.0):
    x, y = cam.to_screen(cell[1] + 0.5 + dx, cell[0] + 0.5 + dy)
    return int(y), int(x)


def board(n=8):
    h = np.zeros((n, n), dtype=np.int16)
    return h, np.ones((n, n), bool), np.ones((n, n), bool)


def test_fog_unexplored_black_and_explored_dim():
    h, vis, exp = board()
    h[:] = 2
    vis[:, 4:] = False
    exp[:, 6:] = False
    frame = Frame(np.where(exp, h, -1), vis, exp, units=[])
    _, cam, img = render(frame)
    lit = img[px(cam, (3, 1))].astype(int)
    dim = img[px(cam, (3, 5))].astype(int)
    dark = img[px(cam, (3, 7))].astype(int)
    assert tuple(dark) == UNEXPLORED
    assert lit.sum() > 2 * dim.sum() > 0, (lit, dim)
    # dim cells are desaturated: channels closer together than in the lit cell
    assert np.ptp(dim) < np.ptp(lit)


def test_fog_off_draws_everything():
    h, vis, exp = board()
    vis[:] = False
    frame = Frame(h, vis, exp, units=[], fog=False)
    _, cam, img = render(frame)
    assert img[px(cam, (4, 4))].astype(int).sum() > 200


@pytest.mark.parametrize("owner", [0, 1, 3])
def test_unit_colour_where_a_stack_stands(owner):
    h, vis, exp = board()
    frame = Frame(h, vis, exp, units=[UnitMark((2, 5), owner, 1, "enemy" if owner else "ready")])
    _, cam, img = render(frame)
    got = img[px(cam, (2, 5), dx=-0.22)].astype(int)
    want = np.array(player_rgb(owner))
    assert np.abs(got - want).max() <= 12, (got, want)
    # the empty neighbour is terrain, not the player's colour
    assert np.abs(img[px(cam, (2, 3))].astype(int) - want).max() > 40


def test_tall_stack_shows_tokens_and_count():
    h, vis, exp = board()
    frame = Frame(h, vis, exp, units=[UnitMark((4, 4), 1, 8, "enemy")])
    r = FlatRenderer(800, 800)
    cam = FlatCamera(8, 800, 800)
    r.draw(frame, cam)
    img = r.screenshot()
    # the stack rises: the player's colour (darker token rims) above the top disc's centre too
    top = img[px(cam, (4, 4), dx=-0.2, dy=-0.35)].astype(int)
    assert top[2] > top[0], top  # blue-ish: a token of player 2


def test_red_blocking_cell_on_a_blocked_sight_line():
    h, vis, exp = board()
    h[2, 3] = 5  # a wall between b3... and f3
    src, dst = (2, 1), (2, 5)
    rows = []
    from engine.shachang.sight import line_report

    rows = line_report(h, src, dst, 1, 1)
    block = next(r["cell"] for r in rows if r["blocks"])
    assert block == (2, 3)
    o = Overlays(selected=src, sight_src=src, sight_dst=dst, sight_cells=rows, sight_block=block,
                 targets=[], blocked_targets=[dst])
    frame = Frame(h, vis, exp, units=[UnitMark(src, 0, 1), UnitMark(dst, 1, 1, "enemy")], overlays=o)
    _, cam, img = render(frame)
    red = img[px(cam, block, dx=-0.3, dy=0.3)].astype(int)
    assert np.abs(red - np.array(BLOCK_RED)).max() <= 10, red
    # the clear intermediate cells are yellow-tinted, not red
    other = img[px(cam, (2, 2), dx=-0.3, dy=0.3)].astype(int)
    assert other[0] > 150 and other[1] > 150 and np.abs(other - np.array(BLOCK_RED)).max() > 80, other


def test_overlays_reachable_reinforce_and_vision_preview():
    h, vis, exp = board()
    vision = np.zeros((8, 8), bool)
    vision[:4, :4] = True
    o = Overlays(reachable={(5, 5): 1}, reinforce_cells=[(6, 6)], vision=vision)
    frame = Frame(h, vis, exp, units=[], overlays=o)
    _, cam, img = render(frame)
    base = img[px(cam, (1, 1))].astype(int)
    outside = img[px(cam, (7, 1))].astype(int)
    assert outside.sum() < 0.5 * base.sum()  # outside the previewed vision: dark
    # the GL overlay colours (and the texts that name them): reachable cyan, reinforcement green
    reach = img[px(cam, (5, 5), dx=-0.3, dy=0.3)].astype(int)
    green = img[px(cam, (6, 6), dx=-0.3, dy=0.3)].astype(int)
    plain = img[px(cam, (4, 6), dx=-0.3, dy=0.3)].astype(int)
    assert reach[2] > plain[2] + 40 and reach[2] >= reach[1] - 40  # bluish green -> cyan
    assert green[1] > green[2] + 40 and green[1] > green[0] + 40


def test_pick_inverts_the_projection_and_zoom():
    h, vis, exp = board(16)
    frame = Frame(h, vis, exp, units=[])
    r = FlatRenderer(640, 480)
    cam = FlatCamera(16, 640, 480)
    for zoom in (0, 3, -1):
        cam.zoom(zoom)
        cam.jump_to((5, 9))
        cam.snap()
        r.draw(frame, cam)
        for cell in [(5, 9), (4, 8), (6, 10)]:
            y, x = px(cam, cell)
            assert r.pick(x, y, frame, cam) == cell
    assert r.pick(-500, -500, frame, cam) is None


def test_whole_256_board_draws_fast():
    import time

    rng = np.random.default_rng(1)
    h = rng.integers(0, 20, (256, 256)).astype(np.int16)
    vis = rng.random((256, 256)) < 0.3
    exp = vis | (rng.random((256, 256)) < 0.3)
    units = [UnitMark((int(r), int(c)), int(i % 2), 3, "ready") for i, (r, c) in
             enumerate(rng.integers(0, 256, (40, 2)))]
    frame = Frame(np.where(exp, h, -1), vis, exp, units=units)
    r = FlatRenderer(1280, 720)
    cam = FlatCamera(256, 1280, 720)
    r.draw(frame, cam)
    t = time.perf_counter()
    for _ in range(5):
        frame.overlays = Overlays(hover=(10, 10))
        r.draw(frame, cam)
    assert (time.perf_counter() - t) / 5 < 0.05
