"""The reconstructed data (辛亥革命's map, cards and markers, X2/X3; 江山's unit table and scenario, J1/J2) is
validated when loaded: a broken file gives one DataError naming the file, the entry and the field. Found by the
designer QA breaking copies of the files: a misspelt key ("efect", "captures", "facng") was silently ignored, so a
card lost its effect or a unit its captures without a word, and a marker face with an unknown region or extra was
called "malformed (two faces, different regions)", which names neither."""
from __future__ import annotations

import copy
import tomllib

import pytest

from engine.jiangshan import data as js
from engine.xinhai import data as xh


def xinhai_rules_with(monkeypatch, name: str, change) -> None:
    """Load 辛亥革命's data with ``change`` applied to the parsed ``name`` file (the real files stay as they are)."""
    real = xh._read

    def read(n):
        d = real(n)
        if n == name:
            d = copy.deepcopy(d)
            change(d)
        return d

    monkeypatch.setattr(xh, "_read", read)
    xh.rules.__wrapped__()


def _event(d):
    return d["event"][0]


@pytest.mark.parametrize("name, change, words", [
    ("cards.toml", lambda d: _event(d).update(efect=_event(d).pop("effect")),
     "cards.toml: event 'rev' 1: 'efect' is not a field here"),
    ("cards.toml", lambda d: _event(d).update(effect="moral"), "event 'rev' 1: effect 'moral' is not one of morale"),
    ("cards.toml", lambda d: _event(d).update(value="one"), "event 'rev' 1: value 'one' must be an integer"),
    ("cards.toml", lambda d: d["setup"][0].update(bonus=3), "cards.toml setup card 1: 'bonus' is not a field here"),
    ("cards.toml", lambda d: d["setup"][0].pop("zh"), "cards.toml setup card 1: missing key 'zh'"),
    ("cards.toml", lambda d: d["setup"][0]["qing_reinforce"].update(cut=[]),
     "setup card 1 qing_reinforce: 'cut' is not a field here"),
    ("markers.toml", lambda d: d["marker"][0]["faces"][0].update(region="hankow"),
     "markers.toml: marker 'R1' face 1: region 'hankow' is not one of wuchang, hankou, hanyang"),
    ("markers.toml", lambda d: d["marker"][0]["faces"][1].update(extra="raly"),
     "marker 'R1' face 2: extra 'raly' is not one of morale+, morale-, rally"),
    ("markers.toml", lambda d: d["marker"][0].update(colour="red"), "marker 'R1': 'colour' is not a field here"),
    ("markers.toml", lambda d: d["marker"][0]["faces"][1].update(region=d["marker"][0]["faces"][0]["region"]),
     "marker 'R1': its two faces name the same region"),
    ("map.toml", lambda d: d.update(width=3), "map.toml: 'width' is not a field here"),
])
def test_a_broken_xinhai_data_file_names_the_file_entry_and_field(monkeypatch, name, change, words):
    with pytest.raises(xh.DataError) as e:
        xinhai_rules_with(monkeypatch, name, change)
    assert words in str(e.value)


def test_the_shipped_xinhai_data_loads():
    assert len(xh.rules.__wrapped__().markers) == 15


def test_a_misspelt_jiangshan_unit_field_is_refused_not_ignored():
    raw = tomllib.loads((js.ASSETS / "units.toml").read_text(encoding="utf-8"))
    js.parse_units(copy.deepcopy(raw))  # the shipped table loads
    raw["blade"]["captures"] = raw["blade"].pop("capture")
    with pytest.raises(js.DataError, match=r"units.toml: blade.captures is not a unit field \(one of advance"):
        js.parse_units(raw)


@pytest.mark.parametrize("change, words", [
    (lambda r: r.update(weathr=r["weather"]), "chuhan.toml: 'weathr' is not a field here"),
    (lambda r: r["seats"][0]["units"][0].update(facng="N"), "chuhan.toml: seat 0 unit 'a1': 'facng' is not a field"),
    (lambda r: r["seats"][1].update(color="red"), "chuhan.toml: seat 1: 'color' is not a field here"),
    (lambda r: r["cities"][0].update(garison=["blade"]), "'garison' is not a field here"),
])
def test_a_misspelt_jiangshan_scenario_field_is_refused_not_ignored(change, words):
    raw = tomllib.loads((js.ASSETS / "chuhan.toml").read_text(encoding="utf-8"))
    js.parse_scenario(copy.deepcopy(raw), "chuhan.toml")  # the shipped scenario loads
    change(raw)
    with pytest.raises(js.DataError) as e:
        js.parse_scenario(raw, "chuhan.toml")
    assert words in str(e.value)
