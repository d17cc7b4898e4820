"""Computer-free move choosers the benchmarks share with the tests (bench/ never imports tests/)."""
from __future__ import annotations

import random

from engine.shachang.actions import Attack, End, March, Reinforce


def random_action(g, rng: random.Random):
    """A random legal action drawn from the engine's queries (cheap on big maps)."""
    p = g.cur
    room = g.reinforce_room()
    if room and (g._must_reinforce() or rng.random() < 0.3):
        cells = g.reinforce_cells()
        if cells:
            return Reinforce(rng.choice(cells), rng.randint(1, room))
    if g._must_reinforce():
        raise AssertionError("forced to reinforce with nowhere to go: should have been eliminated")
    units = [(c, u) for c, u in g.units.items() if u.owner == p and u.can_act]
    rng.shuffle(units)
    for c, u in units[:4]:
        targets = g.attack_targets(c)
        if targets and rng.random() < 0.7:
            return Attack(c, rng.choice(targets))
        reach = g.reachable(c)
        if reach and rng.random() < 0.8:
            dst = rng.choice(sorted(reach))
            k = rng.randint(1, u.count)
            if dst not in g.units and k < u.count and g.unit_count(p) >= g.P.max_units:
                k = u.count
            return March(c, dst, k)
    return End()
