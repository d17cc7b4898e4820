"""The client's words live in the message catalogues (assets/messages/client.toml and the games' files),
not in Python: every key has zh and en with the same fields, and t()/tr() read them."""
from __future__ import annotations

import ast
import string
from pathlib import Path

from client import i18n
from engine.messages import ASSETS, catalogue

ROOT = Path(__file__).resolve().parent.parent


def fields(template: str) -> set[str]:
    """The str.format field names of a template."""
    return {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(template) if f}


def test_every_client_word_has_both_languages_with_the_same_fields():
    """The client's words (client.toml, and the 暗棋 plugin's anqi.client.* keys) in zh and en with the same
    fields (a game's move notation may differ by language, so the games' own keys are not held to this)."""
    assert (ASSETS / "client.toml").exists()
    words = dict(catalogue("client"))
    words.update({k: v for k, v in catalogue("anqi").items() if k.startswith("anqi.client.")})
    assert len([k for k in words if k.startswith("anqi.client.")]) == 8  # with the rank line (session 11)
    for key, t in words.items():
        assert t["zh"] and t["en"], key
        assert fields(t["zh"]) == fields(t["en"]), (key, t)


def test_client_words_are_read_from_client_toml():
    words = catalogue("client")
    assert len(words) > 150 and all(k.startswith("client.") for k in words)
    assert i18n.STRINGS["end_turn"] == (words["client.end_turn"]["zh"], words["client.end_turn"]["en"])
    assert i18n.tr("end_turn", "zh") == "结束回合" and i18n.tr("end_turn", "en") == "End turn"
    assert i18n.tr("seat", "en", n=3) == "Seat 3"
    assert i18n.tr("anqi.client.quiet", "zh", n=3, lim=60) == "无进展 3/60 步"
    assert i18n.tr("anqi.client.allied", "en", q="P1", a="P2", b="P3").startswith("P1 made")


def test_i18n_module_holds_no_word_table():
    """client/i18n.py is only the lookup: no dict literal of (zh, en) pairs."""
    tree = ast.parse((ROOT / "client" / "i18n.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            assert not any(isinstance(v, ast.Tuple) for v in node.values), ast.unparse(node)[:80]
