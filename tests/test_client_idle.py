"""An idle window costs (almost) nothing (issue 12): no redraw while nothing changes, a redraw on input,
and the run loop sleeps in pygame.event.wait instead of spinning at the frame rate."""
from __future__ import annotations

import time

import pygame

from tests.test_client_loop import app, position, step  # noqa: F401  (the app fixture)


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
