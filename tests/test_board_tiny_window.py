"""A board game in the smallest window the client allows (320x240, client/display.py) with a long status line:
the layout's parts keep positive sizes and the frame draws (found by tests/test_client_monkey.py: 辛亥革命's and
江山's card strips took more height than the board had, and the board's picture was made with a negative height)."""
from __future__ import annotations

import pygame
import pytest

from tests.boards_util import make_app

LONG = ("a refusal that explains at length why the move cannot be made here, which rule forbids it and what the "
        "player could do instead, long enough to wrap over several lines of the status line in a narrow window") * 2


@pytest.mark.parametrize("renderer", ["flat", "gl"])
@pytest.mark.parametrize("game_id", ["xinhai", "jiangshan", "baige", "sanguo", "anqi"])
def test_tiny_window_lays_out_and_draws(game_id, renderer, cleanup):
    app = make_app("dummy" if renderer == "flat" else "offscreen", game_id, None, renderer, size=(320, 240))
    sc = app.scene
    sc.say(LONG, bad=True)
    app.step(0.016)  # strict: an error of the scene raises
    for name in ("board_rect", "panel_rect", "status_rect", "card_rect"):
        r = getattr(sc, name)
        assert r.w >= 0 and r.h >= 0, (name, r)
    assert sc.board_rect.w >= 1 and sc.board_rect.h >= 1
    if sc.card_rows:
        assert sc.card_rect.h >= 1
    assert app.display.size == (320, 240)
    assert pygame.display.get_surface() is not None
