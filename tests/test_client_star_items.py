"""The fun items on the star (S20a with S19b units) in the app under SDL's dummy driver: the command line
``--preset star --items`` starts a star game with items, an item card is chosen, the chooser offers every
soldier of each eligible unit (the engine's legal uses), a click plays it and the effect happens."""
from __future__ import annotations

import pygame

from client.games.shachang.scene import GameScene
from engine.shachang import star_cells as sc
from engine.shachang.actions import UseItem
from engine.shachang.star_game import StarGame
from tests.client_util import click, key, step
from tests.items_util import card_rect, start
from tests.items_util import px
from tests.items_util import star_items_game

N = sc.parse


def test_command_line_star_with_items_starts_a_star_game_with_items(app):  # noqa: F811
    from client.__main__ import options_from, parse_args

    o = options_from(parse_args(["--preset", "star", "--items", "--seed", "3", "--seats", "human,easy",
                                 "--renderer", "flat"]))
    assert o.game_options == {"items": True} and o.preset == "star"
    app.opts.game_options, app.opts.seed, app.opts.seats, app.opts.preset = o.game_options, o.seed, o.seats, o.preset
    app.opts.seeded = o.seeded  # G1: the seed was given (--seed): a seeded game
    app.new_game_from_opts()
    step(app)
    g = app.find(GameScene).game
    assert isinstance(g, StarGame) and g.items is not None and len(g.items.cells) == 15


def test_star_item_card_target_and_effect_through_the_app(app):  # noqa: F811
    units = [[0, "i5"], [0, "i6"], [0, "e1"], [1, "i8"], [1, "k5"], [1, "l5"], [1, "q1"]]
    g = star_items_game(units, [["tonggui", "taoyuan"], ["liu"]])
    scene = start(app, g)
    step(app)
    faces = [c for _, c in scene.items.strip.hits if not c.face_down]
    assert [c.step.value for c in faces] == ["item:tonggui", "item:taoyuan"]
    click(app, card_rect(scene, "tonggui").center)
    offered = set(scene.items.target_cells())
    legal = {a.cells[0] for a in g.legal_actions() if isinstance(a, UseItem) and a.kind == "tonggui"}
    assert offered == legal == {N("i5"), N("i6"), N("e1")}  # every own soldier names its unit
    before = len(g.log)
    click(app, px(app, "i8"))  # an enemy: not a target, the card stays in use
    assert len(g.log) == before and scene.items.prefix is not None
    click(app, px(app, "i6"))
    assert len(g.log) == before and "(2 soldiers)" in app.scene.question()  # the whole unit goes: asked first
    key(app, pygame.K_RETURN)  # yes
    assert g.log[-1] == UseItem("tonggui", (N("i6"),))
    # S20f on the star (D-SI5): i5+i6 removed, the lone i8 and the nearest of k5/l5 hit
    assert sorted(sc.name(c) for c, u in g.units.items() if u.owner == 1) == ["l5", "q1"]
    assert N("i5") not in g.units and N("i6") not in g.units
    step(app)
    assert any(fx["kind"] == "tonggui" for fx in scene.items.effects)  # the blast shows
    assert {f["cell"] for f in scene.flashes} >= {N("i8"), N("k5")}
    assert not [c for _, c in scene.items.strip.hits if c.legal]  # one item per turn (S20a)


def test_star_blast_area_shown_on_hover_is_the_units_hex_range(app):  # noqa: F811
    from engine.shachang import hex_overlays

    g = star_items_game([[0, "i5"], [0, "i6"], [1, "q1"]], [["tonggui"], []])
    scene = start(app, g)
    step(app)
    click(app, card_rect(scene, "tonggui").center)
    scene.ctl.hover = N("i5")
    ov = scene.items.decorate(scene.ctl.frame()).overlays
    want = hex_overlays.attack_area(sc.MASK, N("i5"), 2) | hex_overlays.attack_area(sc.MASK, N("i6"), 2)
    assert (ov.attack_area == want).all()  # 番数 2 of the 2-soldier unit around both soldiers (D-SI5)


def test_star_hot_seat_with_items_hides_the_hand_after_hand_over(app):  # noqa: F811
    from tests.items_util import end_turn, hand_over

    # tabletop: no fog, yet the hands are hidden, so the hot seat hands over (S20a)
    g = star_items_game([[0, "i5"], [0, "i6"], [1, "i8"], [1, "q1"]], [["tonggui", "dilao"], ["liu"]])
    scene = start(app, g, ("human", "human"))
    step(app)
    assert scene.ctl.viewer == 0
    end_turn(app)
    faces, backs = hand_over(app, scene)
    assert scene.ctl.viewer == 1
    assert faces == ["Slip Away"] and len(backs) == 1 and backs[0].corner == "2"  # P1's two, face down


def test_star_item_markers_one_label_per_unit_and_none_overlapping(app):  # noqa: F811
    """Review defect 4: on the star a jailed enemy unit (画地为牢, D-SI3) is four soldiers on touching cells
    and a withdrawn one (世外桃源, S20g) two cells seen only as occupied: one 牢 label for the jailed unit,
    one "occupied" label for the withdrawn one (with a "?" ring on each cell), and no two label rectangles
    overlap at any zoom."""
    from engine.shachang.actions import End

    jailed, hidden = ["k5", "k6", "l5", "l6"], ["i5", "i6"]
    units = [[0, "e1"], [0, "e2"]] + [[1, n] for n in jailed + hidden]
    g = star_items_game(units, [["dilao"], ["taoyuan"]])
    g.apply(End())
    g.apply(next(a for a in g.legal_actions() if isinstance(a, UseItem) and a.kind == "taoyuan"
                 and a.cells[0] == N("i5")))
    g.apply(End())
    g.apply(next(a for a in g.legal_actions() if isinstance(a, UseItem) and a.kind == "dilao"
                 and a.cells[0] == N("k5")))
    scene = start(app, g, seats=("human", "human"))
    obs = scene.ctl.obs
    assert sorted(obs.jailed) == sorted(N(n) for n in jailed)
    assert sorted(obs.occupied) == sorted(N(n) for n in hidden)
    groups = scene.items.marker_groups()
    assert sorted((w, sorted(c)) for w, _rgb, _s, c in groups) == sorted(
        [("jail", sorted(N(n) for n in jailed)), ("occupied", sorted(N(n) for n in hidden))])
    for zoom in (0, 3, -3):
        if zoom:
            scene.cam.tscale *= 1.3 ** zoom
            scene.cam.jump_to(N("j5"))
            step(app, 30)
        labels = scene.items.marker_labels()
        assert len(labels) == 2
        rects = [r for *_x, r in labels]
        assert not rects[0].colliderect(rects[1]), rects
        step(app)  # and they draw
