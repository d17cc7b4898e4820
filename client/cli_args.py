"""Command-line argument checks shared by ``python -m client``, ``client.boards`` and ``client.shot``:
every bad argument gives one line on stderr and a non-zero exit, never a traceback."""
from __future__ import annotations

import argparse
import math

SEAT_KINDS = ("human", "random", "easy", "normal", "hard")
MAX_SEED = 2**63 - 1


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line (``prog: error: ...``, exit 2)."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def size(text: str, flag: str = "--size", lo: int = 160, hi: int = 16384) -> tuple[int, int]:
    """A WxH window size within lo..hi on each side (ValueError naming the flag otherwise)."""
    try:
        w, h = (int(v) for v in str(text).lower().split("x"))
    except ValueError:
        raise ValueError(f"{flag} wants WxH, e.g. 1280x720, got {text!r}") from None
    if not (lo <= w <= hi and lo <= h <= hi):
        raise ValueError(f"{flag} {w}x{h}: each side must be {lo}..{hi}")
    return w, h


def seed(v: int, flag: str = "--seed") -> int:
    """A seed 0..2^63-1."""
    if not 0 <= v <= MAX_SEED:
        raise ValueError(f"{flag} {v}: a seed is 0..2^63-1")
    return v


def seats(text: str, flag: str = "--seats") -> list[str]:
    """The seat kinds of a comma list (human, random, easy, normal, hard)."""
    out = [s.strip().lower() for s in str(text).split(",")]
    if not out or any(not s for s in out):
        raise ValueError(f"{flag} {text!r}: a comma list like human,hard (no empty seats)")
    for i, s in enumerate(out):
        if s not in SEAT_KINDS:
            raise ValueError(f"{flag}: seat {i + 1} is {s!r:.30}; each seat is one of {', '.join(SEAT_KINDS)}")
    return out


def seconds(v: float, flag: str, hi: float = 60.0) -> float:
    """A finite number of seconds 0..hi."""
    if not (math.isfinite(v) and 0 <= v <= hi):
        raise ValueError(f"{flag} {v}: expected 0..{hi:g} seconds")
    return v
