"""``python -m client --game ID --bench N``: N frames of any game through the real app (scene, renderer,
UI, present), timed; prints median, p95 and worst frame times, the empty frame's floor in the same run
and, where the game's plugin gives a flight (``bench_flight``: 沙场秋点兵's camera flight with its
terrain-only reference frame), its phases and reference ratio. Other games are redrawn N times with
the mouse moving over the window (hover)."""
from __future__ import annotations

import math
import os
import statistics
import time

import pygame

from client.app import App
from client.games import plugin_class
from engine import registry


class Redraw:
    """The default flight: the game the options start, every frame drawn, the mouse moving."""

    phases: tuple = ()  # (name, end as a part of the flight) for a per-phase line
    profile_board = False  # the renderer reports its own passes (the 3D GLRenderer's stage_ms)
    keeps_terrain = False  # its frames draw the 3D terrain, whose picture a frame may copy (the kept terrain)
    floor_name = ""  # a game's own reference frame (none here)
    floor_does = ""  # what that reference frame draws (said in the report)

    def __init__(self, opts):
        self.opts = opts

    def start(self, app):
        """Start the game of the options; returns it."""
        app.new_game_from_opts()
        return app.scene.game

    def describe(self, game) -> str:
        info = registry.get(game.game_id)
        chosen = {k: v for k, v in (self.opts.game_options or {}).items()}
        extra = " ".join(f"{k}={v}" for k, v in chosen.items())
        return f"{info.name_en.split(':')[0]}{' ' + extra if extra else ''}, {game.num_players} players"

    def pose(self, app, i: int, n: int) -> None:
        """The mouse moves over the window as a player's would (hover marks, tooltips)."""
        w, h = app.display.size
        pos = (int(w / 2 + w * 0.35 * math.sin(i / 9)), int(h / 2 + h * 0.35 * math.cos(i / 11)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    def marked(self, i: int) -> str:
        return ""

    def floor(self, app) -> float | None:
        return None

    def notes(self, app) -> list[str]:
        return []


def make_flight(opts):
    """The game's bench flight (its plugin's ``bench_flight``), else the default redraws."""
    hook = getattr(plugin_class(opts.game_id), "bench_flight", None)  # optional plugin hook
    return hook(opts) if hook is not None else Redraw(opts)


def run_bench(opts, frames: int, screenshot: str | None = None, out=None) -> int:
    """Draw ``frames`` frames of the game ``opts`` chooses, print the figures, close; returns 0."""
    say = (lambda s: print(s, file=out)) if out is not None else print
    opts.size = (1280, 720)
    opts.edge_pan = False
    opts.ai_delay = 0.0
    flight = make_flight(opts)
    app = App(opts)
    t0 = time.perf_counter()
    game = flight.start(app)
    t_new = time.perf_counter() - t0
    gl = app.display.kind == "gl"
    for _ in range(2):  # warm-up at the flight's first pose: meshes, textures, overview picture, fonts
        flight.pose(app, 0, frames)
        app.step(1 / 60)
    times: list[float] = []
    kept0 = getattr(app.display.gl, "terrain_reused", 0) if gl else 0  # terrain passes copied, not drawn
    uploads: list[int] = []  # GL: UI pixels written to the mirror texture per frame (changed rows only)
    stages: dict[str, list[float]] = {}  # part of a frame -> ms (profiled frames, GL synchronised per part)
    empty: list[float] = []  # clear + present: the floor of any frame
    floor: list[float] = []  # the game's own reference frame (沙场秋点兵: the terrain alone)
    profiled_at: set[int] = set()  # frames waited for part by part: not in the timed figures (no reference is)
    for i in range(frames):
        flight.pose(app, i, frames)
        profiled = gl and i % 10 == 5  # every tenth frame: where its time goes
        if profiled:
            profiled_at.add(i)
            if flight.profile_board:
                app.display.gl.profile = True
            _wrap_stages(app, stages)
        a = time.perf_counter()
        pygame.event.pump()
        app.step(1 / 60)
        if profiled:
            _unwrap_stages(app)
            if flight.profile_board:
                app.display.gl.profile = False
                for k, v in app.display.gl.stage_ms.items():
                    stages.setdefault("board: " + k, []).append(v)
        if gl:
            app.display.ctx.finish()
        times.append((time.perf_counter() - a) * 1000)
        if gl:
            uploads.append(sum(r.w * r.h for r in app.display.ui_uploads))
        if screenshot and i == frames - 1:  # the last full frame, before the floors below draw over it
            app.display.save_screenshot(screenshot)
        if gl:  # the floors, measured side by side with the full frame
            e = empty_frame(app)
            f = flight.floor(app)
            if not profiled:
                empty.append(e)
                if f is not None:
                    floor.append(f)
    kept = getattr(app.display.gl, "terrain_reused", 0) - kept0 if gl else 0
    # after the flight: poses held (the camera at rest, the mouse still), reported apart from the flight
    held = []
    for name, part in getattr(flight, "held_poses", ()) if gl and floor else ():
        at = None if part is None else round(part * frames)  # a short flight (--bench 24) holds its own dive's frame
        held.append((name.format(frame=at), _held_frames(app, flight, at, frames)))
    if app.errors:
        say(f"bench: {len(app.errors)} errors in the scenes, first: {app.errors[0]}")
    timed = [t for i, t in enumerate(times) if i not in profiled_at]
    med = statistics.median(timed)
    worst = max(timed)
    p95 = sorted(timed)[int(0.95 * (len(timed) - 1))]
    say(f"bench: {frames} frames at 1280x720, {game.game_id}: {flight.describe(game)}, "
        f"renderer {app.display.kind} ({_gl_name(app)})"
        + (f"; {len(timed)} timed, {len(profiled_at)} profiled part by part (each part waited for) and left out of "
           f"the figures and their references" if profiled_at else ""))
    say(f"bench: median {med:.2f} ms ({1000 / med:.1f} fps), p95 {p95:.2f} ms, worst {worst:.2f} ms; "
        f"new game {t_new * 1000:.0f} ms")
    if flight.phases:
        parts, lo = [], 0
        for name, end in flight.phases:
            hi = int(end * frames) if end < 1 else frames
            part = [times[k] for k in range(lo, min(hi, len(times))) if k not in profiled_at]
            if part:
                parts.append(f"{name} median {statistics.median(part):.2f} ms, worst {max(part):.2f} ms")
            lo = hi
        say("bench: phases: " + "; ".join(parts))
    worst5 = sorted((i for i in range(len(times)) if i not in profiled_at), key=lambda i: -times[i])[:5]
    say("bench: worst frames: " + ", ".join(f"#{i} {times[i]:.0f} ms{flight.marked(i)}" for i in worst5))
    for note in flight.notes(app):
        say(f"bench: {note}")
    if gl and flight.keeps_terrain:
        say(f"bench: frames of the flight whose terrain was copied from the kept picture (camera and board as in "
            f"the two frames before): {kept} of {len(times)}")
    if uploads:
        say(f"bench: UI rows uploaded: median {statistics.median(uploads) / 1000:.1f} kpx a frame, "
            f"{sum(1 for u in uploads if u == 0)} of {len(uploads)} frames uploaded nothing")
    if gl:
        board = (" 3D board drawn (nothing shaded under the opaque UI panels, which replace those pixels),"
                 if flight.profile_board else "")
        ref = getattr(flight, "floor_does", "")
        say(f"bench: each full frame: scene and HUD laid out,{board} UI composited (changed rows uploaded), one "
            f"present, one flip; empty frame: clear, one present, one flip"
            + (f"; {flight.floor_name}: {ref}" if flight.floor_name and ref else ""))
    load = _load()
    if stages:
        parts = "; ".join(f"{k} {statistics.median(v):.2f}" for k, v in stages.items())
        say(f"bench: where a profiled frame goes (median ms, each part waited for): {parts}")
    if empty and floor:
        e, tr = statistics.median(empty), statistics.median(floor)
        say(f"bench: floors in the same run: empty frame (clear + present) median {e:.2f} ms; "
            f"{flight.floor_name} median {tr:.2f} ms; full frame / empty {med / e:.2f}x")
        for name, (hf, hr, still, kept, kept_ref) in held:
            say(f"bench: not in the figures above: {len(hf)} frames after the flight with {name} held (camera "
                f"unchanged from the frame before in {still} of them, mouse still; what is unchanged is reused: "
                f"the terrain pass copied from its kept picture in {kept} full frames and {kept_ref} "
                f"{flight.floor_name} frames, panels, labels): full frame median {statistics.median(hf):.2f} ms, "
                f"{flight.floor_name} median {statistics.median(hr):.2f} ms, ratio "
                f"{statistics.median(hf) / statistics.median(hr):.2f}")
        say(f"bench: load {load}; full frame median {med:.2f} ms over {flight.floor_name.replace(' ', '-')} "
            f"{tr:.2f} ms: ratio {med / tr:.2f}")
    elif empty:
        e = statistics.median(empty)
        say(f"bench: load {load}; full frame median {med:.2f} ms; empty frame (clear + present) median "
            f"{e:.2f} ms; full frame / empty {med / e:.2f}x")
    else:
        say(f"bench: load {load}; full frame median {med:.2f} ms (no GL: no terrain-only floor)")
    app.close()
    pygame.quit()
    return 0


def _load() -> str:
    try:
        return "%.2f %.2f %.2f" % os.getloadavg()
    except (AttributeError, OSError):
        return "?"


def _held_frames(app, flight, at, n: int, settle: int = 90, frames: int = 40) -> tuple:
    """Frames with a pose held: the flight's pose of frame ``at`` of ``n`` (None: the last one) set once, then
    no new camera goal and the mouse still; after ``settle`` frames for the camera to come to rest: (full frame
    ms, the flight's reference frame ms, how many frames had the same camera matrices as the frame before, how
    many full and reference frames copied the kept terrain). Timed as the flight's frames are."""
    if at is not None:
        flight.hold_pose(app, at, n)
    for _ in range(settle):
        pygame.event.pump()
        app.step(1 / 60)
    camera = getattr(app.scene, "camera", None)
    gl = app.display.gl
    kept0 = getattr(gl, "terrain_reused", 0)
    ref_gl = getattr(app, "_bench_terrain_renderer", None)
    ref0 = getattr(ref_gl, "terrain_reused", 0)
    full, ref, still, last = [], [], 0, None
    for _ in range(frames):
        a = time.perf_counter()
        pygame.event.pump()
        app.step(1 / 60)
        app.display.ctx.finish()
        full.append((time.perf_counter() - a) * 1000)
        ref.append(flight.floor(app))
        if camera is not None:
            view, proj = camera().matrices(app.display.size[0] / app.display.size[1])
            now = (view.tobytes(), proj.tobytes())
            still += now == last
            last = now
    ref_gl = getattr(app, "_bench_terrain_renderer", None)
    return (full, ref, still, getattr(gl, "terrain_reused", 0) - kept0,
            getattr(ref_gl, "terrain_reused", 0) - (ref0 if ref_gl is not None else 0))


def empty_frame(app) -> float:
    """ms for a frame that only clears and presents (the window's floor): one present, one flip."""
    d = app.display
    a = time.perf_counter()
    d.gl.fbo.use()
    d.ctx.clear(0.1, 0.1, 0.1, 1.0)
    d._to_window()
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
    """Time the app's parts of one frame: the UI composite and putting the picture in the window (each part
    ends with glFinish so the GL work is counted there)."""
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
