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
from engine.shachang.item_actions import UseItem, describe_item, parse_item, validated_item


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


Action = Reinforce | March | Attack | End | UseItem


def _count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise ParseError(f"{text!r} is not a soldier count") from None
    if n < 1:
        raise ParseError(f"soldier count must be at least 1, got {n}")
    return n


_FORMS = {"reinforce": 2, "march": 3, "attack": 2, "end": 0}
_EXPECTED = "reinforce <cell> <n>, march <from> <to> <n>, attack <from> <to> or end"


def parse_words(text: str, cell, types=None, expected: str = _EXPECTED, item=None) -> Action:
    """The action named by ``text`` with the board's hooks (ParseError with the expected forms):
    ``cell`` reads a cell name, ``types`` are the board's (Reinforce, March, Attack) classes,
    ``expected`` lists the forms in the error, ``item`` reads the words after ``item`` (None: no
    item verb). Square maps and the star (engine/shachang/star_actions.py) share it."""
    reinforce, march, attack = types or (Reinforce, March, Attack)
    if not isinstance(text, str):
        raise ParseError(f"action text expected, got {type(text).__name__}")
    if len(text) > 200:
        raise ParseError(f"action text of {len(text)} characters is too long to name an action")
    parts = text.split()
    if not parts:
        raise ParseError("empty action")
    verb, args = parts[0].lower(), parts[1:]
    if verb == "item" and item is not None:
        return item(args)
    if verb not in _FORMS:
        raise ParseError(f"unknown action {verb!r}; expected {expected}")
    if len(args) != _FORMS[verb]:
        n = _FORMS[verb]
        raise ParseError(f"{verb} takes {n} argument{'' if n == 1 else 's'}, got {len(args)}: {text!r}")
    if verb == "reinforce":
        return reinforce(cell(args[0]), _count(args[1]))
    if verb == "march":
        return march(cell(args[0]), cell(args[1]), _count(args[2]))
    if verb == "attack":
        return attack(cell(args[0]), cell(args[1]))
    return End()


def parse_action(text: str) -> Action:
    """The action named by ``text`` (raises ParseError with the expected forms)."""
    return parse_words(text, _cell, item=lambda args: parse_item(args, _cell, _count))


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

    def on_board(c: Cell, verb_msg: Msg) -> None:
        if not (0 <= c[0] < size and 0 <= c[1] < size):
            raise IllegalAction("board", key="shachang.form.off_board", verb=verb_msg, cell=cell_text(c), size=size)

    return validated_on(a, on_board)


def validated_on(a: Action, on_board, types=None) -> Action:
    """``a`` rebuilt with plain-int fields as the board's ``types`` (Reinforce, March, Attack), or
    IllegalAction ("action form") for a malformed field; ``on_board(cell, verb message)`` raises the
    board's refusal for a whole-number cell off the board. Square maps and the star share it."""
    reinforce, march, attack = types or (Reinforce, March, Attack)
    v = verb(a)
    verb_msg = Msg.of(f"shachang.act.verb.{v}")

    def cell(c) -> Cell:
        if not (isinstance(c, tuple) and len(c) == 2 and all(_whole(x) for x in c)):
            raise IllegalAction("action form", key="shachang.form.cell", verb=verb_msg, value=_shown(c))
        c = (int(c[0]), int(c[1]))
        on_board(c, verb_msg)
        return c

    def count(n) -> int:
        if not _whole(n) or n < 1:
            raise IllegalAction("action form", key="shachang.form.count", verb=verb_msg, value=_shown(n))
        return int(n)

    def field(name: str):
        return getattr(a, name, _MISSING)  # an object built without its fields (object.__new__)

    if isinstance(a, Reinforce):
        return reinforce(cell(field("cell")), count(field("count")))
    if isinstance(a, March):
        return march(cell(field("src")), cell(field("dst")), count(field("count")))
    if isinstance(a, Attack):
        return attack(cell(field("src")), cell(field("dst")))
    if isinstance(a, UseItem):
        return validated_item(a, cell, count, _shown)
    return End()


def describe(a: Action, named=cell_name) -> Msg:
    """A well-formed action in its notation as a keyed message ("march a1 c2 3" / "行军 a1→c2 3人"), its
    cells named by ``named`` (the star passes its own names). What a player reads is ``say``."""
    if isinstance(a, Reinforce):
        return Msg.of("shachang.act.reinforce", cell=named(a.cell), n=a.count)
    if isinstance(a, March):
        return Msg.of("shachang.act.march", src=named(a.src), dst=named(a.dst), n=a.count)
    if isinstance(a, Attack):
        return Msg.of("shachang.act.attack", src=named(a.src), dst=named(a.dst))
    if isinstance(a, UseItem):
        return describe_item(a, named)
    return Msg.of("shachang.act.end")


def say(a: Action, named=cell_name) -> Msg:
    """A well-formed action in words, as the player reads it on the status line, in the log, the replay
    and refusals ("march 3 soldiers from a1 to c2" / "从a1行军到c2（3人）"; issue 26), its cells named by
    ``named``. The notation (``str(a)``, ``describe``) stays what is typed, parsed and saved."""
    if isinstance(a, Reinforce):
        return Msg.of("shachang.act.say.reinforce" + _one(a.count), cell=named(a.cell), n=a.count)
    if isinstance(a, March):
        return Msg.of("shachang.act.say.march" + _one(a.count), src=named(a.src), dst=named(a.dst), n=a.count)
    if isinstance(a, Attack):
        return Msg.of("shachang.act.say.attack", src=named(a.src), dst=named(a.dst))
    if isinstance(a, UseItem):
        return describe_item(a, named)  # an item's description is already in words
    return Msg.of("shachang.act.say.end")


def _one(n: int) -> str:
    """The key suffix of a soldier count: "_one" for a single soldier (its English is singular)."""
    return "_one" if n == 1 else ""
