"""Board geometries and game plugins: clicks walk the engine's action steps and give the exact actions."""
from __future__ import annotations

import math

from client.boards.geometry import CellSetGeometry, HexGeometry, SquareGeometry, file_index, file_name
from client.games import has_plugin, make_plugin, plugin_class
from engine import registry
from engine.anqi.game import setup
from engine.api import Step
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
    a = make_plugin(registry.get("anqi").new_game(seed=0))
    g = a.geometry
    assert isinstance(g, CellSetGeometry) and len(g.cells) == 53
    assert g.parse("e5") == (4, 4) and a.cell_name((4, 4)) == "e5"
    assert g.cell_at(*g.center(g.parse("a5"))) == g.parse("a5")
    assert g.cell_at(0.5, 0.5) is None  # the a9 corner is not on the board
    assert (0, 4) in g and (0, 0) not in g  # e9 is, a9 is not
    try:
        g.parse("a9")
        raise AssertionError("a9 is not a cell of the cross")
    except KeyError:
        pass


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


def test_cell_names_go_beyond_26_columns():
    assert [file_name(c) for c in (0, 25, 26, 27, 51, 52, 701, 702)] == \
        ["a", "z", "aa", "ab", "az", "ba", "zz", "aaa"]
    assert all(file_index(file_name(c)) == c for c in range(2000))
    g = SquareGeometry(40, 60)
    assert g.name((0, 59)) == "bh40" and g.parse("bh40") == (0, 59) and g.parse("AA1") == (39, 26)
    assert all(g.parse(g.name(c)) == c for c in g.cells)
    h = HexGeometry(30, 30)
    assert h.name((0, 29)) == "ad30" and h.parse("ad30") == (0, 29)


def test_plugins_are_found_by_game_id():
    for gid in ("shachang", "baige", "anqi"):
        assert has_plugin(gid) and plugin_class(gid).game_id == gid
    assert not has_plugin("no_such_game") and not has_plugin("../x")


# ------------------------------------------------------------------ baige
def clicks(plugin, *names):
    """Click the named cells in turn (the prefix kept as the scene keeps it); the last Outcome."""
    prefix = ()
    out = None
    for n in names:
        out = plugin.click(plugin.geometry.parse(n), prefix)
        prefix = out.prefix if out.kind == "select" else ()
    return out


def test_baige_click_sequence_gives_the_move():
    g = BaigeGame()
    a = make_plugin(g)
    assert clicks(a, "e4").kind == "select"
    c = clicks(a, "e4", "e6")
    assert c.kind == "play" and c.action == "e4e6"
    assert clicks(a, "e4", "e7").kind == "clear"  # not a legal target
    assert clicks(a, "e7").kind == "clear"  # Black's pawn, White to move
    assert "pawn" in str(clicks(a, "e4", "e8").reason)  # the engine's refusal, keyed
    assert clicks(a, "e4", "d4").kind == "select"  # another own piece: select it instead
    t = a.targets((Step("cell", "e4"),))
    assert t == {a.geometry.parse("e5"): "move", a.geometry.parse("e6"): "move"}
    g.apply(c.action)
    assert clicks(a, "d7", "d5").action == "d7d5"


def test_baige_promotion_choices_are_the_legal_promotions_only():
    a = make_plugin(BaigeGame("5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1"))
    c = clicks(a, "a9", "a10")
    assert c.kind == "choose"
    assert [ch.step.value for ch in c.choices] == ["q", "n", "g", "f", "w"]  # strongest first
    assert c.choices[0].glyph == "后"
    assert a.pick(c.prefix, c.choices[2].step).action == "a9a10g"
    # C4: one queen at most: no queen offered while White has one
    a = make_plugin(BaigeGame("5k4/P9/10/10/10/10/10/10/10/1Q3K4 w - - 0 1"))
    c = clicks(a, "a9", "a10")
    assert sorted(ch.step.value for ch in c.choices) == ["f", "g", "n", "w"]
    # C5: a ferz reaching the last rank may promote to b, a or q, or stay
    a = make_plugin(BaigeGame("5k4/F9/10/10/10/10/10/10/10/5K4 w - - 0 1"))
    c = clicks(a, "a9", "b10")
    assert [ch.step.value for ch in c.choices] == ["q", "b", "a", "stay"]
    stay = c.choices[-1]
    assert stay.glyph == "士" and a.pick(c.prefix, stay.step).action == "a9b10"
    assert clicks(a, "a9", "b8").action == "a9b8"  # no chooser off the last rank


def test_baige_check_last_move_buttons_and_confirmations():
    g = BaigeGame("5k4/10/10/10/10/4R5/10/10/10/K9 w - - 0 1")
    a = make_plugin(g)
    g.apply("e5f5")  # the rook checks along the open f file
    v = a.view(1)
    assert v.marks[a.geometry.parse("f10")] == "check"
    assert v.marks[a.geometry.parse("e5")] == "last" and v.marks[a.geometry.parse("f5")] == "last"
    assert "将军" in a.status("zh") and "in check" in a.status("en")
    assert [b.value for b in a.buttons()] == ["resign", "offer"]
    assert a.confirm("resign") is not None and a.confirm("f10e10") is None
    g.apply("offer")
    assert [b.value for b in a.buttons()] == ["accept", "decline", "resign"]
    assert a.click(a.geometry.parse("f10"), ()).kind == "clear"  # answer the offer first
    assert "提和" in a.status("zh")


def test_baige_move_list_in_short_chinese_names():
    g = BaigeGame()
    a = make_plugin(g)
    for m in ("e4e6", "d7d5", "b1d2"):
        g.apply(m)
    ml = a.move_list("zh")
    assert ml[0].startswith("1. 卒 e4-e6") and "卒 d7-d5" in ml[0]
    assert ml[1].startswith("2. 马 b1-d2")  # simplified characters in the zh client (issue 26)
    assert a.move_list("en")[0] == "1. pawn e4-e6  pawn d7-d5"  # the piece named, as on the status line
    assert a.move_list("en")[1] == "2. knight b1-d2"
    assert a.seat_name(0, "zh") == "白方" and a.describe("b10d9", "en") == "knight b10-d9"


# ------------------------------------------------------------------ anqi
def test_anqi_flip_is_one_click_and_moves_are_two():
    g = registry.get("anqi").new_game(seed=5)
    a = make_plugin(g)
    c = a.click(a.geometry.parse("b2"), ())
    assert c.kind == "play" and str(c.action) == "flip b2"
    g.apply(c.action)
    v = a.view(1)
    p = v.piece_at(a.geometry.parse("b2"))
    assert p is not None and not p.face_down and p.glyph
    assert v.marks[a.geometry.parse("b2")] == "last"


def test_anqi_targets_show_steps_and_cannon_jump_capture():
    g = setup({"e5": "汉帝", "h5": "吴君", "e8": "魏君", "e2": "蜀君", "c3": "吴炮", "c6": "魏马"},
              hidden={"c4": "魏兵", "g7": "蜀兵"})
    a = make_plugin(g)
    geo = a.geometry
    c3 = (Step("cell", "c3"),)
    t = a.targets(c3)
    assert t == {geo.parse("d3"): "move", geo.parse("c2"): "move", geo.parse("b3"): "move",
                 geo.parse("c6"): "capture"}
    assert a.click(geo.parse("c3"), ()).kind == "select"
    c = a.click(geo.parse("c6"), c3)
    assert c.kind == "play" and str(c.action) == "move c3 c6"
    out = a.click(geo.parse("c4"), c3)  # a face-down piece is never a target: with c3 selected, why not (A3) ...
    assert out.kind == "clear" and out.reason.key == "anqi.flip_next"
    assert dict(dict(out.reason.params)["why"].params)["text"].key == "anqi.error.capture_face_down"
    assert str(a.click(geo.parse("c4"), ()).action) == "flip c4"  # ... and with nothing selected a click flips it
    v = a.view(0, c3)
    assert v.piece_at(geo.parse("c4")).face_down and not v.piece_at(geo.parse("c4")).glyph
    assert v.marks[geo.parse("c3")] == "selected" and v.marks[geo.parse("c6")] == "capture"
    g.apply(c.action)
    assert "魏马" in g.record[-1]
    assert a.move_list("zh")[-1].startswith("1. ")


def test_anqi_panel_shows_alliance_and_eliminated():
    g = setup({"e5": "汉帝", "h5": "吴君", "e8": "魏君", "e2": "蜀君", "d5": "吴马"}, hidden={"g7": "蜀兵"},
              qinwang=None)
    a = make_plugin(g)
    assert "尚无勤王" in a.panel_lines("zh")[0][0]
    t = a.targets((Step("cell", "d5"),))
    assert t[a.geometry.parse("e5")] == "special"  # 勤王
    g.apply("move d5 e5")
    text = a.panel_lines("zh")[0][0]
    assert "吴已勤王" in text and "魏、蜀结盟" in text
    g2 = setup({"e5": "汉帝", "h5": "吴君", "e8": "魏君", "e2": "蜀君"}, hidden={"g7": "蜀兵"}, to_move=1, out=(0,))
    lines = [t for t, _ in make_plugin(g2).panel_lines("en")]
    assert any(s.startswith("Wu out") for s in lines)


def test_hidden_deals_show_no_seed_and_new_games_draw_a_fresh_one():
    info = registry.get("anqi")
    pl = plugin_class("anqi")
    assert pl.show_seed and pl.fresh_seed() and plugin_class("shachang").show_seed  # the row reads secret (G1)
    # G1: the registration decides, for every game that may hide something (辛亥革命's seed was shown, X15)
    for gid in ("anqi", "sanguo", "xinhai", "jiangshan"):
        assert plugin_class(gid).fresh_seed(), gid
        assert plugin_class(gid).new_game_options(registry.get(gid), 7).get("seed") is None, gid
    assert not plugin_class("baige").fresh_seed()
    assert pl.new_game_options(info, 7)["seed"] is None  # never seed + 1: a deal nobody can derive
    assert plugin_class("baige").new_game_options(registry.get("baige"), 7)["seed"] == 7
    deals = {str(info.new_game(**pl.new_game_options(info, 7)).observe(0)["board"]) for _ in range(2)}
    assert len(deals) == 1  # face-down cells look the same ...
    g1, g2 = (info.new_game(**pl.new_game_options(info, 7)) for _ in range(2))
    assert g1.seed != g2.seed  # ... but the deals differ


def test_scenes_name_no_game():
    """Issue 11: the start screen, the board scene, the help page and the modals ask plugins; none of them
    branches on a game id, sniffs attributes or imports a game's engine."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "client" / "scenes"
    for name in ("board_game.py", "start.py", "help.py", "modals.py", "handover.py", "menu.py"):
        src = (root / name).read_text(encoding="utf-8")
        pats = [r"game_id\s*[!=]=", r"hasattr\(", r"engine\.(baige|anqi|shachang|sanguo|xinhai|jiangshan)"]
        if name != "help.py":  # the help page picks its tabs by key-table context ("shachang" is one)
            pats.append(r"[\"'](baige|anqi|shachang)[\"']")
        for pat in pats:
            assert not re.search(pat, src), (name, pat)


def test_games_with_private_information_hand_over_in_hot_seat():
    """辛亥革命's hands and 揭棋's captor-only reveals are private: hot seat hides the board between humans;
    the standard 三国演弈 and 百格西洋棋 hide nothing."""
    from client.games import plugin_class
    from engine import registry

    def needs(gid, **opts):
        return plugin_class(gid)(registry.get(gid).new_game(seed=1, **opts)).needs_handover

    assert needs("xinhai") and needs("sanguo", variant="jieqi") and needs("jiangshan")
    assert not needs("sanguo") and not needs("baige")
