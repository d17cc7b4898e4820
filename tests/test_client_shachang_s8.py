"""沙场秋点兵's first minutes, session 8 (issue 26 leftovers found in play): item actions said in words, the
亡命天涯 hints, the how-to-play page's star and items sections, a refusal kept through F2, Tab framing the unit
beside the panels, and first person without the side panel over the view."""
from __future__ import annotations

import time

import numpy as np
import pygame

from client import i18n, keys
from client.games.shachang.scene import GameScene
from client.scenes.help import HelpScene
from client.scenes.modals import ChooserModal
from client.scenes.replay import ReplayBase
from client.ui import text
from engine.shachang import new_game, star_cells
from engine.shachang.actions import UseItem
from engine.shachang.cells import parse_cell
from engine.shachang.game import ShachangGame
from engine.shachang.item_rules import KINDS as ITEM_KINDS
from engine.shachang.maps import GameMap
from engine.shachang.star_items import describe as describe_star_item
from tests.client_util import cell_px, click, click_cell, flat_app, hot_seat, key, position, step
from tests.items_util import card_rect, start

UNITS = [[0, "c3", 4, "settled"], [0, "b2", 2, "settled"], [1, "e5", 3], [1, "h8", 2]]


def items_game(units, hands, mode="digital") -> ShachangGame:
    """An 8x8 position with items on and the given hands (no item cells left on the map)."""
    gm = GameMap(heights=np.zeros((8, 8), dtype=np.int16), spawns=(((0, 0),), ((7, 7),)))
    return ShachangGame(gm, preset="standard", mode=mode, players=2,
                        setup={"units": units, "reserve": [0, 0], "current": 0},
                        items=True, item_seed=5, item_setup={"cells": [], "hands": hands})


# ---------------------------------------------------------------- point 5: item actions in words
ONE = {"yugong": UseItem("yugong", ((2, 2), (2, 1), (2, 2)), 1), "fanfu": UseItem("fanfu", ()),
       "dilao": UseItem("dilao", ((4, 4),)), "wangming": UseItem("wangming", ((2, 2),), 2)}
NAMES = {"yugong": ("愚公移山", "Moving Mountains"), "fanfu": ("天翻地覆", "World Upside Down"),
         "dilao": ("画地为牢", "Drawn Prison"), "liu": ("溜之大吉", "Slip Away"),
         "tonggui": ("同归于尽", "Go Down Together"), "taoyuan": ("世外桃源", "Hidden Paradise"),
         "wangming": ("亡命天涯", "Desperate Flight"), "cuntu": ("寸土不让", "Not an Inch")}


def test_every_item_action_is_described_in_words_in_both_languages_S20j():
    g = items_game(UNITS, [list(ITEM_KINDS)[:3], []])
    assert set(NAMES) == set(ITEM_KINDS)  # docs/rules/shachang_items.md: the eight items
    for kind in ITEM_KINDS:
        a = ONE.get(kind, UseItem(kind, ((2, 2),)))
        zh, en = (g.geometry.describe(a).render(lang) for lang in ("zh", "en"))
        assert en.startswith(NAMES[kind][1]) and zh.startswith(NAMES[kind][0]), (kind, zh, en)
        assert not en.startswith("item ") and f"item {kind}" not in en and kind not in zh  # no command text
        assert "{" not in zh + en
        cell = {"fanfu": None, "dilao": "e5"}.get(kind, "c3")  # the unit it acts on
        assert cell is None or (cell in en and cell in zh)
    assert "discards 2 soldiers for 2 extra steps" in g.geometry.describe(ONE["wangming"]).render("en")
    assert "弃2人，多走2步" in g.geometry.describe(ONE["wangming"]).render("zh")


def test_star_wangming_is_described_with_the_soldiers_chosen_S20n():
    N = star_cells.parse
    a = UseItem("wangming", (N("i6"), N("i7"), N("i8")), 2)
    assert describe_star_item(a).render("en") == "Desperate Flight: the unit on i6 discards its soldiers on i7 i8 for 2 extra steps"
    assert describe_star_item(a).render("zh") == "亡命天涯：i6的部队弃掉i7 i8的兵，多走2步"


def test_an_item_used_through_clicks_is_said_in_words_not_as_command_text(app):
    g = items_game(UNITS, [["wangming", "cuntu"], []])
    sc = start(app, g)
    step(app)
    click(app, card_rect(sc, "wangming").center)
    click(app, cell_px(app, parse_cell("c3")))
    modal = app.scene
    assert isinstance(modal, ChooserModal)
    step(app)
    click(app, modal.rects["2"].center)
    assert g.log[-1] == UseItem("wangming", (parse_cell("c3"),), 2)
    assert sc.ctl.status == "Desperate Flight: the unit on c3 discards 2 soldiers for 2 extra steps"
    news = i18n.engine_text(sc.ctl.obs.messages[-1])
    assert news == "P1: desperate flight, the unit on c3 discards 2 soldiers for 2 extra steps"
    key(app, pygame.K_F2)  # the line follows the language
    step(app)
    try:
        assert i18n.lang() == "zh" and "亡命天涯" in sc.ctl.status and "item" not in sc.ctl.status
    finally:
        i18n.set_lang("en")


def test_the_replay_move_list_says_item_uses_in_words(tmp_path):
    g = items_game([[0, "c3", 4, "settled"], [1, "e5", 1]], [["cuntu"], []], mode="tabletop")
    g.apply("item cuntu c3")
    g.apply("attack c3 e5")
    assert g.is_over
    said = [m.render("en") for m in ReplayBase._descriptions(g)]
    assert said[0] == "Not an Inch: the unit on c3 gives up moving and may attack three times this turn"
    assert ReplayBase._descriptions(g)[0].render("zh").startswith("寸土不让：c3的部队")


# ---------------------------------------------------------------- point 6: the 亡命天涯 hints
def test_wangming_hints_say_what_to_click_and_what_follows(app):
    g = items_game(UNITS, [["wangming"], []])
    sc = start(app, g)
    step(app)
    click(app, card_rect(sc, "wangming").center)
    said = sc.ctl.status
    assert "click one of your units framed green (2 can take it)" in said  # units, not soldiers
    assert "how many soldiers to discard" in said and "one extra step each" in said
    click(app, cell_px(app, parse_cell("c3")))
    assert isinstance(app.scene, ChooserModal)
    assert sc.ctl.status.startswith("Desperate Flight: the unit on c3 has 4 soldiers; discard how many?")
    assert "the unit on c3 has 4 soldiers" in app.scene.title()
    key(app, pygame.K_ESCAPE)


# ---------------------------------------------------------------- point 2: F2 keeps a refusal
def test_f2_says_a_refusal_again_in_the_new_language_and_a_notice_gives_it_back(app):
    g, sc = hot_seat(app, [[0, "a1", 1], [1, "h8", 2]], mode="tabletop")
    click_cell(app, (0, 0))
    click_cell(app, (7, 7))  # out of range: refused (S3)
    step(app)
    refusal = sc.ctl.status
    assert sc.message_bad and "exceed the attack range" in refusal and sc.refusal_rule().startswith("S3")
    try:
        key(app, pygame.K_F2)
        step(app)
        assert i18n.lang() == "zh" and sc.message_bad and "超出" in sc.ctl.status and "[S3" in sc.ctl.status
        assert sc.refusal_rule().startswith("S3")  # F3 still opens its rule
        key(app, pygame.K_F2)
        step(app, 3)
        assert i18n.lang() == "en" and sc.ctl.status == refusal
    finally:
        i18n.set_lang("en")
    key(app, pygame.K_F12)  # a notice covers the line for a while ...
    assert "screenshot" in sc.ctl.status and sc.message_until is not None
    sc.message_until = time.perf_counter() - 1  # (its time is up)
    step(app)
    assert sc.ctl.status == refusal and sc.message_bad  # ... and the refusal comes back
    click_cell(app, (0, 0))  # the player acts (drops the selection): the refusal goes
    step(app, 2)
    assert not sc.message_bad and "exceed" not in sc.ctl.status


# ---------------------------------------------------------------- point 1: F1 names the star and the items
def test_f1_how_to_play_has_the_star_board_and_the_items_in_both_languages(app):
    g, sc = hot_seat(app, [[0, "a1", 2], [1, "h8", 2]])
    try:
        for lang, star, items, how in (("en", "The star board", "Items (fun version)", "Click a lit card"),
                                       ("zh", "跳棋星盘", "道具（趣味版）", "点一张亮着的道具卡")):
            i18n.set_lang(lang)
            key(app, pygame.K_F1)
            step(app, 2)
            page = app.scene
            assert isinstance(page, HelpScene) and page.tabs()[0] == "play"
            lines = [op[2] for op in page._intro_ops(page.box().w - 40) if op[0] == "text"]
            assert star in lines and items in lines  # each a section heading on the page
            body = "".join(lines)
            for words in (how, "S19a", "S19d", "S20a", "S20n", "python -m client --preset star", "--items"):
                assert words in body, (lang, words)
            assert all(text.has_glyph(ch) for ch in body), lang  # every character drawn by the shipped font
            key(app, pygame.K_ESCAPE)
            assert app.scene is sc
    finally:
        i18n.set_lang("en")


# ---------------------------------------------------------------- point 3: Tab frames the unit beside the panels
SPREAD = [[0, "a1", 2], [0, "h1", 1], [0, "a8", 2], [0, "h7", 1], [0, "d4", 2], [1, "h8", 2]]


def _in_free_part(sc, cell) -> bool:
    w, h = sc.app.display.size
    x0, y0, x1, y1 = sc.usable_rect()
    (xa, ya), (xb, yb) = sc.cell_to_screen(cell, top=False), sc.cell_to_screen(cell, top=True)
    x, y = (xa + xb) / 2, (ya + yb) / 2  # the unit's middle
    mx, my = (x0 + x1) / 2 * w, (y0 + y1) / 2 * h  # the free part's middle
    return (abs(x - mx) <= 10 and abs(y - my) <= 10 and x < sc.panel_rect.x
            and not sc.panel_rect.collidepoint(x, y))


def _tab_through(app, sc, n):
    seen = []
    for _ in range(n):
        key(app, pygame.K_TAB)
        step(app, 90)  # the camera glides there
        seen.append(sc.ctl.selected)
        assert _in_free_part(sc, sc.ctl.selected), (sc.ctl.selected, sc.cell_to_screen(sc.ctl.selected), sc.panel_rect)
    return seen


def test_tab_frames_each_unit_in_the_free_part_of_the_view_flat(tmp_path):
    with flat_app(tmp_path, size=(1024, 640)) as app:
        g = position(SPREAD, mode="tabletop")
        app.start_game(g, ["human", "easy"])
        step(app, 3)
        sc = app.find(GameScene)
        assert sc.panel_rect.w > 0
        seen = _tab_through(app, sc, 5)
        assert set(seen) == {parse_cell(c) for c in ("a1", "h1", "a8", "h7", "d4")}
        key(app, pygame.K_c)  # C: to the selected unit, framed the same way
        step(app, 90)
        assert _in_free_part(sc, sc.ctl.selected)


# ---------------------------------------------------------------- point 4: first person, the panel out of the view
def test_first_person_hides_the_side_panel_and_i_or_its_tab_brings_it_back(app):
    g, sc = hot_seat(app, [[0, "a1", 4], [0, "c2", 2], [1, "h8", 2]], mode="tabletop")
    step(app)
    full = sc.panel_rect.copy()
    assert full.w >= 300 and sc.panel_shown()
    key(app, pygame.K_TAB)
    key(app, pygame.K_v)  # first person
    step(app, 2)
    assert sc.ctl.first_person and not sc.panel_shown()
    assert sc.panel_rect.w < 120 and sc.panel_rect.h < 40  # only the small "Info (I)" tab is left
    assert not any(sc.over_ui(p) for p in (full.center, full.midleft, (full.centerx, full.bottom - 5)))
    assert "Info (I)" == sc.info_button.text()
    key(app, pygame.K_i)  # I: the info is back
    step(app)
    assert sc.panel_shown() and sc.panel_rect.w >= 300
    key(app, pygame.K_i)
    step(app)
    assert not sc.panel_shown()
    click(app, sc.info_button.rect.center)  # the tab does the same
    step(app)
    assert sc.panel_shown() and sc.ctl.first_person
    key(app, pygame.K_i)
    key(app, pygame.K_v)  # back on the map: the panel is there as before
    step(app)
    assert not sc.ctl.first_person and sc.panel_shown() and sc.panel_rect.w >= 300
    rows = dict(keys.help_rows(sc.key_contexts(), "en"))
    assert "first person" in rows["I"]  # the F1 key page lists it
    zh = dict(keys.help_rows(sc.key_contexts(), "zh"))["I"]
    assert "第一人称" in zh and all(text.has_glyph(ch) for ch in zh)


# ---------------------------------------------------------------- every refused click names its rule
def test_refused_clicks_in_the_item_chooser_and_without_a_unit_name_their_rule(app):
    g = items_game(UNITS, [["dilao", "wangming"], []])
    sc = start(app, g)
    step(app)
    click(app, card_rect(sc, "dilao").center)
    click(app, cell_px(app, parse_cell("b2")))  # an own unit: not a target of 画地为牢
    assert sc.message_bad and sc.refusal_rule() == "S20d" and sc.ctl.status.endswith("[S20d]")
    key(app, pygame.K_ESCAPE)
    click(app, cell_px(app, parse_cell("e5")))  # an enemy with nothing selected: the attacker is missing
    assert sc.message_bad and sc.refusal_rule() == "S8" and "select one of your units first" in sc.ctl.status


def test_a_card_refused_for_the_turn_names_the_card_not_a_made_up_target(app):
    g = items_game(UNITS, [["cuntu", "wangming"], []])
    sc = start(app, g)
    step(app)
    click(app, card_rect(sc, "cuntu").center)
    click(app, cell_px(app, parse_cell("c3")))
    assert isinstance(g.log[-1], UseItem)
    step(app)
    click(app, card_rect(sc, "wangming").center)  # one item per turn (S20a)
    assert sc.ctl.status == "Desperate Flight: one item per turn [S20a one per turn]"


def test_the_computers_actions_are_said_as_the_log_says_them_in_words(app):
    g = position([[0, "a1", 2], [1, "h8", 2]], mode="tabletop", current=1)
    app.start_game(g, ["human", "easy"])
    sc = app.find(GameScene)
    sc._run_ai = lambda dt: None  # the computer plays only what the test gives it
    step(app, 2)
    sc._apply_ai(g.parse_action("march h8 h6 1"), 1)
    step(app)
    assert sc.ctl.status == "P2 marches 1 soldier from h8 to h6 (2 steps)"  # the log's line, in words (issue 26)
    sc._apply_ai(g.parse_action("end"), 1)
    step(app)
    assert sc.ctl.status.startswith("P2 ends the turn — ")  # then it says it is the player's turn (s9)
    assert i18n.engine_text(sc.ctl.obs.messages[-1]) == "P2 ends the turn"


def test_r_with_nothing_pointed_at_says_where_it_places(app):
    g, sc = hot_seat(app, [[0, "a1", 2], [1, "h8", 2]], reserve=(4, 4))
    sc.ctl.hover = None
    sc.mouse_seen = False
    key(app, pygame.K_r)
    assert sc.ctl.status == "R: point at the cell to reinforce (or select a unit) first" and sc.ctl.reinforce is None


GLAPP_SIZE = (1024, 640)


def test_tab_frames_each_unit_in_the_free_part_of_the_view_3d(glapp):
    app = glapp
    g = position(SPREAD, mode="tabletop")
    app.start_game(g, ["human", "easy"])
    step(app, 3)
    sc = app.find(GameScene)
    seen = _tab_through(app, sc, 5)
    assert len(set(seen)) == 5
    sc.cam.rotate(90)  # turned, the free part's middle is still where the unit goes
    step(app, 90)
    _tab_through(app, sc, 2)


def test_tab_frames_each_soldier_on_the_star_with_its_heights_3d(glapp):
    app = glapp
    g = new_game("star", mode="tabletop", players=2, seed=3)
    assert int(np.asarray(g.heights).max()) >= 3  # hills: the soldier stands above the ground plane
    app.start_game(g, ["human", "easy"])
    step(app, 3)
    sc = app.find(GameScene)
    assert len(set(_tab_through(app, sc, 4))) == 4


# ---------------------------------------------------------------- leftover: first person without minimap and cards
def test_first_person_clears_the_minimap_and_item_cards_from_the_view_and_i_brings_them_back(app):
    # issue 26: in first person the minimap and the item cards still covered the lower left of the view
    from tests.items_util import star_items_game

    units = [[0, "i5"], [0, "i6"], [0, "e1"], [1, "i8"], [1, "k5"], [1, "l5"], [1, "q1"]]
    g = star_items_game(units, [["tonggui", "taoyuan"], ["liu"]])
    sc = start(app, g)
    step(app)
    w, h = app.display.size
    mini, cards = sc.minimap.rect.copy(), sc.items.rect.copy()
    assert sc.show_minimap and mini.w > 100 and cards.w > 100  # on the map: both there
    assert sc.over_ui(mini.center) and sc.over_ui(cards.center)
    click(app, sc.cell_to_screen(star_cells.parse("i6")))
    key(app, pygame.K_v)  # first person
    step(app, 2)
    assert sc.ctl.first_person and not sc.panel_shown()
    assert not sc.show_minimap and sc.items.rect.w == 0
    assert not sc.over_ui(mini.center) and not sc.over_ui(cards.center)  # the view is the soldier's
    assert sc.usable_rect()[3] * h > h - 60  # nothing kept free for a strip that is not drawn
    key(app, pygame.K_i)  # I: the panel, the minimap and the cards together
    step(app)
    assert sc.panel_shown() and sc.show_minimap and sc.items.rect.w > 100
    click(app, card_rect(sc, "taoyuan").center)  # and a card can be used from first person
    assert sc.items.prefix is not None
    key(app, pygame.K_i)  # the panel goes: the card in use keeps its strip (Esc or a second click lets it go)
    step(app)
    assert not sc.panel_shown() and not sc.show_minimap and sc.items.rect.w > 100
    key(app, pygame.K_ESCAPE)
    step(app)
    assert sc.items.prefix is None and sc.items.rect.w == 0
    key(app, pygame.K_m)  # M: the minimap alone, in this view only
    step(app)
    assert sc.show_minimap and sc.minimap.rect.w > 100 and sc.items.rect.w == 0
    key(app, pygame.K_v)  # back on the map: everything as it was
    step(app)
    assert not sc.ctl.first_person and sc.show_minimap and sc.panel_shown() and sc.items.rect == cards


# ---------------------------------------------------------------- leftover: a refused click never looks silent
def test_a_repeated_refusal_flashes_the_status_line_so_the_click_is_seen(app):
    # issue 26 leftover 2: the same refused click twice left the status line as it was (the same words), and
    # the second click looked silent; every refusal now frames the line in red for a moment
    g, sc = hot_seat(app, [[0, "a1", 4], [0, "c2", 2], [1, "h8", 2]], mode="tabletop")
    step(app, 2)
    assert not sc.refusal_flashing()
    click_cell(app, parse_cell("a1"))
    assert sc.ctl.selected == parse_cell("a1") and not sc.refusal_flashing()  # a selection: no flash
    click_cell(app, parse_cell("h1"))  # too far to march
    line = sc.status_text("en")
    assert "[S15" in line and sc.refusal_flashing()
    w, h = app.display.size
    border = app.display.screenshot()[h - 2, 40]
    assert tuple(border[:3]) == (255, 90, 70)
    sc.refusal_flash = -1.0  # the moment has passed
    step(app)
    assert tuple(app.display.screenshot()[h - 2, 40][:3]) != (255, 90, 70)
    click_cell(app, parse_cell("h1"))  # the same click again: the same words, and the flash says it was heard
    assert sc.status_text("en") == line and sc.refusal_flashing()
    assert tuple(app.display.screenshot()[h - 2, 40][:3]) == (255, 90, 70)
    assert sc.animating()  # frames go on until the flash is drawn away


def test_the_replay_caption_in_chinese_names_the_seat_with_a_full_width_colon(app):
    # the replay's caption read "玩家1(红): 行军 h1→h2 1人" with an English colon in the Chinese line
    from tests.client_util import finished

    finished(app)
    for b in app.scene.buttons:  # the game-over box's Replay button, clicked
        if b.text() == "Replay":
            click(app, b.rect.center)
            break
    rep = app.scene
    assert isinstance(rep, ReplayBase)
    key(app, pygame.K_RIGHT)
    assert rep.caption().endswith("P1 (red): march 1 soldier from h1 to h2")  # English keeps its colon; words
    key(app, pygame.K_F2)  # Chinese
    step(app)
    zh = rep.caption()
    assert "：从h1行军到h2（1人）" in zh and ": " not in zh, zh
    assert all(text.has_glyph(ch) for ch in zh)


def test_the_game_over_box_hides_the_board_labels_behind_it(app):
    # at 1024x640 the flat board's height labels and cell lines showed through the box's empty parts
    from tests.client_util import finished

    finished(app)
    over = app.scene
    step(app, 2)
    shot = app.display.screenshot().astype(int)
    top = min(b.rect.top for b in over.buttons)
    band = shot[top - 30:top - 8, over.box.x + 8:over.box.right - 8, :3]  # no words there, the board under it
    assert band.size and (band.max(axis=(0, 1)) - band.min(axis=(0, 1))).max() <= 4


def test_the_chinese_key_page_has_no_english_mouse_words_and_full_width_punctuation():
    # F1's key page in Chinese read "左键 / Left click | 选中己方部队; 选中后点格子=行军, 点敌军=攻击"
    zh = keys.help_rows(("global", "shachang"), "zh")
    got = dict(zh)
    assert got["左键"] == "选中己方部队；选中后点格子=行军，点敌军=攻击"
    assert got["右键 / Esc"].startswith("取消选择；") and got["Enter / 结束回合"]  # key names stay
    assert got["拖动"] == "从部队拖到格子=行军（拖到己方部队=集合）"
    for k, what in zh:
        assert not any(w in k.lower() for w in ("click", "drag", "wheel", "arrows")), k
        assert not any(c in what for c in ";,:") and "(选" not in what, what
    assert "小地图" in got["I"] and "minimap" in dict(keys.help_rows(("global", "shachang"), "en"))["I"]
    en = dict(keys.help_rows(("global", "shachang"), "en"))
    assert en["Left click"].startswith("select own unit; then")  # English as it was
