"""The rule books' Chinese rulings (``[rulings_zh]`` in assets/scenarios/<game>/_book.toml and
assets/rulebook/shachang.toml): every ruling id of each book has a Chinese text with nothing left in English, and
the reader in zh shows that text (not the English under "规则原文（英文）")."""
from __future__ import annotations

import re
import tomllib

import pygame
import pytest

from client import i18n
from client.i18n import t
from client.rulebook.reader import BOOKS, SCENARIOS, load_book
from client.scenes.rules_reader import RulesReader, drawable

BOOK_FILES = {
    "baige": SCENARIOS / "baige" / "_book.toml",
    "anqi": SCENARIOS / "anqi" / "_book.toml",
    "sanguo": SCENARIOS / "sanguo" / "_book.toml",
    "xinhai": SCENARIOS / "xinhai" / "_book.toml",
    "jiangshan": SCENARIOS / "jiangshan" / "_book.toml",
    "shachang": BOOKS / "shachang.toml",
}
# Latin words a Chinese ruling may keep: notation and formula names (FEN, LOS, max/min, ceil), the data folder
# assets/; rule ids, cell names (D-11, f1, a9a10q), single letters and `code` spans are allowed anyway.
ALLOWED = {"fen", "los", "max", "min", "ceil", "assets"}
_CODE = re.compile(r"`[^`]*`")
_WORD = re.compile(r"[A-Za-z][A-Za-z_]*")
_CJK = re.compile(r"[\u4e00-\u9fff]")


def squeeze(s: str) -> str:
    """``s`` without white space (the reader's wrapping drops the spaces it breaks lines at)."""
    return re.sub(r"\s+", "", s)


def book_data(game_id: str) -> dict:
    return tomllib.loads(BOOK_FILES[game_id].read_text(encoding="utf-8"))


def english_words(text: str) -> list[str]:
    """The Latin words of ``text`` (outside `code`) that are neither allowed names nor ids, cells or letters."""
    words = _WORD.findall(_CODE.sub(" ", text))
    return [w for w in words if len(w) > 2 and w.lower() not in ALLOWED]


def test_the_check_finds_english_and_passes_ids_cells_and_formulas():
    assert english_words("The king moves three squares") == ["The", "king", "moves", "three", "squares"]
    assert english_words("卒到达底线（4 / 7）必须升变为N（馬）、Q；例如`a9a10q`，见S19a–S19h、X6、D-11") == []
    assert english_words("视野范围 = ceil(1.5 × 番数)；max(|dx|, |dy|)；LOS(O→T)；`n.bit_length()`") == []
    assert english_words("炮（C）走法同車 but captures") == ["but", "captures"]


@pytest.mark.parametrize("game_id", list(BOOK_FILES))
def test_every_ruling_has_a_chinese_text_with_nothing_left_in_english(game_id):
    data = book_data(game_id)
    rulings, zh = data["rulings"], data.get("rulings_zh", {})
    assert rulings and set(zh) == set(rulings), (game_id, set(rulings) ^ set(zh))
    for rid, en in rulings.items():
        text = zh[rid]
        assert isinstance(text, str) and text.strip() and text != en, (game_id, rid)
        assert len(_CJK.findall(text)) >= 5, (game_id, rid)  # Chinese, not a stub
        assert english_words(text) == [], (game_id, rid, english_words(text))
        # the numbers of the ruling are kept: every rule id and dated mark it names, in its own form
        for ref in re.findall(r"\b[A-Z]\d{1,2}[a-z]?\b|\d{4}-\d{2}-\d{2}", _CODE.sub(" ", en)):
            assert ref in text, (game_id, rid, ref)


def test_xinhai_is_in_traditional_characters_the_others_simplified():
    """辛亥革命 in traditional characters (as its seed and its client words), the other games simplified: no
    character of one form whose other form differs (baige keeps its pieces' 馬 車 衛 and the seed's quoted words)."""
    pairs = list(zip("这为国军战队击对实应场过时选点种数发将损", "這為國軍戰隊擊對實應場過時選點種數發將損"))
    simplified, traditional = {s for s, _ in pairs}, {t_ for _, t_ in pairs}
    for rid, text in book_data("xinhai")["rulings_zh"].items():
        assert not simplified & set(text), (rid, simplified & set(text))
    for game_id in ("baige", "anqi", "sanguo", "jiangshan", "shachang"):
        for rid, text in book_data(game_id)["rulings_zh"].items():
            assert not traditional & set(text), (game_id, rid, traditional & set(text))


@pytest.mark.parametrize("game_id,rule,words", [
    ("anqi", "A6", "勤王"),
    ("sanguo", "K8", "暗子"),
    ("xinhai", "X11", "浮橋"),
    ("jiangshan", "J12", "李代桃僵"),
    ("shachang", "S9", "英灵视野"),
    ("baige", "C1", "入堡"),
])
def test_the_reader_in_chinese_shows_the_chinese_ruling(game_id, rule, words):
    """The reader model laid out in zh: the entry's lines are the zh ruling, without the "English original" label;
    in en the same entry shows the binding English text."""
    pygame.font.init()  # the reader wraps with the client font
    book = load_book(game_id)
    entry = book.entries[book.index_of(rule)]
    assert words in entry.body("zh") and entry.body("zh") == book_data(game_id)["rulings_zh"][rule]
    reader = RulesReader(book)
    reader.set_query(rule)  # the entry alone on the page
    old = i18n.lang()

    def lines(lang):
        i18n.set_lang(lang)  # the reader's labels follow the client's language
        reader._layout(900, lang)
        return [it[3][0] for it in reader._items if it[0] == "text"], t("reader.ruling_en")

    try:
        zh_lines, label = lines("zh")
        en_lines, _ = lines("en")
    finally:
        i18n.set_lang(old)
    assert entry.rule in zh_lines and label not in zh_lines
    assert squeeze(drawable(entry.body("zh"))) in squeeze("".join(zh_lines))
    assert squeeze(drawable(entry.body("en"))) in squeeze("".join(en_lines))
    assert squeeze(drawable(entry.body("zh")))[:12] not in squeeze("".join(en_lines))


@pytest.mark.parametrize("game_id", list(BOOK_FILES))
def test_the_seed_words_a_ruling_quotes_are_whole_in_both_languages(game_id):
    """A Chinese term an English ruling gives in brackets ("(揭棋)", "(现实版本跳棋变种)") is in its Chinese text
    too (traditional and simplified forms alike): a quoted seed word is whole in both. Found by the designer QA:
    沙场秋点兵's book read S19 "Chinese-checkers variant (现…版本跳棋变种)", a word cut in two where RULINGS.md and
    the Chinese ruling say 现实版本跳棋变种."""
    from opencc_purepy import OpenCC

    simple = OpenCC("t2s").convert
    data = book_data(game_id)
    for rid, en in data["rulings"].items():
        zh = simple(data["rulings_zh"][rid])
        for term in re.findall(r"\(([\u3400-\u9fff…]+)\)", en):
            assert simple(term) in zh, (game_id, rid, term)
