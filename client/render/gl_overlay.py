"""Rule overlays: per-cell overlay textures (fill, inner ring, marks) and thick 3D lines (the sight line).

Colours (also in docs/rendering.md):

* reachable cells — cyan fill, the step cost printed on the cell;
* attack range — orange diagonal hatching;
* attackable targets — red ring; targets in range but blocked — grey ring and grey fill;
* sight line — a line from stack top to stack top; the checked cells yellow, the
  decisive blocking cell solid RED (other blocking cells light red); a post at each
  checked cell from its terrain top to the line's height: green when the line passes
  above (clear), red when the terrain reaches the line (blocks, S5);
* vision preview — cells seen pale gold, the rest darkened;
* ghost vision — violet dots; reinforcement cells — green ring and light green fill;
* selected cell — white ring; hovered cell — light yellow ring.
"""
from __future__ import annotations

import numpy as np

from client.render.base import Y_SCALE
from client.render.hex_layout import cell_xz as _xz

C_REACH = (0.20, 0.80, 1.00)
C_TARGET = (1.00, 0.12, 0.08)
C_BLOCKED = (0.55, 0.55, 0.62)
C_SIGHT = (1.00, 0.90, 0.20)
C_BLOCK = (1.00, 0.05, 0.05)
C_BLOCK_OTHER = (0.95, 0.45, 0.45)
C_VISION = (1.00, 0.93, 0.55)
C_REINFORCE = (0.25, 1.00, 0.35)
C_SELECT = (1.00, 1.00, 1.00)
C_HOVER = (1.00, 1.00, 0.65)
C_CLEAR = (0.15, 0.95, 0.30)


def _u8(rgb, a):
    return np.array([*(int(round(x * 255)) for x in rgb), int(round(a * 255))], np.uint8)


def overlay_images(ov, shape):
    """(fill, edge, mark) uint8 (H, W, 4) images of an Overlays for a board of ``shape``."""
    h, w = shape
    fill = np.zeros((h, w, 4), np.uint8)
    edge = np.zeros((h, w, 4), np.uint8)
    mark = np.zeros((h, w, 4), np.uint8)

    def cells_mask(cells):
        m = np.zeros((h, w), bool)
        for r, c in cells:
            if 0 <= r < h and 0 <= c < w:
                m[r, c] = True
        return m

    if ov.attack_area is not None:
        mark[..., 0] = np.where(np.asarray(ov.attack_area, bool), 255, 0)
    if ov.vision is not None:
        v = np.asarray(ov.vision, bool)
        fill[v] = _u8(C_VISION, 0.30)
        mark[..., 1] = np.where(v, 0, 120)
    if ov.ghost_cells is not None:
        mark[..., 2] = np.where(np.asarray(ov.ghost_cells, bool), 255, 0)
    if ov.reachable:
        fill[cells_mask(ov.reachable)] = _u8(C_REACH, 0.45)
    if ov.reinforce_cells:
        m = cells_mask(ov.reinforce_cells)
        fill[m] = _u8(C_REINFORCE, 0.30)
        edge[m] = _u8(C_REINFORCE, 1.0)
    if ov.blocked_targets:
        m = cells_mask(ov.blocked_targets)
        fill[m] = _u8(C_BLOCKED, 0.40)
        edge[m] = _u8(C_BLOCKED, 1.0)
    if ov.targets:
        edge[cells_mask(ov.targets)] = _u8(C_TARGET, 1.0)
    for row in ov.sight_cells:
        r, c = row["cell"]
        if not (0 <= r < h and 0 <= c < w):
            continue
        fill[r, c] = _u8(C_BLOCK_OTHER, 0.65) if row.get("blocks") else _u8(C_SIGHT, 0.60)
    if ov.sight_block is not None:
        r, c = ov.sight_block
        if 0 <= r < h and 0 <= c < w:
            fill[r, c] = _u8(C_BLOCK, 0.90)
            edge[r, c] = _u8((0.5, 0.0, 0.0), 1.0)
    if ov.hover is not None:
        r, c = ov.hover
        if 0 <= r < h and 0 <= c < w:
            edge[r, c] = _u8(C_HOVER, 0.9)
    if ov.selected is not None:
        r, c = ov.selected
        if 0 <= r < h and 0 <= c < w:
            edge[r, c] = _u8(C_SELECT, 1.0)
    return fill, edge, mark



def sight_geometry(frame, flat: bool = False):
    """World segments [(p0, p1, rgba, width_px)] and labels [(point, text, rgba)] of the sight line.
    ``flat``: the far (flat map) view: the line lies on the board, without posts or numbers."""
    ov = frame.overlays
    if ov.sight_src is None or ov.sight_dst is None:
        return [], []
    hts = np.maximum(np.asarray(frame.heights), 0)
    counts = {u.cell: u.count for u in frame.units}
    s, d = ov.sight_src, ov.sight_dst
    if ov.sight_cells:
        z, x = ov.sight_cells[0]["z"], ov.sight_cells[0]["x"]
    else:
        z = int(hts[s]) + counts.get(s, 0)
        x = int(hts[d]) + counts.get(d, 0)
    layout = getattr(frame, "layout", None)
    p0 = np.array([*_xz(s, layout), 0.0])[[0, 2, 1]]
    p1 = np.array([*_xz(d, layout), 0.0])[[0, 2, 1]]
    p0[1], p1[1] = z * Y_SCALE, x * Y_SCALE
    blocked = ov.sight_block is not None or any(r.get("blocks") for r in ov.sight_cells)
    if flat:
        p0[1] = p1[1] = 0.05
    segs = [(p0, p1, (1.0, 0.25, 0.2, 1.0) if blocked else (1.0, 0.95, 0.3, 1.0), 4.0)]
    labels = []
    if flat:
        return segs, labels
    for row in ov.sight_cells:
        r, c = row["cell"]
        if layout is not None and not layout.contains((r, c)):
            continue  # off a hex board (the star's notches): no ground to stand a post on
        a, b = row["a"], row["b"]
        line_y = (a * row["z"] + b * row["x"]) / (a + b) * Y_SCALE
        top = row["y"] * Y_SCALE
        col = (1.0, 0.15, 0.1, 1.0) if row["blocks"] else (*C_CLEAR, 1.0)
        cx, cz = _xz((r, c), layout)
        centre = np.array([cx, 0.0, cz])
        lo, hi = sorted((top, line_y))
        segs.append((centre + [0, lo, 0], centre + [0, max(hi, lo + 0.02), 0], col, 3.0))
        # a short cross tick where the line passes
        segs.append((centre + [-0.18, line_y, 0], centre + [0.18, line_y, 0], col, 3.0))
        if ov.sight_numbers:
            op = "\u2265" if row["blocks"] else "<"
            labels.append((centre + [0, max(top, line_y) + 0.1, 0],
                           f"{row['lhs']}{op}{row['rhs']}", col))
    return segs, labels


def line_quads(segments, mvp: np.ndarray, width: int, height: int) -> np.ndarray:
    """(N*6, 8) float32 clip-space vertices (clip xyzw + rgba) of screen-space-thick segments (all segments at once:
    the close-up's sight line with its posts has dozens)."""
    if not segments:
        return np.zeros((0, 8), np.float32)
    half = np.array([width / 2.0, height / 2.0])
    # one row a segment: p0 (homogeneous), p1 (homogeneous), rgba, width in pixels
    seg = np.array([(*p0, 1.0, *p1, 1.0, *rgba, px) for p0, p1, rgba, px in segments], np.float64)
    h = seg[:, :8].reshape(-1, 4) @ np.asarray(mvp, np.float64).T  # clip coordinates of both ends, interleaved
    w = h[:, 3:4]
    ok = (w[0::2, 0] > 1e-3) & (w[1::2, 0] > 1e-3)
    if not ok.all():
        if not ok.any():
            return np.zeros((0, 8), np.float32)
        seg, h, w = seg[ok], h[np.repeat(ok, 2)], w[np.repeat(ok, 2)]
    ndc = h[:, :3] / w  # x, y, depth of both ends
    n0, n1 = ndc[0::2, :2], ndc[1::2, :2]
    dpx = (n1 - n0) * half
    ln = np.hypot(dpx[:, 0], dpx[:, 1])
    tiny = ln < 1e-6
    if tiny.any():
        dpx[tiny] = (1.0, 0.0)
        ln[tiny] = 1.0
    hw = seg[:, 12:13] / 2.0
    ext = dpx / ln[:, None] * hw / half  # along the segment: the ends extended by half a width so joints look closed
    perp = np.stack([-dpx[:, 1], dpx[:, 0]], axis=1) / ln[:, None] * hw / half
    n = len(seg)
    out = np.empty((n, 6, 8))
    ends = ((0, n0 - ext + perp, 0), (1, n0 - ext - perp, 0), (2, n1 + ext + perp, 1), (4, n1 + ext - perp, 1))
    for k, xy, e in ends:
        we = w[e::2]
        out[:, k, 0:2] = xy * we
        out[:, k, 2:3] = ndc[e::2, 2:3] * we
        out[:, k, 3:4] = we
    out[:, 3] = out[:, 1]
    out[:, 5] = out[:, 2]
    out[:, :, 4:8] = seg[:, None, 8:12]
    return out.reshape(-1, 8).astype(np.float32)
