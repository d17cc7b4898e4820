"""What one player may know of a 沙场秋点兵 state (S7, S11): the only view the client and AI get."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from engine.shachang.cells import Cell

if TYPE_CHECKING:
    from engine.shachang.game import ShachangGame


@dataclass(frozen=True)
class UnitView:
    """A unit as a player sees it. Enemy units carry no move/attack state."""

    cell: Cell
    owner: int
    count: int
    moves: int | None = None  # own units only
    attacked: bool | None = None
    fresh: bool | None = None


@dataclass(frozen=True)
class PlayerView:
    """Public facts about a seat; field and reserve are None when fog hides them."""

    player: int
    out: bool
    field: int | None
    reserve: int | None


@dataclass(frozen=True)
class Observation:
    """One player's view. ``heights`` is -1 on unexplored cells; enemies appear only on visible cells."""

    player: int
    preset: str
    mode: str
    size: int
    round: int
    round_limit: int
    current_player: int
    phase: str  # "reinforce" | "battle" | "over"; "turn": another player's, under fog (G1: a march out of sight
    # ends its reinforcement phase, so the phase told others the mover had acted)
    is_over: bool
    heights: np.ndarray  # int16, -1 = unexplored
    visible: np.ndarray  # bool
    explored: np.ndarray  # bool
    seen: np.ndarray  # bool: seen this turn (own turn; movement may use it, S10)
    units: tuple[UnitView, ...]
    ghosts: tuple[tuple[Cell, int], ...]  # own active ghost visions (cell, radius)
    spawns: tuple[Cell, ...]  # own spawn cells
    reserve: int
    field: int
    cap: int
    max_units: int
    move_power: int
    players: tuple[PlayerView, ...]
    events: tuple[str, ...]  # the log as this player may read it (English; computer players read these)
    messages: tuple = ()  # the same entries as keyed messages (engine.messages.Msg) for the client

    def unit_at(self, cell: Cell) -> UnitView | None:
        """The unit this player sees on ``cell``, if any."""
        for u in self.units:
            if u.cell == cell:
                return u
        return None

    def own_units(self) -> list[UnitView]:
        return [u for u in self.units if u.owner == self.player]

    def enemy_units(self) -> list[UnitView]:
        return [u for u in self.units if u.owner != self.player]

    def key(self) -> tuple:
        """A hashable digest of everything in the observation (equal views give equal keys)."""
        return (self.player, self.preset, self.mode, self.round, self.current_player, self.phase,
                self.is_over, self.heights.tobytes(), self.visible.tobytes(),
                self.explored.tobytes(), self.seen.tobytes(), self.units, self.ghosts,
                self.spawns, self.reserve, self.field, self.players, self.events)


def common_fields(g: "ShachangGame", player: int, heights, vis, explored, seen, units) -> dict:
    """The Observation fields square maps and the star fill alike, from the viewer's ``heights``,
    ``vis``, ``explored``, ``seen`` and ``units``: the game's state, the own ghosts (S9), spawns,
    reserve and field, the players (others' field and reserve only without fog, S7), the log as the
    player may read it."""
    players = tuple(
        PlayerView(q, g.out[q],
                   g.field(q) if (q == player or not g.fog) else None,
                   g.reserve[q] if (q == player or not g.fog) else None)
        for q in range(g.n))
    return dict(
        player=player, preset=g.preset_key, mode=g.mode, size=g.size,
        round=g.round, round_limit=g.round_limit, current_player=g.current_player,
        phase=g.phase if (player == g.current_player or not g.fog or g.over) else "turn",  # G1: see Observation.phase
        is_over=g.over, heights=heights, visible=vis.copy(), explored=explored,
        seen=seen, units=tuple(units),
        ghosts=tuple((gh.cell, gh.radius) for gh in g.ghosts if gh.owner == player),
        spawns=tuple(g.spawns[player]), reserve=g.reserve[player],
        field=g.field(player), cap=g.P.cap, max_units=g.P.max_units,
        move_power=g.P.move, players=players,
        events=tuple(t for ev, t in g._events if ev.seen_by(player)),
        messages=tuple(ev.msg for ev, _ in g._events if ev.seen_by(player)))


def hidden_variant(g: "ShachangGame", player: int, rng) -> "ShachangGame":
    """A copy of ``g`` that ``player`` cannot tell apart from it (the generic hidden-information test).

    Hidden are the enemy units on cells the player does not see now and (on its own turn) did not
    see this turn (S7, S10). Each such unit is moved to a random cell of that kind that is empty in
    the copy and may change size, keeping its owner's field within the cap (S13) — so the owners'
    totals, which fog hides too, may differ. Everything the player's observation, legal actions and
    refusals depend on stays as it is. Without fog (classic, tabletop) the copy is exact.
    """
    v = g.clone()
    if not g.fog or g.over:
        return v
    hidden = ~(v.visible(player) | (v.seen if player == v.cur else False))
    enemy = [c for c, u in v.units.items() if u.owner != player and hidden[c]]
    if not enemy:
        return v
    moved = {c: v.units.pop(c) for c in enemy}
    fixed = [sum(x.count for x in v.units.values() if x.owner == q) for q in range(v.n)]
    free = [tuple(map(int, c)) for c in np.argwhere(hidden) if tuple(map(int, c)) not in v.units]
    for c, u in moved.items():
        dst = free.pop(rng.randrange(len(free))) if free else c
        room = v.P.cap - fixed[u.owner] - sum(x.count for x in moved.values() if x.owner == u.owner and x is not u)
        if room > 1:
            u.count = rng.randint(1, room)
            u.last_count = u.count
        v.units[dst] = u
    v._obs.clear()
    v._vision = type(v._vision)(v.heights, v.n)
    for ghost in v.ghosts:
        v._vision.add(ghost.owner, (ghost.cell[0], ghost.cell[1], 0, ghost.radius), ignore_terrain=True)
    v._refresh_vision(list(v.units))
    return v
