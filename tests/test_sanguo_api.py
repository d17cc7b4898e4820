"""三国演弈 on the common game layer: random games of both variants and both modes to the end,
saves, notation round trips, and every message the engine emits rendered in zh and en."""
from __future__ import annotations

import json
import random

import pytest

from engine import registry
from engine.api import IllegalAction, ParseError, SaveError
from engine.messages import Msg, keys_used, template
from engine.sanguo import load_game, new_game
from engine.sanguo.board import layout
from engine.sanguo.notation import resolve
from engine.sanguo.setup import position

LAY = layout()


def _messages(g) -> list[Msg]:
    out = [g.seat_name(s) for s in range(3)]
    for p in range(3):
        out += [e.msg for e in g.events(p)]
    if g.is_over:
        out.append(g.end_reason())
        out += [pl.msg for pl in g.ranking()]
    return out


def _check_renders(msgs):
    for m in msgs:
        assert isinstance(m, Msg)
        for k in keys_used(m):
            assert template(k, "zh") is not None and template(k, "en") is not None, k
        for lang in ("zh", "en"):
            s = m.render(lang)
            assert s and "{" not in s, (m, lang, s)


@pytest.mark.parametrize("variant,mode,seed", [("standard", "bloodbath", 1), ("jieqi", "bloodbath", 2),
                                               ("standard", "quick", 3), ("jieqi", "quick", 4)])
def test_random_games_play_to_the_end_and_replay(variant, mode, seed):
    g = new_game(variant=variant, mode=mode, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        legal = g.legal_actions()
        assert legal and 0 <= g.current_player < 3
        a = legal[rng.randrange(len(legal))]
        assert str(g.parse_action(str(a))) == str(a)
        g.apply(a)
    assert g.legal_actions() == []
    places = g.ranking()
    assert sorted(p.player for p in places) == [0, 1, 2] and [p.place for p in places] == [1, 2, 3]
    text = g.to_json()
    again = registry.load_game(text)
    assert again.to_json() == text and [str(x) for x in again.log] == [str(x) for x in g.log]
    assert again.observe(0) == g.observe(0)
    _check_renders(_messages(g))
    with pytest.raises(IllegalAction) as e:
        g.apply(str(g.log[-1]))
    assert e.value.msg.key == "common.game_over"


def test_refusals_render_in_both_languages_and_change_nothing():
    g = position({"q9": "吴君", "i17": "魏君", "i1": "蜀君", "i5": "蜀兵", "c9": "汉帝", "d9": "汉车",
                  "d12": "吴车", "d13": "吴车", "m14": "魏兵"}, to_move=0)
    before = g.to_json()
    msgs = []
    for text in ("d12-d9", "车5进9", "马3进4", "d9-d8", "m14-m13", "d12-d13", "definitely not an action 42",
                 "q9-p8"):
        with pytest.raises(IllegalAction) as e:
            g.apply(text)
        msgs.append(e.value.msg)
        assert e.value.rule
    assert g.to_json() == before
    _check_renders(msgs)
    assert [m.key for m in msgs] == ["sanguo.han_untouchable", "sanguo.no_such_piece", "sanguo.no_such_piece",
                                     "sanguo.han_inactive", "sanguo.not_yours", "sanguo.own_piece",
                                     "common.syntax", "sanguo.why.ruler"]


def test_notation_in_the_movers_frame_with_ordinals_for_pieces_on_one_file():
    g = position({"q9": "吴君", "i17": "魏君", "i1": "蜀君", "i5": "蜀兵", "e14": "魏车", "e11": "魏车",
                  "g12": "魏兵", "g11": "魏兵", "g10": "魏兵"}, to_move=1)
    texts = g.legal_action_texts()
    assert "前车5退2" in texts and "后车5进2" in texts  # the front chariot is the one further from 魏's edge
    assert "前兵7进1" in texts and "中兵7平6" in texts and "后兵7平8" in texts
    for t in texts:
        a = g.parse_action(t)
        assert resolve(LAY, g.pos.board, 1, t) == (LAY.index[a.src], LAY.index[a.dst])
    assert str(g.parse_action("e11-e10")) == "前车5进1"
    with pytest.raises(ParseError):
        g.parse_action("z99-a1")


def test_corrupt_and_foreign_saves_raise_save_error():
    g = new_game(variant="jieqi", seed=9)
    g.apply(g.legal_actions()[0])
    text = g.to_json()
    data = json.loads(text)
    for bad in ({**data, "options": {**data["options"], "variant": "chess"}},
                {**data, "options": {**data["options"], "seed": "x"}},
                {**data, "actions": ["马9进9"]},
                {**data, "forced": {"0": ["horse"]}},
                {**data, "forced": "nope"}):
        with pytest.raises(SaveError):
            load_game(json.dumps(bad, ensure_ascii=False))
    with pytest.raises(SaveError):
        load_game("{")
    assert load_game(text).to_json() == text


def test_registry_options_and_catalogue_cover_the_engine():
    info = registry.get("sanguo")
    assert info.choices["variant"] == ("standard", "jieqi") and info.choices["mode"] == ("bloodbath", "quick")
    from engine.messages import catalogue

    cat = catalogue("sanguo")
    for k in ("wu", "wei", "shu", "han"):
        assert f"sanguo.kingdom.{k}" in cat
    for kind in LAY.kind_zh:
        assert f"sanguo.kind.{kind}" in cat
