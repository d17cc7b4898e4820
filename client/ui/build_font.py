"""Build-time tool (not used at run time): subset Noto Sans CJK SC to the glyphs the client shows.

    apt-get install -y fonts-noto-cjk && pip install fonttools
    python -m client.ui.build_font            # rebuild the subset
    python -m client.ui.build_font --check    # list the characters the shipped subset lacks (no fonttools needed)

writes assets/fonts/NotoSansCJKsc-client.otf (the OFL licence file next to it, assets/fonts/OFL.txt, stays).
Run it again after adding words to a message catalogue (assets/messages/*.toml), a scenario caption or a
_book.toml (assets/scenarios/), the rule book data (assets/rulebook/) or the client's sources;
tests/test_rulebook_font.py fails until then, naming the characters and where they come from.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path


import pygame.freetype as ft  # noqa: E402

from client.cli_args import OneLineParser  # noqa: E402
from client.games import has_plugin, plugin_class  # noqa: E402
from client.keys import BINDINGS  # noqa: E402
from engine import registry  # noqa: E402
from engine.messages import all_text as catalogue_text  # noqa: E402  (every game's messages, assets/messages)

SRC = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
SC_INDEX = 2  # Noto Sans CJK SC inside the collection
OUT = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "NotoSansCJKsc-client.otf"
EXTRA = ("王后衛象馬車炮弩士兵卒君主相马车吴魏蜀汉"  # chess pieces and factions of the other games
         "▶◀↓↑←→≥≤<>=·—…×∞°，。：；？！（）【】「」、·"
         "零一二三四五六七八九十百千万")


def ui_text() -> str:
    """Every character the UI may show from its tables: the key table's help and every message catalogue
    (the client's words included, engine.messages.all_text)."""
    parts = []
    for k in BINDINGS:
        parts += [k.keys, k.zh, k.en]
    parts.append(catalogue_text())
    return "".join(parts)


def charset() -> str:
    """Every character the client may show: its strings, the catalogues, game names, start-option words."""
    parts = [ui_text(), EXTRA]
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


def source_files() -> list[Path]:
    """The files whose non-ASCII characters the font covers: the client's sources, every scenario file of every
    game (captions, titles, the _book.toml seed quotes and rulings the rules reader shows) and the rule book
    data (assets/rulebook/)."""
    root = Path(__file__).resolve().parents[2]
    return (sorted((root / "client").rglob("*.py")) + sorted((root / "assets" / "scenarios").rglob("*.toml"))
            + sorted((root / "assets" / "rulebook").rglob("*.toml")))


def source_text() -> str:
    """Every non-ASCII character in ``source_files()``."""
    return "".join(sorted({c for f in source_files() for c in f.read_text(encoding="utf-8") if ord(c) > 0x7F}))


def missing(chars: str, path: Path = OUT) -> str:
    """The characters of ``chars`` the font file ``path`` has no glyph for (white space aside)."""
    if not ft.get_init():
        ft.init()
    wanted = sorted(set(chars) - set(" \n\t\r\u3000"))
    metrics = ft.Font(str(path), 20).get_metrics("".join(wanted))
    return "".join(c for c, m in zip(wanted, metrics) if m is None)


def main(argv=None) -> int:
    ap = OneLineParser(prog="python -m client.ui.build_font", description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="list the characters the shipped font lacks; exit 1 if any")
    args = ap.parse_args(argv)
    if args.check:
        lack = missing(charset())
        print(f"{OUT.name} lacks {len(lack)} characters: {lack}" if lack else f"{OUT.name} has every character")
        return 1 if lack else 0
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
