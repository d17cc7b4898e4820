"""Computer decisions in the client's worker process: the same decisions and agent state as in place."""
from __future__ import annotations

from client import ai_process
from engine.shachang import new_game
from engine.shachang.ai import make_agent


def test_worker_process_gives_the_same_game():
    logs = []
    assert ai_process.start() is not None  # the worker is up: every decision below goes through it
    for remote in (False, True):
        g = new_game("standard", players=2, seed=6)
        agents = [make_agent("hard", seed=1, seat=0, use_clock=False),
                  make_agent("normal", seed=2, seat=1, use_clock=False)]
        n = 0
        while not g.is_over and n < 60:
            p = g.current_player
            obs, legal = g.observe(p), g.legal_actions()
            a = ai_process.act(agents[p], obs, legal) if remote else agents[p].act(obs, legal)
            g.apply(a)
            n += 1
        logs.append(([str(a) for a in g.log], agents[0].memory.__dict__.keys(), len(agents[0].think)))
    assert not ai_process._broken and ai_process.worker_pid(), "the worker process was not used"
    assert logs[0] == logs[1]
    ai_process.shutdown()


class Bad:
    def act(self, obs, legal):
        raise ValueError("planner bug")


def test_agent_errors_come_back_and_keep_the_worker():
    import pytest
    g = new_game("standard", players=2, seed=1)
    assert ai_process.start() is not None  # the error travels back from the worker
    with pytest.raises(ValueError, match="planner bug"):
        ai_process.act(Bad(), g.observe(0), g.legal_actions())
    assert not ai_process._broken and ai_process.worker_pid()  # an agent's error is not a broken worker
    ai_process.shutdown()


CHILD = """
import sys, time
sys.path.insert(0, {root!r})
from client import ai_process
if __name__ == "__main__":
    pid = ai_process.start()
    print(pid, flush=True)
    time.sleep(120)
"""


def _gone(pid: int) -> bool:
    """The process has exited (a zombie waiting for a reaper counts as exited)."""
    import os

    try:
        with open(f"/proc/{pid}/status") as f:
            return any(line.startswith("State:") and "Z" in line.split()[1] for line in f)
    except FileNotFoundError:
        return True
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False


def test_killing_the_client_leaves_no_orphan_worker(tmp_path):
    """kill -9 of the process that started the worker: the worker exits within a few seconds."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    import pytest

    script = tmp_path / "child.py"
    script.write_text(CHILD.format(root=str(Path(__file__).resolve().parents[1])))
    child = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        line = child.stdout.readline().strip()
        assert line.isdigit(), f"the child could not start a worker: {line!r}"
        worker = int(line)
        assert worker != child.pid and not _gone(worker)
    except BaseException:
        child.kill()
        raise
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    t = time.monotonic()
    while not _gone(worker) and time.monotonic() - t < 10:
        time.sleep(0.1)
    if not _gone(worker):
        os.kill(worker, signal.SIGKILL)
        pytest.fail("the worker outlived its parent by 10 s")
    assert time.monotonic() - t < 5


def test_worker_that_never_answers_falls_back_to_the_thread(monkeypatch):
    """A worker that does not come up in time is killed, and the agents think in place (same decisions)."""
    monkeypatch.setattr(ai_process, "FIRST_ANSWER_SECONDS", 0.0)
    monkeypatch.setattr(ai_process, "_ping", _slow_ping)
    ai_process.shutdown()
    monkeypatch.setattr(ai_process, "_broken", False)
    g = new_game("standard", players=2, seed=3)
    agent = make_agent("easy", seed=1, seat=0, use_clock=False)
    twin = make_agent("easy", seed=1, seat=0, use_clock=False)
    for _ in range(2):
        a = ai_process.act(agent, g.observe(0), g.legal_actions())
        assert a == twin.act(g.observe(0), g.legal_actions())
    assert ai_process._broken and ai_process.worker_pid() is None and ai_process._pool is None


def test_first_decision_does_not_wait_for_the_worker_to_come_up(monkeypatch):
    """The first decision starts the worker and is thought in the calling thread meanwhile."""
    monkeypatch.setattr(ai_process, "_ping", _slow_ping)
    ai_process.shutdown()
    monkeypatch.setattr(ai_process, "_broken", False)
    g = new_game("standard", players=2, seed=3)
    agent = make_agent("easy", seed=1, seat=0, use_clock=False)
    twin = make_agent("easy", seed=1, seat=0, use_clock=False)
    assert ai_process.act(agent, g.observe(0), g.legal_actions()) == twin.act(g.observe(0), g.legal_actions())
    assert ai_process.worker_pid() is None and ai_process._pool is not None and not ai_process._broken
    with ai_process._lock:
        ai_process._drop_pool()


def _slow_ping():
    import time

    time.sleep(5)
    return 0
