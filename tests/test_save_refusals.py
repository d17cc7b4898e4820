"""A refused save says why in the player's language (engine.api.SaveError.kind named in words) and
loads nothing: the App's scene stack and game stay as they were."""
from __future__ import annotations

import json
import pickle

import pytest

from client import i18n
from client.savefile import load_error_text
from engine import registry
from engine.api import SAVE_ERROR_KINDS, SaveError


def _files(tmp_path):
    """One file per kind of refusal, made the way a player would meet it."""
    good = json.loads(registry.get("baige").new_game().to_json())
    foreign = dict(good, game="chess960")
    version = dict(good, version=999)
    bad_action = dict(good, actions=["z9z9"])
    paths = {"unreadable": tmp_path / "missing.json", "not_save": tmp_path / "garbage.json",
             "foreign": tmp_path / "foreign.json", "version": tmp_path / "version.json",
             "invalid": tmp_path / "invalid.json"}
    paths["not_save"].write_text("garbage, not JSON")
    paths["foreign"].write_text(json.dumps(foreign))
    paths["version"].write_text(json.dumps(version))
    paths["invalid"].write_text(json.dumps(bad_action))
    return paths


def test_every_kind_is_met_and_named_in_chinese(app, tmp_path):
    """Each kind of refusal comes from a real file; in Chinese the reason is a Chinese sentence naming the file
    (not a save) or with the engine's detail after it (version, content), in English the detail alone; nothing is
    loaded."""
    before = list(app.scenes)
    heads = {"unreadable": "无法读取这个文件", "not_save": "这不是本程序的存档", "foreign": "这是别的游戏的存档",
             "version": "不支持这个存档的版本", "invalid": "存档内容有误，什么也没有载入"}
    old = i18n.lang()
    try:
        for kind, path in _files(tmp_path).items():
            i18n.set_lang("zh")
            zh = app.load_path(path)
            i18n.set_lang("en")
            en = app.load_path(path)
            if kind in ("unreadable", "not_save", "foreign"):  # no English sentence in the Chinese text
                assert zh == f"{heads[kind]}：{path.name}", (kind, zh)
                assert path.name in en and en != zh
            else:
                assert zh.startswith(heads[kind] + "（") and zh.endswith("）"), (kind, zh)
                assert en == zh[len(heads[kind]) + 1:-1], (kind, en)  # the same detail, English
            assert app.scenes == before
    finally:
        i18n.set_lang(old)


def test_kinds_are_checked_and_survive_pickling():
    """An unknown kind is a programming error; the kind survives the AI process's pickling."""
    with pytest.raises(ValueError, match="kind"):
        SaveError("x", "corrupt")
    for kind in SAVE_ERROR_KINDS:
        e = pickle.loads(pickle.dumps(SaveError("detail", kind)))
        assert (str(e), e.kind) == ("detail", kind)
    assert load_error_text(ValueError("plain")) == i18n.t("saves.error_invalid", detail="plain")


@pytest.mark.parametrize("text,words", [('{"game": "baige", "broken\x01', "Invalid control character at line 1"),
                                        ('{"game": "baige", "unterminated', "Unterminated string starting at line 1"),
                                        ('{"game": }', "Expecting value at line 1")])
def test_a_broken_json_save_says_where_once(text, words):
    # found by the new-player QA under Xvfb (session 19): a save cut short read "Invalid control character at at line
    # 1 column 43" (json's message ends "at", and the refusal added "at line")
    from engine.saves import parse_json

    with pytest.raises(SaveError) as e:
        parse_json(text)
    assert e.value.kind == "not_save"
    assert words in str(e.value) and "at at" not in str(e.value)
