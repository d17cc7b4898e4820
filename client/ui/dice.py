"""Dice faces and results tables for any scene: a die with its pips, and a small table whose row and
column used are lit (which row the roller's kind reads, which column its modified total falls in).

    draw_die(surf, rect, 5)
    draw_table(surf, (x, y), ["", "≤8", "9"], [["步兵", "無", "耗"], ...], row=0, col=2)
"""
from __future__ import annotations

import pygame

from client.ui import text, widgets

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
LIT = (250, 214, 96)  # the cell used
LIT_LINE = (70, 56, 20)  # the row and column used, lightly


def draw_die(surf: pygame.Surface, rect, value: int, face=(246, 240, 226), pip=(30, 26, 22)) -> pygame.Rect:
    """One die showing ``value`` (1-6) in ``rect`` (a square)."""
    r = pygame.Rect(rect)
    pygame.draw.rect(surf, (20, 18, 16), r.move(2, 2), border_radius=max(3, r.w // 6))
    pygame.draw.rect(surf, face, r, border_radius=max(3, r.w // 6))
    pygame.draw.rect(surf, (90, 80, 70), r, 1, border_radius=max(3, r.w // 6))
    d = r.w * 0.27
    for dx, dy in PIPS.get(int(value), []):
        pygame.draw.circle(surf, pip, (r.centerx + dx * d, r.centery + dy * d), max(2, r.w // 10))
    return r


def draw_table(surf: pygame.Surface, pos, header: list[str], rows: list[list[str]], row: int | None = None,
               col: int | None = None, size: int = 13, max_w: int | None = None) -> pygame.Rect:
    """A table at ``pos`` (top left): ``header`` over ``rows`` (first cell of each: the row's name);
    ``row`` / ``col`` (0-based among the rows / the value columns) are the ones used: their cell is lit,
    the rest of that row and column tinted. Columns shrink to fit ``max_w``. Returns its rect."""
    x, y = int(pos[0]), int(pos[1])
    ncol = len(header)
    widths = [max(text.size_of(r[i], size)[0] for r in [header] + rows) + 10 for i in range(ncol)]
    if max_w and sum(widths) > max_w:
        f = max_w / sum(widths)
        widths = [max(18, int(w * f)) for w in widths]
    h = size + 8
    box = pygame.Rect(x, y, sum(widths), h * (len(rows) + 1))
    pygame.draw.rect(surf, (34, 37, 46), box)
    for ri, cells in enumerate([header] + rows):
        cx = x
        for ci, cell in enumerate(cells):
            r = pygame.Rect(cx, y + ri * h, widths[ci], h)
            used_row = row is not None and ri == row + 1
            used_col = col is not None and ci == col + 1
            if used_row and used_col:
                pygame.draw.rect(surf, LIT, r)
            elif (used_row and ci > 0) or (used_col and ri > 0):
                pygame.draw.rect(surf, LIT_LINE, r)
            ink = (20, 20, 24) if used_row and used_col else (widgets.ACCENT if ri == 0 or ci == 0 else widgets.TEXT)
            t = cell
            while len(t) > 1 and text.size_of(t, size)[0] > r.w - 4:
                t = t[:-1]
            text.draw(surf, t, r.center, size, ink, anchor="center")
            pygame.draw.rect(surf, widgets.BORDER, r, 1)
            cx += widths[ci]
    return box
