"""G1 (shared/RULINGS.md): a game that may hide anything draws its seed from the operating system and
never shows it; a seed given by the player makes the game say it is seeded. The rule lives in one
place, the registry (``GameInfo.start``), decided by each game's registration."""
from __future__ import annotations

import itertools

import pytest

from engine import registry


def _hides_in_some_setup(info) -> bool:
    keys = [k for k in info.choices if k not in ("players", "seed", "preset")]
    for combo in itertools.product(*(info.choices[k] for k in keys)):
        opts = {k: v for k, v in info.options.items() if k != "seed"}
        opts.update(zip(keys, combo))
        if getattr(info.new_game(seed=1, **opts), "hidden_information", False):
            return True
    return False


@pytest.mark.parametrize("game_id", sorted(registry.GAMES))
def test_the_registration_says_whether_some_setup_hides_something(game_id):
    info = registry.get(game_id)
    assert info.hidden_information == _hides_in_some_setup(info)


@pytest.mark.parametrize("game_id", sorted(g for g, i in registry.GAMES.items() if i.hidden_information))
def test_a_game_that_hides_draws_an_unpredictable_seed(game_id):
    info = registry.get(game_id)
    seeds = set()
    for _ in range(3):
        g, seeded = info.start()
        assert not seeded
        seeds.add(_seed_of(g))
    assert len(seeds) == 3 and all(s is not None and 0 <= s < 2 ** 63 for s in seeds)
    g, seeded = info.start(seed=7)
    assert seeded and _seed_of(g) == 7


def test_a_game_without_secrets_keeps_its_plain_seed():
    g, seeded = registry.get("baige").start()
    assert not seeded


def test_jiangshan_without_a_seed_is_not_seed_zero():
    """The weather die and the random set-up followed seed 0 when none was given (issue 24)."""
    from engine.jiangshan import new_game

    assert {new_game().chance.seed for _ in range(3)} != {0}


def _seed_of(g):
    ch = getattr(g, "chance", None)
    if ch is not None:
        return ch.seed
    return getattr(g, "seed", None)


def test_a_seed_given_on_the_command_line_is_used_even_for_a_secret_game():
    """G1: '--seed N' is the player's (tests, rule pictures): the game is seeded with it."""
    from client.__main__ import options_from, parse_args
    from client.games import plugin_class

    o = options_from(parse_args(["--game", "xinhai", "--seed", "5"]))
    g = plugin_class("xinhai").game_from_options(registry.get("xinhai"), o)
    assert o.seeded and g.chance.seed == 5
    o = options_from(parse_args(["--game", "xinhai", "--seats", "human,normal"]))
    g = plugin_class("xinhai").game_from_options(registry.get("xinhai"), o)
    assert not o.seeded and g.chance.seed != 0
