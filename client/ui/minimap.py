"""The minimap for the 64x64 and 256x256 boards and the star: explored terrain, fog, own and visible
enemy units, the camera's footprint; a click moves the camera there. On a hex board (``layout``, see
client/render/hex_layout.py) every cell is a small hexagon."""
from __future__ import annotations

import numpy as np
import pygame

from client.render.flat import _COLS, _STOPS, UNEXPLORED, player_rgb


def _lut(hmax: int) -> np.ndarray:
    """Colours of heights 0..hmax on the flat renderer's ramp (no hill shading: a minimap pixel is a cell)."""
    top = max(6.0, float(hmax))
    t = np.clip(np.arange(hmax + 1, dtype=np.float32) / top, 0, 1)
    return np.stack([np.interp(t, _STOPS, _COLS[:, i]) for i in range(3)], axis=-1).astype(np.float32)


class Minimap:
    def __init__(self, board_size: int, size: int = 200, layout=None):
        self.n = board_size
        self.layout = layout
        self.size = size
        self.rect = pygame.Rect(0, 0, size, size)
        self._key = None
        self._img = None
        self.dragging = False

    def _image(self, frame) -> pygame.Surface:
        key = (frame.heights.tobytes(), frame.visible.tobytes(), frame.explored.tobytes(), frame.fog,
               tuple((u.cell, u.owner) for u in frame.units))
        if key != self._key:
            h = np.maximum(frame.heights, 0).astype(np.intp)
            n = int(h.max()) + 1
            lit = _lut(n - 1)
            dim = (0.45 * lit + 0.55 * lit.mean(axis=-1, keepdims=True)) * 0.45
            dark = np.tile(np.asarray(UNEXPLORED, np.float32), (n, 1))
            lut = np.concatenate([lit, dim, dark]).astype(np.uint8)  # one row per (state, height)
            if frame.fog:
                state = np.where(frame.visible, 0, np.where(frame.explored, 1, 2))
                rgb = lut[h + n * state]
            else:
                rgb = lut[h]
            if self.layout is not None:
                img = self._hex_image(rgb)
            else:
                img = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
                img = pygame.transform.scale(img, (self.size, self.size))
            target = pygame.display.get_surface()
            if target is not None and not target.get_flags() & pygame.OPENGL:
                img = img.convert()
            k = self.size / self.n
            for u in frame.units:
                col = player_rgb(u.owner)
                x, z = (u.cell[1] + 0.5, u.cell[0] + 0.5) if self.layout is None else self.layout.centre(u.cell)
                cx, cy = x * k, z * k
                r = pygame.Rect(0, 0, max(4, int(k * 1.5)), max(4, int(k * 1.5)))
                r.center = (int(cx), int(cy))
                pygame.draw.rect(img, col, r)
                pygame.draw.rect(img, (0, 0, 0) if u.state == "enemy" else (255, 255, 255), r, 1)
            self._key, self._img = key, img
        return self._img

    def _hex_image(self, rgb: np.ndarray) -> pygame.Surface:
        """The board's hexagons in their cells' colours on the minimap's square (world box [0, n])."""
        from client.render.hex_layout import CORNERS

        img = pygame.Surface((self.size, self.size))
        img.fill((14, 15, 18))
        k = self.size / self.n
        for cell in self.layout.cells:
            x, z = self.layout.centre(cell)
            pts = [((x + cx) * k, (z + cz) * k) for cx, cz in CORNERS]
            pygame.draw.polygon(img, tuple(int(v) for v in rgb[cell]), pts)
        return img

    def draw(self, surf: pygame.Surface, pos, frame, footprint) -> None:
        self.rect = pygame.Rect(pos[0], pos[1], self.size, self.size)
        surf.blit(self._image(frame), self.rect.topleft)
        if footprint and self.layout is not None:  # the part of the view's ground inside the map
            k = self.size / self.n
            pts = [(self.rect.x + x * k, self.rect.y + z * k) for x, z in clip_box(footprint, self.n)]
            if len(pts) >= 3:
                pygame.draw.lines(surf, (255, 255, 255), True, pts, 1)
        elif footprint:
            k = self.size / self.n
            pts = [(self.rect.x + max(-2.0, min(self.n + 2.0, x)) * k,
                    self.rect.y + max(-2.0, min(self.n + 2.0, z)) * k) for x, z in footprint]
            pygame.draw.lines(surf, (255, 255, 255), True, pts, 1)
        pygame.draw.rect(surf, (200, 200, 200), self.rect.inflate(2, 2), 1)

    def cell_at(self, pos):
        if not self.rect.collidepoint(pos):
            return None
        k = self.size / self.n
        if self.layout is not None:  # the board cell under the point, else the nearest one
            x, z = (pos[0] - self.rect.x) / k, (pos[1] - self.rect.y) / k
            cell = self.layout.at_point(x, z)
            if cell is None:
                lay = self.layout
                cell = min(lay.cells, key=lambda c: (lay.centre(c)[0] - x) ** 2 + (lay.centre(c)[1] - z) ** 2)
            return cell
        c = int((pos[0] - self.rect.x) / k)
        r = int((pos[1] - self.rect.y) / k)
        return (min(self.n - 1, max(0, r)), min(self.n - 1, max(0, c)))


def clip_box(poly, n: float) -> list[tuple[float, float]]:
    """The polygon ``poly`` [(x, z), ...] clipped to the box [0, n] x [0, n] (Sutherland-Hodgman)."""
    pts = [tuple(map(float, p)) for p in poly]
    for axis, keep_lo in ((0, True), (0, False), (1, True), (1, False)):
        if not pts:
            break
        edge = 0.0 if keep_lo else float(n)

        def inside(p):
            return p[axis] >= edge if keep_lo else p[axis] <= edge

        out = []
        for i, cur in enumerate(pts):
            prev = pts[i - 1]
            if inside(cur) != inside(prev):
                t = (edge - prev[axis]) / (cur[axis] - prev[axis])
                out.append((prev[0] + (cur[0] - prev[0]) * t, prev[1] + (cur[1] - prev[1]) * t))
            if inside(cur):
                out.append(cur)
        pts = out
    return pts
