"""Malformed actions of every registered game raise IllegalAction or ParseError and change nothing
(issue 18; house rule: an illegal action leaves the state untouched).

Wrong types and out-of-range values as action objects and texts: None, numbers (NaN,
infinities, huge integers), tuples, dicts, very long strings, texts naming cells off the board
or impossible counts, legal-looking actions with their fields swapped, and for games whose
actions are dataclasses, instances with wrong field types built by dataclasses.replace and by
object.__new__ (no __init__ at all). Each apply runs under signal.alarm, so a hang fails the
test instead of stopping CI. Games added to engine.registry are picked up by themselves.
"""
from __future__ import annotations

import dataclasses
import math
import random
import re
import signal
import zlib

import pytest

import numpy as np

from engine import registry
from engine.api import IllegalAction, ParseError
from tests.fuzz_util import cases, deep_state, shared_ids, split_case

SMALL = {"shachang": {"preset": "standard"}}
PER_APPLY_SECONDS = 5

OBJECTS = [None, 0, 1, -1, 7, 1.5, math.nan, math.inf, -math.inf, 10**100, -(10**100), True, False,
           (), (1, 2), (0, 0, 1), [], ["end"], {}, {"a": 1}, set(), b"end", bytearray(b"x"), object(),
           1j, "", " ", "\x00", "\n", "é", "🂠", "x" * 100_000, "end " * 10_000, "9" * 5000,
           "a" + "9" * 5000, "-1", "nan", "inf", "1e9",
           # issue 29: unicode digits (str.isdigit accepts them, int() does not) and numpy values
           "²", "card ²", "a²", "move a² b3", "٣", "card ٣", np.int64(3), np.float64("nan"), np.array([0, 1]),
           np.array([])]
WRONG_FIELDS = [None, -1, 0, 10**30, -(10**30), 1.5, math.nan, math.inf, "c3", "", "zz99", (99, 99),
                (-1, 0), (0, -1), (0,), (0, 0, 0), ("a", "b"), (True, False), (1.5, 2.5), [0, 0], {},
                b"c3", object(), "²", "a²", np.int64(1), np.array([0, 1])]


def _alarm(signum, frame):
    raise TimeoutError(f"apply took over {PER_APPLY_SECONDS} s")


_shared: dict = {}  # (id of a game, its log's length) -> the ids of the tables it shares with its copies


def warmed_state(g) -> list:
    """The game's whole state (tests.fuzz_util.deep_state, less the tables every game of its kind shares) after the
    queries a client makes fill its caches."""
    g.legal_actions()
    for p in range(g.num_players):
        g.observe(p)
    key = (id(g), len(g.log))
    if key not in _shared:
        _shared.clear()
        _shared[key] = shared_ids(g)
    return deep_state(g, set(_shared[key]))


def refuses(g, action, label: str, failures: list[str]) -> None:
    """``g.apply(action)`` must raise IllegalAction (ParseError is one) naming a rule, within the time limit, and
    leave the state unchanged: the save, the legal actions and every attribute (caches included)."""
    before = g.to_json()
    legal_before = [str(a) for a in g.legal_actions()]
    state = warmed_state(g)
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(PER_APPLY_SECONDS)
    try:
        g.apply(action)
    except IllegalAction as e:  # ParseError is one (issue 29: one refusal type)
        if len(str(e)) > 400:
            failures.append(f"{label}: the refusal quotes too much ({len(str(e))} characters)")
        if not (isinstance(e.rule, str) and e.rule.strip()):
            failures.append(f"{label}: the refusal names no rule ({e.rule!r})")
    except TimeoutError as e:
        failures.append(f"{label}: {e}")
        return
    except Exception as e:  # noqa: BLE001 — any other exception is the finding
        failures.append(f"{label}: {type(e).__name__}: {str(e)[:120]}")
    else:
        failures.append(f"{label}: was applied")
        return
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    if g.to_json() != before or [str(a) for a in g.legal_actions()] != legal_before:
        failures.append(f"{label}: the refused action changed the state")
    elif (after := warmed_state(g)) != state:
        first = next((b, a) for b, a in zip(state + [("", "")], after + [("", "")]) if b != a)
        failures.append(f"{label}: the refused action left the state changed: {first[0]} -> {first[1]}")


def swapped_texts(text: str) -> list[str]:
    """Legal-looking texts from a legal one: tokens reversed/rotated, cells pushed off the board,
    counts out of range, letters and digits swapped."""
    parts = text.split()
    out = [" ".join(reversed(parts)), " ".join(parts[1:] + parts[:1]), text.upper() + " extra",
           text + " " + text, text.replace(" ", ""), text[::-1]]
    if len(parts) > 1:
        out.append(" ".join(parts[:1] + list(reversed(parts[1:]))))
    out.append(re.sub(r"\d+", "0", text))
    out.append(re.sub(r"\d+", "-3", text))
    out.append(re.sub(r"\d+", "999", text))
    out.append(re.sub(r"\d+", "9" * 40, text))
    out.append(re.sub(r"\d+", "1.5", text))
    out.append(re.sub(r"\d+", "nan", text))
    out.append(re.sub(r"[a-z]+(\d)", r"zz\1", text))
    out.append(re.sub(r"\b([a-z])(\d+)\b", r"\2\1", text))
    return out


def wrong_instances(a, rng: random.Random) -> list[tuple[str, object]]:
    """Instances of a dataclass action with fields of the wrong type or swapped, and bare ones."""
    out = []
    fields = [f.name for f in dataclasses.fields(a)]
    for name in fields:
        for v in rng.sample(WRONG_FIELDS, 8):
            out.append((f"replace({type(a).__name__}.{name}={v!r:.20})", dataclasses.replace(a, **{name: v})))
    for x, y in zip(fields, fields[1:]):
        vx, vy = getattr(a, x), getattr(a, y)
        out.append((f"{type(a).__name__} {x}<->{y}", dataclasses.replace(a, **{x: vy, y: vx})))
    if not fields:  # a field-less action (a pass): any instance is the real one
        return out
    bare = object.__new__(type(a))
    out.append((f"object.__new__({type(a).__name__}) without fields", bare))
    for v in rng.sample(WRONG_FIELDS, 4):
        inst = object.__new__(type(a))
        for name in fields:
            object.__setattr__(inst, name, v)
        out.append((f"object.__new__({type(a).__name__}) all fields {v!r:.20}", inst))
    return out


def _same(a, b) -> bool:
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:  # noqa: BLE001 — a bare instance cannot even be compared
        return False


def positions(game_id: str, extra: dict | None = None):
    """The game (with the variant options ``extra``) at its start and after a few seeded random moves."""
    info = registry.get(game_id)
    opts = dict(info.options)
    opts.update(SMALL.get(game_id, {}))
    opts.update(extra or {})
    g = info.new_game(**opts)
    rng = random.Random(zlib.crc32(game_id.encode()))
    yield g
    for stop in (3, 9):
        while len(g.log) < stop and not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        yield g


@pytest.mark.parametrize("case", cases())
def test_malformed_actions_are_refused_and_change_nothing(case):
    game_id, extra = split_case(case)
    rng = random.Random(zlib.crc32(b"malformed " + case.encode()))
    failures: list[str] = []
    for g in positions(game_id, extra):
        where = f"{case} after {len(g.log)} actions"
        for obj in OBJECTS:
            refuses(g, obj, f"{where}: apply({obj!r:.30})", failures)
        legal = g.legal_actions()
        for a in rng.sample(legal, min(4, len(legal))):
            for t in swapped_texts(str(a)):
                if t.strip().lower() in {str(x).lower() for x in legal}:
                    continue  # a swap that happens to be legal (e.g. a symmetric text)
                refuses(g, t, f"{where}: apply({t!r:.40})", failures)
            if dataclasses.is_dataclass(a):
                for label, inst in wrong_instances(a, rng):
                    if any(_same(inst, x) for x in legal):
                        continue  # the "wrong" value happens to make another legal action
                    refuses(g, inst, f"{where}: {label}", failures)
    assert not failures, f"{len(set(failures))} malformed actions were not refused cleanly:\n" + "\n".join(
        list(dict.fromkeys(failures))[:40])


@pytest.mark.parametrize("case", cases())
def test_malformed_action_texts_do_not_parse_or_are_illegal(case):
    """parse_action refuses non-texts and nonsense with ParseError (never another exception)."""
    failures = []
    g = next(positions(*split_case(case)))
    long_cell = "a" + "9" * 5000
    for obj in OBJECTS + ["move a0 a1", "march a1 a99999999999999999 1", "reinforce a1 " + "9" * 5000,
                          f"march {long_cell} a1 1", f"attack a1 {long_cell}", f"flip {long_cell}",
                          f"move {long_cell} a1", f"reinforce {long_cell} 1", long_cell + "a1"]:
        try:
            signal.signal(signal.SIGALRM, _alarm)
            signal.alarm(PER_APPLY_SECONDS)
            a = g.parse_action(obj)
        except ParseError:
            continue
        except Exception as e:  # noqa: BLE001
            failures.append(f"parse_action({obj!r:.30}): {type(e).__name__}: {str(e)[:100]}")
            continue
        finally:
            signal.alarm(0)
        if str(a) not in {str(x) for x in g.legal_actions()}:
            refuses(g, a, f"parsed {obj!r:.30} -> {str(a)[:30]!r}", failures)
    assert not failures, "\n".join(failures[:40])


def recombined(texts: list[str], rng: random.Random, n: int) -> list[str]:
    """Legal-looking texts made of legal ones: a word of one action put in the place of the same word of another
    of the same kind ("march a1 d1 2" and "march b3 c4 1" give "march a1 c4 2": a real unit, a real cell, too far)."""
    by_kind: dict[tuple[str, int], list[list[str]]] = {}
    for t in texts:
        parts = t.split()
        if len(parts) > 1:
            by_kind.setdefault((parts[0], len(parts)), []).append(parts)
    out = []
    for group in by_kind.values():
        for _ in range(n):
            a, b = rng.choice(group), rng.choice(group)
            i = rng.randrange(1, len(a))
            out.append(" ".join(a[:i] + [b[i]] + a[i + 1:]))
    return out


def other_seats_texts(info, opts: dict, seat: int, rng: random.Random) -> set[str]:
    """Texts of actions legal for another seat than ``seat`` somewhere in a random game of the same set-up."""
    h = info.new_game(**opts)
    out: set[str] = set()
    for _ in range(60):
        if h.is_over:
            break
        legal = h.legal_actions()
        if h.current_player != seat:
            out |= {str(a) for a in legal}
        h.apply(rng.choice(legal))
    return out


@pytest.mark.parametrize("case", cases())
def test_actions_of_other_seats_of_other_moments_and_after_the_end_are_refused(case):
    """At random moments of random games (seeds drawn too): actions another seat could play, words of legal
    actions recombined (a real unit sent to a real cell out of its reach), random integers, and every kind of
    action once the game is over — each refused naming a rule, the state exactly as it was (its caches too: a
    march of 沙场秋点兵 refused for its path kept its search in the game, found by this test)."""
    game_id, extra = split_case(case)
    info = registry.get(game_id)
    failures: list[str] = []
    for k in range(3):
        rng = random.Random(zlib.crc32(f"seats {k} {case}".encode()))
        opts = {**info.options, **SMALL.get(game_id, {}), **extra}
        if "seed" in opts:
            opts["seed"] = rng.randrange(10_000)
        g = info.new_game(**opts)
        stop = rng.randrange(0, 90)
        while len(g.log) < stop and not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        legal = {str(a) for a in g.legal_actions()}
        where = f"{case} seed {opts.get('seed')} after {len(g.log)} actions"
        others = sorted(other_seats_texts(info, opts, g.current_player, rng) - legal)
        tried = rng.sample(others, min(12, len(others))) + [t for t in recombined(sorted(legal), rng, 6)
                                                            if t not in legal]
        for t in tried + [rng.randrange(-10**6, 10**6) for _ in range(3)]:
            refuses(g, t, f"{where}: apply({t!r:.40})", failures)
        for _ in range(3000):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        if g.is_over:
            for t in sorted(legal)[:6] + others[:6] + ["end", "pass", "resign", "flip a1", ""]:
                refuses(g, t, f"{case} seed {opts.get('seed')}, game over: apply({t!r:.40})", failures)
    assert not failures, f"{len(set(failures))} actions were not refused cleanly:\n" + "\n".join(
        list(dict.fromkeys(failures))[:40])
