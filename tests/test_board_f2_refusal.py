"""F2 in a board game said nothing and dropped the refusal on the status line: the notice "language: 中文", worded in
the new language, was taken for a line of the old one and cleared at once, the refusal with it, so a refusal could not
be read in the other language (new-player QA, session 19, checking 百格西洋棋's refusals). Now the notice shows for a
while, then the refusal comes back in the language shown, naming its rule; a new selection drops it as before."""
from __future__ import annotations

import time

import pygame

from client import i18n
from engine import registry
from tests.boards_util import key, make_app


def _refused(cleanup):
    app = make_app("dummy", "baige", ["human", "human"], "flat", game=registry.get("baige").new_game(), size=(1024, 640))
    sc = app.scene
    sc.click(sc.plugin.cell("e3"))
    sc.click(sc.plugin.cell("e2"))
    app.step(0.016)
    assert sc.status_text("en") == "ferz e3-e2: a ferz moves one square diagonally [ferz move]"
    return app, sc


def test_f2_shows_the_notice_then_the_refusal_in_the_other_language(cleanup):
    app, sc = _refused(cleanup)
    try:
        key(app, pygame.K_F2)
        assert sc.status_text("zh") == i18n.t("lang_switched") == "语言：中文"
        sc.message_until = time.perf_counter() - 0.01  # the notice's time is up
        app.step(0.016)
        app.step(0.016)
        assert sc.status_text("zh") == "士 e3-e2：士斜走一格 [士的走法]" and sc.refusal_rule() == "ferz move"
    finally:
        i18n.set_lang("en")


def test_a_new_selection_under_the_notice_drops_the_refusal(cleanup):
    app, sc = _refused(cleanup)
    try:
        key(app, pygame.K_F2)
        sc.click(sc.plugin.cell("e4"))  # a pawn selected: the refusal was about another selection
        app.step(0.016)
        sc.message_until = time.perf_counter() - 0.01
        app.step(0.016)
        app.step(0.016)
        assert not sc.message_bad and "士斜走一格" not in sc.status_text("zh")
    finally:
        i18n.set_lang("en")
