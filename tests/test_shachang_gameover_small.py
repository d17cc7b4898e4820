"""沙场秋点兵's game-over box in a 640x400 window with four players (QA session 19): the ranking's lines ran out of
the box over the side panel and under the buttons (in the strict GL window: "the UI panel ... holds pixels that are
not the pieces it was marked with"). Everything of the box is drawn inside it, each place still named."""
from __future__ import annotations

import pygame

from client import i18n
from client.games.shachang.gameover import GameOverScene
from client.games.shachang.scene import GameScene
from client.ui import text as ui_text
from engine.shachang import new_game
from engine.shachang.actions import End
from tests.client_util import step

GLAPP_SIZE = (640, 400)


def test_a_four_player_game_over_box_stays_inside_itself_in_a_small_window(glapp, monkeypatch):
    app = glapp
    g = new_game(preset="medium", mode="tabletop", players=4, seed=3)
    for _ in range(3):  # every living player passes a whole round: the fourth pass ends the game (a void game)
        g.apply(End())
    app.start_game(g, ["human"] * 4)
    step(app, 3)
    scene = app.find(GameScene)
    scene.ctl.try_apply(End())
    assert g.is_over
    drawn = []
    draw = ui_text.draw
    monkeypatch.setattr(ui_text, "draw", lambda surf, s, *a, **k: (lambda r: (drawn.append((s, r)), r)[1])(
        draw(surf, s, *a, **k)))
    step(app, 4)  # the strict window raises if anything runs over an unmarked panel
    over = app.scene
    assert isinstance(over, GameOverScene)
    drawn.clear()
    step(app)
    box = over.box
    ours = [(s, r) for s, r in drawn if box.colliderect(r)]
    for s, r in ours:
        assert box.contains(r), (s, r, box)
    names = [i18n.player_name(p) for p in range(4)]
    assert all(any(n in s for s, _ in ours) for n in names), [s for s, _ in ours]
    bottom = min(b.rect.top for b in over.buttons)
    assert all(r.bottom <= bottom for s, r in ours if any(n in s for n in names) and box.contains(r))
