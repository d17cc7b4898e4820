"""The renderer interface the scenes talk to, and the plain data a frame is drawn from.

A scene builds a ``Frame`` from a player's *observation* (never the true
state) plus UI state, and hands it with a camera to a renderer. Renderers
never import the engine's game object.
"""
from __future__ import annotations

import abc
from dataclasses import dataclass, field
from typing import Any

import numpy as np

Cell = tuple[int, int]

# World space shared by every renderer and camera: the cell (row, col) spans
# x in [col, col+1], z in [row, row+1]; one unit of height (a terrain level or
# one soldier token, S6) is Y_SCALE tall, so a stack's top is at
# (terrain + soldiers) * Y_SCALE.
Y_SCALE = 0.25

# player colours (RGB 0..1), seat 0 first
PLAYER_COLOURS = [
    (0.85, 0.18, 0.15),  # red
    (0.15, 0.40, 0.85),  # blue
    (0.95, 0.75, 0.10),  # yellow
    (0.20, 0.70, 0.30),  # green
    (0.60, 0.30, 0.75),  # purple
    (0.95, 0.50, 0.15),  # orange
    (0.20, 0.75, 0.75),  # teal
    (0.90, 0.45, 0.65),  # pink
]


@dataclass(frozen=True)
class UnitMark:
    """A stack to draw: ``state`` is 'ready' (may move/attack), 'fresh' (new camp),
    'attacked', 'spent' (settled, no moves left, may still attack is 'ready'), or 'enemy'."""

    cell: Cell
    owner: int
    count: int
    state: str = "ready"


@dataclass
class Overlays:
    """Rule overlays over the board (all optional)."""

    selected: Cell | None = None
    hover: Cell | None = None
    reachable: dict[Cell, int] = field(default_factory=dict)  # cell -> step cost
    attack_area: np.ndarray | None = None  # bool (H, W): within attack range
    targets: list[Cell] = field(default_factory=list)  # enemies attackable now
    blocked_targets: list[Cell] = field(default_factory=list)  # in range but blocked
    sight_src: Cell | None = None
    sight_dst: Cell | None = None
    sight_cells: list[dict] = field(default_factory=list)  # engine line_report rows
    sight_block: Cell | None = None  # the decisive blocking cell (red)
    vision: np.ndarray | None = None  # bool (H, W): vision preview / unit vision
    ghost_cells: np.ndarray | None = None  # bool (H, W): ghost vision area
    reinforce_cells: list[Cell] = field(default_factory=list)
    faded: list[Cell] = field(default_factory=list)  # stacks drawn see-through: the pointer looks past them
    show_coords: bool = False
    show_heights: bool = False  # GLRenderer prints non-zero heights only (flat reads as flat)
    show_counts: bool = True
    sight_numbers: bool = False  # print (a+b)*y vs a*z+b*x (S5) over each checked cell


@dataclass
class Frame:
    """Everything a renderer needs for one picture of a heightmap board."""

    heights: np.ndarray  # int (H, W); -1 = unexplored
    visible: np.ndarray  # bool (H, W)
    explored: np.ndarray  # bool (H, W)
    units: list[UnitMark]
    overlays: Overlays = field(default_factory=Overlays)
    fog: bool = True  # False: draw everything in full colour
    viewer: int = 0  # whose eyes (for the first-person highlight)
    ghosts: list = field(default_factory=list)  # [(cell, radius)] ghost-vision markers to draw (S9)
    # A key that changes whenever heights, fog or overlays change (None: unknown, recompute all).
    # Renderers skip their map-sized work (fog and overlay images, per-cell textures) while it stays equal.
    version: Any = None
    # None: square cells (row, col) over x in [col, col+1], z in [row, row+1]; else a hex layout
    # (client/render/hex_layout.HexLayout: the star, S19a) placing the same (row, col) array cells
    layout: Any = None


class Camera(abc.ABC):
    """A camera gives view and projection matrices (row-major numpy 4x4) for an aspect ratio."""

    @abc.abstractmethod
    def matrices(self, aspect: float) -> tuple[np.ndarray, np.ndarray]: ...


class Renderer(abc.ABC):
    """What every renderer offers the scenes."""

    @abc.abstractmethod
    def load_board(self, heights_shape: tuple[int, int]) -> None:
        """Prepare for a board of this size (meshes, textures)."""

    @abc.abstractmethod
    def draw(self, frame: Frame, camera: Any) -> None:
        """Draw the frame to the current target."""

    @abc.abstractmethod
    def pick(self, x: int, y: int, frame: Frame, camera: Any) -> Cell | None:
        """The board cell under pixel (x, y), or None."""

    @abc.abstractmethod
    def resize(self, width: int, height: int) -> None: ...

    @abc.abstractmethod
    def screenshot(self) -> np.ndarray:
        """The last drawn picture as an (H, W, 3) uint8 array, top row first."""
