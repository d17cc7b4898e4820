"""The fun items (S20a–S20j) on the Chinese-checkers star (S19a–S19h), where a unit is a connected
group of own soldiers (S19b). Readings the rulings leave open are the decisions D-SI1 ... of
docs/rules/shachang_star.md. Positions are star names ("i5" the centre, row i = i1..i9)."""
from __future__ import annotations

import random

import numpy as np
import pytest

from engine.shachang import load_game, new_game, rules
from engine.shachang import star_cells as sc
from engine.api import IllegalAction, ParseError
from engine.shachang.actions import March, Reinforce, UseItem
from engine.shachang.star_items import StarItemsObservation, blast_victims, wangming_choices
from tests.shachang_util import (assert_illegal, assert_item_views, assert_legal_is_checked, play_legal,
                                 random_item_action)
from tests.items_rules_util import N, _star_choice, sgame


def snapshot(g):
    return (g.to_json(), {c: vars(u).copy() for c, u in g.units.items()}, g.heights.tobytes(),
            [list(h) for h in g.items.hands], sorted(g.items.cells), g.items.used, list(g.budgets),
            len(g.items.chance.record), len(g._events))


def refused(g, action, rule_part):
    e = assert_illegal(g, action, rule_part, snapshot)
    for lang in ("zh", "en"):
        assert "{" not in e.text(lang)
    return e


def names(cells):
    return sorted(sc.name(c) for c in cells)


def own(g, p):
    return names(c for c, u in g.units.items() if u.owner == p)


def force(g, kind):
    g.items.chance.force(g.items.kinds(g.mode).index(kind))


def finish_turn(g):
    g.apply("end")


# ---------------------------------------------------------------- S20a on the star
def test_items_on_the_star_are_seeded_hidden_cells_off_the_points_S20a_DSI1():
    assert new_game(preset="star", seed=1).items is None  # off by default
    g = new_game(preset="star", players=3, seed=1, items=True, item_seed=7)
    cells = g.items.cells
    assert len(cells) == 15  # one in eight of the 121 cells (D-I1)
    assert all(sc.on_star(c) and c not in g.units for c in cells)
    assert not cells & {c for sp in g.spawns for c in sp}
    assert new_game(preset="star", players=3, seed=1, items=True, item_seed=7).items.cells == cells
    assert new_game(preset="star", players=3, seed=1, items=True, item_seed=8).items.cells != cells
    o = g.observe(0)
    assert isinstance(o, StarItemsObservation) and o.hand == () and o.hand_counts == (0, 0, 0)
    assert o.board == "star" and o.groups  # still a star observation


def test_a_move_ending_on_an_item_cell_draws_for_its_owner_only_S20a():
    g = sgame({"i4": 0, "i5": 0, "a1": 1}, cells=["i3", "h4"], mode="digital")
    force(g, "liu")
    g.apply("march i4 i3 1")
    assert g.items.hands == [["liu"], []] and N("i3") not in g.items.cells
    assert g.observe(0).hand == ("liu",)
    o1 = g.observe(1)
    assert o1.hand == () and o1.hand_counts == (1, 0)  # the others see how many, not which
    assert not any("liu" in t.lower() or "slip" in t.lower() for t in o1.events)
    g.apply("march i5 i6 1")  # not an item cell: nothing
    assert g.items.hands == [["liu"], []]


def test_a_full_hand_draws_nothing_and_the_cell_keeps_its_item_S20a():
    g = sgame({"i4": 0, "a1": 1}, hands=[["liu", "taoyuan", "cuntu"], []], cells=["i3"])
    g.apply("march i4 i3 1")
    assert len(g.items.hands[0]) == 3 and N("i3") in g.items.cells


def test_one_item_per_turn_and_it_ends_the_reinforcement_phase_S20a_S12():
    g = sgame({"i4": 0, "i5": 0, "a1": 1}, hands=[["taoyuan", "cuntu"], []], reserve=[5, 5])
    assert g.phase == "reinforce"
    g.apply("item cuntu i4")
    assert g.phase == "battle" and g.items.used and g.observe(0).item_used
    refused(g, "item taoyuan i4", "S20a one per turn")
    refused(g, g.legal_actions()[0] if False else f"reinforce {sc.name(g.spawns[0][0])} 1", "S12")
    refused(g, "item liu i4", "S20a not in hand")
    assert all(not isinstance(a, UseItem) for a in g.legal_actions())
    finish_turn(g)
    finish_turn(g)
    assert not g.items.used


def test_classic_mode_offers_no_height_items_S20a():
    g = new_game(preset="star", mode="classic", seed=0, items=True, item_seed=0)
    assert set(g.items.kinds("classic")) == {"dilao", "liu", "tonggui", "taoyuan", "wangming", "cuntu"}
    with pytest.raises(ValueError):
        sgame({"i5": 0, "a1": 1}, hands=[["fanfu"], []])


# ---------------------------------------------------------------- the eight items on the star
def test_yugong_one_soldier_moves_height_for_its_start_units_steps_S20b_DSI2():
    g = sgame({"i5": 0, "i6": 0, "a1": 1}, hands=[["yugong"], []], mode="tabletop", heights={"h5": 2, "i4": 1})
    refused(g, "item yugong i5 g5 h5 1", "S20b too far")  # g5 is two steps from i5
    refused(g, "item yugong i5 h5 i4 3", "S20b below zero")
    refused(g, "item yugong i5 h5 j6 1", "S20b not neighbours")
    g.apply("item yugong i5 h5 i4 2")
    assert int(g.heights[N("h5")]) == 0 and int(g.heights[N("i4")]) == 3
    assert g.budget_left(N("i5")) == g.budget_left(N("i6")) == 1  # paid by the start unit (S19d)
    assert set(g.reachable(N("i6"))) == {c for c in sc.NEIGHBOURS[N("i6")] if c not in g.units}


def test_fanfu_turns_the_star_upside_down_S20c():
    g = sgame({"i5": 0, "a1": 1}, hands=[["fanfu"], []], mode="tabletop", heights={"h5": 4, "i4": 1})
    before = g.heights.copy()
    g.apply("item fanfu")
    hi, lo = 4, 0
    assert (g.heights[sc.MASK] == hi + lo - before[sc.MASK]).all()
    assert (g.heights[~sc.MASK] == 0).all()  # off the star nothing changes
    assert int(g.heights[N("h5")]) == 0 and int(g.heights[N("i5")]) == 4


def test_fanfu_in_digital_mode_rebuilds_the_hex_vision_S20c_S19f():
    g = new_game(preset="star", mode="digital", seed=2, items=True, item_seed=1)
    g.items.hands[0] = ["fanfu"]
    g.apply("item fanfu")
    from engine.shachang.vision import visible_from
    for p in range(2):  # brute force: every soldier's view on the new heights (S19f), plus the own point
        want = np.zeros_like(sc.MASK)
        for grp in g.groups(p):
            for c in grp:
                want |= visible_from(g.heights, c, int(g.heights[c]) + 1, rules.vision_range(len(grp)), sc.LATTICE)
        for c in g.spawns[p]:
            want[c] = True
        assert (g.visible(p) == (want & sc.MASK)).all()


def test_dilao_jails_the_whole_enemy_unit_for_its_next_turn_S20d_DSI3():
    g = sgame({"i5": 0, "i7": 1, "i8": 1, "a1": 1}, hands=[["dilao"], []])
    refused(g, "item dilao i5", "S20d no enemy")
    g.apply("item dilao i8")
    assert g.units[N("i7")].jail and g.units[N("i8")].jail and not g.units[N("a1")].jail
    finish_turn(g)
    assert g.cur == 1
    refused(g, "march i7 h7 1", "S20d jailed")  # neither jailed soldier moves
    assert g.reachable(N("i8")) == {}
    assert all(not (isinstance(a, March) and a.src in (N("i7"), N("i8"))) for a in g.legal_actions())
    g.apply("attack i7 i5")  # it may still attack (S20d)
    assert N("i5") not in g.units
    finish_turn(g)
    assert not g.units[N("i7")].jail  # over after its owner's turn


def test_dilao_stops_own_soldiers_joining_the_jailed_unit_DSI3():
    g = sgame({"i1": 0, "i5": 1, "i6": 1, "h4": 1}, hands=[["dilao"], []])
    g.apply("item dilao i5")
    finish_turn(g)
    refused(g, "march h4 i4 1", "S20d jailed")  # i4 touches the jailed i5: no march received
    g.apply("march h4 h3 1")  # elsewhere it moves freely


def test_dilao_needs_the_target_in_sight_S20d_S7():
    g = sgame({"i1": 0, "q1": 1}, hands=[["dilao"], []], mode="digital")
    e = refused(g, "item dilao q1", "S20d not in sight")
    assert "q1" in e.text("en") and "enemy" not in e.text("en")
    e = refused(g, "item dilao i9", "S20d not in sight")  # an empty unseen cell: the same answer


def test_liu_moves_the_unit_to_a_seeded_connected_group_of_empty_cells_S20e_DSI4():
    units = {"i4": 0, "i5": 0, "i6": 0, "e1": 0, "a1": 1}
    g = sgame(units, hands=[["liu"], []], item_seed=3)
    g.apply("item liu i5")
    new = [c for c, u in g.units.items() if u.owner == 0 and sc.name(c) != "e1"]
    assert len(new) == 3 and len(sc.components(new)) == 1  # the same size, connected
    assert all(g.units[c].fresh for c in new)  # a new camp: no moves, no attack this turn
    assert not any(n == N("e1") for c in new for n in sc.NEIGHBOURS[c])  # it merged with nothing
    assert sorted(len(grp) for grp in g.groups(0)) == [1, 3]
    h = sgame(units, hands=[["liu"], []], item_seed=3)
    h.apply("item liu i6")  # any soldier names the unit; the same seed gives the same cells
    assert own(h, 0) == own(g, 0)
    assert g.items.chance.record  # every draw recorded (engine/chance.py)
    assert load_game(g.to_json()).to_json() == g.to_json()


def test_liu_without_room_is_refused_DSI4():
    g = sgame({"i4": 0, "i5": 0, "a1": 1}, hands=[["liu"], []])
    # pack the star: every cell holds a soldier except single empty cells, none touching another
    from engine.shachang.state import Unit
    empty = {N("i4"), N("i5")}
    for c in sc.CELLS:
        if c not in g.units and not any(n in empty for n in sc.NEIGHBOURS[c]) and c[0] % 2 == 0 and c[1] % 3 == 0:
            empty.add(c)
    for c in sc.CELLS:
        if c not in empty and c not in g.units:
            g.units[c] = Unit(1, 1, last_count=1)
    e = refused(g, "item liu i4", "S20e room")
    assert "2" in e.text("en")
    assert not [a for a in g.legal_actions() if isinstance(a, UseItem)]


def test_tonggui_removes_the_unit_and_every_group_in_range_loses_its_nearest_soldier_S20f_DSI5():
    # own unit i5+i6 (size 2: 番数 2); enemy lone i8 (2 from i6), enemy pair k5+l5 (k5 2 from i5),
    # enemy pair i1+i2 (3 away), own lone g5 (2 from i5: any player's group is hit)
    units = {"i5": 0, "i6": 0, "g5": 0, "i8": 1, "k5": 1, "l5": 1, "i1": 1, "i2": 1}
    g = sgame(units, hands=[["tonggui"], []])
    assert names(blast_victims(g, g.group_of(N("i5")))) == ["g5", "i8", "k5"]
    g.apply("item tonggui i6")
    assert own(g, 0) == [] and own(g, 1) == ["i1", "i2", "l5"]
    assert g.lost == [3, 2]
    assert g.last_hit[0] == g.hits == 1  # the blast hit an enemy (S18)


def test_tonggui_line_blocked_by_high_ground_spares_the_group_S20f_S8():
    g = sgame({"i5": 0, "i6": 0, "i8": 1, "a1": 1}, hands=[["tonggui"], []], mode="tabletop",
              heights={"i7": 5})
    assert names(blast_victims(g, g.group_of(N("i5")))) == []
    g.apply("item tonggui i5")
    assert own(g, 1) == ["a1", "i8"] and g.hits == 0


def test_tonggui_leaves_ghost_vision_in_the_fog_S20f_S9():
    g = sgame({"i5": 0, "i6": 1, "a1": 1}, hands=[["tonggui"], []], mode="digital")
    g.apply("item tonggui i5")
    assert {gh.owner for gh in g.ghosts} == {0, 1}  # both lone units were wiped out
    assert not g.has_soldiers(0) or g.reserve[0] > 0


def test_taoyuan_skips_the_next_turn_untouchable_and_seen_only_as_occupied_S20g_DSI6():
    g = sgame({"i5": 0, "i6": 0, "i1": 0, "i8": 1, "a1": 1}, hands=[["taoyuan"], []])
    g.apply("item taoyuan i5")
    assert g.units[N("i5")].hidden and g.units[N("i6")].hidden and not g.units[N("i1")].hidden
    refused(g, "march i6 h6 1", "S20g")
    refused(g, "march i1 i4 1", "S20g")  # i4 touches the withdrawn i5: nobody joins it
    finish_turn(g)
    o = g.observe(1)
    assert names(o.occupied) == ["i5", "i6"] and not {"i5", "i6"} & set(names(u.cell for u in o.units))
    assert all(set(gv.cells).isdisjoint({N("i5"), N("i6")}) for gv in o.groups)
    refused(g, "attack i8 i6", "S20g")
    assert not g.attack_targets(N("i8"))
    g.apply("march a1 b1 1")
    finish_turn(g)
    assert g.cur == 0
    refused(g, "march i6 h6 1", "S20g")  # its owner's next turn is skipped
    assert g.attack_targets(N("i6")) == []
    g.apply("march i1 i2 1")
    finish_turn(g)
    g.apply("march b1 a1 1")
    finish_turn(g)
    assert not g.units[N("i6")].hidden
    assert N("h6") in g.reachable(N("i6"))


def _reinforcements(g):
    return names(a.cell for a in g.legal_actions() if isinstance(a, Reinforce))


def test_no_reinforcement_is_offered_or_placed_next_to_a_withdrawn_soldier_S20g_DSI6():
    # 世外桃源：指定部队跳过获得下轮隐身无敌. The position of the random-play game (seed 0, digital) where
    # "reinforce n1 1"-like placements next to P2's withdrawn soldiers were offered and then refused.
    g = sgame({"o2": 1, "k5": 1, "a1": 0, "e5": 0}, hands=[[], ["taoyuan"]], current=1, mode="digital")
    g.apply("item taoyuan o2")
    finish_turn(g)
    assert names(g.observe(0).occupied) == [] and N("o2") not in {u.cell for u in g.observe(0).units}
    finish_turn(g)
    assert g.cur == 1 and g.phase == "reinforce" and g.units[N("o2")].hidden
    # the free cells of the own point (S19c) that touch no withdrawn soldier: o2's neighbours n2 n3 o1 o3
    # p1 p2 are left out, in the list and in the client's cells alike
    assert _reinforcements(g) == ["n1", "n4", "q1"] == names(g.reinforce_cells())
    for cell in ("n2", "n3", "o1", "o3", "p1", "p2"):
        e = refused(g, f"reinforce {cell} 1", "S20g withdrawn")
        assert "o2" in e.text("en")  # its own soldier, which it knows: nothing hidden is told
    g.apply("reinforce q1 1")
    assert g.units[N("q1")].owner == 1 and g.field(1) == 3
    assert _reinforcements(g) == ["n1", "n4"]
    g.apply("march k5 k4 1")
    finish_turn(g)
    finish_turn(g)
    assert not g.units[N("o2")].hidden  # back after the skipped turn: it may receive soldiers again
    assert "p1" in _reinforcements(g)
    g.apply("reinforce p1 1")


def test_a_jailed_neighbour_does_not_hide_a_withdrawn_one_from_the_reinforcement_check_DSI3_DSI6():
    # p1 touches P2's jailed p2 (first in its neighbour order) and P2's withdrawn o1: the check used to
    # look at the first marked neighbour only and placed the soldier next to the withdrawn one
    g = sgame({"p2": 1, "o1": 1, "a1": 0, "i5": 0}, hands=[["dilao"], ["taoyuan"]], current=1, mode="tabletop")
    g.apply("item taoyuan o1")
    finish_turn(g)
    g.apply("item dilao p2")
    finish_turn(g)
    assert g.units[N("p2")].jail and g.units[N("o1")].hidden
    e = refused(g, "reinforce p1 1", "S20g withdrawn")
    assert "o1" in e.text("en")
    assert "p1" not in _reinforcements(g)
    # next to the jailed soldier only: D-SI3 forbids stopping there (a march), not a reinforcement
    assert _reinforcements(g) == ["n3", "n4", "o3", "q1"]
    g.apply("reinforce q1 1")
    assert g.units[N("q1")].jail  # S20m: it joined the jailed p2's unit: jailed with it this turn
    refused(g, "march q1 p1 1", "S20d jailed")


def test_wangming_discards_the_chosen_soldiers_for_extra_steps_S20h_S20n_DSI7():
    g = sgame({"i2": 0, "i3": 0, "i4": 0, "i5": 0, "a1": 1}, hands=[["wangming"], []])
    refused(g, "item wangming i2 i3 i4 i5 i2", "action form")  # the soldier naming the unit stays (S20h)
    e = refused(g, "item wangming i2 2", "S20n choose")  # the square maps' count form: the player names them
    assert "Desperate Flight: the unit on i2" in e.text("en")  # the action in words (issue 26)
    # and what to do in words, not the typed form "item wangming i2 …" (issue 26)
    assert "on the star, not a count: click the unit on i2, then each soldier to discard (S20n)" in e.text("en")
    assert "先点i2的部队，再点每个要弃的兵" in e.text("zh")
    assert not any("item wangming" in e.text(lang) for lang in ("zh", "en"))
    g.apply("item wangming i2 i5 i4")
    assert str(g.log[-1]) == "item wangming i2 i4 i5" and g.log[-1] == UseItem("wangming", (N("i2"), N("i4"), N("i5")), 2)
    assert own(g, 0) == ["i2", "i3"] and g.lost[0] == 2
    assert g.budget_left(N("i2")) == 5
    g.apply("march i3 i8 1")  # 5 steps along row i
    assert g.budget_left(N("i2")) == 0


def test_wangming_text_round_trips_and_its_form_is_checked_S20n():
    g = sgame({"i2": 0, "i3": 0, "i4": 0, "a1": 1}, hands=[["wangming"], []])
    a = g.parse_action("item wangming i2 i4 i3")
    assert str(a) == "item wangming i2 i3 i4" and g.parse_action(str(a)) == a and hash(a) == hash(g.parse_action(str(a)))
    assert g.describe(a).render("en") == ("Desperate Flight: the unit on i2 discards its soldiers on i3 i4 for 2 extra "
                                          "steps")  # in words, not the command text (issue 26)
    assert g.describe(a).render("zh") == "亡命天涯：i2的部队弃掉i3 i4的兵，多走2步"
    assert [s.value for s in g.action_steps(a)] == ["item:wangming", "i2", "i3", "i4"]
    for bad in ("item wangming i2 i3 i3", "item wangming i2 i2"):
        refused(g, bad, "action form")
    refused(g, UseItem("wangming", (N("i2"), N("i3")), 2), "action form")  # the count is how many are named
    for text in ("item wangming i2", "item wangming i2 z9"):
        with pytest.raises(ParseError):
            g.parse_action(text)
    e = refused(g, "item wangming i2 a1", "S20n not in unit")  # an enemy's soldier, same words as an empty cell
    assert e.msg.key == refused(g, "item wangming i2 e5", "S20n not in unit").msg.key


# S20n's reproducer: the old D-SI7 discarded the soldiers farthest from the named one; from h5 that was
# i6, the middle of this horseshoe round i5, and the unit fell into h5-h6 and j5-j6 (21 of 3,000 random
# groups were split so).
HORSESHOE = {"h5": 0, "h6": 0, "i6": 0, "j6": 0, "j5": 0, "a1": 1}


def test_wangming_choice_that_splits_the_unit_is_refused_state_unchanged_S20n():
    g = sgame(HORSESHOE, hands=[["wangming"], []])
    e = refused(g, "item wangming h5 i6", "S20n split")  # snapshot: nothing changed
    assert "2 units" in e.text("en") and "S20n" in e.text("zh")
    refused(g, "item wangming h5 1", "S20n choose")  # no count form that would let the engine choose
    g.apply("item wangming h5 j5")  # the player's choice that keeps the unit whole, applied exactly
    assert names(c for c, u in g.units.items() if u.owner == 0) == ["h5", "h6", "i6", "j6"]
    assert len(g.groups(0)) == 1 and g.lost[0] == 1 and g.budget_left(N("h5")) == 4


def _brute_force_choices(g, p):
    """Every (naming soldier, discarded soldiers) of ``p``'s units by brute force, with whether S20n keeps
    the rest one unit and S20h/D-SI7 let the naming soldier act (not moved, spent or jailed)."""
    from itertools import combinations

    out = {}
    for grp in g.groups(p):
        for c in grp:
            u = g.units[c]
            ok_name = not (u.fresh or u.attacked or u.jail or u.hidden)
            others = [d for d in grp if d != c]
            for k in range(1, len(others) + 1):
                for gone in combinations(others, k):
                    whole = len(sc.components([d for d in grp if d not in gone])) == 1
                    out[UseItem("wangming", (c,) + gone, k)] = ok_name and whole
    return out


def test_wangming_offers_exactly_the_choices_that_keep_the_unit_whole_S20n():
    g = sgame(dict(HORSESHOE, i4=0, i2=0), hands=[["wangming"], []])  # i4 closes the ring round i5
    g.apply("march i2 i3 1")  # i3 joins the ring: it may be discarded but, moved, not name the unit (D-SI7)
    offered = {a for a in g.legal_actions() if isinstance(a, UseItem)}
    want = _brute_force_choices(g, 0)
    assert offered == {a for a, ok in want.items() if ok}
    assert UseItem("wangming", (N("h5"), N("i3")), 1) in offered
    assert not any(a.cells[0] == N("i3") for a in offered)
    refused(g, "item wangming i3 h5", "S20h moved")
    assert wangming_choices([N("h5"), N("h6")]) == [(frozenset([N("h6")]), (N("h5"),)),
                                                  (frozenset([N("h5")]), (N("h6"),))]


def test_wangming_told_to_others_only_for_the_discarded_soldiers_they_see_S20n_S20k():
    for gone, told in (("j5 j6", "j5"), ("h5", None)):
        g = sgame(dict(HORSESHOE, a1=1, l5=1), hands=[["wangming"], []], mode="digital")
        assert [x for x in HORSESHOE if x != "a1" and g.visible(1)[N(x)]] == ["j5"]  # P2 on l5 sees j5 only
        namer = "h6" if gone == "h5" else "h5"
        g.apply(f"item wangming {namer} {gone}")
        mine = [m for m in g.observe(0).messages if "wangming" in m.key]
        assert [m.kw["cells"] for m in mine] == [gone] and mine[0].kw["n"] == len(gone.split())
        theirs = [m for m in g.observe(1).messages if "wangming" in m.key]
        if told is None:
            assert theirs == []  # it saw no soldier go: nothing to tell (the budget is not its to know)
        else:
            assert [(m.key, m.kw["cells"]) for m in theirs] == [("shachang.ev.item.wangming_seen", told)]
            assert "n" not in theirs[0].kw and namer not in theirs[0].render("en")


def test_random_star_games_offer_wangming_exactly_when_check_accepts_it_S20n():
    for seed in range(2):
        g = new_game(preset="star", players=2, mode="tabletop", seed=seed, items=True, item_seed=seed,
                     item_setup={"cells": [], "hands": [["wangming"] * 3, ["wangming"] * 3]})
        rng = random.Random(seed)
        tried = 0
        for _ in range(90):
            if g.is_over:
                break
            legal = g.legal_actions()
            uses = [a for a in legal if isinstance(a, UseItem)]
            if uses:
                want = _brute_force_choices(g, g.cur)
                assert set(uses) == {a for a, ok in want.items() if ok}
                for a in rng.sample(sorted(want, key=str), min(40, len(want))):
                    before = g.to_json()
                    try:
                        g.check(a)
                        assert a in uses
                    except IllegalAction as e:
                        assert a not in uses and e.rule.split()[0] in ("S20n", "S20h")
                    assert g.to_json() == before
                tried += 1
            marches = [a for a in legal if isinstance(a, March)]
            a = rng.choice(uses) if uses and rng.random() < 0.3 else rng.choice(marches) if marches else legal[-1]
            unit = g.group_of(a.cells[0]) if isinstance(a, UseItem) else None
            g.apply(a)
            if unit is not None:  # exactly the chosen soldiers went; the rest is still one unit
                assert g.group_of(a.cells[0]) == sorted(set(unit) - set(a.cells[1:]))
        assert tried and load_game(g.to_json()).to_json() == g.to_json()


def test_cuntu_gives_up_the_budget_for_three_attacks_S20i_DSI8():
    g = sgame({"i4": 0, "i5": 0, "i6": 1, "i7": 1, "h6": 1, "h7": 1, "a1": 1}, hands=[["cuntu"], []])
    g.apply("item cuntu i4")
    assert g.budget_left(N("i4")) == 0 and g.reachable(N("i5")) == {}
    g.apply("attack i5 i6")
    g.apply("attack i5 h6")
    g.apply("attack i5 i7")  # 番数 2: i7 is two steps from i5
    refused(g, "attack i5 h7", "S19e")  # the three shots are spent
    assert own(g, 1) == ["a1", "h7"]


def test_cuntu_refused_after_a_soldier_of_the_unit_moved_S20i():
    g = sgame({"i4": 0, "i5": 0, "a1": 1}, hands=[["cuntu"], []])
    g.apply("march i5 i6 1")  # i6 still touches i4: the same unit, one soldier moved
    refused(g, "item cuntu i4", "S20i marched")


# ---------------------------------------------------------------- hidden hands, saves, random play
def test_hidden_variant_changes_other_hands_and_item_cells_only():
    g = sgame({"i5": 0, "a1": 1}, hands=[["liu", "dilao"], ["cuntu"]], cells=["i3", "h2"], mode="digital")
    v = g.hidden_variant(0, random.Random(3))
    assert v.items.hands[0] == ["liu", "dilao"] and len(v.items.hands[1]) == 1
    assert v.observe(0).key() == g.observe(0).key()


def test_item_uses_are_logged_and_replay_from_the_save_S20j():
    g = sgame({"i4": 0, "i5": 0, "e1": 0, "i8": 1, "a1": 1}, hands=[["liu", "cuntu"], ["dilao", "taoyuan"]],
              mode="digital", cells=["i3"])
    g.apply("item liu i5")
    g.apply("march e1 e2 1")
    finish_turn(g)
    g.apply("item taoyuan i8")
    finish_turn(g)
    text = g.to_json()
    assert "item liu " in text and "item taoyuan i8" in text
    h = load_game(text)
    assert h.to_json() == text and h.items.hands == g.items.hands
    assert sorted(h.units) == sorted(g.units) and h.observe(1).key() == g.observe(1).key()
    assert load_game(text, upto=1).items.hands == [["cuntu"], ["dilao", "taoyuan"]]


@pytest.mark.parametrize("players,mode,actions", [(2, "digital", 250), (3, "tabletop", 200),
                                                  (2, "classic", 200), (6, "digital", 150)])
def test_random_play_with_items_on_the_star_keeps_the_invariants(players, mode, actions):
    for seed in range(2):
        g = new_game(preset="star", players=players, mode=mode, seed=seed, items=True, item_seed=seed)
        rng, pick = random.Random(seed), random.Random(seed + 100)
        for _ in range(actions):
            if g.is_over:
                break
            legal = g.legal_actions()
            # the legal list is what check accepts: every offered action (reinforcements next to a
            # withdrawn soldier were offered and refused, D-SI6) passes, a sample of the others is refused
            assert_legal_is_checked(g, legal, pick)
            g.apply(random_item_action(legal, rng))
            assert len(g.units) == len(set(g.units)) and all(sc.on_star(c) for c in g.units)
            assert all(g.field(p) <= 10 for p in range(players))
            assert_item_views(g, 20)
            assert (g.heights >= 0).all() and (g.heights[~sc.MASK] == 0).all()
            if mode == "classic":
                assert not g.heights.any()
        assert load_game(g.to_json()).to_json() == g.to_json()


@pytest.mark.parametrize("mode", ["digital", "tabletop"])
def test_computer_players_play_legal_star_games_with_items(mode):
    for seed in range(2):
        g = new_game(preset="star", mode=mode, seed=seed, items=True, item_seed=seed)
        agents = play_legal(g, [("hard", "easy"), ("normal", "hard")][seed], seed, 600)
        assert not any(ag.errors for ag in agents if hasattr(ag, "errors"))


def test_star_computer_players_hold_ground_for_three_shots_S20i():
    g = sgame({"i4": 0, "i5": 0, "i6": 1, "h6": 1, "a1": 1}, hands=[["cuntu"], []], reserve=[0, 0])
    assert _star_choice(g).kind == "cuntu"
    g = sgame({"i4": 0, "i5": 0, "i8": 1, "a1": 1}, hands=[["cuntu"], []], reserve=[0, 0])
    assert not isinstance(_star_choice(g, "normal"), UseItem)  # one enemy in range: a plain attack will do


def test_star_computer_players_sacrifice_a_lone_soldier_among_enemy_groups_S20f():
    g = sgame({"i5": 0, "a1": 0, "i4": 1, "i6": 1, "q1": 1}, hands=[["tonggui"], []], reserve=[0, 0])
    assert _star_choice(g) == UseItem("tonggui", (N("i5"),))
    g = sgame({"i5": 0, "a1": 0, "i6": 1, "q1": 1}, hands=[["tonggui"], []], reserve=[0, 0])
    assert _star_choice(g) != UseItem("tonggui", (N("i5"),))  # one for one: not worth it


def test_an_item_use_is_told_only_to_the_players_who_see_its_cells_S20j_S7():
    far = sgame({"i5": 0, "i6": 0, "q1": 1}, hands=[["taoyuan"], []], mode="digital")
    near = sgame({"i5": 0, "i6": 0, "i8": 1, "q1": 1}, hands=[["taoyuan"], []], mode="digital")
    assert not far.visible(1)[N("i6")] and near.visible(1)[N("i6")]
    for g in (far, near):
        g.apply("item taoyuan i5")
    said = [m.key for m in far.observe(1).messages]
    assert "shachang.ev.item.taoyuan" not in said
    assert "shachang.ev.item.taoyuan" in [m.key for m in near.observe(1).messages]
    assert "shachang.ev.item.taoyuan" in [m.key for m in far.observe(0).messages]
    o = near.observe(1)  # the enemy who saw it sees the cells only as occupied (S20g)
    assert names(o.occupied) == ["i6"] and not any(u.owner == 0 for u in o.units)  # i5 is out of its sight


def test_liu_in_the_fog_tells_the_watchers_only_that_the_unit_left_S20e_S20j():
    g = sgame({"i5": 0, "i7": 1, "q1": 1}, hands=[["liu"], []], mode="digital", item_seed=4)
    assert g.visible(1)[N("i5")]
    g.apply("item liu i5")
    dst = next(c for c, u in g.units.items() if u.owner == 0)
    keys = [m.key for m in g.observe(1).messages]
    assert "shachang.ev.item.liu_gone" in keys and "shachang.ev.item.liu" not in keys
    if not g.visible(1)[dst]:
        assert sc.name(dst) not in " ".join(g.observe(1).events)


def test_hidden_variants_look_the_same_to_their_player_in_random_fog_games_with_items():
    for seed in range(2):
        g = new_game(preset="star", mode="digital", players=3, seed=seed, items=True, item_seed=seed)
        rng = random.Random(seed)
        for i in range(150):
            if g.is_over:
                break
            legal = g.legal_actions()
            items = [a for a in legal if isinstance(a, UseItem)]
            marches = [a for a in legal if isinstance(a, March)]
            g.apply(rng.choice(items) if items and rng.random() < 0.5 else
                    rng.choice(marches) if marches and rng.random() < 0.7 else rng.choice(legal))
            if i % 15 == 0:
                for p in range(3):
                    if not g.out[p]:
                        assert g.hidden_variant(p, random.Random(i)).observe(p).key() == g.observe(p).key()
