"""江山 audit against seed 000 (a fresh reading, section by section): each test sets up the position the
quoted seed sentence describes and checks the exact outcome. Rulings: shared/RULINGS.md (J…, G…) and the
rules page's own (JS…, docs/rules/jiangshan.md)."""
from __future__ import annotations

import pytest

from engine.api import IllegalAction
from tests.jiangshan_util import at, make, texts


def give(g, seat, *tallies, morale=None):
    g.st.sides[seat].tallies = list(tallies)
    if morale is not None:
        g.st.sides[seat].morale = morale
    g._legal = None


def refuse(g, text):
    before = g.to_json(), g.observe(0), g.observe(1)
    with pytest.raises(IllegalAction) as e:
        g.apply(text)
    assert (g.to_json(), g.observe(0), g.observe(1)) == before, "a refused action changes nothing"
    return e.value


# ---------------------------------------------------------------- 出城 and J17
def test_exit_takes_a_garrison_unit_that_has_not_acted_j17():
    """Seed 兵者诡道: 立即获得一个额外的行动力,但不能指挥已经行动过的部队 (J17). A 刀兵 marches into a city
    that already holds a fresh 刀兵; with the extra point, `exit d3 blade d2` must take the fresh one out,
    not the one that has just marched in."""
    g = make(red=["blade@c2"], cities=[("d3", "city", 0, ["blade"])])
    give(g, 0, "ruse")
    mover = at(g, "c2")
    g.apply("move c2 d3")
    g.apply("ruse")
    g.apply("exit d3 blade d2")
    out = at(g, "d2")
    assert out is not None and out.uid != mover.uid
    assert mover.in_city and mover.cell == (3, 2)


# ---------------------------------------------------------------- 水运 and scouts (JS5)
RIVER3 = ["." * 12] * 5 + ["W" * 12] + ["." * 12] * 2  # rank 3 is water: ranks 2 and 4 are banks


def test_a_scout_goes_by_water_only_showing_its_foot_face_js5():
    """Seed 水域: 注:只有步兵可以进行水运。 无中生有: 斥候的两面均为行军状态(一面为马、一面为步),在行动时可以自由
    转换。 JS5: with its 步 face a scout may use water transport, so a water move ends with the 步 face up; a
    马 seen crossing the river would be no unit of the rules (and would tell the enemy it is a scout)."""
    g = make(red=["scout@c2:horse", "king@a1"], white=["king@l8"], rows=RIVER3)
    t = texts(g)
    assert {"move c2 g4 foot", "move c2 c3 foot"} - t == {"move c2 c3 foot"}  # c3 is water
    assert "move c2 g4 horse" not in t and "move c2 d2 horse" in t and "move c2 d2 foot" in t
    assert refuse(g, "move c2 g4 horse").rule == "J18"  # the move exists: the face is what is wrong
    g.apply("move c2 g4 foot")
    assert at(g, "g4").face == "foot"


def test_a_horse_faced_scout_does_not_leave_a_port_by_water_js5():
    """Seed 出城: 若城市处在河岸处,可将该城市称为"港口"。若部队是步兵单位,可以通过水运的方式出征。 A scout keeps
    its face when it leaves a city (rules page, J18): showing 马 it leaves only to a gate."""
    g = make(red=["king@a1"], white=["king@l8"], rows=RIVER3, cities=[("c2", "city", 0)])
    s = g.st.add_unit("scout", 0, (2, 1), in_city=True, face="horse")
    g._legal = None
    exits = {x for x in texts(g) if x.startswith("exit c2 scout")}
    assert exits == {"exit c2 scout b2", "exit c2 scout d2", "exit c2 scout c1"}
    s.face = "foot"
    g._legal = None
    assert "exit c2 scout g4" in texts(g)
