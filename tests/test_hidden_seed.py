"""G1 in the client (shared/RULINGS.md): a game that may hide anything — 沙场秋点兵 has fog and items — starts
from a seed drawn from the operating system that nothing shows (no seed on the start screen, no preview of
the map the fog hides, nothing in play); a seed the player types (start screen) or gives (``--seed``) makes a
seeded game, which replays the same and says it is seeded (HUD or panel, game-over box)."""
from __future__ import annotations

import os
import random
import time

import numpy as np
import pygame
import pytest

from client.app import App
from client.__main__ import options_from, parse_args
from client.games.base import game_seed
from client.games.shachang.gameover import GameOverScene
from client.games.shachang.scene import GameScene
from client.scenes.board_game import BoardGameScene
from client.scenes.handover import HandoverScene
from client.scenes import stats
from client.scenes.play import PlayScene
from client.scenes.start import StartScene
from client.ui import text, widgets
from engine import registry
from tests.client_util import step


def key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    step(app)


def click(app, pos):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app)


def drawn(app, monkeypatch, frames=2) -> list[str]:
    """Every text the next ``frames`` frames draw (all words go through client.ui.text.render; no panel
    comes from a cache), and the window's title."""
    seen: list[str] = []
    real = text.render

    def spy(s, *a, **k):
        seen.append(str(s))
        return real(s, *a, **k)

    monkeypatch.setattr(text, "render", spy)
    monkeypatch.setattr(widgets, "_boxed_cache", {})  # panels drawn before are drawn again
    for sc in app.scenes:
        if hasattr(sc, "dirty"):
            sc.dirty = True
    step(app, frames)
    monkeypatch.setattr(text, "render", real)
    return seen + [pygame.display.get_caption()[0]]


def start_screen(app) -> StartScene:
    app.start_title()
    step(app)
    st = app.scene
    assert isinstance(st, StartScene) and st.game.value == "shachang"
    return st


def test_shachang_start_screen_neither_shows_the_seed_nor_previews_the_map(app, monkeypatch):
    st = start_screen(app)
    assert st.shows_seed() and st.seed_secret() and st.seed_words() == "secret (random)"
    for _ in range(5):  # a preview would be made in a background thread: none is started
        step(app)
        time.sleep(0.01)
    assert st.preview_key() is None and st._worker is None and st._preview_img is None
    assert "secret (random)" in drawn(app, monkeypatch, 1)
    click(app, st.buttons[0].rect.center)
    scene = app.find(GameScene)
    g = scene.game
    assert g.seed not in (0, st.seed) and g.seed.bit_length() > 32  # 63 bits from the OS (G1)
    assert scene.player_seed is None and scene.ai.base != g.seed  # the computer seats follow nothing shown
    words = " ".join(drawn(app, monkeypatch))
    assert str(g.seed) not in words and "Seeded" not in words


def test_a_seed_typed_on_the_start_screen_makes_a_seeded_game_that_says_so(app, monkeypatch):
    st = start_screen(app)
    key(app, pygame.K_4)
    key(app, pygame.K_2)
    assert st.seed == 42 and not st.seed_secret() and st.seed_words() == "42"
    t = time.monotonic()
    while st._preview_img is None and time.monotonic() - t < 20:  # the seeded game's map may be previewed
        step(app)
        time.sleep(0.005)
    assert st._preview_key == ("shachang", "standard", "digital", 2, 42)
    click(app, st.buttons[0].rect.center)
    scene = app.find(GameScene)
    assert scene.game.seed == 42 and scene.player_seed == 42 and scene.ai.base == 42
    assert "Seeded game (seed 42)" in drawn(app, monkeypatch)  # the HUD says so


def test_the_keypads_digits_type_the_seed_too(app):
    """SDL's keypad codes run 1..9, then 0: the start screen took K_KP0..K_KP9 for a range, which is empty, so the
    keypad typed nothing."""
    st = start_screen(app)
    for k in (pygame.K_KP1, pygame.K_KP0, pygame.K_KP9):
        key(app, k)
    assert st.seed == 109 and not st.seed_secret() and st.seed_words() == "109"


@pytest.mark.parametrize("given", [True, False])
def test_the_game_over_box_says_a_game_is_seeded_only_when_the_player_gave_the_seed(app, monkeypatch, given):
    from tests.client_util import finished

    app.opts.seed, app.opts.seeded = 0, given  # the position's game has seed 0
    g, scene = finished(app)
    over = app.scene
    assert isinstance(over, GameOverScene) and scene.player_seed == (0 if given else None)
    assert ("Seeded game (seed 0)" in over.headline()) == given
    assert ("Seeded game (seed 0)" in drawn(app, monkeypatch, 1)) == given


def test_deleting_the_typed_seed_or_the_secret_button_makes_the_seed_secret_again(app):
    st = start_screen(app)
    key(app, pygame.K_7)
    assert st.seed_given and st.seed == 7
    key(app, pygame.K_BACKSPACE)
    assert st.seed_secret() and st.preview_key() is None
    assert st.seed_dice.text() == "Secret"  # (a random seed to see, in a game without secrets)
    click(app, st.seed_plus.rect.center)  # - / + choose a seed too
    assert st.seed_given and st.seed == 1 and st.preview_key() is not None
    click(app, st.seed_dice.rect.center)
    assert st.seed_secret() and st.preview_key() is None


def _quick(tmp_path, argv) -> App:
    o = options_from(parse_args(argv + ["--renderer", "flat", "--lang", "en"]))
    o.save_dir, o.ai_delay, o.strict = tmp_path, 0.0, True
    a = App(o)
    a.new_game_from_opts()
    step(a)
    return a


@pytest.mark.parametrize("preset", ["standard", "star"])
def test_the_command_line_seed_replays_the_same_map_and_items(tmp_path, preset):
    """``--seed`` keeps games reproducible (tests, rule pictures, bug reports): the same map, spawns and
    hidden item cells each time; without it two games differ."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    argv = ["--preset", preset, "--items", "--seats", "human,easy", "--seed", "9"]
    games = []
    for _ in range(2):
        a = _quick(tmp_path, argv)
        sc = a.find(GameScene)
        games.append(sc.game)
        assert sc.player_seed == 9
        a.close()
    a, b = games
    assert a.seed == b.seed == 9 and np.array_equal(a.heights, b.heights) and a.spawns == b.spawns
    assert a.items.seed == b.items.seed and a.items.cells == b.items.cells
    c = _quick(tmp_path, argv[:-2])
    g = c.find(GameScene).game
    assert g.seed != 9 and c.find(GameScene).player_seed is None and g.items.seed != g.seed
    c.close()


def test_a_board_game_says_it_is_seeded_only_when_the_player_gave_the_seed(tmp_path, monkeypatch):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    a = _quick(tmp_path, ["--game", "xinhai", "--seats", "human,human", "--seed", "5"])
    assert isinstance(a.scene, BoardGameScene) and a.scene.game.chance.seed == 5
    assert a.scene.ai.base == 5  # the computer seats of a seeded game follow its seed (it replays the same)
    assert "Seeded game (seed 5)" in drawn(a, monkeypatch)
    monkeypatch.setattr(stats, "stat_table", lambda game, plugin: [])  # the box of a game not over yet
    assert "Seeded game (seed 5)" in stats.board_game_over(a.scene).reason()  # the game-over box says so too
    a.close()
    a = _quick(tmp_path, ["--game", "xinhai", "--seats", "human,human"])
    assert a.scene.ai.base != a.scene.game.chance.seed  # a secret game's computer seats: fresh seeds
    words = " ".join(drawn(a, monkeypatch))
    assert "Seeded" not in words and str(a.scene.game.chance.seed) not in words
    monkeypatch.setattr(stats, "stat_table", lambda game, plugin: [])
    assert "Seeded" not in stats.board_game_over(a.scene).reason()
    a.close()


# every game that may hide something, with the set-up that hides most (揭棋, 沙场秋点兵's items)
SECRET_SETUPS = {"sanguo": {"variant": "jieqi"}, "shachang": {"items": True}}


def secret_seeds(g) -> set[str]:
    """The game's seeds as a player might read them: decimal and hex (the items' own seed too)."""
    seeds = {game_seed(g)} | ({g.items.seed} if getattr(g, "items", None) is not None else set())
    return {f(s) for s in seeds if s is not None for f in (str, hex, lambda x: f"{x:x}")}


@pytest.mark.parametrize("game_id", sorted(g for g, i in registry.GAMES.items() if i.hidden_information))
def test_nothing_the_client_shows_contains_a_secret_seed(app, monkeypatch, game_id):
    """G1: started from the start screen without a typed seed, the game's seed is nowhere on the screen — the
    board, panels, status line, log, hand-over screens, window title — during play, nor on the start screen
    afterwards."""
    st = start_screen(app)
    st.game.value = game_id
    st._game_changed(game_id)
    for row, opt in zip(st.option_rows(), st.extra_options()):
        if opt in SECRET_SETUPS.get(game_id, {}):
            row.value = SECRET_SETUPS[game_id][opt]
    for row in st.seats:
        row.value = "human"  # hot seat: no computer turns; the hand-over screens are drawn too
    assert st.seed_secret()
    click(app, st.buttons[0].rect.center)
    scene = app.find(PlayScene)
    g = scene.game
    secret = secret_seeds(g)
    assert game_seed(g).bit_length() > 32 and st.seed_secret()
    rng = random.Random(3)
    seen = drawn(app, monkeypatch)
    while isinstance(app.scene, HandoverScene):  # the first seat's hand-over: pass it, the board is drawn
        key(app, pygame.K_SPACE)
    assert app.scene is scene
    for _ in range(10):  # a few actions: the log and the panels fill
        if g.is_over:
            break
        scene.game.apply(rng.choice(scene.game.legal_actions()))
        scene.dirty = True
        seen += drawn(app, monkeypatch)
    app.start_title()
    step(app)
    seen += drawn(app, monkeypatch)
    words = "\n".join(seen)
    assert not [s for s in secret if s in words], f"{game_id}: a secret seed is shown"
    assert "Seeded" not in words
