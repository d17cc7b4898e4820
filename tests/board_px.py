"""The drawn size of every piece on a board scene's screen, measured in the rendered picture (issue 26: by eye
三国演弈's GL pieces were 22–23 px while their projected width said ≥ 24)."""
from __future__ import annotations

import dataclasses

import numpy as np

from client.render.gl_board import TOKEN_H, TOKEN_R

THRESHOLD = 40  # a pixel counts as the piece's when some channel differs by more (its anti-aliased rim does not)


def _picture(app, view_of) -> np.ndarray:
    sc = app.scene
    real = sc._board_view
    sc._board_view = lambda: view_of(real())
    try:
        sc.dirty = True
        app.step(0.016)
        return app.display.screenshot().astype(np.int16)
    finally:
        sc._board_view = real


def drawn_piece_px(app) -> dict:
    """Each piece's cell -> (width, height) in pixels of what is drawn for it: the picture of the board with a
    quarter of its pieces (no two closer than two cells, so their pixels never touch) against the empty board;
    the bounding box of the pixels that differ around the piece's centre."""
    sc = app.scene
    for _ in range(200):  # the camera at rest (it turns to the seat to move)
        if sc.camera is None or not sc.camera.moving:
            break
        app.step(0.05)
    sc.dirty = True
    app.step(0.016)
    view = sc.last_board_view
    empty = _picture(app, lambda v: dataclasses.replace(v, pieces=[]))
    out = {}
    for cls in ((0, 0), (0, 1), (1, 0), (1, 1)):
        keep = [p for p in view.pieces if (p.cell[0] % 2, p.cell[1] % 2) == cls]
        if not keep:
            continue
        diff = np.abs(_picture(app, lambda v: dataclasses.replace(v, pieces=keep)) - empty).max(axis=2) > THRESHOLD
        h, w = diff.shape
        for p in keep:
            x, z = view.geometry.center(p.cell)
            r = TOKEN_R * view.token_scale
            cx, cy = sc.world_px(x, z)
            if sc.using_gl:
                a, b = sc.camera.project([(x - r, TOKEN_H, z), (x + r, TOKEN_H, z)])[:, :2]
                reach = float(np.hypot(*(b - a))) / 2
            else:
                reach = r * sc.flat.scale
            k = int(reach * 1.6) + 3  # the window: the piece and a rim, well short of the next piece drawn
            y0, y1 = max(0, int(cy) - k), min(h, int(cy) + k + 1)
            x0, x1 = max(0, int(cx) - k), min(w, int(cx) + k + 1)
            ys, xs = np.nonzero(diff[y0:y1, x0:x1])
            out[p.cell] = (int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)) if len(xs) else (0, 0)
    sc.dirty = True
    app.step(0.016)
    return out


def smallest_piece_px(app) -> int:
    """The narrower extent of the smallest piece drawn, in pixels."""
    return min(min(wh) for wh in drawn_piece_px(app).values())
