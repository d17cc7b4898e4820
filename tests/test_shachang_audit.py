"""沙场秋点兵: findings of the rules audit against seed 003 and the rulings (S…, G…), one test per
finding, each from the position the seed or ruling text describes."""
from __future__ import annotations

from engine.shachang.item_actions import UseItem
from tests.items_rules_util import C, N, igame, sgame
from tests.shachang_util import game, star_game


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


# ---------------------------------------------------------------- S9/S20l: own units wiped by one's own blast
def _ghost_cells(g, p):
    return sorted(c for c, _ in g.observe(p).ghosts)


def test_s9_s20l_an_own_unit_wiped_by_ones_own_blast_keeps_ghost_vision_through_the_owners_next_turn():
    """S9: "when a unit is wiped out, its owner gets … vision … until the end of the owner's next turn";
    S20f: "Ghost vision and the last-hit record apply as for attacks" (同归于尽 hits every unit of any
    player, own ones too: 无差别); S20l gives the sacrificed unit's ghost the owner's *next* turn. The
    engine gave an own unit wiped by the same blast a ghost that ended with the very turn it was made in."""
    g = igame([[0, "d4", 3], [0, "d6", 1], [0, "a1", 1], [1, "h8", 1]], mode="digital",
              hands=[["tonggui"], []])
    g.apply("item tonggui d4")  # range 3: d6 (own, 2 steps) is wiped
    assert C("d6") not in g.units
    both = [C("d4"), C("d6")]
    assert _ghost_cells(g, 0) == both
    g.apply("end")  # the end of the turn the blast was in: both ghosts stay
    assert _ghost_cells(g, 0) == both
    g.apply("end")
    assert g.cur == 0 and _ghost_cells(g, 0) == both
    g.apply("end")  # the end of P1's next turn: both gone
    assert _ghost_cells(g, 0) == []


def test_s9_s20l_on_the_star_an_own_lone_soldier_wiped_by_ones_own_blast_keeps_its_ghost_too():
    """The same on the star (D-SI5: "A lone soldier killed leaves ghost vision", S9's duration)."""
    g = sgame({"i5": 0, "i6": 0, "i8": 0, "a1": 1}, hands=[["tonggui"], []], mode="digital")
    g.apply("item tonggui i5")  # the unit i5-i6 (range 2) reaches its own lone soldier on i8
    assert N("i8") not in g.units
    both = sorted([N("i5"), N("i8")])
    assert _ghost_cells(g, 0) == both
    g.apply("end")
    assert _ghost_cells(g, 0) == both
    g.apply("end")
    assert g.cur == 0
    assert _ghost_cells(g, 0) == both


# ---------------------------------------------------------------- S20m on the star: 愚公移山 of a jailed unit
def test_s20m_the_star_offers_no_yugong_for_a_jailed_unit():
    """S20m: "A jailed unit (画地为牢) has no move power: 愚公移山 and 亡命天涯 are refused for it on both
    boards". The star's check refused it, but legal_actions() offered it (from the jailed soldiers'
    start-unit budget, full before the battle phase and after it), so the client's card showed targets
    the engine then refused (found by comparing check() with legal_actions() in random star games)."""
    g = sgame({"i5": 0, "i6": 0, "e1": 0, "i8": 1, "a1": 1}, hands=[[], ["dilao"]], mode="tabletop", current=1,
               heights={"i5": 2, "i6": 2, "e1": 2, "e2": 2})
    g.apply("item dilao i5")
    g.apply("end")
    assert g.cur == 0 and g.units[N("i5")].jail and g.units[N("i6")].jail
    g.items.hands[0] = ["yugong"]
    for phase in ("reinforce", "battle"):
        if phase == "battle":
            g.apply("march e1 f1 1")
        assert g.phase == phase
        uses = [a for a in g.legal_actions() if isinstance(a, UseItem)]
        assert uses and all(a.cells[0] not in (N("i5"), N("i6")) for a in uses), phase
        for a in uses:
            g.clone().apply(a)


# ---------------------------------------------------------------- G3: the refusal names the action
def test_g3_a_march_beyond_the_move_power_names_the_march_in_english_too():
    """Every refusal starts with the refused action ("{action}: …"), the Chinese text of this one too;
    the English text of S15's move-power refusal alone began "march of 4 steps …" without it."""
    import pytest
    from engine.api import IllegalAction
    g = game([[0, "c3", 2], [1, "h8", 1]], mode="classic")
    with pytest.raises(IllegalAction) as e:
        g.apply("march c3 c7 1")
    assert e.value.text("en").startswith("march 1 soldier from c3 to c7: a march of 4 steps exceeds"), e.value.text("en")
    assert e.value.text("zh").startswith("从c3行军到c7（1人）：行军需4步")


# ---------------------------------------------------------------- G1: another player's phase under fog
def test_g1_under_fog_another_players_phase_is_not_shown():
    """G1 (nothing shown tells a player more than the rules let it see) with S12's phases: a march or an
    attack ends the mover's reinforcement phase, so the phase others saw change from "reinforce" to
    "battle" told them the mover had acted, even out of their sight. Under fog another player's turn shows
    no phase; the mover's own observation, and every one in a game without fog, keep it."""
    g = game([[0, "a1", 2], [1, "h8", 1]], mode="digital")
    assert g.observe(0).phase == "reinforce" and g.observe(1).phase == "turn"
    g.apply("march a1 a2 1")  # far out of h8's sight
    assert g.observe(0).phase == "battle" and g.observe(1).phase == "turn"
    g.apply("end")
    assert g.observe(1).phase == "reinforce" and g.observe(0).phase == "turn"
    t = game([[0, "a1", 2], [1, "h8", 1]], mode="tabletop")
    t.apply("march a1 a2 1")
    assert t.observe(1).phase == "battle"  # no fog: the table shows the march, and the phase with it


def test_g1_under_fog_the_star_hides_another_players_phase_too():
    g = star_game({"e1": 0, "q1": 1}, mode="digital", reserve=[0, 0])
    assert g.observe(0).phase == "reinforce" and g.observe(1).phase == "turn"
    g.apply("end")
    assert g.observe(1).phase == "reinforce" and g.observe(0).phase == "turn"
    c = star_game({"e1": 0, "q1": 1}, mode="classic", reserve=[0, 0])
    assert c.observe(1).phase == "reinforce"  # no fog: the phase is the table's
