"""Actions of 沙场秋点兵 on the star (S19d, S19e): the same four action types, with star cell names.

    reinforce b2 1     place one reserve soldier on b2 of the own point (S19c)
    march i5 j5 1      move the single soldier on i5 to j5 (S19d)
    attack i5 k5       the unit of the soldier on i5 shoots the soldier on k5 (S19e)
    end                end the turn

``StarReinforce``/``StarMarch``/``StarAttack`` are subclasses of ``Reinforce``/``March``/``Attack``
(so everything that checks ``isinstance`` keeps working) whose text uses the star's names; they
compare equal to the plain actions with the same cells (the client may build plain ones).
"""
from __future__ import annotations

from engine.api import IllegalAction, ParseError
from engine.messages import Msg
from engine.shachang import star_cells as sc
from engine.shachang.actions import (Action, Attack, End, March, Reinforce, _MISSING, _count, _shown,
                                     _whole)


class _StarText:
    """Cross-class equality with the plain action of the same fields (dataclass eq checks the class)."""

    def _key(self):
        return tuple(getattr(self, f) for f in self.__dataclass_fields__)

    def __eq__(self, other):
        base = type(self).__mro__[2]
        if isinstance(other, base):
            return self._key() == tuple(getattr(other, f) for f in other.__dataclass_fields__)
        return NotImplemented

    def __hash__(self):
        return hash(self._key())


class StarReinforce(_StarText, Reinforce):
    def __str__(self) -> str:
        return f"reinforce {sc.name(self.cell)} {self.count}"


class StarMarch(_StarText, March):
    def __str__(self) -> str:
        return f"march {sc.name(self.src)} {sc.name(self.dst)} {self.count}"


class StarAttack(_StarText, Attack):
    def __str__(self) -> str:
        return f"attack {sc.name(self.src)} {sc.name(self.dst)}"


def _cell(text: str):
    try:
        return sc.parse(text)
    except ValueError as e:
        raise ParseError(str(e)) from None


def parse_action(text: str) -> Action:
    """The star action named by ``text`` (ParseError with the expected forms)."""
    if not isinstance(text, str):
        raise ParseError(f"action text expected, got {type(text).__name__}")
    if len(text) > 200:
        raise ParseError(f"action text of {len(text)} characters is too long to name an action")
    parts = text.split()
    if not parts:
        raise ParseError("empty action")
    verb, args = parts[0].lower(), parts[1:]
    forms = {"reinforce": 2, "march": 3, "attack": 2, "end": 0}
    if verb not in forms:
        raise ParseError(f"unknown action {verb!r}; expected reinforce <cell> 1, "
                         "march <from> <to> 1, attack <from> <to> or end (star cells such as i5)")
    if len(args) != forms[verb]:
        raise ParseError(f"{verb} takes {forms[verb]} argument(s), got {len(args)}: {text!r}")
    if verb == "reinforce":
        return StarReinforce(_cell(args[0]), _count(args[1]))
    if verb == "march":
        return StarMarch(_cell(args[0]), _cell(args[1]), _count(args[2]))
    if verb == "attack":
        return StarAttack(_cell(args[0]), _cell(args[1]))
    return End()


def as_star_action(a) -> Action:
    """A (not yet validated) star action from an action value or its text."""
    if isinstance(a, str):
        return parse_action(a)
    if isinstance(a, (Reinforce, March, Attack, End)):
        return a
    return parse_action(a)  # ParseError naming what was given


def validated(a: Action) -> Action:
    """``a`` as a star action with plain-int fields, or IllegalAction ("action form" / "board")
    before anything looks at the state."""
    verb = ("reinforce" if isinstance(a, Reinforce) else "march" if isinstance(a, March)
            else "attack" if isinstance(a, Attack) else "end")

    def cell(c):
        if not (isinstance(c, tuple) and len(c) == 2 and all(_whole(x) for x in c)):
            raise IllegalAction("action form", key="shachang.form.cell", verb=Msg.of(f"shachang.act.verb.{verb}"),
                                value=_shown(c))
        c = (int(c[0]), int(c[1]))
        if not sc.on_star(c):
            raise IllegalAction("S19a board", key="shachang.star.off_star", verb=Msg.of(f"shachang.act.verb.{verb}"),
                                value=_shown(c))
        return c

    def count(n) -> int:
        if not _whole(n) or n < 1:
            raise IllegalAction("action form", key="shachang.form.count", verb=Msg.of(f"shachang.act.verb.{verb}"),
                                value=_shown(n))
        return int(n)

    def field(name: str):
        return getattr(a, name, _MISSING)

    if isinstance(a, Reinforce):
        return StarReinforce(cell(field("cell")), count(field("count")))
    if isinstance(a, March):
        return StarMarch(cell(field("src")), cell(field("dst")), count(field("count")))
    if isinstance(a, Attack):
        return StarAttack(cell(field("src")), cell(field("dst")))
    return End()


def describe(a: Action) -> Msg:
    """A validated star action as a keyed message ("march i5 j5 1" / "行军 i5→j5 1人")."""
    if isinstance(a, Reinforce):
        return Msg.of("shachang.act.reinforce", cell=sc.name(a.cell), n=a.count)
    if isinstance(a, March):
        return Msg.of("shachang.act.march", src=sc.name(a.src), dst=sc.name(a.dst), n=a.count)
    if isinstance(a, Attack):
        return Msg.of("shachang.act.attack", src=sc.name(a.src), dst=sc.name(a.dst))
    return Msg.of("shachang.act.end")
