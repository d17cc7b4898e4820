"""The ModernGL 3D renderer of 沙场秋点兵 (issue 3).

``GLRenderer(ctx, width, height)`` draws a ``Frame`` with a camera into its own
offscreen framebuffer (colour + depth); ``blit_to_screen()`` copies it to the
window's default framebuffer, ``screenshot()`` reads it back. It works the same
on a headless EGL context (``moderngl.create_standalone_context(backend="egl")``)
and on a pygame window context (``moderngl.create_context()``).

GLRenderer is the façade: the framebuffer, the order of the passes, 2D compositing,
read-back and picking. The passes keep their programs and buffers in their own modules:
terrain (gl_terrain_pass: per-cell textures, chunked column mesh, far level of detail;
meshes built by gl_terrain), units (gl_units_pass: instanced token stacks; instance data
from gl_units), overlays (gl_overlay_pass: sight line and labels; geometry from
gl_overlay, glyphs from gl_text). Shader loading: gl_programs; GLSL in ``shaders/``.
Camera matrices are row-major numpy (client/camera.py) and uploaded transposed.
"""
from __future__ import annotations

import ctypes
import dataclasses
import math
import time
from typing import Any

import moderngl
import numpy as np
import pygame

from client.camera import FirstPersonCamera, gl_uniform_bytes, pixel_ray
from client.render.base import Frame, Renderer, Y_SCALE
from client.render.gl_overlay_pass import LABEL_WHITE, OUTLINE, OverlayPass, cell_label
from client.render.gl_programs import SHADERS, load_program, set_uniform, shader_source
from client.render.gl_terrain import BASE_LEVELS
from client.render.gl_terrain_pass import (FAR_CELL_PX, PALETTE, SKY, TerrainPass, base_colours, cell_flags, palette,
                                           rim_codes, rim_codes_in, rim_codes_window)
from client.render.gl_units_pass import UnitsPass

__all__ = ["BACKGROUND", "FAR_CELL_PX", "GLRenderer", "LABEL_WHITE", "OUTLINE", "PALETTE", "SHADERS", "SKY",
           "base_colours", "cell_flags", "cell_label", "copy_rect", "load_program", "palette", "pick_columns",
           "ray_hit", "rim_codes", "rim_codes_in", "rim_codes_window", "set_uniform", "shader_source"]

BACKGROUND = (0.09, 0.10, 0.12)

_GL_LIB: list = []  # [the system's GL dispatch library or None], opened at the first use


def _gl_lib():
    """The system's GL dispatch library (libglvnd's, calls go to the current context), or None."""
    if not _GL_LIB:
        lib = None
        for name in ("libOpenGL.so.0", "libGL.so.1"):
            try:
                lib = ctypes.CDLL(name)
                lib.glBindFramebuffer, lib.glBlitFramebuffer  # noqa: B018  (both there, else None)
                break
            except (OSError, AttributeError):
                lib = None
        _GL_LIB.append(lib)
    return _GL_LIB[0]


_READ_FB, _DRAW_FB, _COLOR_BIT, _NEAREST = 0x8CA8, 0x8CA9, 0x4000, 0x2600


def copy_rect(dst, src, x: int, y: int, w: int, h: int) -> bool:
    """Copy the colour of the rect (x, y, w, h) (GL's bottom-left origin) from framebuffer ``src`` to the
    same place in ``dst`` with an unscissored glBlitFramebuffer of that rect alone: between equal formats
    a software GL (llvmpipe) does it as a memory copy, where moderngl's whole-framebuffer copy under a
    scissor draws a textured quad. False (nothing done) where no GL dispatch library loads. Leaves
    ``dst`` bound (moderngl's use() rebinds whatever it uses next)."""
    lib = _gl_lib()
    if lib is None:
        return False
    lib.glBindFramebuffer(_READ_FB, src.glo)
    lib.glBindFramebuffer(_DRAW_FB, dst.glo)
    x1, y1 = x + w, y + h
    lib.glBlitFramebuffer(x, y, x1, y1, x, y, x1, y1, _COLOR_BIT, _NEAREST)
    dst.use()
    return True


class GLRenderer(TerrainPass, UnitsPass, OverlayPass, Renderer):
    """ModernGL renderer; see the module docstring."""

    # Keep the terrain pass's picture (colour + depth) once two frames in a row had the same terrain inputs
    # (frame version, camera, masked rects, level of detail, size), and copy it while they stay the same: a
    # still camera in a turn-based game (issue 27). Frames without a version always draw the terrain.
    keep_terrain = True

    def __init__(self, ctx: moderngl.Context, width: int, height: int, samples: int = 0):
        self.ctx = ctx
        self.samples = int(samples)
        self.max_size = min(int(ctx.info.get("GL_MAX_RENDERBUFFER_SIZE", 4096)),
                            int(ctx.info.get("GL_MAX_TEXTURE_SIZE", 4096)),
                            int(ctx.info.get("GL_MAX_VIEWPORT_DIMS", (4096, 4096))[0]))
        self.max_samples = int(ctx.info.get("GL_MAX_SAMPLES", 0) or 0)
        self.p_image = load_program(ctx, "image")
        corners = np.array([0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1], np.float32)
        self.image_vbo = ctx.buffer(corners.tobytes())
        self.image_vao = ctx.vertex_array(self.p_image, [(self.image_vbo, "2f", "in_corner")])
        self.p_cover = load_program(ctx, "cover")
        self.cover_vao = ctx.vertex_array(self.p_cover, [(self.image_vbo, "2f", "in_corner")])
        self._covered = ()
        # the kept terrain pass (issue 27): (key, framebuffer, far) or None; the key of the last drawn one
        self._kept = None
        self._kept_fbo, self._kept_parts = None, []
        self._terrain_key = None
        self.terrain_drawn = self.terrain_reused = 0  # terrain passes drawn, and copied from the kept picture
        self._image_tex: dict[tuple[int, int], moderngl.Texture] = {}
        self._init_terrain(ctx, self.image_vbo)
        self._init_units(ctx)
        self._init_overlays(ctx)
        self.fbo = None
        self.width = self.height = 0
        self.resize(width, height)
        self.last_view = self.last_proj = None
        self.timings: dict[str, float] = {}
        self.profile = False  # True: glFinish after each stage and record ms in self.stage_ms
        self.stage_ms: dict[str, float] = {}

    # ------------------------------------------------------------ setup
    def set_samples(self, samples: int) -> None:
        """Multisampling of the picture (0 = off); buffers are rebuilt at the next resize/draw."""
        samples = int(samples)
        if samples and samples > self.max_samples:
            samples = self.max_samples
        if samples != self.samples:
            self.samples = samples
            w, h = self.width, self.height
            self.width = self.height = 0  # force the rebuild
            self.resize(w, h)

    def resize(self, width: int, height: int) -> None:
        width, height = int(width), int(height)
        if width < 1 or height < 1:
            raise ValueError(f"size must be positive, got {width}x{height}")
        if width > self.max_size or height > self.max_size:
            raise ValueError(f"{width}x{height} is larger than this GL allows ({self.max_size}x{self.max_size})")
        if (width, height) == (self.width, self.height) and self.fbo is not None:
            return
        if hasattr(self, "_kept"):
            self._drop_kept()
            self._terrain_key = None
        if self.fbo is not None:
            self.fbo.release()
            for a in self._fbo_parts:
                a.release()
        self.width, self.height = width, height
        if self.samples:
            col = self.ctx.renderbuffer((width, height), 4, samples=self.samples)
        else:
            col = self.ctx.texture((width, height), 4)
            col.filter = (moderngl.NEAREST, moderngl.NEAREST)
        dep = self.ctx.depth_renderbuffer((width, height), samples=self.samples)
        self._fbo_parts = [col, dep]
        self.fbo = self.ctx.framebuffer(color_attachments=[col], depth_attachment=dep)
        if self.samples:
            rc = self.ctx.texture((width, height), 4)
            self._resolve = self.ctx.framebuffer(color_attachments=[rc])
            self._fbo_parts += [rc, self._resolve]
            self.color_texture = rc
        else:
            self._resolve = self.fbo
            self.color_texture = col

    # ------------------------------------------------------------- draw
    def draw(self, frame: Frame, camera: Any, covered=()) -> None:
        """Draw ``frame`` seen by ``camera``: terrain, then units, then the sight line and labels.
        ``covered``: pixel rects (x, y, w, h, top-left origin) that opaque UI will replace entirely;
        before the column terrain their depth is set to the near plane (``_cover``), so nothing
        depth-tested is shaded under them."""
        ctx = self.ctx
        self._stage("start")
        heights = np.asarray(frame.heights)
        layout = getattr(frame, "layout", None)
        if layout != self.layout:  # square cells <-> a hex board (or another hex mask): a new mesh
            self.layout = layout
            self._mesh_heights = None
            self._drawn_version = None
        if frame.version is None or frame.version != self._drawn_version:
            self.set_heights(heights)  # the heights are part of the frame's version
        hgt = np.maximum(heights, 0)
        rows, cols = heights.shape
        aspect = self.width / self.height
        view, proj = camera.matrices(aspect)
        mvp = (proj.astype(np.float64) @ view.astype(np.float64))
        self.last_view, self.last_proj = view, proj
        mvp_b = gl_uniform_bytes(mvp)

        # per-cell textures: recomputed and uploaded only when the frame's version changed
        same = frame.version is not None and frame.version == self._drawn_version and self._cell_dirty is None
        if same:
            fog, has_ov, fill_edge_mark, flags = self._cell_cache
        else:
            fog, has_ov, fill_edge_mark, flags = self._cell_textures(frame, heights)
            self._cell_cache = (fog, has_ov, fill_edge_mark, flags)
            self._drawn_version = frame.version
        self.timings["cells_reused"] = self.timings.get("cells_reused", 0) + int(same)

        self._stage("upload")
        self.fbo.use()
        ctx.viewport = (0, 0, self.width, self.height)
        fp = isinstance(camera, FirstPersonCamera)
        # the terrain pass's inputs: its picture is kept once two frames in a row had the same (issue 27)
        key = None if not (same and self.keep_terrain) or self.samples else \
            (frame.version, mvp_b, tuple(tuple(c) for c in covered), fp, self.lod, self.width, self.height)
        if key is not None and self._kept is not None and self._kept[0] == key:
            ctx.copy_framebuffer(self.fbo, self._kept[1])  # colour and depth as the terrain pass left them
            far = self.used_far = self._kept[2]
            self._haze = fp
            self._covered = covered
            self.fbo.use()
            ctx.viewport = (0, 0, self.width, self.height)
            ctx.enable(moderngl.DEPTH_TEST)
            ctx.disable(moderngl.BLEND)
            self.terrain_reused += 1
            self._stage("clear")
            self._stage("terrain")
        else:
            self.fbo.clear(*(SKY if fp else BACKGROUND), 1.0, depth=1.0)
            self._covered = covered  # masked by the terrain pass when it draws columns (_cover)
            ctx.enable(moderngl.DEPTH_TEST)
            ctx.disable(moderngl.BLEND)
            self._stage("clear")
            far = self._draw_terrain(frame, camera, view, proj, mvp, mvp_b, (fog, has_ov, fill_edge_mark, flags),
                                     same, fp)
            self.terrain_drawn += 1
            if key is not None and key == self._terrain_key:  # the second frame in a row: keep this one
                self._keep_terrain(key, far)
            self._stage("terrain")
        self._terrain_key = key

        # the far view is a flat map: stacks, lines and labels stand on y = 0 there (as pick assumes)
        ground = np.zeros_like(heights) if far else heights
        if far:
            hgt = np.zeros_like(hgt)
        self._draw_units(frame, camera, ground, far, view, proj, mvp_b)
        self._stage("tokens")
        sight_labels = self._draw_sight(frame, far, mvp)
        self._stage("lines")
        # labels
        items = self._label_items(frame, hgt, view, proj, sight_labels, far)
        self._draw_label_items(items)
        ctx.disable(moderngl.DEPTH_TEST)
        self._stage("labels")

    def _keep_terrain(self, key, far: bool) -> None:
        """Keep the terrain pass's picture (colour and depth) for ``key``: the next frames with the same
        terrain inputs copy it instead of drawing the terrain again."""
        kept = self._kept_fbo
        if kept is None or kept.size != (self.width, self.height):
            self._drop_kept()
            size = (self.width, self.height)
            parts = [self.ctx.texture(size, 4), self.ctx.depth_renderbuffer(size)]
            kept = self.ctx.framebuffer(color_attachments=parts[:1], depth_attachment=parts[1])
            self._kept_fbo, self._kept_parts = kept, parts
        self.ctx.copy_framebuffer(kept, self.fbo)
        self.fbo.use()
        self._kept = (key, kept, far)

    def _drop_kept(self) -> None:
        """Forget the kept terrain picture (and free its buffers)."""
        self._kept = None
        if self._kept_fbo is not None:
            self._kept_fbo.release()
            for a in self._kept_parts:
                a.release()
        self._kept_fbo, self._kept_parts = None, []

    def _cover(self) -> None:
        """Depth 0 (the near plane) in the rects of ``draw(covered=...)``, colour untouched: the column
        terrain, stacks and lines drawn next are not shaded there. Only worth it before the columns
        (a close-up costs far more a pixel than these depth-only rects); the far view's one textured
        quad is cheaper than the mask."""
        if not self._covered:
            return
        p = self.p_cover
        p["u_viewport"].value = (float(self.width), float(self.height))
        self.fbo.color_mask = (False, False, False, False)
        try:
            for x, y, w, h in self._covered:
                p["u_rect"].value = (float(x), float(y), float(w), float(h))
                self.cover_vao.render(moderngl.TRIANGLES)
        finally:
            self.fbo.color_mask = (True, True, True, True)

    def warm_up(self, frame: Frame, camera: Any) -> None:
        """Build the column mesh and let the driver compile every shader variant now (while the game
        loads), so that the first frame of either level of detail has no hitch. Draws into the
        renderer's own framebuffer; the next draw replaces the picture."""
        lod = self.lod
        sel = (frame.heights.shape[0] // 2, frame.heights.shape[1] // 2)
        marked = dataclasses.replace(frame, version=None,
                                     overlays=dataclasses.replace(frame.overlays, selected=sel))
        try:
            self.lod = "mesh"
            self.draw(marked, camera)  # chunks with and without overlays: every terrain variant
            self._warm_haze = True
            try:
                self.draw(marked, camera)  # and their first-person (haze) versions
            finally:
                self._warm_haze = False
            self.lod = "far"
            for self._far_fine in (True, False):  # both cached overview pictures
                self.draw(marked, camera)
                self.draw(frame, camera)
            self.ctx.finish()
        finally:
            self.lod = lod
            self._far_fine = None
            self._drawn_version = None

    def _stage(self, name: str) -> None:
        if not self.profile:
            return
        self.ctx.finish()
        now = time.perf_counter()
        last = getattr(self, "_stage_t", None)
        if name != "start" and last is not None:
            self.stage_ms[name] = (now - last) * 1000
        self._stage_t = now

    # ------------------------------------------------------ 2D compositing
    def draw_surface(self, image, x: int, y: int, size: tuple[int, int] | None = None) -> None:
        """Composite a 2D RGBA image (pygame Surface, or raw RGBA bytes/array with ``size``=(w, h))
        at pixel (x, y) (top-left origin) over the last drawn picture, with alpha blending."""
        if hasattr(image, "get_size"):
            w, h = image.get_size()
            data = pygame.image.tobytes(image, "RGBA")
        else:
            arr = np.asarray(image) if not isinstance(image, (bytes, bytearray, memoryview)) else None
            if arr is not None and arr.ndim == 3:
                h, w = arr.shape[:2]
                if arr.shape[2] == 3:
                    arr = np.concatenate([arr, np.full((h, w, 1), 255, np.uint8)], axis=2)
                data = np.ascontiguousarray(arr, np.uint8).tobytes()
            else:
                if size is None:
                    raise ValueError("raw RGBA bytes need size=(w, h)")
                w, h = size
                data = bytes(image)
        tex = self._image_tex.get((w, h))
        if tex is None:
            tex = self.ctx.texture((w, h), 4)
            tex.filter = (moderngl.NEAREST, moderngl.NEAREST)
            self._image_tex[(w, h)] = tex
        tex.write(data)
        self.fbo.use()
        ctx = self.ctx
        ctx.disable(moderngl.DEPTH_TEST)
        ctx.enable(moderngl.BLEND)
        ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        tex.use(0)
        self.p_image["u_image"].value = 0
        self.p_image["u_viewport"].value = (float(self.width), float(self.height))
        self.p_image["u_rect"].value = (float(x), float(y), float(w), float(h))
        set_uniform(self.p_image, "u_flip", 0)
        self.image_vao.render(moderngl.TRIANGLES)
        ctx.disable(moderngl.BLEND)

    # ------------------------------------------------------------ output
    def screenshot(self) -> np.ndarray:
        self._resolve_msaa()
        data = self._resolve.read(components=3, alignment=1)
        img = np.frombuffer(data, np.uint8).reshape(self.height, self.width, 3)
        return img[::-1].copy()

    def _resolve_msaa(self) -> None:
        if self._resolve is not self.fbo:
            self.ctx.copy_framebuffer(self._resolve, self.fbo)

    def blit_to_screen(self, target=None, size=None) -> None:
        """Draw the picture onto the window's default framebuffer (or ``target``), filling its
        viewport; call before pygame.display.flip(). A textured quad, not glBlitFramebuffer, so
        the window's depth/stencil format does not matter. ``size``: the window's size now (the
        default framebuffer's size as moderngl saw it when the context was made stays after a
        resize); None: the target's own."""
        ctx = self.ctx
        self._resolve_msaa()
        target = target or ctx.screen
        target.use()
        w, h = size if size is not None else target.size
        ctx.viewport = (0, 0, w, h)
        ctx.disable(moderngl.DEPTH_TEST)
        ctx.disable(moderngl.BLEND)
        self.color_texture.use(0)
        p = self.p_image
        p["u_image"].value = 0
        p["u_viewport"].value = (float(w), float(h))
        p["u_rect"].value = (0.0, 0.0, float(w), float(h))
        set_uniform(p, "u_flip", 1)
        self.image_vao.render(moderngl.TRIANGLES)
        set_uniform(p, "u_flip", 0)
        self.fbo.use()

    # -------------------------------------------------------------- pick
    def pick(self, x: int, y: int, frame: Frame, camera: Any):
        """The cell under pixel (x, y): the ray against the columns (terrain + stacks) on the CPU."""
        own = camera.cell if isinstance(camera, FirstPersonCamera) else None
        tops, ymax = self._pick_tops(frame, own)
        view, proj = camera.matrices(self.width / self.height)
        o, d = pixel_ray(view, proj, self.width, self.height, x + 0.0, y + 0.0)
        layout = getattr(frame, "layout", None)
        if layout is not None:  # hexagonal columns, exactly (client/render/hex_layout.py)
            hit = layout.ray_hit(tops, o, d, -BASE_LEVELS * Y_SCALE)
            return None if hit is None else hit[0]
        return pick_columns(tops, o, d, ymax)

    def _pick_tops(self, frame: Frame, own) -> tuple[np.ndarray, float]:
        """The columns' tops (terrain + stack, world units) that pick() casts its ray against, and the highest of
        them; kept while the heights (compared by content with a kept copy), the stacks, the level of detail and the
        eye's own cell are unchanged: the hover picks every frame the mouse or camera moves (issue 27)."""
        heights = np.asarray(frame.heights)
        units = tuple((u.cell, u.count) for u in frame.units)
        key = (units, bool(self.used_far), own)
        kept = self.__dict__.setdefault("_pick_kept", {})  # a few: the scene also picks with a stack left out
        got = kept.get(key)
        if got is not None and got[0].shape == heights.shape and np.array_equal(got[0], heights):
            return got[1], got[2]
        base = np.maximum(heights, 0).astype(np.float64)
        if self.used_far:  # the far view is drawn flat: pick what is drawn
            base = np.zeros_like(base)
        tops = base.copy()
        for cell, count in units:
            if cell != own:  # the first-person eye's own stack is not drawn, nor picked
                tops[cell] = base[cell] + count
        tops = tops * Y_SCALE
        tops.flags.writeable = False  # shared between picks
        if len(kept) >= 8:
            kept.clear()
        kept[key] = (heights.copy(), tops, float(tops.max()))
        return tops, kept[key][2]


def pick_columns(tops: np.ndarray, o: np.ndarray, d: np.ndarray, ymax: float | None = None):
    """First cell (row, col) whose column [base, top] the ray o + t d hits, or None (grid DDA); ``ymax``:
    ``tops.max()`` when the caller keeps it."""
    hit = ray_hit(tops, o, d, ymax)
    return None if hit is None else hit[0]


def ray_hit(tops: np.ndarray, o: np.ndarray, d: np.ndarray, ymax: float | None = None):
    """(cell, t) of the first column the ray o + t d hits (d a unit vector), or None. ``ymax``: ``tops.max()``
    when the caller keeps it. The walk runs on Python floats (the same float64 values and operations as on
    numpy scalars, which cost a numpy call each: the hover picks every frame the camera moves, issue 27)."""
    rows, cols = tops.shape
    ymax = (float(tops.max()) if ymax is None else float(ymax)) + 1e-6
    o = [float(v) for v in o]
    d = [float(v) for v in d]
    # clip the ray to the board's box x in [0, cols], z in [0, rows], y <= ymax
    t0, t1 = 0.0, math.inf
    for axis, lo, hi in ((0, 0.0, float(cols)), (2, 0.0, float(rows)), (1, -BASE_LEVELS * Y_SCALE, ymax)):
        if abs(d[axis]) < 1e-12:
            if not lo <= o[axis] <= hi:
                return None
            continue
        a, b = (lo - o[axis]) / d[axis], (hi - o[axis]) / d[axis]
        if a > b:
            a, b = b, a
        t0, t1 = max(t0, a), min(t1, b)
    if t0 > t1:
        return None
    c = min(cols - 1, max(0, math.floor(o[0] + d[0] * t0)))
    r = min(rows - 1, max(0, math.floor(o[2] + d[2] * t0)))
    step_c = 1 if d[0] > 0 else -1
    step_r = 1 if d[2] > 0 else -1
    next_x = c + (1 if step_c > 0 else 0)
    next_z = r + (1 if step_r > 0 else 0)
    tx = (next_x - o[0]) / d[0] if abs(d[0]) > 1e-12 else math.inf
    tz = (next_z - o[2]) / d[2] if abs(d[2]) > 1e-12 else math.inf
    dtx = abs(1.0 / d[0]) if abs(d[0]) > 1e-12 else math.inf
    dtz = abs(1.0 / d[2]) if abs(d[2]) > 1e-12 else math.inf
    oy, dy = o[1], d[1]
    top_at = tops.item
    t = t0
    while t <= t1 + 1e-9:
        t_exit = min(tx, tz, t1)
        top = top_at(r, c)
        # lowest y of the ray inside this cell (the ray's y is linear in t)
        y_in, y_out = oy + dy * t, oy + dy * t_exit
        if min(y_in, y_out) <= top:
            if y_in <= top or abs(dy) < 1e-12:
                return (r, c), t  # through the wall as the ray enters the cell
            return (r, c), (top - oy) / dy  # down onto the top
        if tx < tz:
            c += step_c
            t = tx
            tx += dtx
        else:
            r += step_r
            t = tz
            tz += dtz
        if not (0 <= r < rows and 0 <= c < cols):
            return None
    return None
    return None