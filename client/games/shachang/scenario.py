"""Scenarios: small TOML files (assets/scenarios/*.toml) that describe a 沙场秋点兵 position and how to
picture it. Used by ``python -m client.shot`` (issue 4).

Format (every key optional unless marked)::

    title = "S5 wall case"
    caption_zh = "隔墙：2y ≥ x+z"          # caption lines (--lang zh / en); every character must be in
    caption_en = "Wall case: 2y >= x+z"   # the shipped font (assets/fonts/), else the file is refused
    mode = "tabletop"                     # classic | tabletop | digital (default digital)
    players = 2

    [map]                                 # required: a literal grid or a preset + seed
    heights = '''
    00000000
    00030000
    ...'''                                # rows top (row 1) to bottom; digits, or numbers
                                          # separated by spaces when a height is above 9
    # preset = "large"; seed = 7; flat = false   (a generated map instead; preset = "star": the
                                          # Chinese-checkers star, S19, cells named by the star's
                                          # names: a1 the north tip, i5 the centre, units
                                          # [owner, cell] or [owner, cell, "moved" | "spent"])
    # spawns = [["a1"], ["h8"]]           # default: one corner per player (generated maps:
                                          # the generator's spawns)

    [position]
    units = [[0, "c3", 3, "settled"], [1, "f6", 2]]   # owner, cell, count, state:
                                          # settled | fresh | attacked | moves=N | spent
    reserve = [8, 8]
    current = 0                           # player to move
    round = 1
    explored = "all"                      # or "none" (default: what the units saw)
    actions = ["attack c3 f6"]            # played after the setup (e.g. to make a ghost)
    items = [["tonggui"], []]             # the fun items on (S20a): every player's hand, no item
                                          # cells on the map; item_seed = 3 seeds 溜之大吉's landing

    [view]
    as = 0                                # whose observation (fog); "none" = true state, no fog
    camera = "strategy"                   # top | strategy | fp:<cell> | eye=x,y,z:target=x,y,z
    distance = 12.0                       # strategy: distance, yaw (deg), target cell
    yaw = 0.0
    pitch = 50.0                          # strategy: a fixed tilt (else derived from the zoom)
    target = "d4"
    look_at = "f6"                        # fp: the cell to look at
    fov = 45.0                            # fp / explicit
    size = "1280x720"

    [overlays]
    reach = "c3"                          # reachable cells with step costs + attack range + targets
    attack = "c3"                         # attack range + attackable / blocked targets
    sight = ["c3", "f6"]                  # sight line with checked cells and S5 numbers
    sight_kind = "attack"                 # attack (x = target stack) | vision (x = terrain)
    vision = "c3"                         # what a unit on this cell would see
    vision_count = 5                      # ... with this many soldiers (default: the unit there)
    ghost = true                          # the viewer's ghost visions
    reinforce = true                      # cells where the current player may reinforce
    select = "c3"
    labels = ["coords", "heights", "counts"]
    path = ["a1", "d1", "g1"]             # a route through waypoints (straight orthogonal legs),
                                          # its cells numbered by steps from the start

Errors are ``ScenarioError`` naming the file, the key and its line.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from client.render.base import Frame, Overlays, UnitMark
from client.render.hex_layout import star_layout, star_look
from client.savefile import read_engine_text
from client.ui import text as ui_text
from engine.api import IllegalAction, ParseError, SaveError
from engine.saves import read_file
from engine.shachang import game_class, star_cells
from engine.shachang import hex_overlays as hex_facts
from engine.shachang import overlays as facts
from engine.shachang.cells import cell_name, parse_cell
from engine.shachang.game import ShachangGame
from engine.shachang.maps import MAX_HEIGHT, GameMap
from engine.shachang.overlays import unit_state
from engine.shachang.rules import preset as preset_of
from engine.shachang.save import check_setup, load_json
from engine.shachang.terrain import generate

SIZES = {8: "standard", 16: "medium", 64: "large", 256: "huge"}
TOP_KEYS = {"title", "caption_zh", "caption_en", "mode", "players", "map", "position", "view",
            "overlays", "notes"}
MAP_KEYS = {"heights", "preset", "seed", "flat", "spawns"}
POSITION_KEYS = {"units", "reserve", "current", "round", "explored", "actions", "hits", "items", "item_seed"}
VIEW_KEYS = {"as", "camera", "distance", "yaw", "pitch", "target", "look_at", "fov", "size"}
OVERLAY_KEYS = {"reach", "attack", "sight", "sight_kind", "vision", "vision_count", "ghost", "reinforce",
                "select", "labels", "numbers", "path"}


MAX_SCENARIO_BYTES = 4 * 1024 * 1024  # a 256x256 literal grid is about 0.4 MB
MAX_DEPTH = 8  # tables and arrays nest at most this deep in a scenario


class ScenarioError(ValueError):
    """A bad scenario: the message names the file, key and line."""


@dataclass
class Scenario:
    """A parsed scenario; ``game`` is the engine game it describes."""

    path: str
    data: dict
    text: str = ""
    game: Any = None
    display_states: dict = field(default_factory=dict)  # cell -> 'spent' overrides

    # ------------------------------------------------------------ errors
    def line_of(self, table: str | None, key: str | None) -> int | None:
        """The 1-based line of ``key`` (inside ``[table]`` when given) in the file text."""
        lines = self.text.splitlines()
        start = 0
        if table:
            for i, ln in enumerate(lines):
                if re.match(rf"^\s*\[{re.escape(table)}\]\s*(#.*)?$", ln):
                    start = i
                    break
            else:
                return None
            if key is None:
                return start + 1
        if key is None:
            return None
        for i in range(start, len(lines)):
            ln = lines[i]
            if i > start and table is None and re.match(r"^\s*\[", ln):
                break
            if i > start and table and re.match(r"^\s*\[", ln):
                break
            if re.match(rf"^\s*{re.escape(key)}\s*=", ln):
                return i + 1
        return None

    def error(self, table: str | None, key: str | None, msg: str, offset: int = 0) -> ScenarioError:
        """``offset``: lines after the key's line (a row of a multi-line value)."""
        where = f"{table}.{key}" if table and key else (key or table or "")
        line = self.line_of(table, key)
        if line is not None:
            line += offset
        loc = f"{self.path}" + (f", line {line}" if line else "")
        return ScenarioError(f"{loc}: {where}: {msg}" if where else f"{loc}: {msg}")

    # ------------------------------------------------------------ access
    def table(self, name: str) -> dict:
        t = self.data.get(name, {})
        if not isinstance(t, dict):
            raise self.error(None, name, "must be a table")
        return t

    def get(self, table: str, key: str, default=None, kind=None):
        t = self.table(table) if table else self.data
        if key not in t:
            return default
        v = t[key]
        if kind is not None and not isinstance(v, kind) or isinstance(v, bool) and kind in (int, float, (int, float)):
            names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            raise self.error(table, key, f"expected {names}, got {type(v).__name__} {v!r}")
        return v

    def star(self) -> bool:
        """Whether the scenario's game is on the star (S19: cells named i5 ...)."""
        return getattr(self.game, "board", None) == "star"

    def cell(self, table: str, key: str, text) -> tuple[int, int]:
        if not isinstance(text, str):
            raise self.error(table, key, f"expected a cell name like \"c3\", got {text!r}")
        if self.star():  # the star's names (engine.grids.star: a1 the north tip, i5 the centre)
            try:
                return _star_cell(text)
            except ValueError as e:
                raise self.error(table, key, str(e)) from None
        try:
            c = parse_cell(text)
        except Exception as e:  # ParseError
            raise self.error(table, key, str(e)) from None
        n = self.game.size if self.game is not None else None
        if n is not None and not (0 <= c[0] < n and 0 <= c[1] < n):
            raise self.error(table, key, f"{text} is off the {n}x{n} board")
        return c

    def view_as(self):
        v = self.get("view", "as", 0)
        if v == "none":
            return None
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < self.game.n:
            raise self.error("view", "as", f"expected a player 0..{self.game.n - 1} or \"none\", got {v!r}")
        return v


def _star_cell(text: str) -> tuple[int, int]:
    """The array cell (row, col) of a star cell name (ValueError naming the problem)."""
    return star_cells.parse(text)


def parse_heights(sc: Scenario, text) -> np.ndarray:
    if not isinstance(text, str):
        raise sc.error("map", "heights", "expected a multi-line string of rows")
    raw = text.splitlines()
    rows, offsets = [], []
    for j, ln in enumerate(raw):
        if ln.strip():
            rows.append(ln.strip())
            offsets.append(j + 1)  # a multi-line string starts on the line after the key
    if not rows:
        raise sc.error("map", "heights", "is empty")
    grid = []
    for i, ln in enumerate(rows):
        parts = ln.split() if " " in ln else list(ln)
        try:
            grid.append([int(v) for v in parts])
        except ValueError:
            raise sc.error("map", "heights", f"row {i + 1} {ln!r} is not all integers",
                           offset=offsets[i]) from None
    n = len(grid)
    bad = [i + 1 for i, r in enumerate(grid) if len(r) != n]
    if bad:
        raise sc.error("map", "heights", f"the grid must be square ({n} rows): row {bad[0]} has "
                                         f"{len(grid[bad[0] - 1])} values")
    if n not in SIZES:
        raise sc.error("map", "heights", f"a {n}x{n} grid matches no preset (8, 16, 64 or 256)")
    for i, r in enumerate(grid):  # by meaning, before any cast: 65537 must not load as 1
        lo, hi = min(r), max(r)
        if lo < 0:
            raise sc.error("map", "heights", f"height {lo} at {cell_name((i, r.index(lo)))} is negative",
                           offset=offsets[i])
        if hi > MAX_HEIGHT:
            shown = hi if len(str(hi)) <= 20 else f"of {len(str(hi))} digits"
            raise sc.error("map", "heights", f"height {shown} at {cell_name((i, r.index(hi)))} "
                           f"exceeds {MAX_HEIGHT}", offset=offsets[i])
    return np.array(grid, dtype=np.int16)


def _depth(v) -> int:
    """How deeply tables and arrays nest in a parsed TOML value (iterative: no recursion limit)."""
    deepest, stack = 0, [(v, 0)]
    while stack:
        x, d = stack.pop()
        deepest = max(deepest, d)
        if d > MAX_DEPTH:
            break
        if isinstance(x, dict):
            stack.extend((y, d + 1) for y in x.values())
        elif isinstance(x, list):
            stack.extend((y, d + 1) for y in x)
    return deepest


def parse_toml(path: str, text: str | None = None) -> dict:
    """The TOML table of a scenario file (its text under the key "\\0text"); ScenarioError for a file
    that is not a regular file, is over MAX_SCENARIO_BYTES, is not UTF-8 TOML or nests too deeply."""
    if text is None:
        try:
            raw = read_file(path, MAX_SCENARIO_BYTES, what="scenario")
        except SaveError as e:
            raise ScenarioError(str(e)) from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ScenarioError(f"{path}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    if not isinstance(text, str):
        raise ScenarioError(f"{path}: a scenario is text, not {type(text).__name__}")
    if len(text) > MAX_SCENARIO_BYTES:
        raise ScenarioError(f"{path}: {len(text)} characters is over the scenario size limit of "
                            f"{MAX_SCENARIO_BYTES}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f"{path}: not valid TOML: {e}") from None
    except RecursionError:
        raise ScenarioError(f"{path}: the TOML nests too deeply") from None
    except ValueError as e:  # an integer of more than 4300 digits
        raise ScenarioError(f"{path}: not a usable TOML value ({str(e).split(':')[0].lower()}; "
                            "an integer that long is no scenario value)") from None
    if _depth(data) > MAX_DEPTH:
        raise ScenarioError(f"{path}: tables and arrays nest more than {MAX_DEPTH} deep")
    data["\0text"] = text
    return data


def _number(sc: Scenario, table: str, key: str, lo: float, hi: float) -> None:
    """A finite number lo..hi when present (TOML allows inf and nan)."""
    v = sc.get(table, key, None, (int, float))
    if v is not None and not (lo <= v <= hi):  # also false for nan
        raise sc.error(table, key, f"{v} is not a number {lo}..{hi}")


def check_view_and_overlays(sc: Scenario) -> None:
    """[view] and [overlays] values checked by kind and range before anything draws them."""
    for key, lo, hi in (("distance", 0.1, 10000.0), ("yaw", -3600.0, 3600.0), ("pitch", -89.9, 89.9),
                        ("fov", 1.0, 170.0)):
        _number(sc, "view", key, lo, hi)
    for key in ("camera", "target", "look_at", "size"):
        sc.get("view", key, None, str)
    v = sc.table("view").get("as")
    if v is not None and v != "none" and (type(v) is not int or not 0 <= v < sc.game.n):
        raise sc.error("view", "as", f"expected a player 0..{sc.game.n - 1} or \"none\", got {v!r:.40}")
    for key in ("reach", "attack", "vision", "select"):
        sc.get("overlays", key, None, str)
    for key in ("ghost", "reinforce", "numbers"):
        sc.get("overlays", key, None, bool)
    sc.get("overlays", "sight_kind", None, str)
    for key in ("sight", "path"):
        v = sc.get("overlays", key, None, list)
        if v is not None and not all(isinstance(x, str) for x in v):
            raise sc.error("overlays", key, "expected a list of cell names")
    labels = sc.get("overlays", "labels", None, (str, list))
    if isinstance(labels, list) and not all(isinstance(x, str) for x in labels):
        raise sc.error("overlays", "labels", "expected a list of coords, heights, counts")
    cnt = sc.get("overlays", "vision_count", None, int)
    if cnt is not None and not 1 <= cnt <= sc.game.P.cap:
        raise sc.error("overlays", "vision_count", f"expected 1..{sc.game.P.cap} soldiers, got {cnt}")


def check_captions(sc: Scenario) -> None:
    """``title`` and the captions are text, and the shipped font draws every character of the captions (else the
    picture would come out without its caption band)."""
    sc.get(None, "title", None, str)
    for key in ("caption_zh", "caption_en"):
        lacking = sorted({ch for ch in sc.get(None, key, "", str) if not ui_text.has_glyph(ch)})
        if lacking:
            raise sc.error(None, key, f"the shipped font has no {''.join(lacking)} "
                                      f"(reword, or add them with python -m client.ui.build_font)")


def load_scenario(path: str | Path, text: str | None = None) -> Scenario:
    """Parse a scenario file and build its game (ScenarioError on any problem)."""
    path = str(path)
    data = parse_toml(path, text)
    text = data.pop("\0text")
    sc = Scenario(path=path, data=data, text=text)
    for k in data:
        if k not in TOP_KEYS:
            raise sc.error(None, k, f"unknown key (known: {', '.join(sorted(TOP_KEYS))})")
    for name, keys in (("map", MAP_KEYS), ("position", POSITION_KEYS), ("view", VIEW_KEYS),
                       ("overlays", OVERLAY_KEYS)):
        for k in sc.table(name):
            if k not in keys:
                raise sc.error(name, k, f"unknown key (known: {', '.join(sorted(keys))})")
    if "map" not in data:
        raise sc.error(None, None, "missing the [map] table (heights, or preset and seed)")
    check_captions(sc)
    mode = sc.get(None, "mode", "digital", str)
    players = sc.get(None, "players", 2, int)
    if not 2 <= players <= 8:
        raise sc.error(None, "players", f"expected 2..8 players, got {players}")
    mp = sc.table("map")
    if "heights" in mp:
        h = parse_heights(sc, mp["heights"])
        preset = SIZES[h.shape[0]]
        n = h.shape[0]
        if "spawns" in mp:
            sp = mp["spawns"]
            if not isinstance(sp, list) or len(sp) != players:
                raise sc.error("map", "spawns", f"expected a list of {players} lists of cells")
            spawns = tuple(tuple(sc.cell("map", "spawns", c) for c in s) for s in sp)
        else:
            corners = [(0, 0), (n - 1, n - 1), (0, n - 1), (n - 1, 0)]
            spawns = tuple((corners[p % 4],) for p in range(players))
        gm = GameMap(heights=h, spawns=spawns, name=Path(path).stem)
    elif "preset" in mp:
        preset = sc.get("map", "preset", kind=str)
        seed = sc.get("map", "seed", 0, int)
        if not 0 <= seed < 2**63:
            raise sc.error("map", "seed", f"expected a seed 0..2^63-1, got {seed}")
        try:
            gm = generate(preset, players, seed, flat=bool(sc.get("map", "flat", False, bool)))
        except ValueError as e:
            raise sc.error("map", "preset", str(e)) from None
    else:
        raise sc.error(None, "map", "needs heights, or preset and seed")
    pos = sc.table("position")
    setup: dict = {}
    display = {}
    units = pos.get("units", [])
    if not isinstance(units, list):
        raise sc.error("position", "units", "expected a list of [owner, cell, count, state]")
    fixed = []
    for i, row in enumerate(units):
        if isinstance(row, list) and len(row) == 4 and row[3] == "spent":
            row = [row[0], row[1], row[2], "moves=0"]
            display[row[1]] = "spent"
        fixed.append(row)
    if units:
        setup["units"] = fixed
    for k in ("reserve", "current", "round", "explored", "hits"):
        if k in pos:
            setup[k] = pos[k]
    if "units" not in pos:
        extra = [k for k in ("reserve", "current", "round", "explored", "hits") if k in pos]
        if extra:
            raise sc.error("position", extra[0], "needs position.units (without units the game's own "
                                                 "opening is used)")
        setup = None  # the game's own opening (S17 spawns)
    try:
        if getattr(preset_of(preset), "board", "square") == "star":  # S19h: a star position (star names)
            g = game_class(preset)(gm, preset=preset, mode=mode, players=players, setup=setup,
                                   map_source="scenario", **_item_options(sc, pos))  # items on the star: S20n
        else:
            check_setup(setup, players, preset, preset_of(preset).round_limit)
            g = ShachangGame(gm, preset=preset, mode=mode, players=players, setup=setup,
                             map_source="scenario", **_item_options(sc, pos))
    except (ValueError, ParseError) as e:
        msg = str(e)
        m = re.match(r"setup\.(\w+)", msg)
        key = m.group(1) if m else ("mode" if "mode" in msg else None)
        table = "position" if key in POSITION_KEYS else None
        raise sc.error(table, key, msg) from None
    sc.game = g
    check_view_and_overlays(sc)
    sc.display_states = {sc.cell("position", "units", c): s for c, s in display.items()}
    for i, a in enumerate(sc.get("position", "actions", [], list)):
        try:
            g.apply(a)
        except (IllegalAction, ParseError) as e:
            raise sc.error("position", "actions", f"action {i + 1} {a!r}: {e}") from None
    return sc


def _item_options(sc: Scenario, pos: dict) -> dict:
    """The game's item options of ``[position] items`` (the hands; S20a) and ``item_seed``."""
    if "items" not in pos:
        if "item_seed" in pos:
            raise sc.error("position", "item_seed", "needs position.items (the players' hands)")
        return {}
    hands = pos["items"]
    seed = sc.get("position", "item_seed", 1, int)
    if not 0 <= seed < 2**63:
        raise sc.error("position", "item_seed", f"expected a seed 0..2^63-1, got {seed}")
    if not isinstance(hands, list):
        raise sc.error("position", "items", "expected a list of hands, e.g. [[\"tonggui\"], []]")
    return {"items": True, "item_seed": seed, "item_setup": {"cells": [], "hands": hands}}


def scenario_from_save(path: str | Path, move: int | None) -> Scenario:
    """A scenario of a saved 沙场秋点兵 game (a bare engine save, or the client's autosave / F5 save)
    replayed to its first ``move`` actions (all when None)."""
    path = str(path)
    if move is not None and (type(move) is not int or move < 0):
        raise ScenarioError(f"{path}: --move {move!r}: the number of actions to replay must be 0 or more")
    try:
        g = load_json(read_engine_text(path), upto=move)
    except SaveError as e:
        msg = str(e)
        raise ScenarioError(msg if msg.startswith((path, Path(path).name)) else f"{path}: {msg}") from None
    sc = Scenario(path=path, data={"view": {"as": g.cur if not g.over else 0}}, text="")
    sc.game = g
    return sc


# ---------------------------------------------------------------- frames
def cell_text(r: int, c: int) -> str:
    return cell_name((r, c))


def unit_marks(obs, view_as, game, display_states=None) -> list[UnitMark]:
    """UnitMarks from an observation (or the true state, as the current player, when view_as is None);
    states from the engine's overlays.unit_state, as in the game scene."""
    display_states = display_states or {}
    star = getattr(game, "board", None) == "star"
    if obs is None:
        return [UnitMark(c, u.owner, u.count, display_states.get(c, star_look(unit_state(u, game.cur), star)))
                for c, u in sorted(game.units.items())]
    return [UnitMark(u.cell, u.owner, u.count, display_states.get(u.cell, star_look(unit_state(u, obs.player), star)))
            for u in obs.units]


def build_frame(sc: Scenario, overrides: dict | None = None) -> Frame:
    """The Frame of a scenario: the viewer's observation plus the overlays from engine queries."""
    g = sc.game
    ovt = dict(sc.table("overlays"))
    if overrides:
        ovt.update({k: v for k, v in overrides.items() if v is not None})
    view_as = overrides.get("as", sc.view_as()) if overrides and "as" in overrides else sc.view_as()
    n = g.size
    star = sc.star()
    layout = None
    if star:
        layout = star_layout()
    if view_as is None:
        obs = None
        heights = np.asarray(g.heights).astype(np.int16)
        visible = np.ones((n, n), bool) if layout is None else layout.mask.copy()
        explored = visible.copy()
        if layout is not None:
            heights = np.where(layout.mask, heights, -1).astype(np.int16)
        fog = False
        ghosts = [(gh.cell, gh.radius) for gh in g.ghosts]
    else:
        obs = g.observe(view_as)
        heights, visible, explored = obs.heights, obs.visible, obs.explored
        fog = g.fog
        ghosts = list(obs.ghosts)
    units = unit_marks(obs, view_as, g, sc.display_states)
    ov = Overlays(show_counts=True)

    def cell_of(key):
        return sc.cell("overlays", key, ovt[key])

    if "select" in ovt:
        ov.selected = cell_of("select")
    for key in ("reach", "attack"):
        if key in ovt:
            c = cell_of(key)
            u = g.units.get(c)
            if u is None:
                raise sc.error("overlays", key, f"no unit on {ovt[key]}")
            ov.selected = c
            if key == "reach":
                ov.reachable = g.reachable(c)
                continue
            if star:  # the soldier's unit shoots at its 番数 in hex steps (S19e)
                rng = g.attack_range_of(c)
                ov.attack_area = hex_facts.attack_area(layout.mask, c, rng)
                ov.targets = g.attack_targets(c)
                seen = visible if view_as is not None else layout.mask
                ov.blocked_targets = hex_facts.blocked_targets(
                    c, rng, [t for t, o in g.units.items() if o.owner != u.owner and seen[t]], ov.targets)
                continue
            ov.attack_area = facts.attack_area((n, n), c, u.count)
            ov.targets = g.attack_targets(c)
            # the enemies the viewer sees (its observation: a unit withdrawn by 世外桃源 is not one, S20g)
            enemies = ([t for t, o in g.units.items() if o.owner != u.owner] if obs is None
                       else [e.cell for e in obs.units if e.owner != u.owner])
            ov.blocked_targets = facts.blocked_targets(c, u.count, enemies, ov.targets)
    if "sight" in ovt:
        s = ovt["sight"]
        if not (isinstance(s, list) and len(s) == 2):
            raise sc.error("overlays", "sight", "expected [from, to] cells")
        a, b = (sc.cell("overlays", "sight", x) for x in s)
        kind = ovt.get("sight_kind", "attack")
        if kind not in ("attack", "vision"):
            raise sc.error("overlays", "sight_kind", f"expected attack or vision, got {kind!r}")
        rows = g.sight_line(a, b, attack=(kind == "attack"))
        ov.sight_src, ov.sight_dst, ov.sight_cells = a, b, rows
        ov.sight_block = next((r["cell"] for r in rows if r["blocks"]), None)
        ov.sight_numbers = bool(ovt.get("numbers", True))
    if "vision" in ovt:
        c = cell_of("vision")
        cnt = ovt.get("vision_count")
        if cnt is not None and (not isinstance(cnt, int) or cnt < 1):
            raise sc.error("overlays", "vision_count", "expected a positive integer")
        ov.vision = g.cell_vision(c, cnt)
    if ovt.get("ghost"):
        ov.ghost_cells = hex_facts.ghost_area(layout.mask, ghosts) if star else facts.ghost_area((n, n), ghosts)
    if "path" in ovt:
        pts = ovt["path"]
        if not isinstance(pts, list) or len(pts) < 2:
            raise sc.error("overlays", "path", "expected a list of at least two cells")
        if star:
            raise sc.error("overlays", "path", "paths of straight legs are drawn on square maps only")
        cells = [sc.cell("overlays", "path", x) for x in pts]
        k = 0
        for (r0, c0), (r1, c1) in zip(cells, cells[1:]):
            if r0 != r1 and c0 != c1:
                raise sc.error("overlays", "path", f"{cell_text(r0, c0)} to {cell_text(r1, c1)} is not a straight leg")
            while (r0, c0) != (r1, c1):
                r0 += (r1 > r0) - (r1 < r0)
                c0 += (c1 > c0) - (c1 < c0)
                k += 1
                ov.reachable[(r0, c0)] = k
    if ovt.get("reinforce"):
        ov.reinforce_cells = g.reinforce_cells()
    labels = ovt.get("labels", ["counts"])
    if isinstance(labels, str):
        labels = [x for x in labels.split(",") if x]
    for lab in labels:
        if lab not in ("coords", "heights", "counts"):
            raise sc.error("overlays", "labels", f"unknown label kind {lab!r} (coords, heights, counts)")
    ov.show_coords = "coords" in labels
    ov.show_heights = "heights" in labels
    ov.show_counts = "counts" in labels
    return Frame(heights, visible, explored, units, ov, fog=fog,
                 viewer=view_as if view_as is not None else 0,
                 ghosts=ghosts if ovt.get("ghost") or ghosts else [], layout=layout)
