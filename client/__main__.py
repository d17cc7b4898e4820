"""Entry point: ``python -m client`` opens the start screen; flags start a game at once.

    python -m client                                   start screen
    python -m client --preset huge --seed 7            a 256x256 game at once
    python -m client --preset standard --mode digital --players 2 --seats human,random
    python -m client --renderer flat --lang en         the 2D renderer, English text
    python -m client --load ~/.local/share/shachang/autosave.json
    python -m client --preset medium --map my_16x16.png   a greyscale heightmap (black 0, white = the preset's top height)
    python -m client --preset huge --seed 1 --bench 300   scripted camera flight, prints frame times
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

PRESET_ALIASES = {"8": "standard", "8x8": "standard", "16": "medium", "16x16": "medium",
                  "64": "large", "64x64": "large", "256": "huge", "256x256": "huge"}


def parse_args(argv=None):
    from client.cli_args import OneLineParser

    ap = OneLineParser(prog="python -m client", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="shachang", help="game id (shachang, baige, anqi, ...)")
    ap.add_argument("--preset", help="standard|medium|large|huge|star (or 8x8, 16x16, 64x64, 256x256)")
    ap.add_argument("--mode", choices=("classic", "tabletop", "digital"))
    ap.add_argument("--players", type=int)
    ap.add_argument("--seats", help="comma list per seat: human,random,easy,normal,hard")
    ap.add_argument("--seed", type=int)
    ap.add_argument("--items", action="store_true", help="沙场秋点兵 with the fun items (趣味版, S20a)")
    ap.add_argument("--renderer", choices=("auto", "gl", "flat"), default="auto")
    ap.add_argument("--lang", choices=("zh", "en"), default="zh")
    ap.add_argument("--fullscreen", action="store_true")
    ap.add_argument("--size", default="1280x720", help="window size WxH")
    ap.add_argument("--save-dir", help="folder for saves (default ~/.local/share/shachang)")
    ap.add_argument("--autosave", help="autosave file (default SAVE_DIR/autosave.json)")
    ap.add_argument("--load", help="open this save at once")
    ap.add_argument("--map", help="沙场秋点兵 map file: greyscale .png heightmap, JSON map or .npy heights "
                                  "(its size must match --preset)")
    ap.add_argument("--ai-delay", type=float, default=0.45, help="seconds between computer actions")
    ap.add_argument("--bench", type=int, default=0, metavar="FRAMES",
                    help="play a scripted camera flight of FRAMES frames at 1280x720, print frame times, exit")
    ap.add_argument("--screenshot", help="(with --bench) save the last frame as this PNG")
    return ap.parse_args(argv)


def options_from(args):
    """Options from parsed flags, every value checked (SystemExit with one line otherwise)."""
    from client import cli_args
    from client.app import Options, check_options, default_save_dir, info_takes_players

    o = Options()
    o.game_id = args.game
    quick = any(v is not None for v in (args.preset, args.mode, args.players, args.seats, args.seed,
                                        args.map)) or args.items
    try:
        if args.preset:
            o.preset = PRESET_ALIASES.get(args.preset, args.preset)
        if args.mode:
            o.mode = args.mode
        if args.seats is not None:
            o.seats = cli_args.seats(args.seats)
        if args.players is not None:
            o.players = args.players
        else:
            o.players = max(2, len(o.seats) if args.seats else 2)
        if args.seed is not None:
            o.seed = args.seed
        if args.items:
            from engine import registry

            if "items" not in registry.get(o.game_id).choices:
                raise ValueError(f"--items: {o.game_id} has no items (沙场秋点兵's fun version, S20a)")
            o.game_options = {**(o.game_options or {}), "items": True}
        o.renderer = args.renderer
        o.lang = args.lang
        o.fullscreen = args.fullscreen
        o.size = cli_args.size(args.size)
        o.ai_delay = args.ai_delay
        o.bench = args.bench
        given = args.players is not None and info_takes_players(o)
        if args.players is not None and not info_takes_players(o):
            raise ValueError(f"--players: {o.game_id} has a fixed number of players")
        check_options(o, players_given=given)
    except ValueError as e:
        raise SystemExit(f"python -m client: error: {e}") from None
    o.save_dir = Path(args.save_dir).expanduser() if args.save_dir else default_save_dir()
    o.autosave = Path(args.autosave).expanduser() if args.autosave else None
    o.load = Path(args.load).expanduser() if args.load else None
    for flag, folder in (("--save-dir", o.save_dir), ("--autosave", o.autosave and o.autosave.parent)):
        if folder is not None and folder.exists() and not folder.is_dir():
            raise SystemExit(f"python -m client: error: {flag}: {folder} is not a folder")
    if o.autosave is not None and o.autosave.is_dir():
        raise SystemExit(f"python -m client: error: --autosave: {o.autosave} is a folder, give a file name")
    if o.load is not None:
        from client.savefile import check_file

        try:
            check_file(o.load)
        except ValueError as e:
            raise SystemExit(f"python -m client: error: --load: {e}") from None
    o.map_file = Path(args.map).expanduser() if args.map else None
    o.quick_start = quick
    return o


def main(argv=None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    args = parse_args(argv)
    opts = options_from(args)
    if args.bench:
        from client.scenes.bench import run_bench

        return run_bench(opts, args.bench, screenshot=args.screenshot)
    if opts.map_file:
        from client.games.shachang.mapimage import load_any_map

        try:
            load_any_map(str(opts.map_file), opts.preset, opts.players, opts.seed)
        except (ValueError, OSError) as e:
            raise SystemExit(f"python -m client: error: --map: {e}") from None
    from client.app import App

    return App(opts).run()


if __name__ == "__main__":
    sys.exit(main())
