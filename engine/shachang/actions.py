"""Actions of 沙场秋点兵 as small immutable values that round-trip through text.

    reinforce c3 2     place 2 reserve soldiers on c3 (S13/S14)
    march a1 c2 3      march 3 soldiers from a1 to c2 (S15)
    attack c2 c5       the unit on c2 shoots the unit on c5 (S8)
    end                end the turn (pass) (S12)
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.api import ParseError
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


Action = Reinforce | March | Attack | End


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
    parts = text.split()
    if not parts:
        raise ParseError("empty action")
    verb, args = parts[0].lower(), parts[1:]
    forms = {"reinforce": 2, "march": 3, "attack": 2, "end": 0}
    if verb not in forms:
        raise ParseError(f"unknown action {verb!r}; expected reinforce <cell> <n>, "
                         "march <from> <to> <n>, attack <from> <to> or end")
    if len(args) != forms[verb]:
        raise ParseError(f"{verb} takes {forms[verb]} argument(s), got {len(args)}: {text!r}")
    if verb == "reinforce":
        return Reinforce(parse_cell(args[0]), _count(args[1]))
    if verb == "march":
        return March(parse_cell(args[0]), parse_cell(args[1]), _count(args[2]))
    if verb == "attack":
        return Attack(parse_cell(args[0]), parse_cell(args[1]))
    return End()


def as_action(a) -> Action:
    """An action value from an action or its text."""
    if isinstance(a, (Reinforce, March, Attack, End)):
        return a
    return parse_action(a)
