"""What a finished 沙场秋点兵 game leaves behind in one App: the HUD's panel caches keep one slot a panel part,
not one a game (a slot a game was never dropped: ~1.5 MB of panel pictures a game, bench.memory), and the caches
that outlive a game tell games apart by a controller serial, never by ``id()``, which a later game's controller can
get once the old one is gone (it would then be handed the old game's kept board picture and panels)."""
from __future__ import annotations

import gc

import pygame

from client.display import Display
from client.games.shachang.controller import Controller
from client.games.shachang.scene import GameScene
from client.ui import composed, widgets
from client.ui.log import LogView
from tests.client_util import position, step


def test_the_panel_caches_do_not_grow_with_every_game(app, monkeypatch):
    monkeypatch.setattr(widgets, "_boxed_cache", {})
    monkeypatch.setattr(composed, "_cache", {})
    sizes = []
    for n in range(5):
        g = position([[0, "c3", 5], [1, "e3", 1 + n]])
        app.start_game(g, ["human", "easy"])  # the human first: the board and the side panel are drawn at once
        step(app, 2)
        assert app.find(GameScene) is not None
        gc.collect()
        parts = [k for k in widgets._boxed_cache if "side-body" in (k if isinstance(k, tuple) else (k,))]
        sizes.append(len(parts))
    assert sizes == [1] * 5, sizes  # before: one more side-body slot (and side-hover slot) with every game


def test_a_frame_version_names_its_controller_by_serial_not_by_id():
    """The renderer outlives the game and keeps its board picture while the frame's version stays the same; a
    version with ``id(controller)`` in it could equal a dead game's (CPython reuses the memory, and a new game
    starts with an empty log like the old one did)."""
    g = position([[0, "c3", 5], [1, "e3", 1]])
    a, b = Controller(g, [True, True]), Controller(g, [True, True])
    va, vb = a.frame().version, b.frame().version
    assert id(a) not in va and id(b) not in vb
    assert va[1:] == vb[1:] and va != vb  # the same game at the same point: only the serial tells them apart
    assert b.serial > a.serial


def test_a_log_panel_names_its_cache_slot_by_serial_not_by_id(monkeypatch):
    """The log's key is its line count, width and last line: a later log with the same ones and a dead log's id()
    would be handed that log's picture."""
    slots = []
    real = composed.pixels

    def spy(surf, slot, key, size, compose):
        slots.append(slot)
        return real(surf, slot, key, size, compose)

    monkeypatch.setattr(composed, "pixels", spy)
    monkeypatch.setattr(composed, "_cache", {})
    surf = Display._ui_surface(640, 480)
    logs = [LogView(), LogView()]
    for log in logs:
        log.draw(surf, pygame.Rect(10, 10, 300, 200), ["a", "b"])
    assert len(slots) == 2 and slots[0] != slots[1]
    assert all(id(log) not in slot for log, slot in zip(logs, slots))
