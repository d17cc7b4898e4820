"""江山 actions: one small frozen value per decision, written as text that round-trips.

    pick fire+ruse+scout        choose the tallies (虎符) at the set-up
    support blade h1            支援: a reserve unit to an own camp or its gate (a scout with its face:
                                support scout h1 horse, J18)
    exit d3 blade d4            出城: a garrison unit to a gate (or by water from a port)
    move e2 e3 N                行军 (also 入城 and 水运); the facing for infantry in battle state
    capture e3 f4 N             近战 / 占领: the capturing move, facing after it for infantry
    command g1 f2 g2 N          a leader (or camp) moves a unit of its command area
    shoot c2 c4                 张弓 / 骑射;   rocks d3 d4   落石 from a garrisoned city
    fire c2 c4                  烈火燎原;  ruse  兵者诡道
    scout f2 horse | scout reserve   无中生有: a scout by support (J18: the action point, a face
                                步 foot or 马 horse) or into the reserve; a scout's move, capture or
                                command ends with the face it shows after it (move e5 e6 foot)
    formation g1 f2 h2          排兵布阵;  crossing c3 e5 N  瞒天过海
    substitute g1 f2 | decline  李代桃僵 (the defender in the attacker's turn, J12)
    face e6 S                   the owner's facing for a unit forced into battle state (J5)
    siege b6   rebuild h2   recruit blade   end
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.api import ParseError

ARITY = {
    "pick": (1,), "support": (2, 3), "exit": (3,), "move": (2, 3), "capture": (2, 3), "command": (3, 4),
    "shoot": (2,), "rocks": (2,), "fire": (2,), "scout": (1, 2), "ruse": (0,), "formation": (3,),
    "crossing": (2, 3), "substitute": (2,), "decline": (0,), "face": (2,), "siege": (1,), "rebuild": (1,),
    "recruit": (1,), "end": (0,),
}


@dataclass(frozen=True, order=True)
class Act:
    """An action: its kind and its words (cells, unit types, facings)."""

    kind: str
    args: tuple[str, ...] = ()

    @property
    def tallies(self) -> tuple[str, ...]:
        """The tallies a ``pick`` action takes (seed 虎符的获得), in the engine's order; () for other kinds."""
        return tuple(self.args[0].split("+")) if self.kind == "pick" and self.args else ()

    def __str__(self) -> str:
        try:
            return " ".join((self.kind,) + self.args)
        except (TypeError, AttributeError):  # an Act built with wrong fields: printable, refused by parse
            return f"{getattr(self, 'kind', None)!r} {getattr(self, 'args', None)!r}"


def parse(text: str) -> Act:
    """The action named by ``text`` (ParseError if it has no known shape)."""
    if isinstance(text, Act):  # an Act built in code: its fields by type, then its text's shape
        kind, args = getattr(text, "kind", None), getattr(text, "args", None)
        if not isinstance(kind, str) or not isinstance(args, tuple) or not all(isinstance(w, str) for w in args):
            raise ParseError(f"not a 江山 action: {kind!r:.30} {args!r:.30}")
        return parse(" ".join((kind,) + args))
    if not isinstance(text, str) or len(text) > 200:
        raise ParseError(f"not a 江山 action: {str(text)[:60]!r}")
    words = text.split()
    if not words or words[0] not in ARITY or len(words) - 1 not in ARITY[words[0]]:
        raise ParseError(f"not a 江山 action: {text[:60]!r}")
    if not all(w.isascii() and (w.isalnum() or set(w) <= set("abcdefghijklmnopqrstuvwxyz+_0123456789"))
               for w in words[1:]):
        raise ParseError(f"not a 江山 action: {text[:60]!r}")
    return Act(words[0], tuple(words[1:]))
