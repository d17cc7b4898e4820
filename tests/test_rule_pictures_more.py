"""The 沙场秋点兵 rule pictures added so that every rule id has one (issue 28: S1, S2, S7, S10, S12, S13, S18,
S19, S19a-c, S19f-h, S20, S20a, S20j-n, S21) and 三国演弈's K1a: each scenario sets up the position its caption
describes, checked here against the engine (their PNGs: tests/test_shot.py and tests/test_rules_reader.py)."""
from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest

from client.games.shachang.scenario import ScenarioError, build_frame, load_scenario
from client.rulebook.reader import load_book
from engine.shachang import star_cells
from engine.shachang.cells import parse_cell as c
from engine.sanguo.game import SanguoGame

ROOT = Path(__file__).resolve().parents[1]
SCEN = ROOT / "assets" / "scenarios"


def test_steps_measure_ranges_and_distance_counts_the_sight_line():  # S1/S2
    s = load_scenario(SCEN / "s1_steps_distance.toml")
    f = build_frame(s)
    assert c("e5") in f.overlays.targets and f.overlays.attack_area[c("e5")]  # 2+2 = 4 steps
    assert not f.overlays.attack_area[c("f5")]  # 5 steps, though Chebyshev distance 3
    assert [r["cell"] for r in f.overlays.sight_cells] == [c("d4"), c("e4")]  # D - 1 = 2 cells


def test_vision_sees_b6_not_f4_behind_the_ground():  # S7
    g = load_scenario(SCEN / "s7_vision.toml").game
    obs = g.observe(0)
    assert obs.visible[c("b6")] and not obs.visible[c("f4")]
    assert {u.cell for u in obs.units if u.owner == 1} == {c("b6")}


def test_a_march_only_enters_cells_seen_this_turn():  # S10
    s = load_scenario(SCEN / "s10_seen_this_turn.toml")
    reach = build_frame(s).overlays.reachable
    obs = s.game.observe(0)
    assert reach[c("d1")] == 3 and reach[c("a4")] == 3
    for x in ("e1", "e2", "e3"):  # 3 steps from b2 behind the wall: unseen, so not entered
        assert not obs.visible[c(x)] and c(x) not in reach


def test_tabletop_reinforcement_on_the_spawn_cell_then_the_first_move_ends_it():  # S12/S13
    s = load_scenario(SCEN / "s12_turn_phases.toml")
    assert set(build_frame(s).overlays.reinforce_cells) == {c("a1")}
    g = copy.deepcopy(s.game)
    g.apply("march c3 c4 1")
    with pytest.raises(Exception, match="S12|reinforce"):
        g.apply("reinforce a1 1")


def test_the_last_enemy_soldier_gone_ends_the_game():  # S18, S19g
    g = load_scenario(SCEN / "s18_game_end.toml").game
    assert g.over and {u.owner for u in g.units.values()} == {0}
    g = load_scenario(SCEN / "s19g_star_end.toml").game
    assert g.over and {u.owner for u in g.units.values()} == {0}


def test_the_star_pictures():  # S19/S19a/S19c/S19h, S19b, S19f
    g = load_scenario(SCEN / "s19a_star_board.toml").game
    assert g.board == "star" and g.n == 3
    assert sorted(sum(u.count for u in g.units.values() if u.owner == p) for p in range(3)) == [10, 10, 10]
    s = load_scenario(SCEN / "s19b_star_units.toml")
    assert s.game.attack_range_of(star_cells.parse("i5")) == 2  # i4, i5, j5: one unit of 3
    assert s.game.attack_range_of(star_cells.parse("e5")) == 1  # a lone soldier
    s = load_scenario(SCEN / "s19f_star_digital.toml")
    assert s.game.fog and not s.game.observe(0).visible[star_cells.parse("i8")]


def test_items_free_action_news_ghost_and_jail():  # S20a/S20j, S20k, S20l, S20m
    g = load_scenario(SCEN / "s20a_items.toml").game
    assert c("b2") not in g.units and g.units[c("a3")].fresh and g.units[c("a3")].count == 3
    assert g.reachable(c("c6"))  # the item was a free action: c6 still marches
    g = load_scenario(SCEN / "s20k_item_news.toml").game
    obs = g.observe(1)
    assert g.units[c("d2")].count == 1 and not obs.visible[c("d2")]
    assert [g.units[c(x)].count for x in ("b5", "e6", "g4")] == [1, 1, 2]

    def hits(seat):
        return {dict(e.msg.params)["dst"] for e in g.events(seat) if e.msg.key == "shachang.ev.item.blast_hit"}

    assert hits(1) == {"b5", "e6"} and hits(0) == {"d2", "b5", "e6"}  # blue is not told of d2
    s = load_scenario(SCEN / "s20l_blast_ghost.toml")
    assert s.game.observe(0).ghosts == ((c("d4"), 5),)  # the vision of 4 soldiers from d4
    assert build_frame(s).overlays.ghost_cells[c("h4")]  # 4 steps off, behind the hill: terrain ignored
    s = load_scenario(SCEN / "s20m_jail_joins.toml")
    g = s.game
    f = build_frame(s)
    assert g.units[c("h8")].count == 5 and f.overlays.reachable == {} and f.overlays.targets == [c("f6")]
    for a in ("item wangming h8 1", "item yugong h8 h7 g8 1"):
        with pytest.raises(Exception, match="S20d"):
            copy.deepcopy(g).apply(a)


def test_star_desperate_flight_may_not_split_the_unit(tmp_path):  # S20n (items on the star)
    path = SCEN / "s20n_star_wangming.toml"
    g = load_scenario(path).game
    assert sorted(map(star_cells.name, (x for x, u in g.units.items() if u.owner == 0))) == ["i4", "i5", "i6"]
    bad = tmp_path / "split.toml"
    bad.write_text(path.read_text(encoding="utf-8").replace("item wangming i4 i7", "item wangming i4 i5"),
                   encoding="utf-8")
    with pytest.raises(ScenarioError, match="S20n"):
        load_scenario(bad)


def test_classic_mode_ignores_the_wall():  # S21
    s = load_scenario(SCEN / "s21_modes.toml")
    assert s.game.mode == "classic" and build_frame(s).overlays.targets == [c("d4")]


def test_k1a_han_layout_and_the_horse_distances():  # K1a
    d = tomllib.loads((SCEN / "sanguo" / "k1a.toml").read_text(encoding="utf-8"))
    g = SanguoGame("standard", "bloodbath", 0)
    lay, board = g.lay, g.pos.board
    assert lay.names[lay.emperor] == "c9" and [lay.names[p] for p in lay.alliance] == ["e9", "c7", "c11"]
    assert {lay.names[p] for p, _ in lay.han_points} == {"d9", "c8", "c10", "a9"}
    arrows = d["arrows"]
    for path in (arrows[:5], arrows[5:]):  # 魏's f17 in 5, 吴's q12 in 7: each leg a horse move onto an empty point
        for a, b in path:
            assert lay.index[b] in lay.knight[lay.index[a]]
            assert b == "c9" or board[lay.index[b]] is None
        assert path[-1][1] == "c9"
    assert len(arrows[:5]) == 5 and len(arrows[5:]) == 7
    assert load_book("sanguo").entries[load_book("sanguo").index_of("K1a")].pictures
