"""The keyed messages of 暗战洛阳城 (catalogue assets/messages/anqi.toml): factions, pieces, moves, refusals."""
from __future__ import annotations

from engine.messages import Msg

FACTION_KEYS = ("wu", "wei", "shu", "han")  # seats 0, 1, 2 and the neutral Han (board.HAN == 3)


def faction(f: int) -> Msg:
    """A faction's name: 吴 / 魏 / 蜀 / 汉 (Wu, Wei, Shu, Han)."""
    return Msg.of(f"anqi.faction.{FACTION_KEYS[f]}")


def kind(k: str) -> Msg:
    """A kind's short name as in piece names (君, 车, 炮, 马, 相, 士, 兵, 帝)."""
    return Msg.of(f"anqi.kind.{k}")


def kind_name(k: str) -> Msg:
    """A kind's full name as in the seed's rank list (君主, 车, ..., 汉帝)."""
    return Msg.of(f"anqi.kindname.{k}")


def piece(f: int, k: str) -> Msg:
    """A piece in the seed's notation: faction + kind, e.g. 魏马 (Wei horse)."""
    return Msg.of("anqi.piece", faction=faction(f), kind=kind(k))


def ordinal(n: int) -> Msg:
    """第一 / first, 第二 / second, 第三 / third (three factions at most)."""
    return Msg.of(f"anqi.ordinal.{n}")
