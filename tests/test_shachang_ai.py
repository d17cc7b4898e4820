"""Computer players of 沙场秋点兵: fog-fairness, legality on every preset and mode, determinism."""
from __future__ import annotations

import numpy as np
import pytest

from engine.shachang import new_game
from engine.shachang.ai import make_agent
from engine.shachang.actions import Attack, End, March, Reinforce
from engine.agents import RandomAgent
from tests.shachang_util import game

LEVELS = ("easy", "normal", "hard")


def play_turn(g, agent, limit=200):
    """Let ``agent`` play the current player's whole turn; return its actions."""
    seat = g.current_player
    out = []
    while not g.is_over and g.current_player == seat and len(out) < limit:
        legal = g.legal_actions()
        a = agent.act(g.observe(seat), legal)
        assert a in legal, f"illegal action {a}"
        g.apply(a)
        out.append(a)
        if isinstance(a, End):
            break
    return out


# ------------------------------------------------------------------ fog fairness
def _ridge():
    h = np.zeros((8, 8), dtype=np.int16)
    h[:, 4] = 9  # a wall no unit of this test sees over
    return h


def _pair(extra):
    """Two digital games equal but for enemy units in the fog (behind the wall, out of range)."""
    base = [[0, "b2", 3, "settled"], [0, "c3", 2, "settled"], [1, "d1", 1, "settled"],
            [1, "a4", 2, "settled"]]
    g1 = game(base, heights=_ridge(), mode="digital", reserve=[4, 4])
    g2 = game(base + extra, heights=_ridge(), mode="digital", reserve=[4, 4])
    return g1, g2


@pytest.mark.parametrize("extra", [
    [[1, "g2", 5, "settled"]],  # a big stack just behind the wall
    [[1, "f6", 1, "settled"], [1, "h8", 2, "settled"]],
])
@pytest.mark.parametrize("level", LEVELS)
def test_same_observation_same_decisions(level, extra):
    g1, g2 = _pair(extra)
    o1, o2 = g1.observe(0), g2.observe(0)
    assert o1.key() == o2.key(), "the setup must hide the extra units"
    # the true states differ
    assert g1.to_json() != g2.to_json()
    for seed in (0, 1, 7):
        a1 = make_agent(level, seed=seed, seat=0, use_clock=False)
        a2 = make_agent(level, seed=seed, seat=0, use_clock=False)
        h1, h2 = g1.clone(), g2.clone()
        # the whole turn, as long as the two observations stay equal
        while not h1.is_over and h1.current_player == 0:
            ob1, ob2 = h1.observe(0), h2.observe(0)
            if ob1.key() != ob2.key():
                break
            x1 = a1.act(ob1, h1.legal_actions())
            x2 = a2.act(ob2, h2.legal_actions())
            assert x1 == x2, (level, seed, x1, x2)
            h1.apply(x1)
            h2.apply(x2)
            if isinstance(x1, End):
                break


def test_the_pair_really_hides_something():
    g1, g2 = _pair([[1, "g2", 5, "settled"]])
    assert g2.units[(1, 6)].count == 5
    assert not g2.visible(0)[(1, 6)]


# ------------------------------------------------------------------ legality
def _run(g, agents, max_actions):
    n = 0
    while not g.is_over and n < max_actions:
        p = g.current_player
        legal = g.legal_actions()
        a = agents[p].act(g.observe(p), legal)
        assert a in legal, f"{agents[p]!r} chose illegal {a}"
        g.apply(a)
        n += 1
    for ag in agents:
        assert not getattr(ag, "errors", []), ag.errors
    return n


@pytest.mark.parametrize("mode", ["digital", "tabletop", "classic"])
def test_standard_full_games_all_levels_and_random(mode):
    for seed in range(3):
        g = new_game("standard", mode=mode, players=2, seed=seed)
        agents = [make_agent(LEVELS[seed % 3], seed=seed, seat=0),
                  make_agent(LEVELS[(seed + 1) % 3], seed=seed, seat=1)]
        _run(g, agents, 5000)
        assert g.is_over
        g = new_game("standard", mode=mode, players=2, seed=seed + 10)
        _run(g, [RandomAgent(seed), make_agent("easy", seed=seed, seat=1)], 5000)
        assert g.is_over


def test_standard_four_players():
    g = new_game("standard", players=4, seed=3)
    agents = [make_agent(lv, seed=5, seat=s) for s, lv in enumerate(("hard", "normal", "easy", "normal"))]
    _run(g, agents, 5000)
    assert g.is_over


@pytest.mark.parametrize("preset,players,mode,actions", [
    ("medium", 2, "digital", 400),
    ("medium", 3, "tabletop", 300),
    ("large", 4, "digital", 250),
    ("large", 2, "classic", 150),
    ("huge", 8, "digital", 120),
])
def test_big_maps_legal(preset, players, mode, actions):
    g = new_game(preset, mode=mode, players=players, seed=2)
    agents = []
    for s in range(players):
        if s % 4 == 3:
            agents.append(RandomAgent(s))
        else:
            agents.append(make_agent(LEVELS[s % 3], seed=9, seat=s, budget=0.2))
    _run(g, agents, actions)


def test_must_reinforce_after_wipe_out():
    # seat 0 has nothing on the field: the only legal actions are reinforcements
    g = game([[1, "f6", 3, "settled"]], mode="tabletop", reserve=[3, 5])
    assert g.current_player == 0
    for lv in LEVELS:
        a = make_agent(lv, seed=1, seat=0).act(g.observe(0), g.legal_actions())
        assert isinstance(a, Reinforce)


def test_shoots_what_it_can():
    g = game([[0, "c3", 4, "settled"], [1, "c5", 1, "settled"]], mode="tabletop")
    for lv in LEVELS:
        h = g.clone()
        acts = play_turn(h, make_agent(lv, seed=0, seat=0))
        assert any(isinstance(a, Attack) for a in acts), (lv, acts)


def test_hard_concentrates_to_reach():
    # c1 (3 soldiers, range 3) cannot reach c5 (4 steps); merging a1's 1 soldier makes 4 → range 4
    g = game([[0, "c1", 3, "settled"], [0, "a1", 1, "settled"], [1, "c5", 3, "settled"]],
             mode="tabletop")
    acts = play_turn(g, make_agent("hard", seed=0, seat=0))
    i = next(i for i, a in enumerate(acts) if isinstance(a, March) and a.src == (0, 0) and a.dst == (0, 2))
    assert Attack((0, 2), (4, 2)) in acts[i + 1:], acts


def test_ambush_reinforcement_in_sight():
    # seat 0 lost soldiers: it places reserve next to the visible enemy and shoots at once (S14)
    g = game([[0, "a1", 4, "settled"], [1, "c4", 1, "settled"]], mode="digital", reserve=[4, 8])
    acts = play_turn(g, make_agent("normal", seed=0, seat=0))
    assert isinstance(acts[0], Reinforce)
    assert any(isinstance(a, Attack) and a.src == acts[0].cell for a in acts), acts


# ------------------------------------------------------------------ determinism
@pytest.mark.parametrize("level", LEVELS)
def test_deterministic_for_a_seed(level):
    logs = []
    for _ in range(2):
        g = new_game("standard", players=2, seed=4)
        agents = [make_agent(level, seed=3, seat=0, use_clock=False), make_agent("normal", seed=8, seat=1)]
        _run(g, agents, 400)
        logs.append([str(a) for a in g.log])
    assert logs[0] == logs[1]


def test_unknown_level():
    with pytest.raises(ValueError):
        make_agent("grandmaster")


def test_think_time_recorded_and_budget_respected():
    g = new_game("standard", players=2, seed=1)
    a = make_agent("hard", seed=0, seat=0, budget=0.3)
    play_turn(g, a)
    assert len(a.think) == 1 and a.think[0] < 2.0


def test_hard_leaves_the_sight_of_a_stronger_stack():
    # a ridge along row 4; P2's 8-stack on e8 sees and outranges our 4 on c5 (range 5 against 4)
    h = np.zeros((8, 8), dtype=np.int16)
    h[3, :] = 9
    g = game([[0, "c5", 4, "settled"], [1, "e8", 8, "settled"]], heights=h, mode="digital", reserve=[0, 8])
    assert g.visible(1)[(4, 2)] and g.visible(0)[(7, 4)]
    play_turn(g, make_agent("hard", seed=0, seat=0))
    mine = [c for c, u in g.units.items() if u.owner == 0]
    assert mine and not any(g.visible(1)[c] for c in mine), mine


def test_agent_reused_for_a_new_game():
    a = make_agent("normal", seed=2, seat=0)
    for seed in (1, 2):
        g = new_game("standard", players=2, seed=seed)
        _run(g, [a, make_agent("easy", seed=seed, seat=1)], 3000)
        assert g.is_over


# ------------------------------------------------------------------ thinking budget (work quota)
def _contact():
    """Three stacks against two, out of range on open ground (tabletop: no fog): many plans, and
    enemy replies to score them by."""
    return game([[0, "b2", 3, "settled"], [0, "c1", 2, "settled"], [0, "a3", 2, "settled"],
                 [1, "f7", 4, "settled"], [1, "g8", 3, "settled"]], mode="tabletop", reserve=[1, 1])


def test_hard_spends_the_quota_of_its_budget():
    from engine.shachang.ai import WORK_RATE
    stats = {}
    for budget in (0.05, 0.3, 0.6):
        g = _contact()
        a = make_agent("hard", seed=0, seat=0, budget=budget, use_clock=False)
        a.act(g.observe(0), g.legal_actions())
        st = a.search_stats
        assert st["quota"] == int(budget * WORK_RATE["standard"])
        # the search stops at the first step past its quota: it uses all of it, and not much more
        assert st["quota"] <= st["work"] < st["quota"] * 1.2, st
        stats[budget] = st
    # more budget: more plans built and more enemy replies per plan scored
    assert stats[0.05]["plans"] < stats[0.3]["plans"] <= stats[0.6]["plans"]
    assert stats[0.05]["replies"] < stats[0.3]["replies"] < stats[0.6]["replies"]
    # and the work the search did is the same whatever the clock said (no clock consulted)
    g = _contact()
    b = make_agent("hard", seed=0, seat=0, budget=0.3, use_clock=False)
    b.act(g.observe(0), g.legal_actions())
    assert {k: v for k, v in b.search_stats.items() if k not in ("seconds", "cpu")} == \
        {k: v for k, v in stats[0.3].items() if k not in ("seconds", "cpu")}


class _Clock:
    """A stand-in for the ``time`` module of engine.shachang.ai: the turn starts at 0, then every
    reading says ``later`` seconds."""

    def __init__(self, later: float):
        self.later = later
        self.calls = 0

    def perf_counter(self) -> float:
        self.calls += 1
        return 0.0 if self.calls == 1 else self.later

    @staticmethod
    def process_time() -> float:
        return 0.0


def test_clock_stops_only_a_runaway_search(monkeypatch):
    # the AI audit (standard A; issue 13 let the clock stop a search at 1.25 x the budget once it had spent
    # 3/4 of its quota, and at 4 x the budget whatever it had done, so a loaded machine played other moves):
    # now a search that seems to take 1.3 x or 4.1 x its budget, or just short of the runaway limit, spends
    # its whole quota and plays as with no clock; only past ``runaway_seconds`` does the clock stop it
    import engine.shachang.ai as ai
    budget = 0.3
    g = _contact()
    free = make_agent("hard", seed=0, seat=0, budget=budget, use_clock=False)
    want = free.act(g.observe(0), g.legal_actions())
    assert free.search_stats["work"] >= free.search_stats["quota"] and not free.search_stats["clock"]
    runaway = free.runaway_seconds("standard")
    assert runaway >= ai.RUNAWAY_SECONDS >= 20 * budget
    for later in (1.3 * budget, 4.1 * budget, 0.99 * runaway):
        monkeypatch.setattr(ai, "time", _Clock(later=later))
        a = make_agent("hard", seed=0, seat=0, budget=budget)
        g = _contact()
        assert a.act(g.observe(0), g.legal_actions()) == want
        st = a.search_stats
        assert not st["clock"] and st["work"] == free.search_stats["work"] and not a.runaway_stops, (later, st)
    monkeypatch.setattr(ai, "time", _Clock(later=1.01 * runaway))  # a runaway
    b = make_agent("hard", seed=0, seat=0, budget=budget)
    g = _contact()
    assert b.act(g.observe(0), g.legal_actions()) in g.legal_actions()
    assert b.search_stats["clock"] and b.search_stats["work"] < b.search_stats["quota"] and b.runaway_stops == 1


def test_work_meter_is_per_thread():
    # the client thinks in a background thread: two searches at once give the decisions of two
    # searches one after the other
    import threading

    def turn(out, key):
        g = _contact()
        a = make_agent("hard", seed=5, seat=0, use_clock=False)
        out[key] = play_turn(g, a)

    alone: dict = {}
    turn(alone, "x")
    both: dict = {}
    ts = [threading.Thread(target=turn, args=(both, k)) for k in ("x", "y")]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert both["x"] == both["y"] == alone["x"]


def test_forced_alternatives_give_other_plans():
    from engine.shachang.ai import Context, Params, Planner, hard_variants
    from engine.shachang.ai_model import Memory, Model
    import random
    g = _contact()
    obs = g.observe(0)
    mem = Memory()
    mem.update(obs, 1)
    m = Model.from_obs(obs, mem, 1)
    ctx = Context(m, mem, 1)
    variants = hard_variants(m)
    base = Planner(m.copy(), ctx, next(variants), random.Random(0)).run()
    plans = {tuple(base)}
    forced = []
    for _ in range(20):
        P = next(variants)
        if P.force is not None:
            forced.append(P.force)
            plans.add(tuple(Planner(m.copy(), ctx, P, random.Random(0)).run()))
    assert forced[0] == ((1, 1), 0)  # the biggest unit (b2) stays
    assert len(plans) >= 5, plans
    for p in plans:  # every plan is a turn the engine accepts
        h = g.clone()
        for a in p:
            h.apply(a)


def test_hard_does_not_pass_into_a_void_game():
    # S18: a whole round without acting ends the game, void when nobody has dealt damage. Under
    # fog a player cannot see whether the other passed, so while nobody has shot, hard acts.
    g = new_game("standard", players=2, seed=3)
    for t in ("march a1 a2 8", "end", "march h8 h7 8", "end", "end"):  # seat 0 passes in round 2
        g.apply(g.parse_action(t) if hasattr(g, "parse_action") else __import__(
            "engine.shachang.actions", fromlist=["parse_action"]).parse_action(t))
    assert not g.is_over and g.current_player == 1
    acts = play_turn(g, make_agent("hard", seed=1, seat=1, use_clock=False))
    assert len(acts) > 1 and not g.is_over, acts


# ------------------------------------------------------------------ using the whole game
@pytest.mark.parametrize("level", ("normal", "hard"))
def test_chain_transport(level):
    # S15: soldiers joining a settled unit use its remaining move power: a1's 3 march 3 steps into
    # d1, and the grown unit marches 3 more towards the enemy (6 steps in one turn)
    g = game([[0, "a1", 3, "settled"], [0, "d1", 1, "settled"], [1, "h8", 4, "settled"]],
             mode="tabletop", reserve=[0, 0])
    acts = play_turn(g, make_agent(level, seed=0, seat=0, use_clock=False))
    merge = next(i for i, a in enumerate(acts) if isinstance(a, March) and a.dst == (0, 3))
    assert acts[merge].src == (0, 0)
    onward = [a for a in acts[merge + 1:] if isinstance(a, March) and a.src == (0, 3)]
    assert onward and onward[0].count > 1, acts  # more than d1's own soldier moved on
    assert not any(c == (0, 0) for c in g.units)


def test_hard_splits_off_what_a_shot_does_not_need():
    # S16: a unit may not march after it shot; a 1-soldier target 2 steps away needs a range of 2
    # (one soldier), so hard marches the other soldiers off first, keeping enough to shoot
    from engine.shachang.rules import attack_range
    g = game([[0, "c3", 6, "settled"], [1, "c5", 1, "settled"], [1, "h8", 4, "settled"]],
             mode="tabletop", reserve=[0, 0])
    acts = play_turn(g, make_agent("hard", seed=0, seat=0, use_clock=False))
    shot = acts.index(Attack((2, 2), (4, 2)))
    before = [a for a in acts[:shot] if isinstance(a, March) and a.src == (2, 2)]
    assert before, acts
    left = 6 - sum(a.count for a in before)
    assert left >= 1 and attack_range(left) >= 2
    assert (4, 2) not in g.units  # the target was wiped out


@pytest.mark.parametrize("seed", [0, 2, 5, 7])
@pytest.mark.parametrize("mode", ["tabletop", "classic", "digital"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("march_first", [False, True])
def test_a_computer_never_passes_the_game_into_a_void_against_a_player_who_only_passes(mode, level, seed, march_first):
    # S18: when every living player passed a whole round the game ends, void (everyone out) if
    # nobody dealt damage. A new player who only presses 'end' must not see the computer pass too
    # (normal did, in round 4 on the tabletop map): without fog the log tells the computer that the
    # other passed, so it acts, and the game ends by a win instead. With fog (digital) it cannot tell
    # whether the other passed: while nobody has shot, a pass may end the game void, so it acts (normal
    # passed in its first turn there, and the game of a new player who pressed 'end' ended void in round 2).
    g = new_game("standard", mode=mode, players=2, seed=seed)
    agent = make_agent(level, seed=seed, seat=1)
    to_march = march_first
    for _ in range(400):
        if g.is_over:
            break
        legal = g.legal_actions()
        if g.current_player == 0:
            # a first march (as parametrised), then only 'end' (or the first offer when the rules force a
            # reinforcement, S12)
            first = next((a for a in legal if isinstance(a, March)), None) if to_march and g.observe(0).round == 1 \
                else None
            to_march = to_march and first is None
            g.apply(first or next((a for a in legal if isinstance(a, End)), legal[0]))
        else:
            g.apply(agent.act(g.observe(1), legal))
    assert g.is_over
    if not march_first:  # nobody could have shot before the computer: an idle round would be void
        assert g.end_reason().key != "shachang.end.idle", f"round {g.observe(0).round}"
    assert not any(p.msg.key == "shachang.rank.void" for p in g.ranking()), f"round {g.observe(0).round}"
    winner = [p for p in g.ranking() if p.place == 1]
    assert [p.player for p in winner] == [1]


@pytest.mark.parametrize("seed", [2, 5, 7])
def test_normal_under_fog_does_not_pass_a_game_into_a_void(seed):
    # S18: a whole round of passes with nobody hit ends the game void, every player out. Under fog (digital)
    # normal cannot tell whether the other passed; it passed anyway once its soldiers stood well, and two
    # normal players ended these games void in round 3 (a player who pressed 'end' after a first march met
    # a computer that had passed: the game ended void). Like hard, it acts while a pass may void the game.
    g = new_game("standard", mode="digital", players=2, seed=seed)
    agents = [make_agent("normal", seed=seed * 10 + s, seat=s) for s in range(2)]
    for _ in range(600):
        if g.is_over:
            break
        s = g.current_player
        g.apply(agents[s].act(g.observe(s), g.legal_actions()))
    assert g.is_over
    assert not any(p.msg.key == "shachang.rank.void" for p in g.ranking()), g.end_reason()
