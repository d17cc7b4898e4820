"""沙场秋点兵 keyed messages (issue 11): every refusal, log event, end and ranking reason of the engine
is a key of assets/messages/shachang.toml with zh and en texts; the English texts are the engine's
historical sentences; action steps and descriptions; 流局 ranking (S18)."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.api import IllegalAction, ParseError, Step
from engine.messages import Msg, catalogue, keys_used, template
from engine.shachang import new_game
from engine.shachang.log import notation
from tests.shachang_util import game

ROOT = Path(__file__).resolve().parents[1]


def rendered_ok(m: Msg) -> None:
    assert isinstance(m, Msg), m
    for k in keys_used(m):
        assert template(k, "zh") is not None and template(k, "en") is not None, f"no catalogue text for {k}"
    for lang in ("zh", "en"):
        s = m.render(lang)
        assert s and "{" not in s and "}" not in s, f"{m.key} renders badly in {lang}: {s!r}"
        assert "shachang." not in s and "common." not in s, f"raw key shown: {s!r}"


def probe_texts(g) -> list[str]:
    """Texts that exercise many refusals: every cell pair near own units, counts, reinforcements, end."""
    own = sorted(c for c, u in g.units.items() if u.owner == g.current_player)[:2]
    names = [f"{chr(97 + c)}{r + 1}" for r in range(g.size) for c in range(g.size)][::5]
    texts = ["end", "march a1 a1 1", "march a1 b1 99", "reinforce a1 99", "attack a1 h8"]
    for src in own:
        s = f"{chr(97 + src[1])}{src[0] + 1}"
        texts += [f"march {s} {d} 1" for d in names] + [f"attack {s} {d}" for d in names]
        texts += [f"march {s} {s} 1", f"march {s} {names[-1]} 99"]
    texts += [f"reinforce {d} 1" for d in names]
    return texts


@pytest.mark.parametrize("mode", ["classic", "tabletop", "digital"])
def test_random_games_render_every_message_in_both_languages(mode):
    """Play random games collecting refusals (e.msg), every player's events, rankings and end reasons."""
    seen_keys: set[str] = set()
    for seed in range(2):
        g = new_game("standard", mode, 2, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not g.is_over and steps < 300:
            if steps % 20 == 0:
                for text in probe_texts(g):
                    try:
                        g.check(text)  # the checks apply() runs first; nothing changes
                    except IllegalAction as e:
                        rendered_ok(e.msg)
                        assert e.message == e.msg.render("en")
                        seen_keys |= keys_used(e.msg)
                    except ParseError:
                        pass
                for a in g.legal_actions()[:20]:
                    rendered_ok(g.describe(a))
                    rendered_ok(g.say(a))
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
        for p in range(g.num_players):
            for ev in g.events(p):
                rendered_ok(ev.msg)
                seen_keys |= keys_used(ev.msg)
            obs = g.observe(p)
            assert list(obs.events) == [notation(m) for m in obs.messages]  # the notation the computer reads
        if g.is_over:
            rendered_ok(g.end_reason())
            for pl in g.ranking():
                rendered_ok(pl.msg)
                assert pl.reason == pl.msg.render("en")
                seen_keys |= keys_used(pl.msg)
    # the probes reach a good part of the refusals
    assert len({k for k in seen_keys if k.startswith("shachang.") and ".ev." not in k}) >= 10, seen_keys


def test_every_key_the_engine_names_is_in_the_catalogue():
    """Static check of the source: each "shachang.…" key written in engine/shachang exists in both languages
    (covers refusals no random game reaches)."""
    cat = catalogue("shachang")
    used = set()
    for f in sorted((ROOT / "engine" / "shachang").glob("*.py")):
        used |= set(re.findall(r'"(shachang\.[a-z_.]+)"', f.read_text(encoding="utf-8")))
    # keys built with an f-string: unit.new_camp_{verb}, act.verb.{v}
    used |= {"shachang.unit.new_camp_move", "shachang.unit.new_camp_attack"}
    used |= {f"shachang.act.verb.{v}" for v in ("reinforce", "march", "attack", "end")}
    used = {k for k in used if not k.endswith(".") and not k.endswith(".toml")}
    assert len(used) > 40
    missing = sorted(k for k in used if k not in cat)
    assert not missing, missing
    for k in used:
        assert cat[k]["zh"].strip() and cat[k]["en"].strip()


def test_english_refusals_name_the_action_in_words():
    """Issue 26: a refusal starts with the action as the player reads it, not its notation."""
    g = game([[0, "a1", 3], [1, "h8", 3]], mode="digital", reserve=[5, 5])
    cases = {
        "march a1 h8 1": "march 1 soldier from a1 to h8: h8 has not been seen this turn",
        "march a1 a1 1": "march 1 soldier from a1 to a1: a march must go to another cell",
        "march a1 b1 4": "march 4 soldiers from a1 to b1: the unit on a1 has only 3 soldiers",
        "march b1 c1 1": "march 1 soldier from b1 to c1: P1 has no unit on b1",
        "reinforce h8 1": "reinforce h8 with 1 soldier: h8 is not in P1's vision",
        "attack a1 h8": "a1 attacks h8: h8 is not in P1's sight",
        "attack a1 a2": "a1 attacks a2: no enemy unit on a2",
    }
    for text, msg in cases.items():
        with pytest.raises(IllegalAction) as e:
            g.apply(text)
        assert e.value.message == msg
    with pytest.raises(IllegalAction) as e:
        g.apply("march a1 a2 1")
        g.apply("march a2 a3 1")
    assert e.value.message == "march 1 soldier from a2 to a3: the new camp on a2 cannot move until P1's next turn"


def test_chinese_texts():
    g = game([[0, "a1", 3], [1, "a3", 1], [1, "h8", 1]], mode="tabletop", reserve=[0, 0])
    with pytest.raises(IllegalAction) as e:
        g.apply("march a1 a3 1")
    assert e.value.text("zh") == "从a1行军到a3（1人）：a3有玩家2的部队，行军不能进入 [S15]"
    g.apply("attack a1 a3")
    ev = g.events(1)[-1].msg
    assert ev.render("zh") == "玩家1：a1攻击a3，玩家2在a3的部队被全歼"
    assert ev.render("en") == "P1 attacks a3 from a1 — P2's unit on a3 is wiped out"
    assert g.observe(1).events[-1] == "P1: attack a1 a3 — P2's unit on a3 is wiped out"  # the notation (ai_model)
    assert g.describe("march a1 c2 3").render("zh") == "行军 a1→c2 3人"  # the notation stays
    assert g.say("march a1 c2 3").render("zh") == "从a1行军到c2（3人）"


def test_action_steps_and_describe():
    g = game([[0, "a1", 3], [1, "h8", 3]])
    assert g.action_steps("march a1 b2 2") == (Step("cell", "a1"), Step("cell", "b2"),
                                               Step("count", "2", "shachang.step.count"))
    assert g.action_steps("attack a1 b2") == (Step("cell", "a1"), Step("cell", "b2"))
    assert g.action_steps("reinforce a1 2") == (Step("cell", "a1"), Step("count", "2", "shachang.step.count"))
    assert g.action_steps("end") == (Step("button", "end", "shachang.act.end"),)
    assert str(g.action_for((Step("cell", "a1"), Step("cell", "a2"), Step("count", "1", "shachang.step.count")))) \
        == "march a1 a2 1"
    assert g.describe("end").render("en") == "end" and g.describe("end").render("zh") == "结束回合"
    assert g.seat_name(1).render("zh") == "玩家2"


# ------------------------------------------------------------------ 流局 (S18)
def void_game():
    g = game([[0, "a1", 3], [1, "h8", 1], [2, "a8", 1]], players=3)
    for _ in range(3):
        g.apply("end")
    assert g.is_over and g.hits == 0
    return g


def test_void_game_every_player_out_sharing_the_last_place():
    """S18 "无人造成伤害则流局，所有玩家淘汰": no winner; all share the last place."""
    r = void_game().ranking()
    assert sorted(p.player for p in r) == [0, 1, 2]
    assert all(p.out for p in r)
    assert {p.place for p in r} == {3}
    assert all(p.msg.key == "shachang.rank.void" for p in r)
    assert "流局" in r[0].msg.render("zh")


def test_game_over_screen_says_nobody_wins():
    from types import SimpleNamespace

    from client import i18n
    from client.games.shachang.gameover import GameOverScene

    g = void_game()
    app = SimpleNamespace(start_title=lambda: None, quit=lambda: None, opts=None)
    scene = GameOverScene(app, SimpleNamespace(game=g, seats=["human"] * 3, ctl=SimpleNamespace()))
    old = i18n.lang()
    try:
        i18n.set_lang("en")
        assert scene.headline() == ["game over: every living player passed a whole round without acting",
                                    "void game: nobody wins"]
        i18n.set_lang("zh")
        assert scene.headline() == ["对局结束：所有玩家一整轮都未行动", "流局：无人获胜"]
        # a decided game has no such line
        w = game([[0, "a1", 3], [1, "a2", 1]], reserve=[0, 0])
        w.apply("attack a1 a2")
        s2 = GameOverScene(app, SimpleNamespace(game=w, seats=["human"] * 2, ctl=SimpleNamespace()))
        assert s2.headline() == ["对局结束：玩家1全灭其他玩家"]
    finally:
        i18n.set_lang(old)


def test_every_action_kind_is_said_in_words_in_both_languages():
    """Issue 26: the display form (``say``) of each action kind, square map and star, zh and en; the
    notation (str, describe) the computer players, tests and saves use is unchanged."""
    g = game([[0, "a1", 3], [1, "h8", 3]])
    said = {
        "reinforce c3 2": ("reinforce c3 with 2 soldiers", "在c3增援2人"),
        "reinforce c3 1": ("reinforce c3 with 1 soldier", "在c3增援1人"),
        "march h1 h2 3": ("march 3 soldiers from h1 to h2", "从h1行军到h2（3人）"),
        "march h1 h2 1": ("march 1 soldier from h1 to h2", "从h1行军到h2（1人）"),
        "attack a1 a4": ("a1 attacks a4", "a1攻击a4"),
        "end": ("end the turn", "结束回合"),
    }
    for text, (en, zh) in said.items():
        assert (g.say(text).render("en"), g.say(text).render("zh")) == (en, zh)
        assert str(g.parse_action(text)) == text and g.describe(text).render("en") == text  # notation kept
    star = new_game("star", "tabletop", 2, seed=1)
    assert star.say("march i5 j5 1").render("en") == "march 1 soldier from i5 to j5"
    assert star.say("march i5 j5 1").render("zh") == "从i5行军到j5（1人）"
    assert star.say("attack i5 k5").render("en") == "i5 attacks k5"
    assert star.say("reinforce b2 1").render("zh") == "在b2增援1人"
    assert star.describe("march i5 j5 1").render("en") == "march i5 j5 1"
    # item uses: their descriptions are already in words, and say gives the same
    items = new_game("standard", "digital", 2, seed=1, items=True, item_seed=1)
    use = items.parse_action("item liu a1")
    assert items.say(use) == items.describe(use)
    assert items.say(use).render("en") == "Slip Away: the unit on a1 jumps to a random empty cell"
    assert items.say(use).render("zh") == "溜之大吉：a1的部队传送到随机空位"


def test_the_log_reads_in_words_while_the_observation_keeps_the_notation():
    """The log entry of each action in words (what the client shows) and the observation's English
    line in the notation (engine/shachang/ai_model.py parses "P1: attack a1 a3" and "end of turn")."""
    g = game([[0, "a1", 3], [1, "a3", 1], [1, "h8", 1]], mode="tabletop", reserve=[2, 0])
    g.apply("reinforce a1 1")
    g.apply("march a1 b1 2")
    g.apply("attack a1 a3")
    g.apply("end")
    words = [e.msg.render("en") for e in g.events(0)][-4:]
    assert words == ["P1 reinforces a1 with 1 soldier", "P1 marches 2 soldiers from a1 to b1 (1 step)",
                     "P1 attacks a3 from a1 — P2's unit on a3 is wiped out", "P1 ends the turn"]
    zh = [e.msg.render("zh") for e in g.events(0)][-4:]
    assert zh == ["玩家1：在a1增援1人", "玩家1：从a1行军到b1，2人（1步）", "玩家1：a1攻击a3，玩家2在a3的部队被全歼",
                  "玩家1：结束回合"]
    assert list(g.observe(0).events)[-4:] == ["P1: reinforce a1 1", "P1: march a1 b1 2 (1 step)",
                                              "P1: attack a1 a3 — P2's unit on a3 is wiped out", "P1: end of turn"]
