"""辛亥革命's tracks as a panel in screen space beside the map: morale (0-5), round (1-10) and the four
response tracks (0-10; seed (3), 10(1)), each a row of numbered boxes with its marker on the box of its
value, and the response total under them. Drawn flat on the screen whatever the camera (in the GL
renderer's angled view tracks laid on the ground were a few pixels high), the same in both renderers.

The rows come from the board model's ``tracks`` (the plugin's ``decorate``): the panel draws what the
engine's observation says and never works a value out itself. In a small window the panel folds to a list of the
values (``draw_folded``: the label, the marker with its value, "/ last"), which key T unfolds.
"""
from __future__ import annotations

import pygame

from client.boards.model import BASE, Track, rgb255
from client.ui import text, widgets

BOX_FILL = (0.86, 0.78, 0.62)
INK = (40, 30, 20)
PAD = 6
GAP = 4  # between rows


def layout(tracks: list[Track], width: int, font: int = 15) -> tuple[int, int, int]:
    """(box side, label column width, font size) of a panel at most ``width`` pixels wide: boxes 16 to 28
    pixels, labels in one column as wide as the longest."""
    n = max(t.last - t.first + 1 for t in tracks)
    size = font
    label_w = max(text.size_of(t.label, size)[0] for t in tracks) + 8
    box = int((width - 2 * PAD - label_w) // n)
    if box < 20:  # a narrow window: smaller words too
        size = 12
        label_w = max(text.size_of(t.label, size)[0] for t in tracks) + 6
        box = int((width - 2 * PAD - label_w) // n)
    return max(16, min(28, box)), label_w, size


def natural_width(tracks: list[Track], font: int = 15) -> int:
    """The panel's width with the largest boxes (28 pixels) and 15-pixel words."""
    n = max(t.last - t.first + 1 for t in tracks)
    return 2 * PAD + max(text.size_of(t.label, font)[0] for t in tracks) + 8 + n * 28


def least_width(tracks: list[Track]) -> int:
    """The panel's width with the smallest boxes (16 pixels) and 12-pixel words: it never gets narrower."""
    n = max(t.last - t.first + 1 for t in tracks)
    return 2 * PAD + max(text.size_of(t.label, 12)[0] for t in tracks) + 6 + n * 16


_pictures: dict = {}  # (tracks, footer, width) -> (picture, rows relative to it)


def draw(surf: pygame.Surface, area: pygame.Rect, tracks: list[Track], footer: str = "") -> dict:
    """The panel in the top right corner of ``area``; returns where everything went: ``rect`` (the
    panel), ``rows`` (per track: label, value, the box rect per number, the marker's centre)."""
    if not tracks:
        return {"rect": pygame.Rect(area.right, area.top, 0, 0), "rows": []}
    key = (tuple(tracks), footer, area.w)
    hit = _pictures.get(key)
    if hit is None:
        if len(_pictures) > 8:
            _pictures.clear()
        hit = _pictures[key] = picture(tracks, footer, area.w)
    pic, rows = hit
    rect = pygame.Rect(area.right - pic.get_width(), area.top, *pic.get_size())
    widgets.panel(surf, rect, 225)
    surf.blit(pic, rect.topleft)
    dx, dy = rect.topleft
    return {"rect": rect, "rows": [dict(r, boxes={v: b.move(dx, dy) for v, b in r["boxes"].items()},
                                        marker=(r["marker"][0] + dx, r["marker"][1] + dy) if r["marker"] else None)
                                   for r in rows]}


def picture(tracks: list[Track], footer: str, width: int) -> tuple[pygame.Surface, list[dict]]:
    """The panel's content on a transparent surface at most ``width`` wide, with its rows (rects
    relative to the surface)."""
    box, label_w, size = layout(tracks, width)
    n = max(t.last - t.first + 1 for t in tracks)
    w = 2 * PAD + label_w + n * box
    foot = text.wrap(footer, 13, w - 2 * PAD) if footer else []
    h = 2 * PAD + len(tracks) * (box + GAP) - GAP + len(foot) * 18 + (4 if foot else 0)
    sc = pygame.Surface((w, h), pygame.SRCALPHA)
    rows = []
    y = PAD
    num_px = max(10, int(box * 0.5))
    for t in tracks:
        text.draw(sc, t.label, (PAD, y + box // 2), size, widgets.TEXT, anchor="midleft")
        boxes = {}
        marker = None
        for k, v in enumerate(range(t.first, t.last + 1)):
            r = pygame.Rect(PAD + label_w + k * box, y, box - 2, box - 2)
            boxes[v] = r
            pygame.draw.rect(sc, rgb255(BOX_FILL), r)
            pygame.draw.rect(sc, rgb255(BASE), r, 1)
            if v == t.value:  # the marker: a disc in the track's colour, the number in white on it
                marker = r.center
                pygame.draw.circle(sc, (20, 16, 12), (r.centerx + 1, r.centery + 1), box * 0.42)
                pygame.draw.circle(sc, rgb255(t.marker), r.center, box * 0.42)
                text.draw(sc, str(v), r.center, num_px + 1, (255, 255, 255), anchor="center")
            else:
                text.draw(sc, str(v), r.center, num_px, INK, anchor="center")
        rows.append({"label": t.label, "value": t.value, "boxes": boxes, "marker": marker})
        y += box + GAP
    y += 4 - GAP
    for ln in foot:
        text.draw(sc, ln, (PAD, y), 13, widgets.DIM)
        y += 18
    return sc, rows


FOLD_FONT, FOLD_ROW = 13, 17  # the folded list's words and row height


def folded_width(tracks: list[Track], hint: str = "") -> int:
    """The folded panel's width: the labels, a marker disc and "10 / 10" (the hint line wraps inside it)."""
    label_w = max(text.size_of(t.label, FOLD_FONT)[0] for t in tracks) + 8
    return 2 * PAD + label_w + FOLD_ROW + 4 + text.size_of("10 / 10", FOLD_FONT)[0]


def draw_folded(surf: pygame.Surface, area: pygame.Rect, tracks: list[Track], hint: str = "") -> dict:
    """The tracks folded to one short row each (label, the marker disc in the track's colour with the value on it,
    "/ last") in the top right corner of ``area``, with ``hint`` (how to unfold) under them; returns what ``draw``
    returns, each row's ``boxes`` holding the marker's disc only."""
    if not tracks:
        return {"rect": pygame.Rect(area.right, area.top, 0, 0), "rows": []}
    w = min(area.w, folded_width(tracks))
    label_w = max(text.size_of(t.label, FOLD_FONT)[0] for t in tracks) + 8
    foot = text.wrap(hint, 12, w - 2 * PAD) if hint else []
    h = 2 * PAD + len(tracks) * FOLD_ROW + len(foot) * 15 + (2 if foot else 0)
    rect = pygame.Rect(area.right - w, area.top, w, h)
    widgets.panel(surf, rect, 225)
    rows, y = [], rect.y + PAD
    for t in tracks:
        text.draw(surf, t.label, (rect.x + PAD, y + FOLD_ROW // 2), FOLD_FONT, widgets.TEXT, anchor="midleft")
        disc = pygame.Rect(rect.x + PAD + label_w, y + 1, FOLD_ROW - 2, FOLD_ROW - 2)
        pygame.draw.circle(surf, rgb255(t.marker), disc.center, disc.w // 2)
        text.draw(surf, str(t.value), disc.center, 11, (255, 255, 255), anchor="center")
        text.draw(surf, f"/ {t.last}", (disc.right + 4, y + FOLD_ROW // 2), FOLD_FONT, widgets.DIM, anchor="midleft")
        rows.append({"label": t.label, "value": t.value, "boxes": {t.value: disc}, "marker": disc.center})
        y += FOLD_ROW
    y += 2
    for ln in foot:
        text.draw(surf, ln, (rect.x + PAD, y), 12, widgets.DIM)
        y += 15
    return {"rect": rect, "rows": rows, "folded": True}
