"""With a piece selected the status line says so, how many marks it has and how to let it go (issue 26: it kept
"select a piece, then click or drag to a square" with the piece selected); 江山's tally choice keeps its own line;
in 辛亥革命 the words are traditional (記, not 记)."""
from __future__ import annotations

from engine.baige import BaigeGame
from engine.xinhai.game import new_game as xinhai_game
from tests.boards_util import click_cell, make_app


def test_a_selected_piece_says_its_marks_and_how_to_let_it_go(cleanup):
    g = BaigeGame("k4r4/p9/10/10/10/10/10/10/5R4/5K4 w - - 0 1")
    app = make_app("dummy", "baige", ["human", "human"], "flat", game=g, size=(1280, 720))
    sc = app.scene
    before = sc.status_text("en")
    rook = sc.plugin.cell("f2")
    click_cell(app, rook)
    n = len(sc.plugin.targets(sc.prefix))
    assert n >= 1
    assert sc.status_text("en") == f"f2 selected: click one of its {n} marks (or drag there); click f2 again to let go" \
        if n > 1 else sc.status_text("en") == "f2 selected: click its mark (or drag there); click f2 again to let go"
    assert sc.status_text("zh").startswith("已选f2：点它")
    click_cell(app, rook)  # let go
    app.step(0.016)
    assert not sc.prefix and sc.status_text("en") == before


def test_in_xinhai_the_selection_line_is_traditional(cleanup):
    from client import i18n

    app = make_app("dummy", "xinhai", ["human", "human"], "flat", game=xinhai_game(seed=1), size=(1280, 720))
    sc = app.scene
    i18n.set_lang("zh")
    assert sc.play("cmd 1")  # the revolutionaries command Hankou: its units may act (seed 4(1))
    app.step(0.016)
    starts = list(sc.plugin.targets(()))
    assert starts
    click_cell(app, starts[0])
    assert sc.prefix
    i18n.use_script(sc.plugin.zh_script)  # as the App sets it while 辛亥革命 is drawn
    try:
        line = sc.status_text("zh")
    finally:
        i18n.use_script(None)
    assert line.startswith("已選") and "記" in line and not {"记", "选", "点"} & set(line), line
