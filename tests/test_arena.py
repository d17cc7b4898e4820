"""The arena command: level specs with a thinking budget, and parallel games giving the same results."""
from __future__ import annotations

import io

import pytest

from engine import arena


def test_level_with_budget():
    assert arena.parse_level("hard") == ("hard", None)
    assert arena.parse_level("hard@0.05") == ("hard", 0.05)
    for bad in ("hard@", "hard@x", "hard@0", "hard@-1"):
        with pytest.raises(SystemExit, match="LEVEL@SECONDS|positive"):
            arena.parse_level(bad)


def test_budget_reaches_the_agent():
    a = arena.make_agent("shachang", "hard@0.05", seed=1, seat=0)
    assert a.budget == 0.05 and a.level == "hard"
    with pytest.raises(SystemExit, match="no thinking budget"):
        arena.make_agent("baige", "normal@0.5", seed=1, seat=0)


def test_jobs_do_not_change_results():
    runs = []
    for jobs in (1, 2):
        out = io.StringIO()
        res = arena.run("shachang", "easy", "random", 4, 2, {"preset": "standard"}, seed=5, out=out, jobs=jobs)
        runs.append((res, [ln for ln in out.getvalue().splitlines() if ln.startswith("game ")]))
    assert runs[0] == runs[1]
    assert runs[0][0]["games"] == 4
