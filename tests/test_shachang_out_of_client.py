"""Issue 23 point 2: 沙场秋点兵's words and names reach the generic client through its plugin and engine.grids,
never through imports of engine.shachang outside client/games/."""
import re
from pathlib import Path

from client.games import plugin_class
from client.games.base import GamePlugin
from client.games.shachang import preset_label
from client.render.gl import cell_label
from client.ui import build_font
from engine import registry

ROOT = Path(__file__).resolve().parents[1]
GAME_IMPORT = re.compile(r"engine\.(shachang|baige|anqi|sanguo|xinhai|jiangshan)\b")


def test_renderers_ui_shot_and_i18n_name_no_game_package():
    files = [*(ROOT / "client" / "render").glob("*.py"), *(ROOT / "client" / "ui").glob("*.py"),
             ROOT / "client" / "shot.py", ROOT / "client" / "i18n.py"]
    hits = [f"{f.relative_to(ROOT)}:{i}" for f in files
            for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1) if GAME_IMPORT.search(line)]
    assert hits == []


def test_the_shachang_plugin_words_its_map_presets_in_both_languages():
    pl = plugin_class("shachang")
    assert pl.option_label("preset", "star", "en") == "Chinese-checkers star (121 cells)"
    assert pl.option_label("preset", "star", "zh") == "跳棋星盘（121格）"
    assert pl.option_label("preset", "standard", "zh") == "8x8 标准"
    assert pl.option_label("preset", "huge", "en") == "256x256 huge"
    assert pl.option_label("mode", "digital", "en") == "digital"
    assert preset_label("medium", "en") == "16x16 medium"


def test_a_plugin_without_words_of_its_own_shows_the_value():
    assert GamePlugin.option_label("variant", "jieqi", "zh") == "jieqi"
    assert plugin_class("baige").option_label("players", 2, "en") == "2"


def test_the_font_covers_every_registered_option_value_as_the_plugins_word_it():
    chars = set(build_font.charset())
    text = build_font.option_text()
    for key in registry.get("shachang").choices["preset"]:
        for lang in ("zh", "en"):
            assert preset_label(key, lang) in text
            assert set(preset_label(key, lang)) <= chars


def test_square_cell_labels_are_the_grids_names():
    assert [cell_label(c) for c in ((0, 0), (2, 27), (255, 255))] == ["a1", "ab3", "iv256"]
