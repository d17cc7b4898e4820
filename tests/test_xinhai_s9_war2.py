"""辛亥革命 and 江山, session 9's second pass on issue 26 (what the first pass saw and left, and a new player's five
minutes): the GL region names whole and spaced as the font spaces them (漢口 kept 口's left stroke under 漢;
"Hankou" read "H a n k o u"), ..."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from client import i18n
from client.boards.model import BoardView, Caption
from client.games import make_plugin
from engine.xinhai import new_game

from tests.boards_util import click_at, gl_board_renderer, make_app

W, H = 640, 400


@pytest.fixture(scope="module")
def gl():
    yield from gl_board_renderer(W, H)


def caption_ink(gl, captions, size=2.0):
    """The pixels of a top view of the map's middle hex with ``captions`` (texts) written on it, each
    ``size`` hexes tall, in the captions' ink: a boolean picture and the caption's centre in pixels."""
    from client.render.gl_board import BoardCamera

    pl = make_plugin(new_game(seed=0))
    g = pl.geometry
    cell = pl.cell("J-10")
    view = BoardView(g, [])
    view.show_labels = False
    ink = (0.0, 0.0, 0.0)
    view.captions = [Caption(t, cell, size, ink) for t in captions]
    cam = BoardCamera(g.bounds(), pitch=90.0)
    cam.set_viewport((W, H), (0, 0, W, H))
    cam.zoom = 4.0
    gl.draw(view, cam)
    img = gl.screenshot().astype(int)
    x, z = g.center(cell)
    cx, cy = cam.project([(x, 0.0, z)])[0][:2]
    return img.sum(axis=2) < 90, (int(cx), int(cy))


def runs(ink, centre, merge=8) -> list[tuple[int, int]]:
    """The columns with ink within 150 pixels of ``centre`` (the caption's), as runs (first, last); runs less
    than ``merge`` pixels apart are one (漢's two parts)."""
    cx, cy = centre
    cols = ink[cy - 60:cy + 60, cx - 150:cx + 150].any(axis=0)
    out: list[list[int]] = []
    for i in np.nonzero(cols)[0]:
        if out and i - out[-1][1] <= merge:
            out[-1][1] = int(i)
        else:
            out.append([int(i), int(i)])
    return [(a + cx - 150, b + cx - 150) for a, b in out]


def test_the_gl_region_names_keep_every_stroke_and_the_fonts_spacing(gl):
    # 漢口 lost 口's left stroke in GL: a CJK character stepped by 1.1 half-sizes though its glyph is 1.4 wide, so
    # 漢 lay over 口's left stroke and, the labels writing depth (moderngl has no depth mask on the context),
    # hid it; "Hankou" stepped 10 % wider than the font
    ink, c = caption_ink(gl, ["漢口"])
    parts = runs(ink, c)
    assert len(parts) == 2, parts  # 漢 and 口 apart, a gap between them
    (a0, a1), (b0, b1) = parts
    assert b0 - a1 > 2
    alone, _ = caption_ink(gl, ["口"])
    left = runs(alone, c)
    assert len(left) == 1
    width = left[0][1] - left[0][0]
    assert abs((b1 - b0) - width) <= 2  # 口 as wide as 口 alone: its left stroke is there
    # a glyph drawn over another never hides it: 口 written after 漢 at the same place keeps all its ink
    both, _ = caption_ink(gl, ["漢", "口"])
    assert both[alone].mean() > 0.99
    # "Hankou" as the font spaces it: as wide as the font draws the word, at the scale 口口's step gives
    from client.render.gl_board import Atlas
    from client.ui import text as fonts

    px = int(Atlas.SLOT * 0.78)  # the atlas's glyph size
    (a0, a1), (b0, b1) = runs(caption_ink(gl, ["口口"], size=1.0)[0], c)
    scale = ((b0 + b1) - (a0 + a1)) / 2 / fonts.size_of("口", px)[0]  # screen pixels per font pixel
    (w0, _), *_, (_, w1) = runs(caption_ink(gl, ["Hankou"], size=1.0)[0], c)
    cols = np.nonzero((Atlas._mask("Hankou", px) > 8).any(axis=0))[0]
    want = (cols.max() - cols.min() + 1) * scale
    assert abs((w1 - w0 + 1) - want) <= 0.04 * want, (w1 - w0 + 1, want)


def settle(app, n=4):
    for _ in range(n):
        app.scene.dirty = True
        app.step(0.016)


def press_step_button(app, words):
    """Click the panel's button whose label is ``words`` (the decision's own buttons)."""
    sc = app.scene
    hit = [b for b in sc.step_buttons.values() if b.rect.w and b.text() == words]
    assert len(hit) == 1, [b.text() for b in sc.step_buttons.values() if b.rect.w]
    click_at(app, hit[0].rect.center)
    settle(app)


def counter_px(app, cell, dx, dz):
    """The window's pixel (r, g, b) on ``cell``'s counter top, ``dx``/``dz`` cells off its centre."""
    from client.render.gl_board import TOKEN_H

    sc = app.scene
    x, z = sc.last_board_view.geometry.center(cell)
    px, py = sc.camera.project([(x + dx, TOKEN_H, z + dz)])[0][:2]
    return tuple(int(v) for v in app.display.screenshot()[int(round(py)), int(round(px))][:3])


def test_the_units_a_chosen_marker_face_lets_act_stand_out_in_gl(cleanup):
    # the Qing chose 漢口指揮 (hot seat, its first decision): the counters it may now command were a faint
    # lavender tint in GL (a 35 % body mix, the side's blue frame), hard to tell from the others; they are now
    # lavender counters with a lavender frame, the glyph still in the side's ink
    app = make_app("offscreen", "xinhai", ["human", "human"], "gl", game=new_game(seed=0), size=(1280, 720))
    i18n.set_lang("en")
    settle(app)
    sc = app.scene
    assert sc.game.current_player == 1 and sc.using_gl
    press_step_button(app, "Hankou: command")
    v = sc.last_board_view
    picks = [c for c, k in v.marks.items() if k == "special" and v.piece_at(c) is not None]
    others = [p.cell for p in v.pieces if p.cell not in picks and p.side == 1 and p.cell in v.geometry.cells]
    assert picks and others
    lavender = lambda c: c[2] - c[1] > 60 and c[0] - c[1] > 40  # noqa: E731 (purple: blue and red over green)
    area = sc.plugin.board_area(sc.board_rect)
    shown = [c for c in picks if area.collidepoint(sc.cell_pos(c))]
    assert shown
    for cell in shown:
        assert lavender(counter_px(app, cell, 0.29, 0.29)), cell  # the body beside the glyph
        assert lavender(counter_px(app, cell, 0.0, 0.36)), cell  # the frame
    for cell in [c for c in others if area.collidepoint(sc.cell_pos(c))]:
        assert not lavender(counter_px(app, cell, 0.29, 0.29)), cell
