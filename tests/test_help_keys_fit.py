"""The F1 page's keys tab keeps every row inside its panel: in English the F3 row ("open the rule that refused
the action (its rule-book entry and picture; ...)") ran 65 px past the panel's right edge at 1280x720."""
from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from client import i18n
from client.scenes.help import HelpScene
from client.ui import text

GAMES = ("anqi", "baige", "sanguo", "xinhai", "jiangshan")
CONTEXTS = [("global", "board", "board_gl", g) for g in GAMES] + [("global", "board", g) for g in GAMES] + [
    ("global", "shachang"), ("start", "global")]


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_key_row_stays_inside_the_panel(monkeypatch, lang, size):
    pygame.init()
    old = i18n.lang()
    i18n.set_lang(lang)
    try:
        for ctx in CONTEXTS:
            page = HelpScene(SimpleNamespace(display=SimpleNamespace(ui=pygame.Surface(size)), scenes=[]))
            monkeypatch.setattr(page, "contexts", lambda ctx=ctx: ctx)
            monkeypatch.setattr(page, "tabs", lambda: ["keys"])
            drawn = []
            real = text.draw

            def spy(surf, words, pos, size=16, *a, **kw):
                r = real(surf, words, pos, size, *a, **kw)
                drawn.append((words, r))
                return r

            monkeypatch.setattr(text, "draw", spy)
            page.draw(SimpleNamespace(ui=pygame.Surface(size)))
            monkeypatch.setattr(text, "draw", real)
            box = page.box()
            whats = {what for _, what in page.rows()}
            assert whats
            out = [(w, r.right - box.right) for w, r in drawn if r.right > box.right - 16 or r.bottom > box.bottom]
            assert not out, (ctx, out)
            shown = "".join(w for w, _ in drawn).replace(" ", "")  # a wrapped row's parts are drawn one after another
            for what in whats:  # every row is there, whole, even when wrapped (a Chinese row too, in two columns)
                assert what.replace(" ", "") in shown, (ctx, what)
    finally:
        i18n.set_lang(old)
