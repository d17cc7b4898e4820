"""The flat (pygame 2D) renderer's picture of a hex board (the star, S19a).

Every board cell is a hexagon filled with the same colours as a square cell of the flat
renderer (``FlatRenderer.board_rgb``: height ramp, fog, overlay tints), outlined as the grid;
then the same marks as on square maps (sight cells, the blocking cell, step costs, names,
heights, soldiers, targets, selection, hover) at the cell's centre from the layout.
"""
from __future__ import annotations

import numpy as np
import pygame

from client.render.flat_paint import (BLOCK_RED, SIGHT_YELLOW, draw_ghost_ring, draw_target_marks, player_rgb,
                                      terrain_rgb)
from client.render.hex_layout import CORNERS


def draw_hex(renderer, frame, cam) -> None:
    """Draw ``frame`` (with ``frame.layout`` a HexLayout) through the FlatCamera ``cam``."""
    surf = renderer.surface
    lay = frame.layout
    s = cam.scale
    rgb = renderer.board_rgb(frame)
    o = frame.overlays
    w, h = renderer.width, renderer.height

    def centre(cell):
        return cam.to_screen(*lay.centre(cell))

    def poly(cell, k=1.0):
        x, z = lay.centre(cell)
        return [cam.to_screen(x + cx * k, z + cz * k) for cx, cz in CORNERS]

    def in_view(cell):
        if not lay.contains(cell):
            return False
        x, y = centre(cell)
        return -s <= x <= w + s and -s <= y <= h + s

    cells = [c for c in lay.cells if in_view(c)]
    grid = (28, 30, 30)
    for c in cells:
        pts = poly(c)
        pygame.draw.polygon(surf, tuple(int(v) for v in rgb[c]), pts)
        if s >= 7:
            pygame.draw.polygon(surf, grid, pts, 1)

    def rect(cell):
        x, y = centre(cell)
        r = pygame.Rect(0, 0, max(1, round(s)), max(1, round(s)))
        r.center = (round(x), round(y))
        return r

    if o.show_heights and s >= 18:
        f = renderer._font(max(9, int(s * 0.28)))
        for c in cells:
            hv = int(frame.heights[c])
            if hv >= 0:
                img = f.render(str(hv), True, (20, 20, 20))
                x, y = centre(c)
                surf.blit(img, img.get_rect(center=(x, y + s * 0.28)))
    if o.reachable and s >= 18:
        f = renderer._font(max(9, int(s * 0.3)))
        for c, cost in o.reachable.items():
            if in_view(c):
                img = f.render(str(cost), True, (10, 60, 10))
                x, y = centre(c)
                surf.blit(img, img.get_rect(center=(x + s * 0.25, y - s * 0.2)))
    if o.show_coords and s >= 14:
        f = renderer._font(max(9, int(s * 0.22)))
        for c in cells:
            img = f.render(lay.name(c), True, (235, 235, 235))
            x, y = centre(c)
            surf.blit(img, img.get_rect(center=(x, y - s * 0.3)))
    if o.sight_src is not None and o.sight_dst is not None:
        for row in o.sight_cells:
            if in_view(row["cell"]):
                pygame.draw.polygon(surf, SIGHT_YELLOW, poly(row["cell"], 0.9), 2 if s >= 10 else 1)
        if o.sight_block is not None and in_view(o.sight_block):
            pygame.draw.polygon(surf, (120, 0, 0), poly(o.sight_block, 0.9), 2 if s >= 10 else 1)
    for cell, _radius in getattr(frame, "ghosts", []) or []:
        if in_view(cell):
            draw_ghost_ring(surf, centre(cell), s)
    for u in frame.units:
        if in_view(u.cell):
            renderer._draw_unit(surf, rect(u.cell), u, s, label=u.count != 1)  # the star: one soldier a cell
    if o.sight_src is not None and o.sight_dst is not None:
        col = BLOCK_RED if o.sight_block is not None else SIGHT_YELLOW
        pygame.draw.line(surf, col, centre(o.sight_src), centre(o.sight_dst), 2)
    draw_target_marks(surf, o, in_view, rect, s)
    if o.selected is not None and in_view(o.selected):
        pygame.draw.polygon(surf, (255, 230, 40), poly(o.selected, 1.05), 3 if s >= 10 else 2)
    if o.hover is not None and in_view(o.hover):
        pygame.draw.polygon(surf, (255, 255, 255), poly(o.hover, 0.95), 1 if s < 20 else 2)


def pick_hex(frame, cam, x: float, y: float):
    """The board cell under pixel (x, y) of the flat view, or None."""
    wx, wz = cam.to_world(x, y)
    return frame.layout.at_point(wx, wz)



def hex_preview(heights, layout, spawns=(), size: int = 256) -> pygame.Surface:
    """A size x size picture of a hex board: its hexagons in terrain colours (the flat renderer's ramp)
    and each player's spawn cells as a dot of the player's colour (the start screen's map preview)."""
    rgb = terrain_rgb(np.asarray(heights))
    img = pygame.Surface((size, size))
    img.fill((14, 15, 18))
    k = size / layout.shape[1]
    for cell in layout.cells:
        x, z = layout.centre(cell)
        pygame.draw.polygon(img, tuple(int(v) for v in rgb[cell]), [((x + cx) * k, (z + cz) * k) for cx, cz in CORNERS])
    for p, cells in enumerate(spawns):
        for cell in cells:
            x, z = layout.centre(cell)
            pygame.draw.circle(img, player_rgb(p), (round(x * k), round(z * k)), max(2, round(k * 0.3)))
    return img
