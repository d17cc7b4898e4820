"""Draws a flat-board game's rule picture, or its whole rule book.

``python -m client.rulebook FILE [-o OUT.png] [--lang zh|en] [--size WxH]`` draws one flat-board game's scenario;
``--all`` builds docs/rules/pictures/<game_id>/ for every flat-board game (``--game ID``: one). A bad file or
argument prints one line and exits 2."""
from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

from client.rulebook.book import PICTURES, build_all
from client.rulebook.render import Painter
from client.rulebook.scenario import BOARD_GAMES, ScenarioError, load, parse_size


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def main(argv=None) -> int:
    """Run the command line; the exit status."""
    ap = _Parser(prog="python -m client.rulebook", description=__doc__.split("\n")[0])
    ap.add_argument("scenario", nargs="?")
    ap.add_argument("-o", "--out", help="output PNG (default: docs/rules/pictures/<game>/[en/]<name>.png)")
    ap.add_argument("--lang", choices=("zh", "en"), default="zh")
    ap.add_argument("--no-caption", action="store_true")
    ap.add_argument("--size")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--game", choices=BOARD_GAMES)
    ap.add_argument("--timings", action="store_true")
    args = ap.parse_args(argv)
    try:
        if args.all:
            build_all([args.game] if args.game else BOARD_GAMES, timings=args.timings)
            return 0
        if not args.scenario:
            raise ScenarioError("give a scenario FILE or --all")
        sc = load(args.scenario)
        size = parse_size(args.size, "--size") if args.size else None
        out = Path(args.out) if args.out else \
            PICTURES / sc.game_id / ("en" if args.lang == "en" else "") / f"{sc.name}.png"
        if out.is_dir():
            raise ScenarioError(f"-o {out}: is a directory")
        Painter().save(sc, out, None if args.no_caption else args.lang, size)
        print(out)
        return 0
    except ScenarioError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"error: {getattr(e, 'filename', '') or ''}: {e.strerror or e}", file=sys.stderr)
        return 2



def delegate(argv) -> int | None:
    """For ``python -m client.shot``: run a flat-board game's scenario here (the status), else None (shot's own
    arguments; its ``--all`` builds the flat-board games' books through ``build_all`` once its line is checked)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if "--all" in args:
        return None
    files = [a for a in args if a.endswith(".toml")]
    if not files:
        return None
    p = Path(files[0])
    if p.parent.name not in BOARD_GAMES:
        try:
            game = tomllib.loads(p.read_text(encoding="utf-8")).get("game")
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            return None  # shot says what is wrong with it
        if game in (None, "shachang"):
            return None
    return main(args)
