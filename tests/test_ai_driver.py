"""The client's computer seats (client/ai_driver.py, client/ai_process.py; the AI audit): a decision thought
in the background worker process is the one an agent of the same seed makes in place, for every game, and
the window's process does not do the thinking (it stays free to draw)."""
from __future__ import annotations

import time

import pytest

from client import ai_process
from client.ai_driver import AIDriver, seat_seed
from engine import registry
from engine.arena import make_agent
from tests.cases_util import _case
from tests.golden import options_for

CASES = ("anqi", "baige", "jiangshan", "sanguo", "sanguo:variant=jieqi", "shachang", "shachang:preset=star",
         "xinhai")


def new_game(case: str, seed: int = 4):
    gid, extra = _case(case)
    return gid, registry.get(gid).new_game(**{**options_for(gid, seed), **extra})


@pytest.fixture(scope="module")
def worker():
    assert ai_process.start() is not None, "the worker process did not come up"
    yield ai_process.worker_pid()
    ai_process.shutdown()


@pytest.mark.parametrize("case", CASES)
def test_the_worker_plays_the_moves_an_agent_of_the_same_seed_plays_in_place(case, worker):
    gid, g = new_game(case)
    twin_game = g.clone()
    seats = ["hard"] + ["normal"] * (g.num_players - 1)
    driver = AIDriver(gid, list(seats), seed=9, hidden_deal=gid in ("anqi",) or "jieqi" in case)
    twins = [make_agent(gid, lv, seat_seed(driver.base, s), s) for s, lv in enumerate(seats)]
    for version in range(8):
        if g.is_over:
            break
        seat = g.current_player
        job = driver.start(g, seat, version)
        job.join(120)
        assert job.done and job.error is None, job.error
        want = twins[seat].act(twin_game.observe(seat), twin_game.legal_actions())
        assert str(job.result) == str(want), f"{case}: move {version + 1} differs in the worker"
        g.apply(job.result)
        twin_game.apply(want)
    assert ai_process.worker_pid() == worker and not ai_process._broken, "the decisions did not go to the worker"


def test_the_window_process_stays_free_while_the_computer_thinks(worker):
    """A hard 64x64 decision: its CPU time is spent in the worker (the agent measures it there), while this
    process, running a stand-in for the window's loop, spends a small part of that."""
    gid, g = new_game("shachang")
    g = registry.get(gid).new_game(**{**options_for(gid, 4), "preset": "large", "players": 2})
    driver = AIDriver(gid, ["hard", "hard"], seed=9)
    c0 = time.process_time()
    job = driver.start(g, g.current_player, 0)
    frames = 0
    while not job.done:
        time.sleep(0.004)  # a frame of the window's loop
        frames += 1
    main_cpu = time.process_time() - c0
    assert job.error is None and job.result in g.legal_actions()
    think_cpu = driver.agent(g.current_player).search_stats["cpu"]  # measured in the worker
    assert think_cpu > 0.1, "the decision was too quick to tell"
    assert main_cpu < 0.5 * think_cpu, f"this process spent {main_cpu:.2f} s of CPU on a {think_cpu:.2f} s decision"
    assert frames > 10
