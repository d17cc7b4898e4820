"""Golden playthroughs (OpenSpiel style): a game's options, its actions, and every player's observation
after each action, as canonical JSON text. tests/test_api_contract.py replays them exactly.

    python -m tests.golden            # (re)write tests/data/golden/<game_id>.json for every registered game
    python -m tests.golden anqi       # one game

Regenerate only when a rule or an observation format changes on purpose, and say so in the commit.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).resolve().parent / "data" / "golden"
ACTIONS = 40  # actions per playthrough
SMALL = {"shachang": {"preset": "standard"}}  # small options per game


def canonical(x: Any) -> Any:
    """A JSON-ready canonical form of an observation (dataclasses, numpy arrays, sets, tuples, messages)."""
    import numpy as np

    from engine.messages import Msg

    if isinstance(x, Msg):
        return {"msg": x.key, "params": {k: canonical(v) for k, v in x.params}}
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return {f.name: canonical(getattr(x, f.name)) for f in dataclasses.fields(x)}
    if isinstance(x, np.ndarray):
        return {"ndarray": list(x.shape), "dtype": str(x.dtype),
                "sha1": hashlib.sha1(np.ascontiguousarray(x).tobytes()).hexdigest()}
    if isinstance(x, np.generic):
        return x.item()
    if isinstance(x, dict):
        return {str(k): canonical(v) for k, v in sorted(x.items(), key=lambda kv: str(kv[0]))}
    if isinstance(x, (set, frozenset)):
        return sorted((canonical(v) for v in x), key=repr)
    if isinstance(x, (list, tuple)):
        return [canonical(v) for v in x]
    if isinstance(x, float) and x != x:
        return "NaN"
    return x


def obs_text(game, player: int) -> str:
    """One player's observation as canonical JSON text."""
    return json.dumps(canonical(game.observe(player)), ensure_ascii=False, sort_keys=True)


def obs_digest(game, player: int) -> str:
    """A short digest of one player's observation (golden files store these; the last step in full)."""
    return hashlib.sha1(obs_text(game, player).encode("utf-8")).hexdigest()[:16]


def options_for(game_id: str, seed: int = 7) -> dict:
    from engine import registry

    opts = dict(registry.get(game_id).options)
    opts.update(SMALL.get(game_id, {}))
    if "seed" in opts or True:
        opts["seed"] = seed
    return opts


def record(game_id: str) -> dict:
    """A playthrough of ``game_id``: random legal actions from a fixed seed, with all observations."""
    from engine import registry

    opts = options_for(game_id)
    g = registry.get(game_id).new_game(**opts)
    rng = random.Random(1234)
    steps = []
    for _ in range(ACTIONS):
        if g.is_over:
            break
        legal = g.legal_actions()
        a = legal[rng.randrange(len(legal))]
        g.apply(a)
        steps.append({"action": str(a), "observations": [obs_digest(g, p) for p in range(g.num_players)]})
    start = registry.get(game_id).new_game(**opts)
    return {"game": game_id, "options": opts, "start": [obs_digest(start, p) for p in range(g.num_players)],
            "steps": steps, "final": [json.loads(obs_text(g, p)) for p in range(g.num_players)]}


def write(game_id: str) -> Path:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    path = GOLDEN / f"{game_id}.json"
    path.write_text(json.dumps(record(game_id), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    from engine import registry

    ids = argv or sorted(registry.GAMES)
    for gid in ids:
        if gid not in registry.GAMES:
            print(f"unknown game {gid!r}; known: {', '.join(sorted(registry.GAMES))}")
            return 2
        print(write(gid))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
