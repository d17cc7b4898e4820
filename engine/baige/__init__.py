"""百格西洋棋 (seed 001): 10x10 chess with guards, cannons, archers, ferzes and wazirs.

Fixed entry points: ``legal_moves(fen)`` and ``perft(fen, depth)``; the game API through
``new_game`` / ``load_game``; computer players through ``make_agent``.
"""
from __future__ import annotations

from engine.baige.ai import make_agent as _mk
from engine.baige.board import START_FEN, FenError, Position, move_text, perft as _perft
from engine.baige.game import BaigeGame, describe_move, load_game

__all__ = ["START_FEN", "FenError", "BaigeGame", "legal_moves", "perft", "new_game", "load_game",
           "make_agent", "move_display"]


def legal_moves(fen: str) -> list[str]:
    """Every legal move of the position ``fen`` in C2 text (game-end rules not applied)."""
    return [move_text(m) for m in Position(fen).legal_moves()]


def perft(fen: str, depth: int) -> int:
    """Number of legal move sequences of length ``depth`` from ``fen`` (game-end rules ignored)."""
    return _perft(Position(fen), depth)


def move_display(fen: str, move: str) -> str:
    """Display text of a legal move with the seed's short Chinese name, e.g. ``卒 e4-e6``."""
    pos = Position(fen)
    m = pos.find_move(move)
    if m is None:
        raise ValueError(f"{move} is not legal in {fen}")
    return describe_move(pos, m)


def new_game(seed: int = 0, fen: str | None = None, **_) -> BaigeGame:
    """A new game from the start position (or ``fen``); ``seed`` is unused (no chance in chess)."""
    return BaigeGame(fen)


def make_agent(level: str = "normal", seed: int = 0, seat: int = 0):
    """A computer player: level easy, normal or hard."""
    return _mk(level, seed=seed, seat=seat)
