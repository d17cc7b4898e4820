"""The rulings of docs/rules/jiangshan.md (JS1-JS16), one test each where the other files do not cover them."""
from __future__ import annotations

from engine.jiangshan import new_game
from engine.jiangshan.board import parse_cell
from tests.jiangshan_util import at, make, settle, texts


def C(n):
    return parse_cell(n, 12, 8)


def test_js1_the_king_marches_as_cavalry():
    """JS1: the king's march face is 马 — shown as a horse unit, no water transport, blocked by forests."""
    rows = ["." * 12] * 4 + ["WWWW........", "." * 12, "." * 12, "." * 12]
    g = make(red=["king@a3"], white=["king@l8"], rows=rows)
    assert {u["cell"]: u["class"] for u in g.observe(1)["units"]}["a3"] == "horse"
    assert not any(t.startswith("move a3 e4") for t in texts(g))


def test_js2_han_moves_first_and_tallies_are_chosen_first():
    g = new_game()
    g.apply("pick fire+ruse+substitute")
    g.apply("pick fire+ruse+substitute")
    assert g.st.player == 0 and g.seat_name(0).render("zh") == "汉"


def test_js4_the_forced_reveal_also_happens_at_the_start_of_a_turn():
    """JS4: enemy units already in sight when a turn starts turn to battle state then."""
    g = make(red=["blade@e4", "halberd@a3", "king@a1"], white=["king@l8", "blade@e7:battle:S"])
    g.apply("move e4 e5")  # 汉's marching 刀兵 comes into 楚's sight; 汉's turn ends
    assert g.stage == "reveal" and g.current_player == 0 and g.st.player == 1
    g.apply("face e5 N")
    assert at(g, "e5").state == "battle" and g.current_player == 1


def test_js5_scouts_never_turn_to_battle_state_and_a_reveal_shows_them():
    """JS5 with J18: in the enemy's sight a scout is turned over (known as a scout) but stays marching."""
    g = make(red=["scout@e5", "king@a1"], white=["king@l8", "blade@e7:battle:S"], first=1)
    obs = {u["cell"]: u for u in g.observe(1)["units"]}
    assert obs["e5"]["type"] == "scout" and at(g, "e5").state == "march" and g.stage == "action"


def test_js6_a_capture_into_an_empty_forest_is_a_move():
    rows = ["." * 12] * 3 + ["...F........"] + ["." * 12] * 4
    g = make(red=["halberd@d4:battle:N", "king@a1"], white=["king@l8"], rows=rows)
    assert "capture d4 d5 N" in texts(g)
    g.apply("capture d4 d5 N")
    assert at(g, "d5").type == "halberd" and g.st.sides[0].merit == 0


def test_js7_several_units_share_a_city_in_march_state():
    g = make(red=["blade@d3:battle:N", "halberd@c4:battle:E", "king@a1"], white=["king@l8"],
             cities=[("d4", "city", 0)])
    g.apply("move d3 d4")
    settle(g)
    g.apply(sorted(t for t in texts(g) if t.startswith("move l8"))[0])
    settle(g)
    g.apply("move c4 d4")
    assert sorted(u.type for u in g.st.garrison(C("d4"))) == ["blade", "halberd"]
    assert all(u.state == "march" and u.facing is None for u in g.st.garrison(C("d4")))


def test_js8_a_leader_in_a_city_commands_nobody():
    g = make(red=["blade@d3", "king@a1"], white=["king@l8"], cities=[("d4", "city", 0, ("general",))])
    assert not any(t.startswith("command") for t in texts(g))


def test_js10_no_shooting_from_under_a_forest():
    rows = ["." * 12] * 5 + ["...F........"] + ["." * 12] * 2
    g = make(red=["bow@d3:battle:N", "king@a1"], white=["blade@d5:battle:S", "king@l8"], rows=rows)
    assert not any(t.startswith("shoot d3") for t in texts(g))


def test_js11_a_turn_with_nothing_left_ends_by_itself():
    g = make(red=["blade@e3", "king@a1"], white=["king@l8"])
    g.apply("move e3 e4")
    assert g.st.player == 1
    g = make(red=["rider@c1", "king@a1"], white=["blade@d5:battle:S", "king@l8"])
    g.apply("move c1 d3")  # 骑射 is still possible: the turn waits
    assert g.st.player == 0 and "end" in texts(g)


def test_js12_supply_stops_at_three_when_morale_is_full():
    g = make(red=["blade@e3", "king@a1"], white=["king@l8"], cities=[("h3", "city", 0)] * 1, morale=6)
    s = g.st.sides[0]
    for _ in range(16):
        g.apply(sorted(t for t in texts(g) if t.startswith(("move", "end")))[0])
        settle(g)
    assert s.morale == 6 and s.supply == 3


def test_js13_a_unit_under_a_burning_forest_stays_disordered():
    rows = ["." * 12] * 3 + ["...F........"] + ["." * 12] * 4
    g = make(red=["blade@d5", "king@a1"], white=["king@l8"], rows=rows)
    g.st.fires = {C("d5"): "small"}
    at(g, "d5").disorder = True
    g._legal = None
    g.chance.force((1,), (1,))
    g.apply(sorted(t for t in texts(g) if t.startswith("move a1"))[0])
    assert at(g, "d5").disorder


def test_js14_a_tally_is_played_once():
    g = make(red=["blade@e3", "halberd@a3", "king@a1"], white=["king@l8"])
    g.st.sides[0].tallies = ["ruse"]
    g.st.sides[0].morale = 6
    g._legal = None
    g.apply("ruse")
    assert "ruse" not in texts(g) and g.st.sides[0].used_tallies == ["ruse"]


def test_js16_no_die_while_nothing_burns():
    g = make(red=["blade@e3", "king@a1"], white=["king@l8"])
    for _ in range(6):
        g.apply(sorted(t for t in texts(g) if t.startswith(("move", "end")))[0])
        settle(g)
    assert g.chance.record == [] and not any(e.chance for e in g.events(0))


def test_vision_by_bit_masks_agrees_with_the_cell_by_cell_rule():
    """J6 computed with bit masks (the fast version the rules use) equals the rule applied cell by cell,
    for random sources and blockers, on the 12x8 board and a small one."""
    import random

    from engine.jiangshan.board import vision, vision_slow

    r = random.Random(6)
    for w, h in ((12, 8), (5, 4)):
        for _ in range(500):
            src = [(r.randrange(w), r.randrange(h)) for _ in range(r.randrange(0, 12))]
            blocked = {(r.randrange(w), r.randrange(h)) for _ in range(r.randrange(0, 30))}
            assert vision(src, blocked.__contains__, w, h) == vision_slow(src, blocked.__contains__, w, h)
