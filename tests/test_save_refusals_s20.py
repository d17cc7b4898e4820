"""A refused save says why in the player's language, whole, and in the save's own terms (session 20).

Before: on the Chinese screens a refusal's detail was the engine's English sentence (a truncated file, an unknown
version or game, an illegal saved action, a seed beyond 64 bits, a field of the wrong type); a save of one game whose
``game`` was edited to another's was refused in the other game's terms ("辛亥革命 save: options.setup must be ..."); a
file whose name is not UTF-8 crashed the load list; an unknown option was silently dropped. Each path a refusal takes
to the player is driven here through the real screens (the load list, Continue, F9 in the 3D and the board scenes,
``--load``) in both languages."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pygame
import pytest

from client import i18n, savefile
from client.__main__ import main
from client.app import App
from client.scenes.menu import LoadScene
from client.ui import text
from engine import registry
from engine.api import SaveError
from engine.saves import MAX_SAVE_BYTES
from tests.client_util import click, flat_app, kept_client_state, key, position, step
from tests.save_lang_util import english_words
from tests.test_cli import one_line_exit
from tests.test_fuzz_saves import real_save
from tests.test_settings import launch


def _baige() -> dict:
    g = registry.get("baige").new_game()
    for a in ("f1f2", "a10a9"):
        g.apply(a)
    return json.loads(g.to_json())


def _shachang() -> dict:
    return json.loads(real_save("shachang", moves=4))


def bad_files(folder) -> dict:
    """name -> (what the file holds, the kind of refusal): every refusal a player can meet from a file."""
    b, s = _baige(), _shachang()
    files = {
        "truncated.json": (json.dumps(b)[:45], "not_save"),
        "future.json": (json.dumps(dict(b, version=7)), "version"),
        "chess960.json": (json.dumps(dict(b, game="chess960")), "foreign"),
        "illegal.json": (json.dumps(dict(b, actions=["f1f2", "a1a9"])), "invalid"),
        "nonsense_action.json": (json.dumps(dict(b, actions=["f1f2", "zz9"])), "invalid"),
        "seed65.json": (json.dumps(dict(s, options=dict(s["options"], seed=2**64))), "invalid"),
        "seed_text.json": (json.dumps(dict(s, options=dict(s["options"], seed="seven"))), "invalid"),
        "players_bool.json": (json.dumps(dict(s, options=dict(s["options"], players=True))), "invalid"),
        "relabelled.json": (json.dumps(dict(b, game="xinhai")), "foreign"),
        "unknown_option.json": (json.dumps(dict(b, options=dict(b["options"], colour="red"))), "invalid"),
        "twice.json": ('{"game": "baige", "game": "xinhai", "version": 1}', "not_save"),
        "empty.json": ("", "not_save"),
        "client_seats.json": (json.dumps({"format": savefile.SAVE_FORMAT, "version": 1, "seats": ["wizard"],
                                          "viewer": 0, "engine_save": json.dumps(b)}), "invalid"),
    }
    for name, (content, _) in files.items():
        (folder / name).write_text(content, encoding="utf-8")
    (folder / "folder.json").mkdir()
    files["folder.json"] = (None, "unreadable")
    with open(folder / "huge.json", "wb") as f:  # 200 MB that take no disk (a sparse file)
        f.truncate(200 * 1024 * 1024)
    files["huge.json"] = (None, "not_save")
    return files


def _load_list(app) -> LoadScene:
    app.start_title()
    step(app)
    app.push(LoadScene(app))
    step(app)
    return app.scene


def test_every_refusal_on_the_load_list_is_worded_whole_in_each_language(tmp_path):
    """Each bad file clicked on the load list: nothing loads, the refusal names the file and says why in the language
    on the screen, with no English in the Chinese; F2 words the shown refusal again in the other language."""
    files = bad_files(tmp_path)
    with flat_app(tmp_path, lang="zh") as app:
        ls = _load_list(app)
        for name, (_, kind) in files.items():
            i18n.set_lang("zh")
            p = tmp_path / name
            btn = ls.buttons[ls.files.index(p)] if p in ls.files else None
            if btn is not None and btn in ls.shown():
                click(app, btn.rect.center)
            else:  # (a folder is not listed; scrolled-off lines are loaded the way their click does)
                ls.load(p)
                step(app)
            assert app.scene is ls, name  # nothing loaded
            zh = ls.error_text()
            assert zh.startswith("读档失败：") and name in zh, (name, zh)
            assert not english_words(zh, name), (name, zh)
            if kind == "invalid":
                assert "什么也没有载入" in zh, (name, zh)
            key(app, pygame.K_F2)
            en = ls.error_text()
            assert i18n.lang() == "en" and en.startswith("could not load: ") and name in en, (name, en)
            assert not any("\u4e00" <= ch <= "\u9fff" for ch in en.replace("百格西洋棋", "").replace("辛亥革命", "")
                           .replace("沙场秋点兵", "")), (name, en)  # (the games' own names are Chinese in English too)
            with pytest.raises(SaveError) as e:
                savefile.read_save(p)
            assert e.value.kind == kind, (name, e.value.kind, str(e.value))
            key(app, pygame.K_F2)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_refusal_on_the_load_list_fits_the_window(tmp_path, lang):
    """The longest refusal (a relabelled save) is drawn wrapped within the window, not across its edges."""
    files = bad_files(tmp_path)
    assert "relabelled.json" in files
    with flat_app(tmp_path, lang=lang, size=(800, 600)) as app:
        ls = _load_list(app)
        ls.load(tmp_path / "relabelled.json")
        step(app)

        lines = text.wrap(ls.error_text(), 16, 800 - 80)
        assert 1 <= len(lines) <= 3 and all(text.size_of(ln, 16)[0] <= 720 for ln in lines), lines
        assert "".join(lines).replace(" ", "") == ls.error_text().replace(" ", "")  # all of it shows


@pytest.mark.parametrize("pair", [("baige", "xinhai"), ("shachang", "baige"), ("xinhai", "anqi"),
                                  ("anqi", "jiangshan"), ("sanguo", "baige"), ("jiangshan", "sanguo")])
def test_a_save_relabelled_as_another_game_is_refused_as_what_it_is(pair):
    """A save of game X whose ``game`` was edited to Y was refused in Y's terms (a missing Y field); now it says the
    file is marked Y but holds an X save, in either language, and loads nothing."""
    real, named = pair
    data = json.loads(real_save(real, moves=6))
    data["game"] = named
    with pytest.raises(SaveError) as e:
        registry.load_game(json.dumps(data))
    assert e.value.kind == "foreign" and e.value.msg.key == "saves.bad.relabelled", str(e.value)
    x, y = registry.get(real), registry.get(named)
    zh, en = e.value.text("zh"), e.value.text("en")
    assert f"标明是{y.name_zh}的存档" in zh and f"内容却是{x.name_zh}的存档" in zh and not english_words(zh), zh
    assert f"it holds a save of {x.name_en}" in en and f"a save of {y.name_en} (game is '{named}')" in en, en


def test_an_unknown_option_is_refused_but_an_unknown_top_level_key_is_not():
    """An option the game does not have was ignored: a 三国演弈 save with "varient": "jieqi" loaded the standard game.
    It is refused, naming it and the options there are. A key beside the envelope's is read by nothing and cannot
    change the game: such a save (a note a player added) still loads."""
    data = json.loads(real_save("sanguo", moves=3))
    with pytest.raises(SaveError) as e:
        registry.load_game(json.dumps(dict(data, options=dict(data["options"], varient="jieqi"))))
    assert "varient" in str(e.value) and "variant" in str(e.value) and "“varient”" in e.value.text("zh")
    g = registry.load_game(json.dumps(dict(data, note="my best game")))
    assert len(g.to_json()) and json.loads(g.to_json())["actions"] == data["actions"]


def test_a_key_given_twice_is_refused():
    """``{"actions": [...], "actions": []}`` loaded the last value silently; which one the writer meant is a guess."""
    text = real_save("baige", moves=4)
    twice = text[:-1] + ', "actions": []}'
    assert json.loads(twice)["actions"] == []
    with pytest.raises(SaveError) as e:
        registry.load_game(twice)
    assert e.value.kind == "not_save" and '"actions"' in str(e.value) and "“actions”出现了两次" in e.value.text("zh")


def test_a_huge_file_is_refused_at_once_without_reading_it(tmp_path, monkeypatch):
    """A 200 MB file given as a save is refused by its size before it is opened (measured: well under a frame), on the
    load list as well, whose line for it says it is not a save."""
    p = tmp_path / "huge.json"
    with open(p, "wb") as f:
        f.truncate(200 * 1024 * 1024)
    real_open = open
    opened = []
    monkeypatch.setattr("builtins.open", lambda f, *a, **k: (opened.append(str(f)), real_open(f, *a, **k))[1])
    t0 = time.perf_counter()
    with pytest.raises(SaveError) as e:
        savefile.read_save(p)
    assert time.perf_counter() - t0 < 0.05 and str(p) not in opened
    assert str(200 * 1024 * 1024) in str(e.value) and str(savefile.MAX_CLIENT_SAVE_BYTES) in str(e.value)
    assert savefile.summary(p) is None and str(p) not in opened
    assert MAX_SAVE_BYTES < 200 * 1024 * 1024


def test_a_file_whose_name_is_not_utf8_is_listed_and_refused_without_a_crash(tmp_path):
    """A save folder holding a file whose name is not UTF-8 (Python names it with lone surrogates): drawing its line
    on the load list raised UnicodeEncodeError from the font and the client crashed. Now its line shows � where the
    bytes were, and a click says why it is not a save."""
    name = os.fsdecode(b"\xff\xfe-save.json")
    (tmp_path / name).write_text('{"game": "baige", "actions": [}', encoding="utf-8")
    with flat_app(tmp_path, lang="zh") as app:
        ls = _load_list(app)
        assert [p.name for p in ls.files] == [name]
        # (its line had ASCII brackets round the Chinese; ascii(): a failure's report must be UTF-8 for pytest-xdist)
        assert ascii(ls.describe(ls.files[0])) == ascii(f"{name}（无法载入）")
        step(app, 2)  # drawn (it raised here)
        click(app, ls.buttons[0].rect.center)
        step(app, 2)
        assert app.scene is ls and "不是存档文件：JSON 无效" in ls.error_text() and "-save.json" in ls.error_text()


def test_continue_on_the_start_screen_says_why_in_the_players_language(tmp_path):
    """An autosave too large for the start screen to replay (over 4 MB: only its envelope is read for the Continue
    line) whose last action is illegal: Continue refuses it, in Chinese, wrapped within the window."""
    with flat_app(tmp_path, lang="zh") as app:
        app.start_title()
        sc = app.scene
        while sc.game.value != "baige":
            sc.game.step(1)
        b = _baige()
        bad = dict(b, actions=b["actions"] + ["a1a9"], pad="x" * (4 * 1024 * 1024 + 10))
        g = registry.get("baige").new_game()
        slot = sc.slot_path()
        savefile.write_text(slot, json.dumps({"format": savefile.SAVE_FORMAT, "version": 1,
                                              "seats": ["human", "human"], "viewer": 0, "engine_save": json.dumps(bad)}))
        step(app)
        assert sc.continue_info() is not None and g is not None
        click(app, sc.continue_button.rect.center)
        assert app.scene is sc
        zh = sc.error()
        assert zh.startswith("读档失败：存档内容有误，什么也没有载入：") and "第3个动作'a1a9'无法重放" in zh, zh
        assert not english_words(zh, slot.name), zh
        key(app, pygame.K_F2)
        assert sc.error().startswith("could not load: ") and "action 3 ('a1a9') cannot be replayed" in sc.error()
        step(app)


def test_quick_load_in_the_3d_scene_says_why_in_chinese(tmp_path):
    """F9 in 沙场秋点兵 with a quick save of a seed beyond 64 bits: the status line, in Chinese, names the field."""

    with flat_app(tmp_path, lang="zh") as app:
        g = position([[0, "a1", 2], [1, "h8", 2]])
        app.start_game(g, ["human", "random"])
        step(app)
        key(app, pygame.K_F5)
        qs = tmp_path / "quicksave.json"
        d = json.loads(qs.read_text(encoding="utf-8"))
        inner = json.loads(d["engine_save"])
        inner["options"]["seed"] = 2**64
        d["engine_save"] = json.dumps(inner)
        qs.write_text(json.dumps(d), encoding="utf-8")
        scene = app.scene
        key(app, pygame.K_F9)
        assert app.scene is scene and scene.game is g
        status = scene.ctl.status
        assert status.startswith("读档失败：存档内容有误") and "“seed”" in status and "应为" in status, status
        assert not english_words(status, "quicksave.json"), status
        key(app, pygame.K_F2)
        assert "seed is 18446744073709551616" in scene.ctl.status, scene.ctl.status


def test_quick_load_in_a_board_scene_says_why_in_either_language(tmp_path):
    """F9 in 辛亥革命 (the board game with quick saves) with its quick save relabelled 百格西洋棋: the status line says
    what the file holds, in the game's script; F2 words it again."""
    with flat_app(tmp_path, lang="zh") as app:
        g = registry.get("xinhai").new_game(seed=3)
        app.start_game(g, ["human", "human"])
        step(app)
        sc = app.scene
        path = tmp_path / "quicksave-xinhai.json"
        key(app, pygame.K_F5)
        assert path.exists(), sorted(os.listdir(tmp_path))
        d = json.loads(path.read_text(encoding="utf-8"))
        d["engine_save"] = json.dumps(dict(json.loads(d["engine_save"]), game="baige"))
        path.write_text(json.dumps(d), encoding="utf-8")
        key(app, pygame.K_F9)
        assert app.scene is sc
        zh = sc.status_text("zh")
        assert i18n.script("标明是百格西洋棋的存档", "zh") in zh and i18n.script("内容却是辛亥革命的存档", "zh") in zh, zh
        assert not english_words(zh, path.name), zh
        assert "it holds a save of The 1911 Revolution of China" in sc.status_text("en")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_load_on_the_command_line_is_one_line_in_the_chosen_language(tmp_path, capsys, monkeypatch, lang):
    """``--load`` with a save whose saved action is illegal: one line, in the language of ``--lang``."""

    monkeypatch.setattr(App, "run", lambda self: (_ for _ in ()).throw(AssertionError("the window opened")))
    p = tmp_path / "illegal.json"
    b = _baige()
    p.write_text(json.dumps(dict(b, actions=["f1f2", "a1a9"])), encoding="utf-8")
    line = one_line_exit(main, ["--load", str(p), "--lang", lang, "--save-dir", str(tmp_path)], capsys)
    assert line.startswith("python -m client: error: --load: ") and str(p) in line, line
    if lang == "zh":
        assert "第2个动作'a1a9'无法重放" in line and not english_words(line.split("--load: ", 1)[1], str(p)), line
    else:
        assert "action 2 ('a1a9') cannot be replayed" in line


def test_a_save_that_cannot_be_written_names_the_save_not_its_temporary_file(tmp_path, monkeypatch):
    """A read-only save folder (simulated: the tests run as root, who may write anywhere): the refusal named
    'quicksave.json.tmp', a file the player never made; now the save itself, in the player's language; the old save
    stays as it was and no temporary file is left."""

    target = tmp_path / "quicksave.json"
    target.write_text("old", encoding="utf-8")

    def refuse(self, *a, **k):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "write_text", refuse)
    with pytest.raises(PermissionError) as e:
        savefile.write_text(target, "new")
    assert e.value.filename == str(target)
    assert i18n.file_error(e.value, "zh") == i18n.tr("file_error", "zh", file=str(target),
                                                     reason=i18n.tr("file_error_no_permission", "zh"))
    monkeypatch.undo()
    assert target.read_text(encoding="utf-8") == "old" and not (tmp_path / "quicksave.json.tmp").exists()


def test_a_save_killed_in_the_middle_of_writing_leaves_the_old_save(tmp_path, monkeypatch):
    """Saving is atomic: the text goes to a temporary file renamed over the save. A process ended while writing (here
    the interrupt arrives in the middle of the write) leaves the old save whole and loadable, and no temporary file."""

    g = registry.get("baige").new_game()
    target = tmp_path / "autosave.json"
    savefile.write_save(target, g, ["human", "human"], 0)
    before = target.read_bytes()
    real = Path.write_text

    def half(self, text, *a, **k):
        real(self, text[: len(text) // 2], *a, **k)
        raise KeyboardInterrupt

    monkeypatch.setattr(Path, "write_text", half)
    g.apply("f1f2")
    with pytest.raises(KeyboardInterrupt):
        savefile.write_save(target, g, ["human", "human"], 0)
    monkeypatch.undo()
    assert target.read_bytes() == before and not list(tmp_path.glob("*.tmp"))
    assert savefile.read_save(target)[0].to_json() == registry.get("baige").new_game().to_json()


@pytest.mark.parametrize("content, words", [('{"version": 1, "lang": "fr"}', "“lang”是'fr'，不是（zh、en）之一"),
                                            ('{"version": 1, "games": {"baige": {"players": 99}}}',
                                             "“games.baige.players”应为1到8的整数，而不是99"),
                                            ("{not json", "不是存档文件：JSON 无效")])
def test_a_settings_file_that_is_ignored_says_why_in_chinese(tmp_path, content, words):
    """The start screen's note about a settings file it does not use had the English reason after its Chinese words."""

    p = tmp_path / "settings.json"
    p.write_text(content, encoding="utf-8")
    with kept_client_state("dummy"):
        app = launch(tmp_path, lang="zh")
        try:
            assert app.notice.startswith("设置文件无法读取，本次不用：") and words in app.notice, app.notice
            assert not english_words(app.notice, str(p)), app.notice
        finally:
            app.close()
