"""辛亥革命 audit against the seed (seed 002; rulings X1-X15, G1-G3): refusals that name the one rule an
action breaks, and seed sentences no other test checked. Positions are built by hand (engine.xinhai.game.position);
dice are forced on the game's generator.

Seats: 0 = revolutionaries (革命軍), 1 = Qing (清軍).
"""
from __future__ import annotations

import pytest

from engine.api import IllegalAction
from engine.xinhai.game import position
from engine.xinhai.hexgrid import parse_label

FAR_QING = ("qing", "infantry", "A-20")
FAR_REV = ("rev", "infantry", "T-1")


def refusal(g, text: str) -> IllegalAction:
    """The refusal of ``text``, checking that it changes nothing and reads in both languages."""
    before = g.to_json(), [(u.uid, u.hex, u.ready, u.boat) for u in g.board.units.values()], set(g.board.pontoons)
    with pytest.raises(IllegalAction) as e:
        g.apply(text)
    assert e.value.text("zh") and e.value.text("en")
    after = g.to_json(), [(u.uid, u.hex, u.ready, u.boat) for u in g.board.units.values()], set(g.board.pontoons)
    assert after == before
    return e.value


# ---------------------------------------------------------------------- melee refusals (G3)
def test_artillery_melee_is_refused_by_seed_5_1():
    # seed 5(1): 步兵 1~3（可發動白刃戰）、馬隊 1~6（可發動白刃戰）、砲隊 1~2 — artillery starts no melee
    g = position([("rev", "artillery", "H-18"), ("qing", "infantry", "H-19")])
    e = refusal(g, "melee H-18 H-19")
    assert (e.rule, e.msg.key) == ("seed 5(1)", "xinhai.err.melee_kind")
    assert "artillery" in e.text("en") and "砲隊" in e.text("zh")


def test_melee_against_a_fleet_is_refused_by_seed_7_4():
    # seed 7(4): 攻擊方不能對艦隊軍棋發動白刃戰
    g = position([("rev", "infantry", "O-13"), ("qing", "fleet", "P-12")])
    e = refusal(g, "melee O-13 P-12")
    assert (e.rule, e.msg.key) == ("seed 7(4)", "xinhai.err.melee_fleet")


def test_melee_needs_an_adjacent_enemy_seed_5_3():
    # seed 5(3): 若軍棋移動前就與敵方軍棋相鄰，亦可選擇進入敵方軍棋所在位置進行「白刃戰」
    g = position([("rev", "infantry", "H-18"), ("qing", "infantry", "K-18")])
    e = refusal(g, "melee H-18 K-18")
    assert (e.rule, e.msg.key) == ("seed 5(3)", "xinhai.err.melee_adjacent")
    e = refusal(g, "melee H-18 H-17")  # an empty hex
    assert (e.rule, e.msg.key) == ("seed 5(3)", "xinhai.err.melee_no_enemy")


# ---------------------------------------------------------------------- boats and pontoons (G3)
def test_a_boat_is_hired_only_next_to_the_yangtze_seed_5_5a():
    # seed 5(5)A: 若軍棋移動後所在位置與「長江」格相鄰，便可在軍棋底下放置一個「民船標記」
    g = position([("rev", "infantry", "H-18"), FAR_QING])
    e = refusal(g, "move H-18 H-17 boat")
    assert (e.rule, e.msg.key) == ("seed 5(5)A", "xinhai.err.boat_bank")
    assert "H-17" in e.text("en")


def test_a_fleet_hires_no_boat_and_lays_no_pontoon_seed_9():
    # seed 9: 長江 — 非艦隊軍棋可租民船後通行; 漢水 — 非艦隊軍棋可設浮橋後通行
    g = position([("qing", "fleet", "P-12"), FAR_REV], side="qing")
    e = refusal(g, "move P-12 P-11 boat")
    assert (e.rule, e.msg.key) == ("seed 9", "xinhai.err.boat_fleet")
    g = position([("qing", "fleet", "L-9"), FAR_REV], side="qing")
    e = refusal(g, "bridge L-9 +K-9")
    assert (e.rule, e.msg.key) == ("seed 9", "xinhai.err.bridge_fleet")


def test_one_pontoon_per_command_marker_seed_5_4():
    # seed 5(4): 在同一個指揮標記的行動中，只能架設或拆除一個「浮橋標記」
    g = position([("rev", "infantry", "H-11"), ("rev", "infantry", "G-10"), FAR_QING])
    g.apply("move H-11 H-10 +H-9")
    e = refusal(g, "bridge G-10 +G-9")
    assert (e.rule, e.msg.key) == ("seed 5(4)", "xinhai.err.bridge_once")
    e = refusal(g, "move G-10 F-10 +F-9")
    assert (e.rule, e.msg.key) == ("seed 5(4)", "xinhai.err.bridge_once")


def test_a_pontoon_goes_only_on_a_han_hex_next_to_the_unit_seed_5_4():
    # seed 5(4): 若軍棋移動後所在位置與「漢水」格相鄰，便可在「漢水」格上架設或拆除
    # ...若軍棋未移動，亦可在其周圍的「漢水」格上架設或拆除
    g = position([("rev", "infantry", "H-12"), FAR_QING])
    e = refusal(g, "bridge H-12 +H-9")
    assert (e.rule, e.msg.key) == ("seed 5(4)", "xinhai.err.bridge_where")
    e = refusal(g, "move H-12 H-11 +H-9")  # H-11 is not next to the Han either
    assert (e.rule, e.msg.key) == ("seed 5(4)", "xinhai.err.bridge_where")
    assert "H-11" in e.text("en")


def test_lay_where_there_is_none_and_lift_where_there_is_one_seed_5_4():
    # seed 5(4): 架設或拆除一個「浮橋標記」
    g = position([("rev", "infantry", "H-10"), FAR_QING], pontoons=["H-9"])
    e = refusal(g, "bridge H-10 +H-9")
    assert (e.rule, e.msg.key) == ("seed 5(4)", "xinhai.err.bridge_laid")
    g = position([("rev", "infantry", "H-10"), FAR_QING])
    e = refusal(g, "bridge H-10 -H-9")
    assert (e.rule, e.msg.key) == ("seed 5(4)", "xinhai.err.bridge_none")


def test_only_three_pontoon_markers_x3():
    # X3: 3 pontoons
    g = position([("rev", "infantry", "H-10"), FAR_QING], pontoons=["A-9", "B-9", "C-9"])
    e = refusal(g, "bridge H-10 +H-9")
    assert (e.rule, e.msg.key) == ("X3", "xinhai.err.bridge_supply")


def test_a_pontoon_under_a_unit_is_not_lifted_xr7_but_x11_still_holds():
    # XR7: a pontoon with a unit on it cannot be lifted; X11: the one the unit has just stepped off may be
    g = position([("rev", "infantry", "H-10"), ("rev", "infantry", "H-9"), FAR_QING], pontoons=["H-9"])
    e = refusal(g, "bridge H-10 -H-9")
    assert (e.rule, e.msg.key) == ("XR7", "xinhai.err.bridge_occupied")
    g.apply("move H-9 G-10 -H-9")  # X11
    assert parse_label("H-9") not in g.board.pontoons


# ---------------------------------------------------------------------- crossings (G3)
def test_a_crossing_needs_a_boat_seed_5_5a():
    # seed 5(5)A: 附有民船標記的軍棋，移動時可選擇渡江
    g = position([("rev", "infantry", "M-11"), FAR_QING])
    e = refusal(g, "cross M-11 N-8")
    assert (e.rule, e.msg.key) == ("seed 5(5)A", "xinhai.err.cross_no_boat")


def test_a_fleet_on_the_line_stops_a_revolutionary_crossing_seed_5_5b():
    # seed 5(5)B: 革命軍軍棋渡江時，若「過江路徑」上已有艦隊或是「過江路徑」與艦隊所在位置相鄰，則不能渡江
    g = position([("rev", "infantry", "M-11"), ("qing", "fleet", "O-10")])
    g.unit_at("M-11").boat = True
    g._legal = None
    e = refusal(g, "cross M-11 N-8")
    assert (e.rule, e.msg.key) == ("seed 5(5)B", "xinhai.err.cross_fleet")
    # a landing that is not the nearest keeps the general refusal (X8)
    e = refusal(g, "cross M-11 O-7")
    assert e.rule == "seed 5(5) X8"




# ---------------------------------------------------------------------- the end (seed 12)
def test_an_action_after_the_end_names_seed_12():
    # seed 12 勝負判定: the game ends by 12(1) (35 points), 12(2) (X9) or 12(3) (ten rounds); "X9" named every end
    g = position([FAR_REV, FAR_QING])
    g.finish("rev", "xinhai.end.response")
    e = refusal(g, "end")
    assert (e.rule, e.msg.key) == ("seed 12", "common.game_over")


# ---------------------------------------------------------------------- seed sentences no test checked
def test_boats_are_unlimited_within_one_marker_seed_5_5b():
    # seed 5(5)B: 在同一個指揮標記的行動中，可使用的「民船標記」數量不限
    g = position([("rev", "infantry", "L-11"), ("rev", "infantry", "L-10"), FAR_QING])
    g.apply("move L-11 M-11 boat")
    g.apply("move L-10 K-10 boat")
    assert g.unit_at("M-11").boat and g.unit_at("K-10").boat


def test_a_unit_that_leaves_its_boat_hex_loses_the_boat_seed_5_5a():
    # seed 5(5)A: 若離開民船標記所在格子，便須將標記移除
    g = position(["rev infantry M-11 boat", FAR_QING])
    assert g.unit_at("M-11").boat
    g.apply("move M-11 L-11")
    assert not g.unit_at("L-11").boat
    assert "cross" not in {a.verb for a in g.legal_actions()}


def test_a_landing_is_never_an_own_unit_a_concession_or_the_han_seed_5_5b():
    # seed 5(5)B: 渡江後不能停留「己方軍棋所在格子」、「與敵方軍棋相鄰的格子」、「租界」、「漢水」等四種
    g = position(["rev infantry M-11 boat", ("rev", "infantry", "N-8"), FAR_QING])
    assert [a for a in g.legal_actions() if a.verb == "cross"] and \
        all(a.args[1] != "N-8" for a in g.legal_actions() if a.verb == "cross")
    m = g.board.map
    han = [h for h, t in m.terrain.items() if t == "W"]
    for h, t in sorted(m.terrain.items()):  # every bank hex, with pontoons on the Han (形同平地, still 漢水)
        if not (m.land_open(h) and g.board.next_to_yangtze(h)):
            continue
        for side in ("rev", "qing"):
            b = position([f"{side} infantry {chr(65 + h[0])}-{h[1] + 1} boat"]).board
            b.pontoons.update(han)
            u = b.at(h)
            for land in b.landings(u):
                assert m.terrain[land] in (".", "C", "S", "H", "R"), (h, land, m.terrain[land])


def test_a_trench_stays_when_its_unit_leaves_and_serves_the_enemy_seed_10_2():
    # seed 10(2): 軍棋離開戰壕標記時，不會移除戰壕標記，可讓其它軍棋或敵軍軍棋使用
    g = position([("rev", "infantry", "H-16"), ("qing", "infantry", "H-19"), FAR_REV], trenches=["H-16"])
    g.apply("move H-16 H-15")
    assert parse_label("H-16") in g.board.trenches
    g = position([("qing", "infantry", "H-16"), ("rev", "artillery", "H-13")], trenches=["H-16"], dice=[(1, 1)])
    g.apply("shoot H-13 H-16")
    mods = [e for e in g.events(0) if e.msg.key == "xinhai.log.shot"][-1].msg.kw["mods"]
    assert ("xinhai.mod.trench", "-1") in [(m.key, m.kw["v"]) for m in mods]


def test_no_trench_reward_when_every_trench_is_on_the_map_seed_10_2():
    # seed 10(2): 當戰壕標記都放在圖板時就不能拿取 (X3: three); 10(1)D 備戰獎勵
    g = position([("rev", "infantry", "H-19"), ("qing", "infantry", "H-20"), ("rev", "infantry", "B-6")],
                 trenches=["A-1", "B-1", "C-1"], dice=[(6, 6)], morale=2,
                 tracks={"north": 0, "army": 0, "southeast": 0, "southwest": 9})
    g.apply("shoot H-19 H-20")
    g.apply("track southwest")
    assert g.tracks["southwest"] == 10 and g.stage != "trench" and len(g.board.trenches) == 3


def test_munitions_reward_stops_at_three_seed_10_3():
    # seed 10(3): 當軍火標記都放在「戰鬥結果表」時就不能拿取 (X3: three); 10(1)C 補給獎勵: two
    g = position([("rev", "infantry", "H-19"), ("qing", "infantry", "H-20")], dice=[(6, 6)], morale=2,
                 munitions=2, tracks={"north": 0, "army": 0, "southeast": 9, "southwest": 0})
    g.apply("shoot H-19 H-20")  # uses one: 1 left
    g.apply("track southeast")
    assert g.munitions == 3


def test_north_reward_without_fleets_has_no_effect_seed_10_1a():
    # seed 10(1)A: 可立即將任一圖板上的清軍艦隊移出遊戲，若無艦隊則無效果
    g = position([("rev", "infantry", "H-19"), ("qing", "infantry", "H-20"), ("qing", "infantry", "A-20")],
                 dice=[(6, 6)], morale=2, tracks={"north": 9, "army": 0, "southeast": 0, "southwest": 0})
    g.apply("shoot H-19 H-20")
    g.apply("track north")
    assert g.tracks["north"] == 10 and g.stage != "fleet" and not any(a.verb == "fleet" for a in g.log)


def test_a_unit_in_the_ceasefire_ring_may_be_attacked_in_melee_seed_7_4():
    # seed 7(4): 但可對位在租界周邊的軍棋發動白刃戰; 9: no shot into the ring
    g = position([("rev", "infantry", "N-14"), ("qing", "infantry", "O-15")], dice=[(5, 6)], morale=0)
    assert [str(a) for a in g.legal_actions() if a.verb in ("shoot", "melee")] == ["melee N-14 O-15"]
    g.apply("melee N-14 O-15")
    assert g.unit_at("O-15").side == "rev"


def test_a_unit_with_no_retreat_hex_is_destroyed_and_rewards_the_revolutionaries_seed_6_6_6_7():
    # seed 6(6): 若無法找到停留格，只能移至圖板外，其結果視為「殲滅」; 6(7): the kill reward (morale points)
    g = position([("rev", "artillery", "H-18"), ("qing", "infantry", "H-20")], dice=[(4, 5)], morale=3)
    g.apply("shoot H-18 H-20")  # artillery 9: worn and retreat one; nothing north of row 20
    assert g.unit_at("H-20") is None
    assert g.stage == "track" and g.current_player == 0 and g.pending[-1].data["points"] == 3


def test_markers_are_not_put_back_until_the_round_ends_seed_2():
    # seed (2): 所有指揮標記抽出不放回，待雙方皆執行完行動後再全數放回
    from engine.xinhai import new_game
    g = new_game(seed=4)
    seen = 0
    while g.round <= 3:
        keys = [e.msg.key for e in g.events(0)]
        start = len(keys) - 1 - keys[::-1].index("xinhai.log.round")  # this round's first entry
        draws = sum(k in ("xinhai.log.marker", "xinhai.log.marker_skip") for k in keys[start:])
        if g.stage == "marker":
            assert len(g.bag) + draws == 15  # every draw this round is out of the bag, none came back
            seen += 1
        g.apply("pass" if g.stage == "marker" else g.legal_actions()[0])
    assert seen == 3 * 6  # rounds 1-3: 3 + 3 action points each
