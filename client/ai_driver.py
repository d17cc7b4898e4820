"""The one driver of computer seats for every game's scene: which agent sits where, how it is seeded,
where it thinks, and what happens when it fails.

    driver = AIDriver(game_id, seats, seed, hidden_deal=False, base=None)
    job = driver.start(game, seat, version)   # thinks in a background thread (client.ai_process's worker)
    if job.done: action, error = job.result, job.error

Seeding: every agent's seed comes from ``seat_seed(base, seat)``. ``base`` is the game's seed for
games whose seed is public; for games with a hidden deal (暗棋, 揭棋) it is a fresh unpredictable
number (engine.chance.fresh_seed), so nothing about the agents follows from the deal's seed. A save
keeps ``base`` (client.savefile's ``ai_seed``), and a loaded game's driver is given it back.

Resuming: a seat's agent, made for a game that already has actions (a loaded save), is first handed
its seat's past decisions (engine.resume.catch_up, in the job's thread, thinking a turn in progress
again in the worker), so it plays on as the agent of the unbroken game would have.

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
from engine.resume import catch_up


def seat_seed(base: int, seat: int) -> int:
    """The seed of the agent in ``seat`` (one formula for every game)."""
    return (int(base) * 7919 + seat * 31 + 1) % (1 << 63)


class Job:
    """One computer decision from a background thread (observation and legal actions only)."""

    def __init__(self, agent, obs, legal, version: int, seat: int, base=None, history: str | None = None):
        self.version = version
        self.seat = seat
        self.agent = agent  # the copy that thinks (AIDriver.accept makes it the seat's agent)
        self.base = base  # the seat's agent it was copied from
        self.history = history  # the game's save text: its past decisions are handed to the agent first
        self.caught_up: dict | None = None  # what engine.resume.catch_up did (None: nothing to catch up)
        self.catch_up_error: str | None = None  # a history that could not be replayed (the agent plays on)
        self.result = None
        self.error: BaseException | None = None
        self.done = False
        self.started = time.perf_counter()
        self._t = threading.Thread(target=self._run, args=(agent, obs, legal), daemon=True)
        self._t.start()

    def _run(self, agent, obs, legal) -> None:
        if self.history is not None:
            try:
                self.caught_up = catch_up({self.seat: agent}, self.history, think=act)[self.seat]
            except Exception as e:  # noqa: BLE001 — a game that does not replay: the agent plays from here
                self.catch_up_error = f"{type(e).__name__}: {e}"
        try:
            self.result = act(agent, obs, legal)
        except BaseException as e:  # reported by the scene, which hands the seat over (AIDriver.fail)
            self.error = e
        self.done = True

    def join(self, timeout: float | None = None) -> None:
        self._t.join(timeout)


class AIDriver:
    """See the module docstring."""

    def __init__(self, game_id: str, seats: list[str], seed: int | None = 0, hidden_deal: bool = False,
                 base: int | None = None):
        self.game_id = game_id
        self.seats = seats  # shared with the scene: a failed seat becomes "human" there too
        # ``base``: a loaded save's (its ai_seed), else the game's seed or a fresh one
        self.base = int(base) if base is not None else fresh_seed() if hidden_deal or seed is None else int(seed)
        self.agents: dict[int, Any] = {}
        self.current: set[int] = set()  # seats whose agent has been handed the game's past decisions
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
        # a new agent in a game with a past (a loaded save) first learns its seat's past decisions
        history = self._history(game) if seat not in self.current and game.log else None
        return Job(copy.deepcopy(base), game.observe(seat), game.legal_actions(), version, seat, base, history)

    @staticmethod
    def _history(game) -> str | None:
        """``game``'s save text for a catch-up; None (the agent plays from here) if the game cannot say it."""
        try:
            return game.to_json()
        except Exception:  # noqa: BLE001 — a position some test or tool built by hand
            return None

    def accept(self, job: Job) -> None:
        """The scene plays ``job``'s move: the agent that thought it takes the seat (unless the seat has
        another agent by now: a new game, a failed seat)."""
        if self.agents.get(job.seat) is job.base:
            self.agents[job.seat] = job.agent
            self.current.add(job.seat)  # (a history that did not replay: the agent plays on from here)

    def report(self, seat: int, what: str) -> None:
        """What went wrong with the computer in ``seat``, for developers only (stderr): an exception's or a
        refusal's text may name what that seat alone knows, so nothing a player sees shows it (G1)."""
        print(f"computer seat {seat} ({self.game_id}, {self.seats[seat]}): {what}", file=sys.stderr)

    def fail(self, seat: int) -> None:
        """The agent of ``seat`` failed: the seat goes to a human (the game never stalls on a broken agent)."""
        self.seats[seat] = "human"
        self.agents.pop(seat, None)
        self.current.discard(seat)

    def reset(self, seed: int | None = None, hidden_deal: bool = False) -> None:
        """Forget the agents (a new game); new seeds as in the constructor."""
        self.agents.clear()
        self.current.clear()
        self.base = fresh_seed() if hidden_deal or seed is None else int(seed)
