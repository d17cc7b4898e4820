"""三国演弈 (seed 004 part 一, the base game it assumes): board K1/K1a, moves K2, turn order K3,
check K4, alliance and 废帝 K5, mate, 困毙, 收编, end modes and the progress rule K6.

Cells are named a..q (west to east) and 1..17 (south to north): 魏's ruler starts on i17,
蜀's on i1, 吴's on q9; the emperor stands on c9.
"""
from __future__ import annotations

from collections import deque

from engine.sanguo import new_game
from engine.sanguo.board import CANNON, CHARIOT, EMPEROR, HORSE, PAWN, RULER, layout
from engine.sanguo.setup import position
from tests.refusal_util import refuse

WU, WEI, SHU = 0, 1, 2
LAY = layout()
BARE = {"q9": "吴君", "i17": "魏君", "i1": "蜀君"}  # the three rulers; 魏's and 蜀's face each other on the i file
RULERS = {**BARE, "i5": "蜀兵"}  # ... with a 蜀 pawn between them


def cells(g, src):
    """Target cells of the piece on ``src`` among the legal moves."""
    return sorted(a.dst for a in g.legal_actions() if a.src == src)



# ---------------------------------------------------------------- K1 / K1a: the board
def test_k1_board_has_225_points_with_the_corners_cut():
    assert len(LAY.points) == 225
    assert LAY.at(3, 3) == -1 and LAY.at(4, 3) >= 0 and LAY.at(13, 13) == -1 and LAY.at(12, 13) >= 0


def test_k1_setup_back_rank_cannons_pawns_and_palace():
    g = new_game()
    obs = g.observe(0)["board"]
    assert len(obs) == 53  # 53 pieces (seed: 53枚棋子)
    # 魏 (north): 车马相士君士相马车 on files 5-13 of line 1, files counted from 魏's right (= west)
    back = [obs[LAY.names[LAY.from_frame(WEI, f, 1)]]["kind"] for f in range(5, 14)]
    assert back == ["chariot", "horse", "elephant", "advisor", "ruler", "advisor", "elephant", "horse", "chariot"]
    assert [LAY.names[LAY.from_frame(WEI, f, 3)] for f in (6, 12)] == ["f15", "l15"]
    assert all(obs[LAY.names[LAY.from_frame(k, f, 3)]]["kind"] == CANNON for k in range(3) for f in (6, 12))
    assert all(obs[LAY.names[LAY.from_frame(k, f, 4)]]["kind"] == PAWN for k in range(3) for f in (5, 7, 9, 11, 13))
    assert obs["i17"]["kind"] == RULER and obs["i1"]["kind"] == RULER and obs["q9"]["kind"] == RULER
    assert sorted(LAY.names[i] for i in LAY.palace[WEI]) == ["h15", "h16", "h17", "i15", "i16", "i17", "j15", "j16", "j17"]


def test_k1_files_count_from_each_kingdoms_right():
    # 魏 faces south: its right is the west; 蜀 faces north: its right is the east; 吴 faces west: its right is the north
    assert LAY.file(WEI, LAY.index["e17"]) == 5 and LAY.file(SHU, LAY.index["e1"]) == 13
    assert LAY.file(WU, LAY.index["q13"]) == 5 and LAY.line(WU, LAY.index["n9"]) == 4
    assert LAY.line(WEI, LAY.index["i13"]) == 5  # the border line is the edge of the central 9x9


def test_k1a_han_points_and_alliance_points():
    g = new_game()
    obs = g.observe(0)["board"]
    assert obs["c9"]["kind"] == EMPEROR and obs["a9"]["kind"] == CANNON
    assert [obs[c]["kind"] for c in ("d9", "c8", "c10")] == [CHARIOT] * 3
    assert all(obs[c]["owner"] is None for c in ("c9", "a9", "d9", "c8", "c10"))
    assert [LAY.names[p] for p in LAY.alliance] == ["e9", "c7", "c11"]  # 吴 (4,8), 魏 (2,10), 蜀 (2,6)


def _horse_distance(start: int, goal: int) -> int:
    seen = {start: 0}
    q = deque([start])
    while q:
        i = q.popleft()
        for t in LAY.knight[i]:
            if t not in seen:
                seen[t] = seen[i] + 1
                q.append(t)
    return seen[goal]


def test_k1a_fastest_horse_reaches_the_emperor_in_5_moves_for_wei_and_shu_and_7_for_wu():
    horses = {k: [p for p, kk, kind in LAY.setup if kk == k and kind == HORSE] for k in range(3)}
    dist = {k: min(_horse_distance(p, LAY.emperor) for p in hs) for k, hs in horses.items()}
    assert dist == {WEI: 5, SHU: 5, WU: 7}


# ---------------------------------------------------------------- K2: moves
def test_k2_horse_has_no_leg_block():
    g = position({**RULERS, "i9": "吴马", "i10": "吴兵", "i8": "吴兵", "h9": "吴兵", "j9": "吴兵"})
    assert cells(g, "i9") == sorted(["g10", "g8", "k10", "k8", "h11", "j11", "h7", "j7"])


def test_k2_elephant_field_move_no_eye_block_and_only_in_its_territory():
    g = position({**RULERS, "g17": "魏相", "f16": "吴兵", "g13": "魏相"}, to_move=WEI)
    assert cells(g, "g17") == ["e15", "i15"]  # the eye f16 is occupied: no block (K2)
    assert cells(g, "g13") == ["e15", "i15"]  # e11/i11 are past its border (line 7): never
    g2 = position({**RULERS, "e15": "魏相"}, to_move=WEI)
    assert cells(g2, "e15") == ["g13", "g17"]  # c13 is file 3, outside its territory


def test_k2_advisor_and_ruler_stay_in_the_palace():
    g = position({**RULERS, "h17": "魏士", "j9": "魏兵"}, to_move=WEI)
    assert cells(g, "h17") == ["i16"]
    assert cells(g, "i17") == ["i16", "j17"]


def test_k2_chariot_and_cannon():
    g = position({**RULERS, "e9": "吴车", "e12": "魏兵", "g9": "魏兵", "k9": "蜀兵", "i9": "吴兵"})
    south = [f"e{r}" for r in range(1, 9)]
    assert cells(g, "e9") == sorted(["e10", "e11", "e12", *south, "a9", "b9", "c9", "d9", "f9", "g9"])
    g = position({**RULERS, "e9": "吴炮", "g9": "魏兵", "k9": "蜀兵", "i9": "吴兵"})
    assert "f9" in cells(g, "e9") and "g9" not in cells(g, "e9") and "i9" not in cells(g, "e9")
    g = position({**RULERS, "e9": "吴炮", "g9": "魏兵", "k9": "蜀兵"})
    assert "k9" in cells(g, "e9")  # jumps exactly one screen (g9) to capture


def test_k2_cannon_may_not_cross_its_border_line_in_the_first_round():
    g = new_game()
    assert "炮6进2" in g.legal_action_texts()  # o12 -> m12, on 吴's border line
    e = refuse(g, "炮6进3")  # o12 -> l12 is past the border
    assert e.rule == "K2" and e.msg.key == "sanguo.cannon_first_round"
    # after its first move the limit is gone
    g.apply("兵9平8")
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    assert g.current_player == WU and "炮6进3" in g.legal_action_texts()


def test_k2_pawn_sideways_on_defence_line_forward_only_on_border_forward_or_sideways_past_it():
    g = new_game()
    assert sorted(a.dst for a in g.legal_actions() if a.src == "n9") == ["m9", "n10", "n8"]
    g = position({**RULERS, "i13": "魏兵", "e12": "魏兵", "d12": "魏兵"}, to_move=WEI)
    assert cells(g, "i13") == ["i12"]  # on its border line: forward only
    assert cells(g, "e12") == ["e11", "f12"]  # past it: forward or sideways, never back (e13); d12 is its own
    assert cells(g, "d12") == ["c12", "d11"]


# ---------------------------------------------------------------- K3: turn order and 被将先走
def test_k3_wu_first_then_wei_then_shu():
    g = new_game()
    order = []
    for _ in range(6):
        order.append(g.current_player)
        g.apply(g.legal_actions()[0])
    assert order == [WU, WEI, SHU, WU, WEI, SHU]


def test_k3_a_kingdom_in_check_moves_next_out_of_turn_then_play_continues_after_it():
    g = position({**RULERS, "m5": "吴车", "i9": "魏兵"}, to_move=WU)
    g.apply("m5-m1")
    assert g.current_player == SHU and g.stage == "check"  # 魏 is skipped
    assert any(e.msg.key == "sanguo.ev.check" for e in g.events(WEI))
    g.apply("i1-i2")
    assert g.current_player == WU  # the kingdom after 蜀


def test_k3_one_move_checking_both_others_they_answer_in_turn_order():
    g = position({**BARE, "m9": "吴车"}, to_move=WU)
    g.apply("m9-i9")  # the chariot on the i file attacks both i17 and i1
    assert g.current_player == WEI
    g.apply("i17-h17")
    assert g.current_player == SHU and g.stage == "check"
    e = refuse(g, "i1-h1")  # h1 would face 魏's ruler on h17
    assert e.msg.key == "sanguo.facing"
    g.apply("i1-j1")
    assert g.current_player == WU


# ---------------------------------------------------------------- K4: check and facing rulers
def test_k4_a_move_may_not_leave_the_movers_ruler_attacked():
    g = position({**RULERS, "i15": "魏车", "i12": "吴车"}, to_move=WEI)
    e = refuse(g, "i15-h15")
    assert e.rule == "K4" and e.msg.key == "sanguo.self_check"
    g.apply("i15-i12")  # capturing the attacker is fine


def test_k4_no_move_may_leave_two_enemy_rulers_facing_even_a_third_kingdoms():
    g = position({**BARE, "i9": "吴兵"}, to_move=WU)
    e = refuse(g, "i9-h9")  # 吴's pawn is the only piece between 魏's and 蜀's rulers
    assert e.rule == "K4" and e.msg.key == "sanguo.facing"
    assert cells(g, "i9") == ["i10", "i8"]  # sideways (north, south) it still stands between them
    g = position({**RULERS, "i9": "吴兵"}, to_move=WU)
    assert cells(g, "i9") == ["h9", "i10", "i8"]


def test_k4_allies_never_check_each_other():
    g = position({**RULERS, "i12": "吴车", "i9": "魏兵"}, to_move=WEI, alliance=(WU, WEI), han="alliance")
    assert g.stage == "move"
    assert "i17-h17" in [f"{a.src}-{a.dst}" for a in g.legal_actions()]
    g2 = position({**RULERS, "i12": "吴车", "i9": "魏兵"}, to_move=WEI)
    assert g2.stage == "check"


# ---------------------------------------------------------------- K5: alliance and 废帝
def _han():
    return {"c9": "汉帝", "d9": "汉车", "c8": "汉车", "c10": "汉车", "a9": "汉炮"}


def test_k5_han_pieces_neither_move_nor_are_captured_before_activation():
    g = position({**RULERS, **_han(), "d12": "吴车"}, to_move=WU)
    e = refuse(g, "d12-d9")
    assert e.rule == "K5" and e.msg.key == "sanguo.han_untouchable"
    assert "d9" not in cells(g, "d12")
    assert all(a.src not in _han() for a in g.legal_actions())


def test_k5_a_horse_on_a_kingdoms_alliance_point_allies_them_and_han_joins_the_third():
    g = position({**RULERS, **_han(), "d5": "蜀马", "g12": "魏兵", "g11": "蜀车", "i9": "吴兵"}, to_move=SHU)
    g.apply("d5-c7")  # 魏's alliance point (2,10)
    assert g.pos.alliance == frozenset({SHU, WEI}) and g.pos.han == "alliance"
    assert all(g.pos.board[LAY.index[c]][2] == WU for c in ("d9", "c8", "c10", "a9"))
    assert g.pos.board[LAY.index["c9"]][2] is None  # the emperor stays, nobody's
    assert any(e.msg.key == "sanguo.ev.alliance" for e in g.events(WU))
    # 吴 now moves the 汉 chariot; 蜀 may not capture its ally 魏's pawn
    assert any(a.src == "d9" for a in g.legal_actions()) and g.current_player == WU
    g.apply("q9-p9")
    g.apply("i17-h17")
    assert g.current_player == SHU
    e = refuse(g, "g11-g12")
    assert e.rule == "K5" and e.msg.key == "sanguo.ally_piece"


def test_k5_feidi_gives_the_han_pieces_to_the_horse_and_allies_the_other_two():
    g = position({**RULERS, **_han(), "d11": "魏马", "i9": "吴兵"}, to_move=WEI)
    g.apply("d11-c9")
    assert g.pos.han == "feidi" and g.pos.board[LAY.emperor] is not None
    assert g.pos.board[LAY.emperor][1] == HORSE  # the horse stands where the emperor was
    assert g.pos.alliance == frozenset({WU, SHU})
    assert all(g.pos.board[LAY.index[c]][2] == WEI for c in ("d9", "c8", "c10", "a9"))


def test_k5_only_one_alliance_or_feidi_per_game():
    han = {c: (p + "@蜀" if p != "汉帝" else p) for c, p in _han().items()}
    g = position({**RULERS, **han, "d11": "魏马", "d5": "蜀马", "i9": "吴兵"}, to_move=SHU,
                 alliance=(WU, WEI), han="alliance")
    g.apply("d5-c7")
    assert g.pos.alliance == frozenset({WU, WEI})
    assert g.pos.board[LAY.index["d9"]][2] == SHU  # the 汉 pieces stay with the third kingdom
    assert g.current_player == WU
    g.apply("q9-p9")
    assert g.current_player == WEI and "c9" not in cells(g, "d11")  # no 废帝 after an alliance
    e = refuse(g, "d11-c9")
    assert e.rule == "K5" and e.msg.key == "sanguo.emperor_kept"  # G3: not 'before an alliance', one stands


def test_k5_the_alliance_ends_when_a_kingdom_falls():
    g = _stalemate_by_ally()
    g.apply("e16-i16")
    assert not g.pos.alive[WEI] and g.pos.alliance is None


def test_k5_the_alliance_ends_when_the_third_kingdom_falls_and_the_allies_fight_again():
    # K5: "an alliance cannot be left and ends when one of its members or the third kingdom falls" (the
    # member's fall is tested above; here the third's). 魏 mates 吴 (the third), absorbs it (K6), and from 蜀's
    # next move on the former allies may capture each other.
    g = position({**RULERS, "n12": "魏车", "p13": "魏车", "f9": "魏兵", "f5": "蜀车"}, to_move=WEI,
                 alliance=(WEI, SHU), han="alliance")
    g.apply("n12-q12")
    assert g.pos.fallen == [(WU, "mate", WEI)] and g.pos.alliance is None
    assert g.current_player == SHU and "f9" in cells(g, "f5")
    g.apply("f5-f9")
    assert g.pos.board[LAY.index["f9"]][1] == CHARIOT


# ---------------------------------------------------------------- K6: mate, 困毙, 收编, modes, progress
def _mate(mode="bloodbath"):
    return position({**RULERS, "m12": "吴车", "h13": "吴车", "j13": "吴车", "e10": "魏兵", "i9": "蜀兵"},
                    to_move=WU, mode=mode)


def test_k6_mate_is_judged_when_due_and_the_mover_absorbs_pawns_keep_their_direction():
    g = _mate()
    g.apply("m12-i12")
    assert not g.pos.alive[WEI] and g.pos.fallen[0] == (WEI, "mate", WU)
    assert g.pos.board[LAY.index["i17"]] is None  # the ruler leaves the board
    assert g.pos.board[LAY.index["e10"]][2] == WU  # 收编
    assert not g.is_over and g.current_player == SHU
    g.apply("i1-i2")
    # still moves as a 魏 pawn (south or sideways: e9, d10, f10), not as a 吴 pawn (west or north/south)
    assert cells(g, "e10") == ["d10", "e9", "f10"]
    assert any(e.msg.key == "sanguo.ev.mate" for e in g.events(SHU))


def test_k6_quick_mode_ends_at_the_first_fall_and_the_absorber_wins():
    g = _mate("quick")
    g.apply("m12-i12")
    assert g.is_over and g.pos.end == "quick"
    r = g.ranking()
    assert r[0].player == WU and r[-1].player == WEI and r[-1].out
    assert g.end_reason().key == "sanguo.end.quick"


def test_k6_stalemate_kun_bi_falls_too():
    g = position({**RULERS, "f16": "吴马", "l16": "吴马", "e14": "吴马", "i9": "蜀兵"}, to_move=WU)
    assert g.pos.has_move(WEI)
    g.apply("e14-g15")
    assert g.pos.fallen == [(WEI, "stalemate", WU)]


def _stalemate_by_ally():
    return position({**RULERS, "h17": "吴兵", "j17": "吴兵", "e16": "吴车", "e1": "魏兵", "f1": "吴兵",
                     "i9": "吴兵"}, to_move=WU, alliance=(WU, WEI), han="alliance")


def test_k6_a_fall_caused_by_an_allys_move_is_absorbed_by_the_third_kingdom():
    g = _stalemate_by_ally()
    g.apply("e16-i16")
    assert g.pos.fallen == [(WEI, "stalemate", SHU)]
    assert g.pos.board[LAY.index["e1"]][2] == SHU


def test_k6_bloodbath_plays_on_until_one_kingdom_is_left():
    g = position({"q9": "吴君", "i17": "魏君", "m12": "吴车", "h13": "吴车", "j13": "吴车"},
                 to_move=WU, out=(SHU,))
    g.apply("m12-i12")
    assert g.is_over and g.pos.end == "last"
    assert [p.player for p in g.ranking()] == [WU, WEI, SHU]
    assert g.end_reason().key == "sanguo.end.last"


def test_k6_sixty_quiet_moves_end_the_game_ranked_by_material():
    g = position({**RULERS, "i9": "吴兵", "a9": "蜀车"}, to_move=WU, quiet=59)
    g.apply("q9-p9")
    assert g.is_over and g.pos.end == "quiet"
    assert [p.player for p in g.ranking()] == [SHU, WU, WEI]


def test_k6_threefold_repetition_ends_the_game():
    g = position({**BARE, "h9": "吴兵", "i9": "吴兵", "j9": "吴兵"}, to_move=WU)
    cycle = ["q9-p9", "i17-j17", "i1-j1", "p9-q9", "j17-i17", "j1-i1"]
    for n in range(2):
        for t in cycle:
            assert not g.is_over
            g.apply(t)
    assert g.is_over and g.pos.end == "repetition"


def test_sg3_feidi_with_two_kingdoms_left_makes_no_alliance():
    g = position({"q9": "吴君", "i17": "魏君", **_han(), "d11": "魏马", "p13": "吴兵"}, to_move=WEI, out=(SHU,))
    g.apply("d11-c9")
    assert g.pos.han == "feidi" and g.pos.alliance is None
    assert g.pos.board[LAY.index["d9"]][2] == WEI


def test_sg3_no_alliance_once_a_kingdom_has_fallen():
    g = position({"q9": "吴君", "i1": "蜀君", **_han(), "d5": "蜀马", "p13": "吴兵"}, to_move=SHU, out=(WEI,))
    g.apply("d5-c7")  # 魏's alliance point, but 魏 is gone
    assert g.pos.han == "" and g.pos.alliance is None


def test_sg7_absorbed_pieces_keep_their_own_kingdoms_palace_territory_and_direction():
    g = position({"q9": "吴君", "i1": "蜀君", "h17": "魏士@吴", "g17": "魏相@吴", "e10": "魏兵@吴"},
                 to_move=WU, out=(WEI,))
    assert cells(g, "h17") == ["i16"]  # 魏's palace
    assert cells(g, "g17") == ["e15", "i15"]  # 魏's territory
    assert cells(g, "e10") == ["d10", "e9", "f10"]  # 魏's direction (south)


def test_sg8_a_ruler_is_never_captured():
    # a set-up where 吴 could reach 魏's ruler (legal play never gets here: 被将先走, K3)
    g = position({**RULERS, "i12": "吴车"}, to_move=WU)
    assert "i17" not in cells(g, "i12")
    e = refuse(g, "i12-i17")
    assert e.rule == "K4" and e.msg.key == "sanguo.ruler_capture"
