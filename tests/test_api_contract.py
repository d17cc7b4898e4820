"""One generic test of the common state API for every registered game (OpenSpiel style).

Random games: every legal action applies, text round-trips, illegal text
raises and changes nothing, save/load round-trips at every step, and the
registry's load_game dispatches on the save.
"""
from __future__ import annotations

import json
import random

import pytest

from engine import registry
from engine.api import Game, IllegalAction, ParseError, SaveError
from tests.cases_util import _case, _cases, _games
from tests.golden import GOLDEN, obs_digest, obs_text, options_for

# small options per game so the generic test stays quick
SMALL = {"shachang": {"preset": "standard"}}


@pytest.mark.parametrize("case", _cases())
def test_random_play_respects_the_api(case):
    game_id, extra = _case(case)
    info = registry.get(game_id)
    for seed in range(2):
        opts = dict(info.options)
        opts.update(SMALL.get(game_id, {}))
        opts.update(extra)
        opts["seed"] = seed
        g = info.new_game(**opts)
        assert isinstance(g, Game)
        rng = random.Random(seed)
        steps = 0
        while not g.is_over and steps < 150:
            legal = g.legal_actions()
            assert legal, "a game that is not over must offer an action"
            seat = g.current_player
            assert 0 <= seat < g.num_players
            a = rng.choice(legal)
            assert str(g.parse_action(str(a))) == str(a), "action text must round-trip"
            # a foreign text raises and changes nothing
            before = g.to_json()
            with pytest.raises((IllegalAction, ParseError)):
                g.apply("definitely not an action 42")
            assert g.to_json() == before
            g.apply(a)
            steps += 1
            if steps % 10 == 0:
                text = g.to_json()
                g2 = registry.load_game(text)
                assert type(g2) is type(g) and g2.to_json() == text
                assert [str(x) for x in g2.log] == [str(x) for x in g.log]
            for p in range(g.num_players):
                g.observe(p)
        if g.is_over:
            places = g.ranking()
            assert sorted(p.player for p in places) == list(range(g.num_players))
            assert g.legal_actions() == []
            with pytest.raises(IllegalAction):
                g.apply(str(legal[0]))


@pytest.mark.parametrize("game_id", _games())
def test_foreign_or_corrupt_saves_are_refused(game_id):
    info = registry.get(game_id)
    with pytest.raises(SaveError):
        info.load_game("{broken")
    with pytest.raises(SaveError):
        info.load_game(json.dumps({"game": "some-other-game", "version": 1}))
    with pytest.raises(SaveError):
        registry.load_game(json.dumps({"game": "no-such-game"}))


# ---------------------------------------------------------------------- the common layer's generic checks


def _walk(case: str, seed: int, steps: int):
    """(game, positions): a random game of ``steps`` actions and copies of some positions on the way."""
    game_id, extra = _case(case)
    info = registry.get(game_id)
    g = info.new_game(**{**options_for(game_id, seed), **extra})
    rng = random.Random(seed)
    positions = []
    for i in range(steps):
        if g.is_over:
            break
        if i % 5 == 0:
            positions.append(g.clone())
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    positions.append(g.clone())
    return g, positions


def _outcome(game, text: str) -> str:
    """What applying ``text`` to a copy of ``game`` does: "ok" or the refusal's rule and message."""
    c = game.clone()
    try:
        c.apply(c.parse_action(text))
    except IllegalAction as e:
        return f"illegal [{e.rule}] {e.message}"
    except ParseError as e:
        return f"parse {e}"
    return "ok"


@pytest.mark.parametrize("game_id", _cases())
def test_clone_is_independent(game_id):
    g, positions = _walk(game_id, 3, 30)
    for pos in positions:
        if pos.is_over:
            continue
        before = pos.to_json()
        before_legal = pos.legal_action_texts()
        c = pos.clone()
        assert c.to_json() == before and c.legal_action_texts() == before_legal
        a = c.legal_actions()[0]
        c.apply(a)
        assert pos.to_json() == before, "applying to a clone changed the original"
        assert pos.legal_action_texts() == before_legal
        d = pos.clone()
        pos.apply(pos.parse_action(str(a)))
        assert d.to_json() == before, "applying to the original changed an earlier clone"


@pytest.mark.parametrize("game_id", _cases())
def test_legal_actions_are_complete(game_id):
    """Every action text that applies in a position is listed by legal_actions there (offers and
    resignations included): texts seen as legal anywhere in other games are tried everywhere."""
    pool: set[str] = set()
    walks = [_walk(game_id, s, 40) for s in (11, 12)]
    for g, positions in walks:
        for p in positions:
            pool.update(p.legal_action_texts())
    pool_list = sorted(pool)[:300]
    for g, positions in walks:
        for p in positions[:6]:
            if p.is_over:
                continue
            legal = set(p.legal_action_texts())
            for text in pool_list:
                if text not in legal:
                    assert not _outcome(p, text).startswith("ok"), \
                        f"{text!r} applies but is not among the legal actions"


@pytest.mark.parametrize("game_id", _cases())
def test_step_building_reaches_every_legal_action(game_id):
    """The client builds actions step by step from the engine's lists (no text parsing): walking
    next_steps from the empty prefix reaches each legal action, and action_for gives it back."""
    g, positions = _walk(game_id, 5, 25)
    for p in positions[:4]:
        if p.is_over:
            continue
        legal = p.legal_actions()
        for a in legal[:40]:
            steps = p.action_steps(a)
            assert steps, "an action has at least one step"
            for k in range(len(steps)):
                assert steps[k] in p.next_steps(steps[:k])
            assert str(p.action_for(steps)) == str(a)
            assert str(a) in [str(x) for x in p.actions_with_prefix(steps[:1])]


@pytest.mark.parametrize("game_id", _cases())
def test_messages_render_in_both_languages(game_id):
    """Refusals, move descriptions, seat names and the end reason are keyed messages whose catalogue has zh and en."""
    from engine.messages import Msg, keys_used, template

    g, positions = _walk(game_id, 9, 60)
    pool = {t for p in positions for t in p.legal_action_texts()}
    msgs: list = []
    for p in positions:
        if p.is_over:
            msgs.append(p.end_reason())
            continue
        msgs += [p.seat_name(s) for s in range(p.num_players)]
        for a in p.legal_actions()[:10]:
            d = p.describe(a)
            assert getattr(d, "key", "common.text") != "common.text", \
                f"{game_id}: describe({a}) is not keyed (the client could not translate it)"
            msgs.append(d)
        for text in ("definitely not an action 42",):
            try:
                p.apply(text)
            except (IllegalAction, ParseError) as e:
                if isinstance(e, IllegalAction):
                    msgs.append(e.msg)
        # refusals of real-looking actions (texts legal elsewhere) carry the game's own keys
        for text in sorted(set(pool) - set(p.legal_action_texts()))[:30]:
            c = p.clone()
            try:
                c.apply(c.parse_action(text))
            except IllegalAction as e:
                assert e.msg.key != "common.text", f"{game_id}: refusal of {text!r} is not keyed: {e}"
                msgs.append(e.msg)
            except ParseError:
                pass
        for pl in range(p.num_players):
            msgs += [ev.msg for ev in p.events(pl)]
    if g.is_over:
        msgs.append(g.end_reason())
        msgs += [pl.msg for pl in g.ranking() if pl.msg is not None]
    for m in msgs:
        assert isinstance(m, Msg), f"{m!r} is not a keyed message"
        for k in keys_used(m):
            assert template(k, "zh") is not None and template(k, "en") is not None, f"no catalogue text for {k}"
        for lang in ("zh", "en"):
            s = m.render(lang)
            assert s and "{" not in s, f"{m.key} renders badly in {lang}: {s!r}"


def test_every_catalogue_has_both_languages():
    from engine.messages import ASSETS, catalogue

    files = sorted(ASSETS.glob("*.toml"))
    assert any(f.stem == "common" for f in files)
    for f in files:
        cat = catalogue(f.stem)  # raises CatalogueError if a key lacks zh or en
        assert cat, f"{f.name} is empty"
        for key, texts in cat.items():
            assert texts["zh"].strip() and texts["en"].strip(), f"{f.name}: {key} has an empty text"
            if f.stem != "common":
                assert key.startswith(f.stem + "."), f"{f.name}: key {key} lacks the {f.stem}. prefix"


def _hidden_cases():
    """The cases whose game hides something from someone (hidden_information): the only ones the
    hidden-information check applies to (a game that hides nothing has nothing to probe)."""
    out = []
    for case in _cases():
        gid, extra = _case(case)
        if registry.get(gid).new_game(**{**options_for(gid, 0), **extra}).hidden_information:
            out.append(case)
    return out


def test_games_with_hidden_facts_are_probed():
    """The games whose rules hide things declare it, so the check below runs for them."""
    hidden = {_case(c)[0] for c in _hidden_cases()}
    assert {"anqi", "shachang"} <= hidden
    assert "sanguo:variant=jieqi" in _hidden_cases()


@pytest.mark.parametrize("game_id", _hidden_cases())
def test_hidden_facts_do_not_change_what_a_player_sees(game_id):
    """For games with hidden information: a variant with other hidden facts gives the same observation,
    the same legal-action texts, and the same refusal (or acceptance) for every probed text."""
    gid, extra = _case(game_id)
    g0 = registry.get(gid).new_game(**{**options_for(gid, 0), **extra})
    assert g0.hidden_information
    pool: set[str] = set()
    walks = [_walk(game_id, s, 40) for s in (21, 22)]
    for g, positions in walks:
        for p in positions:
            pool.update(p.legal_action_texts())
    probes = sorted(pool)[:200]
    rng = random.Random(5)
    compared = 0
    for g, positions in walks:
        for p in positions[:6]:
            if p.is_over:
                continue
            seat = p.current_player
            for viewer in range(p.num_players):
                v = p.hidden_variant(viewer, rng)
                assert obs_text(v, viewer) == obs_text(p, viewer)
            v = p.hidden_variant(seat, rng)
            assert v.legal_action_texts() == p.legal_action_texts()
            for text in probes:
                a, b = _outcome(p, text), _outcome(v, text)
                assert a == b, f"{text!r} is answered differently when hidden facts differ: {a!r} vs {b!r}"
                compared += 1
    assert compared > 0


def _golden_ids():
    return sorted(p.stem for p in GOLDEN.glob("*.json"))


def test_every_game_has_a_golden_playthrough():
    missing = sorted(set(_games()) - set(_golden_ids()))
    assert not missing, f"no golden playthrough for {missing}: run python -m tests.golden {' '.join(missing)}"


@pytest.mark.parametrize("game_id", _golden_ids())
def test_golden_playthrough_replays_exactly(game_id):
    data = json.loads((GOLDEN / f"{game_id}.json").read_text(encoding="utf-8"))
    g = registry.get(game_id).new_game(**data["options"])
    assert [obs_digest(g, p) for p in range(g.num_players)] == data["start"]
    for i, st in enumerate(data["steps"]):
        g.apply(g.parse_action(st["action"]))
        got = [obs_digest(g, p) for p in range(g.num_players)]
        if got != st["observations"] and i == len(data["steps"]) - 1:  # show what differs at the end
            assert [json.loads(obs_text(g, p)) for p in range(g.num_players)] == data["final"]
        assert got == st["observations"], (f"{game_id}: observations differ after action {i + 1} ({st['action']}); "
                                           f"if the change is intended, regenerate: python -m tests.golden {game_id}")
    # and the save of the end position replays to every prefix
    n = len(g.log)
    for k in (0, n // 2, n):
        assert len(g.replay(k).log) == k
