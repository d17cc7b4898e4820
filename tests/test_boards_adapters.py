"""Board geometries and game adapters: click sequences give the exact engine action texts."""
from __future__ import annotations

import math


from client.boards import make_adapter
from client.boards.geometry import CellSetGeometry, HexGeometry, SquareGeometry
from engine import registry
from engine.anqi.game import setup
from engine.baige import BaigeGame


# ------------------------------------------------------------------ geometry
def test_square_geometry_names_centres_and_picking():
    g = SquareGeometry(10)
    assert len(g.cells) == 100
    assert g.parse("a1") == (9, 0) and g.parse("j10") == (0, 9) and g.name((6, 4)) == "e4"
    for cell in g.cells:
        assert g.cell_at(*g.center(cell)) == cell
    assert g.cell_at(-0.1, 3) is None and g.cell_at(3, 10.01) is None
    assert g.bounds() == (0, 0, 10, 10)
    assert g.shade((0, 0)) != g.shade((0, 1))


def test_cell_set_geometry_is_the_anqi_cross():
    a = make_adapter(registry.get("anqi").new_game(seed=0))
    g = a.geometry
    assert isinstance(g, CellSetGeometry) and len(g.cells) == 53
    assert a.to_cell("e5") == (4, 4) and a.cell_name((4, 4)) == "e5"
    assert g.cell_at(*g.center(a.to_cell("a5"))) == a.to_cell("a5")
    assert g.cell_at(0.5, 0.5) is None  # the a9 corner is not on the board
    assert a.to_cell("e9") in g and a.to_cell("a9") not in g


def test_hex_geometry_neighbours_are_one_apart_and_pick_back():
    g = HexGeometry(5, 6)
    for cell in g.cells:
        x, z = g.center(cell)
        assert g.cell_at(x, z) == cell
        assert g.cell_at(x + 0.3, z + 0.1) == cell
        assert len(g.polygon(cell)) == 6
    (x0, z0), (x1, z1) = g.center((0, 0)), g.center((1, 0))
    assert math.isclose(math.hypot(x1 - x0, z1 - z0), 1.0, abs_tol=1e-9)
    assert math.isclose(g.center((0, 1))[0] - g.center((0, 0))[0], 1.0)


# ------------------------------------------------------------------ baige
def clicks(adapter, *names):
    """Click the named cells in turn (selection kept like the scene keeps it); the last Click."""
    sel = None
    out = None
    for n in names:
        out = adapter.click(adapter.geometry.parse(n), sel)
        if out.kind == "select":
            sel = out.cell
        elif out.kind == "deselect":
            sel = None
    return out


def test_baige_click_sequence_gives_move_text():
    g = BaigeGame()
    a = make_adapter(g)
    assert clicks(a, "e4").kind == "select"
    c = clicks(a, "e4", "e6")
    assert c.kind == "action" and c.action == "e4e6"
    assert clicks(a, "e4", "e7").kind == "deselect"  # not a legal target
    assert clicks(a, "e7").kind == "deselect"  # Black's pawn, White to move
    t = a.targets(a.geometry.parse("e4"))
    assert t == {a.geometry.parse("e5"): "move", a.geometry.parse("e6"): "move"}
    g.apply(c.action)
    assert clicks(a, "d7", "d5").action == "d7d5"


def test_baige_promotion_choices_are_the_legal_promotions_only():
    a = make_adapter(BaigeGame("5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1"))
    c = clicks(a, "a9", "a10")
    assert c.kind == "promote"
    assert sorted(ch.action for ch in c.choices) == sorted(["a9a10n", "a9a10g", "a9a10f", "a9a10w", "a9a10q"])
    assert c.choices[0].action == "a9a10q" and c.choices[0].glyph == "后"
    # C4: one queen at most: no queen offered while White has one
    a = make_adapter(BaigeGame("5k4/P9/10/10/10/10/10/10/10/1Q3K4 w - - 0 1"))
    c = clicks(a, "a9", "a10")
    assert sorted(ch.action for ch in c.choices) == sorted(["a9a10n", "a9a10g", "a9a10f", "a9a10w"])
    # C5: a ferz reaching the last rank may promote to b, a or q, or stay
    a = make_adapter(BaigeGame("5k4/F9/10/10/10/10/10/10/10/5K4 w - - 0 1"))
    c = clicks(a, "a9", "b10")
    assert sorted(ch.action for ch in c.choices) == sorted(["a9b10", "a9b10b", "a9b10a", "a9b10q"])
    assert [ch.hint for ch in c.choices if ch.action == "a9b10"] == ["stay"]
    assert clicks(a, "a9", "b8").action == "a9b8"  # no chooser off the last rank
    g = BaigeGame("5k4/F9/10/10/10/10/10/10/10/5K4 w - - 0 1")
    g.apply("a9b10a")
    assert "弩" in g.moves_zh[-1]


def test_baige_check_last_move_and_side_buttons():
    g = BaigeGame("5k4/10/10/10/10/4R5/10/10/10/K9 w - - 0 1")
    a = make_adapter(g)
    g.apply("e5f5")  # the rook checks along the open f file
    v = a.view(1)
    assert v.marks[a.geometry.parse("f10")] == "check"
    assert v.marks[a.geometry.parse("e5")] == "last" and v.marks[a.geometry.parse("f5")] == "last"
    assert "将军" in a.status("zh")
    assert [b.action for b in a.side_buttons()] == ["offer", "resign"]
    g.apply("offer")
    assert [b.action for b in a.side_buttons()] == ["accept", "decline"]
    assert a.click(a.geometry.parse("f10"), None).kind == "deselect"  # answer the offer first


def test_baige_move_list_in_short_chinese_names():
    g = BaigeGame()
    a = make_adapter(g)
    for m in ("e4e6", "d7d5", "b1d2"):
        g.apply(m)
    ml = a.move_list("zh")
    assert ml[0].startswith("1. 卒 e4-e6") and "卒 d7-d5" in ml[0]
    assert ml[1].startswith("2. 馬 b1-d2")
    assert a.move_list("en")[0] == "1. e4e6  d7d5"


# ------------------------------------------------------------------ anqi
def test_anqi_flip_click_and_moves():
    g = registry.get("anqi").new_game(seed=5)
    a = make_adapter(g)
    c = a.click(a.to_cell("b2"), None)
    assert c.kind == "action" and c.action == "flip b2"
    g.apply(c.action)
    v = a.view(1)
    p = v.piece_at(a.to_cell("b2"))
    assert p is not None and not p.face_down and p.glyph
    assert v.marks[a.to_cell("b2")] == "last"


def test_anqi_targets_show_steps_and_cannon_jump_capture():
    g = setup({"e5": "汉帝", "h5": "吴君", "e8": "魏君", "e2": "蜀君", "c3": "吴炮", "c6": "魏马"},
              hidden={"c4": "魏兵", "g7": "蜀兵"})
    a = make_adapter(g)
    c3 = a.to_cell("c3")
    t = a.targets(c3)
    assert t == {a.to_cell("d3"): "move", a.to_cell("c2"): "move", a.to_cell("b3"): "move",
                 a.to_cell("c6"): "capture"}
    assert a.click(c3, None).kind == "select"
    c = a.click(a.to_cell("c6"), c3)
    assert c.kind == "action" and c.action == "move c3 c6"
    assert a.click(a.to_cell("c4"), c3).action == "flip c4"  # a face-down piece is flipped, never a target
    v = a.view(0, c3)
    assert v.piece_at(a.to_cell("c4")).face_down and not v.piece_at(a.to_cell("c4")).glyph
    assert v.marks[c3] == "selected" and v.marks[a.to_cell("c6")] == "capture"
    g.apply(c.action)
    assert "魏马" in g.record[-1]


def test_anqi_panel_shows_alliance_and_eliminated():
    g = setup({"e5": "汉帝", "h5": "吴君", "e8": "魏君", "e2": "蜀君", "d5": "吴马"}, hidden={"g7": "蜀兵"},
              qinwang=None)
    a = make_adapter(g)
    assert "尚无勤王" in a.panel_lines("zh")[0][0]
    t = a.targets(a.to_cell("d5"))
    assert t[a.to_cell("e5")] == "special"  # 勤王
    g.apply("move d5 e5")
    text = a.alliance_text("zh")
    assert "吴已勤王" in text and "魏、蜀结盟" in text
    g2 = setup({"e5": "汉帝", "h5": "吴君", "e8": "魏君", "e2": "蜀君"}, hidden={"g7": "蜀兵"}, to_move=1, out=(0,))
    lines = [t for t, _ in make_adapter(g2).panel_lines("en")]
    assert any(s.startswith("Wu out") for s in lines)
