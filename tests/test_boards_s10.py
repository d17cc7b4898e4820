"""Session 10 QA of the board games (issue 26, first minutes): what a new player saw wrong, each driven through
the window's clicks."""
from __future__ import annotations

import numpy as np
import pytest

from engine.baige import BaigeGame
from tests.board_px import THRESHOLD
from tests.boards_util import click_cell, make_app

CHOOSER_DISC = np.array((245, 235, 210))  # client/scenes/modals.py ChooserModal: every option is an ivory disc


@pytest.mark.parametrize("renderer,driver", [("flat", "dummy"), ("gl", "offscreen")])
@pytest.mark.parametrize("fen,src,dst", [
    ("5k4/10/10/10/10/10/10/10/2p7/5K4 b - - 0 1", "c2", "c1"),  # Black's pawn: its names were ivory on ivory
    ("5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1", "a9", "a10"),
])
def test_promotion_chooser_names_are_drawn_readably_for_both_sides(cleanup, renderer, driver, fen, src, dst):
    """C4/C5: the promotion chooser opened by two clicks shows each piece's name on its disc for White and for
    Black (Black's ivory ink on the ivory disc left four blank discs)."""
    g = BaigeGame(fen)
    app = make_app(driver, "baige", ["human", "human"], renderer, game=g)
    sc = app.scene
    geo = sc.plugin.geometry
    click_cell(app, geo.parse(src))
    click_cell(app, geo.parse(dst))
    assert sc.modal.kind == "choose" and "q" in sc.modal.rects
    app.step(0.016)
    pic = app.display.screenshot().astype(np.int16)
    for value, r in sc.modal.rects.items():
        cx, cy = r.centerx, r.y + 40  # the disc's centre (the box is 80x100 round a 30 px disc)
        inner = pic[cy - 18:cy + 18, cx - 18:cx + 18]
        ink = (np.abs(inner - CHOOSER_DISC).max(axis=2) > THRESHOLD).sum()
        assert ink > 60, f"{value}: {ink} pixels of the name drawn on the disc"
