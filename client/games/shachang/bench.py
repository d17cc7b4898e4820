"""沙场秋点兵's part of the frame bench (``python -m client --preset huge --seed 1 --bench 300``): the game
it flies over, the scripted camera flight (whole map turning, dive in, sweep, climb out), a march every
60 frames, and the terrain-only reference frame measured beside each full frame."""
from __future__ import annotations

import dataclasses
import math
import time

import pygame

from client.render.base import Overlays
from client.render.gl import GLRenderer
from engine import registry
from engine.shachang.actions import March


def flight_pose(scene, i: int, n: int) -> None:
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


def terrain_frame(app, scene) -> float:
    """ms for the terrain alone: the same camera, heights and fog as the full frame, skipped under the same
    opaque UI rects, no units, overlays, labels or UI; presented to the window as the full frame is (one
    present, one flip). Like the full frame it takes the window's events, and it works out the camera's
    matrices for a pose the full frame had to work them out for (the camera keeps them per pose)."""
    d = app.display
    r = getattr(app, "_bench_terrain_renderer", None)
    if r is None:  # its own renderer, so that neither picture's caches disturb the other's
        r = app._bench_terrain_renderer = GLRenderer(d.ctx, d.gl.width, d.gl.height)
        r.load_board(scene.frame.heights.shape)
    f = scene.frame
    version = None if f.version is None else ("terrain", f.version[1])  # changes with the observation only
    bare = dataclasses.replace(f, units=[], ghosts=[], overlays=Overlays(show_counts=False), version=version)
    cam = scene.camera()
    kept = getattr(cam, "kept_matrices", lambda: None)()  # a StrategyCamera keeps its pose's matrices
    a = time.perf_counter()
    pygame.event.pump()
    if kept is not None and kept is not getattr(app, "_bench_seen_matrices", None):
        cam.forget_matrices()  # the full frame worked out this pose's matrices: so does this frame
    r.draw(bare, cam, covered=getattr(d, "last_covered", ()))  # as the full frame: not under opaque UI
    own = d.gl
    d.gl = r  # present this renderer's picture the way the app presents its own
    try:
        d._to_window()
    finally:
        d.gl = own
    pygame.display.flip()
    d.ctx.finish()
    took = (time.perf_counter() - a) * 1000
    app._bench_seen_matrices = getattr(cam, "kept_matrices", lambda: None)()
    return took


class Flight:
    """The frame bench's hooks for 沙场秋点兵 (client/scenes/bench.py calls them)."""

    phases = (("whole map", 0.3), ("dive", 0.7), ("climb", 1.0))  # name, end of the phase (part of the flight)
    profile_board = True  # the GL renderer reports its passes (terrain, tokens, labels ...)
    keeps_terrain = True  # the bench says how many flight frames copied the kept terrain picture (0 of 300)
    floor_name = "terrain only"  # the reference frame beside each full frame
    floor_does = ("the window's events taken, the same terrain (camera, its matrices worked out for a new pose as "
                  "the full frame does, heights, fog), not under the opaque panels (as the full frame), no units, "
                  "overlays, labels or UI, one present, one flip")
    # poses held after the flight (client/scenes/bench.py reports them apart): (name, where in the flight: a part
    # of its frames, or None for its last pose); {frame} in a name: that frame (200 of the usual 300)
    held_poses = (("its last pose (whole map)", None), ("frame {frame}'s pose (the dive's close-up)", 2 / 3))

    def __init__(self, opts):
        self.opts = opts
        self.marches = 0
        if not opts.quick_start:  # the reference flight: 256x256, seed 1
            opts.preset, opts.seed = "huge", 1

    def start(self, app):
        """Start the flight's game (two players, the first a human with a unit selected); returns it."""
        o = self.opts
        game = registry.get("shachang").new_game(preset=o.preset, mode="digital", players=2, seed=o.seed)
        app.start_game(game, ["human", "random"], viewer=0)
        scene = app.scene
        own = scene.ctl.obs.own_units()
        if own:
            scene.ctl.select(own[0].cell)
        scene.mouse_seen = True
        scene.mouse = (640, 360)
        return game

    def describe(self, game) -> str:
        return f"{game.size}x{game.size} {game.mode} seed {game.seed}"

    def pose(self, app, i: int, n: int) -> None:
        """Frame i's camera, a march every 60 frames (engine vision and fog upload inside the flight) and
        a moving mouse (hover)."""
        scene = app.scene
        flight_pose(scene, i, n)
        if i % 60 == 30:
            self._march(scene)
        scene.mouse = (640 + int(200 * math.sin(i / 20)), 360 + int(120 * math.cos(i / 23)))

    def hold_pose(self, app, i: int, n: int) -> None:
        """The camera goals of frame i of n, without its march or mouse move (a pose to hold)."""
        flight_pose(app.scene, i, n)

    def marked(self, i: int) -> str:
        """A note on frame i in the worst-frames line."""
        return " (march)" if i % 60 == 30 else ""

    def _march(self, scene) -> None:
        ctl, game = scene.ctl, scene.game
        for u in ctl.obs.own_units():
            reach = game.reachable(u.cell)
            far = [c for c, k in reach.items() if ctl.obs.unit_at(c) is None]
            if far:
                dst = max(far, key=lambda c: reach[c])
                ctl.try_apply(March(u.cell, dst, 1))
                self.marches += 1
                break
        own = ctl.obs.own_units()
        if own:
            ctl.select(own[0].cell)

    def floor(self, app) -> float | None:
        """The terrain-only frame's ms (GL only)."""
        return terrain_frame(app, app.scene) if app.display.kind == "gl" else None

    def notes(self, app) -> list[str]:
        out = [f"{self.marches} marches during the flight"]
        tm = getattr(app.display.gl, "timings", {}) if app.display.kind == "gl" else {}
        if "mesh_ms" in tm:
            out.append(f"last terrain mesh build {tm['mesh_ms']:.1f} ms")
        return out
