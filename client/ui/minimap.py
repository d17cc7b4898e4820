"""The minimap for the 64x64 and 256x256 boards: explored terrain, fog, own and visible enemy units,
the camera's footprint; a click moves the camera there."""
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
    def __init__(self, board_size: int, size: int = 200):
        self.n = board_size
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
            img = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.transpose(1, 0, 2)))
            img = pygame.transform.scale(img, (self.size, self.size))
            target = pygame.display.get_surface()
            if target is not None and not target.get_flags() & pygame.OPENGL:
                img = img.convert()
            k = self.size / self.n
            for u in frame.units:
                col = player_rgb(u.owner)
                cx, cy = (u.cell[1] + 0.5) * k, (u.cell[0] + 0.5) * k
                r = pygame.Rect(0, 0, max(4, int(k * 1.5)), max(4, int(k * 1.5)))
                r.center = (int(cx), int(cy))
                pygame.draw.rect(img, col, r)
                pygame.draw.rect(img, (0, 0, 0) if u.state == "enemy" else (255, 255, 255), r, 1)
            self._key, self._img = key, img
        return self._img

    def draw(self, surf: pygame.Surface, pos, frame, footprint) -> None:
        self.rect = pygame.Rect(pos[0], pos[1], self.size, self.size)
        surf.blit(self._image(frame), self.rect.topleft)
        if footprint:
            k = self.size / self.n
            pts = [(self.rect.x + max(-2.0, min(self.n + 2.0, x)) * k,
                    self.rect.y + max(-2.0, min(self.n + 2.0, z)) * k) for x, z in footprint]
            pygame.draw.lines(surf, (255, 255, 255), True, pts, 1)
        pygame.draw.rect(surf, (200, 200, 200), self.rect.inflate(2, 2), 1)

    def cell_at(self, pos):
        if not self.rect.collidepoint(pos):
            return None
        k = self.size / self.n
        c = int((pos[0] - self.rect.x) / k)
        r = int((pos[1] - self.rect.y) / k)
        return (min(self.n - 1, max(0, r)), min(self.n - 1, max(0, c)))
