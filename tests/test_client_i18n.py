"""UI text: both languages for every string, the engine's messages in Chinese, and the shipped font
covering every character the client can show (no system font is ever loaded)."""
from __future__ import annotations

import pygame
import pytest

from client import i18n
from engine.api import IllegalAction
from client.ui import text
from client.ui.build_font import EXTRA, ui_text
from engine import registry


@pytest.fixture(autouse=True)
def lang():
    old = i18n.lang()
    yield
    i18n.set_lang(old)


def test_every_string_has_both_languages_and_formats():
    fields = dict(n=1, p="P1", r=1, lim=64, c="a1", k=1, a="a1", b="b2", x=1, y=2, z=3, lhs=4, rhs=5,
                  op="<", d=3, s=4, path="x.json", err="boom", level="hard", h=4, who="P1", q="P2", why="out",
                  cell="a1", move="a1-a2", hint="click", file="x.json", reason="full", game="百格", title="Keys")
    for key, (zh, en) in i18n.STRINGS.items():
        assert zh and en, key
        for lang in i18n.LANGS:
            i18n.set_lang(lang)
            assert i18n.t(key, **fields)


def test_switch_changes_text():
    i18n.set_lang("zh")
    assert i18n.t("end_turn") == "结束回合"
    assert i18n.toggle() == "en"
    assert i18n.t("end_turn") == "End turn"


def test_engine_messages_in_chinese():
    """Keyed engine messages render from the catalogue in the current language; plain text passes."""
    from engine.messages import Msg

    seat = Msg.of("common.seat", n=1)
    march = Msg.of("shachang.ev.march_steps", seat=seat, src="a1", dst="c2", n=3, cost=2,
                   soldiers=Msg.of("shachang.w.soldiers", n=3))
    i18n.set_lang("zh")
    assert i18n.engine_text(march) == "玩家1：从a1行军到c2，3人（2步）"
    assert i18n.engine_text(Msg.of("shachang.ev.end", seat=Msg.of("common.seat", n=2))) == "玩家2：结束回合"
    assert i18n.engine_text("something new") == "something new"
    i18n.set_lang("en")
    assert i18n.engine_text(march) == "P1 marches 3 soldiers from a1 to c2 (2 steps)"


def test_shipped_font_has_every_glyph_and_is_small():
    p = text.font_path()
    assert p is not None and p.parent.name == "fonts"
    assert p.stat().st_size < 600_000
    assert (p.parent / "OFL.txt").exists()
    pygame.font.init()
    f = pygame.font.Font(str(p), 16)
    chars = set(ui_text()) | set(EXTRA) | set("".join(g.name_zh for g in registry.GAMES.values()))
    # a glyph the subset lacks still has metrics (all zero): ask for its ink box
    missing = [ch for ch in chars if ch.strip() and not text.has_glyph(ch)]
    assert f.metrics("王")[0][:4] != (0, 0, 0, 0)
    assert not missing, f"rebuild the font (python -m client.ui.build_font): {''.join(sorted(missing))}"


def test_illegal_reasons_in_chinese():
    """A refusal is shown from its keyed message in the current language, with the rule id."""
    from tests.shachang_util import game

    g = game([[0, "a1", 3], [1, "h8", 3]], mode="digital")
    with pytest.raises(IllegalAction) as e:
        g.apply("march a1 h8 1")
    i18n.set_lang("zh")
    assert i18n.illegal_text(e.value) == "从a1行军到h8（1人）：h8本回合未被看到，不能进入 [S10]"
    i18n.set_lang("en")
    assert i18n.illegal_text(e.value) == "march 1 soldier from a1 to h8: h8 has not been seen this turn [S10 unseen cell]"


def test_shipped_font_covers_every_scenario_caption():
    """Rule pictures never fall back to a system font: the shipped subset has every caption glyph."""
    import tomllib
    from pathlib import Path

    import pygame.freetype as ft

    root = Path(__file__).resolve().parents[1]
    ft.init()
    font = ft.Font(str(next((root / "assets" / "fonts").glob("*.otf"))), 20)
    for f in sorted((root / "assets" / "scenarios").glob("*.toml")):
        d = tomllib.loads(f.read_text(encoding="utf-8"))
        for key in ("caption_zh", "caption_en", "title"):
            text = d.get(key, "").replace("\n", "")
            missing = [c for c in text if font.get_metrics(c)[0] is None]
            assert not missing, f"{f.name} {key}: the font lacks {''.join(missing)}"
