"""A line with a character the shipped font subset lacks (one the player typed into the rule book's search, a rare
one in a file's path) keeps the rest of the line in the shipped font: the whole line in pygame's own font showed
its Chinese as boxes (client/ui/text.py)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from client.ui import text  # noqa: E402

RARE = "龘"  # not in the subset (tests/test_rulebook_font.py keeps every shown word in it)


@pytest.fixture(autouse=True, scope="module")
def _font():
    pygame.font.init()
    yield


def alpha(s: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array_alpha(s).T  # (h, w)


def test_only_the_missing_character_leaves_the_shipped_font():
    assert not text.has_glyph(RARE) and all(text.has_glyph(c) for c in "查：存档")
    size = 20
    line = text.render("查：" + RARE + "存档", size)
    head, rare, tail = (text.render(s, size) for s in ("查：", RARE, "存档"))
    assert line.get_width() == head.get_width() + text.default_font(size).size(RARE)[0] + tail.get_width()
    shipped, pygames = text.font(size), text.default_font(size)
    top = max(shipped.get_ascent(), pygames.get_ascent()) - shipped.get_ascent()
    a = alpha(line)
    # the Chinese on both sides of the rare character: pixel for pixel the shipped font's own pictures
    assert np.array_equal(a[top:top + head.get_height(), :head.get_width()], alpha(head))
    x = line.get_width() - tail.get_width()
    assert np.array_equal(a[top:top + tail.get_height(), x:], alpha(tail))
    assert a[:, head.get_width():x].any()  # and the rare one is drawn (as pygame's font can)


def test_a_line_the_shipped_font_has_is_drawn_as_before():
    for s in ("查：存档", "plain ascii", ""):
        assert np.array_equal(alpha(text.render(s, 18)), alpha(text.font(18).render(s, True, (230, 230, 230))))
