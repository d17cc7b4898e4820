"""``python -m client --preset star --bench N --screenshot PNG`` saves the last rendered frame (the board,
the soldiers and the HUD), not the blank picture the bench's floor measurements leave in the renderer."""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pygame


def test_bench_screenshot_is_the_last_frame(tmp_path):
    out = tmp_path / "star.png"
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", ZHANQI_MUTE="1")
    r = subprocess.run([sys.executable, "-m", "client", "--preset", "star", "--seed", "1", "--bench", "3",
                        "--screenshot", str(out)], capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    img = pygame.surfarray.array3d(pygame.image.load(str(out)))
    assert img.shape[:2] == (1280, 720)
    colours = np.unique(img.reshape(-1, 3), axis=0)
    assert len(colours) > 200  # terrain shades, text, tokens: a blank frame has one colour
    red = (img[..., 0] > 180) & (img[..., 1] < 80) & (img[..., 2] < 80)
    assert red.sum() > 500  # P1's red soldiers are on the picture
