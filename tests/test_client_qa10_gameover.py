"""沙场秋点兵 QA (session 10, issue 26): the game-over box's player lines in Chinese use no half-width brackets.

The line read '第2名  玩家2（蓝）  [人类]  (出局)': '[ ]' and '( )' beside the name's full-width '（蓝）'."""
from __future__ import annotations

import pytest

from client import i18n
from client.games.shachang import gameover
from tests.client_util import finished, flat_app, step


@pytest.mark.parametrize("lang,want", [
    ("zh", ["第1名  玩家1（红）  人类", "第2名  玩家2（蓝）  人类（出局）"]),
    ("en", ["1.  P1 (red)  [human]", "2.  P2 (blue)  [human]  (out)"]),
])
def test_the_ranking_lines_read_in_the_languages_own_brackets(tmp_path, monkeypatch, lang, want):
    drawn = []
    real = gameover.text.draw
    monkeypatch.setattr(gameover.text, "draw", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
    was = i18n.lang()
    try:
        with flat_app(tmp_path, lang=lang, size=(1024, 640)) as app:
            finished(app)
            drawn.clear()
            step(app, 2)
    finally:
        i18n.set_lang(was)
    heads = [s for s in drawn if s.startswith(("第1名", "第2名", "1. ", "2. "))]
    assert heads[:2] == want
