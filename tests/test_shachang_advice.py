"""Questions before ending a turn (issue 12): what the player would leave undone, and whether the pass ends
the game — answered only as far as the player can know (engine.shachang.advice)."""
from __future__ import annotations

from engine.shachang import advice
from tests.shachang_util import game


def keys(msgs):
    return [m.key for m in msgs]


def test_units_that_could_attack_or_have_not_acted():
    g = game([[0, "a1", 2], [0, "h1", 1], [1, "a3", 1]], mode="tabletop")
    w = advice.pass_warnings(g)
    assert keys(w) == ["shachang.advice.can_attack", "shachang.advice.idle"]
    assert w[0].kw["n"] == 1 and w[1].kw["n"] == 2
    g.apply("attack a1 a3")  # a1 has attacked: only h1 is left idle
    w = advice.pass_warnings(g)
    assert keys(w) == ["shachang.advice.idle"] and w[0].kw["n"] == 1


def test_a_unit_that_marched_is_not_idle():
    g = game([[0, "a1", 1], [1, "h8", 1]], mode="tabletop")
    g.apply("march a1 a2 1")
    assert advice.pass_warnings(g) == []


def test_the_last_pass_of_the_round_limit_is_announced_in_any_mode():
    for mode in ("tabletop", "digital"):
        g = game([[0, "a1", 1], [1, "h8", 1]], mode=mode, round=30, current=1)
        g.round_limit = 30
        why = advice.ending_pass(g)
        assert why is not None, mode
        if why.key == "shachang.end.void":  # no fog: the void game (nobody hit) is public, with its cause
            assert mode == "tabletop"
            why = why.kw["why"]
        assert why.key == "shachang.end.round_limit", mode
        assert not g.is_over and len(g.log) == 0  # asking changed nothing


def test_an_end_the_fog_hides_is_not_announced():
    """Two idle rounds end the game (S18), but under fog a player cannot know the others stayed idle:
    the question must not tell them."""
    for mode, told in (("tabletop", True), ("digital", False)):
        g = game([[0, "a1", 1], [1, "h8", 1]], mode=mode)
        ends_now = False
        for _ in range(10):  # pass until the next pass would end the game
            g2 = g.clone()
            g2.apply("end")
            if g2.is_over:
                ends_now = True
                break
            assert advice.ending_pass(g) is None
            g.apply("end")
        reason = g2.end_reason()
        assert ends_now and reason.key == "shachang.end.void" and reason.kw["why"].key == "shachang.end.idle"
        ending = advice.ending_pass(g)
        assert (ending is not None) == told, mode


def test_under_fog_a_bare_pass_warns_that_it_may_end_the_game_whether_or_not_it_does():
    """Issue 26: under fog the pass that ends the game (S18, a whole round without action) is warned of —
    as "may end", and alike when the other player acted out of sight (G1: the warning tells nothing)."""
    idle = game([[0, "a1", 1], [1, "h8", 1]], mode="digital")
    assert advice.pass_may_end(idle) is None  # the first turn of the game: nobody else has passed yet
    idle.apply("end")  # P1 passes without acting
    busy = game([[0, "a1", 1], [1, "h8", 1]], mode="digital")
    busy.apply("march a1 a2 1")  # P1 acts where P2 cannot see it
    busy.apply("end")
    assert [e.msg for e in idle.events(1)] == [e.msg for e in busy.events(1)]  # P2's log is the same
    for g, ends in ((idle, True), (busy, False)):
        warn = advice.pass_may_end(g)
        assert warn is not None and warn.key == "shachang.advice.may_end_idle"
        assert advice.ending_pass(g) is None  # the fog hides whether it does
        g2 = g.clone()
        g2.apply("end")
        assert g2.is_over == ends
    seen = game([[0, "a1", 2], [1, "a4", 2]], mode="digital")
    seen.apply("attack a1 a4")  # P2's log tells it was shot: the round was not idle, no warning
    seen.apply("end")
    assert any(e.msg.key.endswith("_hit") for e in seen.events(1))
    assert advice.pass_may_end(seen) is None
    acted = game([[0, "a1", 1], [1, "h8", 1]], mode="digital")
    acted.apply("end")
    acted.apply("march h8 h7 1")  # P2 acted this turn: its pass cannot end the game so
    assert advice.pass_may_end(acted) is None
    table = game([[0, "a1", 1], [1, "h8", 1]], mode="tabletop")
    table.apply("end")
    assert advice.pass_may_end(table) is None and advice.ending_pass(table) is not None  # no fog: exact


def test_a_pass_the_rules_refuse_is_not_asked_about_S13():
    # P1 has nothing on the field and 3 in reserve: it must reinforce (S13), so ending the turn is refused. The question
    # before a pass that would end the game tried the pass on a copy and raised the refusal out of the client's end of
    # turn (found by tests/test_client_monkey.py's kind of random input); now there is nothing to ask about
    for mode in ("tabletop", "classic"):
        g = game([[1, "h8", 1], [1, "b1", 1]], reserve=[3, 0], current=0, mode=mode)
        assert g.current_player == 0 and not g.is_over
        before = g.to_json()
        assert advice.ending_pass(g) is None
        assert g.to_json() == before
