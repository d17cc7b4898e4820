"""百格西洋棋 perft: the counts of tests/data/baige_perft.txt (checked against Fairy-Stockfish when made)."""
from __future__ import annotations

import pytest

from bench.baige_perft import read_data
from engine.baige import START_FEN, perft

DATA = read_data()


def test_data_file_covers_every_rule():
    names = " ".join(name for name, _, _ in DATA)
    for word in ("castling", "en passant", "C3", "C4", "C5", "cannon", "archer", "stalemate", "random"):
        assert word in names, word


@pytest.mark.parametrize("name,fen,counts", DATA, ids=[d[0] for d in DATA])
def test_perft(name, fen, counts):
    for depth, want in sorted(counts.items()):
        assert perft(fen, depth) == want, (name, depth)


def test_perft_start_small_depths():
    assert [perft(START_FEN, d) for d in (0, 1, 2)] == [1, 52, 2692]
