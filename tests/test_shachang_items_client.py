"""The fun items (S20a) reach the game from the command line and the start screen, and a game with
items plays through the client's loop (computer seats using items) without an error."""
from __future__ import annotations

import time

from client.games.shachang.scene import GameScene
from engine.shachang import star_cells as sc
from engine.shachang.actions import UseItem
from tests.client_util import click, step
from tests.items_util import px
from tests.items_util import star_items_game
from tests.items_util import card_rect, start


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


def test_star_wangming_chooser_marks_soldiers_refuses_a_split_and_plays_the_choice_S20n(app):  # noqa: F811
    """亡命天涯 on the star (S20n) through clicks: the card, the unit's soldier, then soldiers marked on the
    map; a marked choice that splits the unit shows the engine's S20n refusal and is not played (the marks
    stay); a whole one is played exactly as marked."""
    N = sc.parse
    horseshoe = ["h5", "h6", "i6", "j6", "j5"]  # round the empty i5: i6 is its middle (S20n's reproducer)
    g = star_items_game([[0, c] for c in horseshoe] + [[1, "q1"]], [["wangming"], []])
    scene = start(app, g)
    items = scene.items
    step(app)
    click(app, card_rect(scene, "wangming").center)
    assert set(items.target_cells()) == {N(c) for c in horseshoe}  # any soldier may name the unit
    # issue 26: the star's hint asks for a soldier of the unit and counts no "units" (they would read as soldiers)
    assert scene.ctl.status.startswith("Desperate Flight: click a soldier of the unit that flees (framed green)")
    assert "5" not in scene.ctl.status
    click(app, px(app, "h5"))
    assert items.discard == [] and set(items.target_cells()) == {N(c) for c in ["h6", "i6", "j6", "j5"]}
    # issue 26: the hint says what to click and counts the soldiers chosen of those that may go
    assert "click the soldiers to discard (0 of at most 4 chosen" in scene.ctl.status and "then h5 or Discard" in scene.ctl.status
    ov = items.decorate(scene.ctl.frame()).overlays
    assert ov.targets == [] and set(ov.reinforce_cells) == set(items.target_cells()) and ov.selected == N("h5")
    # the middle soldier: marked (red) before anything is played, with the engine's S20n reason
    click(app, px(app, "i6"))
    assert items.discard == [N("i6")] and "S20n" in scene.ctl.status and "2 units" in scene.ctl.status
    assert items.decorate(scene.ctl.frame()).overlays.targets == [N("i6")]
    step(app)
    assert any("S20n" in words for words, _ in items.chooser_lines())
    before = (len(g.log), g.to_json())
    click(app, items.buttons[0].rect.center)  # "Discard 1": the engine refuses it, nothing changes
    assert (len(g.log), g.to_json()) == before and items.discard == [N("i6")] and "S20n" in scene.ctl.status
    click(app, px(app, "i6"))  # unmark it, mark an end of the horseshoe instead
    click(app, px(app, "j5"))
    assert items.discard == [N("j5")] and items.verdict() is None
    assert "1 of at most 4 chosen" in scene.ctl.status and "one extra step each" in scene.ctl.status
    assert items.keeps_whole({N("j5"), N("j6")}) and not items.keeps_whole({N("j5"), N("i6")})
    click(app, px(app, "h5"))  # the unit's soldier again: play the marked choice
    assert g.log[-1] == UseItem("wangming", (N("h5"), N("j5")), 1) and items.discard is None
    assert sorted(sc.name(c) for c, u in g.units.items() if u.owner == 0) == ["h5", "h6", "i6", "j6"]
    step(app)
    assert N("j5") in {f["cell"] for f in scene.flashes}  # the discarded soldier flashes as it goes
