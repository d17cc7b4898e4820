"""Rule pictures are byte-stable: the same scenario gives the same PNG bytes whatever was rendered before it in
the process (issue 28 point 4; 沙场秋点兵's large maps and the star board, and a sample of the board games)."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from client.rulebook.render import Painter
from client.rulebook.scenario import load
from client.shot import render_scenario, scenario_size
from client.games.shachang.scenario import load_scenario
from tests.gl_util import egl_context

ROOT = Path(__file__).resolve().parents[1]
SCN = ROOT / "assets" / "scenarios"
# the three reported as unstable under `python -m client.shot --all`, and a sample of the rest (a fog map, a
# first-person view, a sight panel, items)
SHACHANG = ["s17_preset_huge", "s17_preset_large", "s19d_star_moves", "s5_wall", "s6_first_person", "s9_ghost6",
            "s20b_yugong"]
# flat and GL board pictures (a1_board, j2 and x2 are drawn by the GL board renderer)
BOARDS = ["anqi/a1_board", "anqi/a3_rank", "sanguo/k8", "baige/c6_cannon", "xinhai/x2", "jiangshan/j2"]


def _png(img) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(img).save(buf, format="PNG", compress_level=6)
    return buf.getvalue()


def _shachang(renderer, name: str) -> bytes:
    sc = load_scenario(SCN / f"{name}.toml")
    return _png(render_scenario(renderer, sc, lang="zh", size=scenario_size(sc, None)))


def test_shachang_pictures_do_not_depend_on_what_came_before():
    from client.render.gl import GLRenderer

    ctx = egl_context()
    try:
        fresh = {}
        for name in SHACHANG:  # each on a renderer of its own: the reference
            fresh[name] = _shachang(GLRenderer(ctx, 320, 240), name)
        shared = GLRenderer(ctx, 640, 480)
        for order in (SHACHANG, SHACHANG[::-1], SHACHANG[1::2] + SHACHANG[::2]):
            for name in order:
                assert _shachang(shared, name) == fresh[name], f"{name} after {order[:order.index(name)]}"
    finally:
        ctx.release()


def test_board_game_pictures_do_not_depend_on_what_came_before(tmp_path):
    files = [SCN / f"{n}.toml" for n in BOARDS]
    first = {}
    painter = Painter()
    for p in files:
        first[p] = painter.picture(load(p), "zh").tobytes()
    again = Painter()
    for p in files[::-1] + files:
        assert again.picture(load(p), "zh").tobytes() == first[p], p.name


@pytest.mark.parametrize("name", ["s17_preset_huge", "s19d_star_moves"])
def test_shot_file_equals_shot_all(tmp_path, name):
    """The PNG of ``python -m client.shot FILE`` equals the one ``--all`` writes after the other scenarios."""
    from client import shot

    single = tmp_path / "single.png"
    assert shot.main([str(SCN / f"{name}.toml"), "-o", str(single)]) == 0
    outs = shot.regenerate_all(tmp_path / "all", lang="zh", only={"s3_range_1", "s9_ghost6", name})
    assert (tmp_path / "all" / f"{name}.png").read_bytes() == single.read_bytes()
    assert len(outs) == 3


_RENDER_SAMPLE = """
import hashlib, sys
from client.rulebook.render import Painter
from client.rulebook.scenario import load
from client.shot import make_context, render_scenario, scenario_size
from client.games.shachang.scenario import load_scenario
from client.render.gl import GLRenderer
painter = Painter()
for name in sys.argv[1:]:
    if "/" in name:
        img = painter.picture(load(f"assets/scenarios/{name}.toml"), "en")
    else:
        sc = load_scenario(f"assets/scenarios/{name}.toml")
        img = render_scenario(GLRenderer(make_context(), 64, 64), sc, lang="en", size=scenario_size(sc, None))
    print(name, hashlib.sha256(img.tobytes()).hexdigest())
"""


def test_pictures_do_not_depend_on_the_hash_seed():
    """Python's string hashing changes per process: no picture may depend on a set's or dict's order."""
    import os
    import subprocess
    import sys

    names = ["s19d_star_moves", "s17_preset_large", "sanguo/k6", "anqi/a1_board", "xinhai/x2", "jiangshan/j2"]
    outs = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        r = subprocess.run([sys.executable, "-c", _RENDER_SAMPLE, *names], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=300)
        assert r.returncode == 0, r.stderr
        outs.append(r.stdout)
    assert outs[0] == outs[1] and len(outs[0].splitlines()) == len(names)
