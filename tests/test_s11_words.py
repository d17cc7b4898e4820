"""Issue 26 (session 11): the players' words use the typographic arrow (→, in the shipped font), never an ASCII
"->" (辛亥革命's English log said "response track 1: 3 -> 5")."""
from __future__ import annotations

import tomllib
from pathlib import Path

from engine.messages import Msg, render

CATALOGUES = sorted((Path(__file__).resolve().parent.parent / "assets" / "messages").glob("*.toml"))


def walk(node, path=()):
    """(key, zh, en) of every message under ``node``."""
    if isinstance(node, dict) and ("zh" in node or "en" in node):
        yield ".".join(path), node.get("zh", ""), node.get("en", "")
    elif isinstance(node, dict):
        for k, v in node.items():
            yield from walk(v, path + (k,))


def test_no_ascii_arrow_in_any_catalogue():
    bad = [(p.name, k) for p in CATALOGUES for k, zh, en in walk(tomllib.loads(p.read_text(encoding="utf-8")))
           if "->" in zh or "->" in en]
    assert len(CATALOGUES) >= 10 and not bad, bad


def test_xinhai_track_lines_read_with_the_arrow():
    assert render(Msg.of("xinhai.log.track", track=1, old=3, new=5), "en") == "response track 1: 3 → 5"
    assert render(Msg.of("xinhai.log.morale", old=2, new=3), "en") == "revolutionary morale: 2 → 3"
