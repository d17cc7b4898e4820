"""Play a flat-board game in its own window:

    python -m client.boards --game baige --seats human,hard
    python -m client.boards --game anqi --seats human,normal,easy --renderer gl
    python -m client.boards --game baige --renderer flat --lang en --size 1280x800

Options: --seats (per seat: human, random, easy, normal, hard), --renderer gl|flat
(gl falls back to flat without OpenGL), --lang zh|en, --seed N, --ai-delay SECONDS,
--screenshot PNG --frames N (draw N frames, save the picture, exit).
"""
from __future__ import annotations

import argparse
import sys
import time

from client import cli_args
from client.boards.window import BoardApp
from client.games import plugin_class
from engine import registry


def board_games() -> list[str]:
    """The registered games played on the flat-board scene."""
    out = []
    for gid in registry.GAMES:
        try:
            if plugin_class(gid).scene == "board":
                out.append(gid)
        except KeyError:
            continue
    return out


def check_args(args):
    """(seats or None, (w, h)) from the parsed flags; ValueError naming the bad one."""
    if args.seed is not None:
        cli_args.seed(args.seed)
    cli_args.seconds(args.ai_delay, "--ai-delay")
    if args.frames is not None and not args.screenshot:  # (the window opened and played on, the count unused)
        raise ValueError(f"--frames {args.frames}: only with --screenshot (the frames drawn before the picture)")
    if args.frames is None:
        args.frames = 30
    if not 1 <= args.frames <= 100_000:
        raise ValueError(f"--frames {args.frames}: expected 1..100000")
    seats = None
    if args.seats is not None:
        seats = cli_args.seats(args.seats)
        info = registry.get(args.game)
        n = info.new_game(**info.options).num_players
        if len(seats) != n:
            raise ValueError(f"--seats: {len(seats)} seats for {args.game}, a game of {n} players")
    if args.screenshot:
        cli_args.png_path(args.screenshot)
    return seats, cli_args.size(args.size)


def main(argv=None) -> int:
    ap = cli_args.OneLineParser(prog="python -m client.boards", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="baige", help="a registered flat-board game (baige, anqi, ...)")
    ap.add_argument("--seats", help="comma list per seat: human,random,easy,normal,hard")
    ap.add_argument("--renderer", choices=("gl", "flat"), default="gl")
    ap.add_argument("--lang", choices=("zh", "en"), default="zh")
    ap.add_argument("--seed", type=int, default=None, help="a fixed seed (a seeded game, G1); default: fresh")
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--ai-delay", type=float, default=0.35)
    ap.add_argument("--screenshot", help="draw --frames frames, save the window as this PNG and exit")
    ap.add_argument("--frames", type=int, default=None, help="with --screenshot: frames drawn first (default 30)")
    args = ap.parse_args(argv)
    try:
        if args.game not in registry.GAMES:
            raise ValueError(f"--game: unknown game {args.game!r:.40}; known: {', '.join(registry.GAMES)}")
        try:
            scene = plugin_class(args.game).scene
        except KeyError:
            raise ValueError(f"--game {args.game}: no client plugin for it") from None
        if scene != "board":
            raise ValueError(f"--game {args.game}: not a flat-board game (play it with python -m client "
                             f"--game {args.game}); flat-board games: {', '.join(board_games())}")
        seats, (w, h) = check_args(args)
    except ValueError as e:
        ap.error(str(e))
    app = BoardApp(args.game, seats, args.renderer, args.lang, (w, h), args.seed, args.ai_delay)
    if args.screenshot:
        for _ in range(args.frames):
            app.step(1 / 30)
            time.sleep(1 / 60)
        app.display.save_screenshot(args.screenshot)
        print(args.screenshot)
        return 0
    return app.run()


if __name__ == "__main__":
    sys.exit(main())
