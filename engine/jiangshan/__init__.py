"""江山 (seed 000): a chess-derived war game on a 12x8 board with two-faced units, facing, terrain,
fire, cities and tallies (rulings J1-J14; docs/rules/jiangshan.md)."""
from engine.jiangshan.actions import Act
from engine.jiangshan.ai import make_agent as _make
from engine.jiangshan.game import JiangshanGame, load_game, new_game

__all__ = ["Act", "JiangshanGame", "load_game", "new_game", "make_agent"]


def make_agent(level: str = "normal", seed: int = 0, seat: int = 0):
    """A computer player of ``level`` ("easy", "normal", "hard") for ``seat``."""
    return _make(level, seed=seed, seat=seat)
