"""辛亥革命 in the client (client/games/xinhai.py): the flat-topped hex geometry names the engine's
hexes, clicks walk the engine's action steps, the panel renders in both languages."""
from __future__ import annotations

import math

from client.games import has_plugin, make_plugin, plugin_class
from engine.xinhai import new_game
from engine.xinhai.data import rules
from engine.xinhai.game import position
from engine.xinhai.hexgrid import label, neighbours_of


def test_the_plugin_is_found_and_its_geometry_names_every_hex():
    assert has_plugin("xinhai") and plugin_class("xinhai").game_id == "xinhai"
    p = make_plugin(new_game(seed=1))
    g = p.geometry
    m = rules().map
    assert len(g.cells) == len(m.terrain) == 400
    for h in m.terrain:
        cell = g.parse(label(h))
        assert g.name(cell) == label(h)
        x, z = g.center(cell)
        assert g.cell_at(x, z) == cell and g.cell_at(x + 0.2, z - 0.1) == cell
        for n in neighbours_of(h):
            if n in m.terrain:  # the engine's neighbours are the drawn neighbours, 1 apart
                x2, z2 = g.center(g.parse(label(n)))
                assert math.isclose(math.hypot(x2 - x, z2 - z), 1.0, abs_tol=1e-9)
    # north is at the top: row 20 above row 1
    assert g.center(g.parse("A-20"))[1] < g.center(g.parse("A-1"))[1]


def test_clicks_build_the_engine_actions():
    game = position([("rev", "infantry", "H-18"), ("rev", "artillery", "H-16"), ("qing", "infantry", "H-19")])
    p = make_plugin(game)
    out = p.click(p.cell("H-16"))
    assert out.kind == "select"
    marks = p.targets(out.prefix)
    assert marks[p.cell("H-19")] == "capture"
    shot = p.click(p.cell("H-19"), out.prefix)
    assert shot.kind == "play" and str(shot.action) == "shoot H-16 H-19"
    out = p.click(p.cell("H-18"))
    move = p.click(p.cell("G-18"), out.prefix)
    assert move.kind == "play" and str(move.action) == "move H-18 G-18"
    both = p.click(p.cell("H-19"), out.prefix)  # melee or shoot: a chooser
    assert both.kind == "choose" and {c.step.value for c in both.choices} == {"shoot", "melee"}
    assert "end" in [b.value for b in p.buttons()]


def test_view_panel_and_words_in_both_languages():
    game = new_game(seed=2)
    p = make_plugin(game)
    v = p.view(0)
    assert len(v.pieces) == len(game.board.units)
    assert len(v.tracks) == 6 and len(v.tints) == 400
    # seed 9: terrain icons on the control points (9), streets, hills, the concessions and the cease-fire ring
    from engine.xinhai.data import rules

    want = {p.cell(label(h)): {"C": "控", "S": "街", "H": "山", "X": "租", "R": "停"}[t]
            for h, t in rules().map.terrain.items() if t in "CSHXR"}
    assert v.icons == want and sum(1 for i in v.icons.values() if i == "控") == 9
    for lang in ("zh", "en"):
        lines = p.panel_lines(lang)
        assert lines and all("{" not in s for s, _ in lines)
        assert p.seat_name(0, lang) and p.move_list(lang)
    from engine.messages import template

    for b in p.buttons():  # marker faces and pass: buttons named from the catalogue
        assert template(b.label, "zh") and template(b.label, "en"), b
    for a in game.legal_actions():
        for s in game.action_steps(a):
            if s.kind == "option":
                for lang in ("zh", "en"):
                    assert "{" not in p.choice((), s).label.render(lang)
