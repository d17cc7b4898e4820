"""What one player may know of a star game (S7, S11, S19): ``StarObservation``.

It is an ``Observation`` (the fields the client and computer players use on square maps: one
``UnitView`` per soldier, count 1) plus what the star needs. Arrays are 17x17, indexed
``[r + 8, q + 8]`` (``engine.shachang.star_cells``); cells off the star have ``mask`` False,
height -1 and are never visible or explored.

For an own soldier the ``UnitView`` carries ``moves`` = the steps left to its start unit (0 once
it moved or is spent), ``attacked`` = spent, ``fresh`` = has moved this turn.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

import numpy as np

from engine.shachang import rules
from engine.shachang import star_cells as sc
from engine.shachang.observation import Observation, UnitView, common_fields

if TYPE_CHECKING:
    from engine.shachang.star_game import StarGame

Cell = tuple[int, int]


@dataclass(frozen=True)
class GroupView:
    """A unit (connected soldiers, S19b) as the player sees it. Enemy groups are made of the
    visible enemy soldiers only (fog may hide more of them); their ``can_attack`` is None."""

    owner: int
    cells: tuple[Cell, ...]
    size: int
    attack_range: int  # 番数 of its size (S19e)
    vision_range: int  # S3 of its size
    can_attack: bool | None = None  # own units: S19e now (current player's turn only)


@dataclass(frozen=True)
class StarObservation(Observation):
    """An ``Observation`` of the star preset with its soldiers, units, budgets and flags."""

    board: str = "star"
    mask: np.ndarray | None = None  # bool 17x17: the 121 cells
    groups: tuple[GroupView, ...] = ()  # own units (true), then visible enemy soldiers' groups
    origin: tuple[tuple[Cell, int], ...] = ()  # own soldier -> its start unit's index (battle phase)
    budgets: tuple[int, ...] = ()  # steps left per start unit (own turn, battle phase)
    moved: tuple[Cell, ...] = ()  # own soldiers that moved this turn
    spent: tuple[Cell, ...] = ()  # own soldiers that are spent (S19e)
    names: dict | None = None  # cell -> star name, for every cell of the star

    def key(self) -> tuple:
        return super().key() + (self.groups, self.origin, self.budgets, self.moved, self.spent)

    def name(self, cell: Cell) -> str:
        """The star name of ``cell``."""
        return sc.name(cell)


_NAMES = {c: sc.name(c) for c in sc.CELLS}


def observe(g: "StarGame", player: int) -> StarObservation:
    """The observation of ``player`` (ValueError for a seat that does not exist)."""
    if not 0 <= player < g.n:
        raise ValueError(f"no player {player} in a {g.n}-player game")
    vis = g.visible(player)
    if g.fog:
        explored = g.explored[player] & sc.MASK
    else:
        explored = sc.MASK.copy()
    heights = np.where(explored, g.heights, -1).astype(np.int16)
    own_turn = player == g.cur and not g.over
    units = []
    for c, u in sorted(g.units.items()):
        if u.owner == player:
            left = 0
            if own_turn and not u.fresh and not u.attacked:
                left = g.budget_left(c)
            units.append(UnitView(c, u.owner, 1, left, u.attacked, u.fresh))
        elif vis[c]:
            units.append(UnitView(c, u.owner, 1))
    groups = []
    for grp in g.groups(player):
        n = len(grp)
        groups.append(GroupView(player, tuple(grp), n, rules.fanshu(n), rules.vision_range(n),
                                g.can_attack_group(grp) if own_turn and g.phase != "over" else None))
    seen_enemy = {}
    for c, u in g.units.items():
        if u.owner != player and vis[c]:
            seen_enemy.setdefault(u.owner, []).append(c)
    for owner in sorted(seen_enemy):
        for grp in sc.components(seen_enemy[owner]):
            n = len(grp)
            groups.append(GroupView(owner, tuple(grp), n, rules.fanshu(n), rules.vision_range(n)))
    battle = own_turn and g.phase == "battle"
    mine = [c for c, u in g.units.items() if u.owner == player]
    seen = (g.seen & sc.MASK) if own_turn else vis.copy()
    return StarObservation(
        **common_fields(g, player, heights, vis, explored, seen, units),
        board="star", mask=sc.MASK, groups=tuple(groups),
        origin=tuple(sorted((c, i) for c, i in g.origin.items() if c in g.units)) if battle else (),
        budgets=tuple(g.budgets) if battle else (),
        moved=tuple(sorted(c for c in mine if g.units[c].fresh)),
        spent=tuple(sorted(c for c in mine if g.units[c].attacked)),
        names=dict(_NAMES),  # a fresh dict: editing one observation changes no other (issue 29.7)
    )


def hidden_variant(g: "StarGame", player: int, rng) -> "StarGame":
    """A copy of ``g`` that ``player`` cannot tell apart from it: every enemy soldier on a cell the
    player neither sees now nor (on its own turn) saw this turn moves to a random such empty cell
    of the star. Without fog the copy is exact."""
    v = g.clone()
    if not g.fog or g.over:
        return v
    hidden = sc.MASK & ~(v.visible(player) | (v.seen if player == v.cur else False))
    enemy = [c for c, u in v.units.items() if u.owner != player and hidden[c]]
    if not enemy:
        return v
    moved = [(c, v.units.pop(c), v.last_size.pop(c, None)) for c in enemy]
    free = [c for c in sc.CELLS if hidden[c] and c not in v.units]
    for c, u, last in moved:
        dst = free.pop(rng.randrange(len(free)))
        v.units[dst] = u
        if last is not None:
            v.last_size[dst] = last
    v._hex_vision = False
    v._ensure_hex_vision()
    for ghost in v.ghosts:
        v._vision.add(ghost.owner, (ghost.cell[0], ghost.cell[1], 0, ghost.radius), ignore_terrain=True)
    v._refresh_vision()
    return v
