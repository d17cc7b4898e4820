"""Renderer benchmark: ``python -m bench.render [--frames N] [--size WxH]``.

Headless (EGL). Measures the 256x256 terrain mesh build and the frame time of the
GLRenderer at 1280x720 with the whole 256x256 map in view, fog (a real digital
game's observation), ~512 soldier tokens and overlays (reachable cells, attack
range, a sight line, ghost vision), with a slow camera orbit. The timed frame
includes the per-frame texture uploads and a glFinish (what a window's flip waits
for), but not reading the picture back.
"""
from __future__ import annotations

import os
import statistics
import time

import numpy as np

import dataclasses

import moderngl

from bench.timing import frame_options, gl_alternating_blocks, gl_draw_ms, gl_side_by_side, ms
from client.camera import StrategyCamera
from client.render.base import Frame, Overlays, UnitMark
from client.render.gl import GLRenderer
from client.render.gl_terrain import build_chunked_mesh, mesh_stats
from engine.shachang.game import ShachangGame
from engine.shachang.terrain import generate


def scene(seed: int = 1):
    """A 256x256 digital game position with 8 players' worth of units spread over the map."""
    gm = generate("huge", 2, seed)
    g = ShachangGame(gm, preset="huge", mode="digital", players=2, seed=seed)
    obs = g.observe(0)
    rng = np.random.default_rng(seed)
    units = []
    total = 0
    # the engine's own units, then extra stacks (as a busy late game would have) up to ~512 tokens
    for u in obs.units:
        units.append(UnitMark(u.cell, u.owner, u.count, "ready" if u.owner == 0 else "enemy"))
        total += u.count
    taken = {u.cell for u in units}
    while total < 512:
        cell = (int(rng.integers(0, 256)), int(rng.integers(0, 256)))
        if cell in taken:
            continue
        n = int(rng.integers(1, 17))
        taken.add(cell)
        units.append(UnitMark(cell, int(rng.integers(0, 8)), n, ["ready", "fresh", "attacked", "spent", "enemy"][
            int(rng.integers(0, 5))]))
        total += n
    src = obs.own_units()[0].cell
    reach = g.reachable(src)
    dst = (min(255, src[0] + 9), min(255, src[1] + 5))
    rows = g.sight_line(src, dst, attack=False)
    block = next((r["cell"] for r in rows if r["blocks"]), None)
    area = np.zeros((256, 256), bool)
    rr, cc = np.mgrid[0:256, 0:256]
    area[np.abs(rr - src[0]) + np.abs(cc - src[1]) <= 5] = True
    ghost = np.zeros((256, 256), bool)
    ghost[np.abs(rr - 128) + np.abs(cc - 128) <= 6] = True
    # explored: what the player really explored, widened so that a good part of the map shows
    explored = obs.explored | (np.abs(rr - 128) < 90) & (np.abs(cc - 128) < 110)
    heights = np.where(explored, g.heights, -1).astype(np.int16)
    ov = Overlays(selected=src, reachable=reach, attack_area=area, sight_src=src, sight_dst=dst,
                  sight_cells=rows, sight_block=block, ghost_cells=ghost)
    visible = obs.visible | ((np.abs(rr - 128) < 40) & (np.abs(cc - 128) < 60))
    return Frame(heights, visible, explored, units, ov, fog=True, ghosts=[((128, 128), 6)]), total, g


class ConstantTerrain(GLRenderer):
    """The renderer with every column pixel one constant colour: the same triangles, depth test and pixels
    written, no shading (shaders/terrain.frag CONSTANT_COLOUR)."""

    terrain_defines = ("CONSTANT_COLOUR",)


class NoColumns(GLRenderer):
    """The renderer without the column terrain: everything else of a close-up frame (clear, tokens, lines,
    labels, the slab's bottom left out too)."""

    def _render_visible_chunks(self, mvp) -> None:
        """Nothing: the columns left out."""


def lower_bound(ctx, w: int, h: int, frame, blocks: int, per: int, drop: int) -> None:
    """Print the close-up's floor against the whole map, side by side with a version (issue 27 point 2): the
    close-up as drawn, with the columns shaded one constant colour, and without the columns."""
    fr = dataclasses.replace(frame, version=("bench", "lower bound"))
    views = []
    for cls, near in ((GLRenderer, False), (GLRenderer, True), (ConstantTerrain, True), (NoColumns, True)):
        cam = StrategyCamera(256)
        if near:
            cam.set_distance(40)
            cam.jump_to((128, 128))
        cam.snap()
        views.append((cls(ctx, w, h), fr, cam, _orbit))  # each its own caches
    times = gl_alternating_blocks(ctx, views, blocks, per, drop)
    wm, cm, km, nm = (statistics.median(t) for t in times)
    print(f"  the close-up's floor, side by side as above, with a version: whole map {wm:.1f} ms; zoomed in "
          f"{cm:.1f} ms ({cm / wm:.2f}x), with its columns shaded one constant colour {km:.1f} ms ({km / wm:.2f}x: "
          f"their triangles, depth test and pixels alone), without the columns {nm:.1f} ms ({nm / wm:.2f}x) "
          f"(load {os.getloadavg()[0]:.2f})")


def _orbit(cam) -> None:
    """The benches' slow camera orbit: one frame's step."""
    cam.rotate(0.5)
    cam.update(1 / 60)


def main(argv=None) -> int:
    args, w, h = frame_options(120, "1280x720", argv, prog="python -m bench.render")

    frame, tokens, g = scene()
    full = np.asarray(g.heights)
    ts = [ms(lambda: build_chunked_mesh(full)) for _ in range(25)]
    verts, idx, _ = build_chunked_mesh(full)
    st = mesh_stats(verts, idx)
    print(f"mesh 256x256: median {statistics.median(ts):.1f} ms, best {min(ts):.1f} ms, worst {max(ts):.1f} ms; "
          f"{st['top_quads']} top quads (merged runs), {st['wall_quads']} wall quads, {st['triangles']} triangles")

    t0 = time.perf_counter()
    ctx = moderngl.create_standalone_context(backend="egl")
    r = GLRenderer(ctx, w, h)
    print(f"context + renderer: {(time.perf_counter() - t0) * 1000:.0f} ms ({ctx.info['GL_RENDERER']})")
    def run(label, cam, frames, lod="auto", step=None, batches=1):
        r.lod = lod
        r.draw(frame, cam)
        ctx.finish()
        meds = []
        alltimes = []
        for _b in range(batches):
            times = []
            for i in range(frames):
                (step or (lambda c, k: (c.rotate(0.5), c.update(1 / 60))))(cam, i)
                times.append(gl_draw_ms(ctx, r, frame, cam))
            meds.append(statistics.median(times))
            alltimes += times
        alltimes.sort()
        extra = (f"; batch medians {', '.join(f'{m:.1f}' for m in meds)} (best {min(meds):.1f})"
                 if batches > 1 else "")
        print(f"{label}: median {statistics.median(alltimes):.1f} ms, p95 "
              f"{alltimes[int(len(alltimes) * 0.95) - 1]:.1f} ms, worst {alltimes[-1]:.1f} ms over {len(alltimes)} "
              f"frames (far LOD: {r.used_far}){extra}")
        r.lod = "auto"
        return statistics.median(alltimes)

    print(f"load average before the frames: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs "
          "(other processes slow llvmpipe down)")
    cam = StrategyCamera(256)
    cam.snap()  # fully zoomed out: the whole map in view
    whole = run(f"whole 256x256 map at {w}x{h}, fog, {tokens} tokens, overlays, orbiting", cam,
                max(10, args.frames // 3), batches=3)

    def fog_change(c, k):  # a vision update after an action: new fog texture (board picture rebuilt)
        c.rotate(0.5)
        c.update(1 / 60)
        frame.visible[100 + k % 50, 100:140] ^= True

    cam = StrategyCamera(256)
    cam.snap()
    run("same, with a fog change every frame (vision update: the changed part of the board picture redrawn)",
        cam, max(10, args.frames // 4), step=fog_change)
    cam = StrategyCamera(256)
    cam.snap()
    run("whole map drawn as the column mesh (LOD off)", cam, max(10, args.frames // 6), lod="mesh")
    cam = StrategyCamera(256)
    cam.set_distance(40)
    cam.jump_to((128, 128))
    cam.snap()
    run("zoomed in (distance 40, columns, chunk culling)", cam, max(10, args.frames // 4))
    # the ratio side by side: both views in alternating blocks of frames in one loop (the same load for both), the
    # first frames of each block left out (after the other view a block starts cold; frame-by-frame alternation
    # would make every frame a cold one, docs/client.md "Session 14")
    # twice: with the bench's frames, which have no version (every frame works out the per-cell textures again, in
    # both views), and with a version, as the app's frames have (a moving camera redraws the terrain, but the
    # per-cell textures and the far view's board picture are kept): that work, the same in both views, lowers the
    # first ratio; the second is the one the app's player sees
    blocks, per, drop = 6, max(8, args.frames // 12), 3
    for label, fr in (("frames without a version (the lines above)", frame),
                      ("frames with a version, as the app draws them", dataclasses.replace(frame, version=("bench", 0)))):
        far = StrategyCamera(256)
        far.snap()
        near = StrategyCamera(256)
        near.set_distance(40)
        near.jump_to((128, 128))
        near.snap()
        whole_t, close_t = gl_alternating_blocks(ctx, [(r, fr, far, _orbit), (r, fr, near, _orbit)], blocks, per, drop)
        wm, cm = statistics.median(whole_t), statistics.median(close_t)
        print(f"  zoomed in / whole map, side by side ({blocks} alternating blocks of {per} frames of each, the first "
              f"{drop} of every block left out), {label}: whole map {wm:.1f} ms, zoomed in {cm:.1f} ms: "
              f"{cm / wm:.2f}x (load {os.getloadavg()[0]:.2f})")
    lower_bound(ctx, w, h, frame, blocks, per, drop)
    # the same close-up with the camera still and a frame that has a version (as the app's): from the fourth
    # frame on the renderer copies its kept terrain picture; the moving close-up above is the one compared
    still = dataclasses.replace(frame, version=("bench", "still close-up"))
    reused = r.terrain_reused
    ts = [gl_draw_ms(ctx, r, still, cam) for _ in range(max(13, args.frames // 4))]
    held = statistics.median(ts[3:])
    print(f"zoomed in, camera still (not in the ratio above): median {held:.1f} ms over {len(ts) - 3} frames, the "
          f"terrain copied from its kept picture in {r.terrain_reused - reused} of {len(ts)} (the first three draw "
          f"it); {held / whole:.2f}x the moving whole-map line")

    # exploration: a march reveals new heights (the mesh rebuilds only the touched chunks)
    hidden = np.argwhere(frame.heights < 0)
    order = hidden[np.argsort(np.abs(hidden[:, 0] - 150) + np.abs(hidden[:, 1] - 150))]
    state = {"i": 0}

    def explore(c, k):
        c.rotate(0.5)
        c.update(1 / 60)
        block = order[state["i"]:state["i"] + 30]
        state["i"] += 30
        frame.heights[block[:, 0], block[:, 1]] = g.heights[block[:, 0], block[:, 1]]
        frame.explored[block[:, 0], block[:, 1]] = True

    cam = StrategyCamera(256)
    cam.set_distance(60)
    cam.jump_to((150, 150))
    cam.snap()
    run("exploring: 30 new cells' heights every frame, columns (partial mesh rebuild)", cam,
        max(10, args.frames // 4), step=explore)
    print(f"  chunks rebuilt in the last frame: {r.timings.get('chunks_rebuilt')}, "
          f"{r.timings.get('mesh_update_ms', 0):.1f} ms")
    cam = StrategyCamera(256)
    cam.snap()
    run("exploring, whole map (flat far view, partial board redraw)", cam, max(10, args.frames // 4), step=explore)
    t0 = time.perf_counter()
    r.screenshot()
    print(f"read-back of one picture: {(time.perf_counter() - t0) * 1000:.1f} ms")

    # side by side in one loop: an empty frame (clear only), the terrain alone, the full frame
    bare = dataclasses.replace(frame, units=[], ghosts=[], overlays=Overlays(show_counts=False), version=None)
    full = dataclasses.replace(frame, version=("bench", 1))
    bare = dataclasses.replace(bare, version=("bench-bare", 1))
    r_bare = GLRenderer(ctx, w, h)  # its own caches, so neither picture disturbs the other's
    cam = StrategyCamera(256)
    cam.snap()

    def orbit(_i):
        cam.rotate(0.5)
        cam.update(1 / 60)

    floor, terr, whole = gl_side_by_side(ctx, r.fbo, [(r_bare, bare, cam), (r, full, cam)],
                                         max(10, args.frames // 3), orbit)
    e, t, f = (statistics.median(x) for x in (floor, terr, whole))
    print(f"side by side, whole map: empty frame {e:.2f} ms, terrain only {t:.2f} ms, full frame {f:.2f} ms; "
          f"load {os.getloadavg()[0]:.2f}; full over terrain-only: ratio {f / t:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
