"""沙场秋点兵, tried as a new player (issue 26 QA): clicks that used to say nothing."""
from __future__ import annotations


import pygame
import pytest

from client.games.shachang.scene import GameScene
from tests.client_util import click, flat_app, hot_seat, key, on_stack, position, post_click, step


GLAPP_SIZE = (1280, 720)  # the conftest fixture ``glapp``'s window


def test_a_click_on_the_side_of_a_tall_stack_on_the_far_edge_selects_it(glapp):
    # the opening of 8x8: P1's 8 soldiers on a1, the board's far corner from P1's camera; the pointer
    # on the stack's side sees no cell behind it, so the click must pick the stack (it said nothing)
    app = glapp
    g = position([[0, "a1", 8], [1, "h8", 1]], mode="tabletop")
    app.start_game(g, ["human", "human"])
    step(app)
    scene = app.find(GameScene)
    step(app, 3)
    stack = (0, 0)
    side = on_stack(scene, stack, 5, app)
    bare = scene.frame.__class__(**{**scene.frame.__dict__, "units": [u for u in scene.frame.units if u.cell != stack]})
    assert app.display.pick(side[0], side[1], bare, scene.camera()) is None  # no cell behind the stack there
    assert scene.pick(side) == stack
    post_click(app, side)
    assert scene.ctl.selected == stack
    assert scene.ctl.see_through == ()


def test_a_refused_take_back_names_g2(app):
    # G2: a take-back never un-learns; the refusal said why but named no rule (F3 had nothing to open)
    g, scene = hot_seat(app, [[0, "a1", 3], [1, "a3", 2], [1, "h8", 1]], mode="tabletop")
    assert scene.ctl.try_apply(g.parse_action("attack a1 a3"))
    step(app)
    n = len(g.log)
    key(app, pygame.K_u)
    assert len(g.log) == n  # refused: the shot stays
    assert scene.refusal_rule() == "G2"
    assert scene.status_text("en").endswith("[G2]")
    assert scene.status_text("en") == "the last action revealed something (new sight or a shot): it stands [G2]"


def test_take_back_with_nothing_to_take_back_names_g2(app):
    g, scene = hot_seat(app, [[0, "a1", 3], [1, "h8", 1]], mode="tabletop")
    key(app, pygame.K_u)
    assert len(g.log) == 0
    assert scene.refusal_rule() == "G2" and scene.status_text("en").endswith("[G2]")


def test_the_english_unit_panel_has_no_chinese_word(app, monkeypatch):
    # the selected unit's panel read "番数 (doublings)" in English: an untranslated word (issue 26)
    from client.games.shachang import hud

    g, scene = hot_seat(app, [[0, "c3", 5], [1, "h8", 1]])
    scene.ctl.select((2, 2))
    drawn = []
    real = hud.text.draw
    monkeypatch.setattr(hud.text, "draw", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
    hud.side_panel(pygame.display.get_surface(), scene, scene.panel_rect)
    assert "doublings" in drawn
    cjk = [s for s in drawn if any("\u4e00" <= ch <= "\u9fff" for ch in str(s))]
    assert cjk == []


def test_the_game_over_box_says_plainly_who_went_out(app):
    # S18: the rank of a player who is out read "out of the game (eliminated 1. of 1)" in English
    from client import i18n
    from tests.client_util import finished

    g, _ = finished(app)
    scene = app.scene
    out = [pl for pl in scene.ranking if pl.out]
    assert len(out) == 1 and out[0].player == 1
    assert i18n.engine_text(out[0].reason) == "out of the game (number 1 of 1 to go out)"


@pytest.fixture
def small_app(tmp_path):
    """A flat 1024x640 window (SDL dummy driver): the smallest size issue 26 asks for."""
    with flat_app(tmp_path, lang="zh", size=(1024, 640)) as a:
        yield a


def test_the_desperate_flight_panel_stays_off_the_board_at_1024x640(small_app):
    # 亡命天涯 on the star (S20h, S20n): at 1024x640 its panel had no room beside the cards and was drawn
    # above them, over the board's southern arm; it goes in the column under the side panel instead
    from client import i18n
    from client.games.shachang import hud
    from tests.items_util import card_rect, px, star_items_game, start

    app = small_app
    try:
        units = [[0, "i5"], [0, "i6"], [0, "e1"], [1, "i8"], [1, "k5"], [1, "l5"], [1, "q1"]]
        g = star_items_game(units, [["wangming", "tonggui", "taoyuan"], ["liu"]])
        scene = start(app, g)
        step(app)
        click(app, card_rect(scene, "wangming").center)
        click(app, px(app, "i6"))
        step(app)
        items = scene.items
        r = items.chooser_rect
        w, h = app.display.size
        assert (w, h) == (1024, 640) and r.w > 0 and r.h > 0
        assert r.left >= w - min(hud.PANEL_W, w // 3) - 6  # in the column right of the board
        assert not r.colliderect(scene.panel_rect) and not r.colliderect(items.rect)
        assert r.bottom <= h - hud.STATUS_H
        assert all(r.contains(b.rect) for b in items.buttons)  # Discard / Cancel inside it
    finally:
        i18n.set_lang("en")


def test_selecting_a_unit_says_what_to_click_next(app):
    # the status line kept "Click one of your units" after a unit was selected: now it says what comes next
    g, scene = hot_seat(app, [[0, "c3", 5], [1, "h8", 1]], mode="tabletop")
    from tests.client_util import click_cell

    click_cell(app, (2, 2))
    assert scene.ctl.selected == (2, 2)
    assert scene.status_text("en") == ("c3 selected: click a cyan cell to march (its number is the steps) or an enemy "
                                       "with a red ring to attack; Esc drops it")


def test_dropping_the_selection_drops_its_hint(app):
    # Esc (or a click on the unit, or a right click) dropped the selection but the line still said "c3 selected:
    # click a cyan cell …" until something else was said (the camera QA of session 18)
    g, scene = hot_seat(app, [[0, "c3", 5], [1, "h8", 1]], mode="tabletop")
    from tests.client_util import click_cell

    for drop in (lambda: key(app, pygame.K_ESCAPE), lambda: click_cell(app, (2, 2)), lambda: click_cell(app, (2, 2), 3)):
        click_cell(app, (2, 2))
        assert scene.ctl.selected == (2, 2) and scene.status_text("en").startswith("c3 selected")
        drop()
        assert scene.ctl.selected is None
        assert scene.status_text("en") == "click one of your units; Tab: next unit; F1: help"
    march = (2, 2)
    click_cell(app, march)
    click_cell(app, (2, 4))  # a march keeps its own words, not the hint
    assert g.log and str(g.log[-1]).startswith("march c3 e3")
    assert scene.status_text("en") != "click one of your units; Tab: next unit; F1: help"


@pytest.mark.parametrize("size,expect", [((1280, 720), 180), ((1024, 640), 180), ((640, 400), 128), ((320, 240), 96)])
def test_the_minimap_shrinks_in_a_small_window(tmp_path, size, expect):
    # the minimap kept its 180-200 px in any window: at 640x400 it covered a third of the width and half the board's
    # height (the camera QA of session 18); a window of 1024x640 or more keeps the full size
    from client.games.shachang import hud
    from engine.shachang import new_game

    with flat_app(tmp_path, size=size) as a:
        a.start_game(new_game(preset="large", seed=3), ["human", "normal"])
        step(a, 2)
        scene = a.find(GameScene)
        step(a, 2)
        w, h = a.display.size
        assert scene.minimap.size == expect
        r = scene.minimap.rect
        assert r.size == (expect, expect) and r.left >= 0 and r.bottom <= h - hud.STATUS_H
        assert scene.minimap.cell_at(r.center) is not None  # clicks read the drawn size
