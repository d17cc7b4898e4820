"""The star's computer players and the void game (S18, S19g): no bare pass while nobody has dealt damage.

S18: "the game ends ... when every living player passed a whole round without acting ... If no
player ever dealt damage the game is void and every player is out (流局)." A human who only presses
'end' against a computer player used to get a void game in round 1 (digital seeds 0 and 1).
"""
from __future__ import annotations

import random

import pytest

from engine.shachang import make_agent, new_game
from engine.shachang.actions import End
from engine.shachang.ranking import is_void
from engine.shachang.star_ai import StarAgent
from engine.shachang.star_ai_void import acted_this_turn, damage_seen, pass_may_void, void_looming
from tests.shachang_util import star_game


@pytest.mark.parametrize("players, items", [(2, False), (2, True), (3, False)])
@pytest.mark.parametrize("mode", ["classic", "tabletop", "digital"])
def test_what_the_player_reads_of_the_void_matches_the_game(players, items, mode):
    """Random play: ``acted_this_turn`` is the game's own flag for the current turn (S18's "without
    acting"), and ``damage_seen`` never claims a hit the game did not count; with two players, or
    without fog, it sees every hit (the game's count for 流局)."""
    checked = 0
    for seed in range(3):
        g = new_game(preset="star", mode=mode, players=players, seed=seed, items=items, item_seed=seed)
        rng = random.Random(seed)
        for _ in range(250):
            if g.is_over:
                break
            obs = g.observe(g.current_player)
            assert acted_this_turn(obs) == g.acted
            assert not damage_seen(obs) or g.hits > 0
            if players == 2 or mode != "digital":
                assert damage_seen(obs) == (g.hits > 0)
            legal = g.legal_actions()
            acts = [a for a in legal if not isinstance(a, End)]
            g.apply(rng.choice(acts) if acts and rng.random() < 0.8 else rng.choice(legal))
            checked += 1
    assert checked > 300


def test_pass_may_void_from_a_position():
    """S18 from a position: before anything happened a pass may end the game void; after an own march
    it may not (the player acted this turn); after a hit it never may (the game is no longer void)."""
    g = star_game({"i5": 0, "i6": 0, "e3": 1}, mode="classic")
    assert pass_may_void(g.observe(0))
    g.apply("march i6 i7 1")
    assert not pass_may_void(g.observe(0))
    g.apply("end")
    assert pass_may_void(g.observe(1))  # the other player has not acted this turn
    g = star_game({"i5": 0, "i6": 0, "i7": 1}, mode="classic")
    g.apply("attack i6 i7")
    g.apply("end")
    obs = g.observe(1)
    assert damage_seen(obs) and not pass_may_void(obs) and not void_looming(obs)


# round 5 of the lead's game (digital, seed 0; seat 0 only pressed 'end'): the old hard and easy
# players passed here, and the game ended void
STANDOFF = {"a1": 0, "b1": 0, "b2": 0, "c1": 0, "c2": 0, "c3": 0, "d1": 0, "d2": 0, "d3": 0, "d4": 0,
            "n2": 1, "o1": 1, "o2": 1, "p1": 1, "p2": 1, "q1": 1, "m6": 1, "l6": 1, "k6": 1, "j5": 1}


@pytest.mark.parametrize("mode", ["classic", "digital"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_level_passes_first_in_a_standoff(level, mode):
    """Nobody has shot (S18) and the armies stand apart: for every level and seed the first action of
    the turn is not the pass; after one action, ending the turn is the player's own choice again."""
    for seed in range(4):
        g = star_game(STANDOFF, mode=mode, current=1)
        agent = StarAgent(level, seed=seed, seat=1)
        a = agent.act(g.observe(1), g.legal_actions())
        assert not isinstance(a, End), (level, seed)
        assert a in g.legal_actions()
        g.apply(a)
        assert not pass_may_void(g.observe(1))


def _passer_game(level: str, players: int, mode: str, seed: int):
    """Seat 0 only ever ends its turn (or reinforces when it must, S13); the other seats are computer players of ``level``. Returns the
    game and the rounds in which a computer player passed a bare turn while nobody had dealt damage
    and it had another legal action."""
    g = new_game(preset="star", mode=mode, players=players, seed=seed)
    agents = {p: make_agent(level, seed=0, seat=p) for p in range(1, players)}
    bare = []
    for _ in range(4000):
        if g.is_over:
            break
        p = g.current_player
        legal = g.legal_actions()
        if p == 0:
            g.apply(next((a for a in legal if isinstance(a, End)), legal[0]))  # S13: a forced reinforcement
            continue
        a = agents[p].act(g.observe(p), legal)
        assert a in legal
        if isinstance(a, End) and not g.acted and g.hits == 0 and len(legal) > 1:
            bare.append((p, g.round))
        g.apply(a)
    return g, bare


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("players, mode, seeds", [(2, "digital", (0, 1, 2)), (2, "tabletop", (0, 1)),
                                                   (3, "digital", (0,)), (3, "tabletop", (0,))])
def test_a_player_who_only_passes_never_gets_a_void_game(level, players, mode, seeds):
    """The lead's case: a human who only presses 'end' against computer players of every level (S18).
    No computer player passes a bare turn while nobody has dealt damage, so the idle clause cannot end
    the game void; they go and find the enemy, so the game is not void at the round limit either: it
    ends by a wipe-out, the round limit, or a round of passes after damage was dealt (ranked, S18)."""
    for seed in seeds:
        g, bare = _passer_game(level, players, mode, seed)
        assert g.is_over, (level, mode, seed)
        assert bare == [], (level, mode, seed, bare)
        assert not is_void(g) and g.hits > 0, (level, mode, seed, g.round, g.end_reason())
        assert any(not pl.out for pl in g.ranking())
