"""三国演弈 / 揭棋 rulings K10 and K11 (shared/RULINGS.md, 2026-11-28) and the refusal of a parsed
cell pair (issue 25): each test built from the audit's reproducer."""
from __future__ import annotations

import pytest

from engine.api import IllegalAction
from engine.sanguo import new_game
from engine.sanguo.setup import position

WU, WEI, SHU = 0, 1, 2
BARE = {"q9": "吴君", "i17": "魏君", "i1": "蜀君"}
RULERS = {**BARE, "i5": "蜀兵"}


def cells(g, src):
    return sorted(a.dst for a in g.legal_actions() if a.src == src)


def test_k10_standard_pawn_on_its_border_line_steps_forward_only():
    """K2 unchanged for a face-up pawn of the standard game: on line 5 forward only."""
    g = position({**RULERS, "i13": "魏兵"}, to_move=WEI, variant="standard")
    assert cells(g, "i13") == ["i12"]


def test_k10_revealed_pawn_on_its_border_line_moves_forward_or_sideways():
    """K10: 暗兵X进1→兵 lands a 揭棋 pawn on its border line 5; it may step sideways there."""
    g = position({**RULERS, "i13": "魏兵"}, to_move=WEI, variant="jieqi")  
    assert g.variant == "jieqi"
    assert cells(g, "i13") == ["h13", "i12", "j13"]
    g.apply("i13-h13")
    assert g.pos.board[g.lay.index["h13"]][1] == "pawn"


def test_k10_revealed_pawn_never_steps_back():
    g = position({**RULERS, "i13": "魏兵"}, to_move=WEI, variant="jieqi")
    assert "i14" not in cells(g, "i13")


def test_k10_the_reveal_itself_then_a_sideways_step_on_line_5():
    """The reproducer: a face-down pawn steps forward onto line 5 (暗兵X进1→兵), then moves sideways."""
    g = new_game(variant="jieqi", seed=3)
    pawn_points = [a for a in g.legal_actions() if a.text.startswith("暗兵")]
    assert pawn_points, "吴 has face-down pieces on its pawn points"
    # play until some kingdom's face-down pawn-point piece is revealed as a pawn on its border line
    for seed in range(40):
        g = new_game(variant="jieqi", seed=seed)
        a = next(a for a in g.legal_actions() if a.text.startswith("暗兵") and "进" in a.text)
        g.apply(a)
        dst = g.pos.board[g.lay.index[a.dst]]
        if dst[1] == "pawn":
            break
    else:
        pytest.fail("no seed revealed a pawn on its first pawn-point move")
    # 吴's pawn now stands on its border line; after 魏 and 蜀 move, it may step sideways
    for _ in range(2):
        g.apply(next(m for m in g.legal_actions() if not m.text.startswith("暗")))
    assert g.pos.to_move == WU
    side = [d for d in cells(g, a.dst) if g.lay.line(WU, g.lay.index[d]) == g.lay.line(WU, g.lay.index[a.dst])]
    assert side, "a revealed pawn on line 5 has a sideways step (K10)"


def test_k10_absorbed_pawn_on_the_border_line_moves_sideways_in_the_standard_game():
    """K10: an absorbed pawn (收编, K6) keeps its direction and steps sideways on line 5."""
    g = position({**RULERS, "i13": "魏兵@吴", "h9": "吴兵"}, to_move=WU, out=(WEI,), variant="standard")
    assert cells(g, "i13") == ["h13", "i12", "j13"]


def test_k10_the_attack_pattern_is_the_move_pattern():
    """What a pawn attacks (K4 checks, the computer's attack map) follows K10 too."""
    g = position({**RULERS, "i13": "魏兵"}, to_move=WEI, variant="jieqi")
    i = g.lay.index["i13"]
    assert {g.lay.names[t] for t in g.pos.pawn_targets(g.pos.board[i], i)} == {"h13", "i12", "j13"}
    std = position({**RULERS, "i13": "魏兵"}, to_move=WEI, variant="standard")
    assert {std.lay.names[t] for t in std.pos.pawn_targets(std.pos.board[i], i)} == {"i12"}


def test_k11_a_fall_resets_the_sixty_move_count():
    """K11: a kingdom's fall is progress, like a capture: the quiet count starts again."""
    g = position({**RULERS, "m12": "吴车", "h13": "吴车", "j13": "吴车", "e10": "魏兵", "i9": "蜀兵"},
                 to_move=WU, quiet=50)
    g.apply("m12-i12")  # mates 魏 (no capture: the rook moves to an empty point)
    assert g.pos.fallen and g.pos.fallen[0][0] == WEI
    assert g.pos.quiet == 0


def test_k11_feidi_with_one_other_kingdom_left_says_no_alliance_forms():
    han = {"c9": "汉帝", "d9": "汉车", "c8": "汉车", "c10": "汉车", "a9": "汉炮"}
    g = position({"q9": "吴君", "i17": "魏君", **han, "d11": "魏马", "p13": "吴兵"}, to_move=WEI, out=(SHU,))
    g.apply("d11-c9")
    assert g.pos.alliance is None
    keys = [e.msg.key for e in g.events(WU)]
    assert "sanguo.ev.feidi_alone" in keys and "sanguo.ev.feidi" not in keys
    text = [e.msg.render("en") for e in g.events(WU) if e.msg.key == "sanguo.ev.feidi_alone"][0]
    assert "no alliance" in text and "ally" not in text.replace("alliance", "")


def test_k11_feidi_with_three_kingdoms_still_allies_the_other_two():
    han = {"c9": "汉帝", "d9": "汉车", "c8": "汉车", "c10": "汉车", "a9": "汉炮"}
    g = position({**RULERS, **han, "d11": "魏马", "i9": "吴兵"}, to_move=WEI)
    g.apply("d11-c9")
    assert [e.msg.key for e in g.events(WU)].count("sanguo.ev.feidi") == 1


def test_a_parsed_illegal_cell_pair_is_refused_with_the_real_reason():
    """parse_action("e6-c7") on an illegal pair: applying the parsed Move names the rule, as apply(text) does."""
    g = new_game()
    pairs = [("n9", "n11"), ("q9", "p8"), ("e6", "c7"), ("m9", "m7")]
    for s, d in pairs:
        with pytest.raises(IllegalAction) as by_text:
            g.apply(f"{s}-{d}")
        before = g.to_json()
        with pytest.raises(IllegalAction) as by_move:
            g.apply(g.parse_action(f"{s}-{d}"))
        assert g.to_json() == before
        assert by_move.value.rule == by_text.value.rule != "syntax"
        assert by_move.value.text("en") == by_text.value.text("en")
