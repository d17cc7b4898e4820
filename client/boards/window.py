"""A window of its own for one flat-board game: the client's App (display, scene stack, F1/F2/F11/F12)
running the board scene; leaving the game closes the window."""
from __future__ import annotations

import pygame

from client.app import App, Options
from client.games import plugin_class
from client.scenes.board_game import BoardGameScene
from engine import registry


class BoardApp:
    """``step()`` is one frame; ``scene`` the BoardGameScene; ``app`` the client.app.App underneath.
    ``strict``: a scene's error is raised (tests) instead of shown on the status line."""

    def __init__(self, game_id: str = "baige", seats=None, renderer: str = "gl", lang: str = "zh",
                 size=(1280, 800), seed: int | None = None, ai_delay: float = 0.35, game=None, strict: bool = False):
        info = registry.get(game_id)
        if game is None:
            # G1: a seed given here (tests, rule pictures) is used as given, a seeded game; without one a
            # game that may hide something draws its seed from the operating system
            game = info.new_game(**plugin_class(game_id).new_game_options(info, seed, seeded=seed is not None))
        self.app = App(Options(game_id=game_id, renderer=renderer, lang=lang, size=tuple(size), seed=0 if seed is None else seed,
                               ai_delay=ai_delay, handover_delay=0.0, strict=strict))
        pygame.display.set_caption(info.name_zh if lang == "zh" else info.name_en)
        if renderer == "gl" and self.display.kind != "gl":
            print(f"OpenGL unavailable, flat renderer: {self.display.fallback_reason}")
        n = game.num_players
        seats = list(seats) if seats else ["human"] + ["normal"] * (n - 1)
        self._scene = BoardGameScene.for_app(self.app, game, seats, on_leave=self.app.quit, autosave=False)
        self.app.replace(self._scene)

    @property
    def display(self):
        return self.app.display

    @property
    def scene(self):
        """The board scene (under any modal or help page on the stack)."""
        return self._scene

    @property
    def running(self) -> bool:
        return self.app.running

    def step(self, dt: float | None = None) -> bool:
        return self.app.step(dt)

    def close(self) -> None:
        """Release the GL context (a later window in the same process needs that) and close the window."""
        self.app.close()

    def run(self, fps: int = 60) -> int:
        """The App's interactive loop (idle frames skipped: a game waiting for input draws nothing), then close."""
        while self.app.running:
            self.app.step(idle_skip=True)
            if self.app.idle:  # as App.run: sleep until input comes
                ev = pygame.event.wait(self.app.IDLE_WAIT_MS)
                if ev.type != pygame.NOEVENT:
                    pygame.event.post(ev)
                self.app.clock.tick()
            else:
                self.app.clock.tick(fps)
        self.close()
        pygame.quit()
        return 0
