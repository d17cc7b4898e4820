"""三国演弈暗棋 "暗战洛阳城": three-player hidden-piece game on the 53-cell Luoyang board (seed 004 part 二)."""
from engine.anqi.ai import make_agent as _make
from engine.anqi.game import AnqiGame, load_game, new_game
from engine.anqi.rules import Flip, Move

__all__ = ["AnqiGame", "Flip", "Move", "load_game", "new_game", "make_agent"]


def make_agent(level: str = "normal", seed: int | None = 0, seat: int = 0):
    """A computer player of ``level`` ("easy", "normal", "hard") for ``seat`` (``seed=None``: a fresh seed,
    as a client must use: never one derived from the game's seed, which would give the deal away)."""
    return _make(level, seed=seed, seat=seat)
