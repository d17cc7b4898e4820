"""G1 / J5 (session 18's audit of side channels): a unit hidden from the enemy (under a forest or in a city) that
goes to another hidden place tells the enemy nothing of where it went. Each test plays two such actions that the
enemy cannot tell apart — the same hidden unit to two different forests, or (for a command and a city's exit) two
different hidden units or gates — and checks that the enemy's observation, its log and the action's description
(the status line every viewer reads) are the same for both. The enemy's log used to read "Han: the foot unit
marched from b3 to c3" for a move between two forests, naming cells its observation hides."""
from __future__ import annotations

from engine.messages import render
from tests.golden import obs_text
from tests.jiangshan_util import make

ROWS = ["." * 12] * 5 + ["FFF.FF......"] + ["." * 12] * 2  # forests a3 b3 c3, e3 f3 (rank 8 first)


def seen_by_enemy(g, action: str) -> tuple:
    """What 楚 (seat 1) is shown after 汉 plays ``action``: its observation, its whole log in both languages and
    the action's description."""
    said = tuple(render(g.describe(action), lang) for lang in ("zh", "en"))
    c = g.clone()
    c.apply(action)
    log = [tuple(render(e.msg, lang) for lang in ("zh", "en")) for e in c.events(1)]
    return obs_text(c, 1), log, said


def test_a_move_between_forests_names_no_cells_to_the_enemy():
    g = make(red=["blade@b3"], white=["blade@h8"], rows=ROWS)
    assert g.current_player == 0 and not [u for u in g.observe(1)["units"] if u["cell"] == "b3"]
    to_a3, to_c3 = seen_by_enemy(g, "move b3 a3"), seen_by_enemy(g, "move b3 c3")
    assert to_a3 == to_c3
    assert any("moves a hidden unit" in en for _, en in to_c3[1])
    assert not any("c3" in en or "a3" in en or "b3" in en for _, en in to_c3[1])
    own = g.clone()
    own.apply("move b3 c3")  # the mover's own log still says where it went
    assert any("from b3 to c3" in render(e.msg, "en") for e in own.events(0))


def test_a_command_between_forests_names_no_cells_or_leader_to_the_enemy():
    rows = ["." * 12] * 5 + ["..F.F......."] + ["." * 12] * 2  # forests c3 and e3, both next to d2
    from_c3 = make(red=["general@d2", "blade@c3"], white=["blade@h8"], rows=rows)
    from_e3 = make(red=["general@d2", "blade@e3"], white=["blade@h8"], rows=rows)
    assert obs_text(from_c3, 1) == obs_text(from_e3, 1)  # the enemy cannot tell these two positions apart
    assert seen_by_enemy(from_c3, "command d2 c3 e3") == seen_by_enemy(from_e3, "command d2 e3 c3")


def test_a_garrison_leaving_its_city_for_a_forest_gate_names_no_cells_to_the_enemy():
    rows = ["." * 12] * 5 + [".F.F........"] + ["." * 12] * 2  # forests b3 and d3, the gates west and east of c3
    g = make(red=[], white=["blade@h8"], rows=rows, cities=[("c3", "camp", 0, ["blade"])])
    acts = sorted(a for a in g.legal_action_texts() if a.startswith("exit c3"))
    assert {"exit c3 blade b3", "exit c3 blade d3"} <= set(acts)
    assert seen_by_enemy(g, "exit c3 blade b3") == seen_by_enemy(g, "exit c3 blade d3")


def test_the_last_move_marks_no_cell_of_a_hidden_move_for_the_enemy():
    """The board marks the last action's cells as "last" (client/games/base.py): for the enemy those were the two
    forests of a move between them, the cells its log no longer names (Game.hides_action); the mover still sees
    them, and a move the enemy sees is marked for both."""
    from client.games import make_plugin

    g = make(red=["blade@b3", "blade@h2"], white=["blade@h8"], rows=ROWS)
    g.apply("move b3 c3")
    pl = make_plugin(g)
    assert not [c for c, m in pl.view(1).marks.items() if m == "last"]
    assert sorted(pl.cell_name(c) for c, m in pl.view(0).marks.items() if m == "last") == ["b3", "c3"]
    assert g.hides_action(0, 1) and not g.hides_action(0, 0)
    assert g.clone().hides_action(0, 1)  # kept by a copy


def test_a_hidden_move_between_hidden_places_always_stands_for_the_enemy():
    """G2 counts a move that brings new ground into the mover's sight as one that stands (``reveals``, which
    ``undo_floor`` reads); for a move the enemy cannot see that told the enemy, by whether its own take-back was
    then refused, whether the hidden unit's new forest looked onto new ground. From b3, a3 shows no new cell and
    c3 shows the e column: both moves now stand alike."""
    rows = ["." * 12] * 5 + ["FFF........."] + ["." * 12] * 2  # forests a3 b3 c3
    g = make(red=["blade@b3"], white=["blade@h8"], rows=rows)
    assert g.reveals("move b3 a3") and g.reveals("move b3 c3")
    assert not g.reveals("move b3 a2")  # a move the enemy sees that shows nothing new can still be taken back
