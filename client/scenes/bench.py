"""``python -m client --preset huge --seed 1 --bench 300``: a scripted camera flight through the real
game scene (board, fog, units, overlays, HUD, minimap) at 1280x720; prints median and worst frame time."""
from __future__ import annotations

import math
import statistics
import time

import pygame


def _flight(scene, i: int, n: int) -> None:
    """Camera goals for frame i of n: whole map turning, dive in, sweep, climb out."""
    cam = scene.cam
    size = scene.game.size
    t = i / max(1, n - 1)
    if hasattr(cam, "set_distance"):  # 3D strategy camera
        if t < 0.3:
            cam.set_distance(cam.max_distance)
            cam.jump_to((size // 2, size // 2))
            cam.rotate(0.6)
        elif t < 0.7:
            u = (t - 0.3) / 0.4
            cam.set_distance(cam.max_distance * (1 - 0.85 * math.sin(u * math.pi / 2)))
            a = u * 2 * math.pi
            cam.jump_to((int(size / 2 + size * 0.3 * math.sin(a)), int(size / 2 + size * 0.3 * math.cos(a))))
            cam.rotate(0.4)
        else:
            u = (t - 0.7) / 0.3
            cam.set_distance(cam.max_distance * (0.15 + 0.85 * u))
            cam.jump_to((size // 2, size // 2))
            cam.rotate(-0.5)
    else:  # flat camera
        fit = cam.fit_scale()
        if t < 0.3:
            cam.tscale = fit
            cam.jump_to((size // 2, size // 2))
        elif t < 0.7:
            u = (t - 0.3) / 0.4
            cam.tscale = fit * (1 + 12 * math.sin(u * math.pi / 2))
            a = u * 2 * math.pi
            cam.jump_to((int(size / 2 + size * 0.3 * math.sin(a)), int(size / 2 + size * 0.3 * math.cos(a))))
        else:
            u = (t - 0.7) / 0.3
            cam.tscale = fit * (13 - 12 * u)
            cam.jump_to((size // 2, size // 2))


def run_bench(opts, frames: int, screenshot: str | None = None) -> int:
    from client.app import App
    from engine import registry
    from engine.shachang.actions import March

    opts.size = (1280, 720)
    opts.edge_pan = False
    opts.ai_delay = 0.0
    if not opts.quick_start:
        opts.preset, opts.seed = "huge", 1
    t0 = time.perf_counter()
    app = App(opts)
    game = registry.get("shachang").new_game(preset=opts.preset, mode="digital", players=2, seed=opts.seed)
    t_new = time.perf_counter() - t0
    app.start_game(game, ["human", "random"], viewer=0)
    scene = app.scene
    ctl = scene.ctl
    own = ctl.obs.own_units()
    if own:
        ctl.select(own[0].cell)
    scene.mouse_seen = True
    scene.mouse = (640, 360)
    for _ in range(2):  # warm-up at the flight's first pose: meshes, textures, overview picture, fonts
        _flight(scene, 0, frames)
        app.step(1 / 60)
    times: list[float] = []
    stages: dict[str, list[float]] = {}  # part of a frame -> ms (profiled frames, GL synchronised per part)
    empty: list[float] = []  # clear + present: the floor of any frame
    terrain: list[float] = []  # the terrain alone (same camera, fog, no units/overlays/UI) + present
    marches = 0
    for i in range(frames):
        _flight(scene, i, frames)
        if i % 60 == 30:  # an action: engine vision update + fog texture upload inside the flight
            for u in ctl.obs.own_units():
                reach = game.reachable(u.cell)
                far = [c for c, k in reach.items() if ctl.obs.unit_at(c) is None]
                if far:
                    dst = max(far, key=lambda c: reach[c])
                    ctl.try_apply(March(u.cell, dst, 1))
                    marches += 1
                    break
            own = ctl.obs.own_units()
            if own:
                ctl.select(own[0].cell)
        scene.mouse = (640 + int(200 * math.sin(i / 20)), 360 + int(120 * math.cos(i / 23)))
        profiled = app.display.kind == "gl" and i % 10 == 5  # every tenth frame: where its time goes
        if profiled:
            app.display.gl.profile = True
            _wrap_stages(app, stages)
        a = time.perf_counter()
        pygame.event.pump()
        app.step(1 / 60)
        if profiled:
            app.display.gl.profile = False
            _unwrap_stages(app)
            for k, v in app.display.gl.stage_ms.items():
                stages.setdefault("board: " + k, []).append(v)
        if app.display.kind == "gl":
            app.display.ctx.finish()
        times.append((time.perf_counter() - a) * 1000)
        if screenshot and i == frames - 1:  # the last full frame, before the floors below draw over it
            app.display.save_screenshot(screenshot)
        if app.display.kind == "gl":  # the floors, measured side by side with the full frame
            empty.append(_empty_frame(app))
            terrain.append(_terrain_frame(app, scene))
    k1, k2 = int(0.3 * frames), int(0.7 * frames)
    phases = [("whole map", times[:k1]), ("dive", times[k1:k2]), ("climb", times[k2:])]
    med = statistics.median(times)
    worst = max(times)
    p95 = sorted(times)[int(0.95 * (len(times) - 1))]
    print(f"bench: {frames} frames at 1280x720, {game.size}x{game.size} {game.mode} seed {game.seed}, "
          f"renderer {app.display.kind} ({_gl_name(app)}), {marches} marches during the flight")
    print(f"bench: median {med:.2f} ms ({1000 / med:.1f} fps), p95 {p95:.2f} ms, worst {worst:.2f} ms; "
          f"new game {t_new * 1000:.0f} ms")
    print("bench: phases: " + "; ".join(f"{name} median {statistics.median(ts):.2f} ms, worst {max(ts):.2f} ms"
                                       for name, ts in phases if ts))
    worst5 = sorted(range(len(times)), key=lambda i: -times[i])[:5]
    print("bench: worst frames: " + ", ".join(f"#{i} {times[i]:.0f} ms{' (march)' if i % 60 == 30 else ''}"
                                            for i in worst5))
    if app.display.kind == "gl":
        tm = getattr(app.display.gl, "timings", {})
        if "mesh_ms" in tm:
            print(f"bench: last terrain mesh build {tm['mesh_ms']:.1f} ms")
    load = _load()
    if stages:
        parts = "; ".join(f"{k} {statistics.median(v):.2f}" for k, v in stages.items())
        print(f"bench: where a profiled frame goes (median ms, each part waited for): {parts}")
    if empty and terrain:
        e, tr = statistics.median(empty), statistics.median(terrain)
        print(f"bench: floors in the same run: empty frame (clear + present) median {e:.2f} ms; "
              f"terrain only median {tr:.2f} ms; full frame / empty {med / e:.2f}x")
        print(f"bench: load {load}; full frame median {med:.2f} ms over terrain-only {tr:.2f} ms: ratio {med / tr:.2f}")
    else:
        print(f"bench: load {load}; full frame median {med:.2f} ms (no GL: no terrain-only floor)")
    pygame.quit()
    return 0


def _load() -> str:
    try:
        import os

        return "%.2f %.2f %.2f" % os.getloadavg()
    except (AttributeError, OSError):
        return "?"


def _empty_frame(app) -> float:
    """ms for a frame that only clears and presents (the window's floor)."""
    d = app.display
    a = time.perf_counter()
    d.gl.fbo.use()
    d.ctx.clear(0.1, 0.1, 0.1, 1.0)
    d._to_window()
    pygame.display.flip()
    d.ctx.finish()
    return (time.perf_counter() - a) * 1000


def _terrain_frame(app, scene) -> float:
    """ms for the terrain alone: the same camera, heights and fog as the full frame, no units,
    overlays, labels or UI, presented to the window."""
    import dataclasses

    from client.render.base import Overlays

    d = app.display
    r = getattr(app, "_bench_terrain_renderer", None)
    if r is None:  # its own renderer, so that neither picture's caches disturb the other's
        from client.render.gl import GLRenderer

        r = app._bench_terrain_renderer = GLRenderer(d.ctx, d.gl.width, d.gl.height)
        r.load_board(scene.frame.heights.shape)
    f = scene.frame
    version = None if f.version is None else ("terrain", f.version[1])  # changes with the observation only
    bare = dataclasses.replace(f, units=[], ghosts=[], overlays=Overlays(show_counts=False), version=version)
    a = time.perf_counter()
    r.draw(bare, scene.camera())
    own = d.gl
    d.gl = r  # present this renderer's picture the way the app presents its own: one present, one flip
    try:
        d._to_window()
    finally:
        d.gl = own
    pygame.display.flip()
    d.ctx.finish()
    return (time.perf_counter() - a) * 1000


def _gl_name(app) -> str:
    if app.display.kind != "gl":
        return pygame.display.get_driver()
    try:
        return app.display.ctx.info.get("GL_RENDERER", "?")
    except Exception:
        return "?"


def _wrap_stages(app, stages) -> None:
    """Time the app's parts of one frame: update, the scenes' drawing (board and UI), the UI composite and
    putting the picture in the window (each part ends with glFinish so the GL work is counted there)."""
    d = app.display

    def timed(name, fn):
        def run(*a, **k):
            t = time.perf_counter()
            r = fn(*a, **k)
            if d.kind == "gl":
                d.ctx.finish()
            stages.setdefault(name, []).append((time.perf_counter() - t) * 1000)
            return r
        return run

    app._bench_saved = (d._composite, d._to_window)
    d._composite = timed("ui composite", d._composite)
    d._to_window = timed("to window", d._to_window)


def _unwrap_stages(app) -> None:
    d = app.display
    d._composite, d._to_window = app._bench_saved
