"""The one save envelope of every game (issue 23.4) and forced chance outcomes checked at load (issue 29.1):
every game writes the same top-level keys, saves from before the envelope still load, a forced outcome
a draw cannot have or a draw the game never made is a SaveError naming the entry (never a ChanceError,
never a game that breaks on a later move)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from client.savefile import load_text
from engine import registry
from engine.api import SaveError
from engine.replay import replay
from engine.saves import ENVELOPE_KEYS

OLD = Path(__file__).resolve().parent / "data" / "saves_v1"  # saves written before the one envelope
SMALL = {"shachang": {"preset": "standard", "items": True, "item_seed": 4}, "sanguo": {"variant": "jieqi"}}


def _played(gid: str, seed: int, n: int, rng_seed: int = 1):
    """A game of ``gid`` after up to ``n`` random legal actions."""
    opts = dict(registry.get(gid).options)
    opts.update(SMALL.get(gid, {}))
    opts["seed"] = seed
    g = registry.get(gid).new_game(**opts)
    rng = random.Random(rng_seed)
    for _ in range(n):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("gid", sorted(registry.GAMES))
def test_every_game_writes_the_same_top_level_keys(gid):
    g = _played(gid, 3, 6)
    data = json.loads(g.to_json())
    assert tuple(data) == ENVELOPE_KEYS
    assert data["game"] == gid and isinstance(data["options"], dict) and isinstance(data["start"], dict)
    assert isinstance(data["forced"], dict) and data["actions"] == [str(a) for a in g.log]
    assert registry.load_game(g.to_json()).to_json() == g.to_json()


def test_the_keys_are_the_same_for_all_six_games():
    keys = {gid: tuple(json.loads(_played(gid, 1, 2).to_json())) for gid in registry.GAMES}
    assert len(set(keys.values())) == 1 and len(keys) >= 6, keys


def test_forced_outcomes_are_saved_under_forced_in_every_game():
    """The four games that force chance (tests, hidden variants) keep it under one key."""
    g = registry.get("xinhai").new_game(setup="random", seed=11)
    rng = random.Random(3)
    while not [a for a in g.legal_actions() if a.verb == "shoot"]:
        g.apply(rng.choice(g.legal_actions()))
    g.chance.force((6, 6))
    g.apply(next(a for a in g.legal_actions() if a.verb == "shoot"))
    anqi = registry.get("anqi").new_game(seed=5).hidden_variant(0, random.Random(9))
    jieqi = registry.get("sanguo").new_game(variant="jieqi", seed=4)
    jieqi.apply(jieqi.legal_actions()[0])
    jieqi = jieqi.hidden_variant(1, random.Random(2))
    for game in (g, anqi, jieqi):
        data = json.loads(game.to_json())
        assert data["forced"] and "chance" not in data, game.game_id
        assert registry.load_game(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("path", sorted(OLD.glob("*.json")), ids=lambda p: p.stem)
def test_saves_from_before_the_envelope_still_load(path):
    """Read both, write one: 百格 and 暗棋's own JSON, 辛亥革命 and 暗棋's "chance", 沙场秋点兵's
    top-level map and setup; the loaded game is saved back in the envelope and loads again the same."""
    text = path.read_text(encoding="utf-8")
    old = json.loads(text)
    g, seats, viewer, _ = load_text(text)
    if old.get("format") == "zhanqi-client-save":
        assert seats == old["seats"] and viewer == old["viewer"]
        old = json.loads(old["engine_save"])
    assert [str(a) for a in g.log] == old["actions"]
    new = json.loads(g.to_json())
    assert tuple(new) == ENVELOPE_KEYS
    if old.get("chance") or old.get("forced"):
        assert new["forced"] == (old.get("forced") or old.get("chance"))
    h = registry.load_game(g.to_json())
    assert h.to_json() == g.to_json()
    for p in range(g.num_players):
        assert repr(h.observe(p)) == repr(g.observe(p))


def test_old_shachang_save_with_item_forced_in_options_loads():
    g = _played("shachang", 3, 4)
    g.items.chance.forced[len(g.items.chance.record) - 1] = g.items.chance.record[-1].outcome \
        if g.items.chance.record else None
    data = json.loads(g.to_json())
    if not data["forced"]:
        pytest.fail("the items drew nothing: pick another seed")
    old = {"game": "shachang", "version": 1, "options": {**data["options"], "item_forced": data["forced"]},
           "actions": data["actions"], **data["start"]}
    h = registry.load_game(json.dumps(old))
    assert h.to_json() == g.to_json()


# ------------------------------------------------------------------ issue 29.1: the reproducers
def _until_fire(seed: int = 1):
    g = registry.get("jiangshan").new_game(seed=seed)
    rng = random.Random(0)
    while not g.is_over:
        a = rng.choice(g.legal_actions())
        g.apply(a)
        if str(a).startswith("fire"):
            return g
    pytest.fail("no fire action in the random game")


def test_jiangshan_forced_999_is_refused_at_load_naming_the_entry():
    data = json.loads(_until_fire().to_json())
    data["forced"] = {"0": 999}
    with pytest.raises(SaveError, match=r'forced\["0"\] = 999'):
        registry.load_game(json.dumps(data))


def test_jiangshan_old_key_and_a_draw_never_made_are_refused_too():
    g = _until_fire()
    data = json.loads(g.to_json())
    old = {k: v for k, v in data.items() if k != "forced"}
    with pytest.raises(SaveError, match=r'forced\["0"\] = 999'):
        registry.load_game(json.dumps({**old, "chance": {"0": 999}}))
    later = len(g.chance.record) + 3
    with pytest.raises(SaveError, match=rf'forced\["{later}"\] = \[3\] is for draw {later}'):
        registry.load_game(json.dumps({**data, "forced": {str(later): [3]}}))


def test_xinhai_chance_2_0_is_refused_at_load_naming_the_entry():
    g = registry.get("xinhai").new_game(seed=1)
    rng = random.Random(0)
    for _ in range(30):
        g.apply(rng.choice(g.legal_actions()))
    data = json.loads(g.to_json())
    old = {k: v for k, v in data.items() if k != "forced"}
    for bad in ({**old, "chance": {"2": 0}}, {**data, "forced": {"2": 0}}):  # the old key and the new
        with pytest.raises(SaveError, match=r'forced\["2"\] = 0'):
            registry.load_game(json.dumps(bad))
    later = len(g.chance.record)
    with pytest.raises(SaveError, match=rf'forced\["{later}"\] = \[6, 6\] is for draw {later}'):
        registry.load_game(json.dumps({**data, "forced": {str(later): [6, 6]}}))


def test_a_prefix_replay_keeps_the_later_forced_outcomes():
    """engine.replay.replay loads the first n actions of a game whose later draws were forced."""
    g = registry.get("xinhai").new_game(setup="random", seed=11)
    rng = random.Random(3)
    while not [a for a in g.legal_actions() if a.verb == "shoot"]:
        g.apply(rng.choice(g.legal_actions()))
    n = len(g.log)
    g.chance.force((6, 6))
    g.apply(next(a for a in g.legal_actions() if a.verb == "shoot"))
    assert replay(g, n).to_json() != g.to_json() and len(replay(g, n).log) == n
    assert replay(g, n + 1).to_json() == g.to_json()


# ------------------------------------------------------------------ fuzz: forced entries of every game
VALUES = [999, -1, 0, 1, 2, 6, True, None, "x", "魏兵", [], [1], [6, 6], [7, 7], [0, 1], [[1, 2]], {"a": 1}, 1.5]


@pytest.mark.parametrize("gid", sorted(registry.GAMES))
def test_fuzzed_forced_entries_give_save_error_or_a_game_that_plays_on(gid):
    """Issue 29: mutated forced/chance entries give only SaveError at load, and a game that loads plays
    on (random actions, saved and loaded again) without any error."""
    rng = random.Random(f"fuzz-{gid}")  # a str seed: the same cases in every run (hash() of a str is not)
    loaded = refused = 0
    for trial in range(80 if gid != "shachang" else 30):
        g = _played(gid, trial, rng.randrange(2, 30), trial)
        data = json.loads(g.to_json())
        chances = [c for c in (getattr(g, "chance", None), getattr(getattr(g, "items", None), "chance", None))
                   if c is not None]
        drawn = max((len(c.record) for c in chances), default=0)
        forced = dict(data["forced"])
        for _ in range(rng.randrange(1, 3)):
            i = rng.randrange(0, drawn + 3)
            r = rng.random()
            if r < 0.3 and i < len(chances[0].record if chances else ()):  # the outcome that fell: loads
                v = json.loads(json.dumps(chances[0].record[i].outcome))
            elif r < 0.6 and chances and chances[0].record:  # a real outcome at a wrong index
                v = json.loads(json.dumps(rng.choice(chances[0].record).outcome))
            else:
                v = rng.choice(VALUES)
            forced[str(i)] = v
        key = "forced" if rng.random() < 0.7 else "chance"
        bad = {k: v for k, v in data.items() if k != "forced"}
        bad[key] = forced
        try:
            h = registry.load_game(json.dumps(bad))
        except SaveError:
            refused += 1
            continue
        loaded += 1
        for _ in range(15):
            if h.is_over:
                break
            legal = h.legal_actions()
            assert legal, f"{gid}: a loaded game with no legal action while not over"
            h.apply(rng.choice(legal))
        assert registry.load_game(h.to_json()).to_json() == h.to_json()
    assert refused > 0 and refused + loaded == trial + 1
    assert loaded > 0 or gid == "baige", f"{gid}: no mutated save loaded (the play-on half never ran)"
