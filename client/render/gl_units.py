"""Soldier tokens: one instanced disc per soldier, stacked so the stack top is at (terrain + count) * Y_SCALE.

Looks by ``UnitMark.state`` (see client/render/base.py):

* ready    — full colour, white ring on the top token;
* fresh    — new camp (S15): every other token pale (striped like a tent), tent icon;
* attacked — dark colour, black ring, crossed-swords icon;
* spent    — desaturated, grey ring, hourglass icon;
* enemy    — full colour, no ring.
Ghost vision markers are translucent white stacks with a ghost icon.
"""
from __future__ import annotations

import math

import numpy as np

from client.render.base import PLAYER_COLOURS, Y_SCALE
from client.render.hex_layout import cell_xz as _xz

TOKEN_RADIUS = 0.36
TOKEN_GAP = 0.16  # fraction of a level under each token's rim left open as a groove (so tokens can be counted)
CORE_RADIUS = 0.96  # the core that fills the groove, as a fraction of the token's radius (a hair inside the rim)
SEGMENTS = 16

# per-instance layout: x, y, z, radius, height, r, g, b, ring r, g, b, a
INSTANCE_FLOATS = 12


def token_mesh(segments: int = SEGMENTS) -> np.ndarray:
    """One soldier's disc: a unit cylinder (radius 1, y in 0..1) with top and bottom caps, on a narrower
    core (radius CORE_RADIUS) that reaches down through the groove to the disc below (y from
    -TOKEN_GAP / (1 - TOKEN_GAP) to 0, the mesh scaled by the disc's height): (N, 6) float32 position +
    normal, triangles.

    The core closes the gap between stacked discs — seen from the side (first person) the sky showed
    through it, and from below the open disc showed its inside — while the groove around it keeps the
    discs countable (the shader darkens a side's lowest part, so the core reads as a dark line)."""
    tris = []
    core_y = -TOKEN_GAP / (1.0 - TOKEN_GAP)
    for i in range(segments):
        a0 = 2 * math.pi * i / segments
        a1 = 2 * math.pi * (i + 1) / segments
        p0 = (math.cos(a0), math.sin(a0))
        p1 = (math.cos(a1), math.sin(a1))
        n0 = (p0[0], 0.0, p0[1])
        n1 = (p1[0], 0.0, p1[1])
        b0, b1 = (p0[0], 0.0, p0[1]), (p1[0], 0.0, p1[1])
        t0, t1 = (p0[0], 1.0, p0[1]), (p1[0], 1.0, p1[1])
        # side (CCW seen from outside)
        tris += [(b0, n0), (t1, n1), (b1, n1), (b0, n0), (t0, n0), (t1, n1)]
        # top cap
        tris += [((0.0, 1.0, 0.0), (0, 1, 0)), (t1, (0, 1, 0)), (t0, (0, 1, 0))]
        # bottom cap (CCW seen from below)
        tris += [((0.0, 0.0, 0.0), (0, -1, 0)), (b0, (0, -1, 0)), (b1, (0, -1, 0))]
        # the core's side, in the groove under the disc
        k = CORE_RADIUS
        c0, c1 = (k * p0[0], core_y, k * p0[1]), (k * p1[0], core_y, k * p1[1])
        d0, d1 = (k * p0[0], 0.0, k * p0[1]), (k * p1[0], 0.0, k * p1[1])
        tris += [(c0, n0), (d1, n1), (c1, n1), (c0, n0), (d0, n0), (d1, n1)]
    return np.array([[*p, *n] for p, n in tris], dtype=np.float32)


def _desat(c, k):
    g = 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
    return tuple(g + (x - g) * k for x in c)


def state_look(owner: int, state: str):
    """(body colour, alternate-token colour or None, ring rgba) of a unit's state."""
    base = PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]
    if state == "fresh":
        pale = tuple(0.55 * x + 0.45 for x in base)
        return base, pale, (1.0, 1.0, 0.85, 0.0)
    if state == "attacked":
        return tuple(x * 0.55 for x in base), None, (0.05, 0.05, 0.05, 0.95)
    if state == "spent":
        return _desat(base, 0.35), None, (0.45, 0.45, 0.45, 0.95)
    if state == "enemy":
        return base, None, (0.0, 0.0, 0.0, 0.0)
    return base, None, (1.0, 1.0, 1.0, 0.95)  # ready


def _stacks(units, heights: np.ndarray, skip_cell, layout):
    """(unit, x, z, ground level, body, alternate, ring) of each stack drawn: units with soldiers, not on
    ``skip_cell``."""
    for u in units:
        if u.count <= 0 or u.cell == skip_cell:
            continue
        r, c = u.cell
        x, z = _xz(u.cell, layout)
        yield (u, x, z, max(0, int(heights[r, c])), *state_look(u.owner, u.state))


def instances(units, heights: np.ndarray, skip_cell=None, merged: bool = False, layout=None) -> np.ndarray:
    """(N, INSTANCE_FLOATS) float32 token instances for a list of UnitMark (``layout``: where the
    cells are, None for square cells; see client/render/hex_layout.py).

    ``merged``: one instance per stack (a column of the stack's full height) for far views where
    single tokens are smaller than a pixel; the stack's top stays at (terrain + count) * Y_SCALE."""
    stacks = _stacks(units, heights, skip_cell, layout)
    if merged:
        rows = [[x, ground * Y_SCALE, z, TOKEN_RADIUS, u.count * Y_SCALE, *body, *ring]
                for u, x, z, ground, body, _alt, ring in stacks]
        return np.asarray(rows, np.float32).reshape(-1, INSTANCE_FLOATS)
    rows = []
    for u, x, z, ground, body, alt, ring in stacks:
        k = np.arange(u.count)
        blk = np.empty((u.count, INSTANCE_FLOATS), np.float32)
        blk[:, 0], blk[:, 2] = x, z
        blk[:, 1] = (ground + k + TOKEN_GAP) * Y_SCALE
        blk[:, 3] = TOKEN_RADIUS
        blk[:, 4] = (1.0 - TOKEN_GAP) * Y_SCALE
        blk[:, 5:8] = body
        if alt is not None:
            blk[1::2, 5:8] = alt
        blk[:, 8:12] = 0.0
        blk[-1, 8:12] = ring
        rows.append(blk)
    if not rows:
        return np.zeros((0, INSTANCE_FLOATS), np.float32)
    return np.concatenate(rows)


def ghost_instances(ghosts, heights: np.ndarray, layout=None) -> np.ndarray:
    """Translucent marker stacks (3 tall, narrower) for ghost visions [(cell, radius), ...]."""
    rows = []
    for cell, _radius in ghosts:
        r, c = cell
        ground = max(0, int(heights[r, c]))
        x, z = _xz(cell, layout)
        for k in range(3):
            rows.append([x, (ground + k + TOKEN_GAP) * Y_SCALE, z, TOKEN_RADIUS * 0.8,
                         (1.0 - TOKEN_GAP) * Y_SCALE, 0.92, 0.92, 1.0, 0.7, 0.6, 1.0, 0.9 if k == 2 else 0.0])
    if not rows:
        return np.zeros((0, INSTANCE_FLOATS), np.float32)
    return np.asarray(rows, np.float32)
