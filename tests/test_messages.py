"""engine.messages: keyed messages rendered from the zh/en catalogues; IllegalAction carries one."""
from __future__ import annotations

import pytest

from engine.api import IllegalAction
from engine.messages import CatalogueError, Msg, catalogue, keys_used, render


def test_render_in_both_languages_with_nested_messages():
    m = Msg.of("common.not_your_turn", seat=Msg.of("common.seat", n=2))
    assert render(m, "en") == "it is not P2's turn"
    assert render(m, "zh") == "现在不是玩家2行动"
    assert keys_used(m) == {"common.not_your_turn", "common.seat"}
    assert Msg.of("common.text", text="x") == Msg.of("common.text", text="x")  # hashable, comparable
    assert hash(Msg.of("common.seat", n=1)) == hash(Msg.of("common.seat", n=1))


def test_lists_join_and_unknown_keys_show_themselves():
    m = Msg.of("common.text", text=[Msg.of("common.seat", n=1), Msg.of("common.seat", n=2)])
    assert render(m, "en") == "P1, P2" and render(m, "zh") == "玩家1、玩家2"
    assert render(Msg.of("nosuch.key", a=1), "en") == "nosuch.key(a=1)"


def test_illegal_action_carries_a_keyed_message():
    e = IllegalAction("X1", key="common.syntax", text="fly a1")
    assert e.rule == "X1" and e.message == "not an action of this game: fly a1"
    assert str(e) == "not an action of this game: fly a1 [X1]"
    assert e.text("zh") == "无法识别的行动：fly a1 [X1]"
    plain = IllegalAction("X2", "plain words")
    assert plain.msg.render("zh") == "plain words" and str(plain) == "plain words [X2]"


def test_a_catalogue_without_a_language_is_refused(tmp_path, monkeypatch):
    import engine.messages as M

    (tmp_path / "bad.toml").write_text('[bad.k]\nzh = "只有中文"\n', encoding="utf-8")
    monkeypatch.setattr(M, "ASSETS", tmp_path)
    M.catalogue.cache_clear()
    M._catalogue_for.cache_clear()
    try:
        with pytest.raises(CatalogueError, match="bad.k has no en text"):
            catalogue("bad")
    finally:
        M.catalogue.cache_clear()
        M._catalogue_for.cache_clear()


def test_a_message_key_may_have_messages_below_it(tmp_path, monkeypatch):
    import engine.messages as M

    (tmp_path / "nest.toml").write_text('[nest.a]\nzh = "甲"\nen = "A"\n\n[nest.a.b]\nzh = "乙"\nen = "B"\n',
                                        encoding="utf-8")
    monkeypatch.setattr(M, "ASSETS", tmp_path)
    M.catalogue.cache_clear()
    M._catalogue_for.cache_clear()
    try:
        cat = catalogue("nest")
        assert cat["nest.a"]["en"] == "A" and cat["nest.a.b"]["zh"] == "乙"
    finally:
        M.catalogue.cache_clear()
        M._catalogue_for.cache_clear()
