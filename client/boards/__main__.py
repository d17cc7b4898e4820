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
import os
import sys
import time

from client.boards.window import BoardApp


def main(argv=None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    ap = argparse.ArgumentParser(prog="python -m client.boards", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="baige", help="a registered flat-board game (baige, anqi, ...)")
    ap.add_argument("--seats", help="comma list per seat: human,random,easy,normal,hard")
    ap.add_argument("--renderer", choices=("gl", "flat"), default="gl")
    ap.add_argument("--lang", choices=("zh", "en"), default="zh")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--ai-delay", type=float, default=0.35)
    ap.add_argument("--screenshot", help="draw --frames frames, save the window as this PNG and exit")
    ap.add_argument("--frames", type=int, default=30)
    args = ap.parse_args(argv)
    from client.games import has_plugin

    if not has_plugin(args.game):
        raise SystemExit(f"--game: no client plugin for {args.game!r}")
    seats = [s.strip() for s in args.seats.split(",")] if args.seats else None
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise SystemExit(f"--size wants WxH, got {args.size!r}")
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
