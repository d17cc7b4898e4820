"""Session 10 QA of 百格西洋棋 (issue 26), driven through clicks: a draw's game-over box says why once ("… (D3).
Draw", not "draw: … (D3). Draw") in both languages, and the banner strikes through nobody at a draw (both seats
struck through read as both having lost); a win strikes through the loser only."""
from __future__ import annotations

import numpy as np

from client.i18n import set_lang
from client.ui import widgets
from engine.baige import BaigeGame
from tests.boards_util import click_cell, make_app


def banner_strike_px(app) -> int:
    """Pixels of the strike-through colour in the top banner of the window drawn now."""
    app.step(0.016)
    img = app.display.screenshot()[:52]
    return int(np.all(img == np.array(widgets.BAD, dtype=np.uint8), axis=-1).sum())


def test_bare_kings_draw_reads_once_and_strikes_nobody(cleanup):
    # D3: the white king takes the last black rook, only the two kings are left
    g = BaigeGame("4k5/10/10/10/10/10/10/10/3r6/4K5 w - - 0 1")
    app = make_app("dummy", "baige", ["human", "human"], "flat", game=g, size=(1024, 640))
    sc = app.scene
    assert banner_strike_px(app) == 0
    click_cell(app, sc.plugin.cell("e1"))
    click_cell(app, sc.plugin.cell("d2"))
    assert g.is_over and app.app.scenes[-1].kind == "over"
    over = app.app.scenes[-1]
    assert over.reason() == "only the two kings are left (D3). Draw"
    set_lang("zh")
    try:
        assert over.reason() == "只剩两王（D3）。和棋"
    finally:
        set_lang("en")
    assert sc.plugin.out_seats() == set() and banner_strike_px(app) == 0


def test_a_win_strikes_the_loser_only(cleanup):
    g = BaigeGame("k9/4Q5/1K8/10/10/10/10/10/10/10 w - - 0 1")
    app = make_app("dummy", "baige", ["human", "human"], "flat", game=g, size=(1024, 640))
    sc = app.scene
    click_cell(app, sc.plugin.cell("e9"))
    click_cell(app, sc.plugin.cell("b9"))  # mate
    assert g.is_over and app.app.scenes[-1].reason().startswith("Black is checkmated. White wins")
    assert sc.plugin.out_seats() == {1} and banner_strike_px(app) > 0
