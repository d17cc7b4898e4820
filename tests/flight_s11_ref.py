"""The labels' layout and glyph quads as they were in session 11 (client/render/gl_overlay_pass.py, gl_text.py before
session 12), kept word for word so tests can hold today's faster code to the same output (tests/test_flight_s12.py)."""
from __future__ import annotations

import numpy as np

from client.camera import project
from client.render.base import Frame, Y_SCALE
from client.render.gl_overlay_pass import _DX, _DZ, LABEL_WHITE, OUTLINE, _steps, cell_label, label_list
from client.render.gl_text import GHOST, PAD, SPENT, SWORDS, TENT
from client.render.hex_layout import cell_xz


class S11Labels:
    """Session 11's ``_labels`` / ``_label_tops`` / ``_occluded`` over a renderer's size and ``_max_cell_px``."""

    def __init__(self, renderer):
        self.width, self.height = renderer.width, renderer.height
        self._max_cell_px = renderer._max_cell_px
        self._tops_cache = None

    def _labels(self, frame: Frame, hgt: np.ndarray, view, proj, extra):
        ov = frame.overlays
        anchors, texts, colours, scale, outlines = [], [], [], [], []

        def add(point, text, rgba=LABEL_WHITE, k=0.5, outline=OUTLINE):
            anchors.append(point)
            texts.append(text)
            colours.append(rgba)
            scale.append(k)
            outlines.append(outline)

        rows, cols = hgt.shape
        layout = getattr(frame, "layout", None)

        def at(cell, y, dx=0.0, dz=0.0):
            x, z = cell_xz(cell, layout)
            return (x + dx, y, z + dz)

        for cell, _rad in frame.ghosts:
            r, c = cell
            add(at(cell, (hgt[r, c] + 3) * Y_SCALE + 0.12), GHOST, (0.85, 0.8, 1.0, 1.0), 0.55)
        unit_cells = {u.cell for u in frame.units}
        # the star: a step cost and the height number share a small hexagon, side by side along the
        # screen's x (the camera's right vector, level), so they never cover each other at any yaw
        rx, rz = (float(view[0, 0]), float(view[0, 2])) if layout is not None else (0.0, 0.0)
        # the star: a hex with the sight line's S5 numbers over it shows those, not a step cost beneath them
        posts = {tuple(row["cell"]) for row in ov.sight_cells} if layout is not None and ov.sight_numbers else set()
        for cell, cost in ov.reachable.items():
            r, c = cell
            if cell in unit_cells or cell in posts:
                continue
            add(at(cell, hgt[r, c] * Y_SCALE + 0.02, -0.15 * rx, -0.15 * rz) if layout is not None
                else at(cell, hgt[r, c] * Y_SCALE + 0.02), str(cost), (0.85, 1.0, 1.0, 1.0), 0.45)
        costed = set(ov.reachable) - unit_cells if layout is not None else set()
        if (ov.show_coords or ov.show_heights) and self._max_cell_px(view, proj) * 0.24 >= 7.0:
            # only cells on screen and large enough to read (vectorised first pass)
            known = np.asarray(frame.heights) >= 0
            rr, cc = np.mgrid[0:rows, 0:cols]
            if layout is None:
                centre = np.stack([cc.ravel() + 0.5, hgt.ravel() * Y_SCALE, rr.ravel() + 0.5], axis=1)
            else:
                centre = np.stack([layout.cx.ravel(), hgt.ravel() * Y_SCALE, layout.cz.ravel()], axis=1)
            pa = project(view, proj, self.width, self.height, centre)
            pb = project(view, proj, self.width, self.height, centre + [1.0, 0.0, 0.0])
            size = np.hypot(pb[:, 0] - pa[:, 0], pb[:, 1] - pa[:, 1])
            ok = ((pa[:, 2] > -1) & (pa[:, 2] < 1) & (pa[:, 0] > -20) & (pa[:, 0] < self.width + 20)
                  & (pa[:, 1] > -20) & (pa[:, 1] < self.height + 20) & (size * 0.24 >= 7.0))
            if layout is not None:
                ok &= layout.mask.ravel()
            namer = layout.name if layout is not None else cell_label
            for i in np.flatnonzero(ok)[:4000]:
                r, c = divmod(int(i), cols)
                y = hgt[r, c] * Y_SCALE + 0.01
                if ov.show_coords:  # square: the top-left corner; hex: above the centre
                    add(at((r, c), y, -0.26, -0.34) if layout is None else at((r, c), y, 0.0, -0.3),
                        namer((r, c)), (1.0, 1.0, 0.8, 1.0), 0.24)
                if ov.show_heights and known[r, c] and hgt[r, c] != 0:
                    if layout is None:
                        where = at((r, c), y, 0.28, 0.32)
                    elif (r, c) in costed:  # right of the step cost
                        where = at((r, c), y, 0.24 * rx, 0.24 * rz)
                    else:
                        where = at((r, c), y, 0.0, 0.22)
                    add(where, str(int(hgt[r, c])), (0.8, 0.95, 1.0, 1.0), 0.26)
        for point, text, rgba in extra:  # S5 numbers: white on the verdict's colour
            add(tuple(point), text, LABEL_WHITE, 0.32, (rgba[0] * 0.75, rgba[1] * 0.6, rgba[2] * 0.6, 1.0))
        first_count = len(texts)  # the labels from here on are stack counts
        if ov.show_counts:  # last, so stack counts are drawn over cell labels
            for u in frame.units:
                r, c = u.cell
                icon = {"fresh": TENT, "attacked": SWORDS, "spent": SPENT}.get(u.state, "")
                count = "" if layout is not None and u.count == 1 else str(u.count)  # the star: one soldier a cell
                if count or icon:
                    add(at(u.cell, (hgt[r, c] + u.count) * Y_SCALE + 0.12), f"{count}{icon}", LABEL_WHITE, 0.55)
        if not anchors:
            return []
        pts = np.asarray(anchors, np.float64)
        n = len(pts)
        # the anchors and their one-cell steps along x and z in one projection (row by row, as three would)
        abc = project(view, proj, self.width, self.height, np.concatenate((pts, pts + _DX, pts + _DZ)))
        a, b, c2 = abc[:n], abc[n:2 * n], abc[2 * n:]
        cell_px = np.maximum(np.hypot(*(b[:, :2] - a[:, :2]).T), np.hypot(*(c2[:, :2] - a[:, :2]).T))
        # anchors off the picture are skipped below: only those on it are tested for occlusion
        shown = ((a[:, 2] >= -1.0) & (a[:, 2] <= 1.0) & (a[:, 0] >= -50) & (a[:, 1] >= -50)
                 & (a[:, 0] <= self.width + 50) & (a[:, 1] <= self.height + 50))
        hidden = (self._occluded(frame, hgt, view, proj, pts, a, shown) if len(pts) <= 1500
                  else np.zeros(len(pts), bool))
        return label_list(a, hidden, cell_px, texts, scale, colours, outlines, first_count,
                          self.width, self.height)

    def _label_tops(self, frame, hgt):
        """(tops, their highest) for ``_occluded``: each cell's ground or stack top in world y, kept while the
        frame's version (its heights), the stacks and whether the heights given are the flat far view's zeros stay
        the same (a moving camera over one position): ``draw`` passes the frame's heights or zeros."""
        key = None if frame.version is None else (frame.version, hgt.shape, bool(hgt.any()),
                                                  tuple((u.cell, u.count) for u in frame.units))
        hit = self._tops_cache
        if key is not None and hit is not None and hit[0] == key:
            return hit[1], hit[2]
        tops = hgt.astype(np.float32)
        for u in frame.units:
            tops[u.cell] = hgt[u.cell] + u.count
        tops *= Y_SCALE
        ymax = float(tops.max())
        self._tops_cache = (key, tops, ymax)
        return tops, ymax

    def _occluded(self, frame, hgt, view, proj, pts, pix, only=None) -> np.ndarray:
        """True for label anchors hidden behind terrain or stacks (perspective views only):
        the segment from the eye to each anchor is sampled every ~0.2 cell (vectorised). ``only``: a mask of the
        anchors to test (the others read False); the sampling is the same as when all are tested."""
        n = len(pts)
        out = np.zeros(n, bool)
        if n == 0 or (abs(float(proj[3, 3]) - 1.0) < 1e-6 and abs(float(proj[3, 2])) < 1e-9):
            return out  # orthographic: straight top-down views hide nothing behind labels
        rows, cols = hgt.shape
        tops, ymax = self._label_tops(frame, hgt)
        eye = np.linalg.inv(view.astype(np.float64))[:3, 3]
        p = np.asarray(pts, np.float64)
        seg = p - eye
        length = np.hypot(seg[:, 0], seg[:, 2])
        # only the part of each segment below the highest top can be blocked
        # (np.minimum / np.maximum give np.clip's values; the square root of the row sums is np.linalg.norm's)
        drop = eye[1] - p[:, 1]
        t0 = np.where(drop > 1e-6, np.minimum(np.maximum((eye[1] - ymax) / np.maximum(drop, 1e-6), 0.0), 1.0), 0.0)
        total = np.sqrt(np.add.reduce(seg * seg, axis=1))
        t1 = np.minimum(np.maximum(1.0 - 0.1 / np.maximum(total, 1e-6), 0.0), 1.0)  # stop 0.1 short of the anchor
        span = np.maximum(t1 - t0, 0.0)
        steps = int(min(512, max(2, np.ceil((span * length).max() / 0.2))))
        k = _steps(steps)
        sel = np.flatnonzero(only) if only is not None else np.arange(n)
        if not len(sel):
            return out
        t = t0[sel, None] + span[sel, None] * k
        q = eye[None, None, :] + seg[sel, None, :] * t[..., None]  # (N, S, 3)
        layout = getattr(frame, "layout", None)
        if layout is None:
            c = np.floor(q[..., 0]).astype(np.int64)
            r = np.floor(q[..., 2]).astype(np.int64)
            er, ec = int(np.floor(eye[2])), int(np.floor(eye[0]))
        else:
            r, c = layout.cells_at(q[..., 0], q[..., 2])
            er, ec = (int(v) for v in layout.cells_at(eye[0], eye[2]))
        inside = (r >= 0) & (r < rows) & (c >= 0) & (c < cols)
        # not the cell the eye stands on (first person: the eye is on top of its own stack)
        inside &= ~((r == er) & (c == ec))
        rc, cc = np.minimum(np.maximum(r, 0), rows - 1), np.minimum(np.maximum(c, 0), cols - 1)  # np.clip's values
        top = np.where(inside, tops[rc, cc], -1e9)
        out[sel] = (q[..., 1] < top).any(axis=1)
        return out


class S11Atlas:
    """Session 11's ``GlyphAtlas.quads`` over an atlas's metrics."""

    def __init__(self, atlas):
        self.line_h, self.metrics, self.text_width = atlas.line_h, atlas.metrics, atlas.text_width

    def quads(self, items) -> np.ndarray:
        """Vertices (N*6, 12) float32 for labels: each item (x, y, text, px, rgba, outline_rgba, align)
        with (x, y) the anchor pixel; align 'c' centres on it, 'l' starts at it, 'b' centres above it."""
        out = []
        for x, y, text, px, rgba, orgba, align in items:
            k = px / (self.line_h - 2 * PAD)
            width = self.text_width(text, px)
            if align == "l":
                cx = x
                top = y - px / 2
            elif align == "b":
                cx = x - width / 2
                top = y - px
            else:
                cx = x - width / 2
                top = y - px / 2
            for c in text:
                u0, v0, u1, v1, qw, qh, adv = self.metrics.get(c, self.metrics["?"])
                x0 = cx - PAD * k
                y0 = top - PAD * k
                x1, y1 = x0 + qw * k, y0 + qh * k
                for (px_, py_, uu, vv) in ((x0, y0, u0, v0), (x1, y0, u1, v0), (x1, y1, u1, v1),
                                           (x0, y0, u0, v0), (x1, y1, u1, v1), (x0, y1, u0, v1)):
                    out.append((px_, py_, uu, vv, *rgba, *orgba))
                cx += adv * k
        if not out:
            return np.zeros((0, 12), np.float32)
        return np.asarray(out, dtype=np.float32)
