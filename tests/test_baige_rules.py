"""百格西洋棋: one test per rule of the seed (001) and per ruling C1-C7 (see docs/rules/baige.md)."""
from __future__ import annotations

import json

import pytest

from engine.api import IllegalAction, ParseError, SaveError
from engine.baige import START_FEN, BaigeGame, FenError, legal_moves, load_game, move_display, new_game
from engine.baige.board import Position


def moves_from(fen: str, square: str) -> set[str]:
    return {m for m in legal_moves(fen) if m.startswith(square) and not m[len(square)].isdigit()}


def targets(fen: str, square: str) -> set[str]:
    return {m[len(square):] for m in moves_from(fen, square)}


def lone(piece: str, square: str = "e5", side: str = "w") -> str:
    """A FEN with kings on b1/i10 (White/Black, off the lines of e5) and one piece on ``square``."""
    board = [["." for _ in range(10)] for _ in range(10)]
    board[0][1] = "K"
    board[9][8] = "k"
    f, r = "abcdefghij".index(square[0]), int(square[1:]) - 1
    board[r][f] = piece
    rows = []
    for r in range(9, -1, -1):
        row, n = "", 0
        for ch in board[r]:
            if ch == ".":
                n += 1
            else:
                row += (str(n) if n else "") + ch
                n = 0
        rows.append(row + (str(n) if n else ""))
    return "/".join(rows) + f" {side} - - 0 1"


# ---------------------------------------------------------------- seed: piece moves and control counts
# The seed gives each piece's maximum number of controlled squares on the 100-square board.
@pytest.mark.parametrize("piece,count", [("Q", 35), ("B", 17), ("R", 18), ("N", 8), ("G", 8), ("F", 4), ("W", 4)])
def test_seed_control_counts_in_the_centre(piece, count):
    assert len(moves_from(lone(piece, "e5"), "e5")) == count


def test_king_moves_one_square_any_direction():
    fen = "9k/10/10/10/10/4K5/10/10/10/10 w - - 0 1"
    assert targets(fen, "e5") == {"d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"}


def test_king_may_not_move_into_check():
    fen = "9k/10/10/10/10/4K5/10/10/10/3r6 w - - 0 1"  # black rook on d1 guards the d-file
    assert not any(t.startswith("d") for t in targets(fen, "e5"))


def test_guard_moves_like_a_king_and_can_be_captured():
    fen = "9k/10/10/10/10/4G5/3p6/10/10/K9 w - - 0 1"
    assert targets(fen, "e5") == {"d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"}
    assert "e5d4" in legal_moves(fen)  # the guard captures the pawn d4
    assert "d4e5" not in legal_moves(fen.replace(" w ", " b "))  # a black pawn captures downward only


def test_knight_jumps_over_pieces():
    fen = "9k/10/10/10/3PPP4/3PNP4/3PPP4/10/10/K9 w - - 0 1"
    assert targets(fen, "e5") == {"c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"}


def test_bishop_rook_queen_stop_at_blockers():
    fen = "9k/10/10/10/4p5/10/4R1p3/10/10/K9 w - - 0 1"
    t = targets(fen, "e4")
    assert "e6" in t and "e7" not in t  # captures e6, stops
    assert "g4" in t and "h4" not in t
    fen = "9k/10/10/10/10/10/10/10/10/KB8 w - - 0 1"
    assert "j10" not in targets(fen, "b1")  # the b1 diagonal ends on j9
    assert "j9" in targets(fen, "b1")


def test_ferz_one_diagonal_step_and_can_retreat():
    assert targets(lone("F", "e5"), "e5") == {"d4", "d6", "f4", "f6"}


def test_wazir_one_orthogonal_step():
    assert targets(lone("W", "e5"), "e5") == {"d5", "f5", "e4", "e6"}


# ---------------------------------------------------------------- C6 cannon and archer
def test_C6_cannon_moves_as_rook_captures_over_exactly_one_screen():
    # cannon e2; screen e4 (own pawn); target e7 (black pawn); second screen case on the rank
    fen = "9k/10/10/4p5/10/10/4P5/10/4C1P1pp/K9 w - - 0 1"
    t = targets(fen, "e2")
    assert "e3" in t and "e4" not in t and "e5" not in t  # moves stop before the screen
    assert "e7" in t  # jumps e4, captures e7
    assert "g2" not in t and "f2" in t  # own piece g2 blocks moves
    assert "i2" in t  # jumps g2, captures i2
    assert "j2" not in t  # two pieces between: no capture


def test_C6_cannon_cannot_capture_without_a_screen():
    fen = "9k/10/10/4p5/10/10/10/10/4C5/K9 w - - 0 1"
    assert "e7" not in targets(fen, "e2")


def test_C6_screen_may_be_of_either_colour():
    fen = "9k/10/10/4p5/10/4p5/10/10/4C5/K9 w - - 0 1"  # screen is a black pawn e5
    t = targets(fen, "e2")
    assert "e7" in t and "e5" not in t


def test_C6_archer_moves_as_bishop_captures_over_one_screen():
    fen = "9k/10/10/10/10/6p3/10/4P5/3A6/K9 w - - 0 1"
    t = targets(fen, "d2")
    assert "e3" not in t  # own pawn
    assert "g5" in t  # jumps e3, captures g5
    assert "c3" in t and "b4" in t and "a5" in t


def test_C6_cannon_gives_check_over_a_screen_and_must_be_answered():
    fen = "4k5/10/10/10/4p5/10/10/10/4C5/5K4 b - - 0 1"
    pos = Position(fen)
    assert pos.in_check()
    ms = legal_moves(fen)
    # the king steps off the file, or the screen e6 moves away; nothing else
    assert all(m.startswith("e10") or m.startswith("e6") for m in ms)


def test_C6_archer_gives_check():
    fen = "9k/10/7p2/10/10/10/10/10/10/A8K b - - 0 1"  # archer a1, screen h8, king j10
    assert Position(fen).in_check()
    assert not Position(fen.replace("7p2", "10")).in_check()  # no screen: no check


def test_C6_moving_a_piece_between_creates_a_cannon_check_so_it_is_illegal():
    # a white knight jumping onto e2, between the black cannon e5 and the king e1, would become
    # the screen: the cannon would then attack e1.
    fen = "9k/10/10/10/10/4c5/10/10/10/4K1N3 w - - 0 1"
    assert "g1e2" not in legal_moves(fen)
    assert "g1f3" in legal_moves(fen)


# ---------------------------------------------------------------- C3 pawns
def test_C3_pawn_single_and_double_step_from_rank_4():
    assert set(legal_moves(START_FEN)) >= {"e4e5", "e4e6"}
    fen = "9k/10/10/10/10/4P5/10/10/10/K9 w - - 0 1"  # pawn on e5: one step only
    assert targets(fen, "e5") == {"e6"}


def test_C3_black_pawn_double_step_from_rank_7():
    g = new_game()
    g.apply("a4a5")
    assert {"e7e6", "e7e5"} <= set(g.legal_actions())


def test_C3_double_step_needs_both_squares_empty():
    fen = "9k/10/10/10/4p5/10/4P5/10/10/K9 w - - 0 1"
    assert targets(fen, "e4") == {"e5"}


def test_C3_pawn_captures_diagonally_forward_only():
    fen = "9k/10/10/10/10/3p1p4/4P5/10/10/K9 w - - 0 1"
    assert targets(fen, "e4") == {"e5", "e6", "d5", "f5"}


def test_C3_en_passant():
    g = BaigeGame("4k5/10/10/4p5/10/3P6/10/10/10/4K5 b - - 0 1")
    g.apply("e7e5")
    assert "d5e6" in g.legal_actions()
    g.apply("d5e6")
    assert g.fen().split()[0] == "4k5/10/10/10/4P5/10/10/10/10/4K5"
    assert move_display("4k5/10/10/10/10/3Pp5/10/10/10/4K5 w - e6 0 1", "d5e6") == "卒 d5xe6"


def test_C3_en_passant_only_immediately():
    g = BaigeGame("4k5/10/10/4p5/10/3P6/10/10/10/4K5 b - - 0 1")
    g.apply("e7e5")
    g.apply("e1e2")
    g.apply("e10e9")
    assert "d5e6" not in g.legal_actions()


def test_C3_pawn_must_promote_to_n_g_f_w_or_q():
    fen = "4k5/1P8/10/10/10/10/10/10/10/4K5 w - - 0 1"
    assert moves_from(fen, "b9") == {"b9b10n", "b9b10g", "b9b10f", "b9b10w", "b9b10q"}
    g = BaigeGame(fen)
    for bad in ("b9b10", "b9b10r", "b9b10b", "b9b10c", "b9b10a", "b9b10k"):
        with pytest.raises(IllegalAction) as e:
            g.apply(bad)
        assert "C3" in e.value.rule
    assert g.fen() == Position(fen).fen()


# ---------------------------------------------------------------- C4 one queen
def test_C4_no_queen_promotion_while_the_side_has_a_queen():
    fen = "4k5/1P8/10/10/10/10/10/10/10/Q3K5 w - - 0 1"
    assert moves_from(fen, "b9") == {"b9b10n", "b9b10g", "b9b10f", "b9b10w"}
    with pytest.raises(IllegalAction) as e:
        BaigeGame(fen).apply("b9b10q")
    assert e.value.rule == "one queen C4"


def test_C4_queen_promotion_allowed_again_once_the_queen_is_gone():
    g = BaigeGame("4k5/1P8/10/10/10/10/10/9K/q9/Q9 b - - 0 1")
    g.apply("a2a1")  # black queen takes the white queen
    g.apply("b9b10q")
    assert "Q" in g.fen().split()[0]


def test_C4_black_queen_does_not_block_white_promotion():
    fen = "q3k5/1P8/10/10/10/10/10/10/10/4K5 w - - 0 1"
    assert "b9b10q" in legal_moves(fen)


# ---------------------------------------------------------------- C5 ferz / wazir promotion
def test_C5_ferz_reaching_last_rank_may_promote_to_b_a_q_or_stay():
    fen = "9k/2F7/10/10/10/10/10/10/10/K9 w - - 0 1"
    assert {m for m in moves_from(fen, "c9") if m[2:4] == "b1" or "10" in m} == {
        "c9b10", "c9b10b", "c9b10a", "c9b10q", "c9d10", "c9d10b", "c9d10a", "c9d10q"}


def test_C5_wazir_promotes_to_r_c_q_or_stays_also_moving_along_the_last_rank():
    fen = "9k/10/10/10/10/10/10/10/10/K3W5 w - - 0 1"  # a white wazir on its own first rank: no promotion
    assert moves_from(fen, "e1") == {"e1d1", "e1f1", "e1e2"}
    fen = "4W4k/10/10/10/10/10/10/10/10/K9 w - - 0 1"
    assert moves_from(fen, "e10") == {"e10d10", "e10d10r", "e10d10c", "e10d10q",
                                      "e10f10", "e10f10r", "e10f10c", "e10f10q", "e10e9"}


def test_C5_queen_limit_applies_to_ferz_and_wazir():
    fen = "4W4k/10/10/10/10/10/10/10/10/KQ8 w - - 0 1"
    assert "e10d10q" not in legal_moves(fen)
    with pytest.raises(IllegalAction) as e:
        BaigeGame(fen).apply("e10d10q")
    assert e.value.rule == "one queen C4"


def test_C5_wrong_promotion_piece_is_refused():
    fen = "9k/2F7/10/10/10/10/10/10/10/K9 w - - 0 1"
    with pytest.raises(IllegalAction) as e:
        BaigeGame(fen).apply("c9b10r")
    assert e.value.rule == "promotion C5"


def test_C5_ferz_may_re_enter_the_last_rank_and_promote_again():
    g = BaigeGame("9k/2F7/10/10/10/10/10/10/10/K9 w - - 0 1")
    g.apply("c9b10")
    g.apply("j10j9")
    g.apply("b10c9")
    g.apply("j9j10")
    assert "c9d10a" in g.legal_actions()


def test_C5_black_wazir_on_rank_1():
    fen = "9k/10/10/10/10/10/10/10/10/K3w5 b - - 0 1"
    assert {"e1d1r", "e1f1c", "e1d1q", "e1d1"} <= set(legal_moves(fen))


# ---------------------------------------------------------------- C1 castling
CASTLE_FEN = "r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1"


def test_C1_castling_king_moves_three_squares_rook_jumps_over():
    g = BaigeGame(CASTLE_FEN)
    assert {"f1i1", "f1c1"} <= set(g.legal_actions())
    g.apply("f1i1")
    assert g.fen().split()[0].endswith("R6RK1")  # rook h1, king i1
    g.apply("f10c10")
    assert g.fen().split()[0].startswith("2kr5r")  # king c10, rook d10
    assert g.fen().split()[2] == "-"


def test_C1_queenside_white():
    g = BaigeGame(CASTLE_FEN)
    g.apply("f1c1")
    assert g.fen().split()[0].endswith("2KR5R")
    assert g.moves_zh[-1] == "王 f1-c1 (入堡)"


def test_C1_no_castling_out_of_or_through_check():
    assert "f1i1" not in legal_moves("r4k3r/10/10/5r4/10/10/10/10/10/R4K3R w KQ - 0 1")  # in check
    assert "f1i1" not in legal_moves("r4k3r/10/10/6r3/10/10/10/10/10/R4K3R w KQ - 0 1")  # g1 attacked
    assert "f1i1" not in legal_moves("r4k3r/10/10/8r1/10/10/10/10/10/R4K3R w KQ - 0 1")  # lands attacked
    assert "f1i1" in legal_moves("r4k3r/10/10/9r/10/10/10/10/10/R4K3R w KQ - 0 1")  # rook attacked: fine
    # a cannon attacks g1 over a screen
    assert "f1i1" not in legal_moves("r4k3r/10/6c3/10/6p3/10/10/10/10/R4K3R w KQ - 0 1")


def test_C1_no_castling_with_pieces_between_or_after_moving():
    assert "f1c1" not in legal_moves("r4k3r/10/10/10/10/10/10/10/10/RN3K3R w KQ - 0 1")
    g = BaigeGame(CASTLE_FEN)
    g.apply("j1j2")
    g.apply("a10a9")
    g.apply("j2j1")
    g.apply("a9a10")
    assert "f1i1" not in g.legal_actions()
    assert "f1c1" in g.legal_actions()
    with pytest.raises(IllegalAction) as e:
        g.apply("f1i1")
    assert e.value.rule == "castling C1"


# ---------------------------------------------------------------- C2 notation
def test_C2_start_position_and_letters():
    g = new_game()
    assert g.fen() == START_FEN
    assert START_FEN.startswith("rnbgqkgbnr/1ac4ca1/fffffwwwww/pppppppppp/10/10/")
    assert len(g.legal_actions()) == 52
    p = Position(START_FEN)
    assert p.fen() == START_FEN


def test_C2_move_text_and_chinese_names():
    assert move_display(START_FEN, "e4e6") == "卒 e4-e6"
    assert move_display(START_FEN, "b1d2") == "馬 b1-d2"
    assert move_display(START_FEN, "c2f2") == "炮 c2-f2"
    assert move_display(START_FEN, "b3a2") == "士 b3-a2"
    assert move_display(START_FEN, "f3f2") == "兵 f3-f2"
    assert move_display(START_FEN, "d1e2") == "衛 d1-e2"
    assert move_display("4k5/1P8/10/10/10/10/10/10/10/4K5 w - - 0 1", "b9b10q") == "卒 b9-b10=后"
    with pytest.raises(ParseError):
        new_game().parse_action("e4-e6")


def test_C2_bad_fen_is_refused():
    for bad in ("", "8/8 w", START_FEN.replace("k", "g", 1), START_FEN.replace(" w ", " x "),
                "rnbgqkgbnr/1ac4ca1/fffffwwwww/pppppppppp/10/10/PPPPPPPPPP/FFFFFWWWWW/1AC4CA1/RNBGQKGBN1 w KQkq - 0 1"):
        with pytest.raises(FenError):
            Position(bad)


# ---------------------------------------------------------------- C7 game end
def test_C7_checkmate_wins():
    g = BaigeGame("k9/4Q5/1K8/10/10/10/10/10/10/10 w - - 0 1")
    g.apply("e9b9")
    assert g.is_over and g.ranking()[0].player == 0 and "checkmated" in g.ranking()[0].reason


def test_C7_stalemate_is_a_loss_for_the_side_to_move():
    g = BaigeGame("k9/10/1K8/2Q7/10/10/10/10/10/10 w - - 0 1")
    g.apply("c7c9")
    assert g.is_over
    r = g.ranking()
    assert r[0].player == 0 and not r[0].out and r[1].out and "stalemate" in r[1].reason


def test_C7_threefold_repetition_is_a_draw():
    g = new_game()
    for _ in range(2):
        for mv in ("b1d2", "b10d9", "d2b1", "d9b10"):
            assert not g.is_over
            g.apply(mv)
    assert g.is_over and "threefold" in g.result[1]
    assert all(p.place == 1 for p in g.ranking())


def test_C7_fourth_consecutive_check_by_the_same_piece_loses():
    g = BaigeGame("4k5/10/10/10/10/10/10/10/10/Q4K4 w - - 0 1")
    seq = ["a1a6", "e10e9", "a6a9", "e9e10", "a9a10", "e10e9"]
    g.apply_all(seq)
    assert not g.is_over  # three checks by the queen: allowed
    assert g.would_lose_by_long_check("a10a9")
    assert not g.would_lose_by_long_check("a10b10")
    g.apply("a10a9")
    assert g.is_over and g.ranking()[0].player == 1 and "C7" in g.result[1]


def test_C7_a_non_checking_move_resets_the_count():
    g = BaigeGame("4k5/10/10/10/10/10/10/10/10/Q4K4 w - - 0 1")
    g.apply_all(["a1a6", "e10e9", "a6a9", "e9e10", "a9a10", "e10e9", "f1f2", "e9e8"])
    assert g.streak[1] == {}
    assert not g.would_lose_by_long_check("a10a8")


def test_C7_draw_offer_accept_and_decline():
    g = new_game()
    g.apply("e4e6")
    g.apply("offer")  # Black offers
    assert g.current_player == 0 and g.legal_actions() == ["accept", "decline"]
    g.apply("decline")
    assert g.current_player == 1 and "a7a5" in g.legal_actions()
    with pytest.raises(IllegalAction):
        g.apply("offer")  # one offer per turn
    g.apply("a7a5")
    g.apply("offer")
    g.apply("accept")
    assert g.is_over and g.result == (0, "draw agreed")


def test_resignation():
    g = new_game()
    g.apply("e4e6")
    g.apply("resign")
    assert g.is_over and g.ranking()[0].player == 0 and "Black resigned" in g.ranking()[0].reason


def test_D2_fifty_move_rule():
    g = BaigeGame("4k5/10/10/10/10/10/10/10/10/R4K4 w - - 99 80")
    g.apply("a1a2")
    assert g.is_over and "50 moves" in g.result[1]


def test_D3_bare_kings_draw():
    g = BaigeGame("4k5/10/10/10/10/10/10/10/3r6/4K5 w - - 0 1")
    g.apply("e1d2")
    assert g.is_over and "only the two kings" in g.result[1]


# ---------------------------------------------------------------- API contract
def test_illegal_move_names_the_rule_and_leaves_state_untouched():
    g = new_game()
    g.apply("e4e6")
    before = (g.to_json(), g.fen(), list(g.legal_actions()))
    cases = {"e7e4": "pawn move", "e6e7": "turn", "a10b10": "capture", "c9c5": "cannon move C6",
             "e5e6": "move", "b10d9q": "promotion"}
    for text, rule in cases.items():
        with pytest.raises(IllegalAction) as e:
            g.apply(text)
        assert e.value.rule == rule, (text, e.value)
    assert (g.to_json(), g.fen(), list(g.legal_actions())) == before
    with pytest.raises(IllegalAction) as e:
        BaigeGame().apply("e4e7")
    assert str(e.value) == ("pawn e4xe7: a pawn moves one square straight forward, or two from its starting rank "
                            "(4 for White, 7 for Black) over an empty square, and captures one square "
                            "diagonally forward (also en passant) [pawn move]")


def test_moving_into_check_is_illegal_with_rule_check():
    g = BaigeGame("4k5/10/10/10/10/10/10/10/4r5/4K5 w - - 0 1")
    with pytest.raises(IllegalAction) as e:
        g.apply("e1f2")
    assert e.value.rule == "check"


def test_save_load_round_trip():
    g = new_game()
    for mv in ("e4e6", "a7a5", "offer", "decline", "f3f2", "b10d9"):
        g.apply(mv)
    text = g.to_json()
    data = json.loads(text)
    assert data == {"game": "baige", "version": 1, "options": {"fen": START_FEN}, "start": {}, "actions": g.log,
                    "forced": {}}  # the one envelope (engine.saves)
    h = load_game(text)
    assert h.fen() == g.fen() and h.log == g.log and h.to_json() == text
    old = {"game": "baige", "version": 1, "fen": START_FEN, "actions": g.log}  # a save from before the envelope
    assert load_game(json.dumps(old)).fen() == g.fen()
    from engine.registry import load_game as reg_load

    assert reg_load(text).fen() == g.fen()


@pytest.mark.parametrize("text,needle", [
    ("{not json", "invalid JSON"),
    ('{"game": "shachang", "version": 1}', "not a 百格西洋棋 save"),
    ('{"game": "baige", "version": 7, "fen": "", "actions": []}', "version"),
    ('{"game": "baige", "version": 1, "fen": "xx w", "actions": []}', "save"),
    ('{"game": "baige", "version": 1, "fen": "' + START_FEN + '", "actions": "e4e6"}', "list"),
    ('{"game": "baige", "version": 1, "fen": "' + START_FEN + '", "actions": ["e4e7"]}', "action 1"),
])
def test_corrupt_or_foreign_saves_raise_save_error(text, needle):
    with pytest.raises(SaveError) as e:
        load_game(text)
    assert needle in str(e.value)


def test_observation_is_the_full_public_position():
    g = new_game()
    g.apply("e4e6")
    o = g.observe(1)
    assert o["fen"] == g.fen() and o["last_move"] == "e4e6" and o["moves"] == ["e4e6"]
    assert o["in_check"] is False and o["start_fen"] == START_FEN
    assert g.observe(0)["fen"] == o["fen"]


def test_registry_and_new_game_accepts_seed():
    from engine import registry

    g = registry.get("baige").new_game(seed=5)
    assert g.game_id == "baige" and g.num_players == 2 and g.current_player == 0
