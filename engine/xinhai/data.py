"""Loading and validating the 辛亥革命 data files in assets/xinhai/ (map, tables, markers, cards).

Everything the seed leaves out (the map, the card texts, the marker faces) is RECONSTRUCTED data
(rulings X2, X3); this module only reads it and refuses files that break the rules' assumptions.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from engine.xinhai.hexgrid import Hex, label, neighbours_of, parse_label

ASSETS = Path(__file__).resolve().parent.parent.parent / "assets" / "xinhai"
KINDS = ("infantry", "cavalry", "artillery", "fleet")
SIDES = ("rev", "qing")  # seat 0 = revolutionaries (革命軍, red), seat 1 = Qing (清軍, blue)
REGIONS = ("wuchang", "hankou", "hanyang")
TERRAIN_CODES = {".": "plain", "C": "control", "S": "street", "H": "hill", "X": "concession",
                 "R": "ceasefire", "L": "lake", "Y": "yangtze", "r": "ceasefire_yangtze", "W": "han"}
REGION_CODES = {"W": ("wuchang",), "K": ("hankou",), "Y": ("hanyang",), "B": ("hankou", "hanyang")}
EFFECTS = ("morale", "response", "reinforce", "speech", "slack", "aid", "machine_gun", "recoil_gun",
           "ruins", "rally", "remove_fleet", "munitions", "trench")
EXTRAS = ("", "morale+", "morale-", "rally")


class DataError(ValueError):
    """A data file that is missing, malformed or breaks a rule's assumption."""


@dataclass(frozen=True)
class MapData:
    """The hex map: terrain code and regions of every hex, named places."""

    width: int
    height: int
    terrain: dict  # Hex -> code (see TERRAIN_CODES)
    regions: dict  # Hex -> tuple of region names
    places: dict  # label -> (zh, en)

    def on_map(self, h: Hex) -> bool:
        return h in self.terrain

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        nb = self.__dict__.get("_nb")
        if nb is None:
            nb = {x: tuple(n for n in neighbours_of(x) if n in self.terrain) for x in self.terrain}
            object.__setattr__(self, "_nb", nb)
        return nb.get(h) or tuple(n for n in neighbours_of(h) if n in self.terrain)

    def is_yangtze(self, h: Hex) -> bool:
        return self.terrain.get(h) in ("Y", "r")

    def is_ceasefire(self, h: Hex) -> bool:
        return self.terrain.get(h) in ("R", "r")

    def land_open(self, h: Hex) -> bool:
        """Land units may pass and stop here (bridges aside): not Yangtze, Han, lake or concession."""
        return self.terrain.get(h) in (".", "C", "S", "H", "R")

    def hexes(self) -> list[Hex]:
        return sorted(self.terrain)


@dataclass(frozen=True)
class Face:
    region: str
    extra: str  # "", "morale+", "morale-", "rally"


@dataclass(frozen=True)
class Marker:
    id: str
    side: str
    faces: tuple[Face, Face]


@dataclass(frozen=True)
class SetupCard:
    id: int
    zh: str
    en: str
    rev_start: tuple  # ((kind, Hex), ...)
    rev_reinforce: Hex
    qing_start: tuple
    qing_units: tuple  # kinds
    qing_hex: Hex
    qing_cuts: tuple  # ((track, value, kind), ...)


@dataclass(frozen=True)
class EventCard:
    side: str
    number: int
    zh: str
    en: str
    effect: str
    value: int = 0
    track: str = ""

    @property
    def period(self) -> int:
        """X3: 1-4 壹, 5-8 貳, 9-13 參, 14-18 肆."""
        return 1 if self.number <= 4 else 2 if self.number <= 8 else 3 if self.number <= 13 else 4


@dataclass(frozen=True)
class Rules:
    """Every data file, loaded: map, tables, markers, cards."""

    map: MapData
    units: dict  # kind -> dict(move, range, melee, water, zh)
    shot: dict  # kind -> ((upto, result), ...)
    melee: dict
    terrain_fx: dict  # code -> (target, shooter)
    action_points: tuple
    periods: tuple
    response_counts: dict  # int -> rule text
    tracks: tuple
    track_zh: tuple
    track_limit: int
    victory: int
    supply: dict
    pieces: dict  # side -> kind -> count
    markers: tuple
    setup: dict  # id -> SetupCard
    events: dict  # (side, number) -> EventCard
    historical: dict
    random: dict


def _read(name: str) -> dict:
    path = ASSETS / name
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise DataError(f"{path.name}: {e}") from None


def _hex(text, where: str) -> Hex:
    try:
        return parse_label(text)
    except (ValueError, AttributeError):
        raise DataError(f"{where}: {text!r} is not a hex label") from None


def load_map(d: dict) -> MapData:
    """The map from map.toml's contents (rows north first), validated."""
    _known(d, ("columns", "rows", "terrain", "regions", "places"), "map.toml")
    cols, nrows = d.get("columns"), d.get("rows")
    terr, regs = d.get("terrain"), d.get("regions")
    if not (isinstance(cols, str) and isinstance(nrows, int) and isinstance(terr, list) and isinstance(regs, list)):
        raise DataError("map.toml: columns, rows, terrain and regions are required")
    if len(terr) != nrows or len(regs) != nrows:
        raise DataError("map.toml: terrain and regions need one string per row")
    terrain, regions = {}, {}
    for i, (ts, rs) in enumerate(zip(terr, regs)):
        row = nrows - 1 - i
        if len(ts) != len(cols) or len(rs) != len(cols):
            raise DataError(f"map.toml: row {row + 1} is not {len(cols)} hexes wide")
        for c, (t, g) in enumerate(zip(ts, rs)):
            if t not in TERRAIN_CODES:
                raise DataError(f"map.toml: unknown terrain {t!r} at {label((c, row))}")
            if g not in REGION_CODES:
                raise DataError(f"map.toml: unknown region {g!r} at {label((c, row))}")
            terrain[(c, row)] = t
            regions[(c, row)] = REGION_CODES[g]
    places = {}
    for k, v in d.get("places", {}).items():
        h = _hex(k, "map.toml places")
        if h not in terrain or not isinstance(v, dict):
            raise DataError(f"map.toml: place {k} is off the map or malformed")
        places[label(h)] = (v.get("zh", ""), v.get("en", ""))
    m = MapData(len(cols), nrows, terrain, regions, places)
    for h, t in terrain.items():
        if t == "W" and set(regions[h]) != {"hankou", "hanyang"}:
            raise DataError(f"map.toml: Han River hex {label(h)} must belong to both 漢口 and 漢陽 (X2)")
        if t == "X" and any(terrain.get(n) not in ("X", "R", "r") for n in m.neighbours(h)):
            raise DataError(f"map.toml: concession {label(h)} is not ringed by cease-fire hexes")
    if sum(1 for t in terrain.values() if t == "C") < 9:
        raise DataError("map.toml: at least 9 control points are needed (X2)")
    return m


def _table(rows, where: str) -> tuple:
    if not isinstance(rows, list) or not rows:
        raise DataError(f"tables.toml: {where} must be a list of [total, result]")
    out = []
    last = -1
    for r in rows:
        if not (isinstance(r, list) and len(r) == 2 and isinstance(r[0], int) and isinstance(r[1], str)) or r[0] <= last:
            raise DataError(f"tables.toml: {where} has a bad row {r!r}")
        last = r[0]
        out.append((r[0], r[1]))
    return tuple(out)


@lru_cache(maxsize=1)
def rules() -> Rules:
    """All 辛亥革命 data, loaded once and validated (DataError naming the file and entry otherwise)."""
    m = load_map(_read("map.toml"))
    t = _read("tables.toml")
    units = t.get("units", {})
    if set(units) != set(KINDS):
        raise DataError("tables.toml: units must list infantry, cavalry, artillery and fleet")
    shot = {k: _table(t.get("shot", {}).get(k), f"shot.{k}") for k in KINDS}
    melee = {k: _table(t.get("melee", {}).get(k), f"melee.{k}") for k in ("infantry", "cavalry")}
    fx = {code: (int(v["target"]), int(v["shooter"])) for code, v in t.get("terrain", {}).items()}
    rd = t.get("round", {})
    ap, periods = tuple(rd.get("action_points", ())), tuple(rd.get("periods", ()))
    if len(ap) != 10 or len(periods) != 10:
        raise DataError("tables.toml: action_points and periods need 10 rounds")
    resp = t.get("response", {})
    counts = {int(k): v for k, v in resp.get("counts", {}).items()}
    for v in counts.values():
        if v not in ("0", "1", "6", "min3", "min2", "d1", "max2"):
            raise DataError(f"tables.toml: unknown response rule {v!r}")
    tracks = tuple(resp.get("tracks", ()))
    pieces = {s: dict(t.get("pieces", {}).get(s, {})) for s in SIDES}

    mk = _read("markers.toml").get("marker", [])
    markers = []
    for d in mk:
        where = f"markers.toml: marker {d.get('id')!r}"
        _known(d, ("id", "side", "faces"), where)
        if d.get("side") not in SIDES:
            raise DataError(f"{where}: side {d.get('side')!r} is not one of {', '.join(SIDES)}")
        if len(d.get("faces", ())) != 2:
            raise DataError(f"{where}: faces must be two (a marker has two faces)")
        for i, f in enumerate(d["faces"], 1):
            _known(f, ("region", "extra"), f"{where} face {i}")
            if f.get("region") not in REGIONS:
                raise DataError(f"{where} face {i}: region {f.get('region')!r} is not one of {', '.join(REGIONS)}")
            if f.get("extra", "") not in EXTRAS:
                raise DataError(f"{where} face {i}: extra {f.get('extra')!r} is not one of "
                                f"{', '.join(e for e in EXTRAS if e)} (or none)")
        faces = tuple(Face(f["region"], f.get("extra", "")) for f in d["faces"])
        if faces[0].region == faces[1].region:
            raise DataError(f"{where}: its two faces name the same region {faces[0].region!r}")
        markers.append(Marker(str(d["id"]), d["side"], faces))
    if len(markers) != 15 or sum(m_.side == "rev" for m_ in markers) != 7 or len({m_.id for m_ in markers}) != 15:
        raise DataError("markers.toml: 15 distinct markers are needed, 7 red and 8 blue (X3)")

    c = _read("cards.toml")
    setup = {}
    for d in c.get("setup", []):
        where = f"cards.toml setup card {d.get('id')!r}"
        _known(d, ("id", "zh", "en", "rev_start", "rev_reinforce", "qing_start", "qing_reinforce"), where)
        q = d.get("qing_reinforce", {})
        _known(q, ("units", "hex", "cuts"), f"{where} qing_reinforce")
        try:
            card = SetupCard(
                int(d["id"]), d["zh"], d["en"],
                tuple((k, _hex(h, where)) for k, h in d["rev_start"]), _hex(d["rev_reinforce"], where),
                tuple((k, _hex(h, where)) for k, h in d["qing_start"]),
                tuple(q["units"]), _hex(q["hex"], where),
                tuple((tr, int(v), k) for tr, v, k in q.get("cuts", ())))
        except KeyError as e:
            raise DataError(f"{where}: missing key {e}") from None
        except (TypeError, ValueError) as e:
            raise DataError(f"{where}: {e}") from None
        groups = [sorted(card.qing_units)]
        if groups[0] not in (["infantry"] * 4, ["cavalry"] + ["infantry"] * 3,
                             ["artillery"] + ["infantry"] * 3, ["fleet", "fleet"]):
            raise DataError(f"{where}: the Qing reinforcement is not one of the seed's four groups")
        for k, h in card.rev_start + card.qing_start:
            _check_place(m, k, h, where)
        _check_place(m, "infantry", card.rev_reinforce, where)
        _check_place(m, card.qing_units[0], card.qing_hex, where)
        for tr, _, k in card.qing_cuts:
            if tr not in tracks or k not in card.qing_units:
                raise DataError(f"{where}: a cut names an unknown track or a kind not in the group")
        setup[card.id] = card
    if sorted(setup) != list(range(1, 19)):
        raise DataError("cards.toml: set-up cards 1-18 are needed (seed: 配置卡18)")
    events = {}
    for d in c.get("event", []):
        where = f"cards.toml: event {d.get('side')!r} {d.get('number')!r}"
        _known(d, ("side", "number", "zh", "en", "effect", "value", "track"), where)
        number, value = d.get("number", 0), d.get("value", 0)
        if d.get("side") not in SIDES:
            raise DataError(f"{where}: side {d.get('side')!r} is not one of {', '.join(SIDES)}")
        if not isinstance(number, int) or not 1 <= number <= 18:
            raise DataError(f"{where}: number must be 1 to 18")
        if not isinstance(value, int):
            raise DataError(f"{where}: value {value!r} must be an integer")
        if d.get("effect") not in EFFECTS:
            raise DataError(f"{where}: effect {d.get('effect')!r} is not one of {', '.join(EFFECTS)}")
        e = EventCard(d["side"], number, d.get("zh", ""), d.get("en", ""), d["effect"], value, d.get("track", ""))
        if e.effect == "response" and e.track not in tracks:
            raise DataError(f"{where}: track {e.track!r} is not one of {', '.join(tracks)}")
        events[(e.side, e.number)] = e
    if len(events) != 36:
        raise DataError("cards.toml: 36 event cards are needed, 1-18 per side (seed: 事件卡36)")
    hist = dict(c.get("historical", {}))
    hist["qing_start"] = tuple((k, _hex(h, "historical")) for k, h in hist.get("qing_start", ()))
    for k, h in hist["qing_start"]:
        _check_place(m, k, h, "cards.toml historical")
    return Rules(m, units, shot, melee, fx, ap, periods, counts, tracks, tuple(resp.get("track_zh", ())),
                 int(resp.get("track_limit", 10)), int(resp.get("victory", 35)), dict(t.get("supply", {})),
                 pieces, tuple(markers), setup, events, hist, dict(c.get("random", {})))


def _known(d, keys: tuple, where: str) -> None:
    """DataError naming the first key of table ``d`` that is not one of ``keys`` (a misspelt key would be
    silently ignored: "efect" leaves a card without its effect)."""
    if not isinstance(d, dict):
        raise DataError(f"{where}: must be a table")
    unknown = sorted(set(d) - set(keys))
    if unknown:
        raise DataError(f"{where}: {unknown[0]!r} is not a field here (one of {', '.join(keys)})")


def _check_place(m: MapData, kind: str, h: Hex, where: str) -> None:
    if kind not in KINDS:
        raise DataError(f"{where}: unknown unit kind {kind!r}")
    if h not in m.terrain:
        raise DataError(f"{where}: {label(h)} is off the map")
    if kind == "fleet" and not m.is_yangtze(h):
        raise DataError(f"{where}: fleet at {label(h)} is not on the Yangtze")
    if kind != "fleet" and not m.land_open(h):
        raise DataError(f"{where}: {kind} at {label(h)} is not on open land")
