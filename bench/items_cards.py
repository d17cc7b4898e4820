"""The 3D scene's frame with 沙场秋点兵's item cards: ``python -m bench.items_cards [--frames N] [--size WxH]``.

Headless (SDL dummy driver, flat renderer). An 8x8 position with items: three cards in the viewer's hand, the
other player's pile, the mouse on a card (its enlarged view is drawn too) and a card in use (its offered
cells marked). Times, each the median of N frames, alternating in the same run: the items' part alone
(``ItemsView.draw`` + ``draw_zoom``), and the whole scene draw with the items and with them switched off
(the same scene, an ItemsView that reports no items), so the ratio is the cost they add. Prints the load.
"""
from __future__ import annotations

import os
import statistics

import numpy as np

from bench.timing import headless_options, ms
from client.app import App, Options
from client.games.shachang.scene import GameScene
from engine.shachang.game import ShachangGame
from engine.shachang.maps import GameMap


class _Off:
    """An ItemsView stand-in for a game without items (draws nothing)."""

    def __init__(self, real):
        self.real = real
        self.prefix = None
        self.rect = real.rect.__class__(0, 0, 0, 0)

    on = False

    def decorate(self, frame):
        return frame

    def draw(self, display):
        pass

    def draw_zoom(self, display):
        pass


def main() -> int:
    a, w, h = headless_options(__doc__, prog="python -m bench.items_cards")
    app = App(Options(renderer="flat", save_dir="/tmp", ai_delay=0.0, edge_pan=False, lang="zh", strict=True,
                      handover_delay=0.0, size=(w, h)))
    hts = np.zeros((8, 8), np.int16)
    hts[2, 3] = 2
    g = ShachangGame(GameMap(heights=hts, spawns=(((0, 0),), ((7, 7),))), preset="standard", mode="digital",
                     players=2, setup={"units": [[0, "c3", 4, "settled"], [0, "b2", 2, "settled"], [1, "e5", 3]],
                                       "reserve": [0, 0], "current": 0},
                     items=True, item_seed=1, item_setup={"cells": [], "hands": [["tonggui", "wangming", "dilao"],
                                                                                  ["liu", "cuntu"]]})
    app.start_game(g, ["human", "easy"])
    for _ in range(3):
        app.step(1 / 60)
    sc = app.find(GameScene)
    real = sc.items
    real.use_card(next(c.step for _, c in real.strip.hits if c.step is not None))  # a card in use
    sc.mouse_seen, sc.mouse = True, real.strip.hits[1][0].center  # a card under the mouse
    off = _Off(real)
    disp = app.display
    parts, with_items, without = [], [], []
    for _ in range(a.frames):  # alternately: the same load for both
        sc.items = real
        parts.append(ms(lambda: (real.draw(disp), real.draw_zoom(disp))))
        with_items.append(ms(lambda: sc.draw(disp)))
        sc.items = off
        without.append(ms(lambda: sc.draw(disp)))
    sc.items = real
    m = statistics.median
    load = os.getloadavg()[0]
    print(f"load {load:.1f}; {w}x{h} flat, median of {a.frames}: items' part {m(parts):.2f} ms; "
          f"scene draw with items {m(with_items):.2f} ms, without {m(without):.2f} ms "
          f"(ratio {m(with_items) / max(1e-9, m(without)):.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
