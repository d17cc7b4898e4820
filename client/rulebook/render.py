"""Draw a scenario: the game's plugin -> ``BoardView`` -> the flat (pygame) or GL (EGL, headless) board
renderer the board scene uses; arrows over it; the caption in a band under the picture."""
from __future__ import annotations

import math
import os
from pathlib import Path

import numpy as np
import pygame

from client.boards.model import BoardView
from client.render.flat_board import FlatBoardRenderer
from client.render.gl_board import BoardCamera, GLBoardRenderer
from client.rulebook.scenario import Scenario, ScenarioError
from client.picture_file import draw_caption_band, make_context, save_png

BG = (23, 25, 30)
ARROW = (255, 140, 30)
ARROW_EDGE = (40, 20, 8)
ARROW_ALPHA = 185
REFUSED = (235, 30, 40)
GL_PITCH = 55.0  # the board scene's tilted view


def board_view(sc: Scenario) -> BoardView:
    """The board model of the scenario for its viewer: the plugin's own view with the chosen piece's moves
    (``select``) and the scenario's marks on top."""
    pl, game = sc.plugin, sc.game
    if sc.viewer != max(0, game.current_player):
        # the plugin's view draws the observation of the seat to move; a picture for another seat draws that
        # seat's observation instead (engine.api observe(viewer): nothing more than it may know)
        obs = game.observe(sc.viewer)
        pl.obs = lambda: obs
    v = pl.view(sc.viewer, sc.prefix)
    # the play-time hint of the pieces that may act (江山's units, issue 26) illustrates no rule: a picture marks
    # only what its scenario names
    v.marks = {c: k for c, k in v.marks.items() if k != "start"}
    v.marks.update(sc.marks)
    return v


def _ensure_pygame() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if not pygame.display.get_init():
        pygame.display.init()
    if not pygame.font.get_init():
        pygame.font.init()


def draw_arrow(surf: pygame.Surface, a, b, width: int) -> None:
    """An arrow from pixel ``a`` to ``b`` (outlined, head at ``b``), stopping a little short of the centres."""
    (x0, y0), (x1, y1) = a, b
    d = math.hypot(x1 - x0, y1 - y0)
    if d < 1:
        return
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    x0, y0 = x0 + ux * width * 1.2, y0 + uy * width * 1.2
    x1, y1 = x1 - ux * width * 0.8, y1 - uy * width * 0.8
    head = width * 3.0
    bx, by = x1 - ux * head, y1 - uy * head
    px, py = -uy, ux
    tri = [(x1, y1), (bx + px * head * 0.6, by + py * head * 0.6), (bx - px * head * 0.6, by - py * head * 0.6)]
    for col, grow in ((ARROW_EDGE, 2), (ARROW, 0)):
        pygame.draw.line(surf, col, (round(x0), round(y0)), (round(bx), round(by)), width + 2 * grow)
        pygame.draw.circle(surf, col, (round(x0), round(y0)), width // 2 + grow)
        pygame.draw.polygon(surf, col, tri)
        if grow:
            pygame.draw.polygon(surf, col, tri, 2 * grow)


def draw_cross(surf: pygame.Surface, centre, size: float, width: int) -> None:
    """A refusal: a red X with a dark edge, ``size`` pixels across, centred on ``centre``."""
    x, y = centre
    h = size / 2
    for col, grow in ((ARROW_EDGE, 2), (REFUSED, 0)):
        for (ax, ay), (bx, by) in (((x - h, y - h), (x + h, y + h)), ((x - h, y + h), (x + h, y - h))):
            pygame.draw.line(surf, col, (round(ax), round(ay)), (round(bx), round(by)), width + 2 * grow)
            for px, py in ((ax, ay), (bx, by)):
                pygame.draw.circle(surf, col, (round(px), round(py)), (width + 2 * grow) // 2)


class Painter:
    """Renders scenarios; one GL context for many pictures (made on the first GL scenario)."""

    def __init__(self):
        _ensure_pygame()
        self.flat = FlatBoardRenderer()
        self.ctx = None
        self.gl = None

    def board(self, sc: Scenario, w: int, h: int) -> np.ndarray:
        """The (h, w, 3) picture of the board with its arrows."""
        v = board_view(sc)
        yaw = sc.plugin.bottom_seat_yaw(sc.viewer)
        if sc.renderer == "gl":
            if self.ctx is None:
                self.ctx = make_context()
            # a fresh renderer per picture: its glyph atlas grows with the glyphs drawn so far, and a picture must
            # not depend on the pictures made before it in the same process
            if self.gl is not None:
                self.gl.release()
            self.gl = GLBoardRenderer(self.ctx, w, h)
            cam = BoardCamera(v.bounds(), pitch=GL_PITCH, yaw=yaw)
            cam.set_goal(GL_PITCH, yaw, snap=True)
            cam.set_viewport((w, h))
            self.gl.draw(v, cam)
            img = self.gl.screenshot()
            surf = pygame.image.frombuffer(img.tobytes(), (w, h), "RGB").copy()
            px = [GLBoardRenderer.cell_px(c, v, cam) for pair in sc.arrows for c in pair]
            crosses = [GLBoardRenderer.cell_px(c, v, cam) for c in sc.refused]
            cell = h / max(1.0, v.bounds()[3] - v.bounds()[1]) * 0.8  # about a cell's height in pixels
        else:
            v.yaw = yaw
            surf = pygame.Surface((w, h))
            surf.fill(BG)
            self.flat.draw(surf, v, pygame.Rect(0, 0, w, h), background=BG)
            px = [self.flat.cell_px(c) for pair in sc.arrows for c in pair]
            crosses = [self.flat.cell_px(c) for c in sc.refused]
            cell = self.flat.scale
        width = max(3, int(cell * 0.09))
        if px or crosses:  # arrows and crosses a little see-through: the pieces under them stay readable
            layer = pygame.Surface((w, h), pygame.SRCALPHA)
            for i in range(0, len(px), 2):
                draw_arrow(layer, px[i], px[i + 1], width)
            for c in crosses:
                draw_cross(layer, c, cell * 0.62, width)
            layer.set_alpha(ARROW_ALPHA)
            surf.blit(layer, (0, 0))
        return np.frombuffer(pygame.image.tobytes(surf, "RGB"), np.uint8).reshape(h, w, 3).copy()

    def picture(self, sc: Scenario, lang: str | None, size: tuple[int, int] | None = None,
                whole: bool = False) -> np.ndarray:
        """The scenario's picture with its ``lang`` caption under the board: the board of ``size`` (default the
        scenario's own) with the caption band added below, or with ``whole`` the whole picture of ``size`` (the
        command line's --size, as 沙场秋点兵's pictures: the band inside it; ScenarioError when no board of at
        least 64 pixels is left above the band)."""
        w, h = size or sc.size
        text = sc.caption(lang) if lang else ""
        band = draw_caption_band(text, lang, w, max(14, min(30, w // 34))) if text else None
        if whole and band is not None:
            h -= len(band)
            if h < 64:
                raise ScenarioError(f"--size {w}x{h + len(band)}: the caption takes {len(band)} pixels of the height, "
                                    f"leaving less than 64 for the board (a taller size, or --no-caption)")
        img = self.board(sc, w, h)
        return np.concatenate([img, band], axis=0) if band is not None else img

    def save(self, sc: Scenario, path, lang: str | None, size=None, whole: bool = False) -> None:
        """Render and write the PNG."""
        save_png(self.picture(sc, lang, size, whole), Path(path))
