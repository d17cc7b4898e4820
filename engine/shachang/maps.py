"""沙场秋点兵 maps: the map file formats and reachability (the :class:`GameMap` value and its checks are
in engine/shachang/game_map.py, below this module and terrain.py, which both build maps).

A map is a square integer heightmap (``heights[row, col]``, non-negative, S5/S6) plus
each player's spawn cells (``spawns[player] = ((row, col), ...)``, S13/S17).

File formats (see docs/terrain.md):

* JSON::

    {"format": "shachang-map", "version": 1, "name": "...",
     "heights": [[0, 1, ...], ...], "spawns": [[[r, c], ...], ...]}

  Optional extra keys: ``"preset"`` (a preset key), ``"seed"`` (int),
  ``"description"`` (str). Anything else is rejected.
* ``.npy``: a 2-D integer heights array only (NumPy format, no pickles). The
  spawns are then placed by :func:`engine.shachang.terrain.place_spawns`, so the
  preset key and player count must be given.

Every loader either returns a complete, validated map or raises ``ValueError``
naming what is wrong; it never returns half a map.
"""
from __future__ import annotations

import io
import json
from collections import deque
from pathlib import Path
from typing import Any

import numpy as np

from engine.saves import parse_json, read_file
from engine.shachang.game_map import MAX_HEIGHT, Cell, GameMap, is_int
from engine.shachang.rules import preset
from engine.shachang.terrain import place_spawns

FORMAT = "shachang-map"
VERSION = 1
_OPTIONAL_KEYS = {"name", "preset", "seed", "description"}
_REQUIRED_KEYS = {"format", "version", "heights", "spawns"}
_NPY_MAGIC = b"\x93NUMPY"
MAX_MAP_BYTES = 16 * 1024 * 1024  # a 256x256 JSON map is about 0.3 MB, its .npy 128 KB

def passable_mask(m: GameMap) -> np.ndarray:
    """Cells a march may enter. In these rules height never blocks movement (S15): all of them."""
    return np.ones(m.heights.shape, dtype=bool)


def reachable_from(m: GameMap, start: Cell, passable: np.ndarray | None = None) -> np.ndarray:
    """4-neighbour (S1) breadth-first search over ``passable`` cells from ``start``."""
    ok = passable_mask(m) if passable is None else passable
    n = m.size
    seen = np.zeros((n, n), dtype=bool)
    if not ok[start]:
        return seen
    seen[start] = True
    q = deque([start])
    while q:
        r, c = q.popleft()
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < n and 0 <= cc < n and ok[rr, cc] and not seen[rr, cc]:
                seen[rr, cc] = True
                q.append((rr, cc))
    return seen


def all_spawns_reachable(m: GameMap, passable: np.ndarray | None = None) -> bool:
    """True when every spawn can reach every other spawn by 4-neighbour steps."""
    cells = [cell for player in m.spawns for cell in player]
    if not cells:
        return True
    seen = reachable_from(m, cells[0], passable)
    return all(bool(seen[cell]) for cell in cells)


# ---------------------------------------------------------------------------------------------
# JSON


def map_to_json(m: GameMap, **extra: Any) -> str:
    """The map as JSON text (one heights row per line). ``extra``: optional keys preset/seed/description."""
    m.validate()
    bad = set(extra) - (_OPTIONAL_KEYS - {"name"})
    if bad:
        raise ValueError(f"unknown map keys {sorted(bad)}; allowed: preset, seed, description")
    head = {"format": FORMAT, "version": VERSION, "name": m.name, **extra}
    lines = ["{"]
    for k, v in head.items():
        lines.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},")
    rows = [json.dumps([int(v) for v in row]) for row in m.heights]
    lines.append('  "heights": [')
    lines.append(",\n".join("    " + r for r in rows))
    lines.append("  ],")
    spawns = [[[int(r), int(c)] for r, c in p] for p in m.spawns]
    lines.append(f'  "spawns": {json.dumps(spawns)}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def map_from_dict(d: Any, *, source: str = "map") -> GameMap:
    """Build and validate a map from the parsed JSON object."""
    if not isinstance(d, dict):
        raise ValueError(f"{source}: top level must be a JSON object, got {type(d).__name__}")
    if d.get("format") != FORMAT:
        raise ValueError(f"{source}: not a shachang map (format is {d.get('format')!r}, "
                         f"expected {FORMAT!r})")
    v = d.get("version")
    if not is_int(v):
        raise ValueError(f"{source}: version must be an integer, got {v!r}")
    if v != VERSION:
        raise ValueError(f"{source}: unsupported map version {v} (this build reads version {VERSION})")
    missing = sorted(_REQUIRED_KEYS - set(d))
    if missing:
        raise ValueError(f"{source}: missing key(s) {', '.join(missing)}")
    unknown = sorted(set(d) - _REQUIRED_KEYS - _OPTIONAL_KEYS)
    if unknown:
        raise ValueError(f"{source}: unknown key(s) {', '.join(unknown)}")
    name = d.get("name", "")
    if not isinstance(name, str):
        raise ValueError(f"{source}: name must be a string, got {type(name).__name__}")
    if "seed" in d and not is_int(d["seed"]):
        raise ValueError(f"{source}: seed must be an integer, got {d['seed']!r}")
    if "description" in d and not isinstance(d["description"], str):
        raise ValueError(f"{source}: description must be a string")
    if "preset" in d and not isinstance(d["preset"], str):
        raise ValueError(f"{source}: preset must be a string")

    rows = d["heights"]
    if not isinstance(rows, list) or not rows:
        raise ValueError(f"{source}: heights must be a non-empty list of rows")
    n = len(rows)
    for i, row in enumerate(rows):
        if not isinstance(row, list):
            raise ValueError(f"{source}: heights row {i} is not a list")
        if len(row) != n:
            raise ValueError(f"{source}: heights must be square: row {i} has {len(row)} "
                             f"values, expected {n}")
        for j, v in enumerate(row):
            if not is_int(v):
                raise ValueError(f"{source}: height at ({i}, {j}) is {v!r}, not an integer")
            if v < 0:
                raise ValueError(f"{source}: height at ({i}, {j}) is {v}; heights must be non-negative")
            if v > MAX_HEIGHT:
                raise ValueError(f"{source}: height at ({i}, {j}) is {v}; maximum is {MAX_HEIGHT}")
    heights = np.array(rows, dtype=np.int16)

    sp = d["spawns"]
    if not isinstance(sp, list) or not sp:
        raise ValueError(f"{source}: spawns must be a non-empty list (one list of cells per player)")
    for i, player in enumerate(sp):
        if not isinstance(player, list):
            raise ValueError(f"{source}: spawns of player {i} must be a list of [row, col] cells")
        for cell in player:
            if (not isinstance(cell, list) or len(cell) != 2
                    or not all(is_int(x) for x in cell)):
                raise ValueError(f"{source}: player {i}: spawn {cell!r} is not an integer [row, col] pair")
    m = GameMap(heights=heights, spawns=sp, name=name)
    try:
        m.validate()
    except ValueError as e:
        raise ValueError(f"{source}: {e}") from None
    return m


def _load_npy(data: bytes, source: str, preset_key: str | None, players: int | None,
              seed: int) -> GameMap:
    if preset_key is None or players is None:
        raise ValueError(f"{source}: a .npy file holds heights only; give preset_key and players "
                         "so the spawns can be placed")
    try:
        arr = np.load(io.BytesIO(data), allow_pickle=False)
    except Exception as e:  # corrupt header, pickled objects, truncated data ...
        raise ValueError(f"{source}: not a readable .npy heights array ({e})") from None
    if not isinstance(arr, np.ndarray):
        raise ValueError(f"{source}: .npy must hold a single array")
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1] or arr.size == 0:
        raise ValueError(f"{source}: heights must be a non-empty square 2-D array, got shape {arr.shape}")
    if arr.dtype == np.bool_ or not (np.issubdtype(arr.dtype, np.integer)
                                     or np.issubdtype(arr.dtype, np.floating)):
        raise ValueError(f"{source}: heights must be integers, got dtype {arr.dtype}")
    if np.issubdtype(arr.dtype, np.floating):
        if not np.all(np.isfinite(arr)):
            raise ValueError(f"{source}: heights contain NaN or infinity")
        if not np.all(arr == np.round(arr)):
            r, c = np.argwhere(arr != np.round(arr))[0]
            raise ValueError(f"{source}: height at ({r}, {c}) is {arr[r, c]}, not an integer")
    if arr.min() < 0:
        r, c = np.argwhere(arr < 0)[0]
        raise ValueError(f"{source}: height at ({r}, {c}) is {arr[r, c]}; heights must be non-negative")
    if arr.max() > MAX_HEIGHT:
        raise ValueError(f"{source}: height {arr.max()} exceeds {MAX_HEIGHT}")
    heights = arr.astype(np.int16)
    spawns = place_spawns(heights, preset_key, players, seed)
    m = GameMap(heights=heights, spawns=spawns, name=Path(source).stem if source != "map" else "")
    m.validate(players)
    return m


def load_map(path_or_text: str | Path | bytes, *, preset_key: str | None = None,
             players: int | None = None, seed: int = 0) -> GameMap:
    """Load a map from a JSON or .npy file path, JSON text, or the bytes of either.

    For JSON, ``players`` / ``preset_key`` (when given) are checked against the file
    (player count; map size and spawns per player). For .npy they are required and the
    spawns are placed with ``place_spawns(heights, preset_key, players, seed)``.
    Raises ValueError (never returns a partial map) on anything corrupt or foreign.
    """
    source = "map"
    data: bytes | str
    if isinstance(path_or_text, (bytes, bytearray)):
        data = bytes(path_or_text)
    elif isinstance(path_or_text, str) and not path_or_text.strip():
        raise ValueError("empty map text (expected a file path or JSON text)")
    elif isinstance(path_or_text, Path) or (
            isinstance(path_or_text, str) and not path_or_text.lstrip().startswith(("{", "["))):
        p = Path(path_or_text)
        if not p.exists():
            hint = "" if isinstance(path_or_text, Path) else " (and the text is not a JSON object)"
            raise ValueError(f"map file not found: {p}{hint}")
        try:
            data = read_file(p, MAX_MAP_BYTES, what="map")
        except ValueError as e:
            raise ValueError(f"cannot read map file {p}: {e}") from None
        source = str(p)
    elif isinstance(path_or_text, str):
        data = path_or_text
    else:
        raise ValueError(f"load_map takes a path, JSON text or bytes, got {type(path_or_text).__name__}")

    if isinstance(data, bytes) and data.startswith(_NPY_MAGIC):
        m = _load_npy(data, source, preset_key, players, seed)
    else:
        if isinstance(data, bytes):
            if not data.strip():
                raise ValueError(f"{source}: empty file")
            try:
                text = data.decode("utf-8-sig")
            except UnicodeDecodeError:
                raise ValueError(f"{source}: neither a .npy array nor UTF-8 JSON text") from None
        else:
            text = data
        try:
            d = parse_json(text, limit=MAX_MAP_BYTES)
        except ValueError as e:
            msg = str(e).replace("not a save file: ", "").replace("invalid JSON", "not valid JSON")
            raise ValueError(f"{source}: {msg}") from None
        m = map_from_dict(d, source=source)
    try:
        if preset_key is not None:
            p = preset(preset_key)
            m.validate(players, spawns_per_player=p.spawns, size=p.size)
        elif players is not None:
            m.validate(players)
    except ValueError as e:
        raise ValueError(f"{source}: {e}") from None
    return m


def save_map(m: GameMap, path: str | Path, **extra: Any) -> Path:
    """Write the map as JSON (``map_to_json``). Returns the path."""
    p = Path(path)
    if p.suffix.lower() == ".npy":
        raise ValueError("save_map writes JSON; a .npy file would lose the spawns "
                         "(use numpy.save(path, m.heights) for heights only)")
    p.write_text(map_to_json(m, **extra), encoding="utf-8")
    return p
