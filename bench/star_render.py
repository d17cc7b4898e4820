"""The star board's frame time: ``python -m bench.star_render [--frames N] [--size WxH]``.

Headless (EGL). Draws the 121-cell star (S19a) as hex columns with fog, 20 one-soldier tokens,
reachable cells, the attack area and a sight line, with a slowly orbiting strategy camera, and
side by side in the same loop (so the load is the same for both) the 16x16 square board with
the same kind of picture: the ratio star / square is the figure to watch. Also the hex mesh
build, a first-person frame and the exact pick. Heights come from the engine's star preset when
it exists, else from a seeded synthetic star (engine-free: the renderer needs only the grid, the
heights and the mask).
"""
from __future__ import annotations

import os
import statistics

import numpy as np

import moderngl

from bench.timing import frame_options, gl_draw_ms, gl_side_by_side, ms
from client.camera import FirstPersonCamera, StrategyCamera
from client.render.base import Frame, Overlays, UnitMark
from client.render.gl import GLRenderer
from client.render.gl_terrain import build_hex_mesh, hex_mesh_stats
from client.render.hex_layout import star_layout
from engine.shachang import new_game


def star_heights(seed: int = 1):
    """(heights [r + 8, q + 8], source): the engine's star preset if present, else smooth seeded hills."""
    try:
        g = new_game(preset="star", mode="digital", players=2, seed=seed)
        return np.where(star_layout().mask, np.asarray(g.heights), -1).astype(np.int16), "engine preset"
    except Exception:  # the star preset is not there (yet): a synthetic heightmap
        lay = star_layout()
        rng = np.random.default_rng(seed)
        a, b, c = rng.uniform(0.3, 0.8, 3)
        h = np.full((17, 17), -1, np.int16)
        for cell in lay.cells:
            x, z = lay.centre(cell)
            h[cell] = int(round(3 + 2.5 * np.sin(x * a + c) + 2 * np.cos(z * b)))
        return np.maximum(h, np.where(lay.mask, 0, -1)).astype(np.int16), "synthetic"


def star_frame(heights):
    lay = star_layout()
    mine = [c for c in lay.cells if c[0] <= 3]
    theirs = [c for c in lay.cells if c[0] >= 13]
    units = [UnitMark(c, 0, 1) for c in mine] + [UnitMark(c, 1, 1, "enemy") for c in theirs]
    src, dst = mine[-1], theirs[0]
    reach = {c: 1 + (i % 3) for i, c in enumerate(lay.neighbours(src) + lay.neighbours((8, 8)))}
    area = np.zeros((17, 17), bool)
    for c in lay.cells:
        area[c] = max(abs(c[0] - src[0]), abs(c[1] - src[1]), abs(c[0] - src[0] + c[1] - src[1])) <= 3
    rows = [{"cell": (r, 8), "a": 16 - r, "b": r, "x": 2, "y": 1, "z": 3, "lhs": 16, "rhs": 40, "blocks": False}
            for r in range(5, 12)]
    ov = Overlays(selected=src, reachable=reach, attack_area=area, sight_src=src, sight_dst=dst, sight_cells=rows)
    vis = lay.mask & (np.arange(17)[:, None] <= 11)
    return Frame(heights, vis, lay.mask.copy(), units, ov, fog=True, layout=lay, version=("star", 1))


def square_frame(seed: int = 1):
    rng = np.random.default_rng(seed)
    h = rng.integers(0, 7, (16, 16)).astype(np.int16)
    units = [UnitMark((r, c), 0, 2) for r, c in ((1, 3), (2, 5), (1, 9), (2, 12))] + \
            [UnitMark((r, c), 1, 3, "enemy") for r, c in ((13, 4), (14, 8), (12, 11))]
    area = np.zeros((16, 16), bool)
    rr, cc = np.mgrid[0:16, 0:16]
    area[np.abs(rr - 2) + np.abs(cc - 5) <= 4] = True
    reach = {(r, c): abs(r - 2) + abs(c - 5) for r in range(0, 6) for c in range(2, 9) if abs(r - 2) + abs(c - 5) <= 3}
    rows = [{"cell": (r, 5), "a": 12 - r, "b": r, "x": 2, "y": 1, "z": 3, "lhs": 12, "rhs": 30, "blocks": False}
            for r in range(3, 14)]
    ov = Overlays(selected=(2, 5), reachable=reach, attack_area=area, sight_src=(2, 5), sight_dst=(14, 8),
                  sight_cells=rows)
    vis = np.ones((16, 16), bool)
    vis[12:] = False
    return Frame(h, vis, np.ones((16, 16), bool), units, ov, fog=True, version=("square", 1))


def main(argv=None) -> int:
    args, w, h = frame_options(200, "1280x720", argv, prog="python -m bench.star_render")

    heights, source = star_heights()
    lay = star_layout()
    ts = [ms(lambda: build_hex_mesh(heights, lay)) for _ in range(50)]
    verts, _idx, _info = build_hex_mesh(heights, lay)
    st = hex_mesh_stats(verts)
    print(f"star heights: {source}; hex mesh: median {statistics.median(ts):.2f} ms, worst {max(ts):.2f} ms; "
          f"{st['top_quads']} top, {st['wall_quads']} wall, {st['bottom_quads']} bottom quads")

    ctx = moderngl.create_standalone_context(backend="egl")
    rs, rq = GLRenderer(ctx, w, h), GLRenderer(ctx, w, h)
    fs, fq = star_frame(heights), square_frame()
    cs, cq = StrategyCamera(17), StrategyCamera(16)
    cs.set_layout(lay)
    for c in (cs, cq):
        c.snap()
    rs.draw(fs, cs)
    rq.draw(fq, cq)
    ctx.finish()
    print(f"load average before the frames: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")

    def orbit(_i):
        for c in (cs, cq):
            c.rotate(0.5)
            c.update(1 / 60)

    empty_t, star_t, square_t = gl_side_by_side(ctx, rs.fbo, [(rs, fs, cs), (rq, fq, cq)], args.frames, orbit)
    m = [statistics.median(x) for x in (star_t, square_t, empty_t)]
    p95 = sorted(star_t)[int(len(star_t) * 0.95) - 1]
    print(f"side by side, {args.frames} frames at {w}x{h}, orbiting: star {m[0]:.2f} ms (p95 {p95:.2f}, worst "
          f"{max(star_t):.2f}), 16x16 square {m[1]:.2f} ms, empty frame {m[2]:.2f} ms; star / square ratio "
          f"{m[0] / m[1]:.2f}; load {os.getloadavg()[0]:.2f}")
    fp = FirstPersonCamera(layout=lay)
    fp.set_eye(lay.cells[-1], int(max(0, heights[lay.cells[-1]])) + 1)
    fp.look_at_cell((8, 8), 2)
    fq_cam = FirstPersonCamera()
    fq_cam.set_eye((2, 5), int(fq.heights[2, 5]) + 2)
    fq_cam.look_at_cell((8, 8), 2)
    fp_t, fq_t = [], []
    for i in range(max(10, args.frames // 4)):
        fp.look(0.5, 0.0)
        fq_cam.look(0.5, 0.0)
        fp_t.append(gl_draw_ms(ctx, rs, fs, fp))
        fq_t.append(gl_draw_ms(ctx, rq, fq, fq_cam))
    print(f"first person, side by side: star {statistics.median(fp_t):.2f} ms, 16x16 square "
          f"{statistics.median(fq_t):.2f} ms")
    pk = []
    for i in range(200):
        x, y = (i * 37) % w, (i * 53) % h
        pk.append(ms(lambda: rs.pick(x, y, fs, cs)))
    print(f"pick (exact ray against 121 hex columns): median {statistics.median(pk):.3f} ms; "
          f"load {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
