"""A scrolling log of the events the viewer may read (``observation.messages``: keyed messages rendered
in the current language), newest at the bottom."""
from __future__ import annotations

import itertools

import pygame

from client import i18n
from client.ui import composed, text, widgets


_serials = itertools.count(1)


def _colour(ev) -> tuple:
    """Ends and eliminations in the accent colour, shots in red, the rest plain (by message key)."""
    key = getattr(ev, "key", str(ev))
    if ".ev.game_over" in key or ".ev.out" in key or "game over" in key or "is out" in key:
        return widgets.ACCENT
    if "attack" in key or "unseen" in key:
        return (255, 170, 150)
    return widgets.TEXT


class LogView:
    def __init__(self, size: int = 14):
        self.size = size
        self.serial = next(_serials)  # its slot in the panels' cache: a later log may get this one's id() when it
        # is gone, and its key (line count, last line) may match this one's
        self.scroll = 0  # lines scrolled up from the newest
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._lines_key = None
        self._lines: list[tuple[str, tuple]] = []
        self._wrapped: dict[tuple, list[tuple[str, tuple]]] = {}  # (event, width, lang) -> lines

    def handle_wheel(self, pos, dy: int) -> bool:
        if self.rect.collidepoint(pos):
            self.scroll = max(0, self.scroll + dy * 2)
            return True
        return False

    def _wrap(self, events, width) -> list[tuple[str, tuple]]:
        key = (len(events), width, i18n.lang(), events[-1] if events else None)
        if key != self._lines_key:
            lang = i18n.lang()
            if len(self._wrapped) > 20000:
                self._wrapped.clear()
            out = []
            for ev in events:  # each event is wrapped once (long games stay cheap)
                k = (ev, width, lang)
                lines = self._wrapped.get(k)
                if lines is None:
                    lines = [(ln, _colour(ev)) for ln in text.wrap(i18n.engine_text(ev), self.size, width)]
                    self._wrapped[k] = lines
                out.extend(lines)
            self._lines_key, self._lines = key, out
        return self._lines

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, events, max_lines: int = 14) -> None:
        """The newest lines that fit ``rect`` (at most ``max_lines``); the box shrinks to its content. On the GL
        overlay the finished box is kept and copied while its lines, scroll and place are unchanged (issue 27)."""
        lines = self._wrap(events, rect.w - 16)
        lh = text.font(self.size).get_linesize()
        room = max(1, min(max_lines, (rect.h - 28) // lh))
        rect = pygame.Rect(rect.x, rect.y, rect.w, min(rect.h, 30 + lh * max(1, min(room, len(lines)))))
        self.rect = rect
        self.scroll = min(self.scroll, max(0, len(lines) - room))
        if composed.usable(surf):
            key = (self._lines_key, self.scroll, room, lh, tuple(rect))
            local = pygame.Rect(0, 0, rect.w, rect.h)
            arr = composed.pixels(surf, ("log", self.serial), key, rect.size,
                                  lambda sc: self._compose(sc, local, lines, room, lh))
            composed.copy(surf, arr, rect.topleft)
            widgets.mark(rect, opaque=True, content=[(arr, rect.topleft)])
            return
        widgets.panel(surf, rect)
        self._text(surf, rect, lines, room, lh)

    def _compose(self, sc: pygame.Surface, rect: pygame.Rect, lines, room: int, lh: int) -> None:
        """The box on the GL overlay's layout: ``widgets.panel``'s opaque fill and border, then the text."""
        sc.fill((18, 20, 26, 255), rect)
        pygame.draw.rect(sc, widgets.BORDER, rect, 1)
        self._text(sc, rect, lines, room, lh)

    def _text(self, surf: pygame.Surface, rect: pygame.Rect, lines, room: int, lh: int) -> None:
        text.draw(surf, i18n.t("log"), (rect.x + 8, rect.y + 4), self.size + 1, widgets.ACCENT)
        end = len(lines) - self.scroll
        shown = lines[max(0, end - room):end]
        y = rect.y + 26
        for ln, col in shown:
            text.draw(surf, ln, (rect.x + 8, y), self.size, col)
            y += lh
        if self.scroll:
            text.draw(surf, f"↓ {self.scroll}", (rect.right - 8, rect.y + 4), self.size, widgets.DIM,
                      anchor="topright")
