"""Save and load 沙场秋点兵 games as JSON: rules, seed, map and the action log; replay to any point."""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

import numpy as np

from engine.api import IllegalAction, ParseError, SaveError, read_save

if TYPE_CHECKING:
    from engine.shachang.game import ShachangGame

FORMAT = "shachang"
VERSION = 1


def save_json(g: "ShachangGame") -> str:
    """The save text of ``g`` (the map is stored in full, so saves outlive generator changes)."""
    data = {
        "game": FORMAT,
        "version": VERSION,
        "options": {"preset": g.preset_key, "mode": g.mode, "players": g.n, "seed": g.seed,
                    "round_limit": g.round_limit},
        "map": {"source": g.map_source, "heights": np.asarray(g.game_map.heights).tolist(),
                "spawns": [[list(c) for c in s] for s in g.game_map.spawns]},
        "setup": g.setup,
        "actions": [str(a) for a in g.log],
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _need(d: dict, key: str, kind, where: str):
    if key not in d:
        raise SaveError(f"save file: {where} lacks {key!r}")
    v = d[key]
    if not isinstance(v, kind) or isinstance(v, bool) and kind is int:
        raise SaveError(f"save file: {where}.{key} has the wrong type ({type(v).__name__})")
    return v


def load_json(text: str, upto: int | None = None) -> "ShachangGame":
    """The game saved in ``text``, replayed to its end or to the first ``upto`` actions; SaveError if bad."""
    from engine.shachang.game import ShachangGame
    from engine.shachang.maps import GameMap

    data = read_save(text, FORMAT, VERSION, "沙场秋点兵")
    opts = _need(data, "options", dict, "save")
    mp = _need(data, "map", dict, "save")
    actions = _need(data, "actions", list, "save")
    try:
        heights = np.array(_need(mp, "heights", list, "map"))
        if heights.ndim != 2 or heights.dtype.kind not in "iu":
            raise SaveError("save file: map.heights is not a 2-D grid of integers")
        spawns = _need(mp, "spawns", list, "map")
        gmap = GameMap(heights=heights.astype(np.int16),
                       spawns=tuple(tuple((int(c[0]), int(c[1])) for c in s) for s in spawns))
        g = ShachangGame(gmap, preset=_need(opts, "preset", str, "options"),
                         mode=_need(opts, "mode", str, "options"),
                         players=_need(opts, "players", int, "options"),
                         seed=_need(opts, "seed", int, "options"),
                         round_limit=opts.get("round_limit"),
                         map_source=str(mp.get("source", "file")),
                         setup=data.get("setup"))
    except SaveError:
        raise
    except (ValueError, TypeError, IndexError, KeyError) as e:
        raise SaveError(f"save file: bad rules or map: {e}") from None
    n = len(actions) if upto is None else min(upto, len(actions))
    for i, a in enumerate(actions[:n]):
        if not isinstance(a, str):
            raise SaveError(f"save file: action {i + 1} is not text")
        try:
            g.apply(a)
        except (IllegalAction, ParseError) as e:
            raise SaveError(f"save file: action {i + 1} {a!r} cannot be replayed: {e}") from None
    return g
