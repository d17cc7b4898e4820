"""Helpers for the fun items' rule tests (S20): item games from a position on 8x8 (``igame``) and on the
star (``sgame``), a refusal that changes nothing (``assert_illegal``), the log texts a player reads, and
the computer's item choice."""
from __future__ import annotations

import numpy as np

from engine.shachang import make_agent, star_cells as sc
from engine.shachang.cells import parse_cell as C  # noqa: F401  (the tests' cell names)
from engine.shachang.game import ShachangGame
from engine.shachang.maps import GameMap
from engine.shachang.star_game import StarGame
from tests.shachang_util import assert_illegal as _assert_illegal, flat, star_game

N = sc.parse


def igame(units, heights=None, mode="tabletop", hands=((), ()), cells=(), players=2, current=0,
          reserve=None, explored=None, seed=1) -> ShachangGame:
    """An 8x8 game with items from a position: units [owner, "c3", count, state], hands, item cells."""
    h = flat() if heights is None else np.asarray(heights, dtype=np.int16)
    corners = [(0, 0), (7, 7), (0, 7), (7, 0)]
    gm = GameMap(heights=h, spawns=tuple((corners[p],) for p in range(players)))
    setup = {"units": units, "current": current}
    if reserve is not None:
        setup["reserve"] = reserve
    if explored:
        setup["explored"] = explored
    return ShachangGame(gm, preset="standard", mode=mode, players=players, setup=setup, items=True,
                        item_seed=seed, item_setup={"cells": list(cells), "hands": [list(x) for x in hands]})


def snapshot(g):
    return (g.to_json(), {c: vars(u).copy() for c, u in g.units.items()}, list(g.reserve), g.cur, g.phase,
            g.heights.tobytes(), g._vision.counts.tobytes(), [list(h) for h in g.items.hands],
            sorted(g.items.cells), g.items.used, len(g.items.chance.record), len(g._events))


def assert_illegal(g, action, rule_part):
    e = _assert_illegal(g, action, rule_part, snapshot)
    for lang in ("zh", "en"):
        assert "{" not in e.text(lang)
    return e


def texts(g, p):
    return [ev.msg.render("en") for ev in g.events(p)]


def _agent_choice(g, level="hard"):
    p = g.current_player
    ag = make_agent(level, seed=1, seat=p, budget=0.2)
    a = ag.act(g.observe(p), g.legal_actions())
    assert a in g.legal_actions() and not ag.errors
    return a


def sgame(units, hands=((), ()), cells=(), mode="classic", players=2, current=0, heights=None,
          reserve=None, item_seed=1) -> StarGame:
    """A star game with items from a position: ``units`` maps a cell name to its owner."""
    return star_game(units, mode=mode, players=players, current=current, reserve=reserve, heights=heights,
                     items=True, item_seed=item_seed,
                     item_setup={"cells": list(cells), "hands": [list(x) for x in hands]})


def _star_choice(g, level="hard"):
    p = g.current_player
    ag = make_agent(level, seed=1, seat=p, budget=0.2)
    legal = g.legal_actions()
    a = ag.act(g.observe(p), legal)
    assert a in legal
    return a
