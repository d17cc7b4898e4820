"""The shipped subset font (assets/fonts/) draws every character the player may read: every message catalogue,
every scenario's captions and titles and each game's _book.toml (the rule book and the rules reader), the rule
book data of 沙场秋点兵 and the help pages (the key-binding table). A failure names the characters and where they
come from; ``python -m client.ui.build_font`` rebuilds the subset (issue 28)."""
from __future__ import annotations

import os
import tomllib
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame.freetype as ft  # noqa: E402  (after the variable it reads)

from client.keys import BINDINGS  # noqa: E402
from client.ui import build_font  # noqa: E402
from client.ui.text import font_path  # noqa: E402
from engine.messages import LANGS, catalogue  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BLANK = set(" \n\t\r\u3000")


def _strings(v):
    if isinstance(v, str):
        yield v
    elif isinstance(v, dict):
        for x in v.values():
            yield from _strings(x)
    elif isinstance(v, list):
        for x in v:
            yield from _strings(x)


def texts() -> dict[str, str]:
    """Where -> the text the player may read from there."""
    out = {}
    for path in sorted((ROOT / "assets" / "messages").glob("*.toml")):
        out[f"assets/messages/{path.name}"] = "".join(t.get(lang, "") for t in catalogue(path.stem).values()
                                                      for lang in LANGS)
    for folder in ("scenarios", "rulebook"):
        for path in sorted((ROOT / "assets" / folder).rglob("*.toml")):
            out[str(path.relative_to(ROOT))] = "".join(_strings(tomllib.loads(path.read_text(encoding="utf-8"))))
    out["client/keys.py (help pages)"] = "".join(b.keys + b.zh + b.en for b in BINDINGS)
    return out


def lacking(text: str, font) -> str:
    chars = sorted(set(text) - BLANK)
    return "".join(c for c, m in zip(chars, font.get_metrics("".join(chars))) if m is None)


def test_the_shipped_font_has_every_character_the_player_reads():
    if not ft.get_init():
        ft.init()
    path = font_path()
    assert path is not None and path.name == build_font.OUT.name
    font = ft.Font(str(path), 20)
    bad = {where: miss for where, text in texts().items() if (miss := lacking(text, font))}
    assert not bad, ("the shipped font lacks " + "; ".join(f"{w}: {m}" for w, m in sorted(bad.items()))
                     + " -- run python -m client.ui.build_font")


def test_the_font_build_covers_the_same_texts():
    """What the build subsets includes every character the test above asks for, so rerunning it is the fix."""
    wanted = set(build_font.charset())
    for where, text in texts().items():
        assert not (set(text) - BLANK - wanted), where


def test_the_licence_ships_with_the_font():
    assert "SIL OPEN FONT LICENSE" in (ROOT / "assets" / "fonts" / "OFL.txt").read_text(encoding="utf-8").upper()


def test_check_names_what_a_font_lacks():
    """``build_font --check``'s finder: a character of the subset is found, one outside it is named."""
    assert build_font.missing("兵马", build_font.OUT) == ""
    assert build_font.missing("兵\U0001F600", build_font.OUT) == "\U0001F600"
