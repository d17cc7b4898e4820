"""What a game adapter offers the board scene: observation -> pieces and marks, clicks -> action text.

An adapter wraps one game object (``set_game`` swaps it, e.g. after an undo). The scene
keeps the selection; the adapter answers questions about the current position only
through the game's public API (observation, legal actions).

``click(cell, selected)`` returns a :class:`Click`:

* ``Click("action", action="e2e4")``: play this action text now;
* ``Click("promote", choices=[Choice(...)], src=.., dst=..)``: ask the player, then play
  ``choice.action``;
* ``Click("select", cell=...)``: select this piece (its targets are shown);
* ``Click("deselect")``: clear the selection.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from client.boards.geometry import BoardGeometry, Cell
from client.boards.model import BoardView, RGB


@dataclass(frozen=True)
class Choice:
    action: str  # the action text played when chosen
    label: str  # short label (a piece name)
    glyph: str = ""
    ink: RGB = (0, 0, 0)
    hint: str = ""


@dataclass
class Click:
    kind: str  # action | promote | select | deselect
    action: str | None = None
    cell: Cell | None = None
    choices: list[Choice] = field(default_factory=list)
    src: Cell | None = None
    dst: Cell | None = None


@dataclass(frozen=True)
class SideButton:
    """A game-specific action that is not a board click (draw offer, resignation)."""

    action: str
    label_zh: str
    label_en: str
    confirm: bool = False  # ask "sure?" first


class GameAdapter:
    game_id = ""
    geometry: BoardGeometry

    def __init__(self, game: Any):
        self.game = game

    def set_game(self, game: Any) -> None:
        self.game = game

    # --- seats
    def seat_name(self, seat: int, lang: str = "zh") -> str:
        raise NotImplementedError

    def seat_rgb(self, seat: int) -> RGB:
        raise NotImplementedError

    def bottom_seat_flipped(self, seat: int) -> bool:
        """Whether the board is drawn rotated so that ``seat`` plays from the bottom."""
        return False

    # --- board
    def view(self, viewer: int, selected: Cell | None = None) -> BoardView:
        raise NotImplementedError

    def targets(self, cell: Cell) -> dict[Cell, str]:
        """Legal destinations of the piece on ``cell`` for the player to move: cell -> mark kind."""
        raise NotImplementedError

    def can_select(self, cell: Cell) -> bool:
        return bool(self.targets(cell))

    def click(self, cell: Cell | None, selected: Cell | None) -> Click:
        raise NotImplementedError

    def move_action(self, src: Cell, dst: Cell) -> Click:
        """A drag from ``src`` dropped on ``dst`` (same answers as clicking dst with src selected)."""
        return self.click(dst, src)

    # --- panels
    def move_list(self, lang: str = "zh") -> list[str]:
        return []

    def panel_lines(self, lang: str = "zh") -> list[tuple[str, RGB | None]]:
        return []

    def side_buttons(self) -> list[SideButton]:
        """Buttons for the player to move now (offer a draw, resign, answer an offer)."""
        return []

    def status(self, lang: str = "zh") -> str:
        """A one-line note on the position (check, pending offer) or ''."""
        return ""

    def end_reason(self, lang: str = "zh") -> str:
        return ""

    def describe(self, action: str, lang: str = "zh") -> str:
        """How an action just played reads in the message line."""
        return action
