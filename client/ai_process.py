"""Computer decisions in a worker process, so that the window keeps its whole interpreter.

Python runs one thread at a time: a computer player thinking in a thread of the
window's process slows every frame (on 8x8 the median frame went from 21 ms to
55 ms while hard thought). ``act(agent, obs, legal)`` sends the agent (with
its memory), the observation and the legal actions to one worker process,
and copies the agent's new state back, so the agent is the same object with
the same history as if it had thought in place: the decisions do not change.
If the worker cannot be used (no process support, a broken pool, an object
that does not pickle) it thinks in the calling thread from then on.
"""
from __future__ import annotations

import atexit
import threading

_lock = threading.Lock()
_pool = None
_broken = False


def _remote(agent, obs, legal):
    try:
        action = agent.act(obs, legal)
    except Exception as e:  # the agent's own error travels back as a value, raised by act()
        return None, None, e
    return action, agent.__dict__, None


def _get_pool():
    global _pool
    if _pool is None:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        _pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
        atexit.register(shutdown)
    return _pool


def act(agent, obs, legal):
    """``agent.act(obs, legal)``, thought in the worker process when possible."""
    global _broken
    if not _broken:
        try:
            with _lock:
                fut = _get_pool().submit(_remote, agent, obs, list(legal))
            action, state, error = fut.result()
        except Exception:  # no worker here (or something that does not pickle): think in this thread
            _broken = True
        else:
            if error is not None:
                raise error
            agent.__dict__.update(state)
            return action
    return agent.act(obs, legal)


def shutdown() -> None:
    """Stop the worker process (also run at exit)."""
    global _pool
    with _lock:
        if _pool is not None:
            _pool.shutdown(wait=True, cancel_futures=True)
            _pool = None
