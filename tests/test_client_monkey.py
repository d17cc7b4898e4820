"""Random input through the real App (the flat renderer, and GL on SDL's offscreen driver, where a draw over a kept
panel that was not marked raises too) never breaks a scene: clicks, drags, the wheel, keys (with Ctrl/Shift), typed
characters, focus changes, window resizes down to 320x240 and uneven frame times, from the start screen of each of
the six games on (menus, help, load list, hand-over, game over included as the clicks reach them). The App is strict:
any error of a scene raises. The events are drawn from a seeded
generator, and a failure names the step and the last events sent."""
from __future__ import annotations

import contextlib
import random

import pygame
import pytest

from client.app import App, Options
from client.games.shachang.scene import GameScene
from client.scenes.board_game import BoardGameScene
from client.scenes.handover import HandoverScene
from client.scenes.menu import MenuScene
from engine.shachang.actions import Attack, End, March, Reinforce
from tests.client_util import kept_client_state

KEYS = [pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_UP, pygame.K_DOWN,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END,
        pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F5, pygame.K_F9, pygame.K_u, pygame.K_v, pygame.K_x,
        pygame.K_z, pygame.K_c, pygame.K_i, pygame.K_m, pygame.K_r, pygame.K_a, pygame.K_w, pygame.K_s, pygame.K_d,
        pygame.K_q, pygame.K_e, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_5, pygame.K_9, pygame.K_0,
        pygame.K_PLUS, pygame.K_MINUS, pygame.K_n, pygame.K_y, pygame.K_h, pygame.K_l]
COMBOS = [(pygame.K_m, pygame.KMOD_CTRL), (pygame.K_F12, pygame.KMOD_SHIFT), (pygame.K_F12, 0),
          (pygame.K_z, pygame.KMOD_CTRL), (pygame.K_s, pygame.KMOD_CTRL), (pygame.K_TAB, pygame.KMOD_SHIFT),
          (pygame.K_q, pygame.KMOD_CTRL)]
SIZES = [(800, 600), (1280, 720), (1000, 640), (640, 480), (320, 240), (400, 300), (500, 420), (360, 640),
         (1280, 360), (1600, 900)]
GAMES = ["shachang", "baige", "anqi", "sanguo", "xinhai", "jiangshan"]
IME_TEXT = ["补给", "視野", "龘", "é", "😀", "S5 视野"]


def _click(pos, button: int = 1) -> list:
    """The events of a click at ``pos``: the mouse moved there, the button pressed and released."""
    return [(pygame.MOUSEMOTION, dict(pos=pos, rel=(0, 0), buttons=(0, 0, 0))),
            (pygame.MOUSEBUTTONDOWN, dict(pos=pos, button=button)), (pygame.MOUSEBUTTONUP, dict(pos=pos, button=button))]


def _key(k: int, mod: int = 0, ch: str = "") -> list:
    """The events of a key pressed and released."""
    return [(pygame.KEYDOWN, dict(key=k, mod=mod, unicode=ch, scancode=0)),
            (pygame.KEYUP, dict(key=k, mod=mod, unicode=ch, scancode=0))]


def _send(app, rng: random.Random, sent: list, i: int, evs: list, frames: list, dts: list) -> None:
    """Post ``evs`` and draw a few frames (how many, and their times, drawn from ``frames`` and ``dts``); an error of a
    scene fails the test naming step ``i`` and the last inputs ``sent``."""
    for kind, attrs in evs:
        pygame.event.post(pygame.event.Event(kind, **attrs))
    try:
        for _ in range(rng.choice(frames)):
            app.step(rng.choice(dts))
    except Exception as e:
        last = "\n".join(repr(x) for x in sent[-6:])
        pytest.fail(f"step {i}: {type(e).__name__}: {e}\nlast events:\n{last}")


@contextlib.contextmanager
def _started(tmp_path, **opts):
    """A strict App on the flat renderer (SDL dummy) with a game started at once from ``opts`` (quick start, hot seat
    as ``seats`` say), closed when the block ends."""
    with kept_client_state("dummy"):
        app = App(Options(renderer="flat", save_dir=tmp_path, ai_delay=0.0, handover_delay=0.0, edge_pan=False,
                          strict=True, quick_start=True, **opts))
        try:
            app.new_game_from_opts()
            app.step(0.016)
            yield app
        finally:
            app.close()


def _events(rng: random.Random, w: int, h: int) -> list:
    """One random input: (event type, attributes) in the order a window would send them."""
    r = rng.random()
    pos = (rng.randrange(w), rng.randrange(h))
    if r < 0.45:
        return _click(pos, rng.choice([1, 1, 1, 3]))
    if r < 0.55:
        return [(pygame.MOUSEMOTION, dict(pos=pos, rel=(0, 0), buttons=(0, 0, 0)))]
    if r < 0.60:
        return [(pygame.MOUSEWHEEL, dict(x=0, y=rng.choice([-1, 1]), flipped=False))]
    if r < 0.66:
        end = (rng.randrange(w), rng.randrange(h))
        b = rng.choice([1, 1, 3, 2])
        held = tuple(int(b == k) for k in (1, 2, 3))
        mid = ((pos[0] + end[0]) // 2, (pos[1] + end[1]) // 2)
        return [(pygame.MOUSEMOTION, dict(pos=pos, rel=(0, 0), buttons=(0, 0, 0))),
                (pygame.MOUSEBUTTONDOWN, dict(pos=pos, button=b)),
                (pygame.MOUSEMOTION, dict(pos=mid, rel=(1, 1), buttons=held)),
                (pygame.MOUSEMOTION, dict(pos=end, rel=(1, 1), buttons=held)),
                (pygame.MOUSEBUTTONUP, dict(pos=end, button=b))]
    if r < 0.69:
        if rng.random() < 0.2:  # an input method's text: Chinese (the rule book's search), a character the shipped
            return [(pygame.TEXTINPUT, dict(text=rng.choice(IME_TEXT)))]  # font lacks, accents, an emoji
        ch = rng.choice("0123456789abc ")
        down, up = _key(ord(ch), 0, ch)
        return [down, (pygame.TEXTINPUT, dict(text=ch)), up]
    if r < 0.71:
        k, mod = rng.choice(COMBOS)
    elif r < 0.72:
        return [(rng.choice([pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE, pygame.WINDOWENTER,
                             pygame.WINDOWFOCUSGAINED]), {})]
    elif r < 0.96:
        k = rng.choice(KEYS)
        if k == pygame.K_ESCAPE and rng.random() < 0.7:  # Esc leaves for the title (and quits there): less often
            k = pygame.K_RETURN
        mod = pygame.KMOD_SHIFT if rng.random() < 0.05 else 0
    else:
        nw, nh = rng.choice(SIZES)
        return [(pygame.VIDEORESIZE, dict(size=(nw, nh), w=nw, h=nh))]
    return _key(k, mod)


@pytest.mark.parametrize("renderer,steps", [("flat", 400), ("gl", 200)])
@pytest.mark.parametrize("game_id", GAMES)
def test_random_input_breaks_no_scene(game_id, renderer, steps, tmp_path):
    rng = random.Random(f"monkey-{game_id}-{renderer}")
    sent: list = []
    with kept_client_state("dummy" if renderer == "flat" else "offscreen"):
        def new_app():
            app = App(Options(game_id=game_id, renderer=renderer, lang=rng.choice(["zh", "en"]), save_dir=tmp_path,
                              ai_delay=0.0, handover_delay=0.0, edge_pan=False, strict=True))
            if app.display.kind != renderer:  # pragma: no cover - depends on the machine
                app.close()
                pytest.skip(f"no GL through SDL offscreen: {app.display.fallback_reason}")
            app.step(0.016)
            return app

        app = new_app()
        scenes = set()
        try:
            for i in range(steps):
                w, h = app.display.size
                evs = _events(rng, w, h)
                sent.append((i, type(app.scene).__name__, [(pygame.event.event_name(t), d) for t, d in evs]))
                _send(app, rng, sent, i, evs, [1, 1, 2, 5], [0.016, 0.016, 0.1, 0.5])
                scenes.add(type(app.scene).__name__)
                if not app.running:  # Esc on the title, or Quit: a new client, as a player would start one
                    app.close()
                    app = new_app()
        finally:
            app.close()
    assert len(scenes) >= 2  # the input reached past the first screen


@pytest.mark.parametrize("preset,mode,items", [("standard", "tabletop", True), ("standard", "digital", False),
                                               ("star", "tabletop", False)])
def test_random_legal_play_through_clicks(preset, mode, items, tmp_path):
    """沙场秋点兵 played deep in hot seat through real clicks: a random legal march, attack or reinforcement of the seat to
    move clicked on its cells (Enter for the end of a turn), mixed with the random input above (hand-overs, questions,
    menus, help, resizes on the way)."""
    rng = random.Random(f"play-{preset}-{mode}")
    sent: list = []
    with _started(tmp_path, lang="en", preset=preset, mode=mode, seats=["human", "human"],
                  game_options={"items": True} if items else {}) as app:
        played = 0
        for i in range(300):
            gs = app.find(GameScene)
            if app.scene is gs and gs.ctl.my_turn() and rng.random() < 0.6:
                a = rng.choice(gs.game.legal_actions())
                cells = [a.src, a.dst] if isinstance(a, (March, Attack)) else [a.cell] if isinstance(a, Reinforce) \
                    else []
                evs = [] if cells or not isinstance(a, End) else _key(pygame.K_RETURN)
                w, h = app.display.size
                seen = [gs.cell_to_screen(c) for c in cells]
                if not all(p is not None and 0 <= p[0] < w and 0 <= p[1] < h for p in seen):
                    # each seat keeps its own camera across hand-overs (tests/test_hot_seat_cameras.py), where the
                    # random input left it: with the cells out of view the player presses Home first, as one would
                    for kind, attrs in _key(pygame.K_HOME):
                        pygame.event.post(pygame.event.Event(kind, **attrs))
                    for _ in range(12):
                        app.step(0.1)
                for c in cells:
                    p = gs.cell_to_screen(c)
                    if p is not None:
                        evs += _click(p)
                sent.append((i, "play", str(a)))
            else:
                w, h = app.display.size
                evs = [e for e in _events(rng, w, h) if e[1].get("key") != pygame.K_ESCAPE]  # stay in the game
                sent.append((i, type(app.scene).__name__, [(pygame.event.event_name(t), d) for t, d in evs]))
            log_len = len(gs.game.log) if gs is not None else 0
            _send(app, rng, sent, i, evs, [1, 2], [0.016, 0.1])
            now = app.find(GameScene)
            played += now is gs and gs is not None and len(gs.game.log) > log_len
            if not app.running:
                break
    assert played >= 30  # the clicks did play the game


@pytest.mark.parametrize("game_id", ["baige", "anqi", "sanguo", "xinhai", "jiangshan"])
def test_board_games_random_legal_play_through_clicks(game_id, tmp_path):
    """The five board games played deep in hot seat: a random legal action of the seat to move, taken from the path the
    game's plugin accepts (its step index: 江山's tally pick is its cards clicked one by one), its cells clicked on the
    board and its other steps (buttons, cards, options) given to the scene as its own clicks give them, mixed with the
    random input above (choosers, menus, help, resizes on the way); a hand-over screen is mostly passed with Space, as
    the next player would, and the menu mostly left with Esc. No computer seat: the same seed plays the same game."""
    rng = random.Random(f"play-{game_id}")
    sent: list = []
    with _started(tmp_path, game_id=game_id, lang=rng.choice(["zh", "en"]), seats=["human"] * 3) as app:
        played = 0
        for i in range(250):
            sc = app.find(BoardGameScene)
            evs: list = []
            log_len = len(sc.game.log) if sc is not None else 0
            if app.scene is sc and sc.human_turn() and not sc.game.is_over and rng.random() < 0.6:
                action, steps = rng.choice(sc.plugin.index().pairs)
                sent.append((i, "play", str(action)))
                if all(st.kind == "cell" for st in steps):
                    for st in steps:
                        evs += _click(sc.cell_pos(sc.plugin.cell(st.value)))
                else:
                    try:
                        sc.apply_outcome(sc.plugin.walk(tuple(steps)))
                    except Exception as e:
                        pytest.fail(f"step {i}: {action}: {type(e).__name__}: {e}")
            elif isinstance(app.scene, HandoverScene) and rng.random() < 0.8:
                evs = _key(pygame.K_SPACE, ch=" ")
                sent.append((i, "hand-over", "Space"))
            elif isinstance(app.scene, MenuScene) and rng.random() < 0.7:  # mostly back to the game
                evs = _key(pygame.K_ESCAPE)
                sent.append((i, "menu", "Esc"))
            else:
                w, h = app.display.size
                evs = [e for e in _events(rng, w, h)  # stay in the game: no Esc, no Ctrl+Q
                       if e[1].get("key") not in (pygame.K_ESCAPE, pygame.K_q)]
                sent.append((i, type(app.scene).__name__, [(pygame.event.event_name(t), d) for t, d in evs]))
            _send(app, rng, sent, i, evs, [1, 2], [0.016, 0.1])
            played += sent[-1][1] == "play" and len(sc.game.log) > log_len
            if not app.running:
                break
    assert played >= 30, played  # the clicks did play the game
