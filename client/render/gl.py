"""The ModernGL 3D renderer of 沙场秋点兵 (issue 3).

``GLRenderer(ctx, width, height)`` draws a ``Frame`` with a camera into its own
offscreen framebuffer (colour + depth); ``blit_to_screen()`` copies it to the
window's default framebuffer, ``screenshot()`` reads it back. It works the same
on a headless EGL context (``moderngl.create_standalone_context(backend="egl")``)
and on a pygame window context (``moderngl.create_context()``).

Pieces: terrain mesh (gl_terrain), tokens (gl_units), overlays and sight line
(gl_overlay), labels (gl_text); GLSL in ``shaders/``. Camera matrices are
row-major numpy (client/camera.py) and uploaded transposed.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import moderngl
import numpy as np

from client.camera import FirstPersonCamera, gl_uniform_bytes, pixel_ray, project
from client.render import gl_overlay, gl_units
from client.render.base import Frame, Renderer, Y_SCALE
from client.render.gl_terrain import (BASE_LEVELS, CHUNK, build_chunked_mesh, build_hex_mesh, chunk_boxes,
                                      chunk_mesh, hex_mesh_stats, mesh_stats, padded, quad_indices)
from client.render.gl_text import GHOST, SPENT, SWORDS, TENT, GlyphAtlas
from client.render.hex_layout import cell_xz

SHADERS = Path(__file__).resolve().parents[2] / "shaders"
BACKGROUND = (0.09, 0.10, 0.12)
SKY = (0.62, 0.72, 0.84)  # first person: the sky, and the haze distant ground fades into
FAR_CELL_PX = 8.0  # the far (flat map) level of detail below this many pixels per cell
LABEL_WHITE = (1.0, 1.0, 1.0, 1.0)
OUTLINE = (0.0, 0.0, 0.0, 0.85)


def shader_source(name: str) -> str:
    """A GLSL file from shaders/, with lines ``#include other.glsl`` replaced by that file."""
    out = []
    for line in (SHADERS / name).read_text().splitlines():
        if line.startswith("#include "):
            out.append(shader_source(line.split()[1]))
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def load_program(ctx: moderngl.Context, name: str, frag: str | None = None, defines=()) -> moderngl.Program:
    """A program from shaders/<name>.vert and .frag; ``defines`` go after the fragment's #version."""
    fs = shader_source(f"{frag or name}.frag")
    if defines:
        first, rest = fs.split("\n", 1)
        fs = first + "\n" + "".join(f"#define {d}\n" for d in defines) + rest
    return ctx.program(vertex_shader=shader_source(f"{name}.vert"), fragment_shader=fs)


def set_uniform(prog: moderngl.Program, name: str, value) -> None:
    """Set a uniform if the compiler kept it (unused uniforms are optimised away)."""
    if name in prog:
        prog[name].value = value


PALETTE = np.array([(0.30, 0.52, 0.26), (0.55, 0.64, 0.33), (0.76, 0.66, 0.42), (0.58, 0.44, 0.30),
                    (0.60, 0.58, 0.56), (0.95, 0.95, 0.97)])


def palette(t) -> np.ndarray:
    """The terrain palette (the same formula as palette() in shaders/terrain_common.glsl)."""
    t = np.clip(np.asarray(t, np.float64), 0.0, 1.0) * 5.0
    col = PALETTE[0] + (PALETTE[1] - PALETTE[0]) * np.clip(t, 0, 1)[..., None]
    for k in range(2, 6):
        col = col + (PALETTE[k] - col) * np.clip(t - (k - 1), 0, 1)[..., None]
    return col


def base_colours(heights: np.ndarray, hmax: float) -> np.ndarray:
    """(H, W, 3) uint8 top colour per cell: palette by height, every other level 7 % darker."""
    h = np.maximum(np.asarray(heights), 0).astype(np.float64)
    col = palette(h / hmax) * np.where(h % 2 < 0.5, 1.0, 0.93)[..., None]
    return np.clip(col * 255 + 0.5, 0, 255).astype(np.uint8)


def cell_flags(fill, edge, mark, unknown) -> np.ndarray:
    """(H, W) uint8 overlay flags of shaders/terrain_common.glsl (FLAG_*)."""
    f = np.zeros(unknown.shape, np.uint8)
    if mark is not None:
        f |= np.where(mark[..., 0] > 0, 1, 0).astype(np.uint8)
        f |= np.where(mark[..., 2] > 0, 2, 0).astype(np.uint8)
        f |= np.where(mark[..., 1] > 0, 16, 0).astype(np.uint8)
        f |= np.where(edge[..., 3] > 0, 4, 0).astype(np.uint8)
        f |= np.where(fill[..., 3] > 0, 32, 0).astype(np.uint8)
    f |= np.where(unknown, 8, 0).astype(np.uint8)
    return f


def rim_codes(heights: np.ndarray) -> np.ndarray:
    """Per cell bits for the far level of detail: 1/2/4/8 = higher than the west/north/east/south
    neighbour (the board's edge counts as lower)."""
    h = np.maximum(np.asarray(heights, np.int32), 0)
    pad = np.pad(h, 1, constant_values=-1)
    code = ((h > pad[1:-1, :-2]) * 1 + (h > pad[:-2, 1:-1]) * 2 + (h > pad[1:-1, 2:]) * 4
            + (h > pad[2:, 1:-1]) * 8)
    return code.astype(np.float32)


def rim_codes_in(heights: np.ndarray, r0: int, r1: int, c0: int, c1: int) -> np.ndarray:
    """rim_codes of the window heights[r0:r1, c0:c1], seeing the neighbours outside it."""
    rows, cols = heights.shape
    a0, b0 = max(0, r0 - 1), max(0, c0 - 1)
    a1, b1 = min(rows, r1 + 1), min(cols, c1 + 1)
    big = rim_codes_window(heights[a0:a1, b0:b1], top=a0 == 0, left=b0 == 0, bottom=a1 == rows, right=b1 == cols)
    return big[r0 - a0:r0 - a0 + (r1 - r0), c0 - b0:c0 - b0 + (c1 - c0)]


def rim_codes_window(h: np.ndarray, top: bool, left: bool, bottom: bool, right: bool) -> np.ndarray:
    """rim_codes where only the sides flagged True are the board's edge (others: real cells)."""
    h = np.maximum(np.asarray(h, np.int32), 0)
    pad = np.pad(h, 1, mode="edge")
    pad[0, :] = -1 if top else pad[0, :]
    pad[-1, :] = -1 if bottom else pad[-1, :]
    pad[:, 0] = -1 if left else pad[:, 0]
    pad[:, -1] = -1 if right else pad[:, -1]
    code = ((h > pad[1:-1, :-2]) * 1 + (h > pad[:-2, 1:-1]) * 2 + (h > pad[1:-1, 2:]) * 4
            + (h > pad[2:, 1:-1]) * 8)
    return code.astype(np.float32)


from engine.shachang.cells import col_name as col_letters  # noqa: E402  (one naming of cells)


def cell_label(cell) -> str:
    return f"{col_letters(cell[1])}{cell[0] + 1}"


class GLRenderer(Renderer):
    """ModernGL renderer; see the module docstring."""

    def __init__(self, ctx: moderngl.Context, width: int, height: int, samples: int = 0):
        self.ctx = ctx
        self.samples = int(samples)
        self.max_size = min(int(ctx.info.get("GL_MAX_RENDERBUFFER_SIZE", 4096)),
                            int(ctx.info.get("GL_MAX_TEXTURE_SIZE", 4096)),
                            int(ctx.info.get("GL_MAX_VIEWPORT_DIMS", (4096, 4096))[0]))
        self.max_samples = int(ctx.info.get("GL_MAX_SAMPLES", 0) or 0)
        # terrain variants: (tops?, overlays?) -> program
        self.p_parts = {(t, o): load_program(ctx, "terrain", defines=(("PART_TOPS",) if t else ())
                                             + (("OVERLAYS",) if o else ()))
                        for t in (True, False) for o in (True, False)}
        self.p_terrain = self.p_parts[(True, True)]
        self.p_far = load_program(ctx, "terrain_far", defines=("OVERLAYS",))
        self.lod = "auto"  # "auto", "mesh" (always columns) or "far" (always the flat far level of detail)
        self.used_far = False
        self.p_token = load_program(ctx, "token")
        self.p_label = load_program(ctx, "label")
        self.p_line = load_program(ctx, "line")
        self.p_image = load_program(ctx, "image")
        self.atlas = GlyphAtlas()
        self.t_atlas = self.atlas.texture(ctx)
        # tokens
        self.token_vbo = ctx.buffer(gl_units.token_mesh().tobytes())
        self.token_inst = ctx.buffer(reserve=gl_units.INSTANCE_FLOATS * 4 * 1024, dynamic=True)
        self.token_vao = self._token_vao(self.token_inst)
        # dynamic buffers for labels and lines
        self.label_vbo = ctx.buffer(reserve=12 * 4 * 6 * 512, dynamic=True)
        self.label_vao = ctx.vertex_array(self.p_label, [
            (self.label_vbo, "2f 2f 4f 4f", "in_pos", "in_uv", "in_color", "in_outline")])
        self.line_vbo = ctx.buffer(reserve=8 * 4 * 6 * 64, dynamic=True)
        self.line_vao = ctx.vertex_array(self.p_line, [(self.line_vbo, "4f 4f", "in_clip", "in_color")])
        corners = np.array([0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1], np.float32)
        self.image_vbo = ctx.buffer(corners.tobytes())
        self.image_vao = ctx.vertex_array(self.p_image, [(self.image_vbo, "2f", "in_corner")])
        self.far_vao = ctx.vertex_array(self.p_far, [(self.image_vbo, "2f", "in_corner")])
        self.p_board = load_program(ctx, "board")
        self.board_vao = ctx.vertex_array(self.p_board, [(self.image_vbo, "2f", "in_corner")])
        self.board_px = 4  # pixels per cell of the far view's cached board picture (x2 when cells are >= 4 px)
        self._boards: dict = {}  # (w, h) -> the far view's cached board picture at that resolution
        self._far_state = None  # the per-cell state of the last far frame
        self._far_fine = None  # tests and warm-up: force the fine (True) or coarse (False) picture
        self._image_tex: dict[tuple[int, int], moderngl.Texture] = {}
        # board state
        self.shape: tuple[int, int] | None = None
        self.terrain_vbo = self.terrain_ibo = self.terrain_vao = None
        self._mesh_heights = None  # the heights the column mesh shows
        self._tex_heights = None  # the heights the per-cell textures show (the newest)
        self._cell_key = None  # overlay flags last written to the per-cell texture
        self._cell_dirty = "all"  # cells of that texture to rewrite: "all", a box, or None
        self._drawn_version = None  # Frame.version of the per-cell textures now uploaded
        self._cell_cache = None
        self._heights_key: bytes | None = None
        self.mesh_info: dict = {}
        self.layout = None  # the hex layout of the board drawn (None: square cells)
        self.p_hex_parts = None  # the terrain variants of hex boards, compiled when one is first drawn
        self.fbo = None
        self.width = self.height = 0
        self.resize(width, height)
        self.last_view = self.last_proj = None
        self.timings: dict[str, float] = {}
        self.profile = False  # True: glFinish after each stage and record ms in self.stage_ms
        self.stage_ms: dict[str, float] = {}

    # ------------------------------------------------------------ setup
    def _token_vao(self, inst):
        return self.ctx.vertex_array(self.p_token, [
            (self.token_vbo, "3f 3f", "in_pos", "in_normal"),
            (inst, "4f 1f 3f 4f/i", "in_inst", "in_height", "in_color", "in_ring"),
        ])

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

    def load_board(self, heights_shape: tuple[int, int]) -> None:
        shape = (int(heights_shape[0]), int(heights_shape[1]))
        if shape == self.shape:
            return
        self.shape = shape
        h, w = shape
        ctx = self.ctx
        self.t_fog = ctx.texture((w, h), 1)
        self.t_fog.filter = (moderngl.NEAREST, moderngl.NEAREST)
        self.t_fog.repeat_x = self.t_fog.repeat_y = False
        self.t_fill = ctx.texture((w, h), 4)
        self.t_edge = ctx.texture((w, h), 4)
        self.t_cell = ctx.texture((w, h), 4)
        self.t_height = ctx.texture((w, h), 2, dtype="f4")
        for t in (self.t_fill, self.t_edge, self.t_cell, self.t_height):
            t.filter = (moderngl.NEAREST, moderngl.NEAREST)
            t.repeat_x = t.repeat_y = False
        self._heights_key = None
        self._cell_key = None
        self._cell_dirty = "all"
        for board in self._boards.values():
            board["fbo"].release()
            board["tex"].release()
        self._boards = {}
        self._far_state = None

    def set_heights(self, heights: np.ndarray) -> None:
        """Take the known heights: per-cell textures now (only the changed box), the column mesh
        when a view needs it (``ensure_mesh``)."""
        heights = np.asarray(heights)
        self.load_board(heights.shape)
        key = heights.astype(np.int16).tobytes()
        if key == self._heights_key:
            return
        prev = self._tex_heights
        hmax = max(6.0, float(np.max(heights)) if heights.size else 6.0)
        if prev is not None and prev.shape == heights.shape and hmax == self._hmax:
            # per-cell textures: only the box around the changed cells (rims see neighbours)
            ch = np.argwhere(heights.astype(np.int16) != prev)
            rows, cols = heights.shape
            r0, c0 = max(0, ch[:, 0].min() - 1), max(0, ch[:, 1].min() - 1)
            r1, c1 = min(rows, ch[:, 0].max() + 2), min(cols, ch[:, 1].max() + 2)
            win = heights[r0:r1, c0:c1]
            self._unknown[r0:r1, c0:c1] = win < 0
            self._base_rgb[r0:r1, c0:c1] = base_colours(win, hmax)
            wr0, wc0 = max(0, r0 - 1), max(0, c0 - 1)
            rim = rim_codes_in(heights, wr0, min(rows, r1 + 1), wc0, min(cols, c1 + 1))
            hr = np.empty(win.shape + (2,), np.float32)
            hr[..., 0] = np.maximum(win, 0)
            hr[..., 1] = rim[r0 - wr0:r0 - wr0 + (r1 - r0), c0 - wc0:c0 - wc0 + (c1 - c0)]
            self.t_height.write(hr.tobytes(), viewport=(c0, r0, c1 - c0, r1 - r0))
            box = (r0, r1, c0, c1)
            old = self._cell_dirty
            if old is None:
                self._cell_dirty = box
            elif old != "all":
                self._cell_dirty = (min(old[0], r0), max(old[1], r1), min(old[2], c0), max(old[3], c1))
        else:
            self._cell_dirty = "all"
            self._unknown = heights < 0
            self._base_rgb = base_colours(heights, hmax)
            hr = np.empty(heights.shape + (2,), np.float32)
            hr[..., 0] = np.maximum(heights, 0)
            hr[..., 1] = rim_codes(heights)
            self.t_height.write(hr.tobytes())
        self._hmax = hmax
        self._tex_heights = heights.astype(np.int16)
        self._heights_key = key
        self._any_unknown = bool(self._unknown.any())

    def ensure_mesh(self) -> None:
        """Bring the column mesh up to the known heights: a full build the first time (or for a new
        board size), else only the chunks that changed."""
        import time

        now = self._tex_heights
        prev = self._mesh_heights
        if prev is not None and prev.shape == now.shape and np.array_equal(prev, now):
            return
        t0 = time.perf_counter()
        if self.layout is not None:  # a hex board (a few hundred cells): always the whole mesh
            self._build_hex_terrain(now)
            self.timings["mesh_ms"] = (time.perf_counter() - t0) * 1000
        elif prev is None or prev.shape != now.shape:
            self._build_terrain(now)
            self.timings["mesh_ms"] = (time.perf_counter() - t0) * 1000
        else:
            self._update_terrain(now, prev)
            self.timings["mesh_update_ms"] = (time.perf_counter() - t0) * 1000
        self._mesh_heights = now

    def _build_terrain(self, heights: np.ndarray) -> None:
        """The whole mesh, written into fixed-size per-chunk regions of one vertex buffer (so a
        chunk can later be rebuilt alone), with a static index buffer over all regions."""
        verts, idx, ch = build_chunked_mesh(heights)
        self.mesh_info = mesh_stats(verts, idx)
        rows, cols = heights.shape
        kr, kc = ch["grid"]
        k = kr * kc
        # room per chunk: 1.5x the fullest chunk now (a chunk that outgrows it rebuilds everything),
        # at most a top and 4 walls per cell
        most = 5 * min(CHUNK, rows) * min(CHUNK, cols)
        cap = int(min(most, max(256, int(ch["counts"].max()) * 3 // 2 + 64)))
        for b in (self.terrain_vao, self.terrain_vbo, self.terrain_ibo):
            if b is not None:
                b.release()
        self.terrain_vbo = self.ctx.buffer(reserve=(k * cap + 1) * 4 * 16)
        self.terrain_ibo = self.ctx.buffer(quad_indices(k * cap + 1).tobytes())
        for v in getattr(self, "part_vaos", {}).values():
            v.release()
        self.part_vaos = {key: self.ctx.vertex_array(prog, [(self.terrain_vbo, "4f", "in_v")],
                                                     index_buffer=self.terrain_ibo, index_element_size=4)
                          for key, prog in self.p_parts.items()}
        self.terrain_vao = self.part_vaos[(True, True)]
        quads = verts.reshape(-1, 4, 4)
        counts = ch["counts"].astype(np.int64)
        first = np.concatenate([[0], np.cumsum(counts)[:-1]])
        for i in range(k):
            if counts[i]:
                self.terrain_vbo.write(quads[first[i]:first[i] + counts[i]].tobytes(), offset=i * cap * 64)
        self.terrain_vbo.write(quads[-1].tobytes(), offset=k * cap * 64)  # the bottom of the slab
        self._cap = cap
        self._chunks = {"grid": (kr, kc), "counts": counts, "tops": ch["tops"].astype(np.int64),
                        "boxes": ch["boxes"],
                        "ymax": ch["boxes"][:, 1, 1].copy(), "bottom": k * cap * 6}
        self._set_ranges()

    def _hex_programs(self) -> dict:
        """The four terrain variants for hex columns (terrain_hex.vert + terrain.frag with HEX)."""
        if self.p_hex_parts is None:
            self.p_hex_parts = {(t, o): load_program(self.ctx, "terrain_hex", frag="terrain",
                                                     defines=("HEX",) + (("PART_TOPS",) if t else ())
                                                     + (("OVERLAYS",) if o else ()))
                                for t in (True, False) for o in (True, False)}
        return self.p_hex_parts

    def _build_hex_terrain(self, heights: np.ndarray) -> None:
        """The hex column mesh of the whole board (client/render/gl_terrain.py: build_hex_mesh)."""
        verts, idx, info = build_hex_mesh(heights, self.layout)
        self.mesh_info = hex_mesh_stats(verts)
        for b in (self.terrain_vao, self.terrain_vbo, self.terrain_ibo):
            if b is not None:
                b.release()
        for v in getattr(self, "part_vaos", {}).values():
            v.release()
        self.terrain_vbo = self.ctx.buffer(verts.tobytes())
        self.terrain_ibo = self.ctx.buffer(idx.tobytes())
        self.part_vaos = {key: self.ctx.vertex_array(prog, [(self.terrain_vbo, "4f", "in_v")],
                                                     index_buffer=self.terrain_ibo, index_element_size=4)
                          for key, prog in self._hex_programs().items()}
        self.terrain_vao = self.part_vaos[(True, True)]
        self._hex_mesh = info

    def _render_hex(self) -> None:
        """Draw the hex column mesh: the tops, then walls and the slab's bottom."""
        info = self._hex_mesh
        ov = bool(self._chunk_ov[0]) if getattr(self, "_chunk_ov", None) is not None else True
        t = info["tops"] * 6
        self.part_vaos[(True, ov)].render(moderngl.TRIANGLES, vertices=t, first=0)
        self.part_vaos[(False, ov)].render(moderngl.TRIANGLES, vertices=info["quads"] * 6 - t, first=t)
        self.timings["chunks_drawn"] = 1

    def _set_ranges(self) -> None:
        ch = self._chunks
        k = len(ch["counts"])
        ch["ranges"] = np.stack([np.arange(k) * self._cap * 6, ch["counts"] * 6], axis=1)

    def _update_terrain(self, heights: np.ndarray, prev: np.ndarray) -> None:
        """Rebuild only the chunks whose cells (or whose cells' neighbours) changed height."""
        changed = np.argwhere(heights.astype(np.int16) != prev)
        if not len(changed):
            return
        ch = self._chunks
        kr, kc = ch["grid"]
        rows, cols = heights.shape
        cells = np.concatenate([changed + d for d in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))])
        cells = cells[(cells[:, 0] >= 0) & (cells[:, 0] < rows) & (cells[:, 1] >= 0) & (cells[:, 1] < cols)]
        ids = np.unique((cells[:, 0] // CHUNK) * kc + cells[:, 1] // CHUNK)
        pad = padded(heights)
        for i in ids:
            q = chunk_mesh(pad, int(i) // kc, int(i) % kc)
            if len(q) > self._cap:  # this chunk outgrew its room: rebuild all with more room
                self._build_terrain(heights)
                return
            if len(q):
                self.terrain_vbo.write(q.tobytes(), offset=int(i) * self._cap * 64)
            ch["counts"][i] = len(q)
            ch["tops"][i] = int((q[:, 0, 3] == 0).sum())
            ch["ymax"][i] = float(q[:, 2, 1].max()) if len(q) else 0.0
        ch["boxes"] = chunk_boxes(rows, cols, CHUNK, ch["ymax"])
        self._set_ranges()
        self.timings["chunks_rebuilt"] = len(ids)

    # ------------------------------------------------------------- draw
    def draw(self, frame: Frame, camera: Any) -> None:
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
        self.fbo.clear(*(SKY if fp else BACKGROUND), 1.0, depth=1.0)
        ctx.enable(moderngl.DEPTH_TEST)
        ctx.disable(moderngl.BLEND)
        self._stage("clear")

        # terrain: the column mesh, or the flat far level of detail when walls cannot be seen
        far = layout is None and (self.lod == "far" or (self.lod == "auto" and self._far_view(view, proj)))
        self.used_far = far
        p = self.p_far if far else self.p_terrain
        for unit, (name, tex) in enumerate((("u_fog", self.t_fog), ("u_fill", self.t_fill),
                                            ("u_edge", self.t_edge), ("u_cell", self.t_cell),
                                            ("u_height", self.t_height))):
            tex.use(unit)
        progs = [self.p_far] if far else list(self.p_parts.values())
        if layout is not None:
            progs = list(self._hex_programs().values())
        for q in progs:
            q["u_mvp"].write(mvp_b)
            if layout is not None:
                set_uniform(q, "u_hex_origin", (float(layout.x0), float(layout.z0)))
            set_uniform(q, "u_size", (float(cols), float(rows)))
            set_uniform(q, "u_yscale", Y_SCALE)
            set_uniform(q, "u_hmax", self._hmax)
            set_uniform(q, "u_grid", 1.0)
            set_uniform(q, "u_y", 0.0)
            eye = camera.eye() if hasattr(camera, "eye") else (0.0, 0.0, 0.0)
            set_uniform(q, "u_eye", tuple(float(v) for v in eye))
            set_uniform(q, "u_sky", SKY)
            set_uniform(q, "u_haze", 1.0 if fp else 0.0)
            reach = max(rows, cols) * 0.9
            set_uniform(q, "u_haze_near", min(12.0, reach * 0.35))
            set_uniform(q, "u_haze_far", max(16.0, reach))
            for unit, name in enumerate(("u_fog", "u_fill", "u_edge", "u_cell", "u_height")):
                set_uniform(q, name, unit)
        if layout is not None:
            self.ensure_mesh()
            self._chunk_ov = np.array([bool((flags & ~np.uint8(8)).any())])
        elif not far:
            self.ensure_mesh()
            # chunks holding overlay flags get the overlay variant of the terrain shader
            f = flags & ~np.uint8(8)  # unknown heights are handled in every variant
            kr, kc = self._chunks["grid"]
            padf = np.zeros((kr * CHUNK, kc * CHUNK), bool)
            padf[:rows, :cols] = f != 0
            self._chunk_ov = padf.reshape(kr, CHUNK, kc, CHUNK).any(axis=(1, 3)).ravel()
        if far:
            self._draw_far_board(p, mvp_b, fog, fill_edge_mark if has_ov else None, rows, cols, same)
        elif layout is not None:
            ctx.enable(moderngl.CULL_FACE)
            self._render_hex()
            ctx.disable(moderngl.CULL_FACE)
        else:
            ctx.enable(moderngl.CULL_FACE)
            self._render_visible_chunks(mvp)
            ctx.disable(moderngl.CULL_FACE)
        self._stage("terrain")

        # the far view is a flat map: stacks, lines and labels stand on y = 0 there (as pick assumes)
        ground = np.zeros_like(heights) if far else heights
        if far:
            hgt = np.zeros_like(hgt)

        # tokens
        skip = camera.cell if isinstance(camera, FirstPersonCamera) else None
        inst = gl_units.instances(frame.units, ground, skip_cell=skip, merged=far, layout=layout)
        if far and len(inst):
            # overview maps: stacks at least ~12 px wide so every unit can be found and told apart
            cpx = self._centre_cell_px(view, proj)
            inst[:, 3] *= min(16.0, max(1.0, 6.0 / (gl_units.TOKEN_RADIUS * max(cpx, 0.1))))
        self.p_token["u_mvp"].write(mvp_b)
        if len(inst):
            self._draw_tokens(inst, 1.0)
        ghosts = gl_units.ghost_instances(frame.ghosts, ground, layout=layout)
        if len(ghosts):
            ctx.enable(moderngl.BLEND)
            ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
            self._draw_tokens(ghosts, 0.5)
            ctx.disable(moderngl.BLEND)

        self._stage("tokens")
        # sight line: faint where hidden behind terrain, solid where seen
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

        self._stage("lines")
        # labels
        items = self._labels(frame, hgt, view, proj, sight_labels)
        self._draw_label_items(items)
        ctx.disable(moderngl.DEPTH_TEST)
        self._stage("labels")

    def warm_up(self, frame: Frame, camera: Any) -> None:
        """Build the column mesh and let the driver compile every shader variant now (while the game
        loads), so that the first frame of either level of detail has no hitch. Draws into the
        renderer's own framebuffer; the next draw replaces the picture."""
        import dataclasses

        lod = self.lod
        sel = (frame.heights.shape[0] // 2, frame.heights.shape[1] // 2)
        marked = dataclasses.replace(frame, version=None,
                                     overlays=dataclasses.replace(frame.overlays, selected=sel))
        try:
            self.lod = "mesh"
            self.draw(marked, camera)  # chunks with and without overlays: every terrain variant
            self.lod = "far"
            for self._far_fine in (True, False):  # both cached overview pictures
                self.draw(marked, camera)
                self.draw(frame, camera)
            self.ctx.finish()
        finally:
            self.lod = lod
            self._far_fine = None
            self._drawn_version = None

    def _cell_textures(self, frame: Frame, heights: np.ndarray):
        """Fog, overlay images and per-cell flags of ``frame``, uploaded to their textures:
        (fog, has_overlays, (fill, edge, mark) or None, flags)."""
        ov = frame.overlays
        if frame.fog:
            fog = np.where(frame.visible, 255, np.where(frame.explored, 128, 0)).astype(np.uint8)
        else:
            fog = np.full(heights.shape, 255, np.uint8)
        self.t_fog.write(np.ascontiguousarray(fog).tobytes())
        has_ov = self._any_unknown or any((ov.attack_area is not None, ov.vision is not None,
                                           ov.ghost_cells is not None, ov.reachable, ov.reinforce_cells,
                                           ov.targets, ov.blocked_targets, ov.sight_cells,
                                           ov.sight_block is not None, ov.selected is not None,
                                           ov.hover is not None))
        fill_edge_mark = None
        if has_ov:
            fill, edge, mark = gl_overlay.overlay_images(ov, heights.shape)
            mark[..., 3] = np.where(self._unknown, 255, 0)
            fill_edge_mark = (fill, edge, mark)
            self.t_fill.write(fill.tobytes())
            self.t_edge.write(edge.tobytes())
            flags = cell_flags(fill, edge, mark, self._unknown)
        else:
            flags = cell_flags(None, None, None, self._unknown)
        # the per-cell texture: all of it when the overlay flags changed, else the box of cells
        # whose heights changed (exploring), else nothing
        dirty = self._cell_dirty
        if self._cell_key is None or dirty == "all" or not np.array_equal(flags, self._cell_key):
            cell = np.empty(heights.shape + (4,), np.uint8)
            cell[..., :3] = self._base_rgb
            cell[..., 3] = flags
            self.t_cell.write(cell.tobytes())
        elif dirty is not None:
            r0, r1, c0, c1 = dirty
            cell = np.empty((r1 - r0, c1 - c0, 4), np.uint8)
            cell[..., :3] = self._base_rgb[r0:r1, c0:c1]
            cell[..., 3] = flags[r0:r1, c0:c1]
            self.t_cell.write(cell.tobytes(), viewport=(c0, r0, c1 - c0, r1 - r0))
        self._cell_key = flags
        self._cell_dirty = None
        return fog, has_ov, fill_edge_mark, flags

    def _draw_far_board(self, p, mvp_b, fog, fem, rows, cols, same: bool = False) -> None:
        """Far level of detail: render the board in board space into a cached texture (only when
        heights, fog or overlays changed), then draw it as one textured quad. ``same``: the
        frame's version is the one drawn last (nothing map-sized changed). One cached picture per
        resolution (4 or 8 px a cell by zoom), so zooming across the threshold redraws only what
        changed since that picture was last used."""
        ctx = self.ctx
        # per-cell state the board picture depends on (besides the heights): fog and overlays
        if same and self._far_state is not None:
            state = self._far_state
        else:
            state = np.zeros(fog.shape + (15,), np.uint8)
            state[..., 0] = fog
            state[..., 13:15] = self._tex_heights.view(np.uint8).reshape(fog.shape + (2,))
            if fem is not None:
                state[..., 1:5], state[..., 5:9], state[..., 9:13] = fem
            self._far_state = state
        fine = self._far_fine if self._far_fine is not None else \
            self._centre_cell_px(self.last_view, self.last_proj) >= 4.0
        px = self.board_px * (2 if fine else 1)
        bw, bh = cols * px, rows * px
        scale = max(1, -(-max(bw, bh) // self.max_size))
        bw, bh = bw // scale, bh // scale
        board = self._boards.get((bw, bh))
        if board is None:
            tex = ctx.texture((bw, bh), 4)
            tex.filter = (moderngl.LINEAR, moderngl.LINEAR)
            tex.repeat_x = tex.repeat_y = False
            board = self._boards[(bw, bh)] = {"tex": tex, "fbo": ctx.framebuffer(color_attachments=[tex]),
                                              "key": None, "state": None}
        key = self._hmax  # heights are in the per-cell state: partial redraws
        rect = None  # None: redraw all; else the changed cells' box (row0, col0, row1, col1)
        if key == board["key"]:
            if state is board["state"] or np.array_equal(state, board["state"]):
                rect = ()
            else:
                changed = np.any(state != board["state"], axis=2)
                rr = np.flatnonzero(changed.any(axis=1))
                cc = np.flatnonzero(changed.any(axis=0))
                # one cell of margin: the fog is filtered across cell borders
                rect = (max(0, rr[0] - 1), max(0, cc[0] - 1), min(rows - 1, rr[-1] + 1), min(cols - 1, cc[-1] + 1))
        fbo = board["fbo"]
        if rect != ():
            # board space: x in [0, cols] -> clip x in [-1, 1]; z in [0, rows] -> clip y in [-1, 1]
            # (texture row 0 = board row 0)
            m = np.zeros((4, 4))
            m[0, 0], m[0, 3] = 2.0 / cols, -1.0
            m[1, 2], m[1, 3] = 2.0 / rows, -1.0
            m[2, 1] = 0.0
            m[3, 3] = 1.0
            p["u_mvp"].write(gl_uniform_bytes(m))
            fbo.use()
            ctx.viewport = (0, 0, bw, bh)
            ctx.disable(moderngl.DEPTH_TEST)
            if rect is not None:  # only the changed part (vision changes after an action are local)
                sx, sy = bw / cols, bh / rows
                r0, c0, r1, c1 = rect
                x0, y0 = int(np.floor(c0 * sx)), int(np.floor(r0 * sy))
                fbo.scissor = (x0, y0, int(np.ceil((c1 + 1) * sx)) - x0, int(np.ceil((r1 + 1) * sy)) - y0)
            self.far_vao.render(moderngl.TRIANGLES)
            fbo.scissor = None
            board["key"], board["state"] = key, state
            self.timings["board_rebuilds"] = self.timings.get("board_rebuilds", 0) + 1
            self.fbo.use()
            ctx.viewport = (0, 0, self.width, self.height)
            ctx.enable(moderngl.DEPTH_TEST)
        b = self.p_board
        b["u_mvp"].write(mvp_b)
        b["u_size"].value = (float(cols), float(rows))
        set_uniform(b, "u_y", 0.0)
        board["tex"].use(0)
        b["u_board"].value = 0
        self.board_vao.render(moderngl.TRIANGLES)

    def _stage(self, name: str) -> None:
        if not self.profile:
            return
        import time

        self.ctx.finish()
        now = time.perf_counter()
        last = getattr(self, "_stage_t", None)
        if name != "start" and last is not None:
            self.stage_ms[name] = (now - last) * 1000
        self._stage_t = now

    def _render_visible_chunks(self, mvp: np.ndarray) -> None:
        """Draw the terrain chunks whose boxes touch the view frustum (merged into few draw calls)."""
        ch = self._chunks
        boxes = ch["boxes"]
        k = len(boxes)
        lo, hi = boxes[:, 0], boxes[:, 1]
        corners = np.empty((k, 8, 4))
        for i in range(8):
            corners[:, i, 0] = np.where(i & 1, hi[:, 0], lo[:, 0])
            corners[:, i, 1] = np.where(i & 2, hi[:, 1], lo[:, 1])
            corners[:, i, 2] = np.where(i & 4, hi[:, 2], lo[:, 2])
        corners[:, :, 3] = 1.0
        clip = corners @ mvp.T  # (k, 8, 4)
        x, y, z, w = clip[..., 0], clip[..., 1], clip[..., 2], clip[..., 3]
        out = ((x < -w).all(1) | (x > w).all(1) | (y < -w).all(1) | (y > w).all(1)
               | (z < -w).all(1) | (z > w).all(1))
        visible = ~out & (ch["ranges"][:, 1] > 0)
        self.timings["chunks_drawn"] = int(visible.sum())
        ranges = ch["ranges"]
        # nearest chunks first, so the depth test rejects what they hide before it is shaded
        eye = np.linalg.inv(mvp)
        e = eye @ np.array([0.0, 0.0, -1.0, 1.0])
        e = e[:3] / e[3] if abs(e[3]) > 1e-12 else np.zeros(3)
        centres = (lo + hi) / 2
        vis = np.flatnonzero(visible)
        dist = np.hypot(centres[vis, 0] - e[0], centres[vis, 2] - e[2])
        tops = ch["tops"]
        chunk_ov = getattr(self, "_chunk_ov", None)
        for i in vis[np.argsort(dist, kind="stable")]:
            ov = True if chunk_ov is None else bool(chunk_ov[i])
            f0, n, t = int(ranges[i, 0]), int(ranges[i, 1]), int(tops[i]) * 6
            if t:
                self.part_vaos[(True, ov)].render(moderngl.TRIANGLES, vertices=t, first=f0)
            if n > t:
                self.part_vaos[(False, ov)].render(moderngl.TRIANGLES, vertices=n - t, first=f0 + t)
        # the bottom of the base slab (after every chunk)
        self.part_vaos[(False, False)].render(moderngl.TRIANGLES, vertices=6, first=int(ch["bottom"]))

    def _far_view(self, view, proj) -> bool:
        """True when the view looks within 15 degrees of straight down and a cell at the screen
        centre is under 4 pixels wide: there the walls are not visible and one flat quad is drawn."""
        fwd = -np.asarray(view, np.float64)[2, :3]
        if fwd[1] > -0.94:
            return False
        return self._centre_cell_px(view, proj) < FAR_CELL_PX

    def _max_cell_px(self, view, proj) -> float:
        """Width in pixels of a ground cell at the bottom centre of the screen (the nearest ground)."""
        best = 0.0
        for fy in (0.5, 0.98):
            o, d = pixel_ray(view, proj, self.width, self.height, self.width / 2, self.height * fy)
            if d[1] > -1e-6:
                continue
            g = o + d * (-o[1] / d[1])
            pts = project(view, proj, self.width, self.height, [g, g + [1.0, 0.0, 0.0]])
            best = max(best, float(np.hypot(*(pts[1, :2] - pts[0, :2]))))
        return best

    def _centre_cell_px(self, view, proj) -> float:
        """Width in pixels of one cell on the ground under the screen centre."""
        o, d = pixel_ray(view, proj, self.width, self.height, self.width / 2, self.height / 2)
        if d[1] > -1e-6:
            return 100.0
        t = -o[1] / d[1]
        g = o + d * t
        pts = project(view, proj, self.width, self.height, [g, g + [1.0, 0.0, 0.0]])
        return float(np.hypot(*(pts[1, :2] - pts[0, :2])))

    @staticmethod
    def _upload(buf, data: np.ndarray) -> None:
        """Write a dynamic buffer, growing it when the data does not fit."""
        if data.nbytes > buf.size:
            buf.orphan(max(data.nbytes, buf.size * 2))
        buf.write(data.tobytes())

    def _draw_tokens(self, inst: np.ndarray, alpha: float) -> None:
        data = np.ascontiguousarray(inst, np.float32)
        if data.nbytes > self.token_inst.size:
            self.token_inst.release()
            self.token_inst = self.ctx.buffer(reserve=max(data.nbytes, self.token_inst.size * 2), dynamic=True)
            self.token_vao.release()
            self.token_vao = self._token_vao(self.token_inst)
        self.token_inst.write(data.tobytes())
        self.p_token["u_alpha"].value = alpha
        self.token_vao.render(moderngl.TRIANGLES, instances=len(data))

    def _draw_label_items(self, items) -> None:
        if not items:
            return
        quads = self.atlas.quads(items)
        if not len(quads):
            return
        self._upload(self.label_vbo, quads)
        ctx = self.ctx
        ctx.disable(moderngl.DEPTH_TEST)
        ctx.enable(moderngl.BLEND)
        ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        self.t_atlas.use(0)
        self.p_label["u_atlas"].value = 0
        self.p_label["u_viewport"].value = (float(self.width), float(self.height))
        self.label_vao.render(moderngl.TRIANGLES, vertices=len(quads))
        ctx.disable(moderngl.BLEND)

    def draw_text(self, items) -> None:
        """Screen-space text over the picture: items (x, y, text, px, rgba, outline_rgba, align)."""
        self.fbo.use()
        self._draw_label_items(items)

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
        a = project(view, proj, self.width, self.height, pts)
        b = project(view, proj, self.width, self.height, pts + [1.0, 0.0, 0.0])
        c2 = project(view, proj, self.width, self.height, pts + [0.0, 0.0, 1.0])
        cell_px = np.maximum(np.hypot(*(b[:, :2] - a[:, :2]).T), np.hypot(*(c2[:, :2] - a[:, :2]).T))
        hidden = self._occluded(frame, hgt, view, proj, pts, a) if len(pts) <= 1500 else np.zeros(len(pts), bool)
        items = []
        few_units = len(texts) - first_count <= 300  # (a crowd of counts would hide the map)
        for i, text in enumerate(texts):
            x, y, z = a[i]
            if not (-1.0 <= z <= 1.0) or x < -50 or y < -50 or x > self.width + 50 or y > self.height + 50:
                continue
            if hidden[i]:
                continue
            px = cell_px[i] * scale[i]
            if i >= first_count and few_units:
                px = max(px, 10.0)  # stack counts stay readable labels even when the map is zoomed far out
            elif px < 7.0:
                if scale[i] < 0.4 or px < 4.0:
                    continue  # too small to read: skip (counts stay readable down to 7 px)
                px = 7.0
            px = min(px, 40.0)
            items.append((float(x), float(y), text, float(px), colours[i], outlines[i], "c"))
        return items

    def _occluded(self, frame, hgt, view, proj, pts, pix) -> np.ndarray:
        """True for label anchors hidden behind terrain or stacks (perspective views only):
        the segment from the eye to each anchor is sampled every ~0.2 cell (vectorised)."""
        n = len(pts)
        out = np.zeros(n, bool)
        if n == 0 or (abs(float(proj[3, 3]) - 1.0) < 1e-6 and abs(float(proj[3, 2])) < 1e-9):
            return out  # orthographic: straight top-down views hide nothing behind labels
        rows, cols = hgt.shape
        tops = hgt.astype(np.float32)
        for u in frame.units:
            tops[u.cell] = hgt[u.cell] + u.count
        tops *= Y_SCALE
        eye = np.linalg.inv(view.astype(np.float64))[:3, 3]
        p = np.asarray(pts, np.float64)
        seg = p - eye
        length = np.hypot(seg[:, 0], seg[:, 2])
        # only the part of each segment below the highest top can be blocked
        ymax = float(tops.max())
        drop = eye[1] - p[:, 1]
        t0 = np.where(drop > 1e-6, np.clip((eye[1] - ymax) / np.maximum(drop, 1e-6), 0.0, 1.0), 0.0)
        total = np.linalg.norm(seg, axis=1)
        t1 = np.clip(1.0 - 0.1 / np.maximum(total, 1e-6), 0.0, 1.0)  # stop 0.1 short of the anchor
        span = np.maximum(t1 - t0, 0.0)
        steps = int(min(512, max(2, np.ceil((span * length).max() / 0.2))))
        k = np.linspace(0.0, 1.0, steps)[None, :]
        t = t0[:, None] + span[:, None] * k
        q = eye[None, None, :] + seg[:, None, :] * t[..., None]  # (N, S, 3)
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
        top = np.where(inside, tops[np.clip(r, 0, rows - 1), np.clip(c, 0, cols - 1)], -1e9)
        return (q[..., 1] < top).any(axis=1)

    # ------------------------------------------------------ 2D compositing
    def draw_surface(self, image, x: int, y: int, size: tuple[int, int] | None = None) -> None:
        """Composite a 2D RGBA image (pygame Surface, or raw RGBA bytes/array with ``size``=(w, h))
        at pixel (x, y) (top-left origin) over the last drawn picture, with alpha blending."""
        if hasattr(image, "get_size"):
            import pygame

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

    def blit_to_screen(self, target=None) -> None:
        """Draw the picture onto the window's default framebuffer (or ``target``), filling its
        viewport; call before pygame.display.flip(). A textured quad, not glBlitFramebuffer, so
        the window's depth/stencil format does not matter."""
        ctx = self.ctx
        self._resolve_msaa()
        target = target or ctx.screen
        target.use()
        w, h = target.size
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
        heights = np.maximum(np.asarray(frame.heights), 0).astype(np.float64)
        if self.used_far:  # the far view is drawn flat: pick what is drawn
            heights = np.zeros_like(heights)
        tops = heights.copy()
        own = camera.cell if isinstance(camera, FirstPersonCamera) else None
        for u in frame.units:
            if u.cell != own:  # the first-person eye's own stack is not drawn, nor picked
                tops[u.cell] = heights[u.cell] + u.count
        view, proj = camera.matrices(self.width / self.height)
        o, d = pixel_ray(view, proj, self.width, self.height, x + 0.0, y + 0.0)
        layout = getattr(frame, "layout", None)
        if layout is not None:  # hexagonal columns, exactly (client/render/hex_layout.py)
            hit = layout.ray_hit(tops * Y_SCALE, o, d, -BASE_LEVELS * Y_SCALE)
            return None if hit is None else hit[0]
        return pick_columns(tops * Y_SCALE, o, d)


def pick_columns(tops: np.ndarray, o: np.ndarray, d: np.ndarray):
    """First cell (row, col) whose column [base, top] the ray o + t d hits, or None (grid DDA)."""
    hit = ray_hit(tops, o, d)
    return None if hit is None else hit[0]


def ray_hit(tops: np.ndarray, o: np.ndarray, d: np.ndarray):
    """(cell, t) of the first column the ray o + t d hits (d a unit vector), or None."""
    rows, cols = tops.shape
    ymax = float(tops.max()) + 1e-6
    # clip the ray to the board's box x in [0, cols], z in [0, rows], y <= ymax
    t0, t1 = 0.0, np.inf
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
    p = o + d * t0
    c = min(cols - 1, max(0, int(np.floor(p[0]))))
    r = min(rows - 1, max(0, int(np.floor(p[2]))))
    step_c = 1 if d[0] > 0 else -1
    step_r = 1 if d[2] > 0 else -1
    next_x = c + (1 if step_c > 0 else 0)
    next_z = r + (1 if step_r > 0 else 0)
    tx = (next_x - o[0]) / d[0] if abs(d[0]) > 1e-12 else np.inf
    tz = (next_z - o[2]) / d[2] if abs(d[2]) > 1e-12 else np.inf
    dtx = abs(1.0 / d[0]) if abs(d[0]) > 1e-12 else np.inf
    dtz = abs(1.0 / d[2]) if abs(d[2]) > 1e-12 else np.inf
    t = t0
    while t <= t1 + 1e-9:
        t_exit = min(tx, tz, t1)
        top = tops[r, c]
        # lowest y of the ray inside this cell (the ray's y is linear in t)
        y_in, y_out = o[1] + d[1] * t, o[1] + d[1] * t_exit
        if min(y_in, y_out) <= top:
            if y_in <= top or abs(d[1]) < 1e-12:
                return (r, c), t  # through the wall as the ray enters the cell
            return (r, c), (top - o[1]) / d[1]  # down onto the top
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
