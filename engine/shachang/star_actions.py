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
from engine.shachang.actions import Action, Attack, End, March, Reinforce, _shown, parse_words, validated_on
from engine.shachang.actions import describe as describe_action
from engine.shachang.actions import say as say_action


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


TYPES = (StarReinforce, StarMarch, StarAttack)
_EXPECTED = "reinforce <cell> 1, march <from> <to> 1, attack <from> <to> or end (star cells such as i5)"


def parse_action(text: str) -> Action:
    """The star action named by ``text`` (ParseError with the expected forms): the square maps' parser
    with the star's cell names and action classes (items: engine/shachang/star_items.py)."""
    return parse_words(text, _cell, TYPES, _EXPECTED)


def as_star_action(a) -> Action:
    """A (not yet validated) star action from an action value or its text."""
    if isinstance(a, str):
        return parse_action(a)
    if isinstance(a, (Reinforce, March, Attack, End)):
        return a
    return parse_action(a)  # ParseError naming what was given


def _on_star(c, verb_msg: Msg) -> None:
    if not sc.on_star(c):
        raise IllegalAction("S19a board", key="shachang.star.off_star", verb=verb_msg, value=_shown(c))


def validated(a: Action) -> Action:
    """``a`` as a star action with plain-int fields, or IllegalAction ("action form" / "S19a board")
    before anything looks at the state (the square maps' check with the star's board)."""
    return validated_on(a, _on_star, TYPES)


def describe(a: Action) -> Msg:
    """A validated star action as a keyed message ("march i5 j5 1" / "行军 i5→j5 1人")."""
    return describe_action(a, sc.name)


def say(a: Action) -> Msg:
    """A validated star action in words ("march 1 soldier from i5 to j5"), as the player reads it."""
    return say_action(a, sc.name)
