"""The rules reader (issue 28 point 3): a game's rule book on the F1 page — how to play, then one entry per rule
id (the binding ruling and the pictures of its scenarios), then the pieces — scrollable (wheel, arrows, PgUp/PgDn,
Home/End) and searchable (type a rule id or a word; Backspace; Esc clears, then closes). ``open_at(rule)`` shows
the entry of the rule a refusal names (client/scenes/help.py opens it so after F3 or a click on the rule id on the
status line; client/app.py).

Pictures are drawn only when they come into view (client/rulebook/reader.py: PictureMaker), a few milliseconds
each, at most ``BUDGET_S`` per frame; the others show a placeholder until a later frame draws them (``pending``:
the scene keeps animating), then stay cached.
"""
from __future__ import annotations

import re
import time
from typing import Callable

import pygame

from client import i18n
from client.i18n import t
from client.rulebook.reader import PictureMaker, RuleBook
from client.rulebook.scenario import ScenarioError
from client.ui import text, widgets
from engine.messages import rule_msg

BUDGET_S = 0.05  # drawing pictures per frame: the window stays responsive while a page fills in
PIC_MAX = (560, 420)  # a picture's largest size in the reader
SEARCH_H = 30
GAP = 10
BODY = 15
HEAD = 19
CAPTION = 14
PLACEHOLDER = (40, 44, 52)
FOCUS = (60, 52, 28)
_EMPHASIS = re.compile(r"(?<![\w*])\*{1,2}(\S[^*]*?\S|\S)\*{1,2}(?![\w*])")


def drawable(s: str) -> str:
    """``s`` as plain text (the rulings' Markdown `code` and *emphasis* marks dropped), each character the shipped
    font lacks shown as "…" (else the whole line would fall back to a font without Chinese: the seed quotes hold a
    few rare characters)."""
    s = _EMPHASIS.sub(r"\1", s.replace("`", ""))
    return "".join(ch if text.has_glyph(ch) else "…" for ch in s)


class RulesReader:
    """The reader's state (book, search text, scroll, the entry opened at) and its drawing into a rect."""

    MAX_QUERY = 60  # characters of search text (a held key typed on and on: 2,000 took 0.8 s a frame, 25,000 minutes)

    def __init__(self, book: RuleBook, maker: PictureMaker | None = None):
        self.book = book
        self.maker = maker or PictureMaker()
        self.query = ""
        self.scroll = 0
        self.focus: int | None = None  # the entry opened at (a refusal's rule): highlighted
        self.note = ""  # a client.i18n key said over the page (an unknown rule id), with ``note_fields``
        self.note_fields: dict = {}
        self._jump: int | None = None  # scroll to this entry at the next layout
        self.cache: dict[tuple, pygame.Surface | str] = {}  # (picture, lang, size) -> surface, or the error text
        self.pending = 0  # pictures in view still to draw
        self.drawn: list[tuple] = []  # cache keys of the pictures on screen in the last frame (tests, shots)
        self.view_h = 400
        self.total_h = 0
        self.intro: tuple[Callable[[int], int], Callable] | None = None  # (height(w), draw(surf, x, y, w))
        self._layout_key = None
        self._items: list[tuple] = []
        self._entry_y: dict[int, int] = {}

    # ------------------------------------------------------------------ what is shown
    def open_at(self, rule: str | None) -> bool:
        """Show the entry of ``rule`` (a refusal's rule text: ``"K8"``, ``"S15 path"``); False, with a note and
        the book's top, when the book has no entry for it."""
        self.query = ""
        i = self.book.index_of(rule)
        if i is None:
            self.focus, self._jump, self.scroll = None, None, 0
            # the rule as the status line names it ("〔原文 虎符的获得〕": a seed passage as 原文 in Chinese)
            self.note, self.note_fields = (("reader.unknown_rule", {"why": rule_msg(rule, self.book.game_id)})
                                           if rule else ("", {}))
            return False
        self.focus, self._jump, self.note = i, i, ""
        return True

    def shown(self) -> list[int]:
        """The entries on the page (all, or those matching the search)."""
        return self.book.search(self.query)

    def focused_entry(self):
        return self.book.entries[self.focus] if self.focus is not None else None

    # ------------------------------------------------------------------ input
    def handle(self, ev) -> str | None:
        """One event; ``"close"`` when Esc is pressed with no search text, ``"used"`` if the reader used it."""
        if ev.type == pygame.TEXTINPUT:
            typed = "".join(ch for ch in ev.text if ch.isprintable())
            if typed:
                if len(self.query) < self.MAX_QUERY:  # typing past the end changes nothing
                    self.set_query((self.query + typed)[:self.MAX_QUERY])
                return "used"
            return None
        if ev.type == pygame.MOUSEWHEEL:
            self.scroll_by(-ev.y * 60)
            return "used"
        if ev.type != pygame.KEYDOWN:
            return None
        k = ev.key
        if k == pygame.K_ESCAPE:
            if self.query:
                self.set_query("")
                return "used"
            return "close"
        if k == pygame.K_BACKSPACE:
            if self.query:
                self.set_query(self.query[:-1])
            return "used"
        page = max(40, self.view_h - 60)
        moves = {pygame.K_UP: -40, pygame.K_DOWN: 40, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                 pygame.K_HOME: -10 ** 9, pygame.K_END: 10 ** 9}
        if k in moves:
            self.scroll_by(moves[k])
            return "used"
        return None

    def set_query(self, q: str) -> None:
        self.query = q
        self.note, self.scroll, self._jump = "", 0, None

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.scroll + dy, max(0, self.total_h - self.view_h)))

    # ------------------------------------------------------------------ layout
    def _layout(self, w: int, lang: str) -> None:
        """The page as items (kind, y, h, payload, in the opened entry) for width ``w``; entry tops in ``_entry_y``."""
        key = (w, lang, self.query, self.intro is not None, self.focus)
        if key == self._layout_key:
            return
        self._layout_key = key
        items: list[tuple] = []
        y = 0
        focus = False

        def add(kind, h, payload=None):
            nonlocal y
            items.append((kind, y, h, payload, focus and kind != "picture"))
            y += h

        def para(s, size, colour, indent=0):
            for ln in text.wrap(drawable(s), size, w - indent):
                add("text", size + 6, (ln, size, colour, indent))

        shown = self.shown()
        if not self.query:
            if self.intro is not None:
                add("intro", self.intro[0](w))
                add("gap", GAP)
            add("rule", 1)
            para(t("reader.book_title", p=self.book.name(lang)), HEAD, widgets.ACCENT)
            if self.book.seed_quote:
                para(t("reader.seed", path=self.book.seed_file), CAPTION, widgets.DIM)
                para(self.book.seed_text(lang), CAPTION, widgets.TEXT, 12)
            add("gap", GAP)
        else:
            found = t("reader.matches_one") if len(shown) == 1 else t("reader.matches", n=len(shown))
            para(found if shown else t("reader.no_match", q=self.query), BODY,
                 widgets.DIM)
        self._entry_y = {}
        pieces_said = False
        for i in shown:
            e = self.book.entries[i]
            if not e.rule and not pieces_said:
                pieces_said = True
                add("gap", GAP)
                add("rule", 1)
                para(t("reader.pieces"), HEAD, widgets.ACCENT)
            self._entry_y[i] = y
            focus = i == self.focus
            add("gap", 6)
            para(e.heading(lang), HEAD - 1, widgets.ACCENT)
            body = e.body(lang)
            if body:
                if lang == "zh" and "zh" not in e.text:
                    para(t("reader.ruling_en"), CAPTION, widgets.DIM)
                para(body, BODY, widgets.TEXT)
            if not e.pictures:
                para(t("reader.no_picture"), CAPTION, widgets.DIM)
            for pic in e.pictures:
                size = self.maker.size(pic, (min(PIC_MAX[0], w - 24), PIC_MAX[1]))
                add("gap", 6)
                add("picture", size[1], (pic, size))
                if not pic.prebuilt and pic.caption(lang):
                    para(pic.caption(lang), CAPTION, widgets.DIM, 12)
            add("gap", GAP)
            focus = False
        self._items = items
        self.total_h = y

    # ------------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        """The search line and the page scrolled into ``rect``."""
        lang = i18n.lang()
        search = pygame.Rect(rect.x, rect.y, rect.w, SEARCH_H)
        pygame.draw.rect(surf, (30, 33, 40), search)
        pygame.draw.rect(surf, widgets.BORDER, search, 1)
        label = t("reader.search") + " " + self.query + ("|" if self.query else "")
        r = text.draw(surf, label, (search.x + 8, search.centery), BODY, widgets.TEXT, anchor="midleft")
        hint = t(self.note, **{k: i18n.engine_text(v) for k, v in self.note_fields.items()}) if self.note \
            else t("reader.search_hint")
        room = search.right - 8 - (r.right + 16)
        if room > 60:
            hint = text.wrap(hint, CAPTION, room)[0]
            colour = widgets.DIM if not self.note else widgets.ACCENT if self.focus is not None else widgets.BAD
            text.draw(surf, hint, (search.right - 8, search.centery), CAPTION, colour, anchor="midright")
        page = pygame.Rect(rect.x, search.bottom + 8, rect.w, rect.bottom - search.bottom - 8)
        w = page.w - 14  # room for the scroll bar
        self.view_h = page.h
        self._layout(w, lang)
        if self._jump is not None and self._jump in self._entry_y:
            self.scroll = self._entry_y[self._jump]
            self._jump = None
        self.scroll_by(0)
        clip = surf.get_clip()
        surf.set_clip(page.clip(clip) if clip else page)
        self._t0 = time.perf_counter()
        self._made = 0  # pictures drawn in this frame (one at least, however slow the machine)
        self.pending = 0
        self.drawn = []
        top, bottom = self.scroll, self.scroll + page.h
        visible = [it for it in self._items if it[1] + it[2] >= top and it[1] <= bottom]
        for kind, y, h, payload, flag in visible:  # the opened entry's background first: no line cuts another
            if flag:
                surf.fill(FOCUS, pygame.Rect(page.x, page.y + y - self.scroll, w, h))
        for kind, y, h, payload, _ in visible:
            sy = page.y + y - self.scroll
            if kind == "text":
                ln, size, colour, indent = payload
                text.draw(surf, ln, (page.x + 4 + indent, sy + 2), size, colour)
            elif kind == "rule":
                pygame.draw.line(surf, widgets.BORDER, (page.x, sy), (page.x + w, sy))
            elif kind == "intro":
                self.intro[1](surf, page.x + 4, sy, w - 4)
            elif kind == "picture":
                self._draw_picture(surf, payload, (page.x + 12, sy), lang)
        surf.set_clip(clip)
        if self.total_h > page.h:  # the scroll bar
            bar = pygame.Rect(page.right - 6, page.y, 4, page.h)
            pygame.draw.rect(surf, (45, 48, 56), bar)
            th = max(20, page.h * page.h // self.total_h)
            ty = page.y + (page.h - th) * self.scroll // max(1, self.total_h - page.h)
            pygame.draw.rect(surf, widgets.DIM, pygame.Rect(bar.x, ty, 4, th))

    def _draw_picture(self, surf, payload, pos, lang: str) -> None:
        pic, size = payload
        key = (pic.path, lang, size)
        img = self.cache.get(key)
        if img is None and (not self._made or time.perf_counter() - self._t0 < BUDGET_S):
            self._made += 1
            try:
                img = self.maker.draw(pic, lang, size)
            except (ScenarioError, pygame.error, OSError, ValueError) as e:  # a picture that cannot be drawn: said
                img = str(e).split("\n")[0]
            self.cache[key] = img
        box = pygame.Rect(pos, size)
        if isinstance(img, pygame.Surface):
            surf.blit(img, box)
            self.drawn.append(key)
            return
        surf.fill(PLACEHOLDER, box)
        pygame.draw.rect(surf, widgets.BORDER, box, 1)
        if img is None:
            self.pending += 1
            msg = t("reader.drawing")
        else:
            msg = t("reader.no_drawing", err=img)
        for k, ln in enumerate(text.wrap(msg, CAPTION, size[0] - 16)[:3]):
            text.draw(surf, ln, (box.centerx, box.centery - 10 + k * 20), CAPTION, widgets.DIM, anchor="center")
