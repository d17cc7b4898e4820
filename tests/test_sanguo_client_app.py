"""三国演弈 / 揭棋 through the whole client app (BoardApp, flat renderer, SDL's dummy driver), driven by posted
pygame events as tests/test_boards_loop.py does: 被将先走 announced where it happens (K3), a captured face-down
piece shown to its captor only before the hot-seat hand-over (K9), undo against the computer refused after a reveal (K12)
(K7), both languages."""
from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.games.base import text
from client.boards.model import edge_labels
from client.render.gl_board import BoardCamera
from engine.sanguo import new_game
from engine.sanguo.setup import position
from tests.boards_util import click_at, click_cell, key, make_app, wait_human

WU, WEI, SHU = 0, 1, 2
RULERS = {"q9": "吴君", "i17": "魏君", "i1": "蜀君", "i5": "蜀兵"}


def play_cells(app, src: str, dst: str) -> None:
    g = app.scene.plugin.geometry
    click_cell(app, g.parse(src))
    click_cell(app, g.parse(dst))


def test_out_of_turn_move_after_a_check_is_announced_in_the_log_and_the_panel_banner(cleanup):
    # K3: 吴's chariot checks 蜀 along the first line; 蜀 moves next, out of turn, before 魏
    g = position({**RULERS, "m5": "吴车", "i9": "魏兵"}, to_move=WU)
    app = make_app("dummy", "sanguo", ["human", "human", "human"], "flat", game=g)
    sc = app.scene
    assert sc.plugin.status("en") == "" and sc.plugin.status("zh") == ""
    play_cells(app, "m5", "m1")
    assert [str(a) for a in g.log] == ["车13平17"] and g.current_player == SHU and g.stage == "check"
    app.step(0.016)
    moves = sc.plugin.move_list("en")
    # one line per move, in the client's language, with what it caused
    assert moves == ["1. Wu: chariot m5-m1; Shu, in check, moves before Wei"]
    assert sc.plugin.move_list("zh") == ["1. 吴：车13平17；被将先走：蜀先于魏走棋"]
    assert sc.plugin.status("en") == "Shu, in check, moves before Wei"  # the red line atop the panel
    assert sc.plugin.status("zh") == "被将先走：蜀先于魏走棋"
    assert sc.last_board_view.marks[sc.plugin.cell("i1")] == "check"
    assert sc.plugin.cell("i1") in {p.cell for p in sc.last_board_view.pieces}
    play_cells(app, "i1", "i2")  # 蜀 answers; play continues after 蜀 with 吴, 魏 lost its turn
    assert g.current_player == WU and sc.plugin.status("en") == ""
    assert sc.plugin.move_list("en")[1:] == ["2. Shu: ruler i1-i2"]


def test_check_in_turn_is_shown_without_an_out_of_turn_announcement(cleanup):
    # K3: one move checking both others: they answer in turn order, 魏 first, nobody is skipped
    g = position({"q9": "吴君", "i17": "魏君", "i1": "蜀君", "m9": "吴车"}, to_move=WU)
    app = make_app("dummy", "sanguo", ["human", "human", "human"], "flat", game=g)
    sc = app.scene
    play_cells(app, "m9", "i9")
    assert g.current_player == WEI
    assert sc.plugin.status("en") == "Wei is in check"
    assert not any("被将先走" in m for m in sc.plugin.move_list("en"))
    play_cells(app, "i17", "h17")
    assert g.current_player == SHU and sc.plugin.status("en") == "Shu is in check"  # still in turn order


def test_hot_seat_shows_a_captured_face_down_piece_to_its_captor_then_hands_over(cleanup):
    # K9: 吴 captures 魏's face-down piece (truly a 车); only 吴 sees what it was, before 魏 gets the screen
    g = position({**RULERS, "e14": "暗魏兵=车", "e9": "吴车"}, to_move=WU)
    app = make_app("dummy", "sanguo", ["human", "human", "normal"], "flat", game=g)
    sc = app.scene
    play_cells(app, "e9", "e14")
    assert g.current_player == WEI
    note = sc.modal
    assert note is not None and note.kind == "notice" and app.app.scene is note
    assert note.note() == "for your eyes only: the face-down piece you captured on e14 was a Wei chariot"
    i18n.set_lang("zh")
    assert note.note() == "只给你看：你在e14吃掉的暗子是魏车"
    assert "魏车" in sc.plugin.panel_lines("zh")[-1][0]  # 吴's panel while 吴 still looks
    i18n.set_lang("en")
    app.step(0.016)
    click_at(app, note.buttons[0].rect.center)
    hand = app.app.scene
    assert hand.kind == "handover" and hand.player == WEI and sc.modal is hand
    click_at(app, (100, 100))
    assert sc.modal is None
    app.step(0.016)
    assert sc.plugin.viewer == WEI
    words = " ".join(sc.plugin.move_list("en") + [t for t, _ in sc.plugin.panel_lines("en")])
    assert "face-down piece of Wei on e14" in words  # the capture is public ...
    assert "was a" not in words and "only" not in words and "Wei chariot" not in words  # ... what it was is not
    assert sc.plugin.private_note(WEI) is None


def test_one_human_against_computers_reads_its_capture_on_the_status_line(cleanup):
    g = position({**RULERS, "e14": "暗魏兵=车", "e9": "吴车"}, to_move=WU)
    app = make_app("dummy", "sanguo", ["human", "normal", "normal"], "flat", game=g)
    sc = app.scene
    play_cells(app, "e9", "e14")
    assert sc.modal is None  # nobody else at this screen: no box, no hand-over
    assert sc.message.endswith("for your eyes only: the face-down piece you captured on e14 was a Wei chariot")
    wait_human(app)
    assert sc.plugin.viewer == WU  # the computers' turns never show their own view
    # the line of what Wu has seen (the English piece legend comes after it)
    assert any("Wei chariot" in s for s, _ in sc.plugin.panel_lines("en"))


def test_undo_against_the_computer_in_jieqi_never_peeks_at_a_face_down_piece(cleanup):
    """K12/G2 (issue 24.1): moving a face-down piece shows what it is; taking the move back would let the player
    learn the piece and play again: the take-back is refused, nothing changes."""
    g = new_game(variant="jieqi", seed=11)
    app = make_app("dummy", "sanguo", ["human", "easy", "easy"], "flat", game=g)
    sc = app.scene
    a = next(m for m in sc.game.legal_actions() if m.text.startswith("暗"))
    play_cells(app, a.src, a.dst)
    wait_human(app)
    assert len(sc.game.log) == 3 and sc.game.current_player == WU
    log = list(sc.game.log)
    key(app, pygame.K_u)
    assert sc.game.log == log and sc.message_bad
    assert text(sc.message, "en").endswith("it cannot be taken back [G2]")


def test_undo_against_the_computer_in_standard_sanguo_takes_back_the_move_and_the_replies(cleanup):
    app = make_app("dummy", "sanguo", ["human", "easy", "easy"], "flat", game=new_game(variant="standard"))
    sc = app.scene
    start = sc.plugin.view(WU).pieces
    a = sc.game.legal_actions()[0]
    play_cells(app, a.src, a.dst)
    wait_human(app)
    assert len(sc.game.log) == 3 and sc.game.current_player == WU
    key(app, pygame.K_u)
    assert sc.game.log == [] and sc.game.current_player == WU
    assert sc.plugin.view(WU).pieces == start
    assert sc.message.startswith("move taken back — now ")  # and what to click now (session 11)


def test_wei_alone_plays_from_the_bottom_of_the_turned_board(cleanup):
    app = make_app("dummy", "sanguo", ["easy", "human", "easy"], "flat", game=new_game())
    sc = app.scene
    assert sc.flipped and sc.last_board_view.flipped
    top, bottom = sc.cell_pos(sc.plugin.cell("i1")), sc.cell_pos(sc.plugin.cell("i17"))
    assert bottom[1] > top[1]  # 魏's ruler (i17) is drawn below 蜀's (i1)
    wait_human(app)
    a = next(m for m in sc.game.legal_actions() if m.src == "i14")  # 魏's middle pawn, one point forward
    play_cells(app, a.src, a.dst)
    assert str(sc.game.log[-1]) == "兵9进1" and sc.game.log[-1].dst == "i13"


def test_the_status_line_after_a_face_down_move_says_what_the_move_list_says(cleanup):
    # K9: once moved, the face-down piece's identity is public ("暗马12进11→兵"): the status line shows the same
    # text as the move list, never less and never more
    g = new_game(variant="jieqi", seed=11)
    app = make_app("dummy", "sanguo", ["human", "easy", "easy"], "flat", game=g)
    sc = app.scene
    hidden = {n for n, t in sc.plugin.obs()["board"].items() if t["hidden"]}
    a = next(m for m in g.legal_actions() if m.src in hidden)
    play_cells(app, a.src, a.dst)
    done = str(g.log[0])
    assert "→" in done and done.startswith("暗")
    kind = {"车": "chariot", "马": "horse", "炮": "cannon", "兵": "pawn"}
    said = f"Wu: face-down {kind[done[1]]} {a.src}-{a.dst} (turned over: {kind[done[-1]]})"
    entry = sc.plugin.move_list("en")[0]
    assert sc.message == entry.split(". ", 1)[1].split("; ")[0] == said  # the reveal once, in English
    assert sum(a.dst in m for m in sc.plugin.move_list("en")) == 1
    assert sc.plugin.move_list("zh")[0].startswith(f"1. 吴：{done}")
    i18n.set_lang("zh")
    try:
        assert sc.plugin.played(WU, "", "zh") == f"吴：{done}"
    finally:
        i18n.set_lang("en")


def _screen_order(sc, names):
    return [sc.cell_pos(sc.plugin.cell(n)) for n in names]


def test_every_kingdom_plays_from_the_bottom_the_side_ones_a_quarter_turn_round(cleanup):
    # 蜀 (south) as drawn, 魏 (north) turned round, 吴 (east) a quarter turn: the camera looks from the east
    for seats, yaw, bottom in ((["human", "easy", "easy"], 270.0, "q9"), (["easy", "human", "easy"], 180.0, "i17"),
                               (["easy", "easy", "human"], 0.0, "i1")):
        app = make_app("dummy", "sanguo", seats, "flat", game=new_game())
        sc = app.scene
        assert sc.yaw == yaw and sc.last_board_view.yaw == yaw
        ys = {n: p[1] for n, p in zip(("q9", "i17", "i1", "a9"), _screen_order(sc, ("q9", "i17", "i1", "a9")))}
        assert max(ys, key=ys.get) == bottom
        app.close()
        pygame.display.quit()
    app = make_app("dummy", "sanguo", ["human", "easy", "easy"], "flat", game=new_game())
    sc = app.scene
    wu, wei, shu, han = _screen_order(sc, ("q9", "i17", "i1", "a9"))
    assert han[1] < wei[1] < wu[1] and shu[0] < wu[0] < wei[0]  # 汉 at the top, 蜀 left, 魏 right of 吴
    # the edge labels read on the viewer's bottom and left edges, each beside its own line's end (issue 26, not on
    # the cut board's bounding box): a number below every point of its line, a letter left of every point of its
    g = sc.last_board_view.geometry
    h = sc.flat.scale / 2  # within its line's band (an inner corner's label moves a little aside)
    for text_, (x, z) in edge_labels(g, sc.flat.bounds, sc.flat.turn, sc.last_board_view.label_scale):
        px, py = sc.flat.to_px(x, z)
        line = [c for c in g.cells if (c[0] == g.rows - int(text_) if text_.isdigit() else g.name(c)[0] == text_)]
        ends = [sc.flat.cell_px(c) for c in line]
        assert len(line) >= 9
        if text_.isdigit():
            assert py > max(y for _, y in ends) and min(x for x, _ in ends) - h <= px <= max(x for x, _ in ends) + h
        else:
            assert px < min(x for x, _ in ends) and min(y for _, y in ends) - h <= py <= max(y for _, y in ends) + h
        assert min(abs(px - ex) + abs(py - ey) for ex, ey in ends) < 1.5 * sc.flat.scale  # beside its end
    # clicks land on the turned board: 吴's middle pawn one point forward (west)
    a = next(m for m in sc.game.legal_actions() if m.src == "n9")
    play_cells(app, a.src, a.dst)
    assert sc.game.log[0].dst == "m9"


def test_hot_seat_turns_the_board_for_the_kingdom_to_move_after_the_hand_over(cleanup):
    app = make_app("dummy", "sanguo", ["human", "human", "human"], "flat", game=new_game(variant="jieqi", seed=3))
    sc = app.scene
    assert sc.yaw == 270.0  # 吴 moves first, from the bottom
    sc.camera = BoardCamera(sc.last_board_view.bounds(), yaw=270.0)  # the GL camera's goal follows the turn
    for seat, yaw in ((WEI, 180.0), (SHU, 0.0), (WU, 270.0)):
        a = sc.game.legal_actions()[0]
        play_cells(app, a.src, a.dst)
        hand = app.app.scene
        assert hand.kind == "handover" and hand.player == seat
        click_at(app, (100, 100))
        assert sc.modal is None and sc.yaw == yaw and sc.last_board_view.yaw == yaw
        assert sc.camera.yaw % 360.0 == pytest.approx(yaw)  # snapped while the board was hidden
        assert sc.camera.yaw != 0.0 or yaw == 0.0
    sc.turn_to(180.0)  # the flip button from 吴's 270: the camera goes the short way (90 degrees)
    assert abs(sc.camera._goal[1] - sc.camera.yaw) == pytest.approx(90.0)


def test_f1_explains_what_to_click_and_what_the_face_down_hints_and_the_alliance_mark_mean(cleanup):
    app = make_app("dummy", "sanguo", ["human", "normal", "normal"], "flat", game=new_game(variant="jieqi", seed=2))
    key(app, pygame.K_F1)
    page = app.app.scene
    assert page.tabs() == ["play", "keys"] and page.tab == 0  # opens on how to play
    words = " ".join(ln for ln, _ in page.plugin_lines())
    assert "light character on one is the type of the point it stands on" in words  # K8: the hint glyph
    assert "The alliance points (盟;" in words and "moves first, even out of turn" in words and "Wu a quarter turn" in words
    app.step(0.016)  # the page draws
    i18n.set_lang("zh")
    try:
        zh = " ".join(ln for ln, _ in page.plugin_lines())
        assert "暗子上的字是它所站点位的棋种" in zh and "盟：结盟点" in zh
    finally:
        i18n.set_lang("en")
    key(app, pygame.K_F1)
    assert app.app.scene is app.scene  # F1 again closes the page
    standard = make_app("dummy", "sanguo", ["human", "normal", "normal"], "flat", game=new_game())
    assert not any("face down" in ln for ln, _ in standard.scene.plugin.help_lines("en"))  # 揭棋 only


def test_the_game_over_box_names_the_winner_the_reason_and_every_place(cleanup):
    # K6: a ranking by material names no winner in the engine's reason: the box says who won, why, and the places
    import random

    g = new_game(variant="jieqi", seed=4)
    rnd = random.Random(1)
    while not g.is_over:
        g.apply(rnd.choice(g.legal_actions()))
    assert "ranked by material" in text(g.end_reason(), "en")
    last = g.log[-1]
    app = make_app("dummy", "sanguo", ["human", "human", "human"], "flat", game=g.replay(len(g.log) - 1))
    play_cells(app, last.src, last.dst)  # the last move, clicked
    assert app.scene.game.is_over
    box = app.scene.modal
    assert box is not None and box.kind == "over"
    places = sorted(app.scene.game.ranking(), key=lambda p: p.place)
    names = [text(g.seat_name(p.player), "en") for p in places]
    assert box.reason().startswith(f"{names[0]} wins; 60 moves in a row without a capture, reveal or alliance")
    assert box.reason().endswith(f"places: 1. {names[0]} (material 19.5), 2. {names[1]} (material 18.0), "
                                 f"3. {names[2]} (material 11.5)")  # the random game of K10's rules
    assert app.scene.message == box.reason()  # the status line says the same
    app.step(0.016)
    i18n.set_lang("zh")
    try:
        assert box.reason().startswith("蜀获胜；连续60步无吃子") and "名次：1. 蜀（子力19.5）" in box.reason()
    finally:
        i18n.set_lang("en")


def test_the_tooltip_of_a_point_says_what_a_new_player_may_know_and_no_more(cleanup):
    # K8/K9: a face-down piece's tooltip gives its kingdom and its first move (the point's type), never what it is;
    # K5: an alliance point says what it is for
    g = position({**RULERS, "e14": "暗魏兵=车", "e9": "吴车"}, to_move=WU)
    app = make_app("dummy", "sanguo", ["human", "normal", "normal"], "flat", game=g)
    sc = app.scene
    pos = sc.cell_pos(sc.plugin.cell("e14"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.016)
    assert sc.hover == sc.plugin.cell("e14")
    sc.hover_since -= 1.0
    app.step(0.016)  # the tooltip draws
    assert sc.plugin.cell_info(sc.hover, "en") == ["e14", "a face-down Wei piece: its first move is a pawn's, "
                                                           "then it turns over"]
    assert "车" not in "".join(sc.plugin.cell_info(sc.hover, "zh"))  # what it truly is stays hidden
    assert sc.plugin.cell_info(sc.plugin.cell("e9"), "zh") == ["e9", "吴车", "吴的结盟点（盟）：别国的马走到这里，就与吴结盟"]
    assert sc.plugin.cell_info(sc.plugin.cell("i9"), "en") == ["i9"]


def test_the_standard_games_hot_seat_has_no_hand_over_and_keeps_the_board_still(cleanup):
    # nothing is hidden in the standard game (K9 is 揭棋's): no hand-over, so the board does not turn under a player
    app = make_app("dummy", "sanguo", ["human", "human", "human"], "flat", game=new_game())
    sc = app.scene
    assert sc.yaw == 0.0
    play_cells(app, "n9", "m9")
    app.step(0.016)
    assert sc.modal is None and sc.game.current_player == WEI and sc.yaw == 0.0
