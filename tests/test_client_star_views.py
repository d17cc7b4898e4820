"""The star board (S19a) in the flat renderer, the minimap and the cameras: hex cells drawn and picked
where the layout puts them, the fog per hex, the camera centred on a hex and fitted to the star."""
import numpy as np
import pygame
import pytest

from client.render.base import PLAYER_COLOURS, UnitMark, Y_SCALE
from client.render.hex_layout import NORMALS, star_layout, star_mask
from tests.star_util import star_frame, star_heights


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    yield


def _flat(w=900, h=800):
    from client.render.flat import FlatCamera, FlatRenderer

    r = FlatRenderer(w, h)
    cam = FlatCamera(17, w, h)
    cam.layout = star_layout()
    cam.home()
    cam.snap()
    return r, cam


def test_flat_pick_every_star_cell_and_near_its_sides():
    lay = star_layout()
    r, cam = _flat()
    f = star_frame(star_heights())
    r.draw(f, cam)
    for cell in lay.cells:
        x, z = lay.centre(cell)
        assert r.pick(*cam.to_screen(x, z), f, cam) == cell
        for nx, nz in NORMALS:
            assert r.pick(*cam.to_screen(x + nx * 0.4, z + nz * 0.4), f, cam) == cell
    assert r.pick(*cam.to_screen(13.0, 2.0), f, cam) is None  # between the N and NE points


def test_flat_fog_per_hex_and_soldier_colour():
    """Seen cells lit, explored dim, unexplored the dark slate, each to its hexagon's sides; a soldier
    drawn in its player's colour on its hex; off the star nothing is drawn."""
    from client.render.flat import UNEXPLORED

    lay = star_layout()
    r, cam = _flat()
    flat = np.where(star_mask(), 2, -1).astype(np.int16)
    exp = star_mask() & (np.arange(17)[:, None] <= 12)
    vis = exp & (np.arange(17)[None, :] <= 8)
    f = star_frame(flat, [UnitMark((10, 4), 1, 1, "enemy")], visible=vis, explored=exp)
    r.surface.fill((1, 2, 3))
    r.draw(f, cam)
    img = r.screenshot().astype(int)

    def px(cell, dx=0.0, dz=0.0):
        x, z = lay.centre(cell)
        sx, sy = cam.to_screen(x + dx, z + dz)
        return img[int(sy), int(sx)]

    lit, fogged, dark = px((8, 8)), px((8, 9)), px((13, 6))
    assert lit.sum() > 1.8 * fogged.sum()
    assert np.abs(dark - UNEXPLORED).max() <= 2
    for cell, ref in (((8, 8), lit), ((8, 9), fogged)):
        for nx, nz in NORMALS:
            assert np.abs(px(cell, nx * 0.4, nz * 0.4) - ref).max() <= 2
    x, z = lay.centre((10, 4))
    sx, sy = cam.to_screen(x, z)
    col = img[int(sy), int(sx) - 4]
    assert np.abs(col - np.array(PLAYER_COLOURS[1]) * 255).max() < 40
    sx, sy = cam.to_screen(13.0, 2.0)
    assert tuple(img[int(sy), int(sx)]) == (1, 2, 3)


def test_minimap_draws_hexes_and_clicks_pick_the_cell():
    from client.ui.minimap import Minimap, clip_box

    lay = star_layout()
    m = Minimap(17, 170, layout=lay)
    f = star_frame(star_heights(), [UnitMark((0, 12), 0, 1, "ready")])
    surf = pygame.Surface((300, 300))
    m.draw(surf, (10, 10), f, [(-5.0, -5.0), (30.0, -5.0), (30.0, 8.0), (-5.0, 8.0)])
    k = 170 / 17
    for cell in lay.cells:
        x, z = lay.centre(cell)
        assert m.cell_at((10 + x * k, 10 + z * k)) == cell
    # a click off the star (between the N and NE points) picks the nearest cell
    near = min(lay.cells, key=lambda c: np.hypot(lay.centre(c)[0] - 13.0, lay.centre(c)[1] - 1.0))
    assert lay.at_point(13.0, 1.0) is None and m.cell_at((10 + 13.0 * k, 10 + 1.0 * k)) == near
    assert m.cell_at((0, 0)) is None
    # the red soldier's square where the north tip is
    x, z = lay.centre((0, 12))
    assert tuple(surf.get_at((int(10 + x * k), int(10 + z * k))))[:3] == tuple(
        int(v * 255) for v in PLAYER_COLOURS[0])
    clipped = clip_box([(-5, -5), (30, -5), (30, 8), (-5, 8)], 17)
    assert sorted(set(clipped)) == [(0.0, 0.0), (0.0, 8.0), (17.0, 0.0), (17.0, 8.0)]


def test_star_minimap_turns_with_the_camera_and_marks_north_and_the_eye():
    """Review defect 2: the star's minimap turned with the camera (screen up = minimap up)."""
    from client.camera import StrategyCamera
    from client.ui.minimap import NORTH_RGB, Minimap

    lay = star_layout()
    m = Minimap(17, 170, layout=lay)
    north_tip, south_tip = (0, 12), (16, 4)
    f = star_frame(star_heights(), [UnitMark(north_tip, 0, 1, "ready")])
    cam = StrategyCamera(17)
    cam.set_layout(lay)
    cam.rotate(180.0)  # P1 of a 2-player game sits at the north point and looks south (own soldiers below)
    cam.snap()
    surf = pygame.Surface((300, 300))
    m.draw(surf, (10, 10), f, cam.footprint(16 / 9), yaw=cam.yaw)
    k = 170 / 17
    # the north tip is at the bottom of the turned minimap, the south tip at the top: as on the screen
    (nx, ny), (sx, sy) = m.to_map(*lay.centre(north_tip)), m.to_map(*lay.centre(south_tip))
    assert ny > 150 and sy < 20
    assert (nx, ny) == pytest.approx((170 - lay.centre(north_tip)[0] * k, 170 - lay.centre(north_tip)[1] * k))
    # the screen's up direction on the ground is the minimap's up direction at any yaw
    for yaw in (0.0, 37.0, 90.0, 180.0, 291.0):
        cam.rotate(yaw - cam.yaw)
        cam.snap()
        m.yaw = yaw
        (fx, fz), _ = cam._axes()
        a, b = m.to_map(8.5, 8.5), m.to_map(8.5 + fx, 8.5 + fz)
        assert (b[0] - a[0], b[1] - a[1]) == pytest.approx((0.0, -k), abs=1e-9)
    m.draw(surf, (10, 10), f, cam.footprint(16 / 9), yaw=180.0)
    # the red soldier on the north tip is drawn where the turned map puts it
    x, y = m.to_map(*lay.centre(north_tip))
    assert tuple(surf.get_at((int(10 + x), int(10 + y))))[:3] == tuple(int(v * 255) for v in PLAYER_COLOURS[0])
    # clicks go back through the turn: every cell is picked at its turned centre
    for cell in lay.cells:
        x, y = m.to_map(*lay.centre(cell))
        assert m.cell_at((10 + x, 10 + y)) == cell
    # the compass needle (red) points down when the camera looks south, up when it looks north
    for yaw, down in ((180.0, True), (0.0, False)):
        surf.fill((0, 0, 0))
        m.draw(surf, (10, 10), f, None, yaw=yaw)
        red = [y for x in range(130, 180) for y in range(10, 60) if tuple(surf.get_at((x, y)))[:3] == NORTH_RGB]
        assert red and ((min(red) >= 34) if down else (max(red) <= 34))  # the compass centre: y = 10 + 24
    # first person: a yellow eye dot where the soldier stands
    m.draw(surf, (10, 10), f, None, yaw=90.0, eye=lay.centre((8, 8)))
    x, y = m.to_map(*lay.centre((8, 8)))
    assert tuple(surf.get_at((int(10 + x), int(10 + y))))[:3] == (255, 230, 60)


def test_cameras_centre_on_hex_cells_and_fit_the_star():
    from client.camera import FirstPersonCamera, StrategyCamera, project

    lay = star_layout()
    cam = StrategyCamera(17)
    cam.set_layout(lay)
    assert cam.pitch_far == 52.0  # the star is seen tilted even fully zoomed out
    for cell in ((0, 12), (8, 8), (16, 4), (12, 12), (4, 16)):  # the N, centre, S, SE and NE tips
        assert lay.contains(cell)
        cam.jump_to(cell)
        cam.snap()
        assert cam.target == pytest.approx(lay.centre(cell))
    # fitted to the star's box, every corner of it is in the picture
    x0, z0, x1, z1 = lay.extent()
    pts = [(x, y, z) for x in (x0, x1) for z in (z0, z1) for y in (0.0, 2.0)]
    cam.fit(pts, 16 / 9)
    cam.snap()
    view, proj = cam.matrices(16 / 9)
    p = project(view, proj, 1600, 900, pts)
    assert (p[:, 0] >= -1).all() and (p[:, 0] <= 1601).all() and (p[:, 1] >= -1).all() and (p[:, 1] <= 901).all()
    # first person: the eye over the hex's centre at (terrain + soldiers) levels (S6, S19f)
    fp = FirstPersonCamera(layout=lay)
    fp.set_eye((3, 10), 5)
    x, z = lay.centre((3, 10))
    assert fp.eye() == pytest.approx((x, 5 * Y_SCALE, z))
    fp.look_at_cell((13, 4), 0)
    d = fp.direction()
    tx, tz = lay.centre((13, 4))
    assert d[0] * (tz - z) - d[2] * (tx - x) == pytest.approx(0.0, abs=1e-9)  # faces the cell
    assert d[0] * (tx - x) + d[2] * (tz - z) > 0


def test_start_screen_preview_of_a_hex_board():
    """The star's map preview: each hexagon in its terrain colour, spawns as dots of the player's colour."""
    from client.render.flat import player_rgb, terrain_rgb
    from client.render.flat_hex import hex_preview

    lay = star_layout()
    h = star_heights(2)
    img = hex_preview(h, lay, [[(0, 12)], [(16, 4)]], 256)
    rgb = terrain_rgb(h)
    k = 256 / 17
    for cell in lay.cells[1::5]:
        x, z = lay.centre(cell)
        if cell in ((0, 12), (16, 4)):
            continue
        assert tuple(img.get_at((int(x * k + 0.5) + 3, int(z * k + 0.5))))[:3] == tuple(int(v) for v in rgb[cell])
    for p, cell in enumerate(((0, 12), (16, 4))):
        x, z = lay.centre(cell)
        assert tuple(img.get_at((round(x * k), round(z * k))))[:3] == player_rgb(p)
    assert tuple(img.get_at((250, 5)))[:3] == (14, 15, 18)  # off the star
