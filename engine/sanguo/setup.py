"""Hand-built positions of 三国演弈 (tests, puzzles, rule pictures).

    g = position({"i17": "魏君", "i12": "吴车", "q9": "吴君", "i1": "蜀君", "d9": "暗汉车=炮"}, to_move=0)

A piece is written ``[暗]<kingdom><kind>[=<true kind>][@<owner>]``: ``魏车``; ``暗魏马=兵`` (face
down on a 马 point, truly a 兵; K8); ``魏兵@吴`` (a 魏 pawn absorbed by 吴, K6); ``汉车`` (the
inactive 汉), ``汉车@吴`` (汉 pieces after activation), ``汉帝``.
"""
from __future__ import annotations

from engine.chance import Chance
from engine.sanguo.board import EMPEROR, HAN, RULER, layout
from engine.sanguo.game import SanguoGame
from engine.sanguo.notation import KIND_OF
from engine.sanguo.rules import BLOODBATH, Position

_KINGDOMS = {"吴": 0, "魏": 1, "蜀": 2, "汉": HAN}


def parse_piece(spec: str) -> tuple[tuple, str | None]:
    """((origin, kind, owner, hidden), true kind or None) of a piece spec (ValueError if malformed)."""
    s = spec
    dark = s.startswith("暗")
    if dark:
        s = s[1:]
    owner_txt = None
    if "@" in s:
        s, owner_txt = s.split("@", 1)
    true = None
    if "=" in s:
        s, true = s.split("=", 1)
    if len(s) != 2 or s[0] not in _KINGDOMS or (s[1] not in KIND_OF and s[1] != "帝"):
        raise ValueError(f"bad piece {spec!r}")
    origin = _KINGDOMS[s[0]]
    kind = EMPEROR if s[1] == "帝" else KIND_OF[s[1]]
    if owner_txt is not None:
        owner = _KINGDOMS[owner_txt]
    else:
        owner = None if origin == HAN else origin
    if dark != (true is not None):
        raise ValueError(f"{spec!r}: a face-down piece needs its true kind (暗魏马=兵), a face-up one none")
    return (origin, kind, owner, dark), (KIND_OF[true] if true else None)


def position(pieces: dict[str, str], to_move: int = 0, *, variant: str | None = None, mode: str = BLOODBATH,
             alliance: tuple | None = None, han: str = "", moved: tuple = (True, True, True),
             out: tuple = (), quiet: int = 0, seed: int = 0) -> SanguoGame:
    """A game in the position ``pieces`` (cell -> piece spec) with ``to_move`` to move.

    ``moved``: which kingdoms have made their first move (K2 cannon limit); ``out``: kingdoms
    already fallen; ``han``: "" / "alliance" / "feidi". The variant is jieqi if a piece is face down."""
    lay = layout()
    parsed = {cell: parse_piece(spec) for cell, spec in pieces.items()}
    dark = any(p[3] for p, _ in parsed.values())
    variant = variant or ("jieqi" if dark else "standard")
    g = SanguoGame.__new__(SanguoGame)
    g.variant, g.mode, g.seed, g.lay = variant, mode, seed, lay
    g.hidden_information = variant == "jieqi"
    g.chance = Chance(seed)
    g._secret, g._seen, g._log, g._events, g._legal = {}, [{}, {}, {}], [], [], None
    pos = Position(lay, mode, free_pawns=variant == "jieqi")
    for cell, (p, true) in parsed.items():
        i = lay.index[cell]
        pos.board[i] = p
        if p[1] == RULER and not p[3]:
            pos.rulers[p[0]] = i
        if true is not None:
            g._secret[i] = true
            pos.pool[p[0]][true] = pos.pool[p[0]].get(true, 0) + 1
    pos.to_move = to_move
    pos.alliance = frozenset(alliance) if alliance else None
    pos.han = han
    pos.moved = list(moved)
    for k in out:
        pos.alive[k] = False
        pos.fallen.append((k, "mate", (k + 1) % 3))
    pos.quiet = quiet
    pos.history[pos.key()] = 1
    g.pos = pos
    return g
