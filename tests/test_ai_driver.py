"""The client's computer seats (client/ai_driver.py, client/ai_process.py; the AI audit): a decision thought
in the background worker process is the one an agent of the same seed makes in place, for every game, and
the window's process does not do the thinking (it stays free to draw)."""
from __future__ import annotations

import time

import pygame
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
        driver.accept(job)  # as the scenes do when they play the move
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
    think_cpu = job.agent.search_stats["cpu"]  # measured in the worker
    assert think_cpu > 0.05, "the decision was too quick to tell"
    assert main_cpu < 0.5 * think_cpu, f"this process spent {main_cpu:.2f} s of CPU on a {think_cpu:.2f} s decision"
    assert frames > 10


@pytest.mark.parametrize("case", ("anqi", "baige", "jiangshan", "sanguo:variant=jieqi", "shachang", "xinhai"))
def test_a_move_that_is_not_played_leaves_the_agent_as_it_was(case, worker):
    """A move thought in the background and then dropped (taken back while the computer thought, a new game)
    must not change the seat's agent: the next decision is the one of an agent thinking in place (the window
    would have waited for it, and nothing could be taken back meanwhile); an accepted move is remembered."""
    for level in ("random", "normal", "hard"):
        gid, g = new_game(case, seed=6)
        seats = [level] * g.num_players
        driver = AIDriver(gid, list(seats), seed=5)
        twins = [make_agent(gid, lv, seat_seed(driver.base, s), s) for s, lv in enumerate(seats)]
        for version in range(4):
            if g.is_over:
                break
            seat = g.current_player
            dropped = driver.start(g, seat, 2 * version)
            dropped.join(120)
            job = driver.start(g, seat, 2 * version + 1)
            job.join(120)
            assert job.done and job.error is None, job.error
            want = twins[seat].act(g.observe(seat), g.legal_actions())
            assert str(job.result) == str(want), f"{case} {level}: move {version + 1} after a dropped one"
            driver.accept(job)
            g.apply(job.result)


def test_a_take_back_while_the_computer_thinks_changes_none_of_its_moves():
    """百格西洋棋, human against the random player: a take-back while the computer thinks, then the same move
    again: the computer answers as in a game without the take-back (it drew its answer from a generator
    the dropped decision had moved on)."""
    from client.scenes.board_game import BoardGameScene

    pygame.font.init()
    answers = []
    for take_back in (False, True):
        sc = BoardGameScene((900, 640), registry.get("baige").new_game(), ["human", "random"], "en", "flat",
                            ai_delay=0.0)
        assert sc.play("e4e6")
        if take_back:
            sc.update(0.016)  # the computer starts thinking
            stale = sc.job
            assert stale is not None
            sc.undo()
            stale.join(60)
            assert stale.done and sc.game.log == []
            assert sc.play("e4e6")
        for _ in range(200):
            sc.update(0.016)
            sc.wait_for_computer(5.0)
            if len(sc.game.log) == 2:
                break
        answers.append(sc.game.log[1])
    assert answers[0] == answers[1]


def test_the_shachang_window_plays_the_game_its_agents_play_in_place(app):
    """沙场秋点兵's scene, two computers: the game played through the window's loop (worker process, slides
    skipped) is the game the same agents play in place — each agent keeps its memory and plan between
    decisions (the scene accepts every move it plays)."""
    from engine.shachang import new_game as shachang_game
    from tests.client_util import step

    g = shachang_game("standard", "digital", 2, seed=5)
    app.start_game(g, ["hard", "normal"])
    scene = app.scene
    scene.skip = True
    t = time.monotonic()
    while not g.is_over and len(g.log) < 40 and time.monotonic() - t < 60:
        step(app)
    assert len(g.log) >= 20
    twin_game = shachang_game("standard", "digital", 2, seed=5)
    twins = [make_agent("shachang", lv, seat_seed(scene.ai.base, s), s) for s, lv in enumerate(["hard", "normal"])]
    for played in list(g.log):
        seat = twin_game.current_player
        a = twins[seat].act(twin_game.observe(seat), twin_game.legal_actions())
        assert str(a) == str(played)
        twin_game.apply(a)
