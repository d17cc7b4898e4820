"""Replay of a finished 沙场秋点兵 game (issue 12): step or play through it from any player's eyes,
or with everything shown, on the 3D board.

The stepping, the keys and the views (each player's eyes, then everything, only for a game that is
over) are every game's (client/scenes/replay.py ``ReplayBase``); this scene draws each position with
沙场秋点兵's controller and camera: a player's observation, or the whole board (``ctl.reveal``,
engine.shachang.reveal).
"""
from __future__ import annotations

from client import i18n
from client.games.shachang.controller import Controller
from client.scenes.replay import EVERYTHING, ReplayBase


class ReplayScene(ReplayBase):
    def __init__(self, app, game_scene):
        self.game_scene = game_scene
        self.cam = game_scene.cam
        self.ctl = None
        super().__init__(app, game_scene.game)

    def can_show_all(self) -> bool:
        return self.final.is_over  # the whole board through the controller's reveal (engine.shachang.reveal)

    def on_position(self) -> None:
        self._controller()

    def on_view(self) -> None:
        self._controller()

    def _controller(self) -> None:
        ctl = Controller(self.game, [False] * self.game.num_players)  # nobody acts in a replay
        ctl.viewer = max(0, self.viewer)
        ctl.reveal = self.viewer == EVERYTHING  # the whole board: this replay is of a finished game
        self.ctl = ctl

    def seat_label(self, seat: int) -> str:
        return i18n.player_name(seat)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.cam.update(dt)

    def draw(self, display) -> None:
        display.draw_board(self.ctl.frame(), self.cam)
        self.draw_bars(display, display.ui)
