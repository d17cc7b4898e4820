"""G2 (shared/RULINGS.md): take-back never un-learns. ``Game.undo_floor(player)`` is the shortest log
length a player may go back to: right after any action that drew a chance outcome or revealed
something hidden, the floor is the whole log (issue 24's leaks 1 and 2: 揭棋's undo peek, dice and
draws tried and taken back)."""
from __future__ import annotations

import random

import pytest

from engine import registry

CASES = [("baige", {}), ("anqi", {}), ("sanguo", {"variant": "standard"}), ("sanguo", {"variant": "jieqi"}),
         ("xinhai", {}), ("xinhai", {"setup": "random"}), ("jiangshan", {})]


def _game(game_id, opts, seed):
    info = registry.get(game_id)
    kw = dict(opts)
    kw["seed"] = seed
    return info.new_game(**kw)


@pytest.mark.parametrize("game_id,opts", CASES, ids=[f"{g}:{o}" for g, o in CASES])
def test_a_revealing_or_chance_action_stands(game_id, opts):
    rnd = random.Random(7)
    g = _game(game_id, opts, seed=3)
    last = 0
    for _ in range(24):
        if g.is_over:
            break
        a = rnd.choice(g.legal_actions())
        chance = getattr(g, "chance", None)
        drawn = len(chance.record) if chance is not None else 0
        shown = g.reveals(a)
        g.apply(a)
        grew = chance is not None and len(g.chance.record) != drawn
        floor = g.undo_floor(g.current_player if g.current_player >= 0 else 0)
        assert last <= floor <= len(g.log)
        if shown or grew:
            assert floor == len(g.log), f"{a} revealed something: it must stand"
        else:
            assert floor == last, f"{a} showed nothing: the floor stays"
        last = floor


def test_chess_has_no_floor():
    g = _game("baige", {}, 0)
    for _ in range(10):
        g.apply(g.legal_actions()[0])
    assert g.undo_floor(0) == 0 and g.undo_floor(1) == 0


def test_k12_a_face_down_move_in_jieqi_cannot_be_taken_back():
    """Issue 24.1's reproducer: move a face-down piece, see it, take it back: refused by the floor."""
    g = _game("sanguo", {"variant": "jieqi"}, 1)
    a = next(m for m in g.legal_actions() if m.text.startswith("暗"))
    assert g.reveals(a)
    g.apply(a)
    assert g.undo_floor(0) == 1


def test_k12_a_quiet_face_up_move_may_be_taken_back():
    g = _game("sanguo", {"variant": "jieqi"}, 1)
    g.apply(next(m for m in g.legal_actions() if m.text.startswith("暗")))  # 吴 reveals: stands
    g.apply(next(m for m in g.legal_actions() if m.text.startswith("暗")))  # 魏 reveals: stands
    up = [m for m in g.legal_actions() if not m.text.startswith("暗") and not g.reveals(m)]
    assert up, "蜀 has a quiet face-up move (its ruler or an advisor)"
    g.apply(up[0])
    assert g.undo_floor(2) == 2


def test_anqi_flips_stand_and_steps_do_not():
    g = _game("anqi", {}, 5)
    flips = [a for a in g.legal_actions() if g.reveals(a)]
    assert flips and all(str(a).startswith("flip") for a in flips)
    g.apply(flips[0])
    assert g.undo_floor(0) == 1


def test_a_die_roll_in_xinhai_stands():
    from engine.xinhai.game import XinhaiGame

    g = XinhaiGame(setup="historical", seed=0)
    while not g.is_over and len(g.log) < 60:
        n = len(g.chance.record)
        g.apply(g.legal_actions()[0])
        if len(g.chance.record) > n:
            assert g.undo_floor(0) == len(g.log)


def test_shachang_answers_the_common_undo_floor():
    """沙场秋点兵 through the same API: a shot, or a cell coming into sight that was not seen earlier in the
    turn, stands; the turn's start bounds it."""
    from engine.shachang.actions import Attack, End

    g = registry.get("shachang").new_game(preset="standard", mode="digital", players=2, seed=3)
    rnd = random.Random(5)
    checked = 0
    seen = g.visible(g.current_player).copy()
    for _ in range(60):
        if g.is_over:
            break
        p = g.current_player
        a = rnd.choice(g.legal_actions())
        g.apply(a)
        if isinstance(a, End) or g.is_over:
            seen = g.visible(g.current_player).copy() if not g.is_over else seen
            continue
        floor = g.undo_floor(g.current_player)
        assert floor <= len(g.log)
        if isinstance(a, Attack) or (g.visible(p) & ~seen).any():
            assert floor == len(g.log), f"{a} revealed something: it stands"
            checked += 1
        seen |= g.visible(p)
        assert g.undo_floor(1 - g.current_player) == len(g.log)  # not the other player's turn
    assert checked > 0
