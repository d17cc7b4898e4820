"""The frame drawn in the step where Start opens 辛亥革命 is already in traditional characters (issue 26: the
script was chosen at the start of the step, before the click replaced the start screen by the game, so the
first picture showed the shared words simplified — 轮到, 翻转棋盘, 棋谱 — until the next event)."""
from __future__ import annotations

import pygame

from client import i18n
from client.app import App, Options
from client.ui import text

from tests.boards_util import click_at
from tests.client_util import kept_client_state


def test_the_first_frame_after_start_is_in_the_games_script(cleanup, monkeypatch, tmp_path):
    with kept_client_state("dummy"):
        try:
            i18n.set_lang("zh")
            app = App(Options(renderer="flat", save_dir=str(tmp_path), lang="zh", size=(1280, 720), strict=True))
            app.start_title()
            sc = app.scene
            while sc.game.value != "xinhai":
                sc.game.step(1)
            app.step(0.016)
            drawn = []
            real = text.render
            monkeypatch.setattr(text, "render", lambda s, *a, **k: (drawn.append(s), real(s, *a, **k))[1])
            click_at(app, sc.buttons[0].rect.center)  # Start: the game replaces the start screen in this step
            assert getattr(app.scene, "plugin", None) is not None and app.scene.plugin.game_id == "xinhai"
            seen = "".join(drawn)
            assert "清軍（電腦" in seen  # the seat row's shared word 电脑, in the game's script
            assert not set("电脑轮转谱") & set(seen), seen
        finally:
            pygame.display.quit()
