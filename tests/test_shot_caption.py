"""python -m client.shot SCENARIO -o x.png carries the scenario's caption by default (issue 12)."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
from PIL import Image


def _shot(tmp_path, name, *extra):
    out = tmp_path / name
    r = subprocess.run([sys.executable, "-m", "client.shot", "assets/scenarios/s5_wall.toml", "-o", str(out),
                        "--size", "480x300", *extra], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return np.asarray(Image.open(out).convert("RGB")).astype(int)


def test_caption_by_default_and_none_on_request(tmp_path):
    plain = _shot(tmp_path, "plain.png", "--no-caption")
    default = _shot(tmp_path, "default.png")
    zh = _shot(tmp_path, "zh.png", "--lang", "zh")
    en = _shot(tmp_path, "en.png", "--lang", "en")
    band = slice(-40, None)  # the caption band at the bottom
    assert np.abs(default[band] - plain[band]).mean() > 5  # the default picture has a caption
    assert np.array_equal(default, zh)  # ... in Chinese (the scenario names no language)
    assert not np.array_equal(zh[band], en[band])
