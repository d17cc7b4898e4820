"""百格西洋棋 on the common game layer: keyed refusals and results in both languages (assets/messages/baige.toml),
action steps (cell, cell[, option]) and buttons, move descriptions with the seed's piece names."""
from __future__ import annotations

import re

import pytest

from engine.api import IllegalAction, Step
from engine.baige import BaigeGame, new_game
from engine.baige.board import LETTERS
from engine.messages import catalogue, keys_used

CJK = re.compile(r"[\u4e00-\u9fff]")


def refusal(g, text) -> IllegalAction:
    with pytest.raises(IllegalAction) as e:
        g.apply(text)
    return e.value


# every refusal path of BaigeGame._explain and apply, from the seed's rules (C1-C7), with the move as the refusal
# names it: as the move list does, the piece and its squares, not the raw text "e7e4" (new-player QA, session 19)
CASES = [
    (None, "e7e4", "pawn move", "pawn e7-e4", "卒 e7-e4"),  # seed: 卒 moves straight forward
    (None, "e6e7", "turn", "pawn e6xe7", "卒 e6xe7"),
    (None, "a10b10", "capture", "rook a10-b10", "车 a10-b10"),
    (None, "c9c5", "cannon move C6", "cannon c9-c5", "炮 c9-c5"),
    (None, "e5e6", "move", "e5-e6", "e5-e6"),  # no piece: the squares only
    (None, "b10d9q", "promotion", "knight b10-d9=queen", "马 b10-d9=后"),
    ("4k5/1P8/10/10/10/10/10/10/10/4K5 w - - 0 1", "b9b10", "promotion C3", "pawn b9-b10", "卒 b9-b10"),
    ("4k5/1P8/10/10/10/10/10/10/10/4K5 w - - 0 1", "b9b10r", "promotion C3", "pawn b9-b10=rook", "卒 b9-b10=车"),
    ("4k5/1P8/10/10/10/10/10/10/10/Q3K5 w - - 0 1", "b9b10q", "one queen C4", "pawn b9-b10=queen", "卒 b9-b10=后"),
    ("9k/2F7/10/10/10/10/10/10/10/K9 w - - 0 1", "c9b10r", "promotion C5", "ferz c9-b10=rook", "士 c9-b10=车"),
    ("4k5/10/10/10/10/10/10/10/4r5/4K5 w - - 0 1", "e1f2", "check", "king e1-f2", "王 e1-f2"),
    ("r4k3r/10/10/10/10/10/10/10/10/R4K3R w - - 0 1", "f1i1", "castling C1", "king f1-i1 (castles)",
     "王 f1-i1（入堡）"),  # no castling rights
]


@pytest.mark.parametrize("fen,text,rule,named_en,named_zh", CASES)
def test_every_refusal_is_keyed_in_both_languages(fen, text, rule, named_en, named_zh):
    g = BaigeGame(fen) if fen else new_game()
    if fen is None:
        g.apply("e4e6")
    before = g.to_json()
    e = refusal(g, text)
    assert e.rule == rule
    cat = catalogue("baige")
    for k in keys_used(e.msg):
        assert k in cat, k
    zh, en = e.msg.render("zh"), e.msg.render("en")
    assert CJK.search(zh), zh  # the zh client shows Chinese, not the English rule text
    assert not CJK.search(en.replace("長捉", "")), en
    assert e.message == en
    assert en.startswith(named_en + ": ") and zh.startswith(named_zh + "："), (en, zh)
    assert text not in en and text not in zh  # never the raw move text
    assert g.to_json() == before


def test_draw_offer_refusals_are_keyed():
    g = new_game()
    e = refusal(g, "accept")
    assert e.msg.key == "baige.illegal.no_offer" and "没有待回答的提和" in e.text("zh")
    assert e.msg.render("zh").startswith("接受和棋：") and e.message.startswith("Accept draw: ")  # the button's words
    g.apply("offer")
    e = refusal(g, "e4e6")
    assert e.msg.key == "baige.illegal.answer_first" and e.message.startswith("pawn e4-e6: ")
    g.apply("decline")
    e = refusal(g, "offer")
    assert e.msg.key == "baige.illegal.one_offer"
    assert (e.msg.render("zh"), e.message) == ("提和：每回合只能提和一次", "Offer draw: one draw offer per turn")


def test_game_over_refusal_names_the_result_in_the_language():
    g = BaigeGame("k9/4Q5/1K8/10/10/10/10/10/10/10 w - - 0 1")
    g.apply("e9b9")
    e = refusal(g, "a10a9")
    assert e.msg.key == "baige.illegal.over"
    assert e.text("zh").startswith("王 a10-a9：对局已结束（黑方被将死）")
    assert e.message == "king a10-a9: the game is over (Black is checkmated)"


@pytest.mark.parametrize("fen,moves,zh,en", [
    ("k9/4Q5/1K8/10/10/10/10/10/10/10 w - - 0 1", ["e9b9"], "黑方被将死。白方胜", "Black is checkmated. White wins"),
    ("k9/10/1K8/2Q7/10/10/10/10/10/10 w - - 0 1", ["c7c9"], "黑方无子可动（困毙判负，C7）。白方胜",
     "Black has no legal move (stalemate is a loss, C7). White wins"),
    (None, ["e4e6", "resign"], "黑方认输。白方胜", "Black resigned. White wins"),
    (None, ["e4e6", "offer", "accept"], "双方议和。和棋", "draw agreed. Draw"),
    ("4k5/10/10/10/10/10/10/10/10/R4K4 w - - 99 80", ["a1a2"], "双方各 50 步无吃子、无卒步（D2）。和棋",
     "50 moves by each side without a capture or a pawn move (D2). Draw"),
    ("4k5/10/10/10/10/10/10/10/3r6/4K5 w - - 0 1", ["e1d2"], "只剩两王（D3）。和棋",
     "only the two kings are left (D3). Draw"),
    ("4k5/10/10/10/10/10/10/10/10/Q4K4 w - - 0 1", ["a1a6", "e10e9", "a6a9", "e9e10", "a9a10", "e10e9", "a10a9"],
     "白方同一子连续第四次将军（长捉，C7），判负。黑方胜",
     "White gave the fourth consecutive check with the same piece (perpetual check, C7) and loses. Black wins"),
])
def test_end_reason_and_ranking_messages(fen, moves, zh, en):
    g = BaigeGame(fen) if fen else new_game()
    g.apply_all(moves)
    assert g.is_over
    assert g.end_reason().render("zh") == zh and g.end_reason().render("en") == en
    for p in g.ranking():
        assert p.msg is not None and p.msg.render("en") == p.reason  # the English reason is the message's


def test_threefold_repetition_message():
    g = new_game()
    for _ in range(2):
        g.apply_all(["b1d2", "b10d9", "d2b1", "d9b10"])
    assert g.end_reason().render("zh") == "三次重复局面（C7）。和棋"


def test_action_steps_of_moves_promotions_and_buttons():
    g = new_game()
    assert g.action_steps("e4e6") == (Step("cell", "e4"), Step("cell", "e6"))
    assert g.action_for((Step("cell", "e4"), Step("cell", "e6"))) == "e4e6"
    assert Step("cell", "e4") in g.next_steps(())
    assert {s.value for s in g.next_steps((Step("cell", "e4"),))} == {"e5", "e6"}
    assert g.action_steps("resign") == (Step("button", "resign", "baige.button.resign"),)
    assert [s.value for s in g.side_steps()] == ["resign", "offer"]
    # C3: a pawn on the last rank chooses its promotion piece: an option step after the two cells
    g = BaigeGame("4k5/1P8/10/10/10/10/10/10/10/4K5 w - - 0 1")
    pre = (Step("cell", "b9"), Step("cell", "b10"))
    assert g.action_for(pre) is None
    opts = g.next_steps(pre)
    assert {s.value for s in opts} == {"n", "g", "f", "w", "q"} and all(s.kind == "option" for s in opts)
    assert g.action_for(pre + (Step("option", "q", "baige.piece.q"),)) == "b9b10q"
    # C5: a ferz reaching the last rank may promote or stay: staying is an option too
    g = BaigeGame("9k/2F7/10/10/10/10/10/10/10/K9 w - - 0 1")
    pre = (Step("cell", "c9"), Step("cell", "b10"))
    assert {s.value for s in g.next_steps(pre)} == {"b", "a", "q", "stay"}
    assert g.action_for(pre + (Step("option", "stay", "baige.stay"),)) == "c9b10"
    # a wazir on its own first rank never promotes: no option step
    g = BaigeGame("9k/10/10/10/10/10/10/10/10/K3W5 w - - 0 1")
    assert g.action_steps("e1d1") == (Step("cell", "e1"), Step("cell", "d1"))
    # while a draw offer is pending: accept and decline are the buttons
    g = new_game()
    g.apply("offer")
    assert g.next_steps(()) == [Step("button", "accept", "baige.button.accept"),
                                Step("button", "decline", "baige.button.decline")]


def test_describe_uses_the_seed_names_in_each_language():
    g = new_game()
    assert g.describe("e4e6").render("zh") == "卒 e4-e6" and g.describe("e4e6").render("en") == "pawn e4-e6"
    assert g.describe("offer").render("zh") == "白方提和"
    g = BaigeGame("4k5/1P8/10/10/10/10/10/10/10/4K5 w - - 0 1")
    assert g.describe("b9b10q").render("zh") == "卒 b9-b10=后"
    assert g.describe("b9b10q").render("en") == "pawn b9-b10=queen"
    g = new_game()
    g.apply("offer")
    assert g.describe("accept").render("zh") == "黑方接受和棋"
    assert g.seat_name(0).render("zh") == "白方" and g.seat_name(1).render("en") == "Black"


def test_catalogue_covers_every_piece_and_key_the_engine_builds():
    cat = catalogue("baige")
    for letter in LETTERS[1:].lower():
        for kind in ("piece", "rule"):
            assert f"baige.{kind}.{letter}" in cat
    src = open("engine/baige/game.py", encoding="utf-8").read()
    for key in re.findall(r'"(baige\.[a-z_.]+)"', src):
        assert key in cat, key
    for name in re.findall(r'illegal\("[^"]*", "([a-z_]+)"', src):
        assert f"baige.illegal.{name}" in cat, name
    for name in re.findall(r'self\._end\(-?\w+, "([a-z_]+)"', src):
        assert f"baige.end.{name}" in cat, name
    for zh_en in cat.values():
        assert zh_en["zh"] and zh_en["en"]


def test_events_read_each_action_as_played_then_the_result():
    g = new_game()
    g.apply_all(["e4e6", "offer", "decline", "d7d5", "resign"])
    ev = g.events(0)
    assert [e.msg.render("zh") for e in ev] == ["卒 e4-e6", "黑方提和", "白方拒绝和棋", "卒 d7-d5", "白方认输",
                                                "白方认输。黑方胜"]
    assert [e.msg.render("en") for e in g.events(1)][:2] == ["pawn e4-e6", "Black offers a draw"]
    assert g.clone().events(0) == ev
    from engine.baige import load_game

    assert load_game(g.to_json()).events(1) == ev  # the same from a save
