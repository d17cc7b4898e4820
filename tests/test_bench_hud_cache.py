"""沙场秋点兵's side panel in two cached parts (issue 27, client/games/shachang/hud.py ``side_panel``): the body
(players, totals, the selected unit) does not depend on the hovered cell, the part under it (sight line,
hovered cell) does. An unchanged panel redraws nothing, a hover change redraws only the hover part, and the
pictures equal the panel drawn in one piece without a cache (the way it was drawn before)."""
from __future__ import annotations

import pygame
import pytest

from client.display import Display
from client.games.shachang import hud
from client.ui import widgets
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
    n = {"body": 0, "hover": 0}
    body, hover = hud._side_body, hud._side_hover

    def count_body(*a, **k):
        n["body"] += 1
        return body(*a, **k)

    def count_hover(*a, **k):
        n["hover"] += 1
        return hover(*a, **k)

    monkeypatch.setattr(hud, "_side_body", count_body)
    monkeypatch.setattr(hud, "_side_hover", count_hover)
    monkeypatch.setattr(widgets, "_boxed_cache", {})
    return n


@pytest.mark.parametrize("gl_layout", [True, False], ids=["gl-overlay", "window"])
def test_the_cached_side_panel_equals_the_one_piece_panel_at_every_hover(app, monkeypatch, gl_layout):
    monkeypatch.setattr(widgets, "_boxed_cache", {})
    g, scene = hot_seat(app, UNITS)
    ctl = scene.ctl
    make = (lambda: Display._ui_surface(1280, 720)) if gl_layout else (lambda: pygame.Surface((1280, 720)))
    rect = pygame.Rect(934, 44, 340, 640)
    seen_sight = False
    for sel in (None, (2, 2), (0, 0)):
        ctl.selected = sel
        for hv in HOVERS:
            ctl.hover = hv
            seen_sight |= ctl.sight() is not None
            a, b = make(), make()
            ra = hud.side_panel(a, scene, rect)
            rb = _one_piece(b, scene, rect)
            assert ra == rb, (sel, hv)
            assert _pixels(a) == _pixels(b), (sel, hv)
    assert seen_sight  # the sight panel (S5) was among the pictures compared


def test_an_unchanged_panel_redraws_nothing_and_a_hover_change_only_the_hover_part(app, counted):
    g, scene = hot_seat(app, UNITS)
    ctl = scene.ctl
    ctl.selected = (2, 2)
    ctl.hover = (2, 4)
    surf = Display._ui_surface(1280, 720)
    rect = pygame.Rect(934, 44, 340, 640)
    counted.update(body=0, hover=0)  # (the frames of the set-up drew the panel too)
    hud.side_panel(surf, scene, rect)
    assert counted == {"body": 1, "hover": 1}
    hud.side_panel(surf, scene, rect)
    assert counted == {"body": 1, "hover": 1}  # nothing changed: nothing drawn
    ctl.hover = (5, 2)
    hud.side_panel(surf, scene, rect)
    assert counted == {"body": 1, "hover": 2}  # the mouse moved: only the part under the body
    ctl.hover = None
    hud.side_panel(surf, scene, rect)
    assert counted == {"body": 1, "hover": 3}
    ctl.selected = (0, 0)  # another unit: both parts (the body's unit rows, the sight line's source)
    hud.side_panel(surf, scene, rect)
    assert counted == {"body": 2, "hover": 4}


def test_in_the_app_frames_with_a_still_mouse_redraw_no_side_panel_part(app, counted):
    g, scene = hot_seat(app, UNITS)
    scene.ctl.select((2, 2))
    step(app, 3)
    before = dict(counted)
    assert before["body"] >= 1
    step(app, 5)
    assert counted == before
