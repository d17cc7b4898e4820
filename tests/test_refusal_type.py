"""Issue 29 (4, 5): one refusal type. Every game's apply raises IllegalAction for anything that is not
a legal action — ParseError is one of them — and unicode digits or numpy values never escape as a
bare ValueError; the state stays as it was."""
from __future__ import annotations

import numpy as np
import pytest

from engine import registry
from engine.api import IllegalAction, ParseError
from engine.shachang.actions import UseItem


def _refused(g, action) -> IllegalAction:
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert g.to_json() == before
    return e.value


def test_parse_error_is_an_illegal_action_under_the_syntax_rule():
    e = ParseError("not an action: 'x'")
    assert isinstance(e, IllegalAction) and e.rule == "syntax" and str(e) == "not an action: 'x'"


@pytest.mark.parametrize("text", ["card ²", "card ٣", "card " + "9" * 5000])
def test_xinhai_card_with_unicode_or_huge_digits_is_refused(text):
    g = registry.get("xinhai").new_game(seed=1)
    e = _refused(g, text)
    assert e.rule == "syntax" and len(str(e)) < 400


@pytest.mark.parametrize("game_id", ["baige", "anqi", "sanguo", "xinhai", "jiangshan", "shachang"])
@pytest.mark.parametrize("bad", ["a²", "move a² b²", np.int64(3), np.array([0, 1]), 3, None])
def test_every_game_refuses_with_one_type(game_id, bad):
    opts = {"preset": "standard", "seed": 2} if game_id == "shachang" else {"seed": 2}
    _refused(registry.get(game_id).new_game(**opts), bad)


@pytest.mark.parametrize("count", [np.array([0, 1]), np.array([]), np.int64(1), np.float64("nan")])
@pytest.mark.parametrize("kind", ["tonggui", "cuntu", "yugong", "wangming"])
def test_an_item_with_a_numpy_count_is_refused_by_its_form(kind, count):
    g = registry.get("shachang").new_game(preset="standard", items=True, seed=1)
    u = UseItem.__new__(UseItem)
    for f, v in (("kind", kind), ("cells", ("a1",)), ("count", count)):
        object.__setattr__(u, f, v)
    assert _refused(g, u).rule == "action form"


def test_star_observations_do_not_share_their_names():
    """Issue 29.7: the star observation's names were one module-level dict."""
    g = registry.get("shachang").new_game(preset="star", seed=3)
    a, b = g.observe(0), g.observe(1)
    a.names[next(iter(a.names))] = "edited"
    assert "edited" not in b.names.values() and "edited" not in g.observe(0).names.values()


def test_a_star_save_with_heights_off_the_star_is_refused():
    import json

    from engine.api import SaveError

    g = registry.get("shachang").new_game(preset="star", seed=3)
    d = json.loads(g.to_json())
    d["start"]["map"]["heights"][0][0] = 5  # (0, 0) is off the star
    with pytest.raises(SaveError, match="off the star"):
        registry.load_game(json.dumps(d))
    assert registry.load_game(g.to_json()).to_json() == g.to_json()


@pytest.mark.parametrize("kind,cells,en,zh", [
    ("yugong", ("a1",), "Moving Mountains names 3 cells and a number of soldiers", "愚公移山要指定3个格子和人数"),
    ("dilao", ("a1", "a2"), "names 1 cell", "要指定1个格子"),
    ("fanfu", ("a1",), "names no cell", "不用指定格子")])
def test_an_item_with_the_wrong_cells_says_what_it_names(kind, cells, en, zh):
    """The form refusal names the cells (one or many) an item takes, not "{item} takes {n} argument(s)"."""
    g = registry.get("shachang").new_game(preset="standard", items=True, seed=1)
    u = UseItem.__new__(UseItem)
    for f, v in (("kind", kind), ("cells", cells), ("count", 0)):
        object.__setattr__(u, f, v)
    e = _refused(g, u)
    assert e.rule == "action form" and e.msg.render("en").endswith(en) and e.msg.render("zh").endswith(zh)
    assert "argument" not in e.text("en")
