"""辛亥革命 data (seed 002, rulings X1-X3): the reconstructed map, cards and markers, and the set-ups."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.xinhai import new_game
from engine.xinhai.data import rules
from engine.xinhai.hexgrid import distance, label, line, neighbours_of, parse_label

R = rules()
M = R.map

# Every hex the seed names (X1: Qing start hexes), with what stands there.
SEED_HEXES = {"D-11": "infantry", "I-15": "infantry", "K-16": "infantry", "L-16": "infantry",
              "S-19": "cavalry", "H-15": "artillery", "J-16": "artillery", "P-12": "fleet", "Q-13": "fleet"}


def test_hex_labels_round_trip_and_neighbours_are_adjacent():
    # X2: letter = column west to east, number = row south to north
    assert parse_label("D-11") == (3, 10) and label((3, 10)) == "D-11"
    assert parse_label("A-1") == (0, 0) and parse_label("T-20") == (19, 19)
    for h in M.hexes():
        assert parse_label(label(h)) == h
        for n in neighbours_of(h):
            assert distance(h, n) == 1 and h in neighbours_of(n)
    # north of a hex is the next row up
    assert neighbours_of(parse_label("D-11"))[0] == parse_label("D-12")
    assert [label(h) for h in line(parse_label("A-1"), parse_label("A-4"))] == ["A-1", "A-2", "A-3", "A-4"]


def test_map_size_and_terrain_kinds():
    # X2: about 20 columns x 20 rows, every terrain of the seed's table present, at least 9 control points
    assert (M.width, M.height) == (20, 20) and len(M.terrain) == 400
    kinds = Counter(M.terrain.values())
    for code in ".CSHXRLYrW":
        assert kinds[code] > 0, code
    assert kinds["C"] >= 9


def _cube_reference(h):
    """The game's former hex arithmetic (odd columns half a hex north), written independently of
    engine/grids: cube coordinates of (col, row from the south)."""
    c, r = h
    z = -(r + (c + 1) // 2)
    return (c, -c - z, z)


def _line_reference(a, b):
    """The former line: cube interpolation with an epsilon nudge (1e-6, 2e-6, -3e-6), cube rounding."""
    (ax, ay, az), (bx, by, bz) = _cube_reference(a), _cube_reference(b)
    n = max(abs(ax - bx), abs(ay - by), abs(az - bz))
    out = []
    for k in range(n + 1):
        t = k / n if n else 0.0
        fx, fy, fz = ax + (bx - ax) * t + 1e-6, ay + (by - ay) * t + 2e-6, az + (bz - az) * t - 3e-6
        rx, ry, rz = round(fx), round(fy), round(fz)
        dx, dy, dz = abs(rx - fx), abs(ry - fy), abs(rz - fz)
        if dx > dy and dx > dz:
            rx = -ry - rz
        elif dy > dz:
            ry = -rx - rz
        else:
            rz = -rx - ry
        out.append((rx, -rz - (rx + 1) // 2))
    return out


def test_the_hex_geometry_is_engine_grids_and_matches_the_former_arithmetic():
    # X2: the map is engine/grids' HexGrid.rectangle(20, 20, "even-q", "south"); the game's (col, row) pairs
    # map onto its axial cells, on and off the map; neighbours (N, NE, SE, S, SW, NW), distances, lines (the
    # "nudge-" tie on seams) and the hexes within n are those of the former cube arithmetic, hex by hex
    from engine.grids.hexes import OffsetHexGrid
    from engine.xinhai import hexgrid as X

    m = M
    assert isinstance(X.MAP, OffsetHexGrid) and (X.MAP.cols, X.MAP.rows) == (m.width, m.height) == (20, X.ROWS)
    assert sorted(X.MAP.name(X.axial(h)) for h in m.terrain) == sorted(label(h) for h in m.terrain)
    assert all(X.from_axial(X.axial(h)) == h and X.MAP.parse(label(h)) == X.axial(h) for h in m.terrain)
    hexes = [(c, r) for c in range(-2, 23) for r in range(-2, 23)]
    steps = {(0, 1), (1, 1), (1, 0), (0, -1), (-1, 0), (-1, 1)}  # N NE SE S SW NW from an odd column
    for h in hexes:
        ns = neighbours_of(h)
        assert len(set(ns)) == 6 and all(max(map(abs, (p - q for p, q in zip(_cube_reference(h), _cube_reference(n))))) == 1
                                         for n in ns)
        assert ns[0] == (h[0], h[1] + 1) and ns[3] == (h[0], h[1] - 1)  # north and south in the same column
        if h[0] % 2:
            assert {(n[0] - h[0], n[1] - h[1]) for n in ns} == steps
    for a in hexes[::5]:
        ca = _cube_reference(a)
        for b in hexes:
            cb = _cube_reference(b)
            assert distance(a, b) == max(abs(p - q) for p, q in zip(ca, cb))
            assert line(a, b) == _line_reference(a, b), (label(a) if a in m.terrain else a, b)
    for h in hexes[::11]:
        for n in (1, 2, 4):  # brute force over a window wide enough
            box = [(c, r) for c in range(h[0] - n - 1, h[0] + n + 2) for r in range(h[1] - n - 2, h[1] + n + 3)]
            assert X.within(h, n) == tuple(sorted(q for q in box if 1 <= distance(h, q) <= n))


@pytest.mark.parametrize("hx,kind", sorted(SEED_HEXES.items()))
def test_every_hex_the_seed_names_exists_with_a_terrain_its_unit_may_use(hx, kind):
    # seed 5(1): fleets only on the Yangtze, land units never on the Yangtze, Han, lakes or concessions
    h = parse_label(hx)
    assert h in M.terrain
    if kind == "fleet":
        assert M.is_yangtze(h) and not M.is_ceasefire(h)
    else:
        assert M.land_open(h) and not M.is_ceasefire(h)
        # X2: Qing land units north of 漢口 (on the Hankou bank, north of the Han at row 9)
        assert "hankou" in M.regions[h] and h[1] + 1 > 9


def test_rivers_and_regions_follow_x2():
    han = [h for h, t in M.terrain.items() if t == "W"]
    yangtze = [h for h in M.terrain if M.is_yangtze(h)]
    # the Han River enters from the west (column A) and joins the Yangtze
    assert any(h[0] == 0 for h in han)
    assert any(any(M.is_yangtze(n) for n in M.neighbours(h)) for h in han)
    # Han River hexes belong to both 漢口 and 漢陽
    assert all(set(M.regions[h]) == {"hankou", "hanyang"} for h in han)
    # 漢口 north of the Han, 漢陽 south of it, 武昌 east of the Yangtze
    for h, t in M.terrain.items():
        if M.land_open(h):
            regs = M.regions[h]
            assert len(regs) == 1
            if regs[0] == "hankou":
                assert h[1] + 1 > 9
            if regs[0] == "hanyang":
                assert h[1] + 1 < 9
    # the Yangtze runs south-west to north-east: its west-most hex is in the south, east-most in the north
    assert min(yangtze)[1] < max(yangtze)[1]
    # Yangtze hexes belong to the bank(s) they touch
    for h in yangtze:
        touched = {r for n in M.neighbours(h) if M.land_open(n) for r in M.regions[n]}
        if touched:
            assert set(M.regions[h]) <= touched | ({"hankou", "hanyang"} if "hankou" in touched or "hanyang" in touched else set())
    # the fleets' start hexes can be commanded (they lie in some region)
    assert M.regions[parse_label("P-12")] and M.regions[parse_label("Q-13")]


def test_concessions_are_ringed_by_ceasefire_hexes_on_the_hankou_bank():
    conc = [h for h, t in M.terrain.items() if t == "X"]
    assert conc
    for h in conc:
        assert "hankou" in M.regions[h]
        for n in M.neighbours(h):
            assert M.terrain[n] in ("X", "R", "r")


def test_cards_and_markers_follow_x3():
    assert sorted(R.setup) == list(range(1, 19))
    assert len(R.events) == 36
    for side in ("rev", "qing"):
        nums = sorted(n for s, n in R.events if s == side)
        assert nums == list(range(1, 19))
    # X3 periods: 1-4 壹, 5-8 貳, 9-13 參, 14-18 肆
    per = {n: R.events[("rev", n)].period for n in range(1, 19)}
    assert [per[n] for n in (1, 4, 5, 8, 9, 13, 14, 18)] == [1, 1, 2, 2, 3, 3, 4, 4]
    # seed-named effects on the numbers it names (X1)
    fx = {(s, n): e.effect for (s, n), e in R.events.items()}
    assert all(fx[("rev", n)] == "reinforce" for n in (2, 7, 10))
    assert all(fx[("qing", n)] == "reinforce" for n in (10, 13, 14, 15))
    assert fx[("rev", 13)] == "speech" and fx[("qing", 2)] == "slack" and fx[("qing", 6)] == "aid"
    assert fx[("qing", 9)] == "ruins" and fx[("qing", 17)] == "recoil_gun"
    assert fx[("qing", 12)] == fx[("qing", 16)] == "machine_gun"
    # 15 markers, 7 red and 8 blue, two faces naming different regions
    assert len(R.markers) == 15 and sum(m.side == "rev" for m in R.markers) == 7
    for m in R.markers:
        assert m.faces[0].region != m.faces[1].region
    # Qing reinforcement groups: the seed's four combinations
    groups = {tuple(sorted(c.qing_units)) for c in R.setup.values()}
    assert groups == {("infantry",) * 4, ("cavalry",) + ("infantry",) * 3,
                      ("artillery",) + ("infantry",) * 3, ("fleet", "fleet")}
    # X3 supplies; seed: morale track starts at red 2
    assert R.supply["morale_start"] == 2 and R.supply["morale_max"] == 5 and R.supply["trenches"] == 3
    assert R.supply["munitions"] == 3 and R.supply["pontoons"] == 3
    # seed 遊戲內容物: pieces per side
    assert R.pieces["rev"] == {"infantry": 18, "cavalry": 0, "artillery": 5, "fleet": 0}
    assert R.pieces["qing"] == {"infantry": 15, "cavalry": 4, "artillery": 4, "fleet": 4}


def test_historical_setup_follows_the_seed_and_x1():
    g = new_game(setup="historical", seed=4)
    qing = {label(u.hex): u.kind for u in g.board.side_units("qing")}
    assert qing == SEED_HEXES
    rev = Counter(u.kind for u in g.board.side_units("rev"))
    cards = [R.setup[c] for c in (1, 2, 3, 4, 5)]
    assert sum(rev.values()) == sum(len(c.rev_start) for c in cards)
    assert {label(u.hex) for u in g.board.side_units("rev")} == {label(h) for c in cards for _, h in c.rev_start}
    # B. three of 11-18 for the revolutionaries, 6-10 for the Qing
    assert len(g.hands["rev"]) == 3 and set(g.hands["rev"]) <= set(range(11, 19))
    assert g.hands["qing"] == [6, 7, 8, 9, 10]
    # C. the event decks of X1, number 1 on top; round 1 has turned over both first cards
    assert g.played == {"rev": [1], "qing": [1]}
    assert g.decks["rev"] == [2, 5, 6, 9, 10, 11, 14, 15, 16]
    assert g.decks["qing"] == [2, 5, 6, 7, 9, 10, 11, 14, 15]
    # 標記準備: morale at 2, tracks at 0 (the Qing event 1 lowers morale to 1, the rev event 1 raises it back)
    assert g.tracks == {"north": 0, "army": 0, "southeast": 0, "southwest": 0}
    assert g.morale == 2


def test_random_setup_draws_five_cards_each_and_ten_events_by_period():
    g = new_game(setup="random", seed=8)
    assert len(g.hands["rev"]) == 5 and len(g.hands["qing"]) == 5
    assert not set(g.hands["rev"]) & set(g.hands["qing"])
    for side in ("rev", "qing"):
        deck = g.played[side] + g.decks[side]
        assert len(deck) == 10 and len(set(deck)) == 10
        periods = [R.events[(side, n)].period for n in deck]
        assert periods == [1, 1, 2, 2, 3, 3, 3, 4, 4, 4]  # 2, 2, 3, 3 from 壹 貳 參 肆, in period order
    # start groups of the drawn cards are on the board (displaced to neighbours when a hex is taken)
    assert len(g.board.side_units("rev")) == sum(len(R.setup[c].rev_start) for c in g.hands["rev"])
    # other seeds give other set-ups
    assert any(new_game(setup="random", seed=s).hands["rev"] != g.hands["rev"] for s in range(9, 12))


def test_options_are_validated():
    with pytest.raises(ValueError):
        new_game(setup="imaginary", seed=1)
    with pytest.raises(ValueError):
        new_game(seed="x")
