"""Build-time tool (not used at run time): subset Noto Sans CJK SC to the glyphs the client shows.

    apt-get install -y fonts-noto-cjk && pip install fonttools
    python -m client.ui.build_font

writes assets/fonts/NotoSansCJKsc-client.otf (+ the OFL licence file next to it).
Run it again after adding UI strings in client/i18n.py.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from client import i18n
from client.cli_args import OneLineParser
from client.games import has_plugin, plugin_class
from engine import registry
from engine.messages import all_text as catalogue_text  # every game's messages (assets/messages)

SRC = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
SC_INDEX = 2  # Noto Sans CJK SC inside the collection
OUT = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "NotoSansCJKsc-client.otf"
EXTRA = ("王后衛象馬車炮弩士兵卒君主相马车吴魏蜀汉"  # chess pieces and factions of the other games
         "▶◀↓↑←→≥≤<>=·—…×∞°，。：；？！（）【】「」、·"
         "零一二三四五六七八九十百千万")


def charset() -> str:
    """Every character the client may show: its strings, the catalogues, game names, start-option words."""
    parts = [i18n.all_text(), EXTRA]
    parts += [g.name_zh + g.name_en for g in registry.GAMES.values()]
    parts.append(option_text())
    parts.append("".join(chr(c) for c in range(0x20, 0x7F)))
    parts.append(source_text())
    parts.append(catalogue_text())
    return "".join(sorted(set("".join(parts))))


def option_text() -> str:
    """The words of every registered start-option value, in zh and en, as each game's plugin says them
    (沙场秋点兵's map presets: "8x8 标准", "跳棋星盘（121格）" ...)."""
    out = []
    for gid, info in registry.GAMES.items():
        if not has_plugin(gid):
            continue
        pl = plugin_class(gid)
        for option, values in info.choices.items():
            out += [pl.option_label(option, v, lang) for v in values for lang in ("zh", "en")]
    return "".join(out)


def source_text() -> str:
    """Every non-ASCII character in the client's sources and the scenario files (captions, panels)."""
    root = Path(__file__).resolve().parents[2]
    files = list((root / "client").rglob("*.py")) + list((root / "assets" / "scenarios").rglob("*.toml"))
    return "".join(sorted({c for f in files for c in f.read_text(encoding="utf-8") if ord(c) > 0x7F}))


def main(argv=None) -> int:
    OneLineParser(prog="python -m client.ui.build_font", description=__doc__.split("\n")[0]).parse_args(argv)
    if shutil.which("pyftsubset") is None:
        print("python -m client.ui.build_font: pyftsubset not found (pip install fonttools)", file=sys.stderr)
        return 2
    if not SRC.is_file():
        print(f"python -m client.ui.build_font: {SRC} not found (apt-get install fonts-noto-cjk)", file=sys.stderr)
        return 2
    chars = charset()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    cmd = ["pyftsubset", str(SRC), f"--font-number={SC_INDEX}", f"--text={chars}",
           f"--output-file={OUT}", "--layout-features=*", "--no-hinting", "--desubroutinize",
           "--name-IDs=*", "--name-languages=*"]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["failed"])[-1]
        print(f"python -m client.ui.build_font: pyftsubset: {last[:200]}", file=sys.stderr)
        return 2
    print(f"{OUT}: {OUT.stat().st_size // 1024} KiB, {len(chars)} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
