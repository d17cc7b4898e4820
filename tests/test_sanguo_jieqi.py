"""三国演弈揭棋 (seed 004 part 一, sections 2-8): the deal K7, first moves and reveals K8, what nobody
sees and the notation K9, and the hidden-information invariance of the observations."""
from __future__ import annotations

import json
import random

import pytest

from engine.api import IllegalAction, SaveError
from engine.sanguo import load_game, new_game
from engine.sanguo.board import ADVISOR, CHARIOT, ELEPHANT, EMPEROR, HIDDEN_KINDS, HORSE, RULER, layout
from engine.sanguo.game import SanguoGame
from engine.sanguo.setup import position

WU, WEI, SHU = 0, 1, 2
LAY = layout()
RULERS = {"q9": "吴君", "i17": "魏君", "i1": "蜀君", "i5": "蜀兵"}
# the order of a kingdom's face-down points in the deal: 车5 马6 马12 车13 炮6 炮12 兵5 兵7 兵9 兵11 兵13
STANDARD = ("chariot", "horse", "horse", "chariot", "cannon", "cannon", "pawn", "pawn", "pawn", "pawn", "pawn")


def forced_game(wei_order: tuple, seed: int = 3) -> SanguoGame:
    """A 揭棋 game whose 魏 deal is ``wei_order`` (吴, 蜀 and 汉 dealt as at their points)."""
    return SanguoGame("jieqi", "bloodbath", seed, {0: STANDARD, 1: wei_order, 2: STANDARD,
                                                   3: ("chariot", "chariot", "chariot", "cannon")})


def cells(g, src):
    return sorted(a.dst for a in g.legal_actions() if a.src == src)


# ---------------------------------------------------------------- K7: the deal
def test_k7_rulers_advisors_elephants_and_emperor_face_up_the_rest_face_down_on_their_own_points():
    g = new_game(variant="jieqi", seed=11)
    board = g.observe(0)["board"]
    up = {c: p for c, p in board.items() if not p["hidden"]}
    assert sorted(p["kind"] for p in up.values()) == sorted([RULER] * 3 + [ADVISOR] * 6 + [ELEPHANT] * 6 + [EMPEROR])
    down = {c: p for c, p in board.items() if p["hidden"]}
    assert len(down) == 37  # 3 x 11 + 汉's 3 车 and 1 炮
    for pt, k, kind in LAY.setup:
        if kind in HIDDEN_KINDS:  # on its own kingdom's points, moving as the point's piece (K8)
            assert down[LAY.names[pt]] == {"kingdom": LAY.keys[k], "kind": kind, "owner": k, "hidden": True}
    # each kingdom's own 11 pieces, never mixed; 汉's 3 车 and 1 炮 among the 汉 points
    for k in range(3):
        pts = [pt for pt, kk, kind in LAY.setup if kk == k and kind in HIDDEN_KINDS]
        assert sorted(g._secret[pt] for pt in pts) == sorted(STANDARD)
    assert sorted(g._secret[pt] for pt, _ in LAY.han_points) == ["cannon", "chariot", "chariot", "chariot"]


def test_k7_the_deal_comes_from_the_seed_and_is_not_visible():
    a, b, c = (new_game(variant="jieqi", seed=s) for s in (5, 5, 6))
    assert a._secret == b._secret and a._secret != c._secret
    for p in range(3):
        assert json.dumps(a.observe(p), sort_keys=True) == json.dumps(c.observe(p), sort_keys=True)
        assert [e.msg for e in a.events(p)] == [e.msg for e in c.events(p)]
    assert a.legal_action_texts() == c.legal_action_texts()


def test_k7_a_game_without_a_seed_gets_an_unpredictable_one_not_shown_in_play():
    a, b = new_game(variant="jieqi"), new_game(variant="jieqi")
    assert a.seed != b.seed
    text = json.dumps([a.observe(p) for p in range(3)], ensure_ascii=False)
    assert str(a.seed) not in text and "seed" not in text


# ---------------------------------------------------------------- K8: first move by the point, then reveal
def test_k8_wei_file_6_back_piece_moves_first_as_a_horse_then_as_what_it_is_a_chariot():
    g = forced_game(("chariot", "chariot", "horse", "horse", "cannon", "cannon") + ("pawn",) * 5)
    g.apply(g.legal_actions()[0])  # 吴
    assert "暗马6进5" in g.legal_action_texts()  # f17 moves as a 马 (its point)
    g.apply("暗马6进5")
    assert str(g.log[-1]) == "暗马6进5→车"
    assert g.observe(SHU)["board"]["e15"] == {"kingdom": "wei", "kind": CHARIOT, "owner": WEI, "hidden": False}
    g.apply(g.legal_actions()[0])  # 蜀
    g.apply(g.legal_actions()[0])  # 吴
    assert g.current_player == WEI
    assert cells(g, "e15") == ["e16"]  # a chariot now (as a horse it could go back to f17 or g16)


def test_k9_notation_of_a_first_move_is_the_seeds_example():
    g = forced_game(("chariot", "pawn", "horse", "horse", "cannon", "cannon", "chariot") + ("pawn",) * 4)
    g.apply(g.legal_actions()[0])
    g.apply("暗马6进5")
    assert str(g.log[-1]) == "暗马6进5→兵"  # seed: 比如：暗马6进5→兵
    assert g.observe(WU)["record"][-1] == "暗马6进5→兵"


def test_k8_a_pawn_revealed_inside_its_border_moves_forward_or_sideways_only():
    g = forced_game(("chariot", "pawn", "horse", "horse", "cannon", "cannon", "chariot") + ("pawn",) * 4)
    g.apply(g.legal_actions()[0])
    g.apply("暗马6进7")  # f17 -> g15, a 兵
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    assert cells(g, "g15") == ["h15"]  # forward g14 and sideways f15 hold its own pieces; never back to g16


def test_k8_face_down_pieces_capture_on_their_first_move_and_are_captured():
    g = position({**RULERS, "e17": "暗魏车=马", "e12": "吴车"}, to_move=WEI)
    assert "e12" in cells(g, "e17")
    g.apply("e17-e12")
    assert g.pos.board[LAY.index["e12"]][1:] == (HORSE, WEI, False)
    g = position({**RULERS, "e17": "暗魏车=马", "e12": "吴车"}, to_move=WU)
    assert "e17" in cells(g, "e12")


def test_k8_han_face_down_pieces_neither_move_nor_are_captured_before_activation():
    g = position({**RULERS, "c9": "汉帝", "d9": "暗汉车=炮", "d12": "吴车"}, to_move=WU)
    assert "d9" not in cells(g, "d12")
    with pytest.raises(IllegalAction) as e:
        g.apply("d12-d9")
    assert e.value.rule == "K5"


def test_k8_han_face_down_pieces_after_activation_move_as_their_point_and_are_captured_seen_by_the_captor():
    # seed: 暗子也可以被吃(汉除外) ... 东汉暗子被激活以后,三个车位置上的暗子第一次走棋时按照车的走法,炮位的暗子第一步
    # 走棋时按照炮的走法 (K8: Han pieces can be captured only after activation; K9: shown to the captor only)
    han = {"c9": "汉帝", "d9": "暗汉车=炮@吴", "c8": "暗汉车=车@吴", "c10": "暗汉车=车@吴", "a9": "暗汉炮=车@吴"}
    g = position({**RULERS, **han, "d5": "蜀车", "m9": "吴兵"}, to_move=SHU, alliance=(WEI, SHU), han="alliance")
    assert "d9" in cells(g, "d5")
    g.apply("d5-d9")
    seen = [g.observe(k)["captured_seen"] for k in range(3)]
    assert seen == [{}, {}, {"han.cannon": 1}]
    assert all(g.observe(k)["pools"]["han"] == {"cannon": 1, "chariot": 3} for k in range(3))  # SG14
    for k in (WU, WEI):
        assert not any("cannon" in e.msg.render("en") or "炮" in e.msg.render("zh") for e in g.events(k))
    # 吴 now holds the 汉 pieces: the one on the 炮 point first moves as a 炮, the 车 points as 车 (K8)
    assert g.current_player == WU
    assert "d9" in cells(g, "a9")  # a 炮's capture over the emperor (it is truly a 车, which would stop at c9)
    assert "c5" in cells(g, "c8") and "c9" not in cells(g, "c8")


def test_k8_face_down_pieces_give_check_as_their_points_type():
    g = position({**RULERS, "i12": "暗吴车=兵"}, to_move=WEI)
    assert g.stage == "check"
    assert not any(a.src == "j16" for a in g.legal_actions())


def test_k8_activating_han_with_an_open_middle_line_checks_wu():
    # seed: 若激活东汉时，吴君主与汉中路暗子没有阻隔的情况下，依旧算拥汉方对东吴的将军
    han = {"c9": "汉帝", "d9": "暗汉车=炮", "c8": "暗汉车=车", "c10": "暗汉车=车", "a9": "暗汉炮=车"}
    g = position({**RULERS, **han, "d11": "魏马", "m12": "吴车"}, to_move=WEI)
    g.apply("d11-c9")  # 废帝 by 魏: the 汉 pieces join 魏
    assert g.pos.han == "feidi" and g.pos.board[LAY.index["d9"]][2] == WEI
    assert g.current_player == WU and g.stage == "check"  # 被将先走 before 蜀
    assert any(e.msg.key == "sanguo.ev.check" for e in g.events(SHU))
    assert [a.dst for a in g.legal_actions()] == ["m9"]  # only the chariot between blocks the check


def test_k8_absorbed_face_down_pieces_stay_face_down_with_their_points_first_move():
    g = position({**RULERS, "m12": "吴车", "h13": "吴车", "j13": "吴车", "e17": "暗魏车=兵"}, to_move=WU)
    g.apply("m12-i12")
    assert g.pos.fallen == [(WEI, "mate", WU)]
    assert g.pos.board[LAY.index["e17"]] == (WEI, CHARIOT, WU, True)
    g.apply(g.legal_actions()[0])  # 蜀
    moves = [a for a in g.legal_actions() if a.src == "e17"]
    assert moves and all(a.text.startswith("暗车") for a in moves)
    assert "e16" in [a.dst for a in moves] and "e10" in [a.dst for a in moves]  # a chariot's reach


# ---------------------------------------------------------------- K9: nobody sees; captor sees; pools
def test_k9_a_captured_face_down_piece_is_shown_to_its_captor_only():
    g = position({**RULERS, "e14": "暗魏兵=车", "f12": "吴马"}, to_move=WU)  # the mover is no 车: its name is public
    g.apply("f12-e14")
    seen = [e for e in g.events(WU) if e.msg.key == "sanguo.ev.capture_seen"]
    assert len(seen) == 1 and "chariot" in json.dumps(seen[0].msg.to_json())
    for p in (WEI, SHU):
        assert not any(e.msg.key == "sanguo.ev.capture_seen" for e in g.events(p))
        assert "chariot" not in json.dumps([e.msg.to_json() for e in g.events(p)])
        assert g.observe(p)["captured_seen"] == {}
    assert g.observe(WU)["captured_seen"] == {"wei.chariot": 1}
    assert g.observe(SHU)["pools"]["wei"] == {"chariot": 1}  # not revealed: still in the public pool


def test_k9_pools_are_public_and_shrink_on_reveals():
    g = forced_game(("chariot", "pawn", "horse", "horse", "cannon", "cannon", "chariot") + ("pawn",) * 4)
    assert g.observe(SHU)["pools"]["wei"] == {"cannon": 2, "chariot": 2, "horse": 2, "pawn": 5}
    g.apply(g.legal_actions()[0])
    g.apply("暗马6进5")
    assert g.observe(SHU)["pools"]["wei"] == {"cannon": 2, "chariot": 2, "horse": 2, "pawn": 4}


def test_k9_nobody_sees_a_face_down_piece_not_even_its_owner():
    g = new_game(variant="jieqi", seed=4)
    for p in range(3):
        obs = g.observe(p)
        assert all(set(v) == {"kingdom", "kind", "owner", "hidden"} for v in obs["board"].values())
    text = json.dumps([g.observe(p) for p in range(3)])
    v = g.hidden_variant(WU, random.Random(1))
    assert v._secret != g._secret
    assert text == json.dumps([v.observe(p) for p in range(3)])


def test_saved_reveal_that_does_not_match_the_deal_is_refused():
    g = forced_game(("chariot", "pawn", "horse", "horse", "cannon", "cannon", "chariot") + ("pawn",) * 4)
    g.apply(g.legal_actions()[0])
    g.apply("暗马6进5")
    text = g.to_json()
    assert load_game(text).to_json() == text
    with pytest.raises(SaveError):
        load_game(text.replace("暗马6进5→兵", "暗马6进5→车"))


# ---------------------------------------------------------------- hidden information: the generic check over 揭棋
def _outcome(game, text):
    c = game.clone()
    try:
        c.apply(c.parse_action(text))
    except IllegalAction as e:
        return f"illegal [{e.rule}] {e.message}"
    except ValueError as e:
        return f"parse {e}"
    return "ok"


@pytest.mark.parametrize("seed", [21, 22])
def test_hidden_facts_do_not_change_what_a_player_sees_in_jieqi(seed):
    g = new_game(variant="jieqi", seed=seed)
    rng = random.Random(seed)
    positions = []
    for i in range(60):
        if g.is_over:
            break
        if i % 12 == 0:
            positions.append(g.clone())
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    pool = sorted({t for p in positions for t in p.legal_action_texts()})[:120]
    vr = random.Random(5)
    for p in positions:
        for viewer in range(3):
            v = p.hidden_variant(viewer, vr)
            assert json.dumps(v.observe(viewer), sort_keys=True) == json.dumps(p.observe(viewer), sort_keys=True)
            assert [e.msg for e in v.events(viewer)] == [e.msg for e in p.events(viewer)]
        v = p.hidden_variant(p.current_player, vr)
        assert v.legal_action_texts() == p.legal_action_texts()
        for text in pool:
            assert _outcome(p, text) == _outcome(v, text)
        # the variant's save replays it exactly
        assert load_game(v.to_json())._secret == v._secret


def test_sg4_a_face_down_piece_moving_as_a_horse_makes_the_alliance():
    g = position({**RULERS, "c9": "汉帝", "d9": "暗汉车=炮", "d5": "暗蜀马=兵"}, to_move=SHU)
    g.apply("d5-c7")  # moves as a 马 onto 魏's alliance point, turns out a 兵
    assert str(g.log[-1]).endswith("→兵")
    assert g.pos.alliance == frozenset({SHU, WEI}) and g.pos.board[LAY.index["d9"]][2] == WU


def test_sg9_the_first_round_cannon_limit_holds_for_a_face_down_piece_on_a_cannon_point():
    g = new_game(variant="jieqi", seed=1)
    texts = g.legal_action_texts()
    assert "暗炮6进2" in texts and "暗炮6进3" not in texts
    with pytest.raises(IllegalAction) as e:
        g.apply("暗炮6进3")
    assert e.value.rule == "K2" and e.value.msg.key == "sanguo.cannon_first_round"
