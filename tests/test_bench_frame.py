"""The frame bench (issue 13) runs and reports the floors measured in the same run, ending with 'ratio R'.
Numbers are not checked (benchmarks are not tests); the report's shape is."""
from __future__ import annotations

import os
import re
import subprocess
import sys


def test_bench_reports_floors_parts_and_the_ratio():
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", ZHANQI_MUTE="1")
    r = subprocess.run([sys.executable, "-m", "client", "--preset", "standard", "--seed", "1", "--bench", "24"],
                       capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("bench:")]
    text = "\n".join(lines)
    if "renderer gl" not in text:  # no GL here: the flat renderer has no terrain-only floor
        assert "no terrain-only floor" in lines[-1]
        return
    assert "empty frame (clear + present) median" in text and "terrain only median" in text
    assert "where a profiled frame goes" in text and "board: terrain" in text and "to window" in text
    # frames with the last pose held are reported apart from the flight's (issue 27: still and moving apart)
    assert re.search(r"frames of the flight whose terrain was copied from the kept picture .*: \d+ of 24", text)
    held = [ln for ln in lines if "held (camera unchanged" in ln]
    assert len(held) == 2 and "last pose" in held[0] and "close-up" in held[1]
    for ln in held:
        assert "not in the figures above" in ln and "kept picture in" in ln and re.search(r"ratio \d+\.\d\d$", ln)
    assert re.search(r"ratio \d+\.\d\d$", lines[-1]), lines[-1]
