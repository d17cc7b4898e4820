"""江山 in the client (client/games/jiangshan.py): the board model shows what the seat to move knows, and
clicks on cells walk the engine's action steps to the exact actions."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from client.games import has_plugin, make_plugin  # noqa: E402
from engine.jiangshan import new_game  # noqa: E402

from tests.jiangshan_util import make


def started(seed=0):
    g = new_game(seed=seed)
    g.apply("pick fire+ruse+substitute")
    g.apply("pick fire+ruse+substitute")
    return g


def test_the_start_position_shows_own_units_and_hides_the_enemys():
    assert has_plugin("jiangshan")
    pl = make_plugin(started())
    v = pl.view(0)
    assert len(v.pieces) == 31  # 16 own + 15 of 楚 (the 刀兵 under the a7 forest is hidden, J5)
    own = [p for p in v.pieces if p.side == 0]
    enemy = [p for p in v.pieces if p.side == 1]
    assert all(p.face_down for p in enemy) and {p.back_glyph for p in enemy} == {"步", "马", "奔"}
    assert {p.back_glyph for p in own} >= {"刀", "王", "车"}
    assert v.icons[pl.cell("f5")] == "山" and v.icons[pl.cell("j7")] == "城" and v.icons[pl.cell("h2")] == "营"
    assert [t.value for t in v.tracks] == [3, 3]


def test_clicks_build_a_march_and_a_facing_comes_from_the_chooser():
    g = make(red=["blade@e3:battle:N", "king@a1"], white=["king@l8"])
    pl = make_plugin(g)
    out = pl.click(pl.cell("e3"))
    assert out.kind == "select" and pl.targets(out.prefix) == {pl.cell("e4"): "move"}
    out = pl.click(pl.cell("e4"), out.prefix)
    assert out.kind == "choose" and {c.step.value for c in out.choices} == {"N", "E", "S", "W"}
    out = pl.pick(out.prefix, next(c.step for c in out.choices if c.step.value == "E"))
    assert out.kind == "play" and str(out.action) == "move e3 e4 E"


def test_a_forest_target_asks_move_or_capture():
    rows = ["." * 12] * 4 + ["...F........"] + ["." * 12] * 3
    g = make(red=["chariot@d1", "king@a1"], white=["king@l8"], rows=rows)
    pl = make_plugin(g)
    out = pl.click(pl.cell("d4"), pl.click(pl.cell("d1")).prefix)
    assert out.kind == "choose" and {c.step.value for c in out.choices} == {"move", "capture"}


def test_the_board_renders_headless():
    from client.boards.demo import render

    pl = make_plugin(started())
    img, _ = render(pl.view(0), "flat", (480, 360))
    assert img.shape == (360, 480, 3) and img.std() > 10


def test_the_board_is_drawn_for_the_viewer_not_for_the_seat_to_move():
    """Hidden information in the client: drawn for 汉 while 楚 (a computer) is to move, the board, the
    panel and the log show 汉's view only."""
    g = started()
    g.apply(sorted(t for t in g.legal_action_texts() if t.startswith("move e2"))[0])
    if g.current_player == 0:
        g.apply("end")
    assert g.current_player == 1
    pl = make_plugin(g)
    v = pl.view(0)
    assert all(p.face_down and p.back_glyph in "步马奔" for p in v.pieces if p.side == 1)
    assert "tallies" not in pl.obs()["sides"][1] and pl.obs()["player"] == 0
    assert not any("楚的" in line and "刀兵" in line for line in pl.move_list("zh"))


def attack_position():
    """汉's 干戈 on d3 attacks 楚's king on d4; 楚 holds 李代桃僵 with 3 morale, its 刀兵 on e5 stands in the
    king's command area (J12); 汉's 刀兵 on b3 and king on a1 march (J4, JS1)."""
    g = make(red=["halberd@d3:battle:N", "king@a1", "general@c2:battle:N", "blade@b3"],
             white=["king@d4:battle:S", "blade@e5:battle:S", "horse@h6"])
    g.st.sides[0].tallies = ["ruse", "crossing", "formation"]
    g.st.sides[1].tallies = ["substitute", "fire"]
    g.st.sides[1].morale = 3
    g._legal = None
    return g


def test_the_substitute_answer_in_hot_seat_through_the_app(cleanup):
    """J12 in hot seat: after 汉 declares the attack on d4 the board hides for 楚 with the attack named; 楚
    sees the prompt, the attacked cell marked, its own tallies as cards and only the number of 汉's, and
    汉's marching units by their class; clicking the king, then the 刀兵 plays 李代桃僵 and the 刀兵 is
    taken instead of the king."""
    import pygame

    from client.scenes.board_game import BoardGameScene
    from client.scenes.handover import HandoverScene
    from tests.boards_util import click_cell, key, make_app

    g = attack_position()
    app = make_app("dummy", "jiangshan", ["human", "human"], "flat", game=g)
    sc = app.scene
    assert isinstance(sc, BoardGameScene)
    assert sc.play_human("capture d3 d4 N") and g.stage == "reaction"
    app.step(0.016)
    top = app.app.scene
    assert isinstance(top, HandoverScene) and top.player == 1
    lines = sc.plugin.handover_lines(1, "en")
    assert lines == ["Han attacks d4 from d3; Chu answers"]
    key(app, pygame.K_SPACE)
    assert not isinstance(app.app.scene, HandoverScene) and sc.viewer() == 1
    assert sc.plugin.status("en").startswith("Han attacks d4 from d3: play The Plum Dies for the Peach")
    v = sc.plugin.view(1)
    assert v.marks[sc.plugin.cell("d4")] == "check"
    han = {p.cell: p for p in v.pieces if p.side == 0}
    assert han[sc.plugin.cell("b3")].back_glyph == "步" and han[sc.plugin.cell("a1")].back_glyph == "马"
    rows = sc.plugin.card_rows(1, "en")
    assert [c.title for c in rows[0].cards] == ["Plum Swap", "Prairie Fire"]
    assert rows[0].cards[0].full_lines[-1] == "(The Plum Dies for the Peach)"  # the full name on the card (zoom)
    assert rows[0].cards[0].corner == "3" and rows[1].backs == 3 and not rows[1].cards
    panel = " ".join(line for line, _ in sc.plugin.panel_lines("en"))
    assert "War Is Deception" not in panel and "Cross the Sea" not in panel  # 汉's tallies stay hidden
    click_cell(app, sc.plugin.cell("d4"))
    click_cell(app, sc.plugin.cell("e5"))
    assert str(g.log[-1]) == "substitute d4 e5"
    board = g.st.board()
    assert board[(3, 3)].owner == 0 and board[(3, 3)].type == "halberd"  # the 刀兵 was taken on d4
    assert board[(4, 4)].type == "king" and g.st.sides[1].used_tallies == ["substitute"]


def test_every_terrain_has_its_glyph_in_the_shipped_font():
    """Water is marked 水 as mountains 山 and forests 林 are; every glyph the plugin draws (terrain,
    units' faces, march classes, cities and camps) is in the shipped font subset."""
    import pygame

    from client.games.jiangshan import CLASS_GLYPH, GLYPH, TERRAIN
    from client.ui import text as ui_text

    pl = make_plugin(started())
    v = pl.view(0)
    obs = pl.obs()
    water = [f"{chr(97 + c)}{r + 1}" for r, row in enumerate(obs["terrain"]) for c, ch in enumerate(row) if ch == "W"]
    assert water and all(v.icons[pl.cell(w)] == "水" for w in water if w not in {c["cell"] for c in obs["cities"]})
    pygame.font.init()
    glyphs = {g for _, g in TERRAIN.values()} | set(GLYPH.values()) | set(CLASS_GLYPH.values()) | {"城", "营"}
    assert "" not in glyphs and all(ui_text.has_glyph(g) for g in glyphs)


def test_ruse_is_played_by_a_click_on_its_card(cleanup):
    """The viewer's tallies are cards with their cost; 兵者诡道 (one more action point) leaves the panel's
    buttons and is played by a click on its card; a card that is no legal action now changes nothing."""
    from tests.boards_util import click_at, make_app

    g = attack_position()
    app = make_app("dummy", "jiangshan", ["human", "human"], "flat", game=g, size=(1280, 800))
    sc = app.scene
    app.step(0.016)
    hand = next(r for r in sc.card_rows if r.cards)
    assert [(c.title, c.corner, c.legal) for c in hand.cards] == [
        ("Ruse of War", "3", True), ("Cross the Sea", "2", False), ("Marshal Ranks", "1", False)]
    assert "ruse" not in [s.value for s in sc.plugin.buttons()]
    rects = {c.ident: r for r, c in sc.cards.hits}
    click_at(app, rects[("tally", "crossing", "")].center)
    assert g.log == []
    click_at(app, rects[("tally", "ruse", "")].center)
    assert [str(a) for a in g.log] == ["ruse"] and g.st.ap == 2 and g.st.sides[0].morale == 0
    app.step(0.016)
    played = sc.card_rows[-1]
    assert [c.title for c in played.cards] == ["Ruse of War"] and played.cards[0].tag == "Han"


def test_what_the_client_says_of_an_action_hides_tallies_and_garrison_types():
    """game.describe is said on every viewer's status line: a tally pick names no tally, a unit leaving a
    city not its type (J5: a marching unit shows only its class)."""
    g = new_game(seed=0)
    said = g.describe("pick fire+ruse+substitute").render("en")
    assert "fire" not in said and "ruse" not in said
    assert g.describe("exit j7 general j6").render("zh") == "出城 j7 → j6"


def test_a_revealed_unit_waiting_for_its_facing_is_marked_and_asked_for():
    """J5: an infantry unit forced into battle state waits for its owner's facing; its owner's board marks
    it and the panel asks for the facing; recruiting is said with the unit's class only (J19: the
    description is said to every viewer)."""
    g = make(red=["blade@e3", "king@a1"], white=["king@l8", "halberd@e6"])
    g.apply("move e3 e4")
    assert g.stage == "reveal" and g.current_player == 1
    pl = make_plugin(g)
    assert pl.view(1).marks[pl.cell("e6")] == "special"
    assert pl.status("en") == "the unit on e6 is revealed: click it, then choose its facing"
    assert pl.view(0).marks.get(pl.cell("e6")) != "special"
    assert pl.handover_lines(1, "en") == ["the unit on e6 is revealed: click it, then choose its facing"]
    assert g.describe("recruit blade").render("zh") == "征兵：步"


def test_the_tallies_on_offer_are_cards_to_read_before_the_pick():
    """Seed 虎符的获得: before choosing its 3 tallies a player reads the 6 on offer as cards and picks by
    clicking them (no button per combination); once it has chosen, its hand shows the 3 chosen."""
    g = new_game(seed=0)
    pl = make_plugin(g)
    rows = pl.card_rows(0, "zh")
    assert len(rows) == 1 and rows[0].title == "可选的虎符：点选3个"
    assert [c.title for c in rows[0].cards] == ["排兵布阵", "瞒天过海", "烈火燎原", "无中生有", "兵者诡道", "李代桃僵"]
    assert [c.step.value for c in rows[0].cards] == [c.ident[1] for c in rows[0].cards]
    assert pl.buttons() == []
    g.apply("pick fire+ruse+substitute")
    rows = pl.card_rows(0, "zh")
    assert [c.title for c in rows[0].cards] == ["烈火燎原", "兵者诡道", "李代桃僵"]


def test_card_rows_are_those_of_the_seat_asked_for():
    """Whatever seat the board was last drawn for, the cards of a seat are that seat's own tallies."""
    g = attack_position()
    g.apply("capture d3 d4 N")
    assert g.current_player == 1  # 楚 answers; the board is still drawn for 汉 before the hand-over
    pl = make_plugin(g)
    pl.view(0)
    assert [c.ident[1] for c in pl.card_rows(1, "en")[0].cards] == ["substitute", "fire"]
    assert [c.ident[1] for c in pl.card_rows(0, "en")[0].cards] == ["ruse", "crossing", "formation"]


def test_f1_explains_the_game_in_both_languages():
    """F1's "how to play" page: the aim and J13's end, a turn, the two faces (J5), terrain and badges,
    the tallies, the marks and every piece's glyph named (an English reader learns 刀 = swordsmen), in zh and en."""
    pl = make_plugin(started())
    zh, en = pl.help_lines("zh"), pl.help_lines("en")
    assert len(zh) == len(en) == 7
    assert "刀 swordsmen" in en[6][0] and "奔 raider" in en[6][0] and "刀 刀兵" in zh[6][0] and "后 后" not in zh[6][0]
    assert "王" in zh[0][0] and "J13" in zh[0][0] and "king" in en[0][0]
    assert "步 马 奔" in zh[2][0] and "水" in zh[3][0] and "乱" in en[3][0] and "李代桃僵" in en[4][0]


def test_the_tallies_are_picked_by_clicking_three_cards_through_the_app(cleanup):
    """Seed 虎符的获得 in the app: the bottom line says what to do (choose 3 tallies, their cost), not
    'select a piece'; each click raises a card, in any order; a second click on a chosen card starts
    over; the third card plays the pick, and the computer then picks its own."""
    from tests.boards_util import click_at, make_app, wait_human

    app = make_app("dummy", "jiangshan", ["human", "hard"], "flat", size=(1280, 800))
    sc = app.scene
    app.step(0.016)
    assert sc.message.render("en").startswith("choose 3 tallies: click 3 of the cards below")
    assert len(sc.message.render("en")) < 150  # the bottom line holds it whole
    assert "select a piece" not in sc.plugin.status("en")
    assert not sc.plugin.buttons()

    def click_card(t):
        rects = {c.ident[1]: r for r, c in sc.cards.hits}
        click_at(app, rects[t].center)

    click_card("substitute")
    click_card("fire")
    assert [s.value for s in sc.prefix] == ["substitute", "fire"] and g_log(sc) == []
    raised = {c.ident[1] for r, c in sc.cards.hits if r.y < max(r2.y for r2, _ in sc.cards.hits)}
    assert raised == {"substitute", "fire"}
    click_card("fire")  # a chosen card again: the choice starts over
    assert sc.prefix == () and g_log(sc) == []
    for t in ("ruse", "substitute", "fire"):
        click_card(t)
    assert g_log(sc)[0] == "pick fire+ruse+substitute"
    wait_human(app)
    assert sc.game.stage == "action" and sc.game.st.sides[0].tallies == ["fire", "ruse", "substitute"]


def g_log(sc):
    return [str(a) for a in sc.game.log]


def test_the_morale_tracks_and_the_status_speak_the_clients_language():
    """The morale tracks are labelled in the client's language (汉士气 / Han morale); the panel's first line
    says what the seat to act does now in every stage: the tallies (and, once chosen, whom it waits for),
    its action points, or with none left the free actions and 'end the turn'; another seat's turn names
    that seat."""
    from client import i18n

    g = new_game(seed=0)
    pl = make_plugin(g)
    old = i18n.lang()
    try:
        i18n.set_lang("en")
        assert [t.label for t in pl.view(0).tracks] == ["Han morale", "Chu morale"]
        i18n.set_lang("zh")
        v = pl.view(0)
        assert [t.label for t in v.tracks] == ["汉士气", "楚士气"]
        # drawn upright beside the board in screen space (not laid on the ground, upside down for 楚)
        import pygame

        assert v.tracks_panel and v.track_boxes() == []
        area = pl.board_area(pygame.Rect(0, 0, 888, 578))  # 1280x800: the whole width under the tracks' panel
        assert area.w == 888 and 40 < area.y < 100 and area.bottom == 578
        area = pl.board_area(pygame.Rect(0, 0, 1200, 400))  # a low, wide room: left of the tracks' column
        assert area.h == 400 and 800 < area.w < 1200
    finally:
        i18n.set_lang(old)
    assert pl.status("zh").startswith("选择3个虎符") and "士气" in pl.status("zh")
    g.apply("pick fire+ruse+substitute")
    pl.view(0)
    assert pl.status("en") == "Chu is choosing tallies"
    g.apply("pick fire+ruse+substitute")
    assert pl.view(0) and pl.status("en").startswith("action points left: 1 — click one of your units framed in cyan")
    g.apply(sorted(t for t in g.legal_action_texts() if t.startswith("move e2"))[0])
    if g.current_player == 0:
        assert pl.status("en").startswith("no action point left") and "end the turn" in pl.status("en")
        assert pl.hint.render("en") == pl.status("en")
        g.apply("end")
    assert g.current_player == 1
    pl.view(0)  # drawn for 汉 while 楚 (a computer) acts
    assert pl.status("en") == "the action phase · Chu"


def test_the_tooltip_tells_a_cell_as_the_viewer_may_know_it():
    """A cell's tooltip: its terrain, a city's name and holder, and the unit there; an enemy marching
    unit by its class only (J5), one's own by its name."""
    pl = make_plugin(started())
    pl.view(0)
    assert pl.cell_info(pl.cell("e2"), "en") == ["e2 · plain", "Han's halberdiers (march face)"]
    assert pl.cell_info(pl.cell("j7"), "zh") == ["j7", "彭城（楚的城市）"]
    assert pl.cell_info(pl.cell("e7"), "en") == ["e7", "Chu camp (camp held by Chu)"]
    assert pl.cell_info(pl.cell("f5"), "en")[0] == "f5 · mountain"
    enemy = [u for u in pl.obs()["units"] if u["owner"] == 1 and not u.get("in_city")]
    for u in enemy:
        info = " ".join(pl.cell_info(pl.cell(u["cell"]), "en"))
        assert "which unit is unknown" in info
        assert not any(n in info for n in ("swordsmen", "halberdiers", "king", "general", "chariot"))
    pl.view(1)
    assert "Chu's" in pl.cell_info(pl.cell(enemy[0]["cell"]), "en")[1]
    assert "which unit is unknown" not in pl.cell_info(pl.cell(enemy[0]["cell"]), "en")[1]


def test_a_facing_is_said_as_a_word_on_the_status_line_and_in_the_log():
    """J3/J5: the status line and the log name a facing ('north', 北), not its letter: a revealed unit's
    facing and an infantry march's facing."""
    g = make(red=["blade@e3", "king@a1"], white=["king@l8", "halberd@e6"])
    g.apply("move e3 e4")
    assert g.stage == "reveal"
    assert g.describe("face e6 S").render("en") == "the unit at e6 faces south"
    g.apply("face e6 S")
    pl = make_plugin(g)
    assert any(line.endswith(". the unit at e6 faces south") for line in pl.move_list("en"))
    assert any(line.endswith(". e6的部队朝南") for line in pl.move_list("zh"))
    assert g.describe("move e4 e5 W").render("zh") == "e4的部队行军到e5，朝西"
    assert g.describe("move e4 e5").render("en") == "the unit at e4 marches to e5"


def test_a_defender_without_the_tally_is_told_to_let_the_attack_go_on():
    """J12: the defender is asked after every declared attack on a leader's area, holding 李代桃僵 or not
    (the wait tells the attacker nothing); without the tally (or the morale for it) its prompt says to
    press 'let the attack go on' instead of inviting a swap it cannot make."""
    g = attack_position()
    g.st.sides[1].tallies = ["fire"]
    g._legal = None
    g.apply("capture d3 d4 N")
    assert g.stage == "reaction" and [str(a) for a in g.legal_actions()] == ["decline"]
    pl = make_plugin(g)
    pl.view(1)
    assert pl.status("en") == ("Han attacks d4 from d3: you cannot play The Plum Dies for the Peach now; "
                               "press 'let the attack go on'")
    assert pl.hint.render("zh").endswith("请点“不使用李代桃僵”")
    pl.view(0)
    assert pl.status("en") == "Han attacks d4 from d3; Chu answers"


def test_the_panel_names_the_weather_as_weather():
    """Seed 天命 (J2): the last weather roll is a panel line that says it is the weather ('weather:
    downpour'), not a bare word."""
    g = make(red=["king@a1"], white=["king@l8"])
    g.st.weather = "rain"
    pl = make_plugin(g)
    pl.view(0)
    lines = [line for line, _ in pl.panel_lines("en")]
    assert "weather: downpour (the weather die, see the moves)" in lines
    assert "天气：暴雨（天命骰，见棋谱）" in [line for line, _ in pl.panel_lines("zh")]


def test_a_click_that_starts_nothing_says_why_through_the_app(cleanup):
    """A new player's first clicks: an enemy counter (march face) says it is the enemy's; with the action
    point spent one's own unit says to end the turn; a unit that has moved says so (the engine's
    'already moved'), all on the status line instead of silence."""
    from tests.boards_util import click_cell, make_app

    g = make(red=["blade@e3", "king@a1", "halberd@c3"], white=["king@l8", "horse@h6"])
    g.st.sides[0].merit = 5  # recruiting stays open once the action point is spent: the turn does not end
    g._legal = None
    app = make_app("dummy", "jiangshan", ["human", "human"], "flat", game=g)
    sc = app.scene
    pl = sc.plugin
    click_cell(app, pl.cell("h6"))
    assert sc.status_text("en") == "that is a unit of Chu: click one of your own units first [seed: action phase]"
    assert sc.message_bad
    click_cell(app, pl.cell("d5"))  # an empty plain
    assert sc.status_text("en").startswith("nothing of yours at d5: click one of your units first") and sc.message_bad
    click_cell(app, pl.cell("e3"))
    click_cell(app, pl.cell("e4"))
    assert str(g.log[-1]) == "move e3 e4" and g.current_player == 0 and g.st.ap == 0
    click_cell(app, pl.cell("c3"))
    assert sc.status_text("en") == ("no action point left: the unit at c3 cannot march now; press 'end the turn' "
                          "[seed: action phase, one action point]")
    click_cell(app, pl.cell("e4"))
    assert sc.status_text("en") == "the unit at e4 has already been moved this turn [seed: command, a unit not moved yet]"


def test_the_facing_chooser_shows_arrows_the_way_the_board_is_turned():
    """J3: an infantry unit's facing is chosen among arrows pointing as on the board turned for the seat
    to act (north up for 汉; for 楚, whose board is turned, north points down), each with its name."""
    g = make(red=["blade@e3:battle:N", "king@a1"], white=["king@l8", "blade@e6:battle:S"])
    pl = make_plugin(g)
    out = pl.click(pl.cell("e4"), pl.click(pl.cell("e3")).prefix)
    assert [c.step.value for c in out.choices] == ["N", "E", "S", "W"]  # compass order
    assert {c.step.value: (c.glyph, c.label.render("en")) for c in out.choices} == {
        "N": ("↑", "north"), "E": ("→", "east"), "S": ("↓", "south"), "W": ("←", "west")}
    g.apply("move e3 e4 N")
    g.apply("end") if g.current_player == 0 else None
    assert g.current_player == 1
    out = pl.click(pl.cell("e5"), pl.click(pl.cell("e6")).prefix)
    assert {c.step.value: c.glyph for c in out.choices} == {"N": "↓", "E": "←", "S": "↑", "W": "→"}


def test_every_tally_card_title_is_whole_on_a_narrow_card():
    """The tallies' card titles (short names, the full name being the card's last line) fit whole in two
    lines on the cards of 1024x640, 1280x800 and 1600x1000 windows in both languages: no word cut, nothing
    left off, and every line inside the card where draw_card puts it (beside the corner number, measured as
    drawn: it was measured 3 px narrower, or under it on the narrowest cards)."""
    import pygame

    from client.ui import text as fonts
    from client.ui.cards import CardStrip, corner_room, title_beside, title_lines

    pygame.font.init()
    pl = make_plugin(started())
    for strip_h in (102, 128, 160):  # board_game.layout: 16% of the window's height, 96 to 160 pixels
        w, _ = CardStrip.card_size(strip_h)
        pad = max(3, w // 16)
        for lang in ("en", "zh"):
            for t in ("formation", "crossing", "fire", "scout", "ruse", "substitute"):
                card = pl.tally_card(t, lang, (0.5, 0.1, 0.1))
                size, lines = title_lines(card.title, max(11, min(22, w // 7)), w - 2 * pad, True)
                assert "".join(lines).replace(" ", "") == card.title.replace(" ", ""), (lang, t, lines)
                assert size >= 9 and all(not ln.endswith("…") for ln in lines)
                x0 = pad + (corner_room(size) if title_beside(lines, size, w - 2 * pad) else 0)
                assert all(x0 + fonts.size_of(ln, size)[0] <= w - pad for ln in lines), (strip_h, lang, t, lines)


def test_a_title_as_wide_as_its_measured_room_is_drawn_inside_the_card():
    """A one-word title just as wide as title_lines' room beside the corner number is drawn with no pixel past
    the card's inner edge (the old measure left 3 px too few: such a word ran past the edge)."""
    import pygame

    from client.ui import text as fonts
    from client.ui.cards import CardView, corner_room, draw_card, title_lines

    pygame.font.init()
    for w in (70, 93):
        tsize, pad = max(11, min(22, w // 7)), max(3, w // 16)
        room = w - 2 * pad - corner_room(tsize)
        word = "n"
        while fonts.size_of(word + "n", tsize)[0] <= room:
            word += "n"
        assert room - fonts.size_of(word, tsize)[0] < 8
        assert title_lines(word, tsize, w - 2 * pad, True) == (tsize, [word])  # kept beside the corner
        card = pygame.Rect(10, 10, w, 120)
        pics = []
        for title in (word, "n"):  # the same card with a one-letter title: what differs is the title's letters
            surf = pygame.Surface((w + 40, 140))
            surf.fill((0, 0, 0))
            draw_card(surf, card, CardView(title, ("",), "2", ink=(0.0, 0.0, 0.6)))
            pics.append(pygame.surfarray.array3d(surf).astype(int))
        xs = [x for x in range(w + 40) if abs(pics[0][x] - pics[1][x]).max() > 40]
        assert xs, w
        assert max(xs) < card.right - pad + 1, (w, word, max(xs), card.right - pad)


def _board_box(sc, size):
    """The board's projected bounding box (pixels) with the scene's GL camera fitted into the plugin's area."""
    import numpy as np
    import pygame

    from client.render.gl_board import BoardCamera

    area = sc.plugin.board_area(sc.board_rect)
    view = sc.last_board_view
    cam = BoardCamera(view.bounds(), pitch=sc.view_pitch, yaw=sc.yaw)
    cam.set_viewport(size, (area.x, area.y, area.w, area.h))
    x0, z0, x1, z1 = view.bounds()
    px = cam.project(np.array([(x, 0.0, z) for x in (x0, x1) for z in (z0, z1)], np.float32))
    lo, hi = px[:, :2].min(axis=0), px[:, :2].max(axis=0)
    return area, pygame.Rect(int(lo[0]), int(lo[1]), int(hi[0] - lo[0]), int(hi[1] - lo[1])), cam


def test_the_board_is_framed_large_and_centred_in_the_room_the_tracks_leave(cleanup):
    """Issue 17: the 12x8 board used about a third of the room left of the panel (framed left of a full-height
    column for the short morale panel). Now, at 1024x640, 1280x800 and 1600x1000, for 汉 and for 楚 (the board
    turned), with the tallies' offer and later with the hand in the strip: the area is the whole width under
    the tracks' panel, the board (GL camera fit) spans at least 78% of the board rectangle's width and is
    centred in the area, and the tracks' panel does not overlap the area."""
    import pygame

    from tests.boards_util import make_app

    for size in ((1024, 640), (1280, 800), (1600, 1000)):
        for seats in (["human", "hard"], ["hard", "human"]):
            app = make_app("dummy", "jiangshan", seats, "flat", size=size)
            sc = app.scene
            for stage in ("offer", "hand"):
                if stage == "hand":
                    while sc.game.stage == "tallies":
                        sc.game.apply(sc.game.legal_action_texts()[0])
                    sc.plugin._index_key = None
                app.step(0.016)
                area, box, _ = _board_box(sc, size)
                panel = sc.plugin.track_panel["rect"]
                assert not panel.colliderect(area), (size, seats, stage)
                # under the panel at full width, or (1024x640, the strip of landscape tallies taller: issue 26)
                # left of its column where the board is larger there; either way the board fills its area
                assert area.w == sc.board_rect.w or area.h == sc.board_rect.h, (size, seats, stage, area)
                assert box.w >= 0.78 * area.w or box.h >= 0.78 * area.h, (size, seats, stage, box, area)
                assert area.inflate(4, 4).contains(box), (size, seats, stage, box, area)
                assert abs(box.centerx - area.centerx) <= 3 and abs(box.centery - area.centery) <= 0.1 * area.h
                assert (sc.yaw % 360 == 180) == (seats[1] == "human")
            app.close()
            pygame.display.quit()


def test_terrain_city_and_badge_glyphs_are_legible_at_the_default_camera(cleanup):
    """Issue 17: 水 山 林 城 营 were 0.26 of a cell in a corner (about 12 px at 1280x800, GL). On an empty cell
    the glyph is now centred, 0.56 of a cell: at least 26 px wide on the screen everywhere on the board (the far
    rank too) at 1280x800 with the default camera; beside a counter it takes the corner the counter leaves.
    Fire and disorder badges (火, 乱) are 0.4 of an empty cell."""
    import numpy as np

    from tests.boards_util import make_app

    app = make_app("dummy", "jiangshan", ["human", "hard"], "flat", size=(1280, 800))
    sc = app.scene
    app.step(0.016)
    view = sc.last_board_view
    _, _, cam = _board_box(sc, (1280, 800))
    right = cam.right_on_ground()
    empty = [c for c in view.icons if view.piece_at(c) is None]
    assert len(empty) > 15
    for cell in empty:
        x, z, h = view.icon_spot(cell)
        assert abs(h - 0.28) < 1e-9
        a, b = cam.project(np.array([(x - h * right[0], 0.0, z - h * right[1]), (x + h * right[0], 0.0, z + h * right[1])],
                                    np.float32))[:, :2]
        assert float(np.hypot(*(b - a))) >= 26, (sc.plugin.cell_name(cell), b - a)
    held = [c for c in view.icons if view.piece_at(c) is not None]
    x, z, h = view.icon_spot(held[0])
    cx, cz = view.geometry.center(held[0])
    assert h > 0.13 and x - h >= cx - 0.5 and z - h >= cz - 0.5  # larger, still inside its cell
    view.markers[empty[0]] = ("blaze",)
    assert view.lettered_badges(empty[0])[0][3] >= 0.4


def test_a_recruiting_button_names_its_cost_in_merit():
    """Seed 征兵 (功绩与招募费用为1:1, J1's costs): with 3 merit the buttons offer the units costing at most
    3, each with its cost, in both languages."""
    g = make(red=["king@a1", "blade@e3:battle:N"], white=["king@l8"])
    g.st.sides[0].merit = 3
    g._legal = None
    pl = make_plugin(g)
    labels = {s.value: pl.button_label(s) for s in pl.buttons()}
    assert labels["recruit blade"].render("en") == "recruit swordsmen (1 merit)"
    assert labels["recruit armour"].render("zh") == "征兵：甲士（3功绩）"
    assert "recruit general" not in labels  # 4 merit


def test_the_panel_counts_supply_towards_the_next_morale_point():
    """Seed 补给 (each city 1 supply, every 4 supplies raise morale by 1): the panel shows supply out of
    the scenario's 4 ('supply 2/4'), and F1 says what it is for."""
    g = started()
    g.st.sides[0].supply = 2
    pl = make_plugin(g)
    pl.view(0)
    assert pl.panel_lines("en")[0][0].startswith("Han: morale 3 supply 2/4 merit 0")
    assert "补给2/4" in pl.panel_lines("zh")[0][0] and "：士气3，" in pl.panel_lines("zh")[0][0]  # full-width punctuation
    assert "every 4 supply: morale +1" in pl.help_lines("en")[3][0]
    assert "1 merit" in pl.help_lines("en")[1][0] and "1功绩" in pl.help_lines("zh")[1][0]


def test_a_click_the_selected_unit_cannot_reach_says_the_engines_reason_with_its_rule(cleanup):
    """Issue 26: with a unit selected, a click on a cell it cannot reach said nothing and deselected; now the
    status line gives the engine's refusal with its rule id, in the player's language: a march out of the
    unit's pattern (J7), an attack it cannot make (J1), the king's capture into a city (J15)."""
    from client import i18n
    from tests.boards_util import click_cell, make_app

    g = make(red=["blade@g2", "king@c6", "halberd@i3"], white=["king@l8", "horse@h6"],
             cities=[("b8", "city", 1)])
    app = make_app("dummy", "jiangshan", ["human", "human"], "flat", game=g)
    sc = app.scene
    pl = sc.plugin
    click_cell(app, pl.cell("g2"))
    assert sc.prefix and pl.view(0, sc.prefix).marks[pl.cell("g3")] == "move"  # its targets are marked
    click_cell(app, pl.cell("k5"))
    assert sc.status_text("en") == "the unit at g2 cannot march to k5 (its pattern or a blocker) [J7]" and sc.message_bad
    assert not g.log  # nothing played
    click_cell(app, pl.cell("g2"))
    click_cell(app, pl.cell("h6"))
    assert sc.status_text("en") == "the unit at g2 cannot attack h6 [J1]"
    click_cell(app, pl.cell("c6"))
    click_cell(app, pl.cell("b8"))
    assert sc.status_text("en").endswith("the king at c6 cannot attack b8 [J15]")
    i18n.set_lang("zh")
    try:
        click_cell(app, pl.cell("g2"))
        click_cell(app, pl.cell("k5"))
        assert sc.status_text("zh") == "g2的部队不能行军到k5（行动方式或阻挡） [J7]"
    finally:
        i18n.set_lang("en")


def test_a_scout_is_placed_and_moved_through_clicks_with_its_face_chosen(cleanup):
    """J18 in the client: a click on a free cell by the general offers the scout with either face in the
    chooser; the scout is then drawn as 斥 for its owner and as a plain 马 for the enemy."""
    from client.games.jiangshan import CLASS_GLYPH
    from tests.boards_util import click_at, click_cell, make_app

    g = make(red=["general@d4", "king@a1"], white=["king@l8"])
    g.st.sides[0].tallies = ["scout"]
    g.st.sides[0].morale = 2
    g._legal = None
    app = make_app("dummy", "jiangshan", ["human", "human"], "flat", game=g)
    sc = app.scene
    pl = sc.plugin
    click_cell(app, pl.cell("e5"))
    assert sc.modal.kind == "choose" and sorted(sc.modal.rects) == ["scout_foot", "scout_horse"]
    out = pl.click(pl.cell("e5"))
    assert {(c.step.value, c.glyph) for c in out.choices} == {("scout_foot", CLASS_GLYPH["foot"]),
                                                             ("scout_horse", CLASS_GLYPH["horse"])}
    click_at(app, sc.modal.rects["scout_horse"].center)
    assert str(g.log[-1]) == "scout e5 horse"
    own = next(p for p in pl.view(0).pieces if p.cell == pl.cell("e5"))
    enemy = next(p for p in pl.view(1).pieces if p.cell == pl.cell("e5"))
    assert own.back_glyph == "斥" and enemy.back_glyph == "马" and enemy.face_down
    pl.view(0)
    assert any("the enemy sees: horse unit" in line for line in pl.cell_info(pl.cell("e5"), "en"))


@pytest.mark.parametrize("renderer,driver", [("flat", "dummy"), ("gl", "offscreen")])
def test_counters_are_readable_and_clear_of_the_panels_at_small_windows(cleanup, renderer, driver):
    """Issue 26: at 1280x720 and 1024x640, with the default camera, every counter is at least 24 px wide (the
    far rank included: measured between neighbouring cells' centres times the counter's 0.84 of a cell), the
    board's cells lie inside the board's rectangle and clear of the morale panel, and a counter standing on a
    forest keeps the forest said by a 林 badge above it (its 林 icon would be under the counter)."""
    import pygame

    from client.render.flat_board import TOKEN_R
    from tests.boards_util import make_app

    rows = ["." * 12, "." * 12, "..F.........", "..F..M......", "..FF.W......", "." * 12, "." * 12, "." * 12]
    for size in ((1280, 720), (1024, 640)):
        g = make(red=["blade@c5", "bow@d4:battle:N", "king@a1"], white=["king@l8"], rows=rows)
        app = make_app(driver, "jiangshan", ["human", "human"], renderer, game=g, size=size)
        sc = app.scene
        pl = sc.plugin
        app.step(0.016)
        panel = pl.track_panel["rect"]
        for rank in (1, 8):
            for col in "abcdefghijk":
                a, b = sc.cell_pos(pl.cell(f"{col}{rank}")), sc.cell_pos(pl.cell(f"{chr(ord(col) + 1)}{rank}"))
                width = 2 * TOKEN_R * abs(b[0] - a[0])
                assert width >= 24, (renderer, size, col, rank, width)
                half = int(width / 2)
                box = pygame.Rect(a[0] - half, a[1] - half, 2 * half, 2 * half)
                assert sc.board_rect.contains(box) and not box.colliderect(panel), (renderer, size, col, rank)
        view = sc.last_board_view
        assert view.markers.get(pl.cell("c5")) == ("grove",) and view.markers.get(pl.cell("d4")) == ("grove",)
        assert view.lettered_badges(pl.cell("c5"))[0][0] == "grove"
        assert "grove" not in view.markers.get(pl.cell("c6"), ()) and view.icons[pl.cell("c6")] == "林"
        app.close()
        pygame.display.quit()


def test_the_substitute_answer_marks_the_leader_and_explains_a_wrong_click():
    """Issue 26 for J12: when the attacked unit is not the leader, the leader that may swap is marked before
    the defender's first click; a click that does not continue the swap says so with J12."""
    g = make(red=["halberd@e4:battle:N", "king@a1"], white=["king@d6:battle:S", "blade@e5:battle:S"])
    g.st.sides[1].tallies = ["substitute"]
    g.st.sides[1].morale = 3
    g._legal = None
    g.apply("capture e4 e5 N")
    assert g.stage == "reaction" and g.current_player == 1
    pl = make_plugin(g)
    marks = pl.view(1).marks
    assert marks[pl.cell("d6")] == "special" and marks[pl.cell("e5")] == "check"
    out = pl.click(pl.cell("d6"))
    out = pl.click(pl.cell("h8"), out.prefix)
    assert out.kind == "clear" and out.reason.render("en").endswith("click a marked cell, or d6 again to cancel [J12]")
