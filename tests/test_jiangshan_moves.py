"""江山 movement rules: patterns (J1), facing (J3), march state (J4), cavalry paths, blockers (J7),
forests (J7/J8), cities (入城/出城), water transport (J10), command. Each test cites its seed sentence."""
from __future__ import annotations

import pytest

from engine.api import IllegalAction
from tests.jiangshan_util import at, make, settle, texts


def moves_of(g, cell: str, kind: str = "move") -> set[str]:
    return {t.split()[2] for t in texts(g) if t.startswith(f"{kind} {cell} ")}


def test_infantry_in_battle_state_reads_its_arrows_relative_to_its_facing():
    """J3 / seed 步兵在临战状态有方向限制: a 刀兵 facing east moves only to the cell east of it and
    captures only on its two forward diagonals (east-north, east-south)."""
    g = make(red=["blade@d4:battle:E"], white=["blade@e5:battle:S", "blade@c5:battle:S", "blade@e3:battle:N"])
    assert moves_of(g, "d4") == {"e4"}
    assert moves_of(g, "d4", "capture") == {"e5", "e3"}
    # after the move the unit may turn (seed 移动 ... 并可立即转向): one action per facing
    assert {t for t in texts(g) if t.startswith("move d4 e4")} == {f"move d4 e4 {f}" for f in "NESW"}


def test_marching_infantry_moves_by_its_pattern_with_facing_ignored():
    """J4: a marching unit may only 移动, by its own pattern with facing ignored — a marching 刀兵 steps
    to any neighbour (forward and forward-diagonal arrows under every facing), with no facing word."""
    g = make(red=["blade@d4"])
    assert moves_of(g, "d4") == {"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"}
    assert "move d4 d5" in texts(g) and "move d4 d5 N" not in texts(g)


def test_a_marching_unit_turns_to_battle_state_before_it_captures():
    """J4: it turns to battle state as part of its own action before it captures; the capture uses
    the battle face (a 刀兵 captures diagonally only), then it faces the chosen way."""
    g = make(red=["blade@d4"], white=["halberd@e5", "halberd@d5"])
    assert moves_of(g, "d4", "capture") == {"e5"}  # d5 is straight ahead under every facing: no capture
    g.apply("capture d4 e5 E")
    u = at(g, "e5")
    assert (u.type, u.owner, u.state, u.facing) == ("blade", 0, "battle", "E")
    assert g.st.sides[0].merit == 1  # seed: 被消灭的敌方部队转换为我方的功绩,每支部队1点


def test_cavalry_is_stopped_only_when_both_paths_are_blocked():
    """Seed: 骑兵在行动时可沿两条路径前进(先直线再对角,或者先对角再直线),当两条路全部堵塞了,骑兵不能前进."""
    g = make(red=["horse@d4", "blade@d5"])
    assert "e6" in moves_of(g, "d4")  # d5 blocked, e5 open
    g = make(red=["horse@d4", "blade@d5", "blade@e5"])
    assert "e6" not in moves_of(g, "d4")
    with pytest.raises(IllegalAction) as e:
        g.apply("move d4 e6")
    assert e.value.rule == "J7"


def test_forests_block_cavalry_passing_and_stop_raiders():
    """J7: forests block only cavalry and 奔袭 units passing through, and a 奔袭 unit entering a
    forest stops there; mountains and water block everyone."""
    rows = ["." * 12] * 4 + ["..F.........", "M...........", "............", "............"]
    # rank 4: c4 forest; rank 3: a3 mountain
    g = make(red=["chariot@c1", "horse@b2", "chariot@a1"], rows=rows)
    assert moves_of(g, "c1") >= {"c2", "c3", "c4"} and "c5" not in moves_of(g, "c1")
    assert "a3" not in moves_of(g, "a1") and "a2" in moves_of(g, "a1")
    g = make(red=["horse@c3", "blade@b3", "blade@b4"], rows=rows)  # c3 -> b5: paths b4 (own) and c4 (forest)
    assert "b5" not in moves_of(g, "c3")


def test_moving_into_a_forest_that_hides_an_enemy_is_refused_and_spends_the_action():
    """J8: a non-capturing move into a forest that hides an enemy is refused, spends the action and
    reveals it; a capturing move captures it."""
    rows = ["." * 12] * 4 + ["...F........", "." * 12, "." * 12, "." * 12]
    g = make(red=["blade@d3", "halberd@c3:battle:N"], white=["bow@d4"], rows=rows)
    assert "move d3 d4" in texts(g)  # the mover does not know the forest is held
    assert all(u["cell"] != "d4" for u in g.observe(0)["units"])  # J5: hidden under the forest
    g.apply("move d3 d4")
    assert at(g, "d3").type == "blade" and at(g, "d4").owner == 1
    settle(g)  # 楚's bow under the forest sees the 刀兵: it must turn to battle state (J5)
    assert g.st.player == 1 and at(g, "d3").state == "battle"  # the action point is spent: the turn passed
    assert any(e.msg.key == "jiangshan.ev.ambush" for e in g.events(0))
    g = make(red=["blade@d3", "halberd@c3:battle:N"], white=["bow@d4"], rows=rows)
    g.apply("capture c3 d4 N")
    assert at(g, "d4").type == "halberd" and g.st.sides[0].merit == 1


def test_entering_and_leaving_an_own_city():
    """Seed 入城: a unit on a gate may enter the own city whatever its pattern; under the city it is
    hidden from the enemy (J5); 出城 moves it from the city to a gate."""
    g = make(red=["blade@d3:battle:N"], cities=[("d4", "city", 0)], white=["king@l8"])
    assert "move d3 d4" in texts(g)
    g.apply("move d3 d4")
    u = next(u for u in g.st.units.values() if u.type == "blade")
    assert u.in_city and u.state == "march"
    assert all(x["cell"] != "d4" for x in g.observe(1)["units"])
    assert [x for x in g.observe(0)["cities"] if x["cell"] == "d4"][0]["garrison"] == ["blade"]
    assert "garrison" not in [x for x in g.observe(1)["cities"] if x["cell"] == "d4"][0]
    g.apply("end") if "end" in texts(g) else None
    g.apply(sorted(t for t in texts(g) if t.startswith("move"))[0])  # 楚 moves something
    while g.current_player != 0:
        g.apply(sorted(texts(g))[0])
    assert {"exit d4 blade c4", "exit d4 blade e4", "exit d4 blade d5", "exit d4 blade d3"} <= texts(g)


def test_water_transport_along_a_waterway_and_its_closure():
    """J10 / seed 水运: infantry on a bank moves along 8-connected water to another bank; a water cell
    orthogonally next to a bank held by an enemy unit is closed; 瞒天过海 ignores the closure."""
    rows = ["." * 12, "." * 12, "." * 12, "." * 12, "WWWW........", "." * 12, "." * 12, "." * 12]
    # water a4-d4; banks a3..d3, a5..d5, e4
    g = make(red=["blade@a3"], rows=rows)
    assert {"d5", "e4", "c3"} <= moves_of(g, "a3")
    g = make(red=["blade@a3"], white=["halberd@b5"], rows=rows)
    reach = moves_of(g, "a3")
    assert "e4" not in reach and "d5" not in reach  # b4 closed; a4 touches no enemy bank, b4 is the only way on
    g.st.sides[0].tallies = ["crossing"]
    g._legal = None
    assert "crossing a3 e4" in texts(g)
    g.apply("crossing a3 e4")
    assert at(g, "e4").type == "blade" and g.st.sides[0].morale == 1  # cost 2


def test_cavalry_cannot_use_water_transport():
    """Seed: 只有步兵可以进行水运."""
    rows = ["." * 12, "." * 12, "." * 12, "." * 12, "WWWW........", "." * 12, "." * 12, "." * 12]
    g = make(red=["horse@a3"], rows=rows)
    assert "e4" not in moves_of(g, "a3")


def test_a_general_commands_a_unit_of_its_area_to_another_cell_of_it():
    """Seed 指挥: 将军可指定任意一个未被调动过的我方位于指挥区域内的部队,移动到该将军的另一个指挥区域
    (只能移动不能吃子,且步兵在临战状态下被调动,可以重新选择朝向)."""
    g = make(red=["general@d4", "blade@c3:battle:N"], white=["halberd@e7"])  # e7 keeps e5 in sight
    cmds = {t for t in texts(g) if t.startswith("command d4 c3 ")}
    assert "command d4 c3 e5 W" in cmds and "command d4 c3 f5 N" not in cmds
    g.apply("command d4 c3 e5 W")
    assert (at(g, "e5").type, at(g, "e5").facing) == ("blade", "W")


def test_camp_commands_its_gates():
    """Seed: 军营的四座城门与军营本身都是其指挥范围 — a camp moves a unit from one gate to another."""
    g = make(red=["blade@d3"], cities=[("d4", "camp", 0)])
    assert "command d4 d3 c4" in texts(g) and "command d4 d3 d4" in texts(g)
