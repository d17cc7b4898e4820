"""The one driver of computer seats for every game's scene: which agent sits where, how it is seeded,
where it thinks, and what happens when it fails.

    driver = AIDriver(game_id, seats, seed, hidden_deal=False)
    job = driver.start(game, seat, version)   # thinks in a background thread (client.ai_process's worker)
    if job.done: action, error = job.result, job.error

Seeding: every agent's seed comes from ``seat_seed(base, seat)``. ``base`` is the game's seed for
games whose seed is public; for games with a hidden deal (暗棋, 揭棋) it is a fresh unpredictable
number (engine.chance.fresh_seed), so nothing about the agents follows from the deal's seed.

Errors: a level that cannot be made falls back to the random player (``notes`` says so); an agent
that raises while thinking hands its seat to a human (``fail``) — the same policy in every scene. What went
wrong (the exception, or the engine's refusal of the agent's action) goes to stderr only (``report``): it may
name the seat's hidden cells or pieces, so the player's screen says only that the computer failed (G1).

A job thinks with a copy of the seat's agent; the scene calls ``accept(job)`` when it plays the job's move,
and only then does the copy (which remembers having thought it) take the seat. A move that is not played
(taken back while the computer thought, a new game) leaves the agent as it was, so the next decision is
the one an agent thinking in place, which the window would have waited for, makes.
"""
from __future__ import annotations

import copy
import sys
import threading
import time
from typing import Any

from client.ai_process import act, start as start_worker  # imported in the window's thread (see ai_process)
from engine.agents import LEVELS, RandomAgent  # noqa: F401  (LEVELS: the board scene's check)
from engine.arena import make_agent
from engine.chance import fresh_seed


def seat_seed(base: int, seat: int) -> int:
    """The seed of the agent in ``seat`` (one formula for every game)."""
    return (int(base) * 7919 + seat * 31 + 1) % (1 << 63)


class Job:
    """One computer decision from a background thread (observation and legal actions only)."""

    def __init__(self, agent, obs, legal, version: int, seat: int, base=None):
        self.version = version
        self.seat = seat
        self.agent = agent  # the copy that thinks (AIDriver.accept makes it the seat's agent)
        self.base = base  # the seat's agent it was copied from
        self.result = None
        self.error: BaseException | None = None
        self.done = False
        self.started = time.perf_counter()
        self._t = threading.Thread(target=self._run, args=(agent, obs, legal), daemon=True)
        self._t.start()

    def _run(self, agent, obs, legal) -> None:
        try:
            self.result = act(agent, obs, legal)
        except BaseException as e:  # reported by the scene, which hands the seat over (AIDriver.fail)
            self.error = e
        self.done = True

    def join(self, timeout: float | None = None) -> None:
        self._t.join(timeout)


class AIDriver:
    """See the module docstring."""

    def __init__(self, game_id: str, seats: list[str], seed: int | None = 0, hidden_deal: bool = False):
        self.game_id = game_id
        self.seats = seats  # shared with the scene: a failed seat becomes "human" there too
        self.base = fresh_seed() if hidden_deal or seed is None else int(seed)
        self.agents: dict[int, Any] = {}
        self.notes: list[str] = []  # level fallbacks, for the scene's message line

    def is_computer(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat] != "human"

    def agent(self, seat: int):
        """The agent of ``seat`` (made on first use; a level that cannot be made plays random)."""
        a = self.agents.get(seat)
        if a is None:
            level = self.seats[seat]
            try:
                a = make_agent(self.game_id, level, seat_seed(self.base, seat), seat)
            except BaseException as e:  # a level the game lacks: the random player
                self.notes.append(f"{level}: {type(e).__name__}: {e}")
                a = RandomAgent(seat_seed(self.base, seat))
            self.agents[seat] = a
        return a

    def start(self, game, seat: int, version: int) -> Job:
        """Start thinking for ``seat`` on ``game`` (its observation and legal actions are taken now)."""
        # the worker process is started from this (the window's) thread, without waiting for it: made in
        # the computer's thread, its pool's imports and process start-up crawled while the window ran
        start_worker(wait=0)
        base = self.agent(seat)
        return Job(copy.deepcopy(base), game.observe(seat), game.legal_actions(), version, seat, base)

    def accept(self, job: Job) -> None:
        """The scene plays ``job``'s move: the agent that thought it takes the seat (unless the seat has
        another agent by now: a new game, a failed seat)."""
        if self.agents.get(job.seat) is job.base:
            self.agents[job.seat] = job.agent

    def report(self, seat: int, what: str) -> None:
        """What went wrong with the computer in ``seat``, for developers only (stderr): an exception's or a
        refusal's text may name what that seat alone knows, so nothing a player sees shows it (G1)."""
        print(f"computer seat {seat} ({self.game_id}, {self.seats[seat]}): {what}", file=sys.stderr)

    def fail(self, seat: int) -> None:
        """The agent of ``seat`` failed: the seat goes to a human (the game never stalls on a broken agent)."""
        self.seats[seat] = "human"
        self.agents.pop(seat, None)

    def reset(self, seed: int | None = None, hidden_deal: bool = False) -> None:
        """Forget the agents (a new game); new seeds as in the constructor."""
        self.agents.clear()
        self.base = fresh_seed() if hidden_deal or seed is None else int(seed)
