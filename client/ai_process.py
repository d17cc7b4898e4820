"""Computer decisions in a worker process, so that the window keeps its whole interpreter.

Python runs one thread at a time: a computer player thinking in a thread of the
window's process slows every frame (on 8x8 the median frame went from 21 ms to
55 ms while hard thought). ``act(agent, obs, legal)`` sends the agent (with
its memory), the observation and the legal actions to one worker process,
and copies the agent's new state back, so the agent is the same object with
the same history as if it had thought in place: the decisions do not change.
If the worker cannot be used (no process support, a broken pool, an object
that does not pickle, no answer to its first ping) it thinks in the calling
thread from then on.

No orphans: the worker watches its parent (a daemon thread polls the parent pid
every WATCH_SECONDS) and exits when the parent is gone, e.g. after ``kill -9`` of
the client. Linux's PR_SET_PDEATHSIG is not used on purpose: it fires when the
*thread* that started the worker ends, and the pool is started from the short-lived
thread of a computer turn.

Start-up: everything multiprocessing needs is imported with this module, and a new
pool is pinged once with a time limit (FIRST_ANSWER_SECONDS), so a worker that never
comes up (tests/test_client_loop.py's three-seat test used to wait for one in vain
when the pool was first started from the AI thread) costs a bounded wait and a
fallback to thinking in the thread instead of a game that never moves on.
"""
from __future__ import annotations

import atexit
import multiprocessing
import os
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool  # noqa: F401  (imported here, not in a thread)

FIRST_ANSWER_SECONDS = 60.0  # the new worker must answer a ping within this time
THINK_LIMIT_SECONDS = 600.0  # a decision taking longer than this means a stuck worker
WATCH_SECONDS = 0.5  # how often the worker checks that its parent is alive

_lock = threading.Lock()
_pool = None
_worker_pid: int | None = None
_broken = False


# ------------------------------------------------------------------ in the worker
def _parent_alive(ppid: int) -> bool:
    """True while process ``ppid`` (the client) lives; portable (POSIX: reparenting; Windows: a handle)."""
    if sys.platform == "win32":
        import ctypes

        k32 = ctypes.windll.kernel32
        handle = k32.OpenProcess(0x00100000, False, ppid)  # SYNCHRONIZE
        if not handle:
            return False
        try:
            return k32.WaitForSingleObject(handle, 0) == 0x102  # WAIT_TIMEOUT: still running
        finally:
            k32.CloseHandle(handle)
    return os.getppid() == ppid


def _watch_parent(ppid: int) -> None:
    """Pool initializer: exit the worker as soon as the client process is gone."""
    def loop() -> None:
        while _parent_alive(ppid):
            time.sleep(WATCH_SECONDS)
        os._exit(0)

    threading.Thread(target=loop, name="parent-watch", daemon=True).start()


def _ping() -> int:
    return os.getpid()


def _remote(agent, obs, legal):
    try:
        action = agent.act(obs, legal)
    except Exception as e:  # the agent's own error travels back as a value, raised by act()
        return None, None, e
    return action, agent.__dict__, None


# ------------------------------------------------------------------ in the client
def _get_pool():
    """The pool, started and pinged on first use (raises if the worker does not come up)."""
    global _pool, _worker_pid
    if _pool is None:
        pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_watch_parent, initargs=(os.getpid(),))
        try:
            _worker_pid = pool.submit(_ping).result(timeout=FIRST_ANSWER_SECONDS)
        except BaseException:
            _kill(pool)
            raise
        _pool = pool
        atexit.register(shutdown)
    return _pool


def _kill(pool) -> None:
    """Stop a pool at once, its worker included (a stuck worker is not waited for)."""
    for p in list(getattr(pool, "_processes", {}).values()):
        try:
            p.kill()
        except Exception:  # noqa: BLE001 — already gone
            pass
    pool.shutdown(wait=False, cancel_futures=True)


def worker_pid() -> int | None:
    """The worker process's pid (None before the first decision or after a fallback)."""
    return _worker_pid


def start() -> int | None:
    """Start the worker now (optional; ``act`` starts it when needed); its pid, or None if it cannot run."""
    global _broken
    with _lock:
        if _broken:
            return None
        try:
            _get_pool()
        except Exception:  # noqa: BLE001 — no worker here: think in the calling thread
            _broken = True
            return None
        return _worker_pid


def act(agent, obs, legal):
    """``agent.act(obs, legal)``, thought in the worker process when possible."""
    global _broken, _pool, _worker_pid
    if not _broken:
        try:
            with _lock:
                fut = _get_pool().submit(_remote, agent, obs, list(legal))
            action, state, error = fut.result(timeout=THINK_LIMIT_SECONDS)
        except Exception as e:  # no worker here, a dead or stuck one, or something that does not pickle
            _broken = True
            if isinstance(e, FutureTimeout):
                with _lock:
                    if _pool is not None:
                        _kill(_pool)
                        _pool, _worker_pid = None, None
        else:
            if error is not None:
                raise error
            agent.__dict__.update(state)
            return action
    return agent.act(obs, legal)


def shutdown() -> None:
    """Stop the worker process (also run at exit)."""
    global _pool, _worker_pid
    with _lock:
        if _pool is not None:
            _pool.shutdown(wait=True, cancel_futures=True)
            _pool = None
            _worker_pid = None
