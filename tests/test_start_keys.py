"""The start screen by keyboard alone (found in QA, session 17): Down and Up went through the set-up rows and
the seats but never the seed row, which only a click could focus, and Tab did nothing. Down / Tab now go through
the rows in the order they stand (set-up rows, seed, seats) and Up / Shift+Tab back; Left / Right on the seed row
change the seed."""
from __future__ import annotations

import pygame

from client.scenes.start import StartScene
from tests.client_util import flat_app, key, step


def test_down_and_tab_reach_every_row_and_the_seed_in_order(tmp_path):
    with flat_app(tmp_path, lang="en") as app:
        app.start_title()
        step(app, 2)
        sc = app.scene
        assert isinstance(sc, StartScene)
        while sc.game.value != "baige":  # a game whose seed is shown as a number (no chance: a seed for the AI)
            sc.game.step(1)
        step(app, 2)
        m, n = len(sc.main_rows), len(sc.all_rows())
        assert sc.shows_seed()
        sc.focus = 0
        seen = []
        for _ in range(n + 1):
            key(app, pygame.K_DOWN)
            seen.append(sc.focus)
        assert seen == list(range(1, m)) + [-1] + list(range(m, n)) + [0]
        for _ in range(n + 1):  # Tab goes the same way round (the ring: n rows and the seed), Shift+Tab back
            key(app, pygame.K_TAB)
        assert sc.focus == 0
        key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
        assert sc.focus == sc.focus_ring()[-1] == n - 1  # from the first row back round to the last seat
        key(app, pygame.K_UP)
        assert sc.focus == n - 2
        while sc.focus != -1:
            key(app, pygame.K_UP)
        before = sc.seed
        key(app, pygame.K_RIGHT)
        assert sc.seed == before + 1  # the seed row reached by keys: Right changes the seed
