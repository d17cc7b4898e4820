"""Session 10, flight (issue 27 point 2): what a moving pointer costs. The controller keeps the overlays that do not
depend on the hovered cell apart (a hover change only adds the hover, sight line and preview); the renderer bakes
only the box of cells whose per-cell inputs changed. Each kept or partial result must equal what a fresh one makes."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from client.games.shachang.controller import Controller
from client.render.base import Frame, Overlays
from engine import registry
from engine.shachang.actions import March


def _overlay_fields(o: Overlays) -> dict:
    out = {}
    for f in dataclasses.fields(o):
        v = getattr(o, f.name)
        out[f.name] = v.tolist() if isinstance(v, np.ndarray) else v
    return out


def _game(preset="standard", seed=3):
    return registry.get("shachang").new_game(preset=preset, mode="digital", players=2, seed=seed)


@pytest.mark.parametrize("preview", [False, True])
def test_overlays_after_hover_moves_equal_a_fresh_controllers(preview):
    game = _game()
    ctl = Controller(game, [True, False])
    own = ctl.obs.own_units()
    assert own
    ctl.select(own[0].cell)
    ctl.preview = preview
    h, w = ctl.obs.heights.shape
    rng = np.random.default_rng(1)
    base_builds = 0
    for i in range(12):
        ctl.hover = (int(rng.integers(0, h)), int(rng.integers(0, w))) if i % 4 else None
        ctl.see_through = ((1, 1),) if i % 3 == 0 else ()
        before = ctl._ov_base
        got = ctl.overlays()
        base_builds += ctl._ov_base is not before
        fresh = Controller(game, [True, False])
        fresh.select(ctl.selected)
        fresh.preview, fresh.hover, fresh.see_through = preview, ctl.hover, ctl.see_through
        assert _overlay_fields(got) == _overlay_fields(fresh.overlays())
        assert ctl.frame().units == fresh.frame().units and ctl.frame().ghosts == fresh.frame().ghosts
    assert base_builds == 1  # the reach, targets and attack area were worked out once for twelve hovers
    ctl.select(None)  # a selection change rebuilds them
    assert ctl.overlays().reachable == {} and ctl.overlays().attack_area is None


def test_the_kept_overlays_follow_a_played_move():
    game = _game()
    ctl = Controller(game, [True, True])
    u = ctl.obs.own_units()[0]
    ctl.select(u.cell)
    ctl.hover = (0, 0)
    reach = ctl.overlays().reachable
    assert reach
    dst = max(reach, key=reach.get)
    v = ctl.version
    ctl.try_apply(March(u.cell, dst, 1))
    assert ctl.version == v + 1  # the march was played
    ctl.hover = (1, 1)
    fresh = Controller(game, [True, True])
    fresh.viewer = ctl.viewer
    fresh.select(ctl.selected)
    fresh.hover = ctl.hover
    assert _overlay_fields(ctl.overlays()) == _overlay_fields(fresh.overlays())
    assert ctl.frame().units == fresh.frame().units


def test_partial_bakes_of_moving_overlays_equal_a_full_bake():
    """The per-cell texture after hover, sight line and preview changes (baked only in the changed box) equals a
    fresh renderer's full bake, texel for texel, and so does the picture."""
    pytest.importorskip("moderngl")
    from client.render.gl import GLRenderer
    from tests.gl_util import egl_context, fogged_map, mesh_view

    ctx = egl_context()
    heights, rr, cc, explored, visible = fogged_map(7)
    hts = np.where(explored, heights, -1)
    base = Overlays(selected=(30, 30), reachable={(30, c): 1 for c in range(25, 36)},
                    attack_area=(np.abs(rr - 30) + np.abs(cc - 30) < 5))
    cam, r = mesh_view(ctx, 64, 30, (34, 34))
    frames = [Frame(hts, visible, explored, [], base, fog=True, version=("v", 0))]
    for i, hover in enumerate([(31, 33), (40, 12), (5, 60), None, (31, 34)]):
        ov = dataclasses.replace(base, hover=hover)
        if hover is not None and i % 2:
            ov.sight_src, ov.sight_dst = (30, 30), hover
            ov.sight_block = (30, 31)
        if i == 2:
            ov.vision = np.abs(rr - 10) + np.abs(cc - 10) < 6
        frames.append(Frame(hts, visible, explored, [], ov, fog=True, version=("v", i + 1)))
    for f in frames:
        r.draw(f, cam)
        fresh = GLRenderer(ctx, 320, 200)
        fresh.lod = "mesh"
        fresh.draw(f, cam)
        assert r.t_cell.read() == fresh.t_cell.read()
        assert r.t_tint.read() == fresh.t_tint.read()
        assert np.array_equal(r._cell_words, fresh._cell_words)
        assert np.array_equal(r.screenshot(), fresh.screenshot())


def test_the_footprints_rays_converted_once_equal_one_by_one():
    from client.camera import StrategyCamera, glm, pixel_ray, pixel_rays, to_glm

    cam = StrategyCamera(64)
    cam.set_distance(20)
    cam.rotate(33)
    cam.snap()
    view, proj = cam.matrices(16 / 9)
    pts = [(0, 720), (1280, 720), (1280, 0), (0, 0), (613.5, 211.25)]
    for (o, d), (x, y) in zip(pixel_rays(view, proj, 1280, 720, pts), pts):
        # the ray as pixel_ray worked it out before (the matrices converted for each ray)
        vp = glm.dvec4(0.0, 0.0, 1280.0, 720.0)
        a = np.array(glm.unProject(glm.dvec3(float(x), 720.0 - y, 0.0), to_glm(view), to_glm(proj), vp), np.float64)
        b = np.array(glm.unProject(glm.dvec3(float(x), 720.0 - y, 1.0), to_glm(view), to_glm(proj), vp), np.float64)
        want = (b - a) / float(np.linalg.norm(b - a))
        assert o.tobytes() == a.tobytes() and d.tobytes() == want.tobytes()
        o1, d1 = pixel_ray(view, proj, 1280, 720, x, y)
        assert o.tobytes() == o1.tobytes() and d.tobytes() == d1.tobytes()
    corners = cam.footprint(16 / 9)
    assert len(corners) == 4 and len(set(corners)) == 4
