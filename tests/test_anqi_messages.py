"""暗战洛阳城 on the common layer: keyed messages (zh and en), action steps, descriptions, seat names, events."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from client.games.anqi import HELP_KEYS
from engine.api import Event, IllegalAction, Step
from engine.anqi import Flip, Move, new_game
from engine.anqi.board import KINDS, layout
from engine.anqi.game import setup
from engine.anqi.text import FACTION_KEYS
from engine.messages import Msg, catalogue, keys_used, template

ENGINE = Path(__file__).resolve().parents[1] / "engine" / "anqi"
PLUGIN = Path(__file__).resolve().parents[1] / "client" / "games" / "anqi.py"
NAMES = layout().names


def rendered_ok(m: Msg) -> None:
    assert isinstance(m, Msg), m
    for k in keys_used(m):
        assert template(k, "zh") is not None and template(k, "en") is not None, f"{k} is not in anqi.toml"
    for lang in ("zh", "en"):
        s = m.render(lang)
        assert s and "{" not in s and "anqi." not in s, (m.key, lang, s)


def test_every_key_written_in_the_engine_is_in_the_catalogue_in_both_languages():
    cat = catalogue("anqi")
    literal = set()
    for path in [*ENGINE.glob("*.py"), PLUGIN]:  # the plugin's own words live in anqi.toml too (anqi.client.*)
        literal |= set(re.findall(r'"(anqi\.[a-z_.0-9]+)"', path.read_text(encoding="utf-8")))
    literal.discard("anqi.toml")
    assert len(literal) > 30
    # keys built from a family name + a value: every value the engine can pass
    families = ([f"anqi.faction.{f}" for f in FACTION_KEYS] + [f"anqi.kind.{k}" for k in KINDS]
                + [f"anqi.kindname.{k}" for k in KINDS] + [f"anqi.ordinal.{n}" for n in (1, 2, 3)]
                + ["anqi.describe.capture", "anqi.describe.jump"]
                + [f"anqi.help.{k}" for k in HELP_KEYS])  # the client's F1 page
    for key in sorted(literal | set(families)):
        assert key in cat, f"{key} is used by engine/anqi but missing in assets/messages/anqi.toml"
        assert cat[key]["zh"].strip() and cat[key]["en"].strip()
    # and the catalogue holds nothing the engine never uses
    assert set(cat) <= literal | set(families), sorted(set(cat) - literal - set(families))


def test_seat_names_are_the_factions():
    g = new_game(seed=1)
    assert [g.seat_name(s).render("zh") for s in range(3)] == ["吴", "魏", "蜀"]
    assert [g.seat_name(s).render("en") for s in range(3)] == ["Wu", "Wei", "Shu"]
    with pytest.raises(ValueError):
        g.seat_name(3)


def test_refusals_are_keyed_in_both_languages_and_name_the_rule():
    # seed: "君主不可以主动送吃" (A5); "炮...不可吃君主和车" (A4); "兵最弱" (A3)
    g = setup({"h5": "吴君", "h7": "魏兵", "e8": "魏君", "e2": "蜀君", "b3": "吴炮", "c3": "魏兵",
               "f3": "魏车", "d5": "吴士", "d6": "魏相"}, {"b8": "魏马"})
    cases = {
        "move h5 h6": ("A5", "君主不可以主动送吃：敌方下一步可吃到该格"),
        "move b3 f3": ("A4", "炮不可吃君主和车"),
        "move d5 d6": ("A3", "士不能吃战力更高的相"),
        "move b8 b7": ("A2", "b8是暗子：只能翻开，不能走动"),
        "move e8 e7": ("A2", "e8上是魏的棋子，不是吴的"),
        "flip d5": ("A2", "d5没有可翻开的暗子"),
        "move d5 d7": ("A4", "棋子只能横竖向走一格"),
        "jump": ("syntax", "不是本棋的行动：jump"),
    }
    for text, (rule, zh) in cases.items():
        with pytest.raises(IllegalAction) as e:
            g.apply(text)
        assert e.value.rule == rule
        assert e.value.msg.render("zh") == zh
        # the rule id in Chinese: a word id by its catalogue name (syntax -> 格式), a ruling as itself
        assert e.value.text("zh") == f"{zh} [{ {'syntax': '格式'}.get(rule, rule)}]"
        rendered_ok(e.value.msg)
    with pytest.raises(IllegalAction) as e:
        g.apply("move d5 d6")
    assert e.value.message == "the advisor cannot capture the higher-ranked elephant"


def test_every_refusal_in_random_games_renders_in_both_languages():
    rng = random.Random(3)
    for seed in (2, 3):
        g = new_game(seed=seed)
        for step in range(160):
            if g.is_over:
                break
            if step % 40 == 0:
                legal = set(g.legal_action_texts())
                for src in NAMES:
                    for text in [f"flip {src}"] + [f"move {src} {dst}" for dst in NAMES[::3]]:
                        if text not in legal:
                            with pytest.raises(IllegalAction) as e:
                                g.apply(text)
                            rendered_ok(e.value.msg)
            g.apply(rng.choice(g.legal_actions()))


def test_record_messages_in_the_seeds_notation():
    g = setup({"h5": "吴君", "e8": "魏君", "e2": "蜀君", "c3": "吴车", "c4": "魏马", "b6": "吴炮",
               "f6": "魏相", "d5": "蜀马", "e5": "汉帝", "i5": "汉车", "e1": "汉车", "e9": "汉车",
               "a5": "汉炮"}, {"d6": "蜀兵"})
    assert g.describe(Move("c3", "c4")).render("zh") == "c3→c4 吃魏马"
    assert g.describe("move c3 c4").render("en") == "c3xc4 takes the Wei horse"
    assert g.describe(Move("b6", "f6")).render("zh") == "b6→f6 炮打魏相"
    assert g.describe(Flip("d6")).render("zh") == "翻开d6"  # names no piece before the flip
    g.apply("move c3 c4")
    assert g.record_msgs[-1].render("zh") == "吴：c3→c4 吃魏马"
    g.apply("flip d6")
    assert g.record_msgs[-1].render("zh") == "魏：翻开d6=蜀兵"
    assert g.record_msgs[-1].render("en") == "Wei flips d6: Shu soldier"
    assert g.describe("move d5 e5").render("zh") == "d5→e5 勤王"
    g.apply("move d5 e5")
    line = g.record_msgs[-1].render("zh")
    assert line == "蜀：d5→e5 勤王；吴与魏自动结盟，直至蜀出局", line
    assert len(g.record_msgs) == len(g.record) == len(g.log)
    for m in g.record_msgs:
        rendered_ok(m)


def test_events_are_public_and_mark_chance():
    g = new_game(seed=4)
    ev = g.events(0)
    assert len(ev) == 1 and ev[0].chance and ev[0].visible_to is None
    assert ev[0].msg.render("zh") == "其余45子洗混后全部扣置"
    g.apply("flip b2")
    g.apply("move e8 e7") if "move e8 e7" in g.legal_action_texts() else g.apply(g.legal_actions()[0])
    for p in range(3):
        assert g.events(p) == g.events(0)  # AQ9: nothing is private to one player
    ev = g.events(1)
    assert isinstance(ev[1], Event) and ev[1].chance and ev[1].msg == g.record_msgs[0]
    assert not any(str(e.msg.kw.get("outcome", "")) for e in ev)


def test_end_reasons_and_ranking_reasons_are_keyed():
    # A7: the last faction standing
    g = setup({"h5": "吴君", "d2": "吴兵", "e2": "蜀君"}, {}, out=(1,))
    assert g.end_reason() == ""
    g.apply("move d2 e2")
    assert g.end_reason().render("zh") == "吴胜：其余两方均已出局（A7）"
    assert g.end_reason().render("en") == "Wu wins: the last faction standing (A7)"
    r = g.ranking()
    assert [p.msg.render("zh") for p in r] == ["最后留存的势力", "出局（棋子被吃光），蜀是第二个出局的势力",
                                               "出局（局面设定），魏是第一个出局的势力"]
    for p in r:
        rendered_ok(p.msg)
    # AQ7: the progress rule
    lim = layout().quiet_limit
    g = setup({"b2": "吴君", "h8": "魏君", "b8": "蜀君", "h2": "蜀车"}, {}, quiet=lim - 1)
    g.apply("move b2 c2")
    assert g.is_over and g.end_reason().render("en") == f"{lim} actions without progress (A7): Shu is first by material"
    assert g.ranking()[0].msg.render("zh") == "按子力排名（无进展规则）：子力13，2枚棋子"


def test_action_steps_flip_is_cell_then_option_and_move_is_two_cells():
    g = setup({"h5": "吴君", "e8": "魏君", "e2": "蜀君", "c3": "吴车", "c4": "魏马"}, {"b2": "魏兵"})
    assert g.action_steps(Flip("b2")) == (Step("cell", "b2"), Step("option", "flip", "anqi.step.flip"))
    assert g.action_steps("move c3 c4") == (Step("cell", "c3"), Step("cell", "c4"))
    first = g.next_steps(())
    assert all(s.kind == "cell" for s in first)
    assert {s.value for s in first} == {"b2", "c3", "h5"}
    assert g.next_steps((Step("cell", "b2"),)) == [Step("option", "flip", "anqi.step.flip")]
    assert {s.value for s in g.next_steps((Step("cell", "c3"),))} == {"c2", "d3", "b3", "c4"}
    assert str(g.action_for((Step("cell", "c3"), Step("cell", "c4")))) == "move c3 c4"
    assert g.action_for((Step("cell", "c3"), Step("cell", "c5"))) is None
    assert template("anqi.step.flip", "zh") == "翻开"


def test_events_of_an_action_follow_its_line():
    # A6 / A7: 吴 takes the last piece of 魏, who made 勤王: 魏 is out and the alliance of 吴 and 蜀 ends
    g = setup({"h5": "吴君", "e2": "蜀君", "c3": "吴车", "c4": "蜀兵", "g8": "魏兵", "g7": "吴车"},
              {"b2": "吴兵"}, qinwang=1)
    g.apply("move g7 g8")
    assert g.record_msgs[-1].render("zh") == "吴：g7→g8 吃魏兵；魏棋子被吃光，出局；勤王方魏已出局，吴与蜀转为对战"
    assert g.record_msgs[-1].render("en") == ("Wu g7xg8 takes the Wei soldier; Wei is out: no pieces left; "
                                              "Wei, who made the Rescue, is out: Wu and Shu are at war again")
    assert g.record[-1] == "吴 move g7 g8 x魏兵; 魏 out: no pieces left; alliance over: 吴 and 蜀 fight again"
