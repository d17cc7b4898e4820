"""沙场秋点兵 takes its geometry from engine.grids (issue 11): the game's grid, cell names, and the
vectorised vision tables built from a grid's lattice (here also an 8-neighbour lattice, checked
against a brute-force S4/S5 evaluation along the same grid's lines)."""
from __future__ import annotations

import copy
import pickle

import numpy as np

from engine.grids import SquareGrid, square_grid
from engine.shachang import new_game
from engine.shachang import vision as V
from engine.shachang.cells import PLANE, board_grid, cell_name, parse_cell
from engine.shachang.sight import chebyshev, sight_path, steps


def test_the_game_holds_the_shared_square_grid():
    g = new_game("standard", "digital", 2, seed=3)
    assert g.grid is board_grid(g.size) is square_grid(g.size, g.size, 4)
    assert g.grid.lattice is PLANE
    c = g.clone()
    assert c.grid is g.grid  # a clone shares the grid (its caches are keyed by it)
    assert pickle.loads(pickle.dumps(g.grid)) is g.grid and copy.deepcopy(g.grid) is g.grid
    assert len(g.grid) == g.size * g.size


def test_rule_geometry_is_the_grids():
    # S1 steps, S2 distance, S4 path: the same functions as the square grid's
    for a, b in [((0, 0), (1, 2)), ((5, 3), (2, 7)), ((4, 4), (4, 4)), ((0, 0), (3, 3))]:
        assert steps(a, b) == PLANE.distance(a, b) == abs(a[0] - b[0]) + abs(a[1] - b[1])
        assert chebyshev(a, b) == PLANE.span(a, b)
        assert sight_path(a, b) == PLANE.line(a, b, "start")[1:-1]
    g = board_grid(30)
    for cell in g.cells():
        assert cell_name(cell) == g.name(cell) and parse_cell(g.name(cell)) == cell


def brute_visible(h, lattice, src, z, radius):
    """S6 vision over ``lattice``: cells within ``radius`` (lattice distance) whose line is clear (S5)."""
    out = np.zeros(h.shape, dtype=bool)
    for r in range(h.shape[0]):
        for c in range(h.shape[1]):
            if lattice.distance(src, (r, c)) > radius:
                continue
            d = lattice.span(src, (r, c))
            x = int(h[r, c])
            out[r, c] = all(d * int(h[p]) < (d - k) * z + k * x
                            for k, p in enumerate(lattice.between(src, (r, c)), start=1))
    return out


def test_vision_tables_follow_the_lattice_they_are_given():
    # an 8-neighbour lattice: the vision ball is a square (Chebyshev radius), lines as S4
    eight = SquareGrid.plane(8)
    rng = np.random.default_rng(11)
    for _ in range(60):
        h = rng.integers(0, 6, size=(9, 9))
        src = (int(rng.integers(9)), int(rng.integers(9)))
        z = int(h[src]) + int(rng.integers(1, 6))
        radius = int(rng.integers(0, 6))
        vm = V.VisionMap(h, 1, lattice=eight)
        vm.add(0, (src[0], src[1], z, radius))
        assert np.array_equal(vm.visible(0), brute_visible(h, eight, src, z, radius))
        vm.remove(0, (src[0], src[1], z, radius))
        assert not vm.counts.any()
        vm.reset([[(src[0], src[1], z, radius), (0, 0, int(h[0, 0]) + 2, 3)]])
        both = brute_visible(h, eight, src, z, radius).astype(int) + brute_visible(h, eight, (0, 0), int(h[0, 0]) + 2, 3)
        assert np.array_equal(vm.counts[0], both)
    t = V._table(3, eight)
    assert t.n == 49 and V._table(3).n == 25  # the square ball vs the diamond (S1)


# ----------------------------------------------------------------------------- engine facts for the client

from engine.shachang import overlays as facts  # noqa: E402
from engine.shachang.cells import parse_cell as C  # noqa: E402
from engine.shachang.vision import diamond  # noqa: E402
from tests.shachang_util import game as make_game  # noqa: E402
from tests.shachang_util import grid as heights_grid  # noqa: E402

WALL = heights_grid("""
00000000
00000000
00000000
00200000
00000000
00000000
00000000
00000000
""")


def test_sight_panel_wall_case_blocks_at_c4():
    # S5 wall case (assets/scenarios/s5_wall.toml): b4 (z = 0 + 3) attacks d4 (x = 0 + 1), c4 wall y = 2:
    # 2·2 = 4 >= 1 + 3 = 4, blocked
    g = make_game([[0, "b4", 3], [1, "d4", 1], [1, "h8", 1]], heights=WALL, mode="tabletop")
    s = facts.sight_panel(g.observe(0), C("b4"), C("d4"))
    assert [r["cell"] for r in s["rows"]] == [C("c4")]
    row = s["rows"][0]
    assert (row["a"], row["b"], row["x"], row["y"], row["z"], row["lhs"], row["rhs"]) == (1, 1, 1, 2, 3, 4, 4)
    assert s["block"] is row and s["decisive"] is row
    assert (s["steps"], s["range"], s["in_range"], s["unknown"]) == (2, 3, True, False)
    assert s["rows"] == g.sight_line(C("b4"), C("d4"))  # the engine's own line, nothing hidden here
    assert C("d4") in facts.blocked_targets(C("b4"), 3, [C("d4"), C("h8")], g.attack_targets(C("b4")))
    assert facts.blocked_targets(C("b4"), 3, [C("d4"), C("h8")], g.attack_targets(C("b4"))) == [C("d4")]
    # classic mode: no heights rule, so nothing blocks (S21)
    c = make_game([[0, "b4", 3], [1, "d4", 1]], heights=WALL, mode="classic")
    assert facts.sight_panel(c.observe(0), C("b4"), C("d4"))["block"] is None
    # only from the viewer's own unit to an enemy it sees
    assert facts.sight_panel(g.observe(0), C("d4"), C("b4")) is None
    assert facts.sight_panel(g.observe(0), C("b4"), C("e4")) is None


def test_sight_panel_never_reveals_unexplored_heights():
    # digital: a cell the viewer never explored is marked unknown and does not block (S11)
    h = heights_grid("""
09000000
00000000
00000000
00000000
00000000
00000000
00000000
00000000
""")
    import dataclasses

    # the enemy on c1 is seen through the own unit on c3; a1's own line to it crosses the b1 wall
    g = make_game([[0, "a1", 2], [0, "c3", 1], [1, "c1", 1]], heights=h, mode="digital")
    obs = g.observe(0)
    assert obs.visible[C("c1")]
    s = facts.sight_panel(obs, C("a1"), C("c1"))
    assert s["block"]["cell"] == C("b1") and not s["unknown"] and s["rows"][0]["y"] == 9
    hidden, known = obs.explored.copy(), obs.heights.copy()
    hidden[C("b1")], known[C("b1")] = False, -1  # as if the viewer had never explored b1
    s2 = facts.sight_panel(dataclasses.replace(obs, explored=hidden, heights=known), C("a1"), C("c1"))
    assert s2 is not None and s2["block"] is None and s2["rows"][0]["y"] == 0
    b1 = next(r for r in s2["rows"] if r["cell"] == C("b1"))
    assert b1["unknown"] and not b1["blocks"] and s2["unknown"]


def test_unit_states_areas_and_vision_preview():
    g = make_game([[0, "b4", 3], [0, "c6", 2, "fresh"], [1, "d4", 1]], heights=WALL, mode="tabletop")
    obs = g.observe(0)
    states = {u.cell: facts.unit_state(u, 0) for u in obs.units}
    assert states[C("d4")] == "enemy" and states[C("c6")] == "fresh" and states[C("b4")] == "ready"
    assert facts.unit_state(g.units[C("b4")], 1) == "enemy"
    area = facts.attack_area((8, 8), C("e4"), 3)
    assert area.sum() == 25 and area[C("e4")] and area[C("b4")] and not area[C("b5")]  # range 3 (S3), steps (S1)
    assert facts.attack_area((8, 8), C("b4"), 3).sum() == 25 - 4  # clipped at the west edge
    ghosts = [(C("a1"), 2), (C("h8"), 1)]
    assert np.array_equal(facts.ghost_area((8, 8), ghosts), diamond((8, 8), C("a1"), 2) | diamond((8, 8), C("h8"), 1))
    assert np.array_equal(facts.vision_preview(obs, C("b4")), g.cell_vision(C("b4")))


def test_star_sight_line_takes_the_lower_seam_cell_s19f():
    # S19f: "the sight line runs through hex distance levels, and where it passes exactly along the
    # seam between two cells the lower of the two counts" (seed: 若攻击路线经过直缝时选取矮的地形)
    from engine.grids import star_grid
    from engine.shachang.sight import blocking_cell, line_report

    s = star_grid()
    src, dst = (0, 0), (1, 1)  # level 1 lies exactly between (0, 1) and (1, 0)
    assert s.line_options(src, dst)[1] == ((0, 1), (1, 0))
    heights = {c: 0 for c in s.cells()}
    heights[(0, 1)] = 5  # z = 0 + 1, x = 0 + 1 (soldier height = terrain + 1)
    assert sight_path(src, dst, s, heights) == [(1, 0)]
    assert blocking_cell(heights, src, dst, 1, 1, s) is None  # the lower cell (height 0) does not block
    assert s.line(src, dst, "nudge") == [src, (0, 1), dst]  # a plain nudge would have taken the wall
    heights[(1, 0)] = 3
    assert blocking_cell(heights, src, dst, 1, 1, s) == ((1, 0), 1, 1, 3)  # both high: the lower (3) blocks
    rows = line_report(heights, src, dst, 1, 1, s)
    assert [(r["cell"], r["lhs"], r["rhs"], r["blocks"]) for r in rows] == [((1, 0), 6, 2, True)]
    # away from seams the line is the plain hex line, and D is the hex distance
    a, b = (0, 0), (3, -1)
    assert all(len(o) == 1 for o in s.line_options(a, b))
    assert sight_path(a, b, s, heights) == s.between(a, b) == [(1, 0), (2, -1)] and s.span(a, b) == 3
    # from the N tip to the centre the line runs along seams at every other level
    a, b = s.tip("N"), (0, 0)
    path = sight_path(a, b, s, heights)
    opts = s.line_options(a, b)[1:-1]
    assert len(path) == 7 and all(c in o for c, o in zip(path, opts)) and sum(len(o) == 2 for o in opts) == 4


def test_vision_tables_on_a_hex_lattice_apply_the_seam_rule_s19f():
    # a hex board stored as heights[r, q]: the vectorised vision (batch, single observer, direct
    # int64 form) equals S5 evaluated cell by cell along sight.sight_path on the hex plane, where a
    # line along a seam counts the lower of the two cells (S19f)
    from collections import defaultdict

    from engine.grids import HexGrid, hex_rows_lattice
    from engine.shachang.sight import line_clear

    lat = hex_rows_lattice()
    plane = HexGrid.plane("pointy")
    rng = np.random.default_rng(19)
    seams = 0
    for trial in range(40):
        h = rng.integers(0, 7, size=(11, 11))
        hd = defaultdict(int, {(q, r): int(h[r, q]) for r in range(11) for q in range(11)})  # axial -> height
        src = (int(rng.integers(11)), int(rng.integers(11)))  # (row, col) = (r, q)
        z = int(h[src]) + int(rng.integers(1, 5))
        radius = int(rng.integers(2, 6))
        want = np.zeros(h.shape, dtype=bool)
        for r in range(11):
            for q in range(11):
                if plane.distance((src[1], src[0]), (q, r)) <= radius:
                    want[r, q] = line_clear(hd, (src[1], src[0]), (q, r), z, int(h[r, q]), plane)
        vm = V.VisionMap(h, 1, lattice=lat)
        vm.add(0, (src[0], src[1], z, radius))
        assert np.array_equal(vm.visible(0), want), trial
        vm.reset([[(src[0], src[1], z, radius)]])
        assert np.array_equal(vm.visible(0), want), trial
        assert np.array_equal(V.visible_from(h, src, z, radius, lat), want), trial
        seams += V._table(radius, lat).seams
        # the direct (int64) form used for huge slopes gives the same
        t = V._table(radius, lat)
        hp = np.zeros((11 + 2 * radius, 11 + 2 * radius), dtype=np.int64)
        hp[radius:radius + 11, radius:radius + 11] = h
        base = np.array([(src[0] + radius) * hp.shape[1] + src[1] + radius])
        direct = V._eval_direct(hp.reshape(-1), V._flat(radius, hp.shape[1], lat), base, np.array([z]))[0]
        rows, cols = src[0] + t.dr, src[1] + t.dc
        on = (rows >= 0) & (rows < 11) & (cols >= 0) & (cols < 11)
        assert np.array_equal(direct[on], want[rows[on], cols[on]]), trial
    assert seams  # the tables did contain seam levels
    # a square lattice has none: its S4 tie picks one cell per level
    assert not V._table(5).seams
