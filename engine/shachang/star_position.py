"""Star games that start from a given position (rule tests, rule pictures) instead of the opening.

A setup is plain data, saved with the game::

    {"units": [[owner, "i5"], [1, "k5", "moved"], ...],   # one soldier per cell (S19b)
     "reserve": [10, 10], "current": 0, "round": 1, "explored": "all" | "none", "hits": 0}

A soldier's state (optional) is "ready" (default), "moved" or "spent"; states other than "ready"
only make sense for the player to move and put the game in its battle phase, every unit as it
stands then getting the full budget (S19d).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.shachang import star_cells as sc
from engine.shachang.state import Unit

if TYPE_CHECKING:
    from engine.shachang.star_game import StarGame

STATES = ("ready", "moved", "spent")
KEYS = ("units", "reserve", "current", "round", "explored", "hits")


def apply_star_setup(g: "StarGame", setup) -> None:
    """Replace the opening of a just-built star game by ``setup`` (ValueError naming the problem)."""
    if not isinstance(setup, dict):
        raise ValueError("setup must be a mapping")
    unknown = sorted(str(k) for k in setup if k not in KEYS)
    if unknown:
        raise ValueError(f"setup: unknown key(s) {', '.join(unknown)}")
    rows = setup.get("units", [])
    if not isinstance(rows, list):
        raise ValueError("setup.units must be a list")
    g.units.clear()
    states = {}
    for i, row in enumerate(rows):
        if not isinstance(row, (list, tuple)) or len(row) not in (2, 3):
            raise ValueError(f"setup.units[{i}]: expected [owner, cell] or [owner, cell, state]")
        owner, cell = row[0], row[1]
        state = row[2] if len(row) == 3 else "ready"
        if type(owner) is not int or not 0 <= owner < g.n:
            raise ValueError(f"setup.units[{i}]: owner must be 0..{g.n - 1}, got {owner!r:.40}")
        if isinstance(cell, str):
            c = sc.parse(cell[:20])
        elif isinstance(cell, (list, tuple)) and len(cell) == 2 and all(type(v) is int for v in cell):
            c = (cell[0], cell[1])
        else:
            raise ValueError(f"setup.units[{i}]: {cell!r:.40} is not a star cell")
        if not sc.on_star(c):
            raise ValueError(f"setup.units[{i}]: {c!r} is off the star")
        if c in g.units:
            raise ValueError(f"setup.units[{i}]: {sc.name(c)} already holds a soldier (S19b)")
        if state not in STATES:
            raise ValueError(f"setup.units[{i}]: unknown state {state!r:.40} (ready, moved, spent)")
        g.units[c] = Unit(owner, 1, last_count=1)
        states[c] = state
    for p in range(g.n):
        if g.field(p) > g.P.cap:
            raise ValueError(f"setup: player {p} has more than the cap of {g.P.cap} on the field")
    reserve = setup.get("reserve")
    if reserve is not None:
        if not isinstance(reserve, list) or len(reserve) != g.n or not all(
                type(r) is int and 0 <= r <= g.P.total for r in reserve):
            raise ValueError(f"setup.reserve must list {g.n} integers 0..{g.P.total}")
        g.reserve = list(reserve)
    for key, lo, hi in (("current", 0, g.n - 1), ("round", 1, g.round_limit), ("hits", 0, 10**9)):
        v = setup.get(key, lo)
        if type(v) is not int or not lo <= v <= hi:
            raise ValueError(f"setup.{key} must be an integer {lo}..{hi}, not {v!r:.40}")
    if setup.get("explored", "none") not in ("all", "none"):
        raise ValueError("setup.explored must be \"all\" or \"none\"")
    g.cur = setup.get("current", 0)
    g.round = setup.get("round", 1)
    g.hits = setup.get("hits", 0)
    for p in range(g.n):
        if not g.has_soldiers(p):
            g.out[p] = True
            g.out_order.append(p)
    if g.out[g.cur]:
        raise ValueError("setup.current is a player without soldiers")
    g.explored[:] = False
    g._refresh_vision()
    if setup.get("explored") == "all":
        g.explored[:] = sc.MASK
    for p in range(g.n):
        g.explored[p] |= g.visible(p)
    g._start_turn()
    if any(states[c] != "ready" for c in states if g.units[c].owner == g.cur):
        g._begin_battle()
        g.acted = True
        for c, st in states.items():
            if g.units[c].owner == g.cur:
                g.units[c].fresh = st == "moved"
                g.units[c].attacked = st == "spent"
