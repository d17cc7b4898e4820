"""江山 test helpers (hand-built positions) and the data-file checks of J1 / J2."""
from __future__ import annotations

import pytest

from engine.jiangshan.data import DataError, parse_scenario, scenario, unit_table


# ---------------------------------------------------------------------------------------------- J1 / J2 data


def test_unit_table_is_the_reconstructed_j1_table():
    """J1: 刀兵 light cost 1; 甲士 heavy 3; 长车 heavy 5; 后 and 王 not recruitable; 王 heavy and a leader."""
    u = unit_table()
    assert (u["blade"].cost, u["blade"].heavy, u["blade"].move, set(u["blade"].capture)) == (1, False, ((0, 1),),
                                                                                          {(-1, 1), (1, 1)})
    assert (u["halberd"].cost, set(u["halberd"].advance)) == (2, {(-1, 1), (0, 1), (1, 1)})
    assert (u["armour"].cost, u["armour"].heavy) == (3, True)
    assert (u["bow"].cost, u["bow"].shoot, u["bow"].range) == (2, "volley", 2)
    assert (u["rider"].shoot, u["rider"].cls, u["rider"].cost) == ("mounted", "horse", 3)
    assert u["general"].command and u["king"].command and u["king"].heavy
    assert (u["chariot"].cost, u["chariot"].heavy, u["chariot"].cls) == (5, True, "raider")
    assert u["queen"].cost == 0 and u["king"].cost == 0 and u["scout"].cost == 0
    assert len(u["queen"].charge) == 8 and set(u["minister"].charge) == {(1, 1), (1, -1), (-1, -1), (-1, 1)}


def test_chuhan_scenario_is_valid_and_symmetric_in_numbers():
    """J2: the 楚汉 scenario — 12x8, morale 3 of 0-6, weather 1-2 多云 3-4 烈日 5-6 暴雨, 3 tallies of 6."""
    sc = scenario("chuhan")
    assert (sc.width, sc.height, sc.morale_start, sc.morale_max) == (12, 8, 3, 6)
    assert sc.weather == ("cloudy", "cloudy", "sun", "sun", "rain", "rain")
    assert sc.tally_picks == 3 and len(sc.tallies) == 6
    for p in (0, 1):
        assert sorted(u.type for u in sc.seats[p].units) == sorted(u.type for u in sc.seats[1 - p].units)
        assert sum(1 for c in sc.cities if c.owner == p and c.kind == "camp") == 1
        assert sum(1 for c in sc.cities if c.owner == p and c.kind == "city") == 2


@pytest.mark.parametrize("patch,msg", [
    ({"terrain": ["." * 11] * 8}, "terrain"),
    ({"weather": ["cloudy"] * 5}, "weather"),
    ({"tallies": ["formation", "nonsense"]}, "tallies"),
    ({"morale_start": 9}, "morale_start"),
])
def test_bad_scenarios_are_refused_when_loaded(patch, msg):
    import tomllib

    from engine.jiangshan.data import ASSETS

    raw = tomllib.loads((ASSETS / "chuhan.toml").read_text(encoding="utf-8"))
    raw.update(patch)
    with pytest.raises(DataError, match=msg):
        parse_scenario(raw, "bad")


def test_a_unit_on_a_mountain_or_two_kings_are_refused():
    import tomllib

    from engine.jiangshan.data import ASSETS

    raw = tomllib.loads((ASSETS / "chuhan.toml").read_text(encoding="utf-8"))
    raw["seats"][0]["units"][0]["cell"] = "f5"  # a mountain
    with pytest.raises(DataError, match="plain or forest"):
        parse_scenario(raw, "bad")
    raw = tomllib.loads((ASSETS / "chuhan.toml").read_text(encoding="utf-8"))
    raw["seats"][0]["units"][0]["type"] = "king"
    with pytest.raises(DataError, match="king"):
        parse_scenario(raw, "bad")


def test_random_setup_is_reproducible_and_fair():
    """J2: a seeded random set-up — the same seed gives the same map; 楚's half is 汉's turned round."""
    from engine.jiangshan import new_game

    a, b = new_game(scenario="random", seed=5), new_game(scenario="random", seed=5)
    assert a.observe(0) == b.observe(0)
    st = a.st
    for y in range(8):
        for x in range(12):
            assert st.terrain[y][x] == st.terrain[7 - y][11 - x]
    units = {(u.cell, u.owner): u.type for u in st.units.values()}
    for (c, o), t in units.items():
        assert units[((11 - c[0], 7 - c[1]), 1 - o)] == t
    assert new_game(scenario="random", seed=6).observe(0) != a.observe(0)
