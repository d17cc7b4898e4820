"""辛亥革命 QA (session 10, issue 26): a refusal resting on a seed passage with a Chinese heading names it in
English on the English status line.

A click on an enemy unit during a command read 'the unit on D-11 is not yours [seed 指揮行動]' in English; the
rules reader's link (the refusal's rule id) stays the seed's heading."""
from __future__ import annotations

import re


from client import i18n
from engine.xinhai.game import new_game
from engine.xinhai.hexgrid import parse_label
from tests.boards_util import click_cell, make_app


def test_a_click_on_an_enemy_unit_in_a_command_names_the_seed_passage_in_english(cleanup):  # cleanup also puts the language back
    g = new_game(seed=1)
    g.apply("cmd 1")
    name = "D-11"
    assert g.board.at(parse_label(name)).side != g.pending[-1].side  # the other side's unit
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", game=g, size=(1280, 720))
    sc = app.scene
    pl = sc.plugin
    n = len(g.log)
    i18n.set_lang("en")
    click_cell(app, pl.cell(name))
    assert len(g.log) == n
    assert sc.refusal_rule() == "seed 指揮行動"
    en = sc.status_text("en")
    assert en == f"the unit on {name} is not yours [seed: command actions]"
    assert not re.search(r"[\u4e00-\u9fff]", en)
    i18n.set_lang("zh")
    app.step(0.016)
    click_cell(app, pl.cell(name))
    assert sc.refusal_rule() == "seed 指揮行動" and sc.status_text("zh").endswith("〔原規則 指揮行動〕")

