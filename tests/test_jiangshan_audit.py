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
