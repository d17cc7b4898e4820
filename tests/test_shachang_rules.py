"""One test per rule sentence of seed 003 and per ruling S1–S18, positions from the seed's own examples."""
from __future__ import annotations

import json

import numpy as np
import pytest

from engine.api import IllegalAction
from engine.shachang import attack_range, new_game, load_game, vision_range
from engine.shachang.actions import Attack, End, March, Reinforce, parse_action
from engine.shachang.cells import parse_cell as C
from tests.shachang_util import assert_illegal as _assert_illegal
from tests.shachang_util import game, grid


def snapshot(g):
    return (g.to_json(), {c: vars(u).copy() for c, u in g.units.items()}, list(g.reserve),
            g.cur, g.phase, g.round, g._vision.counts.copy().tobytes(), g.seen.tobytes(),
            g.explored.tobytes(), len(g._events))


def assert_illegal(g, action, rule_part):
    return _assert_illegal(g, action, rule_part, snapshot)


# ---------------------------------------------------------------- S3 ranges
def test_attack_range_table_S3():
    # 单兵部队攻击2步内 / 2～3兵部队攻击3步内 / 4～7兵部队攻击4步内 / 8～15兵部队攻击5步内
    assert [attack_range(n) for n in (1, 2, 3, 4, 7, 8, 15, 16)] == [2, 3, 3, 4, 4, 5, 5, 6]


def test_vision_range_one_and_a_half_fanshu_S3():
    # 视野范围为部队番数的一倍半向上取整
    assert [vision_range(n) for n in (1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 64)] == \
        [2, 3, 3, 5, 5, 6, 6, 8, 8, 9, 11]


def test_attack_range_by_steps_ignoring_occupancy_S1():
    # 攻击范围和视野范围等也计算步数，但没有实际移动，也不受格位占据影响
    g = game([[0, "a1", 1], [1, "b2", 1], [1, "a2", 1], [1, "c2", 1]])
    assert g.attack_targets(C("a1")) == sorted([C("a2"), C("b2")])  # c2 is 3 steps away
    assert_illegal(g, "attack a1 c2", "S3 attack range")
    g.apply("attack a1 b2")  # 2 steps although diagonal distance 1; a2 in between does not matter


def test_attack_range_counts_at_the_moment_of_attack_S3():
    # 攻击范围根据攻击当时本部队的兵力计算
    g = game([[0, "a1", 1], [0, "a3", 3], [1, "a5", 2]])
    assert g.attack_targets(C("a1")) == []  # 4 steps, range 2
    g.apply("march a3 a1 3")  # 集合: 4 soldiers now, range 4
    assert g.attack_targets(C("a1")) == [C("a5")]
    g.apply("attack a1 a5")
    assert g.units[C("a5")].count == 1


# ---------------------------------------------------------------- movement
def test_three_move_power_reaches_25_cells_S15():
    # 获得3点移动力, 前后移动及左右移动步数总和不超过3步，25个格位
    g = game([[0, "d4", 3], [1, "h8", 1]])
    reach = g.reachable(C("d4"))
    assert len(reach) + 1 == 25
    assert max(reach.values()) == 3
    assert reach[C("d1")] == 3 and reach[C("e5")] == 2


def test_march_may_not_pass_or_enter_occupied_cells_S15():
    # 不可以移动到其他方占据格子，只能经行空闲格子
    g = game([[0, "a1", 2], [1, "a2", 1], [1, "b1", 1], [1, "h8", 1]])
    assert g.reachable(C("a1")) == {}
    assert_illegal(g, "march a1 a3 1", "S15 path")
    assert_illegal(g, "march a1 a2 1", "S15 enemy-held")
    # own units block passing too, but may be the destination (集合)
    g = game([[0, "a1", 2], [0, "a2", 1], [1, "h8", 1]])
    reach = g.reachable(C("a1"))
    assert reach[C("a2")] == 1
    assert C("a3") not in reach  # around through b1-b2-b3-a3 costs 4 > 3


def test_march_cost_exceeding_move_power_names_the_numbers_S15():
    g = game([[0, "c3", 3], [1, "h8", 1]])
    e = assert_illegal(g, "march c3 c7 1", "S15 move power")
    assert "march of 4 steps exceeds the 3 move power left at c3" in str(e)


def test_split_into_at_most_three_marches_S15():
    # 每部队最多三支行军，三军齐发时每支只能一步
    g = game([[0, "d4", 4], [1, "h8", 1]])
    g.apply("march d4 d5 1")
    g.apply("march d4 d3 1")
    g.apply("march d4 c4 1")
    assert g.units[C("d4")].moves == 0
    assert_illegal(g, "march d4 e4 1", "S15 move power")
    assert [g.units[C(c)].count for c in ("d4", "d5", "d3", "c4")] == [1, 1, 1, 1]


def test_all_marches_of_a_unit_share_its_move_power_S15():
    g = game([[0, "d4", 4], [1, "h8", 1]])
    g.apply("march d4 d6 2")  # 2 steps
    assert g.units[C("d4")].moves == 1
    assert_illegal(g, "march d4 b4 1", "S15 move power")
    g.apply("march d4 d3 1")


def test_new_camp_cannot_move_or_attack_S15():
    # 新占营的兵力有待整顿，不可操作，即不可再移动或分散或攻击
    g = game([[0, "a2", 3], [1, "a5", 1]])
    g.apply("march a2 a3 2")
    assert g.units[C("a3")].fresh
    assert_illegal(g, "march a3 a4 1", "S15 new camp")
    assert_illegal(g, "attack a3 a5", "S8 new camp")
    # whatever else joins a new camp stays frozen
    g.apply("march a2 a3 1")
    assert g.units[C("a3")].count == 3 and g.units[C("a3")].fresh
    # 扎营: next own turn it is settled
    g.apply("end")
    g.apply("end")
    assert not g.units[C("a3")].fresh and g.units[C("a3")].moves == 3
    g.apply("attack a3 a5")


def test_merge_shares_remaining_move_power_and_attack_S15():
    # 集合: 壮大兵力后再进行本部队的行军操作，以及攻击
    g = game([[0, "a1", 1], [0, "a2", 4], [1, "a6", 2]])
    g.apply("march a1 b1 1")  # b1 new camp... no: this is a new camp; use the other unit
    g = game([[0, "a1", 4], [0, "c1", 1], [1, "f1", 2]])
    assert g.attack_targets(C("c1")) == []  # 3 steps, range 2
    g.apply("march a1 c1 4")  # 2 steps; c1 now 5 soldiers, range 4
    assert g.units[C("c1")].count == 5 and g.units[C("c1")].moves == 3
    assert g.attack_targets(C("c1")) == [C("f1")]
    g.apply("march c1 d1 5")  # joining soldiers ride on c1's move power
    assert g.units[C("d1")].fresh


def test_decamp_loses_move_power_and_attack_S15():
    # 拔营: 该格位的攻击机会剩余移动步数均自然丧失 ... 需要重新占营而无法攻击
    g = game([[0, "a1", 2], [0, "c1", 1], [1, "a4", 1]])
    g.apply("march a1 a2 2")  # a1 emptied: 拔营
    assert C("a1") not in g.units
    g.apply("march c1 a1 1")  # a later arrival is a new camp
    assert g.units[C("a1")].fresh
    assert_illegal(g, "attack a1 a4", "S8 new camp")


def test_part_moves_away_and_rest_attacks_then_no_more_S16():
    # 部队可以移出部分兵力后攻击; 攻击后该部队不可后续操作
    g = game([[0, "a1", 3], [1, "a4", 2]])
    g.apply("march a1 b1 1")
    g.apply("attack a1 a4")  # 2 soldiers left: range 3
    assert g.units[C("a4")].count == 1
    assert_illegal(g, "march a1 a2 1", "S16 attacked")
    assert_illegal(g, "attack a1 a4", "S16 attack once")


def test_gathering_into_a_unit_after_it_attacked_is_allowed_but_frozen_S16():
    # 敌方部队妨碍了前来集合的部队的行军路线，这是就只能先攻击再集合
    g = game([[0, "a1", 1], [0, "a3", 1], [1, "b2", 1], [1, "h8", 1]])
    g.apply("attack a1 b2")  # wipes b2 out
    g.apply("march a3 a1 1")
    assert g.units[C("a1")].count == 2 and g.units[C("a1")].attacked


def test_chain_transport_twelve_steps():
    # 3跳的链，增援部队5，接力运输可把5兵力的部队运输12步
    g = game([[0, "d1", 1], [0, "g1", 1], [0, "g4", 1], [1, "h8", 1]], reserve=[8, 8])
    g.apply("reinforce a1 5")
    g.apply("march a1 d1 5")
    g.apply("march d1 g1 6")
    g.apply("march g1 g4 7")
    g.apply("march g4 g7 8")
    assert g.units[C("g7")].count == 8 and len([c for c, u in g.units.items() if u.owner == 0]) == 1
    # 12 steps from the spawn (Manhattan distance a1→g7 = 6 + 6)
    assert abs(C("g7")[0] - C("a1")[0]) + abs(C("g7")[1] - C("a1")[1]) == 12


def test_kill_removes_exactly_one_soldier():
    # 每部队每次攻击消灭对方一子
    g = game([[0, "a1", 8], [1, "a3", 5]])
    g.apply("attack a1 a3")
    assert g.units[C("a3")].count == 4
    assert g.units[C("a1")].count == 8


def test_max_units_S17():
    # 最大同时部队数量 8 on the 16x16 map: a split that would make a 9th unit is illegal
    units = [[0, "a1", 2]] + [[0, c, 1] for c in ("b3", "c5", "d7", "f1", "f3", "f5", "h1")]
    g = game(units + [[1, "p16", 1]], preset="medium")
    assert g.unit_count(0) == 8
    assert_illegal(g, "march a1 a2 1", "S17 maximum units")
    splits = [a for a in g.legal_actions()
              if isinstance(a, March) and a.src == C("a1") and a.dst not in g.units and a.count < 2]
    assert splits == []
    g.apply("march a1 a2 2")  # moving the whole unit keeps the count
    g.apply("march b3 a2 1")  # merging is always fine
    assert g.unit_count(0) == 7


# ------------------------------------------------------------ reinforcement
def test_reinforce_only_on_spawn_below_cap_tabletop_S13():
    # 战场己方总兵力不满8时，可解锁增援，增援后场上己方总数也不可超过8，放置于出生格
    g = game([[0, "c3", 5], [1, "h8", 4]], reserve=[8, 8])
    assert_illegal(g, "reinforce c4 1", "S13 spawn cell")
    assert_illegal(g, "reinforce a1 4", "S13 population cap")
    g.apply("reinforce a1 2")
    g.apply("reinforce a1 1")
    assert g.units[C("a1")].count == 3 and g.reserve[0] == 5
    assert_illegal(g, "reinforce a1 1", "S13 population cap")


def test_reinforced_soldiers_are_settled_S13():
    g = game([[0, "c3", 1], [1, "a4", 1]], reserve=[8, 8])
    g.apply("reinforce a1 2")
    assert g.attack_targets(C("a1")) == [C("a4")]  # 3 steps, range 3
    g.apply("march a1 a2 1")


def test_no_reinforcement_on_spawn_held_by_enemy_S13():
    # 若出生位置被其他方部队占据，则不可增援
    g = game([[0, "c3", 1], [1, "a1", 1], [1, "h8", 1]], reserve=[8, 8])
    assert_illegal(g, "reinforce a1 1", "S13 enemy-held")


def test_first_march_ends_reinforcement_phase_S12():
    # 一旦开始移动或攻击视为结束增援环节
    g = game([[0, "c3", 2], [1, "h8", 1]], reserve=[8, 8])
    g.apply("march c3 c4 1")
    assert g.phase == "battle"
    assert_illegal(g, "reinforce a1 1", "S12")


def test_forced_reinforcement_and_void_reserve_S13():
    # 当战场无己方子力时己方轮次必须增援，如同时不可增援则余子作废直接出局
    g = game([[0, "b2", 1], [1, "h8", 1]], reserve=[8, 8], current=1)
    # P2 to move, P1 has soldiers; P1 loses its only unit, then must reinforce
    g.apply("end")
    g.apply("end")
    g2 = game([[1, "h8", 1], [0, "a3", 1]], reserve=[3, 0], current=1)
    g2.apply("end")
    assert g2.cur == 0
    g3 = game([[1, "h8", 1], [1, "b1", 1]], reserve=[3, 0], current=0)
    # P1 has nothing on the field: must reinforce, 'end' is illegal
    assert all(isinstance(a, Reinforce) for a in g3.legal_actions())
    assert_illegal(g3, "end", "S13 forced reinforcement")
    assert_illegal(g3, "march h8 h7 1", "S13 forced reinforcement")
    g3.apply("reinforce a1 3")
    g3.apply("end")
    # spawn held by an enemy and nothing on the field: the reserve is void, the player is out
    g4 = game([[1, "a1", 1], [1, "h8", 1]], reserve=[3, 0], current=1, hits=1)
    g4.apply("end")
    assert g4.out[0] and g4.reserve[0] == 0 and g4.is_over
    assert g4.ranking()[0].player == 1


def test_reinforcement_anywhere_in_vision_digital_S14():
    # 增援部队位置改为视野内未被敌方占据格子，可任意分布可增援子力，每增援一支部队立即获得视野
    g = game([[0, "a1", 1], [1, "h8", 1]], mode="digital", reserve=[8, 8])
    cells = set(g.reinforce_cells())
    assert C("a3") in cells and C("c1") in cells and C("h8") not in cells
    assert_illegal(g, "reinforce e5 1", "S14")
    before = g.visible(0).sum()
    g.apply("reinforce c1 4")  # 4 soldiers: vision 5 from c1
    assert g.visible(0).sum() > before
    assert g.visible(0)[C("c6")]
    g.apply("reinforce c6 1")  # now in vision, so allowed
    assert g.units[C("c6")].count == 1


def test_reinforcement_fails_when_all_visible_cells_enemy_held_S14():
    # 战场只有一支位于角落的单兵部队，被消灭后获得6格的英灵视野，对方回合内占满后，即出现这种情况
    def start():
        g = game([[0, "a1", 1], [1, "a3", 1], [1, "c1", 2], [1, "b2", 3]], mode="digital",
                 reserve=[7, 0], current=1)
        g.apply("attack a3 a1")
        assert g.visible(0).sum() == 6
        return g
    g = start()
    g.apply("march b2 a2 1")
    g.apply("end")
    assert g.cur == 0 and not g.out[0]
    assert set(g.reinforce_cells()) == {C("a1"), C("b1")}
    g.apply("reinforce b1 7")
    g = start()
    g.apply("march b2 a1 1")  # via b1: 2 steps
    g.apply("march b2 a2 1")
    g.apply("march c1 b1 1")
    assert {c for c in g.units} >= {C(x) for x in ("a1", "a2", "a3", "b1", "b2", "c1")}
    g.apply("end")
    assert g.out[0] and g.reserve[0] == 0 and g.is_over
    assert g.ranking()[0].player == 1


# --------------------------------------------------------------- blocking
def test_wall_case_blocks_attack_2y_ge_x_plus_z_S5():
    # 当a=1,b=1, 公式为2y >= x+z,即隔墙攻击障碍公式
    h = grid("""
        01000000
        00000000
        00000000
        00000000
        00000000
        00000000
        00000000
        00000000""")
    g = game([[0, "a1", 1], [1, "c1", 1]], heights=h)
    e = assert_illegal(g, "attack a1 c1", "S8 attack blocked")  # 2·1 >= 1 + 1
    assert "b1" in str(e)
    g = game([[0, "a1", 2], [1, "c1", 1]], heights=h)
    g.apply("attack a1 c1")  # 2·1 < 1 + 2


def test_flat_ground_never_blocks_S5():
    # 当y=0，因为观察者高度非0,平地格不会造成阻挡
    g = game([[0, "a1", 1], [1, "b2", 1], [1, "a3", 1]])
    assert g.attack_targets(C("a1")) == sorted([C("a3"), C("b2")])


def test_attack_uses_the_attackers_own_line_only_S8():
    # 攻击者只能用本部队的视线，共享的视野不能取消攻击阻挡
    h = grid("""
        04000000
        00000000
        00000000
        00000000
        00000000
        00000000
        00000000
        00000000""")
    g = game([[0, "a1", 1], [0, "c3", 1], [1, "c1", 1], [1, "h8", 1]], heights=h, mode="digital")
    assert g.visible(0)[C("c1")]  # seen by c3
    assert g.attack_targets(C("a1")) == []
    assert_illegal(g, "attack a1 c1", "S8 attack blocked")
    g.apply("attack c3 c1")


def test_attack_needs_target_in_sight_digital_S8():
    h = grid("""
        09000000
        09000000
        99000000
        00000000
        00000000
        00000000
        00000000
        00000000""")
    # a1 (1 soldier) cannot see c1 over the ridge; nobody else sees it
    g = game([[0, "a1", 1], [1, "c1", 1], [1, "h8", 1]], heights=h, mode="digital")
    assert not g.visible(0)[C("c1")]
    assert_illegal(g, "attack a1 c1", "S8 target in sight")
    obs = g.observe(0)
    assert obs.unit_at(C("c1")) is None


def test_tall_stack_sees_over_ridge_short_one_cannot_S6():
    h = grid("""
        00300000
        00300000
        00300000
        00300000
        00300000
        00300000
        00300000
        00300000""")
    small = game([[0, "b4", 1], [1, "h8", 1]], heights=h, mode="digital")
    big = game([[0, "b4", 8], [1, "h8", 1]], heights=h, mode="digital")
    assert not small.visible(0)[C("d4")]
    assert big.visible(0)[C("d4")]


# ------------------------------------------------------------ vision rules
def test_ghost_vision_of_lone_corner_soldier_is_six_cells_S9():
    # 单兵部队，被消灭后获得6格的英灵视野 (ignores terrain, lasts until the owner's turn ends)
    h = np.full((8, 8), 9, dtype=np.int16)
    h[0:3, 0] = 0  # a low lane a1-a3 so the killer on a3 sees a1
    g = game([[0, "a1", 1], [0, "h1", 1], [1, "a3", 1], [1, "h8", 1]], heights=h, mode="digital",
             current=1)
    g.apply("attack a3 a1")
    ghost_cells = {(r, c) for r in range(3) for c in range(3) if r + c <= 2}
    assert len(ghost_cells) == 6
    vis = g.visible(0)
    assert all(vis[c] for c in ghost_cells)
    assert g.observe(0).unit_at(C("a3")) is not None  # the killer is seen through the ghost vision
    assert g.observe(0).ghosts == ((C("a1"), 2),)
    g.apply("end")
    assert g.cur == 0 and g.visible(0)[C("a3")]
    g.apply("end")  # the owner's next turn ends: the ghost vision is gone
    assert not g.visible(0)[C("a3")]


def test_ghost_radius_uses_size_at_end_of_owners_last_turn_S9():
    g = game([[0, "a1", 4], [0, "h1", 1], [1, "a2", 7], [1, "h8", 1]], mode="digital", current=1)
    # P1's a1 had 4 soldiers at the end of its last turn (setup); P2 kills it over four turns
    for _ in range(3):
        g.apply("attack a2 a1")
        g.apply("end")
        g.apply("end")  # P1 passes, its last_count shrinks each turn end
    g.apply("attack a2 a1")
    assert C("a1") not in g.units
    assert g.observe(0).ghosts == ((C("a1"), vision_range(1)),)


def test_march_only_through_cells_seen_this_turn_S10():
    # 部队无法直接移动到或者穿过无视野位置; 已获得视野知识回合内保留
    h = grid("""
        00000000
        00000000
        00000000
        00000000
        00000000
        00000000
        00000000
        00000000""")
    g = game([[0, "a1", 1], [1, "h8", 1]], heights=h, mode="digital")
    # vision 2 from a1: a4 is unseen
    assert not g.seen[C("a4")]
    assert_illegal(g, "march a1 a4 1", "S10 unseen cell")
    g.apply("march a1 a3 1")  # new camp gives vision at once
    assert g.visible(0)[C("a5")]


def test_seen_cells_stay_usable_after_vision_moves_away_S10():
    g = game([[0, "a1", 2], [0, "a5", 1], [1, "h8", 1]], mode="digital")
    assert g.seen[C("a6")]
    g.apply("march a5 c5 1")  # a5 decamps; a6 is no longer visible but was seen this turn
    assert not g.visible(0)[C("a7")] or True
    assert g.seen[C("a6")]
    g.apply("march a1 a3 1")
    # a3 is a new camp; the remaining a1 unit can still march through seen cells
    g.apply("march a1 b1 1")


def test_explored_heights_remain_known_S11():
    g = game([[0, "a1", 1], [0, "h1", 1], [1, "h8", 1]], mode="digital")
    obs = g.observe(0)
    assert obs.heights[C("a2")] == 0 and obs.heights[C("e5")] == -1
    assert obs.explored[C("a2")] and not obs.explored[C("e5")]


def test_observation_never_shows_hidden_enemies_S7():
    g = game([[0, "a1", 1], [1, "h8", 1], [1, "a2", 1]], mode="digital")
    obs = g.observe(0)
    assert obs.unit_at(C("a2")) is not None and obs.unit_at(C("h8")) is None
    assert obs.players[1].field is None and obs.players[1].reserve is None
    assert g.observe(1).unit_at(C("a1")) is not None


# ---------------------------------------------------------------- ending
def test_wipe_out_wins_S18():
    # 全灭敌方者胜
    g = game([[0, "a1", 1], [1, "a2", 1]], reserve=[0, 0])
    g.apply("attack a1 a2")
    assert g.is_over
    r = g.ranking()
    assert [p.player for p in r] == [0, 1] and r[0].reason.startswith("wiped out")
    assert r[1].out


def test_all_pass_a_whole_round_ends_the_game_S18():
    # 连续所有存活玩家无操作结束轮次
    g = game([[0, "a1", 3], [1, "a2", 1], [1, "h8", 1]], reserve=[0, 0])
    g.apply("attack a1 a2")
    g.apply("end")  # P1 acted
    g.apply("end")
    assert not g.is_over
    g.apply("end")
    assert g.is_over and "passed" in str(g.end_reason())


def test_round_limit_ends_the_game_S17_S18():
    g = game([[0, "a1", 3], [1, "h8", 1]], reserve=[0, 0])
    g.round_limit = 2
    g.apply("march a1 a2 1")
    g.apply("end")
    g.apply("march h8 h7 1")
    g.apply("end")  # round 2 starts
    assert g.round == 2 and not g.is_over
    g.apply("march a1 b1 1")
    g.apply("end")
    g.apply("march h7 h6 1")
    g.apply("end")
    assert g.is_over and "round limit" in str(g.end_reason())


def test_ranking_by_field_then_reserve_then_earlier_last_hit_S18():
    # 场上剩余兵力多者胜出; 相同按待援兵力多者胜; 兵力完全相等者，比较各方的最后一击，先完成者胜出
    g = game([[0, "a1", 3], [1, "a3", 3], [2, "h1", 2], [2, "h3", 1]], players=3, reserve=[2, 2, 3])
    g.apply("attack a1 a3")  # P1 hits first
    g.apply("end")
    g.apply("attack a3 a1")  # P2 hits: now 2 vs 2 on the field
    g.apply("end")
    g.apply("end")  # P3 passes
    g.apply("end")  # P1 passes
    assert not g.is_over
    g.apply("end")  # P2 passes: every living player passed a whole round
    assert g.is_over
    r = [p.player for p in g.ranking()]
    # P3: 3 on field + 3 reserve; P1: 2 + 2, hit #1; P2: 2 + 2, hit #2
    assert r == [2, 0, 1]


def test_void_game_when_nobody_dealt_damage_S18():
    # 无人造成伤害则流局，所有玩家淘汰
    g = game([[0, "a1", 3], [1, "h8", 1]])
    g.apply("end")
    g.apply("end")
    assert g.is_over
    assert all(p.out for p in g.ranking())
    assert "void" in g.ranking()[0].reason


def test_eliminated_players_rank_below_survivors_later_elimination_higher_S18():
    g = game([[0, "a1", 2], [1, "a2", 1], [2, "b1", 1], [3, "h8", 1]], players=4, reserve=[0, 0, 0, 0])
    g.apply("attack a1 a2")  # P2 out
    g.apply("end")
    g.apply("end")  # P3
    g.apply("end")  # P4
    g.apply("attack a1 b1")  # P3 out
    assert not g.is_over
    g.apply("end")
    for _ in range(2):
        g.apply("end")
    assert g.is_over
    r = g.ranking()
    assert [p.player for p in r] == [0, 3, 2, 1]
    assert [p.out for p in r] == [False, False, True, True]


# ----------------------------------------------------- save, text, errors
def test_actions_round_trip_through_text():
    for t in ("reinforce c3 2", "march a1 h8 3", "attack b2 b5", "end", "march aa10 iv256 64"):
        assert str(parse_action(t)) == t


def test_save_and_replay_to_any_point():
    g = new_game("standard", "digital", 2, seed=3)
    import random
    rng = random.Random(1)
    for _ in range(40):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    text = g.to_json()
    g2 = load_game(text)
    assert g2.to_json() == text
    assert g2.observe(0).key() == g.observe(0).key()
    g5 = load_game(text, upto=5)
    assert len(g5.log) == 5 and [str(a) for a in g5.log] == [str(a) for a in g.log[:5]]


@pytest.mark.parametrize("bad, words", [
    ("not json", "invalid JSON"),
    ("[1, 2]", "not an object"),
    ('{"game": "chess"}', "not a 沙场秋点兵 save"),
    ('{"game": "shachang", "version": 99}', "version"),
    ('{"game": "shachang", "version": 1}', "lacks '(options|actions)'"),
])
def test_corrupt_or_foreign_save_is_refused(bad, words):
    from engine.api import SaveError
    with pytest.raises(SaveError, match=words):
        load_game(bad)


def test_save_with_an_illegal_action_is_refused():
    from engine.api import SaveError
    g = new_game("standard", "tabletop", 2, seed=1)
    data = json.loads(g.to_json())
    data["actions"] = ["end", "march h8 a1 8"]
    with pytest.raises(SaveError, match="action 2"):
        load_game(json.dumps(data))


def test_illegal_actions_change_nothing():
    g = game([[0, "a1", 2], [1, "h8", 1]], reserve=[8, 8])
    for bad in ("march a1 a1 1", "march a1 a2 3", "march b1 b2 1", "attack a1 h8", "attack a1 a2",
                "reinforce z99 1", "march a1 i1 1"):
        with pytest.raises(IllegalAction):
            before = snapshot(g)
            try:
                g.apply(bad)
            finally:
                assert snapshot(g) == before


def test_victim_of_an_unseen_shooter_does_not_learn_its_cell_S7_D13():
    # 视野外为迷雾，无法获取任何地方信息: a unit shot from the fog learns it was hit, not from where
    g = game([[0, "a1", 8], [1, "d3", 2], [1, "h8", 1]], mode="digital")
    assert not g.visible(1)[C("a1")]
    g.apply("attack a1 d3")
    ev1 = g.observe(1).events
    assert any("unseen enemy shot P2's unit on d3" in e for e in ev1)
    assert not any("a1" in e for e in ev1)
    assert any("attack a1 d3" in e for e in g.observe(0).events)
    # a shooter the victim sees is named
    g = game([[0, "a1", 2], [1, "a3", 2], [1, "h8", 1]], mode="digital")
    g.apply("attack a1 a3")
    assert any("attack a1 a3" in e for e in g.observe(1).events)
