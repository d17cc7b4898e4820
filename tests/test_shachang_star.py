"""沙场秋点兵 on the Chinese-checkers star (seed 003 现实版本跳棋变种, rulings S19a–S19h).

Positions are built from the seed's sentences (quoted per test); cells are star names ("i5" is
the centre, rows a..q from the north tip). Classic mode unless a test is about heights.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from engine.api import IllegalAction
from engine.shachang import load_game, new_game, rules
from engine.shachang import star_cells as sc
from engine.shachang.sight import blocking_cell
from engine.shachang.star_game import StarGame
from engine.shachang.star_observation import StarObservation
from engine.shachang.star_terrain import generate_star
from tests.shachang_util import play_agents, star_game

N = sc.parse


def star(units, *, mode="classic", players=2, current=0, reserve=None, heights=None, explored=None):
    """A star game from a position: ``units`` maps a cell name to its owner (or (owner, state))."""
    return star_game(units, mode=mode, players=players, current=current, reserve=reserve, heights=heights,
                     explored=explored)


def refused(g, text, key):
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(text)
    assert e.value.msg.key == key, (e.value.msg.key, e.value.text("en"))
    assert g.to_json() == before  # state untouched
    return e.value


def group(g, name):
    return sorted(sc.name(c) for c in g.group_of(N(name)))


# --------------------------------------------------------------------------- S19a, S19c: board, seats


def test_board_points_and_seats():
    """S19a: 121 cells, six 10-cell points; 2 players on opposite points, 3 on every other one;
    S19c: "每方上场10子，待援10子 按跳棋规则出生于己方尖角"."""
    assert len(sc.CELLS) == 121 and int(sc.MASK.sum()) == 121
    for players, points in ((2, ("N", "S")), (3, ("N", "SE", "SW")), (4, ("NE", "SE", "SW", "NW")),
                            (6, ("N", "NE", "SE", "S", "SW", "NW"))):
        g = new_game(preset="star", mode="classic", players=players, seed=0)
        assert isinstance(g, StarGame) and g.num_players == players
        for p, pt in enumerate(points):
            own = sorted(c for c, u in g.units.items() if u.owner == p)
            assert own == sorted(sc.POINT_CELLS[pt])  # one soldier on every cell of the own point
            assert g.field(p) == 10 and g.reserve[p] == 10
        assert g.round_limit == 64  # S19g


def test_turn_order_goes_round_the_star():
    g = new_game(preset="star", mode="classic", players=3, seed=0)
    order = []
    for _ in range(4):
        order.append(g.current_player)
        g.apply(next(a for a in g.legal_actions() if str(a).startswith("march")))
        g.apply("end")
    assert order == [0, 1, 2, 0]
    assert [sc.STAR.point_of(sc.to_axial(g.spawns[p][0])) for p in range(3)] == ["N", "SE", "SW"]


# --------------------------------------------------------------------------- S19b: one soldier per cell, units


def test_connected_soldiers_form_one_unit_whose_size_is_the_count():
    """S19b "一个格子只能有一个棋子代表一个兵，己方相连的格子组成一个部队，连通棋子数即部队兵力"."""
    g = star({"i4": 0, "i5": 0, "h6": 0, "i7": 0, "q1": 1, "j4": 1})
    assert group(g, "i4") == ["h6", "i4", "i5"]  # h6 touches i5
    assert group(g, "i7") == ["i7"]  # i6 between them is empty
    assert group(g, "j4") == ["j4"]  # enemy soldiers never join own units
    assert g.attack_range_of(N("i4")) == 2  # 3 soldiers: 番数 2
    obs = g.observe(0)
    assert isinstance(obs, StarObservation)
    assert {(gv.owner, gv.cells) for gv in obs.groups if gv.owner == 0} == {
        (0, (N("h6"), N("i4"), N("i5"))), (0, (N("i7"),))}
    assert all(u.count == 1 for u in obs.units)


# --------------------------------------------------------------------------- S19d: moves


def test_only_single_soldiers_move_and_never_onto_a_soldier():
    """S19d "不能部队整体移动，只能单个棋子移动"; one soldier per cell (S19b)."""
    g = star({"i4": 0, "i5": 0, "k5": 1})
    refused(g, "march i5 i6 2", "shachang.star.one_march")
    refused(g, "march i5 i4 1", "shachang.star.cell_taken")
    refused(g, "march i5 k5 1", "shachang.march.enemy_cell")
    g.apply("march i5 i6 1")
    assert N("i6") in g.units and N("i5") not in g.units


def test_budget_is_three_steps_per_start_unit():
    """S19d "每部队还是三步移动": the steps are charged to the unit the soldier belonged to when
    the battle phase began, so a unit of any size moves at most 3 steps of soldiers in all."""
    g = star({"i4": 0, "i5": 0, "i6": 0, "e1": 0, "q1": 1})
    g.apply("march i6 i8 1")  # 2 steps from the unit {i4, i5, i6}
    assert g.budgets[g.origin[N("i8")]] == 1 and g.budgets[g.origin[N("e1")]] == 3
    refused(g, "march i4 i2 1", "shachang.star.budget")  # 2 steps, 1 left
    g.apply("march i4 i3 1")  # the last step
    e = refused(g, "march i5 h5 1", "shachang.march.no_moves")  # budget spent, soldier unmoved
    assert "i5" in e.text("en")
    # the soldier that split off keeps nothing of its own: i8 has moved; the other unit is untouched
    refused(g, "march i8 i9 1", "shachang.star.moved")
    g.apply("march e1 e4 1")  # e1's own unit still has its 3 steps
    assert sorted(g.budgets) == [0, 0]


def test_each_soldier_moves_at_most_once_per_turn():
    """S19d "只能单个棋子移动" and a soldier's move cannot be interrupted: once per turn."""
    g = star({"i5": 0, "q1": 1})
    g.apply("march i5 i6 1")
    refused(g, "march i6 i7 1", "shachang.star.moved")
    g.apply("end")
    g.apply("end")
    g.apply("march i6 i7 1")  # next turn it moves again


def test_no_hopping_path_goes_round_soldiers():
    """S19d "never by hopping": i4→i6 with i5 taken costs 3 steps round it, not 2."""
    g = star({"i4": 0, "i5": 1, "i9": 0, "q1": 1})
    assert g.reachable(N("i4"))[N("i6")] == 3
    g.apply("march i4 i6 1")
    assert g.budgets[g.origin[N("i6")]] == 0
    g2 = star({"i4": 0, "i5": 1, "h6": 1, "j6": 1, "h7": 1, "i7": 1, "j7": 1})
    assert N("i6") not in g2.reachable(N("i4"))  # walled in: no path
    refused(g2, "march i4 i6 1", "shachang.march.no_path")


def test_merge_only_where_the_soldier_stops():
    """S19d "棋子的移动是不可打断的，中途经邻己方其他部队不计算融合关系": passing next to own soldiers
    joins nothing; where it stops it joins whatever own soldiers touch it."""
    g = star({"i3": 0, "h5": 0, "q1": 1})
    g.apply("march i3 i6 1")  # 3 steps past cells next to h5 (i4, i5), stops on i6, which h5 does not touch
    assert group(g, "i6") == ["i6"] and group(g, "h5") == ["h5"]
    g = star({"i3": 0, "h6": 0, "q1": 1})
    g.apply("march i3 i5 1")  # stops on i5, which touches h6: one unit now
    assert group(g, "h6") == ["h6", "i5"]
    # the merged unit of a moved and an unmoved soldier may still attack (h6 has not moved)
    assert g.can_attack_group(g.group_of(N("h6")))


# --------------------------------------------------------------------------- S19e: attacks


@pytest.mark.parametrize("cells, shooter", [
    (["i1"], "i1"), (["i1", "i2"], "i2"), (["i1", "i2", "h2"], "i2"),
    (["i1", "i2", "i3", "h2"], "i3"), (["i1", "i2", "i3", "h2", "h3", "j2", "j3"], "i3"),
    (["i1", "i2", "i3", "i4", "h2", "h3", "j2", "j3"], "i4")])
def test_attack_range_is_fanshu(cells, shooter):
    """S19e "基础攻击范围减一 依旧部队子力翻番一次范围加一": range 1, 2, 3, 4 for 1, 2-3, 4-7, 8-15
    soldiers, counted from the soldier that shoots."""
    size = len(cells)
    reach = {1: 1, 2: 2, 3: 2, 4: 3, 7: 3, 8: 4}[size]
    q = sc.to_axial(N(shooter))[0]
    far, beyond = sc.name(sc.to_cell((q + reach, 0))), sc.name(sc.to_cell((q + reach + 1, 0)))
    units = {c: 0 for c in cells}
    units.update({far: 1, beyond: 1})
    g = star(units)
    assert len(g.group_of(N(shooter))) == size
    assert g.attack_range_of(N(shooter)) == reach == rules.fanshu(size)
    assert N(far) in g.attack_targets(N(shooter))
    refused(g, f"attack {shooter} {beyond}", "shachang.attack.range")
    # brute force: from each soldier, every enemy soldier within 番数 hex steps of it
    for c in cells:
        expect = sorted(t for t, u in g.units.items() if u.owner == 1 and sc.distance(N(c), t) <= reach)
        assert g.attack_targets(N(c)) == expect
    g.apply(f"attack {shooter} {far}")
    assert N(far) not in g.units and g.field(1) == 1


def test_attack_from_any_soldier_removes_one_enemy_soldier():
    """S19e "攻击可以从部队任意选取一枚棋子作为代表发起攻击，可消灭范围内一个敌方棋子"."""
    g = star({"i1": 0, "i2": 0, "i4": 1, "i5": 1, "q1": 1})  # unit of 2, range 2
    refused(g, "attack i1 i4", "shachang.attack.range")  # 3 steps from i1
    g.apply("attack i2 i4")  # 2 steps from i2
    assert N("i4") not in g.units and N("i5") in g.units
    assert g.field(1) == 2 and g.lost[1] == 1


def test_attacking_unit_is_spent_and_attacks_once():
    """S19e "回合内攻击过的部队所有棋子都算是参与了攻击，不可再移动或者攻击"."""
    g = star({"i1": 0, "i2": 0, "i4": 1, "i5": 1, "q1": 1})
    g.apply("attack i2 i4")
    refused(g, "attack i1 i5", "shachang.star.spent")
    refused(g, "march i1 h1 1", "shachang.star.spent")
    assert g.observe(0).spent == (N("i1"), N("i2"))


def test_split_units_each_attack_once():
    """S19e "一个部落可能因为棋子移动而拆分成多部队，只要是新部队有未移动棋子且没有攻击过的棋子，
    分别都有一次攻击机会": i4-i5-i6 splits when i5 leaves; each part with an unmoved soldier attacks once."""
    g = star({"i4": 0, "i5": 0, "i6": 0, "i3": 1, "i7": 1, "a1": 1})
    g.apply("march i5 h6 1")  # h6 touches i6 (and not i4): units {i4} and {h6, i6}
    assert group(g, "i4") == ["i4"] and group(g, "i6") == ["h6", "i6"]
    g.apply("attack i4 i3")
    g.apply("attack i6 i7")  # the other part attacks too
    refused(g, "attack h6 a1", "shachang.star.spent")
    assert g.field(1) == 1


def test_moved_soldier_alone_cannot_attack():
    g = star({"i4": 0, "i5": 0, "h7": 1, "q1": 1})
    g.apply("march i5 i6 1")  # i6 is alone (i5 empty now), next to h7
    refused(g, "attack i6 h7", "shachang.star.no_unmoved")
    g.apply("march i4 i5 1")  # joins i6: still no unmoved soldier in the unit
    refused(g, "attack i5 h7", "shachang.star.no_unmoved")


def test_soldiers_that_later_connect_to_spent_ones_are_spent():
    """S19e "即使被其他棋子连通了未操作获得的部队，新部队也无法移动或攻击": a soldier that stops next to
    a spent unit and an untouched unit makes one unit of them, which can neither move nor attack."""
    units = {"i2": 0, "i3": 0, "i5": 0, "i6": 0, "g5": 0, "i1": 1, "q1": 1}
    g = star(units)
    g.apply("attack i2 i1")  # {i2, i3} is spent
    g.apply("march g5 i4 1")  # stops on i4: touches i3 (spent) and i5
    assert group(g, "i4") == ["i2", "i3", "i4", "i5", "i6"]
    assert all(g.units[c].attacked for c in g.group_of(N("i4")))
    refused(g, "march i6 i7 1", "shachang.star.spent")
    refused(g, "attack i6 q1", "shachang.star.spent")
    # the same soldier stopping next to the untouched unit only leaves that unit free
    g = star(units)
    g.apply("attack i2 i1")
    g.apply("march g5 h5 1")  # h5 touches i5 (and i4, empty), not i3
    assert group(g, "h5") == ["h5", "i5", "i6"]
    assert not any(g.units[c].attacked for c in g.group_of(N("h5")))
    g.apply("march i6 i7 1")  # i6 still moves


# --------------------------------------------------------------------------- S19c: reinforcement


def test_reinforcement_on_free_cells_of_the_own_point():
    """S19c "增援可任意选择尖角内空闲位置", up to the field cap of 10, one soldier per action."""
    g = star({"a1": 0, "b1": 0, "i5": 0, "q1": 1}, reserve=[5, 10])
    legal = {str(a) for a in g.legal_actions() if str(a).startswith("reinforce")}
    free = {sc.name(c) for c in sc.POINT_CELLS["N"]} - {"a1", "b1"}
    assert legal == {f"reinforce {c} 1" for c in free}
    refused(g, "reinforce i4 1", "shachang.star.reinforce_point")
    refused(g, "reinforce a1 1", "shachang.star.cell_taken")
    refused(g, "reinforce b2 2", "shachang.star.one_reinforce")
    g.apply("reinforce b2 1")
    assert g.field(0) == 4 and g.reserve[0] == 4
    g.apply("march b2 c2 1")  # the battle phase: no more reinforcement (S12)
    refused(g, "reinforce d1 1", "shachang.reinforce.phase")


def test_reinforcement_stops_at_the_field_cap_and_enemy_cells():
    cells = [sc.name(c) for c in sc.POINT_CELLS["N"]]
    units = {c: 0 for c in cells[:9]}
    units.update({cells[9]: 1, "q1": 1})  # an enemy on the last free cell of the point
    g = star(units)
    refused(g, f"reinforce {cells[9]} 1", "shachang.reinforce.enemy_cell")
    units = {c: 0 for c in cells}
    units["q1"] = 1
    g = star(units)
    refused(g, "reinforce i5 1", "shachang.reinforce.cap_reached")


def test_player_with_empty_field_must_reinforce_on_the_point():
    g = star({"q1": 1}, reserve=[3, 0], current=0, mode="digital")
    assert {type(a).__name__ for a in g.legal_actions()} == {"StarReinforce"}
    refused(g, "end", "shachang.must_reinforce")
    g.apply("reinforce a1 1")
    assert "end" in {str(a) for a in g.legal_actions()}


# --------------------------------------------------------------------------- S19f: heights, seam rule


def test_seam_rule_the_lower_of_the_two_cells_counts():
    """S19f "若攻击路线经过直缝时选取矮的地形": i5 → j7 (2 steps) runs along the seam between i6 and
    j6; a hill on only one of them does not block, on both it does."""
    i5, j7 = N("i5"), N("j7")
    assert sc.distance(i5, j7) == 2
    opts = sc.LATTICE.line_options(i5, j7)
    assert set(opts[1]) == {N("i6"), N("j6")}
    g = star({"i5": 0, "j7": 1, "a1": 0, "q1": 1}, mode="tabletop", heights={"i6": 5})
    assert g.attack_targets(i5) == []  # lone soldier: range 1, j7 is 2 away
    g = star({"i5": 0, "i4": 0, "j7": 1, "a1": 0, "q1": 1}, mode="tabletop", heights={"i6": 5})
    assert g.attack_targets(i5) == [j7]  # j6 (height 0) counts: 2·0 < 1 + 1
    g = star({"i5": 0, "i4": 0, "j7": 1, "a1": 0, "q1": 1}, mode="tabletop", heights={"i6": 5, "j6": 1})
    e = refused(g, "attack i5 j7", "shachang.attack.blocked")  # the lower is 1: 2·1 >= 1 + 1
    assert "j6" in e.text("en")
    # the brute-force reading of S5 with the lower seam cell, for every pair on this map
    for a in sc.CELLS:
        for b in sc.CELLS:
            if sc.distance(a, b) <= 3:
                cell = blocking_cell(g.heights, a, b, int(g.heights[a]) + 1, int(g.heights[b]) + 1, grid=sc.LATTICE)
                expect = None
                d = sc.distance(a, b)
                for k, level in enumerate(sc.LATTICE.line_options(a, b)[1:-1], start=1):
                    y = min(int(g.heights[c]) for c in level)
                    if d * y >= (d - k) * (int(g.heights[a]) + 1) + k * (int(g.heights[b]) + 1):
                        expect = min(level, key=lambda c: int(g.heights[c]))
                        break
                assert (cell[0] if cell else None) == expect


def _brute_vision(g, player):
    """S7/S19f by hand: a cell is seen when some own soldier has it within the vision range of its
    unit (S3) and no level of the line blocks, the lower seam cell counting, with z = terrain + 1 and
    x = the target's terrain; plus the own point (D-S1)."""
    h = g.heights
    out = np.zeros((17, 17), dtype=bool)
    for grp in g.groups(player):
        rad = rules.vision_range(len(grp))
        for o in grp:
            z = int(h[o]) + 1
            for t in sc.CELLS:
                d = sc.distance(o, t)
                if d > rad:
                    continue
                ok = True
                for k, level in enumerate(sc.LATTICE.line_options(o, t)[1:-1], start=1):
                    y = min(int(h[c]) for c in level)
                    if d * y >= (d - k) * z + k * int(h[t]):
                        ok = False
                        break
                out[t] |= ok
    for c in g.spawns[player]:
        out[c] = True
    return out


def _ghosts(g, player):
    out = np.zeros((17, 17), dtype=bool)
    for gh in g.ghosts:
        if gh.owner == player:
            for t in sc.CELLS:
                out[t] |= sc.distance(gh.cell, t) <= gh.radius
    return out


def test_digital_vision_uses_soldier_height_terrain_plus_one_and_the_seam_rule():
    """S19f: soldier height = terrain + 1 whatever the unit's size; vision through the seam's lower cell."""
    g = star({"i5": 0, "q1": 1}, mode="digital", heights={"i6": 5})
    assert g.visible(0)[N("j7")]  # j6 is low: 2·0 < 1 + 0
    g = star({"i5": 0, "q1": 1}, mode="digital", heights={"i6": 5, "j6": 1})
    assert not g.visible(0)[N("j7")]  # the lower is 1: 2·1 >= 1 + 0
    assert g.visible(0)[N("j6")] and g.visible(0)[N("i6")]  # neighbours are always seen
    for seed in range(3):  # generated hills, every soldier of a random game: brute force
        g = new_game(preset="star", mode="digital", players=2, seed=seed)
        rng = random.Random(seed)
        for _ in range(30):
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
            for p in range(2):
                assert (g.visible(p) == (_brute_vision(g, p) | _ghosts(g, p))).all()


def test_lines_between_star_cells_stay_inside_the_array():
    for a in sc.CELLS:
        for b in sc.CELLS:
            for level in sc.LATTICE.line_options(a, b):
                for c in level:
                    assert 0 <= c[0] < 17 and 0 <= c[1] < 17


# --------------------------------------------------------------------------- fog, ghosts


def test_fog_hides_unseen_enemy_soldiers():
    g = new_game(preset="star", mode="digital", players=2, seed=3)
    for p in (0, 1):
        obs = g.observe(p)
        vis = obs.visible
        for u in obs.units:
            assert u.owner == p or vis[u.cell]
        assert not (obs.visible & ~sc.MASK).any() and (obs.heights[~sc.MASK] == -1).all()
        assert obs.players[1 - p].field is None
    # at the start the points are far apart: nobody sees the other's soldiers
    assert all(u.owner == 0 for u in g.observe(0).units)


def test_ghost_vision_of_a_wiped_lone_soldier_is_a_hex_ball():
    """S9 on the star: a soldier that was a unit of its own leaves ghost vision, with the range of its
    unit's size at the end of its owner's last turn, ignoring terrain, until its owner's next turn ends."""
    g = star({"i4": 0, "i5": 0, "h9": 0, "i7": 1, "i8": 1, "q1": 1}, mode="digital", current=1,
             heights={"i8": 6, "j9": 6})
    g.apply("end")  # P2's turn ends with {i7, i8} a unit of 2
    assert g.last_size[N("i7")] == 2
    g.apply("attack h9 i8")  # i7 is left alone: no ghost yet
    assert g.ghosts == []
    g.apply("attack i5 i7")  # i7 was a unit of its own now: wiped
    assert [(gh.owner, sc.name(gh.cell), gh.radius) for gh in g.ghosts] == [(1, "i7", rules.vision_range(2))]
    ball = {t for t in sc.CELLS if sc.distance(N("i7"), t) <= 3}
    vis = g.visible(1)
    assert all(vis[t] for t in ball)  # behind the hills of i8 and j9 too
    g.apply("end")
    g.apply("end")  # P2's next turn ends: the ghost is gone
    assert g.ghosts == []


# --------------------------------------------------------------------------- random play, saves


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("mode", ["classic", "tabletop", "digital"])
def test_random_play_invariants(players, mode):
    g = new_game(preset="star", mode=mode, players=players, seed=players)
    rng = random.Random(players * 7 + len(mode))
    moved_this_turn: set = set()
    for step in range(260):
        if g.is_over:
            break
        legal = g.legal_actions()
        p = g.current_player
        a = legal[rng.randrange(len(legal))]
        if rng.random() < 0.15:  # now and then an illegal try changes nothing
            bad = rng.choice(["march i5 i6 2", "reinforce i5 1", "attack a1 q1", "march a1 a1 1"])
            if bad not in {str(x) for x in legal}:
                before = g.to_json()
                with pytest.raises(IllegalAction):
                    g.apply(bad)
                assert g.to_json() == before
        g.apply(a)
        if str(a) == "end":
            moved_this_turn = set()
        elif str(a).startswith("march"):
            assert a.src not in moved_this_turn  # each soldier once per turn (it moves with its cell)
            moved_this_turn.add(a.dst)
        for q in range(players):
            assert g.field(q) <= 10
            assert g.field(q) + g.reserve[q] + g.lost[q] + g.voided[q] == 20
        assert all(sc.on_star(c) and u.count == 1 for c, u in g.units.items())
        assert all(b >= 0 for b in g.budgets)
        if not g.is_over:
            for grp in g.groups(g.current_player):  # S19e: spent spreads through a whole unit
                flags = {g.units[c].attacked for c in grp}
                assert len(flags) == 1
        for q in range(players):
            obs = g.observe(q)
            for u in obs.units:
                assert u.owner == q or obs.visible[u.cell]
    if g.is_over:
        assert sorted(pl.player for pl in g.ranking()) == list(range(players))


def test_save_and_replay_round_trip():
    g = new_game(preset="star", mode="digital", players=3, seed=5)
    rng = random.Random(2)
    for _ in range(120):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    text = g.to_json()
    g2 = load_game(text)
    assert isinstance(g2, StarGame) and g2.to_json() == text
    assert [str(a) for a in g2.log] == [str(a) for a in g.log]
    assert all(g2.observe(p).key() == g.observe(p).key() for p in range(3))
    k = len(g.log) // 2
    half = load_game(text, upto=k)
    assert [str(a) for a in half.log] == [str(a) for a in g.log[:k]]
    for a in g.log[k:]:
        half.apply(str(a))
    assert half.to_json() == text


def test_setup_positions_are_saved():
    g = star({"i5": 0, "i4": 0, "q1": 1}, mode="tabletop")
    g.apply("march i4 h4 1")
    g2 = load_game(g.to_json())
    assert g2.to_json() == g.to_json() and sorted(g2.units) == sorted(g.units)


def test_round_limit_ends_the_game_s19g():
    g = star({"i5": 0, "i1": 1}, mode="classic")
    g.round = 64
    g.apply("march i5 i6 1")  # somebody acted: no idle end
    g.apply("end")
    g.apply("march i1 i2 1")
    g.apply("end")
    assert g.is_over and "64" in g.end_reason().render("en")


def test_plain_actions_from_the_client_are_accepted():
    """The client builds plain March/Attack/Reinforce values with array cells: the same action."""
    from engine.shachang.actions import March

    g = star({"i5": 0, "q1": 1})
    a = March(N("i5"), N("i6"), 1)
    assert a in g.legal_actions()
    g.apply(a)
    assert str(g.log[-1]) == "march i5 i6 1"


# --------------------------------------------------------------------------- computer players


@pytest.mark.parametrize("players, mode", [(2, "digital"), (3, "tabletop"), (6, "classic")])
def test_computer_players_play_legally(players, mode):
    """Every level returns one of the legal actions on the star (the game module's make_agent picks
    the star's players from the observation)."""
    from engine.shachang import make_agent

    g = new_game(preset="star", mode=mode, players=players, seed=4)
    levels = ["easy", "normal", "hard"]
    play_agents(g, [make_agent(levels[s % 3], seed=s, seat=s) for s in range(players)], 300)
    assert g.hits > 0  # they fight


def test_square_maps_still_get_the_square_players():
    from engine.shachang import make_agent
    from engine.shachang.ai import ShachangAI

    g = new_game(preset="standard", mode="digital", players=2, seed=1)
    agent = make_agent("normal", seed=1, seat=0)
    a = agent.act(g.observe(0), g.legal_actions())
    assert a in g.legal_actions() and isinstance(agent._square, ShachangAI) and agent._star is None


def test_hard_player_decides_from_its_observation_only():
    """Hidden information stays hidden: the hard player's choice is the same in a game and in a copy
    whose unseen enemy soldiers stand elsewhere (digital mode, fog)."""
    from engine.shachang import make_agent

    g = new_game(preset="star", mode="digital", players=2, seed=7)
    rng = random.Random(3)
    agents = [make_agent("normal", seed=s, seat=s) for s in range(2)]
    checked = 0
    for _ in range(120):
        if g.is_over:
            break
        s = g.current_player
        if g.phase == "battle" or rng.random() < 0.5:
            twin = g.hidden_variant(s, random.Random(checked))
            a = make_agent("hard", seed=1, seat=s).act(g.observe(s), g.legal_actions())
            b = make_agent("hard", seed=1, seat=s).act(twin.observe(s), twin.legal_actions())
            assert str(a) == str(b)
            checked += 1
        g.apply(agents[s].act(g.observe(s), g.legal_actions()))
    assert checked > 20


def test_undo_takes_back_a_march_on_the_star():
    from engine.shachang import undo

    g = star({"i5": 0, "i4": 0, "q1": 1}, mode="tabletop")
    before = g.to_json()
    g.apply("march i5 i6 1")
    assert undo.can_undo(g)
    back = undo.undo(g)
    assert isinstance(back, StarGame) and back.to_json() == before


# --------------------------------------------------------------------------- S19h, terrain


def test_star_is_a_preset_of_the_same_game():
    """S19h: a preset of 沙场秋点兵 (same game id, same rule modes), listed where presets are."""
    from engine import registry

    info = registry.get("shachang")
    assert "star" in info.choices["preset"] and rules.preset("star").board == "star"
    for mode in rules.MODES:
        g = info.new_game(**{**info.options, "preset": "star", "mode": mode})
        assert isinstance(g, StarGame) and g.game_id == "shachang" and g.mode == mode
    with pytest.raises(ValueError):
        new_game(preset="star", players=7)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_star_terrain_is_natural_fair_and_seeded(players):
    m = generate_star(rules.preset("star"), players, 11)
    h = m.heights
    assert h.shape == (17, 17) and (h[~sc.MASK] == 0).all()
    assert 0 <= h.min() and h.max() == 6 and len(np.unique(h[sc.MASK])) >= 5  # hills, not a plain
    assert all(h[c] == 1 for pt in m.spawns for c in pt)  # every seat starts on the same plateau
    turn = {2: 3, 3: 2, 4: 3, 6: 1}[players]  # sixths of a turn mapping the seats onto each other
    from engine.shachang.star_terrain import _rotate
    assert all(h[_rotate(c, turn)] == h[c] for c in sc.CELLS)
    assert (generate_star(rules.preset("star"), players, 11).heights == h).all()
    assert not (generate_star(rules.preset("star"), players, 12).heights == h).all()
    flat = new_game(preset="star", mode="classic", players=players, seed=11)
    assert not flat.heights.any()
    assert (new_game(preset="star", mode="digital", players=players, seed=11).heights == h).all()


def test_a_loaded_heightmap_plays_on_the_star(tmp_path):
    """A 17x17 .npy heightmap (``--map``) gets the star's points as spawns; ground off the star is 0."""
    h = np.full((17, 17), 3, dtype=np.int16)
    path = tmp_path / "star.npy"
    np.save(path, h)
    g = new_game(preset="star", mode="tabletop", players=3, seed=1, map_file=str(path))
    assert isinstance(g, StarGame)
    assert [sc.STAR.point_of(sc.to_axial(sp[0])) for sp in g.spawns] == ["N", "SE", "SW"]
    assert (g.heights[sc.MASK] == 3).all() and (g.heights[~sc.MASK] == 0).all()
    assert load_game(g.to_json()).to_json() == g.to_json()
