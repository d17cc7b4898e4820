"""The terrain mesh: raised columns per cell, built as one vectorised numpy mesh.

Faces (``face`` codes match shaders/terrain.*):

* 0 top: one quad per *run* of equal-height cells along a row (merged faces);
* 1 +x, 2 -x, 3 +z, 4 -z walls: only where the neighbour is lower, merged along
  the wall while the (own, neighbour) heights stay the same; on the board's
  edge the wall goes down to the base slab (the skirt), so there are no cracks;
* 5 bottom: one quad under the whole board.

Vertices are float32 ``(x, y, z, face)``; indices uint32, two triangles per quad,
counter-clockwise seen from outside (back faces may be culled).
"""
from __future__ import annotations

import numpy as np

from client.render.base import Y_SCALE
from client.render.hex_layout import CORNERS, DIRECTIONS, NORMALS, WALL_CORNERS

BASE_LEVELS = 2.0  # the base slab reaches this many levels below height 0


def _runs(mask: np.ndarray, key: np.ndarray):
    """Runs along axis 1 of True cells of ``mask`` with equal ``key``: (row, start, end_inclusive) arrays."""
    a, b = mask.shape
    same_prev = np.zeros_like(mask)
    same_prev[:, 1:] = mask[:, 1:] & mask[:, :-1] & (key[:, 1:] == key[:, :-1])
    same_next = np.zeros_like(mask)
    same_next[:, :-1] = same_prev[:, 1:]
    starts = np.flatnonzero(mask & ~same_prev)
    ends = np.flatnonzero(mask & ~same_next)
    return starts // b, starts % b, ends % b


_IDX = np.zeros(0, np.uint32)


def quad_indices(q: int) -> np.ndarray:
    """Indices of q quads (two triangles each, 0-1-2 and 0-2-3), from a cache that grows as needed."""
    global _IDX
    if len(_IDX) < q * 6:
        n = max(q, 2 * len(_IDX) // 6)
        _IDX = (np.arange(n, dtype=np.uint32)[:, None] * 4 + np.array([0, 1, 2, 0, 2, 3], np.uint32)).ravel()
    return _IDX[:q * 6]


def _quads(p0, t1, t2, face) -> np.ndarray:
    """(N, 4, 4) corners o, o+t1, o+t1+t2, o+t2 with the face code (CCW seen from t1 x t2)."""
    n = len(p0)
    v = np.empty((n, 4, 4), dtype=np.float32)
    v[:, 0, :3] = p0
    v[:, 1, :3] = p0 + t1
    v[:, 2, :3] = p0 + t1 + t2
    v[:, 3, :3] = p0 + t2
    v[:, :, 3] = face
    return v


CHUNK = 32  # cells per side of a culling chunk


def build_mesh(heights: np.ndarray, y_scale: float = Y_SCALE):
    """Vertices (N, 4) float32 and indices (M,) uint32 of the column mesh of ``heights`` (H, W).

    Negative heights (unexplored, -1) are drawn at 0.
    """
    verts, idx, _chunks = build_chunked_mesh(heights, y_scale)
    return verts, idx


def _descriptors(pad: np.ndarray, r_off: int, c_off: int, chunk: int, y_scale: float, words=None):
    """Quad descriptors (p0, t1, t2, face, word) of the cells pad[1:-1, 1:-1] (pad has a ring of the
    neighbours' heights, ``-BASE_LEVELS`` outside the board), whose top-left cell is the board's
    (r_off, c_off). Runs are cut at ``chunk`` borders and where the cells' ``words`` (uint32, the
    shader's per-cell colour and flags; None: all 0) differ. Returns a list of 5 tuples (tops, +x,
    -x, +z, -z walls); every quad belongs to the cell (owner) its corner 0 comes from, and carries
    that cell's word."""
    own = pad[1:-1, 1:-1]
    rows, cols = own.shape
    wd = np.zeros(own.shape, np.int64) if words is None else np.asarray(words).astype(np.int64)
    own_i = own.astype(np.int64)
    cc_chunk = ((np.arange(cols) + c_off) // chunk)[None, :]
    rr_chunk = ((np.arange(rows) + r_off) // chunk)[:, None]
    parts = []

    # top faces: runs of equal height along each row (axis 1 = x)
    r, c0, c1 = _runs(np.ones(own.shape, dtype=bool), ((own_i * 1024 + cc_chunk) << 32) + wd)
    y = own[r, c0] * y_scale
    n = len(r)
    p0 = np.stack([c0 + c_off, y, r + r_off], axis=1).astype(np.float32)
    t1 = np.zeros((n, 3), np.float32)
    t1[:, 2] = 1.0  # +z
    t2 = np.zeros((n, 3), np.float32)
    t2[:, 0] = (c1 - c0 + 1)  # +x
    parts.append((p0, t1, t2, 0, wd[r, c0]))

    # +x / -x walls: merge along z, so work on transposed arrays (axis 1 = rows)
    for face, nb, xoff in ((1, pad[1:-1, 2:], 1.0), (2, pad[1:-1, :-2], 0.0)):
        mask = (own > nb).T  # (cols, rows)
        key = ((((own_i * 4096 + nb.astype(np.int64)) * 1024 + rr_chunk) << 32) + wd).T
        cc, r0, r1 = _runs(mask, key)
        hi = own.T[cc, r0] * y_scale
        lo = nb.T[cc, r0] * y_scale
        m = len(cc)
        span = (r1 - r0 + 1).astype(np.float32)
        x = cc + c_off + xoff
        p0 = np.stack([x, lo, r0 + r_off], axis=1).astype(np.float32)
        t1 = np.zeros((m, 3), np.float32)
        t2 = np.zeros((m, 3), np.float32)
        if face == 1:  # t1 = +y, t2 = +z
            t1[:, 1] = hi - lo
            t2[:, 2] = span
        else:  # t1 = +z, t2 = +y
            t1[:, 2] = span
            t2[:, 1] = hi - lo
        parts.append((p0, t1, t2, face, wd.T[cc, r0]))

    # +z / -z walls: merge along x (axis 1 = cols)
    for face, nb, zoff in ((3, pad[2:, 1:-1], 1.0), (4, pad[:-2, 1:-1], 0.0)):
        mask = own > nb
        key = (((own_i * 4096 + nb.astype(np.int64)) * 1024 + cc_chunk) << 32) + wd
        rr, k0, k1 = _runs(mask, key)
        hi = own[rr, k0] * y_scale
        lo = nb[rr, k0] * y_scale
        m = len(rr)
        span = (k1 - k0 + 1).astype(np.float32)
        z = rr + r_off + zoff
        p0 = np.stack([k0 + c_off, lo, z], axis=1).astype(np.float32)
        t1 = np.zeros((m, 3), np.float32)
        t2 = np.zeros((m, 3), np.float32)
        if face == 3:  # t1 = +x, t2 = +y
            t1[:, 0] = span
            t2[:, 1] = hi - lo
        else:  # t1 = +y, t2 = +x
            t1[:, 1] = hi - lo
            t2[:, 0] = span
        parts.append((p0, t1, t2, face, wd[rr, k0]))
    return parts


def padded(heights: np.ndarray) -> np.ndarray:
    """Heights (negative drawn as 0) with a ring of -BASE_LEVELS around the board, float64."""
    h = np.maximum(np.asarray(heights), 0)
    pad = np.full((h.shape[0] + 2, h.shape[1] + 2), -BASE_LEVELS, dtype=np.float64)
    pad[1:-1, 1:-1] = h
    return pad


def _owner_chunk(p0, face, chunk: int, kr: int, kc: int) -> np.ndarray:
    """Chunk index of each quad's owner cell (a +x / +z wall lies on its owner's far edge)."""
    x = p0[:, 0].astype(np.int32) - (face == 1)
    z = p0[:, 2].astype(np.int32) - (face == 3)
    return (np.minimum(z // chunk, kr - 1) * kc + np.minimum(x // chunk, kc - 1)).astype(np.int16)


def _expand(p0, t1, t2, face) -> np.ndarray:
    """(N, 4, 4) float32 corners of quad descriptors (face an array)."""
    n = len(p0)
    quads = np.empty((n, 4, 4), np.float32)
    a = p0.copy()
    quads[:, 0, :3] = a
    a += t1
    quads[:, 1, :3] = a
    a += t2
    quads[:, 2, :3] = a
    a -= t1
    quads[:, 3, :3] = a
    quads[:, :, 3] = face[:, None]
    return quads


def bottom_quad(rows: int, cols: int, y_scale: float = Y_SCALE) -> np.ndarray:
    """The bottom of the base slab: (1, 4, 4), t1 = +x, t2 = +z (faces down)."""
    return _quads(np.array([[0, -BASE_LEVELS * y_scale, 0]], np.float32), np.array([[cols, 0, 0]], np.float32),
                  np.array([[0, 0, rows]], np.float32), 5)


def chunk_mesh(pad: np.ndarray, kr_i: int, kc_i: int, chunk: int = CHUNK, y_scale: float = Y_SCALE):
    """(N, 4, 4) quads of one chunk (the same as that chunk's part of build_chunked_mesh),
    from the padded heights of the whole board (``padded``); for partial updates."""
    return chunk_mesh_words(pad, kr_i, kc_i, None, chunk, y_scale)[0]


def chunk_mesh_words(pad: np.ndarray, kr_i: int, kc_i: int, words=None, chunk: int = CHUNK, y_scale: float = Y_SCALE):
    """chunk_mesh with the board's per-cell ``words`` (build_chunked_mesh): (quads, the word of each quad)."""
    rows, cols = pad.shape[0] - 2, pad.shape[1] - 2
    r0, c0 = kr_i * chunk, kc_i * chunk
    r1, c1 = min(rows, r0 + chunk), min(cols, c0 + chunk)
    parts = _descriptors(pad[r0:r1 + 2, c0:c1 + 2], r0, c0, chunk, y_scale,
                         None if words is None else words[r0:r1, c0:c1])
    p0 = np.concatenate([p[0] for p in parts])
    t1 = np.concatenate([p[1] for p in parts])
    t2 = np.concatenate([p[2] for p in parts])
    face = np.concatenate([np.full(len(p[0]), p[3], np.float32) for p in parts])
    return _expand(p0, t1, t2, face), np.concatenate([p[4] for p in parts]).astype(np.uint32)


def build_chunked_mesh(heights: np.ndarray, y_scale: float = Y_SCALE, chunk: int = CHUNK, words=None):
    """Like build_mesh, with merged runs cut at CHUNK-cell borders and the quads sorted by the chunk
    of their owner cell (tops, +x, -x, +z, -z walls in that order within a chunk, as chunk_mesh).

    Returns (verts, idx, chunks) where chunks is a dict: ``ranges`` (K, 2) first index and index
    count of each chunk's triangles, ``top_rows`` (K, chunk + 1) the top quads of a chunk before each of its rows
    (tops are in row order, so a band of rows is one range), ``top_spans`` a list of K (tops, 3) int16 arrays: each
    top quad's row, first column and one past its last column, local to its chunk, ``words`` (N + 1,) each quad's owner's word
    (``words``: per-cell uint32 the shader reads as a vertex attribute; runs are cut where they differ),
    ``boxes`` (K, 2, 3) world AABB (min, max) of each chunk,
    ``total`` the index count including the bottom quad (last).
    """
    pad = padded(heights)
    rows, cols = pad.shape[0] - 2, pad.shape[1] - 2
    parts = _descriptors(pad, 0, 0, chunk, y_scale, words)
    # the quads as (corner, two edge vectors, face) descriptors: sorted by chunk, then expanded
    # once into the final array (few large allocations: they dominate the time otherwise)
    p0 = np.concatenate([p[0] for p in parts])
    t1 = np.concatenate([p[1] for p in parts])
    t2 = np.concatenate([p[2] for p in parts])
    face = np.concatenate([np.full(len(p[0]), p[3], np.float32) for p in parts])
    kr, kc = -(-rows // chunk), -(-cols // chunk)
    cid = _owner_chunk(p0, face, chunk, kr, kc)
    order = np.argsort(cid, kind="stable")
    cid = np.take(cid, order)
    n = len(order)
    quads = np.empty((n + 1, 4, 4), np.float32)
    quads[:n] = _expand(np.take(p0, order, axis=0), np.take(t1, order, axis=0), np.take(t2, order, axis=0),
                        np.take(face, order))
    quads[n] = bottom_quad(rows, cols, y_scale)[0]  # the bottom of the base slab last, always drawn
    counts = np.bincount(cid, minlength=kr * kc)
    tops = np.bincount(cid[np.take(face, order) == 0], minlength=kr * kc)  # tops come first in a chunk
    first = np.concatenate([[0], np.cumsum(counts)[:-1]])
    ranges = np.stack([first * 6, counts * 6], axis=1)
    ymax = np.zeros(kr * kc)
    qmax = np.ascontiguousarray(quads[:n, 2, 1])  # sorted by chunk: reduce per contiguous group
    nz = counts > 0
    if nz.any():
        ymax[nz] = np.maximum.reduceat(qmax, first[nz])
    boxes = chunk_boxes(rows, cols, chunk, ymax, y_scale)
    verts = quads.reshape(-1, 4)
    idx = quad_indices(len(quads))
    sface = np.take(face, order)
    sz = np.take(p0[:, 2], order)
    top_rows = np.zeros((kr * kc, chunk + 1), np.int64)
    is_top = sface == 0
    lrow = sz[is_top].astype(np.int64) - (cid[is_top].astype(np.int64) // kc) * chunk
    top_rows[:, 1:] = np.cumsum(np.bincount(cid[is_top].astype(np.int64) * chunk + lrow,
                                            minlength=kr * kc * chunk).reshape(kr * kc, chunk), axis=1)
    # per chunk its tops' local row, first column and one past the last (the renderer picks the shader variant
    # of each top by whether its cells hold a tint)
    tcid = cid[is_top].astype(np.int64)
    spans = np.empty((len(tcid), 3), np.int16)
    spans[:, 0] = lrow
    ti = np.flatnonzero(is_top)
    spans[:, 1] = quads[ti, 0, 0] - (tcid % kc) * chunk
    spans[:, 2] = quads[ti, 2, 0] - (tcid % kc) * chunk
    top_spans = np.split(spans, np.cumsum(np.bincount(tcid, minlength=kr * kc))[:-1])
    qwords = np.zeros(n + 1, np.uint32)  # the bottom of the slab: 0 (it is never seen from above)
    qwords[:n] = np.take(np.concatenate([p[4] for p in parts]), order)
    return verts, idx, {"ranges": ranges, "boxes": boxes, "total": len(idx), "counts": counts, "tops": tops,
                        "top_rows": top_rows, "top_spans": top_spans, "words": qwords, "chunk": chunk, "grid": (kr, kc)}


def top_row_starts(quads: np.ndarray, row0: int, chunk: int = CHUNK) -> np.ndarray:
    """(chunk + 1,) the number of top quads of one chunk's quads (chunk_mesh's, tops first, in row order) before each
    of its rows (row0 the chunk's first board row); the last entry is the number of tops."""
    tops = quads[quads[:, 0, 3] == 0]
    out = np.zeros(chunk + 1, np.int64)
    out[1:] = np.cumsum(np.bincount(tops[:, 0, 2].astype(np.int64) - row0, minlength=chunk)[:chunk])
    return out


def top_spans(quads: np.ndarray, row0: int, col0: int) -> np.ndarray:
    """(tops, 3) int16 local row, first column and one past the last column of one chunk's top quads (chunk_mesh's,
    in their order; (row0, col0) the chunk's first board cell), as build_chunked_mesh's ``top_spans``."""
    tops = quads[quads[:, 0, 3] == 0]
    out = np.empty((len(tops), 3), np.int16)
    out[:, 0] = tops[:, 0, 2].astype(np.int64) - row0
    out[:, 1] = tops[:, 0, 0].astype(np.int64) - col0
    out[:, 2] = tops[:, 2, 0].astype(np.int64) - col0
    return out


def chunk_boxes(rows: int, cols: int, chunk: int, ymax: np.ndarray, y_scale: float = Y_SCALE) -> np.ndarray:
    """(K, 2, 3) world AABBs of the chunks (walls on a chunk's far edge included)."""
    kr, kc = -(-rows // chunk), -(-cols // chunk)
    gr, gc = np.divmod(np.arange(kr * kc), kc)
    boxes = np.zeros((kr * kc, 2, 3))
    boxes[:, 0] = np.stack([gc * chunk, np.full(kr * kc, -BASE_LEVELS * y_scale), gr * chunk], axis=1)
    boxes[:, 1] = np.stack([np.minimum((gc + 1) * chunk, cols), ymax, np.minimum((gr + 1) * chunk, rows)], axis=1)
    return boxes


def mesh_stats(verts: np.ndarray, idx: np.ndarray) -> dict:
    faces = verts[::4, 3].astype(int)
    return {"vertices": len(verts), "triangles": len(idx) // 3, "quads": len(faces),
            "top_quads": int((faces == 0).sum()), "wall_quads": int(((faces >= 1) & (faces <= 4)).sum())}


# ------------------------------------------------------------------ hex boards (the star, S19a)
HEX_BOTTOM = 7  # face code of the base slab's bottom on hex boards (walls are 1..6, one per direction)


def build_hex_mesh(heights: np.ndarray, layout, y_scale: float = Y_SCALE):
    """Vertices (N, 4) float32 and indices of the hexagonal column mesh of a hex board
    (``client.render.hex_layout.HexLayout``): per board cell a top hexagon (two quads), a wall
    towards each neighbour that is lower (towards the board's edge or a cell off the board: down
    to the base slab, BASE_LEVELS below 0) and the slab's bottom hexagon (two quads).

    The fourth float of a vertex packs the face and the cell: ``face + 8 * (row * W + col)``
    (face 0 top, 1 + k the wall towards DIRECTIONS[k], 7 the bottom), so the shader knows the
    cell of every pixel exactly. Quads are counter-clockwise seen from outside; tops come first.
    Negative heights (unexplored) are drawn at 0. Returns (verts, idx, info) with
    info = {"tops": top quads, "quads": all quads, "ymax": highest y}."""
    h = np.maximum(np.asarray(heights), 0).astype(np.float64)
    rows, cols = h.shape
    mask = layout.mask
    idx = np.argwhere(mask)
    n = len(idx)
    ri, ci = idx[:, 0], idx[:, 1]
    cx, cz = layout.cx[ri, ci], layout.cz[ri, ci]
    cell_id = (ri * cols + ci).astype(np.float64) * 8.0
    y = h[ri, ci] * y_scale
    base = -BASE_LEVELS * y_scale
    # corners in the order of falling angle: counter-clockwise seen from above (+y)
    ring = [5, 4, 3, 2, 1, 0]

    def corner(k):
        return cx + CORNERS[k, 0], cz + CORNERS[k, 1]

    quads = []
    # tops: the hexagon as two quads (ring corners 0-1-2-3 and 3-4-5-0)
    for part in ((0, 1, 2, 3), (3, 4, 5, 0)):
        q = np.empty((n, 4, 4), np.float64)
        for v, k in enumerate(part):
            x, z = corner(ring[k])
            q[:, v, 0], q[:, v, 1], q[:, v, 2] = x, y, z
        q[:, :, 3] = cell_id[:, None]
        quads.append(_outward(q, np.array([0.0, 1.0, 0.0])))
    tops = 2 * n
    # walls: towards every lower neighbour, down to the base slab on the board's edge
    for k, (dr, dc) in enumerate(DIRECTIONS):
        nr, nc = ri + dr, ci + dc
        inside = (nr >= 0) & (nr < rows) & (nc >= 0) & (nc < cols)
        nb = np.full(n, base)
        on = inside.copy()
        on[inside] = mask[nr[inside], nc[inside]]
        nb[on] = h[nr[on], nc[on]] * y_scale
        sel = np.flatnonzero(y > nb + 1e-9)
        if not len(sel):
            continue
        a, b = WALL_CORNERS[k]
        ax, az = cx[sel] + CORNERS[a, 0], cz[sel] + CORNERS[a, 1]
        bx, bz = cx[sel] + CORNERS[b, 0], cz[sel] + CORNERS[b, 1]
        q = np.empty((len(sel), 4, 4), np.float64)
        lo, hi = nb[sel], y[sel]
        q[:, 0, :3] = np.stack([ax, lo, az], 1)
        q[:, 1, :3] = np.stack([ax, hi, az], 1)
        q[:, 2, :3] = np.stack([bx, hi, bz], 1)
        q[:, 3, :3] = np.stack([bx, lo, bz], 1)
        q[:, :, 3] = (cell_id[sel] + 1 + k)[:, None]
        quads.append(_outward(q, np.array([*_normal3(k)])))
    # the bottom of the base slab under every cell (seen from below)
    for part in ((3, 2, 1, 0), (0, 5, 4, 3)):
        q = np.empty((n, 4, 4), np.float64)
        for v, k in enumerate(part):
            x, z = corner(ring[k])
            q[:, v, 0], q[:, v, 1], q[:, v, 2] = x, base, z
        q[:, :, 3] = (cell_id + HEX_BOTTOM)[:, None]
        quads.append(_outward(q, np.array([0.0, -1.0, 0.0])))
    allq = np.concatenate(quads).astype(np.float32)
    verts = allq.reshape(-1, 4)
    return verts, quad_indices(len(allq)).copy(), {"tops": tops, "quads": len(allq),
                                                    "ymax": float(max(0.0, y.max()))}


def _normal3(k: int):
    return NORMALS[k, 0], 0.0, NORMALS[k, 1]


def _outward(q: np.ndarray, normal: np.ndarray) -> np.ndarray:
    """Quads (N, 4, 4) reordered where needed so that 0-1-2 is counter-clockwise seen along ``normal``."""
    e1 = q[:, 1, :3] - q[:, 0, :3]
    e2 = q[:, 2, :3] - q[:, 0, :3]
    flip = np.cross(e1, e2) @ normal < 0
    if flip.any():
        q[flip] = q[flip][:, ::-1]
    return q


def hex_mesh_stats(verts: np.ndarray) -> dict:
    """Counts of a hex mesh by face (decoded from the packed fourth float)."""
    code = np.rint(verts[::4, 3]).astype(np.int64)
    face = code % 8
    return {"vertices": len(verts), "triangles": len(face) * 2, "quads": len(face),
            "top_quads": int((face == 0).sum()), "wall_quads": int(((face >= 1) & (face <= 6)).sum()),
            "bottom_quads": int((face == HEX_BOTTOM).sum()), "cells": len(np.unique(code // 8))}
