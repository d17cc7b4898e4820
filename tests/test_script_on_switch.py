"""The words made for a game that opens in place of another are in the new game's script (issue 26: 辛亥革命 writes
the client's Chinese words in traditional characters, the other games in simplified ones). Found by random input:
a 三国演弈 save loaded from a 辛亥革命 game said "已讀檔…" and "另一個客戶端…" in traditional characters, as App.step
had set the script of the game on the screen when the frame began."""
from __future__ import annotations

import pygame
import pytest

from client import i18n, savefile
from client.games import plugin_class
from client.scenes.menu import LoadScene
from client.scenes.modals import NoticeModal
from engine import registry
from tests.client_util import flat_app

TABLE = plugin_class("xinhai").zh_script  # simplified code point -> traditional character
SIMPLIFIED = {chr(c) for c in TABLE}
TRADITIONAL = set(TABLE.values()) - SIMPLIFIED


def _click(app, rect) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    app.step(0.016)


@pytest.mark.parametrize("on_screen, loaded", [("xinhai", "sanguo"), ("sanguo", "xinhai")])
def test_a_save_loaded_over_another_game_speaks_in_its_own_script(tmp_path, monkeypatch, on_screen, loaded):
    real_claim = savefile.claim
    # another live client holds the loaded game's autosave slot: the game opens with a note on its own slot
    monkeypatch.setattr(savefile, "claim", lambda p: 4242 if p.name.startswith(f"autosave-{loaded}")
                        and "-2." not in p.name else real_claim(p))
    new = registry.get(loaded).new_game()
    save = savefile.write_save(tmp_path / f"{loaded}-game.json", new, ["human"] * new.num_players, 0)
    with flat_app(tmp_path, lang="zh") as app:
        first = registry.get(on_screen).new_game()
        app.start_game(first, ["human"] * first.num_players)
        app.step(0.016)
        app.push(LoadScene(app))  # as the in-game menu's Load does: over the game on the screen
        app.step(0.016)
        page = app.scene
        _click(app, next(b for p, b in zip(page.files, page.buttons) if p == save).rect)
        box, game_scene = app.scene, app.scenes[0]
        assert isinstance(box, NoticeModal) and game_scene.game.game_id == loaded, (type(box).__name__, page.error)
        note, loaded_line = box.note, game_scene.status_text("zh")
        assert "4242" in note and save.name in loaded_line, (note, loaded_line)
        if loaded == "xinhai":  # the loaded game's script: traditional
            assert note.startswith("另一個客戶端") and loaded_line.startswith("已讀檔"), (note, loaded_line)
            assert not (set(note + loaded_line) & SIMPLIFIED), set(note + loaded_line) & SIMPLIFIED
        else:  # simplified, though the frame began with 辛亥革命 on the screen
            assert note.startswith("另一个客户端") and loaded_line.startswith("已读档"), (note, loaded_line)
            assert not (set(note + loaded_line) & TRADITIONAL), set(note + loaded_line) & TRADITIONAL


def test_the_start_screen_says_what_its_events_say_in_the_chosen_games_script(tmp_path, monkeypatch):
    """The start screen draws in the chosen game's script (issue 26); what its events make (a Continue that cannot
    load) is in that script too, not in the simplified one its frames began with."""
    with flat_app(tmp_path, lang="zh") as app:
        app.start_title()
        sc = app.scene
        while sc.game.value != "xinhai":
            sc.game.step(1)
        g = registry.get("xinhai").new_game()
        savefile.write_save(sc.slot_path(), g, ["human"] * g.num_players, 0)  # an unfinished game to continue
        app.step(0.016)
        assert sc.continue_info() is not None
        monkeypatch.setattr(app, "load_path", lambda path: "—")  # the save went bad meanwhile
        _click(app, sc.continue_button.rect)
        i18n.use_script(sc.plugin().zh_script)  # as the screen draws it: worded when drawn (session 20), in its script
        assert sc.error() == "讀檔失敗：—", sc.error()
