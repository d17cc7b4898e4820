"""江山 in the client (client/games/jiangshan.py): the board model shows what the seat to move knows, and
clicks on cells walk the engine's action steps to the exact actions."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from client.games import has_plugin, make_plugin  # noqa: E402
from engine.jiangshan import new_game  # noqa: E402
from tests.test_jiangshan_helpers import make  # noqa: E402


def started(seed=0):
    g = new_game(seed=seed)
    g.apply("pick fire+ruse+substitute")
    g.apply("pick fire+ruse+substitute")
    return g


def test_the_start_position_shows_own_units_and_hides_the_enemys():
    assert has_plugin("jiangshan")
    pl = make_plugin(started())
    v = pl.view(0)
    assert len(v.pieces) == 31  # 16 own + 15 of 楚 (the 刀兵 under the a7 forest is hidden, J5)
    own = [p for p in v.pieces if p.side == 0]
    enemy = [p for p in v.pieces if p.side == 1]
    assert all(p.face_down for p in enemy) and {p.back_glyph for p in enemy} == {"步", "马", "奔"}
    assert {p.back_glyph for p in own} >= {"刀", "王", "车"}
    assert v.icons[pl.cell("f5")] == "山" and v.icons[pl.cell("j7")] == "城" and v.icons[pl.cell("h2")] == "营"
    assert [t.value for t in v.tracks] == [3, 3]


def test_clicks_build_a_march_and_a_facing_comes_from_the_chooser():
    g = make(red=["blade@e3:battle:N", "king@a1"], white=["king@l8"])
    pl = make_plugin(g)
    out = pl.click(pl.cell("e3"))
    assert out.kind == "select" and pl.targets(out.prefix) == {pl.cell("e4"): "move"}
    out = pl.click(pl.cell("e4"), out.prefix)
    assert out.kind == "choose" and {c.step.value for c in out.choices} == {"N", "E", "S", "W"}
    out = pl.pick(out.prefix, next(c.step for c in out.choices if c.step.value == "E"))
    assert out.kind == "play" and str(out.action) == "move e3 e4 E"


def test_a_forest_target_asks_move_or_capture():
    rows = ["." * 12] * 4 + ["...F........"] + ["." * 12] * 3
    g = make(red=["chariot@d1", "king@a1"], white=["king@l8"], rows=rows)
    pl = make_plugin(g)
    out = pl.click(pl.cell("d4"), pl.click(pl.cell("d1")).prefix)
    assert out.kind == "choose" and {c.step.value for c in out.choices} == {"move", "capture"}


def test_the_board_renders_headless():
    from client.boards.demo import render

    pl = make_plugin(started())
    img, _ = render(pl.view(0), "flat", (480, 360))
    assert img.shape == (360, 480, 3) and img.std() > 10


def test_the_board_is_drawn_for_the_viewer_not_for_the_seat_to_move():
    """Hidden information in the client: drawn for 汉 while 楚 (a computer) is to move, the board, the
    panel and the log show 汉's view only."""
    g = started()
    g.apply(sorted(t for t in g.legal_action_texts() if t.startswith("move e2"))[0])
    if g.current_player == 0:
        g.apply("end")
    assert g.current_player == 1
    pl = make_plugin(g)
    v = pl.view(0)
    assert all(p.face_down and p.back_glyph in "步马奔" for p in v.pieces if p.side == 1)
    assert "tallies" not in pl.obs()["sides"][1] and pl.obs()["player"] == 0
    assert not any("楚的" in line and "刀兵" in line for line in pl.move_list("zh"))
