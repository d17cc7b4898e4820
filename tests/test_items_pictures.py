"""The rule pictures of the eight fun items (assets/scenarios/s20*.toml, S20b–S20i): each scenario sets
up the position its caption describes (checked against the engine here), and its English picture is up
to date (the Chinese ones: tests/test_shot.py's test over every scenario)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from client.games.shachang.scenario import ScenarioError, build_frame, load_scenario
from engine.shachang.actions import UseItem
from engine.shachang.cells import parse_cell as c
from tests.gl_util import egl_context

ROOT = Path(__file__).resolve().parents[1]
SCEN = ROOT / "assets" / "scenarios"
ITEMS = sorted(SCEN.glob("s20[b-i]_*.toml"))  # one per item, S20b-S20i (s20a, s20k-s20n: the general item rulings)


def test_one_picture_per_item():
    from engine.shachang.item_rules import KINDS, RULE

    stems = [p.stem for p in ITEMS]
    assert stems == [f"{RULE[k].lower()}_{k}" for k in sorted(KINDS, key=lambda k: RULE[k])]
    for p in ITEMS:
        d = load_scenario(p).data
        assert d["caption_zh"] and d["caption_en"]
        assert (ROOT / "docs/rules/pictures" / f"{p.stem}.png").exists()
        assert (ROOT / "docs/rules/pictures/en" / f"{p.stem}.png").exists()
        assert f"{p.stem}.png" in (ROOT / "docs/rules/pictures/README.md").read_text(encoding="utf-8")


def test_scenarios_show_what_their_captions_say():
    s = load_scenario(SCEN / "s20b_yugong.toml")  # S20b: c4 0->2, d4 2->0, 1 step left
    g = s.game
    assert (int(g.heights[c("c4")]), int(g.heights[c("d4")])) == (2, 0) and g.units[c("c4")].moves == 1
    s = load_scenario(SCEN / "s20c_fanfu.toml")  # S20c: h -> 4 + 0 - h
    assert int(s.game.heights[c("c3")]) == 0 and int(s.game.heights[c("a1")]) == 4
    s = load_scenario(SCEN / "s20d_dilao.toml")  # S20d: no marches, attacks stay
    f = build_frame(s)
    assert f.overlays.reachable == {} and sorted(f.overlays.targets) == sorted([c("c3"), c("g4")])
    s = load_scenario(SCEN / "s20e_liu.toml")  # S20e: the seeded landing is h3, a new camp
    u = s.game.units[c("h3")]
    assert c("c3") not in s.game.units and u.owner == 0 and u.count == 2 and u.fresh
    s = load_scenario(SCEN / "s20f_tonggui.toml")  # S20f: d2 (own), b5, e6 hit; g4 behind the hill
    from engine.shachang.item_rules import blast_victims

    g = s.game
    assert blast_victims(g, c("d4"), g.units[c("d4")]) == sorted([c("d2"), c("b5"), c("e6")])
    f = build_frame(s)
    assert f.overlays.blocked_targets == [c("g4")]
    g.apply(UseItem("tonggui", (c("d4"),)))
    assert [g.units[x].count for x in (c("d2"), c("b5"), c("e6"), c("g4"))] == [1, 1, 1, 2]
    s = load_scenario(SCEN / "s20g_taoyuan.toml")  # S20g: blue sees c3 only as occupied, no target
    obs = s.game.observe(1)
    f = build_frame(s)
    assert obs.occupied == (c("c3"),) and obs.unit_at(c("c3")) is None
    assert f.overlays.targets == [c("b6")] and c("c3") not in f.overlays.blocked_targets
    assert f.overlays.attack_area[c("c3")]
    s = load_scenario(SCEN / "s20h_wangming.toml")  # S20h: 5 soldiers - 2 = 3, 3 + 2 = 5 steps
    u = s.game.units[c("b2")]
    assert (u.count, u.moves) == (3, 5) and max(build_frame(s).overlays.reachable.values()) == 5
    s = load_scenario(SCEN / "s20i_cuntu.toml")  # S20i: shot once, may still attack, cannot march
    g = s.game
    assert g.units[c("d4")].moves == 0 and c("e6") in g.attack_targets(c("d4")) and not g.reachable(c("d4"))


def test_item_keys_are_checked(tmp_path):
    text = (SCEN / "s20f_tonggui.toml").read_text(encoding="utf-8")
    p = tmp_path / "bad.toml"
    p.write_text(text.replace('items = [["tonggui"], []]', 'items = [["tonggui", "nope"], []]'), encoding="utf-8")
    with pytest.raises(ScenarioError, match="item setup"):
        load_scenario(p)
    p.write_text(text.replace('items = [["tonggui"], []]', 'item_seed = 3'), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"bad.toml, line \d+: position.item_seed: needs position.items"):
        load_scenario(p)


moderngl = pytest.importorskip("moderngl")


@pytest.fixture(scope="module")
def renderer():
    from client.render.gl import GLRenderer

    return GLRenderer(egl_context(), 320, 240)


@pytest.mark.parametrize("path", ITEMS, ids=[p.stem for p in ITEMS])
def test_english_item_pictures_up_to_date(renderer, path):
    from PIL import Image

    from client.shot import render_scenario, scenario_size
    from tests.shot_util import FRACTION_TOL, MEAN_TOL, PIXEL_TOL

    sc = load_scenario(path)
    img = render_scenario(renderer, sc, lang="en", size=scenario_size(sc, None))
    ref = np.asarray(Image.open(ROOT / "docs/rules/pictures/en" / f"{path.stem}.png").convert("RGB"))
    assert img.shape == ref.shape
    diff = np.abs(img.astype(int) - ref.astype(int))
    assert diff.mean() <= MEAN_TOL and (diff.max(axis=2) > PIXEL_TOL).mean() <= FRACTION_TOL
