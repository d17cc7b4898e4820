"""Shift+F12 (a rule picture: 沙场秋点兵's map without the HUD) where there is no such map says so in the player's
language and writes nothing; F12 still takes the whole window there. Found by random input: a board game showed
"screenshot failed: no board view to picture here" in English on a Chinese screen."""
from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.app import App, Options
from engine import registry
from tests.client_util import kept_client_state


def _key(app, key, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    app.step(0.016)


@pytest.mark.parametrize("lang, want", [("zh", "规则图（Shift+F12）只截取沙场秋点兵的地图，这里没有；整个窗口请按 F12"),
                                        ("en", "a rule picture (Shift+F12) is of the map of Autumn Muster on the "
                                               "Battlefield, and there is none here; F12 takes the whole window")])
def test_shift_f12_in_a_board_game_says_why_in_the_players_language(tmp_path, lang, want):
    with kept_client_state("dummy"):
        app = App(Options(renderer="flat", save_dir=tmp_path, lang=lang, strict=True, ai_delay=0.0, handover_delay=0.0))
        try:
            g = registry.get("baige").new_game()
            app.start_game(g, ["human", "human"])
            app.step(0.016)
            _key(app, pygame.K_F12, pygame.KMOD_SHIFT)
            assert app.scene.status_text(lang) == want  # the notice, on the game's status line
            assert not (tmp_path / "screenshots").exists() or not list((tmp_path / "screenshots").glob("rule-*"))
            _key(app, pygame.K_F12)  # the whole window: still there
            shots = list((tmp_path / "screenshots").glob("shot-*.png"))
            assert len(shots) == 1 and app.scene.status_text(lang) == str(shots[0])
        finally:
            app.close()
            i18n.set_lang("en")


def test_shift_f12_takes_the_map_under_the_help_page_but_never_under_a_hand_over(tmp_path):
    """沙场秋点兵: Shift+F12 with the help page over the game still pictures the map (the picture has no UI); under
    the hot-seat hand-over screen it writes nothing, as the picture would show the seat before's view."""
    from client.games.shachang.scene import GameScene
    from client.scenes.handover import HandoverScene
    from client.scenes.help import HelpScene
    from client.scenes.modals import ConfirmModal

    with kept_client_state("dummy"):
        app = App(Options(renderer="flat", save_dir=tmp_path, lang="en", strict=True, ai_delay=0.0, handover_delay=0.0,
                          quick_start=True, preset="standard", mode="digital", seats=["human", "human"]))
        try:
            app.new_game_from_opts()
            app.step(0.016)
            while isinstance(app.scene, HandoverScene):  # the first seat's own hand-over
                _key(app, pygame.K_SPACE)
            assert isinstance(app.scene, GameScene)
            rules = tmp_path / "screenshots"
            _key(app, pygame.K_F1)
            assert isinstance(app.scene, HelpScene)
            _key(app, pygame.K_F12, pygame.KMOD_SHIFT)
            assert len(list(rules.glob("rule-*.png"))) == 1
            _key(app, pygame.K_F1)  # back to the game: end the turn, the hand-over comes
            _key(app, pygame.K_RETURN)
            for _ in range(3):  # "end the turn with moves left?": yes
                if isinstance(app.scene, ConfirmModal):
                    _key(app, pygame.K_RETURN)
            app.step(0.016)
            assert isinstance(app.scene, HandoverScene), type(app.scene).__name__
            _key(app, pygame.K_F12, pygame.KMOD_SHIFT)
            assert len(list(rules.glob("rule-*.png"))) == 1  # nothing new
        finally:
            app.close()
