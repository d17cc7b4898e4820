"""Command-line argument checks shared by ``python -m client``, ``client.boards`` and ``client.shot``:
every bad argument gives one line on stderr and a non-zero exit, never a traceback."""
from __future__ import annotations

import argparse
import math
import os
from pathlib import Path

from engine.cli import MAX_SEED, OneLineParser, whole  # noqa: F401  (shared with engine.arena)
from engine.registry import FALSE_WORDS, TRUE_WORDS, option_value, word  # noqa: F401  (one parser of option values)
from client.savefile import SEAT_KINDS  # noqa: F401  (one list of what a seat can be)


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


def png_path(text: str, flag: str = "--screenshot") -> str:
    """A file name a picture can be written to: not a folder, in an existing folder we may write
    (ValueError naming the flag otherwise)."""
    p = Path(text).expanduser()
    if p.is_dir():
        raise ValueError(f"{flag} {text}: is a directory, give a file name")
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise ValueError(f"{flag} {text}: {parent} is not a directory")
    try:  # try the write now rather than fail after the frames are drawn
        if p.exists():
            if not os.access(p, os.W_OK):
                raise PermissionError(13, "Permission denied")
        else:
            with open(p, "xb"):
                pass
            p.unlink()
    except OSError as e:
        raise ValueError(f"{flag} {text}: cannot write there ({e.strerror or e})") from None
    return str(p)


def size_type(text: str) -> tuple[int, int]:
    """An argparse ``type``: a WxH size (see ``size``)."""
    try:
        return size(text, flag="size")
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
