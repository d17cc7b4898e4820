"""A hand of cards any scene can draw: face-up cards (title, a few wrapped lines, a number or cost
in the corner), face-down backs with a count for hands the viewer may not see, and an enlarged view
of the card under the mouse with its whole text.

    rows = [CardRow("Your hand", (CardView("漢陽光復", ("one infantry on A-4",), "2", step=s),)),
            CardRow("Qing", backs=3, ink=(0.16, 0.34, 0.80))]
    strip = CardStrip()
    strip.draw(surf, rect, rows, mouse=pos, selected={s})   # cards laid out in ``rect``
    card = strip.card_at(pos)                                # a click: which card (None: none)
    strip.draw_zoom(surf, bounds)                            # the card under the mouse, enlarged

The data (``CardView``, ``CardRow``) holds words already in the player's language; a game's plugin
makes them (client/games/base.py: ``hand``, ``opponent_hand_counts``, ``card_rows``) and the board
scene marks the cards that are a legal choice now (``legal``). Nothing here knows a game.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

import pygame

from client.ui import text, widgets
from client.ui.text import fit

RGB = tuple[float, float, float]
FACE = (246, 238, 218)  # the card's paper
FACE_DIM = (214, 208, 194)
INK = (40, 34, 28)
BACK = (58, 46, 40)
LEGAL = widgets.GOOD
SELECTED = widgets.ACCENT
LABEL_H = 18  # a row's title above its cards
LIFT = 8  # a selected card stands this much higher
ZOOM = (230, 320)  # the enlarged card
TITLE_MIN = 12  # a title goes under the corner number rather than shrink below this beside it


@dataclass(frozen=True)
class CardView:
    """One card as the viewer sees it. ``step`` is what clicking it chooses (an engine Step, or
    None for a card that is only shown); ``legal``: it may be chosen now (set by the scene)."""

    title: str
    lines: tuple[str, ...] = ()
    corner: str = ""  # a number or cost in the top-left corner
    face_down: bool = False
    step: Any = None
    legal: bool = False
    ink: RGB = (0.45, 0.30, 0.18)  # the header band (the owner's colour)
    tag: str = ""  # a small word at the foot (e.g. "played", "event")
    key: Any = None  # identity for selection (default: the step, else the title)
    title_px: int = 0  # the title's and the lines' font sizes (0: from the card's width)
    body_px: int = 0
    full_lines: tuple[str, ...] = ()  # the enlarged view's lines when the card's face shows a shorter text

    @property
    def ident(self) -> Any:
        return self.key if self.key is not None else (self.step if self.step is not None else self.title)


@dataclass(frozen=True)
class CardRow:
    """A group of cards under one title: face-up ``cards`` and ``backs`` face-down ones (shown as one
    pile with the count), in the owner's colour ``ink``."""

    title: str
    cards: tuple[CardView, ...] = ()
    backs: int = 0
    ink: RGB = (0.45, 0.30, 0.18)
    line: int = 0  # the strip's line it is laid on (a strip of rows on two lines: 0 and 1)
    aspect: float = 0.72  # its cards' width / height (> 1: landscape cards, their words in one or two lines)


def rgb255(c: RGB) -> tuple[int, int, int]:
    return (int(c[0] * 255 + 0.5), int(c[1] * 255 + 0.5), int(c[2] * 255 + 0.5))


@lru_cache(maxsize=2048)
def width_of(words: str, size: int) -> int:
    """The width in pixels of ``words`` at ``size`` (cached: rows are laid out every frame)."""
    return text.size_of(words, size)[0]


@lru_cache(maxsize=2048)
def ellipsis_line(line: str, size: int, width: int) -> str:
    """``line`` followed by "…" within ``width`` pixels: whole words dropped from its end (a word is never cut in
    the middle), characters only for a line of one word or of Chinese."""
    if text.size_of(line + "…", size)[0] <= width:
        return line + "…"
    words = line.split(" ")
    while len(words) > 1:
        words.pop()
        cand = " ".join(words).rstrip(" ,;:") + "…"
        if text.size_of(cand, size)[0] <= width:
            return cand
    return fit(line + "…", size, width)


def corner_room(size: int) -> int:
    """The pixels the corner number's disc takes left of a title drawn at ``size`` (as draw_card lays it)."""
    cs = max(10, size - 1)
    return cs // 2 + 2 + cs // 2 + 6


def title_beside(title_lines_: list[str], size: int, width: int) -> bool:
    """Whether the title's lines fit beside the corner number (else they go under it)."""
    return all(text.size_of(ln, size)[0] <= width - corner_room(size) for ln in title_lines_)


def title_lines(title: str, size: int, width: int, corner: bool) -> tuple[int, list[str]]:
    """(font size, at most two lines) of a card's title in ``width`` pixels (less the corner number's
    room, corner_room): on a narrow card the size goes down (to 9) until every Latin word fits whole, rather
    than a word being cut in two ("Studen|t army") or a third line left off; when even 9 pixels leave a word
    too wide (or three lines) beside the corner, the title takes the card's whole width under the corner
    number (title_beside); CJK breaks anywhere."""
    latin = [w for w in title.split() if all(ord(c) < 0x2E80 for c in w)]
    room = lambda s: width - (corner_room(s) if corner else 0)  # noqa: E731
    bad = lambda s, w: bool(latin) and (max(text.size_of(x, s)[0] for x in latin) > w  # noqa: E731
                                        or len(text.wrap(title, s, w)) > 2)  # a word cut, or a third line lost
    start = size
    floor = TITLE_MIN if start >= TITLE_MIN else 9  # a card's title: never below TITLE_MIN beside the corner
    while size > floor and bad(size, room(size)):
        size -= 1
    if corner and bad(size, room(size)):  # under the corner: the whole width
        size = start
        while size > 9 and bad(size, width):
            size -= 1
        return size, _even(title, size, width, text.wrap(title, size, width)[:2], latin)
    return size, _even(title, size, room(size), text.wrap(title, size, room(size))[:2], latin)


NO_LINE_START = set("，。、；：？！）」』》〉】…·")  # punctuation a Chinese line never starts with


def _even(title: str, size: int, width: int, lines: list[str], latin) -> list[str]:
    """A CJK title broken in two as evenly as it fits (烈火 / 燎原, not 烈火燎 / 原)."""
    if latin or len(lines) != 2 or " " in title:
        return lines
    half = (len(title) + 1) // 2
    while half < len(title) - 1 and title[half] in NO_LINE_START:  # no line starts with "，" or "。"
        half += 1
    a, b = title[:half], title[half:]
    return [a, b] if max(text.size_of(a, size)[0], text.size_of(b, size)[0]) <= width else lines


def _title_rgb(ink: RGB) -> tuple[int, int, int]:
    """A row title in the owner's colour, lightened to read on the dark strip."""
    return tuple(int(80 + 175 * v) for v in ink)


def back_card(row: CardRow) -> CardView:
    """The pile of a row's face-down cards."""
    return CardView(title=row.title, corner=str(row.backs), face_down=True, ink=row.ink, key=("backs", row.title))


_pictures: dict = {}  # (card, size, full, selected) -> its picture: a card is laid out once, not every frame


def draw_card(surf: pygame.Surface, rect: pygame.Rect, card: CardView, full: bool = False,
              selected: bool = False) -> None:
    """One card in ``rect``: its back and count when face down, else header, corner, lines and tag
    (``full``: every line, in a larger font, for the enlarged view)."""
    r = pygame.Rect(rect)
    key = (card, r.size, full, selected)
    pic = _pictures.get(key)
    if pic is None:
        if len(_pictures) > 400:
            _pictures.clear()
        pic = _pictures[key] = pygame.Surface(r.size, pygame.SRCALPHA)
        paint_card(pic, pic.get_rect(), card, full, selected)
    surf.blit(pic, r.topleft)


def paint_card(surf: pygame.Surface, rect: pygame.Rect, card: CardView, full: bool = False,
               selected: bool = False) -> None:
    """Draw ``card`` (see ``draw_card``) straight onto ``surf``."""
    r = pygame.Rect(rect)
    rad = max(4, r.w // 12)
    ink = rgb255(card.ink)
    if card.face_down:
        pygame.draw.rect(surf, BACK, r, border_radius=rad)
        inner = r.inflate(-max(6, r.w // 8), -max(6, r.w // 8))
        pygame.draw.rect(surf, ink, inner, 2, border_radius=max(2, rad - 2))
        step = max(6, r.w // 6)
        clip = surf.get_clip()
        surf.set_clip(inner.inflate(-4, -4).clip(clip) if clip else inner.inflate(-4, -4))
        for k in range(-inner.h, inner.w, step):  # a lattice of diagonal lines
            pygame.draw.line(surf, ink, (inner.x + k, inner.bottom), (inner.x + k + inner.h, inner.y), 1)
        surf.set_clip(clip)
        n = card.corner
        if n:
            size = max(12, r.w // 3)
            box = pygame.Rect(0, 0, text.size_of("×" + n, size)[0] + 10, size + 6)
            box.center = r.center
            pygame.draw.rect(surf, (20, 18, 16), box, border_radius=6)
            pygame.draw.rect(surf, ink, box, 1, border_radius=6)
            text.draw(surf, "×" + n, box.center, size, (240, 232, 210), anchor="center")
        if full and card.title:  # the enlarged pile says whose cards they are
            for i, ln in enumerate(text.wrap(card.title, 16, r.w - 20)[:3]):
                img = text.render(ln, 16, (240, 232, 210))
                box = img.get_rect(midtop=(r.centerx, r.y + 14 + 22 * i)).inflate(8, 2)
                pygame.draw.rect(surf, (20, 18, 16), box, border_radius=4)
                surf.blit(img, img.get_rect(center=box.center))
    else:
        pygame.draw.rect(surf, FACE, r, border_radius=rad)
        pad = max(3, r.w // 16)
        tsize, head_lines = title_lines(card.title, (card.title_px or max(TITLE_MIN, min(22, r.w // 7)))
                                        if not full else 20,
                                        r.w - 2 * pad, bool(card.corner))
        cs = max(10, tsize - 1)
        under = bool(card.corner) and not title_beside(head_lines, tsize, r.w - 2 * pad)  # a narrow card
        head = pygame.Rect(r.x, r.y, r.w, len(head_lines) * (tsize + 3) + 2 * pad + (cs + 6 if under else 0))
        pygame.draw.rect(surf, ink, head, border_top_left_radius=rad, border_top_right_radius=rad)
        on = (20, 20, 24) if sum(ink) / 3 > 150 else (255, 255, 255)
        x0 = r.x + pad
        if card.corner:
            c = (r.x + pad + cs // 2 + 2, r.y + pad + cs // 2 + 1)
            pygame.draw.circle(surf, FACE, c, cs // 2 + 3)
            text.draw(surf, card.corner, c, cs if len(card.corner) < 3 else cs - 3, INK, anchor="center")
            x0 = r.x + pad if under else r.x + pad + corner_room(tsize)  # corner_room: c[0] + cs // 2 + 6
        y = r.y + pad + (cs + 6 if under else 0)
        for ln in head_lines:
            text.draw(surf, ln, (x0, y), tsize, on)
            y += tsize + 3
        y = head.bottom + pad
        bsize = (card.body_px or max(10, min(15, r.w // 9))) if not full else 16
        foot = (bsize + 4) if card.tag else 0
        room = r.bottom - pad - foot - y
        lines: list[str] = []
        for ln in (card.full_lines or card.lines) if full else face_lines(card, r):
            lines += text.wrap(ln, bsize, r.w - 2 * pad)
        room_lines = max(0, room // (bsize + 3))
        if len(lines) > room_lines:  # every line there is room for, the last one ending in "…" (issue 26: English
            # cards at 1024x640 read one line and a line of "…")
            lines = lines[:room_lines]
            if lines:
                lines[-1] = ellipsis_line(lines[-1], bsize, r.w - 2 * pad)
        for ln in lines:
            text.draw(surf, ln, (r.x + pad, y), bsize, INK)
            y += bsize + 3
        if card.tag:
            text.draw(surf, fit(card.tag, bsize, r.w - 2 * pad), (r.centerx, r.bottom - pad), bsize, (120, 100, 80),
                      anchor="midbottom")
    edge = SELECTED if selected else LEGAL if card.legal else (ink if card.face_down else (120, 104, 84))
    pygame.draw.rect(surf, edge, r, 3 if (selected or card.legal) else 1, border_radius=rad)


def face_lines(card: CardView, rect) -> tuple[str, ...]:
    """The lines ``card``'s face shows in ``rect``: its whole text (``full_lines``) where that fits whole, else its
    short face (``lines``; a wide card at 1280x720 need not hide what a 1024x640 one summarises)."""
    if card.full_lines and card.full_lines != card.lines and shows_whole(replace(card, lines=card.full_lines,
                                                                                 full_lines=()), rect):
        return card.full_lines
    return card.lines


def shows_whole(card: CardView, rect) -> bool:
    """Whether ``card`` drawn in ``rect`` (``paint_card``) shows its whole title and every line, no "…"; a card
    whose face is a summary (``full_lines``) only when its whole text fits there (``face_lines``)."""
    r = pygame.Rect(rect)
    if card.face_down:
        return False
    if card.full_lines and card.full_lines != card.lines:  # its face is a summary: whole if the whole text fits
        return shows_whole(replace(card, lines=card.full_lines, full_lines=()), r)
    pad = max(3, r.w // 16)
    tsize, head_lines = title_lines(card.title, card.title_px or max(TITLE_MIN, min(22, r.w // 7)), r.w - 2 * pad,
                                    bool(card.corner))
    if "".join(head_lines).replace(" ", "") != card.title.replace(" ", ""):
        return False
    cs = max(10, tsize - 1)
    under = bool(card.corner) and not title_beside(head_lines, tsize, r.w - 2 * pad)
    head = len(head_lines) * (tsize + 3) + 2 * pad + (cs + 6 if under else 0)
    bsize = card.body_px or max(10, min(15, r.w // 9))
    room = r.h - head - pad - pad - ((bsize + 4) if card.tag else 0)
    lines = [ln for x in card.lines for ln in text.wrap(x, bsize, r.w - 2 * pad)]
    return len(lines) <= max(0, room // (bsize + 3))


class CardStrip:
    """Rows of cards laid out in one rectangle, left to right; remembers where each card was drawn
    (``card_at``) and which one the mouse is over (``hovered``)."""

    def __init__(self):
        self.hits: list[tuple[pygame.Rect, CardView]] = []
        self.hovered: CardView | None = None
        self.hover_rect: pygame.Rect | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.free = pygame.Rect(0, 0, 0, 0)  # the strip's room right of its last card (draw_zoom's compact view)

    @staticmethod
    def card_size(height: int, aspect: float = 0.72) -> tuple[int, int]:
        """A card's size in a strip (or a line of it) ``height`` pixels tall, ``aspect`` its width / height."""
        h = max(40, height - LABEL_H - LIFT - 4)
        return (int(h * aspect), h)

    def draw(self, surf: pygame.Surface, rect, rows: list[CardRow], mouse=None, selected=()) -> pygame.Rect:
        """Draw ``rows`` in ``rect``; cards overlap when a row would not fit. ``selected``: the idents
        (see CardView.ident) of chosen cards, drawn raised. Returns the rect used."""
        rect = pygame.Rect(rect)
        self.rect = rect
        self.hits = []
        self.hovered, self.hover_rect = None, None
        if not rows or rect.w <= 0 or rect.h <= 0:
            return pygame.Rect(rect.x, rect.y, 0, 0)
        widgets.panel(surf, rect, 200)
        n = max(r.line for r in rows) + 1  # rows on more than one line: the strip's height shared
        titles = []  # drawn after the cards: a raised (chosen) card does not hide its row's title
        x_end = rect.x
        for k in range(n):
            line = pygame.Rect(rect.x, rect.y + k * rect.h // n, rect.w, rect.h // n)
            x_end = max(x_end, self._lay(line, [r for r in rows if r.line == k], selected, titles))
        self.free = pygame.Rect(int(x_end), rect.y + 3, max(0, rect.right - 6 - int(x_end)), rect.h - 6)
        hover_hit = None
        if mouse is not None:
            for r, c in reversed(self.hits):  # the top card under the mouse (later cards lie on top)
                if r.collidepoint(mouse):
                    hover_hit = (r, c)
                    break
        for r, c in self.hits:
            draw_card(surf, r, c, selected=c.ident in selected)
        for title, tx, ty, rgb in titles:
            text.draw(surf, title, (tx, ty), 13, rgb)
        if hover_hit is not None:
            r, c = hover_hit
            draw_card(surf, r, c, selected=c.ident in selected)  # the hovered card on top of its neighbours
            pygame.draw.rect(surf, (255, 255, 255), r, 1, border_radius=max(4, r.w // 12))
            self.hovered, self.hover_rect = c, r
        return rect

    def _lay(self, rect: pygame.Rect, rows: list[CardRow], selected, titles: list) -> int:
        """Lay ``rows`` left to right in ``rect`` (one line of the strip): their titles added to ``titles`` (text,
        x, y, colour), their cards' places to ``hits``. Returns the x where the line's room is free."""
        if not rows:
            return rect.x
        cw, ch = self.card_size(rect.h, rows[0].aspect)
        gap = 8
        groups = [(row, list(row.cards) + ([back_card(row)] if row.backs else [])) for row in rows]
        groups = [(row, cs) for row, cs in groups if cs or row.title]
        widths = [max(width_of(row.title, 13), len(cs) * (cw + gap) - gap if cs else 0) for row, cs in groups]
        total = sum(widths) + 16 * (len(groups) - 1)
        squeeze = 1.0
        if total > rect.w:  # overlap the cards of every row alike
            n_cards = sum(len(cs) for _, cs in groups)
            spare = rect.w - 12 - 16 * (len(groups) - 1) - sum(cw for _, cs in groups if cs)
            squeeze = max(0.02, spare / max(1, sum((len(cs) - 1) * (cw + gap) for _, cs in groups))) if n_cards else 1
        x = rect.x + 6
        for row, cs in groups:
            step = (cw + gap) * min(1.0, squeeze)
            span = int((len(cs) - 1) * step + cw) if cs else 0
            # a long title shortened (hover: whole) only where the rows are squeezed: else it has its room
            title = fit(row.title, 13, span + 8) if cs and squeeze < 1.0 else row.title
            titles.append((title, x, rect.y + 2, _title_rgb(row.ink)))
            for k, c in enumerate(cs):
                lifted = c.ident in selected
                r = pygame.Rect(int(x + k * step), rect.y + LABEL_H + LIFT - (LIFT if lifted else 0), cw, ch)
                self.hits.append((r, c))
            x += max(span, width_of(title, 13)) + 16
        return x

    def card_at(self, pos) -> CardView | None:
        """The card drawn at ``pos`` in the last frame (the top one where cards overlap), or None."""
        for r, c in reversed(self.hits):
            if r.collidepoint(pos):
                return c
        return None

    def draw_zoom(self, surf: pygame.Surface, bounds, extra: str = "", compact=None) -> pygame.Rect | None:
        """The card under the mouse, enlarged above it with its whole text, kept inside ``bounds``;
        ``extra`` is a line under it (e.g. why it cannot be played now). ``compact``: a room (e.g. ``free``)
        where the card's text is shown instead, as a low box, when it fits (else the strip's wider side of the
        hovered card, over its other cards). Nothing (None) for a card with fixed
        font sizes (``title_px``) that shows its whole text where it lies and has no ``extra``. Returns the
        rect drawn."""
        c, hr = self.hovered, self.hover_rect
        if c is None or hr is None:
            return None
        if not extra and c.title_px and shows_whole(c, hr):  # a card in fixed readable sizes, read whole where it
            return None  # lies (辛亥革命's, issue 26): no enlarged copy over the board
        if compact is not None:  # the whole text in a box beside the cards, off the board, when it fits there
            r = draw_compact(surf, compact, c, extra)
            if r is None and self.rect.w:  # no room beside them (江山's landscape tallies fill the strip): over
                left = pygame.Rect(self.rect.x + 3, self.rect.y + 3, hr.x - self.rect.x - 6, self.rect.h - 6)
                right = pygame.Rect(hr.right + 3, self.rect.y + 3, self.rect.right - hr.right - 6, self.rect.h - 6)
                # over the other cards, off the board, against the hovered card (not at the strip's far end)
                r = draw_compact(surf, left, c, extra, to_right=True) if left.w > right.w else \
                    draw_compact(surf, right, c, extra)
            if r is not None:
                widgets.mark(r, opaque=False)
                return r
        b = pygame.Rect(bounds)
        r = pygame.Rect(0, 0, *ZOOM)
        r.midbottom = (hr.centerx, hr.y - 6)
        r.clamp_ip(b)
        if r.colliderect(hr):  # no room above: beside it
            r.midleft = (hr.right + 6, hr.centery)
            r.clamp_ip(b)
        draw_card(surf, r, c, full=True, selected=False)
        out = r.copy()
        if extra:
            lines = text.wrap(extra, 13, r.w - 8)
            box = pygame.Rect(r.x, r.bottom + 2, r.w, len(lines) * 16 + 6)
            if box.bottom > b.bottom:
                box.bottom = r.y - 2
            pygame.draw.rect(surf, (18, 20, 26), box)
            for i, ln in enumerate(lines):
                text.draw(surf, ln, (box.x + 4, box.y + 3 + 16 * i), 13, widgets.TEXT)
            out = out.union(box)
        widgets.mark(out, opaque=False)
        return out


COMPACT_W = 420  # the compact view's widest
COMPACT_TITLE, COMPACT_BODY = 15, 13  # its font sizes


def draw_compact(surf: pygame.Surface, room, card: CardView, extra: str = "",
                 to_right: bool = False) -> pygame.Rect | None:
    """``card``'s whole text as a low box at the top left of ``room`` (``to_right``: its top right) (its title
    band in the owner's colour with the corner number, then its lines, then ``extra`` in the refusal colour, beside
    the title when the lines leave it no room; a pile: whose and how many); None,
    drawing nothing, when the text does not fit ``room`` (at least 200 pixels wide)."""
    room = pygame.Rect(room)
    w = min(COMPACT_W, room.w)
    if w < 200:
        return None
    if card.face_down:  # a pile: whose cards, how many
        label = f"{card.title} ×{card.corner}" if card.corner else card.title
        lines = text.wrap(label, COMPACT_TITLE, w - 12)
        r = pygame.Rect(room.x, room.y, min(w, max(text.size_of(ln, COMPACT_TITLE)[0] for ln in lines) + 12),
                        len(lines) * (COMPACT_TITLE + 5) + 8)
        if r.h > room.h:
            return None
        if to_right:
            r.right = room.right
        pygame.draw.rect(surf, BACK, r, border_radius=6)
        pygame.draw.rect(surf, rgb255(card.ink), r, 2, border_radius=6)
        for i, ln in enumerate(lines):
            text.draw(surf, ln, (r.x + 6, r.y + 4 + i * (COMPACT_TITLE + 5)), COMPACT_TITLE, (240, 232, 210))
        return r
    pad = 6
    corner = (card.corner + " · ") if card.corner else ""
    title = text.wrap(corner + card.title, COMPACT_TITLE, w - 2 * pad)
    head_h = len(title) * (COMPACT_TITLE + 4) + 6
    beside = None  # ``extra`` in a light box at the title band's right end, when its lines leave it no room
    for bsize, in_head in ((COMPACT_BODY, False), (COMPACT_BODY - 1, False), (COMPACT_BODY - 1, True)):
        step = bsize + 2  # a pixel smaller (12: still read), then ``extra`` beside the title, before giving up
        body = [ln for line in (card.full_lines or card.lines) for ln in text.wrap(line, bsize, w - 2 * pad)]
        # (the whole text: a card whose face is a summary keeps it in ``full_lines``)
        why = text.wrap(extra, bsize, w - 2 * pad) if extra else []
        if in_head:
            ew = text.size_of(extra, bsize)[0] + 8
            if not extra or len(title) != 1 or text.size_of(title[0], COMPACT_TITLE)[0] + 2 * pad + 6 + ew > w:
                return None
            beside, why = ew, []
        h = head_h + (len(body) + len(why)) * step + pad + 4  # the last line's descenders inside
        if h <= room.h:
            break
    else:
        return None
    r = pygame.Rect(room.right - w if to_right else room.x, room.y, w, h)
    pygame.draw.rect(surf, FACE, r, border_radius=6)
    ink = rgb255(card.ink)
    head = pygame.Rect(r.x, r.y, w, head_h)
    pygame.draw.rect(surf, ink, head, border_top_left_radius=6, border_top_right_radius=6)
    on = (20, 20, 24) if sum(ink) / 3 > 150 else (255, 255, 255)
    y = r.y + 4
    for ln in title:
        text.draw(surf, ln, (r.x + pad, y), COMPACT_TITLE, on)
        y += COMPACT_TITLE + 4
    if beside is not None:  # the refusal colour on the paper's colour, inside the title band
        tag = pygame.Rect(0, 0, beside, bsize + 6)
        tag.midright = (r.right - pad, head.centery)
        pygame.draw.rect(surf, FACE, tag, border_radius=4)
        text.draw(surf, extra, (tag.x + 4, tag.y + 3), bsize, (190, 40, 30))
    y = head.bottom + 3
    for ln in body:
        text.draw(surf, ln, (r.x + pad, y), bsize, INK)
        y += step
    for ln in why:
        text.draw(surf, ln, (r.x + pad, y), bsize, (190, 40, 30))  # the refusal colour, dark on the paper
        y += step
    pygame.draw.rect(surf, (255, 255, 255), r, 1, border_radius=6)
    return r
