"""江山 turn phases and the rest: supply and morale (补给, 群龙无首), fire and the weather die (J2, J11),
the six tallies with their costs, 李代桃僵 in the enemy's turn (J12), the end of the game (J13), refusals,
the log and saves."""
from __future__ import annotations

import json
import random

import pytest

from engine.api import IllegalAction, SaveError
from engine.jiangshan import load_game, new_game
from engine.jiangshan.board import parse_cell
from engine.messages import keys_used, template
from tests.jiangshan_util import at, give, make, settle, texts


def C(n):
    return parse_cell(n, 12, 8)


def pass_turn(g):
    """The seat to move ends its turn with its first plain march (or end)."""
    p = g.st.player
    while g.st.player == p and not g.is_over:
        t = sorted(texts(g))
        g.apply("end" if "end" in t else next(x for x in t if x.startswith("move")))
        settle(g)


def test_supply_raises_morale_every_four():
    """Seed 补给: 每个城市可提供1点补给 ... 每四个补给可以提升1个士气 (军营不提供补给)."""
    g = make(red=["blade@e3", "king@a1"], white=["king@l8", "blade@h6"],
             cities=[("b3", "city", 0), ("c3", "city", 0), ("d3", "camp", 0)])
    s = g.st.sides[0]
    assert (s.supply, s.morale) == (2, 3)  # 汉's first preparation phase: two cities, the camp gives nothing
    pass_turn(g)
    pass_turn(g)
    assert (s.supply, s.morale) == (0, 4)


def test_a_hidden_king_costs_morale_and_a_rout_loses():
    """Seed 群龙无首: 若王在版图上消失,即藏匿到城市或森林下方 ... 每回合减少1个士气; 士气值为-1 则立即宣布失败."""
    rows = ["." * 12] * 7 + ["F..........."]  # a1 forest
    g = make(red=["king@a1", "blade@e3"], white=["king@l8", "blade@h6"], rows=rows, morale=0)
    assert g.is_over and g.st.winner == 1 and g.st.reason == "rout"
    assert [p.player for p in g.ranking()] == [1, 0] and g.ranking()[1].out
    assert "routed" in g.end_reason().render("en")


def test_fire_tally_and_the_weather_die():
    """Seed 烈火燎原 (2 morale) and 天命: 烈日 turns a small forest fire large; a large fire spreads a small
    fire to the edge-connected forest and burns its own forest with the unit under it (no merit, J11);
    暴雨 turns large to small and puts small out; a small fire on a plain goes out in the sun."""
    rows = ["." * 12] * 3 + ["...FF.......", "." * 12, "." * 12, "." * 12, "." * 12]  # d5, e5 forest
    g = make(red=["bow@d3:battle:N", "king@a1"], white=["blade@e5", "king@a8"], rows=rows)
    give(g, 0, "fire", morale=3)
    assert {"fire d3 d5", "fire d3 c4"} <= texts(g) and "fire d3 d3" not in texts(g)
    g.apply("fire d3 d5")
    assert g.st.fires == {C("d5"): "small"} and g.st.sides[0].morale == 1
    g.chance.force((3,))  # 烈日 at 楚's preparation
    pass_turn(g)
    assert g.st.fires == {C("d5"): "large"}
    assert any(e.chance and e.msg.key == "jiangshan.ev.weather" for e in g.events(0))
    assert any(e.chance and e.msg.key == "jiangshan.ev.weather" for e in g.events(1))  # the roll is public
    g.chance.force((4,))  # 烈日 again at 汉's preparation: d5 burns down, e5 catches fire
    pass_turn(g)
    assert g.st.ter(C("d5")) == "plain" and g.st.fires == {C("e5"): "small"}
    assert at(g, "e5").disorder  # 因着火而发生混乱
    g.chance.force((3,))
    pass_turn(g)
    assert g.st.fires == {C("e5"): "large"}
    g.chance.force((4,))
    merit = g.st.sides[0].merit
    pass_turn(g)
    assert at(g, "e5") is None and g.st.ter(C("e5")) == "plain" and g.st.fires == {}
    assert g.st.sides[0].merit == merit  # J11: kills by fire give no merit


def test_rain_turns_fires_down():
    g = make(red=["king@a1"], white=["king@l8"], rows=["." * 12] * 3 + ["...F........"] + ["." * 12] * 4)
    g.st.fires = {C("d5"): "large", C("g4"): "small"}
    g.chance.force((5,))
    pass_turn(g)
    assert g.st.fires == {C("d5"): "small"}
    g.st.fires[C("g4")] = "small"
    g.chance.force((1,))  # 多云: nothing changes
    pass_turn(g)
    assert g.st.fires == {C("d5"): "small", C("g4"): "small"}
    g.chance.force((3,))  # 烈日: the plain fire goes out, the forest fire grows
    pass_turn(g)
    assert g.st.fires == {C("d5"): "large"}


def test_units_cannot_enter_or_pass_burning_cells():
    """Seed: 部队不能进入或通过着火的地形 (J7)."""
    g = make(red=["chariot@d1", "king@a1"], white=["king@l8"])
    g.st.fires = {C("d3"): "small"}
    g._legal = None
    dests = {t.split()[2] for t in texts(g) if t.startswith("move d1 ")}
    assert "d2" in dests and "d3" not in dests and "d4" not in dests


def test_spending_morale_clears_the_supply():
    """Seed: 士气在消耗时会清空剩余的补给 — 兵者诡道 (3 morale) gives one more action point."""
    g = make(red=["blade@e3", "halberd@a3", "king@a1"], white=["king@l8"], cities=[("h3", "city", 0)])
    give(g, 0, "ruse", morale=3)
    assert g.st.sides[0].supply == 1
    g.apply("ruse")
    assert (g.st.sides[0].morale, g.st.sides[0].supply, g.st.ap) == (0, 0, 2)
    g.apply("move e3 e4")
    assert g.st.player == 0 and "move e4 e5" not in texts(g)  # the moved unit cannot be moved again
    g.apply("move a3 a4")
    assert g.st.player == 1
    assert g.st.sides[0].used_tallies == ["ruse"] and g.observe(1)["sides"][0]["tallies_left"] == 0


def test_formation_swaps_two_units_of_a_leaders_area():
    """Seed 排兵布阵: 消耗1个士气,指定两支处于同一名将领指挥区域的部队交换位置,或命令一支位于指挥区域的部队
    与该将领交换位置 (1 action)."""
    g = make(red=["general@d4", "blade@c3", "chariot@e5", "king@a1"], white=["king@l8"])
    give(g, 0, "formation", morale=1)
    t = texts(g)
    assert {"formation d4 c3 e5", "formation d4 c3 d4", "formation d4 d4 e5"} <= t
    g.apply("formation d4 c3 d4")
    assert at(g, "c3").type == "general" and at(g, "d4").type == "blade" and g.st.sides[0].morale == 0


def test_scout_tally_places_a_scout_by_a_leader():
    """Seed 无中生有: 消耗2个士气,立即获得一个斥候 ... 放置在将领的指挥区域上,或 ... 放入预备役;
    斥候可以通过移动的方式消灭其他玩家的斥候,但不能攻击常规的部队 (消灭斥候不能获得功绩). J18: by support, with a face."""
    g = make(red=["general@d4", "king@a1"], white=["king@l8", "scout@e6", "blade@c6:battle:S"])
    give(g, 0, "scout", morale=2)
    assert {"scout e5 foot", "scout e5 horse", "scout reserve"} <= texts(g)
    g.apply("scout e5 foot")
    assert at(g, "e5").type == "scout"
    g2 = make(red=["scout@d5", "king@a1"], white=["king@l8", "scout@e6", "blade@c6:battle:S"])
    t = texts(g2)
    assert "capture d5 e6 foot" in t and not [x for x in t if x.startswith("capture d5 c6")]
    g2.apply("capture d5 e6 foot")
    assert g2.st.sides[0].merit == 0


def test_substitute_is_the_defenders_decision_in_the_attackers_turn():
    """J12 / seed 李代桃僵: 在敌方回合 ... 当对方进攻本方将领 ... 将一个位于指挥位置上的本方部队与该将领
    互换位置 — the game waits for the defender's answer before the capture is resolved."""
    g = make(red=["halberd@d3:battle:N", "king@a1"], white=["general@d4:battle:S", "blade@e5:battle:S", "king@l8"])
    give(g, 1, "substitute", "ruse", morale=3)
    g.apply("capture d3 d4 N")
    assert g.stage == "reaction" and g.current_player == 1
    assert set(g.legal_action_texts()) == {"decline", "substitute d4 e5"}
    g.apply("substitute d4 e5")
    assert at(g, "e5").type == "general" and at(g, "d4").type == "halberd" and at(g, "d4").owner == 0
    assert g.st.sides[1].morale == 0 and not any(u.type == "blade" and u.owner == 1 for u in g.st.units.values())


def test_the_attacker_waits_even_when_the_defender_has_no_substitute():
    """J12 without leaking: whether the defender holds 李代桃僵 is hidden, so any defender with unused tallies
    and 3 morale is asked; one without the tally can only decline."""
    g = make(red=["halberd@d3:battle:N", "king@a1"], white=["blade@d4:battle:S", "king@l8"])
    give(g, 1, "ruse", morale=3)
    g.apply("capture d3 d4 N")
    assert g.stage == "reaction" and g.legal_action_texts() == ["decline"]
    g.apply("decline")
    assert at(g, "d4").owner == 0 and g.st.sides[0].merit == 1


def test_capturing_the_king_wins():
    """Seed 王: 若王被消灭,则立即失败."""
    g = make(red=["halberd@d3:battle:N", "king@a1"], white=["king@d4:battle:S"])
    g.apply("capture d3 d4 N")
    assert g.is_over and g.st.winner == 0 and g.legal_actions() == []
    assert "king is destroyed" in g.end_reason().render("en") and "王被消灭" in g.end_reason().render("zh")


def test_a_stalled_war_ends_ranked_by_morale_then_merit():
    """J13: no capture, city change or morale change for 40 turns ends the game, ranked by morale, then merit."""
    g = make(red=["blade@a3", "king@a1"], white=["blade@l6", "king@l8"])
    g.st.sides[1].merit = 1
    n = 0
    while not g.is_over:
        pass_turn(g)
        n += 1
    assert n == 40 and g.st.reason == "stall" and g.st.winner == 1


def test_a_seat_with_no_action_ends_its_turn():
    """J13: a player with no legal action passes ("end" is offered only then or after the action point)."""
    g = make(red=["blade@a2:battle:S", "king@a1"], white=["king@l8"])
    g.st.units[next(u.uid for u in g.st.units.values() if u.type == "king" and u.owner == 0)].disorder = True
    g._legal = None
    assert texts(g) == {"end"}
    g2 = make(red=["blade@e3", "king@a1"], white=["king@l8"])
    with pytest.raises(IllegalAction) as e:
        g2.apply("end")
    assert e.value.rule.startswith("seed 行动阶段")


def test_illegal_actions_name_their_rule_and_change_nothing():
    g = make(red=["blade@e3:battle:N", "king@a1"], white=["halberd@e6:battle:S", "king@l8"])
    before = g.to_json(), json.dumps(g.observe(0)), json.dumps(g.observe(1))
    for text, rule in (("move e3 f4 N", "J7"), ("capture e3 e4 N", "J1"), ("move e6 e5 S", "seed 行动"),
                       ("ruse", "seed 虎符的使用"), ("face e3 N", "seed 行动阶段"), ("move e3 e4", "J3")):
        with pytest.raises(IllegalAction) as e:
            g.apply(text)
        assert e.value.rule == rule, text
        assert e.value.text("zh") and e.value.text("en")
        assert (g.to_json(), json.dumps(g.observe(0)), json.dumps(g.observe(1))) == before


def test_tallies_are_chosen_secretly_at_the_start():
    """Seed 虎符的获得: 每名玩家每局游戏可选择3个虎符使用; the enemy sees only how many (反面为虎符标志)."""
    g = new_game()
    assert g.stage == "tallies" and g.current_player == 0 and len(g.legal_actions()) == 20
    g.apply("pick fire+ruse+substitute")
    assert g.current_player == 1 and len(g.legal_actions()) == 20
    assert "tallies" not in g.observe(1)["sides"][0] and g.observe(1)["sides"][0]["tallies_left"] == 3
    assert g.observe(0)["sides"][0]["tallies"] == ["fire", "ruse", "substitute"]
    assert not any("fire" in str(e.msg.params) for e in g.events(1))
    g.apply("pick formation+crossing+scout")
    assert g.stage == "action" and g.current_player == 0


def test_saves_replay_with_forced_weather_and_refuse_corruption():
    g = make(red=["king@a1"], white=["king@l8"])
    g = new_game(seed=3)
    rng = random.Random(3)
    for _ in range(60):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    h = load_game(g.to_json())
    assert h.to_json() == g.to_json() and h.observe(0) == g.observe(0)
    bad = json.loads(g.to_json())
    bad["options"]["scenario"] = "atlantis"
    with pytest.raises(SaveError):
        load_game(json.dumps(bad))
    bad = json.loads(g.to_json())
    bad["actions"].insert(3, "move a1 a9")
    with pytest.raises(SaveError):
        load_game(json.dumps(bad))


def test_every_emitted_message_renders_in_both_languages():
    keys = set()
    for seed in range(4):
        g = new_game(seed=seed, scenario="random" if seed % 2 else "chuhan")
        rng = random.Random(seed)
        for _ in range(300):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        for p in (0, 1):
            for e in g.events(p):
                keys |= keys_used(e.msg)
                for lang in ("zh", "en"):
                    assert "{" not in e.msg.render(lang)
        for a in g.legal_actions()[:20]:
            keys |= keys_used(g.describe(a))
        if g.is_over:
            keys |= keys_used(g.end_reason())
    assert len(keys) > 20
    for k in keys:
        assert template(k, "zh") and template(k, "en"), k


def test_client_steps_are_unique_and_never_the_start_of_another_action():
    """The client builds actions from steps: each legal action has its own steps and none is the start of
    another's (an action that would be gets its kind as a last option: move l1 l2 / capture l1 l2)."""
    for seed in range(3):
        g = new_game(seed=seed, scenario="random" if seed % 2 else "chuhan")
        rng = random.Random(seed)
        for _ in range(60):
            if g.is_over:
                break
            legal = g.legal_actions()
            steps = [g.action_steps(a) for a in legal]
            assert len(set(steps)) == len(steps)
            every = set(steps)
            for st in steps:
                assert not any(st[:k] in every for k in range(1, len(st)))
            g.apply(rng.choice(legal))
