"""江山 QA (session 10, issue 26): the action line's count does not read as a numbered list.

In English the status line and the panel read 'action points: 1. Click one of your units, ...': '1.' read as the
first item of a list, not as the number of action points left."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from client.games import make_plugin  # noqa: E402
from engine.jiangshan import new_game  # noqa: E402


def test_the_action_line_says_how_many_action_points_are_left():
    g = new_game(seed=0)
    g.apply("pick fire+ruse+substitute")
    g.apply("pick fire+ruse+substitute")
    pl = make_plugin(g)
    assert pl.status("en") == ("action points left: 1 — click one of your units, then where it goes; shooting, siege, "
                               "recruiting and most tallies are free")
    assert pl.status("zh").startswith("行动力 1：点自己的部队")
