"""Draws a flat-board game's rule picture, or its whole rule book.

``python -m client.rulebook FILE [-o OUT.png] [--lang zh|en] [--size WxH]`` draws one flat-board game's scenario
(``--size``: the whole PNG, its caption band inside; without it the scenario's ``size`` is the board's and the band
goes under it);
``--all`` builds docs/rules/pictures/<game_id>/ for every flat-board game (``--game ID``: one). A bad file or
argument prints one line and exits 2."""
from __future__ import annotations

import argparse
import sys
import tomllib
from pathlib import Path

from client.rulebook.book import PICTURES, SCENARIOS, build_all
from client.rulebook.render import Painter
from client.rulebook.scenario import BOARD_GAMES, KEYS, ScenarioError, load, parse_size

FLAT_ONLY_KEYS = KEYS - {"title", "caption_zh", "caption_en", "position"}  # keys a 沙场秋点兵 scenario has not


class _Parser(argparse.ArgumentParser):
    hint = ""  # said after an error (client.shot's options that a flat-board game's scenario does not take)

    def error(self, message):  # one line, exit 2
        print(f"{self.prog}: error: {message}{self.hint}", file=sys.stderr)
        raise SystemExit(2)


SHOT_HINT = (" (a flat-board game's scenario takes -o, --lang, --no-caption, --size and --timings; the other options "
             "are 沙场秋点兵's)")


def main(argv=None, prog: str = "python -m client.rulebook", out_required: bool = False) -> int:
    """Run the command line; the exit status. ``prog`` and ``out_required``: as ``python -m client.shot`` (the
    command the designer typed names itself in errors, and -o is required there as it is for 沙场秋点兵)."""
    ap = _Parser(prog=prog, description=__doc__.split("\n")[0])
    if out_required:
        ap.hint = SHOT_HINT
    ap.add_argument("scenario", nargs="?")
    ap.add_argument("-o", "--out", help="output PNG (default: docs/rules/pictures/<game>/[en/]<name>.png)")
    ap.add_argument("--lang", choices=("zh", "en"), default="zh")
    ap.add_argument("--no-caption", action="store_true")
    ap.add_argument("--size", metavar="WxH", help="the whole PNG, caption band included (default: the scenario's "
                                                  "size for the board, the band added under it)")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--game", choices=BOARD_GAMES)
    ap.add_argument("--timings", action="store_true")
    args = ap.parse_args(argv)
    try:
        given = [flag for flag, v in ((f"scenario {args.scenario}", args.scenario), ("-o", args.out),
                                      ("--size", args.size), ("--no-caption", args.no_caption)) if v]
        if args.all and given:  # (they were left unused without a word)
            raise ScenarioError(f"{given[0]}: not with --all (it draws every scenario as its file says, in both "
                                f"languages, to docs/rules/pictures/<game>/)")
        if args.game and not args.all:
            raise ScenarioError(f"--game {args.game}: only with --all (a scenario file names its game)")
        if args.all:
            build_all([args.game] if args.game else BOARD_GAMES, timings=args.timings)
            return 0
        if not args.scenario:
            raise ScenarioError("give a scenario FILE or --all")
        if out_required and not args.out:  # never a default path inside the committed rule book
            raise ScenarioError("-o OUT.png is required")
        sc = load(args.scenario)
        size = parse_size(args.size, "--size") if args.size else None
        out = Path(args.out) if args.out else \
            PICTURES / sc.game_id / ("en" if args.lang == "en" else "") / f"{sc.name}.png"
        if out.is_dir():
            raise ScenarioError(f"-o {out}: is a directory")
        # --size is the whole PNG, caption band included, as 沙场秋点兵's; the scenario's own size is its board's
        Painter().save(sc, out, None if args.no_caption else args.lang, size, whole=size is not None)
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
    arguments; its ``--all`` builds the flat-board games' books through ``build_all`` once its line is checked).
    The scenario is a .toml file or, as client.shot takes it, a name under assets/scenarios/ ("baige/c1_castling");
    a file with no ``game`` but the flat-board games' keys is one of theirs (its error: the missing key)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if "--all" in args:
        return None
    for i, a in enumerate(args):
        if a.endswith(".toml"):
            p = Path(a)
            if not p.exists() and (SCENARIOS / a).is_file():
                p = args[i] = str(SCENARIOS / a)
            break
        if not a.startswith("-") and (SCENARIOS / f"{a}.toml").is_file() and not Path(a).is_file():
            args[i] = str(SCENARIOS / f"{a}.toml")
            p = Path(args[i])
            break
    else:
        return None
    p = Path(p)
    if p.parent.name not in BOARD_GAMES:
        try:
            d = tomllib.loads(p.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            return None  # shot says what is wrong with it
        game = d.get("game")
        if game == "shachang" or game is None and ("map" in d or not set(d) & FLAT_ONLY_KEYS):
            return None
    return main(args, prog="python -m client.shot", out_required=True)
