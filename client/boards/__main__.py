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


class BoardApp:
    """A window (the app's Display: GL or flat) running one BoardGameScene; ``step()`` is one frame."""

    def __init__(self, game_id: str = "baige", seats=None, renderer: str = "gl", lang: str = "zh",
                 size=(1280, 800), seed: int = 0, ai_delay: float = 0.35, game=None):
        import pygame

        from client.app import Display
        from client.scenes.board_game import BoardGameScene
        from engine import registry

        pygame.display.init()
        pygame.font.init()
        info = registry.get(game_id)
        if game is None:
            opts = dict(info.options)
            if "seed" in opts:
                opts["seed"] = seed
            game = info.new_game(**opts)
        pygame.display.set_caption(info.name_zh if lang == "zh" else info.name_en)
        self.display = Display(size, renderer)
        kind = self.display.kind
        if renderer == "gl" and kind != "gl":
            print(f"OpenGL unavailable, flat renderer: {self.display.fallback_reason}")
        self.scene = BoardGameScene(self.display.size, game, seats, lang, kind, ai_delay=ai_delay, seed=seed)
        self.running = True
        self._last = time.perf_counter()

    def step(self, dt: float | None = None) -> bool:
        import pygame

        now = time.perf_counter()
        if dt is None:
            dt = min(0.1, now - self._last)
        self._last = now
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                self.running = False
                break
            if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                w, h = (ev.w, ev.h) if ev.type == pygame.VIDEORESIZE else (ev.x, ev.y)
                self.display.resized(w, h)
                continue
            if self.scene.handle_event(ev) == "menu":
                self.running = False
                break
        if not self.running:
            return False
        self.scene.update(dt)
        self.display.begin()
        self.scene.draw(self.display)
        self.display.present()
        return True

    def run(self, fps: int = 60) -> int:
        import pygame

        clock = pygame.time.Clock()
        while self.step():
            clock.tick(fps)
        pygame.quit()
        return 0


def main(argv=None) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    ap = argparse.ArgumentParser(prog="python -m client.boards", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="baige", choices=("baige", "anqi"))
    ap.add_argument("--seats", help="comma list per seat: human,random,easy,normal,hard")
    ap.add_argument("--renderer", choices=("gl", "flat"), default="gl")
    ap.add_argument("--lang", choices=("zh", "en"), default="zh")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--ai-delay", type=float, default=0.35)
    ap.add_argument("--screenshot", help="draw --frames frames, save the window as this PNG and exit")
    ap.add_argument("--frames", type=int, default=30)
    args = ap.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",")] if args.seats else None
    if seats is None:
        seats = ["human", "normal"] if args.game == "baige" else ["human", "normal", "normal"]
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
