"""What the client draws about a star position (engine.shachang.hex_overlays, S19a/S19e/S19f), checked against
brute force on the hex geometry of the client (client/render/hex_layout.py): ranges by breadth-first
search over neighbours, sight lines by the nearest hex centres of points on the straight line."""
from dataclasses import dataclass

import numpy as np
import pytest

from client.render.hex_layout import star_layout, star_mask
from engine.shachang import hex_overlays as hx
from tests.grid_util import bfs


@dataclass
class Soldier:
    cell: tuple
    owner: int
    count: int = 1


@dataclass
class FakeObs:
    """The fields of a star observation the overlay facts read."""

    heights: np.ndarray
    explored: np.ndarray
    mask: np.ndarray
    units: list
    player: int = 0
    mode: str = "digital"

    def unit_at(self, cell):
        return next((u for u in self.units if u.cell == tuple(cell)), None)


def test_attack_area_is_the_hex_ball_by_breadth_first_search():
    """S19a/S19e: the cells within range are those a BFS over hex neighbours reaches in that many steps."""
    lay = star_layout()
    for src in ((8, 8), (0, 12), (4, 4), (12, 12), (10, 6)):
        dist = bfs(lay, src)
        for rng in (1, 2, 3, 4):
            want = np.zeros((17, 17), bool)
            for c, d in dist.items():
                want[c] = d <= rng
            assert (hx.attack_area(star_mask(), src, rng) == want).all()
    assert hx.blocked_targets((8, 8), 2, [(8, 10), (6, 8), (8, 11), (10, 7)], [(8, 10)]) == [(6, 8), (10, 7)]
    ghosts = hx.ghost_area(star_mask(), [((8, 8), 1), ((0, 12), 1)])
    assert ghosts.sum() == 7 + 3  # the centre's six neighbours, the north tip's two


def _brute_line(lay, heights, a, b):
    """Cells of a→b: at each level the cell nearest to the point on the straight line (world centres;
    a line between two points of the star may pass cells off it, which count as height 0), the lower
    of two on a seam (S19f); None where the two on a seam are equally high."""
    ax, az = lay.centre(a)
    bx, bz = lay.centre(b)
    n = hx.steps(a, b)
    heights = np.maximum(heights, 0)
    every = [(r, c) for r in range(17) for c in range(17)]
    out = []
    for k in range(1, n):
        px, pz = ax + (bx - ax) * k / n, az + (bz - az) * k / n
        d = {c: (lay.centre(c)[0] - px) ** 2 + (lay.centre(c)[1] - pz) ** 2 for c in every}
        best = min(d.values())
        near = [c for c, v in d.items() if v - best < 1e-9]
        assert len(near) in (1, 2)
        if len(near) == 2 and heights[near[0]] == heights[near[1]]:
            out.append(None)
        else:
            out.append(min(near, key=lambda c: heights[c]))
    return out


def test_sight_rows_follow_the_straight_line_and_the_lower_seam_cell():
    lay = star_layout()
    rng = np.random.default_rng(4)
    heights = np.where(star_mask(), rng.integers(0, 7, (17, 17)), -1)
    obs = FakeObs(heights, star_mask(), star_mask(), [])
    pairs = 0
    for a in lay.cells[::3]:
        for b in lay.cells:
            if a == b or hx.steps(a, b) > 5:
                continue
            obs.units = [Soldier(a, 0), Soldier(b, 1)]
            panel = hx.sight_panel(obs, a, b, 3)
            got = [r["cell"] for r in panel["rows"]]
            want = _brute_line(lay, heights, a, b)
            assert len(got) == len(want)
            assert all(w is None or g == w for g, w in zip(got, want)), (a, b)
            pairs += 1
    assert pairs > 500


def test_sight_panel_seam_rule_heights_and_fog():
    """S19f: i5 → j7 runs along the seam of i6 and j6; the lower of the two is checked. Soldiers stand
    at terrain + 1; an unexplored cell on the line is marked unknown and does not block."""
    src, dst = (8, 8), (9, 9)
    seam = sorted([(8, 9), (9, 8)])
    lay = star_layout()
    assert sorted(n for n in lay.neighbours(src) if n in lay.neighbours(dst)) == seam  # the seam's two cells
    assert (lay.name(src), lay.name(dst), lay.name(seam[0]), lay.name(seam[1])) == ("i5", "j7", "i6", "j6")
    h = np.where(star_mask(), 0, -1)
    h[src], h[dst] = 1, 2
    for low, high in ((seam[0], seam[1]), (seam[1], seam[0])):
        h[low], h[high] = 2, 6
        obs = FakeObs(h.copy(), star_mask(), star_mask(), [Soldier(src, 0), Soldier(dst, 1)])
        p = hx.sight_panel(obs, src, dst, 2)
        (row,) = p["rows"]
        assert row["cell"] == low and row["y"] == 2
        assert (row["z"], row["x"], row["a"], row["b"]) == (2, 3, 1, 1)  # terrain + 1 (S19f)
        assert row["lhs"] == 4 and row["rhs"] == 5 and not row["blocks"] and p["block"] is None
        assert p["steps"] == 2 and p["in_range"]
    h[seam[0]] = h[seam[1]] = 3  # both seam cells at 3: (1+1)·3 = 6 >= 2 + 3 blocks
    obs = FakeObs(h.copy(), star_mask(), star_mask(), [Soldier(src, 0), Soldier(dst, 1)])
    p = hx.sight_panel(obs, src, dst, 1)
    assert p["block"]["cell"] in seam and not p["in_range"]
    fog = star_mask().copy()
    fog[p["block"]["cell"]] = False
    obs = FakeObs(np.where(fog, h, -1), fog, star_mask(), [Soldier(src, 0), Soldier(dst, 1)])
    p = hx.sight_panel(obs, src, dst, 2)
    assert p["block"] is None and p["unknown"]
    # not the viewer's soldier, or not an enemy: no panel
    assert hx.sight_panel(obs, dst, src, 2) is None


def test_vision_preview_stays_on_the_star_and_sees_over_low_ground():
    h = np.where(star_mask(), 0, -1)
    obs = FakeObs(h, star_mask(), star_mask(), [])
    v = hx.vision_preview(obs, (8, 8), 3)
    assert (v == hx.attack_area(star_mask(), (8, 8), 3)).all()  # flat ground: the whole hex ball
    v = hx.vision_preview(obs, (0, 12), 3)
    assert not (v & ~star_mask()).any() and v[0, 12]
    h2 = h.copy()
    h2[7, 8] = 5  # a peak north-west of the centre hides the cell behind it
    obs = FakeObs(h2, star_mask(), star_mask(), [])
    v = hx.vision_preview(obs, (8, 8), 3)
    assert v[7, 8] and not v[6, 8]
    unexplored = star_mask().copy()
    unexplored[8, 8] = False
    assert hx.vision_preview(FakeObs(h, unexplored, star_mask(), []), (8, 8), 3) is None


def test_panel_and_preview_agree_with_the_star_game():
    """On a real star game with everything explored, the client's facts are the engine's own: the sight
    panel's rows are StarGame.sight_line's, the vision preview is StarGame.cell_vision, the attack area's
    enemies in range are exactly the legal targets plus the blocked ones (S19e, S19f)."""
    pytest.importorskip("engine.shachang.star_position")
    from engine.shachang import new_game, rules
    from engine.shachang.star_position import apply_star_setup

    g = new_game(preset="star", mode="digital", players=2, seed=5)
    apply_star_setup(g, {"units": [[0, "h5"], [0, "i5"], [0, "i6"], [0, "j6"], [1, "l7"], [1, "k9"], [1, "i8"],
                                   [1, "m5"]], "reserve": [0, 0], "current": 0, "explored": "all"})
    obs = g.observe(0)
    lay = star_layout()
    grp = next(gv for gv in obs.groups if (8, 9) in gv.cells)  # i6's unit
    assert grp.size == 4 and grp.attack_range == rules.fanshu(4) == 3
    assert len(obs.enemy_units()) >= 3
    for enemy in obs.enemy_units():
        p = hx.sight_panel(obs, (8, 9), enemy.cell, grp.attack_range)
        assert [(r["cell"], r["lhs"], r["rhs"], r["blocks"]) for r in p["rows"]] == \
            [(r["cell"], r["lhs"], r["rhs"], r["blocks"]) for r in g.sight_line((8, 9), enemy.cell)]
    for cell in ((8, 9), (7, 8), (10, 10)):
        n = len(g.group_of(cell)) if cell in g.units else 1
        want = g.cell_vision(cell)
        got = hx.vision_preview(obs, cell, rules.vision_range(n))
        assert (got == want).all(), lay.name(cell)
    area = hx.attack_area(obs.mask, (8, 9), grp.attack_range)
    in_range = sorted(e.cell for e in obs.enemy_units() if area[e.cell])
    targets = g.attack_targets((8, 9))
    assert sorted(targets + hx.blocked_targets((8, 9), grp.attack_range, [e.cell for e in obs.enemy_units()],
                                               targets)) == in_range


def test_sight_rows_off_the_star_are_not_shown_and_not_unknown():
    """Review defect 3: d1 -> e4 runs over the notch between the N point and the hexagon, the off-star hex
    (3, 8) (ground 0, D-S11, never explored). The client's panel (Controller.sight via on_board) drops it:
    with every star cell explored the line is reported clear, not "crosses unexplored cells", and the 3D
    sight geometry puts no post or tick where there is no ground."""
    from client.games.shachang.controller import on_board
    from client.render import gl_overlay
    from client.render.base import Overlays
    from engine.shachang import star_cells
    from tests.star_util import star_frame

    mask = star_mask()
    heights = np.where(mask, 1, 0).astype(np.int16)
    src, dst = star_cells.parse("d1"), star_cells.parse("e4")
    obs = FakeObs(heights, mask.copy(), mask, [Soldier(src, 0), Soldier(star_cells.parse("c1"), 0),
                                               Soldier(dst, 1)], mode="tabletop")
    raw = hx.sight_panel(obs, src, dst, 3)
    assert [r["cell"] for r in raw["rows"]] == [(3, 8)] and not mask[3, 8] and raw["unknown"]
    shown = on_board(hx.sight_panel(obs, src, dst, 3), mask)
    assert shown["rows"] == [] and not shown["unknown"] and shown["block"] is None and shown["in_range"]
    # a line with star cells and an off-star cell keeps exactly the star cells, in order
    src2, dst2 = star_cells.parse("c1"), star_cells.parse("e4")
    raw2 = hx.sight_panel(obs, src2, dst2, 3)
    kept = on_board(hx.sight_panel(obs, src2, dst2, 3), mask)["rows"]
    assert [r["cell"] for r in kept] == [r["cell"] for r in raw2["rows"] if mask[r["cell"]]]
    assert len(kept) < len(raw2["rows"])
    # the GL geometry of a line given an off-star row: posts only over star cells
    lay = star_layout()
    rows = [dict(r, unknown=False) for r in raw2["rows"]]
    ov = Overlays(sight_src=src2, sight_dst=dst2, sight_cells=rows, sight_numbers=True)
    segs, labels = gl_overlay.sight_geometry(star_frame(heights, overlays=ov))
    posts = [(round(float(p0[0]), 6), round(float(p0[2]), 6)) for p0, p1, _c, _w in segs[1:]
             if p0[0] == p1[0] and p0[2] == p1[2]]
    want = [tuple(round(v, 6) for v in lay.centre(r["cell"])) for r in rows if mask[r["cell"]]]
    assert posts == want and len(labels) == len(want)
