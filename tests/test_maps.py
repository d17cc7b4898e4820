"""GameMap checks and map files (engine/shachang/maps.py)."""
from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest

from engine.shachang.maps import (GameMap, all_spawns_reachable, load_map, map_to_json, save_map)
from engine.shachang.terrain import generate, place_spawns

ASSET_MAPS = Path(__file__).resolve().parents[1] / "assets" / "maps"


def good_dict():
    return {"format": "shachang-map", "version": 1, "name": "t",
            "heights": [[0, 1, 2], [1, 2, 3], [0, 0, 5]],
            "spawns": [[[0, 0]], [[2, 2]]]}


def text(d):
    return json.dumps(d)


# --- GameMap.validate ----------------------------------------------------------------------

def test_validate_ok_returns_self():
    m = GameMap(np.zeros((4, 4), dtype=np.int16), (((0, 0),), ((3, 3),)))
    assert m.validate(2) is m
    assert m.validate(2, spawns_per_player=1, size=4) is m
    assert m.size == 4 and m.players == 2


@pytest.mark.parametrize("heights,msg", [
    (np.zeros((3, 4), dtype=np.int16), "square"),
    (np.zeros((4,), dtype=np.int16), "2-D"),
    (np.zeros((2, 2, 2), dtype=np.int16), "2-D"),
    (np.zeros((0, 0), dtype=np.int16), "empty"),
    (np.full((4, 4), 0.5), "integers"),
    (np.zeros((4, 4), dtype=bool), "integers"),
    (np.array([[0, 0, 0, 0]] * 3 + [[0, -1, 0, 0]], dtype=np.int16), "non-negative"),
    ([[0, 0], [0, 0]], "numpy array"),
])
def test_validate_bad_heights(heights, msg):
    spawns = (((0, 0),), ((1, 1),))
    with pytest.raises(ValueError, match=msg):
        GameMap(heights, spawns).validate(2)


@pytest.mark.parametrize("spawns,players,msg", [
    ((((0, 0),), ((4, 4),)), 2, "outside"),
    ((((0, 0),), ((-1, 2),)), 2, "outside"),
    ((((0, 0),), ((0, 0),)), 2, "duplicate"),
    ((((0, 0), (1, 1)), ((1, 1), (3, 3))), 2, "duplicate"),
    ((((0, 0),), ((3, 3),)), 3, "expected 3"),
    ((((0, 0), (0, 2)), ((3, 3),)), 2, "different spawn counts"),
    ((((0, 0),), ()), 2, "no spawn"),
    ((((0, 0),), ((3.0, 3),)), 2, "integer"),
    ((((0, 0),), ((3, 3, 3),)), 2, "integer"),
    ((((0, 0),), ((True, 1),)), 2, "integer"),
])
def test_validate_bad_spawns(spawns, players, msg):
    with pytest.raises(ValueError, match=msg):
        GameMap(np.zeros((4, 4), dtype=np.int16), spawns).validate(players)


def test_validate_wrong_spawns_per_player_and_size():
    m = GameMap(np.zeros((4, 4), dtype=np.int16), (((0, 0),), ((3, 3),)))
    with pytest.raises(ValueError, match="expected 2"):
        m.validate(2, spawns_per_player=2)
    with pytest.raises(ValueError, match="expected 8x8"):
        m.validate(2, size=8)


def test_equality_and_lists_frozen():
    a = GameMap(np.zeros((2, 2), dtype=np.int16), [[[0, 0]], [[1, 1]]])
    b = GameMap(np.zeros((2, 2), dtype=np.int16), (((0, 0),), ((1, 1),)))
    assert a == b and a.spawns == (((0, 0),), ((1, 1),))
    assert a != GameMap(np.ones((2, 2), dtype=np.int16), b.spawns)
    assert a != GameMap(b.heights, b.spawns, name="x")


# --- JSON round trip -----------------------------------------------------------------------

@pytest.mark.parametrize("key,players", [("standard", 2), ("medium", 4), ("medium", 3),
                                         ("large", 8)])
def test_json_round_trip(key, players, tmp_path):
    m = generate(key, players, 5)
    t = map_to_json(m)
    back = load_map(t)
    assert back == m and back.heights.dtype == np.int16
    assert load_map(t, preset_key=key, players=players) == m
    p = save_map(m, tmp_path / "m.json", preset=key, seed=5)
    assert load_map(p) == m and load_map(str(p)) == m
    assert load_map(p.read_bytes()) == m
    d = json.loads(p.read_text(encoding="utf-8"))
    assert d["format"] == "shachang-map" and d["version"] == 1 and d["preset"] == key


def test_json_is_readable_one_row_per_line():
    t = map_to_json(generate("standard", 2, 1))
    assert t.count("\n") >= 8 + 5


def test_map_to_json_rejects_unknown_extra():
    with pytest.raises(ValueError, match="unknown map keys"):
        map_to_json(generate("standard", 2, 1), colour="red")


def test_save_map_refuses_npy(tmp_path):
    with pytest.raises(ValueError, match="npy"):
        save_map(generate("standard", 2, 1), tmp_path / "m.npy")


def test_unicode_name_and_bom(tmp_path):
    m = GameMap(np.zeros((8, 8), dtype=np.int16), (((0, 0),), ((7, 7),)), name="山岭")
    p = tmp_path / "bom.json"
    p.write_bytes(b"\xef\xbb\xbf" + map_to_json(m).encode("utf-8"))
    assert load_map(p).name == "山岭"


# --- example maps ---------------------------------------------------------------------------

def test_shipped_maps_load():
    files = sorted(ASSET_MAPS.glob("*.json"))
    assert files
    for f in files:
        d = json.loads(f.read_text(encoding="utf-8"))
        m = load_map(f, preset_key=d["preset"], players=len(d["spawns"]))
        assert all_spawns_reachable(m)
        assert m.name


def test_central_ridge_example_blocks_sight():
    from engine.shachang.sight import line_clear
    m = load_map(ASSET_MAPS / "standard_central_ridge.json", preset_key="standard", players=2)
    assert m.spawns == (((0, 0),), ((7, 7),))
    h = m.heights
    assert h.max() == 6 and h[0, 0] == h[7, 7] == 0
    # a 3-stack on (0,0) cannot see (6,7) behind the ridge ...
    assert not line_clear(h, (0, 0), (6, 7), 3, int(h[6, 7]))
    # ... but the pass lets it see along the diagonal through (3,3),(4,4)
    assert line_clear(h, (0, 0), (7, 7), 3, int(h[7, 7]))


# --- .npy ------------------------------------------------------------------------------------

def npy_bytes(arr):
    b = io.BytesIO()
    np.save(b, arr)
    return b.getvalue()


def test_npy_load_places_spawns(tmp_path):
    g = generate("medium", 3, 9)
    p = tmp_path / "h.npy"
    np.save(p, g.heights)
    m = load_map(p, preset_key="medium", players=3, seed=9)
    assert np.array_equal(m.heights, g.heights) and m.heights.dtype == np.int16
    assert m.spawns == place_spawns(g.heights, "medium", 3, 9)
    m.validate(3, spawns_per_player=2, size=16)
    assert m.name == "h"
    # integral floats and other integer dtypes are accepted
    assert load_map(npy_bytes(g.heights.astype(np.float64)), preset_key="medium", players=3,
                    seed=9) == GameMap(m.heights, m.spawns)
    assert load_map(npy_bytes(g.heights.astype(np.uint8)), preset_key="medium", players=3,
                    seed=9).heights.dtype == np.int16


def test_npy_standard_corners():
    m = load_map(npy_bytes(np.zeros((8, 8), dtype=np.int32)), preset_key="standard", players=2)
    assert m.spawns == (((0, 0),), ((7, 7),))


@pytest.mark.parametrize("arr,kw,msg", [
    (np.zeros((16, 16), dtype=np.int16), {}, "preset_key and players"),
    (np.zeros((16, 16), dtype=np.int16), {"preset_key": "medium"}, "preset_key and players"),
    (np.zeros((16, 8), dtype=np.int16), {"preset_key": "medium", "players": 2}, "square"),
    (np.zeros((16,), dtype=np.int16), {"preset_key": "medium", "players": 2}, "square"),
    (np.zeros((8, 8), dtype=np.int16), {"preset_key": "medium", "players": 2}, "does not match"),
    (np.full((16, 16), 1.5), {"preset_key": "medium", "players": 2}, "not an integer"),
    (np.full((16, 16), np.nan), {"preset_key": "medium", "players": 2}, "NaN"),
    (np.full((16, 16), -1, dtype=np.int16), {"preset_key": "medium", "players": 2}, "non-negative"),
    (np.full((16, 16), 40000, dtype=np.int32), {"preset_key": "medium", "players": 2}, "exceeds"),
    (np.zeros((16, 16), dtype=bool), {"preset_key": "medium", "players": 2}, "integers"),
    (np.array([["a"] * 16] * 16), {"preset_key": "medium", "players": 2}, "integers"),
    (np.zeros((16, 16), dtype=np.int16), {"preset_key": "medium", "players": 9}, "players"),
    (np.zeros((16, 16), dtype=np.int16), {"preset_key": "nope", "players": 2}, "unknown preset"),
])
def test_npy_errors(arr, kw, msg):
    with pytest.raises(ValueError, match=msg):
        load_map(npy_bytes(arr), **kw)


def test_npy_corrupt_and_pickled(tmp_path):
    good = npy_bytes(np.zeros((16, 16), dtype=np.int16))
    with pytest.raises(ValueError, match="npy"):
        load_map(good[:len(good) - 40], preset_key="medium", players=2)  # truncated data
    with pytest.raises(ValueError, match="npy"):
        load_map(good[:20], preset_key="medium", players=2)  # truncated header
    obj = np.empty((16, 16), dtype=object)
    obj[:] = 0
    b = io.BytesIO()
    np.save(b, obj, allow_pickle=True)
    with pytest.raises(ValueError, match="npy"):
        load_map(b.getvalue(), preset_key="medium", players=2)


# --- bad JSON files ---------------------------------------------------------------------------

def mutate(**changes):
    d = good_dict()
    for k, v in changes.items():
        if v is ...:
            del d[k]
        else:
            d[k] = v
    return text(d)


@pytest.mark.parametrize("src,msg", [
    ("", "empty map text"),
    ("   \n", "empty map text"),
    ("{", "not valid JSON"),
    ('{"format": "shachang-map", "version": 1, "heights": [[0]], "spawns": [[[0, 0]]],}', "not valid JSON"),
    ("[1, 2, 3]", "JSON object"),
    ('"just a string"', "not found.*not a JSON object"),
    (mutate(format="tiled-map"), "not a shachang map"),
    (mutate(format=...), "not a shachang map"),
    (mutate(version=2), "unsupported map version 2"),
    (mutate(version="1"), "version must be an integer"),
    (mutate(version=True), "version must be an integer"),
    (mutate(version=...), "version must be an integer"),
    (mutate(heights=...), "missing key"),
    (mutate(spawns=...), "missing key"),
    (mutate(colour="red"), "unknown key"),
    (mutate(name=5), "name must be a string"),
    (mutate(seed="x"), "seed must be an integer"),
    (mutate(preset=3), "preset must be a string"),
    (mutate(description=[]), "description must be a string"),
    (mutate(heights=[]), "non-empty list of rows"),
    (mutate(heights={"a": 1}), "non-empty list of rows"),
    (mutate(heights=[[0, 1, 2], [1, 2], [0, 0, 5]]), "square"),
    (mutate(heights=[[0, 1], [1, 2], [0, 0]]), "square"),
    (mutate(heights=[[0, 1, 2], 7, [0, 0, 5]]), "row 1 is not a list"),
    (mutate(heights=[[0, 1, 2], [1, 2.5, 3], [0, 0, 5]]), r"\(1, 1\) is 2.5, not an integer"),
    (mutate(heights=[[0, 1, 2], [1, 2.0, 3], [0, 0, 5]]), "not an integer"),
    (mutate(heights=[[0, 1, 2], [1, "2", 3], [0, 0, 5]]), "not an integer"),
    (mutate(heights=[[0, 1, 2], [1, None, 3], [0, 0, 5]]), "not an integer"),
    (mutate(heights=[[0, 1, 2], [1, True, 3], [0, 0, 5]]), "not an integer"),
    (mutate(heights=[[0, 1, 2], [1, -2, 3], [0, 0, 5]]), "non-negative"),
    (mutate(heights=[[0, 1, 2], [1, 99999, 3], [0, 0, 5]]), "maximum"),
    (mutate(spawns=[]), "spawns must be a non-empty list"),
    (mutate(spawns={"0": [0, 0]}), "spawns must be a non-empty list"),
    (mutate(spawns=[[0, 0], [2, 2]]), "not an integer \\[row, col\\] pair"),
    (mutate(spawns=[[[0, 0]], "x"]), "player 1 must be a list"),
    (mutate(spawns=[[[0, 0]], [[2, 2, 2]]]), "pair"),
    (mutate(spawns=[[[0, 0]], [[2, "2"]]]), "pair"),
    (mutate(spawns=[[[0, 0]], [[3, 0]]]), "outside the 3x3 map"),
    (mutate(spawns=[[[0, 0]], [[0, 0]]]), "duplicate spawn"),
    (mutate(spawns=[[[0, 0]], []]), "player 1 has no spawn"),
    (mutate(spawns=[[[0, 0], [0, 2]], [[2, 2]]]), "different spawn counts"),
])
def test_bad_json(src, msg):
    with pytest.raises(ValueError, match=msg):
        load_map(src)


def test_bad_json_against_preset():
    t = text(good_dict())
    with pytest.raises(ValueError, match="expected 8x8"):
        load_map(t, preset_key="standard", players=2)
    with pytest.raises(ValueError, match="expected 3"):
        load_map(t, players=3)
    medium = map_to_json(generate("medium", 2, 0))
    with pytest.raises(ValueError, match="expected 4"):
        load_map(medium, preset_key="medium", players=4)
    two_each = map_to_json(GameMap(np.zeros((8, 8), dtype=np.int16),
                                   (((0, 0), (2, 2)), ((7, 7), (5, 5)))))
    with pytest.raises(ValueError, match="has 2 spawn\\(s\\), expected 1"):
        load_map(two_each, preset_key="standard")


def test_bad_files(tmp_path):
    with pytest.raises(ValueError, match="not found"):
        load_map(tmp_path / "missing.json")
    with pytest.raises(ValueError, match="not found"):
        load_map(str(tmp_path / "missing.json"))
    with pytest.raises(ValueError, match="cannot read"):
        load_map(tmp_path)  # a directory
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    with pytest.raises(ValueError, match="empty file"):
        load_map(empty)
    binary = tmp_path / "x.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe")
    with pytest.raises(ValueError, match="neither a .npy array nor UTF-8"):
        load_map(binary)
    trunc = tmp_path / "t.json"
    trunc.write_text(map_to_json(generate("standard", 2, 0))[:100], encoding="utf-8")
    with pytest.raises(ValueError, match=f"{trunc.name}.*not valid JSON"):
        load_map(trunc)
    deep = "[" * 100000 + "]" * 100000
    with pytest.raises(ValueError):
        load_map(deep)
    with pytest.raises(ValueError, match="takes a path"):
        load_map(12)  # type: ignore[arg-type]


def test_error_names_the_file(tmp_path):
    p = tmp_path / "foreign.json"
    p.write_text(json.dumps({"type": "FeatureCollection"}), encoding="utf-8")
    with pytest.raises(ValueError, match="foreign.json: not a shachang map"):
        load_map(p)


def test_shipped_generated_map_matches_generator():
    """Golden file: if the generator changes on purpose, regenerate assets/maps/medium_seed2026.json."""
    m = load_map(ASSET_MAPS / "medium_seed2026.json")
    g = generate("medium", 2, 2026)
    assert np.array_equal(m.heights, g.heights) and m.spawns == g.spawns


# --- fuzz: corrupt files give ValueError or a whole, valid map ----------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

_GOOD = map_to_json(GameMap(np.arange(64, dtype=np.int16).reshape(8, 8) % 7,
                            (((0, 0),), ((7, 7),)), name="fuzz")).encode("utf-8")
_GOOD_NPY = npy_bytes(np.arange(256, dtype=np.int16).reshape(16, 16) % 9)


def _only_value_error(data, **kw):
    try:
        m = load_map(data, **kw)
    except ValueError:
        return
    m.validate()  # anything returned is complete and valid
    assert m.heights.dtype == np.int16


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_fuzz_corrupt_json(data):
    b = bytearray(_GOOD)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(b) - 1))
        b[i] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(1, len(b)))
    _only_value_error(bytes(b[:cut]))


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_fuzz_corrupt_npy(data):
    b = bytearray(_GOOD_NPY)
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(b) - 1))
        b[i] = data.draw(st.integers(0, 255))
    cut = data.draw(st.integers(6, len(b)))
    _only_value_error(bytes(b[:cut]), preset_key="medium", players=2)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(st.integers(0, 32767), min_size=5, max_size=5), min_size=5, max_size=5),
       st.text(max_size=20))
def test_round_trip_property(rows, name):
    m = GameMap(np.array(rows, dtype=np.int16), (((0, 0), (2, 2)), ((4, 4), (0, 4))), name=name)
    assert load_map(map_to_json(m)) == m


# --- issue 18: map files are read like saves (regular files, size limit, numbers in words) ------

def test_map_files_that_are_not_regular_files_are_refused(tmp_path):
    import os

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="not a regular file"):
        load_map(fifo)  # refused without opening it: nothing waits for a writer
    with pytest.raises(ValueError, match="not a regular file"):
        load_map("/dev/zero")  # never read (it has no end)


def test_oversized_map_file_is_refused_before_reading(tmp_path):
    from engine.shachang.maps import MAX_MAP_BYTES

    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(MAX_MAP_BYTES + 1)  # a sparse file: no disk used
    with pytest.raises(ValueError, match="over the map size limit"):
        load_map(big)


@pytest.mark.parametrize("value, words", [("Infinity", "Infinity"), ("NaN", "NaN"), ("1e400", "out of range"),
                                          ("9" * 5000, "5000 digits"), ("65537", "maximum is 32767")])
def test_map_json_numbers_are_refused_in_words(value, words):
    text = map_to_json(GameMap(np.zeros((8, 8), dtype=np.int16), (((0, 0),), ((7, 7),))))
    bad = text.replace("[0, 0, 0", f"[{value}, 0, 0", 1)
    with pytest.raises(ValueError, match=words) as e:
        load_map(bad)
    assert "Exceeds the limit" not in str(e.value) and "object" not in str(e.value)
