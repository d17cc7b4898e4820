"""The pictures of text kept for the next frames stay within a budget of bytes, the least recently used going
first: the cache used to hold up to 4,000 pictures whatever their size (a log line's is ~20 KB), so a long
session of 沙场秋点兵 grew by ~3.5 MB a game until it was dropped whole (client/ui/text.py)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.ui import text  # noqa: E402


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    pygame.font.init()
    monkeypatch.setattr(text, "_text_cache", {})
    monkeypatch.setattr(text, "_text_bytes", 0)
    monkeypatch.setattr(text, "TEXT_CACHE_BYTES", 200_000)


def kept_bytes() -> int:
    return sum(s.get_pitch() * s.get_height() for s in text._text_cache.values())


def test_the_kept_pictures_stay_within_the_budget_and_the_one_in_use_stays():
    line = "第1/64回合 玩家1（红）的回合"
    first = text.render(line, 16)
    for i in range(400):
        text.render(f"玩家2：行军 a{i} → b{i}（{i}人）", 16)
        assert text.render(line, 16) is first  # used every frame: never the one to go
        assert kept_bytes() == text._text_bytes <= text.TEXT_CACHE_BYTES
    assert 3 < len(text._text_cache) < 400  # ~25 KB a line: a handful fit the test's budget


def test_a_picture_not_used_for_a_while_is_made_again_the_same():
    old = text.render("沙场秋点兵", 20)
    for i in range(300):
        text.render(f"line {i} " * 4, 20)
    again = text.render("沙场秋点兵", 20)
    assert again is not old and pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(old, "RGBA")
