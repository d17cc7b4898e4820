"""辛亥革命 combat: the results tables (seed 戰鬥結果表 with ruling X4's edges) and the 2d6 odds.

``shot_result(shooter, total)`` and ``melee_result(attacker, total)`` are pure functions of the
unit kind and the modified 2d6 total; the tables themselves are data (assets/xinhai/tables.toml).
"""
from __future__ import annotations

from functools import lru_cache

from engine.xinhai.data import rules

SHOT_RESULTS = ("none", "worn", "worn_retreat1", "worn_retreat2", "destroyed")
MELEE_RESULTS = ("attacker_destroyed", "none", "defender_worn_retreat1", "defender_destroyed")


def _lookup(rows, total: int) -> str:
    for upto, result in rows:
        if total <= upto:
            return result
    return rows[-1][1]


def shot_result(shooter: str, total: int) -> str:
    """The shooting result for a ``shooter`` kind ("infantry", "cavalry", "artillery", "fleet") and
    the modified 2d6 ``total``: "none", "worn", "worn_retreat1", "worn_retreat2" or "destroyed".

    Seed table: 步兵/馬隊 8 無耗損, 9 耗損, 10 耗損並且擊退一, 11 耗損並且擊退二, 12+ 殲滅;
    砲隊/艦隊 8 耗損, 9 擊退一, 10 擊退二, 11 殲滅, 12+ 殲滅. X4: the first column is "8 or less".
    """
    table = rules().shot.get(shooter)
    if table is None:
        raise ValueError(f"no shooting table for {shooter!r}")
    return _lookup(table, int(total))


def melee_result(attacker: str, total: int) -> str:
    """The melee (白刃戰) result for an ``attacker`` kind ("infantry" or "cavalry") and the modified
    2d6 ``total``: "attacker_destroyed", "none", "defender_worn_retreat1" or "defender_destroyed".

    Seed table: 3- 被殲滅, 7 無耗損 (cavalry 耗損並擊退一), 8+ 耗損並擊退一, 10+ 殲滅; X4: 4-7 as
    the "7" column, 8-9 as "8+", 10 or more as "10+".
    """
    table = rules().melee.get(attacker)
    if table is None:
        raise ValueError(f"{attacker!r} cannot start a melee (only infantry and cavalry: seed 7(1))")
    return _lookup(table, int(total))


@lru_cache(maxsize=None)
def two_d6() -> tuple[tuple[int, float], ...]:
    """The 2d6 sums 2..12 with their probabilities."""
    counts = {}
    for a in range(1, 7):
        for b in range(1, 7):
            counts[a + b] = counts.get(a + b, 0) + 1
    return tuple((s, c / 36) for s, c in sorted(counts.items()))


@lru_cache(maxsize=None)
def shot_odds(shooter: str, modifier: int) -> dict[str, float]:
    """Exact probability of each shooting result for a 2d6 roll plus ``modifier``."""
    out = dict.fromkeys(SHOT_RESULTS, 0.0)
    for s, p in two_d6():
        out[shot_result(shooter, s + modifier)] += p
    return out


@lru_cache(maxsize=None)
def melee_odds(attacker: str, modifier: int) -> dict[str, float]:
    """Exact probability of each melee result for a 2d6 roll plus ``modifier``."""
    out = dict.fromkeys(MELEE_RESULTS, 0.0)
    for s, p in two_d6():
        out[melee_result(attacker, s + modifier)] += p
    return out
