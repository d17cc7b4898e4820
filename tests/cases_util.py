"""The games and option sets the generic tests cover (every registered game, and VARIANTS beyond its defaults)."""
from __future__ import annotations

from engine import registry


def _games():
    return sorted(registry.GAMES)


# Other option sets the generic checks also cover: a game's variants beyond its defaults.
VARIANTS = {"sanguo": ({"variant": "jieqi"}, {"variant": "jieqi", "mode": "quick"}),
            # the Chinese-checkers star (S19h), 2 players digital and 6 players tabletop
            "shachang": ({"preset": "star"}, {"preset": "star", "players": "6", "mode": "tabletop"},
                         # the fun items (S20a), with a fixed item seed so failures replay
                         {"items": "true", "item_seed": "5"},
                         {"items": "true", "item_seed": "6", "mode": "tabletop"},
                         # the fun items on the star (S20a, S19b units as connected soldiers)
                         {"preset": "star", "items": "true", "item_seed": "7"})}


def _cases():
    """Test ids: every game with its defaults, then "game:key=value,..." for its VARIANTS."""
    out = []
    for gid in _games():
        out.append(gid)
        for v in VARIANTS.get(gid, ()):
            if gid in registry.GAMES:
                out.append(gid + ":" + ",".join(f"{k}={x}" for k, x in v.items()))
    return out


def _case(case: str) -> tuple[str, dict]:
    gid, _, rest = case.partition(":")
    extra = dict(kv.split("=", 1) for kv in rest.split(",")) if rest else {}
    return gid, extra
