"""The terrain pass of GLRenderer (client/render/gl.py): the per-cell words (top colours with the fog, fills and
darkening baked in, flags; fill and ring colours) and heights and rims, the column mesh in chunks carrying the words
per vertex (square boards) or whole (hex boards),
frustum culling of chunks, and the far level of detail (a cached flat picture of the board drawn as one
quad). ``TerrainPass`` is a part of GLRenderer: it keeps its buffers on the renderer."""
from __future__ import annotations

import time
from typing import Any

import moderngl
import numpy as np

from client.camera import gl_uniform_bytes, pixel_ray, project
from client.render import gl_overlay
from client.render.base import Frame, Y_SCALE
from client.render.gl_programs import load_program, set_uniform
from client.render.gl_terrain import (CHUNK, build_chunked_mesh, build_hex_mesh, chunk_boxes, chunk_mesh_words,
                                      hex_mesh_stats, mesh_stats, padded, quad_indices, top_spans)

SKY = (0.62, 0.72, 0.84)  # first person: the sky, and the haze distant ground fades into
FAR_CELL_PX = 8.0  # the far (flat map) level of detail below this many pixels per cell


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


FLAG_HATCH, FLAG_DOTS, FLAG_RING, FLAG_HIDDEN, FLAG_DARK, FLAG_EXPLORED, FLAG_VISIBLE = 1, 2, 4, 8, 16, 64, 128
FLAG_FILL = 32  # a fill colour (cell_flags only: not in the texture's flags)
TINTS = FLAG_HATCH | FLAG_DOTS | FLAG_RING | FLAG_FILL  # the cells drawn by the OVERLAYS variant of the shaders
# the part of a cell's word the column mesh carries per quad: its colour and the flags walls and plain tops read
# (the patterns' flags are read from u_tint by the overlay variant, so a moving hover ring rebuilds no chunk)
MESH_WORD = np.uint32(0xFFFFFFFF & ~((FLAG_HATCH | FLAG_DOTS | FLAG_RING) << 24))
SLATE = np.array([0.15, 0.16, 0.19], np.float32)  # hidden cells (shaders/terrain_common.glsl: SLATE)
DARK = 1.0 - 120.0 / 255.0  # outside a vision preview
HATCH = np.array([1.0, 0.55, 0.10], np.float32)  # the attack range's orange


def _bits(cond, flag: int) -> np.ndarray:
    """(H, W) uint8: ``flag`` where ``cond`` holds (read as bool), else 0 (a byte view and one product: the map-sized
    np.where and astype of each flag cost ~80 us a frame the hover moves; issue 27)."""
    return np.asarray(cond, bool).view(np.uint8) * np.uint8(flag)


def cell_flags(fill, edge, mark, unknown) -> np.ndarray:
    """(H, W) uint8 overlay flags of shaders/terrain_common.glsl (FLAG_HATCH, FLAG_DOTS, FLAG_RING, FLAG_DARK, and
    FLAG_HIDDEN for unknown heights) and FLAG_FILL (a fill colour)."""
    f = _bits(unknown, FLAG_HIDDEN)
    if mark is not None:
        # only the cells some overlay image marks (a word with a byte set; the mark's fourth byte, the unknown
        # heights, is not an overlay): few in a frame, so their flags are worked out alone (issue 27)
        words = _words(fill) | _words(edge) | (_words(mark) & np.uint32(0x00FFFFFF))
        at = np.flatnonzero(words != 0)  # (on bools: ten times faster than on the words)
        if len(at):
            m = mark.reshape(-1, 4)[at]
            got = (_bits(m[:, 0] > 0, FLAG_HATCH) | _bits(m[:, 2] > 0, FLAG_DOTS) | _bits(m[:, 1] > 0, FLAG_DARK)
                   | _bits(edge.reshape(-1, 4)[at, 3] > 0, FLAG_RING) | _bits(fill.reshape(-1, 4)[at, 3] > 0, FLAG_FILL))
            f.reshape(-1)[at] |= got
    return f


def fog_flags(fog: np.ndarray) -> np.ndarray:
    """(H, W) uint8 fog bits of the per-cell texture's flags (FLAG_EXPLORED 64, FLAG_VISIBLE 128 of
    shaders/terrain_common.glsl) from the fog levels 0 unexplored, 128 explored, 255 in sight."""
    fog = np.asarray(fog)
    return _bits(fog >= 128, FLAG_EXPLORED) | _bits(fog == 255, FLAG_VISIBLE)


def fog_levels(visible, explored) -> np.ndarray:
    """(H, W) uint8 fog levels: 255 in sight, 128 explored, 0 unexplored."""
    return np.maximum(_bits(explored, 128), _bits(visible, 255))


def _u8(x: np.ndarray) -> np.ndarray:
    """Floats 0..1 rounded to 0..255 (uint32)."""
    return np.clip(x * np.float32(255) + np.float32(0.5), 0, 255).astype(np.uint32)


def _rgb_word(rgb: np.ndarray, byte: np.ndarray) -> np.ndarray:
    """(…, 3) floats 0..1 and (…) integers 0..255 packed as r | g << 8 | b << 16 | byte << 24 (uint32)."""
    c = _u8(rgb)
    return c[..., 0] | (c[..., 1] << 8) | (c[..., 2] << 16) | (np.asarray(byte).astype(np.uint32) << 24)


def bake_cells(base_rgb: np.ndarray, alpha: np.ndarray, fill=None, edge=None):
    """The per-cell textures of shaders/terrain_common.glsl: ``u_cell`` (H, W) uint32, the top's own colour with the
    fog (dimmed out of sight, the slate where hidden), the fill's dimming and the darkening outside a vision preview
    applied, and the flags; ``u_tint`` (H, W, 4) uint32, that word, the fill's added colour and the hatch's weight,
    the inner ring's colour and strength, 0. ``alpha``: cell_flags | fog_flags; ``fill``/``edge``: overlay_images'
    (None: none)."""
    a8 = np.asarray(alpha, np.uint8)
    col = np.asarray(base_rgb, np.float32) * np.float32(1 / 255)
    # the fog: cells out of sight dimmed towards their grey, hidden ones the slate (as the shader did per pixel)
    grey = col @ np.array([0.299, 0.587, 0.114], np.float32)
    dim = (col * np.float32(0.25) + grey[..., None] * np.float32(0.75)) * np.float32(0.45)
    col = np.where((a8 & FLAG_VISIBLE)[..., None] != 0, col, dim)
    hidden = ((a8 & FLAG_EXPLORED) == 0) | ((a8 & FLAG_HIDDEN) != 0)
    col[hidden] = SLATE
    dark = np.where((a8 & FLAG_DARK) != 0, np.float32(DARK), np.float32(1.0))[..., None]
    flags = (a8 & ~np.uint8(FLAG_HIDDEN | FLAG_FILL)) | np.where(hidden, FLAG_HIDDEN, 0).astype(np.uint8)
    tint = np.zeros(a8.shape + (4,), np.uint32)
    if fill is not None:
        fa = fill[..., 3:4].astype(np.float32) * np.float32(1 / 255)
        keep = dark * (1 - fa)  # what is left of the cell's own colour (and of the hatch's orange)
        own = _rgb_word(col * keep, flags)
        tint[..., 1] = _rgb_word(dark * fa * fill[..., :3].astype(np.float32) * np.float32(1 / 255), _u8(keep[..., 0]))
    else:
        own = _rgb_word(col * dark, flags)
        tint[..., 1] = _u8(dark[..., 0]) << 24
    if edge is not None:
        tint[..., 2] = _rgb_word(dark * edge[..., :3].astype(np.float32) * np.float32(1 / 255), edge[..., 3])
    tint[..., 0] = own
    return own, tint


def slate_words(words: np.ndarray) -> np.ndarray:
    """True where a quad's word (bake_cells' colour and flags) draws its top as the slate (hidden, or outside the
    board), as top_colour of shaders/terrain_common.glsl decides."""
    flags = np.asarray(words, np.uint32) >> np.uint32(24)
    return ((flags & (FLAG_HIDDEN | FLAG_EXPLORED)) == 0) | ((flags & FLAG_HIDDEN) != 0)


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



def _words(img: np.ndarray) -> np.ndarray:
    """An (H, W, 4) uint8 image as (H, W) uint32 words (a view where it can be)."""
    return np.ascontiguousarray(img).view(np.uint32)[..., 0]


def _changed_box(key, alpha, fill, edge, dirty):
    """The box (r0, r1, c0, c1) of cells whose baked inputs (``alpha``, ``fill``, ``edge``) differ from ``key``'s,
    joined with ``dirty`` (a box or None); None: nothing changed; "all": the images came or went. bake_cells works
    cell by cell, so baking the box alone gives the same words as baking everything."""
    if alpha.shape != key[0].shape or (fill is None) != (key[1] is None) or (edge is None) != (key[2] is None):
        return "all"
    changed = alpha != key[0]
    for new, old in ((fill, key[1]), (edge, key[2])):
        if new is not None and new is not old:  # a cell's four bytes as one word: one comparison a cell
            changed |= _words(new) != _words(old)
    rows = np.flatnonzero(changed.any(axis=1))
    if not len(rows):
        return dirty
    cols = np.flatnonzero(changed.any(axis=0))
    box = (int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1)
    if dirty is None:
        return box
    return (min(dirty[0], box[0]), max(dirty[1], box[1]), min(dirty[2], box[2]), max(dirty[3], box[3]))


class TerrainPass:
    """The terrain pass: its programs, textures and mesh buffers (a part of GLRenderer)."""

    # extra ``#define`` lines of every column variant: none in the game; bench.render's lower bound adds
    # CONSTANT_COLOUR (the geometry drawn with the cheapest shading, issue 27)
    terrain_defines: tuple[str, ...] = ()

    def _init_terrain(self, ctx: moderngl.Context, corners: moderngl.Buffer) -> None:
        """Programs and state of the terrain; ``corners`` is the shared unit-square buffer."""
        # terrain variants: (tops?, overlays?, haze?) -> program (haze: the first-person view only)
        extra = self.terrain_defines
        self.p_parts = {(t, o, z): load_program(ctx, "terrain", defines=(("PART_TOPS",) if t else ())
                                                + (("OVERLAYS",) if o else ()) + (("HAZE",) if z else ()) + extra)
                        for t in (True, False) for o in (True, False) for z in (False, True)}
        # the plain tops and the walls of a chunk with no hidden cell (no slate): without the slate's cell lines and
        # its mix, the same pixels as the full variants there for less arithmetic a pixel (issue 27 point 2)
        for t in (True, False):
            for z in (False, True):
                self.p_parts[(t, False, z, "noslate")] = load_program(
                    ctx, "terrain",
                    defines=(("PART_TOPS",) if t else ()) + ("NO_SLATE",) + (("HAZE",) if z else ()) + extra)
        self.p_terrain = self.p_parts[(True, True, False)]
        self._haze = False  # the variants drawn now: first person (haze) or not
        self._warm_haze = False  # warm_up: draw the haze variants with a strategy camera (u_haze = 0)
        self.p_far = load_program(ctx, "terrain_far", defines=("OVERLAYS",))
        self.lod = "auto"  # "auto", "mesh" (always columns) or "far" (always the flat far level of detail)
        self.used_far = False
        self.far_vao = ctx.vertex_array(self.p_far, [(corners, "2f", "in_corner")])
        self.p_board = load_program(ctx, "board")
        self.board_vao = ctx.vertex_array(self.p_board, [(corners, "2f", "in_corner")])
        self.board_px = 4  # pixels per cell of the far view's cached board picture (x2 when cells are >= 4 px)
        self._boards: dict = {}  # (w, h) -> the far view's cached board picture at that resolution
        self._far_state = None  # the per-cell state of the last far frame
        self._far_fine = None  # tests and warm-up: force the fine (True) or coarse (False) picture
        # board state
        self.shape: tuple[int, int] | None = None
        self.terrain_vbo = self.terrain_ibo = self.terrain_vao = None
        self._mesh_heights = None  # the heights the column mesh shows
        self._mesh_words = None  # the cells' words the column mesh's quads carry (square boards)
        self._cell_words = None  # the newest words (bake_cells' colour and flags, without the patterns' flags)
        self.word_vbo = None
        self._tex_heights = None  # the heights the per-cell textures show (the newest)
        self._cell_key = None  # (flags, fill, edge) last baked into the per-cell texture
        self._cell_dirty = "all"  # cells of that texture to rewrite: "all", a box, or None
        self._drawn_version = None  # Frame.version of the per-cell textures now uploaded
        self._cell_cache = None
        self._heights_key: bytes | None = None
        self.mesh_info: dict = {}
        self.layout = None  # the hex layout of the board drawn (None: square cells)
        self.p_hex_parts = None  # the terrain variants of hex boards, compiled when one is first drawn

    def load_board(self, heights_shape: tuple[int, int]) -> None:
        shape = (int(heights_shape[0]), int(heights_shape[1]))
        if shape == self.shape:
            return
        self.shape = shape
        h, w = shape
        ctx = self.ctx
        self.t_cell = ctx.texture((w, h), 1, dtype="u4")  # bake_cells: R32UI, every pixel fetches it
        self.t_tint = ctx.texture((w, h), 4, dtype="u4")  # bake_cells: RGBA32UI, only where tints are
        self.t_height = ctx.texture((w, h), 2, dtype="f4")
        for t in (self.t_cell, self.t_tint, self.t_height):
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
        """Bring the column mesh up to the known heights and the cells' words (square boards: each quad carries its
        cell's colour and flags): a full build the first time (or for a new board size), else only the chunks that
        changed."""
        now = self._tex_heights
        prev = self._mesh_heights
        words = self._cell_words if self.layout is None else None
        same_h = prev is not None and prev.shape == now.shape and np.array_equal(prev, now)
        if same_h and (words is None or (self._mesh_words is not None and np.array_equal(words, self._mesh_words))):
            return
        t0 = time.perf_counter()
        if self.layout is not None:  # a hex board (a few hundred cells): always the whole mesh
            self._build_hex_terrain(now)
            self.timings["mesh_ms"] = (time.perf_counter() - t0) * 1000
        elif prev is None or prev.shape != now.shape or self._mesh_words is None \
                or self._mesh_words.shape != now.shape:
            self._build_terrain(now, words)
            self.timings["mesh_ms"] = (time.perf_counter() - t0) * 1000
        else:
            self._update_terrain(now, prev, words)
            self.timings["mesh_update_ms"] = (time.perf_counter() - t0) * 1000
        self._mesh_heights = now
        self._mesh_words = None if words is None else words.copy()

    def _build_terrain(self, heights: np.ndarray, words: np.ndarray) -> None:
        """The whole mesh, written into fixed-size per-chunk regions of one vertex buffer (so a
        chunk can later be rebuilt alone), with a static index buffer over all regions; the quads'
        words (each vertex's) in a second buffer with the same regions."""
        verts, idx, ch = build_chunked_mesh(heights, words=words)
        self.mesh_info = mesh_stats(verts, idx)
        rows, cols = heights.shape
        kr, kc = ch["grid"]
        k = kr * kc
        # room per chunk: 1.5x the fullest chunk now (a chunk that outgrows it rebuilds everything),
        # at most a top and 4 walls per cell
        most = 5 * min(CHUNK, rows) * min(CHUNK, cols)
        cap = int(min(most, max(256, int(ch["counts"].max()) * 3 // 2 + 64)))
        for b in (self.terrain_vao, self.terrain_vbo, self.terrain_ibo, self.word_vbo):
            if b is not None:
                b.release()
        self.terrain_vbo = self.ctx.buffer(reserve=(k * cap + 1) * 4 * 16)
        self.word_vbo = self.ctx.buffer(reserve=(k * cap + 1) * 4 * 4)
        self.terrain_ibo = self.ctx.buffer(quad_indices(k * cap + 1).tobytes())
        for v in getattr(self, "part_vaos", {}).values():
            v.release()
        # (the tops' overlay variant reads u_tint and has no in_word: skip_errors lets it go unbound there)
        self.part_vaos = {key: self.ctx.vertex_array(prog, [(self.terrain_vbo, "4f", "in_v"),
                                                            (self.word_vbo, "1u", "in_word")],
                                                     index_buffer=self.terrain_ibo, index_element_size=4,
                                                     skip_errors=True)
                          for key, prog in self.p_parts.items()}
        self.terrain_vao = self.part_vaos[(True, True, False)]
        quads = verts.reshape(-1, 4, 4)
        counts = ch["counts"].astype(np.int64)
        first = np.concatenate([[0], np.cumsum(counts)[:-1]])
        vwords = np.repeat(ch["words"], 4)  # each vertex of a quad carries the quad's word
        for i in range(k):
            if counts[i]:
                self.terrain_vbo.write(quads[first[i]:first[i] + counts[i]].tobytes(), offset=i * cap * 64)
                self.word_vbo.write(vwords[first[i] * 4:(first[i] + counts[i]) * 4].tobytes(), offset=i * cap * 16)
        self.terrain_vbo.write(quads[-1].tobytes(), offset=k * cap * 64)  # the bottom of the slab
        self.word_vbo.write(vwords[-4:].tobytes(), offset=k * cap * 16)
        self._cap = cap
        tops = ch["tops"].astype(np.int64)
        slate = slate_words(ch["words"])
        self._chunks = {"grid": (kr, kc), "counts": counts, "tops": tops,
                        "top_spans": ch["top_spans"],
                        # per chunk: does a quad of it draw the slate (hidden cells)? (else the NO_SLATE variants)
                        "slate": np.array([bool(slate[first[i]:first[i] + counts[i]].any()) for i in range(k)]),
                        "boxes": ch["boxes"],
                        "ymax": ch["boxes"][:, 1, 1].copy(), "bottom": k * cap * 6}
        self._set_ranges()

    def _hex_programs(self) -> dict:
        """The eight terrain variants for hex columns (terrain_hex.vert + terrain.frag with HEX)."""
        if self.p_hex_parts is None:
            self.p_hex_parts = {(t, o, z): load_program(self.ctx, "terrain_hex", frag="terrain",
                                                        defines=("HEX",) + (("PART_TOPS",) if t else ())
                                                        + (("OVERLAYS",) if o else ()) + (("HAZE",) if z else ()))
                                for t in (True, False) for o in (True, False) for z in (False, True)}
        return self.p_hex_parts

    def _build_hex_terrain(self, heights: np.ndarray) -> None:
        """The hex column mesh of the whole board (client/render/gl_terrain.py: build_hex_mesh)."""
        verts, idx, info = build_hex_mesh(heights, self.layout)
        self.mesh_info = hex_mesh_stats(verts)
        for b in (self.terrain_vao, self.terrain_vbo, self.terrain_ibo, self.word_vbo):
            if b is not None:
                b.release()
        self.word_vbo = None
        for v in getattr(self, "part_vaos", {}).values():
            v.release()
        self.terrain_vbo = self.ctx.buffer(verts.tobytes())
        self.terrain_ibo = self.ctx.buffer(idx.tobytes())
        self.part_vaos = {key: self.ctx.vertex_array(prog, [(self.terrain_vbo, "4f", "in_v")],
                                                     index_buffer=self.terrain_ibo, index_element_size=4)
                          for key, prog in self._hex_programs().items()}
        self.terrain_vao = self.part_vaos[(True, True, False)]
        self._hex_mesh = info

    def _render_hex(self) -> None:
        """Draw the hex column mesh: the tops, then walls and the slab's bottom."""
        info = self._hex_mesh
        ov = bool(self._chunk_ov[0]) if getattr(self, "_chunk_ov", None) is not None else True
        t = info["tops"] * 6
        z = self._haze
        self.part_vaos[(True, ov, z)].render(moderngl.TRIANGLES, vertices=t, first=0)
        self.part_vaos[(False, ov, z)].render(moderngl.TRIANGLES, vertices=info["quads"] * 6 - t, first=t)
        self.timings["chunks_drawn"] = 1

    def _set_ranges(self) -> None:
        ch = self._chunks
        k = len(ch["counts"])
        ch["ranges"] = np.stack([np.arange(k) * self._cap * 6, ch["counts"] * 6], axis=1)

    def _update_terrain(self, heights: np.ndarray, prev: np.ndarray, words: np.ndarray) -> None:
        """Rebuild only the chunks whose cells (or whose cells' neighbours) changed height, or whose cells' words
        changed."""
        changed = np.argwhere(heights.astype(np.int16) != prev)
        reworded = np.argwhere(words != self._mesh_words)
        if not len(changed) and not len(reworded):
            return
        ch = self._chunks
        kr, kc = ch["grid"]
        rows, cols = heights.shape
        cells = np.concatenate([changed + d for d in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))] + [reworded])
        cells = cells[(cells[:, 0] >= 0) & (cells[:, 0] < rows) & (cells[:, 1] >= 0) & (cells[:, 1] < cols)]
        ids = np.unique((cells[:, 0] // CHUNK) * kc + cells[:, 1] // CHUNK)
        pad = padded(heights)
        for i in ids:
            q, qw = chunk_mesh_words(pad, int(i) // kc, int(i) % kc, words)
            if len(q) > self._cap:  # this chunk outgrew its room: rebuild all with more room
                self._build_terrain(heights, words)
                return
            if len(q):
                self.terrain_vbo.write(q.tobytes(), offset=int(i) * self._cap * 64)
                self.word_vbo.write(np.repeat(qw, 4).tobytes(), offset=int(i) * self._cap * 16)
            ch["counts"][i] = len(q)
            ch["tops"][i] = int((q[:, 0, 3] == 0).sum())
            ch["slate"][i] = bool(slate_words(qw).any())
            ch["top_spans"][i] = top_spans(q, (int(i) // kc) * CHUNK, (int(i) % kc) * CHUNK)
            ch["ymax"][i] = float(q[:, 2, 1].max()) if len(q) else 0.0
        ch["boxes"] = chunk_boxes(rows, cols, CHUNK, ch["ymax"])
        self._set_ranges()
        self.timings["chunks_rebuilt"] = len(ids)


    def _draw_terrain(self, frame: Frame, camera: Any, view, proj, mvp, mvp_b, cells, same: bool, fp: bool) -> bool:
        """The terrain: the column mesh, or the flat far level of detail when walls cannot be seen.
        ``cells`` = (fog, has_overlays, fill_edge_mark, flags) of ``_cell_textures``; True if far."""
        ctx = self.ctx
        fog, has_ov, fill_edge_mark, flags = cells
        heights = np.asarray(frame.heights)
        layout = getattr(frame, "layout", None)
        rows, cols = heights.shape
        far = layout is None and (self.lod == "far" or (self.lod == "auto" and self._far_view(view, proj)))
        self.used_far = far
        self._haze = fp or self._warm_haze
        p = self.p_far if far else self.p_terrain
        for unit, tex in enumerate((self.t_cell, self.t_tint, self.t_height)):
            tex.use(unit)
        progs = [self.p_far] if far else [q for k, q in self.p_parts.items() if k[2] == self._haze]
        if layout is not None:
            progs = [q for k, q in self._hex_programs().items() if k[2] == self._haze]
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
            for unit, name in enumerate(("u_cell", "u_tint", "u_height")):
                set_uniform(q, name, unit)
        if layout is not None:
            self.ensure_mesh()
            self._chunk_ov = np.array([bool((flags & np.uint8(TINTS)).any())])
        elif not far:
            self.ensure_mesh()
            # the rows of chunks holding a fill or a per-pixel pattern (hatch, dots, ring) get the overlay variant of
            # the terrain shader (fog, darkening and unknown heights are in the per-cell colour every variant reads)
            f = flags & np.uint8(TINTS)
            kr, kc = self._chunks["grid"]
            padf = np.zeros((kr * CHUNK, kc * CHUNK), bool)
            padf[:rows, :cols] = f != 0
            cells_ov = padf.reshape(kr, CHUNK, kc, CHUNK).transpose(0, 2, 1, 3).reshape(kr * kc, CHUNK, CHUNK)
            rows_ov = cells_ov.any(axis=2)
            self._chunk_ov = rows_ov.any(axis=1)
            # per chunk and row the columns holding a tint: the first, one past the last (only the tops that reach
            # into them take the overlay variant; the rest of the row, as every untinted cell, the plain one)
            first = np.argmax(cells_ov, axis=2)
            last = np.where(rows_ov, CHUNK - np.argmax(cells_ov[:, :, ::-1], axis=2), 0)
            self._ov_cols = (first, last)
        if far:
            self._draw_far_board(p, mvp_b, fog, fill_edge_mark if has_ov else None, rows, cols, same)
        elif layout is not None:
            self._cover()
            ctx.enable(moderngl.CULL_FACE)
            self._render_hex()
            ctx.disable(moderngl.CULL_FACE)
        else:
            self._cover()
            ctx.enable(moderngl.CULL_FACE)
            self._render_visible_chunks(mvp)
            if self._warm_haze:  # warm_up's second draw (its picture is thrown away)
                self._warm_slate_variants()
            ctx.disable(moderngl.CULL_FACE)
        return far

    def _cell_textures(self, frame: Frame, heights: np.ndarray):
        """Fog, overlay images and per-cell flags of ``frame``, baked into the per-cell words (uploaded, and kept for
        the mesh) when they changed: (fog, has_overlays, (fill, edge, mark) or None, overlay flags)."""
        ov = frame.overlays
        if frame.fog:
            fog = fog_levels(frame.visible, frame.explored)
        else:
            fog = np.full(heights.shape, 255, np.uint8)
        has_ov = self._any_unknown or any((ov.attack_area is not None, ov.vision is not None,
                                           ov.ghost_cells is not None, ov.reachable, ov.reinforce_cells,
                                           ov.targets, ov.blocked_targets, ov.sight_cells,
                                           ov.sight_block is not None, ov.selected is not None,
                                           ov.hover is not None))
        fill_edge_mark = None
        if has_ov:
            fill, edge, mark = gl_overlay.overlay_images(ov, heights.shape)
            mark[..., 3] = _bits(self._unknown, 255)
            fill_edge_mark = (fill, edge, mark)
            flags = cell_flags(fill, edge, mark, self._unknown)
        else:
            fill = edge = None
            flags = cell_flags(None, None, None, self._unknown)
        # the per-cell texture (bake_cells: the tops' colours with fog and tints, the flags): all of it the first time
        # or when the overlay images came or went, else the box of cells whose inputs or heights changed, else nothing
        alpha = flags | fog_flags(fog)
        dirty = self._cell_dirty
        key = self._cell_key
        if key is not None and dirty != "all":  # only the box of cells whose inputs changed (a hover moves, issue 27)
            dirty = _changed_box(key, alpha, fill, edge, dirty)
        if key is None or dirty == "all":
            own, tint = bake_cells(self._base_rgb, alpha, fill, edge)
            self.t_cell.write(own.tobytes())
            self.t_tint.write(tint.tobytes())
            self._cell_words = own & MESH_WORD
        elif dirty is not None:
            r0, r1, c0, c1 = dirty
            win = (slice(r0, r1), slice(c0, c1))
            own, tint = bake_cells(self._base_rgb[win], alpha[win], None if fill is None else fill[win],
                                   None if edge is None else edge[win])
            self.t_cell.write(np.ascontiguousarray(own).tobytes(), viewport=(c0, r0, c1 - c0, r1 - r0))
            self.t_tint.write(np.ascontiguousarray(tint).tobytes(), viewport=(c0, r0, c1 - c0, r1 - r0))
            self._cell_words = self._cell_words.copy()
            self._cell_words[r0:r1, c0:c1] = own & MESH_WORD
        self._cell_key = (alpha, fill, edge)
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
        z = self._haze
        spans = ch.get("top_spans")
        ov_cols = getattr(self, "_ov_cols", None)
        slate = ch["slate"]
        for i in vis[np.argsort(dist, kind="stable")]:
            ov = True if chunk_ov is None else bool(chunk_ov[i])
            plain = (True, False, z) if slate[i] else (True, False, z, "noslate")  # the plain tops' variant
            walls = (False, False, z) if slate[i] else (False, False, z, "noslate")
            f0, n, t = int(ranges[i, 0]), int(ranges[i, 1]), int(tops[i]) * 6
            if t and ov and ov_cols is not None and spans is not None:
                # the tops reaching into their row's tinted columns take the overlay variant, the others the plain
                # one (tops are in row order; consecutive tops of the same variant are one draw: in the bench's
                # close-up 59 draws, 51 tops of ~4,900 with the overlay variant where whole row bands had it)
                sp = spans[i]
                row = sp[:, 0]
                m = (sp[:, 2] > ov_cols[0][i, row]) & (sp[:, 1] < ov_cols[1][i, row])
                cut = np.flatnonzero(m[1:] != m[:-1]) + 1
                bounds = np.concatenate([[0], cut, [len(m)]])
                for k in range(len(bounds) - 1):
                    lo_, hi_ = int(bounds[k]) * 6, int(bounds[k + 1]) * 6
                    self.part_vaos[(True, True, z) if m[bounds[k]] else plain].render(
                        moderngl.TRIANGLES, vertices=hi_ - lo_, first=f0 + lo_)
            elif t:
                self.part_vaos[(True, True, z) if ov else plain].render(moderngl.TRIANGLES, vertices=t, first=f0)
            if n > t:  # walls read the cell's word alone in every variant
                self.part_vaos[walls].render(moderngl.TRIANGLES, vertices=n - t, first=f0 + t)
        # the bottom of the base slab (after every chunk)
        self.part_vaos[(False, False, z)].render(moderngl.TRIANGLES, vertices=6, first=int(ch["bottom"]))

    def _warm_slate_variants(self) -> None:
        """Draw a few triangles of a chunk with each plain top and wall variant, with and without the slate, haze or
        not: the driver compiles a variant at its first draw, and a board may show no chunk of one kind (all hidden
        at a game's start) until later; GLRenderer.warm_up's picture is thrown away."""
        ranges = self._chunks["ranges"]
        full = np.flatnonzero(ranges[:, 1] >= 6)
        if not len(full):
            return
        f0 = int(ranges[full[0], 0])
        for key, vao in self.part_vaos.items():
            if not key[1]:
                vao.render(moderngl.TRIANGLES, vertices=6, first=f0)

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
        """Width in pixels of one cell on the ground under the screen centre (the last answer kept: a far frame
        asks it in the terrain pass and again for the stacks, issue 27)."""
        v, p = np.asarray(view), np.asarray(proj)
        key = (v.dtype.str, v.shape, v.tobytes(), p.dtype.str, p.shape, p.tobytes(), self.width, self.height)
        kept = getattr(self, "_centre_px_kept", None)
        if kept is not None and kept[0] == key:
            return kept[1]
        o, d = pixel_ray(view, proj, self.width, self.height, self.width / 2, self.height / 2)
        if d[1] > -1e-6:
            px = 100.0
        else:
            t = -o[1] / d[1]
            g = o + d * t
            pts = project(view, proj, self.width, self.height, [g, g + [1.0, 0.0, 0.0]])
            px = float(np.hypot(*(pts[1, :2] - pts[0, :2])))
        self._centre_px_kept = (key, px)
        return px

