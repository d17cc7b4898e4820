"""The star preset (S19) in the real app under SDL's dummy driver (flat renderer): a hot-seat game driven
through posted events — select a soldier by clicking its hex, march it, see the sight panel with the
star's names, the vision of the soldier's unit, the minimap, a computer turn behind the hand-over."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from client.games.shachang.scene import GameScene

from tests.client_util import click, end_turn, key, step
from tests.items_util import px

star_position = pytest.importorskip("engine.shachang.star_position")


def star_game(units, mode="tabletop", current=0, reserve=(0, 0), seed=3):
    from engine.shachang import new_game

    g = new_game(preset="star", mode=mode, players=2, seed=seed)
    star_position.apply_star_setup(g, {"units": units, "reserve": list(reserve), "current": current,
                                       "explored": "all"})
    return g


def cell(name):
    from engine.shachang import star_cells

    return star_cells.parse(name)


def test_star_hot_seat_select_march_sight_and_names(app):
    g = star_game([[0, "h5"], [0, "i5"], [0, "i6"], [1, "l7"], [1, "k9"]])
    app.start_game(g, ["human", "human"])
    step(app)
    key(app, pygame.K_SPACE)  # P1's hand-over
    scene = app.find(GameScene)
    assert scene is not None and scene.layout is not None and len(scene.layout.cells) == 121
    ctl = scene.ctl
    # every hex of the star is picked at its centre by the flat renderer
    for c in scene.layout.cells:
        x, y = scene.cell_to_screen(c)
        assert app.display.pick(x, y, ctl.frame(), scene.camera()) == c
    click(app, px(app, "i5"))
    assert ctl.selected == cell("i5")
    info = ctl.unit_info()
    assert (info["name"], info["count"], info["attack_range"]) == ("i5", 3, 2)  # 3 soldiers: 番数 2 (S19e)
    reach = ctl.overlays().reachable
    assert reach and cell("j5") in reach and cell("h6") in reach
    n = len(g.log)
    click(app, px(app, "j5"))  # march the single soldier i5 -> j5 (S19d)
    assert len(g.log) == n + 1 and str(g.log[-1]).startswith("march i5 j5")
    assert cell("j5") in g.units and cell("i5") not in g.units
    assert ctl.status_kind != "error"
    # the moved soldier is drawn spent on the star (no second move)
    marks = {m.cell: m.state for m in ctl.unit_marks()}
    assert marks[cell("j5")] == "spent"
    # hover an enemy with a soldier selected: the sight panel on hex lines, named by the star's names
    click(app, px(app, "i6"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=px(app, "l7"), rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)
    s = ctl.sight()
    assert s is not None and s["src"] == cell("i6") and s["dst"] == cell("l7")
    assert all(ctl.cell_name(r["cell"])[0] in "jk" for r in s["rows"])  # the cells between i6 and l7
    # the minimap: a click on a hex moves the camera there
    mm = scene.minimap
    assert mm is not None and mm.layout is scene.layout
    k = mm.size / mm.n
    x, z = scene.layout.centre(cell("e1"))
    click(app, (int(mm.rect.x + x * k), int(mm.rect.y + z * k)))
    step(app, 30)
    cam = scene.camera()
    assert abs(cam.tx - x) < 0.05 and abs(cam.tz - z) < 0.05
    end_turn(app)
    assert g.current_player == 1


def test_star_computer_turn_and_illegal_march_message(app):
    g = star_game([[0, "h5"], [0, "i5"], [1, "l7"], [1, "m7"]])
    app.start_game(g, ["human", "random"])
    step(app, 2)
    scene = app.find(GameScene)
    ctl = scene.ctl
    click(app, px(app, "i5"))
    assert ctl.selected == cell("i5")
    n = len(g.log)
    click(app, px(app, "n4"))  # far beyond the 3-step budget: the engine refuses, the game goes on
    assert len(g.log) == n
    end_turn(app)
    import time

    t = time.monotonic()  # frames paced like the real loop's (it sleeps between frames), up to 30 s
    while not (g.current_player == 0 or g.is_over) and time.monotonic() - t < 30:
        step(app)
        time.sleep(0.005)
    assert g.current_player == 0 or g.is_over
    assert app.find(GameScene) is scene


def test_star_in_the_gl_window_picks_hexes_and_marches(glapp):
    """The GL renderer in the app (SDL offscreen, EGL): every star cell is picked at its projected top
    centre in the opening view; a click on a soldier and one on a reachable hex march it (S19d)."""
    from client.render.base import Y_SCALE

    g = star_game([[0, "h5"], [0, "i5"], [1, "l7"]])
    glapp.start_game(g, ["human", "human"])
    step(glapp)
    key(glapp, pygame.K_SPACE)
    scene = glapp.find(GameScene)
    lay = scene.layout
    frame = scene.ctl.frame()
    cam = scene.camera()
    w, h = glapp.display.size

    def top_px(c):
        u = scene.ctl.obs.unit_at(c)
        x, z = lay.centre(c)
        y = (max(0, int(frame.heights[c])) + (u.count if u else 0)) * Y_SCALE
        p = cam.project([(x, y, z)], w, h)[0]
        return int(p[0]), int(p[1])

    seen = 0
    for c in lay.cells:
        x, y = top_px(c)
        if 0 <= x < w and 0 <= y < h:
            got = glapp.display.pick(x, y, frame, cam)
            seen += got == c
    assert seen >= 100  # nearly all tops are in the opening view and picked exactly (a few hide behind hills)
    click(glapp, top_px(cell("i5")))
    assert scene.ctl.selected == cell("i5")
    n = len(g.log)
    click(glapp, top_px(cell("j6")))
    assert len(g.log) == n + 1 and cell("j6") in g.units


def test_star_first_person_is_a_soldiers_view_over_the_neighbours(glapp):
    """Review defect 1: V on the star puts the camera above the soldier's head (the rule's eye, terrain + 1
    (S19f), lifted 3 levels), so the soldiers around it do not fill the picture: the camera is above every
    neighbour's top, the ground of the cells around in front of it is on screen, the status line keeps the
    rule's eye height, and the minimap shows the eye."""
    from client.camera import FirstPersonCamera
    from client.render.base import Y_SCALE
    from client.render.hex_layout import DIRECTIONS

    g = star_game([[0, "i5"], [0, "h5"], [0, "h6"], [0, "i6"], [0, "j5"], [0, "j4"], [0, "i4"], [1, "m7"]])
    glapp.start_game(g, ["human", "human"])
    step(glapp)
    key(glapp, pygame.K_SPACE)
    scene = glapp.find(GameScene)
    scene.ctl.select(cell("i5"))
    key(glapp, pygame.K_v)
    cam = scene.fp_cam
    assert isinstance(cam, FirstPersonCamera) and cam.cell == cell("i5")
    terrain = int(g.heights[cell("i5")])
    assert cam.position[1] == pytest.approx((terrain + 1) * Y_SCALE + 3 * Y_SCALE)
    assert f"eye height {terrain + 1}" in scene.ctl.status  # the rule's eye (S19f), not the camera's
    lay = scene.layout
    w, h = glapp.display.size
    ahead = 0
    for dr, dc in DIRECTIONS:
        n = (cell("i5")[0] + dr, cell("i5")[1] + dc)
        top = (max(0, int(g.heights[n])) + 1) * Y_SCALE  # a soldier on every neighbour
        assert cam.position[1] - top >= 2 * Y_SCALE - 1e-9 or int(g.heights[n]) > terrain
        x, z = lay.centre(n)
        d = np.array([x, top, z]) - cam.position
        px, py, _ = cam.project([(x, top, z)], w, h)[0]
        ahead += bool(d @ cam.direction() > 0 and 0 <= px < w and 0 <= py < h)
    assert ahead >= 2  # the neighbours in front are in the picture, seen from above
    assert cam.pitch <= -12.0  # looking down onto the cells around
    step(glapp, 2)
    key(glapp, pygame.K_v)
    assert scene.fp_cam is None


def test_a_star_attack_flies_as_a_bolt_not_a_marching_token(app):
    """The computer's shot on the star (a StarAttack) is drawn as a bolt, like a square map's Attack."""
    import time

    from engine.shachang.star_actions import StarAttack, StarMarch

    g = star_game([[0, "i5"], [1, "k6"]])
    app.start_game(g, ["human", "human"])
    step(app)
    key(app, pygame.K_SPACE)
    scene = app.find(GameScene)
    ui = app.display.ui
    for action, colour in ((StarAttack(cell("i5"), cell("k6")), (255, 80, 40)),
                           (StarMarch(cell("i5"), cell("k6"), 1), None)):
        ui.fill((0, 0, 0, 0))
        scene._draw_slide(app.display, {"action": action, "seat": 1, "t0": time.monotonic() - 10, "dur": 0.1})
        x, y = scene.cell_to_screen(cell("k6"), top=False)
        got = tuple(ui.get_at((x + (0 if colour else 8), y)))[:3]  # (a token's centre holds its count)
        if colour is not None:
            assert got == colour  # the bolt's head where it lands
        else:
            from client.render.flat import player_rgb

            assert got == player_rgb(1)  # a sliding soldier in the mover's colour


def test_star_reinforcement_places_one_soldier_on_a_free_cell_of_the_own_point(app):
    """S19c: reinforcement puts soldiers on free cells of the own point, one per cell (S19b): a click on a
    green cell opens the box with one soldier, a second click places it."""
    g = star_game([[0, "a1"], [0, "i5"], [1, "q1"]], reserve=(3, 3))
    app.start_game(g, ["human", "human"])
    step(app)
    key(app, pygame.K_SPACE)
    scene = app.find(GameScene)
    ctl = scene.ctl
    cells = ctl.overlays().reinforce_cells
    assert cell("b1") in cells and cell("a1") not in cells and all(g.grid.distance(c, cell("a1")) <= 3 for c in cells)
    click(app, px(app, "b1"))
    assert ctl.reinforce == {"cell": cell("b1"), "count": 1, "max": 1}
    n = len(g.log)
    click(app, px(app, "b1"))
    assert len(g.log) == n + 1 and str(g.log[-1]) == "reinforce b1 1" and cell("b1") in g.units


def test_the_panel_counts_units_as_groups_of_connected_soldiers_on_the_star():
    from client import i18n
    from client.games.shachang import preset_label
    from client.games.shachang.hud import units_value

    g = star_game([[0, "h5"], [0, "i5"], [0, "k9"], [1, "l7"]])
    assert units_value(g.observe(0)) == "2"  # h5+i5 connected, k9 alone (S19b); not "3 / 10"
    assert units_value(g.observe(1)) == "1"
    old = i18n.lang()
    try:
        i18n.set_lang("en")
        assert preset_label("star") == "Chinese-checkers star (121 cells)"
        assert preset_label("standard") == "8x8 standard"
        assert preset_label("standard", "zh") == "8x8 标准"
    finally:
        i18n.set_lang(old)

