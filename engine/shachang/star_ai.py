"""Computer players of 沙场秋点兵 on the star (S19a–S19h), and the agent the game module hands out.

``make_agent`` returns a ``ShachangAgent`` that plays the square maps with ``engine.shachang.ai``
and the star preset with ``StarAgent`` (chosen by the observation's board), so the game module,
the arena and the client ask for one agent whatever the preset.

``StarAgent`` is the star's player of engine/shachang/star_player.py (``StarPlayer``: what it sees,
easy and normal) with the hard player's items (engine/shachang/star_ai_items.py) and turn planner
(engine/shachang/star_plan.py), which sit below this module.
"""
from __future__ import annotations

from engine.agents import Decisions
from engine.shachang.actions import End
from engine.shachang.ai import make_agent as square_agent
from engine.shachang.star_ai_items import choose_item
from engine.shachang.star_ai_void import pass_may_void, void_looming
from engine.shachang.star_plan import TurnPlanner
from engine.shachang.star_player import LEVELS, StarPlayer


def make_agent(level: str = "normal", seed: int = 0, seat: int = 0, budget: float | None = None):
    """A computer player of ``level`` for every preset of 沙场秋点兵 (square maps and the star)."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
    return ShachangAgent(level, seed=seed, seat=seat, budget=budget)


class ShachangAgent:
    """Plays the square maps with ``engine.shachang.ai`` and the star with ``StarAgent``."""

    def __init__(self, level: str, seed: int = 0, seat: int = 0, budget: float | None = None):
        self.level, self.seed, self.seat, self.budget = level, seed, seat, budget
        self.name = f"shachang-{level}"
        self._square = None
        self._star = None

    def act(self, observation, legal_actions):
        """One of ``legal_actions`` for ``observation`` (the star's observations go to StarAgent)."""
        return self._agent(observation).act(observation, legal_actions)

    def _agent(self, observation):
        """The player for ``observation``'s board (made on first use)."""
        if getattr(observation, "board", "square") == "star":
            if self._star is None:
                self._star = StarAgent(self.level, seed=self.seed, seat=self.seat)
            return self._star
        if self._square is None:
            self._square = square_agent(self.level, seed=self.seed, seat=self.seat, budget=self.budget)
        return self._square

    def remember(self, observation, legal_actions, action) -> None:
        """A past decision of an ended turn (engine.resume), handed to the board's player."""
        self._agent(observation).remember(observation, legal_actions, action)

    @staticmethod
    def ends_turn(action) -> bool:
        """Whether ``action`` ends the seat's turn (engine.resume thinks a turn in progress again)."""
        return isinstance(action, End)

    def __getattr__(self, name):
        # anything else a caller asks of the square player (e.g. its search statistics)
        if name.startswith("_"):
            raise AttributeError(name)
        if self.__dict__.get("_square") is None:
            self.__dict__["_square"] = square_agent(self.level, seed=self.seed, seat=self.seat,
                                                    budget=self.budget)
        return getattr(self.__dict__["_square"], name)


class StarAgent(StarPlayer, Decisions):
    """A computer player of the star preset at any level: a ``StarPlayer`` whose normal and hard
    players use the items of engine/shachang/star_ai_items.py and whose hard player plans its turns
    with engine/shachang/star_plan.py. Each decision has its own generator (engine.agents.Decisions)."""

    def __init__(self, level: str = "normal", seed: int = 0, seat: int = 0, **kw):
        super().__init__(level, seed=seed, seat=seat, **kw)
        self.rng_key = (seed * 1_000_003 + seat) & 0xFFFFFFFF

    def act(self, obs, legal_actions):
        self.next_decision()
        return super().act(obs, legal_actions)

    def remember(self, obs, legal_actions, action) -> None:
        """A past decision of an ended turn (a resumed game, engine.resume): the enemies it saw, no plan."""
        self.decisions += 1
        self._update(obs)

    @staticmethod
    def ends_turn(action) -> bool:
        """Whether ``action`` ends the seat's turn (and the hard player's plan of it)."""
        return isinstance(action, End)

    def _item(self, obs, uses):
        return choose_item(obs, uses, hard=self.level == "hard")

    def _plan(self, obs, legal, enemies):
        if self.planner is None:
            self.planner = TurnPlanner(self, per_decision=True)
        return self.planner.act(obs, legal, enemies,
                                act=self.void_guard and pass_may_void(obs),
                                seek=self.void_guard and void_looming(obs))
