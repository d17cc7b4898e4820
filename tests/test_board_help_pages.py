"""Issue 26: 暗棋 and 百格西洋棋 have an F1 how-to-play page like the other games (the goal, a turn,
each piece, the special rules, the end), in both languages."""
from __future__ import annotations

import re

import pytest

from client.games import make_plugin
from engine import registry

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("game_id,must", [
    ("baige", ("C1", "C6", "C7", "castl", "promot", "archer", "cannon", "draw")),
    ("anqi", ("A3", "A4", "A5", "A6", "A7", "flip", "Rescue")),
])
def test_the_how_to_play_page_covers_the_rules_in_both_languages(game_id, must):
    pl = make_plugin(registry.get(game_id).new_game(seed=1))
    en = " ".join(line for line, _ in pl.help_lines("en"))
    zh = " ".join(line for line, _ in pl.help_lines("zh"))
    assert len(pl.help_lines("en")) >= 6 and len(pl.help_lines("zh")) == len(pl.help_lines("en"))
    assert "{" not in en + zh and CJK.search(zh)
    for word in must:
        assert word.lower() in en.lower(), word
    assert "flip" not in en or game_id == "anqi", "百格 has no face-down pieces"
