"""A window of its own for one flat-board game: the app's Display (GL or flat) running a BoardGameScene."""
from __future__ import annotations

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

    def close(self) -> None:
        """Release the GL context (a later window in the same process needs that) and close the window."""
        import pygame

        ctx = getattr(self.display, "ctx", None)
        if ctx is not None:
            try:
                ctx.release()
            except Exception:
                pass
            self.display.ctx = None
        pygame.display.quit()

    def run(self, fps: int = 60) -> int:
        import pygame

        clock = pygame.time.Clock()
        while self.step():
            clock.tick(fps)
        self.close()
        pygame.quit()
        return 0
