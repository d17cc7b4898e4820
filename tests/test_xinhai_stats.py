"""辛亥革命's game-over statistics: the units each side destroyed and lost (found in play: the client's
pieces-taken rows read 0 / 0 after units had been shot; a unit is destroyed from afar or in a retreat with no hex,
not where an action goes)."""
from __future__ import annotations

import random

from client.games import make_plugin
from client.scenes.stats import stat_table
from engine.xinhai import new_game
from engine.xinhai.game import position


def test_a_unit_shot_to_pieces_counts_for_both_sides():
    g = position([("rev", "artillery", "H-16"), ("qing", "infantry", "H-18"), ("qing", "infantry", "B-20")],
                 dice=[(6, 6)])
    assert dict((m.key, v) for m, v in g.stat_rows()) == {"xinhai.stats.destroyed": (0, 0), "xinhai.stats.lost": (0, 0)}
    g.apply("shoot H-16 H-18")  # 2d6 = 12 against infantry: destroyed (X4)
    assert g.unit_at("H-18") is None
    rows = dict((m.key, v) for m, v in g.stat_rows())
    assert rows == {"xinhai.stats.destroyed": (1, 0), "xinhai.stats.lost": (0, 1)}  # (revolutionaries, Qing)


def test_the_game_over_table_has_the_engines_rows_and_not_the_pieces_taken_count():
    g = new_game(seed=0)
    rng = random.Random(2)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    lost = sum(1 for e in g.events(0) if e.msg.key == "xinhai.log.destroyed")
    assert lost > 0
    rows = {r.label.key: r.values for r in stat_table(g, make_plugin(g))}
    assert "stats.captured" not in rows and "stats.lost" not in rows
    assert sum(rows["xinhai.stats.lost"]) == sum(rows["xinhai.stats.destroyed"]) == lost
