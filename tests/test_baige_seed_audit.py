"""百格西洋棋 (seed 001): findings of a fresh audit of engine/baige against the seed and the rulings C1-C7, G3.

Each test quotes the seed sentence or the ruling it checks; each failed before the fix it came with.
"""
from __future__ import annotations

import pytest

from engine.api import IllegalAction
from engine.baige import BaigeGame


def refusal(fen: str, text: str) -> IllegalAction:
    g = BaigeGame(fen)
    before = g.to_json(), g.fen()
    with pytest.raises(IllegalAction) as e:
        g.apply(text)
    assert (g.to_json(), g.fen()) == before
    return e.value


# ---------------------------------------------------------------- G3: a pawn move that does not reach the last rank
# 「步卒踏上底線就必須立即升級」 (C3): only a pawn reaching the last rank promotes. A promotion letter on any other
# pawn move breaks no queen rule (C4) and no choice of piece (C3): the move simply does not promote (G3).
@pytest.mark.parametrize("fen", [
    "4k5/10/10/10/10/10/3P6/10/10/Q3K5 w - - 0 1",  # White has a queen: the refusal named "one queen C4"
    "4k5/10/10/10/10/10/3P6/10/10/4K5 w - - 0 1",
])
@pytest.mark.parametrize("text", ["d4d5q", "d4d5n", "d4d6w", "d4d5k"])
def test_G3_a_promotion_letter_on_a_pawn_move_short_of_the_last_rank(fen, text):
    e = refusal(fen, text)
    assert e.rule == "promotion", (text, e.rule, e.message)
    assert e.message == f"{text}: this move does not promote"
    assert e.msg.render("zh") == f"{text}：这一步不能升变"
