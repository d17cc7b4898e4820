"""F1: the game's rule book — how to play, then the rules reader (client/scenes/rules_reader.py: every rule id
with its ruling and pictures, searchable, scrollable) — and the keys and mouse actions of the scene on screen,
written from the key-binding table (client/keys.py), in the current language. Opened with a rule (F3, or a click
on the rule id of a refusal on the status line: client/app.py) it shows that rule's entry."""
from __future__ import annotations

import pygame

from client import i18n, keys
from client.games import plugin_class
from client.games.base import GamePlugin
from client.i18n import t
from client.render import gl_overlay as ov
from client.rulebook.reader import load_book
from client.scene import Scene
from client.scenes.rules_reader import RulesReader
from client.ui import text, widgets
from engine import registry

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


def subject_plugin(game_id: str, options: dict) -> GamePlugin | None:
    """A plugin of a fresh ``game_id`` game with the start screen's ``options`` (seed 0; nothing of it is shown but
    the how-to-play lines), or None when the game's plugin has no how-to-play lines of its own or cannot make it."""
    try:
        cls = plugin_class(game_id)
        info = registry.get(game_id)
    except KeyError:
        return None
    if cls.help_lines is GamePlugin.help_lines:  # 沙场秋点兵: its page comes from the catalogue and the book
        return None
    kw = cls.new_game_options(info, 0, options.get("players"), seeded=True)
    kw.update({k: v for k, v in options.items() if v in info.choices.get(k, ())})
    return cls(info.new_game(**kw))


class HelpScene(Scene):
    SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -8, pygame.K_PAGEDOWN: 8}
    opaque = False
    tab = 0  # 0: how to play and the rule book (where the game has them), 1: keys

    def __init__(self, app, rule: str | None = None, why: bool = False):
        """``why``: opened for a refusal (F3, a click on its rule id); ``rule``: the rule it names (None: the
        status line shows none, the book opens at its top with a note)."""
        super().__init__(app)
        self._reader: RulesReader | None | bool = None  # False: this scene has no game with a rule book
        self._subject_plugin: GamePlugin | None | bool = None  # False: no game offered by the scene below
        self.rule, self.why = rule, why

    def contexts(self) -> tuple[str, ...]:
        """The contexts of the scene under this page (the one whose keys it lists)."""
        scenes = self.app.scenes
        below = scenes[:scenes.index(self)] if self in scenes else scenes
        return below[-1].key_contexts() if below else ("global",)

    def key_contexts(self) -> tuple[str, ...]:
        return self.contexts()

    def below(self) -> list[Scene]:
        """The scenes under this page, top last."""
        scenes = self.app.scenes
        return scenes[:scenes.index(self)] if self in scenes else list(scenes)

    def subject(self) -> tuple[str, dict] | None:
        """The game the scene below offers to explain where no game is played (the start screen: the chosen
        game and its rows, ``help_subject``), or None."""
        for s in reversed(self.below()):
            offer = getattr(s, "help_subject", None)
            if callable(offer):
                return offer()
        return None

    def plugin(self) -> GamePlugin | None:
        """The board game's plugin of the scene below (None: no board game there), or, from the start screen, a
        plugin of a fresh game of the chosen set-up made for its how-to-play page only."""
        for s in reversed(self.below()):
            plugin = getattr(s, "plugin", None) or getattr(getattr(s, "inner", None), "plugin", None)
            if isinstance(plugin, GamePlugin):
                return plugin
        if self._subject_plugin is None:
            self._subject_plugin = subject_plugin(*self.subject()) if self.subject() else None
            self._subject_plugin = self._subject_plugin or False
        return self._subject_plugin or None

    def plugin_lines(self) -> list[tuple[str, tuple | None]]:
        """How to play and what the board's marks mean, from the board game's plugin below (``help_lines``)."""
        plugin = self.plugin()
        return plugin.help_lines(i18n.lang()) if plugin is not None else []

    def game_id(self) -> str | None:
        """The game played in the scene below (None: no game, e.g. the start screen)."""
        plugin = self.plugin()
        if plugin is not None:
            return plugin.game_id
        if "shachang" in self.contexts():
            return "shachang"
        subject = self.subject()
        return subject[0] if subject else None

    def reader(self) -> RulesReader | None:
        """The rules reader of the game below (made once; None where there is no game or no book), opened at the
        rule this page was opened for."""
        if self._reader is None:
            gid = self.game_id()
            try:
                book = load_book(gid) if gid else None
            except KeyError:
                book = None
            self._reader = RulesReader(book) if book is not None else False
            if self._reader:
                self._reader.intro = (self.intro_height, self.draw_intro)
                if self.why:
                    self._reader.open_at(self.rule)
                    if not self.rule:
                        self._reader.note = "reader.no_refusal"
                    elif self._reader.focus is not None:
                        self._reader.note = "reader.opened_at"
                        self._reader.note_fields = {"why": self._reader.focused_entry().heading()}
        return self._reader or None

    def tabs(self) -> list[str]:
        """The page's tabs: "play" (how to play and the rule book: 沙场秋点兵 with the board's legend, a board game
        with its plugin's ``help_lines``) and "keys"."""
        play = self.game_id() == "shachang" or bool(self.plugin_lines()) or self.reader() is not None
        return (["play"] if play else []) + ["keys"]

    def box(self) -> pygame.Rect:
        w, h = self.app.display.ui.get_size() if self.app is not None else (1280, 720)
        box = pygame.Rect(0, 0, min(w - 40, 980), min(h - 40, 900))
        box.center = (w // 2, h // 2)
        return box

    key_scroll = 0  # the first key row shown when the rows do not all fit (a small window)
    _keys_shown = (0, 0, 0)  # (first, end, all) of the rows as last drawn

    def scroll_keys(self, d: int) -> None:
        """Scroll the keys tab by ``d`` rows (only while rows are cut off below, or back to the top)."""
        first, end, total = self._keys_shown
        if d > 0 and end >= total:
            return
        self.key_scroll = max(0, self.key_scroll + d)

    def handle(self, ev) -> None:
        tabs = self.tabs()
        reader = self.reader() if tabs[min(self.tab, len(tabs) - 1)] == "play" else None
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
            self.tab = (self.tab + (-1 if ev.key == pygame.K_LEFT else 1)) % len(tabs)
        elif reader is None and tabs[min(self.tab, len(tabs) - 1)] == "keys" and (
                ev.type == pygame.MOUSEWHEEL or ev.type == pygame.KEYDOWN and ev.key in self.SCROLL_KEYS):
            self.scroll_keys(-ev.y if ev.type == pygame.MOUSEWHEEL else self.SCROLL_KEYS[ev.key])
        elif reader is not None and (ev.type in (pygame.TEXTINPUT, pygame.MOUSEWHEEL) or ev.type == pygame.KEYDOWN
                                     and ev.key not in (pygame.K_F1, pygame.K_RETURN)):
            if reader.handle(ev) == "close":  # Esc with nothing to clear
                self.app.pop(self)
        elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN):
            self.app.pop(self)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and getattr(self, "tab_rects", None):
            for i, r in enumerate(self.tab_rects):
                if r.collidepoint(ev.pos):
                    self.tab = i
                    return
            if reader is None or not self.box().collidepoint(ev.pos):  # the book stays open under a click in it
                self.app.pop(self)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3):
            self.app.pop(self)

    def animating(self) -> bool:
        reader = self._reader or None
        return reader is not None and reader.pending > 0  # pictures still to draw come in the next frames

    def rows(self) -> list[tuple[str, str]]:
        """(keys, what they do) in the current language, every section's."""
        return [row for _, rows in self.sections() for row in rows]

    def sections(self) -> list[tuple[str | None, list[tuple[str, str]]]]:
        """The key rows under their headings: the scene below's (no heading), or from the start screen its own keys
        and then those of the game chosen there (its scene's, ``help_key_contexts``): the tab listed only the
        start screen's five keys (new-player QA, session 19)."""
        lang = i18n.lang()
        own = keys.help_rows(self.contexts(), lang)
        game = self.game_contexts()
        if not game:
            return [(None, own)]
        info = registry.get(self.subject()[0])
        name = info.name_zh if lang == "zh" else info.name_en
        theirs = [r for r in keys.help_rows(game, lang) if r not in own]  # the global keys once
        return [(t("help_keys_start"), own), (i18n.script(t("help_keys_game", game=name), lang), theirs)]

    def game_contexts(self) -> tuple[str, ...]:
        """The key contexts of the game a scene below offers to explain (the start screen's chosen game), or ()."""
        for s in reversed(self.below()):
            offer = getattr(s, "help_key_contexts", None)
            if callable(offer) and self.subject():
                return offer()
        return ()

    def draw(self, display) -> None:
        surf = display.ui
        box = self.box()
        widgets.panel(surf, box, alpha=252 if self.reader() is not None else 245)
        tabs = self.tabs()
        self.tab = min(self.tab, len(tabs) - 1)
        self.tab_rects = []
        x = box.x + 20
        for i, name in enumerate(tabs):
            label = t("reader.tab") if name == "play" and self.reader() is not None else t("help_tab_" + name)
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
        cols, lh, key_w, w_what, col_w = self._key_columns(self.sections(), box)
        size = max(10, min(16, lh - 6))
        indent = 12 * any(item[0] for col in cols for item in col)  # rows under a heading stand in a little
        if len(cols) == 1:  # a window too low for every row: they scroll (↑↓, the wheel), a line says so
            self.key_scroll = max(0, min(self.key_scroll, len(cols[0]) - 1))
            cols = [cols[0][self.key_scroll:]]
        self._keys_shown = (self.key_scroll, self.key_scroll, sum(len(c) for c in cols) + self.key_scroll)
        for c, col in enumerate(cols):
            x, y = box.x + 20 + c * (col_w + 28), box.y + 56
            for n, (title, row, _) in enumerate(col):
                if y + lh * (1 if title else len(text.wrap(row[1], size, w_what))) > box.bottom - 34:
                    break  # (the rows left are reached by scrolling)
                if c == 0 and len(cols) == 1:
                    self._keys_shown = (self.key_scroll, self.key_scroll + n + 1, self._keys_shown[2])
                if title:  # a section's heading (the start screen's keys, then the chosen game's)
                    r = text.draw(surf, title, (x, y + 4 * (y > box.y + 56)), size + 1, widgets.TEXT)
                    pygame.draw.line(surf, widgets.DIM, (r.x, r.bottom + 1), (x + col_w, r.bottom + 1), 1)
                    y += lh + 8
                    continue
                text.draw(surf, row[0], (x + indent, y), size, widgets.ACCENT)
                for part in text.wrap(row[1], size, w_what):
                    text.draw(surf, part, (x + key_w, y), size, widgets.TEXT)
                    y += lh
        first, end, total = self._keys_shown
        if len(cols) == 1 and (first > 0 or end < total):
            text.draw(surf, t("help_keys_more", a=first + 1, b=end, n=total), (box.right - 20, box.bottom - 14), 13,
                      widgets.DIM, anchor="bottomright")
            text.draw(surf, t("help_close"), (box.x + 20, box.bottom - 14), 14, widgets.DIM, anchor="bottomleft")
            return
        text.draw(surf, t("help_close"), (box.centerx, box.bottom - 14), 14, widgets.DIM, anchor="midbottom")

    @staticmethod
    def _key_columns(sections, box: pygame.Rect, most: int = 2):
        """The keys tab's layout: (columns of (heading or None, row or None, lines at 16 px), line height, key column
        width, words' width, column width). One column, or two on a wide panel when that makes the words at least
        3 px a line bigger (the start screen's keys and the chosen game's made one column of 10 px words)."""
        best = None
        for n in (1, 2) if box.w >= 760 and most > 1 else (1,):
            col_w = (box.w - 40 - 28 * (n - 1)) // n
            key_w = 230 if n == 1 else min(col_w // 2, 24 + max(text.size_of(k, 16)[0] for _, rows in sections
                                                                  for k, _ in rows))
            w_what = col_w - key_w
            items = []
            for title, rows in sections:
                if title:
                    items.append((title, None, 1))
                items += [(None, r, len(text.wrap(r[1], 16, w_what))) for r in rows]
            cut = len(items)
            if n == 2:  # about half the lines in each column; a heading never ends a column
                total, acc = sum(it[2] for it in items), 0
                for k, it in enumerate(items):
                    if acc >= total / 2:
                        cut = k - 1 if items[k - 1][0] else k
                        break
                    acc += it[2]
            cols = [c for c in (items[:cut], items[cut:]) if c]
            if len(cols) == 2 and not cols[1][0][0]:  # a section goes on in the second column: its heading says so
                title = next((it[0] for it in reversed(cols[0]) if it[0]), None)
                if title:
                    cols[1] = [(i18n.script(t("help_keys_continued", title=title), i18n.lang()), None, 1)] + cols[1]
            need = max(sum(it[2] for it in c) for c in cols)
            heads = max(sum(1 for it in c if it[0]) for c in cols)
            lh = max(14, min(26, (box.h - 96 - 8 * heads) // max(1, need)))
            if best is None or lh >= best[1] + 3:
                best = (cols, lh, key_w, w_what, col_w)
        if len(best[0]) > 1 and best[1] * max(sum(it[2] for it in c) for c in best[0]) > box.h - 96:
            return HelpScene._key_columns(sections, box, most=1)  # two columns would not hold them either: one, scrolled
        return best

    def draw_play(self, surf, box: pygame.Rect) -> None:
        """The rules reader (how to play at its top), or, for a game without a rule book, how to play alone."""
        reader = self.reader()
        if reader is not None:
            reader.draw(surf, pygame.Rect(box.x + 20, box.y + 52, box.w - 40, box.h - 52 - 34))
            return
        self.draw_intro(surf, box.x + 20, box.y + 56, box.w - 40)

    def _intro_ops(self, w: int) -> list[tuple]:
        """How to play laid out for width ``w``: ("text", y, line, size, rgb) and ("swatch", y, x, kind, key)."""
        ops, y = [], 0
        lines = self.plugin_lines()
        if lines:  # a board game's own page: its lines, each in its colour (a kingdom's, a mark's)
            for ln, rgb in lines:
                for part in text.wrap(ln, 15, w):
                    ops.append(("text", y, part, 15, _rgb(rgb) if rgb else widgets.TEXT))
                    y += 20
                y += 6
            return ops + [("end", y)]
        if self.game_id() != "shachang":
            return [("end", 0)]
        for k in HOWTO_KEYS:
            for ln in text.wrap(t(k), 15, w):
                ops.append(("text", y, ln, 15, widgets.TEXT))
                y += 20
        reader = self.reader()  # the book's own sections (沙场秋点兵: the star board, the items; issue 26)
        for title, body in reader.book.howto_sections(i18n.lang()) if reader is not None else ():
            y += 8
            ops.append(("text", y, title, 17, widgets.ACCENT))
            y += 24
            for ln in text.wrap(body, 15, w):
                ops.append(("text", y, ln, 15, widgets.TEXT))
                y += 20
        y += 8
        ops.append(("text", y, t("legend_title"), 17, widgets.ACCENT))
        y += 26
        items = legend_items()
        rows = (len(items) + 1) // 2
        for i, (kind, key) in enumerate(items):
            ops.append(("swatch", y + (i % rows) * 24, (i // rows) * (w // 2), kind, key))
        return ops + [("end", y + rows * 24)]

    def intro_height(self, w: int) -> int:
        return self._intro_ops(w)[-1][1]

    def draw_intro(self, surf, x: int, y: int, w: int) -> None:
        """How to play, then (沙场秋点兵) the legend of the board with drawn swatches, from (x, y)."""
        for op in self._intro_ops(w):
            if op[0] == "text":
                text.draw(surf, op[2], (x, y + op[1]), op[3], op[4])
            elif op[0] == "swatch":
                _, oy, ox, kind, key = op
                draw_swatch(surf, kind, pygame.Rect(x + ox, y + oy + 1, 26, 20))
                text.draw(surf, t(key), (x + ox + 34, y + oy + 2), 14, widgets.TEXT)
