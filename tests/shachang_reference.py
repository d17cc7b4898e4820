"""Behaviour fingerprints of 沙场秋点兵 random games (square presets and the star, every rule mode,
items on and off): the reference the board-geometry refactor (issue 23 points 6 and 8) is held to.

For each state of a seeded random game the fingerprint takes the legal actions (texts, in order),
every player's observation (a canonical digest), every player's readable log, the action steps and
description of the chosen action and any refusal of a few actions that are not offered; at the end
the ranking, the save text and its reload. ``python -m tests.shachang_reference record FILE`` writes
the digests of ``CASES`` (plus ``--more`` cases), ``check FILE`` compares and names the first case
that differs.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import sys

import numpy as np

from engine.api import IllegalAction
from engine.shachang import load_game, new_game


def canon(x):
    """A canonical, class-layout-independent form of an observation (or any value in one)."""
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return (type(x).__name__,) + tuple((f.name, canon(getattr(x, f.name))) for f in dataclasses.fields(x))
    if isinstance(x, np.ndarray):
        return ("nd", x.dtype.str, x.shape, hashlib.sha256(np.ascontiguousarray(x).tobytes()).hexdigest())
    if isinstance(x, dict):
        return ("dict",) + tuple(sorted((repr(canon(k)), canon(v)) for k, v in x.items()))
    if isinstance(x, (set, frozenset)):
        return ("set",) + tuple(sorted(repr(canon(v)) for v in x))
    if isinstance(x, (list, tuple)):
        return tuple(canon(v) for v in x)
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, (np.bool_,)):
        return bool(x)
    if hasattr(x, "render") and hasattr(x, "key"):  # Msg
        return ("msg", x.render("en"), x.render("zh"))
    return x


def _h(x) -> str:
    return hashlib.sha256(repr(x).encode()).hexdigest()[:16]


def play(preset: str, players: int, mode: str, items: bool, seed: int, max_actions: int) -> dict:
    """Play one seeded random game and return its fingerprint (one digest per state and the end)."""
    g = new_game(preset=preset, mode=mode, players=players, seed=seed, items=items,
                 item_seed=seed if items else None)
    rng = random.Random(seed * 7919 + players)
    steps = []
    for _ in range(max_actions):
        if g.is_over:
            break
        legal = g.legal_actions()
        texts = [str(a) for a in legal]
        obs = [_h(canon(g.observe(p))) for p in range(g.num_players)]
        evs = [_h([e.msg.render("en") for e in g.events(p)]) for p in range(g.num_players)]
        non_end = [a for a in legal if str(a) != "end"]
        a = rng.choice(non_end) if non_end and rng.random() < 0.85 else legal[-1]
        extra = [str(g.describe(a).render("en")), repr(canon(g.action_steps(a)))]
        # a refused text: the chosen action moved one cell along, when that is not offered
        probe = _probe(g, texts, rng)
        if probe is not None:
            try:
                g.check(probe)
                extra.append("accepted " + probe)
            except IllegalAction as e:
                extra.append(f"refused {probe}: {e.rule} {e.text('en')}")
            except ValueError as e:
                extra.append(f"bad {probe}: {type(e).__name__} {e}")
        steps.append(_h((texts, obs, evs, extra, g.stage)))
        g.apply(a)
    end = [str(a) for a in g.log]
    obs = [_h(canon(g.observe(p))) for p in range(g.num_players)]
    rank = [repr(canon(pl)) for pl in g.ranking()] if g.is_over else []
    save = g.to_json()
    back = load_game(save)
    assert back.to_json() == save, "save round trip"
    return {"steps": steps, "end": _h((end, obs, rank, save, str(g.end_reason())))}


def _probe(g, texts: list[str], rng) -> str | None:
    """A march or attack text that is not offered (refusal texts are part of the behaviour)."""
    cand = [t for t in texts if t.startswith(("march", "attack"))]
    if not cand:
        return None
    parts = rng.choice(cand).split()
    names = sorted({p for t in texts for p in t.split()[1:3] if p[:1].isalpha()})
    if not names:
        return None
    parts[2] = rng.choice(names)
    t = " ".join(parts)
    return None if t in texts else t


# (preset, players, mode, items, seed, max_actions)
CASES = [(pr, n, mode, items, seed, 80)
         for pr, ns in (("standard", (2, 4)), ("star", (2, 3, 4, 6)))
         for n in ns for mode in ("classic", "tabletop", "digital") for items in (False, True)
         for seed in (1,)] + [("medium", 3, "digital", True, 2, 60), ("medium", 2, "tabletop", False, 3, 60)]

MORE = [(pr, n, mode, items, seed, 200)
        for pr, ns in (("standard", (2, 3, 4)), ("medium", (2, 4)), ("star", (2, 3, 4, 5, 6)))
        for n in ns for mode in ("classic", "tabletop", "digital") for items in (False, True)
        for seed in range(2, 5)]


def case_id(c) -> str:
    return "{}-{}p-{}-{}-s{}".format(c[0], c[1], c[2], "items" if c[3] else "plain", c[4])


def main(argv: list[str]) -> int:
    cmd, path = argv[0], argv[1]
    cases = CASES + (MORE if "--more" in argv else [])
    if cmd == "record":
        out = {case_id(c): play(*c) for c in cases}
        with open(path, "w") as f:
            json.dump(out, f, indent=0, sort_keys=True)
        print(f"recorded {len(out)} games")
        return 0
    ref = json.load(open(path))
    bad = 0
    for c in cases:
        got, want = play(*c), ref[case_id(c)]
        if got != want:
            bad += 1
            n = next((i for i, (a, b) in enumerate(zip(got["steps"], want["steps"])) if a != b),
                     min(len(got["steps"]), len(want["steps"])))
            print(f"DIFF {case_id(c)} first at state {n} ({len(got['steps'])} vs {len(want['steps'])} states)")
    print(f"checked {len(cases)} games, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
