"""The start screen's Help, Keys tab lists the keys of the game chosen there, not only the start screen's five (new-
player QA, session 19): under a heading each, the start screen's keys and those of the chosen game's scene (client/keys.py:
沙场秋点兵's, or the board's with the GL view's and the game's own rows), every row drawn, scrolled in a small window."""
from __future__ import annotations

import pygame
import pytest

from client import i18n, keys
from client.games import plugin_class
from client.scenes.help import HelpScene
from client.ui import text
from engine import registry
from tests.client_util import flat_app, key, step
from tests.test_start_help import open_help


def keys_page(app, game_id: str) -> HelpScene:
    page = open_help(app, game_id, button=False)
    while page.tabs()[page.tab] != "keys":
        key(app, pygame.K_TAB)
    return page


def drawn_words(app, monkeypatch) -> str:
    said = []
    real = text.draw
    monkeypatch.setattr(text, "draw", lambda surf, words, *a, **kw: (said.append(str(words)), real(surf, words, *a, **kw))[1])
    app.scene.dirty = True
    step(app, 2)
    monkeypatch.setattr(text, "draw", real)
    return "".join(said).replace(" ", "")  # (a wrapped row's parts are drawn one after the other)


@pytest.mark.parametrize("game_id, context", [("shachang", ("shachang",)), ("baige", ("board", "baige")),
                                              ("xinhai", ("board", "xinhai")), ("anqi", ("board", "anqi"))])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_keys_tab_lists_the_chosen_games_keys(app, monkeypatch, game_id, context, lang):
    i18n.set_lang(lang)
    page = keys_page(app, game_id)
    sections = page.sections()
    info = registry.get(game_id)
    name = info.name_zh if lang == "zh" else info.name_en
    table = getattr(plugin_class(game_id), "zh_script", None) if lang == "zh" else None

    def conv(s: str) -> str:  # 辛亥革命's page is written in traditional characters
        return s.translate(table) if table else s

    assert [conv(title) for title, _ in sections] == [conv(i18n.t("help_keys_start")),
                                                      conv(i18n.t("help_keys_game", game=name))]
    start_rows, game_rows = (rows for _, rows in sections)
    assert start_rows == keys.help_rows(("start", "global"), lang)
    want = [r for r in keys.help_rows(context, lang) if r not in start_rows]
    assert [tuple(map(conv, r)) for r in game_rows] == [tuple(map(conv, r)) for r in want] and len(game_rows) >= 7
    shown = conv(drawn_words(app, monkeypatch))
    for _, what in start_rows + game_rows:  # every row is drawn, whole (at 1280x720)
        assert conv(what).replace(" ", "") in shown, what


def test_the_gl_renderer_row_adds_the_3d_views_keys(app):
    page = keys_page(app, "baige")
    start = app.scenes[0]
    start.renderer.value = "gl"
    assert start.help_key_contexts() == ("board", "board_gl", "baige")
    view = keys.help_rows(("board_gl",), "en")[0]
    assert view in page.rows()


def test_in_a_small_window_the_rows_scroll_to_the_last(tmp_path, monkeypatch):
    with flat_app(tmp_path, size=(640, 400)) as small:
        page = keys_page(small, "shachang")
        step(small)
        first, end, total = page._keys_shown
        assert first == 0 and end < total == len(page.sections()[0][1]) + len(page.sections()[1][1]) + 2
        last = page.rows()[-1][1].replace(" ", "")
        assert last not in drawn_words(small, monkeypatch)
        for _ in range(total):
            key(small, pygame.K_DOWN)
        assert page._keys_shown[1] == total and last in drawn_words(small, monkeypatch)
        key(small, pygame.K_PAGEUP)
        key(small, pygame.K_PAGEUP)
        key(small, pygame.K_PAGEUP)
        key(small, pygame.K_PAGEUP)
        assert page._keys_shown[0] == 0


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_section_going_on_in_the_second_column_repeats_its_heading(app, monkeypatch, lang):
    # on a wide panel the chosen game's keys went on at the top of the right-hand column under no heading (the polish
    # helper's QA, session 19); the column now starts with "<heading> (continued)"
    i18n.set_lang(lang)
    page = keys_page(app, "shachang")
    game_heading = page.sections()[1][0]
    shown = drawn_words(app, monkeypatch)
    assert i18n.t("help_keys_continued", title=game_heading).replace(" ", "") in shown
