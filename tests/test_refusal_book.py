"""A rule book a player can open at the move that was refused: every rule a game's refusals name (the engine's
raise sites, read from its source, and the refusals random play provokes) opens the in-game rule book at an entry
that explains that very rule, in both languages — a ruling by its id, a seed passage ("seed 5(4)", "seed 出城")
by its own entry quoting the seed, a piece's move ("king move") at that piece's page. Only the refusals of the
action's form (text that names no action, a cell off the board, a game that is over) and 百格西洋棋's plain chess
basics that no ruling numbers (your own piece, your turn, a draw offer) open the book's top.

Found by the designer QA: 辛亥革命's and 江山's refusals named 35 seed passages and XR7, and 百格西洋棋's king
move and check, that F3 could not open (the book's top and "no entry for this rule")."""
from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from client.rulebook.reader import load_book, passage_names, rule_ids
from client.scenes.rules_reader import drawable
from engine import registry
from engine.api import IllegalAction
from tests.test_rulings_zh import english_words

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("baige", "anqi", "sanguo", "xinhai", "jiangshan", "shachang")
# refusals of the action's form, not of a rule: the book opens at its top (how to play, then the rules)
FORM = {"syntax", "board", "action form", "game over", "seed"}
# 百格西洋棋's plain chess basics, which neither the seed nor a ruling numbers: no piece to move, a piece of the
# side not to move, a capture of an own piece, the draw offer's protocol (the top: how to play)
BASICS = {"baige": {"move", "turn", "capture", "draw offer"}}
_REFUSE = re.compile(r"^(IllegalAction|Rejection|illegal|Refusal)$")


def raised_rules(game_id: str) -> set[str]:
    """The rule texts the engine of ``game_id`` refuses with, read from its source: the first argument of every
    IllegalAction / Rejection / illegal(...) call, the rule of every (rule, "<game>.message.key") pair, and the
    values of tables that give a refusal its rule (百格西洋棋's RULE_ID, 辛亥革命's choice rules)."""
    found = set()
    for path in sorted((ROOT / "engine" / game_id).glob("*.py")):
        for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(n, ast.Call) and n.args:
                name = getattr(n.func, "id", None) or getattr(n.func, "attr", "")
                a = n.args[0]
                if _REFUSE.match(name) and isinstance(a, ast.Constant) and isinstance(a.value, str):
                    found.add(a.value)
            elif isinstance(n, ast.Tuple) and len(n.elts) >= 2 and all(
                    isinstance(e, ast.Constant) and isinstance(e.value, str) for e in n.elts[:2]):
                rule, key = n.elts[0].value, n.elts[1].value
                if key.startswith((f"{game_id}.", "common.")) and not rule.startswith(f"{game_id}."):
                    found.add(rule)
            elif isinstance(n, ast.Dict):
                vals = [v.value for v in n.values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
                if vals and all(re.match(r"^(seed \S|[A-Z]{1,2}\d|\w+ move)", v) for v in vals):
                    found.update(vals)
    return found


def provoked_rules(game_id: str, opts: dict, plies: int = 40, tries: int = 12) -> dict[str, str]:
    """Rule -> a refused action text, from random play (seed 0) where each position is tried with legal action
    texts that have one word swapped for a word of another legal action."""
    info = registry.get(game_id)
    g = info.new_game(**{**info.options, **opts, "seed": 0})
    rng = random.Random(0)
    vocab: set[str] = set()
    found: dict[str, str] = {}
    for _ in range(plies):
        if g.is_over:
            break
        legal = g.legal_action_texts()
        for t in legal:
            vocab.update(t.split())
        words = sorted(vocab)
        for _ in range(tries):
            parts = rng.choice(legal).split()
            parts[rng.randrange(len(parts))] = rng.choice(words)
            text = " ".join(parts)
            if text in legal:
                continue
            try:
                g.clone().apply(text)
            except IllegalAction as e:
                found.setdefault(e.rule, text)
        g.apply(rng.choice(g.legal_actions()))
    return found


def check_target(game_id: str, rule: str) -> None:
    """``rule`` opens an entry of the book that explains it, with its text in both languages (no English left in
    the Chinese), or it is a refusal of the form or a basic without an entry."""
    book = load_book(game_id)
    i = book.index_of(rule)
    if rule in FORM or rule in BASICS.get(game_id, set()):
        return
    assert i is not None, f"{game_id}: the refusal rule {rule!r} opens no entry of the rule book"
    e = book.entries[i]
    ids = [r for r in rule_ids(rule) if any(x.rule == r for x in book.entries)]
    if ids:
        assert e.rule == ids[0], (game_id, rule, e.rule)
    elif rule in book.aliases:  # a rule named by words that the book gives its ruling ("promotion": C3)
        assert e.rule == book.aliases[rule], (game_id, rule, e.rule)
    elif e.titles:  # a seed passage or a project ruling: the passage the refusal names, or the one it belongs to
        names = passage_names(rule)
        assert e.rule in names or set(e.also) & set(names), (game_id, rule, e.rule)
    else:  # a piece's move: that piece's page
        word = re.findall(r"[a-z]{3,}", rule.lower())[0]
        titles = [e.title] + [p.title for p in e.pictures if p.name.startswith("piece")]
        assert any(re.search(rf"\b{word}\b", t.lower()) for t in titles), (game_id, rule, titles)
    said = [(e.body(lang), *(p.caption(lang) for p in e.pictures)) for lang in ("zh", "en")]
    assert all(any(s) for s in said) and e.heading("zh") and e.heading("en"), (game_id, rule)  # a piece: captions
    if e.titles:
        assert not english_words(e.heading("zh") + e.body("zh")), (game_id, rule, english_words(e.body("zh")))


# the prefix of each game's ruling ids (X5, XR7, J12, S20h): the client's refusals name those and seed passages
PREFIX = {"baige": "C", "anqi": "A", "sanguo": "K", "xinhai": "X", "jiangshan": "J", "shachang": "S"}


def client_rules(game_id: str) -> set[str]:
    """The rule texts the client's plugin of ``game_id`` refuses a click with (client/games/<game>*.py and its
    package): every string constant that is a seed passage ("seed 4(1)", "seed 10(9) X14") or a ruling id of the
    game, e.g. 辛亥革命's DECISION_RULE, a click on the map while a marker face is to be chosen."""
    root = ROOT / "client" / "games"
    files = sorted(root.glob(f"{game_id}*.py")) + sorted((root / game_id).glob("*.py"))
    rule = re.compile(rf"seed \S.*|{PREFIX[game_id]}[A-Z]?\d+[a-z]?( .*)?")
    return {n.value for f in files for n in ast.walk(ast.parse(f.read_text(encoding="utf-8")))
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and len(n.value) < 40
            and rule.fullmatch(n.value)}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_the_client_refuses_a_click_with_opens_its_entry(game_id):
    """辛亥革命's first decision (a marker face) refused a click on the map with [seed 4(1)], and F3 opened the book's
    top, "no entry for the rule 'seed 4(1)'" (seen under Xvfb): the seed's 4(1) is the 指揮行動 passage."""
    for rule in sorted(client_rules(game_id)):
        check_target(game_id, rule)


def test_the_client_scan_finds_the_plugins_refusal_rules():
    assert {"seed 4(1)", "seed 4(2)", "seed 10(9) X14", "X5"} <= client_rules("xinhai")
    assert {"seed 出城", "seed 虎符的获得", "J9"} <= client_rules("jiangshan")
    assert {"S8", "S20h"} <= client_rules("shachang")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_the_engine_refuses_with_opens_its_entry(game_id):
    rules = raised_rules(game_id)
    assert len(rules) >= 5, (game_id, rules)  # the scan finds the raise sites
    for rule in sorted(rules):
        check_target(game_id, rule)


def test_the_scan_finds_the_refusals_that_named_no_entry():
    """The raise sites the scan reads include the ones this test was written for (a check of the scan itself)."""
    assert {"seed 5(4)", "seed 5(3) 7(4)", "XR7", "seed 10(9)", "seed 11"} <= raised_rules("xinhai")
    assert {"seed 出城", "seed 行动", "seed 行动阶段: 一个行动力", "seed 虎符的获得"} <= raised_rules("jiangshan")
    assert {"king move", "check", "promotion", "rook move"} <= raised_rules("baige")
    assert {"K2", "K5"} <= raised_rules("sanguo") and {"A4", "A6"} <= raised_rules("anqi")


@pytest.mark.parametrize("game_id, opts", [("baige", {}), ("anqi", {}), ("sanguo", {}), ("xinhai", {}),
                                           ("jiangshan", {}), ("shachang", {"preset": "standard"})])
def test_every_refusal_random_play_provokes_opens_its_entry(game_id, opts):
    found = provoked_rules(game_id, opts)
    assert found, game_id  # the probes were refused
    for rule, text in sorted(found.items()):
        try:
            check_target(game_id, rule)
        except AssertionError as e:
            raise AssertionError(f"{game_id}: {text!r} is refused with [{rule}]: {e}") from None


def test_a_seed_passage_entry_quotes_the_seed_in_zh_and_gives_it_with_its_english_in_en():
    """xinhai's "seed 5(4)" entry: the seed's words alone on the Chinese page (as the book's top quotes the seed),
    the same words with the English under them on the English page; its picture is the pontoon's (x11)."""
    e = load_book("xinhai").entries[load_book("xinhai").index_of("seed 5(4)")]
    assert e.heading("zh") == "原規則 5(4) 架設或拆除浮橋" and e.heading("en").startswith("seed 5(4): ")
    assert e.body("zh").startswith("若軍棋移動後所在位置與「漢水」格相鄰")
    assert e.body("en").startswith(e.body("zh") + "\n") and "pontoon" in e.body("en")
    assert [p.name for p in e.pictures] == ["x11"]


def test_seed_passages_are_quoted_whole_not_cut_for_the_font():
    """The quotes of 1ff0402 lost every word the old font subset could not draw ("……稱為「待命狀態」", "北方:……獎勵",
    "在游戏布局阶段,……选择本局可使用的虎符"); the font is rebuilt for them (python -m client.ui.build_font) and the
    entries give the seed's words whole (seeds/002 and seeds/000), titled by the seed's own headings."""
    xinhai, jiangshan = load_book("xinhai"), load_book("jiangshan")

    def entry(book, rule):
        return book.entries[book.index_of(rule)]

    assert entry(xinhai, "seed 4(2)").body("zh") == (
        "當軍棋直立擺置在圖板上時,稱為「待命狀態」,可執行一次行動。當軍棋橫放在在圖板上時,稱為「耗損狀態」,"
        "無法執行行動,並在遭受「射擊」時,讓對方擲骰點數增加一點")
    assert entry(xinhai, "seed 10(1)A").body("zh").startswith("北方:策動獎勵。")
    assert entry(xinhai, "seed 10(1)A").heading("zh") == "原規則 10(1)A 北方：策動獎勵"
    assert entry(jiangshan, "seed 虎符的获得").body("zh") == (
        "在游戏布局阶段,根据剧本提示选择本局可使用的虎符。一般情况下,每名玩家每局游戏可选择3个虎符使用。")
    for book in (xinhai, jiangshan):
        for e in book.entries:
            if e.titles:  # a seed passage: every character drawn by the shipped font (none shown as "…")
                assert drawable(e.body("zh")) == e.body("zh") and drawable(e.heading("zh")) == e.heading("zh")
