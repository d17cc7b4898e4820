"""The hard computer player uses every fun item when it helps (issue 14): 愚公移山 (S20b) on the square
map and the star, 天翻地覆 (S20c) and 亡命天涯 (S20h) on both. Each rule has a position where hard,
holding the item, uses it, and one where it would not help and hard keeps it. Positions are built as
in tests/test_shachang_items.py and tests/test_shachang_star_items.py."""
from __future__ import annotations

from engine.shachang.actions import Attack, UseItem
from engine.shachang.cells import parse_cell as C
from tests.shachang_util import flat
from tests.items_rules_util import _agent_choice, igame
from tests.items_rules_util import N, sgame
from tests.items_rules_util import _star_choice as star_choice


def _hill(cell: str, height: int):
    h = flat().copy()
    h[C(cell)] = height
    return h


# ---------------------------------------------------------------- square map, 愚公移山 (S20b, S8)
def test_hard_lowers_the_hill_that_blocks_its_shot_then_shoots_S20b_S8():
    # d5 (3 high) blocks d4 -> d6 (S5: 2*3 >= 1*1 + 1*1); moving 2 height from d5 onto d4 clears it
    # (2*1 < 1*3 + 1*1) at the cheapest price in move power
    g = igame([[0, "d4", 1], [1, "d6", 1], [1, "h8", 1]], heights=_hill("d5", 3), hands=[["yugong"], []],
              reserve=[0, 8])
    assert g.attack_targets(C("d4")) == []
    a = _agent_choice(g)
    assert a == UseItem("yugong", (C("d4"), C("d5"), C("d4")), 2)
    g.apply(a)
    assert g.attack_targets(C("d4")) == [C("d6")]
    assert _agent_choice(g) == Attack(C("d4"), C("d6"))


def test_hard_keeps_yugong_when_the_line_is_clear_or_no_enemy_is_in_range_S20b():
    g = igame([[0, "d4", 1], [1, "d6", 1], [1, "h8", 1]], hands=[["yugong"], []], reserve=[0, 8])
    assert _agent_choice(g) == Attack(C("d4"), C("d6"))  # the shot is open already
    g = igame([[0, "d4", 1], [1, "d7", 1], [1, "h8", 1]], heights=_hill("d5", 3), hands=[["yugong"], []],
              reserve=[0, 8])
    assert not isinstance(_agent_choice(g), UseItem)  # d7 is out of range (2) whatever the hill



# ---------------------------------------------------------------- square map, 天翻地覆 (S20c)
def test_hard_turns_the_world_upside_down_when_the_enemy_stands_higher_S20c():
    h = flat().copy()
    h[C("d6")] = h[C("e6")] = 3
    g = igame([[0, "d4", 2], [1, "d6", 1], [1, "e6", 1]], heights=h, hands=[["fanfu"], []], reserve=[0, 8])
    assert _agent_choice(g) == UseItem("fanfu")
    g.apply("item fanfu")
    assert g.heights[C("d4")] == 3 and g.heights[C("d6")] == 0
    h = flat().copy()
    h[C("d4")] = h[C("c4")] = 3  # it stands higher already: the flip would hurt
    g = igame([[0, "d4", 2], [1, "d6", 1], [1, "e6", 1]], heights=h, hands=[["fanfu"], []], reserve=[0, 8])
    assert _agent_choice(g) == Attack(C("d4"), C("d6"))

# ---------------------------------------------------------------- square map, 亡命天涯 (S20h, S15)
def _hard_turn(units, hand) -> tuple[list[str], object]:
    """The hard player's whole turn (one agent, as in a game) on an 8x8 position; its actions and the game."""
    from engine.shachang import make_agent

    g = igame(units, hands=[hand, []], reserve=[0, 8])
    ag = make_agent("hard", seed=1, seat=0, budget=0.2)
    acts = []
    for _ in range(10):
        a = ag.act(g.observe(0), g.legal_actions())
        assert a in g.legal_actions() and not ag.errors
        acts.append(str(a))
        g.apply(a)
        if acts[-1] == "end":
            break
    return acts, g


def test_hard_discards_a_soldier_to_join_a_unit_that_then_kills_S20h_S15():
    # h4 (3) is 4 steps from d4 (1), one more than its move power; the lone d4 (range 2) cannot reach
    # d7 (3 steps), nor can h4 (range 3, 7 steps), and a march onto an empty cell is a frozen new camp
    # (S15). One soldier discarded, two join d4: 3 soldiers, range 3, and d7 is wiped out.
    acts, g = _hard_turn([[0, "d4", 1], [0, "h4", 3], [1, "d7", 1], [1, "h8", 1]], ["wangming"])
    assert acts[:3] == ["item wangming h4 1", "march h4 d4 2", "attack d4 d7"]
    assert C("d7") not in g.units and g.units[C("d4")].count == 3


def test_hard_discards_a_soldier_to_get_out_of_a_fight_it_loses_S20h():
    # d4 (3) sees d8 (4 soldiers: range 4 + 3 move power) and two single soldiers that reach it: wiped out
    # next turn. Every cell within 3 steps is still within 7 of d8; a3, 4 steps away, is not.
    acts, g = _hard_turn([[0, "d4", 3], [1, "d8", 4], [1, "e8", 1], [1, "f7", 1]], ["wangming"])
    assert acts[:2] == ["item wangming d4 1", "march d4 a3 2"]
    (cell,) = [c for c, u in g.units.items() if u.owner == 0]
    assert g.units[cell].count == 2
    assert abs(cell[0] - 7) + abs(cell[1] - 3) > 7  # out of d8's reach next turn
    assert all(abs(cell[0] - e[0]) + abs(cell[1] - e[1]) > 5 for e in (C("e8"), C("f7")))


def test_hard_keeps_wangming_when_the_extra_steps_do_not_help_S20h():
    # d4 (3) under three single soldiers' fire: the old rule (threat count) discarded a soldier here and
    # then shot c6 from where it stood, as it does without the item; d4 wins this fight and shoots.
    acts, _ = _hard_turn([[0, "d4", 3], [1, "d6", 1], [1, "e6", 1], [1, "c6", 1]], ["wangming"])
    assert not any(a.startswith("item") for a in acts) and acts[0].startswith("attack d4")
    # d3 (3) can leave d8's reach with its own 3 steps (c1 is 8 steps from d8): no soldier to throw away
    acts, _ = _hard_turn([[0, "d3", 3], [1, "d8", 4], [1, "e8", 1], [1, "f7", 1]], ["wangming"])
    assert not any(a.startswith("item") for a in acts)
    # d4 (1) already shoots d6; h4 joining it would add nothing
    acts, _ = _hard_turn([[0, "d4", 1], [0, "h4", 3], [1, "d6", 1], [1, "h8", 1]], ["wangming"])
    assert not any(a.startswith("item") for a in acts)


# ---------------------------------------------------------------- the star (S19a–S19h)
def _star(units, hand, **kw):
    return sgame(units, hands=[hand, []], reserve=[0, 0], **kw)


def _star_choice(g):
    return star_choice(g, "hard")


def test_star_hard_lowers_the_hill_that_blocks_its_shot_then_shoots_S20b_DSI2_S19f():
    # i6 (3 high) blocks i5 -> i7 (2*3 >= 1 + 1); 2 height from i6 onto i5 clears it (2*1 < 3 + 1)
    g = _star({"i4": 0, "i5": 0, "i7": 1, "a1": 1}, ["yugong"], mode="tabletop", heights={"i6": 3})
    assert g.attack_targets(N("i5")) == []
    a = _star_choice(g)
    assert a == UseItem("yugong", (N("i5"), N("i6"), N("i5")), 2)
    g.apply(a)
    assert g.budget_left(N("i5")) == 1  # paid by the start unit (D-SI2)
    assert _star_choice(g) == Attack(N("i5"), N("i7"))


def test_star_hard_keeps_yugong_when_the_line_is_clear_S20b():
    g = _star({"i4": 0, "i5": 0, "i7": 1, "a1": 1}, ["yugong"], mode="tabletop")
    assert _star_choice(g) == Attack(N("i5"), N("i7"))


def test_star_yugong_choice_matches_brute_force_S20b():
    """The line filter of star_ai_items (only lines through the changed cells) against trying every
    legal 愚公移山 on full recomputed heights, in random tabletop positions."""
    import random

    import numpy as np

    from engine.shachang import star_cells as sc
    from engine.shachang.star_ai_items import choose_item, has_shot

    rng = random.Random(7)
    cells = sorted(sc.CELLS)
    used = 0
    for _ in range(40):
        mid = rng.choice([c for c in cells if sc.distance(c, N("i5")) <= 2])
        near = [c for c in cells if sc.distance(c, mid) <= 4]
        picked = rng.sample([c for c in near if sc.distance(c, mid) <= 1], 2)
        picked += rng.sample([c for c in near if sc.distance(c, mid) >= 2 and c not in picked], 3)
        units = {sc.name(c): (0 if i < 2 else 1) for i, c in enumerate(picked)}
        units["a1"] = 1
        heights = {sc.name(c): rng.randrange(5) for c in near if c not in picked}
        g = _star(units, ["yugong"], mode="tabletop", heights=heights)
        obs = g.observe(0)
        items = [a for a in g.legal_actions() if isinstance(a, UseItem)]
        got = choose_item(obs, items, hard=True)
        h0 = np.maximum(np.asarray(obs.heights), 0)
        seen = [u.cell for u in obs.units if u.owner != 0]
        want = []
        for a in items:
            grp = next(gv for gv in obs.groups if gv.owner == 0 and a.cells[0] in gv.cells)
            if not grp.can_attack or has_shot(grp, seen, h0):
                continue
            h = h0.copy()
            h[a.cells[1]] -= a.count
            h[a.cells[2]] += a.count
            if has_shot(grp, seen, h):
                want.append((a.count, str(a), a))
        assert got == (min(want)[2] if want else None)
        used += got is not None
    assert used >= 2  # the random positions do reach the rule


def test_star_hard_turns_the_world_upside_down_when_the_enemy_stands_higher_S20c():
    g = _star({"i4": 0, "i5": 0, "i8": 1, "i9": 1, "a1": 1}, ["fanfu"], mode="tabletop",
              heights={"i8": 3, "i9": 3})
    assert _star_choice(g) == UseItem("fanfu")
    g = _star({"i4": 0, "i5": 0, "i8": 1, "i9": 1, "a1": 1}, ["fanfu"], mode="tabletop",
              heights={"i4": 3, "i5": 3})
    assert not isinstance(_star_choice(g), UseItem)  # it stands higher already: the flip would hurt


def _star_turn_and_reply(units, hand) -> int:
    """Own field minus the enemy's after hard plays its turn and the normal player answers."""
    from engine.shachang import make_agent

    g = _star(units, hand)
    for _ in range(12):
        a = _star_choice(g)
        g.apply(a)
        if str(a) == "end":
            break
    opp = make_agent("normal", seed=1, seat=1, budget=0.2)
    for _ in range(40):
        if g.current_player != 1 or g.over:
            break
        g.apply(opp.act(g.observe(1), g.legal_actions()))
    return g.field(0) - g.field(1)


def test_star_hard_trades_a_soldier_for_a_step_when_it_comes_out_ahead_S20h_DSI7():
    # h6-h7-h8 between seven enemy soldiers: one soldier given up for a step out and a shot
    units = {"h6": 0, "h7": 0, "h8": 0, "k5": 1, "j10": 1, "e11": 1, "l7": 1, "f6": 1, "e8": 1, "g11": 1,
             "a1": 1}
    g = _star(units, ["wangming"])
    a = _star_choice(g)
    assert a == UseItem("wangming", (N("h8"), N("h6")), 1)  # S20n: it names the soldier it gives up
    assert _star_turn_and_reply(units, ["wangming"]) > _star_turn_and_reply(units, [])  # it did help


def test_star_hard_keeps_wangming_when_the_step_does_not_help_S20h():
    # i3-i5 sees five enemy soldiers three steps away: the normal turn (march and shoot) does as well
    units = {"i3": 0, "i4": 0, "i5": 0, "f4": 1, "f5": 1, "f6": 1, "l4": 1, "l5": 1, "a1": 1}
    assert not isinstance(_star_choice(_star(units, ["wangming"])), UseItem)
    units = {"i3": 0, "i4": 0, "a1": 1, "q1": 1}  # no enemy near
    assert not isinstance(_star_choice(_star(units, ["wangming"])), UseItem)


def test_star_ai_discards_the_soldiers_nearest_the_enemy_that_keep_the_unit_whole_S20n():
    from engine.shachang.star_ai_items import discard_choice

    # the horseshoe round i5 with an enemy on l5: the old D-SI7 rule would have dropped i6 from h5 and
    # split the unit; the computer player's choice is a legal one (S20n), the soldiers nearest l5 first
    g = _star({"h5": 0, "h6": 0, "i6": 0, "j6": 0, "j5": 0, "l5": 1, "a1": 1}, ["wangming"])
    uses = [a for a in g.legal_actions() if isinstance(a, UseItem) and a.cells[0] == N("h5")]
    picks = discard_choice(uses, [N("l5"), N("a1")])
    assert [a.count for a in picks] == [1, 2, 3, 4]
    assert picks[0].cells[1:] == (N("j5"),) and picks[1].cells[1:] == (N("j5"), N("j6"))
    assert all(a in uses for a in picks) and picks == discard_choice(list(reversed(uses)), [N("l5"), N("a1")])
    for a in picks:
        g.check(a)  # accepted: the rest stays one unit
