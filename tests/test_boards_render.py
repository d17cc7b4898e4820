"""Flat boards drawn by the ModernGL renderer (headless EGL) and the pygame renderer: pixel checks at
projected cell centres (a piece's side colour on its ring, a highlighted legal-move cell, a face-down back)."""
from __future__ import annotations

import os

import numpy as np
import pygame
import pytest

from client.games import make_plugin
from engine.api import Step
from client.boards.model import BACK, rgb255
from client.render.flat_board import FlatBoardRenderer
from engine import registry
from engine.anqi.game import setup
from tests.boards_util import gl_board_renderer

RING_MID = 0.36  # cells from a token's centre: the middle of its ring band
W, H = 800, 600


def baige_view():
    g = registry.get("baige").new_game()
    a = make_plugin(g)
    return a, a.view(0, (Step("cell", "e4"),))


def anqi_view():
    g = setup({"e5": "汉帝", "h5": "吴君", "e8": "魏君", "e2": "蜀君", "c3": "吴炮", "c6": "魏马"},
              hidden={"c4": "魏兵", "g7": "蜀兵"})
    a = make_plugin(g)
    return a, a.view(0, (Step("cell", "c3"),))


def near(img, px, colour, tol=14, r=1):
    """Whether some pixel within r of px has ``colour`` (each channel within tol)."""
    x, y = int(round(px[0])), int(round(px[1]))
    patch = img[max(0, y - r):y + r + 1, max(0, x - r):x + r + 1].reshape(-1, 3).astype(int)
    d = np.abs(patch - np.array(colour)).max(axis=1)
    return int(d.min()) <= tol, patch[int(d.argmin())].tolist()


# ------------------------------------------------------------------ GL
@pytest.fixture(scope="module")
def gl():
    yield from gl_board_renderer(W, H)


def gl_draw(r, view, pitch, yaw=0.0, save=None):
    from client.render.gl_board import BoardCamera

    cam = BoardCamera(view.geometry.bounds(), pitch=pitch, yaw=yaw)
    cam.set_viewport((W, H), (0, 0, W, H))
    r.draw(view, cam)
    img = r.screenshot()
    if save:
        from PIL import Image

        Image.fromarray(img).save(save)
    return img, cam


def px(cam, view, cell, dx=0.0, dz=0.0, y=0.0):
    x, z = view.geometry.center(cell)
    return cam.project([(x + dx, y, z + dz)])[0][:2]


@pytest.mark.parametrize("pitch,yaw", [(90, 0), (50, 0), (50, 180), (60, 35)])
def test_gl_baige_pieces_and_targets(gl, pitch, yaw):
    from client.render.gl_board import TOKEN_H

    a, view = baige_view()
    img, cam = gl_draw(gl, view, pitch, yaw)
    g = a.geometry
    # each side's ring colour on its tokens (White ivory pieces, Black dark ones: issue 12)
    white, black = view.piece_at(g.parse("a1")), view.piece_at(g.parse("j10"))
    assert min(white.body) > 0.8 and max(black.body) < 0.25  # ivory and dark
    for pc in (white, black):
        assert not (pc.ink[0] > 0.5 and pc.ink[1] < 0.3)  # no red names: this is chess
    for name, ink in (("a1", view.piece_at(g.parse("a1")).ring_rgb), ("j10", view.piece_at(g.parse("j10")).ring_rgb),
                      ("f7", view.piece_at(g.parse("f7")).ring_rgb)):
        for dx, dz in ((RING_MID, 0), (-RING_MID, 0), (0, RING_MID)):
            ok, got = near(img, px(cam, view, g.parse(name), dx, dz, TOKEN_H), rgb255(ink))
            assert ok, (name, dx, dz, got, rgb255(ink))
    # the legal targets e5 and e6 are tinted green (off the centre dot); a non-target stays plain
    for name in ("e5", "e6"):
        ok, got = near(img, px(cam, view, g.parse(name), 0.3, 0.3), rgb255(view.cell_rgb(g.parse(name))))
        assert ok and view.marks[g.parse(name)] == "move", (name, got)
    ok, got = near(img, px(cam, view, g.parse("d6"), 0.3, 0.3), rgb255(view.cell_rgb(g.parse("d6"))))
    assert ok and g.parse("d6") not in view.marks
    assert img[2, 2].tolist() == list(rgb255((0.09, 0.10, 0.12)))  # background


def test_gl_picking_round_trips(gl):
    from client.render.gl_board import GLBoardRenderer

    a, view = baige_view()
    for pitch, yaw in ((90, 0), (50, 180)):
        img, cam = gl_draw(gl, view, pitch, yaw)
        for cell in ((0, 0), (9, 9), (6, 4), (4, 7)):
            x, y = GLBoardRenderer.cell_px(cell, view, cam)
            assert GLBoardRenderer.pick(x, y, view, cam) == cell


@pytest.mark.parametrize("pitch", [90, 50])
def test_gl_anqi_backs_sides_and_capture(gl, pitch, tmp_path):
    from client.render.gl_board import TOKEN_H

    a, view = anqi_view()
    img, cam = gl_draw(gl, view, pitch)
    for name in ("c4", "g7"):  # face-down: the blank back colour at the centre
        ok, got = near(img, px(cam, view, a.geometry.parse(name), 0, 0, TOKEN_H), rgb255(BACK))
        assert ok, (name, got)
    p = view.piece_at(a.geometry.parse("e8"))  # 魏君: blue ring
    ok, got = near(img, px(cam, view, a.geometry.parse("e8"), RING_MID, 0, TOKEN_H), rgb255(p.ring_rgb))
    assert ok, got
    c6 = a.geometry.parse("c6")  # the cannon's jump capture: the tile corner is tinted red
    assert view.marks[c6] == "capture"
    ok, got = near(img, px(cam, view, c6, 0.43, 0.43), rgb255(view.cell_rgb(c6)), tol=18)
    assert ok, got
    # a cell off the cross draws nothing but background
    ok, _ = near(img, cam.project([(0.5, 0, 0.5)])[0][:2], rgb255((0.09, 0.10, 0.12)), tol=2)
    assert ok


def test_gl_check_is_highlighted(gl):
    from engine.baige import BaigeGame

    g = BaigeGame("5k4/10/10/10/10/4R5/10/10/10/K9 w - - 0 1")
    a = make_plugin(g)
    g.apply("e5f5")
    view = a.view(1)
    img, cam = gl_draw(gl, view, 90)
    k = a.geometry.parse("f10")
    ok, got = near(img, px(cam, view, k, 0.43, 0.43), rgb255(view.cell_rgb(k)), tol=18)
    assert ok and view.marks[k] == "check", got


# ------------------------------------------------------------------ flat
@pytest.fixture(scope="module")
def surf():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    return pygame.Surface((W, H))


def flat_draw(surf, view):
    r = FlatBoardRenderer()
    surf.fill((23, 25, 30))
    r.draw(surf, view, surf.get_rect())
    return pygame.surfarray.array3d(surf).transpose(1, 0, 2), r


def test_flat_baige_pieces_targets_and_flip(surf):
    a, view = baige_view()
    for flipped in (False, True):
        view.flipped = flipped
        img, r = flat_draw(surf, view)
        g = a.geometry
        a1 = r.cell_px(g.parse("a1"))
        assert (a1[1] > H / 2) != flipped  # White at the bottom unless flipped
        for name in ("a1", "j10", "f7"):
            x, y = r.cell_px(g.parse(name))
            ok, got = near(img, (x + RING_MID * r.scale, y), rgb255(view.piece_at(g.parse(name)).ring_rgb))
            assert ok, (name, got)
        for name in ("e5", "e6"):
            x, y = r.cell_px(g.parse(name))
            ok, got = near(img, (x + 0.3 * r.scale, y + 0.3 * r.scale), rgb255(view.cell_rgb(g.parse(name))), tol=2)
            assert ok, (name, got)
        for cell in ((0, 0), (9, 9), (3, 6)):
            assert r.pick(*r.cell_px(cell)) == cell


def test_flat_anqi_backs_and_sides(surf):
    a, view = anqi_view()
    img, r = flat_draw(surf, view)
    for name in ("c4", "g7"):
        ok, got = near(img, r.cell_px(a.geometry.parse(name)), rgb255(BACK), tol=2)
        assert ok, (name, got)
    x, y = r.cell_px(a.geometry.parse("e8"))
    ok, got = near(img, (x + RING_MID * r.scale, y), rgb255(view.piece_at(a.geometry.parse("e8")).ring_rgb))
    assert ok, got
    x, y = r.cell_px(a.geometry.parse("d3"))
    ok, got = near(img, (x + 0.3 * r.scale, y + 0.3 * r.scale), rgb255(view.cell_rgb(a.geometry.parse("d3"))), tol=2)
    assert ok and view.marks[a.geometry.parse("d3")] == "move", got
    assert r.pick(*r.to_px(0.5, 0.5)) is None  # a9 is off the cross


def test_flat_and_gl_hex_board_draws(surf, gl):
    from client.boards.geometry import HexGeometry
    from client.boards.model import BoardView, Piece

    g = HexGeometry(5, 6)
    view = BoardView(g, [Piece((2, 3), "兵", (0.8, 0.1, 0.1), side=0)], {(1, 1): "move"})
    img, r = flat_draw(surf, view)
    x, y = r.cell_px((2, 3))
    assert near(img, (x + RING_MID * r.scale, y), rgb255((0.8, 0.1, 0.1)))[0]
    assert r.pick(*r.cell_px((4, 5))) == (4, 5)
    img, cam = gl_draw(gl, view, 90)
    from client.render.gl_board import TOKEN_H

    assert near(img, px(cam, view, (2, 3), RING_MID, 0, TOKEN_H), rgb255((0.8, 0.1, 0.1)))[0]


# ------------------------------------------------------------------ the richer board model (client/boards/demo.py)
def gl_at(cam, x, z, y=0.0):
    return cam.project([(x, y, z)])[0][:2]


@pytest.mark.parametrize("hexes", [False, True])
def test_flat_demo_markers_edges_backs_stacks_tracks(surf, hexes):
    from client.boards.demo import demo_view
    from client.boards.model import EDGE_RGB, MARKER_RGB
    from client.render.flat_board import STACK_STEP

    view = demo_view(hexes)
    img, r = flat_draw(surf, view)
    g = view.geometry
    s = r.scale

    def at(x, z):
        return r.to_px(x, z)

    # a marker's colour at its cell: the fire badge in (1, 1)'s top-right corner, disorder next to trench
    x, z = g.center((1, 1))
    assert near(img, at(x + 0.3, z - 0.3 + 0.1), rgb255(MARKER_RGB["fire"]), tol=3)[0]
    x, z = g.center((4, 4))
    assert near(img, at(x + 0.3 - 0.1, z - 0.3), rgb255(MARKER_RGB["disorder"]), tol=3)[0]
    assert near(img, at(x + 0.03, z - 0.3 - 0.08), rgb255(MARKER_RGB["trench"]), tol=3)[0]
    # an edge drawn between two cells: river blue at the middle of their shared side, not elsewhere
    e = view.edges[0]
    (ax, az), (bx, bz) = view.edge_segment(e)
    assert near(img, at((ax + bx) / 2, (az + bz) / 2), rgb255(EDGE_RGB["river"]), tol=3)[0]
    cx, cz = g.center((5, 5))
    assert not near(img, at(cx, cz), rgb255(EDGE_RGB["river"]), tol=3, r=3)[0]
    # a face-down counter shows its back colour (and its square corner, which a disc would not cover)
    back = view.piece_at((2, 4)).back
    x, z = g.center((2, 4))
    assert near(img, at(x, z + 0.2), rgb255(back), tol=3)[0]
    assert near(img, at(x - 0.3, z - 0.3), rgb255(back), tol=3)[0]
    # a stack of three: the top counter is drawn shifted up-left by two steps
    top = view.piece_at((3, 2))
    assert top.glyph == "三"
    x, z = g.center((3, 2))
    k = 2 * STACK_STEP
    assert near(img, at(x - k + 0.36, z - k), rgb255(top.ring_rgb), tol=3)[0]
    # tracks: the marker colour on the box of the track's value, box colour on another box
    for t, boxes, _ in view.track_boxes():
        pos = dict(boxes)
        bx, bz = pos[t.value]
        assert near(img, at(bx, bz + 0.1), rgb255(t.marker), tol=3)[0]
        ox, oz = pos[t.first if t.value != t.first else t.last]
        assert not near(img, at(ox, oz + 0.1), rgb255(t.marker), tol=3)[0]
    # terrain colour on a forest cell
    x, z = g.center((0, 5))
    assert near(img, at(x + 0.25, z + 0.25), rgb255(view.cell_rgb((0, 5))), tol=3)[0]
    assert r.pick(*at(*g.center((4, 4)))) == (4, 4)
    assert s > 10


@pytest.mark.parametrize("hexes", [False, True])
def test_gl_demo_markers_edges_backs_stacks_tracks(gl, hexes):
    from client.boards.demo import demo_view
    from client.boards.model import EDGE_RGB, MARKER_RGB
    from client.render.gl_board import STACK_STEP, TOKEN_H, BoardCamera

    view = demo_view(hexes)
    cam = BoardCamera(view.bounds(), pitch=90)
    cam.set_viewport((W, H), (0, 0, W, H))
    gl.draw(view, cam)
    img = gl.screenshot()
    g = view.geometry
    # the fire marker: a small disc standing above the counter at (1, 1)'s top-right corner
    x, z = g.center((1, 1))
    tall = TOKEN_H * 2 + 0.03
    assert near(img, gl_at(cam, x + 0.3, z - 0.3, tall), rgb255(MARKER_RGB["fire"]), tol=20)[0]
    # the river along the shared side of the first edge's cells
    (ax, az), (bx, bz) = view.edge_segment(view.edges[0])
    assert near(img, gl_at(cam, (ax + bx) / 2, (az + bz) / 2, 0.004), rgb255(EDGE_RGB["river"]), tol=20)[0]
    # the face-down counter's back colour, also in its square corner
    back = view.piece_at((2, 4)).back
    x, z = g.center((2, 4))
    assert near(img, gl_at(cam, x, z + 0.2, TOKEN_H), rgb255(back), tol=20)[0]
    assert near(img, gl_at(cam, x - 0.3, z - 0.3, TOKEN_H), rgb255(back), tol=20)[0]
    # the stack's top counter: raised two heights and shifted up-left
    top = view.piece_at((3, 2))
    x, z = g.center((3, 2))
    k = 2 * STACK_STEP
    assert near(img, gl_at(cam, x - k + 0.36, z - k, 3 * TOKEN_H), rgb255(top.ring_rgb), tol=20)[0]
    # the track marker on its value's box
    t, boxes, _ = view.track_boxes()[0]
    bx, bz = dict(boxes)[t.value]
    assert near(img, gl_at(cam, bx, bz + 0.08, 0.06), rgb255(t.marker), tol=24)[0]
