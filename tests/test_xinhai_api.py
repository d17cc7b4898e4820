"""辛亥革命 on the common layer: messages in both languages, saves, chance in the log (X10),
private hands (X10) and the hidden-information variant."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from engine.api import SaveError
from engine.messages import keys_used, template
from engine.registry import load_game as load_any
from engine.xinhai import load_game, new_game

SRC = Path(__file__).resolve().parent.parent / "engine" / "xinhai"


def play(g, n, seed=0):
    rng = random.Random(seed)
    for _ in range(n):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_every_key_the_engine_names_is_in_the_catalogue_in_both_languages():
    keys = set()
    for p in SRC.glob("*.py"):
        keys |= set(re.findall(r'"(xinhai\.[a-z_.]+[a-z_])"', p.read_text(encoding="utf-8")))
    from engine.xinhai.data import KINDS, REGIONS, rules
    from engine.xinhai.combat import MELEE_RESULTS, SHOT_RESULTS
    dyn = ([f"xinhai.side.{s}" for s in ("rev", "qing")] + [f"xinhai.kind.{k}" for k in KINDS]
           + [f"xinhai.track.{t}" for t in rules().tracks] + [f"xinhai.region.{r}" for r in REGIONS]
           + [f"xinhai.result.{r}" for r in SHOT_RESULTS + MELEE_RESULTS] + ["xinhai.mode.cmd", "xinhai.mode.rally"]
           + [f"xinhai.stage.{s}" for s in ("marker", "act", "retreat", "track", "reinforce", "region", "ruins",
                                             "trench", "fleet")]
           + [f"xinhai.act.{v}" for v in ("cmd", "rally", "pass", "move", "bridge", "cross", "shoot", "melee",
                                           "morale", "ready", "end", "retreat", "track", "card", "region",
                                           "ruins", "trench", "fleet")])
    keys |= set(dyn)
    assert len(keys) > 100
    for k in sorted(keys):
        if k.endswith("."):
            continue
        assert template(k, "zh") and template(k, "en"), k


def test_events_of_whole_games_render_in_both_languages():
    for setup in ("historical", "random"):
        g = play(new_game(setup=setup, seed=4), 400, seed=4)
        for seat in (0, 1):
            for e in g.events(seat):
                for k in keys_used(e.msg):
                    assert template(k, "zh") and template(k, "en"), k
                for lang in ("zh", "en"):
                    text = e.msg.render(lang)
                    assert text and "{" not in text, (e.msg.key, lang, text)


def test_card_names_in_the_catalogue_match_the_data():
    from engine.xinhai.data import rules

    R = rules()
    for (side, n), e in R.events.items():
        assert (template(f"xinhai.event.{side}.{n}", "zh"), template(f"xinhai.event.{side}.{n}", "en")) == (e.zh, e.en)
    for i, c in R.setup.items():
        assert (template(f"xinhai.setup.{i}", "zh"), template(f"xinhai.setup.{i}", "en")) == (c.zh, c.en)


def test_saves_round_trip_with_forced_dice_and_refuse_corruption():
    g = new_game(setup="random", seed=11)
    rng = random.Random(3)
    forced = False
    for _ in range(300):
        legal = g.legal_actions()
        shots = [a for a in legal if a.verb == "shoot"]
        if shots and not forced:
            g.chance.force((6, 6))  # tests force dice; the save keeps the forced outcome
            g.apply(shots[0])
            forced = True
        else:
            g.apply(rng.choice(legal))
        if g.is_over:
            break
    assert forced and json.loads(g.to_json())["forced"]
    text = g.to_json()
    h = load_any(text)
    assert h.to_json() == text and h.observe(0) == g.observe(0) and h.observe(1) == g.observe(1)
    data = json.loads(text)
    for bad in ({**data, "options": {"setup": "nope", "seed": 1}}, {**data, "options": {"setup": "random"}},
                {**data, "actions": ["fly away"]}, {**data, "forced": {"x": 1}}, {**data, "version": 99}):
        with pytest.raises(SaveError):
            load_game(json.dumps(bad))
    with pytest.raises(SaveError):
        load_game("{")


def test_every_roll_and_draw_is_in_the_log_both_players_see():
    # X10: marker draws, dice, shuffles use the seeded generator and are logged for both players
    g = play(new_game(setup="random", seed=6), 300, seed=6)
    rolls = [r for r in g.chance.record if r.kind == "roll"]
    draws = [r for r in g.chance.record if r.kind == "draw"]
    shuffles = [r for r in g.chance.record if r.kind == "shuffle"]
    for seat in (0, 1):
        ev = [e for e in g.events(seat) if e.chance]
        keys = [e.msg.key for e in ev]
        assert keys.count("xinhai.log.marker") + keys.count("xinhai.log.marker_skip") == len(draws)
        dice_events = [e for e in ev if e.msg.key in ("xinhai.log.shot", "xinhai.log.melee")
                       or (e.msg.key == "xinhai.log.response" and e.msg.kw["dice"] != "-")]
        assert len(dice_events) == len(rolls)
        assert keys.count("xinhai.log.shuffle_deck") + keys.count("xinhai.log.setup_cards") == 2 + 1
    assert len(shuffles) == 1 + 8


def test_the_revolutionary_hand_is_private_in_the_historical_setup():
    # X10: hands are private (the Qing hold all of 6-10, so theirs is known to both)
    g = new_game(setup="historical", seed=9)
    hand = g.hands["rev"]
    o0, o1 = g.observe(0), g.observe(1)
    assert o0["hand"] == hand and o0["hands"]["rev"] == hand
    assert o1["hands"]["rev"] is None and o1["hand_sizes"]["rev"] == 3
    assert o1["hand"] == [6, 7, 8, 9, 10]
    private = [e for e in g.events(0) if e.visible_to is not None]
    assert private and all(e not in g.events(1) for e in private)
    text1 = json.dumps(o1, ensure_ascii=False) + " ".join(e.msg.render("en") for e in g.events(1))
    assert "your hand" not in text1


def test_hidden_variant_keeps_the_observation_and_changes_hidden_facts():
    g = play(new_game(setup="historical", seed=2), 30, seed=1)
    seen = set()
    rng = random.Random(0)
    for _ in range(12):
        v = g.hidden_variant(1, rng)  # the Qing do not see the revolutionary hand
        assert v.observe(1) == g.observe(1)
        if g.current_player == 1:
            assert v.legal_action_texts() == g.legal_action_texts()
        seen.add(tuple(v.hands["rev"]))
    assert len(seen) > 1
    v = g.hidden_variant(0, rng)  # nothing is hidden from the revolutionaries in this set-up
    assert v.hands == g.hands and v.observe(0) == g.observe(0)
    r = play(new_game(setup="random", seed=3), 20, seed=2)
    decks = {tuple(r.hidden_variant(0, rng).decks["rev"]) for _ in range(8)}
    assert len(decks) > 1  # face-down event decks are unknown to both
    assert all(r.hidden_variant(1, rng).observe(1) == r.observe(1) for _ in range(3))


def test_clone_is_independent_and_replay_gives_prefixes():
    g = play(new_game(seed=5), 50)
    c = g.clone()
    before = g.to_json()
    play(c, 30, seed=9)
    assert g.to_json() == before
    assert len(g.replay(10).log) == 10


def test_describe_and_steps():
    g = new_game(seed=1)
    for a in g.legal_actions():
        for lang in ("zh", "en"):
            assert "{" not in g.describe(a).render(lang)
        assert g.action_for(g.action_steps(a)) == a
    assert g.seat_name(0).render("zh") == "革命軍" and g.seat_name(1).render("en") == "the Qing"


def test_every_action_of_whole_games_is_described_in_words_not_ids():
    """The status line, the move list and the replay say an action by ``describe``: a region or a response track by
    its name (武昌, 清軍), never by its id (found by random input: "清軍：地區 wuchang" on a Chinese screen)."""
    from engine.xinhai.actions import Act
    from engine.xinhai.data import REGIONS

    g = new_game(seed=1)
    ids = set(REGIONS) | set(g.R.tracks)
    assert g.describe(Act("region", ("wuchang",))).render("zh") == "地區 武昌"
    assert g.describe(Act("region", ("hanyang",))).render("en") == "region Hanyang"
    assert g.describe(Act("track", ("army",))).render("zh") == "響應值加在 清軍"
    assert g.describe(Act("track", ("north",))).render("en") == "response points on North"
    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        game = new_game(seed=seed)
        while not game.is_over and len(game.log) < 400:
            a = rng.choice(game.legal_actions())
            seen.add(a.verb)
            for lang in ("zh", "en"):
                said = game.describe(a).render(lang)
                assert not (set(re.findall(r"[a-z]+", said)) & ids), (a, said)
            game.apply(a)
    assert {"region", "track"} & seen  # the games reached those decisions


def test_observe_all_shows_both_hands_and_the_decks_for_the_replay_viewer():
    # issue 23: the replay viewer's "everything" (engine/api.py observe_all): the private hand (X10, historical
    # set-up: the revolutionaries'), the hidden event decks in their order (random set-up), every log entry;
    # the board, tracks and decision as both seats see them
    for setup, hidden in (("historical", lambda o: o["hands"]["rev"]), ("random", lambda o: o["decks"]["qing"])):
        g = play(new_game(setup=setup, seed=4), 25)
        seen = g.observe(1)
        assert hidden(seen) is None  # hidden from the Qing during play (X10)
        everything = g.observe_all()
        assert everything["hands"] == {s: sorted(g.hands[s]) for s in ("rev", "qing")}
        assert everything["decks"] == {s: list(g.decks[s]) for s in ("rev", "qing")}
        assert hidden(everything) is not None
        assert everything["events"] == len(g._events) >= max(seen["events"], g.observe(0)["events"])
        if setup == "historical":
            assert everything["events"] > seen["events"]  # the revolutionaries' private entries too
        same = ("units", "trenches", "pontoons", "ruins", "morale", "tracks", "bag", "round", "decision")
        assert {k: everything[k] for k in same} == {k: seen[k] for k in same}
        start = g.replay(0)
        assert start.observe_all()["hands"] == {s: sorted(start.hands[s]) for s in ("rev", "qing")}
