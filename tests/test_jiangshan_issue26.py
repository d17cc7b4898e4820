"""Issue 26, the QA leftovers of 江山 found in play at 1024x640 and 1280x720 (zh and en): the tallies read in a
compact box beside the cards (not over the board), the tallies chosen counted on the status line, whole card
titles of at least 12 px, instructions in the normal colour, seed passages named in English, the 林 badge
inside its cell beside the counter's name. Driven through clicks where the point is about clicks."""
from __future__ import annotations

import os

import numpy as np
import pygame
import pytest

from client.ui import cards

from client import i18n
from client.games import make_plugin
from client.render.flat_board import FlatBoardRenderer
from client.scenes.help import HelpScene
from client.ui import widgets
from client.ui.cards import CardStrip, title_lines
from engine.jiangshan import new_game
from tests.boards_util import click_at, click_cell, key, make_app
from tests.jiangshan_util import make

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

SIZES = ((1024, 640), (1280, 720))
TALLIES = ("formation", "crossing", "fire", "scout", "ruse", "substitute")


def board_box(sc):
    """The board's cells on the screen (the flat renderer's pixels of its corner cells, half a cell out)."""
    pl = sc.plugin
    pts = [sc.cell_pos(pl.cell(c)) for c in ("a1", "l1", "a8", "l8")]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    half = (max(xs) - min(xs)) / 22
    return pygame.Rect(min(xs) - half, min(ys) - half, max(xs) - min(xs) + 2 * half, max(ys) - min(ys) + 2 * half)


def card_rect(sc, t):
    return {c.ident[1]: r for r, c in sc.cards.hits}[t]


def hover(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.016)
    app.step(0.016)


@pytest.mark.parametrize("size", SIZES)
def test_a_tally_is_read_in_a_compact_box_beside_the_cards_not_over_the_board(cleanup, size):
    """Point 1: the mouse on a tally of the offer (and later of the hand) shows its whole text in a low box in
    the strip's room right of the cards: clear of the board and of the cards, inside the strip."""
    app = make_app("dummy", "jiangshan", ["human", "hard"], "flat", size=size)
    sc = app.scene
    app.step(0.016)
    board = board_box(sc)
    for t in TALLIES:
        hover(app, card_rect(sc, t).center)
        assert sc.cards.hovered is not None and sc.cards.hovered.ident[1] == t
        surf = pygame.Surface(sc.size)
        box = sc.cards.draw_zoom(surf, pygame.Rect(0, 0, *sc.size), "", sc.cards.free)
        if box is None:  # a landscape tally read whole where it lies (issue 26, session 9): nothing more drawn
            assert cards.shows_whole(sc.cards.hovered, sc.cards.hover_rect), (size, t)
            continue
        assert sc.card_rect.contains(box), (size, t, box, sc.card_rect)
        assert not box.colliderect(board) and not box.colliderect(sc.board_rect), (size, t, box, board)
        assert not box.colliderect(sc.cards.hover_rect), (size, t)  # beside the card read, over the others
        assert box.h < 0.2 * size[1] and box.w <= 420  # compact
    # the enemy's pile, later: whose tallies and how many, in the same room
    while sc.game.stage == "tallies":
        sc.game.apply(sc.game.legal_action_texts()[0])
    sc.plugin._index_key = None
    app.step(0.016)
    pile = next(r for r, c in sc.cards.hits if c.face_down)
    hover(app, pile.center)
    surf = pygame.Surface(sc.size)
    box = sc.cards.draw_zoom(surf, pygame.Rect(0, 0, *sc.size), "", sc.cards.free)
    assert box is not None and sc.card_rect.contains(box) and not box.colliderect(board), (size, box)
    # what is drawn: the window's pixels over the board do not change while a card is hovered
    hover(app, (5, 5))
    before = pygame.surfarray.array3d(app.display.window).copy()
    hover(app, pile.center)
    after = pygame.surfarray.array3d(app.display.window)
    diff = np.argwhere(np.abs(after.astype(int) - before.astype(int)).max(axis=2) > 30)
    assert len(diff) and all(not board.collidepoint(int(x), int(y)) for x, y in diff[::7])
    assert diff[:, 1].min() >= sc.card_rect.y - 8  # only the strip changes (the raised card, the box)


def test_the_status_line_counts_the_tallies_chosen_in_both_languages(cleanup):
    """Point 2: choosing 3 tallies by clicking cards, the status line and the panel say "1/3 tallies chosen",
    then 2/3; a chosen card clicked again starts over, and the line says so again from the start; zh too."""
    app = make_app("dummy", "jiangshan", ["human", "hard"], "flat", size=(1024, 640))
    sc = app.scene
    pl = sc.plugin
    app.step(0.016)
    assert sc.message.render("en").startswith("choose 3 tallies")
    click_at(app, card_rect(sc, "fire").center)
    assert sc.message.render("en").startswith("1/3 tallies chosen: click 2 more")
    assert pl.status("en").startswith("1/3 tallies chosen")
    click_at(app, card_rect(sc, "ruse").center)
    assert sc.message.render("en").startswith("2/3 tallies chosen: click 1 more")
    assert sc.message.render("zh").startswith("已选2/3个虎符")
    assert pl.status("zh").startswith("已选2/3个虎符")
    click_at(app, card_rect(sc, "ruse").center)  # a chosen card again: start over
    assert sc.prefix == () and sc.message.render("en").startswith("choose 3 tallies")
    assert pl.status("en").startswith("choose 3 tallies")
    i18n.set_lang("zh")
    click_at(app, card_rect(sc, "scout").center)
    app.step(0.016)
    assert sc.status_text("zh").startswith("已选1/3个虎符")
    assert not sc.game.log


def test_card_titles_are_whole_and_at_least_12_px_at_small_windows():
    """Point 3: on the narrowest cards (a 1024x640 window's strip) and larger ones, every tally's title in
    English and Chinese is whole (no word cut, no line left off) at 12 px or more."""
    pygame.font.init()
    pl = make_plugin(new_game(seed=0))
    for strip_h in (102, 115, 128, 160):
        w, _ = CardStrip.card_size(strip_h)
        pad = max(3, w // 16)
        for lang in ("en", "zh"):
            for t in TALLIES:
                card = pl.tally_card(t, lang, (0.5, 0.1, 0.1))
                size, lines = title_lines(card.title, max(12, min(22, w // 7)), w - 2 * pad, True)
                assert size >= 12, (strip_h, lang, t, size, lines)
                assert "".join(lines).replace(" ", "") == card.title.replace(" ", ""), (strip_h, lang, t, lines)


def colour_pixels(surf, rect, rgb, tol=30) -> int:
    a = pygame.surfarray.array3d(surf.subsurface(rect.clip(surf.get_rect()))).astype(int)
    return int((np.abs(a - np.array(rgb)).max(axis=2) <= tol).sum())


def test_the_instruction_is_in_the_normal_colour_and_a_refusal_in_the_error_colour(cleanup):
    """Point 4: the panel's first line (what to do now) and the status line's instruction are drawn in the normal
    text colour, not the error colour; a refused click is said in the error colour on the status line."""
    g = make(red=["blade@e3", "king@a1"], white=["king@l8", "horse@h6"])
    app = make_app("dummy", "jiangshan", ["human", "human"], "flat", game=g, size=(1024, 640))
    sc = app.scene
    app.step(0.016)
    win = app.display.window
    p = sc.panel_rect
    first = pygame.Rect(p.x + 8, p.y + 8, p.w - 16, 40)
    assert sc.plugin.status("en").startswith("action points left: 1 — ")
    assert colour_pixels(win, first, widgets.TEXT) > 50 and colour_pixels(win, first, widgets.BAD) == 0
    assert not sc.message_bad and colour_pixels(win, sc.status_rect, widgets.BAD) == 0
    click_cell(app, sc.plugin.cell("h6"))  # an enemy unit: refused
    app.step(0.016)
    assert sc.message_bad and colour_pixels(win, sc.status_rect, widgets.BAD) > 50
    assert colour_pixels(win, first, widgets.BAD) == 0


def test_seed_passages_are_named_in_english_and_still_open_the_rule_book(cleanup):
    """Point 5: in English a refusal resting on a seed passage names it in English ("[seed: action phase]"),
    in Chinese as 原文 and the seed's heading (as the other games since a4dddfe); the rule's id is unchanged (F3, and a click on the name on the status line,
    open the rules reader); an engine refusal is named the same way."""
    g = make(red=["blade@e3", "king@a1"], white=["king@l8", "horse@h6"])
    app = make_app("dummy", "jiangshan", ["human", "human"], "flat", game=g, size=(1280, 720))
    sc = app.scene
    pl = sc.plugin
    click_cell(app, pl.cell("h6"))
    assert sc.status_text("en").endswith("[seed: action phase]")
    assert sc.refusal_rule() == "seed 行动阶段" and "行动阶段" not in sc.status_text("en")
    i18n.set_lang("zh")
    app.step(0.016)  # the scene sees the language change (a line said as text gives way)
    click_cell(app, pl.cell("h6"))
    assert sc.status_text("zh").endswith("[原文 行动阶段]") and sc.refusal_rule() == "seed 行动阶段"  # no English word
    i18n.set_lang("en")
    app.step(0.016)
    click_cell(app, pl.cell("h6"))
    app.step(0.016)
    rect, line, _ = sc._status_drawn
    xs = [x for x in range(0, rect.right + 10, 2) if sc.rule_at((x, rect.centery))]
    assert xs and xs[0] > rect.x + 150 and sc.rule_at((xs[0], rect.centery)) == "seed 行动阶段"
    assert not sc.rule_at((rect.x + 10, rect.centery))
    click_at(app, (xs[len(xs) // 2], rect.centery))
    assert isinstance(app.app.scene, HelpScene)
    key(app, pygame.K_ESCAPE)
    assert app.app.scene is sc
    key(app, pygame.K_F3)
    assert isinstance(app.app.scene, HelpScene)
    key(app, pygame.K_ESCAPE)
    assert not sc.play("pick fire+ruse+substitute")  # the engine's refusal (seed 行动阶段) in English too
    assert sc.refusal_rule() == "seed 行动阶段" and sc.status_text("en").endswith("[seed: action phase]")
    for rule in ("seed 虎符的获得", "seed 行动阶段: 一个行动力", "seed 指挥: 未被调动过", "seed 征兵"):
        assert "seed" in pl.refused("x", rule).render("en") and not any(
            "\u4e00" <= ch <= "\u9fff" for ch in pl.refused("x", rule).render("en")), rule


@pytest.mark.parametrize("yaw", [0, 180])
def test_the_forest_badge_sits_inside_its_cell_beside_the_counters_name(yaw):
    """Point 6: a counter on a forest keeps its 林 as a badge inside the cell, in the corner nearest the viewer
    (the board turned for 楚 too), clear of the middle of the counter where its name is written, at least a
    third of a cell across; on the screen (flat renderer) the badge's pixels lie inside the cell."""
    rows = ["." * 12, "." * 12, "..F.........", "." * 12, "." * 12, "." * 12, "." * 12, "." * 12]
    g = make(red=["blade@c6", "king@a1"], white=["king@l8"], rows=rows)  # rows: rank 8 first, the forest at c6
    pl = make_plugin(g)
    view = pl.view(0)
    view.yaw = yaw  # as the flat drawing turns the board (Flip board, or 楚 at the bottom)
    cell = pl.cell("c6")
    (kind, bx, bz, r), = view.lettered_badges(cell)
    cx, cz = view.geometry.center(cell)
    dx, dz = bx - cx, bz - cz
    assert kind == "grove" and 2 * r >= 0.33
    assert abs(dx) + r <= 0.5 and abs(dz) + r <= 0.5  # inside the cell
    assert (dz > 0) == (yaw == 0)  # the near side: +z for 汉 (rank 1 at the bottom), -z for 楚
    core = 0.2  # the name's ink: the middle 0.4 of a cell (its square is 0.5, its strokes rarely reach the corners)
    assert np.hypot(max(0.0, abs(dx) - core), max(0.0, abs(dz) - core)) >= r
    pygame.font.init()
    flat = FlatBoardRenderer()
    pics = []
    for markers in (view.markers, {}):
        view.markers = markers
        surf = pygame.Surface((480, 360))
        flat.draw(surf, view, surf.get_rect())
        pics.append(pygame.surfarray.array3d(surf).astype(int))
    view.markers = {cell: ("grove",)}
    changed = np.argwhere(np.abs(pics[0] - pics[1]).max(axis=2) > 30)
    assert len(changed)
    size = flat.scale
    px = flat.cell_px(cell)
    assert all(abs(x - px[0]) <= 0.5 * size + 1 and abs(y - px[1]) <= 0.5 * size + 1 for x, y in changed)


def test_the_chooser_says_what_it_asks_and_marks_each_kind_with_a_glyph(cleanup):
    """Found in play: a click on a forest that may hide an enemy opened a box titled "Choose" with two blank
    discs. Through clicks: its title (and the status line) now says the choice and its rule (J8), each entry
    has a glyph (攻 attack, 行 march); an infantry march asks for "the facing (J3)"; the glyphs are in the
    shipped font."""
    from client.games.jiangshan import KIND_GLYPH
    from client.i18n import tr
    from client.ui import text as ui_text

    rows = ["." * 12] * 4 + ["...F........"] + ["." * 12] * 3
    g = make(red=["chariot@d1", "king@a1"], white=["king@l8"], rows=rows)
    app = make_app("dummy", "jiangshan", ["human", "human"], "flat", game=g, size=(1024, 640))
    sc = app.scene
    pl = sc.plugin
    click_cell(app, pl.cell("d1"))
    assert sc.last_board_view.marks[pl.cell("d4")] == "special"  # the forest marked before the click
    click_cell(app, pl.cell("d4"))
    assert sc.modal is not None and sorted(sc.modal.rects) == ["capture", "move"]
    assert sc.status_text("en") == "march in, or attack? (forest, J8)" and not sc.message_bad
    assert all(ui_text.size_of(tr(f"jiangshan.chooser.{k}", lang), 18)[0] <= 280  # one line of the box (300 px)
               for k in ("facing", "face", "forest", "kind") for lang in ("zh", "en"))
    out = pl.click(pl.cell("d4"), pl.click(pl.cell("d1")).prefix)
    assert {c.step.value: c.glyph for c in out.choices} == {"capture": "攻", "move": "行"}
    click_at(app, sc.modal.rects["move"].center)
    assert str(g.log[-1]) == "move d1 d4"
    g = make(red=["blade@f3:battle:N", "king@a1"], white=["king@l8"])
    app = make_app("dummy", "jiangshan", ["human", "human"], "flat", game=g, size=(1024, 640))
    sc, pl = app.scene, app.scene.plugin
    i18n.set_lang("zh")
    app.step(0.016)
    click_cell(app, pl.cell("f3"))
    click_cell(app, pl.cell("f4"))
    assert sc.modal is not None and sc.status_text("zh") == "选择朝向（J3）"
    pygame.font.init()
    assert all(ui_text.has_glyph(c) for c in KIND_GLYPH.values())


def test_a_unit_type_chooser_shows_the_counters_glyphs():
    """A reserve unit brought in through a camp's gate (seed 征兵/支援): the chooser shows each unit type by its
    counter's glyph (刀, 弦) under the title "which unit?"; at the camp itself, with rebuilding offered too, the
    title asks what is done there and rebuilding has its glyph (建)."""
    from client.i18n import tr

    g = make(red=["king@a1", "general@d2"], white=["king@l8"], cities=[("c3", "camp", 0)],
             reserve=({"blade": 1, "bow": 1}, {}))
    pl = make_plugin(g)
    out = pl.click(pl.cell("c4"))
    assert out.kind == "choose" and {c.step.value: c.glyph for c in out.choices} == {"support_blade": "刀",
                                                                                   "support_bow": "弦"}
    assert tr(pl.chooser_title, "en") == "which unit?"
    out = pl.click(pl.cell("c3"))
    assert {c.step.value: c.glyph for c in out.choices}["rebuild"] == "建"
    assert tr(pl.chooser_title, "en") == "what is done there?"
    assert all(c.glyph for c in out.choices)


def test_a_click_on_a_tally_that_cannot_be_chosen_says_how_it_is_played(cleanup):
    """Found in play: a click on 烈火燎原 in the hand said only "that card cannot be chosen now", and a click on
    the enemy's pile nothing. Through clicks: a tally played on the board says so with what to click (seed
    虎符的使用), 李代桃僵 that it answers an attack in the enemy's turn (J12), the enemy's pile that it stays face
    down (seed 虎符的获得), each with its rule on the status line (F3 opens it)."""
    g = make(red=["bow@e3:battle:N", "king@a1"], white=["king@l8"])
    g.st.sides[0].tallies = ["fire", "substitute", "ruse"]
    g.st.sides[1].tallies = ["crossing"]
    g._legal = None
    app = make_app("dummy", "jiangshan", ["human", "human"], "flat", game=g, size=(1024, 640))
    sc = app.scene
    app.step(0.016)
    hits = {c.ident[1] if not c.face_down else "pile": r for r, c in sc.cards.hits}
    click_at(app, hits["fire"].center)
    assert sc.message_bad and sc.refusal_rule() == "seed 虎符的使用"
    assert sc.status_text("en") == ("Prairie Fire is played on the board, not by its card: an unmoved ranged unit or "
                                    "a garrisoned city sets a seen plain or forest within 2 cells alight "
                                    "[seed: playing a tally]")
    click_at(app, hits["substitute"].center)
    assert sc.refusal_rule() == "J12" and sc.status_text("en").endswith("in the enemy's turn, when it attacks a leader "
                                                                         "(the panel asks) [J12]")
    click_at(app, hits["pile"].center)
    assert sc.refusal_rule() == "seed 虎符的获得"
    assert sc.status_text("en") == "the enemy's tallies stay face down until played [seed: getting the tallies]"
    click_at(app, hits["ruse"].center)  # 兵者诡道 is played by its card
    assert str(g.log[-1]) == "ruse" and not sc.message_bad
    app.step(0.016)
    played = [r for r, c in sc.cards.hits if c.ident[0] == "tally" and c.ident[2]]
    click_at(app, played[0].center)
    assert sc.status_text("en") == "War Is Deception has been played: each tally is played once [seed: playing a tally]"
    assert not any(str(a) != "ruse" for a in g.log)
