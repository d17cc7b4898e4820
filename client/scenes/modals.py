"""Modal boxes on the app's scene stack: confirm (yes/no), chooser (a promotion piece, a face), game over.

A modal is an overlay Scene pushed on its host (the App, or a ``Stack`` when a scene runs without
an app, e.g. in tests): it takes every event until it closes, and draws over the scene below it,
centred on ``area()`` (the board). Words come from client.i18n in the current language.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from client.boards.model import rgb255
from client.games.base import text as words
from client.i18n import lang, t
from client.scene import Scene
from client.ui import text, widgets
from client.ui.stats_table import draw_table


class Stack:
    """A scene stack for a scene that runs without an App (same push/pop/scenes as client.app.App)."""

    def __init__(self):
        self.scenes: list = []

    def push(self, scene) -> None:
        self.scenes.append(scene)

    def pop(self, scene=None) -> None:
        if scene is None:
            if self.scenes:
                self.scenes.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)

    @property
    def scene(self):
        return self.scenes[-1] if self.scenes else None


class Modal(Scene):
    """The base: a box with a title, lines and a row of buttons; Esc cancels."""

    opaque = False
    kind = "modal"

    def __init__(self, host, area: Callable[[], pygame.Rect] | None = None, on_cancel=None):
        super().__init__(host)
        self.area = area
        self.on_cancel = on_cancel
        self.buttons: list[widgets.Button] = []
        self.rect: pygame.Rect | None = None

    def key_contexts(self) -> tuple[str, ...]:
        scenes = self.app.scenes
        below = scenes[:scenes.index(self)] if self in scenes else scenes
        return below[-1].key_contexts() if below else ("global",)

    def close(self) -> None:
        self.app.pop(self)

    def cancel(self) -> None:
        self.close()
        if self.on_cancel:
            self.on_cancel()

    def _run(self, fn) -> Callable[[], None]:
        def go():
            self.close()
            fn()
        return go

    def handle(self, ev) -> None:
        for b in self.buttons:
            if b.handle(ev):
                return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.cancel()

    def animating(self) -> bool:
        return False

    # --- drawing
    def box(self, surf, w: int, h: int, alpha: int = 240) -> pygame.Rect:
        """The modal's framed box, ``w`` x ``h``, centred in its area (``alpha`` 255: nothing below shows through)."""
        area = self.area() if self.area else surf.get_rect()
        r = pygame.Rect(0, 0, w, h)
        r.center = area.center
        r.clamp_ip(surf.get_rect())  # a box wider than its area (six buttons beside a 1024-wide board) stays whole
        widgets.panel(surf, r, alpha=alpha)
        pygame.draw.rect(surf, widgets.ACCENT, r, 2, border_radius=6)
        self.rect = r
        return r

    def button_row(self, surf, box: pygame.Rect, y: int, bw: int = 110) -> None:
        n = len(self.buttons)
        x = box.centerx - (n * bw + (n - 1) * 14) // 2
        for b in self.buttons:
            b.layout(x, y, w=bw, h=32)
            b.draw(surf)
            x += bw + 14

    def draw(self, display) -> None:
        surf = display if isinstance(display, pygame.Surface) else display.ui
        self.draw_on(surf)

    def draw_on(self, surf) -> None:
        raise NotImplementedError


class ConfirmModal(Modal):
    """A question with Yes / No; Enter or Y says yes."""

    kind = "confirm"

    def __init__(self, host, question: str | Callable[[], str], on_yes, on_no=None, area=None, action: Any = None):
        super().__init__(host, area, on_no)
        self.question = question
        self.action = action  # the action it asks about (tests, and the scene's bookkeeping)
        self.buttons = [widgets.Button(lambda: t("board_yes"), self._run(on_yes), 18),
                        widgets.Button(lambda: t("board_no"), self.cancel, 18)]
        self.on_yes = on_yes

    def handle(self, ev) -> None:
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
            self._run(self.on_yes)()
            return
        super().handle(ev)

    def draw_on(self, surf) -> None:
        q = self.question() if callable(self.question) else self.question
        lines = text.wrap(q, 18, 400)
        box = self.box(surf, 440, 100 + 24 * len(lines))
        for i, ln in enumerate(lines):
            text.draw(surf, ln, (box.centerx, box.y + 22 + 24 * i), 18, widgets.TEXT, anchor="midtop")
        self.button_row(surf, box, box.bottom - 48)


class NoticeModal(Modal):
    """A note for the player at the screen (what only it may see) with one button; Enter, Space or Esc close it."""

    kind = "notice"

    def __init__(self, host, note: str | Callable[[], str], on_close, area=None):
        super().__init__(host, area, on_close)
        self.note = note
        self.buttons = [widgets.Button(lambda: t("board_note_ok"), self.cancel, 18)]

    def handle(self, ev) -> None:
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.cancel()
            return
        super().handle(ev)

    def draw_on(self, surf) -> None:
        lines = text.wrap(self.note() if callable(self.note) else self.note, 18, 400)
        box = self.box(surf, 440, 100 + 24 * len(lines))
        for i, ln in enumerate(lines):
            text.draw(surf, ln, (box.centerx, box.y + 22 + 24 * i), 18, widgets.TEXT, anchor="midtop")
        self.button_row(surf, box, box.bottom - 48, 160)


class ChooserModal(Modal):
    """Pick one of ``choices`` (client.games.base.Choice: a token with a glyph and a label), or cancel."""

    kind = "choose"

    def __init__(self, host, title: str | Callable[[], str], choices: list, on_pick, on_cancel=None, area=None):
        super().__init__(host, area, on_cancel)
        self.title = title
        self.choices = choices
        self.on_pick = on_pick
        self.rects: dict[str, pygame.Rect] = {}  # option value -> its box (tests click these)
        self.mouse = (0, 0)
        self.buttons = [widgets.Button(lambda: t("cancel"), self.cancel, 16)]  # "Cancel", not a confirm box's "No"

    def handle(self, ev) -> None:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for c in self.choices:
                r = self.rects.get(c.step.value)
                if r is not None and r.collidepoint(ev.pos):
                    self.close()
                    self.on_pick(c)
                    return
        super().handle(ev)

    def draw_on(self, surf) -> None:
        cw = 92
        ttl = self.title() if callable(self.title) else self.title
        box = self.box(surf, max(300, cw * len(self.choices) + 40), 210)
        text.draw(surf, ttl, (box.centerx, box.y + 14), 18, widgets.ACCENT, anchor="midtop")
        x0 = box.centerx - cw * len(self.choices) // 2
        for i, c in enumerate(self.choices):
            cx, cy = x0 + cw * i + cw // 2, box.y + 86
            r = pygame.Rect(cx - 40, cy - 40, 80, 100)
            if r.collidepoint(self.mouse):
                pygame.draw.rect(surf, (70, 78, 94), r, border_radius=6)
            pygame.draw.circle(surf, (245, 235, 210), (cx, cy), 30)
            pygame.draw.circle(surf, rgb255(c.ink), (cx, cy), 26, 3)
            if c.glyph:
                text.draw(surf, c.glyph, (cx, cy), 28, rgb255(c.ink), anchor="center")
            text.draw(surf, words(c.label, lang()), (cx, cy + 40), 14, widgets.TEXT, anchor="midtop")
            self.rects[c.step.value] = r
        self.button_row(surf, box, box.bottom - 42, 100)


class ListModal(Modal):
    """A scrollable list of text entries (more one-button actions than the side panel holds); a click picks
    one, the wheel scrolls, Esc cancels."""

    kind = "list"
    ROW = 34

    def __init__(self, host, title: str | Callable[[], str], entries: list[tuple[Any, Callable[[], str]]], on_pick,
                 area=None):
        super().__init__(host, area)
        self.title = title
        self.entries = entries  # (value, label function)
        self.on_pick = on_pick
        self.scroll = 0
        self.rows: list[tuple[pygame.Rect, Any]] = []
        self.mouse = (0, 0)
        self.buttons = [widgets.Button(lambda: t("cancel"), self.cancel, 16)]  # "Cancel", not a confirm box's "No"

    def handle(self, ev) -> None:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
        elif ev.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(len(self.entries) - 1, self.scroll - ev.y))
            return
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for r, value in self.rows:
                if r.collidepoint(ev.pos):
                    self.close()
                    self.on_pick(value)
                    return
        super().handle(ev)

    def draw_on(self, surf) -> None:
        ttl = self.title() if callable(self.title) else self.title
        w, h = surf.get_size()
        fit = max(1, min(len(self.entries), (h - 200) // self.ROW))
        box = self.box(surf, 460, 100 + fit * self.ROW)
        text.draw(surf, ttl, (box.centerx, box.y + 12), 18, widgets.ACCENT, anchor="midtop")
        self.scroll = min(self.scroll, max(0, len(self.entries) - fit))
        self.rows = []
        y = box.y + 44
        for value, label in self.entries[self.scroll:self.scroll + fit]:
            r = pygame.Rect(box.x + 16, y, box.w - 32, self.ROW - 4)
            pygame.draw.rect(surf, (70, 78, 94) if r.collidepoint(self.mouse) else (44, 49, 60), r, border_radius=5)
            text.draw(surf, label(), (r.x + 10, r.centery), 15, widgets.TEXT, anchor="midleft")
            self.rows.append((r, value))
            y += self.ROW
        if len(self.entries) > fit:
            text.draw(surf, f"{self.scroll + 1}-{self.scroll + fit} / {len(self.entries)}", (box.right - 16, box.y + 14),
                      13, widgets.DIM, anchor="topright")
        self.button_row(surf, box, box.bottom - 44, 100)


class GameOverModal(Modal):
    """The end of a game: why, the statistics table (when given) and buttons (replay, statistics, new game,
    save, look at the board, menu). A button given as ``(label, fn, False)`` keeps the box open (the replay
    and the statistics open over it and come back to it)."""

    kind = "over"

    def __init__(self, host, reason: Callable[[], str], buttons: list[tuple], on_close=None, area=None,
                 table: list | None = None, seat_names: Callable[[], list[str]] | None = None, seat_rgb=None):
        super().__init__(host, area, on_close)
        self.reason = reason
        self.table = table or []  # client.scenes.stats.Row
        self.seat_names = seat_names
        self.seat_rgb = seat_rgb
        self.buttons = [widgets.Button(b[0], self._run(b[1]) if len(b) < 3 or b[2] else b[1], 16) for b in buttons]

    def draw_on(self, surf) -> None:
        names = self.seat_names() if self.seat_names and self.table else []
        n = max(1, len(self.buttons))
        # wide enough for the button row and the table, within the free part of the window (the area the board
        # scene gives: the space its panels leave, issue 26); buttons narrow in a small window
        room = min(surf.get_width() - 40, (self.area() if self.area else surf.get_rect()).w - 8)
        room = max(room, n * (70 + 14) + 26)  # never narrower than the narrowest buttons (else the window clamps)
        w = max(min(480, room), min(room, max(n * (118 + 14) + 26, 260 + 130 * len(names))))
        bw = max(70, min(118, (w - 26) // n - 14))
        lines = text.wrap(self.reason(), 16, w - 40)
        table_h = 25 * (len(self.table) + 1) + 12 if names else 0
        # opaque: the pieces under it showed through its words (issue 26 QA; "View board" shows the board)
        box = self.box(surf, w, 116 + 22 * len(lines) + table_h + (16 if names else 0), alpha=255)
        text.draw(surf, t("board_game_over"), (box.centerx, box.y + 14), 24, widgets.ACCENT, anchor="midtop")
        y = box.y + 54
        for ln in lines:
            text.draw(surf, ln, (box.centerx, y), 16, widgets.TEXT, anchor="midtop")
            y += 22
        if names:
            draw_table(surf, self.table, names, self.seat_rgb, pygame.Rect(box.x + 20, y + 6, box.w - 40, table_h))
        self.button_row(surf, box, box.bottom - 46, bw)
