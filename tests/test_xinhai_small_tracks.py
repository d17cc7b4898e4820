"""辛亥革命 at 640x400: the tracks' boxes took two thirds of the board's area beside a map 116 pixels wide (new-player
QA, session 19). In a small window the tracks fold to their values (label, marker, "/ last"), the map keeps over half of
the area; key T shows every box and folds them again (also in a large window, for a larger map); 1024x640 and up
keep every box by default."""
from __future__ import annotations

import pygame
import pytest

from client import i18n
from tests.boards_util import key, make_app
from tests.test_xinhai_client_board import _map_rect, settle


def _open(size):
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", size=size)
    settle(app)
    settle(app)
    return app, app.scene


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_at_640x400_the_tracks_fold_and_the_map_keeps_most_of_the_area(cleanup, lang):
    app, sc = _open((640, 400))
    i18n.set_lang(lang)
    try:
        settle(app)
        pl = sc.plugin
        panel, area, board = pl.track_panel, pl.board_area(sc.board_rect), _map_rect(sc)
        assert panel.get("folded") and area.w >= sc.board_rect.w * 0.5, (panel["rect"], area)
        assert not panel["rect"].colliderect(board) and sc.board_rect.contains(panel["rect"])
        assert panel["rect"].w <= 180 and panel["rect"].h <= sc.board_rect.h * 0.8
        obs = pl.game.observe(0)
        assert [r["value"] for r in panel["rows"]] == [obs["morale"], obs["round"]] + list(obs["tracks"].values())
        shot = app.display.screenshot()
        for row, t in zip(panel["rows"], sc.last_board_view.tracks):  # each marker drawn in its colour
            disc = row["boxes"][row["value"]]
            assert panel["rect"].contains(disc) and disc.collidepoint(row["marker"])
            x, y = disc.x + 2, disc.centery
            assert tuple(shot[y, x]) == tuple(int(round(c * 255)) for c in t.marker)
        hud = pl.hud["rect"]
        assert hud.w == 0 or not hud.colliderect(panel["rect"])  # no sliver of the box under the list
    finally:
        i18n.set_lang("en")


def test_t_shows_every_box_and_folds_them_again(cleanup):
    app, sc = _open((640, 400))
    pl = sc.plugin
    assert pl.track_panel.get("folded")
    key(app, pygame.K_t)
    settle(app)
    rows = pl.track_panel["rows"]
    assert not pl.track_panel.get("folded") and len(rows[1]["boxes"]) == 10  # the round's 1-10
    key(app, pygame.K_t)
    settle(app)
    assert pl.track_panel.get("folded")


def test_a_large_window_keeps_every_box_and_t_folds_them(cleanup):
    app, sc = _open((1024, 640))
    pl = sc.plugin
    assert not pl.track_panel.get("folded") and len(pl.track_panel["rows"][0]["boxes"]) == 6  # morale 0-5
    wide = pl.board_area(sc.board_rect).w
    key(app, pygame.K_t)
    settle(app)
    assert pl.track_panel.get("folded") and pl.board_area(sc.board_rect).w > wide  # the map larger
