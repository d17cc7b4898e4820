"""辛亥革命's script table covers the shared words (the client's, common, statistics and save words): every character
OpenCC's simplified-to-traditional conversion changes in them is in the table (issue 26: a new shared word read 標记
in 辛亥革命). 只 stays (只 "only" is also traditional)."""
from __future__ import annotations

import tomllib
from pathlib import Path

from opencc_purepy import OpenCC

from client.games.xinhai import traditional_table

SAME = {"只"}  # OpenCC writes 隻 (a measure word); the shared words use 只 "only", the same in both scripts


def zh_words(d):
    if isinstance(d, dict):
        if isinstance(d.get("zh"), str):
            yield d["zh"]
        for v in d.values():
            yield from zh_words(v)


def test_every_character_of_the_shared_words_that_changes_is_in_the_table():
    cc = OpenCC("s2t")
    table = traditional_table()
    root = Path(__file__).resolve().parents[1] / "assets" / "messages"
    missing = {}
    for name in ("client", "common", "stats", "saves"):
        for z in zh_words(tomllib.loads((root / f"{name}.toml").read_text(encoding="utf-8"))):
            t = cc.convert(z)
            assert len(t) == len(z), z
            for a, b in zip(z, t):
                if a != b and a not in SAME and table.get(ord(a)) not in (b, ord(b)):
                    missing[a] = (b, z)
    assert not missing, missing
