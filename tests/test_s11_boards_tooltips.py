"""Issue 26 (session 11): 暗棋 and 百格西洋棋 show a hover tooltip like the other board games — a face-down 暗棋
piece only as face down (A1), a face-up one by faction and name, the palace and gates before 勤王 (A6); a 百格
piece by side, name and how it moves (F1's words; C3, C4, C6) — and 暗棋's panel names the capture ranks (A3) in
Chinese too."""
from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.games.anqi import Plugin as AnqiPlugin
from engine import registry
from tests.boards_util import click_cell, make_app, post
from tests.text_util import record_texts


def rest_on(app, cell):
    """The mouse rests on ``cell`` long enough for the tooltip; the lines the scene draws in it."""
    sc = app.scene
    post(pygame.MOUSEMOTION, pos=sc.cell_pos(cell), rel=(0, 0), buttons=(0, 0, 0))
    app.step(0.016)
    sc.hover_since = 0.0
    assert sc.hover == cell
    return sc.plugin.cell_info(sc.hover, sc.lang)


def drawn_lines(app, monkeypatch):
    """The texts the scene writes while drawing its tooltip."""
    with monkeypatch.context() as m:
        seen = record_texts(m)
        app.scene._draw_tooltip(pygame.display.get_surface())
    return seen


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_anqi_tooltips_tell_what_may_be_known(cleanup, monkeypatch, lang):
    app = make_app("dummy", "anqi", ["human"] * 3, "flat", size=(1280, 720))
    i18n.set_lang(lang)  # after the app, which starts in English
    sc = app.scene
    app.step(0.016)
    pl = sc.plugin
    board = pl.obs()["board"]
    down = next(n for n, t in board.items() if t == "hidden")
    lines = rest_on(app, pl.cell(down))
    want = {"zh": "扣着的暗子：谁的、是什么都看不出；点它翻开，这就是一回合",
            "en": "a face-down piece: nobody can tell whose or what it is; click it to flip it (that is your turn)"}
    assert lines == [down, want[lang]]
    assert drawn_lines(app, monkeypatch)[:1] == [down]  # drawn, its first line the cell's name
    # the emperor on the palace and a Han gate piece, before 勤王 (A6)
    lines = rest_on(app, pl.palace)
    assert lines[1] == {"zh": "汉帝", "en": "the Han emperor (帝)"}[lang]
    assert "A6" in lines[2]
    gate = sorted(pl.gates)[0]
    lines = rest_on(app, gate)
    assert lines[1].startswith({"zh": "汉", "en": "Han "}[lang]) and "A6" in lines[2]
    # an own face-up piece: faction and full name
    ruler = next(n for n, t in board.items() if isinstance(t, dict) and t["kind"] == "ruler" and t["owner"] == 0)
    assert rest_on(app, pl.cell(ruler)) == [ruler, {"zh": "吴君主", "en": "Wu ruler"}[lang]]


def test_anqi_tooltips_do_not_depend_on_what_is_face_down(cleanup):
    """Two deals: every face-down cell's tooltip is the same words whatever lies there (A1)."""
    seen = []
    for seed in (1, 2):
        g, _ = registry.get("anqi").start(seed=seed)
        pl = AnqiPlugin(g)
        seen.append({n: pl.cell_info(pl.cell(n), "en") for n, t in pl.obs()["board"].items() if t == "hidden"})
    assert seen[0] == seen[1] and len(seen[0]) >= 40


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_baige_tooltips_name_the_piece_and_how_it_moves(cleanup, monkeypatch, lang):
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1280, 720))
    i18n.set_lang(lang)
    sc = app.scene
    app.step(0.016)
    pl = sc.plugin
    assert rest_on(app, pl.cell("c2")) == {
        "zh": ["c2  白方炮", "炮：走像车；吃子须隔正好一子（C6）"],
        "en": ["c2  White cannon", "cannon: moves like a rook; captures over exactly one piece (C6)"]}[lang]
    assert drawn_lines(app, monkeypatch)[:2] == rest_on(app, pl.cell("c2"))
    assert rest_on(app, pl.cell("d10"))[0] == {"zh": "d10  黑方卫", "en": "d10  Black guard"}[lang]
    assert rest_on(app, pl.cell("e5")) == ["e5"]  # an empty square: its name


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_anqi_panel_names_the_capture_ranks_in_both_languages(cleanup, lang):
    app = make_app("dummy", "anqi", ["human"] * 3, "flat", size=(1024, 640))
    i18n.set_lang(lang)
    lines = [s for s, _ in app.scene.plugin.panel_lines(lang)]
    rank = {"zh": "吃子大小（A3）：君>车>炮>马>相>士>兵，兵能吃君；帝是汉帝，马进皇城即勤王（A6）",
            "en": "Captures by rank (A3), strongest first; a soldier (兵) takes a ruler (君); the emperor (帝) is the Han's (A6):"}
    assert rank[lang] in lines
    if lang == "en":  # the legend follows, strongest first
        assert lines[lines.index(rank[lang]) + 1].startswith("君 ruler · 车 chariot")


def test_a_click_hides_the_tooltip_until_the_mouse_moves_to_another_cell(cleanup, monkeypatch):
    """Found in QA (session 11): after a click on 百格's e4 the tooltip stayed open over the cells the selected
    pawn's marks are beside; a click now hides it while the mouse stays on that cell."""
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1280, 720))
    sc = app.scene
    app.step(0.016)
    pl = sc.plugin
    rest_on(app, pl.cell("e4"))
    assert drawn_lines(app, monkeypatch)[:1] == ["e4  White pawn"]
    click_cell(app, pl.cell("e4"))
    sc.hover_since = 0.0
    assert sc.prefix and drawn_lines(app, monkeypatch) == []  # selected, no tooltip
    rest_on(app, pl.cell("d4"))
    assert drawn_lines(app, monkeypatch)[:1] == ["d4  White pawn"]  # another cell: its tooltip again
