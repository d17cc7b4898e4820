"""The keys page of the board games says what Esc does with nothing selected: it opens the in-game menu (save, load,
leave), as the game shows it; the page said "leave the game" (found by the new-player QA under Xvfb, session 19)."""
from __future__ import annotations

import pygame

from client import keys
from client.scenes.board_game import BoardGameScene
from client.scenes.menu import MenuScene
from tests.client_util import flat_app, key, step


def test_esc_opens_the_menu_and_the_keys_page_says_so(tmp_path):
    with flat_app(tmp_path, game_id="baige", seats=["human", "easy"]) as app:
        app.new_game_from_opts()
        step(app, 2)
        assert isinstance(app.scene, BoardGameScene) and not app.scene.prefix
        key(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, MenuScene)
    rows = {k: words for k, words in keys.help_rows(("board",), "en")}
    assert "menu" in rows["Esc"] and "leave the game" != rows["Esc"].split(": ")[-1]
    rows_zh = {k: words for k, words in keys.help_rows(("board",), "zh")}
    assert "菜单" in rows_zh["Esc"]
