"""GL objects are released when the client is done with them: a board game's renderer (its programs, glyph atlas,
buffers and window-sized cache, ~13 MB) was kept until the process ended, so every new board game in one session
grew the client by that much (the window's context releases what Python dropped at the next frame; a renderer
can be released at once, as the rule pictures' painter does for each picture)."""
from __future__ import annotations

import gc

import pytest

from bench import memory
from client import display
from client.games import make_plugin
from client.render.gl_board import BoardCamera, GLBoardRenderer
from client.scenes.board_game import BoardGameScene
from engine import registry
from tests.boards_util import gl_board_renderer



@pytest.fixture
def probe():
    """A small board renderer on a standalone EGL context (its context is the one the test uses)."""
    yield from gl_board_renderer(8, 8)


def test_release_frees_every_gl_object_a_board_renderer_made(probe, monkeypatch):
    made = []
    ctx = probe.ctx
    for name in ("texture", "buffer", "vertex_array", "program", "framebuffer", "renderbuffer",
                 "depth_renderbuffer"):
        real = getattr(ctx, name)
        monkeypatch.setattr(ctx, name, lambda *a, _real=real, **k: made.append(_real(*a, **k)) or made[-1])
    r = GLBoardRenderer(ctx, 96, 64)
    view = make_plugin(registry.get("baige").new_game()).view(0)
    cam = BoardCamera(view.geometry.bounds())
    cam.set_viewport((96, 64))
    r.draw(view, cam)  # the cache framebuffer too
    assert made and len(r.gl_objects()) == len(made)
    r.release()
    assert [type(o.mglo).__name__ for o in made] == ["InvalidObject"] * len(made)


def test_a_finished_board_games_renderer_is_released_at_the_next_frame(glapp, monkeypatch):
    released = []
    real = display.release_dropped
    monkeypatch.setattr(display, "release_dropped", lambda ctx: released.append(real(ctx)) or released[-1])

    def play(n: int) -> BoardGameScene:
        glapp.start_game(registry.get("baige").new_game(), ["human", "human"])
        for _ in range(n):
            glapp.step(1 / 60)
        return glapp.scene

    sc = play(3)
    assert isinstance(sc, BoardGameScene) and sc.gl is not None
    held = len(sc.gl.gl_objects())
    del sc
    play(0)  # a new game replaces the scene
    gc.collect()
    released.clear()
    glapp.step(1 / 60)
    assert sum(released) >= held > 10
    assert glapp.display.ctx.gc_mode == "context_gc" and not glapp.display.ctx.objects


def test_the_memory_bench_measures_a_session(tmp_path):
    """bench.memory's child plays games in one App and gives the resident size after each (flat: no window)."""
    after = memory.measure("baige", 2, "flat", 3)
    assert len(after) == 2 and all(50 < a["rss"] < 5000 and 50 < a["held"] < 5000 for a in after)
    assert all(0 < a["text"] <= 17 for a in after)  # the board game's panels drew text; within the 16 MB bound


def test_the_memory_bench_fits_its_warm_up_to_a_short_session(capsys):
    """``--count 3`` alone measures the last games (the default warm-up of 8 refused the line before)."""
    assert memory.main(["--games", "baige", "--count", "3", "--frames", "2", "--renderer", "flat"]) == 0
    out = capsys.readouterr().out
    assert "baige (flat, 3 games of 2 frames)" in out and "after game 2:" in out, out
