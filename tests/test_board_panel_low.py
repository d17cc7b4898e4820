"""The board games' side panel in a low window: its buttons stay inside the panel and clear of the "F1 Help" line,
the panel's words stopping where they would run under them (at 640x400 三国演弈's legend pushed Top view and Menu
under the status line and "F1 Help" lay over Top view, 辛亥革命's over its "more…" button; found in QA under
Xvfb, session 19). A window high enough shows every word as before."""
from __future__ import annotations

import pygame
import pytest

from client.i18n import t
from client.scenes import board_game
from tests.boards_util import make_app


def drawn(app, size, monkeypatch):
    """The words drawn on a frame of ``size`` with their rects."""
    said = []
    draw = board_game.text.draw
    monkeypatch.setattr(board_game.text, "draw", lambda surf, s, pos, *a, **k: (
        lambda r: (said.append((s, r)), r)[1])(draw(surf, s, pos, *a, **k)))
    app.scene.draw(pygame.Surface(size))
    monkeypatch.undo()
    return said


@pytest.mark.parametrize("game_id,seats", [("sanguo", ["human", "easy", "easy"]), ("xinhai", ["human", "easy"]),
                                           ("jiangshan", ["human", "easy"]), ("anqi", ["human", "easy", "easy"])])
def test_the_panel_buttons_stay_in_the_panel_clear_of_the_help_line(game_id, seats, cleanup, monkeypatch):
    app = make_app("dummy", game_id, seats, "flat", size=(640, 400))
    sc = app.scene
    for size in ((640, 400), (640, 330)):
        said = drawn(app, size, monkeypatch)
        p = sc.panel_rect
        help_rects = [r for s, r in said if s == "F1 " + t("help")]
        assert len(help_rects) == 1
        buttons = [b.rect for b in sc.buttons + list(sc.step_buttons.values()) if b.rect.w]
        assert buttons
        for r in buttons:
            assert p.contains(r), (game_id, size, r, p)
            assert not r.colliderect(help_rects[0]), (game_id, size, r, help_rects[0])
    # high enough: the panel's status words all shown, as before
    said = drawn(app, (1280, 900), monkeypatch)
    status = sc.plugin.status("en")
    if status:
        lines = board_game.text.wrap(status, 16, sc.panel_rect.w - 20)
        assert all(any(s == ln for s, _ in said) for ln in lines)
