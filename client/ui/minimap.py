"""The minimap for the 64x64 and 256x256 boards and the star: explored terrain, fog, own and visible
enemy units, the camera's footprint; a click moves the camera there. On a hex board (``layout``, see
client/render/hex_layout.py) every cell is a small hexagon.

The square maps' minimap is north-up: the camera's footprint (a trapezoid, wide on the far side) tells
where the view looks. The star is nearly always seen whole, so its footprint is the whole box and tells
nothing; instead the star's minimap turns with the camera (``yaw``): what is at the top of the screen is
at the top of the minimap, a compass mark on the rim shows north, and in first person the soldier's eye
is a dot with a wedge of what it looks at."""
from __future__ import annotations

import math

import numpy as np
import pygame

from client.render.flat_paint import _COLS, _STOPS, UNEXPLORED, player_rgb
from client.render.hex_layout import CORNERS
from client.ui import composed, text


def _lut(hmax: int) -> np.ndarray:
    """Colours of heights 0..hmax on the flat renderer's ramp (no hill shading: a minimap pixel is a cell)."""
    top = max(6.0, float(hmax))
    t = np.clip(np.arange(hmax + 1, dtype=np.float32) / top, 0, 1)
    return np.stack([np.interp(t, _STOPS, _COLS[:, i]) for i in range(3)], axis=-1).astype(np.float32)


NORTH_RGB = (230, 60, 50)  # the compass needle of the star's turned minimap


class Minimap:
    def __init__(self, board_size: int, size: int = 200, layout=None):
        self.n = board_size
        self.layout = layout
        self.size = size
        self.rect = pygame.Rect(0, 0, size, size)
        self._key = None
        self._img = None
        self.dragging = False
        self.yaw = 0.0  # the star's minimap turns with the camera (degrees, 0 = north up); see to_map

    def fit(self, size: int) -> None:
        """Be ``size`` pixels square from the next draw on (a small window gets a smaller minimap)."""
        if size != self.size:
            self.size = size
            self._key = self._img = None

    def to_map(self, x: float, z: float) -> tuple[float, float]:
        """Minimap pixel (relative to its corner) of world ground point (x, z), turned by ``yaw`` on a hex
        board: the camera's forward direction points up."""
        k = self.size / self.n
        if self.layout is None or not self.yaw:
            return x * k, z * k
        c = self.n / 2.0
        a = math.radians(self.yaw)
        dx, dz = x - c, z - c
        return ((dx * math.cos(a) + dz * math.sin(a) + c) * k, (-dx * math.sin(a) + dz * math.cos(a) + c) * k)

    def to_world(self, mx: float, my: float) -> tuple[float, float]:
        """World ground point (x, z) under minimap pixel (mx, my) (relative to its corner): to_map undone."""
        k = self.size / self.n
        x, z = mx / k, my / k
        if self.layout is None or not self.yaw:
            return x, z
        c = self.n / 2.0
        a = math.radians(self.yaw)
        dx, dz = x - c, z - c
        return dx * math.cos(a) - dz * math.sin(a) + c, dx * math.sin(a) + dz * math.cos(a) + c

    def _image(self, frame) -> pygame.Surface:
        key = (frame.heights.tobytes(), frame.visible.tobytes(), frame.explored.tobytes(), frame.fog,
               tuple((u.cell, u.owner) for u in frame.units), round(self.yaw, 1))
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
                cx, cy = self.to_map(x, z)
                if self.layout is not None:  # one soldier a hex: a dot inside its hexagon, not a blob
                    rad = max(2, int(k * 0.45))
                    pygame.draw.circle(img, col, (int(cx), int(cy)), rad)
                    pygame.draw.circle(img, (0, 0, 0) if u.state == "enemy" else (255, 255, 255),
                                       (int(cx), int(cy)), rad, 1)
                    continue
                r = pygame.Rect(0, 0, max(4, int(k * 1.5)), max(4, int(k * 1.5)))
                r.center = (int(cx), int(cy))
                pygame.draw.rect(img, col, r)
                pygame.draw.rect(img, (0, 0, 0) if u.state == "enemy" else (255, 255, 255), r, 1)
            self._key, self._img = key, img
        return self._img

    def _hex_image(self, rgb: np.ndarray) -> pygame.Surface:
        """The board's hexagons in their cells' colours on the minimap's square (world box [0, n])."""
        img = pygame.Surface((self.size, self.size))
        img.fill((14, 15, 18))
        for cell in self.layout.cells:
            x, z = self.layout.centre(cell)
            pts = [self.to_map(x + cx, z + cz) for cx, cz in CORNERS]
            pygame.draw.polygon(img, tuple(int(v) for v in rgb[cell]), pts)
        return img

    def draw(self, surf: pygame.Surface, pos, frame, footprint, yaw: float = 0.0, eye=None,
             eye_half: float = 45.0) -> None:
        """Draw at ``pos``: the map, the view's footprint; on a hex board turned by the camera's ``yaw``
        (degrees) with the north mark, and ``eye`` = (x, z) of a first-person view as a dot and a wedge
        ``eye_half`` degrees to each side."""
        self.rect = pygame.Rect(pos[0], pos[1], self.size, self.size)
        if self.layout is not None:
            self.yaw = float(yaw) % 360.0
        img = self._image(frame)
        if composed.usable(surf):  # the GL overlay: the image's pixels kept in its layout and copied (issue 27)
            composed.copy(surf, composed.pixels(surf, ("minimap", id(self)), (self._key, id(img)), img.get_size(),
                                                lambda sc: sc.blit(img, (0, 0))), self.rect.topleft)
        else:
            surf.blit(img, self.rect.topleft)
        if footprint and self.layout is not None and eye is None and not self._covers(footprint):
            # the part of the view's ground inside the map (not drawn when the whole star is in view)
            k = self.size / self.n
            turned = [(px / k, py / k) for px, py in (self.to_map(x, z) for x, z in footprint)]
            pts = [(self.rect.x + x * k, self.rect.y + z * k) for x, z in clip_box(turned, self.n)]
            if len(pts) >= 3:
                pygame.draw.lines(surf, (255, 255, 255), True, pts, 1)
        if self.layout is not None:
            self._north(surf)
            if eye is not None:
                self._eye(surf, eye, eye_half)
        elif footprint:
            k = self.size / self.n
            pts = [(self.rect.x + max(-2.0, min(self.n + 2.0, x)) * k,
                    self.rect.y + max(-2.0, min(self.n + 2.0, z)) * k) for x, z in footprint]
            pygame.draw.lines(surf, (255, 255, 255), True, pts, 1)
        pygame.draw.rect(surf, (200, 200, 200), self.rect.inflate(2, 2), 1)

    def _covers(self, poly) -> bool:
        """Whether the convex ground polygon ``poly`` holds every cell centre of the hex board."""
        lay = self.layout
        xs, zs = lay.cx[lay.mask], lay.cz[lay.mask]
        pts = [tuple(map(float, p)) for p in poly]
        sign = 0.0
        for (ax, az), (bx, bz) in zip(pts, pts[1:] + pts[:1]):
            cross = (bx - ax) * (zs - az) - (bz - az) * (xs - ax)
            s = float(np.sign(cross.sum())) or 1.0
            if sign == 0.0:
                sign = s
            if ((cross * sign) < 0).any():
                return False
        return True

    def _north(self, surf: pygame.Surface) -> None:
        """A compass in the top-right corner of a turned map (outside the star): a red needle in a circle
        pointing north, the N beyond its tip."""
        a = math.radians(self.yaw)
        ux, uy = -math.sin(a), -math.cos(a)  # north, turned
        c = (self.rect.right - 24, self.rect.y + 24)
        r = 9
        pygame.draw.circle(surf, (30, 32, 38), c, r + 1)
        pygame.draw.circle(surf, (150, 150, 150), c, r + 1, 1)
        side = (-uy * 4, ux * 4)
        tip = (c[0] + ux * r, c[1] + uy * r)
        tail = (c[0] - ux * r, c[1] - uy * r)
        pygame.draw.polygon(surf, NORTH_RGB, [tip, (c[0] + side[0], c[1] + side[1]), (c[0] - side[0], c[1] - side[1])])
        pygame.draw.polygon(surf, (220, 220, 220), [tail, (c[0] + side[0], c[1] + side[1]),
                                                    (c[0] - side[0], c[1] - side[1])])
        text.draw(surf, "N", (c[0] + ux * (r + 8), c[1] + uy * (r + 8)), 12, (240, 240, 240), anchor="center",
                  shadow=True)

    def _eye(self, surf: pygame.Surface, eye, eye_half: float) -> None:
        """First person: the soldier's eye as a dot and a yellow wedge of its view (pointing up)."""
        px, py = self.to_map(*eye)
        p = (self.rect.x + px, self.rect.y + py)
        reach = self.size * 0.22
        half = math.radians(max(5.0, min(80.0, eye_half)))
        pts = [p, (p[0] - math.sin(half) * reach, p[1] - math.cos(half) * reach),
               (p[0] + math.sin(half) * reach, p[1] - math.cos(half) * reach)]
        pygame.draw.lines(surf, (255, 230, 60), True, pts, 2)
        pygame.draw.circle(surf, (255, 230, 60), (int(p[0]), int(p[1])), 3)

    def cell_at(self, pos):
        if not self.rect.collidepoint(pos):
            return None
        k = self.size / self.n
        if self.layout is not None:  # the board cell under the point, else the nearest one
            x, z = self.to_world(pos[0] - self.rect.x, pos[1] - self.rect.y)
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
