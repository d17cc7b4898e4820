"""江山's "everything" view (issue 23): ``observe_all`` shows what no seat sees during play — units under forests
and in cities with their types, marching units by type, every garrison, both reserves and both hands of
tallies — in the shape of an observation, so the replay viewer and the game-over statistics draw it."""
from __future__ import annotations

import random

import pygame

from client.scenes.replay import EVERYTHING, BoardReplayScene
from engine.jiangshan import new_game
from tests.boards_util import OPEN, click_at, make_app
from tests.jiangshan_util import make

ROWS = ["." * 12, "." * 12, "." * 12, ".....F......", "." * 12, "." * 12, "." * 12, "." * 12]  # f5 forest


def test_observe_all_shows_every_unit_garrison_reserve_and_tally():
    g = make(red=["blade@c3", "king@a1"], white=["king@l8", "horse@f5", "bow@h7:battle:S"], rows=ROWS,
             cities=[("j7", "city", 1, ["armour"]), ("b2", "camp", 0, ["halberd"])],
             reserve=({"horse": 1}, {"blade": 2}))
    g.st.sides[1].tallies = ["ruse", "fire"]
    for seat in (0, 1):
        assert g.observe(seat)["player"] == seat
    han = {u["cell"]: u for u in g.observe(0)["units"]}
    assert "f5" not in han and han["h7"]["type"] == "bow"  # 楚's horse hides under the forest from 汉
    everything = g.observe_all()
    units = {(u["cell"], u["in_city"]): u for u in everything["units"]}
    assert units[("f5", False)]["type"] == "horse" and units[("f5", False)]["hidden"]
    assert units[("c3", False)]["type"] == "blade" and units[("j7", True)]["type"] == "armour"
    assert units[("b2", True)]["type"] == "halberd"
    assert {c["cell"]: c["garrison"] for c in everything["cities"]} == {"b2": ["halberd"], "j7": ["armour"]}
    assert everything["sides"][0]["reserve"] == {"horse": 1} and everything["sides"][1]["reserve"] == {"blade": 2}
    assert everything["sides"][1]["tallies"] == ["ruse", "fire"]
    assert set(everything) == set(g.observe(0))  # the shape of an observation
    assert g.observe(0)["units"] != everything["units"]


def test_the_replay_viewer_shows_everything_of_a_finished_game():
    """A finished random game: the replay offers "everything" (V cycles seats, then everything), its board
    shows every unit's type (no march backs), and the game-over statistics count captures from it."""
    g = new_game(seed=5)
    rng = random.Random(5)
    while not g.is_over:  # random play that captures whenever it can (plain random play routes first)
        acts = g.legal_actions()
        g.apply(rng.choice([a for a in acts if a.kind == "capture"] or acts))
    captures = sum(1 for e in g.events(0) if e.msg.key == "jiangshan.ev.captured")
    app = make_app("dummy", "jiangshan", ["human", "human"], "flat", game=g.replay(len(g.log) - 1))
    try:
        sc = app.scene
        assert sc.play(sc.game.parse_action(str(g.log[-1])))
        app.step(0.016)
        box = sc.modal
        rows = {r.label.key: r.values for r in box.table}
        assert captures > 0 and sum(rows["stats.captured"]) >= captures
        click_at(app, box.buttons[0].rect.center)  # Replay
        rep = app.app.scene
        assert isinstance(rep, BoardReplayScene) and rep.viewer == EVERYTHING
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0))
        app.step(0.016)
        pieces = rep.board_view().pieces
        final = g.observe_all()
        on_board = [u for u in final["units"] if not u["in_city"]]
        assert len(pieces) == len(on_board) and all(u["type"] for u in on_board)
        march = [p for p in pieces if p.face_down]  # a marching counter shows its unit, not its class
        assert all(p.back_glyph not in ("步", "马", "奔") for p in march)
        app.step(0.016)
    finally:
        while OPEN:
            OPEN.pop().close()
        pygame.display.quit()
