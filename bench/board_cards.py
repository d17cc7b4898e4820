"""The board scene's frame with 辛亥革命's cards and box: ``python -m bench.board_cards [--frames N] [--size WxH]``.

Headless (SDL dummy driver, flat renderer onto a Surface). A mid-game position (a seeded random game of
120 actions: worn counters, ruins, pontoons, boats, a last shot); times, each as the median of N frames:
the plugin's card rows, the card strip, the box beside the map, and the whole scene draw — with the
cards and the box, and side by side in the same run without them (the same scene with the hooks
emptied), so the ratio is the cost they add. Prints the load average with the figures.
"""
from __future__ import annotations

import os
import random

import pygame

from bench.timing import headless_options, median_ms
from client.boards.window import BoardApp
from engine.xinhai import new_game


def position(n: int = 120, seed: int = 3):
    """A seeded random 辛亥革命 game after ``n`` actions (shots preferred: worn units and a last roll)."""
    g = new_game(seed=seed)
    rng = random.Random(5)
    for _ in range(n):
        if g.is_over:
            break
        acts = g.legal_actions()
        shots = [a for a in acts if a.verb in ("shoot", "melee")]
        g.apply(rng.choice(shots) if shots and rng.random() < 0.7 else rng.choice(acts))
    return g


def main() -> int:
    a, w, h = headless_options(__doc__, prog="python -m bench.board_cards")
    app = BoardApp("xinhai", ["human", "human"], "flat", "zh", (w, h), seed=1, ai_delay=0.0, game=position(),
                   strict=True)
    sc = app.scene
    app.step(0.016)
    surf = pygame.Surface((w, h))
    sc.draw(surf)
    rows = sc._card_rows()
    mouse = sc.cards.hits[0][0].center  # a card under the mouse: its enlarged view is drawn too
    sc.mouse = mouse
    figures = {
        "card rows": median_ms(sc._card_rows, a.frames),
        "card strip": median_ms(lambda: sc.cards.draw(surf, sc.card_rect, rows, mouse, set()), a.frames),
        "box beside the map": median_ms(
            lambda: sc.plugin.draw_over_board(surf, sc.board_rect, 0, "zh", sc.world_px), a.frames),
    }
    with_cards = median_ms(lambda: sc.draw(surf), a.frames)
    pl = sc.plugin
    pl.card_rows = lambda viewer, lang: []
    pl.draw_over_board = lambda *args, **kw: None
    without = median_ms(lambda: sc.draw(surf), a.frames)
    load = os.getloadavg()
    for k, v in figures.items():
        print(f"{k:>20}: {v:6.2f} ms")
    print(f"{'scene draw':>20}: {with_cards:6.2f} ms with the cards and the box, {without:6.2f} ms without "
          f"(ratio {with_cards / without:.2f}), {a.size}, median of {a.frames} frames")
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
