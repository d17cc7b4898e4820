"""A file the client cannot write is said in the player's language (the OS's own words, e.g. "[Errno 17] File
exists: '…/shachang'", were English on a Chinese screen and did not say what was wrong), and a default save folder
that cannot be used does not keep the game from starting."""
from __future__ import annotations

import errno

import pytest

from client import i18n
from client.__main__ import options_from, parse_args
from engine import registry
from tests.client_util import flat_app, kept_client_state


def blocked_folder(tmp_path):
    """A save folder path on which a file stands."""
    f = tmp_path / "shachang"
    f.write_text("x")
    return f


def test_file_errors_are_worded_in_the_players_language(tmp_path):
    folder = blocked_folder(tmp_path)
    with pytest.raises(OSError) as e:
        (folder / "save.json").parent.mkdir(parents=True, exist_ok=True)
    with kept_client_state():
        assert i18n.file_error(e.value, "zh") == f"{folder}：路径上有一个文件挡住了目录"
        assert i18n.file_error(e.value, "en") == f"{folder}: a file stands where a folder should be"
        full = OSError(errno.ENOSPC, "No space left on device", "/x/save.json")
        assert i18n.file_error(full, "zh") == "/x/save.json：可用空间不足"
        assert i18n.file_error(full, "en") == "/x/save.json: the disk is full"
        i18n.set_lang("zh")
        assert i18n.file_error(PermissionError(errno.EACCES, "Permission denied", "/y")) == "/y：不可读写"
        # an error without a translation keeps the OS's words; one without a file is the reason alone
        assert i18n.file_error(OSError(errno.EIO, "Input/output error", "/z")) == "/z：Input/output error"
        assert i18n.file_error(OSError(errno.ENOSPC, "No space left on device")) == "可用空间不足"
        assert i18n.file_error(ValueError("bad")) == "bad"


def test_a_save_that_cannot_be_written_is_said_in_the_language_on_the_screen(tmp_path):
    folder = blocked_folder(tmp_path)
    with flat_app(folder) as app:
        app.start_game(registry.get("baige").new_game(), ["human", "human"])
        sc = app.scene
        assert sc.save_to(folder / "s.json") is None
        assert sc.status_text("zh") == f"存档失败：{folder}：路径上有一个文件挡住了目录"
        assert sc.status_text("en") == f"could not save: {folder}: a file stands where a folder should be"
        assert not sc.autosave()
        assert sc.status_text("en") == f"could not save: {folder}: a file stands where a folder should be"


def test_a_default_save_folder_that_is_a_file_does_not_keep_the_game_from_starting(tmp_path, monkeypatch, capsys):
    folder = blocked_folder(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    o = options_from(parse_args(["--game", "baige"]))
    assert o.save_dir == folder  # the game starts; saving says why it cannot
    with pytest.raises(SystemExit) as e:  # a folder the player names is checked at once
        options_from(parse_args(["--save-dir", str(folder)]))
    assert "--save-dir" in str(e.value.code) and "is not a folder" in str(e.value.code)
