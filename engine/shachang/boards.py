"""The boards 沙场秋点兵 is played on, as objects the game holds (composition, issue 23 point 6).

``SquareBoard`` is the size x size heightmap (S1, S2: 4-neighbour steps, square names "c3");
``StarBoard`` the 121-cell Chinese-checkers star (S19a–S19f: hex steps, star names "i5", one
soldier per cell, soldier height terrain + 1). A board carries what differs between them: its
grid, cell names, action texts and their steps, line of sight and a cell's vision, and how units
are counted. ``ShachangGame`` asks its ``geometry`` (one board object per game, stateless and
shared) instead of being subclassed.

Still overridden by ``StarGame`` (engine/shachang/star_game.py), to move here in later steps: the
turn, vision, march, attack, reinforcement and item rules of S19b–S19e and D-S1–D-SI8.
"""
from __future__ import annotations

from engine.api import Step
from engine.messages import Msg
from engine.shachang import rules
from engine.shachang import star_cells as sc
from engine.shachang.actions import Attack, March, Reinforce, UseItem, as_action, describe, parse_action, validated
from engine.shachang.cells import Cell, board_grid, cell_name
from engine.shachang.sight import blocking_cell, line_report
from engine.shachang.star_actions import as_star_action
from engine.shachang.star_actions import describe as star_describe
from engine.shachang.star_actions import parse_action as star_parse_action
from engine.shachang.star_actions import validated as star_validated
from engine.shachang.vision import visible_from


class SquareBoard:
    """The size x size heightmap of the square presets (S1, S2, S17)."""

    key = "square"

    def __init__(self, size: int):
        self.size = size
        self.grid = board_grid(size)  # 4-neighbour steps (S1, S15), line levels (S2), names

    def __reduce__(self):  # one shared object per board: copies and pickles name it
        return (board_for, ("square", self.size))

    def __deepcopy__(self, memo):
        return self

    # ------------------------------------------------------------ cells
    def in_bounds(self, cell: Cell) -> bool:
        """Whether ``cell`` is on the board."""
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def cell_name(self, cell: Cell) -> str:
        """The name of a cell ("c3")."""
        return cell_name(cell)

    # ------------------------------------------------------------ text
    def parse_action(self, text: str):
        """The action a text names (ParseError if none)."""
        return parse_action(text)

    def validated(self, action):
        """The parsed action with its form checked (types, counts, cells on the board)."""
        return validated(as_action(action), self.size)

    def describe(self, a) -> Msg:
        """A validated action as a keyed message."""
        return describe(a)

    def action_steps(self, a) -> tuple[Step, ...]:
        """march: cell src, cell dst, count; attack: cell src, cell dst; reinforce: cell, count; end: button."""
        if isinstance(a, UseItem):
            from engine.shachang.item_rules import item_steps  # item_rules imports the game module

            return item_steps(a)
        return _steps(a, self.cell_name)

    # ------------------------------------------------------------ units and sight
    def unit_count(self, g, player: int) -> int:
        """The units of ``player`` on the field (one per occupied cell, S17)."""
        return sum(1 for u in g.units.values() if u.owner == player)

    def attack_block(self, g, src: Cell, u, dst: Cell, t):
        """The cell blocking the attack line (S5: heights + soldier counts), or None (classic: flat)."""
        if g.mode == "classic":
            return None
        z = int(g.heights[src]) + u.count
        x = int(g.heights[dst]) + t.count
        return blocking_cell(g.heights, src, dst, z, x)

    def sight_line(self, g, src: Cell, dst: Cell, attack: bool = True) -> list[dict]:
        """Every cell the line src→dst checks with a, b, x, y, z and the S5 sides."""
        u = g.units.get(src)
        z = int(g.heights[src]) + (u.count if u else 0)
        t = g.units.get(dst)
        x = int(g.heights[dst]) + (t.count if (attack and t) else 0)
        return line_report(g.heights, src, dst, z, x)

    def cell_vision(self, g, cell: Cell, count: int | None = None):
        """Cells a unit of ``count`` soldiers (default: the unit there, else 1) on ``cell`` would see (S6)."""
        u = g.units.get(cell)
        n = count if count else (u.count if u else 1)
        z = int(g.heights[cell]) + n
        return visible_from(g.heights, cell, z, rules.vision_range(n))


class StarBoard:
    """The 121-cell star (S19a): hex steps on 17x17 array indices, star names, one soldier per cell
    (S19b), soldier height terrain + 1 (S19f)."""

    key = "star"
    size = 17

    def __init__(self):
        self.grid = sc.LATTICE  # the hex lattice on array indices (S19a steps, S19f lines)

    def __reduce__(self):
        return (board_for, ("star", self.size))

    def __deepcopy__(self, memo):
        return self

    # ------------------------------------------------------------ cells
    def in_bounds(self, cell: Cell) -> bool:
        """Whether ``cell`` is one of the star's 121 cells."""
        return sc.on_star(cell)

    def cell_name(self, cell: Cell) -> str:
        """The star name of a cell ("i5")."""
        return sc.name(cell)

    # ------------------------------------------------------------ text
    def parse_action(self, text: str):
        """The action a text names, with star cell names (ParseError if none)."""
        if isinstance(text, str) and text.split()[:1] == ["item"]:
            from engine.shachang.star_items import parse_item  # star_items imports the game module

            return parse_item(text.split()[1:])
        return star_parse_action(text)

    def validated(self, action):
        """A validated star action (item uses too) from an action or its text."""
        if isinstance(action, str):
            action = self.parse_action(action)
        if isinstance(action, UseItem):
            from engine.shachang import star_items  # star_items imports the game module

            return star_items.validated(action)
        return star_validated(as_star_action(action))

    def describe(self, a) -> Msg:
        """A validated action as a keyed message with star cell names."""
        if isinstance(a, UseItem):
            from engine.shachang.star_items import describe as describe_item  # see validated

            return describe_item(a)
        return star_describe(a)

    def action_steps(self, a) -> tuple[Step, ...]:
        """As on the square board, with star cell names; an item's steps from star_items."""
        if isinstance(a, UseItem):
            from engine.shachang.star_items import item_steps  # see validated

            return item_steps(a)
        return _steps(a, sc.name)

    # ------------------------------------------------------------ units and sight
    def unit_count(self, g, player: int) -> int:
        """The units of ``player``: its groups of connected soldiers (S19b)."""
        return len(g.groups(player))

    def attack_block(self, g, src: Cell, u, dst: Cell, t):
        """The cell blocking the attack line (S5, S19f: heights terrain + 1, seam rule), or None."""
        if g.mode == "classic":
            return None
        z = int(g.heights[src]) + 1
        x = int(g.heights[dst]) + 1
        return blocking_cell(g.heights, src, dst, z, x, grid=sc.LATTICE)

    def sight_line(self, g, src: Cell, dst: Cell, attack: bool = True) -> list[dict]:
        """Every cell the line src→dst checks (S19f heights, seam rule) with a, b, x, y, z and S5's sides."""
        z = int(g.heights[src]) + 1
        x = int(g.heights[dst]) + (1 if (attack and dst in g.units) else 0)
        return line_report(g.heights, src, dst, z, x, grid=sc.LATTICE)

    def cell_vision(self, g, cell: Cell, count: int | None = None):
        """Cells one soldier on ``cell`` would see with the vision range of a unit of ``count``
        (default: its unit there, else 1) (S3, S19f)."""
        n = count if count else (len(g.group_of(cell)) if cell in g.units else 1)
        z = int(g.heights[cell]) + 1
        return visible_from(g.heights, cell, z, rules.vision_range(n), sc.LATTICE) & sc.MASK


def _steps(a, name) -> tuple[Step, ...]:
    if isinstance(a, March):
        return (Step("cell", name(a.src)), Step("cell", name(a.dst)),
                Step("count", str(a.count), "shachang.step.count"))
    if isinstance(a, Attack):
        return (Step("cell", name(a.src)), Step("cell", name(a.dst)))
    if isinstance(a, Reinforce):
        return (Step("cell", name(a.cell)), Step("count", str(a.count), "shachang.step.count"))
    return (Step("button", "end", "shachang.act.end"),)


_STAR = StarBoard()
_SQUARE: dict[int, SquareBoard] = {}


def board_for(kind: str, size: int) -> SquareBoard | StarBoard:
    """The shared board object of a preset's board kind ("square" of ``size``, or "star")."""
    if kind == "star":
        return _STAR
    b = _SQUARE.get(size)
    if b is None:
        b = _SQUARE[size] = SquareBoard(size)
    return b
