"""The start screen's Help (and F1) explains the game chosen there (issue 26: a player can learn the rules inside the
client before starting): how to play from the game's plugin or catalogue, and its rule book."""
from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.scenes.help import HelpScene
from client.scenes.start import StartScene
from tests.client_util import click, key, step


def open_help(app, game_id: str, button: bool, **rows) -> HelpScene:
    app.start_title()
    step(app)
    start = app.scene
    assert isinstance(start, StartScene)
    start.game.value = game_id
    step(app)
    for opt, value in rows.items():
        start._extra[(game_id, opt)].value = value
    if button:
        click(app, next(b for b in start.buttons if b.label() == i18n.t("help")).rect.center)
    else:
        key(app, pygame.K_F1)
    assert isinstance(app.scene, HelpScene)
    return app.scene


@pytest.mark.parametrize("game_id", ["shachang", "baige", "anqi", "sanguo", "xinhai", "jiangshan"])
def test_help_from_the_start_screen_is_the_chosen_games_page_and_book(app, game_id):
    page = open_help(app, game_id, button=game_id in ("baige", "xinhai"))
    assert page.game_id() == game_id
    assert page.tabs() == ["play", "keys"]
    reader = page.reader()
    assert reader is not None and reader.book.game_id == game_id
    intro = [op[2] for op in page._intro_ops(900) if op[0] == "text"]
    assert intro, "how to play is on the page"
    if game_id == "shachang":
        assert intro[0].startswith(i18n.t("howto_1")[:12])
    else:
        assert intro[0] == page.plugin().help_lines("en")[0][0][:len(intro[0])]
    step(app)  # it draws
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, StartScene)


def test_the_page_follows_the_chosen_rows_jieqi_explains_face_down_pieces(app):
    back = i18n.tr("sanguo.help.back", "en")
    page = open_help(app, "sanguo", button=True, variant="standard")
    assert back not in [ln for ln, _ in page.plugin_lines()]
    key(app, pygame.K_ESCAPE)
    page = open_help(app, "sanguo", button=True, variant="jieqi")
    assert back in [ln for ln, _ in page.plugin_lines()]
