"""python -m client.shot SCENARIO -o x.png carries the scenario's caption by default (issue 12)."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
from PIL import Image


def _shot(tmp_path, name, *extra):
    out = tmp_path / name
    r = subprocess.run([sys.executable, "-m", "client.shot", "assets/scenarios/s5_wall.toml", "-o", str(out),
                        "--size", "480x300", *extra], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return np.asarray(Image.open(out).convert("RGB")).astype(int)


def test_caption_by_default_and_none_on_request(tmp_path):
    plain = _shot(tmp_path, "plain.png", "--no-caption")
    default = _shot(tmp_path, "default.png")
    zh = _shot(tmp_path, "zh.png", "--lang", "zh")
    en = _shot(tmp_path, "en.png", "--lang", "en")
    band = slice(-40, None)  # the caption band at the bottom
    assert np.abs(default[band] - plain[band]).mean() > 5  # the default picture has a caption
    assert np.array_equal(default, zh)  # ... in Chinese (the scenario names no language)
    assert not np.array_equal(zh[band], en[band])


def test_a_chinese_caption_never_starts_a_line_with_closing_punctuation():
    """The caption band wraps as the UI does (kinsoku): a break that fell just before "。" or "，" left a line
    of "。" alone or starting with the mark (a designer's QA found it in 19 of the rule book's pictures);
    a Latin word (a rule id, a cell) stays whole."""
    from client.picture_file import caption_font, caption_lines, draw_caption_band

    px, width = 20, 320
    font = caption_font("兵，行军到达S15。", "zh", px)

    def measure(s):
        return font.get_rect(s).width

    for n in range(6, 40):  # the sentence's end moves across the line's end
        text = "兵" * n + "，行军到达S15。"
        lines = caption_lines(text, font, width, px)
        assert "".join(lines) == text and all(measure(ln) <= width - 2 * px + px for ln in lines)
        assert not any(ln[:1] in "，。" for ln in lines), (n, lines)
        assert not any(ln.endswith("S1") or ln.startswith("5") for ln in lines), (n, lines)
        band = draw_caption_band(text, "zh", width, px)
        assert band.shape[0] == int(px * 1.45) * len(lines) + px // 2  # the band draws those lines


def test_an_english_caption_breaks_only_at_spaces():
    """An English caption breaks at spaces only: "max(3,2)" stays whole (the UI's line breaking, which the
    captions now share, broke before its "(")."""
    from client.picture_file import caption_font, caption_lines

    px = 20
    font = caption_font("x", "en", px)
    text = "f5 is 3+2 = 5 steps, out of range, though its distance max(3,2) is 3 and it checks D-1 = 2 cells"
    for width in range(200, 900, 7):
        lines = caption_lines(text, font, width, px)
        assert " ".join(lines) == text, (width, lines)
