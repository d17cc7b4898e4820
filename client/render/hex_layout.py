"""World geometry of a hex board stored in an (H, W) array (the star of 沙场秋点兵, S19a).

The engine keeps a pointy-top axial hex board (``engine.grids.hexes``) in an array
``a[r - r0, q - q0]``: array cell (row, col) = (i, j) is the hex (q, r) = (j + q0, i + r0), and
cells of the array that are not on the board are masked out. The renderers keep their
(row, col) cells and ask this layout where a cell is in world space:

* neighbouring hexes are 1 world unit apart (apothem 0.5, the same width as a square cell;
  circumradius 1/sqrt(3)); rows of constant r run west→east, r grows to the south (+z);
* the array's middle cell has its centre where the square cell of that (row, col) would
  have it, ((W - 1) / 2 + 0.5, (H - 1) / 2 + 0.5), so the whole board lies inside the
  square box [0, W] x [0, H] the cameras already fit (x = x0 + j + i / 2,
  z = z0 + i * sqrt(3) / 2).

The hex maths (which hex a point lies in, neighbours, names, directions, corners) is
engine/grids' (``engine.grids.hexes``: pointy-top axial hexes, array cell (row, col) = axial
(col, row) as in ``hex_rows_lattice``); this module only places the array on the world's ground
(hex size and offset) and adds the 3-D picking against hexagonal columns (a ray against the
columns, slab by slab) and the cell at a ground point.
"""
from __future__ import annotations

import math

import numpy as np

from engine.grids.hexes import DIRECTIONS as AXIAL_DIRECTIONS
from engine.grids.hexes import axial_to_pixel, hex_corners, hex_rows_lattice, pixels_to_axial
from engine.grids.star import star_grid

SQ3 = math.sqrt(3.0)
RADIUS = 1.0 / SQ3  # circumradius of a hex whose neighbours are 1 apart
APOTHEM = 0.5
LATTICE = hex_rows_lattice("pointy")  # array cell (row, col) = axial (q, r) = (col, row)
# the six neighbours in engine.grids.hexes.DIRECTIONS order, as (drow, dcol) = (dr, dq)
DIRECTIONS = tuple((dr, dq) for dq, dr in AXIAL_DIRECTIONS)
# the outward unit normal (x, z) of the wall towards each neighbour (the direction of its centre)
NORMALS = np.array([axial_to_pixel(d, "pointy", RADIUS) for d in AXIAL_DIRECTIONS])
# corner k of a pointy-top hex at angle 60k - 30 degrees in the (x, z) plane (z to the south):
# corners k and k + 1 bound the wall of direction k' whose normal lies between them
CORNERS = np.array(hex_corners("pointy", RADIUS))


def _wall_corners() -> tuple[tuple[int, int], ...]:
    """For each direction, the two corners (indices into CORNERS) of the wall facing it."""
    out = []
    for n in NORMALS:
        d = CORNERS @ n
        a, b = np.argsort(-d)[:2]
        out.append((int(a), int(b)))
    return tuple(out)


WALL_CORNERS = _wall_corners()


class HexLayout:
    """Pointy-top hex cells of an (H, W) array with a mask of board cells; see the module doc."""

    kind = "hex"

    def __init__(self, mask, names=None):
        """``names``: a function (row, col) -> the cell's name (the star's "i5"), else axial "q,r" names."""
        mask = np.asarray(mask, bool)
        if mask.ndim != 2 or not mask.any():
            raise ValueError("a hex layout needs a 2-D mask with at least one board cell")
        self.mask = mask
        self.shape = mask.shape
        h, w = mask.shape
        ic, jc = (h - 1) / 2.0, (w - 1) / 2.0
        # centre of array cell (0, 0)
        self.x0 = jc + 0.5 - jc - ic / 2.0
        self.z0 = ic + 0.5 - ic * SQ3 / 2.0
        ii, jj = np.mgrid[0:h, 0:w]
        self.cx = self.x0 + jj + ii / 2.0
        self.cz = self.z0 + ii * SQ3 / 2.0
        self.cells = [tuple(map(int, c)) for c in np.argwhere(mask)]  # row by row
        self._idx = np.argwhere(mask)
        self.key = ("hex", h, w, mask.tobytes())
        self._names = names

    def name(self, cell) -> str:
        """The cell's name: the board's (e.g. the star's "i5"), else engine/grids' axial "q,r" of the
        array cell (q = col, r = row)."""
        if self._names is not None:
            return self._names(cell)
        return LATTICE.name(tuple(cell))

    def __eq__(self, other) -> bool:
        return isinstance(other, HexLayout) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)

    def contains(self, cell) -> bool:
        """Whether (row, col) is a board cell."""
        r, c = cell
        return 0 <= r < self.shape[0] and 0 <= c < self.shape[1] and bool(self.mask[r, c])

    def centre(self, cell) -> tuple[float, float]:
        """World (x, z) of the centre of array cell (row, col)."""
        r, c = cell
        x, z = axial_to_pixel((c, r), "pointy", RADIUS)
        return self.x0 + x, self.z0 + z

    def corners(self, cell) -> np.ndarray:
        """(6, 2) world (x, z) corners of the cell's hexagon, corner k at angle 60k - 30 degrees."""
        x, z = self.centre(cell)
        return CORNERS + (x, z)

    def neighbours(self, cell) -> list[tuple[int, int]]:
        """Board neighbours of a cell, in DIRECTIONS order (skipping cells off the board)."""
        return [n for n in LATTICE.neighbours(tuple(cell)) if self.contains(n)]

    def cells_at(self, x, z):
        """Array (row, col) of the hexes containing world points (x, z) (engine/grids' cube rounding,
        vectorised; not checked against the mask)."""
        q, r = pixels_to_axial(np.asarray(x, np.float64) - self.x0, np.asarray(z, np.float64) - self.z0,
                               "pointy", RADIUS)
        return r, q

    def at_point(self, x: float, z: float):
        """The board cell (row, col) whose hexagon contains the ground point (x, z), or None."""
        r, c = self.cells_at(x, z)
        cell = (int(r), int(c))
        return cell if self.contains(cell) else None

    def edge_distance(self, x, z, cell) -> float:
        """Distance from (x, z) to the nearest side of ``cell``'s hexagon (negative outside)."""
        cx, cz = self.centre(cell)
        d = NORMALS[:3] @ np.array([x - cx, z - cz])
        return float(APOTHEM - np.abs(d).max())

    def extent(self) -> tuple[float, float, float, float]:
        """World box (x_min, z_min, x_max, z_max) of the board's hexagons."""
        xs, zs = self.cx[self.mask], self.cz[self.mask]
        return (float(xs.min() - APOTHEM), float(zs.min() - RADIUS), float(xs.max() + APOTHEM),
                float(zs.max() + RADIUS))

    def ray_hit(self, tops: np.ndarray, o, d, base: float):
        """(cell, t) of the first hexagonal column [base, tops[cell]] the ray o + t d hits (t >= 0),
        or None: every column is the intersection of four slabs (three pairs of parallel sides and
        the heights), clipped exactly, vectorised over the board cells."""
        o = np.asarray(o, np.float64)
        d = np.asarray(d, np.float64)
        idx = self._idx
        cx = self.cx[idx[:, 0], idx[:, 1]]
        cz = self.cz[idx[:, 0], idx[:, 1]]
        top = np.asarray(tops, np.float64)[idx[:, 0], idx[:, 1]]
        n = len(idx)
        t0 = np.zeros(n)
        t1 = np.full(n, np.inf)
        ok = np.ones(n, bool)
        slabs = [(NORMALS[k, 0], 0.0, NORMALS[k, 1], NORMALS[k, 0] * cx + NORMALS[k, 1] * cz, APOTHEM, APOTHEM)
                 for k in range(3)]
        slabs.append((0.0, 1.0, 0.0, np.full(n, (base + 0.0)), 0.0, None))
        for nx, ny, nz, centre, lo_off, hi_off in slabs:
            if hi_off is None:  # the height slab [base, top]
                lo, hi = np.full(n, base), top
            else:
                lo, hi = centre - lo_off, centre + hi_off
            po = nx * o[0] + ny * o[1] + nz * o[2]
            pd = nx * d[0] + ny * d[1] + nz * d[2]
            if abs(pd) < 1e-12:
                ok &= (lo <= po) & (po <= hi)
                continue
            a, b = (lo - po) / pd, (hi - po) / pd
            t0 = np.maximum(t0, np.minimum(a, b))
            t1 = np.minimum(t1, np.maximum(a, b))
        ok &= t0 <= t1
        if not ok.any():
            return None
        cand = np.flatnonzero(ok)
        best = cand[np.argmin(t0[cand])]
        return (int(idx[best, 0]), int(idx[best, 1])), float(t0[best])


STAR_OFFSET = 8  # the star's array cell (row, col) is the axial hex (q, r) = (col - 8, row - 8)


def star_mask() -> np.ndarray:
    """The 17x17 mask of the Chinese-checkers star (S19a) in the engine's heights[r + 8, q + 8]."""
    m = np.zeros((17, 17), bool)
    for q, r in star_grid().cells():
        m[r + STAR_OFFSET, q + STAR_OFFSET] = True
    return m


def star_name(cell) -> str:
    """The star's name of array cell (row, col): row letter a..q, position in the row ("i5")."""
    return star_grid().name((cell[1] - STAR_OFFSET, cell[0] - STAR_OFFSET))


_STAR = None


def star_layout() -> HexLayout:
    """The shared layout of the star, with the star's cell names."""
    global _STAR
    if _STAR is None:
        _STAR = HexLayout(star_mask(), names=star_name)
    return _STAR


def layout_of(obs):
    """The hex layout of an observation's board (the star: ``obs.board == "star"``, with its cell
    names), or None for square maps."""
    if getattr(obs, "board", None) == "star":
        return star_layout()
    mask = getattr(obs, "mask", None)
    return HexLayout(mask) if mask is not None else None


def star_look(state: str, star: bool) -> str:
    """The look of a soldier's state: on the star a soldier that moved this turn (the engine's
    "fresh", S19d) cannot move again, so it is drawn as "spent" (hourglass), not as a new camp."""
    return "spent" if star and state == "fresh" else state


def cell_xz(cell, layout=None) -> tuple[float, float]:
    """World (x, z) of a cell's centre: the layout's, or the square cell's (col + 0.5, row + 0.5)."""
    if layout is None:
        return cell[1] + 0.5, cell[0] + 0.5
    return layout.centre(cell)
