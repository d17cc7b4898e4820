"""江山 leftovers of issue 26 found in session 8's second pass: a tally whose text leaves no room for the
"cannot be chosen now" line (无中生有 in English at 1024x640) is still read in the compact box beside the
cards (the line beside its title), not in the large preview over the board."""
from __future__ import annotations

import os

import numpy as np
import pygame
import pytest

from client import i18n
from client.games.base import text as words
from client.scenes.help import HelpScene
from client.ui import text
from tests.boards_util import click_at, key, make_app, wait_human
from tests.jiangshan_util import make
from tests.test_jiangshan_issue26 import TALLIES, board_box, card_rect, hover

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

REFUSAL = (190, 40, 30)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_a_tally_with_the_not_now_line_stays_in_the_compact_box(cleanup, lang, size):
    app = make_app("dummy", "jiangshan", ["human", "hard"], "flat", size=size)
    i18n.set_lang(lang)
    sc = app.scene
    app.step(0.016)
    board = board_box(sc)
    why = i18n.tr("cards_not_now", lang)
    for t in TALLIES:
        hover(app, card_rect(sc, t).center)
        assert sc.cards.hovered is not None and sc.cards.hovered.ident[1] == t
        surf = pygame.Surface(sc.size)
        box = sc.cards.draw_zoom(surf, pygame.Rect(0, 0, *sc.size), why, sc.cards.free)
        assert box is not None and sc.card_rect.contains(box), (size, lang, t, box, sc.card_rect)
        assert not box.colliderect(board) and not box.colliderect(sc.board_rect), (size, lang, t, box)
        assert not box.colliderect(sc.cards.hover_rect)  # beside the card read (over the others: no room left)
        px = pygame.surfarray.pixels3d(surf)[box.x:box.right, box.y:box.bottom]
        red = np.all(np.abs(px.astype(int) - np.array(REFUSAL)) < 12, axis=2)
        assert red.sum() > 20, (lang, t)  # the refusal line is drawn, in its colour


@pytest.mark.parametrize("lang,tail", [("zh", "[原文 行动阶段]"), ("en", "[seed: action phase]")])
def test_a_refusal_names_its_seed_passage_without_english_in_chinese_and_f3_opens_it(cleanup, lang, tail):
    # found in play: the Chinese line read "这是楚的部队：先点自己的部队 [seed 行动阶段]" (an English word; the other
    # games say 原文 since a4dddfe)
    g = make(red=["bow@e3:battle:N", "king@a1"], white=["king@l8", "bow@h6:battle:S"])
    app = make_app("dummy", "jiangshan", ["human", "human"], "flat", game=g, size=(1024, 640))
    i18n.set_lang(lang)
    sc = app.scene
    app.step(0.016)
    click_at(app, sc.cell_pos(sc.plugin.cell("h6")))  # the enemy's unit
    app.step(0.016)
    said = sc.status_text(lang)
    assert sc.message_bad and said.endswith(tail) and sc.refusal_rule() == "seed 行动阶段"
    assert lang == "en" or "seed" not in said
    rect, line, _ = sc._status_drawn
    xs = [x for x in range(rect.x, rect.right + 10, 2) if sc.rule_at((x, rect.centery))]
    assert xs  # the name at the line's end is the reader's link
    key(app, pygame.K_F3)
    assert isinstance(app.app.scene, HelpScene) and app.app.scene.reader().note != "reader.no_refusal"
    key(app, pygame.K_ESCAPE)
    assert app.app.scene is sc


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_after_the_computers_move_the_status_line_says_what_to_do(cleanup, lang):
    # found in play: after the tallies were chosen the line read "楚：选定了虎符" (the computer's pick) while the
    # panel asked for the first action

    app = make_app("dummy", "jiangshan", ["human", "normal"], "flat", size=(1024, 640))
    app.app.opts.ai_delay = 0.0
    app.scene.ai_delay = 0.0
    i18n.set_lang(lang)
    sc = app.scene
    app.step(0.016)
    for t in ("fire", "ruse", "scout"):
        click_at(app, card_rect(sc, t).center)
        app.step(0.016)
    wait_human(app)
    app.step(0.016)
    assert sc.game.stage == "action" and sc.human_turn()
    said = sc.status_text(lang)
    assert said == words(sc.plugin.hint, lang)  # the first action asked for
    assert not said.startswith(sc.plugin.seat_name(1, lang)) and not sc.message_bad
    moves = sc.plugin.move_list(lang)
    assert any(sc.plugin.seat_name(1, lang) in m for m in moves)  # the computer's pick stays in the move list


def _both_holding_tallies():
    """A hot-seat 江山 app at 1280x720 where each side holds three tallies (the enemy's: one pile of backs)."""
    g = make(red=["bow@e3:battle:N", "king@a1"], white=["king@l8"])
    g.st.sides[0].tallies = ["fire", "ruse", "scout"]
    g.st.sides[1].tallies = ["crossing", "formation", "substitute"]
    g._legal = None
    return make_app("dummy", "jiangshan", ["human", "human"], "flat", game=g, size=(1280, 720))


def test_the_enemys_pile_is_titled_whole_when_the_strip_has_room(cleanup):
    # found in play: "Chu's tall…" over the enemy's single pile of backs, with most of the strip empty
    app = _both_holding_tallies()
    i18n.set_lang("en")
    sc = app.scene
    app.step(0.016)
    drawn = []
    real = text.draw
    try:
        text.draw = lambda surf, s, pos, *a, **k: (drawn.append(s), real(surf, s, pos, *a, **k))[1]
        sc.draw(pygame.Surface(sc.size))
    finally:
        text.draw = real
    title = next(r.title for r in sc.card_rows if r.backs)
    assert title in drawn and not any(s.endswith("…") and title.startswith(s[:-1]) for s in drawn)


def test_the_enemys_piles_label_is_drawn_against_the_pile_not_at_the_strips_far_end(cleanup):
    # found in play (session 17): the mouse on the enemy's pile put "楚的虎符 ×3" at the strip's left end, over the
    # strip's title and the first card, half a window from the mouse
    app = _both_holding_tallies()
    sc = app.scene
    app.step(0.016)
    pile = next(r for r, c in sc.cards.hits if c.face_down)
    hover(app, pile.center)
    assert sc.cards.hovered is not None and sc.cards.hovered.face_down
    surf = pygame.Surface(sc.size)
    box = sc.cards.draw_zoom(surf, pygame.Rect(0, 0, *sc.size), "", sc.cards.free)
    assert box is not None and not box.colliderect(pile)
    assert 0 < pile.x - box.right <= 8, (box, pile)  # beside the pile, on the side with room
