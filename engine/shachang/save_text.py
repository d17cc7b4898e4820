"""The save text a 沙场秋点兵 game writes (``ShachangGame.to_json``): the one envelope (engine.saves) with
the rules and seed in ``options``, the map in full and the start position in ``start``, the fun items'
forced outcomes in ``forced``. Reading it back is engine/shachang/save.py's (it builds the game, so it
sits above engine/shachang/game.py; this module sits below).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from engine.saves import envelope
from engine.shachang.items import save_options

if TYPE_CHECKING:
    from engine.shachang.game import ShachangGame

FORMAT = "shachang"
VERSION = 1


def save_json(g: "ShachangGame") -> str:
    """The save text of ``g`` (the map is stored in full, so saves outlive generator changes)."""
    items = save_options(g)
    forced = items.pop("item_forced", {})  # the items' forced outcomes: the envelope's "forced"
    return envelope(
        FORMAT, VERSION,
        {"preset": g.preset_key, "mode": g.mode, "players": g.n, "seed": g.seed,
         "round_limit": g.round_limit, **items},
        [str(a) for a in g.log], forced=forced,
        start={"map": {"source": g.map_source, "heights": np.asarray(g.game_map.heights).tolist(),
                       "spawns": [[list(c) for c in s] for s in g.game_map.spawns]},
               "setup": g.setup})
