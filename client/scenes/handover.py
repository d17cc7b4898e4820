"""The hot-seat hand-over screen: hides the map, minimap and log between two human players' turns."""
from __future__ import annotations

import pygame

from client import i18n
from client.app import Scene
from client.i18n import t
from client.render.flat import player_rgb
from client.ui import text, widgets


class HandoverScene(Scene):
    opaque = True  # nothing of the game shows through

    def __init__(self, app, game_scene, player: int):
        super().__init__(app)
        self.game_scene = game_scene
        self.player = player
        import time

        self.shown_at = time.monotonic()

    def handle(self, ev) -> None:
        import time

        if time.monotonic() - self.shown_at < getattr(self.app.opts, "handover_delay", 0.0):
            return  # a second press of the key or button that ended the last turn
        if ev.type == pygame.KEYDOWN:
            # Space passes; Esc opens the menu (the board stays hidden); other keys (Enter, which
            # ends turns, and the function keys) never pass the hand-over
            if ev.key == pygame.K_ESCAPE:
                from client.scenes.menu import MenuScene

                self.app.push(MenuScene(self.app, self.game_scene, hide_board=True))
            elif ev.key == pygame.K_SPACE:
                self.done()
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.done()

    def done(self) -> None:
        self.app.pop(self)
        self.game_scene.handover_done(self.player)

    def animating(self) -> bool:
        return False

    def draw(self, display) -> None:
        surf = display.ui
        surf.fill((10, 10, 14))
        display.mark_full()
        w, h = surf.get_size()
        col = player_rgb(self.player)
        pygame.draw.rect(surf, col, pygame.Rect(w // 2 - 60, h // 2 - 130, 120, 16), border_radius=6)
        text.draw(surf, t("handover_title", p=i18n.player_name(self.player)), (w // 2, h // 2 - 70), 40,
                  col, anchor="center")
        text.draw(surf, t("handover_body"), (w // 2, h // 2), 20, widgets.TEXT, anchor="center")
        g = self.game_scene.game
        text.draw(surf, t("round", r=g.round, lim=g.round_limit), (w // 2, h // 2 + 50), 18, widgets.DIM,
                  anchor="center")
        cur = g.current_player
        if cur >= 0 and cur != self.player and self.game_scene.seats[cur] != "human":
            text.draw(surf, t("ai_thinking", p=i18n.player_name(cur)), (w // 2, h // 2 + 90), 16,
                      widgets.DIM, anchor="center")
