"""Helpers for the replay and statistics tests: a random game of any registered game played to its end, in the app or not."""
from __future__ import annotations

import random
from engine import registry
from tests.boards_util import make_app


def random_game(game_id, seed, stop=None, deal_seed=0, **opts):
    """A game of random actions to its end (or until ``stop(game)``), with the seat of each action."""
    g = registry.get(game_id).new_game(seed=deal_seed, **opts)  # a fixed deal: the same game every run
    rng = random.Random(seed)
    seats = []
    while not g.is_over and not (stop and stop(g)):
        seats.append(g.current_player)
        g.apply(rng.choice(g.legal_actions()))
    return g, seats


def finish_in_app(g, seats_played, extra=None):
    """The app on the position before ``g``'s last action; that action played by the scene: the box opens."""
    last = g.log[-1]
    app = make_app("dummy", g.game_id, ["human"] * g.num_players, "flat", game=g.replay(len(g.log) - 1))
    sc = app.scene
    assert sc.play(sc.game.parse_action(str(last)))
    app.step(0.016)
    assert sc.game.is_over and sc.modal is not None and sc.modal.kind == "over"
    return app, sc
