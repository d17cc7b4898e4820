"""Issue 26, wave 2 (qaboards): the board scene's hover tooltip stays in the board's free area (not over 辛亥革命's
or 江山's own column beside the map), off the mouse; one English name per piece in 暗棋 and 三国演弈 (the in-game
words: advisor 士, elephant 相, soldier/pawn 兵) in the catalogues, the rule pictures' captions and the rule book."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pygame
import pytest

from client.scenes import board_game
from engine.sanguo import new_game as sanguo_game
from tests.boards_util import click_at, click_cell, make_app, post, wait_human

ROOT = Path(__file__).resolve().parent.parent


def rest_at(app, pos):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.016)
    app.scene.hover_since = 0.0  # rested long enough for the tooltip


def drawn_tooltip(app, monkeypatch):
    """The box the scene draws its hover tooltip in (None: no tooltip)."""
    boxes = []
    real = board_game.widgets.panel
    sc = app.scene
    lines = sc.plugin.cell_info(sc.hover, sc.lang) if sc.hover is not None else None

    def spy(surf, rect, *a, **kw):
        boxes.append(pygame.Rect(rect))
        return real(surf, rect, *a, **kw)
    monkeypatch.setattr(board_game.widgets, "panel", spy)
    sc._draw_tooltip(pygame.display.get_surface())
    monkeypatch.setattr(board_game.widgets, "panel", real)
    return boxes[-1] if boxes and lines else None


@pytest.mark.parametrize("gid,n,size", [("xinhai", 2, (1024, 640)), ("xinhai", 2, (1280, 720)),
                                        ("jiangshan", 2, (1024, 640)), ("sanguo", 3, (1024, 640)),
                                        ("anqi", 3, (1024, 640)), ("baige", 2, (1280, 720))])
def test_hover_tooltips_stay_in_the_boards_free_area_off_the_mouse(cleanup, monkeypatch, gid, n, size):
    app = make_app("dummy", gid, ["human"] * n, "flat", size=size)
    sc = app.scene
    for _ in range(3):
        sc.dirty = True
        app.step(0.016)
    area = sc.plugin.board_area(sc.board_rect)
    seen = 0
    # the whole free area on a grid, its rims included: near the right rim a tooltip used to spill over the column
    for fx in (0.01, 0.2, 0.4, 0.6, 0.8, 0.9, 0.97, 0.995):
        for fy in (0.01, 0.15, 0.3, 0.5, 0.7, 0.85, 0.97, 0.995):
            pos = (area.x + int(fx * (area.w - 1)), area.y + int(fy * (area.h - 1)))
            rest_at(app, pos)
            if sc.hover is None or not sc.plugin.cell_info(sc.hover, sc.lang):
                continue
            box = drawn_tooltip(app, monkeypatch)
            assert box is not None
            assert area.contains(box), (pos, box, area)
            assert not box.collidepoint(pos)
            seen += 1
    assert seen >= 6


# one English name per piece and game (issue 26): the words the game itself uses (the catalogue's kind names)
WRONG = {"anqi": r"\b(guards?|ministers?|pawns?)\b", "sanguo": r"\b(guards?|ministers?|soldiers?)\b"}
KIND = {"anqi": {"advisor": "advisor", "elephant": "elephant", "soldier": "soldier"},
        "sanguo": {"advisor": "advisor", "elephant": "elephant", "pawn": "pawn"}}


def english_texts(gid):
    """Every English text a player of ``gid`` reads about its pieces: the catalogue, the rule pictures' titles and
    captions, the rule book's rulings and the rules page."""
    out = []
    cat = tomllib.loads((ROOT / "assets" / "messages" / f"{gid}.toml").read_text())

    def walk(d, key):
        for k, v in d.items():
            if isinstance(v, dict):
                walk(v, f"{key}.{k}")
            elif k == "en":
                out.append((key, v))
    walk(cat, gid)
    for p in sorted((ROOT / "assets" / "scenarios" / gid).glob("*.toml")):
        d = tomllib.loads(p.read_text())
        out += [(f"{p.name}:{k}", d[k]) for k in ("title", "caption_en") if k in d]
        out += [(f"{p.name}:{k}", v) for k, v in d.get("rulings", {}).items()]
    out.append((f"docs/rules/{gid}.md", (ROOT / "docs" / "rules" / f"{gid}.md").read_text()))
    return out


@pytest.mark.parametrize("gid", ["anqi", "sanguo"])
def test_each_piece_has_one_english_name_in_the_game_the_pictures_and_the_rule_book(gid):
    cat = tomllib.loads((ROOT / "assets" / "messages" / f"{gid}.toml").read_text())[gid]
    assert {k: cat["kind"][k]["en"] for k in KIND[gid]} == KIND[gid]  # the in-game words
    texts = english_texts(gid)
    assert len(texts) > 30
    bad = [(where, m.group(0)) for where, s in texts for m in re.finditer(WRONG[gid], s, re.I)]
    assert bad == []


@pytest.mark.parametrize("gid,seats", [("baige", ["human", "random"]), ("sanguo", ["human", "random", "random"])])
def test_a_click_on_undo_that_takes_back_says_so_not_that_nothing_can_be_taken_back(cleanup, gid, seats):
    # found in play: the click undid the move, greyed the button, and the same click then read as a click on the
    # greyed button: the status line said in red "nothing to take back"
    app = make_app("dummy", gid, seats, "flat", size=(1024, 640))
    sc = app.scene
    if gid == "baige":
        src, dst = "e4", "e6"
    else:
        a = sc.game.legal_actions()[0]
        src, dst = a.src, a.dst
    click_cell(app, sc.plugin.cell(src))
    click_cell(app, sc.plugin.cell(dst))
    wait_human(app)
    assert len(sc.game.log) >= 2 and sc.buttons[0].enabled()
    click_at(app, sc.buttons[0].rect.center)
    assert len(sc.game.log) == 0 and not sc.buttons[0].enabled()
    assert str(sc.message).startswith("move taken back — now ") and not sc.message_bad  # and what to click (s11)
    click_at(app, sc.buttons[0].rect.center)  # now greyed: the click says why
    assert sc.message_bad and sc.message.key == "board_no_undo"


def press(app, button):
    """Click a button of the scene on top (drawn first, so it has its place)."""
    app.app.scene.dirty = True
    app.step(0.016)
    assert button.rect.w
    click_at(app, button.rect.center)


def menu_button(menu, words):
    return [b for b in menu.buttons if b.text() == words][0]


def test_esc_opens_the_in_game_menu_whose_save_and_load_work_on_a_board_game(cleanup, tmp_path):
    # found in play: Esc and the Menu button only asked "leave the game?": no save or load but Ctrl+S
    app = make_app("dummy", "baige", ["human", "random"], "flat", size=(1024, 640))
    app.app.opts.save_dir = str(tmp_path)
    sc = app.scene
    click_cell(app, sc.plugin.cell("e4"))
    click_cell(app, sc.plugin.cell("e6"))
    wait_human(app)
    log = list(sc.game.log)
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.step(0.016)
    menu = app.app.scene
    assert menu.kind == "menu" and menu.game_scene is sc
    press(app, menu_button(menu, "Save"))
    assert app.app.scene is sc and str(sc.message).startswith("UiMsg(key='saved'")
    saves = list(tmp_path.glob("save-*.json"))
    assert len(saves) == 1
    click_at(app, sc.buttons[0].rect.center)  # undo: the board differs from the save
    assert sc.game.log == []
    press(app, [b for b in sc.buttons if b.text() == "Menu"][0])
    menu = app.app.scene
    assert menu.kind == "menu"
    press(app, menu_button(menu, "Load"))
    load = app.app.scene
    assert len(load.buttons) == 1
    press(app, load.buttons[0])
    board = app.app.scene
    assert board.game.game_id == "baige" and board.game.log == log


def test_save_from_the_menu_over_a_hand_over_does_not_crash(cleanup, tmp_path):
    # found in play: the hand-over's Esc menu had Save, which read 沙场秋点兵's controller (AttributeError)
    app = make_app("dummy", "sanguo", ["human", "human", "human"], "flat", size=(1024, 640),
                   game=sanguo_game(variant="jieqi", seed=3))
    app.app.opts.save_dir = str(tmp_path)
    sc = app.scene
    a = sc.game.legal_actions()[0]
    click_cell(app, sc.plugin.cell(a.src))
    click_cell(app, sc.plugin.cell(a.dst))
    assert app.app.scene.kind == "handover"
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.step(0.016)
    menu = app.app.scene
    assert menu.kind == "menu" and menu.opaque  # the board stays hidden
    press(app, menu_button(menu, "Save"))
    assert app.app.scene.kind == "handover"
    assert len(list(tmp_path.glob("save-*.json"))) == 1


def test_the_hand_over_says_esc_opens_the_menu_and_the_line_fits_1024():
    from client import i18n
    from client.i18n import t
    from client.ui import text
    for lang, words in (("en", "Esc opens the menu"), ("zh", "Esc打开菜单")):
        i18n.set_lang(lang)
        assert words in t("handover_body")
        assert text.size_of(t("handover_body"), 20)[0] < 1000  # drawn centred on one line, 20 px


@pytest.mark.parametrize("gid", ["baige", "anqi", "sanguo"])
def test_chinese_rulings_name_the_pieces_by_the_simplified_glyphs_on_the_board(gid):
    # found in F1 (百格, zh): C1 "王向車的方向", C3 "N（馬）、G（衛）", C6 "走法同車" while the pieces read 车 马 卫
    book = tomllib.loads((ROOT / "assets" / "scenarios" / gid / "_book.toml").read_text())
    bad = {k: sorted(set(v) & set("車馬衛砲將帥")) for k, v in book["rulings_zh"].items() if set(v) & set("車馬衛砲將帥")}
    assert bad == {}


@pytest.mark.parametrize("gid,n,legend", [
    ("anqi", 3, ["君 ruler · 车 chariot · 炮 cannon", "马 horse · 相 elephant · 士 advisor", "兵 soldier · 帝 emperor"]),
    ("sanguo", 3, ["君 ruler · 士 advisor · 相 elephant", "车 chariot · 马 horse · 炮 cannon", "兵 pawn · 帝 emperor",
                   "alliance point (盟, K5)"])])
def test_the_english_panel_names_the_glyphs_as_the_rule_book_does(cleanup, gid, n, legend):
    # found in play: 百格's English panel had a piece legend, 暗棋's and 三国演弈's none: 君 士 相 兵 unexplained
    app = make_app("dummy", gid, ["human"] * n, "flat", size=(1024, 640))
    sc = app.scene
    lines = [s for s, _ in sc.plugin.panel_lines("en")]
    assert lines[-len(legend):] == legend
    assert not any("ruler" in s or "君 " in s for s, _ in sc.plugin.panel_lines("zh"))  # Chinese readers read them


def test_chinese_lines_never_start_with_closing_punctuation_nor_end_with_an_opening_bracket():
    # found in 百格's F1 page (zh): a line began "，或一方提和"; another ended "（"
    from client import i18n
    from client.i18n import tr
    from client.ui import text
    i18n.set_lang("zh")
    paras = [tr(f"baige.help.{k}", "zh") for k in ("goal", "move", "pieces", "cannon", "promote", "castle", "end")]
    breaks = 0
    for p in paras:
        for w in range(120, 900, 7):
            lines = text.wrap(p, 14, w)
            assert "".join(lines).replace(" ", "") == p.replace(" ", "")  # nothing lost or doubled
            for a, b in zip(lines, lines[1:]):
                assert b[:1] not in "，。、；：？！）」" and a[-1:] not in "（「", (w, a, b)
                assert text.size_of(a, 14)[0] <= w
            breaks += len(lines) - 1
    assert breaks > 500


@pytest.mark.parametrize("gid,sides", [("baige", ["White", "Black"]), ("anqi", ["Wu", "Wei", "Shu"]),
                                       ("sanguo", ["Wu", "Wei", "Shu"]), ("jiangshan", ["Han", "Chu"]),
                                       ("xinhai", ["Revolutionaries", "Qing"])])
def test_the_start_screens_seat_rows_name_the_side_each_plays(app, monkeypatch, gid, sides):
    # found in play: the seat rows read "Seat 1, Seat 2, Seat 3": which of 吴 魏 蜀 (or White, Black) is mine?
    from tests.test_boards_s8 import choose_game, drawn_words, start_screen
    st = start_screen(app)
    choose_game(app, st, gid)
    assert [st.seat_name(i) for i in range(len(sides))] == sides
    words = drawn_words(app, monkeypatch)
    assert all(s in words for s in sides)


def test_the_in_game_menus_help_and_language_work_over_a_board_game(cleanup):
    from client import i18n
    app = make_app("dummy", "anqi", ["human", "normal", "normal"], "flat", size=(1024, 640))
    sc = app.scene
    press(app, [b for b in sc.buttons if b.text() == "Menu"][0])
    menu = app.app.scene
    press(app, menu_button(menu, "Help"))
    help_ = app.app.scene
    assert type(help_).__name__ == "HelpScene" and help_.game_id() == "anqi"  # the game's own page (over the menu)
    assert help_.plugin_lines()  # its how-to-play lines
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.step(0.016)
    assert app.app.scene is menu
    press(app, menu_button(menu, "Language: English"))
    assert i18n.lang() == "zh"
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.step(0.016)
    assert app.app.scene is sc and sc.lang == "zh"
    app.step(0.016)
    assert "吴" in sc.plugin.seat_name(0, sc.lang)
