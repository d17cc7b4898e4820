"""Undo refused under G2 says what was revealed in the game's own words where the game has them (江山: new ground in sight or a unit turned
face up; 辛亥革命: a marker, dice, an event card), else the shared words (face-down pieces, dice, …) — QA read 暗子 and
dice in 江山's refusal."""
from __future__ import annotations

import pytest

from engine.messages import render
from tests.boards_util import make_app, wait_human


@pytest.mark.parametrize("gid,key,word", [("jiangshan", "jiangshan.undo_stands", "came into your sight (J6)"),
                                          ("xinhai", "xinhai.undo_stands", "command marker"),
                                          ("anqi", "common.undo_stands", "piece turned over")])
def test_the_g2_refusal_speaks_of_the_games_own_secrets(cleanup, gid, key, word):
    seats = ["human", "normal", "normal"] if gid == "anqi" else ["human", "normal"]
    app = make_app("dummy", gid, seats, "flat", size=(1280, 720))
    sc = app.scene
    wait_human(app)
    g = sc.game
    act = next(a for a in g.legal_actions() if sc.plugin.game.is_move(a)) if hasattr(g, "is_move") else g.legal_actions()[0]
    assert sc.play(str(act))
    wait_human(app)
    g.undo_floor = lambda seat: len(g.log)  # as after an action that revealed something (G2): nothing comes back
    sc._floor_key = None
    why = sc.undo_refusal()
    assert why is not None and why.key == key
    assert word in render(why, "en") and "[G2]" in render(why, "en") and "G2" in render(why, "zh")
