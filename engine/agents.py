"""Computer players: the interface every game's agents follow, and the uniform random player.

An agent sees only what its seat may know: ``act(observation, legal_actions)``
gets the seat's observation (``game.observe(seat)``) and the legal actions
(which every game derives from that observation alone), and returns one of
those actions. Agents are deterministic for a given seed.
"""
from __future__ import annotations

import random
from typing import Any, Protocol, Sequence

# what a computer seat can be, weakest first: the uniform random player and each game's levels (every game's
# ``make_agent`` takes easy, normal and hard)
LEVELS = ("random", "easy", "normal", "hard")


class Agent(Protocol):
    name: str

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        """One of ``legal_actions``."""


class RandomAgent:
    """Picks a uniformly random legal action with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        return legal_actions[self.rng.randrange(len(legal_actions))]
