"""Computer players: the interface every game's agents follow, and the uniform random player.

An agent sees only what its seat may know: ``act(observation, legal_actions)``
gets the seat's observation (``game.observe(seat)``) and the legal actions
(which every game derives from that observation alone), and returns one of
those actions. Agents are deterministic for a given seed.

Resuming: a decision's random draws come from a generator made for that decision from the agent's
seed and the number of decisions it has made (``decision_rng``), never from one generator that
advances, and ``remember(observation, legal_actions, action)`` counts a past decision without
thinking it (an agent that learns from its observations learns from that one too). So an agent
handed its seat's past decisions of a saved game (engine.resume) plays on as if it had played them.
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


def decision_rng(key: int, n: int) -> random.Random:
    """The generator of decision ``n`` (0, 1, ...) of an agent whose seed gives ``key``."""
    return random.Random((int(key) << 40) + int(n))


class Decisions:
    """Mixin: ``self.rng`` made anew for each decision (``next_decision``, called first thing in ``act``)
    from ``self.rng_key`` and the decisions made so far; ``remember`` counts a past decision."""

    rng_key = 0
    decisions = 0  # decisions made or remembered

    def next_decision(self) -> random.Random:
        """This decision's generator (also ``self.rng``); counts the decision."""
        self.rng = decision_rng(self.rng_key, self.decisions)
        self.decisions += 1
        return self.rng

    def remember(self, observation: Any, legal_actions: Sequence[Any], action: Any) -> None:
        """A decision of this seat played before (a resumed game): counted, not thought."""
        self.decisions += 1


class RandomAgent(Decisions):
    """Picks a uniformly random legal action with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng_key = int(seed)
        self.rng = decision_rng(self.rng_key, 0)

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        rng = self.next_decision()
        return legal_actions[rng.randrange(len(legal_actions))]
