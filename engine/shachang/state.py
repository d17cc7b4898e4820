"""The pieces of a 沙场秋点兵 state: units (部队) and ghost visions (英灵视野)."""
from __future__ import annotations

from dataclasses import dataclass

from engine.shachang.cells import Cell


@dataclass
class Unit:
    """All soldiers of one player on one cell (部队).

    ``fresh`` marks a new camp (占营) made this turn: it may neither move nor
    attack until its owner's next turn (S15). ``moves`` is the move power
    left this turn, shared by every march out of the unit. ``last_count`` is
    the size at the end of the owner's last turn, used for ghost vision (S9).
    The fun items (S20, engine/shachang/item_rules.py) mark a unit: ``jail`` (画地为牢, S20d) and
    ``hidden`` (世外桃源, S20g) count the owner's turn ends left, ``shots`` the extra attacks of
    寸土不让 (S20i) this turn.
    """

    owner: int
    count: int
    moves: int = 0
    attacked: bool = False
    fresh: bool = False
    last_count: int = 0
    jail: int = 0
    hidden: int = 0
    shots: int = 0

    @property
    def can_act(self) -> bool:
        """Settled and not yet attacked: may march and attack (S15, S16)."""
        return not self.fresh and not self.attacked


@dataclass(frozen=True)
class Ghost:
    """Ghost vision of a wiped-out unit: terrain-free vision until its owner's next turn ends (S9)."""

    owner: int
    cell: Cell
    radius: int
    own_turn: bool = False  # made in its owner's own turn (同归于尽, S20l): it outlasts that turn's end
