"""The scene protocol: one screen of the application, hosted on the App's scene stack (client/app.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # types only: the scene host imports the scenes, never the reverse
    from client.app import App
    from client.display import Display


class Scene:
    """A screen of the application. Overlay scenes (``opaque = False``) draw over the one below."""

    opaque = True

    def __init__(self, app: "App"):
        self.app = app

    def on_enter(self) -> None:
        """Called once the scene is on the stack (App.start_game)."""

    def handle(self, ev) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, display: Display) -> None: ...

    def on_resize(self, w: int, h: int) -> None: ...

    def animating(self) -> bool:
        """True while the picture changes without input (camera motion, computer moves, ...).
        Scenes that do not say are redrawn every frame."""
        return True

    def key_contexts(self) -> tuple[str, ...]:
        """The rows of the key-binding table (client/keys.py) this scene uses: its F1 page lists them."""
        return ("global",)
