"""The frame bench's timed frames present the picture to the window the same way (issue 27): the full
frame, the terrain-only reference and the empty floor each put the picture in the window once and flip
once, the terrain-only reference skips the terrain under the same opaque panels as the full frame and
works out the camera's matrices where the full frame had to, so their ratio compares like with like. Counted with wrappers in a process of its own (one GL
window per process)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = r"""
import json, sys
import pygame
from client.app import App, Options
from client.games.shachang.bench import Flight, terrain_frame
from client.scenes.bench import empty_frame

opts = Options(renderer="gl", size=(640, 480), ai_delay=0.0, edge_pan=False, quick_start=True,
               preset="standard", seed=1, save_dir=sys.argv[1])
app = App(opts)
if app.display.kind != "gl":
    print(json.dumps({"gl": False, "why": str(app.display.fallback_reason)}))
    sys.exit(0)
flight = Flight(opts)
flight.start(app)
for _ in range(2):
    flight.pose(app, 0, 10)
    app.step(1 / 60)
d = app.display
counts = {"present": 0, "flip": 0}
real_to_window, real_flip = d._to_window, pygame.display.flip

def to_window(*a, **k):
    counts["present"] += 1
    return real_to_window(*a, **k)

def flip(*a, **k):
    counts["flip"] += 1
    return real_flip(*a, **k)

d._to_window = to_window
pygame.display.flip = flip
out = {"gl": True}
for name, run in (("full", lambda: app.step(1 / 60)), ("terrain", lambda: terrain_frame(app, app.scene)),
                  ("empty", lambda: empty_frame(app))):
    counts.update(present=0, flip=0)
    flight.pose(app, 3, 10)
    run()
    out[name] = dict(counts)
# the reference skips the terrain under the same opaque panels as the full frame it is compared with
from client.render.gl import GLRenderer
seen = []
real_draw = GLRenderer.draw
def draw(self, frame, camera, covered=()):
    seen.append((self is d.gl, [tuple(c) for c in covered]))
    return real_draw(self, frame, camera, covered)
GLRenderer.draw = draw
flight.pose(app, 4, 10)
app.step(1 / 60)
terrain_frame(app, app.scene)
out["covered"] = list(seen)
GLRenderer.draw = real_draw
# the camera's matrices: worked out once by the full frame for a new pose, and once by the reference beside it;
# for a held pose neither works them out again (the camera keeps them per pose)
import client.camera as camera_mod
made = []
real_look = camera_mod.look_at
def look_at(*a, **k):
    made.append(1)
    return real_look(*a, **k)
camera_mod.look_at = look_at
matrices = {}
flight.pose(app, 6, 10)
for name, run in (("new pose full", lambda: app.step(1 / 60)), ("new pose terrain", lambda: terrain_frame(app, app.scene))):
    made.clear()
    run()
    matrices[name] = len(made)
flight.hold_pose(app, 6, 10)
for _ in range(120):
    app.step(1 / 60)
    terrain_frame(app, app.scene)
for name, run in (("held full", lambda: app.step(1 / 60)), ("held terrain", lambda: terrain_frame(app, app.scene))):
    made.clear()
    run()
    matrices[name] = len(made)
out["matrices"] = matrices
print(json.dumps(out))
app.close()
"""


def test_full_terrain_and_empty_frames_each_present_once(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", ZHANQI_MUTE="1", PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True, text=True,
                       timeout=300, env=env, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-2000:]
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got["gl"], f"no GL window here: {got.get('why')}"  # the bench's floors are GL-only
    assert got["full"] == {"present": 1, "flip": 1}
    assert got["terrain"] == {"present": 1, "flip": 1}
    assert got["empty"] == {"present": 1, "flip": 1}
    (full_is_app, full_rects), (ref_is_app, ref_rects) = got["covered"]
    assert full_is_app and not ref_is_app and full_rects  # the app's renderer, then the reference's own
    assert ref_rects == full_rects  # no terrain under the panels in either: like with like
    assert got["matrices"] == {"new pose full": 1, "new pose terrain": 1, "held full": 0, "held terrain": 0}
