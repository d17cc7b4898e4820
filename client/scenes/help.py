"""F1: every key and mouse action."""
from __future__ import annotations

import pygame

from client import i18n
from client.app import Scene
from client.i18n import t
from client.ui import text, widgets


class HelpScene(Scene):
    opaque = False

    def handle(self, ev) -> None:
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
            self.app.pop(self)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3):
            self.app.pop(self)

    def animating(self) -> bool:
        return False

    def draw(self, display) -> None:
        surf = display.ui
        w, h = surf.get_size()
        box = pygame.Rect(0, 0, min(w - 40, 980), min(h - 40, 640))
        box.center = (w // 2, h // 2)
        widgets.panel(surf, box, alpha=245)
        text.draw(surf, t("help_title"), (box.x + 20, box.y + 14), 24, widgets.ACCENT)
        n = len(i18n.HELP_LINES)
        lh = max(14, min(26, (box.h - 96) // n))
        size = max(10, min(16, lh - 6))
        y = box.y + 56
        zh = i18n.lang() == "zh"
        for keys, d_zh, d_en in i18n.HELP_LINES:
            text.draw(surf, i18n.help_keys(keys), (box.x + 20, y), size, widgets.ACCENT)
            text.draw(surf, d_zh if zh else d_en, (box.x + 250, y), size, widgets.TEXT)
            y += lh
            if y > box.bottom - 40:
                break
        text.draw(surf, t("help_close"), (box.centerx, box.bottom - 14), 14, widgets.DIM, anchor="midbottom")
