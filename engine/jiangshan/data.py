"""Loading and validating 江山's rule data: the unit table (J1) and scenarios (J2) under assets/jiangshan/."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets" / "jiangshan"
CLASSES = ("foot", "horse", "raider", "scout")
KINDS = ("move", "capture", "advance", "slide", "charge")
TALLIES = ("formation", "crossing", "fire", "scout", "ruse", "substitute")
TALLY_COST = {"formation": 1, "crossing": 2, "fire": 2, "scout": 2, "ruse": 3, "substitute": 3}
WEATHERS = ("cloudy", "sun", "rain")
TERRAIN = {".": "plain", "M": "mountain", "W": "water", "F": "forest"}
FACINGS = ("N", "E", "S", "W")
FACES = ("foot", "horse")  # a scout's two march faces, 步 and 马 (无中生有, J18)


class DataError(ValueError):
    """A unit table or scenario file that breaks its format."""


@dataclass(frozen=True)
class UnitType:
    """One row of the unit table (J1)."""

    id: str
    name_zh: str
    name_en: str
    cls: str
    heavy: bool
    cost: int
    move: tuple = ()
    capture: tuple = ()
    advance: tuple = ()
    slide: tuple = ()
    charge: tuple = ()
    shoot: str = ""
    range: int = 0
    command: bool = False


@dataclass(frozen=True)
class CitySpec:
    cell: tuple[int, int]
    kind: str
    owner: int
    name_zh: str
    name_en: str
    garrison: tuple[str, ...] = ()


@dataclass(frozen=True)
class UnitSpec:
    type: str
    cell: tuple[int, int]
    state: str = "march"
    facing: str | None = None
    face: str | None = None  # a scout's face (J18); None for other units


@dataclass(frozen=True)
class SeatSpec:
    name_zh: str
    name_en: str
    colour: str
    forward: str
    units: tuple[UnitSpec, ...]
    reserve: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Scenario:
    """A scenario (J2): map, cities, starting units and reserves, tallies on offer, numbers."""

    id: str
    name_zh: str
    name_en: str
    width: int
    height: int
    terrain: tuple[tuple[str, ...], ...]  # terrain[y][x], y = 0 is rank 1
    cities: tuple[CitySpec, ...]
    seats: tuple[SeatSpec, ...]
    first: int = 0
    morale_start: int = 3
    morale_max: int = 6
    supply_per_morale: int = 4
    tally_picks: int = 3
    tallies: tuple[str, ...] = TALLIES
    weather: tuple[str, ...] = ("cloudy", "cloudy", "sun", "sun", "rain", "rain")
    stall_turns: int = 40
    extra: dict = field(default_factory=dict, compare=False)


def cell_of(name: str, width: int = 12, height: int = 8) -> tuple[int, int]:
    """``"a1"`` -> (0, 0); DataError if it is not a cell of the board."""
    if not isinstance(name, str) or len(name) < 2 or not name[0].isalpha() or not (name[1:].isascii() and name[1:].isdigit()):
        raise DataError(f"{name!r} is not a cell name")
    x, y = ord(name[0].lower()) - 97, int(name[1:]) - 1
    if not (0 <= x < width and 0 <= y < height):
        raise DataError(f"{name!r} is off the {width}x{height} board")
    return x, y


def _vecs(d: dict, key: str, uid: str) -> tuple:
    raw = d.get(key, [])
    if not isinstance(raw, list) or not all(isinstance(v, list) and len(v) == 2 and all(isinstance(c, int)
                                                                                      for c in v) for v in raw):
        raise DataError(f"units.toml: {uid}.{key} must be a list of [dx, dy] integer pairs")
    out = tuple((a, b) for a, b in raw)
    if any(v == (0, 0) for v in out):
        raise DataError(f"units.toml: {uid}.{key} has a zero vector")
    return out


@lru_cache(maxsize=None)
def unit_table() -> dict[str, UnitType]:
    """The unit table (J1) from assets/jiangshan/units.toml, validated."""
    try:
        raw = tomllib.loads((ASSETS / "units.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise DataError(f"units.toml: {e}") from None
    return parse_units(raw)


UNIT_KEYS = {"name_zh", "name_en", "class", "armour", "cost", "shoot", "range", "command", *KINDS}


def parse_units(raw: dict) -> dict[str, UnitType]:
    """Unit types from the parsed TOML table (DataError naming the bad entry)."""
    out = {}
    for uid, d in raw.items():
        if not isinstance(d, dict):
            raise DataError(f"units.toml: {uid} is not a table")
        unknown = sorted(set(d) - UNIT_KEYS)
        if unknown:  # a misspelt key ("captures") would silently drop what it gives
            raise DataError(f"units.toml: {uid}.{unknown[0]} is not a unit field (one of {', '.join(sorted(UNIT_KEYS))})")
        for k in ("name_zh", "name_en", "class", "armour"):
            if not isinstance(d.get(k), str):
                raise DataError(f"units.toml: {uid}.{k} must be a string")
        if d["class"] not in CLASSES:
            raise DataError(f"units.toml: {uid}.class {d['class']!r} is not one of {CLASSES}")
        if d["armour"] not in ("light", "heavy"):
            raise DataError(f"units.toml: {uid}.armour must be light or heavy")
        cost = d.get("cost")
        if not isinstance(cost, int) or isinstance(cost, bool) or cost < 0:
            raise DataError(f"units.toml: {uid}.cost must be a non-negative integer")
        shoot = d.get("shoot", "")
        if shoot not in ("", "volley", "mounted"):
            raise DataError(f"units.toml: {uid}.shoot must be volley, mounted or empty")
        rng = d.get("range", 0)
        if not isinstance(rng, int) or (shoot and rng < 1):
            raise DataError(f"units.toml: {uid}.range must be a positive integer for a shooter")
        ut = UnitType(uid, d["name_zh"], d["name_en"], d["class"], d["armour"] == "heavy", cost,
                      *(_vecs(d, k, uid) for k in KINDS), shoot, rng, bool(d.get("command", False)))
        for k in ("slide", "charge"):
            if any(max(abs(a), abs(b)) != 1 for a, b in getattr(ut, k)):
                raise DataError(f"units.toml: {uid}.{k} directions must be unit steps")
        if not (ut.move or ut.capture or ut.advance or ut.slide or ut.charge):
            raise DataError(f"units.toml: {uid} cannot move at all")
        out[uid] = ut
    for need in ("king", "scout"):
        if need not in out:
            raise DataError(f"units.toml: the table has no {need}")
    return out


def _get(d: dict, key: str, typ, where: str, default=None):
    v = d.get(key, default)
    if v is None or not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
        raise DataError(f"{where}: {key} must be {typ.__name__}")
    return v


@lru_cache(maxsize=None)
def scenario(name: str) -> Scenario:
    """A scenario file assets/jiangshan/<name>.toml, validated (DataError otherwise)."""
    if not name.isidentifier() or name == "units":
        raise DataError(f"{name!r} is not a scenario name")
    path = ASSETS / f"{name}.toml"
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise DataError(f"{path.name}: {e}") from None
    return parse_scenario(raw, path.name)


SCENARIO_KEYS = ("id", "name_zh", "name_en", "width", "height", "first", "morale_start", "morale_max",
                 "supply_per_morale", "tally_picks", "tallies", "weather", "stall_turns", "terrain", "cities", "seats")
CITY_KEYS = ("cell", "kind", "owner", "name_zh", "name_en", "garrison")
SEAT_KEYS = ("name_zh", "name_en", "colour", "forward", "reserve", "units")
UNIT_SPEC_KEYS = ("type", "cell", "state", "facing", "face")


def _known(d, keys: tuple, where: str) -> None:
    """DataError naming the first key of table ``d`` that is not one of ``keys`` (a misspelt key, "facng", would
    be silently ignored)."""
    if not isinstance(d, dict):
        raise DataError(f"{where}: must be a table")
    unknown = sorted(set(d) - set(keys))
    if unknown:
        raise DataError(f"{where}: {unknown[0]!r} is not a field here (one of {', '.join(keys)})")


def parse_scenario(raw: dict, where: str = "scenario") -> Scenario:
    """A scenario from its parsed TOML table, checked against the unit table and the map."""
    units = unit_table()
    _known(raw, SCENARIO_KEYS, where)
    w, h = _get(raw, "width", int, where), _get(raw, "height", int, where)
    rows = _get(raw, "terrain", list, where)
    if len(rows) != h or not all(isinstance(r, str) and len(r) == w and set(r) <= set(TERRAIN) for r in rows):
        raise DataError(f"{where}: terrain must be {h} rows of {w} characters from {''.join(TERRAIN)}")
    terrain = tuple(tuple(TERRAIN[c] for c in rows[h - 1 - y]) for y in range(h))
    taken: set = set()
    cities = []
    for c in _get(raw, "cities", list, where):
        _known(c, CITY_KEYS, f"{where}: city {c.get('cell') if isinstance(c, dict) else c!r}")
        cell = cell_of(_get(c, "cell", str, where), w, h)
        kind = _get(c, "kind", str, where)
        owner = _get(c, "owner", int, where)
        if kind not in ("city", "camp") or owner not in (0, 1):
            raise DataError(f"{where}: city at {c['cell']}: kind city|camp and owner 0|1")
        if terrain[cell[1]][cell[0]] != "plain" or cell in taken:
            raise DataError(f"{where}: city at {c['cell']} must stand alone on a plain")
        garrison = tuple(c.get("garrison", []))
        if any(g not in units for g in garrison):
            raise DataError(f"{where}: city at {c['cell']}: unknown garrison unit")
        taken.add(cell)
        cities.append(CitySpec(cell, kind, owner, _get(c, "name_zh", str, where), _get(c, "name_en", str, where),
                               garrison))
    seats = []
    for i, s in enumerate(_get(raw, "seats", list, where)):
        _known(s, SEAT_KEYS, f"{where}: seat {i}")
        specs = []
        for u in _get(s, "units", list, where):
            _known(u, UNIT_SPEC_KEYS, f"{where}: seat {i} unit {u.get('cell') if isinstance(u, dict) else u!r}")
            t = _get(u, "type", str, where)
            cell = cell_of(_get(u, "cell", str, where), w, h)
            if t not in units:
                raise DataError(f"{where}: unknown unit type {t!r}")
            if terrain[cell[1]][cell[0]] not in ("plain", "forest") or cell in taken:
                raise DataError(f"{where}: unit at {u['cell']} must stand alone on a plain or forest")
            state = u.get("state", "march")
            facing = u.get("facing")
            if state not in ("march", "battle") or (facing is not None and facing not in FACINGS):
                raise DataError(f"{where}: unit at {u['cell']}: state march|battle, facing N|E|S|W")
            if state == "battle" and units[t].cls == "foot" and facing is None:
                raise DataError(f"{where}: infantry at {u['cell']} in battle state needs a facing (J3)")
            face = u.get("face", "foot" if t == "scout" else None)
            if (t == "scout") != (face is not None) or (face is not None and face not in FACES):
                raise DataError(f"{where}: unit at {u['cell']}: a face foot|horse for a scout only (J18)")
            if t == "scout" and state != "march":
                raise DataError(f"{where}: scout at {u['cell']}: both its faces are march state (无中生有)")
            taken.add(cell)
            specs.append(UnitSpec(t, cell, state, facing if units[t].cls == "foot" and state == "battle" else None,
                                  face))
        if sum(1 for u in specs if u.type == "king") != 1:
            raise DataError(f"{where}: every seat needs exactly one king")
        res = s.get("reserve", {})
        if not isinstance(res, dict) or any(k not in units or not isinstance(v, int) or v < 0
                                            for k, v in res.items()):
            raise DataError(f"{where}: reserve must map unit types to counts")
        fwd = _get(s, "forward", str, where)
        if fwd not in FACINGS:
            raise DataError(f"{where}: forward must be one of N E S W")
        seats.append(SeatSpec(_get(s, "name_zh", str, where), _get(s, "name_en", str, where),
                              s.get("colour", ""), fwd, tuple(specs), tuple(sorted(res.items()))))
    if len(seats) != 2:
        raise DataError(f"{where}: 江山 is played by two seats (J14)")
    tallies = tuple(raw.get("tallies", TALLIES))
    if any(t not in TALLIES for t in tallies) or len(set(tallies)) != len(tallies):
        raise DataError(f"{where}: tallies must be distinct ids from {TALLIES}")
    picks = _get(raw, "tally_picks", int, where, 3)
    if not 0 <= picks <= len(tallies):
        raise DataError(f"{where}: tally_picks must be between 0 and the number on offer")
    weather = tuple(raw.get("weather", ()))
    if len(weather) != 6 or any(x not in WEATHERS for x in weather):
        raise DataError(f"{where}: weather must name the 6 faces of the die")
    mstart, mmax = _get(raw, "morale_start", int, where, 3), _get(raw, "morale_max", int, where, 6)
    if not 0 <= mstart <= mmax:
        raise DataError(f"{where}: morale_start must lie in 0..morale_max")
    return Scenario(_get(raw, "id", str, where), _get(raw, "name_zh", str, where), _get(raw, "name_en", str, where),
                    w, h, terrain, tuple(cities), tuple(seats), _get(raw, "first", int, where, 0) % 2, mstart, mmax,
                    _get(raw, "supply_per_morale", int, where, 4), picks, tallies, weather,
                    _get(raw, "stall_turns", int, where, 40))


def random_scenario(pick) -> Scenario:
    """A seeded random set-up (J2): the 楚汉 roster and numbers on a random map with half-turn symmetry.

    Mountains, water and forests are scattered over the middle ranks 3-6, each seat gets two
    cities and a camp on its own three back ranks, and its units are shuffled over the free cells
    of its two back ranks; the 楚 half is the 汉 half turned half a circle, so the set-up is fair.
    ``pick(n)`` gives an index in range(n): the game's engine.chance.Chance, so every choice is recorded."""
    base = scenario("chuhan")
    rng = _Picker(pick)
    w, h = base.width, base.height
    grid = [["plain"] * w for _ in range(h)]

    def mirror(c):
        return (w - 1 - c[0], h - 1 - c[1])

    for kind, n in (("mountain", 2), ("water", 3), ("forest", 4)):
        for _ in range(n):
            x, y = rng.randrange(w), rng.randrange(2, h // 2)
            grid[y][x] = kind
            mx, my = mirror((x, y))
            grid[my][mx] = kind
    free0 = [(x, y) for y in range(0, 2) for x in range(w)]
    cities = []
    spots = rng.sample([(x, y) for y in range(0, 3) for x in range(1, w - 1)], 3)
    for (x, y), kind in zip(spots, ("city", "city", "camp")):
        grid[y][x] = "plain"
        grid[h - 1 - y][w - 1 - x] = "plain"
        names = {"city": ("城", "City"), "camp": ("营", "Camp")}[kind]
        for owner, cell in ((0, (x, y)), (1, mirror((x, y)))):
            cities.append(CitySpec(cell, kind, owner, f"{base.seats[owner].name_zh}{names[0]}{len(cities) // 2 + 1}",
                                   f"{base.seats[owner].name_en} {names[1]} {len(cities) // 2 + 1}"))
    city_cells = {c.cell for c in cities}
    cells = [c for c in free0 if c not in city_cells and grid[c[1]][c[0]] in ("plain", "forest")]
    roster = [u.type for u in base.seats[0].units]
    rng.shuffle(cells)
    seats = []
    for owner in (0, 1):
        specs = []
        for t, c in zip(roster, cells):
            specs.append(UnitSpec(t, c if owner == 0 else mirror(c)))
        s = base.seats[owner]
        seats.append(SeatSpec(s.name_zh, s.name_en, s.colour, s.forward, tuple(specs), s.reserve))
    terrain = tuple(tuple(r) for r in grid)
    return Scenario("random", "随机布局", "Random set-up", w, h, terrain, tuple(cities), tuple(seats), base.first,
                    base.morale_start, base.morale_max, base.supply_per_morale, base.tally_picks, base.tallies,
                    base.weather, base.stall_turns)


class _Picker:
    """randrange / sample / shuffle on top of one ``pick(n)`` (so every choice is a recorded chance pick)."""

    def __init__(self, pick):
        self.pick = pick

    def randrange(self, a: int, b: int | None = None) -> int:
        return self.pick(a) if b is None else a + self.pick(b - a)

    def sample(self, items: list, k: int) -> list:
        pool = list(items)
        return [pool.pop(self.pick(len(pool))) for _ in range(k)]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.pick(i + 1)
            items[i], items[j] = items[j], items[i]


def unit_spec(spec: str) -> dict:
    """A unit of a scenario's seat from its short text: "blade@d4" or "blade@d4:battle:N" ->
    {"type", "cell"[, "state"[, "facing"]]}; a scout's face as "scout@d4:horse" -> {..., "face"} (J18)
    (test positions and rule pictures write units so)."""
    head, _, rest = spec.partition(":")
    t, cell = head.split("@", 1)
    u = {"type": t, "cell": cell}
    if rest in FACES:
        u["face"] = rest
    elif rest:
        state, _, facing = rest.partition(":")
        u["state"] = state
        if facing:
            u["facing"] = facing
    return u
