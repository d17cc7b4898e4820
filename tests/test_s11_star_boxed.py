"""QA (session 11): on the star a soldier at the back of the camp (a1, closed in by its own soldiers) said
"click a cyan cell to march" though none was there; it now says why nothing is marked (steps left, no free
cell, no enemy in range), and a front soldier keeps the march hint."""
from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.games.shachang.scene import GameScene
from engine.shachang import new_game, star_cells
from tests.client_util import click, key, step
from tests.items_util import px


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_closed_in_soldier_says_why_no_cell_is_marked(app, lang):
    g = new_game(preset="star", players=2, seed=3)
    app.start_game(g, ["human", "human"])
    step(app)
    key(app, pygame.K_SPACE)  # P1's hand-over
    i18n.set_lang(lang)
    scene = app.find(GameScene)
    ctl = scene.ctl
    assert not g.reachable(star_cells.parse("a1")) and not g.attack_targets(star_cells.parse("a1"))
    click(app, px(app, "a1"))
    assert ctl.selected == star_cells.parse("a1") and not ctl.overlays().reachable
    want = {"en": "a1 selected: it has steps left but no free cell it can reach",
            "zh": "已选中a1：还有移动力，但周围没有能走到的空格"}[lang]
    assert scene.status_text(lang).startswith(want)
    click(app, px(app, "d2"))  # a soldier at the front: cells to march to, the usual hint
    assert ctl.selected == star_cells.parse("d2") and ctl.overlays().reachable
    assert scene.status_text(lang).startswith({"en": "d2 selected: click a cyan cell", "zh": "已选中d2：点青色格子"}[lang])
