"""江山 vision (J6), what players see (J5), archery and disorder (J9), cities: 占领, 驻军, 落石 (J11), 围困,
recruiting and support. Each test cites its seed sentence or ruling."""
from __future__ import annotations

import pytest

from engine.api import IllegalAction
from engine.jiangshan.board import parse_cell
from engine.jiangshan.rules import seen
from tests.jiangshan_util import at, make, settle, texts


def cells(*names):
    return {parse_cell(n, 12, 8) for n in names}


def test_vision_is_a_5x5_square_hidden_behind_blockers():
    """J6: a 5x5 square (回字形2格); a cell two away is hidden when the cell between holds an enemy unit,
    an enemy city, a mountain or a forest; for a knight offset the orthogonal neighbour."""
    rows = ["." * 12] * 3 + ["....M.......", "." * 12, "." * 12, "." * 12, "." * 12]
    # e5 mountain; red king at d4 (a heavy unit standing still)
    g = make(red=["king@d4"], rows=rows, white=["king@l8"])
    v = seen(g.st, 0)
    assert len(v & cells(*[f"{x}{y}" for x in "bcdef" for y in range(2, 7)])) == 24  # all but f6
    assert not (v & cells("f6"))  # behind the mountain on the diagonal
    assert v >= cells("f5", "e6")  # knight offsets from d4: between cells e4 and d5, both open
    g = make(red=["king@d4"], white=["blade@d5:battle:S", "king@l8"])
    v = seen(g.st, 0)
    assert not (v & cells("d6", "c6", "e6")) and v >= cells("b6", "f6")  # d5 hides d6 and the two knight cells


def test_a_marching_enemy_shows_only_its_class_and_hidden_units_are_not_shown():
    """J5: every unit's position is seen; a marching unit shows only its class (步/马/奔袭); a unit under a
    forest or in a city is seen by its owner only."""
    rows = ["." * 12] * 2 + ["..........F."] + ["." * 12] * 5  # k6 forest
    g = make(red=["king@a1"], white=["halberd@f7", "rider@g7", "bow@k6", "king@l8"], rows=rows,
             cities=[("b7", "city", 1, ("queen",))])
    obs = {u["cell"]: u for u in g.observe(0)["units"]}
    assert obs["f7"]["type"] is None and obs["f7"]["class"] == "foot"
    assert obs["g7"]["type"] is None and obs["g7"]["class"] == "horse"
    assert "k6" not in obs and "b7" not in obs
    own = {u["cell"]: u for u in g.observe(1)["units"]}
    assert own["k6"]["type"] == "bow" and own["f7"]["type"] == "halberd"


def test_forced_reveal_after_an_action_the_owner_chooses_the_facing():
    """J5 / seed 可要求对方立即进入临战状态(由对方决定棋子的朝向): after 汉's march brings 楚's marching
    foot into sight, 楚 chooses its facing before 汉 goes on; a horse unit turns at once."""
    g = make(red=["blade@e3", "king@a1"], white=["halberd@e6", "horse@f6", "king@l8"])
    g.apply("move e3 e4")
    assert g.stage == "reveal" and g.current_player == 1
    assert at(g, "f6").state == "battle"  # not infantry: no facing to choose
    assert set(g.legal_action_texts()) == {"face e6 N", "face e6 E", "face e6 S", "face e6 W"}
    g.apply("face e6 W")
    assert (at(g, "e6").state, at(g, "e6").facing) == ("battle", "W")
    assert {u["cell"]: u["type"] for u in g.observe(0)["units"]}["e6"] == "halberd"


def test_end_phase_returns_unseen_units_to_march_state():
    """Seed 结束阶段 隐匿: 将所有脱离对方视野的部队,再次全部转为行军状态."""
    g = make(red=["blade@e3:battle:N", "halberd@a3:battle:N", "king@a1"], white=["king@l8", "blade@e6:battle:S"])
    g.apply("move a3 a4 N")  # 汉's turn ends; e3 is out of 楚's sight (e6 sees e4..e8), a4 too
    assert at(g, "a4").state == "march" and at(g, "a4").facing is None
    g = make(red=["blade@e4:battle:N", "halberd@a3:battle:N", "king@a1"], white=["king@l8", "blade@e6:battle:S"])
    g.apply("move a3 a4 N")
    assert at(g, "e4").state == "battle"  # still in 楚's sight


def test_volley_disorders_a_light_unit_and_destroys_a_disordered_one():
    """Seed 弓矢/张弓: a unit in vision and range is disordered; a disordered one is destroyed (1 merit);
    张弓 costs no action point but the archer may not move afterwards."""
    g = make(red=["bow@d3:battle:N", "blade@a3", "king@a1"], white=["halberd@d5:battle:S", "king@l8"])
    assert "shoot d3 d5" in texts(g)
    g.apply("shoot d3 d5")
    assert at(g, "d5").disorder and g.st.ap == 1
    assert not any(t.startswith("move d3 ") for t in texts(g))  # the archer counts as moved
    assert "shoot d3 d5" not in texts(g)  # one volley


def test_heavy_armour_is_immune_unless_disordered():
    """Seed 重甲 ... 免疫弓矢的远程攻击 ... 若该部队已经陷入混乱了则免疫效果失效 (J9)."""
    g = make(red=["bow@d3:battle:N", "king@a1"], white=["armour@d5:battle:S", "king@l8"])
    assert "shoot d3 d5" not in texts(g)
    with pytest.raises(IllegalAction) as e:
        g.apply("shoot d3 d5")
    assert e.value.rule == "seed 弓矢"
    at(g, "d5").disorder = True
    g._legal = None
    g.apply("shoot d3 d5")
    assert at(g, "d5") is None and g.st.sides[0].merit == 1


def test_mounted_archery_follows_the_riders_move():
    """Seed 骑射: 部队可以在移动或推进之后发动 — the rider cannot shoot before it moved, and may after."""
    g = make(red=["rider@c1", "king@a1"], white=["blade@d5:battle:S", "king@l8"])
    assert not any(t.startswith("shoot c1") for t in texts(g))
    g.apply("move c1 d3")
    assert "shoot d3 d5" in texts(g) and g.st.player == 0
    g.apply("shoot d3 d5")
    assert at(g, "d5").disorder


def test_a_disordered_unit_cannot_act_and_is_cleared_in_its_own_end_phase():
    """J9: a disordered unit cannot act or be commanded; disorder is cleared in its owner's end phase."""
    g = make(red=["bow@d3:battle:N", "blade@a3", "king@a1"], white=["halberd@d5:battle:S", "king@h8"])
    g.apply("shoot d3 d5")
    g.apply("move a3 a4")
    settle(g)
    assert g.st.player == 1 and at(g, "d5").disorder
    assert not any(t.startswith(("move d5", "capture d5")) for t in texts(g))
    with pytest.raises(IllegalAction) as e:
        g.apply("move d5 d4 S")
    assert e.value.rule == "J9"
    g.apply("move h8 h7")
    assert not at(g, "d5").disorder  # 重整 at 楚's end phase


def test_occupying_an_undefended_city_removes_the_attacker():
    """Seed 占领: 进攻无驻军的敌方城市,并立即将其占领。占领时,需立即移除进攻的部队."""
    g = make(red=["halberd@d4:battle:N", "king@a1"], cities=[("d5", "city", 1)], white=["king@l8"])
    assert "capture d4 d5" in texts(g)
    g.apply("capture d4 d5")
    assert g.st.cities[parse_cell("d5", 12, 8)].owner == 0 and at(g, "d4") is None
    assert not any(u.type == "halberd" for u in g.st.units.values())


def test_a_garrison_defends_its_city_and_the_attack_is_spent():
    """Seed 驻军可为城市提供防御力,使敌军不能攻克: the attacker cannot know the garrison; the attack is
    refused, the action spent, the garrison shown (ruling JS9 of docs/rules/jiangshan.md, like J8)."""
    g = make(red=["halberd@d4:battle:N", "king@a1"], cities=[("d5", "city", 1, ("blade",))], white=["king@l8"])
    g.apply("capture d4 d5")
    assert g.st.cities[parse_cell("d5", 12, 8)].owner == 1 and at(g, "d4").type == "halberd"
    assert g.st.player == 1
    assert any(e.msg.key == "jiangshan.ev.garrisoned" for e in g.events(0))


def test_rocks_from_a_garrisoned_city_once_per_turn():
    """Seed 驻军可向周围占据城门的敌军部队发动一次远程攻击(落石) ... 也不能攻击重甲部队; J11: once per turn."""
    g = make(red=["king@a1"], cities=[("d4", "city", 0, ("blade",))],
             white=["halberd@d5:battle:S", "armour@c4:battle:E", "king@l8"])
    t = texts(g)
    assert "rocks d4 d5" in t and "rocks d4 c4" not in t
    g.apply("rocks d4 d5")
    assert at(g, "d5").disorder and not any(x.startswith("rocks") for x in texts(g))


def test_siege_takes_the_city_and_destroys_its_garrison():
    """Seed 围困: 当一座城市的所有城门均被敌方的部队或不可移动的地形(山、水、地图边界)包围时 ... 立即获得该座
    城市并消灭原城市下的驻军 (每支部队1点功绩)."""
    g = make(red=["blade@c1", "halberd@e1", "bow@d2", "king@a3"], cities=[("d1", "city", 1, ("armour", "blade"))],
             white=["king@l8"])
    assert "siege d1" in texts(g)  # the south gate is the edge of the map
    g.apply("siege d1")
    assert g.st.cities[parse_cell("d1", 12, 8)].owner == 0
    assert g.st.sides[0].merit == 2 and not any(u.owner == 1 and u.in_city for u in g.st.units.values())
    g = make(red=["blade@c1", "bow@d2", "king@a3"], cities=[("d1", "city", 1)], white=["king@l8"])
    assert "siege d1" not in texts(g)


def test_recruiting_costs_merit_and_support_places_at_a_camp():
    """Seed 征兵: 消耗功绩招募部队 ... 功绩与招募费用为1:1; 支援: 步兵和骑兵可放在兵营内或兵营的城门处;
    奔袭部队只能放在兵营内. 王、后 cannot be recruited."""
    g = make(red=["king@a1"], cities=[("d4", "camp", 0)], white=["king@l8"], reserve=({"chariot": 1, "blade": 1}, {}))
    g.st.sides[0].merit = 3
    g._legal = None
    t = texts(g)
    assert {"recruit blade", "recruit halberd", "recruit armour", "recruit horse"} <= t
    assert "recruit chariot" not in t and "recruit queen" not in t and "recruit king" not in t
    assert {"support blade d4", "support blade d5", "support blade c4", "support chariot d4"} <= t
    assert "support chariot d5" not in t
    g.apply("recruit armour")
    assert g.st.sides[0].merit == 0 and g.st.sides[0].reserve["armour"] == 1
    g.apply("support blade d5")
    assert at(g, "d5").type == "blade" and at(g, "d5").state == "march"


def test_rebuild_turns_a_city_into_a_camp():
    """Seed 改建: 玩家可以花费一个行动,将城市改建成军营,或将军营改建为城市."""
    g = make(red=["king@a1"], cities=[("d4", "city", 0)], white=["king@l8"])
    g.apply("rebuild d4")
    assert g.st.cities[parse_cell("d4", 12, 8)].kind == "camp" and g.st.player == 1


def test_the_log_names_a_marching_unit_only_by_its_class_for_the_enemy():
    """J5 in the log: the owner reads "刀兵", the enemy only "步" for a marching unit's march."""
    g = make(red=["blade@e3", "king@a1"], white=["king@l8"])
    g.apply("move e3 e4")
    mine = [e.msg for e in g.events(0) if e.msg.key == "jiangshan.ev.moved"][-1]
    theirs = [e.msg for e in g.events(1) if e.msg.key == "jiangshan.ev.moved"][-1]
    assert "刀兵" in mine.render("zh") and "刀兵" not in theirs.render("zh") and "步" in theirs.render("zh")
    assert theirs.render("en") == "Han: the foot unit marched from e3 to e4"


def test_hidden_variant_keeps_the_view_and_changes_hidden_types():
    """The generic hidden-information check's variant: same observation for the viewer, other hidden facts."""
    import random

    from engine.jiangshan import new_game

    g = new_game(seed=2)
    g.apply("pick fire+ruse+substitute")
    g.apply("pick formation+crossing+scout")
    changed = False
    for k in range(6):
        v = g.hidden_variant(0, random.Random(k))
        assert v.observe(0) == g.observe(0) and v.legal_action_texts() == g.legal_action_texts()
        changed |= any(v.st.units[i].type != u.type for i, u in g.st.units.items())
        changed |= v.st.sides[1].tallies != g.st.sides[1].tallies
    assert changed


def test_hidden_variant_moves_units_hidden_under_forests_and_in_cities():
    """J5: a unit under a forest or in a city is seen by its owner only, so the variant may put 楚's hidden
    units under any free forest or into 楚's own city, with their types reshuffled; 汉's observation and
    legal actions (J8: a capture into any forest is offered) stay the same; 汉's own units never move."""
    import random

    rows = ["............", "...F........", "...........F", "............",  # rank 8 first: forests
            "............", "........F...", "....F.......", ".F.........."]  # d7 l6 i3 e2 b1
    g = make(red=["halberd@e5:battle:N", "horse@c3"], white=["blade@b1", "general@i3", "chariot@l8:battle:S"],
             rows=rows, cities=[("f7", "city", 1, ["armour", "bow"])])
    hidden = {u.uid for u in g.st.units.values() if u.owner == 1 and g.st.hidden(u)}
    assert len(hidden) == 4  # b1 and i3 forests, two garrisons of f7
    places, types = set(), set()
    for k in range(30):
        v = g.hidden_variant(0, random.Random(k))
        assert v.observe(0) == g.observe(0)
        assert v.legal_action_texts() == g.legal_action_texts()
        assert {i for i, u in v.st.units.items() if u.owner == 1 and v.st.hidden(u)} == hidden
        for i, u in g.st.units.items():
            if i not in hidden:
                w = v.st.units[i]
                assert (w.type, w.cell, w.state, w.in_city) == (u.type, u.cell, u.state, u.in_city)
        layout = tuple(sorted((v.st.units[i].cell, v.st.units[i].in_city, v.st.units[i].type) for i in hidden))
        places.add(tuple(sorted(c for c, _, _ in layout)))
        types.add(layout)
        assert sorted(t for _, _, t in layout) == ["armour", "blade", "bow", "general"]
        assert g.st.units[next(iter(hidden))].cell == g.st.units[next(iter(hidden))].cell  # the original is untouched
    assert len(places) > 3 and len(types) > 10
