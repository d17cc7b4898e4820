"""Issue 26 leftovers of the board games' first minutes, found in play (暗棋, 揭棋, 三国演弈, 百格): each fixed with a
test that drives the window (tests/boards_util.py) or the App's start screen through clicks and keys.

1. Undo looks greyed wherever it would be refused (the engine's G2 floor, no computer seat, nothing to take back) and
   its hover says why; 2. after a hand-over turns the board the hover label waits for the mouse; no stray space in zh
   before a name ("交给魏"); 3. the start screen's Seed row for 暗棋, 揭棋 (secret, G1) and 百格 (a line says what the
   seed changes); 4. the game-over box in the space the panels leave; 5. one rule id per 三国演弈 refusal;
   6. full-width punctuation in zh catalogue strings; 7. 暗棋's English rulings in English."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pygame
import pytest

from client import i18n
from client.games.base import game_seed
from client.i18n import t, tr
from client.rulebook.reader import load_book
from client.scenes.board_game import BoardGameScene
from client.scenes.start import StartScene
from client.scenes.modals import GameOverModal
from client.scenes.stats import Row
from client.ui import text
from engine import registry
from engine.messages import Msg, catalogue
from engine.sanguo import new_game as sanguo_game
from tests.boards_util import click_at, click_cell, flippable, make_app, post, wait_human

ROOT = Path(__file__).resolve().parent.parent
CJK = "\u4e00-\u9fff"
GREYED = (40, 40, 46)  # client.ui.widgets.Button's fill when disabled


def hover_at(app, pos):
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.016)


def undo_fill(app):
    """The colour inside the Undo button's left edge (its fill: greyed when disabled)."""
    r = app.scene.buttons[0].rect
    return tuple(app.display.ui.get_at((r.x + 5, r.centery)))[:3]


# ---------------------------------------------------------------- 1. Undo greyed where it would be refused
def test_anqi_undo_is_greyed_after_a_flip_and_its_hover_and_click_say_g2(cleanup):
    app = make_app("dummy", "anqi", ["human", "random", "random"], "flat", size=(1024, 640))
    sc = app.scene
    undo = sc.buttons[0]
    assert not undo.enabled() and undo_fill(app) == GREYED  # nothing of the human's to take back yet
    click_cell(app, flippable(sc)[0])  # a flip shows a hidden piece: G2 keeps it
    wait_human(app)
    app.step(0.016)
    assert len(sc.game.log) == 3 and sc.game.undo_floor(0) >= 1  # the engine's answer the button follows
    assert not undo.enabled() and undo_fill(app) == GREYED
    hover_at(app, undo.rect.center)
    tip = sc.undo_tip()
    assert tip.endswith("[G2]") and "revealed" in tip
    n = len(sc.game.log)
    click_at(app, undo.rect.center)
    assert len(sc.game.log) == n and sc.message_bad and sc.status_text("en").endswith("[G2]")
    i18n.set_lang("zh")
    assert sc.undo_tip().endswith("[G2]") and "不能悔棋" in sc.undo_tip()


def test_jieqi_moving_a_face_down_piece_greys_undo_and_the_standard_game_keeps_it(cleanup):
    app = make_app("dummy", "sanguo", ["human", "random", "random"], "flat", size=(1024, 640),
                   game=sanguo_game(variant="jieqi", seed=5))
    sc = app.scene
    a = next(m for m in sc.game.legal_actions() if sc.last_board_view.piece_at(sc.plugin.cell(m.src)).face_down)
    click_cell(app, sc.plugin.cell(a.src))
    click_cell(app, sc.plugin.cell(a.dst))  # the piece turns up (K8): seen by all, it stands (G2)
    wait_human(app)
    app.step(0.016)
    assert len(sc.game.log) == 3 and not sc.buttons[0].enabled() and undo_fill(app) == GREYED
    # the standard game reveals nothing: the same Undo is live and takes back the move and the replies
    app2 = make_app("dummy", "sanguo", ["human", "random", "random"], "flat", size=(1024, 640),
                    game=sanguo_game(variant="standard", seed=5))
    sc2 = app2.scene
    pawn = next(m for m in sc2.game.legal_actions() if m.src == "n9")
    click_cell(app2, sc2.plugin.cell(pawn.src))
    click_cell(app2, sc2.plugin.cell(pawn.dst))
    wait_human(app2)
    app2.step(0.016)
    if sc2.game.undo_floor(0) == 0:  # (a computer's capture of nothing hidden keeps it live too)
        assert sc2.buttons[0].enabled() and undo_fill(app2) != GREYED and sc2.undo_tip() == ""
        click_at(app2, sc2.buttons[0].rect.center)
        assert sc2.game.log == []


def test_hot_seat_undo_is_greyed_and_says_why(cleanup):
    """(Hot seat without a computer once refused take-back altogether; now the human to move is asked to agree,
    tests/test_hot_seat_takeback.py.) Before any move there is nothing to take back."""
    app = make_app("dummy", "anqi", ["human", "human", "human"], "flat", size=(1024, 640))
    sc = app.scene
    assert not sc.buttons[0].enabled() and undo_fill(app) == GREYED
    hover_at(app, sc.buttons[0].rect.center)
    assert sc.undo_tip() == "nothing to take back"
    app.step(0.016)
    assert tuple(app.display.ui.get_at((sc.buttons[0].rect.right - 3, sc.buttons[0].rect.y - 10)))[:3] != \
        tuple(pygame.Color(30, 33, 40))[:3]  # the tip is drawn over the panel above the button


def test_after_the_end_undo_is_greyed_for_the_end_not_for_a_reveal(cleanup):
    app = make_app("dummy", "baige", ["human", "random"], "flat", size=(1024, 640))
    sc = app.scene
    click_cell(app, sc.plugin.cell("e4"))
    click_cell(app, sc.plugin.cell("e6"))
    wait_human(app)
    assert sc.buttons[0].enabled()  # 百格 hides nothing: the move and the reply may be taken back
    click_at(app, [b.rect for st, b in sc.step_buttons.items() if st.value == "resign"][0].center)
    click_at(app, sc.modal.buttons[0].rect.center)
    assert sc.game.is_over
    click_at(app, sc.modal.buttons[4].rect.center)  # close the box: look at the board
    hover_at(app, sc.buttons[0].rect.center)
    assert not sc.buttons[0].enabled() and sc.undo_tip() == "the game is over: nothing is taken back"


# ---------------------------------------------------------------- 2. the hover label after a hand-over
def test_the_hover_label_waits_for_the_mouse_after_the_hand_over_turns_the_board(cleanup):
    app = make_app("dummy", "sanguo", ["human", "human", "human"], "flat", size=(1024, 640),
                   game=sanguo_game(variant="jieqi", seed=3))
    sc = app.scene
    a = sc.game.legal_actions()[0]
    click_cell(app, sc.plugin.cell(a.src))
    click_cell(app, sc.plugin.cell(a.dst))
    assert sc.hover == sc.plugin.cell(a.dst)  # the mouse rests on the cell it moved to (吴's view)
    hand = app.app.scene
    assert hand.kind == "handover"
    i18n.set_lang("zh")
    assert t("handover_title", p=sc.plugin.seat_name(hand.player, "zh")) == "请把位置交给魏"  # no stray space
    i18n.set_lang("en")
    pos = sc.cell_pos(sc.plugin.cell(a.dst))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)  # the click that passes the hand-over, the mouse still there
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(0.016)
    assert sc.modal is None and sc.yaw == 180.0  # 魏's view, turned
    assert sc.hover is None and sc.plugin.cell(a.dst) not in {c for c, m in sc.last_board_view.marks.items()
                                                                if m in ("hover", "flip")}
    assert sc.pick(pos) != sc.plugin.cell(a.dst)  # the old cell is elsewhere on the turned board
    hover_at(app, pos)
    assert sc.hover == sc.pick(pos)  # picked again for the turned board once the mouse moves


def test_flipping_the_board_by_key_drops_the_hover_until_the_mouse_moves(cleanup):
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1024, 640))
    sc = app.scene
    pos = sc.cell_pos(sc.plugin.cell("b2"))
    hover_at(app, pos)
    assert sc.hover == sc.plugin.cell("b2")
    post(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f", scancode=0)  # flip the board
    app.step(0.016)
    assert sc.flipped and sc.hover is None
    hover_at(app, pos)
    assert sc.hover == sc.plugin.cell("i9")  # the same pixel on the turned board


NAMES = ("p", "who", "seat", "side", "owner", "name", "q", "han", "level")  # names of seats, games, levels


CATALOGUES = sorted(p.stem for p in (ROOT / "assets" / "messages").glob("*.toml"))


def zh_strings(cat: str) -> list[tuple[str, str]]:
    """(key, Chinese template) of every message of the catalogue ``cat``."""
    return [(key, t["zh"]) for key, t in catalogue(cat).items()]


@pytest.mark.parametrize("cat", CATALOGUES)
def test_no_zh_string_puts_a_space_between_chinese_and_a_name(cat):
    bad = [(key, v) for key, v in zh_strings(cat)
           if any(re.search(rf"[{CJK}] \{{{n}\}}|\{{{n}\}} [{CJK}]", v) for n in NAMES)]
    assert bad == []


# ---------------------------------------------------------------- 3. the start screen's Seed row
def start_screen(app) -> StartScene:
    app.start_title()
    app.step(0.016)
    st = app.scene
    assert isinstance(st, StartScene)
    return st


def choose_game(app, st, gid):
    while st.game.value != gid:
        click_at(app, st.game.right.center)  # the game row's ">"


def typed(app, digits):
    for d in digits:
        post(pygame.KEYDOWN, key=pygame.K_0 + int(d), mod=0, unicode=d, scancode=0)
    app.step(0.016)


def drawn_words(app, monkeypatch) -> str:
    seen = []
    real = text.render

    def spy(s, *a, **k):
        seen.append(str(s))
        return real(s, *a, **k)

    monkeypatch.setattr(text, "render", spy)
    app.scene.dirty = True
    app.step(0.016)
    monkeypatch.setattr(text, "render", real)
    return " ".join(seen)


@pytest.mark.parametrize("gid,variant", [("anqi", None), ("sanguo", "jieqi")])
def test_hidden_deals_have_a_secret_seed_row_and_a_typed_seed_makes_a_seeded_game(app, monkeypatch, gid, variant):
    st = start_screen(app)
    choose_game(app, st, gid)
    if variant:
        row = st._extra[(gid, "variant")]
        while row.value != variant:
            click_at(app, row.right.center)
    assert st.shows_seed() and st.seed_secret() and st.seed_hint() == ""
    assert "secret (random)" in drawn_words(app, monkeypatch)
    click_at(app, st.buttons[0].rect.center)  # start: a secret seed from the operating system (G1)
    sc = app.scene
    assert isinstance(sc, BoardGameScene) and game_seed(sc.game).bit_length() > 32
    assert "Seeded" not in drawn_words(app, monkeypatch)
    st = start_screen(app)
    typed(app, "42")
    assert st.seed == 42 and not st.seed_secret() and st.seed_words() == "42"
    click_at(app, st.buttons[0].rect.center)
    sc = app.scene
    assert isinstance(sc, BoardGameScene) and game_seed(sc.game) == 42 and sc.ai.base == 42
    assert getattr(sc.game, "variant", variant) == variant
    assert "Seeded game (seed 42)" in drawn_words(app, monkeypatch)  # the side panel says so


def test_baige_seed_row_says_the_seed_only_varies_the_computer(app, monkeypatch):
    st = start_screen(app)
    choose_game(app, st, "baige")
    assert st.shows_seed() and not st.seed_secret() and st.seed_words() == str(st.seed)
    words = drawn_words(app, monkeypatch)
    assert "no chance in this game: the seed only varies the computer's moves" in words
    for seat in st.seats[:2]:
        seat.value = "human"
    assert "no chance and no computer seat: the seed changes nothing" in drawn_words(app, monkeypatch)
    i18n.set_lang("zh")
    assert st.seed_hint() == "本棋没有随机，也没有电脑座位：种子不改变任何东西"
    i18n.set_lang("en")
    click_at(app, st.seed_plus.rect.center)
    assert st.seed_given
    click_at(app, st.buttons[0].rect.center)
    sc = app.scene
    assert isinstance(sc, BoardGameScene) and sc.game.game_id == "baige"
    assert "Seeded" not in drawn_words(app, monkeypatch)  # a public seed: nothing to declare (G1)


# ---------------------------------------------------------------- 4. the game-over box in the free part
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_game_over_boxes_end_by_clicks_in_the_space_the_panels_leave(cleanup, size):
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=size)
    sc = app.scene
    click_at(app, [b.rect for st, b in sc.step_buttons.items() if st.value == "resign"][0].center)
    click_at(app, sc.modal.buttons[0].rect.center)
    app.step(0.016)
    over = sc.modal
    assert sc.game.is_over and over.kind == "over" and sc.board_rect.contains(over.rect)
    assert not over.rect.colliderect(sc.panel_rect) and not over.rect.colliderect(sc.status_rect)
    assert all(over.rect.contains(b.rect) for b in over.buttons)


@pytest.mark.parametrize("gid", ["baige", "anqi", "sanguo", "jiangshan", "xinhai"])
def test_every_board_games_over_box_fits_its_board_area_at_1024x640(cleanup, gid):
    app = make_app("dummy", gid, ["human"] * registry.get(gid).new_game().num_players, "flat", size=(1024, 640))
    sc = app.scene
    n = sc.game.num_players
    names = lambda: [sc.plugin.seat_name(s, "en") for s in range(n)]  # noqa: E731
    buttons = [(lambda: "Replay", lambda: None, False), (lambda: "Statistics", lambda: None, False),
               (lambda: "New game", lambda: None), (lambda: "Save", lambda: None), (lambda: "Close", lambda: None),
               (lambda: "Menu", lambda: None)]
    # the box board_game_over makes at the end (its six buttons, a table row per statistic), over a game going on
    box = sc.open_modal(GameOverModal(sc.host, lambda: "the reason a game ended, long enough to wrap " * 3, buttons,
                                      table=[Row(Msg.of("stats.captured"), (0,) * n)] * 4, seat_names=names,
                                      seat_rgb=sc.plugin.seat_rgb))
    app.step(0.016)
    assert box.rect is not None and sc.board_rect.contains(box.rect), (box.rect, sc.board_rect)
    assert not box.rect.colliderect(sc.panel_rect)


# ---------------------------------------------------------------- 5. one rule id in a 三国演弈 refusal
@pytest.mark.parametrize("variant,rule", [("standard", "K2"), ("jieqi", "K8")])
def test_sanguo_refused_click_names_one_rule_in_brackets(cleanup, variant, rule):
    app = make_app("dummy", "sanguo", ["human"] * 3, "flat", size=(1024, 640), game=sanguo_game(variant=variant, seed=1))
    sc = app.scene
    click_cell(app, sc.plugin.cell("q13"))  # 吴's chariot (face down on its point in 揭棋)
    click_cell(app, sc.plugin.cell("e17"))  # far off its lines
    for lang in ("en", "zh"):
        said = sc.status_text(lang)
        assert said.endswith(f"[{rule}]") and re.findall(r"K\d+", said) == [rule], said
        assert "(" + rule not in said and "（" + rule not in said
    assert sc.refusal_rule() == rule


def test_baige_cannon_refusal_names_c6_once(cleanup):
    """百格's piece texts named C6 inside and the bracket again ("(C6) [cannon move C6]")."""
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1024, 640))
    sc = app.scene
    click_cell(app, sc.plugin.cell("c2"))
    click_cell(app, sc.plugin.cell("c9"))  # no screen between: refused
    for lang in ("en", "zh"):
        said = sc.status_text(lang)
        assert said.count("C6") == 1 and said.endswith("C6]"), said


# ---------------------------------------------------------------- 6. full-width punctuation in zh
@pytest.mark.parametrize("cat", CATALOGUES)
def test_zh_catalogue_strings_use_full_width_punctuation(cat):
    """Every catalogue (the games', the client's, saves, statistics): Chinese sentences with full-width marks: no
    ASCII colon, comma or semicolon next to Chinese (or "{name}: " in a Chinese sentence), no ASCII brackets round
    Chinese or touching it (a formula's "(a+b)·y" keeps its own)."""
    bad = [(key, v) for key, v in zh_strings(cat)
           if re.search(rf"[{CJK}}}）][:,;]|[:,;] ?[{CJK}]|[{CJK}]\(|\)[{CJK}]|\([^)]*[{CJK}][^)]*\)", v)]
    assert bad == []


def test_loaded_and_the_status_after_a_move_read_with_a_full_width_colon(cleanup):
    assert tr("loaded", "zh", path="x.json") == "已读档：x.json"
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1024, 640))
    sc = app.scene
    i18n.set_lang("zh")
    click_cell(app, sc.plugin.cell("e4"))
    click_cell(app, sc.plugin.cell("e6"))
    said = sc.status_text("zh")
    assert said.startswith(sc.plugin.seat_name(0, "zh") + "：") and ": " not in said


# ---------------------------------------------------------------- 7. 暗棋's English rulings
def test_anqi_english_rulings_keep_chinese_only_as_glosses_and_the_reader_shows_them():
    data = tomllib.loads((ROOT / "assets" / "scenarios" / "anqi" / "_book.toml").read_text(encoding="utf-8"))
    for rid, en in data["rulings"].items():
        bare = [m.group(0) for m in re.finditer(rf"[{CJK}]+", en) if en[m.start() - 1] != "("]
        assert bare == [], (rid, bare)  # every Chinese word in brackets after its English name
    pygame.font.init()
    book = load_book("anqi")
    a6 = book.entries[book.index_of("A6")].body("en")
    assert "the Rescue (勤王)" in a6 and "horse (马)" in a6 and "Before 勤王" not in a6
    a3 = book.entries[book.index_of("A3")].body("en")
    assert "ruler (君主)" in a3 and "the ruler cannot capture a soldier" in a3


def outside_brackets(s: str) -> str:
    """``s`` without its bracketed parts (Chinese glosses, quotations, notation examples)."""
    while True:
        t_ = re.sub(r"\([^()]*\)", "", s)
        if t_ == s:
            return s
        s = t_


@pytest.mark.parametrize("gid", ["anqi", "sanguo"])
def test_english_rulings_have_no_chinese_outside_a_gloss(gid):
    """三国演弈's English rulings had 车马相士君, 吴 → 魏 → 蜀, 被将先走, 废帝 and 血战到底 bare, as 暗棋's had."""
    data = tomllib.loads((ROOT / "assets" / "scenarios" / gid / "_book.toml").read_text(encoding="utf-8"))
    for rid, en in data["rulings"].items():
        assert not re.search(rf"[{CJK}]", outside_brackets(en)), (rid, outside_brackets(en))
    assert outside_brackets("a horse (马) may (see (暗棋)) go") == "a horse  may  go"


@pytest.mark.parametrize("gid", ["anqi", "sanguo"])
def test_picture_captions_in_english_name_the_sides_in_english(gid):
    """What the reader shows beside the rulings: the pictures' English captions read "Wu's pawn", "the Rescue (勤王)",
    "deposing him (废帝)" (they had "吴's pawn", "Before 勤王", "魏 has fallen", "(废帝)")."""
    for path in sorted((ROOT / "assets" / "scenarios" / gid).glob("*.toml")):
        if path.name != "_book.toml":
            cap = tomllib.loads(path.read_text(encoding="utf-8"))["caption_en"]
            assert not re.search(rf"[{CJK}]", outside_brackets(cap)), (path.name, cap)
