"""沙场秋点兵 spawns far apart (S17, issue 18): for every preset and player count the start screen
offers, no enemy spawn lies within a starting spawn stack's attack range plus one move, nor within
its vision (digital), over many seeds; 8x8 offers 2 players (decision D2)."""
from __future__ import annotations

import numpy as np
import pytest

from engine.shachang import new_game
from engine.shachang.actions import Attack
from engine.shachang.rules import attack_range, preset, presets, vision_range
from engine.shachang.terrain import fairness, place_spawns, spawn_gap

SEEDS = {"standard": 40, "medium": 15, "large": 4, "huge": 2}


def spawns_of(key: str, players: int, seed: int):
    n = preset(key).size
    return place_spawns(np.zeros((n, n), dtype=np.int16), key, players, seed, adjust=False)


def test_spawn_gap_numbers():
    """Gap = max(attack range + move power, vision range) of the largest starting stack, plus one (S3)."""
    expect = {"standard": 5 + 3 + 1, "medium": 5 + 4 + 1, "large": 5 + 6 + 1, "huge": 5 + 8 + 1}
    for key, p in presets().items():
        if p.board == "star":  # the star's spawns are its points, one soldier per cell (S19c)
            continue
        stack = -(-p.cap // p.spawns)
        assert stack == 8
        assert spawn_gap(p) == expect[key] == max(attack_range(stack) + p.move, vision_range(stack)) + 1


def test_offered_player_counts():
    """8x8 offers 2 (the seed's corners of a third player are 7 steps from a neighbour's); the
    engine keeps accepting the seed's four corners for rule tests and hand-made maps."""
    p = preset("standard")
    assert p.offered_players == 2 and p.max_players == 4
    for key in ("medium", "large", "huge"):
        assert preset(key).offered_players == preset(key).max_players


@pytest.mark.parametrize("key", ["standard", "medium", "large", "huge"])
def test_offered_layouts_keep_the_gap(key):
    p = preset(key)
    gap = spawn_gap(p)
    for players in range(2, p.offered_players + 1):
        for seed in range(SEEDS[key]):
            sp = spawns_of(key, players, seed)
            assert len(sp) == players and all(len(s) == p.spawns for s in sp)
            f = fairness(sp)
            assert f["min_enemy"] >= gap, (key, players, seed, f["min_enemy"], gap)
            cells = [c for s in sp for c in s]
            assert len(set(cells)) == len(cells)


def test_generated_maps_keep_the_gap_after_ground_adjustment():
    """Loaded heightmaps move spawns to flat ground (adjust=True); the gap survives that too."""
    rng = np.random.default_rng(3)
    for key, players in (("medium", 4), ("medium", 3), ("large", 8)):
        n = preset(key).size
        h = rng.integers(0, 9, size=(n, n)).astype(np.int16)
        sp = place_spawns(h, key, players, 5, adjust=True)
        assert fairness(sp)["min_enemy"] >= spawn_gap(preset(key))


@pytest.mark.parametrize("players", [3, 4])
def test_first_player_cannot_shoot_an_enemy_spawn_on_16x16(players):
    """Issue 18 measured the first player shooting an enemy spawn stack on its very first action in
    34-37 of 40 four-player seeds: now no seed offers an attack at the start."""
    for seed in range(5):
        for mode in ("tabletop", "digital"):
            g = new_game("medium", mode, players, seed=seed)
            assert not [a for a in g.legal_actions() if isinstance(a, Attack)], (seed, mode)
