"""辛亥革命 results tables (seed 戰鬥結果表, ruling X4) as pure functions."""
from __future__ import annotations

import pytest

from engine.xinhai.combat import melee_odds, melee_result, shot_odds, shot_result


@pytest.mark.parametrize("kind", ["infantry", "cavalry"])
def test_infantry_and_cavalry_shots(kind):
    # seed: 步兵/馬隊 二格: 8 無耗損, 9 耗損, 10 耗損並且擊退一, 11 耗損並且擊退二, 12+ 殲滅; X4: "8" is 8 or less
    got = {t: shot_result(kind, t) for t in range(-2, 16)}
    assert all(got[t] == "none" for t in range(-2, 9))
    assert (got[9], got[10], got[11]) == ("worn", "worn_retreat1", "worn_retreat2")
    assert all(got[t] == "destroyed" for t in range(12, 16))


@pytest.mark.parametrize("kind", ["artillery", "fleet"])
def test_artillery_and_fleet_shots_always_wear_at_least(kind):
    # seed: 砲隊/艦隊 四格: 8 耗損, 9 擊退一, 10 擊退二, 11 殲滅, 12+ 殲滅; X4: artillery and fleet always wear
    got = {t: shot_result(kind, t) for t in range(-2, 16)}
    assert all(got[t] == "worn" for t in range(-2, 9))
    assert (got[9], got[10]) == ("worn_retreat1", "worn_retreat2")
    assert all(got[t] == "destroyed" for t in range(11, 16))


def test_infantry_melee():
    # seed 白刃戰: 3- 被殲滅, 7 無耗損, 8+ 耗損並擊退一, 10+ 殲滅; X4: 4-7 as "7", 8-9 as "8+"
    got = [melee_result("infantry", t) for t in range(0, 15)]
    assert got[:4] == ["attacker_destroyed"] * 4
    assert got[4:8] == ["none"] * 4
    assert got[8:10] == ["defender_worn_retreat1"] * 2
    assert got[10:] == ["defender_destroyed"] * 5


def test_cavalry_melee():
    # seed: 馬隊 3- 被殲滅, 7 耗損並擊退一, 8+ 耗損並擊退一, 10+ 殲滅
    got = [melee_result("cavalry", t) for t in range(0, 15)]
    assert got[:4] == ["attacker_destroyed"] * 4
    assert got[4:10] == ["defender_worn_retreat1"] * 6
    assert got[10:] == ["defender_destroyed"] * 5


def test_artillery_and_fleets_have_no_melee():
    # seed 5(1): only infantry and cavalry 可發動白刃戰
    for kind in ("artillery", "fleet"):
        with pytest.raises(ValueError):
            melee_result(kind, 7)
    with pytest.raises(ValueError):
        shot_result("dragoon", 7)


def test_exact_odds():
    # 2d6: P(sum >= 11) = 3/36; artillery +0 destroys on 11+
    assert shot_odds("artillery", 0)["destroyed"] == pytest.approx(3 / 36)
    assert shot_odds("infantry", 0)["none"] == pytest.approx(26 / 36)
    assert sum(melee_odds("cavalry", 1).values()) == pytest.approx(1)
    assert melee_odds("infantry", 0)["attacker_destroyed"] == pytest.approx(3 / 36)
