"""F1: the keys and mouse actions of the scene on screen, written from the key-binding table (client/keys.py)
in the current language."""
from __future__ import annotations

import pygame

from client import i18n, keys
from client.app import Scene
from client.i18n import t
from client.ui import text, widgets


class HelpScene(Scene):
    opaque = False

    def contexts(self) -> tuple[str, ...]:
        """The contexts of the scene under this page (the one whose keys it lists)."""
        scenes = self.app.scenes
        below = scenes[:scenes.index(self)] if self in scenes else scenes
        return below[-1].key_contexts() if below else ("global",)

    def key_contexts(self) -> tuple[str, ...]:
        return self.contexts()

    def handle(self, ev) -> None:
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
            self.app.pop(self)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3):
            self.app.pop(self)

    def animating(self) -> bool:
        return False

    def rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) in the current language."""
        return keys.help_rows(self.contexts(), i18n.lang())

    def draw(self, display) -> None:
        surf = display.ui
        w, h = surf.get_size()
        box = pygame.Rect(0, 0, min(w - 40, 980), min(h - 40, 640))
        box.center = (w // 2, h // 2)
        widgets.panel(surf, box, alpha=245)
        text.draw(surf, t("help_title"), (box.x + 20, box.y + 14), 24, widgets.ACCENT)
        rows = self.rows()
        lh = max(14, min(26, (box.h - 96) // max(1, len(rows))))
        size = max(10, min(16, lh - 6))
        y = box.y + 56
        for k, what in rows:
            text.draw(surf, k, (box.x + 20, y), size, widgets.ACCENT)
            text.draw(surf, what, (box.x + 250, y), size, widgets.TEXT)
            y += lh
            if y > box.bottom - 40:
                break
        text.draw(surf, t("help_close"), (box.centerx, box.bottom - 14), 14, widgets.DIM, anchor="midbottom")
