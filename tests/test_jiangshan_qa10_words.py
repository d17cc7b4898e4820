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
    assert pl.status("en") == ("action points left: 1 — click one of your units framed in cyan, then where it goes; "
                               "shooting, siege, recruiting and most tallies are free")
    assert pl.status("zh").startswith("行动力 1：点青框标出的自己的部队")


def test_the_own_tallies_row_is_titled_your_tallies_beside_the_enemys():
    """The row of the viewer's tallies read 'Hand' / 手牌 beside 'Chu's tallies' / 楚的虎符."""
    g = new_game(seed=0)
    g.apply("pick fire+ruse+substitute")
    g.apply("pick fire+ruse+substitute")
    pl = make_plugin(g)
    for lang, mine, theirs in (("en", "Your tallies", "Chu's tallies"), ("zh", "你的虎符", "楚的虎符")):
        rows = pl.card_rows(0, lang)
        assert [r.title for r in rows[:2]] == [mine, theirs]
        assert len(rows[0].cards) == 3 and rows[1].backs == 3


def test_a_scout_into_the_reserve_reads_in_chinese_without_an_english_word():
    """无中生有 into the reserve: the log read '汉获得一个斥候（reserve）' in Chinese."""
    g = new_game(seed=0)
    g.apply("pick scout+ruse+substitute")
    g.apply("pick fire+ruse+substitute")
    g.apply("scout reserve")
    pl = make_plugin(g)
    for seat in (0, 1):
        pl.viewer = seat
        zh = [line for line in pl.move_list("zh") if "斥候" in line]
        en = [line for line in pl.move_list("en") if "scout" in line]
        assert zh[-1].endswith("汉获得一个斥候，放入预备役") and "reserve" not in zh[-1]
        assert en[-1].endswith("Han gains a scout into the reserve")
