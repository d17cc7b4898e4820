"""Entry point: ``python -m client`` opens the start screen; flags start a game at once.

    python -m client                                   start screen
    python -m client --game sanguo --opt variant=jieqi --seats human,hard,hard
    python -m client --game xinhai --setup random      (any registered option also as --KEY VALUE)
    python -m client --preset huge --seed 7            a 256x256 game at once
    python -m client --preset standard --mode digital --players 2 --seats human,random
    python -m client --renderer flat --lang en         the 2D renderer, English text
    python -m client --load SAVE_DIR/save-....json     open a save
    python -m client --preset medium --map my_16x16.png   a greyscale heightmap (black 0, white = the preset's top height)
    python -m client --preset huge --seed 1 --bench 300   scripted camera flight, prints frame times
    python -m client --game baige --bench 30           any game: N frames drawn, prints frame times

Each game's options (--opt KEY=VALUE, see assets/games/<game>.toml):
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from client import cli_args
from client.games import plugin_class
from client.options import (Options, check_options, default_save_dir, info_takes_players, option_keys)
from client.savefile import foreign_file, load_error_text, read_save
from engine import registry

PROG = "python -m client"
PRESET_ALIASES = {"8": "standard", "8x8": "standard", "16": "medium", "16x16": "medium",
                  "64": "large", "64x64": "large", "256": "huge", "256x256": "huge"}
OWN_FLAGS = ("players", "seed")  # registered options that have a flag of their own


def is_switch(key: str) -> bool:
    """A registered option whose values are false and true in every game that has it: a bare ``--KEY``."""
    values = [set(info.choices[key]) for info in registry.GAMES.values() if key in info.choices]
    return bool(values) and all(v == {False, True} for v in values)


def _games_help() -> str:
    lines = []
    for gid, info in registry.GAMES.items():
        parts = [f"{k}={'|'.join(map(cli_args.word, info.choices[k]))}" if k in info.choices else f"{k}=N"
                 for k in option_keys(info) if k not in OWN_FLAGS]
        lines.append(f"    {gid:<10} {' '.join(parts) or '(no options)'}")
    return "\n".join(lines)


def alias_keys() -> list[str]:
    """Registered option names that also work as ``--KEY VALUE`` (an alias of ``--opt KEY=VALUE``)."""
    keys = {k for info in registry.GAMES.values() for k in option_keys(info)}
    return sorted(k for k in keys if k not in OWN_FLAGS and k.replace("_", "").isalnum())


def parse_args(argv=None):
    ap = cli_args.OneLineParser(prog=PROG, description=__doc__ + _games_help(),
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", help=f"game id: {', '.join(registry.GAMES)} (default shachang)")
    ap.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option (list below); bad keys or values are refused")
    ap.add_argument("--players", type=int)
    ap.add_argument("--seats", help="comma list per seat: human,random,easy,normal,hard")
    ap.add_argument("--seed", type=int)
    ap.add_argument("--renderer", choices=("auto", "gl", "flat"), default="auto")
    ap.add_argument("--lang", choices=("zh", "en"), default=None)  # None: the remembered language, else zh
    ap.add_argument("--fullscreen", action="store_true")
    ap.add_argument("--size", default="1280x720", help="window size WxH")
    ap.add_argument("--save-dir", help="folder for saves (default ~/.local/share/shachang)")
    ap.add_argument("--autosave", help="autosave file (default: one autosave per game kind in SAVE_DIR)")
    ap.add_argument("--load", help="open this save at once")
    ap.add_argument("--map", help="沙场秋点兵 map file: greyscale .png heightmap, JSON map or .npy heights "
                                  "(its size must match --preset)")
    ap.add_argument("--ai-delay", type=float, default=0.45, help="seconds between computer actions")
    ap.add_argument("--bench", type=cli_args.whole(1, 100_000), default=0, metavar="FRAMES",
                    help="draw FRAMES frames at 1280x720 (沙场秋点兵: a scripted camera flight), "
                         "print frame times, exit")
    ap.add_argument("--screenshot", help="(with --bench) save the last frame as this PNG")
    taken = {a.dest for a in ap._actions}
    for key in alias_keys():
        if key in taken:
            continue
        if is_switch(key):
            ap.add_argument(f"--{key}", action="store_true", dest=f"alias_{key}", help=f"--opt {key}=true")
        else:
            ap.add_argument(f"--{key}", dest=f"alias_{key}", metavar="VALUE", help=f"--opt {key}=VALUE")
    return ap.parse_args(argv)


def _given_options(args) -> list[tuple[str, str, str]]:
    """(label, key, text) of every game option on the command line, in order: --opt KEY=VALUE and the
    --KEY VALUE aliases (ValueError for an --opt without '=')."""
    out = []
    for key in alias_keys():
        v = getattr(args, f"alias_{key}", None)
        if v is True:
            out.append((f"--{key}", key, "true"))
        elif v not in (None, False):
            out.append((f"--{key} {v}", key, PRESET_ALIASES.get(v, v) if key == "preset" else v))
    for pair in args.opt:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"--opt {pair!r:.40}: wants KEY=VALUE, e.g. --opt variant=jieqi")
        out.append((f"--opt {pair}", key, PRESET_ALIASES.get(text, text) if key == "preset" else text))
    first: dict[str, tuple[str, str]] = {}
    for label, key, text in out:  # the same option twice with two values: which one was meant is unknown
        if key in first and first[key][1].strip().lower() != text.strip().lower():
            raise ValueError(f"{label}: {key} is given twice ({first[key][0]} before it)")
        first.setdefault(key, (label, text))
    return out


def _apply_options(o: Options, args) -> bool:
    """Put the game options of the command line into ``o`` (each checked against the game's registered
    options and values); True if any was given."""
    info = registry.GAMES[o.game_id]
    plugin = plugin_class(o.game_id)
    given = _given_options(args)
    for label, key, text in given:
        if key == "seed":
            raise ValueError(f"{label}: give the seed as --seed N")
        if key not in option_keys(info):
            known = [k for k in option_keys(info) if k != "seed"]
            raise ValueError(f"{label.split('=')[0]}: {o.game_id} has no option {key!r:.30}; "
                             f"its options: {', '.join(known) or 'none'}")
        value = cli_args.option_value(label, o.game_id, key, text, info.choices.get(key), info.options.get(key))
        if key == "players":
            if args.players is not None and args.players != value:
                raise ValueError(f"{label}: --players {args.players} says otherwise")
            args.players = value
        elif key in plugin.start_options and hasattr(o, key):  # the shared rows (沙场秋点兵's preset, mode)
            setattr(o, key, value)
        else:
            o.game_options = {**(o.game_options or {}), key: value}
    return bool(given)


def options_from(args):
    """Options from parsed flags, every value checked (SystemExit with one line otherwise)."""
    o = Options()
    o.game_id = args.game or "shachang"
    quick = any(v is not None for v in (args.players, args.seats, args.seed, args.map))
    try:
        if args.load:  # the save holds its game: a flag that sets one up would be left unused without a word
            setup = [flag for flag, v in (("--game", args.game), ("--players", args.players), ("--seats", args.seats),
                                          ("--seed", args.seed), ("--map", args.map)) if v is not None]
            setup += [label for label, _, _ in _given_options(args)]
            if setup:
                raise ValueError(f"{setup[0]}: not with --load (the save holds its game, its set-up and its seats)")
            if args.bench:
                raise ValueError("--bench: not with --load (the bench draws a new game of its own)")
        if o.game_id not in registry.GAMES:
            raise ValueError(f"--game: unknown game {o.game_id!r:.40}; known: {', '.join(registry.GAMES)}")
        info = registry.GAMES[o.game_id]
        try:
            plugin_class(o.game_id)
        except KeyError:
            raise ValueError(f"--game {o.game_id}: no client for it yet") from None
        quick = _apply_options(o, args) or quick
        if args.seats is not None:
            o.seats = cli_args.seats(args.seats)
        if args.players is not None and not info_takes_players(o):
            raise ValueError(f"--players: {o.game_id} has a fixed number of players")
        if args.players is not None:
            o.players = args.players
        else:
            o.players = max(2, len(o.seats) if args.seats else 2)
        if args.seed is not None:
            if "seed" not in info.options:
                raise ValueError(f"--seed: {o.game_id} takes no seed")
            o.seed = args.seed
            o.seeded = True  # G1: the player gave it (tests, rule pictures): a seeded game
        if args.map is not None and "preset" not in info.choices:
            raise ValueError(f"--map: {o.game_id} has no map presets to match a map file to")
        o.renderer = args.renderer
        if args.lang is not None:
            o.lang = args.lang
            o.cli_given = {"lang"}  # the settings file's language never overrides an explicit --lang
        o.fullscreen = args.fullscreen
        o.size = cli_args.size(args.size)
        o.ai_delay = args.ai_delay
        o.bench = args.bench
        if args.screenshot is not None:
            if not args.bench:
                raise ValueError("--screenshot: only with --bench (in a game, F12 saves a screenshot)")
            cli_args.png_path(args.screenshot)
        given = args.players is not None and info_takes_players(o)
        check_options(o, players_given=given)
    except ValueError as e:
        raise SystemExit(f"{PROG}: error: {e}") from None
    o.save_dir = Path(args.save_dir).expanduser() if args.save_dir else default_save_dir()
    o.autosave = Path(args.autosave).expanduser() if args.autosave else None
    o.load = Path(args.load).expanduser() if args.load else None
    # (a default save folder that cannot be used does not keep the game from starting: saving says why it fails)
    given_dir = o.save_dir if args.save_dir else None
    for flag, folder in (("--save-dir", given_dir), ("--autosave", o.autosave and o.autosave.parent)):
        if folder and folder.exists() and not folder.is_dir():
            raise SystemExit(f"{PROG}: error: {flag}: {folder} is not a folder")
    if o.autosave is not None and o.autosave.is_dir():
        raise SystemExit(f"{PROG}: error: --autosave: {o.autosave} is a folder, give a file name")
    why = foreign_file(o.autosave) if o.autosave is not None else None
    if why:  # the first action would write the autosave over it
        raise SystemExit(f"{PROG}: error: --autosave: {o.autosave}: {why}; the game would write over it, give "
                         f"another file name")
    if o.load is not None:  # read and replayed now: a save that cannot be opened is one line, not a window
        try:
            o.loaded = read_save(o.load)
        except ValueError as e:  # in the language of --lang, else in English as every command-line error
            why = load_error_text(e, None, args.lang or "en").replace("\n", " ")  # (the file named in full)
            raise SystemExit(f"{PROG}: error: --load: {why}") from None
    o.map_file = Path(args.map).expanduser() if args.map else None
    o.quick_start = quick
    return o


def main(argv=None) -> int:
    """Run the client (or the frame bench); a bad command line prints one line and exits 2."""
    args = parse_args(argv)
    try:
        opts = options_from(args)
        if opts.map_file:
            # stays in main: it loads pygame and the 沙场秋点兵 plugin (~0.3 s) that a command-line error must not wait for
            from client.games.shachang.mapimage import load_any_map

            try:
                load_any_map(str(opts.map_file), opts.preset, opts.players, opts.seed)
            except (ValueError, OSError) as e:
                raise SystemExit(f"{PROG}: error: --map: {e}") from None
    except SystemExit as e:
        if isinstance(e.code, str):  # one line, exit 2 (as argparse's own errors)
            print(e.code, file=sys.stderr)
            return 2
        raise
    if args.bench:
        from client.scenes.bench import run_bench  # stays in main: pygame, GL, scenes (~0.3 s) after good arguments

        return run_bench(opts, args.bench, screenshot=args.screenshot)
    from client.app import App  # stays in main: pygame, GL and the scenes (~0.3 s) only after good arguments

    return App(opts).run()


if __name__ == "__main__":
    sys.exit(main())
