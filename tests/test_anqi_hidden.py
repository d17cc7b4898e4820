"""暗战洛阳城: face-down identities never reach an observation, the record or the legal actions."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from engine.anqi import new_game
from engine.anqi.board import layout
from engine.anqi.game import AnqiGame
from engine.anqi.ai import make_agent

HIDDEN_NAMES = [f + k for f in "吴魏蜀" for k in "士相车马炮兵"]


def obs_json(g, p=0) -> str:
    return json.dumps(g.observe(p), ensure_ascii=False, sort_keys=True)


def test_fresh_observation_names_no_face_down_piece():
    g = new_game(seed=3)
    for p in range(3):
        text = obs_json(g, p)
        for name in HIDDEN_NAMES:
            assert name not in text
        assert list(g.observe(p)["board"].values()).count("hidden") == 45
        assert "seed" not in g.observe(p)  # the seed would give the deal away


def test_observation_has_only_flipped_identities():
    g = new_game(seed=11)
    rng = random.Random(1)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    shown = {v["piece"] for v in g.observe(0)["board"].values() if isinstance(v, dict)}
    text = obs_json(g)
    for cell, (f, k) in g._hidden.items():
        name = layout().names[cell]
        assert g.observe(0)["board"][name] == "hidden"
        piece = layout().piece_name(f, k)
        # a still face-down identity may appear in the text only if a face-up piece or the record shows it
        if piece in text:
            assert piece in shown or any(piece in r for r in g.record)


def swapped(g: AnqiGame) -> AnqiGame:
    """The same start as ``g`` but with the identities of two differing face-down cells swapped."""
    h = dict(g._hidden)
    cells = sorted(h)
    a = cells[0]
    b = next(c for c in cells if h[c] != h[a])
    h[a], h[b] = h[b], h[a]
    return AnqiGame(seed=g.seed, hidden=h), (a, b)


def test_deals_differing_only_in_hidden_pieces_give_equal_observations():
    g = new_game(seed=21)
    g2, (a, b) = swapped(g)
    assert g._hidden != g2._hidden
    names = layout().names
    rng = random.Random(5)
    for _ in range(60):
        assert g.observe(0) == g2.observe(0)
        assert obs_json(g, 1) == obs_json(g2, 1)
        assert g.legal_action_texts() == g2.legal_action_texts()
        acts = [x for x in g.legal_actions() if str(x) not in (f"flip {names[a]}", f"flip {names[b]}")]
        x = rng.choice(acts)
        g.apply(x)
        g2.apply(x)
    assert g.observe(2) == g2.observe(2)
    assert g.record == g2.record


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_any_two_fresh_deals_look_the_same(s1, s2):
    assert new_game(seed=s1).observe(0) == new_game(seed=s2).observe(0)


def test_flip_record_text_is_public_only_after_the_flip():
    g = new_game(seed=2)
    cell = min(g._hidden)
    f, k = g._hidden[cell]
    name = layout().names[cell]
    piece = layout().piece_name(f, k)
    assert not any(name in r for r in g.record)
    g.apply(f"flip {name}")
    assert g.record[-1] == f"吴 flip {name}={piece}"
    assert g.observe(1)["record"][-1] == g.record[-1]
    assert g.observe(1)["board"][name]["piece"] == piece
    # the action log and the save hold the flip without the identity
    assert str(g.log[-1]) == f"flip {name}"
    assert json.loads(g.to_json())["actions"][-1] == f"flip {name}"


def test_agent_choice_depends_only_on_the_observation():
    g = new_game(seed=8)
    g2, (a, b) = swapped(g)
    names = layout().names
    rng = random.Random(9)
    for _ in range(30):
        acts = [x for x in g.legal_actions() if str(x) not in (f"flip {names[a]}", f"flip {names[b]}")]
        x = rng.choice(acts)
        g.apply(x)
        g2.apply(x)
    for level in ("easy", "normal", "hard"):
        p = g.current_player
        a1 = make_agent(level, seed=4, seat=p).act(g.observe(p), g.legal_actions())
        a2 = make_agent(level, seed=4, seat=p).act(g2.observe(p), g2.legal_actions())
        assert a1 == a2


# --- issue 18: the deal must not follow from anything shown during play --------------------------------

def test_a_game_without_a_seed_gets_an_unpredictable_deal():
    from engine.anqi.game import deal
    games = [new_game() for _ in range(4)]
    deals = [tuple(sorted(g._hidden.items())) for g in games]
    assert len(set(deals)) == 4  # fresh 63-bit seeds: equal deals would be a broken generator
    assert len({g.seed for g in games}) == 4 and all(g.seed not in range(0, 1000) for g in games)
    for g in games:
        assert g._hidden == deal(g.seed)  # the save's seed replays the deal
        # nothing a player is shown carries the seed
        texts = [obs_json(g, p) for p in range(3)] + [e.msg.render(l) for e in g.events(0) for l in ("zh", "en")]
        assert not any(str(g.seed) in t for t in texts)
    assert make_agent("hard", seed=None).rng.random() != make_agent("hard", seed=None).rng.random()


def test_explicit_seeds_still_reproduce_the_deal():
    assert new_game(seed=7)._hidden == new_game(seed=7)._hidden != new_game(seed=8)._hidden


def test_hidden_variant_reshuffles_only_face_down_pieces_and_keeps_the_pool():
    from collections import Counter
    g = new_game(seed=30)
    rng = random.Random(2)
    for _ in range(25):
        g.apply(rng.choice(g.legal_actions()))
    v = g.hidden_variant(1, random.Random(7))
    assert set(v._hidden) == set(g._hidden) and v._hidden != g._hidden
    assert Counter(v._hidden.values()) == Counter(g._hidden.values())  # the public pool is unchanged
    for p in range(3):
        assert obs_json(v, p) == obs_json(g, p)
    assert v.legal_action_texts() == g.legal_action_texts() and v.record == g.record
    # the variant is a game of its own: a flip reveals its identity, the original is untouched
    cell = next(c for c in sorted(g._hidden) if g._hidden[c] != v._hidden[c])
    name = layout().names[cell]
    before = obs_json(g)
    v.apply(f"flip {name}")
    assert v.observe(0)["board"][name]["piece"] == layout().piece_name(*v._deal[cell])
    assert obs_json(g) == before
    # its recorded deal was forced to match, so a replay of its chance gives the variant
    assert AnqiGame(seed=g.seed, forced=dict(v.chance.forced))._hidden == v._deal
    with pytest.raises(ValueError):
        g.hidden_variant(3, random.Random(1))


def test_a_forced_deal_is_saved_and_replays_exactly():
    """A hidden variant (or a test's forced deal) saves its deal, so the save replays to the same pieces."""
    import random

    from engine import registry
    from engine.anqi.game import AnqiGame

    g = AnqiGame(seed=5)
    for a in g.legal_actions()[:1]:
        g.apply(a)
    v = g.hidden_variant(0, random.Random(3))
    assert v._hidden != g._hidden
    text = v.to_json()
    back = registry.load_game(text)
    assert back._hidden == v._hidden and back.to_json() == text
    assert "chance" not in g.to_json()  # an ordinary game: seed and actions say it all
