"""Numbers of 沙场秋点兵: 番数, attack and vision ranges (S3), map presets (S17), rule modes (S21)."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[2] / "assets"
MODES = ("classic", "tabletop", "digital")  # S21


def fanshu(n: int) -> int:
    """番数 (doublings) of a unit of n soldiers: n.bit_length() (S3)."""
    if n < 1:
        raise ValueError(f"a unit has at least one soldier, got {n}")
    return int(n).bit_length()


def attack_range(n: int) -> int:
    """Attack range in steps of a unit of n soldiers: 番数 + 1 (S3; 1→2, 2-3→3, 4-7→4, 8-15→5)."""
    return fanshu(n) + 1


def vision_range(n: int) -> int:
    """Vision range in steps of a unit of n soldiers: ceil(1.5 × 番数) (S3)."""
    f = fanshu(n)
    return (3 * f + 1) // 2


@dataclass(frozen=True)
class Preset:
    """One map preset of the seed's table (S17)."""

    key: str
    name_zh: str
    name_en: str
    size: int
    total: int
    cap: int
    max_units: int
    move: int
    spawns: int
    round_limit: int
    max_players: int  # the most players the engine accepts
    offered_players: int = 0  # offered by the start screen and the command line (spawns keep the gap)
    board: str = "square"  # "square" (size x size) or "star" (S19h: the Chinese-checkers star)

    def __post_init__(self) -> None:
        if not self.offered_players:
            object.__setattr__(self, "offered_players", self.max_players)


_FIELDS = ("name_zh", "name_en", "size", "total", "cap", "max_units", "move",
           "spawns", "round_limit", "max_players")


@lru_cache(maxsize=None)
def presets() -> dict[str, Preset]:
    """All presets from assets/rules/shachang.toml, validated."""
    path = ASSETS / "rules" / "shachang.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = {}
    for key, d in data.get("presets", {}).items():
        missing = [f for f in _FIELDS if f not in d]
        if missing:
            raise ValueError(f"{path}: preset {key!r} lacks {', '.join(missing)}")
        for f in _FIELDS[2:]:
            if not isinstance(d[f], int) or d[f] < 1:
                raise ValueError(f"{path}: preset {key!r}: {f} must be a positive integer")
        if d["cap"] > d["total"]:
            raise ValueError(f"{path}: preset {key!r}: cap exceeds total")
        offered = d.get("offered_players", d["max_players"])
        if not isinstance(offered, int) or isinstance(offered, bool) or not 2 <= offered <= d["max_players"]:
            raise ValueError(f"{path}: preset {key!r}: offered_players must be an integer in 2..max_players")
        board = d.get("board", "square")
        if board not in ("square", "star"):
            raise ValueError(f"{path}: preset {key!r}: board must be \"square\" or \"star\"")
        out[key] = Preset(key=key, offered_players=offered, board=board, **{f: d[f] for f in _FIELDS})
    return out


def preset(key: str) -> Preset:
    """The preset named ``key`` (ValueError listing the known ones)."""
    p = presets()
    if key not in p:
        raise ValueError(f"unknown preset {key!r}; known: {', '.join(p)}")
    return p[key]
