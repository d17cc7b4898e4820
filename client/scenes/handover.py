"""The hot-seat hand-over screen: hides the board, minimap and log between two human players' turns.

Any game's scene pushes it (``HandoverScene(app, game_scene, seat)``); what it shows about the
seat (name, colour, a line such as the round) comes from the game's plugin (client/games)."""
from __future__ import annotations

import time
from pathlib import Path

import pygame

from client import i18n
from client.boards.model import rgb255
from client.games import make_plugin
from client.i18n import t
from client.scene import Scene
from client.scenes.menu import MenuScene
from client.ui import text, widgets


class HandoverScene(Scene):
    opaque = True  # nothing of the game shows through
    kind = "handover"

    def __init__(self, app, game_scene, player: int):
        super().__init__(app)
        self.game_scene = game_scene
        self.player = player
        self.shown_at = time.monotonic()
        self.plugin = make_plugin(game_scene.game)
        self.notice: tuple[str, bool] | None = None  # what the menu's Save said (the status line is hidden here)
        game_scene.forget_refusal()  # F3 here or on the next player's board opens no rule of the last one's refusals

    def key_contexts(self) -> tuple[str, ...]:
        return ("global",)

    def handle(self, ev) -> None:
        if time.monotonic() - self.shown_at < getattr(getattr(self.app, "opts", None), "handover_delay", 0.0):
            return  # a second press of the key or button that ended the last turn
        if ev.type == pygame.KEYDOWN:
            # Space passes; Esc opens the menu (the board stays hidden); other keys (Enter, which
            # ends turns, and the function keys) never pass the hand-over
            if ev.key == pygame.K_ESCAPE:
                self.app.push(MenuScene(self.app, self.game_scene, hide_board=True, on_saved=self.saved))
            elif ev.key == pygame.K_SPACE:
                self.done()
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.done()

    def saved(self, path, words: str) -> None:
        """The menu's Save finished: say so here (the file's name, or why it failed); nothing of the board."""
        if path is not None:
            self.notice = (t("saved", path=Path(path).name), True)
        else:
            self.notice = (words or t("save_failed", err="?"), False)

    def done(self) -> None:
        self.app.pop(self)
        self.game_scene.handover_done(self.player)

    def animating(self) -> bool:
        return False

    def draw(self, display) -> None:
        surf = display if isinstance(display, pygame.Surface) else display.ui
        surf.fill((10, 10, 14))
        if not isinstance(display, pygame.Surface):
            display.mark_full()
        w, h = surf.get_size()
        lang = i18n.lang()
        plugin = self.plugin
        col = rgb255(plugin.seat_rgb(self.player))
        name = plugin.seat_name(self.player, lang)
        pygame.draw.rect(surf, col, pygame.Rect(w // 2 - 60, h // 2 - 130, 120, 16), border_radius=6)
        text.draw(surf, t("handover_title", p=name), (w // 2, h // 2 - 70), 40, col, anchor="center")
        body = text.wrap(t("handover_body"), 20, w - 40)  # in a small window on two lines (it ran off both edges)
        for i, ln in enumerate(body):
            text.draw(surf, ln, (w // 2, h // 2 + 30 * i), 20, widgets.TEXT, anchor="center")
        y = h // 2 + 50 + 30 * (len(body) - 1)
        for line in plugin.handover_lines(self.player, lang):
            text.draw(surf, line, (w // 2, y), 18, widgets.DIM, anchor="center")
            y += 30
        if self.notice is not None:
            words, ok = self.notice
            yy = h - 60 - 24 * (len(text.wrap(words, 18, w - 80)) - 1)
            for ln in text.wrap(words, 18, w - 80):
                text.draw(surf, ln, (w // 2, yy), 18, widgets.GOOD if ok else widgets.BAD, anchor="midtop")
                yy += 24
        g = self.game_scene.game
        cur = g.current_player
        if cur >= 0 and cur != self.player and self.game_scene.seats[cur] != "human":
            text.draw(surf, t("ai_thinking", p=plugin.seat_name(cur, lang)), (w // 2, y + 10), 16,
                      widgets.DIM, anchor="center")
