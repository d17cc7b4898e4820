"""Star scenarios for the rule pictures (client/games/shachang/scenario.py with [map] preset = "star", S19d/S19e)."""
import pytest

from client.games.shachang.scenario import ScenarioError, build_frame, load_scenario
from client.shot import SCENARIOS

pytest.importorskip("engine.shachang.star_position")


def test_star_scenarios_build_frames_from_the_engine():
    from engine.shachang import star_cells as sc

    s = load_scenario(SCENARIOS / "s19d_star_moves.toml")
    g = s.game
    assert g.board == "star" and str(g.log[-1]).startswith("march h5 g5")
    f = build_frame(s)
    assert f.layout is not None and f.overlays.selected == sc.parse("i5")
    assert f.overlays.reachable == g.reachable(sc.parse("i5"))
    assert max(f.overlays.reachable.values()) == 2  # 3 - the 1 step h5 took (S19d)
    assert {m.cell: m.state for m in f.units}[sc.parse("g5")] == "spent"  # moved: no second move
    s = load_scenario(SCENARIOS / "s19e_star_attack.toml")
    f = build_frame(s)
    g = s.game
    src = sc.parse("j6")
    assert sorted(f.overlays.targets) == sorted(g.attack_targets(src)) and f.overlays.targets
    assert f.overlays.blocked_targets == [sc.parse("i8")]
    assert f.overlays.sight_block == sc.parse("i7")
    assert f.overlays.attack_area.sum() == sum(1 for c in sc.CELLS if sc.distance(src, c) <= 3)


def test_star_scenario_errors_name_the_star_cell(tmp_path):
    text = (SCENARIOS / "s19d_star_moves.toml").read_text(encoding="utf-8").replace('reach = "i5"', 'reach = "z9"')
    p = tmp_path / "bad.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"bad.toml, line \d+: overlays.reach: .*z9"):
        build_frame(load_scenario(p))
