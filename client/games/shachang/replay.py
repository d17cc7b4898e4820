"""Replay of a finished 沙场秋点兵 game (issue 12): step or play through it from any player's eyes,
or with everything shown.

    ←/→ one action back/forward, Home/End the start/the end, Space play/pause,
    V next view (P1, P2, …, everything), Esc back to the game-over screen.

Each position is the engine's replay of the log (``game.replay(n)``; a step forward applies the
next action to a copy); the view is the player's observation, or the whole board
(engine.shachang.reveal) — only ever for a game that is over.
"""
from __future__ import annotations

import time

import pygame

from client import i18n
from client.scene import Scene
from client.games.shachang.controller import Controller
from client.i18n import t
from client.ui import text, widgets
from engine.saves import actors

PLAY_STEP = 0.6  # seconds per action while playing


class ReplayScene(Scene):
    opaque = True

    def __init__(self, app, game_scene):
        super().__init__(app)
        final = game_scene.game
        if not final.is_over:
            raise ValueError("a replay is for a finished game")
        self.final = final
        self.game_scene = game_scene
        self.n_actions = len(final.log)
        self.viewer = -1  # -1: everything shown; else that player's eyes
        self.index = 0
        self.playing = False
        self._t = 0.0
        self.cam = game_scene.cam
        self.actors = actors(final)  # the seat that played each action
        self._set(0)

    # ------------------------------------------------------------- position
    def _set(self, n: int) -> None:
        n = max(0, min(self.n_actions, n))
        if n == getattr(self, "index", None) + 1 and hasattr(self, "game"):
            g = self.game.clone()
            g.apply(g.parse_action(str(self.final.log[n - 1])))
        else:
            g = self.final.replay(n)
        self.index, self.game = n, g
        self._controller()

    def _controller(self) -> None:
        ctl = Controller(self.game, [False] * self.game.num_players)  # nobody acts in a replay
        ctl.viewer = max(0, self.viewer)
        ctl.reveal = self.viewer < 0  # the whole board: this replay is of a finished game
        self.ctl = ctl

    def step(self, d: int) -> None:
        self._set(self.index + d)

    def next_view(self) -> None:
        order = [-1] + list(range(self.game.num_players))
        self.viewer = order[(order.index(self.viewer) + 1) % len(order)]
        self._controller()

    # ------------------------------------------------------------- scene
    def handle(self, ev) -> None:
        if ev.type != pygame.KEYDOWN:
            return
        k = ev.key
        if k == pygame.K_ESCAPE:
            self.app.pop(self)
        elif k == pygame.K_RIGHT:
            self.playing = False
            self.step(1)
        elif k == pygame.K_LEFT:
            self.playing = False
            self.step(-1)
        elif k == pygame.K_HOME:
            self.playing = False
            self._set(0)
        elif k == pygame.K_END:
            self.playing = False
            self._set(self.n_actions)
        elif k == pygame.K_SPACE:
            self.playing = not self.playing
            self._t = time.monotonic()
        elif k == pygame.K_v:
            self.next_view()

    def animating(self) -> bool:
        return self.playing

    def update(self, dt: float) -> None:
        if self.playing and time.monotonic() - self._t >= PLAY_STEP:
            self._t = time.monotonic()
            if self.index >= self.n_actions:
                self.playing = False
            else:
                self.step(1)
        self.cam.update(dt)

    def view_name(self) -> str:
        return t("replay_all") if self.viewer < 0 else i18n.player_name(self.viewer)

    def caption(self) -> str:
        """The line above the board: action k of N, the view, and what the action was."""
        head = t("replay_head", k=self.index, n=self.n_actions, p=self.view_name())
        if self.index == 0:
            return head
        a = self.final.log[self.index - 1]
        who = i18n.player_name(self.actors[self.index - 1])
        return f"{head} — {who}: {i18n.engine_text(self.final.describe(a))}"

    def draw(self, display) -> None:
        frame = self.ctl.frame()
        display.draw_board(frame, self.cam)
        surf = display.ui
        w, h = surf.get_size()
        bar = pygame.Rect(0, 0, w, 40)
        widgets.panel(surf, bar, alpha=235)
        text.draw(surf, self.caption(), (12, 20), 17, widgets.TEXT, anchor="midleft")
        foot = pygame.Rect(0, h - 30, w, 30)
        widgets.panel(surf, foot, alpha=235)
        text.draw(surf, t("replay_keys"), (12, h - 15), 14, widgets.DIM, anchor="midleft")
        if hasattr(display, "mark"):
            display.mark(bar, opaque=True)
            display.mark(foot, opaque=True)
