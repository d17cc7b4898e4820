"""沙场秋点兵 fun items: what an item tells whom (ruling S20k, issue 24.4), from the audit's reproducers:
同归于尽 told its user every hit, seen or not; 画地为牢 named its user to a victim who sees none of the
user's soldiers; 天翻地覆 told everyone the map's highest and lowest heights."""
from __future__ import annotations

import numpy as np

from tests.items_rules_util import C, igame, texts

# found by a search over random 8x8 positions: P1's 3 soldiers on a1 blast P2's lone soldier on d1,
# whose cell P1 does not see (the ridge on b1/c1... blocks its sight, not the blast's line)
HEIGHTS = np.array([[2, 1, 2, 0, 3, 0, 0, 0], [2, 0, 1, 1, 0, 0, 0, 1], [1, 0, 1, 0, 3, 3, 0, 0],
                    [1, 0, 1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 0, 2, 0, 0], [0, 2, 0, 3, 0, 0, 1, 0],
                    [1, 0, 2, 0, 0, 0, 3, 0], [0, 0, 0, 3, 1, 0, 2, 2]], dtype=np.int16)
UNITS = [[0, "a1", 3], [1, "f2", 2], [1, "d1", 1], [1, "d2", 1]]


def test_tonggui_tells_its_user_only_the_hits_it_sees():
    g = igame(UNITS, heights=HEIGHTS, mode="digital", hands=[["tonggui"], []])
    assert not g.visible(0)[C("d1")], "the position: P1 does not see d1"
    g.apply("item tonggui a1")
    mine = texts(g, 0)
    assert not any("d1" in t for t in mine), mine
    assert not any("unit(s)" in t or "hits" in t for t in mine), "no count of the units it hit"
    theirs = texts(g, 1)
    assert any("d1" in t for t in theirs), "the owner of the hit unit is told"
    for ev in g.events(0):  # nor is it hidden in the events' data
        assert "d1" not in repr(ev.msg)


def test_tonggui_still_tells_the_hits_its_user_sees():
    g = igame([[0, "d4", 3], [1, "d5", 1], [1, "h8", 1]], mode="digital", hands=[["tonggui"], []])
    g.apply("item tonggui d4")
    assert any("d5" in t for t in texts(g, 0))


def test_dilao_names_its_user_only_to_a_victim_that_sees_one_of_its_soldiers():
    # P1 sees P2's unit on d6 (its own on d4 is near); P2 sees P1's d4 too: named
    g = igame([[0, "d4", 3], [1, "d6", 2], [1, "h8", 1]], mode="digital", hands=[["dilao"], []])
    g.apply("item dilao d6")
    assert "P1: drawn prison, P2's unit on d6 may not march in its next turn" in texts(g, 1)


def test_dilao_from_an_unseen_user_is_anonymous():
    # P1 on a1 with a long sight over flat ground... P2's d6 unit is seen through P1's ghost vision only,
    # and P2 sees no P1 soldier: it reads that its unit is jailed, not by whom
    g = igame([[0, "d4", 1], [0, "a1", 1], [1, "d6", 1], [1, "h8", 1]], mode="digital", hands=[["dilao"], []],
              current=1)
    g.apply("attack d6 d4")  # P1's d4 soldier falls: ghost vision over d6 in P1's next turn (S9)
    g.apply("end")
    assert g.visible(0)[C("d6")] and not any(g.visible(1)[c] for c, u in g.units.items() if u.owner == 0)
    g.apply("item dilao d6")
    told = texts(g, 1)
    assert "drawn prison: your unit on d6 may not march in its next turn (you see nobody who did it)" in told
    assert not any("P1: drawn prison" in t for t in told)


def test_fanfu_tells_nobody_the_maps_extremes():
    h = np.arange(64, dtype=np.int16).reshape(8, 8) % 7
    g = igame([[0, "a1", 1], [1, "h8", 1]], heights=h, mode="digital", hands=[["fanfu"], []])
    g.apply("item fanfu")
    for p in (0, 1):
        ev = [e for e in g.events(p) if e.msg.key == "shachang.ev.item.fanfu"]
        assert ev and "hi" not in ev[0].msg.kw and "lo" not in ev[0].msg.kw


# ---------------------------------------------------------------- S20l
def test_s20l_the_sacrificed_unit_gives_ghost_vision_until_the_end_of_its_owners_next_turn():
    g = igame([[0, "d4", 3], [0, "a1", 1], [1, "d6", 2], [1, "h8", 1]], mode="digital", hands=[["tonggui"], []])
    g.apply("item tonggui d4")
    ghost = [(c, r) for c, r in g.observe(0).ghosts if c == C("d4")]
    assert ghost, "ghost vision over the sacrificed unit's cell (S9)"
    g.apply("end")  # P1's own turn ends: the ghost stays (it was lost at once before S20l)
    assert [(c, r) for c, r in g.observe(0).ghosts if c == C("d4")] == ghost
    assert g.visible(0)[C("d6")]
    g.apply("end")  # P2's turn ends
    assert g.cur == 0 and [(c, r) for c, r in g.observe(0).ghosts if c == C("d4")] == ghost
    g.apply("end")  # the end of P1's next turn: gone
    assert not [c for c, _ in g.observe(0).ghosts if c == C("d4")]


def test_s20l_a_self_blast_that_ends_the_game_without_damage_is_void_in_its_end_text_too():
    g = igame([[0, "d4", 2], [1, "h8", 1]], mode="tabletop", hands=[["tonggui"], []], reserve=[0, 0])
    g.apply("item tonggui d4")  # hits nobody; P1 has no soldier left
    assert g.is_over and g.hits == 0
    assert all(p.out for p in g.ranking())
    assert g.end_reason().key == "shachang.end.void"
    text = g.end_reason().render("en")
    assert "void game" in text and "wiped out every other player" not in text, text


# ---------------------------------------------------------------- S20m
def _jailed_p2():
    """P2's unit on d6 jailed by P1 (P2 holds 愚公移山 and 寸土不让), now P2's turn."""
    g = igame([[0, "d4", 3], [1, "d6", 2], [1, "h8", 1]], mode="digital", hands=[["dilao"], ["yugong", "cuntu"]])
    g.apply("item dilao d6")
    g.apply("end")
    assert g.cur == 1 and g.units[C("d6")].jail
    return g


def test_s20m_a_jailed_unit_has_no_move_power_for_yugong():
    g = _jailed_p2()
    from tests.items_rules_util import assert_illegal

    e = assert_illegal(g, "item yugong d6 d6 d7 1", "S20d")
    assert "imprison" in e.text("en") or "jail" in e.text("en").lower()


def test_s20m_a_jailed_unit_may_use_cuntu_it_has_not_marched():
    g = _jailed_p2()
    g.apply("item cuntu d6")
    assert g.units[C("d6")].shots
