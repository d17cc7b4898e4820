"""The plain pygame 2D top-down renderer (``--renderer flat``, and the fallback without OpenGL).

The board is one numpy RGB image (a pixel per cell: height colours with hill
shading, fog, overlay tints) scaled to the view with ``pygame.transform.scale``;
grid lines, stacks of tokens, numbers and sight lines are drawn on top when the
cells are large enough to read them. A 256x256 board fully in view costs a few
milliseconds per frame.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np
import pygame

from client.render.base import Cell, Frame, Renderer
from client.render.flat_hex import draw_hex, pick_hex
from client.render.flat_paint import UNEXPLORED  # noqa: F401  (re-exported: the flat renderer's unexplored colour)
from client.render.flat_paint import (ATTACK_ORANGE, BLOCK_RED, GHOST_PURPLE, REACH_CYAN, REINFORCE_GREEN, SIGHT_YELLOW,
                                      draw_ghost_ring, draw_target_marks, player_rgb, terrain_rgb)
from client.render.hex_layout import cell_xz
from client.ui import text
from engine.grids import letters


def _mix(rgb: np.ndarray, mask: np.ndarray, colour, amount: float) -> None:
    if mask is None or not mask.any():
        return
    c = np.asarray(colour, dtype=np.float32)
    rgb[mask] = rgb[mask] * (1.0 - amount) + c * amount


class FlatCamera:
    """A top-down 2D view: centre (x = col, z = row) and pixels per cell, with smooth motion.

    Offers the methods of the 3D StrategyCamera so the scenes drive both alike:
    ``pan(dx, dy)`` moves dx cells to the screen's right and dy cells toward the
    screen's top; ``rotate`` is ignored (north stays up).
    """

    def __init__(self, board_size: int, width: int = 1280, height: int = 720):
        self.n = board_size
        self.vw, self.vh = width, height
        self.margins = (0, 0, 0, 0)  # left, top, right, bottom pixels covered by the UI
        self.layout = None  # a hex layout places the cells (the star); None: square cells
        self.cx = self.cz = board_size / 2
        self.tx = self.tz = board_size / 2
        self.scale = self.tscale = self.fit_scale()

    def fit_scale(self) -> float:
        ml, mt, mr, mb = self.margins
        return 0.94 * max(40, min(self.vw - ml - mr, self.vh - mt - mb)) / self.n

    def home(self) -> None:
        """The whole board in the free area between the UI margins."""
        ml, mt, mr, mb = self.margins
        self.tscale = self.fit_scale()
        self.tx = self.n / 2 + (mr - ml) / 2 / self.tscale
        self.tz = self.n / 2 + (mb - mt) / 2 / self.tscale

    def set_viewport(self, w: int, h: int) -> None:
        self.vw, self.vh = max(1, w), max(1, h)

    def pan(self, dx: float, dy: float) -> None:
        self.tx = min(max(self.tx + dx, 0), self.n)
        self.tz = min(max(self.tz - dy, 0), self.n)

    def zoom(self, steps: float) -> None:
        lo, hi = self.fit_scale() * 0.6, max(96.0, self.fit_scale())
        self.tscale = min(max(self.tscale * (1.18 ** steps), lo), hi)

    def rotate(self, dyaw: float) -> None:
        pass

    def jump_to(self, cell: Cell) -> None:
        self.tx, self.tz = cell_xz(cell, getattr(self, "layout", None))

    def update(self, dt: float) -> None:
        k = 1.0 - math.exp(-12.0 * max(0.0, dt))
        self.cx += (self.tx - self.cx) * k
        self.cz += (self.tz - self.cz) * k
        self.scale += (self.tscale - self.scale) * k

    def snap(self) -> None:
        self.cx, self.cz, self.scale = self.tx, self.tz, self.tscale

    def to_screen(self, x: float, z: float) -> tuple[float, float]:
        return ((x - self.cx) * self.scale + self.vw / 2, (z - self.cz) * self.scale + self.vh / 2)

    def to_world(self, px: float, py: float) -> tuple[float, float]:
        return ((px - self.vw / 2) / self.scale + self.cx, (py - self.vh / 2) / self.scale + self.cz)

    def footprint(self, aspect: float | None = None) -> list[tuple[float, float]]:
        """The ground quad in view as (x, z) corners (clockwise from top-left)."""
        pts = [(0, 0), (self.vw, 0), (self.vw, self.vh), (0, self.vh)]
        return [self.to_world(*p) for p in pts]

    def matrices(self, aspect: float) -> tuple[np.ndarray, np.ndarray]:
        """An orthographic top-down view for completeness (the flat renderer does not need it)."""
        view = np.eye(4, dtype=np.float32)
        view[0, 3], view[2, 3] = -self.cx, -self.cz
        proj = np.eye(4, dtype=np.float32)
        proj[0, 0] = 2 * self.scale / self.vw
        proj[1, 1] = 2 * self.scale / self.vh
        return view, proj


class FlatRenderer(Renderer):
    """Draws frames onto a pygame surface (the window, or its own surface)."""

    def __init__(self, width: int = 1280, height: int = 720, surface: pygame.Surface | None = None):
        self.surface = surface if surface is not None else pygame.Surface((width, height))
        self.width, self.height = self.surface.get_size()
        self.shape: tuple[int, int] | None = None
        self._terrain_key = None
        self._terrain = None
        self._fonts: dict[int, Any] = {}

    # ----------------------------------------------------------- interface
    def load_board(self, heights_shape: tuple[int, int]) -> None:
        self.shape = tuple(heights_shape)
        self._terrain_key = None

    def resize(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        if self.surface.get_size() != (width, height) and not self._is_display():
            self.surface = pygame.Surface((width, height))

    def set_target(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.width, self.height = surface.get_size()

    def _is_display(self) -> bool:
        try:
            return self.surface is pygame.display.get_surface()
        except pygame.error:
            return False

    def screenshot(self) -> np.ndarray:
        return np.ascontiguousarray(pygame.surfarray.array3d(self.surface).transpose(1, 0, 2))

    def pick(self, x: int, y: int, frame: Frame, camera: Any) -> Cell | None:
        cam = self._cam(camera)
        if getattr(frame, "layout", None) is not None:
            return pick_hex(frame, cam, x, y)
        wx, wz = cam.to_world(x, y)
        r, c = math.floor(wz), math.floor(wx)
        h, w = frame.heights.shape
        if 0 <= r < h and 0 <= c < w:
            return (r, c)
        return None

    # ------------------------------------------------------------- drawing
    def _cam(self, camera) -> FlatCamera:
        if not isinstance(camera, FlatCamera):
            raise TypeError("the flat renderer needs a FlatCamera")
        camera.set_viewport(self.width, self.height)
        return camera

    def _font(self, size: int):
        f = self._fonts.get(size)
        if f is None:
            f = text.font(size)
            self._fonts[size] = f
        return f

    def board_rgb(self, frame: Frame) -> np.ndarray:
        """The (H, W, 3) uint8 colours of every cell: terrain, fog and overlay tints."""
        key = (frame.heights.tobytes(), frame.visible.tobytes(), frame.explored.tobytes(), frame.fog)
        if key != self._terrain_key:
            self._terrain_key = key
            self._terrain = terrain_rgb(frame.heights, frame.visible, frame.explored, frame.fog)
        rgb = self._terrain.astype(np.float32)
        o = frame.overlays
        hw = frame.heights.shape
        if o.vision is not None:
            out = ~o.vision
            rgb[out] *= 0.3
            _mix(rgb, o.vision, (255, 240, 170), 0.18)
        if o.ghost_cells is not None:
            _mix(rgb, o.ghost_cells & frame.explored, GHOST_PURPLE, 0.22)
        if o.attack_area is not None:
            _mix(rgb, o.attack_area, ATTACK_ORANGE, 0.22)
        if o.reachable:
            m = np.zeros(hw, dtype=bool)
            idx = np.array(list(o.reachable), dtype=np.intp)
            m[idx[:, 0], idx[:, 1]] = True
            _mix(rgb, m, REACH_CYAN, 0.3)
        if o.reinforce_cells:
            m = np.zeros(hw, dtype=bool)
            idx = np.array(o.reinforce_cells, dtype=np.intp)
            m[idx[:, 0], idx[:, 1]] = True
            _mix(rgb, m, REINFORCE_GREEN, 0.5)
        if o.sight_cells:
            m = np.zeros(hw, dtype=bool)
            for row in o.sight_cells:
                m[row["cell"]] = True
            _mix(rgb, m, SIGHT_YELLOW, 0.55)
        if o.sight_block is not None:
            rgb[o.sight_block] = BLOCK_RED
        return rgb.astype(np.uint8)

    def draw(self, frame: Frame, camera: Any) -> None:
        cam = self._cam(camera)
        if getattr(frame, "layout", None) is not None:  # hex cells (the star): client/render/flat_hex.py
            draw_hex(self, frame, cam)
            return
        surf = self.surface
        n_r, n_c = frame.heights.shape
        s = cam.scale
        # cells in view
        x0, z0 = cam.to_world(0, 0)
        x1, z1 = cam.to_world(self.width, self.height)
        c0, c1 = max(0, math.floor(x0)), min(n_c, math.ceil(x1))
        r0, r1 = max(0, math.floor(z0)), min(n_r, math.ceil(z1))
        if c1 <= c0 or r1 <= r0:
            return
        rgb = self.board_rgb(frame)
        sub = np.ascontiguousarray(rgb[r0:r1, c0:c1].transpose(1, 0, 2))
        img = pygame.surfarray.make_surface(sub)
        px0, py0 = cam.to_screen(c0, r0)
        px1, py1 = cam.to_screen(c1, r1)
        ix0, iy0, ix1, iy1 = round(px0), round(py0), round(px1), round(py1)
        img = pygame.transform.scale(img, (max(1, ix1 - ix0), max(1, iy1 - iy0)))
        surf.blit(img, (ix0, iy0))

        def cell_rect(c: Cell) -> pygame.Rect:
            ax, ay = cam.to_screen(c[1], c[0])
            bx, by = cam.to_screen(c[1] + 1, c[0] + 1)
            return pygame.Rect(round(ax), round(ay), max(1, round(bx) - round(ax)), max(1, round(by) - round(ay)))

        def in_view(c: Cell) -> bool:
            return r0 <= c[0] < r1 and c0 <= c[1] < c1

        # grid
        if s >= 7:
            gcol = (28, 30, 30)
            for c in range(c0, c1 + 1):
                x = round(cam.to_screen(c, 0)[0])
                pygame.draw.line(surf, gcol, (x, iy0), (x, iy1))
            for r in range(r0, r1 + 1):
                y = round(cam.to_screen(0, r)[1])
                pygame.draw.line(surf, gcol, (ix0, y), (ix1, y))
        pygame.draw.rect(surf, (200, 200, 200), pygame.Rect(ix0 - 1, iy0 - 1, ix1 - ix0 + 2, iy1 - iy0 + 2), 1)
        o = frame.overlays
        # numbers: heights, reach costs
        if o.show_heights and s >= 18:
            f = self._font(max(9, int(s * 0.28)))
            sub_h = frame.heights[r0:r1, c0:c1]
            for (rr, cc), hv in np.ndenumerate(sub_h):
                if hv < 0:
                    continue
                r = cell_rect((rr + r0, cc + c0))
                img_t = f.render(str(int(hv)), True, (20, 20, 20))
                surf.blit(img_t, (r.x + 2, r.bottom - img_t.get_height()))
        if o.reachable and s >= 18:
            f = self._font(max(9, int(s * 0.3)))
            for c, cost in o.reachable.items():
                if in_view(c):
                    r = cell_rect(c)
                    img_t = f.render(str(cost), True, (10, 60, 10))
                    surf.blit(img_t, (r.right - img_t.get_width() - 2, r.y + 1))
        if o.show_coords and s >= 14:
            f = self._font(max(9, int(s * 0.22)))
            for rr in range(r0, r1):
                for cc in range(c0, c1):
                    r = cell_rect((rr, cc))
                    surf.blit(f.render(f"{letters(cc)}{rr + 1}", True, (235, 235, 235)), (r.x + 2, r.y + 1))
        # sight line
        if o.sight_src is not None and o.sight_dst is not None:
            for row in o.sight_cells:
                if in_view(row["cell"]):
                    pygame.draw.rect(surf, SIGHT_YELLOW, cell_rect(row["cell"]), 2 if s >= 10 else 1)
            if o.sight_block is not None and in_view(o.sight_block):
                pygame.draw.rect(surf, (120, 0, 0), cell_rect(o.sight_block), 2 if s >= 10 else 1)
        if getattr(o, "sight_numbers", False) and s >= 44:
            f = self._font(max(9, int(s * 0.2)))
            for row in o.sight_cells:
                if in_view(row["cell"]):
                    r = cell_rect(row["cell"])
                    op = ">=" if row["blocks"] else "<"
                    t = f.render(f"{row['lhs']}{op}{row['rhs']}", True, (120, 0, 0) if row["blocks"] else (30, 30, 30))
                    surf.blit(t, t.get_rect(midbottom=(r.centerx, r.bottom - 2)))
        # ghost-vision markers (S9): a dashed purple ring where a unit was wiped out
        for cell, _radius in getattr(frame, "ghosts", []) or []:
            if in_view(cell):
                draw_ghost_ring(surf, cell_rect(cell).center, s)
        # units
        for u in frame.units:
            if in_view(u.cell):
                self._draw_unit(surf, cell_rect(u.cell), u, s)
        if o.sight_src is not None and o.sight_dst is not None:
            a = cam.to_screen(o.sight_src[1] + 0.5, o.sight_src[0] + 0.5)
            b = cam.to_screen(o.sight_dst[1] + 0.5, o.sight_dst[0] + 0.5)
            col = BLOCK_RED if o.sight_block is not None else SIGHT_YELLOW
            pygame.draw.line(surf, col, a, b, 2)
        draw_target_marks(surf, o, in_view, cell_rect, s)
        if o.selected is not None and in_view(o.selected):
            pygame.draw.rect(surf, (255, 230, 40), cell_rect(o.selected).inflate(2, 2), 3 if s >= 10 else 2)
        if o.hover is not None and in_view(o.hover):
            pygame.draw.rect(surf, (255, 255, 255), cell_rect(o.hover), 1 if s < 20 else 2)

    def _draw_unit(self, surf: pygame.Surface, r: pygame.Rect, u, s: float, label: bool = True) -> None:
        col = player_rgb(u.owner)
        if s < 8:
            m = max(2, int(s * 0.9))
            rr = pygame.Rect(0, 0, m, m)
            rr.center = r.center
            pygame.draw.rect(surf, col, rr)
            if s >= 4:
                pygame.draw.rect(surf, (0, 0, 0) if u.state == "enemy" else (255, 255, 255), rr.inflate(2, 2), 1)
            return
        fill = col
        ring = (255, 255, 255)
        if u.state == "fresh":
            fill = tuple(int(0.55 * c + 0.45 * 140) for c in col)
            ring = (170, 170, 170)
        elif u.state == "attacked":
            fill = tuple(int(c * 0.6) for c in col)
            ring = (40, 40, 40)
        elif u.state == "spent":
            ring = (110, 110, 110)
        elif u.state == "enemy":
            ring = (0, 0, 0)
        rad = max(3, int(s * 0.38))
        cx, cy = r.center
        n = max(1, u.count)
        if s >= 24:  # a stack of tokens, one per soldier, rising towards the top of the cell
            k = min(n, 16)
            step = (0.26 * s) / max(1, k - 1) if k > 1 else 0
            dark = tuple(int(c * 0.55) for c in fill)
            for i in range(k - 1):
                pygame.draw.circle(surf, dark, (cx, int(cy - i * step)), rad)
                pygame.draw.circle(surf, fill, (cx, int(cy - i * step) - 1), rad - 1)
            cy = int(cy - (k - 1) * step)
        pygame.draw.circle(surf, fill, (cx, cy), rad)
        pygame.draw.circle(surf, ring, (cx, cy), rad, max(1, int(s * 0.05)))
        if u.state == "fresh":  # a little flag: a new camp
            pygame.draw.polygon(surf, (250, 250, 250), [(cx + rad - 2, cy - rad), (cx + rad + 6, cy - rad + 3),
                                                        (cx + rad - 2, cy - rad + 6)])
        elif u.state == "attacked":
            d = rad // 2
            pygame.draw.line(surf, (20, 20, 20), (cx - d, cy - d), (cx + d, cy + d), 2)
            pygame.draw.line(surf, (20, 20, 20), (cx - d, cy + d), (cx + d, cy - d), 2)
        if s >= 14 and label:
            f = self._font(max(9, int(s * 0.36)))
            t = f.render(str(u.count), True, (255, 255, 255))
            sh = f.render(str(u.count), True, (0, 0, 0))
            tr = t.get_rect(center=(cx, cy))
            surf.blit(sh, tr.move(1, 1))
            surf.blit(t, tr)
