"""暗战洛阳城 on the common Game API: random play contract, parsing, saves, determinism, registry."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from engine import registry
from engine.api import IllegalAction, ParseError, Placement, SaveError
from engine.anqi import Flip, Move, load_game, new_game
from engine.anqi.board import layout
from engine.agents import RandomAgent
from engine.arena import play

NAMES = layout().names


def snapshot(g):
    return (g.to_json(), json.dumps(g.observe(0), ensure_ascii=False), list(g.record), g.current_player,
            dict(g._hidden))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_play_contract(seed):
    g = new_game(seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        texts = {str(a) for a in legal}
        assert legal and len(texts) == len(legal)
        # every action round-trips through its text
        for a in legal:
            assert g.parse_action(str(a)) == a
        # a sample of legal actions applies on a copy
        for a in rng.sample(legal, min(4, len(legal))):
            c = g.clone()
            c.apply(a)
            assert len(c.log) == len(g.log) + 1
        # random non-legal actions raise IllegalAction and change nothing
        before = snapshot(g)
        for _ in range(6):
            src, dst = rng.choice(NAMES), rng.choice(NAMES)
            for text in (f"move {src} {dst}", f"flip {src}"):
                if text not in texts:
                    with pytest.raises(IllegalAction) as e:
                        g.apply(text)
                    assert e.value.rule
                    assert snapshot(g) == before
                else:
                    g.clone().apply(text)
        g.apply(rng.choice(legal))
        steps += 1
        assert steps < 20_000
    assert g.current_player == -1 and g.legal_actions() == []
    r = g.ranking()
    assert sorted(p.player for p in r) == [0, 1, 2]
    assert [p.place for p in r] == [1, 2, 3]
    assert all(isinstance(p, Placement) for p in r)
    # save / load round trip
    h = load_game(g.to_json())
    assert h.record == g.record and h.observe(1) == g.observe(1) and h.ranking() == g.ranking()
    assert registry.load_game(g.to_json()).record == g.record


def test_check_agrees_with_legal_actions_everywhere():
    g = new_game(seed=4)
    rng = random.Random(4)
    for _ in range(80):
        if g.is_over:
            break
        texts = set(g.legal_action_texts())
        for src in NAMES:
            for dst in NAMES:
                t = f"move {src} {dst}"
                try:
                    g.check(t)
                    ok = True
                except IllegalAction:
                    ok = False
                assert ok == (t in texts), t
        g.apply(rng.choice(g.legal_actions()))


def test_parse_errors():
    g = new_game()
    for bad in ("", "flip", "flip a1", "move e2", "move e2 e3 e4", "jump e2 e3", "flip z9", "flip e10", 42):
        with pytest.raises(ParseError):
            g.parse_action(bad)
    assert g.parse_action("  FLIP  B2 ") == Flip("b2")
    assert g.parse_action("move e2 e3") == Move("e2", "e3")
    assert str(Move("e2", "e3")) == "move e2 e3" and str(Flip("b2")) == "flip b2"
    with pytest.raises(IllegalAction) as e:
        g.apply("flip a1")  # text that names no action: IllegalAction too, state untouched
    assert e.value.rule == "syntax"
    with pytest.raises(IllegalAction):
        g.apply(Flip("a1"))
    with pytest.raises(IllegalAction):
        g.apply(object())


def test_actions_are_frozen():
    a = Flip("b2")
    with pytest.raises(Exception):
        a.cell = "c2"
    assert hash(Move("b2", "b3")) == hash(Move("b2", "b3"))


def test_new_game_options():
    with pytest.raises(ValueError):
        new_game(players=2)
    with pytest.raises(ValueError):
        new_game(players=4)
    with pytest.raises(ValueError):
        new_game(seed="x")
    assert new_game(seed=3, players=3, unknown_option=1).num_players == 3


def test_saves_corrupt_or_foreign_raise_save_error():
    g = new_game(seed=5)
    g.apply(g.legal_actions()[0])
    good = json.loads(g.to_json())
    assert good == {"game": "anqi", "version": 1, "options": {"seed": 5, "players": 3}, "start": {},
                    "actions": [str(g.log[0])], "forced": {}}  # the one envelope (engine.saves)
    opts = good["options"]
    bad = [
        "not json",
        "[]",
        json.dumps({**good, "game": "shachang"}),
        json.dumps({**good, "version": 2}),
        json.dumps({**good, "options": {**opts, "seed": "5"}}),
        json.dumps({**good, "options": {**opts, "seed": True}}),
        json.dumps({**good, "options": {**opts, "players": 2}}),
        json.dumps({**good, "actions": "flip b2"}),
        json.dumps({**good, "actions": [1]}),
        json.dumps({**good, "actions": ["move e2 e9"]}),
        json.dumps({**good, "actions": ["flip zz"]}),
        json.dumps({**good, "actions": good["actions"] * 2}),  # flipping the same cell twice
    ]
    for text in bad:
        with pytest.raises(SaveError):
            load_game(text)
    assert load_game(json.dumps(good)).record == g.record
    old = {"game": "anqi", "version": 1, "seed": 5, "players": 3, "actions": good["actions"]}  # before the envelope
    assert load_game(json.dumps(old)).record == g.record
    for text in (json.dumps({**old, "seed": "5"}), json.dumps({**old, "players": 2})):
        with pytest.raises(SaveError):
            load_game(text)


def test_determinism_same_seed_same_game():
    def run(seed):
        g = new_game(seed=seed)
        return play(g, [RandomAgent(seed * 10 + s) for s in range(3)])
    a, b = run(12), run(12)
    assert a.record == b.record and a.to_json() == b.to_json()
    assert run(13).record != a.record


def test_clone_is_independent():
    g = new_game(seed=6)
    c = g.clone()
    c.apply(c.legal_actions()[0])
    assert g.log == [] and len(c.log) == 1
    assert g.observe(0)["record"] == []


def test_registry_entry():
    info = registry.get("anqi")
    assert info.board == "cells" and info.options["players"] == 3
    g = info.new_game(seed=9, players=3)
    assert g.game_id == "anqi" and g.num_players == 3
    assert registry.load_game(g.to_json()).observe(0) == g.observe(0)


def test_observe_rejects_unknown_seats():
    g = new_game()
    with pytest.raises(ValueError):
        g.observe(3)


def test_targets_for_highlighting():
    from engine.anqi.game import setup
    g = setup({"h5": "吴君", "e8": "魏君", "e2": "蜀君", "b3": "吴炮", "f3": "魏马"}, {"c3": "魏兵"})
    assert sorted(g.targets("b3")) == ["b2", "b4", "f3"]
    assert g.targets("f3") == [] and g.targets("c3") == []


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 1_000_000), st.integers(0, 400))
def test_invariants_and_mid_game_saves(seed, steps):
    from collections import Counter
    from engine.anqi.rules import HIDDEN, Up
    g = new_game(seed=seed)
    rng = random.Random(seed)
    start = Counter(g._hidden.values())
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
        pos = g.pos
        hidden_cells = [i for i, t in enumerate(pos.board) if t == HIDDEN]
        assert len(hidden_cells) == sum(pos.pool.values()) == len(g._hidden)
        assert set(hidden_cells) == set(g._hidden)
        assert Counter(g._hidden.values()) == Counter(pos.pool)
        ups = Counter((t.printed, t.kind) for t in pos.board if type(t) is Up and t.printed < 3)
        for ident, n in start.items():
            assert ups[ident] + pos.pool.get(ident, 0) <= n
        for t in pos.board:
            if type(t) is Up:
                # a faction that is out keeps only the pieces it was stuck with (AQ6), never its ruler
                assert t.owner not in pos.out or (pos.out_reason[t.owner] == "no legal action"
                                                  and t.kind != "ruler")
                if t.printed == 3 and t.kind != "emperor":
                    assert (t.owner is None) == (pos.qinwang is None) or t.owner == pos.qinwang
        assert g.is_over or g.current_player not in pos.out
    h = load_game(g.to_json())
    assert h.observe(0) == g.observe(0) and h._hidden == g._hidden
