"""Computer players are bounded by counted work (nodes, plans): the same position and seed give the same
move at any load; the clock only stops a runaway search (the AI audit, standard A).

Every game and level plays the same positions three times: with a clock that never moves (an infinitely
fast machine), with a clock that makes every decision look like RUNAWAY_SECONDS / 2 (a machine dozens of
times slower than the budgets assume, short of the runaway stop), and with the real clock. A clock that
jumps an hour at every reading must trigger the runaway stop, and the move is still legal.
"""
from __future__ import annotations

import random
import time

import pytest

from engine import registry
from engine.arena import make_agent
from tests.cases_util import _case
from tests.golden import options_for

CASES = ("anqi", "baige", "jiangshan", "sanguo", "sanguo:variant=jieqi", "shachang", "shachang:preset=star",
         "xinhai")
LEVELS = ("random", "easy", "normal", "hard")
READINGS = ("perf_counter", "monotonic", "process_time", "time")
# the runaway stops below (engine/baige/ai.py, engine/shachang/ai.py) are 20 s or more: a decision whose
# readings add up to half of that is one on a very loaded machine, not a runaway
LOADED_SECONDS = 10.0


class SteppingClock:
    """Every reading advances the time by ``step`` seconds (0: the clock stands still)."""

    def __init__(self, step: float = 0.0):
        self.now = 5_000.0
        self.step = step
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.step
        return self.now

    def ns(self) -> int:
        return int(self() * 1e9)


def use_clock(monkeypatch, clock: SteppingClock) -> None:
    """Every clock of the ``time`` module reads ``clock`` (the agents call ``time.perf_counter()`` etc.)."""
    for name in READINGS:
        monkeypatch.setattr(time, name, clock)
        monkeypatch.setattr(time, name + "_ns", clock.ns)


def new_game(case: str, seed: int):
    gid, extra = _case(case)
    return gid, registry.get(gid).new_game(**{**options_for(gid, seed), **extra})


def positions(case: str) -> list:
    """Copies of a few positions of a random game of ``case`` (the start, the opening, the middle)."""
    gid, g = new_game(case, 3)
    rng = random.Random(3)
    out = []
    for i in range(31):
        if g.is_over:
            break
        if i in (0, 12, 30):
            out.append(g.clone())
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return out


def decide(case: str, pos, level: str, actions: int = 3) -> tuple[list[str], object]:
    """A fresh agent of ``level`` (seed 11) plays up to ``actions`` actions of the seat to move in ``pos``
    (a 沙场秋点兵 turn is planned on its first action and replayed after); the texts and the agent."""
    gid, _ = _case(case)
    g = pos.clone()
    seat = g.current_player
    agent = make_agent(gid, level, 11, seat)
    out = []
    while len(out) < actions and not g.is_over and g.current_player == seat:
        legal = g.legal_actions()
        a = agent.act(g.observe(seat), legal)
        assert a in legal, f"{case} {level}: {a} is not a legal action"
        out.append(str(a))
        g.apply(a)
    return out, agent


@pytest.mark.parametrize("case", CASES)
def test_the_same_position_and_seed_give_the_same_move_at_any_load(case, monkeypatch):
    for pos in positions(case):
        for level in LEVELS:
            still = SteppingClock(0.0)
            use_clock(monkeypatch, still)
            want, agent = decide(case, pos, level)
            assert not getattr(agent, "runaway_stops", 0)
            loaded = SteppingClock(LOADED_SECONDS / max(1, still.readings))
            use_clock(monkeypatch, loaded)
            got, agent = decide(case, pos, level)
            assert loaded.now - 5_000.0 <= LOADED_SECONDS * 1.5 + 1  # short of any runaway stop
            assert not getattr(agent, "runaway_stops", 0), f"{case} {level}: the runaway stop fired"
            assert got == want, f"{case} {level}: a loaded machine changed the decision"
            monkeypatch.undo()
            real, _ = decide(case, pos, level)
            assert real == want, f"{case} {level}: the real clock changed the decision"


RUNAWAY = [("baige", "easy"), ("baige", "normal"), ("baige", "hard"), ("shachang", "normal"),
           ("shachang", "hard")]


@pytest.mark.parametrize("case,level", RUNAWAY)
def test_a_runaway_clock_stops_the_search_and_the_move_is_legal(case, level, monkeypatch):
    """The players that read the clock stop on a clock that jumps an hour at every reading, still with a
    legal move (``decide`` checks it), and say that the runaway stop fired."""
    use_clock(monkeypatch, SteppingClock(3600.0))
    stops = 0
    for pos in positions(case):  # (a search shorter than one look at the clock is not stopped: 百格 easy's first)
        moves, agent = decide(case, pos, level, actions=1)
        assert len(moves) == 1
        stops += agent.runaway_stops
    assert stops >= 2, f"{case} {level}: the runaway stop fired {stops} times in 3 positions"


@pytest.mark.parametrize("case", [c for c in CASES if _case(c)[0] not in ("baige", "shachang")]
                         + ["shachang:preset=star"])
def test_players_without_a_runaway_stop_never_read_the_clock(case, monkeypatch):
    """The other games' players (and the star's) are bounded by their counted work alone: not one reading."""
    clock = SteppingClock(3600.0)
    use_clock(monkeypatch, clock)
    for pos in positions(case)[:2]:
        for level in LEVELS:
            decide(case, pos, level)
    assert clock.readings == 0
