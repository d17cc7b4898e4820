"""One generic test of the common state API for every registered game (OpenSpiel style).

Random games: every legal action applies, text round-trips, illegal text
raises and changes nothing, save/load round-trips at every step, and the
registry's load_game dispatches on the save.
"""
from __future__ import annotations

import json
import random

import pytest

from engine import registry
from engine.api import Game, IllegalAction, ParseError, SaveError

# small options per game so the generic test stays quick
SMALL = {"shachang": {"preset": "standard"}}


def _games():
    return sorted(registry.GAMES)


@pytest.mark.parametrize("game_id", _games())
def test_random_play_respects_the_api(game_id):
    info = registry.get(game_id)
    for seed in range(2):
        opts = dict(info.options)
        opts.update(SMALL.get(game_id, {}))
        opts["seed"] = seed
        g = info.new_game(**opts)
        assert isinstance(g, Game)
        rng = random.Random(seed)
        steps = 0
        while not g.is_over and steps < 150:
            legal = g.legal_actions()
            assert legal, "a game that is not over must offer an action"
            seat = g.current_player
            assert 0 <= seat < g.num_players
            a = rng.choice(legal)
            assert str(g.parse_action(str(a))) == str(a), "action text must round-trip"
            # a foreign text raises and changes nothing
            before = g.to_json()
            with pytest.raises((IllegalAction, ParseError)):
                g.apply("definitely not an action 42")
            assert g.to_json() == before
            g.apply(a)
            steps += 1
            if steps % 10 == 0:
                text = g.to_json()
                g2 = registry.load_game(text)
                assert type(g2) is type(g) and g2.to_json() == text
                assert [str(x) for x in g2.log] == [str(x) for x in g.log]
            for p in range(g.num_players):
                g.observe(p)
        if g.is_over:
            places = g.ranking()
            assert sorted(p.player for p in places) == list(range(g.num_players))
            assert g.legal_actions() == []
            with pytest.raises(IllegalAction):
                g.apply(str(legal[0]))


@pytest.mark.parametrize("game_id", _games())
def test_foreign_or_corrupt_saves_are_refused(game_id):
    info = registry.get(game_id)
    with pytest.raises(SaveError):
        info.load_game("{broken")
    with pytest.raises(SaveError):
        info.load_game(json.dumps({"game": "some-other-game", "version": 1}))
    with pytest.raises(SaveError):
        registry.load_game(json.dumps({"game": "no-such-game"}))
