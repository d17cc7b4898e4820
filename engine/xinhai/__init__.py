"""辛亥革命 (The 1911 Revolution of China): two-player hex war game of the battles of Hankou and
Hanyang (seed 002; rulings X1-X10; docs/rules/xinhai.md)."""
from engine.xinhai.actions import Act
from engine.xinhai.ai import make_agent as _make
from engine.xinhai.game import XinhaiGame, load_game, new_game

__all__ = ["Act", "XinhaiGame", "load_game", "new_game", "make_agent"]


def make_agent(level: str = "normal", seed: int = 0, seat: int = 0):
    """A computer player of ``level`` ("easy", "normal", "hard") for ``seat``."""
    return _make(level, seed=seed, seat=seat)
