"""The board games' top banner in a narrow window: the seat boxes never run under the "X to move" words (at 640x400
三国演弈's third seat box lay across "Wu to move" and 辛亥革命's second across "the revolutionaries to move"; found
in QA under Xvfb, session 19). Narrower, the boxes name the seats only, then the words go; wide, nothing changes."""
from __future__ import annotations

import pygame
import pytest

from client.boards.model import rgb255
from client.i18n import t
from client.scenes import board_game
from tests.boards_util import make_app


def banner(app, size, monkeypatch):
    """(the surface drawn at ``size``, the rect of the "to move" words or None, the seat labels drawn)."""
    sc = app.scene
    said, rendered = [], []
    draw, render = board_game.text.draw, board_game.text.render
    monkeypatch.setattr(board_game.text, "draw", lambda surf, s, pos, *a, **k: (
        lambda r: (said.append((s, r)), r)[1])(draw(surf, s, pos, *a, **k)))
    monkeypatch.setattr(board_game.text, "render", lambda s, *a, **k: (rendered.append(s), render(s, *a, **k))[1])
    surf = pygame.Surface(size)
    sc.draw(surf)
    monkeypatch.undo()
    who = sc.plugin.seat_name(sc.game.current_player, "en")
    msg = [r for s, r in said if s == t("board_to_move", who=who)]
    return surf, (msg[0] if msg else None), rendered


@pytest.mark.parametrize("game_id,seats", [("sanguo", ["human", "easy", "easy"]), ("xinhai", ["human", "easy"]),
                                           ("anqi", ["human", "easy", "easy"]), ("jiangshan", ["human", "easy"])])
def test_the_seat_boxes_never_run_under_the_to_move_words(game_id, seats, cleanup, monkeypatch):
    app = make_app("dummy", game_id, seats, "flat", size=(640, 400))
    sc = app.scene
    for w in (640, 520, 1280):
        surf, msg, rendered = banner(app, (w, 400), monkeypatch)
        others = [rgb255(sc.plugin.seat_rgb(s)) for s in range(sc.game.num_players) if s != sc.game.current_player]
        if msg is not None:  # no pixel of another seat's box inside the words
            for x in range(msg.left, min(msg.right, w)):
                for y in range(msg.top, msg.bottom):
                    assert tuple(surf.get_at((x, y)))[:3] not in others, (game_id, w, (x, y))
        if w == 1280:  # wide: as it was, "name (who plays)" and the words
            assert msg is not None and any(f"({sc.seat_kind(1)})" in s for s in rendered)
