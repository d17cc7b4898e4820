"""辛亥革命's rule pictures from written-out positions (issue 28): the 'position' table of a scenario file goes
through the plugin's hook (client/games/xinhai.py scenario_position) to engine.xinhai.game.position; each
picture shows its rule at work, and a bad position is one clear error naming the key."""
from __future__ import annotations

from pathlib import Path

import pytest

from client.rulebook.scenario import ScenarioError, load, scenario_files
from engine.xinhai.game import position
from engine.xinhai.hexgrid import parse_label

ROOT = Path(__file__).resolve().parent.parent


def marks(sc) -> dict[str, str]:
    """The marks of the scenario's picture by hex name."""
    v = sc.plugin.view(sc.viewer, sc.prefix)
    v.marks.update(sc.marks)
    return {sc.plugin.cell_name(c): k for c, k in v.marks.items() if k != "last"}


def test_every_ruling_has_a_picture_with_both_captions():
    files = scenario_files("xinhai")
    covered = {r for p in files for r in load(p).rules}
    assert {f"X{i}" for i in range(1, 16)} <= covered
    for p in files:
        text = p.read_text(encoding="utf-8")
        assert "caption_zh" in text and "caption_en" in text


def test_the_retreat_picture_waits_for_the_owner_with_the_free_hexes_marked():
    # X5: the artillery's 9 (forced dice) wears the infantry on H-12 and drives it back one hex; I-12 holds
    # its own artillery, so G-12 and H-11 are the hexes farther from the shooter, enterable and empty
    sc = load(ROOT / "assets/scenarios/xinhai/x5.toml")
    g = sc.game
    assert g.stage == "retreat" and g.current_player == 0 and not g.unit_at("H-12").ready
    assert {h: k for h, k in marks(sc).items() if k == "move"} == {"G-12": "move", "H-11": "move"}


def test_the_pictures_show_their_rule_at_work():
    x8 = load(ROOT / "assets/scenarios/xinhai/x8.toml")  # X8: the landing apart from the moves
    landing = {a.args[1] for a in x8.game.legal_actions() if a.verb == "cross"}
    assert landing and all(marks(x8)[h] == "special" for h in landing)
    x6 = load(ROOT / "assets/scenarios/xinhai/x6.toml")  # X6: only the nearest enemy may be shot
    m6 = marks(x6)
    assert m6["G-14"] == "capture" and "K-12" not in m6
    x12 = load(ROOT / "assets/scenarios/xinhai/x12.toml")  # X12 / seed 6(4): infantry never shoots a fleet
    assert "P-12" not in marks(x12)
    x11 = load(ROOT / "assets/scenarios/xinhai/x11.toml")  # X11: the pontoon laid after the move
    assert x11.game.observe(0)["pontoons"] == ["F-9"]
    x14 = load(ROOT / "assets/scenarios/xinhai/x14.toml")  # X14: the ruins' seven hexes
    assert len(x14.game.observe(0)["ruins"]) == 7 and "K-12" in x14.game.observe(0)["ruins"]
    x4 = load(ROOT / "assets/scenarios/xinhai/x4.toml")  # X4: 1+1 still wears (the open-ended first column)
    assert not x4.game.unit_at("J-13").ready


def test_a_written_out_position_in_words():
    g = position(["rev infantry M-12 worn boat", "qing fleet P-12", ("rev", "cavalry", "E-13")], side="qing",
                 trenches=["E-13"], pontoons=["F-9"], ruins="K-12", dice=[[6, 6]], round=3, morale=4)
    u = g.unit_at("M-12")
    assert (u.side, u.kind, u.ready, u.boat) == ("rev", "infantry", False, True)
    assert g.unit_at("E-13").ready and g.board.trenches == {parse_label("E-13")}
    assert len(g.board.ruins) == 7 and g.round == 3 and g.morale == 4 and g.current_player == 1
    g.apply("shoot P-12 M-12")
    assert g.unit_at("M-12") is None  # the forced 12 destroys (X4)


@pytest.mark.parametrize("body,key", [
    ('position = { units = ["rev infantry H-16"], colour = "red" }', "unknown key 'colour'"),
    ('position = { units = ["rev tank H-16"] }', "kind 'tank'"),
    ('position = { units = ["rev infantry Z-99"] }', "not on the map"),
    ('position = { units = ["rev infantry H-16", "qing infantry H-16"] }', "two units on H-16"),
    ('position = { units = ["rev infantry H-16"], tracks = { east = 3 } }', "no track 'east'"),
    ('position = { units = ["rev infantry H-16"], dice = [[7, 1]] }', "dice"),
])
def test_a_bad_position_is_one_error_naming_the_key(tmp_path, body, key):
    f = tmp_path / "bad.toml"
    f.write_text(f'game = "xinhai"\n{body}\ncaption_zh = "甲"\ncaption_en = "a"\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load(f)
    assert "key 'position'" in str(e.value) and key in str(e.value) and "\n" not in str(e.value)
