"""The statistics table of a finished game (seats as columns, measures as rows: ``client.scenes.stats.Row``),
drawn in the game-over box (client/scenes/modals.py) and the statistics box (client/scenes/stats.py), which
both sit above it."""
from __future__ import annotations

from typing import Callable

import pygame

from client.ui import text, widgets


def draw_table(surf, rows: list, seat_names: list[str], seat_rgb: Callable[[int], tuple], rect: pygame.Rect,
               size: int = 15) -> int:
    """Draw the table into ``rect`` (seats as columns, measures as rows); the y under it."""
    n = len(seat_names)
    label_w = min(220, max(120, rect.w // 3))
    col_w = max(60, (rect.w - label_w) // max(1, n))
    y = rect.y
    for s, name in enumerate(seat_names):
        cx = rect.x + label_w + col_w * s + col_w // 2
        # the seat's colour dot just before its name, the pair centred over the column's numbers
        nw, nh = text.size_of(name, size - 1)
        x0 = cx - (10 + 5 + nw) // 2
        pygame.draw.rect(surf, seat_rgb(s), pygame.Rect(x0, y + (nh - 10) // 2, 10, 10), border_radius=2)
        text.draw(surf, name, (x0 + 15, y), size - 1, widgets.DIM)
    y += size + 10
    for i, row in enumerate(rows):
        if i % 2 == 0:
            pygame.draw.rect(surf, (44, 49, 60), pygame.Rect(rect.x, y - 2, rect.w, size + 8), border_radius=3)
        text.draw(surf, row.words(), (rect.x + 8, y), size, widgets.TEXT)
        for s, v in enumerate(row.values):
            cx = rect.x + label_w + col_w * s + col_w // 2
            text.draw(surf, str(v), (cx, y), size, widgets.TEXT, anchor="midtop")
        y += size + 10
    return y
