"""辛亥革命's hand row names the other side's hidden hand as the other's (X10): "你的手牌 · 對方革命軍有3張" — the
Qing player read "你的手牌 · 革命軍手牌3張" over the Qing's own cards as if they were the revolutionaries'."""
from __future__ import annotations

from tests.boards_util import make_app


def test_the_qing_hand_row_says_the_three_hidden_cards_are_the_others(cleanup):
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", size=(1280, 800))
    sc = app.scene
    g = sc.game
    while g.current_player == 0:
        assert sc.play("pass")
    zh = [r.title for r in sc.plugin._card_rows(1, "zh") if r.cards]
    en = [r.title for r in sc.plugin._card_rows(1, "en") if r.cards]
    assert zh[0] == "你的手牌 · 對方革命軍有3張"
    assert en[0] == "Your hand · the revolutionaries hold 3 cards"
