"""Cross-check of engine/baige's move generator against Fairy-Stockfish (pyffish, a test-only dependency).

Compared, on every position of several seeded random games from the start position
(random play biased towards castling, en passant, promotions, checks and cannon/archer
captures, so that each rule is hit often):
  * the set of legal moves in C2 text, after removing from engine/baige's list the
    C5 promoting moves of a ferz or wazir (text with a promotion letter), which
    Fairy-Stockfish cannot express; their non-promoting versions are compared;
  * whether the side to move is in check.
The variant definition is assets/rules/baige_variants.ini. Skipped only when pyffish
cannot be imported (install the project's `test` extra).
"""
from __future__ import annotations

import pathlib
import random

import pytest

sf = pytest.importorskip("pyffish")

from engine.baige.board import (  # noqa: E402
    CASTLE, EP, F, W, Position, move_flag, move_from, move_promo, move_text, move_to,
)

INI = pathlib.Path(__file__).resolve().parent.parent / "assets" / "rules" / "baige_variants.ini"
GAMES = 6
PLIES = 120


@pytest.fixture(scope="module")
def variant():
    sf.load_variant_config(INI.read_text(encoding="utf-8"))
    assert "baige" in sf.variants()
    return "baige"


def ours(pos: Position) -> set[str]:
    out = set()
    for m in pos.legal_moves():
        if abs(pos.board[move_from(m)]) in (F, W) and move_promo(m):
            continue  # C5: not expressible in Fairy-Stockfish
        out.add(move_text(m))
    return out


def pick(pos: Position, moves: list[int], rng: random.Random) -> int:
    special = []
    for m in moves:
        if move_flag(m) in (CASTLE, EP) or move_promo(m):
            special.append(m)
        elif pos.board[move_to(m)] and abs(pos.board[move_from(m)]) in (8, 9):  # cannon / archer capture
            special.append(m)
    if special and rng.random() < 0.6:
        return rng.choice(special)
    r = rng.random()
    if r < 0.3:  # develop back-rank pieces other than king and rook, to open castling paths
        dev = [m for m in moves if (move_from(m) // 12 - 2) in (0, 9) and abs(pos.board[move_from(m)]) not in (4, 6)]
        if dev:
            return rng.choice(dev)
    elif r < 0.5:  # push pawns, to reach promotions
        push = [m for m in moves if abs(pos.board[move_from(m)]) == 1]
        if push:
            return rng.choice(push)
    return rng.choice(moves)


def test_start_position_matches(variant):
    pos = Position()
    assert sf.start_fen(variant) == pos.fen()
    assert ours(pos) == set(sf.legal_moves(variant, pos.fen(), []))


def test_random_positions_match_fairy_stockfish(variant):
    rng = random.Random(20221)
    compared = 0
    seen = {"castle": 0, "ep": 0, "promo": 0, "check": 0}
    for _ in range(GAMES):
        pos = Position()
        for _ in range(PLIES):
            fen = pos.fen()
            mine = ours(pos)
            theirs = set(sf.legal_moves(variant, fen, []))
            assert mine == theirs, (fen, sorted(mine - theirs), sorted(theirs - mine))
            assert pos.in_check() == sf.gives_check(variant, fen, []), fen
            compared += 1
            moves = pos.legal_moves()
            if not moves:
                break
            seen["check"] += pos.in_check()
            for m in moves:
                seen["castle"] += move_flag(m) == CASTLE
                seen["ep"] += move_flag(m) == EP
                seen["promo"] += bool(move_promo(m))
            pos.make(pick(pos, moves, rng))
    print(f"compared {compared} positions with Fairy-Stockfish; rule hits {seen}")
    assert compared >= 300
    assert all(seen.values()), seen
