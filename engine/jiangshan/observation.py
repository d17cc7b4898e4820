"""What one 江山 player may know (J5), as a JSON-ready dict."""
from __future__ import annotations

from engine.jiangshan.board import name
from engine.jiangshan.data import unit_table
from engine.jiangshan.rules import seen

TERRAIN_CHAR = {"plain": ".", "mountain": "M", "water": "W", "forest": "F"}


def observe(game, player: int, everything: bool = False) -> dict:
    """Every unit's position except enemy units under forests or in cities; a marching enemy unit shows
    only its class (步/马/奔袭; a scout its face's class, J18, until a reveal shows it); own garrisons and
    tallies; public tracks, fires, cities and the turn. ``class`` is the class a unit's march face shows.
    ``everything``: nothing hidden, as if every unit, garrison, reserve and tally were ``player``'s own (the
    replay viewer's view of a finished game, ``observe_all``)."""
    st = game.st
    units = []
    for u in st.units.values():
        own = u.owner == player or everything
        if not own and st.hidden(u):
            continue
        known = own or game._knows(u, player)
        d = {"cell": name(u.cell), "owner": u.owner, "class": u.shown, "type": u.type if known else None,
             "state": u.state, "facing": u.facing if known else None, "disorder": u.disorder, "used": u.used}
        if own:
            d.update(in_city=u.in_city, hidden=st.hidden(u), moved=u.moved, shot=u.shot)
        units.append(d)
    units.sort(key=lambda d: (d["cell"], d["owner"], d.get("in_city", False), d["type"] or ""))
    cities = []
    for c, city in sorted(st.cities.items()):
        d = {"cell": name(c), "kind": city.kind, "owner": city.owner, "name_zh": city.name_zh,
             "name_en": city.name_en, "rocks_used": city.rocks_used}
        if city.owner == player or everything:
            d["garrison"] = sorted(u.type for u in st.garrison(c))
        cities.append(d)
    sides = []
    for i, s in enumerate(st.sides):
        classes: dict[str, int] = {}
        for t, n in s.reserve.items():
            if n:
                cls = unit_table()[t].cls
                classes[cls] = classes.get(cls, 0) + n
        d = {"morale": s.morale, "supply": s.supply, "merit": s.merit, "reserve_by_class": dict(sorted(classes.items())),
             "tallies_left": len(s.tallies), "used_tallies": list(s.used_tallies), "picked": s.picked}
        if i == player or everything:  # J19: the enemy sees the reserve only as counts per class
            d["tallies"] = list(s.tallies)
            d["reserve"] = dict(sorted(s.reserve.items()))
        sides.append(d)
    pending = None
    if st.pending is not None:
        pending = {"from": st.pending[0], "to": st.pending[1]}
    return {
        "game": "jiangshan", "player": player, "scenario": st.scen.id, "width": st.width, "height": st.height,
        "terrain": ["".join(TERRAIN_CHAR[t] for t in row) for row in st.terrain],
        "fires": {name(c): f for c, f in sorted(st.fires.items())},
        "cities": cities, "units": units, "sides": sides,
        "forward": [s.forward for s in st.scen.seats],
        "turn": st.turn, "turn_player": st.player, "to_act": game.current_player, "stage": st.stage, "ap": st.ap,
        "reveal": name(st.units[st.reveal[0]].cell) if st.reveal else None, "pending": pending,
        "vision": sorted(name(c) for c in (seen(st, 0) | seen(st, 1) if everything else seen(st, player))), "weather": st.weather, "stall": st.stall,
        "over": st.stage == "over", "winner": st.winner,
        "offer": list(st.scen.tallies), "picks": st.scen.tally_picks,
    }


def hidden_places(st, q: int) -> tuple[list, list]:
    """(forests, cities) where a unit of ``q`` may stand hidden from the enemy (J5): forest cells
    without a unit, a city or a fire, and ``q``'s own cities and camps (any number of garrisons)."""
    taken = {u.cell for u in st.units.values() if not u.in_city}
    forests = [(x, y) for y in range(st.height) for x in range(st.width)
               if st.terrain[y][x] == "forest" and (x, y) not in taken and (x, y) not in st.cities
               and (x, y) not in st.fires]
    cities = sorted(c for c, k in st.cities.items() if k.owner == q)
    return forests, cities


def resample_hidden(g, player: int, rng) -> None:
    """Change, in place, what ``player`` cannot see of the enemy (for ``hidden_variant``): its hidden
    marching units (not disordered, not under a fire) go to random hidden places, then the unknown types
    are shuffled (hidden units among themselves, marching units within the class they show: a scout with
    the real units of its face's class, J18), and its unused tallies are redrawn from those not played.
    ``player``'s observation stays the same."""
    st = g.st
    q = 1 - player
    movable = [u for u in sorted(st.units.values(), key=lambda u: u.uid)
               if u.owner == q and st.hidden(u) and u.state == "march" and not u.disorder
               and u.cell not in st.fires]
    for u in movable:  # free their places first, so units may also swap
        u.cell, u.in_city = (-1, -1), False
    forests, cities = hidden_places(st, q)
    free = list(forests)
    for u in movable:
        slots = len(free) + len(cities)
        k = rng.randrange(slots)
        if k < len(free):
            u.cell, u.in_city = free.pop(k), False
        else:
            u.cell, u.in_city = cities[k - len(free)], True
        u.facing = None
    groups: dict = {}
    for u in sorted(st.units.values(), key=lambda u: u.uid):
        if u.owner != q or g._knows(u, player):
            continue
        hid = st.hidden(u)
        key = ("hidden", u.state, u.disorder, u.t.cls if u.state == "battle" else "") if hid else ("march", u.shown)
        groups.setdefault(key, []).append(u)
    for key, us in groups.items():
        kinds = [(u.type, u.face, u.revealed) for u in us]  # a scout keeps its face and whether it was shown
        rng.shuffle(kinds)
        for u, (t, face, shown) in zip(us, kinds):
            u.type, u.face, u.revealed = t, face, shown
            if key[0] == "march":  # the face the viewer sees stays where it is
                u.face = key[1] if t == "scout" else None
    s = st.sides[q]
    if s.picked and s.tallies:
        pool = [t for t in st.scen.tallies if t not in s.used_tallies]
        s.tallies = sorted(rng.sample(pool, len(s.tallies)))
