"""沙场秋点兵 QA (session 10, issue 26): a click on an own unit that can do nothing more this turn says so.

The status line said 'a4 selected: click a cyan cell to march ... or an enemy with a red ring to attack' for a new
camp (S15, S8: it neither marches nor attacks this turn) and for a unit with its march spent and no enemy in range:
there was no cyan cell and no red ring, and a new player clicked about for one."""
from __future__ import annotations

from client import i18n
from tests.client_util import click_cell, hot_seat


def said_in(app, scene, cell, lang):
    """The status line after a click on ``cell`` in ``lang`` (the ``app`` fixture puts the language back)."""
    i18n.set_lang(lang)
    scene.ctl.selected = None
    click_cell(app, cell)
    assert scene.ctl.selected == cell
    return scene.status_text(lang)


def test_a_new_camp_says_it_cannot_act_this_turn_with_s15(app):
    g, scene = hot_seat(app, [[0, "c3", 5, "fresh"], [0, "a1", 3], [1, "h8", 1]])
    assert said_in(app, scene, (2, 2), "en") == ("c3 selected: a new camp cannot march or attack until your next turn "
                                                 "(S15, S8); click another unit (Tab) or End turn")
    assert said_in(app, scene, (2, 2), "zh") == ("已选中c3：新营本回合不能行军或攻击，下一回合才能行动（S15、S8）；"
                                                 "点其他部队（Tab）或“结束回合”")


def test_a_spent_unit_with_no_enemy_in_range_says_so_and_a_ready_one_keeps_the_march_hint(app):
    g, scene = hot_seat(app, [[0, "c3", 5, "moves=0"], [0, "a1", 3], [1, "h8", 1]])
    assert said_in(app, scene, (2, 2), "en") == ("c3 selected: it cannot march again this turn and has no enemy it "
                                                 "may attack now; click another unit (Tab) or End turn")
    assert said_in(app, scene, (2, 2), "zh") == "已选中c3：本回合不能再行军，现在也没有可攻击的敌军；点其他部队（Tab）或“结束回合”"
    assert said_in(app, scene, (0, 0), "en").startswith("a1 selected: click a cyan cell to march")


def test_a_spent_unit_with_an_enemy_in_range_keeps_the_attack_hint(app):
    g, scene = hot_seat(app, [[0, "c3", 5, "moves=0"], [1, "c4", 1], [1, "h8", 1]])
    assert said_in(app, scene, (2, 2), "en").startswith("c3 selected: click a cyan cell to march")
    assert scene.ctl.unit_info()["targets"] == 1
