"""Replay of a finished 沙场秋点兵 game (issue 12): step or play through it from any player's eyes,
or with everything shown, on the 3D board.

The stepping, the keys and the views (each player's eyes, then everything, only for a game that is
over) are every game's (client/scenes/replay.py ``ReplayBase``); this scene draws each position with
沙场秋点兵's controller and camera: a player's observation, or the whole board (``ctl.reveal``,
engine.shachang.reveal).
"""
from __future__ import annotations

import copy

import numpy as np

from client import i18n
from client.games.shachang.controller import Controller
from client.render.base import Y_SCALE
from client.render.hex_layout import cell_xz, layout_of
from client.scenes.replay import BAR_H, EVERYTHING, FOOT_H, ReplayBase


def army_stacks(final) -> dict:
    """Every cell a unit stood on in any position of the finished game ``final``, with the tallest stack
    seen there: {cell: soldiers} (the replay frames every army, issue 26)."""
    g = final.replay(0)
    tall: dict = {}

    def take():
        for cell, u in g.units.items():  # the engine's board (a finished game: nothing is secret any more)
            tall[cell] = max(tall.get(cell, 0), int(u.count))

    take()
    for a in final.log:
        g.apply(g.parse_action(str(a)))
        take()
    return tall


def frame_points(final, stacks: dict, layout) -> list[tuple[float, float, float]]:
    """World points the replay's camera must show: every army's cells (their ground and the stack tops
    with room for the count label) and, on small boards and the star, the whole board as at the start."""
    heights = np.maximum(np.asarray(final.heights), 0)
    pts = []
    for cell, k in stacks.items():
        x, z = cell_xz(cell, layout)
        top = (int(heights[cell]) + k + 2) * Y_SCALE
        pts += [(x - 1.5, 0.0, z - 1.5), (x + 1.5, 0.0, z + 1.5), (x, top, z)]  # a cell of room around
    n = final.size
    if layout is not None:  # the star: its outline
        pts += [(x, y, z) for cell in layout.cells for x, z in layout.corners(cell) for y in (0.0, -0.5)]
    elif n < 64:  # small boards: the whole board with its base
        pts += [(x, y, z) for x in (0, n) for z in (0, n) for y in (0.0, -0.5)]
    return pts


class ReplayScene(ReplayBase):
    def __init__(self, app, game_scene):
        self.game_scene = game_scene
        self.cam = copy.deepcopy(game_scene.cam)  # its own camera: the game's view stays as it was
        self.ctl = None
        self._framed = None  # the window size the camera was framed for
        super().__init__(app, game_scene.game)
        self.stacks = army_stacks(self.final)
        self.frame_armies()

    def frame_armies(self) -> None:
        """Fit the camera to every army's cells (all positions of the game) between the replay's caption
        bar and its foot line: the red army was cut off when the replay kept the game's camera."""
        w, h = self.app.display.size
        self._framed = (w, h)
        cam = self.cam
        layout = layout_of(self.ctl.obs) if self.ctl is not None else None
        pts = frame_points(self.final, self.stacks, layout)
        if not pts:
            return
        if hasattr(cam, "margins"):  # the flat camera: the cells' box in the free area between the bars
            cam.set_viewport(w, h)
            cam.margins = (0, BAR_H, 0, FOOT_H)
            xs, zs = [p[0] for p in pts], [p[2] for p in pts]
            bw, bh = max(xs) - min(xs) + 1, max(zs) - min(zs) + 1
            cam.tscale = 0.94 * min((w - 16) / bw, (h - BAR_H - FOOT_H - 16) / bh)
            cam.tx = (min(xs) + max(xs)) / 2
            cam.tz = (min(zs) + max(zs)) / 2 - (BAR_H - FOOT_H) / 2 / cam.tscale
            cam.snap()
            return
        rect = (16 / w, (BAR_H + 8) / h, 1 - 16 / w, (h - FOOT_H - 8) / h)
        cam.fit(pts, w / max(1, h), rect)
        cam.snap()

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

    @staticmethod
    def said_of(game, action):
        """The action in words ("march 3 soldiers from a1 to c2"), not its notation (issue 26)."""
        return game.say(action)

    def seat_label(self, seat: int) -> str:
        return i18n.player_name(seat)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.cam.update(dt)

    def draw(self, display) -> None:
        if self._framed != tuple(self.app.display.size):  # a new window size: frame again
            self.frame_armies()
        display.draw_board(self.ctl.frame(), self.cam)
        self.draw_bars(display, display.ui)
