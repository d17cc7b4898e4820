"""The replay of a finished game, for every game (issue 23): step or play through it from any
seat's eyes, or with everything shown.

    ←/→ one action back/forward, Home/End the start/the end, Space play/pause,
    V next view (each seat's eyes, then everything), Esc back to the game-over box.

Each position is the engine's replay of the log (``game.replay(n)``; a step forward applies the
next action to the position before). A seat's view is that seat's observation of the position;
"everything" is ``game.observe_all()`` and is offered only for a game that is over (the viewer
refuses an unfinished one). ``ReplayBase`` holds the stepping and the views; ``BoardReplayScene``
draws a flat-board game with its plugin and the board scene's renderers; 沙场秋点兵's replay
(client/games/shachang/replay.py) draws its 3D board on the same base.
"""
from __future__ import annotations

import time

import pygame

from client import i18n
from client.render.flat_board import FlatBoardRenderer
from client.render.gl_board import BoardCamera, GLBoardRenderer
from client.scene import Scene
from client.ui import text, widgets
from engine.messages import Msg
from engine.replay import actors

PLAY_STEP = 0.6  # seconds per action while playing
EVERYTHING = -1  # the viewer that sees the whole board
BAR_H, FOOT_H = 40, 30
BG = (23, 25, 30)


class ReplayBase(Scene):
    """Stepping through a finished game and choosing whose eyes it is seen through."""

    opaque = True
    kind = "replay"

    def __init__(self, app, final):
        super().__init__(app)
        if not final.is_over:
            raise ValueError("a replay is for a finished game")
        self.final = final
        self.n_actions = len(final.log)
        self.actors = actors(final)  # the seat that played each action
        self.said = self._descriptions(final, self.said_of)  # each action as a message, described in its own position
        self.viewer = EVERYTHING if self.can_show_all() else 0
        self.index = -1
        self.game = None
        self.playing = False
        self._t = 0.0
        self._set(0)

    @staticmethod
    def _descriptions(final, said_of=None) -> list:
        """Each action of ``final``'s log as the player reads it (``said_of``, default ``said_of`` below),
        asked of the position it was played in (a game may describe an action from the position, e.g.
        whose piece moves)."""
        said_of = said_of or ReplayBase.said_of
        g = final.replay(0)
        out = []
        for a in final.log:
            out.append(said_of(g, a))
            g.apply(g.parse_action(str(a)))
        return out

    @staticmethod
    def said_of(game, action):
        """How the replay's caption names ``action`` in ``game``'s position: the engine's ``describe``."""
        return game.describe(action)

    # ------------------------------------------------------------- views
    def can_show_all(self) -> bool:
        """Whether "everything" may be shown: only for a game that is over, and one whose engine gives it."""
        if not self.final.is_over:
            return False
        try:
            self.final.observe_all()
        except NotImplementedError:
            return False
        return True

    def views(self) -> list[int]:
        """The views V cycles through: each seat's eyes, then everything."""
        seats = list(range(self.final.num_players))
        return seats + [EVERYTHING] if self.can_show_all() else seats

    def next_view(self) -> None:
        order = self.views()
        self.viewer = order[(order.index(self.viewer) + 1) % len(order)] if self.viewer in order else order[0]
        self.on_view()

    def observation(self):
        """What the current view shows of the position now."""
        if self.viewer == EVERYTHING:
            if not self.final.is_over:
                raise ValueError("everything is shown only for a finished game")
            return self.game.observe_all()
        return self.game.observe(self.viewer)

    # ------------------------------------------------------------- position
    def _set(self, n: int) -> None:
        n = max(0, min(self.n_actions, n))
        if self.game is not None and n == self.index + 1:
            g = self.game.clone()
            g.apply(g.parse_action(str(self.final.log[n - 1])))
        else:
            g = self.final.replay(n)
        self.index, self.game = n, g
        self.on_position()

    def step(self, d: int) -> None:
        self._set(self.index + d)

    def on_position(self) -> None:
        """The position changed (``self.game`` is action ``self.index``)."""

    def on_view(self) -> None:
        """The view changed."""

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

    # ------------------------------------------------------------- words
    def seat_label(self, seat: int) -> str:
        """A seat's name in the current language."""
        return i18n.engine_text(self.final.seat_name(seat))

    def view_name(self) -> str:
        return i18n.engine_text(Msg.of("stats.replay_all")) if self.viewer == EVERYTHING else self.seat_label(self.viewer)

    def caption(self) -> str:
        """The line above the board: action k of N, the view, and what the action was."""
        head = i18n.engine_text(Msg.of("stats.replay_head", k=self.index, n=self.n_actions, p=self.view_name()))
        if self.index == 0:
            return head
        who = self.seat_label(self.actors[self.index - 1])
        said = i18n.engine_text(self.said[self.index - 1])
        colon = "：" if i18n.lang() == "zh" else ": "  # the Chinese text's full-width colon
        return f"{head} — {said}" if said.startswith(who) else f"{head} — {who}{colon}{said}"  # the seat named once

    def draw_bars(self, display, surf) -> None:
        """The caption bar on top and the keys at the foot."""
        w, h = surf.get_size()
        bar = pygame.Rect(0, 0, w, BAR_H)
        widgets.panel(surf, bar, alpha=235)
        text.draw(surf, self.caption(), (12, BAR_H // 2), 17, widgets.TEXT, anchor="midleft")
        foot = pygame.Rect(0, h - FOOT_H, w, FOOT_H)
        widgets.panel(surf, foot, alpha=235)
        text.draw(surf, i18n.engine_text(Msg.of("stats.replay_keys")), (12, h - FOOT_H // 2), 14, widgets.DIM,
                  anchor="midleft")
        if self.playing:
            text.draw(surf, i18n.engine_text(Msg.of("stats.replay_playing")), (w - 12, h - FOOT_H // 2), 14,
                      widgets.ACCENT, anchor="midright")
        if display is not None and hasattr(display, "mark"):
            display.mark(bar, opaque=True)
            display.mark(foot, opaque=True)


class BoardReplayScene(ReplayBase):
    """The replay of a flat-board game, drawn from its plugin's board model by the board scene's renderers."""

    def __init__(self, app, final, plugin, renderer_kind: str = "flat", yaw: float = 0.0):
        self.plugin = type(plugin)(final.replay(0))  # a plugin of its own: the scene's keeps the real game
        self.renderer_kind = renderer_kind
        self.yaw = yaw
        self.flat = FlatBoardRenderer()
        self.gl = None
        self.camera = None
        self._view_key = None
        self._view = None
        super().__init__(app, final)

    def on_position(self) -> None:
        self.plugin.set_game(self.game)
        self._view_key = None

    def on_view(self) -> None:
        self._view_key = None

    def board_view(self):
        """The board model of the position now in the current view (cached until either changes)."""
        key = (self.index, self.viewer)
        if self._view_key != key:
            self._view = self.plugin.replay_view(self.observation())
            self._view_key = key
        return self._view

    def board_rect(self, w: int, h: int) -> pygame.Rect:
        return pygame.Rect(6, BAR_H + 4, w - 12, h - BAR_H - FOOT_H - 8)

    def draw(self, display) -> None:
        surf = display if isinstance(display, pygame.Surface) else display.ui
        w, h = surf.get_size()
        view = self.board_view()
        rect = self.plugin.board_area(self.board_rect(w, h))
        if not isinstance(display, pygame.Surface) and getattr(display, "kind", "flat") == "gl" \
                and self.renderer_kind == "gl":
            self._draw_gl(display, view, rect)
        else:
            surf.fill(BG)
            self.flat.draw(surf, view, rect)
            if not isinstance(display, pygame.Surface):
                display.mark(surf.get_rect())
        self.draw_bars(None if isinstance(display, pygame.Surface) else display, surf)

    def _draw_gl(self, display, view, rect) -> None:
        if self.gl is None or self.gl.ctx is not display.ctx:
            self.gl = GLBoardRenderer(display.ctx)
        if self.camera is None or self.camera.bounds != tuple(view.bounds()):
            pitch = float(getattr(self.plugin, "view_pitch", 55.0))  # the game's own tilt (三国演弈: 80, issue 26)
            self.camera = BoardCamera(view.bounds(), pitch=pitch, yaw=self.yaw)
            self.camera.set_goal(pitch, self.yaw, snap=True)
        fbo = display.gl.fbo
        self.camera.set_viewport(fbo.size, (rect.x, rect.y, rect.w, rect.h))
        self.gl.draw(view, self.camera, target=fbo, size=fbo.size)
        display.board_drawn()
