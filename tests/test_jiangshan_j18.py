"""江山 ruling J18 (shared/RULINGS.md, issue 25): the scout tally (无中生有) places a scout by support (支援):
it costs the action point and goes where a support may be (a leader's command area: around a general or
the king, a camp and its gates); the scout shows the enemy a march face of its chosen class (步 or 马) and
so serves as a decoy (疑兵) until a reveal turns it over. Seed text:
无中生有: 消耗2个士气,立即获得一个斥候。玩家可通过支援的方式把斥候立即放置在将领的指挥区域上,或通过征兵的方式把
斥候放入预备役部队。斥候的两面均为行军状态(一面为马、一面为步),在行动时可以自由转换。斥候可以通过移动的方式消灭
其他玩家的斥候,但不能攻击常规的部队。注:消灭斥候不能获得功绩。"""
from __future__ import annotations

import random

from engine.jiangshan.data import unit_spec
from tests.jiangshan_util import at, give, make, settle, texts
from tests.refusal_util import refuse


def seen_at(g, viewer, cell):
    return next(u for u in g.observe(viewer)["units"] if u["cell"] == cell)


def test_j18_a_scout_is_placed_by_support_for_the_action_point_with_a_face():
    g = make(red=["general@d4", "king@a1"], white=["king@l8"])
    give(g, 0, "scout", morale=2)
    t = texts(g)
    assert {"scout e5 foot", "scout e5 horse", "scout c3 horse", "scout reserve"} <= t
    assert not [x for x in t if x.startswith("scout") and len(x.split()) == 2 and x != "scout reserve"]
    assert refuse(g, "scout e5").rule == "J18"  # a scout shows a face
    e = refuse(g, "scout h6 horse")  # not in a leader's command area
    assert e.rule == "J18" and "command area" in e.text("en")
    g.apply("scout e5 horse")
    u = at(g, "e5")
    assert (u.type, u.face, u.state, u.used) == ("scout", "horse", "march", True)
    assert g.st.sides[0].morale == 0 and g.st.sides[0].tallies == []
    assert g.st.player == 1  # the action point is spent: the turn ended by itself


def test_j18_no_scout_on_the_board_without_the_action_point():
    g = make(red=["general@d4", "king@a1"], white=["king@l8"])
    give(g, 0, "scout", morale=2)
    g.apply("move a1 a2")
    assert g.st.player == 0 and "scout reserve" in texts(g)  # into the reserve (征兵) is still free
    assert not [x for x in texts(g) if x.startswith("scout e5")]
    assert refuse(g, "scout e5 horse").rule == "seed 行动阶段: 一个行动力"
    g.apply("scout reserve")
    assert g.st.sides[0].reserve == {"scout": 1}


def test_j18_a_camp_places_a_scout_in_itself_or_at_its_gates():
    g = make(red=["king@a1"], white=["king@l8"], cities=[("f2", "camp", 0), ("h2", "city", 0)])
    give(g, 0, "scout", morale=2)
    spots = {x.split()[1] for x in texts(g) if x.startswith("scout ") and x != "scout reserve"}
    assert spots == {"f2", "f1", "f3", "e2", "g2", "a2", "b1", "b2"}  # the camp and its gates; around the king
    g.apply("scout f2 foot")
    assert [u.type for u in g.st.garrison((5, 1))] == ["scout"]


def test_j18_the_enemy_sees_the_scout_as_any_marching_unit_of_its_face():
    """The decoy: out of the enemy's sight a scout showing 马 and a real 快马 look the same to it, in the
    observation, the log and the describe text."""
    scout = make(red=["general@d3", "king@a1"], white=["king@l8"])
    give(scout, 0, "scout", morale=2)
    said = scout.describe("scout d4 horse").render("en")
    scout.apply("scout d4 horse")
    assert "scout" not in said.replace("Something out of Nothing", "") and "horse unit" in said
    line = [e.msg.render("en") for e in scout.events(1) if e.msg.key == "jiangshan.ev.support"][-1]
    assert "horse unit" in line and "scout" not in line
    assert seen_at(scout, 1, "d4") == {"cell": "d4", "owner": 0, "class": "horse", "type": None, "state": "march",
                                       "facing": None, "disorder": False, "used": True}
    decoy = make(red=["scout@d4:horse", "king@a1"], white=["king@l8"])
    horse = make(red=["horse@d4", "king@a1"], white=["king@l8"])
    assert decoy.observe(1)["units"] == horse.observe(1)["units"]


def test_j18_a_scout_turns_its_face_when_it_acts_and_the_text_does_not_name_it():
    g = make(red=["scout@d4:foot", "king@a1"], white=["king@l8"])
    t = texts(g)
    assert {"move d4 d5 foot", "move d4 d5 horse"} <= t and "move d4 d5" not in t
    assert "foot" not in g.describe("move d4 d5 horse").render("en")
    g.apply("move d4 d5 horse")
    assert at(g, "d5").face == "horse" and seen_at(g, 1, "d5")["class"] == "horse"
    line = [e.msg.render("en") for e in g.events(1) if e.msg.key == "jiangshan.ev.moved"][-1]
    assert "horse unit" in line and "scout" not in line


def test_j18_a_reveal_turns_a_scout_over_and_it_stays_in_march_state():
    """J5's forced reveal: a scout has no battle face, so turned over it shows it is a scout (no facing asked);
    out of the enemy's sight again at its owner's end phase (隐匿) it is unknown again."""
    g = make(red=["scout@e4:foot", "halberd@a3", "king@a1"], white=["king@l8", "blade@e7:battle:S"])
    g.apply("move e4 e5 foot")  # into 楚's sight
    settle(g)
    assert g.st.player == 1 and g.stage == "action"  # nobody was asked for a facing
    u = seen_at(g, 1, "e5")
    assert (u["type"], u["state"], u["class"], u["facing"]) == ("scout", "march", "foot", None)
    assert any(e.msg.key == "jiangshan.ev.scout_shown" for e in g.events(1))
    g.apply("move l8 k8")  # 楚's king; the scout stays in the blade's sight
    g.apply("move e5 e4 horse")  # 汉 goes back out of sight: unknown again after 汉's end phase
    u = seen_at(g, 1, "e4")
    assert (u["type"], u["class"]) == (None, "horse")


def test_j18_scouts_capture_only_scouts_and_give_no_merit():
    g = make(red=["scout@d5:foot", "king@a1"], white=["king@l8", "scout@e6:horse", "blade@c6:battle:S"])
    t = texts(g)
    assert {"capture d5 e6 foot", "capture d5 e6 horse"} <= t and not [x for x in t if x.startswith("capture d5 c6")]
    g.apply("capture d5 e6 horse")
    assert at(g, "e6").type == "scout" and at(g, "e6").owner == 0 and g.st.sides[0].merit == 0


def test_j18_a_regular_unit_captures_a_scout_for_no_merit():
    g = make(red=["halberd@d5:battle:N", "king@a1"], white=["king@l8", "scout@d6:horse"])
    g.apply("capture d5 d6 N")
    assert at(g, "d6").type == "halberd" and g.st.sides[0].merit == 0


def test_j18_a_reserve_scout_is_supported_with_a_face():
    g = make(red=["king@a1"], white=["king@l8"], cities=[("e1", "camp", 0)], reserve=({"scout": 1}, {}))
    t = texts(g)
    assert {"support scout d1 horse", "support scout d1 foot", "support scout e1 horse"} <= t
    assert "support scout d1" not in t
    assert "horse unit" in g.describe("support scout d1 horse").render("en")
    g.apply("support scout d1 horse")
    assert at(g, "d1").face == "horse" and seen_at(g, 1, "d1")["type"] is None


def test_j18_the_hidden_variant_swaps_scouts_and_real_units_of_the_same_face():
    """hidden_variant: a viewer who cannot tell a scout from a real unit of its face's class sees the same in a
    variant where they trade places; its legal actions stay the same."""
    g = make(red=["scout@c3:horse", "horse@f2", "scout@h2:foot", "blade@j2", "king@a1"], white=["king@l8"],
             first=1)
    swapped = set()
    for k in range(20):
        v = g.hidden_variant(1, random.Random(k))
        assert v.observe(1) == g.observe(1) and v.legal_action_texts() == g.legal_action_texts()
        kinds = {(u.cell, u.type, u.shown) for u in v.st.units.values() if u.owner == 0}
        swapped |= {c for c, t, _ in kinds if t != at(g, f"{chr(97 + c[0])}{c[1] + 1}").type}
        assert {c: s for c, _, s in kinds} == {u.cell: u.shown for u in g.st.units.values() if u.owner == 0}
    assert {(2, 2), (5, 1), (7, 1), (9, 1)} <= swapped


def test_j18_unit_notation_names_a_scout_face():
    assert unit_spec("scout@d4:horse") == {"type": "scout", "cell": "d4", "face": "horse"}
    g = make(red=["scout@d4", "king@a1"])
    assert at(g, "d4").face == "foot"


def test_j18_a_scout_move_without_its_face_is_refused_naming_the_ruling():
    g = make(red=["scout@d4:foot", "king@a1"], white=["king@l8"])
    e = refuse(g, "move d4 d5")
    assert e.rule == "J18" and "foot or horse" in e.text("en")


def test_j18_a_revealed_scout_is_known_and_the_variant_keeps_it():
    """Once a reveal has turned it over, the enemy knows the scout: the hidden variant leaves it a scout."""
    g = make(red=["scout@e5:horse", "horse@a3", "king@a1"], white=["king@l8", "blade@e7:battle:S"], first=1)
    assert seen_at(g, 1, "e5")["type"] == "scout" and seen_at(g, 1, "a3")["type"] is None
    for k in range(10):
        v = g.hidden_variant(1, random.Random(k))
        assert at(v, "e5").type == "scout" and at(v, "a3").shown == "horse"  # a3 may trade with the king (JS1)
        assert v.observe(1) == g.observe(1)
