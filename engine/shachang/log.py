"""The log of a 沙场秋点兵 game: seat names and who may read an entry (S7: fog hides what a player
did not see)."""
from __future__ import annotations

from engine.messages import Msg


def seat(p: int) -> Msg:
    """A seat's name as a keyed message ("P1" / "玩家1")."""
    return Msg.of("common.seat", n=p + 1)
