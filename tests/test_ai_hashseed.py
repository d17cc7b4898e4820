"""Computer players draw only from their own seeded generators (the AI audit, standard A): the same games
come out in two processes with other PYTHONHASHSEED values (set and dict orders of strings differ) and
other states of the global ``random`` and ``numpy.random`` generators."""
from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
CASES = ("anqi", "baige", "jiangshan", "sanguo", "sanguo:variant=jieqi", "shachang", "shachang:preset=star",
         "shachang:items=true,item_seed=5", "xinhai")
LEVELS = ("random", "easy", "normal", "hard")
ACTIONS = 16


def games() -> list[str]:
    """One line per case and level: the digest of the first ACTIONS actions of a game of computer players
    (the global generators are stirred before every decision by this process's hash seed)."""
    from engine import registry
    from engine.arena import make_agent
    from tests.cases_util import _case
    from tests.golden import options_for

    stir = int(os.environ.get("PYTHONHASHSEED", "0"))
    out = []
    for case in CASES:
        gid, extra = _case(case)
        for level in LEVELS:
            g = registry.get(gid).new_game(**{**options_for(gid, 3), **extra})
            agents = [make_agent(gid, level, 100 + s, s) for s in range(g.num_players)]
            texts = []
            while len(texts) < ACTIONS and not g.is_over:
                random.seed(stir * 1000 + len(texts))
                np.random.seed(stir * 1000 + len(texts))
                seat = g.current_player
                a = agents[seat].act(g.observe(seat), g.legal_actions())
                texts.append(str(a))
                g.apply(a)
            out.append(f"{case} {level} {hashlib.sha1(' | '.join(texts).encode()).hexdigest()[:16]}")
    return out


def _run(hashseed: str) -> list[str]:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    code = "from tests.test_ai_hashseed import games; print('\\n'.join(games()))"
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout.splitlines()


def test_decisions_do_not_depend_on_the_hash_seed_or_the_global_generators():
    a, b = _run("1"), _run("2")
    assert len(a) == len(CASES) * len(LEVELS)
    assert a == b, [f"{x} vs {y}" for x, y in zip(a, b) if x != y]
