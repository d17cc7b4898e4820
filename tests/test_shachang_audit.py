"""沙场秋点兵: findings of the rules audit against seed 003 and the rulings (S…, G…), one test per
finding, each from the position the seed or ruling text describes."""
from __future__ import annotations

from engine.shachang.item_actions import UseItem
from tests.items_rules_util import C, igame


# ---------------------------------------------------------------- S20m: 寸土不让 on a jailed unit
def test_s20m_a_jailed_unit_is_offered_cuntu_in_the_legal_actions():
    """S20m: "A jailed unit (画地为牢) has no move power … 寸土不让 is allowed (it has not marched)."
    The check let it through, but legal_actions() (complete, D14; the client's cards offer only its
    targets) left the jailed unit out: it asked for full move power, which a jailed unit never has."""
    g = igame([[0, "d4", 3], [1, "d6", 2], [1, "h8", 1]], mode="digital", hands=[["dilao"], ["cuntu"]])
    g.apply("item dilao d6")
    g.apply("end")
    assert g.cur == 1 and g.units[C("d6")].jail and g.units[C("d6")].moves == 0
    legal = g.legal_actions()
    assert UseItem("cuntu", (C("d6"),)) in legal
    assert UseItem("cuntu", (C("h8"),)) in legal
    for a in legal:  # every offered use passes the check
        if isinstance(a, UseItem):
            g.clone().apply(a)
