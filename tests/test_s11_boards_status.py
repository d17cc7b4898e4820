"""Issue 26 (session 11): after the computer's move the board games' status line says that move and then what the
human to move may click (it kept only the computer's move through the human's turn)."""
from __future__ import annotations

import pytest

from client import i18n
from tests.boards_util import click_cell, make_app, wait_human

HINT = {("baige", "en"): "now select a piece, then click or drag to a square",
        ("baige", "zh"): "选择棋子，再点目标格（或拖动）",
        ("anqi", "en"): "now click a face-down piece to flip it, or select one of yours to move",
        ("anqi", "zh"): "点暗子翻开，或选己方棋子走棋",
        ("sanguo", "en"): "now select one of your pieces, then click or drag to a point"}


@pytest.mark.parametrize("gid,lang", sorted(HINT))
def test_the_computers_move_is_followed_by_what_to_click(cleanup, gid, lang):
    n = {"baige": 2, "anqi": 3, "sanguo": 3}[gid]
    app = make_app("dummy", gid, ["human"] + ["random"] * (n - 1), "flat", size=(1280, 720))
    i18n.set_lang(lang)
    sc = app.scene
    pl = sc.plugin
    # the human's first move: the first legal action, played through clicks on its cells
    first = sc.game.legal_actions()[0]
    for st in pl.action_steps(first):
        if st.kind == "cell" and not sc.game.log:  # (暗棋's flip is one click on the cell)
            click_cell(app, pl.cell(st.value))
    assert len(sc.game.log) == 1, sc.status_text(lang)
    wait_human(app)
    assert sc.is_human(sc.game.current_player) and not sc.game.is_over
    line = sc.status_text(lang)
    last = pl.seat_name(sc.actors[-1], lang)
    assert line.startswith(last) and line.endswith(HINT[gid, lang]), line
    assert not sc.message_bad


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_undo_says_it_and_what_to_click_now(cleanup, lang):
    """QA (session 11): after Undo the line said only "已悔棋" / "move taken back"; the human is to move again."""
    app = make_app("dummy", "baige", ["human", "random"], "flat", size=(1024, 640))
    i18n.set_lang(lang)
    sc = app.scene
    pl = sc.plugin
    click_cell(app, pl.cell("b1"))
    click_cell(app, pl.cell("d2"))
    wait_human(app)
    assert len(sc.game.log) == 2
    sc.undo()
    assert sc.game.log == [] and sc.is_human(sc.game.current_player)
    assert sc.status_text(lang) == {"zh": "已悔棋。选择棋子，再点目标格（或拖动）",
                                    "en": "move taken back — now select a piece, then click or drag to a square"}[lang]
