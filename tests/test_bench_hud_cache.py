"""沙场秋点兵's side panel in two cached parts (issue 27, client/games/shachang/hud.py ``side_panel``): the body
(players, totals, the selected unit) does not depend on the hovered cell, the part under it (sight line,
hovered cell) does. An unchanged panel redraws nothing, a hover change redraws only the hover part, and the
pictures equal the panel drawn in one piece without a cache (the way it was drawn before)."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from client.display import Display
from client.games.shachang import hud
from client.ui import composed, widgets
from tests.client_util import hot_seat, step

UNITS = [[0, "c3", 5], [0, "a1", 2], [1, "e3", 1], [1, "c6", 3]]
HOVERS = [None, (2, 2), (2, 4), (5, 2), (3, 3), (0, 0), (7, 7), (2, 4), None, (9, 9)]


def _one_piece(surf, scene, rect) -> pygame.Rect:
    """The side panel as it was drawn before the split: both parts on one scratch surface, no cache."""
    def draw(sc, r):
        y = hud._side_body(sc, scene, r)
        y = hud._side_hover(sc, scene, r, y)
        return pygame.Rect(r.x, r.y, r.w, min(r.h, y + 6 - r.y))
    return widgets.boxed(surf, rect, draw, pad=0)


def _pixels(surf) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


@pytest.fixture
def counted(monkeypatch):
    """Counts of the side panel's part draws."""
    n = {"body": 0, "hover": 0, "composed": 0}
    body, hover, part = hud._side_body, hud._side_hover, hud._boxed_part

    def count_body(*a, **k):
        n["body"] += 1
        return body(*a, **k)

    def count_hover(*a, **k):
        n["hover"] += 1
        return hover(*a, **k)

    def count_part(*a, **k):
        n["composed"] += 1
        return part(*a, **k)

    monkeypatch.setattr(hud, "_side_body", count_body)
    monkeypatch.setattr(hud, "_side_hover", count_hover)
    monkeypatch.setattr(hud, "_boxed_part", count_part)
    monkeypatch.setattr(widgets, "_boxed_cache", {})
    monkeypatch.setattr(composed, "_cache", {})
    return n


@pytest.mark.parametrize("gl_layout", [True, False], ids=["gl-overlay", "window"])
def test_the_cached_side_panel_equals_the_one_piece_panel_at_every_hover(app, monkeypatch, gl_layout):
    monkeypatch.setattr(widgets, "_boxed_cache", {})
    g, scene = hot_seat(app, UNITS)
    ctl = scene.ctl
    make = (lambda: Display._ui_surface(1280, 720)) if gl_layout else (lambda: pygame.Surface((1280, 720)))
    seen_sight, clipped = False, set()
    # a tall panel, and short ones that cut the hover part (150, no unit selected) or the body off (as a small
    # window does)
    for rect in (pygame.Rect(934, 44, 340, 640), pygame.Rect(934, 44, 340, 150), pygame.Rect(934, 44, 340, 300)):
        for sel in (None, (2, 2), (0, 0)):
            ctl.selected = sel
            for hv in HOVERS:
                ctl.hover = hv
                seen_sight |= ctl.sight() is not None
                a, b = make(), make()
                ra = hud.side_panel(a, scene, rect)
                rb = _one_piece(b, scene, rect)
                assert ra == rb, (rect, sel, hv)
                assert _pixels(a) == _pixels(b), (rect, sel, hv)
                if ra.h == rect.h:
                    clipped.add(rect.h)
    assert seen_sight  # the sight panel (S5) was among the pictures compared
    assert clipped == {150, 300}  # the cut panels were among them


def test_an_unchanged_panel_redraws_nothing_and_a_hover_change_only_the_hover_part(app, counted):
    g, scene = hot_seat(app, UNITS)
    ctl = scene.ctl
    ctl.selected = (2, 2)
    ctl.hover = (2, 4)
    surf = Display._ui_surface(1280, 720)
    rect = pygame.Rect(934, 44, 340, 640)
    counted.update(body=0, hover=0, composed=0)  # (the frames of the set-up drew the panel too)
    hud.side_panel(surf, scene, rect)
    assert counted == {"body": 1, "hover": 1, "composed": 2}  # on the GL overlay: each part's box composed
    first = _pixels(surf)
    surf.fill((0, 0, 0, 0))
    hud.side_panel(surf, scene, rect)
    assert counted == {"body": 1, "hover": 1, "composed": 2}  # nothing changed: nothing drawn, only copied
    assert _pixels(surf) == first
    ctl.hover = (5, 2)
    hud.side_panel(surf, scene, rect)
    assert counted == {"body": 1, "hover": 2, "composed": 3}  # the mouse moved: only the part under the body
    ctl.hover = None
    hud.side_panel(surf, scene, rect)
    assert counted == {"body": 1, "hover": 3, "composed": 4}
    ctl.selected = (0, 0)  # another unit: both parts (the body's unit rows, the sight line's source)
    hud.side_panel(surf, scene, rect)
    assert counted == {"body": 2, "hover": 4, "composed": 6}


def test_in_the_app_frames_with_a_still_mouse_redraw_no_side_panel_part(app, counted):
    g, scene = hot_seat(app, UNITS)
    scene.ctl.select((2, 2))
    step(app, 3)
    before = dict(counted)
    assert before["body"] >= 1
    step(app, 5)
    assert counted == before


def _marks(draw) -> list:
    """The rects ``draw()`` marks on the UI (``widgets.mark``), with their opaque flags."""
    seen = []
    old = widgets._marker
    widgets.set_marker(lambda r, opaque, content=None: seen.append((tuple(pygame.Rect(r)), opaque)))
    try:
        draw()
    finally:
        widgets.set_marker(old)
    return seen


def _coverage(marks) -> dict:
    """Marked pixels per opaque flag: {opaque: bytes of a 1280x720 mask}."""
    out = {}
    for r, opaque in marks:
        m = out.setdefault(opaque, np.zeros((720, 1280), bool))
        x, y, w, h = r
        m[max(0, y):y + h, max(0, x):x + w] = True
    return {k: v.tobytes() for k, v in out.items()}


def test_the_composed_top_bar_side_panel_and_status_line_equal_the_ones_drawn_on_the_overlay(app, monkeypatch):
    # composed (kept and copied) against widgets.panel + blits on the overlay itself, as before issue 27
    monkeypatch.setattr(widgets, "_boxed_cache", {})
    monkeypatch.setattr(composed, "_cache", {})
    g, scene = hot_seat(app, UNITS)
    ctl = scene.ctl
    rect = pygame.Rect(934, 44, 340, 640)
    long = "a refusal that says a great deal about the rule it names, " * 4
    for sel, hv, hovered_button, status in (((2, 2), (2, 4), 0, ("Your turn.", "")),
                                            (None, None, None, ("", "")),
                                            ((2, 2), (5, 2), 1, (long, "error")),
                                            ((0, 0), None, 0, ("Marched.", "ok"))):
        ctl.selected, ctl.hover = sel, hv
        for i, b in enumerate(scene.top_buttons):
            b.hover = i == hovered_button
        shots = []
        for use in (True, False):
            monkeypatch.setattr(composed, "usable", lambda s, use=use: use)
            surf = Display._ui_surface(1280, 720)
            said = []
            marks = _marks(lambda: (hud.top_bar(surf, scene), hud.side_panel(surf, scene, rect),
                                    said.append(hud.status_line(surf, *status))))
            shots.append((_pixels(surf), marks, said))
        # the same pixels marked, opaque or not (the composed side panel marks its two parts each on its own)
        assert _coverage(shots[0][1]) == _coverage(shots[1][1]), (sel, hv)
        assert shots[0][2] == shots[1][2], status  # the status line's text rect and text
        assert shots[0][0] == shots[1][0], (sel, hv)
    assert len(scene.top_buttons) >= 2


def test_the_gl_app_with_a_still_mouse_composes_and_draws_no_panel_again(glapp, monkeypatch):
    app = glapp
    g, scene = hot_seat(app, UNITS)
    scene.ctl.select((2, 2))
    step(app, 3)
    n = {"drawn": 0}

    def counting(fn):
        def run(*a, **k):
            n["drawn"] += 1
            return fn(*a, **k)
        return run

    for name in ("_side_body", "_side_hover", "_boxed_part", "_buttons_box"):
        monkeypatch.setattr(hud, name, counting(getattr(hud, name)))
    monkeypatch.setattr(composed, "_panel_over", counting(composed._panel_over))
    pixels = composed.pixels
    monkeypatch.setattr(composed, "pixels", lambda surf, slot, key, size, compose:
                        pixels(surf, slot, key, size, counting(compose)))  # any box composed (the status line's)
    step(app, 5)
    assert n["drawn"] == 0
    scene.ctl.hover = None if scene.ctl.hover else (5, 2)  # (as a mouse move sets it)
    app.scene.ctl.select((0, 0))
    step(app)
    assert n["drawn"] > 0  # the counting sees the draws that a change makes
