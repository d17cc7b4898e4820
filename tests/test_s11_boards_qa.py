"""Session 11 QA of the board games (issue 26): what a new player's clicks found."""
from __future__ import annotations

from engine import registry
from engine.baige import BaigeGame
from tests.boards_util import click_cell, make_app


def status(app, lang: str) -> str:
    """The status line's words in ``lang`` (a refusal is a keyed message, said in the language shown)."""
    return app.scene.status_text(lang)


def cell(app, name: str):
    return app.scene.plugin.cell(name)


def test_baige_stuck_piece_says_how_it_moves_not_a_square_it_never_reaches(cleanup):
    # the opening position: the archer on b2 moves like a bishop and a1, c1, a3, c3 hold white pieces; the engine's
    # refusal of the nearest square read "b2b3: b3 holds your own piece [capture]" (b3 is no archer's square)
    g = BaigeGame()
    app = make_app("dummy", "baige", ["human", "human"], "flat", game=g, size=(1280, 720))
    sc = app.scene
    click_cell(app, cell(app, "b2"))
    en, zh = status(app, "en"), status(app, "zh")
    assert sc.message_bad and sc.selected is None and g.log == []
    assert en == ("archer: moves like a bishop; captures over exactly one piece (C6) — every square the piece on b2 "
                  "could reach that way is taken or blocked: it has no legal move now [archer move C6]"), en
    assert zh == ("弩：走像象；吃子须隔正好一子（C6）——b2上的这枚棋子照这样能到的格都被占着或挡住了，现在无路可走 "
                  "[弩的走法 C6]"), zh
    assert "b3" not in en and "b3" not in zh


def test_baige_piece_held_by_check_keeps_the_engines_check_refusal(cleanup):
    # black's rook on f10 checks the white king on f1; the ferz on a1 could step to b2, but that leaves the check:
    # the refusal is the check rule's, not "taken or blocked"
    g = BaigeGame("k4r4/10/10/10/10/10/10/10/10/F4K4 w - - 0 1")
    app = make_app("dummy", "baige", ["human", "human"], "flat", game=g, size=(1280, 720))
    click_cell(app, cell(app, "a1"))
    en, zh = status(app, "en"), status(app, "zh")
    assert en.startswith("the piece on a1 has no legal move now") and en.endswith("[check]"), en
    assert zh.startswith("a1上的棋子现在无路可走") and zh.endswith("[将军]") and "挡住" not in zh
    assert g.log == []


def test_sanguo_zh_panel_says_what_the_alliance_mark_is_until_an_alliance(cleanup):
    # the English panel named 盟 under its legend; the Chinese one showed the mark with no word on it (QA)
    for variant in ("standard", "jieqi"):
        g = registry.get("sanguo").new_game(seed=1, variant=variant)
        app = make_app("dummy", "sanguo", ["human", "easy", "easy"], "flat", game=g, size=(1024, 640))
        zh = [t for t, _ in app.scene.plugin.panel_lines("zh")]
        en = [t for t, _ in app.scene.plugin.panel_lines("en")]
        assert "盟：结盟点（K5）" in zh and "alliance point (盟, K5)" in en, (variant, zh)
