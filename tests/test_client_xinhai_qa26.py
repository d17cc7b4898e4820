"""辛亥革命 tried as a new player (issue 26 QA): a refusal's rule in Chinese names the seed's section in
traditional characters (it read "D-3沒有軍棋〔seed 5〕"), in English "[seed 5]" as before."""
from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.games import make_plugin
from engine.api import Step
from engine.xinhai.game import new_game, position
from tests.boards_util import make_app


def test_a_refused_click_names_its_rule_in_the_players_language():
    g = position([("rev", "infantry", "H-16"), ("qing", "infantry", "A-20")])
    pl = make_plugin(g)
    out = pl.click(pl.cell("J-10"))  # an empty hex in the command: no unit there (seed 5)
    assert out.kind == "clear"
    zh, en = out.reason.render("zh"), out.reason.render("en")
    assert en.endswith(" [seed 5]")
    assert zh.endswith("〔原規則 5〕") and "seed" not in zh
    # a move out of reach: the engine's rule, its section and its ruling (X7) in the Chinese line too
    far = pl.explain((Step("cell", "H-16"),), pl.cell("A-1"))
    zh, en = far.render("zh"), far.render("en")
    assert "X7" in zh and "seed" not in zh and "〔原規則 " in zh
    assert en.endswith("]") and "seed" in en and "X7" in en
