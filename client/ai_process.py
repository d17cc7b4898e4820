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

Start-up: everything multiprocessing needs is imported with this module. The first
decision starts the worker and pings it, but does not wait for it: decisions are
thought in the calling thread until the worker has answered (a cold start of a spawned
interpreter with numpy and the engine took 1-18 s here under load, which is what
tests/test_client_loop.py's three-seat test, run alone, spent its 30 s waiting for).
A worker that does not answer within FIRST_ANSWER_SECONDS, dies, or gets stuck on a
decision for THINK_LIMIT_SECONDS is killed and the agents think in the thread.
"""
from __future__ import annotations

import atexit
import ctypes
import multiprocessing
import os
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool  # noqa: F401  (imported here, not in a thread)

# What the pool imports lazily when it is made, imported now: an import in the computer's thread reads
# files, and every read gives the interpreter lock to a busy window loop that takes up to 5 ms to hand
# it back, so a thread importing these while the window ran flat out was starved for seconds.
import multiprocessing.connection  # noqa: E402,F401
import multiprocessing.queues  # noqa: E402,F401
import multiprocessing.reduction  # noqa: E402,F401
import multiprocessing.resource_tracker  # noqa: E402,F401
import multiprocessing.spawn  # noqa: E402,F401
import multiprocessing.synchronize  # noqa: E402,F401

if sys.platform != "win32":
    import multiprocessing.popen_spawn_posix  # noqa: E402,F401

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
_ping_future = None
_started_at = 0.0


def _ready_pool():
    """The pool once its worker has answered its ping; until then None (the pool is started on the
    first call, without waiting for it). Raises if the worker failed or took over FIRST_ANSWER_SECONDS."""
    global _pool, _ping_future, _started_at, _worker_pid
    if _pool is None:
        _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                    initializer=_watch_parent, initargs=(os.getpid(),))
        _ping_future = _pool.submit(_ping)
        _started_at = time.monotonic()
        atexit.register(shutdown)
    if _worker_pid is not None:
        return _pool
    if _ping_future.done():
        _worker_pid = _ping_future.result()  # raises what broke the worker
        return _pool
    if time.monotonic() - _started_at > FIRST_ANSWER_SECONDS:
        raise TimeoutError(f"the worker process did not answer within {FIRST_ANSWER_SECONDS} s")
    return None


def _drop_pool() -> None:
    """Forget the pool, killing its worker (a broken or stuck one is not waited for)."""
    global _pool, _worker_pid, _ping_future
    if _pool is not None:
        for p in list((getattr(_pool, "_processes", None) or {}).values()):
            try:
                p.kill()
            except Exception:  # noqa: BLE001 — already gone
                pass
        _pool.shutdown(wait=False, cancel_futures=True)
    _pool, _worker_pid, _ping_future = None, None, None


def worker_pid() -> int | None:
    """The worker process's pid (None until it has answered its ping, or after a fallback)."""
    return _worker_pid


def start(wait: float = FIRST_ANSWER_SECONDS) -> int | None:
    """Start the worker now and wait up to ``wait`` seconds for it; its pid, or None if it cannot run."""
    global _broken
    deadline = time.monotonic() + wait
    while True:
        with _lock:
            if _broken:
                return None
            try:
                if _ready_pool() is not None:
                    return _worker_pid
            except Exception:  # noqa: BLE001 — no worker here: think in the calling thread
                _broken = True
                _drop_pool()
                return None
        if time.monotonic() > deadline:
            return None
        time.sleep(0.02)


def act(agent, obs, legal):
    """``agent.act(obs, legal)``, thought in the worker process when it is up. The first call starts
    the worker and thinks in the calling thread while the worker comes up (no wait for a cold start)."""
    global _broken
    if not _broken:
        try:
            with _lock:
                pool = _ready_pool()
                fut = pool.submit(_remote, agent, obs, list(legal)) if pool is not None else None
            if fut is not None:
                action, state, error = fut.result(timeout=THINK_LIMIT_SECONDS)
        except Exception:  # no worker here, a dead or stuck one, or something that does not pickle
            _broken = True
            with _lock:
                _drop_pool()
        else:
            if fut is not None:
                if error is not None:
                    raise error
                agent.__dict__.update(state)
                return action
    return agent.act(obs, legal)


def shutdown() -> None:
    """Stop the worker process (also run at exit)."""
    global _pool, _worker_pid, _ping_future
    with _lock:
        if _pool is not None:
            _pool.shutdown(wait=True, cancel_futures=True)
        _pool, _worker_pid, _ping_future = None, None, None
