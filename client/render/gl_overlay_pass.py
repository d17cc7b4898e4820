"""The overlay pass of GLRenderer (client/render/gl.py): the sight line (geometry from
client/render/gl_overlay.py), labels over the board (step costs, coordinates, heights, stack counts, the
sight line's numbers; hidden when terrain covers them) and screen-space text from the glyph atlas
(client/render/gl_text.py). ``OverlayPass`` is a part of GLRenderer: it keeps its buffers on the
renderer."""
from __future__ import annotations

import ctypes
import ctypes.util
import math

import moderngl
import numpy as np

from client.camera import project, to_glm
from client.render import gl_overlay
from client.render.base import Frame, Y_SCALE
from client.render.gl_programs import load_program
from client.render.gl_text import GHOST, SPENT, SWORDS, TENT, GlyphAtlas
from client.render.hex_layout import cell_xz
from engine.grids import letters

LABEL_WHITE = (1.0, 1.0, 1.0, 1.0)
OUTLINE = (0.0, 0.0, 0.0, 0.85)
try:  # np.linalg.inv's own kernel, without its checks (a view matrix is never singular): the same values
    from numpy.linalg import _umath_linalg

    def _inv(m):
        return _umath_linalg.inv(m, signature="d->d")
except ImportError:  # pragma: no cover - another numpy layout
    _inv = np.linalg.inv
_DX = np.array([1.0, 0.0, 0.0])  # one cell along x and along z: a label's size on screen (_labels)
_DZ = np.array([0.0, 0.0, 1.0])
_ICONS = {"fresh": TENT, "attacked": SWORDS, "spent": SPENT}  # a stack count's icon by the stack's state
_LIMS: dict = {}  # (cols, rows) -> the occlusion test's clip bounds (_lim)
_STEPS: dict = {}  # steps -> the occlusion test's sample fractions (np.linspace(0, 1, steps), kept)
_STEPS_LIST: dict = {}  # steps -> the same fractions as Python floats (_occluded_few)
# below these the labels' layout runs on Python floats (_labels_few: anchors; _occluded_few: occlusion samples), where
# numpy's fixed cost a call is more than the work (issue 27; measured on a 64x64 board, 1280x800, far, mid and close
# views, load ~1: 8 anchors 48-122 us against 79-179 with numpy, even at 16-24, numpy ahead from 32; the Python
# samples ahead of numpy's sampling below ~100 samples; the huge flight lays out a median of ~12 anchors)
FEW_LABELS = 20
FEW_SAMPLES = 96


def _libm_hypot():
    """The C library's hypot (numpy's np.hypot calls it; math.hypot is Python's own and differs in the last bit
    now and then), or np.hypot of two floats where it cannot be loaded."""
    try:
        f = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6").hypot
    except (OSError, AttributeError):  # pragma: no cover - no loadable C math library
        return lambda x, y: float(np.hypot(x, y))
    f.restype = ctypes.c_double
    f.argtypes = (ctypes.c_double, ctypes.c_double)
    return f


_hypot = _libm_hypot()


def _int_range(dtype) -> tuple:
    """(min, max) of an integer dtype, (1, 0) (empty) for others; kept per dtype (np.iinfo costs ~10 us)."""
    k = _INT_RANGES.get(dtype)
    if k is None:
        k = _INT_RANGES[dtype] = ((int(np.iinfo(dtype).min), int(np.iinfo(dtype).max)) if dtype.kind in "iu"
                                  else (1, 0))
    return k


_INT_RANGES: dict = {}


def _clip01(v: float) -> float:
    """``np.minimum(np.maximum(v, 0.0), 1.0)`` of a Python float (NaN stays NaN)."""
    return v if v != v else 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


def _steps_list(steps: int) -> list:
    """``np.linspace(0.0, 1.0, steps)`` as Python floats, made once per count (``_occluded_few``)."""
    k = _STEPS_LIST.get(steps)
    if k is None:
        k = _STEPS_LIST[steps] = _steps(steps)[0].tolist()
    return k


def _lim(cols: int, rows: int) -> np.ndarray:
    """``np.array([cols, rows], float)``, made once per board size (``_occluded``)."""
    k = _LIMS.get((cols, rows))
    if k is None:
        k = _LIMS[(cols, rows)] = np.array([float(cols), float(rows)])
        k.flags.writeable = False
    return k


def _steps(steps: int) -> np.ndarray:
    """``np.linspace(0.0, 1.0, steps)[None, :]``, made once per count (``_occluded``)."""
    k = _STEPS.get(steps)
    if k is None:
        k = _STEPS[steps] = np.linspace(0.0, 1.0, steps)[None, :]
        k.flags.writeable = False
    return k


def project_few(view, proj, width: int, height: int, points: np.ndarray) -> np.ndarray:
    """``client.camera.project`` of (N, 3) float64 ``points``, value for value (signed zeros and NaN too), in fewer
    numpy calls (issue 27: the labels' few anchors are projected every flight frame): the three divisions by w in
    one, and ``(h / w + 1) * 0.5 * width`` as ``(h / w * 1 + 1) * (0.5 * width)``, ``(1 - h / w) * 0.5 * height`` as
    ``(h / w * -1 + 1) * (0.5 * height)`` (negating, adding and halving are exact), depth ``h / w * 1 + -0.0``."""
    m = np.array(to_glm(proj) * to_glm(view))
    h = points[:, 0:1] * m[:, 0] + points[:, 1:2] * m[:, 1] + points[:, 2:3] * m[:, 2] + m[:, 3]
    w = h[:, 3:]
    w = np.where(np.abs(w) < 1e-12, 1e-12, w)
    return (h[:, :3] / w * _FLIP + _SHIFT) * np.array([0.5 * width, 0.5 * height, 1.0])


_FLIP = np.array([1.0, -1.0, 1.0])
_SHIFT = np.array([1.0, 1.0, -0.0])


def cell_label(cell) -> str:
    """The name of a square board's (row, col) cell: column letters, then the 1-based row ("b3")."""
    return f"{letters(cell[1])}{cell[0] + 1}"


class OverlayPass:
    """The overlay pass: line and label programs, the glyph atlas and their buffers (a part of GLRenderer)."""

    def _init_overlays(self, ctx: moderngl.Context) -> None:
        """The label and line programs, the glyph atlas and the dynamic label and line buffers."""
        self.p_label = load_program(ctx, "label")
        self.p_line = load_program(ctx, "line")
        self.atlas = GlyphAtlas()
        self.t_atlas = self.atlas.texture(ctx)
        self._label_cache = None  # (key, items) of the labels laid out last (_label_items)
        self._tops_cache = None  # (key, tops, highest top, padded tops) of the occlusion test (_label_tops)
        self._label_vbo_held = None  # (the kept labels, their vertex count) when the label buffer holds their quads
        # dynamic buffers for labels and lines
        self.label_vbo = ctx.buffer(reserve=12 * 4 * 6 * 512, dynamic=True)
        self.label_vao = ctx.vertex_array(self.p_label, [
            (self.label_vbo, "2f 2f 4f 4f", "in_pos", "in_uv", "in_color", "in_outline")])
        self.line_vbo = ctx.buffer(reserve=8 * 4 * 6 * 64, dynamic=True)
        self.line_vao = ctx.vertex_array(self.p_line, [(self.line_vbo, "4f 4f", "in_clip", "in_color")])

    def _draw_sight(self, frame: Frame, far: bool, mvp) -> list:
        """The sight line: faint where hidden behind terrain, solid where seen; returns its labels."""
        ctx = self.ctx
        segs, sight_labels = gl_overlay.sight_geometry(frame, flat=far)
        if segs:
            quads = gl_overlay.line_quads(segs, mvp, self.width, self.height)
            if len(quads):
                self._upload(self.line_vbo, quads)
                ctx.enable(moderngl.BLEND)
                ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
                ctx.disable(moderngl.DEPTH_TEST)
                self.p_line["u_alpha"].value = 0.35
                self.line_vao.render(moderngl.TRIANGLES, vertices=len(quads))
                ctx.enable(moderngl.DEPTH_TEST)
                self.p_line["u_alpha"].value = 1.0
                self.line_vao.render(moderngl.TRIANGLES, vertices=len(quads))
                ctx.disable(moderngl.BLEND)
        return sight_labels

    @staticmethod
    def _upload(buf, data: np.ndarray) -> None:
        """Write a dynamic buffer, growing it when the data does not fit."""
        if data.nbytes > buf.size:
            buf.orphan(max(data.nbytes, buf.size * 2))
        buf.write(data.tobytes())

    def _draw_label_items(self, items) -> None:
        """Draw screen items (``GlyphAtlas.quads``) over the picture. The labels kept by ``_label_items`` (a still
        camera) are drawn from the vertices already in the buffer."""
        if not items:
            return
        kept = self._label_cache
        held = getattr(self, "_label_vbo_held", None)  # (items, vertex count) the label buffer holds
        if held is not None and kept is not None and items is kept[1] and held[0] is items:
            count = held[1]
        else:
            quads = self.atlas.quads(items)
            if not len(quads):
                return
            self._upload(self.label_vbo, quads)
            count = len(quads)
            # only the kept labels' list is known not to change while it is kept (draw_text's may be the caller's)
            self._label_vbo_held = (items, count) if kept is not None and items is kept[1] else None
        ctx = self.ctx
        ctx.disable(moderngl.DEPTH_TEST)
        ctx.enable(moderngl.BLEND)
        ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        self.t_atlas.use(0)
        self.p_label["u_atlas"].value = 0
        self.p_label["u_viewport"].value = (float(self.width), float(self.height))
        self.label_vao.render(moderngl.TRIANGLES, vertices=count)
        ctx.disable(moderngl.BLEND)

    def draw_text(self, items) -> None:
        """Screen-space text over the picture: items (x, y, text, px, rgba, outline_rgba, align)."""
        self.fbo.use()
        self._draw_label_items(items)

    def _label_items(self, frame: Frame, hgt: np.ndarray, view, proj, extra, far: bool):
        """The labels' screen items (``_labels``), laid out again only when the frame's version, the camera,
        the picture's size or the level of detail changed: a still camera over an unchanged position reuses
        them (issue 27). A frame without a version is always laid out."""
        if frame.version is None:
            self._label_cache = None
            return self._labels(frame, hgt, view, proj, extra, far)
        key = (frame.version, np.asarray(view).tobytes(), np.asarray(proj).tobytes(), self.width, self.height, far)
        hit = self._label_cache
        if hit is not None and hit[0] == key:
            return hit[1]
        items = self._labels(frame, hgt, view, proj, extra, far)
        self._label_cache = (key, items)
        return items

    def _labels(self, frame: Frame, hgt: np.ndarray, view, proj, extra, far=None):
        """The labels' screen items (``label_list``) of ``frame`` seen through ``view`` / ``proj`` on ``hgt``
        (``extra``: the sight line's numbers). ``far``: whether ``hgt`` is the far view's zeros (``draw`` passes
        it; None: read from ``hgt``), a key of the occlusion test's kept tops (``_label_tops``)."""
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
            # (add and at written out: this loop runs every flight frame, issue 27; the same values)
            star = layout is not None
            # an integer map's height read as a Python int (item): the numpy scalar's sum, product and float64 value
            # while the sum stays in the map's integer range (no wrap-around), with no numpy scalar arithmetic
            lo, hi = _int_range(hgt.dtype)
            for u in frame.units:
                cell = u.cell
                icon = _ICONS.get(u.state, "")
                count = "" if star and u.count == 1 else str(u.count)  # the star: one soldier a cell
                if count or icon:
                    x, z = cell_xz(cell, layout)
                    r, c = cell
                    top = hgt.item(r, c) + u.count if lo <= hi else None
                    if top is None or not lo <= top <= hi:
                        top = hgt[r, c] + u.count
                    anchors.append((x + 0.0, top * Y_SCALE + 0.12, z + 0.0))
                    texts.append(f"{count}{icon}")
                    colours.append(LABEL_WHITE)
                    scale.append(0.55)
                    outlines.append(OUTLINE)
        if not anchors:
            return []
        if len(anchors) <= FEW_LABELS:
            return self._labels_few(frame, hgt, view, proj, anchors, texts, colours, scale, outlines, first_count, far)
        pts = np.asarray(anchors, np.float64)
        n = len(pts)
        # the anchors and their one-cell steps along x and z in one projection (row by row, as three would)
        abc = project_few(view, proj, self.width, self.height, np.concatenate((pts, pts + _DX, pts + _DZ)))
        a = abc[:n]
        d = abc[n:].reshape(2, n, 3)[..., :2] - a[:, :2]  # the steps along x and along z, in pixels
        h = np.hypot(d[..., 0], d[..., 1])
        cell_px = np.maximum(h[0], h[1])
        # only the anchors label_list keeps are tested for occlusion: those on the picture and large enough to read
        # (the others' hidden flags read False; label_list leaves them out either way)
        shown = ((a[:, 2] >= -1.0) & (a[:, 2] <= 1.0) & (a[:, 0] >= -50) & (a[:, 1] >= -50)
                 & (a[:, 0] <= self.width + 50) & (a[:, 1] <= self.height + 50))
        shown &= readable(cell_px, scale, first_count, len(texts))
        hidden = (self._occluded(frame, hgt, view, proj, pts, a, shown, far) if len(pts) <= 1500
                  else np.zeros(len(pts), bool))
        return label_list(a, hidden, cell_px, texts, scale, colours, outlines, first_count,
                          self.width, self.height)

    def _labels_few(self, frame, hgt, view, proj, anchors, texts, colours, scale, outlines, first_count, far):
        """``_labels``' last part (projection, sizes, readability, occlusion, ``label_list``) for a few anchors, on
        Python floats: the numpy path's values bit for bit (the same IEEE operations in the same order; the sizes'
        hypot is the C library's, as numpy's), without its fixed cost of ~40 numpy calls (issue 27: the flight lays
        out ~12 anchors a frame)."""
        width, height = self.width, self.height
        m = np.array(to_glm(proj) * to_glm(view)).ravel().tolist()  # project_few's matrix, rows
        hw, hh = 0.5 * width, 0.5 * height
        pts, a, cell_px, shown = [], [], [], []
        few_units = len(texts) - first_count <= 300
        for i, p in enumerate(anchors):
            x, y, z = float(p[0]), float(p[1]), float(p[2])
            pts.append((x, y, z))
            ax, ay, az, cpx = _anchor(m, hw, hh, x, y, z)
            a.append((ax, ay, az))
            cell_px.append(cpx)
            on = (az >= -1.0) and (az <= 1.0) and ax >= -50 and ay >= -50 and ax <= width + 50 and ay <= height + 50
            if on and not (i >= first_count and few_units):  # readable()
                px = cpx * scale[i]
                on = not ((px < 7.0) and ((scale[i] < 0.4) or (px < 4.0)))
            shown.append(on)
        hidden = self._occluded_few(frame, hgt, view, proj, pts, shown, far)
        return _label_rows(a, hidden, cell_px, texts, scale, colours, outlines, first_count, width, height)

    def _occluded_few(self, frame, hgt, view, proj, pts, only, far) -> list:
        """``_occluded(..., only, far)`` of a few anchors (``pts``: (x, y, z) Python floats, ``only``: bools) as a
        list of bools, on Python floats (the same operations in the same order); the samples of a square board read
        one by one while they are few (FEW_SAMPLES), else by ``_occluded``'s numpy sampling."""
        n = len(pts)
        out = [False] * n
        if n == 0 or (abs(float(proj[3, 3]) - 1.0) < 1e-6 and abs(float(proj[3, 2])) < 1e-9):
            return out
        if not any(only):
            return out
        rows, cols = hgt.shape
        tops, ymax, padded = self._label_tops(frame, hgt, far)
        ex, ey, ez = _inv(view.astype(np.float64))[:3, 3].tolist()
        segs, t0s, spans, _, steps = _segments_few(pts, ex, ey, ez, ymax)
        sel = [i for i in range(n) if only[i] and not (t0s[i] == 1.0 and spans[i] == 0.0 and ey + segs[i][1] >= ymax)]
        if not sel:
            return out
        layout = getattr(frame, "layout", None)
        if layout is not None or len(sel) * steps > FEW_SAMPLES:
            eye = np.array((ex, ey, ez))
            flags = self._sample(layout, rows, cols, padded, eye, np.array([t0s[i] for i in sel]),
                                 np.array([spans[i] for i in sel]), np.array([segs[i] for i in sel]), steps).tolist()
            for i, f in zip(sel, flags):
                out[i] = f
            return out
        fr = _steps_list(steps)
        w = cols + 2
        er, ec = math.floor(ez), math.floor(ex)
        e = (er + 1) * w + ec + 1 if (0 <= er < rows and 0 <= ec < cols) else -1
        item = padded.item
        for i in sel:
            t0, span = t0s[i], spans[i]
            sx, sy, sz = segs[i]
            for f in fr:
                t = t0 + span * f
                qx, qz = ex + sx * t, ez + sz * t
                # np.floor, then clipped to [-1, cols] / [-1, rows] by fmax / fmin (NaN: -1)
                c = cols if qx >= cols else int(qx) if qx >= 0.0 else -1
                r = rows if qz >= rows else int(qz) if qz >= 0.0 else -1
                at = c + r * w + w + 1
                if ey + sy * t < (-1e9 if at == e else item(at)):
                    out[i] = True
                    break
        return out

    def _label_tops(self, frame, hgt, far=None):
        """(tops, their highest, the tops padded) for ``_occluded``: each cell's ground or stack top in world y, kept
        while the frame's version (its heights), the stacks and whether the heights given are the flat far view's
        zeros stay the same (a moving camera over one position): ``draw`` passes the frame's heights or zeros, and
        says which (``far``; None: read from ``hgt``). The padded tops ((rows + 2) * (cols + 2), flat) have a
        border of -1e9: the top of every cell off the board."""
        flat = bool(far) if far is not None else not bool(hgt.any())
        key = None if frame.version is None else (frame.version, hgt.shape, far is None, flat,
                                                  tuple((u.cell, u.count) for u in frame.units))
        hit = self._tops_cache
        if key is not None and hit is not None and hit[0] == key:
            return hit[1], hit[2], hit[3]
        tops = hgt.astype(np.float32)
        for u in frame.units:
            tops[u.cell] = hgt[u.cell] + u.count
        tops *= Y_SCALE
        ymax = float(tops.max())
        padded = np.full((tops.shape[0] + 2, tops.shape[1] + 2), -1e9, np.float32)
        padded[1:-1, 1:-1] = tops
        padded = padded.ravel()
        self._tops_cache = (key, tops, ymax, padded)
        return tops, ymax, padded

    def _occluded(self, frame, hgt, view, proj, pts, pix, only=None, far=None) -> np.ndarray:
        """True for label anchors hidden behind terrain or stacks (perspective views only):
        the segment from the eye to each anchor is sampled every ~0.2 cell (vectorised). ``only``: a mask of the
        anchors to test (the others read False); the sampling is the same as when all are tested. ``far``: as
        for ``_label_tops``."""
        n = len(pts)
        out = np.zeros(n, bool)
        if n == 0 or (abs(float(proj[3, 3]) - 1.0) < 1e-6 and abs(float(proj[3, 2])) < 1e-9):
            return out  # orthographic: straight top-down views hide nothing behind labels
        if only is not None and not only.any():
            return out  # nothing to test
        rows, cols = hgt.shape
        tops, ymax, padded = self._label_tops(frame, hgt, far)
        eye = _inv(view.astype(np.float64))[:3, 3]
        seg, t0, span, _, steps = _segments(np.asarray(pts, np.float64), eye, ymax)
        # An anchor whose samples all sit at its end (t0 1, span 0: below the eye, above every top) at or above every
        # top is never hidden: each of its samples is the point eye + seg * 1.0, the value computed here. Those are
        # not sampled (the far view's stack counts; issue 27): the others' samples and the step count are unchanged.
        clear = (t0 == 1.0) & (span == 0.0) & (eye[1] + seg[:, 1] >= ymax)
        sel = np.flatnonzero(only > clear) if only is not None else np.flatnonzero(~clear)  # (bools: only and not clear)
        if not len(sel):
            return out
        if len(sel) < n:
            t0, span, seg = t0[sel], span[sel], seg[sel]
        out[sel] = self._sample(getattr(frame, "layout", None), rows, cols, padded, eye, t0, span, seg, steps)
        return out

    @staticmethod
    def _sample(layout, rows: int, cols: int, padded, eye, t0, span, seg, steps: int) -> np.ndarray:
        """``_occluded``'s sampling: whether some of ``steps`` samples from ``t0`` over ``span`` along each segment
        ``seg`` from ``eye`` is below the top of its cell (``padded``: ``_label_tops``' padded tops)."""
        t = t0[:, None] + span[:, None] * _steps(steps)
        q = eye[None, None, :] + seg[:, None, :] * t[..., None]  # (N, S, 3)
        # each sample's top: off the board -1e9 (the padded tops' border; rows and columns clipped to one off the board)
        w = cols + 2
        if layout is None:
            # column x and row z as floats, clipped (fmin / fmax: NaN goes off the board, as its integer did), then
            # their index in the padded tops (exact: small whole numbers)
            xz = np.floor(q[..., ::2])
            np.fmax(xz, -1.0, out=xz)
            np.fmin(xz, _lim(cols, rows), out=xz)
            at = (xz[..., 0] + xz[..., 1] * w).astype(np.intp)
            at += w + 1
            er, ec = int(np.floor(eye[2])), int(np.floor(eye[0]))
        else:
            r, c = layout.cells_at(q[..., 0], q[..., 2])
            er, ec = (int(v) for v in layout.cells_at(eye[0], eye[2]))
            at = (np.minimum(np.maximum(r, -1), rows) + 1) * w + (np.minimum(np.maximum(c, -1), cols) + 1)
        if 0 <= er < rows and 0 <= ec < cols:
            # not the cell the eye stands on (first person: the eye is on top of its own stack): its top reads -1e9
            # while the samples' tops are read (the kept padded tops put back after)
            e = (er + 1) * w + ec + 1
            held, padded[e] = padded[e], -1e9
            top = padded[at]
            padded[e] = held
        else:
            top = padded[at]
        return (q[..., 1] < top).any(axis=1)


def _segments(p: np.ndarray, eye: np.ndarray, ymax: float):
    """The occlusion test's segments from ``eye`` to the anchors ``p`` ((N, 3)), the fraction ``t0`` where each goes
    below the highest top ``ymax``, the sampled span from there, the longest sampled run and the samples' count over
    all (``_occluded``)."""
    seg = p - eye
    length = np.hypot(seg[:, 0], seg[:, 2])
    # only the part of each segment below the highest top can be blocked
    # (np.minimum / np.maximum give np.clip's values; the square root of the row sums is np.linalg.norm's)
    drop = eye[1] - p[:, 1]
    t0 = np.where(drop > 1e-6, np.minimum(np.maximum((eye[1] - ymax) / np.maximum(drop, 1e-6), 0.0), 1.0), 0.0)
    total = np.sqrt(np.add.reduce(seg * seg, axis=1))
    t1 = np.minimum(np.maximum(1.0 - 0.1 / np.maximum(total, 1e-6), 0.0), 1.0)  # stop 0.1 short of the anchor
    span = np.maximum(t1 - t0, 0.0)
    reach = (span * length).max()  # the longest sampled run, over all anchors
    return seg, t0, span, reach, int(min(512, max(2, np.ceil(reach / 0.2))))


def _segments_few(pts, ex: float, ey: float, ez: float, ymax: float):
    """``_segments`` of a few anchors ((x, y, z) Python floats) on Python floats, the same values: lists of the
    segments (x, y, z), t0 and spans, the longest run and the count."""
    ceiling = ey - ymax
    segs, t0s, spans = [], [], []
    most = None  # (span * length).max(): NaN wins
    for x, y, z in pts:
        sx, sy, sz = x - ex, y - ey, z - ez
        length = _hypot(sx, sz)
        drop = ey - y
        t0 = _clip01(ceiling / drop) if drop > 1e-6 else 0.0  # (drop > 1e-6: np.maximum(drop, 1e-6) is drop)
        total = math.sqrt((sx * sx + sy * sy) + sz * sz)  # np.add.reduce of three: left to right
        t1 = _clip01(1.0 - 0.1 / (total if (total >= 1e-6 or total != total) else 1e-6))
        span = t1 - t0
        if not (span >= 0.0 or span != span):
            span = 0.0
        sl = span * length
        if most is None or sl > most or (sl != sl and most == most):
            most = sl
        segs.append((sx, sy, sz))
        t0s.append(t0)
        spans.append(span)
    v = most / 0.2
    return segs, t0s, spans, most, 2 if v != v else 512 if v == math.inf else int(min(512, max(2, math.ceil(v))))


def _pixel(m, hw: float, hh: float, x: float, y: float, z: float):
    """``project_few``'s pixel x and y of one point, and its clip w (kept away from 0), on Python floats."""
    w = ((x * m[12] + y * m[13]) + z * m[14]) + m[15]
    if abs(w) < 1e-12:
        w = 1e-12
    return ((((x * m[0] + y * m[1]) + z * m[2]) + m[3]) / w * 1.0 + 1.0) * hw, \
        ((((x * m[4] + y * m[5]) + z * m[6]) + m[7]) / w * -1.0 + 1.0) * hh, w


def _anchor(m, hw: float, hh: float, x: float, y: float, z: float):
    """A label anchor's pixel x, y and NDC depth (``project_few`` of the point) and one cell's size on screen (the
    larger of the pixel steps to the points one cell along x and along z: ``_labels``' ``cell_px``), on Python
    floats through the combined matrix ``m`` (16 floats, rows) for a picture of 2 * ``hw`` by 2 * ``hh``: the same
    operations in the same order (the points pts + _DX and pts + _DZ: a zero added to the other coordinates)."""
    ax, ay, w = _pixel(m, hw, hh, x, y, z)
    az = ((((x * m[8] + y * m[9]) + z * m[10]) + m[11]) / w * 1.0 + -0.0) * 1.0
    bx, by, _ = _pixel(m, hw, hh, x + 1.0, y + 0.0, z + 0.0)  # pts + _DX
    h0 = _hypot(bx - ax, by - ay)
    cx, cy, _ = _pixel(m, hw, hh, x + 0.0, y + 0.0, z + 1.0)  # pts + _DZ
    h1 = _hypot(cx - ax, cy - ay)
    return ax, ay, az, (h0 if (h0 >= h1 or h0 != h0) else h1)  # np.maximum (NaN wins)


def readable(cell_px: np.ndarray, scale, first_count: int, n: int) -> np.ndarray:
    """Which of ``n`` labels ``label_list`` finds large enough to read (one-cell pixel sizes ``cell_px``, label
    scales ``scale``; stack counts from ``first_count`` on stay readable while they are few); NaN sizes read."""
    px = cell_px * np.asarray(scale, np.float64)
    ok = ~((px < 7.0) & ((np.asarray(scale, np.float64) < 0.4) | (px < 4.0)))
    if n - first_count <= 300:
        ok[first_count:] = True
    return ok


def label_list(a, hidden, cell_px, texts, scale, colours, outlines, first_count: int, width: int, height: int) -> list:
    """The labels' screen items from their projected anchors ``a`` ((N, 3) pixel x, y, NDC depth), occlusion
    flags and one-cell pixel sizes: those on the picture, not hidden and large enough to read, sized (stack
    counts from ``first_count`` on stay readable)."""
    return _label_rows(a.tolist(), hidden.tolist(), cell_px.tolist(), texts, scale, colours, outlines, first_count,
                       width, height)


def _label_rows(a, hidden, cell_px, texts, scale, colours, outlines, first_count: int, width: int, height: int) -> list:
    """``label_list`` of Python lists: anchors (x, y, z), flags and sizes."""
    items = []
    few_units = len(texts) - first_count <= 300  # (a crowd of counts would hide the map)
    # the loop reads Python floats and bools (tolist: the same float64 values exactly), not numpy scalars, whose
    # every comparison and product is a numpy call (issue 27: the labels' layout runs every flight frame)
    for i, ((x, y, z), hid, cpx) in enumerate(zip(a, hidden, cell_px)):
        if not (-1.0 <= z <= 1.0) or x < -50 or y < -50 or x > width + 50 or y > height + 50:
            continue
        if hid:
            continue
        px = cpx * scale[i]
        if i >= first_count and few_units:
            px = max(px, 10.0)  # stack counts stay readable labels even when the map is zoomed far out
        elif px < 7.0:
            if scale[i] < 0.4 or px < 4.0:
                continue  # too small to read: skip (counts stay readable down to 7 px)
            px = 7.0
        px = min(px, 40.0)
        items.append((x, y, texts[i], float(px), colours[i], outlines[i], "c"))
    return items
