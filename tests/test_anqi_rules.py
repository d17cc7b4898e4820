"""暗战洛阳城: one test (or a few) per ruling A1-A7 and per added ruling AQ1-AQ9, on hand-built positions."""
from __future__ import annotations

import copy
import tomllib
from collections import Counter

import pytest

from engine.api import IllegalAction
from engine.anqi import new_game
from engine.anqi.board import DATA_PATH, LayoutError, layout, parse_layout
from engine.anqi.game import deal, setup

EMPEROR_GATES = {"e5": "汉帝", "i5": "汉车", "e1": "汉车", "e9": "汉车", "a5": "汉炮"}


def rule_of(game, action) -> str:
    """The rule named by the IllegalAction ``action`` raises; checks the state is untouched."""
    before = (game.to_json(), game.observe(0), list(game.record))
    with pytest.raises(IllegalAction) as e:
        game.apply(action)
    assert (game.to_json(), game.observe(0), list(game.record)) == before
    return e.value.rule


def legal(game) -> set[str]:
    return set(game.legal_action_texts())


# --- A1 ---------------------------------------------------------------------------------------------

def test_A1_board_has_53_cells_palace_and_gates():
    lay = layout()
    assert len(lay.cells) == 53
    assert len(lay.square) == 49
    assert lay.names[lay.palace] == "e5"
    assert {s: lay.names[i] for s, i in lay.gates.items()} == {
        "east": "i5", "south": "e1", "west": "a5", "north": "e9"}
    # the corners of the 9x9 grid outside the cross are not cells
    for off in ("a1", "a9", "i1", "i9", "a4", "e0", "j5"):
        assert off not in lay.index
    # every gate touches exactly one cell: the middle of its side
    for side, g in lay.gates.items():
        assert len(lay.neighbours[g]) == 1


def test_A1_start_position_fixed_pieces_and_face_down_deal():
    g = new_game(seed=7)
    for cell, name in {**EMPEROR_GATES, "h5": "吴君", "e8": "魏君", "e2": "蜀君"}.items():
        assert g.piece_at(cell) == name
    hidden = [c for c in layout().names if g.piece_at(c) == "hidden"]
    assert len(hidden) == 45
    # each seated faction: 2 士, 2 相, 2 车, 2 马, 2 炮, 5 兵 face down
    counts = Counter(g._hidden.values())
    for s in range(3):
        assert {k: counts[(s, k)] for k in ("advisor", "elephant", "chariot", "horse", "cannon", "soldier")} \
            == {"advisor": 2, "elephant": 2, "chariot": 2, "horse": 2, "cannon": 2, "soldier": 5}
    assert g.current_player == 0


def test_A1_seeded_shuffle_is_deterministic_and_varies():
    assert deal(5) == deal(5)
    assert new_game(seed=5)._hidden == new_game(seed=5)._hidden
    assert deal(5) != deal(6)
    # the shuffle is not trivial: many different pieces stand on b2 over the seeds
    assert len({deal(s)[layout().index["b2"]] for s in range(60)}) > 8


def _data():
    return tomllib.loads(DATA_PATH.read_text(encoding="utf-8"))


@pytest.mark.parametrize("mutate", [
    lambda d: d["board"].__setitem__("cells", 49),
    lambda d: d["board"]["gates"].__setitem__("east", "i4"),
    lambda d: d["board"].__setitem__("palace", "d5"),
    lambda d: d["hidden_set"].__setitem__("soldier", 4),
    lambda d: d["kinds"]["horse"].__setitem__("rank", 5),
    lambda d: d["fixed"].pop(),
    lambda d: d["fixed"][1].__setitem__("cell", "h5"),
    lambda d: d["rules"].__setitem__("quiet_limit", "sixty"),
    lambda d: d.pop("factions"),
])
def test_A1_layout_data_is_validated(mutate):
    d = copy.deepcopy(_data())
    parse_layout(d)  # the shipped data is valid
    mutate(d)
    with pytest.raises(LayoutError):
        parse_layout(d)


# --- A2 ---------------------------------------------------------------------------------------------

def test_A2_turn_order_wu_wei_shu_and_flip_or_move():
    g = new_game(seed=1)
    seats = []
    for _ in range(6):
        seats.append(g.current_player)
        g.apply(next(a for a in g.legal_actions() if str(a).startswith("flip")))
    assert seats == [0, 1, 2, 0, 1, 2]
    assert all(t.startswith(("吴 flip", "魏 flip", "蜀 flip")) for t in g.record)


def test_A2_flipped_piece_belongs_to_the_faction_printed_on_it():
    g = setup({"h5": "吴君", "e8": "魏君", "e2": "蜀君"}, {"c3": "魏马", "c4": "蜀兵"})
    g.apply("flip c3")  # 吴 flips a 魏 piece: it is 魏's
    assert g.piece_at("c3") == "魏马" and g.owner_at("c3") == 1
    assert g.record[-1] == "吴 flip c3=魏马"
    assert g.current_player == 1
    g.apply("move c3 c2")  # 魏 moves it
    assert g.owner_at("c2") == 1


def test_A2_only_own_face_up_pieces_move_one_step():
    g = setup({"h5": "吴君", "e8": "魏君", "e2": "蜀君", "c3": "吴车", "f3": "魏车"}, {"b2": "吴兵"})
    assert rule_of(g, "move f3 f4") == "A2"  # 魏's piece on 吴's turn
    assert rule_of(g, "move b2 b3") == "A2"  # face down: flip instead
    assert rule_of(g, "move d3 d4") == "A2"  # empty cell
    assert rule_of(g, "flip c3") == "A2"  # face up already
    assert rule_of(g, "move c3 d4") == "A4"  # diagonal
    assert rule_of(g, "move c3 c5") == "A4"  # two cells
    g.apply("move c3 c4")


def test_A2_turn_skips_an_eliminated_faction():
    g = setup({"h5": "吴君", "e2": "蜀君", "c3": "吴车"}, {"b2": "吴兵"}, out=(1,))
    g.apply("move c3 c4")
    assert g.current_player == 2
    g.apply("flip b2")
    assert g.current_player == 0


# --- A3 ---------------------------------------------------------------------------------------------

def test_A3_higher_rank_captures_lower_not_the_reverse():
    g = setup({"h5": "吴君", "e8": "魏君", "e2": "蜀君", "c3": "吴马", "c4": "魏车", "d3": "魏相"},
              {"b2": "吴兵"})
    assert rule_of(g, "move c3 c4") == "A3"  # 马 < 车
    assert "move c3 d3" in legal(g)  # 马 > 相
    g.apply("move c3 d3")
    assert g.piece_at("d3") == "吴马" and g.record[-1] == "吴 move c3 d3 x魏相"


def test_A3_equal_rank_the_mover_wins():
    g = setup({"h5": "吴君", "e8": "魏君", "e2": "蜀君", "c3": "吴车", "c4": "魏车"}, {"b2": "吴兵"})
    g.apply("move c3 c4")
    assert g.piece_at("c4") == "吴车" and g.piece_at("c3") is None


def test_A3_ruler_cannot_capture_soldier_but_soldier_captures_ruler():
    g = setup({"h5": "吴君", "h6": "魏兵", "e8": "魏君", "e2": "蜀君", "c3": "吴兵"}, {"b2": "吴兵"})
    assert rule_of(g, "move h5 h6") == "A3"
    g.apply("move c3 c4")
    g.apply("move h6 h5")  # 魏兵 takes 吴君
    assert g.piece_at("h5") == "魏兵"
    assert g.record[-1] == "魏 move h6 h5 x吴君"


def test_A3_ruler_captures_everything_else():
    g = setup({"h5": "吴君", "h6": "魏车", "e8": "魏君", "e2": "蜀君"}, {"b2": "吴兵"})
    assert "move h5 h6" in legal(g)


def test_A3_face_down_pieces_are_never_captured():
    g = setup({"h5": "吴君", "e8": "魏君", "e2": "蜀君", "c3": "吴车"}, {"c4": "魏兵"})
    assert rule_of(g, "move c3 c4") == "A3"


# --- A4 ---------------------------------------------------------------------------------------------

BASE = {"h5": "吴君", "e8": "魏君", "e2": "蜀君"}


def test_A4_cannon_jumps_over_face_down_pieces_at_any_distance():
    g = setup({**BASE, "b3": "吴炮", "h3": "魏马"}, {"c3": "魏兵", "e3": "蜀兵", "f3": "吴兵"})
    assert "move b3 h3" in legal(g)
    g.apply("move b3 h3")
    assert g.piece_at("h3") == "吴炮" and g.piece_at("b3") is None


def test_A4_cannon_jumps_over_exactly_one_face_up_piece_at_most():
    g = setup({**BASE, "b3": "吴炮", "d3": "蜀士", "h3": "魏马"}, {"c3": "魏兵", "f3": "吴兵"})
    assert "move b3 h3" in legal(g)  # one face up (d3) among the screens
    g2 = setup({**BASE, "b3": "吴炮", "d3": "蜀士", "f3": "蜀兵", "h3": "魏马"}, {"c3": "魏兵"})
    assert rule_of(g2, "move b3 h3") == "A4"  # two face up between
    assert "move b3 d3" in legal(g2)  # over the face-down c3 onto the 蜀士
    assert "move b3 f3" in legal(g2)  # over c3 (face down) and d3 (the one face up)


def test_A4_cannon_needs_a_screen_and_never_captures_by_stepping():
    g = setup({**BASE, "b3": "吴炮", "c3": "魏兵", "f3": "魏马"}, {"b2": "吴兵"})
    assert rule_of(g, "move b3 c3") == "A4"  # adjacent: no stepping capture
    assert "move b3 f3" in legal(g)  # over c3
    g2 = setup({**BASE, "b3": "吴炮", "f3": "魏马"}, {"b2": "吴兵"})
    assert rule_of(g2, "move b3 f3") == "A4"  # nothing between
    assert "move b3 c3" in legal(g2)  # it still steps one cell


def test_A4_cannon_cannot_capture_ruler_chariot_or_face_down():
    g = setup({"h5": "吴君", "e2": "蜀君", "b3": "吴炮", "c3": "蜀兵", "e3": "魏车", "b7": "魏君"},
              {"b5": "魏兵", "b2": "吴兵", "d3": "蜀马"})
    assert rule_of(g, "move b3 e3") == "A4"  # 车
    assert rule_of(g, "move b3 b7") == "A4"  # 君主
    assert rule_of(g, "move b3 d3") == "A4"  # face down
    assert not any(a.startswith("move b3") and a[-2:] in ("e3", "b7", "d3") for a in legal(g))


# --- A5 ---------------------------------------------------------------------------------------------

def test_A5_ruler_may_not_step_where_an_enemy_could_capture_it():
    far = setup({"h5": "吴君", "g7": "魏兵", "e8": "魏君", "e2": "蜀君"}, {"b2": "吴兵"})
    assert "move h5 h6" in legal(far)  # g7 is diagonal to h6: no threat
    near = setup({"h5": "吴君", "g6": "魏兵", "e8": "魏君", "e2": "蜀君"}, {"b2": "吴兵"})
    assert rule_of(near, "move h5 h6") == "A5"  # h6 touches the 魏兵 on g6
    assert rule_of(near, "move h5 g5") == "A5"
    assert "move h5 h4" in legal(near)


def test_A5_applies_to_the_rulers_captures_too():
    g = setup({"h5": "吴君", "h4": "蜀马", "g4": "蜀兵", "e8": "魏君", "e2": "蜀君"}, {"b2": "吴兵"})
    assert rule_of(g, "move h5 h4") == "A5"  # taking the 马 lands next to the 蜀兵 on g4
    g2 = setup({"h5": "吴君", "h4": "蜀马", "e8": "魏君", "e2": "蜀君"}, {"b2": "吴兵"})
    assert "move h5 h4" in legal(g2)


def test_A5_only_pieces_able_to_capture_a_ruler_count():
    # 车 and 炮 cannot capture a ruler (A3, A4): the ruler may stand next to them
    g = setup({"h5": "吴君", "g6": "魏车", "h7": "魏炮", "e8": "魏君", "e2": "蜀君"}, {"h8": "魏兵"})
    assert "move h5 h6" in legal(g)
    # an enemy ruler could capture it (equal rank, mover wins)
    g2 = setup({"h5": "吴君", "g6": "魏君", "e2": "蜀君"}, {"b2": "吴兵"})
    assert rule_of(g2, "move h5 h6") == "A5"
    assert rule_of(g2, "move h5 g5") == "A5"
    assert "move h5 h4" in legal(g2)


def test_A5_allies_and_frozen_han_are_no_threat():
    g = setup({"i5": "汉车", "e1": "汉车", "h5": "吴君", "g6": "魏兵", "e8": "魏君", "e2": "蜀君",
               "c3": "蜀马"}, {"b2": "吴兵"}, qinwang=2)
    # after 勤王 by 蜀, 吴 and 魏 are allies: the 魏兵 is no threat to the 吴 ruler
    assert "move h5 h6" in legal(g)
    frozen = setup({**EMPEROR_GATES, "h4": "吴君", "e8": "魏君", "e2": "蜀君"}, {"b2": "吴兵"})
    assert "move h4 h5" in legal(frozen)  # next to the frozen Han chariot on i5


# --- A6 ---------------------------------------------------------------------------------------------

def test_A6_han_pieces_neither_move_nor_are_captured_before_qinwang():
    g = setup({**EMPEROR_GATES, "h5": "吴君", "e8": "魏君", "e2": "蜀君", "e3": "吴炮"},
              {"b2": "吴兵", "e4": "魏兵"})
    assert rule_of(g, "move a5 b5") == "A6"  # the Han cannon is nobody's to move
    assert rule_of(g, "move h5 i5") == "A6"  # the ruler cannot capture the Han chariot
    assert rule_of(g, "move e3 e5") == "A6"  # the cannon cannot hit the emperor (over e4)
    assert not [a for a in legal(g) if a.endswith(("i5", "e1", "e9", "a5", "e5"))]


def test_A6_only_a_horse_enters_the_palace():
    g = setup({**EMPEROR_GATES, "h5": "吴君", "e8": "魏君", "e2": "蜀君", "e4": "吴车", "d5": "吴马"},
              {"b2": "吴兵"})
    assert rule_of(g, "move e4 e5") == "A6"
    assert "move d5 e5" in legal(g)


def test_A6_a_cannon_jump_on_the_emperor_is_refused_as_only_a_horse_may_take_him():
    # seed: 只有马可以废掉汉帝,其他棋子都不可以 (A6: only a 马 may enter the palace). G3: a cannon jumping onto the
    # emperor was told "Han pieces cannot be captured before the Rescue" -- the Rescue being the very thing it
    # tried; a cannon stepping there is told the horse rule, and so must the jump be.
    g = setup({**EMPEROR_GATES, "h5": "吴君", "e8": "魏君", "e2": "蜀君", "b5": "吴炮", "c5": "魏兵", "e4": "吴炮"},
              {"b2": "吴兵"})
    with pytest.raises(IllegalAction) as e:
        g.apply("move b5 e5")
    assert (e.value.rule, e.value.msg.key) == ("A6", "anqi.error.palace_horse_only")
    with pytest.raises(IllegalAction) as e:
        g.apply("move e4 e5")
    assert (e.value.rule, e.value.msg.key) == ("A6", "anqi.error.palace_horse_only")
    assert "move b5 e5" not in legal(g)


def test_A6_qinwang_hands_gate_pieces_to_the_horse_and_allies_the_others():
    g = setup({**EMPEROR_GATES, "h5": "吴君", "e8": "魏君", "e2": "蜀君", "d5": "魏马",
               "c3": "吴车", "c4": "蜀兵", "f4": "蜀车"},
              {"b2": "吴兵", "b8": "魏兵"}, to_move=1)
    g.apply("move d5 e5")
    assert g.record[-1] == "魏 move d5 e5 勤王"
    assert g.piece_at("e5") == "魏马"
    for gate in ("i5", "e1", "e9", "a5"):
        assert g.owner_at(gate) == 1
    assert g.allies == (0, 2)
    obs = g.observe(0)
    assert obs["qinwang"] == 1 and obs["allies"] == [0, 2]
    # 蜀 and 吴 are allies: no captures between them
    g.apply("flip b2")  # 蜀
    assert rule_of(g, "move c3 c4") == "A6"  # 吴车 may not take the allied 蜀兵
    g.apply("flip b8")  # 吴
    # the Han pieces now move for 魏
    assert "move a5 b5" in legal(g)
    g.apply("move a5 b5")
    assert g.owner_at("b5") == 1 and g.piece_at("b5") == "汉炮"


def test_A6_palace_is_free_after_qinwang():
    g = setup({"i5": "汉车", "h5": "吴君", "e8": "魏君", "e2": "蜀君", "e4": "吴车", "e5": "魏马"},
              {"b2": "吴兵"}, qinwang=1)
    assert "move e4 e5" in legal(g)  # 车 takes the 马 in the palace
    g.apply("move e4 e5")
    assert g.piece_at("e5") == "吴车"
    g2 = setup({"i5": "汉车", "h5": "吴君", "e8": "魏君", "e2": "蜀君", "e4": "吴士"},
               {"b2": "吴兵"}, qinwang=1)
    assert "move e4 e5" in legal(g2)  # any piece may enter the empty palace
    assert "move h5 i5" in legal(g2)  # Han pieces of the 勤王 faction can be captured by its enemies
    g2.apply("move h5 i5")
    assert g2.piece_at("i5") == "吴君"


def test_A6_alliance_ends_when_the_qinwang_faction_is_out():
    g = setup({"h5": "吴君", "e2": "蜀君", "c3": "吴车", "c4": "蜀兵", "g8": "魏兵", "g7": "吴车"},
              {"b2": "吴兵"}, qinwang=1)
    assert rule_of(g, "move c3 c4") == "A6"
    g.apply("move g7 g8")  # 吴 takes 魏's last piece: 魏 (the 勤王 faction) is out
    assert 1 in g.observe(0)["out"]
    assert g.allies == ()
    g.apply("flip b2")  # 蜀
    assert "move c3 c4" in legal(g)  # 吴 and 蜀 fight again


# --- A7 ---------------------------------------------------------------------------------------------

def test_A7_faction_out_when_all_pieces_are_gone_game_goes_on():
    g = setup({"h5": "吴君", "e8": "魏君", "e2": "蜀君", "d8": "吴兵", "c3": "蜀马"}, {"b2": "吴兵"})
    g.apply("move d8 e8")  # 吴 takes 魏's only piece
    assert g.observe(0)["out"] == [1]
    assert "魏 out: no pieces left" in g.record[-1]
    assert g.current_player == 2 and not g.is_over  # 吴 and 蜀 go on


def test_A7_losing_the_ruler_alone_does_not_end_a_faction():
    g = setup({"h5": "吴君", "h6": "魏兵", "e8": "魏君", "e2": "蜀君", "c3": "吴兵"}, {"b2": "吴兵"},
              to_move=1)
    g.apply("move h6 h5")
    assert 0 not in g.observe(0)["out"]
    assert g.current_player == 2


def test_A7_face_down_pieces_keep_a_faction_in():
    g = setup({"h5": "吴君", "h6": "蜀兵", "e2": "蜀君"}, {"b2": "吴兵"}, to_move=2, out=(1,))
    g.apply("move h6 h5")  # 吴 is left with no face-up piece, one face down
    assert 0 not in g.observe(0)["out"] and g.current_player == 0
    assert g.legal_action_texts() == ["flip b2"]


def test_A7_no_legal_action_puts_a_faction_out_and_removes_its_ruler():
    # nothing to flip; 魏's ruler boxed in by pieces it cannot take and cells it may not enter.
    # Seed: "困毙后,君主去除" -- only the ruler leaves; AQ6: the stuck 魏士 on b8 (between a 吴车
    # and a 吴马) stays on the board, a dead piece
    g = setup({"a5": "汉炮", "b5": "魏君", "b4": "蜀兵", "b6": "蜀兵", "c5": "吴车", "c4": "吴兵",
               "h5": "吴君", "e2": "蜀君", "d2": "蜀车", "c6": "吴兵",
               "b8": "魏士", "b7": "吴车", "c8": "吴马"}, {})
    # b5's neighbours: a5 (Han, frozen), b4/b6 (兵: ruler cannot take), c5 (吴车: taking it lands
    # next to c4's 吴兵 and c6's 吴兵 -> A5)
    g.apply("move h5 h6")  # 吴 moves; 魏 to act has no legal action
    assert g.observe(0)["out"] == [1]
    assert g.piece_at("b5") is None  # its ruler is removed
    assert g.piece_at("b8") == "魏士" and g.owner_at("b8") == 1  # only the ruler (seed, AQ6)
    assert g.piece_at("a5") == "汉炮" and g.piece_at("b7") == "吴车"
    assert "魏 out: no legal action" in g.record[-1]
    assert g.record_msgs[-1].render("zh").endswith("魏困毙出局，君主去除")
    assert g.out_reason(1).render("zh") == "困毙" and g.out_reason(2) is None
    assert g.current_player == 2
    # AQ6: the dead 魏士 never moves again, threatens nothing and is fair game for both factions still in
    g.apply("move d2 d3")  # 蜀
    assert "move b8 b9" not in legal(g) and rule_of(g, "move b8 c8") == "A7"
    g.apply("move b7 b8")  # 吴车 takes the dead 魏士: a capture, progress (AQ7)
    assert g.piece_at("b8") == "吴车" and g.observe(0)["quiet"] == 0
    assert g.record[-1] == "吴 move b7 b8 x魏士"


def test_AQ6_dead_pieces_threaten_no_ruler_and_ally_with_nobody():
    # 蜀 made 勤王, 魏 is out by 困毙 with a 魏兵 left on d6: 吴's ruler may step next to it (A5 counts
    # only factions still in), and 吴 may take it although 吴 and 魏 were allies (A6 ends for the dead)
    g = setup({"c5": "吴君", "d7": "吴士", "e2": "蜀君", "b2": "蜀兵", "d6": "魏兵"}, {}, out=(1,), qinwang=2)
    assert "move c5 c6" in legal(g)  # next to the dead 魏兵: no threat
    assert "move d7 d6" in legal(g)  # 吴士 takes the dead 魏兵
    g.apply("move d7 d6")
    assert g.record[-1] == "吴 move d7 d6 x魏兵"


def test_A7_last_faction_standing_wins_and_ranking_orders_the_rest():
    g = setup({"h5": "吴君", "e8": "魏君", "d8": "吴兵", "c3": "吴车", "b2": "蜀士"}, {})
    g.apply("move d8 e8")  # 魏 out first
    assert g.observe(0)["out"] == [1] and not g.is_over and g.current_player == 2
    assert sorted(legal(g)) == ["move b2 b3", "move b2 c2"]  # 士 cannot take the 车
    g.apply("move b2 c2")
    g.apply("move c3 c2")  # 蜀 has nothing left: 吴 is the last faction standing
    assert g.is_over
    r = g.ranking()
    assert [(p.player, p.place, p.out) for p in r] == [(0, 1, False), (2, 2, True), (1, 3, True)]
    assert "last" in r[0].reason


def test_A7_two_faction_endgame_to_the_end():
    g = setup({"h5": "吴君", "d2": "吴兵", "e2": "蜀君"}, {}, out=(1,))
    g.apply("move d2 e2")  # 吴兵 takes 蜀君, 蜀 has nothing left
    assert g.is_over and g.current_player == -1
    assert [(p.player, p.place, p.out) for p in g.ranking()] == [(0, 1, False), (2, 2, True), (1, 3, True)]
    assert g.legal_actions() == []
    assert rule_of(g, "move h5 h6") == "A7"


# --- AQ7: the progress rule -------------------------------------------------------------------------

def test_AQ7_progress_rule_ends_a_stalled_game_ranked_by_material():
    lim = layout().quiet_limit
    g = setup({"b2": "吴君", "h8": "魏君", "b8": "蜀君", "h2": "蜀车"}, {})
    shuttle = [["move b2 c2", "move h8 g8", "move b8 c8"], ["move c2 b2", "move g8 h8", "move c8 b8"]]
    n = 0
    while not g.is_over:
        g.apply(shuttle[(n // 3) % 2][n % 3])
        n += 1
        assert n <= lim
    assert n == lim
    assert "without progress" in g.record[-1]
    r = g.ranking()
    assert [p.player for p in r] == [2, 1, 0]  # 蜀: 君主 + 车 = 13; 吴 and 魏 tie at 7: later seat first
    assert all(not p.out for p in r)
    assert "material" in r[0].reason


def test_AQ7_flips_and_captures_reset_the_counter():
    lim = layout().quiet_limit
    g = setup({"b2": "吴君", "h8": "魏君", "b8": "蜀君"}, {"e4": "吴兵"}, quiet=lim - 2)
    g.apply("flip e4")
    assert g.observe(0)["quiet"] == 0
    g2 = setup({"b2": "吴君", "b3": "魏士", "h8": "魏君", "b8": "蜀君", "h7": "吴兵"}, {}, quiet=lim - 1)
    g2.apply("move h7 h8")  # a capture
    assert not g2.is_over and g2.observe(0)["quiet"] == 0
    g3 = setup({"b2": "吴君", "h8": "魏君", "b8": "蜀君"}, {}, quiet=lim - 1)
    g3.apply("move b2 c2")
    assert g3.is_over


def test_AQ7_ties_in_material_favour_pieces_then_later_seats():
    g = setup({"b2": "吴君", "h8": "魏君", "b8": "蜀君"}, {}, quiet=layout().quiet_limit - 1)
    g.apply("move b2 c2")
    assert [p.player for p in g.ranking()] == [2, 1, 0]
