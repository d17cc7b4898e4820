"""Games that start from a given position (rule tests, rule pictures, puzzles) instead of the opening.

A setup is plain data, so it is saved with the game::

    {"units": [[owner, "c3", count, "settled"], [1, "f6", 2, "fresh"], ...],
     "reserve": [8, 8], "current": 0, "round": 1,
     "explored": "all" | "none", "hits": 0}

Unit states: "settled" (may move and attack), "fresh" (a new camp made this
turn, S15), "attacked" (has attacked this turn, S16), or "moves=N" (settled
with N move power left). States other than "settled" only make sense for the
player to move.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.shachang.cells import parse_cell, cell_name
from engine.shachang.state import Unit

if TYPE_CHECKING:
    from engine.shachang.game import ShachangGame

STATES = ("settled", "fresh", "attacked")


def apply_setup(g: "ShachangGame", setup: dict) -> None:
    """Place the setup's units and reserves on a just-built game and open the current player's turn."""
    if not isinstance(setup, dict):
        raise ValueError("setup must be a mapping")
    unknown = set(setup) - {"units", "reserve", "current", "round", "explored", "hits"}
    if unknown:
        raise ValueError(f"setup: unknown key(s) {', '.join(sorted(unknown))}")
    states = {}
    g.units.clear()
    for i, row in enumerate(setup.get("units", [])):
        if not isinstance(row, (list, tuple)) or len(row) not in (3, 4):
            raise ValueError(f"setup.units[{i}]: expected [owner, cell, count, state]")
        owner, cell, count = row[0], row[1], row[2]
        state = row[3] if len(row) == 4 else "settled"
        if not isinstance(owner, int) or not 0 <= owner < g.n:
            raise ValueError(f"setup.units[{i}]: owner must be 0..{g.n - 1}, got {owner!r}")
        c = parse_cell(cell) if isinstance(cell, str) else (int(cell[0]), int(cell[1]))
        if not g.in_bounds(c):
            raise ValueError(f"setup.units[{i}]: {cell_name(c)} is off the board")
        if not isinstance(count, int) or count < 1:
            raise ValueError(f"setup.units[{i}]: count must be a positive integer, got {count!r}")
        if c in g.units:
            raise ValueError(f"setup.units[{i}]: {cell_name(c)} already holds a unit")
        if not (state in STATES or (isinstance(state, str) and state.startswith("moves="))):
            raise ValueError(f"setup.units[{i}]: unknown state {state!r} (settled, fresh, attacked, moves=N)")
        g.units[c] = Unit(owner, count, last_count=count)
        states[c] = state
    for p in range(g.n):
        if sum(u.count for u in g.units.values() if u.owner == p) > g.P.cap:
            raise ValueError(f"setup: player {p} has more than the cap of {g.P.cap} on the field")
        if sum(1 for u in g.units.values() if u.owner == p) > g.P.max_units:
            raise ValueError(f"setup: player {p} has more than {g.P.max_units} units")
    reserve = setup.get("reserve")
    if reserve is not None:
        if not isinstance(reserve, list) or len(reserve) != g.n or not all(
                isinstance(r, int) and r >= 0 for r in reserve):
            raise ValueError(f"setup.reserve must list {g.n} non-negative integers")
        g.reserve = list(reserve)
    g.cur = int(setup.get("current", 0))
    if not 0 <= g.cur < g.n:
        raise ValueError(f"setup.current must be 0..{g.n - 1}")
    g.round = int(setup.get("round", 1))
    g.hits = int(setup.get("hits", 0))
    for p in range(g.n):
        if not g.has_soldiers(p):
            g.out[p] = True
            g.out_order.append(p)
    g._refresh_vision(list(g.units))
    if setup.get("explored") == "all":
        g.explored[:] = True
    g._start_turn()
    for c, st in states.items():
        u = g.units.get(c)
        if u is None or u.owner != g.cur:
            continue
        if st == "fresh":
            u.fresh, u.moves = True, 0
            g.phase = "battle"
        elif st == "attacked":
            u.attacked, u.moves = True, 0
            g.phase = "battle"
        elif st.startswith("moves="):
            u.moves = int(st[6:])
            g.phase = "battle"
    g.acted = g.phase == "battle"
