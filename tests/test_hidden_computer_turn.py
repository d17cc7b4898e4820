"""沙场秋点兵 under fog against a computer (S7, G1): what the screen shows while the computer plays must not
depend on what it does out of the player's sight — no picture of its march, no line per unseen action,
no pause per unseen action. Driven through the app (SDL's dummy driver, flat renderer) with the real
pause between computer actions (the tests' flat_app turns it off, which hid the first leak here)."""
from __future__ import annotations

import numpy as np
import pytest

from client.games.shachang.scene import GameScene
from engine.shachang.actions import March
from engine.shachang.cells import parse_cell
from tests.client_util import flat_app, position, step

# P1 (human, red) sees only its corner round b2; P2 (computer) stands on g7 and h8, deep in the fog
UNITS = [[0, "b2", 3, "settled"], [1, "g7", 5, "settled"], [1, "h8", 2, "settled"]]


@pytest.fixture
def app(tmp_path):
    with flat_app(tmp_path, ai_delay=0.45) as a:  # the client's default pause between computer actions
        yield a


def computer_acts(app, *actions):
    """A fresh game with P2 (the computer) to play; the scene applies ``actions`` as answers of its computer
    (``_apply_ai``, what ``_run_ai`` does with a worker's answer); the frame drawn right after, and the scene."""
    g = position(UNITS, current=1)
    app.start_game(g, ["human", "easy"])
    sc = app.find(GameScene)
    sc._run_ai = lambda dt: None  # the computer plays only what the test gives it
    step(app, 2)
    for a in actions:
        assert not sc.ctl.obs.visible[a.src] and not sc.ctl.obs.visible[a.dst]
        sc._apply_ai(a, 1)
    step(app)
    return app.display.screenshot(), sc


def test_a_computer_march_out_of_sight_is_not_drawn(app):
    """The player's own march is drawn sliding for a moment after it is played (the "echo"); the computer's
    answers went through the same hook, so its march in the fog slid across the fog, with its soldier count
    (g7 -> f6 with 4 drawn as a red "4" token) — found looking at a frame with the real ai_delay."""
    far, sc = computer_acts(app, March(parse_cell("g7"), parse_cell("f6"), 4))
    assert sc.echo is None
    near, _ = computer_acts(app, March(parse_cell("h8"), parse_cell("h7"), 1))
    assert np.array_equal(far, near), "a march in the fog changed the picture"
