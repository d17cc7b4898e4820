"""江山 rulings J15, J16, J17 and J20 (shared/RULINGS.md, 2026-11-28, issue 25), each from the audit's
reproducer on a hand-built position."""
from __future__ import annotations

from engine import registry
from tests.jiangshan_util import make, texts
from tests.refusal_util import refuse

RIVER = ["." * 12, "." * 12, "." * 12, "." * 12, "WWWW........", "." * 12, "." * 12, "." * 12]


# ---------------------------------------------------------------- J15
def test_j15_the_king_may_not_occupy_a_city():
    g = make(red=["king@c6"], cities=[("b8", "city", 1)])  # a knight's step: the king's pattern (JS1)
    assert "move c6 b8" not in texts(g) and not [t for t in texts(g) if t.startswith("capture c6")]
    e = refuse(g, "capture c6 b8")
    assert e.rule == "J15" and "the king may not occupy a city" in e.text("en")


def test_j15_other_units_still_occupy_and_leave_the_board():
    g = make(red=["general@c6"], cities=[("b8", "city", 1)])
    assert "capture c6 b8" in texts(g)
    g.apply("capture c6 b8")
    assert g.st.cities[(1, 7)].owner == 0 and not [u for u in g.st.units.values() if u.type == "general"]


# ---------------------------------------------------------------- J16
def test_j16_a_general_commands_a_unit_into_an_own_city():
    g = make(red=["general@e4", "blade@e5"], cities=[("f5", "city", 0)])
    assert "command e4 e5 f5" in texts(g)
    g.apply("command e4 e5 f5")
    blade = next(u for u in g.st.units.values() if u.type == "blade")
    assert blade.in_city and blade.cell == (5, 4) and blade.state == "march"


def test_j16_commanding_leaves_the_leader_as_it_was():
    """A marching king that commands stays in march state: the enemy learns nothing of it."""
    g = make(red=["king@e4", "blade@e5"])
    g.st.sides[0].merit = 9  # a recruit is left to do: the turn goes on after the command
    g._legal = None
    king = next(u for u in g.st.units.values() if u.type == "king" and u.owner == 0)
    assert king.state == "march"
    g.apply("command e4 e5 d5")
    assert g.current_player == 0
    assert king.state == "march" and king.facing is None
    assert [u for u in g.observe(1)["units"] if u["cell"] == "e4"][0]["type"] is None  # still unknown
    assert not [e for e in g.events(1) if e.msg.key == "jiangshan.ev.revealed"]


def test_j16_no_command_into_an_enemy_city():
    g = make(red=["general@e4", "blade@e5"], cities=[("f5", "city", 1)])
    assert "command e4 e5 f5" not in texts(g)


# ---------------------------------------------------------------- J17
def test_j17_the_ruse_point_is_not_spent_on_a_unit_that_has_acted():
    """The reproducer: move c2 d3 (into an own city); 兵者诡道; exit d3 bow d2 is refused."""
    g = make(red=["bow@c2"], cities=[("d3", "city", 0)])
    g.st.sides[0].tallies = ["ruse"]
    g._legal = None
    g.apply("move c2 d3")
    g.apply("ruse")
    assert not [t for t in texts(g) if t.startswith("exit")]
    e = refuse(g, "exit d3 bow d2")
    assert e.rule == "J17"


def test_j17_a_fresh_garrison_still_leaves_its_city():
    g = make(red=["bow@c2"], cities=[("d3", "city", 0, ["blade"])])
    assert "exit d3 blade d2" in texts(g)


# ---------------------------------------------------------------- J20
def _picking():
    g = registry.get("jiangshan").new_game(seed=1)
    assert g.stage == "tallies"
    return g


def test_j20_tallies_may_be_picked_in_any_order():
    a, b = _picking(), _picking()
    a.apply("pick fire+ruse+formation")
    b.apply("pick formation+fire+ruse")
    assert a.to_json() == b.to_json()
    assert a.st.sides[0].tallies == ["formation", "fire", "ruse"]


def test_j20_a_pick_with_a_tally_twice_or_unknown_is_refused():
    g = _picking()
    assert refuse(g, "pick fire+fire+ruse").rule == "seed 虎符的获得"
    assert refuse(g, "pick fire+ruse+nothing").rule == "seed 虎符的获得"


def test_j20_no_crossing_onto_a_cell_a_plain_move_reaches():
    g = make(red=["blade@a3"], rows=RIVER)
    g.st.sides[0].tallies = ["crossing"]
    g._legal = None
    plain = {t.split()[2] for t in texts(g) if t.startswith("move a3")}
    assert {"c3", "d5", "e4"} <= plain  # water transport (seed 水运) reaches every bank
    assert not [t for t in texts(g) if t.startswith("crossing")], "the tally would buy nothing"
    # the halberd on b5 closes b4 (J10): now only 瞒天过海 reaches the far banks
    g = make(red=["blade@a3"], white=["halberd@b5"], rows=RIVER)
    g.st.sides[0].tallies = ["crossing"]
    g._legal = None
    plain = {t.split()[2] for t in texts(g) if t.startswith("move a3")}
    crossings = {t.split()[2] for t in texts(g) if t.startswith("crossing a3")}
    assert {"e4", "d5", "c3"} <= crossings and not (plain & crossings)


def test_j20_a_battle_state_crossing_into_its_own_port_city_takes_no_facing():
    # the closure (J10) keeps the plain water route from e4; 瞒天过海 ignores it and lands in the port
    g = make(red=["blade@a3:battle:N"], white=["halberd@b5"], rows=RIVER, cities=[("e4", "city", 0)])
    g.st.sides[0].tallies = ["crossing"]
    g._legal = None
    into_port = [t for t in texts(g) if t.startswith("crossing a3 e4")]
    assert into_port == ["crossing a3 e4"]


# ---------------------------------------------------------------- J19 (issue 24.5)
def test_j19_a_support_from_the_reserve_names_only_its_class_to_the_enemy():
    """The reproducer: 'Han brings swift horse from the reserve to h1' told the enemy the type."""
    g = make(red=["king@e2"], cities=[("e1", "camp", 0)], reserve=({"horse": 1, "blade": 1}, {}))
    g.apply("support horse d1")
    enemy = [e.msg.render("en") for e in g.events(1) if e.msg.key == "jiangshan.ev.support"]
    own = [e.msg.render("en") for e in g.events(0) if e.msg.key == "jiangshan.ev.support"]
    assert enemy and "horse unit" in enemy[-1] and "swift" not in enemy[-1]
    assert own and "swift horse" in own[-1]
    assert "swift" not in g.describe("support horse d1").render("en")
    seen = [u for u in g.observe(1)["units"] if u["cell"] == "d1"]
    assert seen and seen[0]["type"] is None and seen[0]["class"] == "horse"


def test_j19_the_enemy_reserve_is_seen_as_counts_per_class():
    g = make(reserve=({"horse": 1, "rider": 1, "blade": 2}, {}))
    mine, theirs = g.observe(0)["sides"][0], g.observe(1)["sides"][0]
    assert mine["reserve"] == {"blade": 2, "horse": 1, "rider": 1}
    assert "reserve" not in theirs and theirs["reserve_by_class"] == {"foot": 2, "horse": 2}


def test_j19_a_recruit_names_only_the_class_to_the_enemy():
    g = make()
    g.st.sides[0].merit = 5
    g._legal = None
    g.apply("recruit horse")
    assert [e.msg.render("en") for e in g.events(1) if e.msg.key == "jiangshan.ev.recruit"][-1].count("swift") == 0
    assert "swift horse" in [e.msg.render("en") for e in g.events(0) if e.msg.key == "jiangshan.ev.recruit"][-1]
