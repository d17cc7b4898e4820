"""The rules reader (issue 28 point 3): in each of the six games a real refusal names its rule on the status line;
F3 (or a click on the rule id there) opens the F1 page's rule book at that rule's entry with its picture drawn;
the book is searchable by rule id and by word, follows F2, and Esc returns to the game unchanged."""
from __future__ import annotations

import shutil

import pygame
import pytest

from client import i18n
from client.app import App
from client.games.shachang.scene import GameScene
from client.rulebook import reader as reader_module
from client.rulebook.reader import PICTURES, SCENARIOS, load_book
from client.rulebook.scenario import load
from client.scenes.help import HelpScene
from tests.boards_util import click_at, click_cell, key, make_app
from tests.client_util import cell_px, click, flat_app, position, step


def text_in(app, s: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=s))
    app.step(0.016)


def drawn_pictures(reader, rule: str) -> list[pygame.Surface]:
    """The pictures of ``rule``'s entry drawn on screen (frames run until no placeholder is left)."""
    entry = reader.book.entries[reader.book.index_of(rule)]
    paths = {p.path for p in entry.pictures}
    return [reader.cache[k] for k in reader.drawn if k[0] in paths]


def not_blank(img: pygame.Surface) -> bool:
    a = pygame.surfarray.array3d(img)
    return a.size > 0 and float(a.std()) > 5.0  # a picture, not a flat placeholder


def settle(app, n=2):
    """Frames until the page on screen has every picture drawn (one at least per frame)."""
    for _ in range(n):
        app.step(0.016)
    page = app.scene if isinstance(app, App) else app.app.scene
    reader = page.reader() if isinstance(page, HelpScene) else None
    for _ in range(50):
        if reader is None or reader.pending == 0:
            return
        app.step(0.016)
    raise AssertionError("pictures still pending after 50 frames")


def scenario_game(game_id: str, name: str):
    return load(SCENARIOS / game_id / name).game


# game, scenario (None: the start), the selected cell, the refused target, the rule id the refusal names
BOARD_CASES = [
    ("baige", None, "c2", "a10", "C6"),  # the cannon captures only over a screen
    ("anqi", "a4_step.toml", "d4", "d5", "A4"),  # the cannon never captures by stepping
    ("sanguo", None, "n11", "e17", "K2"),  # the pawn's move
    ("xinhai", "piece_artillery.toml", "H-16", "A-20", "X7"),  # seed 5(1)(2)
    ("jiangshan", "j1.toml", "a1", "a5", "J7"),  # the unit's march pattern
]


def refusal_through_clicks(game_id, scen, src, dst):
    game = scenario_game(game_id, scen) if scen else None
    n = 3 if game_id in ("anqi", "sanguo") else 2
    app = make_app("dummy", game_id, ["human"] * n, "flat", game=game, size=(1100, 760))
    sc = app.scene
    click_cell(app, sc.plugin.cell(src))
    assert sc.selected == sc.plugin.cell(src)
    click_cell(app, sc.plugin.cell(dst))
    return app, sc


@pytest.mark.parametrize("game_id,scen,src,dst,rule", BOARD_CASES)
def test_a_refused_click_opens_its_rule_with_the_picture_and_esc_returns_unchanged(cleanup, game_id, scen, src, dst,
                                                                                   rule):
    app, sc = refusal_through_clicks(game_id, scen, src, dst)
    before = (sc.game.to_json(), sc.prefix, sc.message)
    assert sc.message_bad and rule in sc.refusal_rule()  # the engine's rule, carried with the refusal
    assert rule in sc.status_text(i18n.lang())  # ... and named on the status line
    key(app, pygame.K_F3)
    page = app.app.scene
    assert isinstance(page, HelpScene) and page.tabs()[page.tab] == "play"
    settle(app)
    reader = page.reader()
    assert reader.focused_entry().rule == rule
    assert reader.scroll == reader._entry_y[reader.focus] > 0  # scrolled to the entry
    pics = drawn_pictures(reader, rule)
    assert pics and all(not_blank(p) for p in pics)
    key(app, pygame.K_ESCAPE)
    assert app.app.scene is sc
    assert (sc.game.to_json(), sc.prefix, sc.message) == before


def test_jiangshan_refusal_through_the_scene_opens_j7(cleanup):
    """江山's clicks offer only legal moves; an illegal march played through the scene is refused by J7."""
    app = make_app("dummy", "jiangshan", ["human", "human"], "flat", game=scenario_game("jiangshan", "j1.toml"),
                   size=(1100, 760))
    sc = app.scene
    n = len(sc.game.log)
    assert not sc.play("move a1 a5")
    assert sc.refusal_rule() == "J7" and "[J7]" in sc.status_text("en")
    app.step(0.016)
    key(app, pygame.K_F3)
    settle(app)
    reader = app.app.scene.reader()
    assert reader.focused_entry().rule == "J7"
    assert all(not_blank(p) for p in drawn_pictures(reader, "J7")) and drawn_pictures(reader, "J7")
    key(app, pygame.K_ESCAPE)
    assert app.app.scene is sc and len(sc.game.log) == n


def test_a_click_on_the_rule_id_in_the_status_line_opens_it(cleanup):
    app, sc = refusal_through_clicks("sanguo", None, "n11", "e17")
    app.step(0.016)
    rect, line, _ = sc._status_drawn
    xs = [x for x in range(0, rect.right + 10, 2) if sc.rule_at((x, rect.centery))]
    assert xs and xs[0] > rect.x + 100  # only the id at the line's end, not the whole line
    click_at(app, (xs[len(xs) // 2], rect.centery))
    page = app.app.scene
    assert isinstance(page, HelpScene) and page.reader().focused_entry().rule == "K2"
    key(app, pygame.K_ESCAPE)
    click_at(app, (rect.x + 20, rect.centery))  # elsewhere on the line: no book
    assert not isinstance(app.app.scene, HelpScene)


def test_search_by_id_and_word_language_switch_and_esc(cleanup):
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1100, 760))
    i18n.set_lang("en")
    sc = app.scene
    key(app, pygame.K_F1)  # F1: the book at its top, how to play first
    page = app.app.scene
    reader = page.reader()
    assert page.tabs() == ["play", "keys"] and reader.focus is None and reader.scroll == 0
    text_in(app, "c4")
    assert [reader.book.entries[i].rule for i in reader.shown()] == ["C4"]
    settle(app)
    assert drawn_pictures(reader, "C4")
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    text_in(app, "cannon")  # a word: the ruling C6, with the cannon's own page among its pictures
    shown = [reader.book.entries[i] for i in reader.shown()]
    assert [e.rule for e in shown if e.rule] == ["C6"]
    assert "piece_c_cannon" in [p.name for e in shown for p in e.pictures]
    text_in(app, " zzz")
    assert reader.shown() == []
    settle(app, 2)  # "nothing matches": drawn, no crash
    key(app, pygame.K_ESCAPE)  # Esc clears the search ...
    assert reader.query == "" and isinstance(app.app.scene, HelpScene)
    text_in(app, "C6")
    settle(app)
    assert {k[1] for k in reader.drawn} == {"en"}
    key(app, pygame.K_F2)  # F2: the page in Chinese, captions and pictures drawn again
    settle(app)
    assert i18n.lang() == "zh" and reader.drawn and {k[1] for k in reader.drawn} == {"zh"}
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # ... then closes the page
    assert app.app.scene is sc


def test_the_search_counts_one_entry_in_the_singular(cleanup):
    """English QA: a search with one result read "1 entries found"."""
    from client.ui import text as text_module

    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1100, 760))
    i18n.set_lang("en")
    key(app, pygame.K_F1)
    reader = app.app.scene.reader()
    drawn = []
    real = text_module.render
    text_module.render = lambda s, *a, **k: (drawn.append(s), real(s, *a, **k))[1]
    try:
        for query, said in (("c4", "1 entry found"), ("x", "entries found")):
            drawn.clear()
            for _ in reader.query:
                key(app, pygame.K_BACKSPACE)
            text_in(app, query)
            settle(app, 1)
            assert any(said in s for s in drawn), (query, [s for s in drawn if "found" in s])
            assert not any("1 entries" in s for s in drawn)
    finally:
        text_module.render = real


def test_scrolling_by_keys_and_wheel(cleanup):
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", size=(1100, 760))
    key(app, pygame.K_F1)
    reader = app.app.scene.reader()
    settle(app, 2)
    key(app, pygame.K_PAGEDOWN)
    y1 = reader.scroll
    key(app, pygame.K_DOWN)
    assert y1 > 0 and reader.scroll == y1 + 40
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step(0.016)
    assert reader.scroll == y1 - 20
    key(app, pygame.K_END)
    assert reader.scroll == reader.total_h - reader.view_h
    key(app, pygame.K_HOME)
    assert reader.scroll == 0


def test_no_refusal_or_an_unknown_rule_opens_the_top_with_a_note(cleanup):
    app = make_app("dummy", "anqi", ["human"] * 3, "flat", size=(1100, 760))
    key(app, pygame.K_F3)  # nothing refused yet
    reader = app.app.scene.reader()
    assert reader.focus is None and reader.scroll == 0 and reader.note == "reader.no_refusal"
    assert not reader.open_at("seed 4(1)A")  # a rule text without an id of this book
    assert reader.note == "reader.unknown_rule" and reader.focus is None and reader.scroll == 0
    settle(app, 2)


@pytest.fixture
def app(tmp_path):
    with flat_app(tmp_path, size=(1100, 760)) as a:
        yield a
    i18n.set_lang("zh")


def test_shachang_out_of_range_attack_opens_s3_with_its_picture(app):
    g = position([[0, "a1", 1], [1, "a5", 1]], mode="tabletop")
    app.start_game(g, ["human", "normal"])
    step(app, 2)
    sc = app.find(GameScene)
    n = len(g.log)
    click(app, cell_px(app, (0, 0)))
    click(app, cell_px(app, (4, 0)))
    assert sc.refusal_rule() == "S3 attack range" and "[S3 attack range]" in sc.status_text("en")
    step(app)
    rect, _, _ = sc._status_drawn
    xs = [x for x in range(0, rect.right + 10, 2) if sc.rule_at((x, rect.centery))]
    assert xs
    click(app, (xs[0] + 4, rect.centery))  # the click on the rule id
    page = app.scene
    assert isinstance(page, HelpScene)
    settle(app)
    reader = page.reader()
    assert reader.focused_entry().rule == "S3"
    pics = drawn_pictures(reader, "S3")
    assert pics and all(not_blank(p) for p in pics)
    key_press(app, pygame.K_ESCAPE)
    assert app.scene is sc and len(g.log) == n
    key_press(app, pygame.K_F3)  # the key: the same rule
    assert app.scene.reader().focused_entry().rule == "S3"


def key_press(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    step(app)


def test_every_rule_id_has_an_entry_and_one_without_a_picture_still_shows_its_text(tmp_path, monkeypatch):
    for game_id, first, last in (("baige", "C1", "C7"), ("anqi", "A1", "A7"), ("sanguo", "K1", "K12"),
                                 ("xinhai", "X1", "X15"), ("jiangshan", "J1", "J20"), ("shachang", "S1", "S21")):
        book = load_book(game_id)
        letter, lo, hi = first[0], int(first[1:]), int(last[1:])
        for n in range(lo, hi + 1):
            i = book.index_of(f"{letter}{n}")
            assert i is not None and book.entries[i].body("en"), (game_id, n)
    book = load_book("shachang")
    s10 = book.entries[book.index_of("S10 unseen cell")]
    assert s10.rule == "S10" and "seen this turn" in s10.body("en") and s10.pictures
    assert book.entries[book.index_of("S15 path")].pictures  # "S15 path": the S15 pictures
    # every rule id has a picture now (issue 28), so the entry without one is a synthetic ruling K1b added to a
    # copy of 三国演弈's book: it is an entry with its text and no picture, the others keep theirs
    shutil.copytree(SCENARIOS / "sanguo", tmp_path / "sanguo")
    data = (tmp_path / "sanguo" / "_book.toml").read_text(encoding="utf-8")
    (tmp_path / "sanguo" / "_book.toml").write_text(
        data.replace("[rulings]\n", '[rulings]\nK1b = "A ruling no scenario shows yet."\n', 1), encoding="utf-8")
    monkeypatch.setattr(reader_module, "SCENARIOS", tmp_path)
    load_book.cache_clear()
    try:
        synthetic = load_book("sanguo")
        k1b = synthetic.entries[synthetic.index_of("K1b")]
        assert k1b.rule == "K1b" and k1b.body("en") == "A ruling no scenario shows yet." and not k1b.pictures
        assert synthetic.entries[synthetic.index_of("K1a")].pictures
    finally:
        load_book.cache_clear()


def test_every_rule_id_of_every_game_has_a_picture():
    """Issue 28: each rule id of each game's book has at least one picture, whose scenario file exists; 沙场秋点兵's
    prebuilt PNGs exist in both languages (docs/rules/pictures/, en/), the flat-board games' in
    docs/rules/pictures/<game>/ and en/. A seed passage's entry (``[passages]``, "seed 5(4)") shows the pictures it
    lists, which exist too (it may have none: not every passage has a picture of its own)."""
    for game_id in ("baige", "anqi", "sanguo", "xinhai", "jiangshan", "shachang"):
        book = load_book(game_id)
        ruled = [e for e in book.entries if e.rule]
        assert ruled, game_id
        for e in ruled:
            assert e.pictures or e.titles, (game_id, e.rule)  # a ruling has a picture, a passage may not
            if e.titles:  # each picture a passage lists was found
                assert sorted(p.name for p in e.pictures) == sorted(e.shows), (game_id, e.rule, e.shows)
            for pic in e.pictures:
                assert pic.path.exists(), (game_id, e.rule, pic.path)
                if pic.prebuilt:
                    assert pic.png("zh").exists() and pic.png("en").exists(), (e.rule, pic.name)
                else:
                    assert (PICTURES / game_id / f"{pic.name}.png").exists(), (e.rule, pic.name)
                    assert (PICTURES / game_id / "en" / f"{pic.name}.png").exists(), (e.rule, pic.name)
    assert load_book("baige").entries[load_book("baige").index_of("rook move")].title.startswith("Rook")


def test_pictures_come_one_a_frame_behind_a_placeholder_when_slow(cleanup, monkeypatch):
    """Lazy pictures: with no time budget a frame draws one picture, the next visible one is a placeholder and the
    page keeps animating until it is drawn; a drawn picture is cached (not drawn again)."""
    from client.scenes import rules_reader

    monkeypatch.setattr(rules_reader, "BUDGET_S", 0.0)
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1100, 900))
    key(app, pygame.K_F1)
    page = app.app.scene
    reader = page.reader()
    made = []
    draw = reader.maker.draw
    monkeypatch.setattr(reader.maker, "draw", lambda *a: made.append(a[0].name) or draw(*a))
    text_in(app, "C6")  # two pictures on screen: the archer's and the cannon's
    assert len(made) == 1 and reader.pending == 1 and page.animating()
    app.step(0.016)
    assert len(made) == 2 and reader.pending == 0 and not page.animating()
    app.step(0.016)
    assert len(made) == 2 and len(reader.drawn) == 2  # from the cache


def test_the_keys_page_lists_f3_and_a_picture_that_cannot_be_drawn_says_so(cleanup, monkeypatch):
    from client import keys
    from client.rulebook.scenario import ScenarioError

    for ctx in ("board", "shachang"):
        assert any(k.startswith("F3") and "refused" in what for k, what in keys.help_rows(("global", ctx), "en"))
    app = make_app("dummy", "sanguo", ["human"] * 3, "flat", size=(1100, 760))
    key(app, pygame.K_F1)
    reader = app.app.scene.reader()

    def broken(*a):
        raise ScenarioError("k8.toml: key 'pieces': no such point")

    monkeypatch.setattr(reader.maker, "draw", broken)
    assert reader.open_at("K8")
    app.step(0.016)
    errors = [v for v in reader.cache.values() if isinstance(v, str)]
    assert errors and "no such point" in errors[0] and reader.pending == 0  # said in the placeholder, no crash


def test_a_refusal_naming_a_seed_passage_opens_that_passage_and_an_unknown_one_the_top(cleanup):
    """辛亥革命's refusals may name the seed ("[seed 5]"; 〔原規則 5〕 in Chinese), not a ruling id: F3 opens the
    book at that passage (its seed words and their English); a passage the book has no entry for opens the book at
    its top with the note that the rule has no entry, not "nothing was refused"."""
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", size=(1100, 760))
    sc = app.scene
    sc.say("D-3 has no unit of yours [seed 5]", bad=True)
    assert sc.refusal_rule() == "seed 5"
    key(app, pygame.K_F3)
    reader = app.app.scene.reader()
    assert reader.note != "reader.unknown_rule" and reader.focused_entry().rule == "seed 5"
    key(app, pygame.K_ESCAPE)
    sc.say("refused [seed 8]", bad=True)  # a passage the book has no entry for
    key(app, pygame.K_F3)
    reader = app.app.scene.reader()
    assert reader.note == "reader.unknown_rule" and reader.focus is None


@pytest.mark.parametrize("game_id", ["sanguo", "xinhai", "jiangshan", "anqi", "baige"])
def test_the_seed_sentence_is_shown_in_one_language(cleanup, game_id):
    """The book's top quotes the seed: in Chinese the original alone, in English the original and its gloss (issue 26,
    one language at a time; found by a scan of random input in Chinese: "正面为12x8的国际象棋棋盘。 — The front is a
    12×8 chessboard." on a Chinese page). 暗棋 and 百格 quoted their seed in Chinese alone, also on the English page."""
    from client.ui import text as text_module

    book = load_book(game_id)
    assert book.seed_quote_en and book.seed_text("zh") == book.seed_quote
    assert book.seed_text("en") == f"{book.seed_quote}\n{book.seed_quote_en}"
    app = make_app("dummy", game_id, ["human"] * (3 if game_id in ("sanguo", "anqi") else 2), "flat", size=(1100, 760))
    i18n.set_lang("zh")
    drawn = []
    real = text_module.render
    text_module.render = lambda s, *a, **k: (drawn.append(s), real(s, *a, **k))[1]
    try:
        key(app, pygame.K_F3)  # the book at its top
        settle(app, 2)
    finally:
        text_module.render = real
    shown = "".join(drawn)
    assert book.seed_quote[:6] in shown and book.seed_quote_en.strip("*()")[:12] not in shown
    i18n.set_lang("en")  # F2's language: the gloss under the original
    drawn.clear()
    text_module.render = lambda s, *a, **k: (drawn.append(s), real(s, *a, **k))[1]
    try:
        app.app.scene.reader().dirty = True
        settle(app, 2)
    finally:
        text_module.render = real
        i18n.set_lang("zh")
    shown = "".join(drawn)
    assert book.seed_quote[:6] in shown and book.seed_quote_en.strip("*()")[:12] in shown


@pytest.mark.parametrize("game_id, rule, named", [("jiangshan", "seed 天命", "原文 天命"),
                                                  ("xinhai", "seed 8", "原規則 8")])
def test_the_note_on_a_rule_without_an_entry_names_it_as_the_status_line_does(cleanup, game_id, rule, named):
    """A refusal naming a seed passage opens the book's top with a note; in Chinese the note names the passage as
    the status line does (原文 …; 辛亥革命: 原規則 …), not with the English word "seed" (found by a scan of random
    input in Chinese: 这里没有规则“seed 虎符的获得”的条目)."""
    from client.ui import text as text_module

    app = make_app("dummy", game_id, ["human", "human"], "flat", size=(1100, 760))
    i18n.set_lang("zh")
    sc = app.scene
    sc.say("refused", bad=True, rule=rule)
    drawn = []
    real = text_module.render
    text_module.render = lambda s, *a, **k: (drawn.append(s), real(s, *a, **k))[1]
    try:
        key(app, pygame.K_F3)
        settle(app, 2)
    finally:
        text_module.render = real
    notes = [s for s in drawn if "条目" in s or "條目" in s]
    assert notes and all(named in s and "seed" not in s for s in notes), notes
