"""Random play on every preset and mode, checking the invariants of 沙场秋点兵 after every action."""
from __future__ import annotations

import random

import numpy as np
import pytest

from bench.policies import random_action  # also the legal-actions bench's policy
from engine.api import IllegalAction
from engine.shachang import load_game, new_game
from engine.shachang.actions import Attack, March, Reinforce
from engine.shachang.vision import VisionMap


def check_invariants(g):
    P = g.P
    for p in range(g.n):
        field = g.field(p)
        assert field + g.reserve[p] + g.lost[p] + g.voided[p] == P.total, "soldiers not conserved"
        assert field <= P.cap, "population cap exceeded"
        assert g.unit_count(p) <= P.max_units, "too many units"
        assert g.reserve[p] >= 0
    for c, u in g.units.items():
        assert u.count >= 1 and 0 <= u.owner < g.n and not g.out[u.owner]
        assert g.in_bounds(c)
    if g.fog:
        fresh = VisionMap(g.heights, g.n)
        fresh.reset([[g._observer(c, u) for c, u in g.units.items() if u.owner == p] for p in range(g.n)])
        for gh in g.ghosts:
            fresh.add(gh.owner, (gh.cell[0], gh.cell[1], 0, gh.radius), ignore_terrain=True)
        assert np.array_equal(fresh.counts, g._vision.counts), "incremental vision drifted"
    for p in range(g.n):
        obs = g.observe(p)
        for uv in obs.units:
            if uv.owner != p:
                assert obs.visible[uv.cell], "observation shows a hidden enemy"
        hidden_enemies = [c for c, u in g.units.items() if u.owner != p and not obs.visible[c]]
        assert all(obs.unit_at(c) is None for c in hidden_enemies)
        assert np.array_equal(obs.heights == -1, ~obs.explored)
        if not g.fog:
            assert obs.visible.all()


@pytest.mark.parametrize("mode", ["classic", "tabletop", "digital"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_standard(mode, players):
    for seed in range(3):
        g = new_game("standard", mode, players, seed=seed)
        rng = random.Random(seed * 10 + players)
        n = 0
        while not g.is_over and n < 3000:
            g.apply(random_action(g, rng))
            check_invariants(g)
            n += 1
        assert g.is_over
        places = g.ranking()
        assert sorted(p.player for p in places) == list(range(players))


@pytest.mark.parametrize("preset, players, actions", [
    ("medium", 2, 400), ("medium", 4, 300), ("large", 3, 250), ("huge", 2, 150), ("huge", 8, 150),
])
@pytest.mark.parametrize("mode", ["tabletop", "digital"])
def test_random_play_big_maps(preset, players, actions, mode):
    g = new_game(preset, mode, players, seed=5)
    rng = random.Random(7)
    for i in range(actions):
        if g.is_over:
            break
        g.apply(random_action(g, rng))
        if i % 25 == 0:
            check_invariants(g)
    check_invariants(g)


def test_full_legal_action_list_applies_on_standard():
    """Every action of legal_actions() applies; a sample of illegal ones raise and change nothing."""
    g = new_game("standard", "digital", 2, seed=11)
    rng = random.Random(3)
    for _ in range(150):
        if g.is_over:
            break
        legal = g.legal_actions()
        legal_set = set(legal)
        assert len(legal_set) == len(legal), "duplicate legal actions"
        for a in rng.sample(legal, min(5, len(legal))):
            c = g.clone()
            c.apply(a)
        # random cell-pair actions not in the legal list must raise and change nothing
        for _ in range(5):
            r = [rng.randrange(8) for _ in range(4)]
            cand = rng.choice([March((r[0], r[1]), (r[2], r[3]), rng.randint(1, 8)),
                               Attack((r[0], r[1]), (r[2], r[3])),
                               Reinforce((r[0], r[1]), rng.randint(1, 8))])
            if cand in legal_set:
                continue
            before = g.to_json(), g.observe(g.cur).key()
            with pytest.raises(IllegalAction):
                g.apply(cand)
            assert (g.to_json(), g.observe(g.cur).key()) == before
        g.apply(rng.choice(legal))


def test_replay_is_deterministic():
    g = new_game("medium", "digital", 3, seed=2)
    rng = random.Random(9)
    for _ in range(200):
        if g.is_over:
            break
        g.apply(random_action(g, rng))
    g2 = load_game(g.to_json())
    for p in range(3):
        assert g2.observe(p).key() == g.observe(p).key()
    assert new_game("medium", "digital", 3, seed=2).to_json() == new_game("medium", "digital", 3, seed=2).to_json()
