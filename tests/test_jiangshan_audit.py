"""江山 audit against seed 000 (a fresh reading, section by section): each test sets up the position the
quoted seed sentence describes and checks the exact outcome. Rulings: shared/RULINGS.md (J…, G…) and the
rules page's own (JS…, docs/rules/jiangshan.md)."""
from __future__ import annotations

import pytest

from tests.jiangshan_util import at, give, make, texts
from tests.refusal_util import refuse


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


# ---------------------------------------------------------------- refusals name their seed passage (G3)
@pytest.mark.parametrize("text, rule, words", [
    # 支援: 步兵和骑兵可放在兵营内或兵营的城门处;奔袭部队只能放在兵营内
    ("support blade a5", "seed 支援", "raiders only into the camp"),
    ("support chariot d3", "seed 支援", "raiders only into the camp"),
    # 出城: 将一支部队从城市内,移动到该城市的城门处
    ("exit d2 blade d3", "seed 出城", "leaves only to a free gate"),
    # 指挥: 移动到该将军的另一个指挥区域(只能移动不能吃子)
    ("command d4 e5 g5 N", "seed 指挥", "another free cell of that area"),
    # 改建: 将城市改建成军营,或将军营改建为城市 (one's own)
    ("rebuild j6", "seed 改建", "not an own city or camp"),
    # 排兵布阵: 指定两支处于同一名将领指挥区域的部队交换位置
    ("formation d4 e5 h4", "seed 排兵布阵", "one leader's command area"),
    # 瞒天过海: 指定一个步兵在"水运"时无视其他玩家对于水路的截断作用
    ("crossing e5 e7 N", "seed 瞒天过海", "only infantry on a bank"),
    # 烈火燎原: 远程攻击平原(平原地形上不能有部队或城市)或森林地形 ... (range 2, J1)
    ("fire j2 j5", "seed 烈火燎原", "within 2 cells and in sight"),
    # 对已有火焰标志的地形再次发动火计视为无效
    ("fire j2 j4", "seed 烈火燎原", "already burning"),
    ("move e5 e6 X", "J3", "a facing is one of N E S W"),  # the march exists: the facing word is wrong
])
def test_a_refusal_names_the_seed_passage_of_its_action(text, rule, words):
    """G3: a refusal names the rule the action really breaks; these fell through to the generic
    'not a legal action now [seed 行动阶段]'."""
    g = make(red=["general@d4", "blade@e5:battle:N", "chariot@h4", "bow@j2:battle:N", "king@a1"],
             white=["king@l8"], cities=[("d2", "camp", 0), ("j6", "city", 1)],
             reserve=({"blade": 1, "chariot": 1}, {}))
    give(g, 0, "formation", "crossing", "fire")
    g.st.fires[(9, 3)] = "small"  # j4
    e = refuse(g, text)
    assert e.rule == rule and words in e.text("en") and e.text("zh")
    assert "seed" not in e.text("zh")


# ---------------------------------------------------------------- 指挥 from under a forest (JS8, J5)
def test_a_leader_hidden_under_a_forest_commands_nobody_js8():
    """Seed 王: 若王在版图上消失,即藏匿到城市或森林下方 — a unit under a forest is off the board; 森林: 在森林下方的
    部队对其他玩家也处于不可见状态 (J5). JS8: a leader commands only while it stands on the board. A general under
    the d5 forest commanded e4 to e5, and 楚's log read "Han's leader at d5 commands …": the hidden general given
    away. Hidden, it neither commands, nor serves 排兵布阵 or 无中生有's placement; out of the forest it does."""
    rows = ["." * 12] * 3 + ["...F........"] + ["." * 12] * 4  # d5 is a forest
    g = make(red=["general@d5", "blade@e4", "king@a1"], white=["king@l8"], rows=rows)
    give(g, 0, "formation", "scout", morale=3)
    t = texts(g)
    assert not [x for x in t if x.startswith(("command d5", "formation d5"))]
    near_d5 = {"c4", "c5", "c6", "d4", "d6", "e4", "e5", "e6"}
    assert not [x for x in t if x.startswith("scout ") and x.split()[1] in near_d5]
    assert refuse(g, "command d5 e4 e5").rule == "seed 指挥"
    plain = make(red=["general@d5", "blade@e4", "king@a1"], white=["king@l8"])  # the same on a plain
    give(plain, 0, "formation", "scout", morale=3)
    t = texts(plain)
    assert {"command d5 e4 e5", "formation d5 d5 e4", "scout e5 foot"} <= t
