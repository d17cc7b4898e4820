"""Actions of 沙场秋点兵 as small immutable values that round-trip through text.

    reinforce c3 2     place 2 reserve soldiers on c3 (S13/S14)
    march a1 c2 3      march 3 soldiers from a1 to c2 (S15)
    attack c2 c5       the unit on c2 shoots the unit on c5 (S8)
    end                end the turn (pass) (S12)
    item liu c3        use an item (fun items, S20a–S20i; see engine/shachang/items.py)
"""
from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

from engine.api import IllegalAction, ParseError
from engine.messages import Msg
from engine.shachang.cells import Cell, cell_name, parse_cell


@dataclass(frozen=True, order=True)
class Reinforce:
    cell: Cell
    count: int

    def __str__(self) -> str:
        return f"reinforce {cell_name(self.cell)} {self.count}"


@dataclass(frozen=True, order=True)
class March:
    src: Cell
    dst: Cell
    count: int

    def __str__(self) -> str:
        return f"march {cell_name(self.src)} {cell_name(self.dst)} {self.count}"


@dataclass(frozen=True, order=True)
class Attack:
    src: Cell
    dst: Cell

    def __str__(self) -> str:
        return f"attack {cell_name(self.src)} {cell_name(self.dst)}"


@dataclass(frozen=True, order=True)
class End:
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, order=True)
class UseItem:
    """Use the item ``kind`` (S20b–S20i) on ``cells`` (unit first), with ``count`` where it takes one."""

    kind: str
    cells: tuple = ()
    count: int = 0

    def __str__(self) -> str:
        from engine.shachang.item_rules import item_text

        return item_text(self)


Action = Reinforce | March | Attack | End | UseItem


def _count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise ParseError(f"{text!r} is not a soldier count") from None
    if n < 1:
        raise ParseError(f"soldier count must be at least 1, got {n}")
    return n


def parse_action(text: str) -> Action:
    """The action named by ``text`` (raises ParseError with the expected forms)."""
    if not isinstance(text, str):
        raise ParseError(f"action text expected, got {type(text).__name__}")
    if len(text) > 200:
        raise ParseError(f"action text of {len(text)} characters is too long to name an action")
    parts = text.split()
    if not parts:
        raise ParseError("empty action")
    verb, args = parts[0].lower(), parts[1:]
    forms = {"reinforce": 2, "march": 3, "attack": 2, "end": 0}
    if verb == "item":
        from engine.shachang.item_rules import parse_item

        return parse_item(args, _cell, _count)
    if verb not in forms:
        raise ParseError(f"unknown action {verb!r}; expected reinforce <cell> <n>, "
                         "march <from> <to> <n>, attack <from> <to> or end")
    if len(args) != forms[verb]:
        raise ParseError(f"{verb} takes {forms[verb]} argument(s), got {len(args)}: {text!r}")
    if verb == "reinforce":
        return Reinforce(_cell(args[0]), _count(args[1]))
    if verb == "march":
        return March(_cell(args[0]), _cell(args[1]), _count(args[2]))
    if verb == "attack":
        return Attack(_cell(args[0]), _cell(args[1]))
    return End()


def _cell(text: str) -> Cell:
    try:
        return parse_cell(text)
    except ValueError as e:  # ParseError, or int() refusing a number thousands of digits long
        raise ParseError(str(e)) if not isinstance(e, ParseError) else e from None


def as_action(a) -> Action:
    """An action value from an action or its text."""
    if isinstance(a, (Reinforce, March, Attack, End, UseItem)):
        return a
    return parse_action(a)


_VERB = {Reinforce: "reinforce", March: "march", Attack: "attack", End: "end", UseItem: "item"}


class _Missing:
    def __repr__(self) -> str:
        return "nothing"


_MISSING = _Missing()


def verb(a: Action) -> str:
    """The action's verb ("reinforce", "march", "attack", "end")."""
    v = _VERB.get(type(a))
    return v if v is not None else next(w for t, w in _VERB.items() if isinstance(a, t))  # star subclasses


def _whole(v) -> bool:
    """A whole number (Python or numpy integer, never a bool, a float or NaN)."""
    return isinstance(v, numbers.Integral) and not isinstance(v, bool)


def _shown(v) -> str:
    """A short, safe text of a malformed value for a refusal message."""
    if isinstance(v, float) and math.isnan(v):
        return "NaN"
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def cell_text(cell) -> str:
    """``cell_name`` for a well-formed cell on or right of the origin, "(r, c)" for anything else
    (``cell_name`` never ends for negative columns)."""
    if isinstance(cell, tuple) and len(cell) == 2 and all(_whole(v) and v >= 0 for v in cell):
        return cell_name((int(cell[0]), int(cell[1])))
    return _shown(cell)


def validated(a: Action, size: int) -> Action:
    """``a`` with plain-int fields if every field has the right type and range on a ``size`` board;
    otherwise IllegalAction ("action form" or "board") before anything looks at the state."""
    v = verb(a)

    def cell(c) -> Cell:
        if not (isinstance(c, tuple) and len(c) == 2 and all(_whole(x) for x in c)):
            raise IllegalAction("action form", key="shachang.form.cell", verb=Msg.of(f"shachang.act.verb.{v}"),
                                value=_shown(c))
        r, col = int(c[0]), int(c[1])
        if not (0 <= r < size and 0 <= col < size):
            raise IllegalAction("board", key="shachang.form.off_board", verb=Msg.of(f"shachang.act.verb.{v}"),
                                cell=cell_text((r, col)), size=size)
        return (r, col)

    def count(n) -> int:
        if not _whole(n) or n < 1:
            raise IllegalAction("action form", key="shachang.form.count", verb=Msg.of(f"shachang.act.verb.{v}"),
                                value=_shown(n))
        return int(n)

    def field(name: str):
        return getattr(a, name, _MISSING)  # an object built without its fields (object.__new__)

    if isinstance(a, Reinforce):
        return Reinforce(cell(field("cell")), count(field("count")))
    if isinstance(a, March):
        return March(cell(field("src")), cell(field("dst")), count(field("count")))
    if isinstance(a, Attack):
        return Attack(cell(field("src")), cell(field("dst")))
    if isinstance(a, UseItem):
        from engine.shachang.item_rules import validated_item

        return validated_item(a, cell, count, _shown)
    return End()


def describe(a: Action) -> Msg:
    """A well-formed action as a keyed message ("march a1 c2 3" / "行军 a1→c2 3人")."""
    if isinstance(a, Reinforce):
        return Msg.of("shachang.act.reinforce", cell=cell_name(a.cell), n=a.count)
    if isinstance(a, March):
        return Msg.of("shachang.act.march", src=cell_name(a.src), dst=cell_name(a.dst), n=a.count)
    if isinstance(a, Attack):
        return Msg.of("shachang.act.attack", src=cell_name(a.src), dst=cell_name(a.dst))
    if isinstance(a, UseItem):
        from engine.shachang.item_rules import describe_item

        return describe_item(a)
    return Msg.of("shachang.act.end")
