"""沙场秋点兵 action objects are checked for types and ranges before anything changes (issue 18).

Counts of 0, -1, NaN, 1.5 or True, and cells such as (0, -2), (3, -5), (0.5, 0.5), (0,) or None,
from Python or from text, are refused with IllegalAction or ParseError; the state, the log, the
save and the autosave stay as they were (and load again)."""
from __future__ import annotations

import signal

import pytest

from engine.api import IllegalAction, ParseError
from engine.shachang import Attack, End, March, Reinforce, load_game, new_game
from tests.shachang_util import game

BAD_COUNTS = [0, -1, float("nan"), 1.5, True, False, "2", None, 10 ** 30 * -1]
BAD_CELLS = [(0, -2), (3, -5), (-1, 0), (8, 0), (0, 8), (0.5, 0.5), (0,), None, (0, 0, 0), "a1", [0, 0],
             (True, 0), (float("nan"), 0), (10 ** 40, 0)]


def _alarm(*_):
    raise TimeoutError("apply did not return")


def refused(g, action) -> Exception:
    """Apply ``action``; it must be refused within 2 s with IllegalAction/ParseError, nothing changed."""
    before = (g.to_json(), len(g.log), g.observe(g.current_player).key(), g.legal_action_texts())
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(2)
    try:
        with pytest.raises((IllegalAction, ParseError)) as e:
            g.apply(action)
    finally:
        signal.alarm(0)
    assert (g.to_json(), len(g.log), g.observe(g.current_player).key(), g.legal_action_texts()) == before
    return e.value


@pytest.mark.parametrize("mode", ["classic", "tabletop", "digital"])
def test_bad_counts_are_refused_before_anything_changes(mode):
    g = game([[0, "a1", 3], [1, "h8", 3]], mode=mode, reserve=[5, 5])
    for n in BAD_COUNTS:
        e = refused(g, March((0, 0), (0, 1), n))
        assert isinstance(e, IllegalAction) and e.rule == "action form"
        assert "soldier count" in e.message
        e = refused(g, Reinforce((0, 0), n))
        assert e.rule == "action form"
    # nothing was logged: the game's own save still loads and equals the game
    assert load_game(g.to_json()).to_json() == g.to_json()
    assert not any(u.count < 1 for u in g.units.values())


@pytest.mark.parametrize("mode", ["tabletop", "digital"])
def test_bad_cells_are_refused_and_never_hang(mode):
    """(0, -2) and (3, -5) used to make apply loop forever (naming a negative column)."""
    g = game([[0, "a1", 3], [1, "h8", 3]], mode=mode, reserve=[5, 5])
    for c in BAD_CELLS:
        for a in (March(c, (0, 1), 1), March((0, 0), c, 1), Attack((0, 0), c), Attack(c, (7, 7)), Reinforce(c, 1)):
            e = refused(g, a)
            assert isinstance(e, IllegalAction) and e.rule in ("action form", "board"), (a, e)


def test_off_board_message_names_the_cell_safely():
    g = game([[0, "a1", 3], [1, "h8", 3]])
    assert refused(g, March((0, -2), (0, 1), 1)).message == "march: (0, -2) is off the 8x8 board"
    assert refused(g, March((0, 0), (0, 8), 1)).message == "march: i1 is off the 8x8 board"
    assert refused(g, Reinforce((0.5, 0.5), 1)).message == "reinforce: (0.5, 0.5) is not a cell (a pair of whole numbers)"
    assert refused(g, March((0, 0), (0, 1), -1)).message == \
        "march: -1 is not a soldier count (a whole number of at least 1)"


def test_fieldless_objects_and_foreign_values_are_refused():
    g = game([[0, "a1", 3], [1, "h8", 3]])
    for cls in (March, Attack, Reinforce):
        refused(g, object.__new__(cls))
    for obj in (None, 3, 2.5, b"end", ("march", "a1"), object()):
        refused(g, obj)


def test_bad_texts_are_parse_errors():
    g = game([[0, "a1", 3], [1, "h8", 3]])
    for text in ("march a1 b1 -1", "march a1 b1 0", "march a1 b1 1.5", "march a1 b1 nan", "reinforce a1 True",
                 "march a1 b0 1", "march a" + "9" * 5000 + " a1 1", "attack a1", "", "x" * 300):
        e = refused(g, text)
        assert isinstance(e, ParseError), text


def test_numpy_integers_are_accepted_and_logged_as_plain_ints():
    np = pytest.importorskip("numpy")
    g = game([[0, "a1", 3], [1, "h8", 3]])
    g.apply(March((np.int64(0), np.int64(0)), (np.int32(0), np.int32(1)), np.int16(2)))
    a = g.log[-1]
    assert str(a) == "march a1 b1 2" and type(a.count) is int and type(a.src[0]) is int
    assert load_game(g.to_json()).to_json() == g.to_json()


def test_digital_new_game_refusals_leave_autosave_loadable():
    """The issue's digital case: the state changed and then a ValueError was raised."""
    g = new_game("standard", "digital", 2, seed=4)
    src = next(c for c, u in sorted(g.units.items()) if u.owner == 0)
    for n in (0, -1, float("nan"), 1.5, True):
        refused(g, March(src, (src[0], src[1] + 1), n))
    g.apply("end")
    assert load_game(g.to_json()).to_json() == g.to_json()


def test_describe_and_action_steps_refuse_malformed_actions():
    """The client's helpers never loop or crash on a malformed action either."""
    g = game([[0, "a1", 3], [1, "h8", 3]])
    for a in (March((0, -2), (0, 1), 1), March((0, 0), (3, -5), 1), Attack(None, (0, 1)), Reinforce((0, 0), True)):
        for f in (g.describe, g.action_steps):
            signal.signal(signal.SIGALRM, _alarm)
            signal.alarm(2)
            try:
                with pytest.raises(IllegalAction):
                    f(a)
            finally:
                signal.alarm(0)
