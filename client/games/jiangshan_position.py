"""江山 on a hand-built board for the rule book (a scenario's ``position`` table, through the plugin's
``scenario_position``): terrain rows (rank 8 first), the units of 汉 and 楚 in the game's own unit notation
("blade@d4:battle:N", engine.jiangshan.data.unit_spec), cities and who moves first; everything else as in the
test positions (no tallies to pick, morale 3). Kings at l1 / a8 unless given; forced reveals (J5) are answered
with the owner's forward facing."""
from __future__ import annotations

from engine.jiangshan.data import parse_scenario, unit_spec
from engine.jiangshan.game import game_from

KEYS = ("terrain", "han", "chu", "cities", "first", "morale")
FORWARD = {0: "N", 1: "S"}


def _unit(spec) -> dict:
    if not isinstance(spec, str) or "@" not in spec:
        raise ValueError(f"a unit is written type@cell[:state[:facing]], got {spec!r}")
    return unit_spec(spec)


def position(pos: dict, seed: int = 0):
    """The game of the position table ``pos`` (ValueError naming the key that is wrong)."""
    unknown = sorted(set(pos) - set(KEYS))
    if unknown:
        raise ValueError(f"{unknown[0]}: unknown ({', '.join(KEYS)})")
    han = [_unit(u) for u in pos.get("han", [])]
    chu = [_unit(u) for u in pos.get("chu", [])]
    if not any(u["type"] == "king" for u in han):
        han.append({"type": "king", "cell": "l1"})
    if not any(u["type"] == "king" for u in chu):
        chu.append({"type": "king", "cell": "a8"})
    cities = []
    for c in pos.get("cities", []):
        if not (isinstance(c, list) and len(c) in (3, 4)):
            raise ValueError(f"cities: each city is [cell, kind, owner] or [cell, kind, owner, [garrison unit "
                             f"types]], got {c!r}")
        cities.append({"cell": c[0], "kind": c[1], "owner": c[2], "name_zh": "城", "name_en": "town",
                       "garrison": list(c[3]) if len(c) == 4 else []})
    raw = {"id": "picture", "name_zh": "图", "name_en": "picture", "width": 12, "height": 8,
           "terrain": list(pos.get("terrain", ["." * 12] * 8)), "first": pos.get("first", 0), "tally_picks": 0,
           "tallies": ["formation", "crossing", "fire", "scout", "ruse", "substitute"],
           "weather": ["cloudy", "cloudy", "sun", "sun", "rain", "rain"], "morale_start": pos.get("morale", 3),
           "cities": cities,
           "seats": [{"name_zh": "汉", "name_en": "Han", "forward": "N", "units": han, "reserve": {}},
                     {"name_zh": "楚", "name_en": "Chu", "forward": "S", "units": chu, "reserve": {}}]}
    try:
        g = game_from(parse_scenario(raw, "position"), seed)
    except TypeError as e:
        raise ValueError(str(e)) from None
    for _ in range(64):  # J5's forced reveals: the owner's forward facing
        faces = [str(a) for a in g.legal_actions() if str(a).startswith("face ")]
        if not faces:
            break
        want = [t for t in faces if t.endswith(" " + FORWARD.get(g.current_player, "N"))]
        g.apply((want or faces)[0])
    return g
