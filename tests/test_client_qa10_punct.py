"""沙场秋点兵 QA (session 10, issue 26): a Chinese attack line joins its two halves with a full-width comma.

The log read '玩家1：a1攻击a4 — 玩家2在a4的部队被全歼': a lone English dash between Chinese words (the English line
keeps its dash)."""
from __future__ import annotations

from client import i18n
from client.games.shachang import hud
from tests.client_util import hot_seat, step


def test_an_attack_reads_with_a_full_width_comma_in_the_chinese_log(app, monkeypatch):
    g, scene = hot_seat(app, [[0, "a1", 7], [0, "h1", 1], [1, "a4", 2], [1, "h8", 1]])
    assert scene.ctl.try_apply(g.parse_action("attack a1 a4"))
    drawn = []
    real = hud.text.draw
    monkeypatch.setattr(hud.text, "draw", lambda surf, s, *a, **k: (drawn.append(str(s)), real(surf, s, *a, **k))[1])
    was = i18n.lang()
    try:
        for lang in ("zh", "en"):
            i18n.set_lang(lang)
            drawn.clear()
            scene.dirty = True
            step(app, 2)
            lines = [s for s in drawn if "a4" in s and ("攻击" in s or "attacks" in s)]
            assert lines, drawn
            want = {"zh": "玩家1：a1攻击a4，玩家2在a4的部队剩1人", "en": "P1 attacks a4 from a1 — P2's unit on a4 is down to 1"}
            assert any(len(s) > 20 and want[lang].startswith(s) for s in lines), lines  # (English may wrap)
            if lang == "zh":
                assert want["zh"] in lines and not any(" — " in s for s in lines)
    finally:
        i18n.set_lang(was)


def test_the_turn_handed_back_reads_as_two_chinese_sentences():
    """The line after the computer's turn read '玩家2：结束回合 — 玩家1（红），轮到你了：…' (an English dash)."""
    from engine.messages import Msg

    for key in ("shachang.ui.your_turn", "shachang.ui.your_turn_reinforce"):
        zh = Msg.of(key, last="玩家2：结束回合", p="玩家1（红）").render("zh")
        assert zh.startswith("玩家2：结束回合。玩家1（红），轮到你了：") and "—" not in zh
        assert Msg.of(key, last="P2 ends the turn", p="P1 (red)").render("en").startswith("P2 ends the turn — P1 (red)")


def test_the_end_of_turn_advice_has_no_spaces_round_the_number_in_chinese():
    """The box before ending a turn read '仍有 1 支部队本回合未行动。仍要结束回合？' (spaces round the digit)."""
    from engine.messages import Msg
    from engine.shachang import advice
    from tests.client_util import position

    g = position([[0, "c3", 5], [0, "a1", 1], [1, "c5", 1], [1, "h8", 1]])
    warned = [Msg.of("shachang.advice.confirm_end", why=w).render("zh") for w in advice.pass_warnings(g)]
    assert warned and all(" " not in w for w in warned), warned
    assert "仍有1支部队本回合未行动。仍要结束回合？" in warned or "仍有2支部队本回合未行动。仍要结束回合？" in warned
