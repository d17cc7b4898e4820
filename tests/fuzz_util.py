"""Save-file fuzzing shared by the save tests: the games and variants covered, and the mutated saves."""
from __future__ import annotations

import json
import random
import zlib

import numpy as np

from tests.cases_util import _cases


def cases() -> list[str]:
    """Every registered game, plus the variants the contract test covers ("sanguo:variant=jieqi")."""
    return _cases()


def split_case(case: str) -> tuple[str, dict]:
    gid, _, rest = case.partition(":")
    return gid, dict(kv.split("=", 1) for kv in rest.split(",")) if rest else {}


def mutations(text: str, game_ids: list[str], rng: random.Random):
    """(name, save text or bytes) pairs: the mutated saves."""
    data = json.loads(text)
    paths = [p for p, _ in _paths(data)]
    raw = text.encode("utf-8")
    out = []
    for _ in range(40):  # truncation
        n = rng.randrange(len(raw))
        out.append((f"truncated at {n}", raw[:n]))
    for _ in range(60):  # byte flips, mostly to characters that keep the text JSON-like
        b = bytearray(raw)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.choice(FLIPS) if rng.random() < 0.8 else rng.randrange(256)
        out.append(("byte flips", bytes(b)))
    rare = [p for p in paths if len(p) < 3]  # not inside a long list (a map's rows)
    for k in range(120):  # a value of the wrong type or out of range
        p = rng.choice(rare if k % 2 else paths)
        v = rng.choice(WRONG)
        out.append((f"{p} = {json.dumps(v)[:30]}", json.dumps(_set(data, p, v))))
    for p in rng.sample(paths, min(20, len(paths))):  # a key or an item missing
        if p:
            out.append((f"del {p}", json.dumps(_delete(data, p))))
    for lit in ("Infinity", "-Infinity", "NaN", "1e400", "9" * 5000, "-" + "9" * 4400, "1" * 31):
        for p in rng.sample(paths[1:], min(6, len(paths) - 1)):
            marker = "\"@@@\""
            t = json.dumps(_set(data, p, "@@@")).replace(marker, lit, 1)
            out.append((f"{p} = {lit[:12]}", t))
    for depth in (33, 200, 5000, 100000):  # deep nesting, of the whole save and of one value
        out.append((f"nested {depth}", "[" * depth + text + "]" * depth))
        p = rng.choice(paths[1:])
        out.append((f"{p} nested {depth}", json.dumps(_set(data, p, "@@@")).replace(
            "\"@@@\"", "[" * depth + "]" * depth, 1)))
    for gid in game_ids + ["chess", "", 7]:  # foreign games: another id on this save
        out.append((f"game = {gid!r}", json.dumps(_set(data, ("game",), gid))))
    for v in ([data.get("game")], {"id": data.get("game")}, None, 1):
        out.append((f"game = {v!r}", json.dumps(_set(data, ("game",), v))))
    for v in (0, 2, -1, 10**30, "1", None, 1.0):
        out.append((f"version = {v!r}", json.dumps(_set(data, ("version",), v))))
    out += [("empty", ""), ("null", "null"), ("list", "[]"), ("number", "42"), ("bom", "\ufeff" + text),
            ("not utf-8", b"\xff\xfe" + raw), ("surrogate", text.replace("}", "\"\ud800\":1}", 1))]
    return out


def _paths(v, path=()):
    """Every (path, value) inside a JSON value."""
    yield path, v
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _paths(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v[:6]):  # a few items of long lists (map rows) are enough
            yield from _paths(x, path + (i,))
        if len(v) > 6:
            yield from _paths(v[-1], path + (len(v) - 1,))


def _set(data, path, value):
    data = json.loads(json.dumps(data))
    if not path:
        return value
    cur = data
    for k in path[:-1]:
        cur = cur[k]
    cur[path[-1]] = value
    return data


def _delete(data, path):
    data = json.loads(json.dumps(data))
    cur = data
    for k in path[:-1]:
        cur = cur[k]
    del cur[path[-1]]
    return data


def _deep(n: int):
    v: object = 0
    for _ in range(n):
        v = [v]
    return v


FLIPS = b'0123456789[]{},:"-.eE ntfalsrux'


WRONG = [None, True, False, 0, -1, 1, 65537, 40000, -2**63, 2**64, 1.5, -0.0, "", "x", "c3",
         "a" * 5000, [], [[]], [None], [1, 2, 3], {}, {"a": 1}, _deep(40), [[0] * 3] * 3]


def shared_ids(game) -> set[int]:
    """The objects ``game`` shares with a copy of itself loaded from its save: the tables every game of its kind
    reads (a board's layout, rule tables), which :func:`deep_state` need not walk at every action."""
    mine, theirs = set(), set()
    deep_state(game, mine)
    deep_state(game.clone(), theirs)
    return mine & theirs


def deep_state(obj, seen: set | None = None, path: str = "g") -> list[tuple[str, str]]:
    """Everything reachable from a game object — attributes, containers, numpy arrays (by their bytes), random
    generators (by their state) — as (path, value) pairs: two equal lists mean the same state, caches included
    (a refused action that leaves a cache behind changed the state; to_json() alone, the action log, misses it).
    Objects whose ids are in ``seen`` are left out (:func:`shared_ids`); it collects the ids of those walked."""
    seen = set() if seen is None else seen
    if isinstance(obj, (int, float, str, bytes, bool, type(None))):
        return [(path, repr(obj))]
    if id(obj) in seen or isinstance(obj, type) or callable(obj) and not hasattr(obj, "__dict__"):
        return []
    seen.add(id(obj))
    if isinstance(obj, np.ndarray):
        return [(path, f"{obj.dtype}{obj.shape}:{zlib.crc32(np.ascontiguousarray(obj).tobytes())}")]
    if isinstance(obj, random.Random):
        return [(path, repr(obj.getstate()))]
    if isinstance(obj, np.random.Generator):
        return [(path, repr(obj.bit_generator.state))]
    if isinstance(obj, dict):
        out = [(path, f"dict of {len(obj)}")]
        for k in sorted(obj, key=repr):
            out += deep_state(obj[k], seen, f"{path}[{k!r}]")
        return out
    if isinstance(obj, (list, tuple)):
        out = [(path, f"{type(obj).__name__} of {len(obj)}")]
        for i, v in enumerate(obj):
            out += deep_state(v, seen, f"{path}[{i}]")
        return out
    if isinstance(obj, (set, frozenset)):
        return [(path, repr(sorted(map(repr, obj))))]
    fields = dict(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        for s in getattr(cls, "__slots__", ()):
            if hasattr(obj, s):
                fields.setdefault(s, getattr(obj, s))
    if not fields:
        return [(path, repr(obj)[:80])]
    out = [(path, type(obj).__name__)]
    for k in sorted(fields):
        out += deep_state(fields[k], seen, f"{path}.{k}")
    return out
