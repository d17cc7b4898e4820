"""辛亥革命 at 1024x640 in English (issue 26): a card too long for its face fills every body line there is room for,
the last ending in "…" (it read one line and a line of "…"); a region's name cut by the close-up's edge is moved
inside it, flat and GL (it read "ankou")."""
from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.ui import cards
from client.ui.cards import CardView
from engine.xinhai.game import new_game

from tests.boards_util import click_at, make_app


def test_a_long_card_fills_its_body_lines_before_the_ellipsis():
    pygame.init()
    body = "+3 infantry, 1 cavalry → L-20, K-19"
    card = CardView(title="2nd Mixed Brigade", lines=(body,), corner="7", ink=(0.85, 0.2, 0.2))
    rect = pygame.Rect(0, 0, 92, 90)  # a card of 辛亥革命's strip at 1024x640
    bsize = max(10, min(15, rect.w // 9))
    wrapped = cards.text.wrap(body, bsize, rect.w - 2 * max(3, rect.w // 16))
    assert len(wrapped) >= 3  # more than the card holds
    drawn = []
    real = cards.text.draw

    def spy(s, words, pos, size=16, *a, **k):
        if size == bsize:
            drawn.append(words)
        return real(s, words, pos, size, *a, **k)

    cards.text.draw = spy
    try:
        cards.paint_card(pygame.Surface(rect.size), rect, card)
    finally:
        cards.text.draw = real
    assert not cards.shows_whole(card, rect)
    assert len(drawn) == 2 and drawn[0] == wrapped[0]  # two lines, not one and a line of "…"
    assert drawn[1].endswith("…") and wrapped[1].startswith(drawn[1][:-1].rstrip()) and len(drawn[1]) > 2


def qing_close_up(renderer: str, driver: str):
    app = make_app(driver, "xinhai", ["human", "human"], renderer, game=new_game(seed=1), size=(1024, 640))
    i18n.set_lang("en")
    sc = app.scene
    while sc.game.current_player == 0:
        assert sc.play("pass")
    app.step(0.016)
    click_at(app, (500, 300))  # past the hand-over
    sc.dirty = True
    app.step(0.016)
    return app, sc


@pytest.mark.parametrize("renderer,driver", [("flat", "dummy"), ("gl", "offscreen")])
def test_a_region_name_cut_by_the_close_up_is_moved_inside(cleanup, renderer, driver):
    app, sc = qing_close_up(renderer, driver)
    v = sc.last_board_view
    frame = v.geometry.frame
    assert frame is not None
    caps = {c.text: c for c in v.captions}
    assert "Hankou" in caps
    fx0, fz0, fx1, fz1 = frame
    x, z = sc.plugin.geometry.center(caps["Hankou"].cell)
    assert x - fx0 < 2.5, "the name's hex lies at the close-up's left edge: drawn centred there it was cut"
    if renderer == "gl":
        texts = {t: (tx, tz) for t, tx, tz, *_ in sc.gl._cell_texts(v, (1.0, 0.0))}
        tx, tz = texts["Hankou"]
        assert tx > x and fx0 <= tx
    else:
        real = sc.flat.__class__.draw_cell_texts
        blits = []
        surf = pygame.Surface(app.app.display.size)
        orig_blit = pygame.Surface.blit
        class Spy(pygame.Surface):
            def blit(self, img, r, *a, **k):
                blits.append(pygame.Rect(r) if not isinstance(r, tuple) else pygame.Rect(r, img.get_size()))
                return orig_blit(self, img, r, *a, **k)
        spy = Spy(app.app.display.size)
        real(sc.flat, spy, v)
        (ax, ay), (bx, by) = sc.flat.to_px(fx0, fz0), sc.flat.to_px(fx1, fz1)
        shown = pygame.Rect(int(ax), int(ay), int(bx - ax), int(by - ay))
        big = max(blits, key=lambda r: r.w * r.h)  # the region's name is the largest text
        assert shown.contains(big), (shown, big)


def test_the_last_line_drops_whole_words_before_its_ellipsis():
    pygame.init()
    size = 10
    line = "+3 infantry, 1 cavalry"
    width = cards.text.size_of("+3 infantry, 1 cav", size)[0]  # room for part of "cavalry" only
    got = cards.ellipsis_line(line, size, width)
    assert got == "+3 infantry, 1…"  # not "+3 infantry, 1 ca…"
    assert cards.ellipsis_line("短", size, 200) == "短…"
