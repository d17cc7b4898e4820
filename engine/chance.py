"""Chance in the open: every die, draw and shuffle of a game from its one seeded generator, recorded.

    ch = Chance(seed)
    a, b = ch.roll(2, 6, "combat")         # 2d6
    card = ch.draw(bag, "marker")           # removes and returns one item of ``bag``
    order = ch.shuffle(pieces, "deal")      # a new shuffled list
    ch.force(3, 4)                          # tests: the next outcomes, in order

Each draw appends a :class:`ChanceEvent` to ``ch.record`` (kind, label, outcome, who may
see it: ``None`` = everybody). A game copies these into its event log and the
observations of the players allowed to see them. Forced outcomes are remembered by
draw index in ``ch.forced`` so that a save can replay them exactly (:meth:`to_json`).

Games whose chance results are hidden (a shuffled deal) start from an unpredictable seed
when none is given (:func:`fresh_seed`), so that nothing shown during play reveals it.
"""
from __future__ import annotations

import random
import secrets
from collections import deque
from dataclasses import dataclass
from typing import Any, Sequence


def fresh_seed() -> int:
    """An unpredictable seed (63 bits from the OS) for a game started without one."""
    return secrets.randbits(63)


def game_seed(seed: Any) -> int:
    """The seed a new game plays with: ``seed`` itself, or a fresh unpredictable one for None (ValueError for
    anything that is not an integer)."""
    if seed is None:
        return fresh_seed()
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    return seed


@dataclass(frozen=True)
class ChanceEvent:
    """One chance outcome: ``kind`` roll | draw | shuffle | pick, a ``label`` naming what for."""

    index: int
    kind: str
    label: str
    outcome: Any
    visible_to: frozenset | None = None  # None: every player sees it
    forced: bool = False


class ChanceError(ValueError):
    """A forced outcome that the draw cannot have (a 7 on a d6, a card not in the bag)."""


class Chance:
    """A game's seeded generator with a record of every outcome and optional forced outcomes."""

    def __init__(self, seed: int, forced: dict[int, Any] | None = None):
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.record: list[ChanceEvent] = []
        self.forced: dict[int, Any] = dict(forced or {})  # draw index -> outcome (for saves)
        self._queue: deque = deque()

    # ------------------------------------------------------------------ forcing (tests, scenarios)
    def force(self, *outcomes: Any) -> None:
        """The next draws give these outcomes, in order (each checked when used)."""
        self._queue.extend(outcomes)

    def _take(self, valid) -> tuple[Any, bool]:
        i = len(self.record)
        if i in self.forced:
            v = self.forced[i]
        elif self._queue:
            v = self._queue.popleft()
            self.forced[i] = v
        else:
            return None, False
        if not valid(v):
            raise ChanceError(f"forced outcome {v!r} is impossible for draw #{i}")
        return v, True

    def _note(self, kind: str, label: str, outcome: Any, who, forced: bool) -> None:
        self.record.append(ChanceEvent(len(self.record), kind, label, outcome,
                                       None if who is None else frozenset(who), forced))

    # ------------------------------------------------------------------ draws
    def roll(self, dice: int = 1, sides: int = 6, label: str = "roll", visible_to=None) -> tuple[int, ...]:
        """``dice`` dice of ``sides`` faces; forced as a tuple of faces."""
        v, forced = self._take(lambda t: isinstance(t, (tuple, list)) and len(t) == dice
                               and all(isinstance(x, int) and 1 <= x <= sides for x in t))
        out = tuple(v) if forced else tuple(1 + int(self.rng.random() * sides) for _ in range(dice))
        self._note("roll", label, out, visible_to, forced)
        return out

    def pick(self, n: int, label: str = "pick", visible_to=None) -> int:
        """An index in ``range(n)``; forced as that index."""
        if n < 1:
            raise ChanceError("pick from nothing")
        v, forced = self._take(lambda x: isinstance(x, int) and 0 <= x < n)
        out = v if forced else int(self.rng.random() * n)
        self._note("pick", label, out, visible_to, forced)
        return out

    def draw(self, bag: list, label: str = "draw", visible_to=None) -> Any:
        """Remove and return one item of ``bag``; forced as the item itself."""
        if not bag:
            raise ChanceError(f"draw from an empty bag ({label})")
        v, forced = self._take(lambda x: x in bag)
        i = bag.index(v) if forced else int(self.rng.random() * len(bag))
        item = bag.pop(i)
        self._note("draw", label, item, visible_to, forced)
        return item

    def shuffle(self, items: Sequence, label: str = "shuffle", visible_to=()) -> list:
        """A shuffled copy of ``items`` (Fisher-Yates on ``rng.random()``); forced as the whole order.

        By default nobody sees a shuffle's outcome (``visible_to=()``): deals are hidden."""
        items = list(items)
        v, forced = self._take(lambda o: isinstance(o, (list, tuple)) and sorted(map(repr, o))
                               == sorted(map(repr, items)))
        if forced:
            out = list(v)
        else:
            out = items
            for i in range(len(out) - 1, 0, -1):
                j = int(self.rng.random() * (i + 1))
                out[i], out[j] = out[j], out[i]
        self._note("shuffle", label, tuple(out), visible_to, forced)
        return out

    # ------------------------------------------------------------------ views and saves
    def seen_by(self, player: int) -> list[ChanceEvent]:
        """The outcomes ``player`` may see, in order."""
        return [e for e in self.record if e.visible_to is None or player in e.visible_to]

    def to_json(self) -> dict:
        """The forced outcomes by draw index (the seed and the actions replay the rest)."""
        return {str(i): _jsonable(v) for i, v in sorted(self.forced.items())}

    @staticmethod
    def forced_from_json(data: Any) -> dict[int, Any]:
        """Forced outcomes read back from :meth:`to_json` (ValueError if malformed)."""
        if data is None:
            return {}
        if not isinstance(data, dict):
            raise ValueError("forced chance outcomes must be an object")
        out = {}
        for k, v in data.items():
            if not (isinstance(k, str) and k.isascii() and k.isdigit() and len(k) < 10):
                raise ValueError(f"forced chance outcome index {k!r} is not a draw number")
            out[int(k)] = tuple(v) if isinstance(v, list) else v
        return out


def _jsonable(v):
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    return v
