"""The shared wrap (client/ui/text.py) follows the Chinese line-breaking rule (kinsoku, issue 26): no line starts
with closing punctuation nor ends with an opening bracket, and no character is lost or added."""
from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client.ui import text  # noqa: E402

CLOSING = "，。、；：？！）」』】"
OPENING = "（「『【"
ALPHABET = ("的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就"
            + CLOSING * 3 + OPENING * 2 + "abcXY12-. ")


@pytest.fixture(autouse=True, scope="module")
def _font():
    pygame.font.init()
    yield


def _check(s: str, size: int, width: int) -> list[str]:
    lines = text._wrap_now(s, size, width)
    # every character kept, in order; only the spaces where a line breaks are dropped
    assert "".join(lines).replace(" ", "") == s.replace(" ", ""), (s, width, lines)
    for i, ln in enumerate(lines):
        if i > 0:
            assert ln[:1] not in text._NO_START, (s, width, lines)
        if i < len(lines) - 1:
            assert ln[-1:] not in text._NO_END, (s, width, lines)
        # a line fits, but for marks hanging around a single character, or a Latin word wider than a line
        core = ln.lstrip(OPENING + "(").rstrip(CLOSING + " ,.;:?!)")
        assert (text.size_of(ln, size)[0] <= width or len(core) <= 1
                or (" " not in core and all(ord(c) < 0x2E80 for c in core))), (s, width, lines)
    return lines


def test_random_strings_never_start_a_line_with_closing_punctuation():
    rnd = random.Random(26)
    for _ in range(1500):
        n = rnd.randint(1, 60)
        s = "".join(rnd.choice(ALPHABET) for _ in range(n)).strip()
        if s[:1] in text._NO_START:  # a text may itself begin with "，"; only the breaks are the wrap's
            s = "字" + s
        if not s:
            continue
        size = rnd.choice((12, 14, 16, 20))
        _check(s, size, rnd.randint(size, 40 * size))


def test_the_comma_that_started_a_line_goes_down_with_the_character_before_it():
    size = 16
    s = "一二三四五六七八九十，一二三"
    width = text.size_of("一二三四五六七八九十", size)[0]  # exactly up to the comma
    lines = _check(s, size, width)
    assert lines == ["一二三四五六七八九", "十，一二三"]


def test_an_opening_bracket_never_ends_a_line_and_latin_words_stay_whole():
    size = 16
    width = text.size_of("一二三四五六七（", size)[0]
    assert _check("一二三四五六七（八）九", size, width)[0] == "一二三四五六七"
    assert text.wrap("the unit at g2 cannot march to k5 (its pattern or a blocker) [J7]", 16, 150) == [
        "the unit at g2", "cannot march to k5", "(its pattern or a", "blocker) [J7]"]
    # a Chinese log line is not cut after its number, and the ids stay whole
    assert _check("224. M-11的砲隊前進，然後（攻擊）敵人。", 16, 120)[0].startswith("224. M-11")


def test_curly_quotes_stay_with_the_words_they_quote():
    """An opening “ never ends a line and a closing ” never starts one (江山's panel read 然后点“ / 结束回合”)."""
    s = "没有行动力了：可以射击、劝降、征兵或使用不用行动力的虎符，然后点“结束回合”"
    for w in range(60, 600, 3):
        lines = text.wrap(s, 15, w)
        assert "".join(lines) == s
        assert not any(ln.endswith("“") or ln.startswith("”") for ln in lines), (w, lines)
