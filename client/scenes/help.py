"""F1: the keys and mouse actions of the scene on screen, written from the key-binding table (client/keys.py)
in the current language."""
from __future__ import annotations

import pygame

from client import i18n, keys
from client.scene import Scene
from client.games.base import GamePlugin
from client.i18n import t
from client.ui import text, widgets


HOWTO_KEYS = ("howto_1", "howto_2", "howto_3", "howto_4", "howto_5", "howto_6")


def _rgb(c) -> tuple[int, int, int]:
    return tuple(int(round(v * 255)) for v in c)


def legend_items() -> list[tuple[str, str]]:
    """(swatch kind, text key) of every colour, icon and number on the 沙场秋点兵 board."""
    return [("reach", "legend_reach"), ("hatch", "legend_hatch"), ("target", "legend_target"),
            ("blocked", "legend_blocked"), ("reinforce", "legend_reinforce"), ("select", "legend_select"),
            ("ghost", "legend_ghost"), ("lit", "legend_lit"), ("dim", "legend_dim"), ("slate", "legend_slate"),
            ("count", "legend_count"), ("tent", "legend_tent"), ("swords", "legend_swords"),
            ("spent", "legend_spent"), ("sight", "legend_sight")]


def draw_swatch(surf, kind: str, r: pygame.Rect) -> None:
    """A small picture of one legend item, in the colours the renderers use."""
    from client.render import gl_overlay as ov

    ground = (86, 150, 70)
    pygame.draw.rect(surf, ground, r)
    if kind == "reach":
        pygame.draw.rect(surf, _rgb(ov.C_REACH), r)
        text.draw(surf, "2", r.center, 13, (255, 255, 255), anchor="center", shadow=True)
    elif kind == "hatch":
        clip = surf.get_clip()
        surf.set_clip(r)
        for i in range(-r.h, r.w, 6):
            pygame.draw.line(surf, (255, 140, 26), (r.x + i, r.bottom), (r.x + i + r.h, r.y), 2)
        surf.set_clip(clip)
    elif kind in ("target", "blocked", "reinforce", "select"):
        col = {"target": ov.C_TARGET, "blocked": ov.C_BLOCKED, "reinforce": ov.C_REINFORCE,
               "select": ov.C_SELECT}[kind]
        if kind in ("blocked", "reinforce"):
            pygame.draw.rect(surf, tuple((a + b) // 2 for a, b in zip(ground, _rgb(col))), r)
        pygame.draw.rect(surf, _rgb(col), r, 3)
        if kind == "blocked":
            pygame.draw.line(surf, _rgb(col), r.topright, r.bottomleft, 2)
    elif kind == "ghost":
        for dx in (0.25, 0.75):
            for dy in (0.25, 0.75):
                pygame.draw.circle(surf, (217, 204, 255), (r.x + int(r.w * dx), r.y + int(r.h * dy)), 2)
    elif kind == "dim":
        pygame.draw.rect(surf, (52, 58, 50), r)
    elif kind == "slate":
        pygame.draw.rect(surf, (38, 41, 48), r)
        pygame.draw.rect(surf, (31, 34, 40), r, 1)
    elif kind == "count":
        pygame.draw.circle(surf, (217, 46, 38), r.center, r.h // 2 - 1)
        text.draw(surf, "8", r.center, 13, (255, 255, 255), anchor="center", shadow=True)
    elif kind in ("tent", "swords", "spent"):  # the icons the renderers draw over a stack
        pygame.draw.circle(surf, (217, 46, 38), r.center, r.h // 2 - 1)
        cx, cy, k = r.centerx, r.centery, max(4, r.h // 2 - 4)
        white = (255, 255, 255)
        if kind == "tent":
            pygame.draw.polygon(surf, white, [(cx - k, cy + k), (cx, cy - k), (cx + k, cy + k)], 2)
        elif kind == "swords":
            pygame.draw.line(surf, white, (cx - k, cy - k), (cx + k, cy + k), 3)
            pygame.draw.line(surf, white, (cx - k, cy + k), (cx + k, cy - k), 3)
        else:
            pygame.draw.polygon(surf, white, [(cx - k, cy - k), (cx + k, cy - k), (cx, cy)])
            pygame.draw.polygon(surf, white, [(cx - k, cy + k), (cx + k, cy + k), (cx, cy)])
    elif kind == "sight":
        pygame.draw.line(surf, _rgb(ov.C_SIGHT), r.midleft, r.midright, 3)
        pygame.draw.rect(surf, _rgb(ov.C_BLOCK), pygame.Rect(r.centerx - 4, r.centery - 4, 8, 8))
    pygame.draw.rect(surf, widgets.BORDER, r, 1)


class HelpScene(Scene):
    opaque = False
    tab = 0  # 0: how to play (where the game has one), 1: keys

    def contexts(self) -> tuple[str, ...]:
        """The contexts of the scene under this page (the one whose keys it lists)."""
        scenes = self.app.scenes
        below = scenes[:scenes.index(self)] if self in scenes else scenes
        return below[-1].key_contexts() if below else ("global",)

    def key_contexts(self) -> tuple[str, ...]:
        return self.contexts()

    def plugin_lines(self) -> list[tuple[str, tuple | None]]:
        """How to play and what the board's marks mean, from the board game's plugin below (``help_lines``)."""
        scenes = self.app.scenes
        below = scenes[:scenes.index(self)] if self in scenes else scenes
        for s in reversed(below):
            plugin = getattr(s, "plugin", None) or getattr(getattr(s, "inner", None), "plugin", None)
            if isinstance(plugin, GamePlugin):
                return plugin.help_lines(i18n.lang())
        return []

    def tabs(self) -> list[str]:
        """The page's tabs: "play" (how to play and the board's legend: 沙场秋点兵, or a board game whose plugin
        has ``help_lines``) and "keys"."""
        play = "shachang" in self.contexts() or bool(self.plugin_lines())
        return (["play"] if play else []) + ["keys"]

    def handle(self, ev) -> None:
        tabs = self.tabs()
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
            self.tab = (self.tab + (-1 if ev.key == pygame.K_LEFT else 1)) % len(tabs)
        elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
            self.app.pop(self)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and getattr(self, "tab_rects", None):
            for i, r in enumerate(self.tab_rects):
                if r.collidepoint(ev.pos):
                    self.tab = i
                    return
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
        tabs = self.tabs()
        self.tab = min(self.tab, len(tabs) - 1)
        self.tab_rects = []
        x = box.x + 20
        for i, name in enumerate(tabs):
            label = t("help_tab_" + name)
            r = text.draw(surf, label, (x, box.y + 14), 22 if i == self.tab else 18,
                          widgets.ACCENT if i == self.tab else widgets.DIM)
            if i == self.tab:
                pygame.draw.line(surf, widgets.ACCENT, (r.x, r.bottom + 2), (r.right, r.bottom + 2), 2)
            self.tab_rects.append(r.inflate(10, 8))
            x = r.right + 28
        if len(tabs) > 1:
            text.draw(surf, t("help_tabs_hint"), (box.right - 20, box.y + 18), 14, widgets.DIM, anchor="topright")
        if tabs[self.tab] == "play":
            self.draw_play(surf, box)
            text.draw(surf, t("help_close"), (box.centerx, box.bottom - 14), 14, widgets.DIM, anchor="midbottom")
            return
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

    def draw_play(self, surf, box: pygame.Rect) -> None:
        """How to play in a few lines, then the legend of the board with drawn swatches."""
        y = box.y + 56
        lines = self.plugin_lines()
        if lines:  # a board game's own page: its lines, each in its colour (a kingdom's, a mark's)
            for ln, rgb in lines:
                for part in text.wrap(ln, 15, box.w - 40):
                    text.draw(surf, part, (box.x + 20, y), 15, _rgb(rgb) if rgb else widgets.TEXT)
                    y += 20
                y += 6
            return
        for k in HOWTO_KEYS:
            for ln in text.wrap(t(k), 15, box.w - 40):
                text.draw(surf, ln, (box.x + 20, y), 15, widgets.TEXT)
                y += 20
        y += 8
        text.draw(surf, t("legend_title"), (box.x + 20, y), 17, widgets.ACCENT)
        y += 26
        items = legend_items()
        col_w = (box.w - 40) // 2
        rows = (len(items) + 1) // 2
        lh = max(20, min(26, (box.bottom - 40 - y) // max(1, rows)))
        for i, (kind, key) in enumerate(items):
            cx = box.x + 20 + (i // rows) * col_w
            cy = y + (i % rows) * lh
            draw_swatch(surf, kind, pygame.Rect(cx, cy + 1, 26, lh - 4))
            text.draw(surf, t(key), (cx + 34, cy + 2), 14, widgets.TEXT)
