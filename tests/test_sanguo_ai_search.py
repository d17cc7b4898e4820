"""三国演弈 hard player's look-ahead (engine/sanguo/ai_search.py): it sees what the kingdom after the
next can do, checked against a brute force over both enemies' replies, and it keeps to its budget."""
from __future__ import annotations

from engine.sanguo import make_agent
from engine.sanguo.ai import Evaluator, position_from_observation
from engine.sanguo.ai_search import Search
from engine.sanguo.setup import position

# 吴's ruler on q9 has no guards. 蜀's chariot on p13 holds the p file (the ruler's only side step)
# and 蜀's chariot on i6 can swing to q6 along row 6: a mate (K4, K6) if nothing stops it. 吴 is to
# move (K3 order 吴 -> 魏 -> 蜀) and is offered 魏's chariot on e12 by its own chariot on m12.
BAIT = {"q9": "吴君", "i17": "魏君", "i1": "蜀君", "i13": "魏兵", "i5": "蜀兵",
        "p13": "蜀车", "i6": "蜀车", "m12": "吴车", "e12": "魏车"}


def mated_after(g, action) -> bool:
    """Brute force: after ``action`` can 魏's reply (any) and then 蜀's move (any) mate 吴 (K6)?"""
    h = g.clone()
    h.apply(action)
    for a in h.legal_actions():
        k = h.clone()
        k.apply(a)
        if k.is_over or k.current_player != 2:
            continue
        for b in k.legal_actions():
            m = k.clone()
            m.apply(b)
            if not m.pos.alive[0]:
                return True
    return False


def test_hard_sees_the_mate_the_kingdom_after_next_can_give():
    g = position(BAIT, to_move=0)
    safe = [str(a) for a in g.legal_actions() if not mated_after(g, a)]
    # only the check on 蜀's ruler along row 1 keeps 吴 alive: 蜀 must answer it first (K3 被将先走)
    assert safe == ["车6平17"]
    assert mated_after(g, g.parse_action("m12-e12"))  # taking the bait loses
    a = make_agent("hard", seed=0, seat=0).act(g.observe(0), g.legal_actions())
    assert str(a) in safe


def test_search_keeps_to_its_budget_of_scored_positions():
    g = new_position()
    obs = g.observe(0)
    pos = position_from_observation(obs)
    ev = Evaluator(0, obs)
    scored = []
    for n, (s, d) in enumerate(pos.legal_moves()):
        q = pos.copy(history=False)
        q.play(s, d)
        scored.append((ev.score(q), n, q))
    scored.sort(key=lambda x: -x[0])
    small, big = Search(0, ev, budget=30), Search(0, ev, budget=100_000)
    small.choose(pos, scored)
    big.choose(pos, scored)
    assert small.nodes <= 30 + 5 * 8  # a node over budget is a leaf: at most one width of leaves per level
    assert big.nodes > small.nodes


def new_position():
    """A middle-game position with tactics on both sides: 吴 to move."""
    return position({**BAIT, "c9": "汉帝", "n9": "吴兵", "g14": "魏马", "k4": "蜀炮"}, to_move=0)


def test_a_thinking_budget_scales_the_work_not_the_clock():
    from engine.sanguo import make_agent as package_agent  # the registry's module (arena LEVEL@SECONDS)

    small, default = package_agent("hard", seed=0, budget=0.05), package_agent("hard", seed=0)
    assert small.nodes < default.nodes and small.root_width < default.root_width
    g = new_position()
    a1 = package_agent("hard", seed=0, budget=0.05).act(g.observe(0), g.legal_actions())
    a2 = package_agent("hard", seed=0, budget=0.05).act(g.observe(0), g.legal_actions())
    assert str(a1) == str(a2) and a1 in g.legal_actions()
