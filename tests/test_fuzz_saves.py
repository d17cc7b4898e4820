"""Mutated saves of every registered game raise only SaveError (issue 18), through the engine's
``registry.load_game`` and through the client's load path (client.savefile, the autosave/F5 reader).

For each game in engine.registry.GAMES (games added later are picked up by themselves) a short
seeded random game gives a real save; it is then truncated, byte-flipped, given wrong types,
NaN/Infinity, huge integers, deep nesting and other games' ids. Anything but a loaded game or
a SaveError with a message in words is a failure. Deterministic (seeded), a few hundred
mutations per game.
"""
from __future__ import annotations

import json
import random
import re
import signal
import zlib
from contextlib import contextmanager

import pytest

from engine import registry
from engine.api import Game, SaveError
from tests.fuzz_util import _set, cases, mutations, split_case
from tests.save_lang_util import english_words

SMALL = {"shachang": {"preset": "standard"}}
MUTATIONS = 300
# texts of Python's own errors that must never reach a player as a save's problem
INTERNAL = ("' object", "has no attribute", "unhashable", "not subscriptable", "object of type",
            "unsupported operand", "invalid literal", "Traceback", "Exceeds the limit", "NoneType")


@contextmanager
def time_limit(seconds: int, what: str):
    """Fail instead of hanging when a load loops forever."""
    def on_alarm(signum, frame):
        raise TimeoutError(f"{what} took over {seconds} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def real_save(game_id: str, moves: int = 12, extra: dict | None = None) -> str:
    """The save of a short seeded random game of ``game_id`` (with the variant options ``extra``)."""
    info = registry.get(game_id)
    opts = dict(info.options)
    opts.update(SMALL.get(game_id, {}))
    opts.update(extra or {})
    g = info.new_game(**opts)
    rng = random.Random(zlib.crc32(game_id.encode()))
    for _ in range(moves):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g.to_json()


def client_wrapped(inner, rng: random.Random):
    """Client saves (seats and viewer around the engine save) with the wrapper itself mutated."""
    base = {"format": "zhanqi-client-save", "version": 1, "seats": ["human", "random", "random"],
            "viewer": 0, "engine_save": inner}
    out = []
    for key, vals in (("seats", [None, [], ["wizard"], [1, 2], "human", ["human"] * 9]),
                      ("viewer", [-1, 99, 1.5, None, "0", 2**70]),
                      ("engine_save", [None, 5, [], {"game": "anqi"}, "", "{}", "[" * 3000]),
                      ("version", [2, None, "1"])):
        for v in vals:
            d = dict(base)
            d[key] = v
            out.append((f"client {key} = {str(v)[:20]}", json.dumps(d)))
    return out


def _check(load, name, blob, failures, game_id):
    try:
        with time_limit(10, name):
            g = load(blob)
    except SaveError as e:
        msg = str(e)
        if not msg or any(t in msg for t in INTERNAL):
            failures.append(f"{game_id} {name}: SaveError in internal words: {msg[:200]!r}")
        elif english_words(e.text("zh")):  # (the Chinese screen shows this text: session 20)
            failures.append(f"{game_id} {name}: English in the Chinese refusal: {e.text('zh')[:200]!r}")
        elif len(msg) > 600:
            failures.append(f"{game_id} {name}: a SaveError of {len(msg)} characters (it quotes a long "
                            f"value instead of describing it): {msg[:80]!r}...")
    except BaseException as e:  # noqa: BLE001 — anything else is the bug this test looks for
        if isinstance(e, KeyboardInterrupt):
            raise
        failures.append(f"{game_id} {name}: {type(e).__name__}: {str(e)[:160]}")
    else:
        if isinstance(g, tuple):
            g = g[0]
        if not isinstance(g, Game):
            failures.append(f"{game_id} {name}: loaded something that is not a Game: {type(g).__name__}")


@pytest.mark.parametrize("case", cases())
def test_mutated_saves_raise_only_save_error(case):
    from client.savefile import load_text

    game_id, extra = split_case(case)
    text = real_save(game_id, extra=extra)
    rng = random.Random(zlib.crc32(b"fuzz " + case.encode()))
    cases = mutations(text, sorted(registry.GAMES), rng)[:MUTATIONS + 60]
    failures: list[str] = []
    for name, blob in cases:
        _check(registry.load_game, name, blob, failures, game_id)
    for name, blob in cases[::3]:
        _check(load_text, "client " + name, blob, failures, game_id)
    inner = json.dumps(_set(json.loads(text), (), json.loads(text)))
    for name, blob in client_wrapped(inner, rng):
        _check(load_text, name, blob, failures, game_id)
    # a mutated engine save inside a sound client wrapper
    for name, blob in cases[1::7]:
        if isinstance(blob, bytes):
            blob = blob.decode("utf-8", "replace")
        n = registry.load_game(text).num_players
        wrapped = json.dumps({"format": "zhanqi-client-save", "version": 1, "seats": ["human"] * n,
                              "viewer": 0, "engine_save": blob})
        _check(load_text, "wrapped " + name, wrapped, failures, game_id)
    assert not failures, f"{len(failures)} of the mutated saves escaped SaveError:\n" + "\n".join(failures[:40])


@pytest.mark.parametrize("case", cases())
def test_the_real_save_loads_through_both_paths(case):
    """The unmutated save loads (so the mutations above start from a sound save)."""
    from client.savefile import load_text, save_text

    game_id, extra = split_case(case)
    text = real_save(game_id, extra=extra)
    g = registry.load_game(text)
    assert g.to_json() == text
    g2, seats, viewer, _ = load_text(save_text(g, ["human"] * g.num_players, 0))
    assert g2.to_json() == text and seats == ["human"] * g.num_players and viewer == 0


# ------------------------------------------------------------------ 沙场秋点兵: values by meaning
def _shachang_with_setup() -> dict:
    """A save of a game that starts from a given position (the setup key is checked by meaning)."""
    from engine.shachang import new_game

    g = new_game("standard", seed=4)
    data = json.loads(g.to_json())
    data["start"]["setup"] = {"units": [[0, "c3", 3, "settled"], [1, "f6", 2]], "reserve": [8, 8], "current": 0,
                     "round": 3, "hits": 1, "explored": "none"}
    return data


@pytest.mark.parametrize("path, raw, words", [
    (("options", "round_limit"), "Infinity", "Infinity is not a number"),
    (("options", "round_limit"), "0", "round_limit is 0, it must be 1..1000000"),
    (("options", "round_limit"), "1.5", "round_limit must be an integer"),
    (("options", "players"), "9", "players is 9, it must be 2.."),
    (("setup", "current"), "Infinity", "Infinity"),
    (("setup", "current"), "2", "current is 2, it must be 0..1"),
    (("setup", "round"), "1e400", "out of range"),
    (("setup", "round"), "65", "round is 65, it must be 1..64"),
    (("setup", "hits"), "-1", "hits is -1"),
    (("setup", "hits"), "NaN", "NaN"),
    (("setup", "reserve"), "[8, 99]", "reserve must list 2 integers 0..16"),
    (("setup", "units"), '[[0, "c3", 3, "moves=9"]]', "move power must be 0..3"),
    (("setup", "units"), '[[0, "c3", 99]]', "count must be 1..8"),
    (("setup", "units"), '[[0, [0, 99], 1]]', "off the 8x8 board"),
    (("map", "spawns"), "[[[0, Infinity]], [[7, 7]]]", "Infinity"),
    (("map", "spawns"), "[[[0, 0.5]], [[7, 7]]]", "must be [row, col] integers"),
    (("map", "spawns"), "[[[0, 0]], [[7, 70]]]", "off the 8x8 map"),
    (("map", "heights"), None, "height 65537 at c3 exceeds 32767"),
])
def test_shachang_values_are_checked_by_meaning(path, raw, words):
    """Issue 18: Infinity in round_limit, setup current/round/hits, spawns; heights before the int16
    cast (65537 used to load as 1) — each refused with a message in words."""
    data = _shachang_with_setup()
    box = data["start"] if path[0] in ("setup", "map") else data  # the start position's keys (one envelope)
    if raw is None:
        box["map"]["heights"][2][2] = 65537
        text = json.dumps(data)
    else:
        box[path[0]][path[1]] = "@@@"
        text = json.dumps(data).replace('"@@@"', raw, 1)
    with pytest.raises(SaveError, match=re.escape(words)):
        registry.load_game(text)


def test_shachang_setup_save_loads():
    g = registry.load_game(json.dumps(_shachang_with_setup()))
    assert g.round == 3 and g.hits == 1 and g.units[(2, 2)].count == 3


def test_oversized_save_text_is_refused_before_parsing(monkeypatch):
    from engine import saves

    calls = []
    monkeypatch.setattr(json, "loads", lambda *a, **k: calls.append(1))
    big = '{"game": "shachang", "pad": "' + "x" * saves.MAX_SAVE_BYTES + '"}'
    with pytest.raises(SaveError, match="over the limit"):
        registry.load_game(big)
    with pytest.raises(SaveError, match="nested 40 deep"):
        registry.load_game("[" * 40 + "]" * 40)
    assert calls == []  # refused before json.loads


def test_nesting_depth_ignores_brackets_inside_strings():
    from engine.saves import nesting_depth

    assert nesting_depth('{"a": "[[[[", "b": ["]]", "\\\"[["]}') == 2
    assert nesting_depth("") == 0 and nesting_depth("[[[]]]") == 3
