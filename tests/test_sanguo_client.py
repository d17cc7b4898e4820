"""三国演弈 in the client (client/games/sanguo.py): the cross of 225 points, clicks giving exact moves,
face-down backs that say nothing but the kingdom (K9), marks for 废帝 and alliances (K5), the panel."""
from __future__ import annotations

import os

import numpy as np
import pygame
import pytest

from client.boards.model import BACK, rgb255
from client.games import make_plugin, plugin_class
from client.render.flat_board import FlatBoardRenderer
from engine import registry
from engine.api import Step
from engine.sanguo import new_game
from engine.sanguo.setup import position

RULERS = {"q9": "吴君", "i17": "魏君", "i1": "蜀君", "i5": "蜀兵"}


def test_geometry_is_the_225_point_cross_with_the_engines_names():
    a = make_plugin(new_game())
    assert len(a.geometry.cells) == 225
    for name in ("i17", "i1", "q9", "c9", "a9", "e13", "m5"):
        assert a.cell_name(a.cell(name)) == name
    with pytest.raises(Exception):
        a.cell("a1")  # a cut corner


def test_a_move_is_two_clicks_and_gives_the_exact_action():
    g = new_game()
    a = make_plugin(g)
    c = a.click(a.cell("n9"), ())
    assert c.kind == "select"
    assert set(a.targets(c.prefix)) == {a.cell("m9"), a.cell("n10"), a.cell("n8")}
    c = a.click(a.cell("m9"), c.prefix)
    assert c.kind == "play" and str(c.action) == "兵9进1"
    g.apply(c.action)
    assert a.view(1).marks[a.cell("m9")] == "last"


def test_face_down_pieces_show_a_back_with_only_their_kingdom():
    g = new_game(variant="jieqi", seed=4)
    a = make_plugin(g)
    p = a.view(0).piece_at(a.cell("q13"))
    assert p.face_down and p.back_glyph == "吴" and p.glyph == ""
    other = make_plugin(new_game(variant="jieqi", seed=5)).view(0).piece_at(a.cell("q13"))
    assert other == p  # the deal changes nothing that is drawn


def test_feidi_and_alliance_targets_are_marked_special_and_check_is_marked():
    g = position({**RULERS, "c9": "汉帝", "d9": "汉车", "d11": "魏马", "d7": "魏马"}, to_move=1)
    a = make_plugin(g)
    marks = a.targets((Step("cell", "d11"),))
    assert marks[a.cell("c9")] == "special"  # 废帝
    marks = a.targets((Step("cell", "d7"),))
    assert marks[a.cell("e9")] == "special"  # 吴's alliance point
    g2 = position({**RULERS, "i12": "吴车"}, to_move=1)
    a2 = make_plugin(g2)
    assert a2.view(1).marks[a2.cell("i17")] == "check"


def test_an_illegal_click_says_why():
    g = position({**RULERS, "i15": "魏车", "i12": "吴车"}, to_move=1)
    a = make_plugin(g)
    c = a.click(a.cell("h15"), (Step("cell", "i15"),))
    assert c.kind == "clear" and c.reason.key == "sanguo.self_check"


def test_panel_and_move_list_in_both_languages_keep_private_captures_out():
    g = position({**RULERS, "e14": "暗魏兵=车", "e9": "吴车"}, to_move=0)
    a = make_plugin(g)
    g.apply("e9-e14")
    for lang in ("zh", "en"):
        lines = [t for t, _ in a.panel_lines(lang)]
        assert lines and all(t and "{" not in t and "sanguo." not in t for t in lines)
        moves = a.move_list(lang)
        assert any("e14" in m for m in moves)  # the capture itself is public
        assert not any("你在" in m or "you captured" in m for m in moves)  # what it was is not (K9)
    assert any(e.msg.key == "sanguo.ev.capture_seen" for e in g.events(0))


def test_hidden_deal_shows_no_seed_and_new_games_draw_a_fresh_one():
    pl = plugin_class("sanguo")
    assert pl.show_seed is False and pl.hidden_deal is True
    opts = pl.new_game_options(registry.get("sanguo"), 7)
    assert opts["seed"] is None


@pytest.fixture(scope="module")
def surf():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    return pygame.Surface((800, 600))


def test_flat_render_draws_backs_and_kingdom_rings(surf):
    g = new_game(variant="jieqi", seed=4)
    a = make_plugin(g)
    view = a.view(0)
    r = FlatBoardRenderer()
    surf.fill((23, 25, 30))
    r.draw(surf, view, surf.get_rect())
    img = pygame.surfarray.array3d(surf).transpose(1, 0, 2)
    x, y = r.cell_px(a.cell("q13"))
    patch = img[int(y) - 1:int(y) + 2, int(x) - 1:int(x) + 2].reshape(-1, 3).astype(int)
    assert int(np.abs(patch - np.array(rgb255(BACK))).max(axis=1).min()) <= 20
    assert r.pick(*r.cell_px(a.cell("i17"))) == a.cell("i17")
