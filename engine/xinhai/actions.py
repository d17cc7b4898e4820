"""辛亥革命 actions: one small frozen value ``Act(verb, args)`` whose text is ``verb arg ...``.

    cmd 1 | cmd 2 | rally 1 | rally 2 | pass       choose a command-marker face (command / rally) or none
    move D-11 E-12 [boat | +H-9 | -H-9]            move; optionally hire a boat or lay / lift a pontoon
    bridge D-11 +H-9 | bridge D-11 -H-9            lay / lift a pontoon without moving
    cross D-11 P-20                                cross the Yangtze on the unit's boat
    shoot D-11 E-13 | melee D-11 E-12              shoot the forced target / start a melee
    morale | ready D-11 | end                      marker extras (士氣, 整頓) and ending the activation
    retreat E-12 | track north | card 12 | card none | region hankou | ruins K-12 | trench K-12 | fleet P-12
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.api import ParseError
from engine.xinhai.data import REGIONS, rules
from engine.xinhai.hexgrid import label, parse_label


@dataclass(frozen=True)
class Act:
    """An action: a verb and its arguments (hex labels, numbers, names)."""

    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        return " ".join((self.verb,) + tuple(self.args))


def _hex(text: str) -> str:
    try:
        h = parse_label(text)
    except ValueError:
        raise ParseError(f"{text[:20]!r} is not a hex label like D-11") from None
    if h not in rules().map.terrain:
        raise ParseError(f"{text[:20]!r} is off the map (A-1 to T-20)")
    return label(h)


def _bridge(text: str) -> str:
    if len(text) < 2 or text[0] not in "+-":
        raise ParseError(f"{text[:20]!r} is not +HEX or -HEX")
    return text[0] + _hex(text[1:])


def parse(text: str) -> Act:
    """The action named by ``text`` (ParseError if it names none)."""
    if not isinstance(text, str):
        raise ParseError(f"action text must be a string, got {type(text).__name__}")
    p = text.split()
    if not p:
        raise ParseError("empty action text")
    v, a = p[0].lower(), p[1:]
    n = len(a)
    if v in ("cmd", "rally") and n == 1 and a[0] in ("1", "2"):
        return Act(v, (a[0],))
    if v in ("pass", "morale", "end") and n == 0:
        return Act(v)
    if v == "move" and n in (2, 3):
        extra = ()
        if n == 3:
            extra = ("boat",) if a[2].lower() == "boat" else (_bridge(a[2]),)
        return Act(v, (_hex(a[0]), _hex(a[1])) + extra)
    if v == "bridge" and n == 2:
        return Act(v, (_hex(a[0]), _bridge(a[1])))
    if v in ("cross", "shoot", "melee") and n == 2:
        return Act(v, (_hex(a[0]), _hex(a[1])))
    if v == "ruins" and n == 1 and a[0] == "none":  # X14: declined
        return Act(v, ("none",))
    if v in ("ready", "retreat", "ruins", "trench", "fleet") and n == 1:
        return Act(v, (_hex(a[0]),))
    if v == "track" and n == 1 and a[0] in rules().tracks:
        return Act(v, (a[0],))
    if v == "card" and n == 1 and (a[0] == "none" or (a[0].isascii() and a[0].isdigit() and len(a[0]) <= 2
                                                      and 1 <= int(a[0]) <= 18)):  # "²" is a digit, not a number
        return Act(v, (a[0] if a[0] == "none" else str(int(a[0])),))
    if v == "region" and n == 1 and a[0] in REGIONS:
        return Act(v, (a[0],))
    raise ParseError(f"not an action of 辛亥革命: {text[:40]!r}")
