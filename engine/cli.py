"""Command-line helpers every ``python -m`` entry point shares (client, arena, benches): a parser that
reports a bad argument in one line, and whole-number argument types."""
from __future__ import annotations

import argparse

MAX_SEED = 2**63 - 1


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line (``prog: error: ...``, exit 2)."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def whole(lo: int = 0, hi: int = MAX_SEED):
    """An argparse ``type``: a whole number lo..hi (argparse reports anything else in one line)."""
    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"invalid int value: {text!r:.30}") from None
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"{v}: must be {lo} or more" if hi == MAX_SEED
                                             else f"{v} is outside {lo}..{hi}")
        return v
    parse.__name__ = "whole number"
    return parse
