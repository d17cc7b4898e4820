"""Issue 26: 暗棋 and 百格西洋棋 have an F1 how-to-play page like the other games (the goal, a turn,
each piece, the special rules, the end), in both languages."""
from __future__ import annotations

import re

import pygame
import pytest

from client import i18n
from client.games import make_plugin
from client.games.baige import NAME_ZH
from client.scenes.help import HelpScene
from engine import registry
from engine.anqi.board import layout
from tests.boards_util import key, make_app

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("game_id,must", [
    ("baige", ("C1", "C6", "C7", "castl", "promot", "archer", "cannon", "draw")),
    ("anqi", ("A3", "A4", "A5", "A6", "A7", "flip", "Rescue")),
])
def test_the_how_to_play_page_covers_the_rules_in_both_languages(game_id, must):
    pl = make_plugin(registry.get(game_id).new_game(seed=1))
    en = " ".join(line for line, _ in pl.help_lines("en"))
    zh = " ".join(line for line, _ in pl.help_lines("zh"))
    assert len(pl.help_lines("en")) >= 6 and len(pl.help_lines("zh")) == len(pl.help_lines("en"))
    assert "{" not in en + zh and CJK.search(zh)
    for word in must:
        assert word.lower() in en.lower(), word
    assert "flip" not in en or game_id == "anqi", "百格 has no face-down pieces"


@pytest.mark.parametrize("game_id", ["baige", "anqi"])
def test_f1_names_every_piece_with_its_glyph(cleanup, game_id):
    """Issue 26: 百格's F1 page named the king and queen without their glyphs (王, 后), unlike the other pieces: a
    new player reading English could not tell which piece is the king. F1 (the key) opens the page, whose lines
    give every glyph the game draws, in English as "name (glyph)"."""
    glyphs = set(NAME_ZH.values()) if game_id == "baige" else {k.zh for k in layout().kinds.values()}
    assert len(glyphs) == (11 if game_id == "baige" else 8)
    app = make_app("dummy", game_id, ["human"] * (2 if game_id == "baige" else 3), "flat",
                   game=registry.get(game_id).new_game(seed=1))
    for lang in ("en", "zh"):
        i18n.set_lang(lang)
        key(app, pygame.K_F1)
        page = app.app.scene
        assert isinstance(page, HelpScene)
        words = " ".join(line for line, _ in page.plugin_lines())
        missing = sorted(g for g in glyphs if (f"({g})" if lang == "en" else g) not in words)
        assert not missing, (lang, missing)
        key(app, pygame.K_F1)  # F1 closes it
        assert app.app.scene is app.scene
