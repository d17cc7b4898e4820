"""Timing helpers the frame benchmarks share (bench/render.py, bench/star_render.py, bench/board_cards.py,
bench/items_cards.py): a timed call, a median over frames, a side-by-side GL loop, the headless options."""
from __future__ import annotations

import os
import statistics
import time

from client.cli_args import OneLineParser, size_type, whole


def ms(fn) -> float:
    """Milliseconds ``fn()`` takes."""
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


def median_ms(fn, frames: int) -> float:
    """The median of ``frames`` timed calls of ``fn`` in milliseconds."""
    return statistics.median(ms(fn) for _ in range(frames))


def gl_draw_ms(ctx, renderer, frame, cam) -> float:
    """Milliseconds of one GL frame drawn and finished (what a window's flip waits for)."""
    def draw():
        renderer.draw(frame, cam)
        ctx.finish()

    return ms(draw)


def gl_side_by_side(ctx, fbo, draws, frames: int, step=None) -> list[list[float]]:
    """Per frame ``step(i)`` (untimed), then an empty frame (``fbo`` cleared only) and each of ``draws``
    ((renderer, frame, camera)) in turn, timed in the same loop so the load is the same for all;
    the lists of ms: the empty frame's first, then one per draw."""
    out = [[] for _ in range(len(draws) + 1)]

    def clear():
        fbo.use()
        ctx.clear(0.1, 0.1, 0.1, 1.0)
        ctx.finish()

    for i in range(frames):
        if step is not None:
            step(i)
        out[0].append(ms(clear))
        for k, (r, frame, cam) in enumerate(draws):
            out[k + 1].append(gl_draw_ms(ctx, r, frame, cam))
    return out


def gl_alternating_blocks(ctx, draws, blocks: int, per: int, drop: int) -> list[list[float]]:
    """Side by side in one run for views whose data displace each other's from the CPU caches: ``blocks`` blocks of
    ``per`` frames of each of ``draws`` ((renderer, frame, camera, step): ``step(camera)`` untimed before each frame),
    in turn (the order reversed every other block, so neither always follows the other), the first ``drop`` frames
    of every block left out (a view's first frames after the other's start cold); the ms of each draw's kept frames."""
    out = [[] for _ in draws]
    for b in range(blocks):
        order = list(range(len(draws))) if b % 2 == 0 else list(range(len(draws)))[::-1]
        for k in order:
            r, frame, cam, step = draws[k]
            for i in range(per):
                step(cam)
                t = gl_draw_ms(ctx, r, frame, cam)
                if i >= drop:
                    out[k].append(t)
    return out


def frame_options(frames: int, size: str, argv=None, prog: str | None = None, doc: str | None = None):
    """The options ``--frames N --size WxH`` of a frame bench: (options, width, height)."""
    ap = OneLineParser(prog=prog, description=doc)
    ap.add_argument("--frames", type=whole(1, 100_000), default=frames)
    ap.add_argument("--size", type=size_type, default=size_type(size))
    a = ap.parse_args(argv)
    w, h = a.size
    return a, w, h


def headless_options(doc: str, frames: int = 60, size: str = "1600x1000", prog: str | None = None):
    """``frame_options`` of a headless window bench, SDL's dummy driver set unless the caller chose one."""
    a, w, h = frame_options(frames, size, doc=doc, prog=prog)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    return a, w, h
