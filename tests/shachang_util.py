"""Helpers to build 沙场秋点兵 positions for rule tests."""
from __future__ import annotations

import numpy as np
import pytest

from engine.api import IllegalAction
from engine.shachang.game import ShachangGame
from engine.shachang.maps import GameMap


def flat(size: int = 8) -> np.ndarray:
    return np.zeros((size, size), dtype=np.int16)


def game(units, heights=None, mode="tabletop", preset="standard", players=2, reserve=None,
         current=0, spawns=None, **setup) -> ShachangGame:
    """A game on ``heights`` (flat 8x8 by default) with the given units: [owner, "c3", count, state]."""
    size = {"standard": 8, "medium": 16, "large": 64, "huge": 256}[preset]
    h = flat(size) if heights is None else np.asarray(heights, dtype=np.int16)
    if spawns is None:
        corners = [(0, 0), (size - 1, size - 1), (0, size - 1), (size - 1, 0)]
        spawns = tuple((corners[p],) for p in range(players))
    gm = GameMap(heights=h, spawns=spawns)
    s = {"units": units, "current": current}
    if reserve is not None:
        s["reserve"] = reserve
    s.update(setup)
    return ShachangGame(gm, preset=preset, mode=mode, players=players, setup=s)


def grid(text: str) -> np.ndarray:
    """Heights from rows of digits, the first text line being row 0."""
    rows = [r.split() if " " in r.strip() else list(r.strip()) for r in text.strip().splitlines()]
    return np.array([[int(v) for v in r] for r in rows], dtype=np.int16)


def star_game(units, *, mode="classic", players=2, current=0, reserve=None, heights=None, explored=None,
              **options):
    """A star game from a position (tests of S19 and of the star's items): ``units`` maps a star cell
    name to its owner (or (owner, state)), ``heights`` a cell name to its height (flat otherwise);
    ``options`` go to StarGame (items=True, item_setup=...)."""
    from engine.shachang import rules
    from engine.shachang import star_cells as sc
    from engine.shachang.star_game import StarGame
    from engine.shachang.star_terrain import generate_star

    m = generate_star(rules.preset("star"), players, 0, flat=True)
    h = np.zeros((17, 17), dtype=np.int16)
    for name, v in (heights or {}).items():
        h[sc.parse(name)] = v
    rows = [[o, c] if isinstance(o, int) else [o[0], c, o[1]] for c, o in units.items()]
    setup = {"units": rows, "reserve": reserve or [10] * players, "current": current}
    if explored:
        setup["explored"] = explored
    return StarGame(GameMap(h, m.spawns), preset="star", mode=mode, players=players, setup=setup, **options)


def assert_illegal(g, action, rule_part, snapshot):
    """Applying ``action`` raises IllegalAction whose rule names ``rule_part`` and leaves ``snapshot(g)``
    as it was; the refusal."""
    before = snapshot(g)
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert rule_part in e.value.rule, (e.value.rule, e.value.text("en"))
    assert snapshot(g) == before, "an illegal action changed the state"
    return e.value


def random_item_action(legal, rng):
    """A random action of ``legal`` that favours item uses (half the time) and marches (random play
    with items)."""
    from engine.shachang.actions import March, UseItem

    items = [a for a in legal if isinstance(a, UseItem)]
    marches = [a for a in legal if isinstance(a, March)]
    return (rng.choice(items) if items and rng.random() < 0.5 else
            rng.choice(marches) if marches and rng.random() < 0.7 else rng.choice(legal))


def assert_item_views(g, total: int) -> None:
    """Every player's soldiers add up to ``total`` (S13 with S20 losses) and its observation of the items
    is sound: an own hand of at most three that the others count right (S20a), no withdrawn enemy shown,
    occupied cells only for withdrawn enemies (S20g)."""
    for p in range(g.n):
        assert g.field(p) + g.reserve[p] + g.lost[p] + g.voided[p] == total
        o = g.observe(p)
        assert len(o.hand) == o.hand_counts[p] <= 3
        assert all(g.units[u.cell].owner == p or not g.units[u.cell].hidden for u in o.units)
        assert all(g.units[c].owner != p and g.units[c].hidden for c in o.occupied)


def play_legal(g, levels, seed: int, limit: int) -> list:
    """Computer players of ``levels`` (one per seat) play ``g`` for at most ``limit`` actions, each
    action checked to be one of the legal ones; the agents."""
    from engine.shachang import make_agent

    return play_agents(g, [make_agent(lv, seed=seed, seat=s, budget=0.1) for s, lv in enumerate(levels)], limit)


def play_agents(g, agents: list, limit: int) -> list:
    """``agents`` (one per seat) play ``g`` for at most ``limit`` actions, each checked to be legal."""
    n = 0
    while not g.is_over and n < limit:
        p = g.current_player
        legal = g.legal_actions()
        a = agents[p].act(g.observe(p), legal)
        assert a in legal
        g.apply(a)
        n += 1
    return agents


def _near(g, cell, r: int) -> list:
    """Board cells within ``r`` steps of ``cell`` (hex steps on the star, king steps on square maps)."""
    if getattr(g, "board", "") == "star":
        from engine.shachang import star_cells as sc

        return [c for c in sc.CELLS if sc.distance(cell, c) <= r]
    n = g.size
    return [(y, x) for y in range(max(0, cell[0] - r), min(n, cell[0] + r + 1))
            for x in range(max(0, cell[1] - r), min(n, cell[1] + r + 1))]


def candidate_actions(g) -> list:
    """Actions the current player might try now, legal or not: End, reinforcements on the own spawns and
    near own units, marches and attacks from own units to cells near them, every item kind on every
    unit (and 愚公移山 around own units): the pool that ``assert_legal_is_checked`` samples."""
    from engine.shachang.actions import Attack, End, March, Reinforce, UseItem
    from engine.shachang.item_actions import FORM, KINDS

    p = g.cur
    own = sorted((c, u) for c, u in g.units.items() if u.owner == p)
    out = [End()]
    spots = {c for c in g.spawns[p]} | {d for c, _ in own for d in _near(g, c, 1)}
    out += [Reinforce(c, k) for c in sorted(spots) for k in (1, 2)]
    for c, u in own:
        out += [March(c, d, k) for d in _near(g, c, 4) for k in range(1, u.count + 2)]
        out += [Attack(c, d) for d in _near(g, c, 5)]
    for k in KINDS:
        n_cells, counted = FORM[k]
        if n_cells == 0:
            out.append(UseItem(k, (), 0))
        elif k == "yugong":
            out += [UseItem(k, (c, s, d), n) for c, _ in own for s in _near(g, c, 1) for d in _near(g, c, 1)
                    for n in (1, 2)]
        else:
            out += [UseItem(k, (c,), n) for c in sorted(g.units) for n in ((1, 2, 3) if counted else (0,))]
    return out


def assert_legal_is_checked(g, legal, rng, sample: int = 25, offered_sample: int | None = None) -> None:
    """The legal list is exactly what ``check`` accepts: every offered action passes ``g.check`` (with
    ``offered_sample``, only that many drawn from the list: the large maps offer thousands of marches)
    and a sample of ``sample`` candidate actions that are not offered (``candidate_actions``) is refused
    with IllegalAction, the state untouched."""
    offered = set(legal)
    tried = legal if offered_sample is None or len(legal) <= offered_sample else rng.sample(legal, offered_sample)
    for a in tried:
        try:
            g.check(a)
        except IllegalAction as e:
            raise AssertionError(f"offered but refused: {a} ({e.rule}: {e.text('en')})") from None
    others = [a for a in candidate_actions(g) if a not in offered]
    before = g.to_json()
    for a in rng.sample(others, min(sample, len(others))):
        try:
            g.check(a)
        except IllegalAction:
            continue
        raise AssertionError(f"accepted but not offered: {a}")
    assert g.to_json() == before
