"""江山, session 10 (issue 26): at the action decision the units that may still act this turn are marked before
the click ("start": a cyan cell and halo, apart from the targets' green, red and violet), as the engine lists
them (JiangshanGame.units_able_to_act, read from the legal actions); a unit that has acted is no longer marked."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from client import i18n
from client.boards.model import MARK_RGB, rgb255
from client.games import plugin_class
from client.rulebook.render import board_view
from client.rulebook.scenario import load
from engine import registry
from tests.boards_util import click_cell, make_app


def action_game():
    """The chuhan set-up (seed 1) at 汉's first action decision (the tallies picked, the reveals answered)."""
    info = registry.get("jiangshan")
    g = info.new_game(**plugin_class("jiangshan").new_game_options(info, 1, seeded=True))
    while not (g.stage == "action" and g.current_player == 0):
        g.apply(g.legal_actions()[0])
    return g


def start_marks(sc) -> set[str]:
    return {sc.plugin.cell_name(c) for c, k in sc.last_board_view.marks.items() if k == "start"}


def test_the_engine_lists_the_own_units_with_a_legal_action():
    g = action_game()
    able = g.units_able_to_act()
    own = {f"{chr(97 + u.cell[0])}{u.cell[1] + 1}" for u in g.st.units.values() if u.owner == 0 and not u.in_city}
    firsts = {g.action_steps(a)[0].value for a in g.legal_actions()}
    assert set(able) == own & firsts and len(able) == 14
    assert "i1" in own and "i1" not in able  # 骑 at i1 has nowhere to go at the start
    assert "h2" in firsts and "h2" not in able  # a camp's command starts there, but it is no unit


def ring_pixels(surf, centre, half: int) -> int:
    """Pixels of the start mark's cyan in the square ring just outside a counter of half-size ``half``."""
    want = rgb255(MARK_RGB["start"])
    n = 0
    cx, cy = int(centre[0]), int(centre[1])
    for d in range(-half - 3, half + 4):
        for x, y in ((cx + d, cy - half - 2), (cx + d, cy + half + 2), (cx - half - 2, cy + d), (cx + half + 2, cy + d)):
            c = surf.get_at((x, y))
            n += all(abs(c[i] - want[i]) < 40 for i in range(3))
    return n


@pytest.mark.parametrize("renderer,driver", [("flat", "dummy"), ("gl", "offscreen")])
def test_the_units_that_may_act_are_marked_and_a_unit_that_acted_is_not(cleanup, renderer, driver):
    app = make_app(driver, "jiangshan", ["human", "hard"], renderer, game=action_game(), size=(1280, 720))
    sc = app.scene
    app.step(0.016)
    g = sc.game
    assert start_marks(sc) == set(g.units_able_to_act())
    if renderer == "flat":  # drawn: a cyan halo round a unit that may act, none round 骑 at i1 (stuck)
        app.step(0.016)
        surf = pygame.display.get_surface()
        half = int(sc.flat.scale * 0.42)
        assert ring_pixels(surf, sc.cell_pos(sc.plugin.cell("a1")), half) > 20
        assert ring_pixels(surf, sc.cell_pos(sc.plugin.cell("i1")), half) == 0
    # a1 marches to b1 by two clicks: once selected the marks are its targets; after the march a1's unit is
    # not marked, the units with a free action left (shooting) still are
    click_cell(app, sc.plugin.cell("a1"))
    assert start_marks(sc) == set()
    click_cell(app, sc.plugin.cell("b1"))
    app.step(0.016)
    assert g.log[-1].kind == "move" and g.stage == "action" and g.current_player == 0
    assert start_marks(sc) == set(g.units_able_to_act()) == {"c2", "j2", "k1"}
    assert "b1" not in start_marks(sc)


def test_a_rule_picture_marks_only_what_its_scenario_names():
    # j18 is drawn at 汉's action decision: the plugin's view marks the units that may act, the rule picture not
    sc = load(Path(__file__).resolve().parents[1] / "assets" / "scenarios" / "jiangshan" / "j18.toml")
    assert "start" in sc.plugin.view(sc.viewer, sc.prefix).marks.values()
    v = board_view(sc)
    assert "start" not in v.marks.values() and set(sc.marks.items()) <= set(v.marks.items())


def test_a_click_on_another_own_unit_that_cannot_act_says_why_that_unit_cannot(cleanup):
    # with 将 at g1 selected, a click on 骑 at i1 (unmarked: nowhere to go) read "g1 cannot march to i1 [J7]"
    app = make_app("dummy", "jiangshan", ["human", "hard"], "flat", game=action_game(), size=(1024, 640))
    sc = app.scene
    i18n.set_lang("en")
    n = len(sc.game.log)
    click_cell(app, sc.plugin.cell("g1"))
    click_cell(app, sc.plugin.cell("i1"))
    assert sc.status_text("en") == "the unit at i1 has nowhere to go now (blocked, or its pattern allows no move) [J7]"
    assert sc.message_bad and not sc.prefix and len(sc.game.log) == n  # nothing played
