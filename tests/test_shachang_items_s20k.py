"""沙场秋点兵 fun items: what an item tells whom (ruling S20k, issue 24.4), from the audit's reproducers:
同归于尽 told its user every hit, seen or not; 画地为牢 named its user to a victim who sees none of the
user's soldiers; 天翻地覆 told everyone the map's highest and lowest heights."""
from __future__ import annotations

import numpy as np

from tests.test_shachang_items import C, igame, texts

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
