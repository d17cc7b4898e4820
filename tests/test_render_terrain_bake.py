"""The terrain's per-cell bake (issue 27 point 2, session 9): fog, fills and the vision preview's darkening are computed
per cell on the CPU (client/render/gl_terrain_pass.py: bake_cells) instead of per pixel in the shader; the tops' row
offsets; the sight line's quads computed for all segments at once. Session 10: each top's row and columns
(``top_spans``), so that only the tops reaching into tinted cells are drawn with the overlay variant."""
from __future__ import annotations

import numpy as np
import pytest

from client.render.gl_overlay import line_quads
from tests.gl_util import mesh_view
from client.camera import StrategyCamera
from client.render.base import Frame, Overlays
from client.render.gl_terrain import CHUNK, build_chunked_mesh, chunk_mesh, padded, top_row_starts, top_spans
from client.render.gl_terrain_pass import (DARK, FLAG_DARK, FLAG_DOTS, FLAG_EXPLORED, FLAG_FILL, FLAG_HATCH,
                                           FLAG_HIDDEN, FLAG_RING, FLAG_VISIBLE, SLATE, bake_cells, cell_flags,
                                           fog_flags)


def _rgb(word) -> np.ndarray:
    w = int(word)
    return np.array([w & 255, (w >> 8) & 255, (w >> 16) & 255])


def _u8(x) -> np.ndarray:
    return np.clip(np.asarray(x, np.float64) * 255 + 0.5, 0, 255).astype(int)


def test_fog_is_baked_as_the_shader_applied_it():
    base = np.array([[[200, 100, 50], [200, 100, 50], [200, 100, 50]]], np.uint8)
    fog = np.array([[255, 128, 0]], np.uint8)  # in sight, explored, never seen
    unknown = np.zeros((1, 3), bool)
    own, tint = bake_cells(base, cell_flags(None, None, None, unknown) | fog_flags(fog))
    col = base[0, 0] / 255.0
    grey = col @ [0.299, 0.587, 0.114]
    assert (_rgb(own[0, 0]) == base[0, 0]).all()
    assert (np.abs(_rgb(own[0, 1]) - _u8((col * 0.25 + grey * 0.75) * 0.45)) <= 1).all()  # dimmed out of sight
    assert (_rgb(own[0, 2]) == _u8(SLATE)).all()  # never seen: the slate, nothing of the cell's own colour
    flags = own >> 24
    assert flags[0, 0] == FLAG_EXPLORED | FLAG_VISIBLE and flags[0, 1] == FLAG_EXPLORED and flags[0, 2] == FLAG_HIDDEN
    assert (tint[..., 0] == own).all() and (tint[..., 1] >> 24 == 255).all() and (tint[..., 2] == 0).all()


def test_fill_darkening_and_patterns_are_split_for_the_grid():
    # own * grid + fill: the fill's part is not darkened by the grid lines, as when it was mixed in after them
    base = np.full((1, 2, 3), 120, np.uint8)
    fill = np.zeros((1, 2, 4), np.uint8)
    edge = np.zeros((1, 2, 4), np.uint8)
    mark = np.zeros((1, 2, 4), np.uint8)
    fill[0, 0] = (51, 204, 255, 115)  # reachable: cyan at 0.45
    edge[0, 0] = (255, 255, 255, 255)  # selected: a white ring
    mark[0, 0, 0] = 255  # attack range: hatch
    mark[0, 1, 1] = 120  # outside a vision preview: darker
    mark[0, 1, 2] = 255  # ghost vision: dots
    flags = cell_flags(fill, edge, mark, np.zeros((1, 2), bool))
    assert flags[0, 0] == FLAG_HATCH | FLAG_RING | FLAG_FILL and flags[0, 1] == FLAG_DARK | FLAG_DOTS
    own, tint = bake_cells(base, flags | fog_flags(np.full((1, 2), 255, np.uint8)), fill, edge)
    a = 115 / 255
    assert (np.abs(_rgb(own[0, 0]) - _u8(120 / 255 * (1 - a))) <= 1).all()
    assert (np.abs(_rgb(tint[0, 0, 1]) - _u8(a * fill[0, 0, :3] / 255)) <= 1).all()
    assert abs(int(tint[0, 0, 1] >> 24) - _u8(1 - a)) <= 1  # the hatch's orange keeps what the fill leaves
    assert (_rgb(tint[0, 0, 2]) == 255).all() and tint[0, 0, 2] >> 24 == 255
    assert (own[0, 0] >> 24) & FLAG_FILL == 0  # the fill is in the colours, not a flag the shader reads
    assert (np.abs(_rgb(own[0, 1]) - _u8(120 / 255 * DARK)) <= 1).all()
    assert abs(int(tint[0, 1, 1] >> 24) - _u8(DARK)) <= 1


def _chunked(seed: int, hmax: int):
    """A random 70x45 map (heights 0..hmax-1) as the chunked mesh: (the heights, its quads, the chunk data, the
    chunk grid, the padded heights chunk_mesh reads)."""
    heights = np.random.default_rng(seed).integers(0, hmax, size=(70, 45))
    verts, _idx, ch = build_chunked_mesh(heights)
    return heights, verts.reshape(-1, 4, 4), ch, ch["grid"], padded(heights)


@pytest.mark.parametrize("seed", [1, 2])
def test_top_row_offsets_match_the_tops_of_each_chunk(seed):
    _heights, quads, ch, (kr, kc), pad = _chunked(seed, 5)
    for i in range(kr * kc):
        q = chunk_mesh(pad, i // kc, i % kc)
        rows = ch["top_rows"][i]
        assert (top_row_starts(q, (i // kc) * CHUNK) == rows).all()
        first = int(ch["ranges"][i, 0]) // 6
        tops = quads[first:first + int(ch["tops"][i])]
        assert rows[-1] == len(tops) and (tops[:, 0, 3] == 0).all()
        for r in range(CHUNK):  # the quads between two offsets are exactly the tops of that row
            band = tops[rows[r]:rows[r + 1]]
            assert (band[:, 0, 2] == (i // kc) * CHUNK + r).all()


@pytest.mark.parametrize("seed", [1, 2])
def test_top_spans_give_each_top_its_row_and_columns(seed):
    heights, quads, ch, (kr, kc), pad = _chunked(seed, 4)
    for i in range(kr * kc):
        r0, c0 = (i // kc) * CHUNK, (i % kc) * CHUNK
        first = int(ch["ranges"][i, 0]) // 6
        tops = quads[first:first + int(ch["tops"][i])]
        sp = ch["top_spans"][i].astype(int)
        assert np.array_equal(sp, top_spans(chunk_mesh(pad, i // kc, i % kc), r0, c0))  # a partial update agrees
        assert len(sp) == len(tops)
        for (row, a, b), q in zip(sp, tops):  # the cells under each top: one row, columns a..b-1, all one height
            assert q[0, 2] == r0 + row and q[1, 2] == r0 + row + 1
            assert q[0, 0] == c0 + a and q[2, 0] == c0 + b
            assert (heights[r0 + row, c0 + a:c0 + b] == heights[r0 + row, c0 + a]).all()


def test_only_the_tops_reaching_tinted_cells_take_the_overlay_variant(ctx):
    rng = np.random.default_rng(3)
    heights = rng.integers(0, 3, size=(64, 64)).astype(np.int16)
    area = np.zeros((64, 64), bool)
    area[30:34, 20:23] = True  # the attack range's hatch on 12 cells
    area[40, 50] = True
    ov = Overlays(attack_area=area, show_counts=False)
    frame = Frame(heights, np.ones((64, 64), bool), np.ones((64, 64), bool), [], ov, fog=True)
    cam, r = mesh_view(ctx, 64, 60, (32, 32))
    r.draw(frame, cam)
    drawn = []  # (overlay variant, first top, last top + 1) of each tops' draw

    class Counting:
        def __init__(self, key, vao):
            self.key, self.vao = key, vao

        def render(self, mode, vertices, first):
            if self.key[0]:
                drawn.append((self.key[1], first // 6, (first + vertices) // 6))
            self.vao.render(mode, vertices=vertices, first=first)

    r.part_vaos = {k: Counting(k, v) for k, v in r.part_vaos.items()}
    r.draw(frame, cam)
    ch = r._chunks
    kr, kc = ch["grid"]
    seen_ov = set()
    for i in range(kr * kc):
        f0 = int(ch["ranges"][i, 0]) // 6
        sp = ch["top_spans"][i].astype(int)
        for o, a, b in drawn:
            if f0 <= a < f0 + len(sp):
                for k in range(a - f0, b - f0):
                    row, c0, c1 = sp[k]
                    cells = area[(i // kc) * CHUNK + row, (i % kc) * CHUNK + c0:(i % kc) * CHUNK + c1]
                    assert bool(cells.any()) == o, (i, k)
                    if o:
                        seen_ov.add((i, k))
    tinted_tops = sum(int(area[(i // kc) * CHUNK + row, (i % kc) * CHUNK + c0:(i % kc) * CHUNK + c1].any())
                      for i in range(kr * kc) for row, c0, c1 in ch["top_spans"][i].astype(int))
    assert len(seen_ov) == tinted_tops > 0  # every top over a tinted cell was drawn with the overlay variant


def _line_quads_one_by_one(segments, mvp, width, height):
    """The per-segment computation the vectorised line_quads replaced (the reference)."""
    out = []
    half = np.array([width / 2.0, height / 2.0])
    for p0, p1, rgba, px in segments:
        h0 = mvp @ np.array([*p0, 1.0])
        h1 = mvp @ np.array([*p1, 1.0])
        if h0[3] <= 1e-3 or h1[3] <= 1e-3:
            continue
        n0, n1 = h0[:2] / h0[3], h1[:2] / h1[3]
        dpx = (n1 - n0) * half
        ln = float(np.hypot(*dpx))
        if ln < 1e-6:
            dpx, ln = np.array([1.0, 0.0]), 1.0
        perp = np.array([-dpx[1], dpx[0]]) / ln * (px / 2.0) / half
        ext = dpx / ln * (px / 2.0) / half
        a0 = np.array([*(n0 - ext + perp), h0[2] / h0[3]]) * h0[3]
        a1 = np.array([*(n0 - ext - perp), h0[2] / h0[3]]) * h0[3]
        b0 = np.array([*(n1 + ext + perp), h1[2] / h1[3]]) * h1[3]
        b1 = np.array([*(n1 + ext - perp), h1[2] / h1[3]]) * h1[3]
        for v in ((*a0, h0[3]), (*a1, h0[3]), (*b0, h1[3]), (*a1, h0[3]), (*b1, h1[3]), (*b0, h1[3])):
            out.append((*v, *rgba))
    return np.asarray(out, np.float32).reshape(-1, 8)


def test_line_quads_of_all_segments_at_once_equal_one_by_one():
    from client.camera import StrategyCamera

    cam = StrategyCamera(64)
    cam.set_distance(20)
    cam.jump_to((30, 30))
    cam.snap()
    view, proj = cam.matrices(16 / 9)
    mvp = proj.astype(np.float64) @ view.astype(np.float64)
    eye = np.linalg.inv(view.astype(np.float64))[:3, 3]
    segs = [((30.5, 2.0, 30.5), (35.5, 3.0, 33.5), (1.0, 0.9, 0.2, 1.0), 4.0),
            ((31.5, 0.0, 30.5), (31.5, 2.5, 30.5), (0.15, 0.95, 0.3, 1.0), 3.0),
            ((32.0, 1.0, 31.0), (32.0, 1.0, 31.0), (1.0, 0.0, 0.0, 0.5), 2.0),  # zero length on screen
            (tuple(eye + (0.0, 5.0, 0.0)), (30.0, 0.0, 30.0), (1.0, 1.0, 1.0, 1.0), 2.0)]  # one end behind the eye
    got = line_quads(segs, mvp, 1280, 720)
    want = _line_quads_one_by_one(segs, mvp, 1280, 720)
    assert got.shape == want.shape == (18, 8)  # the segment behind the eye is left out
    assert np.allclose(got, want, rtol=1e-6, atol=1e-6)
    assert line_quads([], mvp, 1280, 720).shape == (0, 8)


def test_occlusion_of_a_subset_of_label_anchors_equals_testing_all():
    from client.camera import StrategyCamera, project
    from client.render.base import Frame, Overlays, Y_SCALE
    from client.render.gl_overlay_pass import OverlayPass

    rng = np.random.default_rng(3)
    hgt = rng.integers(0, 8, size=(40, 40))
    frame = Frame(hgt, np.ones(hgt.shape, bool), np.ones(hgt.shape, bool), [], Overlays())
    cam = StrategyCamera(40)
    cam.set_distance(12)
    cam.jump_to((20, 20))
    cam.snap()
    view, proj = cam.matrices(16 / 9)
    cells = rng.integers(0, 40, size=(300, 2))
    pts = np.stack([cells[:, 1] + 0.5, hgt[cells[:, 0], cells[:, 1]] * Y_SCALE + 0.02, cells[:, 0] + 0.5], axis=1)
    pix = project(view, proj, 1280, 720, pts)
    ov = OverlayPass.__new__(OverlayPass)  # no GL needed: the test reads the occlusion arithmetic only
    ov._tops_cache = None
    everything = ov._occluded(frame, hgt, view, proj, pts, pix)
    some = rng.random(len(pts)) < 0.3
    part = ov._occluded(frame, hgt, view, proj, pts, pix, some)
    assert everything.any() and not everything.all()
    assert (part[some] == everything[some]).all() and not part[~some].any()


def test_a_fog_or_overlay_change_rebuilds_the_chunks_it_touches_as_a_fresh_renderer_draws_them():
    """Square columns carry each cell's baked word per vertex (no fetch a pixel): after the fog, a fill or the
    darkening changes, the chunks that hold changed cells are rebuilt, and the picture equals a fresh renderer's."""
    pytest.importorskip("moderngl")
    from client.camera import StrategyCamera
    from client.render.base import Frame, Overlays
    from client.render.gl import GLRenderer
    from tests.gl_util import egl_context, fogged_map

    ctx = egl_context()
    heights, rr, cc, explored, visible = fogged_map(5)
    before = Frame(np.where(explored, heights, -1), visible, explored, [], Overlays(), fog=True)
    # the unit marched: more in sight, a reachable area (a fill) and a vision preview (darkening) elsewhere
    visible2 = explored & (np.abs(rr - 36) + np.abs(cc - 40) < 14)
    vision = np.abs(rr - 10) + np.abs(cc - 10) < 6
    after = Frame(np.where(explored, heights, -1), visible2, explored, [],
                  Overlays(reachable={(36, c): 1 for c in range(30, 50)}, vision=vision), fog=True)
    cam = StrategyCamera(64)
    cam.set_distance(30)
    cam.jump_to((34, 34))
    cam.snap()
    r = GLRenderer(ctx, 320, 200)
    r.draw(before, cam)
    first = r.screenshot()
    r.draw(after, cam)
    assert r.timings.get("chunks_rebuilt", 0) >= 1
    fresh = GLRenderer(ctx, 320, 200)
    fresh.draw(after, cam)
    assert np.array_equal(r.screenshot(), fresh.screenshot())
    assert not np.array_equal(first, fresh.screenshot())
    r.draw(before, cam)  # and back
    assert np.array_equal(r.screenshot(), first)


def test_chunks_without_a_hidden_cell_draw_their_plain_tops_and_walls_without_the_slate_and_the_same_pixels(ctx):
    """Session 11: the plain tops and the walls of a chunk none of whose cells is hidden take the NO_SLATE variants
    (less arithmetic a pixel); a chunk with a hidden cell keeps the full ones; a reveal (partial rebuild) updates the choice; the picture
    is the one the full variant draws."""

    rng = np.random.default_rng(5)
    full = rng.integers(0, 3, size=(64, 64)).astype(np.int16)
    explored = np.zeros((64, 64), bool)
    explored[:, :40] = True  # columns 40.. never seen: hidden tops in the chunks of columns 32..63 only
    cam, r = mesh_view(ctx, 64, 60, (32, 32))

    def frame(seen):
        return Frame(np.where(seen, full, -1).astype(np.int16), seen, seen, [], Overlays(show_counts=False), fog=True)

    r.draw(frame(explored), cam)
    drawn = []  # (chunk, variant key) of each tops' draw

    class Counting:
        def __init__(self, key, vao):
            self.key, self.vao = key, vao

        def render(self, mode, vertices, first):
            if first != r._chunks["bottom"]:  # (the slab's bottom, after every chunk, keeps the full variant)
                drawn.append((first // (r._cap * 6), self.key))
            self.vao.render(mode, vertices=vertices, first=first)

    vaos = r.part_vaos
    r.part_vaos = {k: Counting(k, v) for k, v in vaos.items()}
    r.draw(frame(explored), cam)
    kr, kc = r._chunks["grid"]
    hidden_chunk = {i: (i % kc) * CHUNK + CHUNK > 40 for i in range(kr * kc)}
    assert {i for i, _ in drawn} == set(range(kr * kc))  # the whole board in view
    for i, key in drawn:  # tops and walls
        assert key in ({(True, False, False), (False, False, False)} if hidden_chunk[i] else
                       {(True, False, False, "noslate"), (False, False, False, "noslate")}), (i, key)
    assert {k for _, k in drawn} == {(True, False, False), (False, False, False), (True, False, False, "noslate"),
                                     (False, False, False, "noslate")}
    picture = np.asarray(r.screenshot())
    kept = r._chunks["slate"].copy()
    r._chunks["slate"][:] = True  # every chunk with the full variant: the same pixels
    r.draw(frame(explored), cam)
    assert np.array_equal(np.asarray(r.screenshot()), picture)
    r._chunks["slate"][:] = kept
    # everything revealed: the rebuilt chunks have no hidden top any more
    seen = np.ones((64, 64), bool)
    r.part_vaos = vaos
    r.draw(frame(seen), cam)
    assert not r._chunks["slate"].any()
    drawn.clear()
    r.part_vaos = {k: Counting(k, v) for k, v in vaos.items()}
    r.draw(frame(seen), cam)
    assert {k for _, k in drawn} == {(True, False, False, "noslate"), (False, False, False, "noslate")}


def test_warm_up_draws_every_plain_top_and_wall_variant_with_and_without_the_slate(ctx):
    """A game starts with most chunks hidden: GLRenderer.warm_up still draws the NO_SLATE variants (and the full
    ones), haze or not, so that their first real use later has no compile hitch."""
    from client.render.gl import GLRenderer

    heights = np.ones((64, 64), np.int16)
    seen = np.zeros((64, 64), bool)
    seen[30:34, 30:34] = True  # every chunk holds hidden cells
    frame = Frame(np.where(seen, heights, -1).astype(np.int16), seen, seen, [], Overlays(show_counts=False), fog=True)
    cam = StrategyCamera(64)
    cam.snap()
    r = GLRenderer(ctx, 320, 200)
    r.warm_up(frame, cam)
    assert r._chunks["slate"].all()
    drawn = set()

    class Counting:
        def __init__(self, key, vao):
            self.key, self.vao = key, vao

        def render(self, mode, vertices, first):
            drawn.add(self.key)
            self.vao.render(mode, vertices=vertices, first=first)

    r.part_vaos = {k: Counting(k, v) for k, v in r.part_vaos.items()}
    r.warm_up(frame, cam)  # the same mesh: the wrapped vertex arrays are the ones drawn
    assert {k for k in r.part_vaos if not k[1]} <= drawn
    assert {(t, False, z, "noslate") for t in (True, False) for z in (False, True)} <= drawn
