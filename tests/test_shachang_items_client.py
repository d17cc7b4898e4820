"""The fun items (S20a) reach the game from the command line and the start screen, and a game with
items plays through the client's loop (computer seats using items) without an error."""
from __future__ import annotations

import time

from client.games.shachang.scene import GameScene
from tests.test_client_loop import app, click, step  # noqa: F401  (the app fixture)


def test_items_flag_reaches_the_game(app):  # noqa: F811
    from client.__main__ import options_from, parse_args

    o = options_from(parse_args(["--items", "--seed", "3", "--seats", "human,easy", "--renderer", "flat"]))
    assert o.game_options == {"items": True} and o.quick_start
    app.opts.game_options, app.opts.seed, app.opts.seats = o.game_options, o.seed, o.seats
    app.opts.seeded = o.seeded  # G1: the seed was given (--seed): a seeded game
    app.new_game_from_opts()
    g = app.find(GameScene).game
    assert g.items is not None and g.seed == 3
    app.opts.game_options = {}
    app.new_game_from_opts()
    assert app.find(GameScene).game.items is None  # off by default


def test_items_flag_is_refused_in_one_line_for_a_game_without_items():
    import pytest

    from client.__main__ import options_from, parse_args

    for argv in (["--items", "--game", "baige"], ["--items", "--game", "anqi"]):
        with pytest.raises(SystemExit) as e:
            options_from(parse_args(argv))
        assert "--items" in str(e.value) and "\n" not in str(e.value)


def test_start_screen_switch_starts_a_game_with_items(app):  # noqa: F811
    from client.scenes.start import StartScene

    app.start_title()
    step(app)
    st = app.scene
    assert isinstance(st, StartScene)
    rows = [r for r in st.option_rows()]
    assert len(rows) == 1 and rows[0].value is False  # off by default
    rows[0].value = True
    st._set_seed(5)  # a seeded game: only its map is previewed (G1)
    t = time.monotonic()
    while st._preview_img is None and time.monotonic() - t < 20:  # the preview has no items: not reused
        step(app)
    click(app, st.buttons[0].rect.center)
    assert isinstance(app.scene, GameScene) and app.scene.game.items is not None


def test_computer_seats_play_a_game_with_items_through_the_client(app):  # noqa: F811
    from engine.shachang import new_game
    from engine.shachang.actions import UseItem

    g = new_game("standard", "tabletop", 2, seed=2, items=True, item_seed=4)
    app.start_game(g, ["hard", "normal"])
    app.scene.skip = True
    t = time.monotonic()
    while not g.is_over and len(g.log) < 400 and time.monotonic() - t < 60:
        step(app)
    assert len(g.log) > 20
    assert g.items.hands != [[], []] or any(isinstance(a, UseItem) for a in g.log)  # items came into play
