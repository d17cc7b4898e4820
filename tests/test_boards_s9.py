"""Issue 26, session 9 (boards): the hand-over confirms a save made from its menu, the statistics table puts
each seat's colour beside its name and counts moves, not resignations."""
from __future__ import annotations

import os

import numpy as np
import pygame

from client import i18n
from client.i18n import t
from engine.sanguo import new_game as sanguo_game
from tests.boards_util import click_at, click_cell, make_app, post

SHOTS = os.environ.get("BOARDS_SHOTS")  # a folder: the tests also write their pictures there, to look at


def _press(app, button):
    app.app.scene.dirty = True
    app.step(0.016)
    assert button.rect.w
    click_at(app, button.rect.center)


def _frame(app) -> np.ndarray:
    app.app.scene.dirty = True
    app.step(0.016)
    surf = pygame.display.get_surface()
    if SHOTS:
        pygame.image.save(surf, os.path.join(SHOTS, f"s9_{app.app.scene.kind}_{i18n.lang()}.png"))
    return pygame.surfarray.array3d(surf).copy()


def test_save_from_the_menu_of_a_hand_over_is_confirmed_on_the_hand_over(cleanup, tmp_path):
    # issue 26: after Save from the Esc menu during a hand-over, nothing confirmed it (the status line is hidden)
    for lang in ("en", "zh"):
        folder = tmp_path / lang
        folder.mkdir()
        app = make_app("dummy", "sanguo", ["human", "human", "human"], "flat", size=(1024, 640),
                       game=sanguo_game(variant="jieqi", seed=3))
        i18n.set_lang(lang)
        app.app.opts.save_dir = str(folder)
        sc = app.scene
        a = sc.game.legal_actions()[0]
        click_cell(app, sc.plugin.cell(a.src))
        click_cell(app, sc.plugin.cell(a.dst))
        hand = app.app.scene
        assert hand.kind == "handover"
        before = _frame(app)
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        app.step(0.016)
        menu = app.app.scene
        assert menu.kind == "menu" and menu.opaque
        _press(app, [b for b in menu.buttons if b.text() == t("save")][0])
        assert app.app.scene is hand  # back on the hand-over, the board still hidden
        files = list(folder.glob("save-*.json"))
        assert len(files) == 1
        words, ok = hand.notice
        assert ok and words == t("saved", path=files[0].name)  # the file's name: nothing of the board
        after = _frame(app)
        # the picture changed only in the notice's band at the bottom: the hand-over shows nothing else new
        h = after.shape[1]
        changed = np.nonzero((after != before).any(axis=(0, 2)))[0]
        assert len(changed) and changed.min() >= h - 70
        # a click still passes the hand-over to the next player
        click_at(app, (512, 320))
        assert app.app.scene is sc


def _step_button(sc, value):
    sc.dirty = True
    return [b for st, b in sc.step_buttons.items() if st.value == value][0]


def test_statistics_count_moves_not_a_resignation_nor_a_draw_offer_and_the_dot_sits_by_the_name(cleanup,
                                                                                               monkeypatch):
    # issue 26: a resignation counted as an action. What a player expects from "actions played": the moves
    # made on the board (百格: a move; 暗棋: a move or a flip, each takes the turn); resigning, offering a draw
    # and answering it are not moves (engine: Game.is_move)
    from client.scenes import stats

    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1280, 720))
    sc = app.scene
    g = sc.plugin.geometry
    click_cell(app, g.parse("e4"))
    click_cell(app, g.parse("e6"))  # white's move
    app.step(0.016)
    click_at(app, _step_button(sc, "offer").rect.center)  # black offers a draw ...
    app.step(0.016)
    click_at(app, _step_button(sc, "decline").rect.center)  # ... white declines
    app.step(0.016)
    mv = str(sc.game.legal_actions()[0])
    src, dst = g.parse(mv[:2]), g.parse(mv[2:4])
    click_cell(app, src)
    click_cell(app, dst)  # black's move
    app.step(0.016)
    click_at(app, _step_button(sc, "resign").rect.center)  # white resigns
    assert sc.modal.kind == "confirm"
    click_at(app, sc.modal.buttons[0].rect.center)
    assert sc.game.is_over and sc.game.log == ["e4e6", "offer", "decline", mv, "resign"]
    box = sc.modal
    counts = {r.label.key: r.values for r in box.table}
    assert counts["stats.moves"] == (1, 1)  # 百格 counts moves, and the row says so
    # the table's header: each seat's colour dot right before its name (it sat at the column's far left)
    dots, names = [], []
    real_rect, real_draw = stats.pygame.draw.rect, stats.text.draw

    def rect(surf, colour, r, *a, **kw):
        dots.append(pygame.Rect(r))
        return real_rect(surf, colour, r, *a, **kw)

    def draw(surf, words, pos, *a, **kw):
        r = real_draw(surf, words, pos, *a, **kw)
        names.append((words, r))
        return r
    monkeypatch.setattr(stats.pygame.draw, "rect", rect)
    monkeypatch.setattr(stats.text, "draw", draw)
    box.draw_on(pygame.display.get_surface())
    monkeypatch.undo()
    for seat in range(2):
        name = sc.plugin.seat_name(seat, "en")
        nr = [r for w, r in names if w == name][-1]
        dot = [d for d in dots if d.size == (10, 10) and d.right <= nr.x and abs(d.centery - nr.centery) <= 3
               and nr.x - d.right <= 8]
        assert dot, (name, nr, dots)
    _frame(app)


def test_the_hover_tooltip_keeps_off_the_selected_pieces_targets(cleanup):
    # found in play (三国演弈, 1024x640): the tooltip of a cell next to the selected chariot sat over its neighbours;
    # with a piece selected it goes where it covers none of the marked cells when such a place exists
    app = make_app("dummy", "sanguo", ["human"] * 3, "flat", size=(1024, 640))
    sc = app.scene
    src = sc.plugin.cell(sc.game.legal_actions()[0].src)
    click_cell(app, src)
    assert sc.prefix
    marked = {c for c, k in sc.last_board_view.marks.items() if k != "last"}
    assert len(marked) >= 2
    seen = 0
    for c in sorted(marked):
        x, y = sc.cell_pos(c)
        for dx, dy in ((0, 0), (6, 6), (-6, -6)):
            post(pygame.MOUSEMOTION, pos=(x + dx, y + dy), rel=(0, 0), buttons=(0, 0, 0))
            app.step(0.016)
            lines = sc.plugin.cell_info(sc.hover, sc.lang) if sc.hover is not None else None
            if not lines:
                continue
            box = sc.tooltip_rect(lines)
            assert not box.collidepoint(sc.mouse)
            assert not any(box.collidepoint(sc.cell_pos(m)) for m in marked), (c, box)
            seen += 1
    assert seen
