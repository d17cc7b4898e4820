"""The star board (S19a) in the renderers: hex layout geometry, the hex column mesh, exact picking of
every cell, the fog on hex cells (GL on a headless EGL context)."""
import math

import numpy as np
import pytest

from client.render.base import PLAYER_COLOURS, Frame, Overlays, UnitMark, Y_SCALE
from client.render.gl_terrain import BASE_LEVELS, HEX_BOTTOM, build_hex_mesh, hex_mesh_stats
from client.render.hex_layout import APOTHEM, DIRECTIONS, NORMALS, RADIUS, star_layout, star_mask
from engine.grids.star import star_grid
from tests.star_util import star_frame, star_heights


# ------------------------------------------------------------------ layout
def test_star_layout_matches_the_engine_grid():
    lay = star_layout()
    g = star_grid()
    assert len(lay.cells) == 121 == len(g.cells())
    assert {(r - 8, c - 8)[::-1] for r, c in lay.cells} == set(g.cells())
    assert lay.name((8, 8)) == "i5" and lay.name((0, 12)) == "a1" and lay.name((16, 4)) == "q1"
    # neighbours are exactly 1 apart, the centre cell sits where the square cell (8, 8) would
    assert lay.centre((8, 8)) == pytest.approx((8.5, 8.5))
    for cell in lay.cells:
        x, z = lay.centre(cell)
        assert len(lay.neighbours(cell)) == len(g.neighbours((cell[1] - 8, cell[0] - 8)))
        for nb in lay.neighbours(cell):
            nx, nz = lay.centre(nb)
            assert math.hypot(nx - x, nz - z) == pytest.approx(1.0)
    x0, z0, x1, z1 = lay.extent()
    assert 0 <= x0 < x1 <= 17 and 0 <= z0 < z1 <= 17  # inside the square box the cameras fit


def test_cell_at_a_ground_point_is_exact():
    """Points just inside every side and corner of every hexagon belong to that cell; just outside,
    to the neighbour across (or to no cell off the star)."""
    lay = star_layout()
    for cell in lay.cells:
        x, z = lay.centre(cell)
        assert lay.at_point(x, z) == cell
        for k, (dr, dc) in enumerate(DIRECTIONS):
            nx, nz = NORMALS[k]
            assert lay.at_point(x + nx * (APOTHEM - 1e-6), z + nz * (APOTHEM - 1e-6)) == cell
            across = (cell[0] + dr, cell[1] + dc)
            got = lay.at_point(x + nx * (APOTHEM + 1e-6), z + nz * (APOTHEM + 1e-6))
            assert got == (across if lay.contains(across) else None)
        for cx, cz in lay.corners(cell):
            # 99.9 % of the way to a corner is still inside
            assert lay.at_point(x + (cx - x) * 0.999, z + (cz - z) * 0.999) == cell
            assert lay.edge_distance(cx, cz, cell) == pytest.approx(0.0, abs=1e-12)
        assert math.hypot(*(lay.corners(cell)[0] - (x, z))) == pytest.approx(RADIUS)


# -------------------------------------------------------------------- mesh
def test_hex_mesh_counts_against_brute_force():
    lay = star_layout()
    h = star_heights()
    verts, idx, info = build_hex_mesh(h, lay)
    st = hex_mesh_stats(verts)
    # brute force: a wall wherever a neighbour is lower or off the star
    walls = 0
    for r, c in lay.cells:
        for dr, dc in DIRECTIONS:
            nb = (r + dr, c + dc)
            if not lay.contains(nb) or h[nb] < h[r, c]:
                walls += 1
    assert st["top_quads"] == 2 * 121 == info["tops"]
    assert st["bottom_quads"] == 2 * 121
    assert st["wall_quads"] == walls
    assert st["cells"] == 121
    assert st["vertices"] == 4 * st["quads"] and len(idx) == 6 * st["quads"]
    # tops come first, at the cell's height; each cell's two top quads cover its hexagon
    q = verts.reshape(-1, 4, 4)
    code = np.rint(q[:, 0, 3]).astype(int)
    assert (code[:info["tops"]] % 8 == 0).all()
    for i in range(info["tops"]):
        r, c = divmod(code[i] // 8, 17)
        assert np.allclose(q[i, :, 1], h[r, c] * Y_SCALE)
    area = {}
    for i in range(info["tops"]):
        x = q[i, :, 0].astype(np.float64) - q[i, 0, 0]  # (float32 corners ~15 from the origin)
        z = q[i, :, 2].astype(np.float64) - q[i, 0, 2]
        a = 0.5 * abs(np.dot(x, np.roll(z, -1)) - np.dot(z, np.roll(x, -1)))
        area[code[i]] = area.get(code[i], 0.0) + a
    hexagon = 3 * math.sqrt(3) / 2 * RADIUS ** 2
    assert all(v == pytest.approx(hexagon, rel=1e-5) for v in area.values()), (hexagon, set(area.values()))


def test_hex_mesh_faces_outward_and_walls_span_the_drop():
    lay = star_layout()
    h = star_heights(5)
    verts, _idx, _info = build_hex_mesh(h, lay)
    q = verts.reshape(-1, 4, 4).astype(np.float64)
    code = np.rint(q[:, 0, 3]).astype(int)
    face = code % 8
    normal = np.cross(q[:, 1, :3] - q[:, 0, :3], q[:, 2, :3] - q[:, 0, :3])
    assert (normal[face == 0][:, 1] > 0).all()
    assert (normal[face == HEX_BOTTOM][:, 1] < 0).all()
    for i in np.flatnonzero((face >= 1) & (face <= 6)):
        k = face[i] - 1
        r, c = divmod(code[i] // 8, 17)
        nx, nz = NORMALS[k]
        assert normal[i, 0] * nx + normal[i, 2] * nz > 0  # counter-clockwise seen from outside
        nb = (r + DIRECTIONS[k][0], c + DIRECTIONS[k][1])
        lo = h[nb] * Y_SCALE if lay.contains(nb) else -BASE_LEVELS * Y_SCALE
        assert q[i, :, 1].min() == pytest.approx(lo) and q[i, :, 1].max() == pytest.approx(h[r, c] * Y_SCALE)
        # the wall lies on the side facing that neighbour
        x, z = lay.centre((r, c))
        mid = q[i, :, [0, 2]].mean(axis=1)
        assert (mid[0] - x) * nx + (mid[1] - z) * nz == pytest.approx(APOTHEM)


# ---------------------------------------------------------------- picking
def _march(lay, tops, o, d, base, step=0.002, t_max=60.0):
    """Brute force: sample the ray every ``step``; the first sample inside a column (vectorised)."""
    t = np.arange(0.0, t_max, step)
    p = o[None, :] + d[None, :] * t[:, None]
    r, c = lay.cells_at(p[:, 0], p[:, 2])
    ok = (r >= 0) & (r < 17) & (c >= 0) & (c < 17)
    ok[ok] = lay.mask[r[ok], c[ok]]
    top = np.full(len(t), -np.inf)
    top[ok] = tops[r[ok], c[ok]]
    inside = ok & (p[:, 1] >= base) & (p[:, 1] <= top)
    if not inside.any():
        return None
    i = int(np.argmax(inside))
    return (int(r[i]), int(c[i])), float(t[i])


def test_ray_hit_agrees_with_brute_force():
    lay = star_layout()
    h = np.maximum(star_heights(7), 0) * Y_SCALE
    base = -BASE_LEVELS * Y_SCALE
    rng = np.random.default_rng(1)
    eye = np.array([8.5, 6.0, 21.0])
    agree = hits = 0
    for _ in range(60):
        target = np.array([rng.uniform(1, 16), 0.0, rng.uniform(1, 16)])
        d = target - eye
        d /= np.linalg.norm(d)
        exact = lay.ray_hit(h, eye, d, base)
        brute = _march(lay, h, eye, d, base)
        assert (exact is None) == (brute is None)
        if exact is None:
            continue
        hits += 1
        assert exact[1] <= brute[1] + 1e-9 and brute[1] - exact[1] < 0.01
        if exact[0] == brute[0]:
            agree += 1
        else:  # only where the ray grazes a side within the march's step
            p = eye + d * exact[1]
            assert abs(lay.edge_distance(p[0], p[2], exact[0])) < 0.01
    assert hits >= 40 and agree >= hits - 2


moderngl = pytest.importorskip("moderngl")


@pytest.fixture(scope="module")
def renderer(ctx):
    from client.render.gl import GLRenderer

    return GLRenderer(ctx, 720, 720)


def _px(renderer, cam, point):
    from client.camera import project

    view, proj = cam.matrices(renderer.width / renderer.height)
    x, y, _ = project(view, proj, renderer.width, renderer.height, [point])[0]
    return int(x), int(y)


def _tilted():
    from client.camera import StrategyCamera

    cam = StrategyCamera(17)
    cam.set_distance(14.0)
    cam.rotate(20.0)
    cam.snap()
    return cam


def test_pick_every_star_cell(renderer):
    """Every one of the 121 cells is picked at its projected top centre and near each of its six
    sides, seen from above and tilted, with one-soldier stacks standing on some cells (S19b)."""
    from client.camera import TopDownCamera, pixel_ray

    lay = star_layout()
    h = star_heights()
    units = [UnitMark(c, i % 2, 1, "ready") for i, c in enumerate(lay.cells[::7])]
    counts = {u.cell: u.count for u in units}
    f = star_frame(h, units)
    top_cam = TopDownCamera(17)
    seen = 0
    for cam in (top_cam, _tilted()):
        renderer.draw(f, cam)
        view, proj = cam.matrices(1.0)
        for cell in lay.cells:
            x, z = lay.centre(cell)
            y = (h[cell] + counts.get(cell, 0)) * Y_SCALE
            px = _px(renderer, cam, (x, y, z))
            if cam is top_cam:
                assert renderer.pick(*px, f, cam) == cell
            else:  # tilted: a taller column in front may hide the cell; the brute-force march decides
                o, d = pixel_ray(view, proj, renderer.width, renderer.height, *px)
                tops = np.maximum(h, 0).astype(np.float64)
                for u in units:
                    tops[u.cell] += u.count
                want = _march(lay, tops * Y_SCALE, o, d, -BASE_LEVELS * Y_SCALE, t_max=40.0)
                assert renderer.pick(*px, f, cam) == want[0]
                seen += want[0] == cell
    assert seen >= 90  # most top centres are in sight from the tilted camera
    # top-down: near every side of every hexagon (0.38 of the 0.5 apothem out)
    for cell in lay.cells:
        x, z = lay.centre(cell)
        for nx, nz in NORMALS:
            p = (x + nx * 0.38, h[cell] * Y_SCALE, z + nz * 0.38)
            assert renderer.pick(*_px(renderer, top_cam, p), f, top_cam) == cell
    # off the star: between the north and north-east points, and the screen's corner
    assert renderer.pick(*_px(renderer, top_cam, (13.0, 0.0, 2.0)), f, top_cam) is None
    assert renderer.pick(1, 1, f, top_cam) is None


def test_hex_columns_drawn_and_fog_exact_per_hex(renderer):
    """Lit cells full colour and fogged cells dim, each edge to edge of its hexagon (nothing bleeds
    across a side); unexplored cells a dark slate; off the star the background; a soldier's colour
    where it stands."""
    from client.camera import TopDownCamera
    from client.render.gl import BACKGROUND

    lay = star_layout()
    flat = np.where(star_mask(), 0, -1).astype(np.int16)
    exp = star_mask() & (np.arange(17)[:, None] <= 12)  # rows up to l explored
    vis = exp & (np.arange(17)[None, :] <= 8)  # columns (q) up to the centre in sight
    cam = TopDownCamera(17)
    f = star_frame(flat, [UnitMark((8, 4), 2, 1, "enemy")], visible=vis, explored=exp)
    renderer.draw(f, cam)
    img = renderer.screenshot().astype(int)

    def lum_at(p):
        rgb = img[p[1], p[0]]
        return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]

    lit, fogged, dark = (8, 8), (8, 9), (13, 6)
    assert star_mask()[dark] and not vis[dark] and not exp[dark]
    def ground(cell):
        x, z = lay.centre(cell)
        return _px(renderer, cam, (x, 0.0, z))

    l_lit, l_fog, l_dark = lum_at(ground(lit)), lum_at(ground(fogged)), lum_at(ground(dark))
    assert l_lit > 1.8 * l_fog and l_fog > l_dark
    # each cell keeps its own state up to 0.42 of the 0.5 apothem, towards every side
    for cell, ref in ((lit, l_lit), (fogged, l_fog)):
        x, z = lay.centre(cell)
        for nx, nz in NORMALS:
            assert abs(lum_at(_px(renderer, cam, (x + nx * 0.42, 0.0, z + nz * 0.42))) - ref) <= 4
    # off the star: the background
    bg = np.array(BACKGROUND) * 255
    assert np.abs(img[_px(renderer, cam, (13.0, 0.0, 2.0))[::-1]] - bg).max() <= 3
    # the enemy soldier's colour on its cell
    x, z = lay.centre((8, 4))
    rgb = img[_px(renderer, cam, (x, Y_SCALE, z - 0.2))[::-1]]
    assert np.abs(rgb - np.array(PLAYER_COLOURS[2]) * 255).max() < 90


def test_one_renderer_switches_between_square_and_hex_boards(ctx, renderer):
    """A renderer that drew the star, then a square map, then the star again gives the same pictures as
    fresh renderers (the mesh, the programs and the per-cell textures follow Frame.layout)."""
    from client.camera import TopDownCamera
    from client.render.gl import GLRenderer

    star = star_frame(star_heights(9), [UnitMark((8, 8), 0, 1)])
    sq_h = (np.arange(64).reshape(8, 8) % 5).astype(np.int16)
    square = Frame(sq_h, np.ones((8, 8), bool), np.ones((8, 8), bool), [UnitMark((3, 3), 1, 2)],
                   Overlays(show_counts=False))
    pics = []
    for f, n in ((star, 17), (square, 8), (star, 17)):
        renderer.draw(f, TopDownCamera(n))
        pics.append(renderer.screenshot())
    for f, n, got in ((star, 17, pics[0]), (square, 8, pics[1]), (star, 17, pics[2])):
        fresh = GLRenderer(ctx, renderer.width, renderer.height)
        fresh.draw(f, TopDownCamera(n))
        assert np.array_equal(fresh.screenshot(), got)


def test_step_costs_and_heights_do_not_cover_each_other_on_the_star(renderer):
    """The star's small hexagons carry both a reachable cell's step cost and its height number: they sit
    side by side along the screen's x (the camera's right vector), so no two of the labels overlap, at
    any yaw (the rectangles from each label's size: digits about 0.55 of the label's height wide, as the font's)."""
    from client.camera import StrategyCamera
    from client.render.base import Overlays

    lay = star_layout()
    h = np.where(star_mask(), 3, -1).astype(np.int16)
    reach = {c: 1 + (abs(c[0] - 8) + abs(c[1] - 8)) % 2 for c in lay.cells if lay.contains(c)
             and abs(c[0] - 8) <= 2 and abs(c[1] - 8) <= 2}
    f = star_frame(h, overlays=Overlays(show_counts=False, show_heights=True, reachable=reach))
    renderer.load_board(h.shape)
    for yaw in (0.0, 35.0, 90.0, 180.0, 250.0):
        cam = StrategyCamera(17)
        cam.set_layout(lay)
        cam.set_distance(9.0)
        cam.jump_to((8, 8))
        cam.rotate(yaw)
        cam.snap()
        view, proj = cam.matrices(1.0)
        items = renderer._labels(f, np.maximum(h, 0), view, proj, [])
        rects = []
        for x, y, text, px, *_ in items:
            w = 0.55 * px * len(text)
            rects.append((x - w / 2 + 1, y - px / 2 + 1, x + w / 2 - 1, y + px / 2 - 1, text))
        costs = [r for r in rects if r[4] != "3"]
        assert len(costs) == len(reach) and len(rects) >= 2 * len(reach)
        for i, a in enumerate(rects):
            for b in rects[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (yaw, a, b)
    # a hex under the sight line's S5 numbers shows them, not a step cost beneath them
    row = {"cell": (8, 8), "a": 1, "b": 1, "x": 4, "y": 3, "z": 4, "lhs": 6, "rhs": 8, "blocks": False}
    ov = Overlays(show_counts=False, show_heights=True, reachable=reach, sight_src=(8, 7), sight_dst=(8, 9),
                  sight_cells=[row], sight_numbers=True)
    items = renderer._labels(star_frame(h, overlays=ov), np.maximum(h, 0), view, proj, [])
    assert len([i for i in items if i[2] in ("1", "2")]) == len(reach) - 1
