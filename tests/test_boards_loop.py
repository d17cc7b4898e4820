"""The board scene's input loop: moves played through posted pygame events, with the flat renderer on SDL's
dummy driver and the ModernGL renderer on SDL's offscreen driver (EGL)."""
from __future__ import annotations

import os
import time

import pygame

from tests.boards_util import click_at, click_cell, drag, flippable, key, make_app, post, wait_human
from engine.api import Step
from engine.baige import BaigeGame


def baige_moves_through_events(app):
    sc = app.scene
    g = sc.plugin.geometry
    click_cell(app, g.parse("e4"))
    assert sc.selected == g.parse("e4")
    click_cell(app, g.parse("e6"))
    assert sc.game.log[0] == "e4e6"
    wait_human(app)
    assert len(sc.game.log) == 2  # the computer replied in its thread
    drag(app, g.parse("d4"), g.parse("d5"))
    assert sc.game.log[2] == "d4d5"
    wait_human(app)
    assert len(sc.game.log) == 4
    key(app, pygame.K_u)  # undo: my d4d5 and the reply
    assert sc.game.log == sc.game.log[:2] and len(sc.game.log) == 2 and sc.game.current_player == 0
    key(app, pygame.K_f)
    assert sc.flipped
    app.step(0.5)
    click_cell(app, g.parse("j4"))  # picking still works on the flipped board
    click_cell(app, g.parse("j5"))
    assert sc.game.log[2] == "j4j5"
    wait_human(app)
    # resign through the side button and its confirmation, then leave
    resign = [b.rect for st, b in sc.step_buttons.items() if st.value == "resign"][0]
    click_at(app, resign.center)
    assert sc.modal.kind == "confirm"
    click_at(app, sc.modal.buttons[0].rect.center)
    assert sc.game.is_over and sc.modal.kind == "over"
    assert "White resigned" in sc.plugin.end_reason("en")
    menu = sc.modal.buttons[-1].rect
    click_at(app, menu.center)
    assert not app.running


def test_flat_baige_loop(cleanup):
    app = make_app("dummy", "baige", ["human", "random"], "flat")
    assert not app.scene.using_gl
    baige_moves_through_events(app)


def test_gl_baige_loop(cleanup):
    app = make_app("offscreen", "baige", ["human", "random"], "gl")
    assert app.scene.using_gl
    baige_moves_through_events(app)


def test_flat_promotion_chooser_through_events(cleanup):
    g = BaigeGame("5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1")
    app = make_app("dummy", "baige", ["human", "human"], "flat", game=g)
    sc = app.scene
    geo = sc.plugin.geometry
    click_cell(app, geo.parse("a9"))
    click_cell(app, geo.parse("a10"))
    assert sc.modal.kind == "choose"
    assert sorted(sc.modal.rects) == sorted(["n", "g", "f", "w", "q"])
    click_at(app, sc.modal.rects["g"].center)
    assert g.log == ["a9a10g"] and sc.modal is None
    assert sc.game.moves_zh[-1].endswith("=衛")


def anqi_through_events(app):
    sc = app.scene
    ad = sc.plugin
    flips = flippable(sc)
    click_cell(app, flips[0])
    assert str(sc.game.log[0]) == f"flip {ad.cell_name(flips[0])}"
    wait_human(app)
    assert len(sc.game.log) == 3 and sc.game.current_player == 0  # 魏 and 蜀 played; 吴 again
    # a move if some piece can move, else another flip
    movers = [c for c in ad.geometry.cells if ad.targets((Step("cell", ad.cell_name(c)),))]
    if movers:
        src = movers[0]
        dst = sorted(ad.targets((Step("cell", ad.cell_name(src)),)))[0]
        click_cell(app, src)
        assert sc.selected == src
        click_cell(app, dst)
        assert str(sc.game.log[3]) == f"move {ad.cell_name(src)} {ad.cell_name(dst)}"
    else:
        click_cell(app, flippable(sc)[0])
        assert str(sc.game.log[3]).startswith("flip")
    wait_human(app)
    assert len(sc.game.log) >= 5


def test_flat_anqi_loop(cleanup):
    app = make_app("dummy", "anqi", ["human", "random", "easy"], "flat")
    anqi_through_events(app)


def test_gl_anqi_loop(cleanup):
    app = make_app("offscreen", "anqi", ["human", "random", "random"], "gl")
    key(app, pygame.K_v)  # top view
    app.step(1.0)
    anqi_through_events(app)


def dummy_app(tmp_path, lang: str):
    """A client App (flat renderer) under SDL's dummy video driver, the driver setting restored."""
    from client.app import App, Options

    old = os.environ.get("SDL_VIDEODRIVER")
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    try:
        return App(Options(renderer="flat", save_dir=tmp_path, ai_delay=0.0, lang=lang, size=(900, 640)))
    finally:
        if old is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = old


def test_board_scene_in_the_app_scene_stack(cleanup, tmp_path):
    """client.app.App runs the board scene through its Scene protocol (handle/update/draw/on_resize)."""
    from client.scenes.board_game import app_scene
    from client.scenes.start import StartScene
    from engine import registry

    app = dummy_app(tmp_path, "en")
    game = registry.get("baige").new_game()
    app.replace(app_scene(app, game, ["human", "random"]))
    app.step(0.016)
    sc = app.scene
    g = sc.plugin.geometry
    for cell in (g.parse("c4"), g.parse("c5")):
        pos = sc.cell_pos(cell)
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        app.step(0.016)
    assert game.log[0] == "c4c5"
    for _ in range(200):
        app.step(0.016)
        if len(game.log) == 2:
            break
        sc.wait_for_computer(1.0)
    assert len(game.log) == 2
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    app.step(0.016)
    menu = app.scene
    assert menu.kind == "menu" and menu.game_scene is sc  # the in-game menu (issue 26: save and load from it)
    to_title = [b for b in menu.buttons if b.text() == "Back to title"]
    assert to_title and to_title[0].rect.w  # drawn
    pos = to_title[0].rect.center
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(0.016)
    assert isinstance(app.scene, StartScene)


def test_app_board_scene_autosaves_and_the_save_loads_back(cleanup, tmp_path):
    from client.app import read_save
    from client.scenes.board_game import app_scene
    from engine import registry

    app = dummy_app(tmp_path, "zh")
    game = registry.get("anqi").new_game(seed=3)
    app.replace(app_scene(app, game, ["human", "human", "human"]))
    app.step(0.016)
    sc = app.scene
    cell = flippable(sc)[0]
    pos = sc.cell_pos(cell)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(0.016)
    app.step(0.016)
    auto = app.opts.autosave_path(game, ["human", "human", "human"])
    assert auto.name == "autosave-anqi-hotseat.json"  # one autosave per game kind and table
    g2, seats, _, _ = read_save(auto)
    assert g2.game_id == "anqi" and [str(a) for a in g2.log] == [str(a) for a in game.log] and len(game.log) == 1
    assert seats == ["human", "human", "human"]
    post(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    app.step(0.016)
    assert list(tmp_path.glob("save-*.json"))


def run_computers(sc, timeout=20.0):
    """Let the scene's computer seats play (no window) until a human is to move or the game is over."""
    end = time.time() + timeout
    while time.time() < end:
        sc.update(0.016)
        if sc.game.is_over or sc.is_human(sc.game.current_player):
            return
        sc.wait_for_computer(1.0)
    raise AssertionError("the computer did not move")


def test_scene_without_window_anqi_undo_and_baige_draw_offer():
    from client.scenes.board_game import BoardGameScene
    from engine import registry

    pygame.font.init()
    sc = BoardGameScene((900, 640), registry.get("anqi").new_game(seed=7), ["human", "random", "easy"], "zh",
                        "flat", ai_delay=0.0)
    sc.draw(pygame.Surface((900, 640)))
    cell = flippable(sc)[0]
    sc.click(cell)
    run_computers(sc)
    assert len(sc.game.log) == 3 and sc.actors == [0, 1, 2]
    sc.undo()  # G2: my flip showed a piece; taking it back would let me flip elsewhere knowing it: refused
    assert len(sc.game.log) == 3 and sc.actors == [0, 1, 2] and sc.message_bad
    # 百格西洋棋: a draw offer to the computer is answered by it
    sc = BoardGameScene((900, 640), registry.get("baige").new_game(), ["human", "easy"], "en", "flat", ai_delay=0.0)
    offer = [b for b in sc.plugin.buttons() if b.value == "offer"][0]
    sc.press_button(offer)
    run_computers(sc)
    assert sc.game.log[:1] == ["offer"] and sc.game.log[1] in ("accept", "decline")
    assert "offer" not in [b.value for b in sc.plugin.buttons()]  # one offer per turn


def test_fourth_consecutive_check_is_warned_before_it_is_played(cleanup):
    # C7: the move that would be the fourth consecutive check by one piece loses; the client warns first
    g = BaigeGame("4k5/10/10/10/10/10/10/10/10/Q4K4 w - - 0 1")
    g.apply_all(["a1a6", "e10e9", "a6a9", "e9e10", "a9a10", "e10e9"])
    app = make_app("dummy", "baige", ["human", "human"], "flat", game=g)
    sc = app.scene
    geo = sc.plugin.geometry
    click_cell(app, geo.parse("a10"))
    click_cell(app, geo.parse("a9"))
    assert sc.modal is not None and sc.modal.kind == "confirm" and sc.modal.action == "a10a9"
    assert len(g.log) == 6 and not g.is_over  # nothing played yet
    app.step(0.016)  # draw the warning
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    app.step(0.016)
    assert sc.modal is None and len(g.log) == 6  # declined: still not played
    if sc.selected != geo.parse("a10"):
        click_cell(app, geo.parse("a10"))
    click_cell(app, geo.parse("a9"))
    assert sc.modal is not None and sc.modal.kind == "confirm"
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    app.step(0.016)
    assert g.log[-1] == "a10a9" and g.is_over  # confirmed: played, and lost by C7


def test_more_buttons_than_the_panel_holds_open_a_list(cleanup):
    """No dead end: 江山's nine recruiting buttons (with merit to spare) do not fit the panel; "more…" lists
    them all, and one from the list is played."""
    from tests.jiangshan_util import make

    g = make(red=["king@a1", "blade@e3:battle:N"], white=["king@l8"])
    g.st.sides[0].merit = 99
    g._legal = None
    app = make_app("dummy", "jiangshan", ["human", "human"], "flat", game=g)
    sc = app.scene
    picks = [st for st in sc.plugin.buttons() if st.value.startswith("recruit ")]
    assert len(picks) == 9
    app.step(0.016)
    more = [b for st, b in sc.step_buttons.items() if st.value.endswith("more") and b.rect.w]
    assert len(more) == 1
    click_at(app, more[0].rect.center)
    lst = sc.modal
    assert lst is not None and lst.kind == "list" and len(lst.entries) == len(sc.plugin.buttons())
    app.step(0.016)
    last = picks[-1]
    for _ in range(len(lst.entries)):  # scroll until the last pick shows
        if any(v == last for _, v in lst.rows):
            break
        post(pygame.MOUSEWHEEL, x=0, y=-1)
        app.step(0.016)
    r = next(r for r, v in lst.rows if v == last)
    click_at(app, r.center)
    assert str(sc.game.log[-1]) == last.value
