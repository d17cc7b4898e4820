"""The key-binding table (client/keys.py) dispatches the board scene's keys and writes the F1 page of the
scene on screen in the current language; F1/F2 work in the board games; the AI driver (client/ai_driver.py)
seeds every game's computer players one way and hands a failing seat to a human; hot-seat hand-over."""
from __future__ import annotations

import os

import pygame
import pytest

from client import i18n, keys
from client.ai_driver import AIDriver, seat_seed
from engine import registry


def kd(key, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def test_table_dispatches_by_context_and_modifiers():
    board = ("global", "board")
    assert keys.action(kd(pygame.K_u), board) == "undo"
    assert keys.action(kd(pygame.K_z, pygame.KMOD_LCTRL), board) == "undo"
    assert keys.action(kd(pygame.K_z), board) is None  # Z alone does nothing
    assert keys.action(kd(pygame.K_s, pygame.KMOD_LCTRL), board) == "save"
    assert keys.action(kd(pygame.K_s), board) is None
    assert keys.action(kd(pygame.K_v), board) is None  # the view key only in the 3D view
    assert keys.action(kd(pygame.K_v), board + ("board_gl",)) == "view"
    assert keys.action(kd(pygame.K_F1), ("global",)) == "help"


def test_help_rows_follow_context_and_language():
    zh = keys.help_rows(("global", "board"), "zh")
    en = keys.help_rows(("global", "board"), "en")
    assert ("U / Ctrl+Z", "悔棋：收回上一步人走的棋及电脑的应着（轮到另一位玩家时须其同意）") in zh
    assert ("U / Ctrl+Z", "undo: take back the last human move and the computer's replies (another human to move is "
            "asked first)") in en
    assert ("Left click", "select a piece, then a marked target; a refused click says why below") in en
    assert not any("face-down" in what for _, what in en)  # issue 26: flipping is 暗棋's own row, not every board's
    assert not any("march" in what for _, what in en)  # 沙场秋点兵's rows are not the board games' page
    sc = keys.help_rows(("global", "shachang"), "en")
    assert any("march" in what for _, what in sc) and not any("undo" in what for _, what in sc)


@pytest.fixture
def app(tmp_path):
    from client.app import App, Options

    old_lang = i18n.lang()
    old = os.environ.get("SDL_VIDEODRIVER")
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    try:
        a = App(Options(renderer="flat", save_dir=tmp_path, ai_delay=0.0, lang="zh", size=(900, 640), strict=True))
    finally:
        if old is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = old
    yield a
    pygame.display.quit()
    i18n.set_lang(old_lang)


def test_f1_shows_the_board_games_keys_and_f2_switches_its_language(app):
    from client.scenes.board_game import app_scene
    from client.scenes.help import HelpScene

    app.replace(app_scene(app, registry.get("baige").new_game(), ["human", "human"]))
    app.step(0.016)
    pygame.event.post(kd(pygame.K_F1))
    app.step(0.016)
    assert isinstance(app.scene, HelpScene)
    rows = app.scene.rows()
    assert ("F", "翻转棋盘") in rows and ("U / Ctrl+Z", "悔棋：收回上一步人走的棋及电脑的应着（轮到另一位玩家时须其同意）") in rows
    pygame.event.post(kd(pygame.K_F2))
    app.step(0.016)
    assert i18n.lang() == "en" and ("F", "flip the board") in app.scene.rows()
    pygame.event.post(kd(pygame.K_F1))
    app.step(0.016)
    assert not isinstance(app.scene, HelpScene)
    board = app.scene
    assert board.seat_kind(0) == "human" and board.plugin.seat_name(0, i18n.lang()) == "White"
    pygame.event.post(kd(pygame.K_f))  # the board scene dispatches from the same table
    app.step(0.016)
    assert board.flipped


def test_seeds_come_from_one_function_and_hidden_deals_do_not_reuse_the_game_seed():
    a = AIDriver("baige", ["random", "random"], 7)
    assert a.base == 7 and seat_seed(7, 1) == 7 * 7919 + 31 + 1
    assert a.agent(1).rng.random() == AIDriver("baige", ["human", "random"], 7).agent(1).rng.random()
    h1, h2 = (AIDriver("anqi", ["random"] * 3, 7, hidden_deal=True) for _ in range(2))
    assert h1.base != 7 and h1.base != h2.base  # fresh, unpredictable: nothing follows from the deal's seed


class Broken:
    def act(self, obs, legal):
        raise RuntimeError("broken agent")


def test_a_failing_computer_hands_its_seat_to_a_human(capsys):
    from client.scenes.board_game import BoardGameScene

    pygame.font.init()
    sc = BoardGameScene((900, 640), registry.get("baige").new_game(), ["human", "easy"], "en", "flat", ai_delay=0.0)
    sc.play("e4e6")
    sc.ai.agents[1] = Broken()
    for _ in range(50):
        sc.update(0.016)
        sc.wait_for_computer(2.0)
        if sc.seats[1] == "human":
            break
    assert sc.seats[1] == "human" and sc.message_bad and "Black failed" in sc.message
    assert "broken agent" not in sc.message and "broken agent" in capsys.readouterr().err  # its text: stderr only (G1)
    assert sc.human_turn() and sc.game.log == ["e4e6"]  # nothing was played for the broken seat


def test_hot_seat_handover_modal_for_games_with_private_information(monkeypatch):
    from client.games.anqi import Plugin
    from client.scenes.board_game import BoardGameScene
    from client.scenes.handover import HandoverScene

    monkeypatch.setattr(Plugin, "needs_handover", True)
    pygame.font.init()
    sc = BoardGameScene((900, 640), registry.get("anqi").new_game(seed=3), ["human", "human", "random"], "zh",
                        "flat", ai_delay=0.0)
    surf = pygame.Surface((900, 640))
    sc.draw(surf)
    cell = next(p.cell for p in sc.last_board_view.pieces if p.face_down and sc.plugin.can_start(p.cell))
    sc.click(cell)
    assert len(sc.game.log) == 1
    top = sc.host.scene
    assert isinstance(top, HandoverScene) and top.player == 1  # the board hides before 魏's turn
    top.draw(surf)
    assert surf.get_at((5, 5))[:3] == (10, 10, 14)  # nothing of the board shows
    sc.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=sc.cell_pos(cell), button=1))
    assert sc.modal is None and sc.last_human == 1 and len(sc.game.log) == 1  # the click passed the hand-over only


def test_new_game_after_a_hidden_deal_deals_afresh_and_the_chooser_cancels():
    from client.scenes.board_game import BoardGameScene
    from engine.baige import BaigeGame

    pygame.font.init()
    sc = BoardGameScene((900, 640), registry.get("anqi").new_game(seed=41), ["human"] * 3, "en", "flat", seed=41)
    old_base = sc.ai.base
    sc.new_game()
    assert sc.game.seed not in (41, 42) and sc.game.log == []  # never seed + 1: the deal follows from nothing shown
    assert sc.ai.base != old_base
    # the promotion chooser: Esc cancels it and clears the half-built move
    sc = BoardGameScene((900, 640), BaigeGame("5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1"), ["human", "human"], "en",
                        "flat")
    sc.draw(pygame.Surface((900, 640)))
    g = sc.plugin.geometry
    sc.click(g.parse("a9"))
    sc.click(g.parse("a10"))
    assert sc.modal.kind == "choose" and [c.step.value for c in sc.modal.choices] == ["q", "n", "g", "f", "w"]
    sc.handle_event(kd(pygame.K_ESCAPE))
    assert sc.modal is None and sc.prefix == () and sc.game.log == []


def test_a_plugin_brings_its_own_key_rows(monkeypatch):
    """Adding a game edits no shared table: a plugin's key_rows join the F1 page and the dispatch of its context."""
    import pygame

    from client import keys
    from client.games import plugin_class

    pl = plugin_class("anqi")
    row = keys.Binding("T", "anqi_test", "测试", "test", "anqi", (("K_t", ""),))
    monkeypatch.setattr(pl, "key_rows", (row,), raising=False)
    assert ("T", "test") in keys.help_rows(("global", "board", "anqi"), "en")
    ev = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0)
    assert keys.action(ev, ("board", "anqi")) == "anqi_test"
    assert keys.action(ev, ("board", "baige")) is None
