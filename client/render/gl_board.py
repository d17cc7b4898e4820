"""Flat boards (square, irregular cell sets, hex) and round piece tokens with ModernGL.

``GLBoardRenderer(ctx)`` draws a ``client.boards.model.BoardView`` with a ``BoardCamera``
into a framebuffer: its own (``resize(w, h)``, then ``screenshot()``), or one it is given
(the app's GL renderer's framebuffer, so the UI composites over it the usual way).
World space is the client's (client/render/base.py): the board lies at y = 0, the cell
(row, col) of a square grid spans x in [col, col+1], z in [row, row+1].

Tokens are cylinders (counters: boxes) whose top carries a ring band in the side's colour and
the piece's name in its ink colour, turned to read upright for the camera (from above and at an
angle); face-down pieces show their back colour. Stacks rise and shift up-left, facing arrows lie
on a token's top, edges, track boxes and arrows are flat triangles drawn with the tile program,
markers are small coloured discs, icons / cell labels / track numbers are atlas quads. Names come from a glyph atlas drawn with the
app's CJK font (client/ui/text.py). Shaders: shaders/board_*.glsl.
"""
from __future__ import annotations

import math

import moderngl
import numpy as np

from client.ui import text as fonts
from client.boards.geometry import Cell
from client.boards.model import (BACKGROUND, BASE, EDGE_RGB, EDGE_WIDTH, LABEL, MARK_RGB, MARKER_RGB, TRACK_BOX,
                                 MARKER_GLYPH, BoardView, direction)
from client.boards.model import edge_labels
from client.camera import fit_area, look_at, perspective, pixel_ray, project
from client.render.gl import SHADERS
import pygame
import pygame as pg

TOKEN_R = 0.42
TOKEN_H = 0.13
RING_IN, RING_OUT = 0.33, 0.39  # in cells, as in the flat renderer
GLYPH_HALF = 0.25  # half size of the name square, in cells
SLAB_DEPTH = 0.22
LIFT = 0.10  # selected / dragged tokens float a little
STACK_STEP = 0.07  # each piece up a stack shifts this far up-left (cells)
ICON_INK = (0.27, 0.20, 0.13)
ROW = 19  # floats per token instance: place 4, height 1, body 3, ink 3, ring 3, glyph 4, shape 1


def _src(name: str) -> str:
    return (SHADERS / name).read_text()


def program(ctx, name: str):
    return ctx.program(vertex_shader=_src(f"board_{name}_vs.glsl"), fragment_shader=_src(f"board_{name}_fs.glsl"))


# --------------------------------------------------------------------- camera
class BoardCamera:
    """Orbit camera over a flat board: ``yaw`` 0 = north (row 0) at the top, 180 = flipped; ``pitch`` 90 =
    straight down. The board is fitted into ``area`` (a pixel rect (x, y, w, h) of the window of size ``size``),
    so side panels never cover it."""

    FOV = 32.0

    def __init__(self, bounds, pitch: float = 58.0, yaw: float = 0.0):
        self.bounds = tuple(bounds)
        self.pitch = float(pitch)
        self.yaw = float(yaw)
        self.zoom = 1.0
        self.size = (800, 600)
        self.area = (0, 0, 800, 600)
        self._goal = (self.pitch, self.yaw)

    def set_viewport(self, size, area=None) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.area = tuple(int(v) for v in (area or (0, 0, *self.size)))

    def set_goal(self, pitch: float | None = None, yaw: float | None = None, snap: bool = False) -> None:
        p, y = self._goal
        self._goal = (p if pitch is None else float(pitch), y if yaw is None else float(yaw))
        if snap:
            self.pitch, self.yaw = self._goal

    @property
    def moving(self) -> bool:
        return (self.pitch, self.yaw) != self._goal

    def update(self, dt: float) -> None:
        k = 1.0 - math.exp(-10.0 * max(0.0, dt))
        gp, gy = self._goal
        self.pitch += (gp - self.pitch) * k
        self.yaw += (gy - self.yaw) * k
        if abs(gp - self.pitch) < 0.01 and abs(gy - self.yaw) < 0.01:
            self.pitch, self.yaw = gp, gy

    def _radius(self) -> float:
        x0, z0, x1, z1 = self.bounds
        return 0.5 * math.hypot(x1 - x0 + 1.4, z1 - z0 + 1.4)

    def centre(self):
        x0, z0, x1, z1 = self.bounds
        return ((x0 + x1) / 2, 0.0, (z0 + z1) / 2)

    def _eye_at(self, d: float) -> np.ndarray:
        cx, cy, cz = self.centre()
        p, y = math.radians(self.pitch), math.radians(self.yaw)
        fx, fz = math.sin(y), -math.cos(y)  # ground forward (screen up)
        return np.array([cx - fx * d * math.cos(p), cy + d * math.sin(p), cz - fz * d * math.cos(p)])

    def _fit(self) -> float:
        """The distance at which the board (with its labels and tokens) just fills the area."""
        key = (round(self.pitch, 3), round(self.yaw, 3), self.area, self.bounds)
        if getattr(self, "_fit_key", None) == key:
            return self._fit_d
        x0, z0, x1, z1 = self.bounds
        m = 0.6
        pts = np.array([(x, y, z) for x in (x0 - m, x1 + m) for z in (z0 - m, z1 + m) for y in (0.0, 0.15)])
        aw, ah = max(1, self.area[2]), max(1, self.area[3])
        d = self._radius() / math.tan(math.radians(self.FOV / 2))
        for _ in range(6):
            view = look_at(self._eye_at(d), self.centre(), up=self._up())
            proj = perspective(self.FOV, aw / ah, 0.05, d * 3 + 10)
            h = np.c_[pts, np.ones(len(pts))] @ (proj.astype(np.float64) @ view.astype(np.float64)).T
            ndc = np.abs(h[:, :2] / h[:, 3:4]).max()
            d *= 0.35 + 0.65 * ndc / 0.96
        # a tilted board is narrower at the far edge: the picture is shifted and scaled in clip space so that
        # it is centred in the area and fills it (issue 26: larger pieces, the board framed in the space the
        # panels leave)
        view = look_at(self._eye_at(d), self.centre(), up=self._up())
        proj = perspective(self.FOV, aw / ah, 0.05, d * 3 + 10)
        h = np.c_[pts, np.ones(len(pts))] @ (proj.astype(np.float64) @ view.astype(np.float64)).T
        ndc = h[:, :2] / h[:, 3:4]
        (x0n, y0n), (x1n, y1n) = ndc.min(axis=0), ndc.max(axis=0)
        cx, cy = (x0n + x1n) / 2, (y0n + y1n) / 2
        k = 0.96 / max(1e-6, (x1n - x0n) / 2, (y1n - y0n) / 2)
        self._fit_key, self._fit_d, self._recentre = key, d, (min(k, 1.6), cx, cy)
        return d

    def _up(self):
        y = math.radians(self.yaw)
        return (math.sin(y), 0.0, -math.cos(y)) if self.pitch > 89.5 else (0.0, 1.0, 0.0)

    def eye(self) -> np.ndarray:
        return self._eye_at(self._fit() / self.zoom)

    def matrices(self, aspect: float | None = None):
        W, H = self.size
        aw, ah = self.area[2], self.area[3]
        eye = self.eye()
        view = look_at(eye, self.centre(), up=self._up())
        d = float(np.linalg.norm(eye - np.array(self.centre())))
        proj = perspective(self.FOV, max(1, aw) / max(1, ah), max(0.05, d * 0.05), d * 3 + 10)
        k, cx, cy = self._recentre  # set by _fit (through eye()): the board centred and filling the area
        shift = np.array([[k, 0, 0, -k * cx], [0, k, 0, -k * cy], [0, 0, 1, 0], [0, 0, 0, 1]], dtype=np.float64)
        return view, fit_area(shift @ np.asarray(proj, dtype=np.float64), (W, H), self.area)  # inside the area

    def right_on_ground(self) -> tuple[float, float]:
        y = math.radians(self.yaw)
        return (math.cos(y), math.sin(y))

    def project(self, points, width: int | None = None, height: int | None = None) -> np.ndarray:
        view, proj = self.matrices()
        W, H = self.size
        return project(view, proj, W, H, points)

    def ground_at(self, x: float, y: float, height: float = 0.0):
        """World (x, z) where the ray through pixel (x, y) meets the plane at ``height`` (None if it misses)."""
        view, proj = self.matrices()
        W, H = self.size
        o, d = pixel_ray(view, proj, W, H, x, y)
        if abs(d[1]) < 1e-9:
            return None
        t = (height - o[1]) / d[1]
        if t < 0:
            return None
        p = o + d * t
        return (float(p[0]), float(p[2]))


# --------------------------------------------------------------------- atlas
class Atlas:
    """Characters drawn once into a 1024x1024 one-channel texture of 64x64 slots."""

    SLOT = 64
    N = 16

    def __init__(self, ctx):
        self.ctx = ctx
        self.img = np.zeros((self.SLOT * self.N, self.SLOT * self.N), np.uint8)
        self.slots: dict[str, int] = {}
        self.tex = ctx.texture((self.SLOT * self.N,) * 2, 1, self.img.tobytes())
        self.tex.build_mipmaps()
        self.tex.filter = (moderngl.LINEAR_MIPMAP_LINEAR, moderngl.LINEAR)
        try:  # glyphs on far tokens of a tilted board stay sharp (三国演弈揭棋's hints)
            self.tex.anisotropy = 16.0
        except Exception:  # pragma: no cover - a GL without anisotropic filtering
            pass
        self.dirty = False

    def rect(self, ch: str, scale: float = 1.0, turned: bool = False,
             on_line: bool = False) -> tuple[float, float, float, float]:
        """The atlas square of ``ch`` (drawn at ``scale`` of the usual size, centred: a small hint;
        ``turned``: a quarter turn clockwise, a worn counter turned sideways; ``on_line``: a letter of a
        word, standing on the font's baseline rather than centred by its ink, so "Hanyang" does not bounce)."""
        if on_line:
            key = (ch, 1.0, False, "line")
        else:
            key = ch if scale == 1.0 and not turned else (ch, round(scale, 2), turned)
        if key not in self.slots:
            self._add(key)
        k = self.slots[key]
        n, s = self.N, 1.0 / self.N
        return ((k % n) * s, (k // n) * s, s, s)

    def _add(self, key) -> None:
        k = len(self.slots)
        if k >= self.N * self.N:
            raise RuntimeError("glyph atlas full")
        self.slots[key] = k
        ch, scale, turned = key[:3] if isinstance(key, tuple) else (key, 1.0, False)
        px = max(6, int(self.SLOT * 0.78 * scale))
        a = self._mask(ch, px)
        # centre the glyph's ink box in the slot (a letter on the line: its rows from the top of an H or f to the
        # foot of a g, the same for every letter)
        ys, xs = np.nonzero(a > 8)
        if isinstance(key, tuple) and len(key) == 4 and len(xs):
            ref = self._mask("Hfg", px)  # from the top of an f (above an H in this font) to the foot of a g
            rows = np.nonzero((ref > 8).any(axis=1))[0]
            if a.shape[0] == ref.shape[0] and len(rows):
                ys = np.array([rows.min(), rows.max()])
        S = self.SLOT
        slot = np.zeros((S, S), np.uint8)
        if len(xs):
            a = a[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
            if turned:
                a = np.ascontiguousarray(np.rot90(a, -1))
            h, w = a.shape
            if h > S - 4 or w > S - 4:
                f = (S - 4) / max(h, w)
                sm = pg.transform.smoothscale(pg.surfarray.make_surface(np.repeat(a.T[..., None], 3, 2)),
                                              (max(1, int(w * f)), max(1, int(h * f))))
                a = pg.surfarray.array3d(sm)[..., 0].T
                h, w = a.shape
            y0, x0 = (S - h) // 2, (S - w) // 2
            slot[y0:y0 + h, x0:x0 + w] = a
        n = self.N
        r, c = divmod(k, n)
        self.img[r * S:(r + 1) * S, c * S:(c + 1) * S] = slot
        self.dirty = True

    @staticmethod
    def _mask(text: str, px: int) -> np.ndarray:
        """The coverage (rows, columns) of ``text`` rendered ``px`` pixels tall, the font's whole line high."""
        surf = fonts.glyph_mask(text, px)
        return pygame.surfarray.pixels_alpha(surf).T.copy() if surf.get_flags() & pygame.SRCALPHA else \
            (pygame.surfarray.array3d(surf)[..., 0].T.copy())

    def upload(self) -> None:
        if self.dirty:
            self.tex.write(self.img.tobytes())
            self.tex.build_mipmaps()
            self.dirty = False


_ADVANCE: dict[str, tuple[float, float]] = {}


def _advance(ch: str) -> tuple[float, float]:
    """A character's step along a label and its ink's centre from the step's start, in half-sizes of its quad:
    the font's own at the atlas's glyph size (a glyph stands in its slot at that scale, centred by its ink), so
    letters and CJK characters sit as the font spaces them ("漢口": 口's left stroke lay under 漢 at a square's
    step; "Hankou" read "H a n k o u")."""
    a = _ADVANCE.get(ch)
    if a is None:
        px = int(Atlas.SLOT * 0.78)
        xs = np.nonzero((Atlas._mask(ch, px) > 8).any(axis=0))[0]
        mid = (xs.min() + xs.max() + 1) / 2 if len(xs) else fonts.size_of(ch, px)[0] / 2
        a = _ADVANCE[ch] = (fonts.size_of(ch, px)[0] / Atlas.SLOT * 2, mid / Atlas.SLOT * 2)
    return a


def _shrink(poly, centre, k):
    cx, cz = centre
    return [(cx + (x - cx) * k, cz + (z - cz) * k) for x, z in poly]


def token_mesh(segments: int = 40) -> tuple[np.ndarray, np.ndarray]:
    """Vertices (pos 3f, normal 3f) and triangle indices of a unit cylinder: side and top cap (the bottom is
    never seen). Indexed, so each vertex is shaded once (cheap on software GL)."""
    verts = [(0.0, 1.0, 0.0, 0.0, 1.0, 0.0)]
    idx = []
    for i in range(segments):
        a = 2 * math.pi * i / segments
        verts.append((math.cos(a), 1.0, math.sin(a), 0.0, 1.0, 0.0))
    for i in range(segments):
        idx += [0, 1 + (i + 1) % segments, 1 + i]
    base = len(verts)
    for i in range(segments):
        a = 2 * math.pi * i / segments
        c, s_ = math.cos(a), math.sin(a)
        verts += [(c, 0.0, s_, c, 0.0, s_), (c, 1.0, s_, c, 0.0, s_)]
    for i in range(segments):
        j = (i + 1) % segments
        b0, t0, b1, t1 = base + 2 * i, base + 2 * i + 1, base + 2 * j, base + 2 * j + 1
        idx += [b0, b1, t1, b0, t1, t0]
    return np.array(verts, np.float32), np.array(idx, np.int32)


def box_mesh() -> tuple[np.ndarray, np.ndarray]:
    """Vertices (pos 3f, normal 3f) and indices of a unit box (x, z in [-1, 1], y in [0, 1]): top and sides."""
    verts, idx = [], []

    def quad(corners, n):
        b = len(verts)
        verts.extend((*c, *n) for c in corners)
        idx.extend([b, b + 1, b + 2, b, b + 2, b + 3])

    quad([(-1, 1, -1), (1, 1, -1), (1, 1, 1), (-1, 1, 1)], (0, 1, 0))
    for nx, nz in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        tx, tz = -nz, nx
        quad([(nx - tx, 0, nz - tz), (nx + tx, 0, nz + tz), (nx + tx, 1, nz + tz), (nx - tx, 1, nz - tz)],
             (nx, 0, nz))
    return np.array(verts, np.float32), np.array(idx, np.int32)


class GLBoardRenderer:
    """See the module docstring."""

    def __init__(self, ctx: moderngl.Context, width: int = 0, height: int = 0, samples: int = 4):
        self.ctx = ctx
        self.p_tile = program(ctx, "tile")
        self.p_token = program(ctx, "token")
        self.p_label = program(ctx, "label")
        self.atlas = Atlas(ctx)
        self._mesh_buffers: list = []  # the token meshes' vertex and index buffers (_instanced)
        self.inst, self.token_vao = self._instanced(token_mesh(), 256)  # round tokens
        self.box_inst, self.box_vao = self._instanced(box_mesh(), 64)  # square counters
        self.over_vbo = ctx.buffer(reserve=9 * 4 * 6 * 256, dynamic=True)
        self.over_vao = ctx.vertex_array(self.p_tile, [(self.over_vbo, "3f 3f 3f", "in_pos", "in_normal",
                                                        "in_color")])
        self.tile_vbo = ctx.buffer(reserve=9 * 4 * 6 * 2000, dynamic=True)
        self.tile_vao = ctx.vertex_array(self.p_tile, [(self.tile_vbo, "3f 3f 3f", "in_pos", "in_normal",
                                                        "in_color")])
        self.label_vbo = ctx.buffer(reserve=8 * 4 * 6 * 128, dynamic=True)
        self.label_vao = ctx.vertex_array(self.p_label, [(self.label_vbo, "3f 2f 3f", "in_pos", "in_uv",
                                                          "in_color")])
        renderer = str(ctx.info.get("GL_RENDERER", "")).lower()
        software = any(w in renderer for w in ("llvmpipe", "softpipe", "swiftshader", "software"))
        self.samples = 0 if software else samples  # resolving MSAA on the CPU costs 100+ ms a frame
        self._tiles_key = None
        self._cache = None
        self._key = None
        self._tiles_data = None
        self.fbo = None
        self._msaa = None
        self.width = self.height = 0
        self.last = None  # (view, camera) of the last draw
        if width and height:
            self.resize(width, height)

    def gl_objects(self) -> list:
        """Every GL object this renderer holds: programs, glyph atlas, vertex arrays with their buffers, and its
        framebuffers with their attachments."""
        out = [*self._mesh_buffers, self.inst, self.box_inst, self.over_vbo, self.tile_vbo, self.label_vbo,
               self.token_vao, self.box_vao, self.over_vao, self.tile_vao, self.label_vao,
               self.p_tile, self.p_token, self.p_label, self.atlas.tex]
        for fb in (self.fbo, self._msaa, self._cache):
            if fb is not None:
                out += [a for a in (*fb.color_attachments, fb.depth_attachment) if a is not None] + [fb]
        return out

    def release(self) -> None:
        """Release this renderer's GL objects now (``gl_objects``); it is not drawn with again."""
        for obj in self.gl_objects():
            obj.release()
        self.fbo = self._msaa = self._cache = None

    def _instanced(self, mesh, n: int):
        """An instance buffer (room for ``n`` rows of ROW floats) and the token program's vertex array that
        draws ``mesh`` (vertices, indices) once per row."""
        verts, idx = mesh
        ctx = self.ctx
        inst = ctx.buffer(reserve=ROW * 4 * n, dynamic=True)
        vbo, ibo = ctx.buffer(verts.tobytes()), ctx.buffer(idx.tobytes())
        self._mesh_buffers += [vbo, ibo]
        vao = ctx.vertex_array(self.p_token, [
            (vbo, "3f 3f", "in_pos", "in_normal"),
            (inst, "4f 1f 3f 3f 3f 4f 1f/i", "in_place", "in_height", "in_body", "in_ink", "in_ring",
             "in_glyph", "in_shape")], index_buffer=ibo, index_element_size=4)
        return inst, vao

    # ------------------------------------------------------------ targets
    def resize(self, width: int, height: int) -> None:
        """Give the renderer its own framebuffer of this size (for headless use and screenshots)."""
        if (width, height) == (self.width, self.height) and self.fbo is not None:
            return
        self.width, self.height = int(width), int(height)
        self.fbo = self.ctx.framebuffer(color_attachments=[self.ctx.texture((width, height), 4)],
                                        depth_attachment=self.ctx.depth_renderbuffer((width, height)))

    def _msaa_for(self, size):
        if not self.samples:
            return None
        if self._msaa is None or self._msaa.size != tuple(size):
            if self._msaa is not None:
                self._msaa.release()
            try:
                self._msaa = self.ctx.framebuffer(
                    color_attachments=[self.ctx.renderbuffer(tuple(size), 4, samples=self.samples)],
                    depth_attachment=self.ctx.depth_renderbuffer(tuple(size), samples=self.samples))
            except Exception:
                self.samples = 0
                self._msaa = None
        return self._msaa

    # ------------------------------------------------------------ geometry
    def _tiles(self, view: BoardView) -> np.ndarray:
        g = view.geometry
        tris = []
        up = (0.0, 1.0, 0.0)

        def poly_top(poly, y, col):
            cx = sum(p[0] for p in poly) / len(poly)
            cz = sum(p[1] for p in poly) / len(poly)
            for i in range(len(poly)):
                a, b = poly[i], poly[(i + 1) % len(poly)]
                tris.extend([(cx, y, cz, *up, *col), (b[0], y, b[1], *up, *col), (a[0], y, a[1], *up, *col)])

        def walls(poly, y0, y1, col):
            n = len(poly)
            cx = sum(p[0] for p in poly) / n
            cz = sum(p[1] for p in poly) / n
            for i in range(n):
                a, b = poly[i], poly[(i + 1) % n]
                mx, mz = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cz
                ln = math.hypot(mx, mz) or 1.0
                nn = (mx / ln, 0.0, mz / ln)
                tris.extend([(a[0], y0, a[1], *nn, *col), (b[0], y0, b[1], *nn, *col), (b[0], y1, b[1], *nn, *col),
                             (a[0], y0, a[1], *nn, *col), (b[0], y1, b[1], *nn, *col), (a[0], y1, a[1], *nn, *col)])

        base = BASE
        if g.kind == "square":
            x0, z0, x1, z1 = g.bounds()
            m = 0.12
            rect = [(x0 - m, z0 - m), (x1 + m, z0 - m), (x1 + m, z1 + m), (x0 - m, z1 + m)]
            poly_top(rect, -0.002, base)
            walls(rect, -SLAB_DEPTH, -0.002, base)
        else:
            for cell in g.cells:
                p = _shrink(g.polygon(cell), g.center(cell), 1.07)
                poly_top(p, -0.002, base)
                walls(p, -SLAB_DEPTH, -0.002, base)
        for cell in g.cells:
            col = view.cell_rgb(cell)
            poly_top(_shrink(g.polygon(cell), g.center(cell), 1.0 if view.points else 0.93), 0.0, col)
        return np.array(tris, np.float32)

    def _token_rows(self, view: BoardView, right=None) -> tuple[np.ndarray, np.ndarray]:
        """Instance rows of round things (tokens, target dots, halos, markers, track markers) and of square
        counters."""
        g = view.geometry
        rows, boxes = [], []
        present = {p.cell for p in view.pieces}
        none = (0, 0, 0, 0)
        for cell, kind in view.marks.items():  # dots on empty targets
            if kind in ("move", "special") and cell not in present:
                x, z = g.center(cell)
                c = tuple(v * 0.55 for v in MARK_RGB[kind])
                rows.append((x, 0.0, z, 0.12, 0.012, *c, *c, *c, *none, 0))
        top = {p.cell: p for p in view.pieces}
        for p, k in view.stacks():
            if p.cell == view.dragging and top[p.cell] is p and view.drag_pos is not None:
                x, z = view.drag_pos
                y = LIFT * 2 + k * TOKEN_H
            else:
                x, z = g.center(p.cell)
                x, z = x - k * STACK_STEP, z - k * STACK_STEP
                y = k * TOKEN_H + (LIFT if view.marks.get(p.cell) == "selected" and top[p.cell] is p else 0.0)
            glyph_ch = p.back_glyph if p.face_down else p.glyph
            glyph = self.atlas.rect(glyph_ch, p.glyph_scale, p.turned and not p.face_down) if glyph_ch else none
            body = p.back if p.face_down else p.body
            square = p.shape == "square"
            tr = TOKEN_R * (1.0 if square else view.token_scale)
            (boxes if square else rows).append((x, y, z, tr, TOKEN_H, *body, *p.ink, *p.ring_rgb, *glyph,
                                                1.0 if square else 0.0))
            if k == 0 and view.marks.get(p.cell) in ("capture", "check", "start"):  # a coloured halo under the token
                # ("start": a piece that may act, e.g. 江山's units at the action decision, issue 26)
                c = MARK_RGB[view.marks[p.cell]]
                (boxes if square else rows).append((x, 0.0, z, tr + 0.05, 0.02, *c, *c, *c, *none,
                                                    1.0 if square else 0.0))
        for cell, kinds in view.markers.items():  # badges in a row from the cell's top-right corner
            x, z = g.center(cell)
            tall = TOKEN_H * (1 + sum(1 for q in view.pieces if q.cell == cell)) + 0.03  # above the stack
            y0, hb = 0.0, tall if cell in present else 0.04
            if view.badges_in_corners and cell in present:  # a thin disc on the counter's top, beside its name
                y0 = tall - 0.03 - TOKEN_H + (LIFT if view.marks.get(cell) == "selected" else 0.0)
                hb = 0.02
            for kind, bx, bz, br in view.lettered_badges(cell, right):  # 壕 橋 船 墟, a flag: its glyph in white
                c = MARKER_RGB[kind]
                glyph = none if hb == 0.02 else self.atlas.rect(MARKER_GLYPH[kind])  # corner badges: _cell_texts
                rows.append((bx, y0, bz, br, hb, *c, 1.0, 1.0, 1.0, *(v * 0.6 for v in c), *glyph, 0))
            for i, kind in enumerate(kinds):
                if kind in MARKER_GLYPH:
                    continue
                c = MARKER_RGB.get(kind, (0.5, 0.5, 0.5))
                rows.append((x + 0.3 - i * 0.27, 0.0, z - 0.3, 0.12, tall, *c, *c,
                             *(v * 0.6 for v in c), *none, 0))
        for t, cells, _ in view.track_boxes():
            for n, (x, z) in cells:
                if n == t.value:
                    rows.append((x, 0.0, z + 0.08, 0.24, 0.06, *t.marker, *t.marker, *t.marker, *none, 0))
        return (np.array(rows, np.float32).reshape(-1, ROW), np.array(boxes, np.float32).reshape(-1, ROW))

    def _overlay(self, view: BoardView) -> np.ndarray:
        """Flat triangles (tile program): edges along shared sides, track boxes, facing arrows on tokens."""
        g = view.geometry
        tris = []
        up = (0.0, 1.0, 0.0)

        def quad(a, b, c, d, y, col):
            tris.extend([(a[0], y, a[1], *up, *col), (b[0], y, b[1], *up, *col), (c[0], y, c[1], *up, *col),
                         (a[0], y, a[1], *up, *col), (c[0], y, c[1], *up, *col), (d[0], y, d[1], *up, *col)])

        for ln in view.lines:  # the points' grid: quads lengthened by half their width at each end
            (ax, az), (bx, bz) = g.center(ln.a), g.center(ln.b)
            d = math.hypot(bx - ax, bz - az) or 1.0
            w = ln.width / 2
            ux, uz = (bx - ax) / d * w, (bz - az) / d * w
            quad((ax - ux - uz, az - uz + ux), (bx + ux - uz, bz + uz + ux), (bx + ux + uz, bz + uz - ux),
                 (ax - ux + uz, az - uz - ux), 0.0012 if ln.kind == "grid" else 0.0016, ln.colour)  # under labels
        for e in view.edges:
            seg = view.edge_segment(e)
            if seg is None:
                continue
            (ax, az), (bx, bz) = seg
            ln = math.hypot(bx - ax, bz - az) or 1.0
            w = EDGE_WIDTH.get(e.kind, 0.05) / 2
            nx, nz = -(bz - az) / ln * w, (bx - ax) / ln * w
            col = EDGE_RGB.get(e.kind, EDGE_RGB["border"])
            quad((ax - nx, az - nz), (bx - nx, bz - nz), (bx + nx, bz + nz), (ax + nx, az + nz), 0.004, col)
        h = TRACK_BOX * 0.46
        for _, cells, _ in view.track_boxes():
            for _, (x, z) in cells:
                quad((x - h, z - h), (x + h, z - h), (x + h, z + h), (x - h, z + h), 0.0, BASE)
                k = h * 0.9
                quad((x - k, z - k), (x + k, z - k), (x + k, z + k), (x - k, z + k), 0.001, (0.86, 0.78, 0.62))
        for p, k in view.stacks():
            if p.facing is None or p.face_down:
                continue
            x, z = g.center(p.cell)
            x, z = x - k * STACK_STEP, z - k * STACK_STEP
            dx, dz = direction(g.kind, p.facing)
            y = k * TOKEN_H + TOKEN_H + 0.004
            tip = (x + dx * TOKEN_R * 1.0, z + dz * TOKEN_R * 1.0)
            bx, bz = x + dx * TOKEN_R * 0.66, z + dz * TOKEN_R * 0.66
            w = TOKEN_R * 0.26
            col = p.ring_rgb
            tris.extend([(tip[0], y, tip[1], *up, *col), (bx - dz * w, y, bz + dx * w, *up, *col),
                         (bx + dz * w, y, bz - dx * w, *up, *col)])
        return np.array(tris, np.float32).reshape(-1, 9)

    def _cell_texts(self, view: BoardView, right) -> list[tuple[str, float, float, float, tuple, float]]:
        """(text, x, z, half size, colour, height) of icons, cell labels, track labels and box numbers, and of
        the values (strength) in the lower right corner of face-up pieces' tops."""
        g = view.geometry
        out = []
        for cell, icon in view.icons.items():
            x, z, h = view.icon_spot(cell)
            out.append((icon, x, z, h, ICON_INK, 0.002))
        for cell, label in view.labels.items():
            x, z = g.center(cell)
            out.append((label, x, z + 0.36, 0.09 * min(view.icon_scale, 1.5), ICON_INK, 0.002))
        frame = getattr(g, "frame", None)
        for cap in view.captions:  # a region's name across the map
            x, z = g.center(cap.cell)
            h = cap.size / 2
            if frame is not None:  # a close-up: a name cut by its edge is moved inside it (as the flat board does)
                half = h * sum(a for a, _ in (_advance(ch) for ch in cap.text)) / 2 + h
                hx, hz = abs(right[0]) * half + abs(right[1]) * h, abs(right[1]) * half + abs(right[0]) * h
                fx0, fz0, fx1, fz1 = frame
                if not (fx0 - hx <= x <= fx1 + hx and fz0 - hz <= z <= fz1 + hz):
                    continue  # its region's name hex far out of the close-up
                x = min(max(x, fx0 + hx), fx1 - hx) if fx1 - fx0 > 2 * hx else x
                z = min(max(z, fz0 + hz), fz1 - hz) if fz1 - fz0 > 2 * hz else z
            out.append((cap.text, x, z, h, cap.rgb, 0.0025))
        for t, cells, (lx, lz) in view.track_boxes():
            out.append((t.label, lx, lz, 0.17, LABEL, 0.002))
            for n, (x, z) in cells:
                out.append((str(n), x, z - 0.22, 0.09, ICON_INK, 0.002))
        rx, rz = right
        for p, k in view.stacks():
            if p.value and not p.face_down:
                x, z = g.center(p.cell)
                x, z = x - k * STACK_STEP, z - k * STACK_STEP
                d = 0.27  # lower right as the viewer sees it: + screen right - screen up (up = (rz, -rx))
                out.append((p.value, x + rx * d - rz * d, z + rz * d + rx * d, 0.09, p.ink,
                            (k + 1) * TOKEN_H + 0.003))
        return out

    @staticmethod
    def _badge_texts(view: BoardView, right) -> list[tuple[str, float, float, float, tuple, float]]:
        """The glyphs of corner badges on counters (``badges_in_corners``), larger than a token's name would be
        on their small discs: drawn after the tokens, on the discs' tops."""
        out = []
        if view.badges_in_corners:
            for cell in {p.cell for p in view.pieces}:
                n = sum(1 for p in view.pieces if p.cell == cell)
                top = n * TOKEN_H + (LIFT if view.marks.get(cell) == "selected" else 0.0) + 0.05
                for kind, bx, bz, br in view.lettered_badges(cell, right):
                    out.append((MARKER_GLYPH[kind], bx, bz, 1.0 * br, (1.0, 1.0, 1.0), top))
        return out

    def _labels(self, view: BoardView, right, items=None) -> np.ndarray:
        """Quads (pos 3f, uv 2f, colour 3f) of the edge coordinates and of every cell text (``items``: these
        texts alone)."""
        if items is None:
            items = self._edge_labels(view, right) if view.show_labels else []
            items += self._cell_texts(view, right)
        return self._quads(items, right)

    @staticmethod
    def _edge_labels(view: BoardView, right) -> list:
        """The edge coordinates as cell texts (_cell_texts' tuples)."""
        g = view.geometry
        rx, rz = right
        ux, uz = rz, -rx  # screen up on the ground
        x0, z0, x1, z1 = g.bounds()
        items = []
        screen = lambda dx, dz: (dx * rx + dz * rz, -(dx * ux + dz * uz))  # noqa: E731 (right, down)
        # on the viewer's near and left edges whatever the yaw (flipped, or a side kingdom at the bottom), each
        # beside the cells it names (issue 26: not on a cut board's bounding box)
        for text, (x, z) in edge_labels(g, (x0, z0, x1, z1), screen, view.label_scale):
            items.append((text, x, z, 0.17 * view.label_scale, LABEL, 0.002))
        return items

    def _quads(self, items, right) -> np.ndarray:
        """The label quads of cell texts (_cell_texts' tuples)."""
        rx, rz = right
        ux, uz = rz, -rx  # screen up on the ground
        out = []
        for text, x, z, h, col, y in items:
            steps = [_advance(ch) for ch in text]  # as the font spaces them
            total = h * sum(a for a, _ in steps)
            word = any(c.islower() for c in text)  # a word's letters stand on one line
            for i, ch in enumerate(text):
                u0, v0, du, dv = self.atlas.rect(ch, on_line=word and ord(ch) < 0x2E80)
                off = h * (sum(a for a, _ in steps[:i]) + steps[i][1]) - total / 2
                cx, cz = x + rx * off, z + rz * off
                corners = []
                for sx, sy, uu, vv in ((-1, -1, 0, 1), (1, -1, 1, 1), (1, 1, 1, 0), (-1, 1, 0, 0)):
                    px = cx + rx * sx * h + ux * sy * h
                    pz = cz + rz * sx * h + uz * sy * h
                    corners.append((px, y, pz, u0 + uu * du, v0 + vv * dv, *col))
                a, b, c, d = corners
                out += [a, b, c, a, c, d]
        return np.array(out, np.float32).reshape(-1, 8)

    # ------------------------------------------------------------ drawing
    @staticmethod
    def view_key(view: BoardView, camera: BoardCamera, size) -> tuple:
        """Everything the picture depends on (the last picture is reused while it stays the same)."""
        return (id(view.geometry), tuple(view.pieces), tuple(sorted(view.marks.items())),
                tuple(sorted(view.tints.items())), view.dragging, view.drag_pos, view.show_labels,
                tuple(sorted(view.icons.items())), tuple(sorted(view.labels.items())), tuple(view.edges),
                tuple(sorted(view.markers.items())), tuple(view.tracks), tuple(view.lines), view.points,
                view.tracks_beside, tuple(view.captions), view.token_scale, view.label_scale,
                round(camera.pitch, 4), round(camera.yaw, 4), round(camera.zoom, 4), camera.area, tuple(size))

    @staticmethod
    def _multisampled(fb) -> bool:
        try:
            return any(getattr(a, "samples", 0) for a in fb.color_attachments)
        except Exception:
            return True

    def _cache_for(self, size):
        if self._cache is None or self._cache.size != tuple(size):
            if self._cache is not None:
                self._cache.release()
            self._cache = self.ctx.framebuffer(color_attachments=[self.ctx.texture(tuple(size), 4)],
                                               depth_attachment=self.ctx.depth_renderbuffer(tuple(size)))
            self._key = None
        return self._cache

    def draw(self, view: BoardView, camera: BoardCamera, target=None, size=None) -> None:
        """Draw into ``target`` (a framebuffer; default: this renderer's own) of pixel ``size``.

        The picture is rendered into a cache framebuffer only when the view or camera changed, and copied to
        ``target`` otherwise (software GL takes tens of milliseconds per render, a copy about two)."""
        target = target or self.fbo
        size = tuple(size or target.size)
        camera.set_viewport(size, camera.area if camera.size == size else None)
        direct = target is self.fbo or self._multisampled(target)
        cache = target if direct else self._cache_for(size)
        key = self.view_key(view, camera, size)
        if key != self._key or cache is target:
            self._render(view, camera, cache, size)
            self._key = key if cache is not target else None
        if cache is not target:
            self.ctx.copy_framebuffer(target, cache)
        target.use()
        self.last = (view, camera, size)

    def _render(self, view: BoardView, camera: BoardCamera, target, size) -> None:
        ctx = self.ctx
        viewm, proj = camera.matrices()
        mvp = (proj @ viewm).T.astype(np.float32).tobytes()
        right = camera.right_on_ground()
        key = (id(view.geometry), tuple(sorted(view.marks.items())), tuple(sorted(view.tints.items())), view.points)
        if key != self._tiles_key:
            self._tiles_key, self._tiles_data = key, self._tiles(view)
        tiles = self._tiles_data
        tokens, counters = self._token_rows(view, right)
        overlay = self._overlay(view)
        labels = self._labels(view, right)
        badges = self._labels(view, right, self._badge_texts(view, right))
        self.atlas.upload()
        msaa = self._msaa_for(size)
        fb = msaa or target
        fb.use()
        ctx.viewport = (0, 0, *size)
        fb.clear(*BACKGROUND, 1.0, depth=1.0)
        ctx.enable(moderngl.DEPTH_TEST)
        ctx.disable(moderngl.CULL_FACE)
        # tiles
        self._write(self.tile_vbo, tiles, "tile_vbo", self.p_tile, "3f 3f 3f", ("in_pos", "in_normal", "in_color"))
        self.p_tile["u_mvp"].write(mvp)
        self.tile_vao.render(moderngl.TRIANGLES, vertices=len(tiles))
        if len(overlay):  # edges, track boxes (arrows go on the tokens' tops, drawn with the depth test)
            self._write(self.over_vbo, overlay, "over_vbo", self.p_tile, "3f 3f 3f", ())
            self.over_vao.render(moderngl.TRIANGLES, vertices=len(overlay))
        # labels
        if len(labels):
            self._write(self.label_vbo, labels, "label_vbo", self.p_label, "3f 2f 3f", ())
            ctx.enable(moderngl.BLEND)
            ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
            self.atlas.tex.use(0)
            self.p_label["u_atlas"].value = 0
            self.p_label["u_mvp"].write(mvp)
            fb.depth_mask = False  # the framebuffer's (the context has none): a glyph never hides the next
            self.label_vao.render(moderngl.TRIANGLES, vertices=len(labels))
            fb.depth_mask = True
            ctx.disable(moderngl.BLEND)
        # tokens
        if len(tokens) or len(counters):
            self.atlas.tex.use(0)
            p = self.p_token
            p["u_mvp"].write(mvp)
            if "u_atlas" in p:
                p["u_atlas"].value = 0
            p["u_right"].value = right
            p["u_ring"].value = (RING_IN / TOKEN_R, RING_OUT / TOKEN_R)
            p["u_glyph"].value = GLYPH_HALF / TOKEN_R
            for rows, buf, vao in ((tokens, self.inst, self.token_vao), (counters, self.box_inst, self.box_vao)):
                if len(rows):
                    if rows.nbytes > buf.size:
                        buf.orphan(rows.nbytes * 2)
                    buf.write(rows.tobytes())
                    vao.render(moderngl.TRIANGLES, instances=len(rows))
        if len(badges):  # corner badges' glyphs on the discs just drawn
            self._write(self.label_vbo, badges, "label_vbo", self.p_label, "3f 2f 3f", ())
            ctx.enable(moderngl.BLEND)
            ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
            self.p_label["u_mvp"].write(mvp)
            self.label_vao.render(moderngl.TRIANGLES, vertices=len(badges))
            ctx.disable(moderngl.BLEND)
        if msaa is not None:
            ctx.copy_framebuffer(target, msaa)

    def _write(self, vbo, data: np.ndarray, attr: str, prog, fmt: str, names) -> None:
        if data.nbytes > vbo.size:
            vbo.orphan(data.nbytes * 2)
        vbo.write(data.tobytes())

    def screenshot(self) -> np.ndarray:
        """The own framebuffer's picture as (H, W, 3) uint8, top row first."""
        data = self.fbo.read(components=3, alignment=1)
        return np.frombuffer(data, np.uint8).reshape(self.height, self.width, 3)[::-1].copy()

    # ------------------------------------------------------------ picking
    @staticmethod
    def pick(x: float, y: float, view: BoardView, camera: BoardCamera) -> Cell | None:
        """The cell under pixel (x, y): a token's top first, else the board plane."""
        g = view.geometry
        occupied = {p.cell for p in view.pieces}
        hit = camera.ground_at(x, y, TOKEN_H)
        if hit is not None:
            c = g.cell_at(*hit)
            if c is not None and c in occupied:
                x0, z0 = g.center(c)
                if (hit[0] - x0) ** 2 + (hit[1] - z0) ** 2 <= TOKEN_R ** 2:
                    return c
        hit = camera.ground_at(x, y, 0.0)
        return None if hit is None else g.cell_at(*hit)

    @staticmethod
    def cell_px(cell: Cell, view: BoardView, camera: BoardCamera, height: float = TOKEN_H) -> tuple[int, int]:
        x, z = view.geometry.center(cell)
        p = camera.project([(x, height, z)])[0]
        return (int(round(p[0])), int(round(p[1])))
