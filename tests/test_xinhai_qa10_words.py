"""辛亥革命 QA (session 10, issue 26): the command marker box names a face's effect with the word its buttons use.

In English the box read '2: Hankou, rally' while the buttons for that face read 'Hankou: command, reorganise'
and 'Hankou: rally, reorganise' ('rally' there is the mode, 全轉待命): a new player could not tell which button
the box's 'rally' meant."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest  # noqa: E402

from engine.messages import Msg  # noqa: E402
from engine.xinhai.data import rules  # noqa: E402

from client.games.base import text as words  # noqa: E402

EXTRA = {"morale+": "morale_up", "morale-": "morale_down", "rally": "rally"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_marker_box_and_the_buttons_name_a_face_effect_alike(lang):
    faces = [f for m in rules().markers for f in m.faces if f.extra == "rally"]
    assert faces
    for f in faces:
        extra = EXTRA[f.extra]
        box = words(Msg.of("xinhai.hud.face", n=1, region=Msg.of(f"xinhai.region.{f.region}"),
                           extra=Msg.of(f"xinhai.hud.extra.{extra}")), lang)
        effect = words(Msg.of(f"xinhai.hud.extra.{extra}"), lang).lstrip("、, ")
        for mode in ("cmd", "rally"):
            button = words(Msg.of(f"xinhai.btn.{mode}.{f.region}.{extra}"), lang)
            assert button.endswith(effect), (box, button)
        if lang == "en":  # 'rally' is the mode's word (全轉待命), not the face's effect
            assert "rally" not in box
    rally_face = words(Msg.of("xinhai.hud.face", n=2, region=Msg.of("xinhai.region.hankou"),
                              extra=Msg.of("xinhai.hud.extra.rally")), lang)
    assert rally_face == {"en": "2: Hankou, reorganise", "zh": "第2面：漢口、整頓"}[lang]


def test_the_help_names_the_two_modes_as_the_buttons_do():
    """The help called the rally mode 'all ready' while every button reads 'rally' (全轉待命)."""
    helped = words(Msg.of("xinhai.help.marker"), "en")
    for mode in ("cmd", "rally"):
        word = words(Msg.of(f"xinhai.mode.{mode}"), "en")
        assert f"'{word}':" in helped
        assert words(Msg.of(f"xinhai.btn.{mode}.hankou.plain"), "en") == f"Hankou: {word}"
    assert "all ready" not in helped
    zh = words(Msg.of("xinhai.help.marker"), "zh")
    assert all(words(Msg.of(f"xinhai.mode.{m}"), "zh") + "：" in zh for m in ("cmd", "rally"))


def test_the_help_and_the_rule_book_explain_the_face_effects_the_buttons_name():
    """English QA: the buttons read 'Hankou: command, reorganise' and '..., morale down', but neither F1's how-to-play
    lines nor the rule book said what 'reorganise' is (the book's X3 left it as 整頓; Find 'reorganise': nothing),
    and the book's periods were 壹 貳 參 肆 where the panel reads 'period 1'."""
    from client.rulebook.reader import load_book

    helped = words(Msg.of("xinhai.help.marker"), "en")
    effects = [words(Msg.of(f"xinhai.hud.extra.{e}"), "en").lstrip(", ") for e in ("rally",)]
    effects += [words(Msg.of(f"xinhai.btn.cmd.hankou.{e}"), "en").split(", ")[-1] for e in ("morale_up", "morale_down")]
    assert effects == ["reorganise", "morale up", "morale down"]
    for effect in effects:
        assert f"'{effect}'" in helped, effect
    assert f"'{words(Msg.of('xinhai.btn.morale'), 'en')}'" in helped
    rulings = {e.rule: e.body("en") for e in load_book("xinhai").entries}
    assert "reorganise" in rulings["X3"] and "period 4" in rulings["X1"] and "period-4" in rulings["X9"]
