"""辛亥革命 rulings X11–X14 (shared/RULINGS.md, 2026-11-28, issue 25): each test from the audit's
reproducer."""
from __future__ import annotations

import pytest

from engine.xinhai.game import position
from engine.xinhai.hexgrid import parse_label
from tests.refusal_util import refuse

FAR_QING = ("qing", "infantry", "A-20")


def texts(g, verb=None, unit=None):
    return sorted(str(a) for a in g.legal_actions()
                  if (verb is None or a.verb == verb) and (unit is None or (a.args and a.args[0] == unit)))



# ---------------------------------------------------------------- X11
def test_x11_a_unit_stepping_off_a_pontoon_may_lift_it_behind_itself():
    g = position([("rev", "infantry", "H-9"), FAR_QING])
    g.board.pontoons = {parse_label("H-9")}
    g._legal = None
    assert "move H-9 H-8 -H-9" in texts(g, "move", "H-9")
    g.apply("move H-9 H-8 -H-9")
    assert not g.board.pontoons and g.unit_at("H-8") is not None


def test_x11_a_unit_may_not_lift_the_pontoon_it_stands_on_without_leaving_it():
    g = position([("rev", "infantry", "H-9"), FAR_QING])
    g.board.pontoons = {parse_label("H-9")}
    g._legal = None
    assert "bridge H-9 -H-9" not in texts(g, "bridge")


def test_x11_another_unit_on_the_pontoon_still_keeps_it_down():
    g = position([("rev", "infantry", "H-10"), ("rev", "infantry", "H-9"), FAR_QING])
    g.board.pontoons = {parse_label("H-9")}
    g._legal = None
    assert not [t for t in texts(g, unit="H-10") if t.endswith("-H-9")]


# ---------------------------------------------------------------- X12
def test_x12_out_of_range_is_named_before_the_nearest_rule():
    g = position([("rev", "infantry", "H-18"), ("qing", "infantry", "H-16"), ("qing", "infantry", "H-12")],
                 region="hankou")
    e = refuse(g, "shoot H-18 H-12")
    assert e.rule == "seed 6(1)" and e.msg.key == "xinhai.err.range"
    assert "beyond its range of 2" in e.text("en")


def test_x12_infantry_at_a_fleet_names_6_4():
    g = position([("rev", "infantry", "O-13"), ("qing", "fleet", "P-12"), ("qing", "infantry", "N-12")])
    e = refuse(g, "shoot O-13 P-12")
    assert e.rule == "seed 6(4)" and e.msg.key == "xinhai.err.fleet_target"


def test_x12_a_target_in_the_ceasefire_ring_names_seed_9():
    g = position([("rev", "artillery", "N-14"), ("qing", "infantry", "O-15")])
    e = refuse(g, "shoot N-14 O-15")
    assert e.rule == "seed 9" and e.msg.key == "xinhai.err.ceasefire_shot" and "O-15" in e.text("en")
    g = position([("rev", "artillery", "O-14"), ("qing", "infantry", "M-16")])
    e = refuse(g, "shoot O-14 M-16")
    assert e.rule == "seed 9" and "O-14" in e.text("en")


def test_x12_only_a_legal_target_that_is_not_the_nearest_cites_x6():
    g = position([("rev", "artillery", "H-18"), ("qing", "infantry", "H-17"), ("qing", "infantry", "H-15")])
    assert texts(g, "shoot") == ["shoot H-18 H-17"]
    e = refuse(g, "shoot H-18 H-15")
    assert e.rule == "X6" and e.msg.key == "xinhai.err.not_nearest"


def test_x12_shooting_an_empty_hex_or_an_own_unit_says_there_is_no_enemy():
    g = position([("rev", "artillery", "H-18"), ("rev", "infantry", "H-17"), FAR_QING])
    assert refuse(g, "shoot H-18 H-17").msg.key == "xinhai.err.no_enemy"
    assert refuse(g, "shoot H-18 H-16").msg.key == "xinhai.err.no_enemy"


# ---------------------------------------------------------------- X13
def _qing_event_choice(seed):
    """Play the first legal action until the Qing face a choice made by their event card."""
    from engine.xinhai import new_game

    g = new_game(setup="random", seed=seed)
    while not g.is_over:
        d = g.pending[-1] if g.pending else None
        if d and d.side == "qing" and d.kind in ("region", "trench", "ruins", "reinforce"):
            return g
        g.apply(g.legal_actions()[0])
    return None


@pytest.mark.parametrize("seed", [0, 2, 4])
def test_x13_both_event_cards_are_turned_before_the_qing_choose(seed):
    g = _qing_event_choice(seed)
    assert g is not None
    keys = [e.msg.key for e in g.events(1)]
    last_round = len(keys) - 1 - keys[::-1].index("xinhai.log.round")
    turned = [e.msg.kw["side"].key for e in g.events(1)[last_round:] if e.msg.key == "xinhai.log.event"]
    assert turned == ["xinhai.side.qing", "xinhai.side.rev"], "the revolutionaries' card is already face up"
    assert len(g.played["rev"]) == len(g.played["qing"]) == g.round


# ---------------------------------------------------------------- X14
def test_x14_the_ruins_lift_the_ceasefire_ring_under_them():
    g = position([("rev", "artillery", "N-14"), ("qing", "infantry", "O-15")])
    assert texts(g, "shoot") == []  # O-15 is in the ring (seed 9)
    ring = parse_label("O-15")
    g.board.ruins = frozenset((ring,) + g.board.map.neighbours(ring))
    g._legal = None
    assert not g.board.is_ceasefire(ring) and g.board.terrain(ring) == "."
    assert texts(g, "shoot") == ["shoot N-14 O-15"]


def test_x14_the_qing_may_decline_to_place_the_ruins():
    g = position([("rev", "infantry", "K-12"), FAR_QING], side="qing")
    g.push("ruins", "qing")
    g._legal = None
    assert "ruins none" in texts(g, "ruins")
    steps = g.action_steps(g.parse_action("ruins none"))
    assert [s.kind for s in steps] == ["button"]
    g.apply("ruins none")
    assert g.board.ruins == frozenset()
    assert [e.msg.key for e in g.events(0)][-1] == "xinhai.log.ruins_declined"
