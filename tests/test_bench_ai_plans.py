"""``python -m bench.ai --plans --against REV`` times the hard search in an old commit's tree, which holds
only ``engine/`` and ``assets/`` (issue 27: a README command must run). Its worker imports nothing else."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

from bench.ai import _old_tree

WORKER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench", "ai_plans.py")


def test_plans_worker_runs_in_a_tree_of_engine_and_assets_only():
    tree = _old_tree("HEAD")
    try:
        assert sorted(os.listdir(tree)) == ["assets", "engine"]
        r = subprocess.run([sys.executable, WORKER, "medium-digital"], capture_output=True, text=True,
                           cwd=tree, env=dict(os.environ, PYTHONPATH=tree), timeout=300)
        assert r.returncode == 0, r.stderr[-2000:]
        out = json.loads(r.stdout.strip().splitlines()[-1])["medium-digital"]
        # the opening's hard searches ran at their fixed quota: same counts as in this tree
        here = subprocess.run([sys.executable, WORKER, "medium-digital"], capture_output=True, text=True,
                              timeout=300, env=dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(WORKER))))
        mine = json.loads(here.stdout.strip().splitlines()[-1])["medium-digital"]
        assert out["searches"] == mine["searches"] == 5
        assert (out["plans"], out["work"], out["actions"]) == (mine["plans"], mine["work"], mine["actions"])
    finally:
        shutil.rmtree(tree, ignore_errors=True)
