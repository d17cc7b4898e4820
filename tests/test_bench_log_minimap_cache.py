"""The log panel and the minimap on the GL overlay kept and copied while unchanged (issue 27,
client/ui/log.py, client/ui/minimap.py via client/ui/composed.py): an unchanged draw composes nothing, a
change composes again, and the pictures equal the same draw without the cache (as they were drawn before)."""
from __future__ import annotations

import types

import numpy as np
import pygame
import pytest

from client.display import Display
from client.ui import composed, log, minimap, text

pygame.init()

EVENTS = [f"event {i}: a march from c{i % 8} to d{(i * 3) % 8}, a long line that wraps in the panel" for i in range(30)]


@pytest.fixture
def composes(monkeypatch):
    """Counts of the compose calls made through composed.pixels (a cache miss) and of text drawn."""
    n = {"compose": 0, "text": 0}
    pixels, draw = composed.pixels, text.draw

    def counted_pixels(surf, slot, key, size, compose):
        def c(sc):
            n["compose"] += 1
            return compose(sc)
        return pixels(surf, slot, key, size, c)

    def counted_text(*a, **k):
        n["text"] += 1
        return draw(*a, **k)

    monkeypatch.setattr(composed, "_cache", {})
    monkeypatch.setattr(composed, "pixels", counted_pixels)
    monkeypatch.setattr(text, "draw", counted_text)
    return n


def _uncached(monkeypatch, fn):
    """``fn()`` with the overlay not treated as one to copy into: every part drawn as before the cache."""
    with monkeypatch.context() as m:
        m.setattr(composed, "usable", lambda surf: False)
        return fn()


def _ui():
    s = Display._ui_surface(1280, 720)
    s.fill((40, 80, 120, 90))  # whatever was under the box must not show through
    return s


def test_log_unchanged_draws_nothing_and_equals_the_uncached_panel(monkeypatch, composes):
    view, plain = log.LogView(), log.LogView()
    rect = pygame.Rect(934, 300, 340, 380)
    for events, scroll in ((EVENTS[:1], 0), (EVENTS[:5], 0), (EVENTS, 0), (EVENTS, 3), (EVENTS, 999), (EVENTS[:29], 0)):
        view.scroll = plain.scroll = scroll
        a, b = _ui(), _ui()
        before = dict(composes)
        view.draw(a, rect, events)
        assert composes["compose"] == before["compose"] + 1  # changed: composed once
        _uncached(monkeypatch, lambda: plain.draw(b, rect, events))
        assert view.rect == plain.rect and view.scroll == plain.scroll
        assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA"), (len(events), scroll)
        before = dict(composes)
        c = _ui()
        view.draw(c, rect, events)  # unchanged: copied, nothing composed or written
        assert composes == before
        assert pygame.image.tobytes(c, "RGBA") == pygame.image.tobytes(a, "RGBA")


def _frame(seed: int, units):
    rng = np.random.default_rng(seed)
    n = 64
    vis = np.zeros((n, n), bool)
    vis[10:30, 5:40] = True
    exp = vis.copy()
    exp[0:40, 0:50] = True
    return types.SimpleNamespace(heights=rng.integers(0, 9, (n, n)), visible=vis, explored=exp, fog=True,
                                 units=[types.SimpleNamespace(cell=c, owner=o, state=s) for c, o, s in units])


def test_minimap_unchanged_composes_nothing_and_equals_the_uncached_map(monkeypatch, composes):
    mm, plain = minimap.Minimap(64, 200), minimap.Minimap(64, 200)
    f1 = _frame(1, [((12, 12), 0, "ready"), ((20, 30), 1, "enemy")])
    f2 = _frame(1, [((12, 13), 0, "ready"), ((20, 30), 1, "enemy")])  # a unit moved
    feet = [[(10, 5), (30, 5), (40, 30), (0, 30)], [(11, 5), (31, 5), (41, 30), (1, 30)], None,
            [(-9, -9), (80, -9), (80, 80), (-9, 80)]]
    for frame, changed in ((f1, True), (f1, False), (f2, True), (f2, False)):
        for i, fp in enumerate(feet):
            a, b = _ui(), _ui()
            before = composes["compose"]
            mm.draw(a, (8, 480), frame, fp)
            assert composes["compose"] == before + (1 if changed and i == 0 else 0)  # the image only on a change
            _uncached(monkeypatch, lambda: plain.draw(b, (8, 480), frame, fp))
            assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA"), (changed, i)
