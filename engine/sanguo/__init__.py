"""三国演弈 and 三国演弈揭棋: three kingdoms on the 17x17 cross board (seed 004 part 一; rulings K1-K9)."""
from engine.sanguo.ai import make_agent as _make
from engine.sanguo.game import SanguoGame, load_game, new_game
from engine.sanguo.notation import Move

__all__ = ["SanguoGame", "Move", "load_game", "new_game", "make_agent"]


def make_agent(level: str = "normal", seed: int = 0, seat: int = 0, budget: float | None = None):
    """A computer player of ``level`` ("easy", "normal", "hard") for ``seat``, acting on observations only
    (``budget``: the arena's LEVEL@SECONDS, which scales hard's fixed amount of work)."""
    return _make(level, seed=seed, seat=seat, budget=budget)
