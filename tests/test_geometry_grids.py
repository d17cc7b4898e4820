"""The client's board geometries are thin adapters over engine/grids: picking round-trips (the centre of
every cell picks that cell) on the star, 辛亥革命's map, the odd-r hex demo and the square boards, and random
points pick the same cell as the client's old hex code (copied here as the reference)."""
import math

import numpy as np
import pytest

from client.boards.geometry import CellSetGeometry, HexGeometry, SquareGeometry
from client.games.xinhai import FlatHexGeometry
from client.render.hex_layout import DIRECTIONS, star_layout
from engine.grids import HexGrid, cube_round, cube_round_array, pixel_to_axial, pixels_to_axial, star_grid
from engine.grids.hexes import axial_to_pixel, hex_corners
from engine.xinhai.data import rules
from engine.xinhai.hexgrid import label

R = 1 / math.sqrt(3)


# ---------------------------------------------------------------- the old implementations
def old_odd_r_center(cell):
    r, c = cell
    return (c + 0.5 + 0.5 * (r & 1), R + r * 1.5 * R)


def old_odd_r_cell_at(cells, x, z):
    r0 = int((z - R) / (1.5 * R))
    best, bd = None, 1e9
    for r in range(r0 - 1, r0 + 3):
        c0 = int(math.floor(x - 0.5 - 0.5 * (r & 1)))
        for c in (c0 - 1, c0, c0 + 1, c0 + 2):
            cx, cz = old_odd_r_center((r, c))
            d = (cx - x) ** 2 + (cz - z) ** 2
            if d < bd:
                best, bd = (r, c), d
    if best is None or best not in cells or bd > R ** 2:
        return None
    return best


def old_even_q_center(cell):
    r, c = cell
    return (R + 1.5 * R * c, 0.5 + r + (0.0 if c & 1 else 0.5))


def old_even_q_cell_at(cells, x, z):
    c0 = int((x - R) / (1.5 * R))
    best, bd = None, 1e9
    for c in (c0 - 1, c0, c0 + 1, c0 + 2):
        r0 = int(z - 0.5 - (0.0 if c & 1 else 0.5))
        for r in (r0 - 1, r0, r0 + 1, r0 + 2):
            cx, cz = old_even_q_center((r, c))
            d = (cx - x) ** 2 + (cz - z) ** 2
            if d < bd:
                best, bd = (r, c), d
    if best is None or best not in cells or bd > R ** 2:
        return None
    return best


def old_star_cells_at(lay, x, z):
    i = (np.asarray(z, np.float64) - lay.z0) / (math.sqrt(3) / 2.0)
    fq = np.asarray(x, np.float64) - lay.x0 - i / 2.0
    fr = i
    fs = -fq - fr
    q, r, s = np.round(fq), np.round(fr), np.round(fs)
    dq, dr, ds = np.abs(q - fq), np.abs(r - fr), np.abs(s - fs)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    q = np.where(fix_q, -r - s, q)
    r = np.where(fix_r, -q - s, r)
    return r.astype(np.int64), q.astype(np.int64)


def old_file_name(c):
    out = ""
    c += 1
    while c:
        c, r = divmod(c - 1, 26)
        out = "abcdefghijklmnopqrstuvwxyz"[r] + out
    return out


def xinhai_geometry():
    m = rules().map
    return FlatHexGeometry(m.height, m.width, [(m.height - 1 - row, c) for c, row in m.terrain])


def far_from_seams(g, x, z, cell, margin=1e-6):
    """Whether (x, z) is inside ``cell``'s hexagon by more than ``margin`` (points on a seam may go either way)."""
    cx, cz = g.center(cell)
    pts = g.polygon(cell)
    for (ax, az), (bx, bz) in zip(pts, pts[1:] + pts[:1]):
        nx, nz = bz - az, ax - bx  # a normal of the side
        n = math.hypot(nx, nz)
        d_centre = ((cx - ax) * nx + (cz - az) * nz) / n
        d_point = ((x - ax) * nx + (z - az) * nz) / n
        if d_point * math.copysign(1, d_centre) < margin:
            return False
    return True


# ----------------------------------------------------------------------------- engine
def test_engine_pixel_hex_round_trip_both_orientations():
    rng = np.random.default_rng(3)
    for orientation in ("flat", "pointy"):
        grid = HexGrid.plane(orientation)
        for size in (1.0, R, 17.5):
            for q in range(-9, 10):
                for r in range(-9, 10):
                    x, y = axial_to_pixel((q, r), orientation, size)
                    assert grid.center((q, r), size) == (x, y)
                    assert pixel_to_axial(x, y, orientation, size) == (q, r)
                    for cx, cy in hex_corners(orientation, size):  # just inside each corner: the same hex
                        assert grid.at_point(x + 0.98 * cx, y + 0.98 * cy, size) == (q, r)
            xs, ys = rng.uniform(-200, 200, 2000), rng.uniform(-200, 200, 2000)
            qs, rs = pixels_to_axial(xs, ys, orientation, size)
            for x, y, q, r in zip(xs, ys, qs, rs):
                assert pixel_to_axial(x, y, orientation, size) == (q, r)
                cx, cy = axial_to_pixel((q, r), orientation, size)
                # the nearest centre: no neighbour's centre is nearer
                d = math.hypot(x - cx, y - cy)
                assert d <= size * (1 + 1e-9)
                for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
                    nx, ny = axial_to_pixel((q + dq, r + dr), orientation, size)
                    assert d <= math.hypot(x - nx, y - ny) + 1e-9
    with pytest.raises(ValueError):
        pixel_to_axial(0, 0, "round")


def test_cube_round_scalar_and_array_agree():
    rng = np.random.default_rng(5)
    fq, fr = rng.uniform(-30, 30, 5000), rng.uniform(-30, 30, 5000)
    q, r = cube_round_array(fq, fr)
    assert all(cube_round(a, b) == (int(c), int(d)) for a, b, c, d in zip(fq, fr, q, r))


# ------------------------------------------------------------------------------- star
def test_star_picking_round_trip_and_old_rounding():
    lay = star_layout()
    star = star_grid()
    assert len(lay.cells) == 121
    for cell in lay.cells:
        x, z = lay.centre(cell)
        assert lay.at_point(x, z) == cell
        for cx, cz in lay.corners(cell) - (x, z):
            assert lay.at_point(x + 0.97 * cx, z + 0.97 * cz) == cell
        # neighbours and names are the star grid's
        axial = (cell[1] - 8, cell[0] - 8)
        assert sorted((c - 8, r - 8) for r, c in lay.neighbours(cell)) == sorted(star.neighbours(axial))
        assert lay.name(cell) == star.name(axial)
    rng = np.random.default_rng(19)
    x0, z0, x1, z1 = lay.extent()
    xs, zs = rng.uniform(x0 - 1, x1 + 1, 20000), rng.uniform(z0 - 1, z1 + 1, 20000)
    new_r, new_c = lay.cells_at(xs, zs)
    old_r, old_c = old_star_cells_at(lay, xs, zs)
    assert (new_r == old_r).mean() > 0.9995 and (new_c == old_c).mean() > 0.9995
    for x, z, r, c in zip(xs, zs, new_r, new_c):
        cell = (int(r), int(c))
        if lay.contains(cell):
            assert lay.edge_distance(x, z, cell) >= -1e-9  # inside (or on) the picked hexagon
    assert DIRECTIONS == ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0))


# ---------------------------------------------------------------------- 辛亥革命's map
def test_xinhai_map_picking_names_and_old_code():
    g = xinhai_geometry()
    assert len(g.cells) == 400
    for cell in g.cells:
        x, z = g.center(cell)
        assert g.cell_at(x, z) == cell
        assert (x, z) == pytest.approx(old_even_q_center(cell), abs=1e-12)
        for px, pz in g.polygon(cell):
            assert g.cell_at(x + 0.97 * (px - x), z + 0.97 * (pz - z)) == cell
        r, c = cell
        assert g.name(cell) == label((c, g.rows - 1 - r))  # the engine's hex labels, "D-11"
        assert g.parse(g.name(cell)) == cell and g.parse(g.name(cell).lower().replace("-", "")) == cell
    for bad in ("Z-99", "A-0", "11", "", "D-"):
        with pytest.raises(KeyError):
            g.parse(bad)
    rng = np.random.default_rng(29)
    x0, z0, x1, z1 = g.bounds()
    n_checked = 0
    for x, z in zip(rng.uniform(x0 - 1, x1 + 1, 20000), rng.uniform(z0 - 1, z1 + 1, 20000)):
        new, old = g.cell_at(x, z), old_even_q_cell_at(g.cell_set, x, z)
        if new != old:  # only on a seam between two hexes
            cell = new or old
            assert not far_from_seams(g, x, z, cell, 1e-9)
        else:
            n_checked += 1
    assert n_checked > 19990
    # neighbours from the grid: six inside the map, centres one apart
    cell = (10, 7)
    nb = g.neighbours(cell)
    assert len(nb) == 6
    for n in nb:
        assert math.dist(g.center(cell), g.center(n)) == pytest.approx(1.0)
        assert g.distance(cell, n) == 1


# ---------------------------------------------------------- the odd-r demo and the squares
def test_odd_r_hex_picking_and_old_code():
    g = HexGeometry(7, 10)
    for cell in g.cells:
        x, z = g.center(cell)
        assert (x, z) == pytest.approx(old_odd_r_center(cell), abs=1e-12)
        assert g.cell_at(x, z) == cell
        old_poly = [(x + R * math.cos(math.radians(60 * k - 90)), z + R * math.sin(math.radians(60 * k - 90)))
                    for k in range(6)]
        assert np.allclose(g.polygon(cell), old_poly, atol=1e-12)
        assert g.parse(g.name(cell)) == cell
        assert g.shade(cell) == ((cell[1] - (cell[0] - (cell[0] & 1)) // 2) % 3 == 0 and 1 or 0)
    rng = np.random.default_rng(31)
    x0, z0, x1, z1 = g.bounds()
    same = 0
    for x, z in zip(rng.uniform(x0 - 1, x1 + 1, 20000), rng.uniform(z0 - 1, z1 + 1, 20000)):
        new, old = g.cell_at(x, z), old_odd_r_cell_at(g.cell_set, x, z)
        if new == old:
            same += 1
        else:
            assert not far_from_seams(g, x, z, new or old, 1e-9)
    assert same > 19990


@pytest.mark.parametrize("g", [SquareGeometry(10), SquareGeometry(6, 30),
                               CellSetGeometry(17, 17, [(r, c) for r in range(17) for c in range(17)
                                                        if 4 <= r < 13 or 4 <= c < 13])])
def test_square_boards_picking_names_neighbours(g):
    for cell in g.cells:
        x, z = g.center(cell)
        assert g.cell_at(x, z) == cell
        assert g.cell_at(x - 0.49, z + 0.49) == cell
        r, c = cell
        assert g.name(cell) == f"{old_file_name(c)}{g.rows - r}"
        assert g.parse(g.name(cell)) == cell and g.parse(g.name(cell).upper()) == cell
        for n in g.neighbours(cell):
            assert n in g.cell_set and abs(n[0] - r) + abs(n[1] - c) == 1
        assert len(g.neighbours(cell)) == sum((r + dr, c + dc) in g.cell_set
                                              for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    assert g.cell_at(-0.5, 0.5) is None
    with pytest.raises(KeyError):
        g.parse("a0")
    with pytest.raises(KeyError):
        g.parse("zz99")


# ---------------------------------------------- through the cameras: pixel of a centre -> cell
@pytest.mark.parametrize("make", [lambda: SquareGeometry(10), xinhai_geometry, lambda: HexGeometry(7, 10),
                                  lambda: CellSetGeometry(9, 9, [(r, c) for r in range(9) for c in range(9)
                                                                 if 2 <= r < 7 or 3 <= c < 6])])
@pytest.mark.parametrize("pitch,yaw", [(58.0, 0.0), (90.0, 0.0), (45.0, 180.0), (70.0, 33.0)])
def test_gl_board_camera_picks_every_cell_at_its_centre(make, pitch, yaw):
    from types import SimpleNamespace

    from client.render.gl_board import BoardCamera, GLBoardRenderer

    g = make()
    cam = BoardCamera(g.bounds(), pitch=pitch, yaw=yaw)
    cam.set_viewport((1280, 800), (0, 40, 900, 720))
    view = SimpleNamespace(geometry=g, pieces=[])
    px = cam.project([(x, 0.0, z) for x, z in (g.center(c) for c in g.cells)])
    for cell, (x, y, _) in zip(g.cells, px):
        assert GLBoardRenderer.pick(float(x), float(y), view, cam) == cell


@pytest.mark.parametrize("camera", ["top", "strategy"])
def test_star_cameras_pick_every_cell_at_its_centre(camera):
    from client.camera import StrategyCamera, TopDownCamera

    lay = star_layout()
    if camera == "top":
        cam = TopDownCamera(17)
    else:
        cam = StrategyCamera(17, layout=lay)
        cam.rotate(40)
        cam.snap()
    W, H = 1200, 900
    for cell in lay.cells:
        x, z = lay.centre(cell)
        px, py, _ = cam.project([(x, 0.0, z)], W, H)[0]
        o, d = cam.ray(px, py, W, H)
        t = -o[1] / d[1]
        assert lay.at_point(o[0] + d[0] * t, o[2] + d[2] * t) == cell
