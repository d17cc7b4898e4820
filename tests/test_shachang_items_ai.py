"""The hard computer player uses every fun item when it helps (issue 14): 愚公移山 (S20b) on the square
map and the star, 天翻地覆 (S20c) and 亡命天涯 (S20h) on the star. Each rule has a position where hard,
holding the item, uses it, and one where it would not help and hard keeps it. Positions are built as
in tests/test_shachang_items.py and tests/test_shachang_star_items.py."""
from __future__ import annotations

from engine.shachang.actions import Attack, UseItem
from engine.shachang.cells import parse_cell as C
from tests.shachang_util import flat
from tests.test_shachang_items import _agent_choice, igame


def _hill(cell: str, height: int):
    h = flat().copy()
    h[C(cell)] = height
    return h


# ---------------------------------------------------------------- square map, 愚公移山 (S20b, S8)
def test_hard_lowers_the_hill_that_blocks_its_shot_then_shoots_S20b_S8():
    # d5 (3 high) blocks d4 -> d6 (S5: 2*3 >= 1*1 + 1*1); moving 2 height from d5 onto d4 clears it
    # (2*1 < 1*3 + 1*1) at the cheapest price in move power
    g = igame([[0, "d4", 1], [1, "d6", 1], [1, "h8", 1]], heights=_hill("d5", 3), hands=[["yugong"], []],
              reserve=[0, 8])
    assert g.attack_targets(C("d4")) == []
    a = _agent_choice(g)
    assert a == UseItem("yugong", (C("d4"), C("d5"), C("d4")), 2)
    g.apply(a)
    assert g.attack_targets(C("d4")) == [C("d6")]
    assert _agent_choice(g) == Attack(C("d4"), C("d6"))


def test_hard_keeps_yugong_when_the_line_is_clear_or_no_enemy_is_in_range_S20b():
    g = igame([[0, "d4", 1], [1, "d6", 1], [1, "h8", 1]], hands=[["yugong"], []], reserve=[0, 8])
    assert _agent_choice(g) == Attack(C("d4"), C("d6"))  # the shot is open already
    g = igame([[0, "d4", 1], [1, "d7", 1], [1, "h8", 1]], heights=_hill("d5", 3), hands=[["yugong"], []],
              reserve=[0, 8])
    assert not isinstance(_agent_choice(g), UseItem)  # d7 is out of range (2) whatever the hill
