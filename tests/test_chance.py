"""engine.chance: seeded, recorded, forcible chance outcomes that replay from the save."""
from __future__ import annotations

import json

import pytest

from engine.chance import Chance, ChanceError, fresh_seed


def test_same_seed_same_outcomes_and_a_record_of_each():
    a, b = Chance(42), Chance(42)
    ra = [a.roll(2, 6, "combat") for _ in range(20)]
    rb = [b.roll(2, 6, "combat") for _ in range(20)]
    assert ra == rb
    assert all(len(r) == 2 and all(1 <= x <= 6 for x in r) for r in ra)
    assert [e.outcome for e in a.record] == ra
    assert [e.index for e in a.record] == list(range(20))
    assert Chance(43).roll(10, 6) != Chance(42).roll(10, 6)


def test_dice_faces_are_uniform_enough():
    ch = Chance(1)
    counts = [0] * 7
    for _ in range(6000):
        counts[ch.roll(1, 6)[0]] += 1
    assert all(850 < c < 1150 for c in counts[1:])


def test_draw_removes_from_the_bag_and_shuffle_keeps_the_items():
    ch = Chance(7)
    bag = list("ABCDE")
    got = [ch.draw(bag, "marker") for _ in range(5)]
    assert sorted(got) == list("ABCDE") and bag == []
    with pytest.raises(ChanceError):
        ch.draw(bag)
    order = ch.shuffle(range(10), "deal")
    assert sorted(order) == list(range(10))
    assert ch.record[-1].visible_to == frozenset()  # a deal is seen by nobody by default


def test_forced_outcomes_are_used_checked_and_saved():
    ch = Chance(5)
    ch.force((6, 6), "C")
    assert ch.roll(2, 6) == (6, 6)
    bag = list("ABC")
    assert ch.draw(bag) == "C" and bag == ["A", "B"]
    assert ch.record[0].forced and ch.record[1].forced
    ch.force((7,))
    with pytest.raises(ChanceError):
        ch.roll(1, 6)
    saved = json.loads(json.dumps(ch.to_json()))
    again = Chance(5, Chance.forced_from_json(saved))
    assert again.roll(2, 6) == (6, 6)
    assert again.draw(list("ABC")) == "C"


def test_visibility_and_fresh_seeds():
    ch = Chance(3)
    ch.roll(1, 6, "public")
    ch.pick(4, "secret", visible_to={1})
    assert [e.label for e in ch.seen_by(0)] == ["public"]
    assert [e.label for e in ch.seen_by(1)] == ["public", "secret"]
    seeds = {fresh_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(0 <= s < 2 ** 63 for s in seeds)
    with pytest.raises(ValueError):
        Chance("1")
    with pytest.raises(ValueError):
        Chance.forced_from_json({"x": 1})
