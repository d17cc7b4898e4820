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
from tests.save_lang_util import english_words


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
    """Each kind of refusal comes from a real file; the reason names the file and says why in the language shown,
    the whole of it (session 20: the Chinese had the engine's English detail after its words); a save whose content
    is wrong says that nothing was loaded; nothing is loaded."""
    before = list(app.scenes)
    old = i18n.lang()
    try:
        for kind, path in _files(tmp_path).items():
            i18n.set_lang("zh")
            zh = str(app.load_path(path))
            i18n.set_lang("en")
            en = str(app.load_path(path))
            assert path.name in zh and path.name in en and zh != en, (kind, zh, en)
            assert not english_words(zh, path.name), (kind, zh)
            assert zh.startswith("存档内容有误，什么也没有载入：") == (kind == "invalid"), (kind, zh)
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
    e = pickle.loads(pickle.dumps(SaveError(kind="version", key="saves.bad.version", title="江山", version="2", reads=1)))
    assert (e.kind, e.msg.key, e.text("zh")) == ("version", "saves.bad.version", "不支持这个江山存档的版本（“version”是2，本程序读取版本1）")
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
