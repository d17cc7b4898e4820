"""Tab picks the units that have something to do first: at the start of a game on the star six of the ten soldiers
sit at the back of the camp, closed in by their own, and Tab went through them in turn while the status line
said "click a unit at the front (Tab)" (found in QA under Xvfb, session 13). The units with a free cell to march
to or an enemy to attack (the engine's reach and targets) come first; when none has, Tab goes through the others
as before."""
from __future__ import annotations

import pygame

from client.games.shachang.scene import GameScene
from engine.shachang import new_game
from tests.client_util import key, step


def _tab_cycle(app, sc, n):
    seen = []
    for _ in range(n):
        key(app, pygame.K_TAB)
        step(app)
        seen.append(sc.ctl.selected)
    return seen


def test_tab_goes_to_the_soldiers_that_can_march_or_attack(app):
    g = new_game(preset="star", mode="digital", players=2, seed=4)
    app.start_game(g, ["human", "human"])
    step(app, 2)
    sc = app.find(GameScene)
    if app.scene is not sc:  # the hand-over before the first turn (hidden information in hot seat)
        key(app, pygame.K_SPACE)
        step(app, 2)
    assert sc.ctl.my_turn()
    own = [u.cell for u in sc.ctl.obs.own_units()]
    busy = {c for c in own if g.reachable(c) or g.attack_targets(c)}
    closed_in = set(own) - busy
    assert busy and closed_in  # the star's camp: a front that can march, a back that cannot
    seen = _tab_cycle(app, sc, 2 * len(busy))
    assert set(seen) == busy and not set(seen) & closed_in
    assert seen[:len(busy)] == seen[len(busy):]  # a cycle through them, each once


def test_with_nothing_left_to_do_tab_still_goes_through_the_units(app):
    g = new_game(preset="star", mode="digital", players=2, seed=4)
    app.start_game(g, ["human", "human"])
    step(app, 2)
    sc = app.find(GameScene)
    if app.scene is not sc:
        key(app, pygame.K_SPACE)
        step(app, 2)
    sc.ctl.game = g
    own = [u.cell for u in sc.ctl.obs.own_units()]
    real_reach, real_targets = g.reachable, g.attack_targets
    try:  # no unit with a cell to reach or a target: the units that may still act, as before
        g.reachable = lambda cell: {}
        g.attack_targets = lambda cell: []
        seen = _tab_cycle(app, sc, len(own))
    finally:
        g.reachable, g.attack_targets = real_reach, real_targets
    assert len(set(seen)) == len(own)
