"""沙场秋点兵's status line wraps a message too long for one line at 12 px onto a second line (the box grows upward)
instead of cutting it (issue 26), in both languages; the refusal's rule id at its end stays a link to the book."""
from __future__ import annotations

import pytest

from client.games.shachang import hud
from client.ui import text
from client.scenes.help import HelpScene
from tests.client_util import click, flat_app, position, step

LONG = {"en": "the unit on b2 cannot march to h7: its path is blocked by the enemy's units, the own units and the "
              "terrain it cannot climb, and its move power of 3 steps is spent; choose a nearer cell or another unit "
              "to march this turn",
        "zh": "b2的部队不能行军到h7：路上有敌军和己方部队挡路，还有它上不去的高地，而且本回合它的3步行动力已经用完了；"
              "请选一个更近的格子，或者换一支还能行动的部队来行军，也可以直接结束这个回合把行动交给下一位玩家"}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_long_refusal_is_drawn_whole_on_two_lines_at_1024(tmp_path, lang):
    with flat_app(tmp_path, size=(1024, 640), lang=lang) as app:
        app.start_game(position([[0, "a1", 2], [1, "h8", 2]]), ["human", "random"])
        step(app)
        scene = app.scene
        msg = LONG[lang] + " [S15]"
        assert all(text.has_glyph(ch) for ch in msg)  # drawn in the shipped font, as every catalogue message is
        lines, size, tw = hud._status_fit(msg, 1024)
        assert len(lines) == 2 and size >= 12 and tw <= 1024 - 20
        joined = lines[0] + (" " if lang == "en" else "") + lines[1]
        assert joined == msg  # nothing cut
        scene.ctl.say(msg, "error", rule="S15")
        step(app)
        rect, line, drawn_size = scene._status_drawn
        assert line == lines[1] and drawn_size == size
        w, h = app.display.size
        box = hud.status_box(w, h, tw, 2)
        assert box.bottom == h and box.height == hud.STATUS_H + hud.STATUS_LH and box.contains(rect)
        end = rect.right - 4, rect.centery  # on "[S15]" at the end of the second line
        assert scene.rule_at(end) == "S15"
        click(app, end)
        assert isinstance(app.scene, HelpScene) and app.scene.rule == "S15"


def test_a_line_that_fits_stays_one_line_in_the_usual_box(tmp_path):
    lines, size, tw = hud._status_fit("marched 3 soldiers from a1 to b2", 1024)
    assert lines == ("marched 3 soldiers from a1 to b2",) and size == 15
    assert hud.status_box(1024, 640, tw, 1) == hud.status_box(1024, 640, tw, len(lines))
    assert hud.status_box(1024, 640, tw, 1).height == hud.STATUS_H
