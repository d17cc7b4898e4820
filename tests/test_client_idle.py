"""An idle window costs (almost) nothing (issue 12): no redraw while nothing changes, a redraw on input,
and the run loop sleeps in pygame.event.wait instead of spinning at the frame rate."""
from __future__ import annotations

import time

import pygame

from tests.client_util import position, step


def test_no_redraw_while_idle_but_on_input_and_after_a_while(app):
    g = position([[0, "a1", 2], [1, "h8", 2]])
    app.start_game(g, ["human", "random"])
    step(app, 3)
    draws = []
    real = app.draw
    app.draw = lambda: draws.append(1) or real()
    for _ in range(20):
        app.step(1 / 60, idle_skip=True)
    assert draws == [] and app.idle
    # (over the side panel: no cell under the mouse, so no tooltip is due)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(app.display.size[0] - 20, 120), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    app.step(1 / 60, idle_skip=True)
    assert draws == [1] and not app.idle
    app.step(1 / 60, idle_skip=True)
    assert draws == [1]
    app._last_draw = time.perf_counter() - app.IDLE_REDRAW_S - 1  # a long idle spell: one refresh
    app.step(1 / 60, idle_skip=True)
    assert draws == [1, 1]


def test_the_run_loop_sleeps_when_idle(app, monkeypatch):
    g = position([[0, "a1", 2], [1, "h8", 2]])
    app.start_game(g, ["human", "random"])
    step(app, 3)
    waits = []
    real_wait = pygame.event.wait

    def wait(timeout=0):
        waits.append(timeout)
        if len(waits) >= 3:
            app.running = False
        return real_wait(1)

    monkeypatch.setattr(pygame.event, "wait", wait)
    monkeypatch.setattr(pygame, "quit", lambda: None)
    app.run()
    assert waits[:3] == [app.IDLE_WAIT_MS] * 3


def test_autosave_per_game_kind_and_the_load_list_says_what_each_save_is(app, tmp_path):
    """Issue 12: a hot-seat game and a game against the computer keep separate autosaves; the load list
    names the game, map, mode, players and round of each save."""
    from client.app import write_save
    from client.scenes.menu import LoadScene
    from engine import registry

    hot = position([[0, "a1", 2], [1, "h8", 2]])
    vs = registry.get("shachang").new_game(preset="medium", mode="tabletop", players=2, seed=2)
    p1 = app.opts.autosave_path(hot, ["human", "human"])
    p2 = app.opts.autosave_path(vs, ["human", "hard"])
    assert p1 != p2 and p1.name == "autosave-shachang-standard-hotseat.json"
    assert p2.name == "autosave-shachang-medium-tabletop-vs.json"  # the set-up (a rule mode not the default) too
    hot.apply("end")
    write_save(p1, hot, ["human", "human"], 0)
    write_save(p2, vs, ["human", "hard"], 0)
    anqi = registry.get("anqi").new_game(seed=1)
    write_save(app.opts.autosave_path(anqi, ["human", "easy", "easy"]), anqi, ["human", "easy", "easy"], 0)
    (tmp_path / "junk.json").write_text("{not a save", encoding="utf-8")
    scene = LoadScene(app)
    lines = {p.name: scene.describe(p) for p in scene.files}
    assert "16x16" in lines[p2.name] and "tabletop" in lines[p2.name] and "2 players (1 human)" in lines[p2.name]
    assert "round 1" in lines[p2.name]
    assert "8x8" in lines[p1.name] and "2 players (2 human)" in lines[p1.name]
    assert "Shadow War" in lines["autosave-anqi-vs.json"] and "0 moves" in lines["autosave-anqi-vs.json"]
    assert "cannot be loaded" in lines["junk.json"]
    assert lines[p1.name].startswith("[autosave] ") and not lines["junk.json"].startswith("[")  # marked


def test_start_screen_offers_normal_as_the_computer_level(app):
    from client.app import Options
    from client.scenes.start import StartScene

    assert Options().seats == ["human", "normal"]
    app.start_title()
    step(app)
    start = app.find(StartScene)
    assert [c.value for c in start.seats[:3]] == ["human", "normal", "normal"]


def test_start_screen_shows_the_chosen_games_title_and_only_its_options(app):
    from client.scenes.start import StartScene
    from engine import registry

    app.start_title()
    step(app)
    start = app.find(StartScene)
    assert start.preset in start.main_rows and start.mode in start.main_rows
    while start.game.value != "anqi":
        start.game.step(1)
    step(app)
    assert start.preset not in start.main_rows and start.mode not in start.main_rows
    assert start.players not in start.main_rows  # 暗棋 is for three players only
    assert int(start.players.value) == 3
    shot = app.display.screenshot()
    assert shot is not None and registry.get("anqi").name_zh
    assert start._game_name("anqi") == "Three Kingdoms Dark Chess"  # fits its row in English


def test_a_games_own_options_are_start_screen_rows(app):
    """Issue 15/16: 三国演弈's variant and ending, 辛亥革命's set-up are rows of the start screen, and the game
    that starts has the chosen values."""
    from client.scenes.start import StartScene

    app.start_title()
    step(app)
    start = app.find(StartScene)
    while start.game.value != "sanguo":
        start.game.step(1)
    step(app)
    labels = [r.label() for r in start.main_rows]
    assert "Variant" in labels and "Ending" in labels
    variant = next(r for r in start.option_rows() if r.label() == "Variant")
    while variant.value != "jieqi":
        variant.step(1)
    assert "hidden pieces" in variant.show(variant.value)
    start.start()
    step(app)
    g = app.scene.game
    assert g.game_id == "sanguo" and g.variant == "jieqi"
