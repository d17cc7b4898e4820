"""辛亥革命's first minutes, what session 7's QA still found in play (issue 26), driven through the app: the
card strip a solid panel (no map round it), the status line saying what to do after the opponent moved,
the close-up following each new decision's marks, the move list starting at a whole entry, the start
screen in traditional characters while 辛亥革命 is chosen, English letters on the counters in English,
and the hex tooltip going when Z changes the view."""
from __future__ import annotations

import os
import re

import pygame
import pytest

from client import i18n
from client.app import App, Options
from client.boards.model import MARKER_GLYPH
from client.games import make_plugin
from client.games.base import text as words
from client.games.xinhai import COLUMN_BG, KIND_EN, TERRAIN_ICON_EN, best_focus
from client.scenes import board_game
from client.ui import cards, text
from engine.xinhai.game import position

from tests.boards_util import click_at, key
from tests.test_xinhai_first_minutes import FAR_QING, first_decision_app

CJK = re.compile(r"[\u2e80-\u9fff]")


def settle(app, n=4):
    for _ in range(n):
        app.scene.dirty = True
        app.step(0.016)


def in_frame(sc) -> bool:
    """Every hex the decision marks lies inside the close-up drawn (half a hex from its edges)."""
    v = sc.last_board_view
    f = v.geometry.frame
    pts = [sc.plugin.geometry.center(c) for c, k in v.marks.items() if k in ("move", "capture", "special")]
    assert pts
    return f is None or all(f[0] + 0.5 <= x <= f[2] - 0.5 and f[1] + 0.5 <= z <= f[3] - 0.5 for x, z in pts)


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_the_card_strip_is_a_solid_panel_with_no_map_round_it(cleanup, size):
    app = first_decision_app("zh", size, "gl", "offscreen")
    sc = app.scene
    settle(app)
    area = sc.plugin.board_area(sc.board_rect)
    for _ in range(8):  # the wheel over the map: the map reaches past its area in the angled view
        pos = (area.centerx, area.centery)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0, precise_y=1))
        app.step(0.016)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(size[0] - 5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    settle(app, 2)
    shot = app.display.screenshot()
    strip, status = sc.card_rect, sc.status_rect
    assert strip.h > 0
    # the gutters round the strip (above, below, left and right of it) are the column's colour
    gutter = [(x, y) for y in list(range(sc.board_rect.bottom + 1, strip.top)) + list(range(strip.bottom, status.y))
              for x in range(0, sc.panel_rect.x, 5)]
    gutter += [(x, y) for x in list(range(0, strip.x)) + list(range(strip.right, sc.panel_rect.x))
               for y in range(strip.y, strip.bottom, 5)]
    assert len(gutter) > 100
    assert all(tuple(shot[y, x][:3]) == COLUMN_BG for x, y in gutter)
    # between and under the cards only the panel's dark paper: none of the map's light terrain colours
    cards = [r for r, _ in sc.cards.hits]
    line_h = strip.h // (max(r.line for r in sc.card_rows) + 1)
    inner = [(x, y) for x in range(strip.x + 2, strip.right - 2, 3) for y in range(strip.y + 2, strip.bottom - 2, 3)
             if not any(r.inflate(2, 2).collidepoint(x, y) for r in cards) and (y - strip.y) % line_h >= 20]
    assert len(inner) > 100
    assert max(int(shot[y, x][:3].max()) for x, y in inner) < 80


@pytest.mark.parametrize("lang,size", [("en", (1024, 640)), ("zh", (1024, 640)), ("en", (1280, 720)),
                                       ("zh", (1280, 720))])
def test_every_cards_title_is_whole_and_its_words_readable(cleanup, lang, size):
    # the cards read "鄂軍第…", "援軍：4×…" or "…" until hovered at 1024x640 (issue 26): landscape cards, the other
    # hand on a second line once C unfolds it, none over another, titles whole in at most two lines, 12-pixel words, the hand's and the events' lines whole
    app = first_decision_app(lang, size)
    sc = app.scene
    settle(app, 2)
    folded = sc.card_rect.h
    assert len(sc.cards.hits) == 5 and len({r.y for r, _ in sc.cards.hits}) == 1  # 3 set-up cards, 2 events
    assert ("C" in sc.card_rows[0].title) and "5" in sc.card_rows[0].title  # the other hand: how many, which key
    key(app, pygame.K_c)  # the Qing's public hand unfolded on a second line
    settle(app, 2)
    hits = sc.cards.hits
    assert len(hits) == 10 and len({r.y for r, _ in hits}) == 2 and sc.card_rect.h > folded
    assert all(not a.colliderect(b) for i, (a, _) in enumerate(hits) for b, _ in hits[i + 1:])
    assert all(sc.card_rect.contains(r) for r, _ in hits)
    own = {c.key for r in sc.card_rows if r.line == 0 for c in r.cards}
    for r, c in hits:
        pad = max(3, r.w // 16)
        size_, lines = cards.title_lines(c.title, c.title_px, r.w - 2 * pad, True)
        assert size_ >= 12 and c.body_px >= 12 and len(lines) <= 2
        assert "".join(lines).replace(" ", "") == c.title.replace(" ", "")  # whole
        body = [ln for x in c.lines for ln in text.wrap(x, c.body_px, r.w - 2 * pad)]
        head = len(lines) * (size_ + 3) + 2 * pad
        room = (r.h - pad - (head + pad)) // (c.body_px + 3)
        if c.key in own:  # the viewer's hand and the events: every line shown
            assert len(body) <= room, (c.title, body, room)
        else:
            assert room >= 2  # the other hand: two lines at least (the whole card under the mouse)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_status_line_says_what_to_do_not_the_opponents_last_action(cleanup, lang):
    app = first_decision_app(lang, (1024, 640))  # the computer (the Qing) moved just before
    sc = app.scene
    g = sc.game
    assert g.stage == "retreat" and sc.human_turn()
    said = sc.status_text(lang)
    assert said == words(sc.plugin.hint, lang) and "I-12" in said
    assert not said.startswith(sc.plugin.seat_name(1, lang))  # not "the Qing: ..."
    free = sorted(c for c, k in sc.plugin.targets(()).items() if k == "move")
    click_at(app, sc.cell_pos(free[0]))  # the retreat: the next decision is the human's again or the computer's
    from tests.boards_util import wait_human

    wait_human(app)
    app.step(0.016)
    if sc.human_turn():
        assert sc.status_text(lang) == words(sc.plugin.hint, lang)
    entries = sc.plugin.move_list(lang)
    assert any(sc.plugin.cell_name(free[0]) in e for e in entries)  # the moves stay in the move list


def test_best_focus_shows_all_marks_that_fit_else_the_largest_group():
    assert best_focus([(1.0, 1.0), (3.0, 5.0)], 6.0, 6.0) == (2.0, 3.0)
    far = [(0.0, 0.0), (1.0, 1.0), (2.0, 0.5), (30.0, 30.0)]
    x, z = best_focus(far, 6.0, 6.0)
    assert all(abs(px - x) <= 3 and abs(pz - z) <= 3 for px, pz in far[:3])


@pytest.mark.parametrize("renderer,driver,size", [("gl", "offscreen", (1024, 640)), ("gl", "offscreen", (1280, 720))])
def test_the_close_up_shows_each_new_decisions_marks_without_jerking(cleanup, renderer, driver, size):
    app = first_decision_app("en", size, renderer, driver)
    sc = app.scene
    settle(app)
    assert sc.last_board_view.geometry.frame is not None  # a close-up at this size
    assert in_frame(sc)  # at the start: the retreat's hexes in sight without pressing Z
    for k in (pygame.K_LEFT,) * 6 + (pygame.K_UP,) * 6:  # the player looks at the north-west corner
        key(app, k)
    settle(app)
    assert not in_frame(sc)
    frame = sc.last_board_view.geometry.frame
    click_at(app, sc.cell_pos(sc.plugin.cell("A-20")))  # a refused click: the close-up stays where it was
    settle(app)
    assert sc.message_bad and sc.last_board_view.geometry.frame == frame
    g = sc.game
    sc.play(g.legal_actions()[0])  # the retreat done: a new decision
    for _ in range(40):
        sc.wait_for_computer(1.0)
        settle(app, 1)
        if sc.human_turn() and any(k in ("move", "capture", "special") for k in sc.last_board_view.marks.values()):
            break
        if sc.human_turn():
            sc.play(g.legal_actions()[0])  # a choice made with a button (a marker face): the next decision
    settle(app)
    assert in_frame(sc), (g.stage, sc.last_board_view.geometry.frame)


def test_the_flat_close_up_shows_the_first_decisions_marks(cleanup):
    app = first_decision_app("zh", (1024, 640))
    settle(app)
    assert app.scene.last_board_view.geometry.frame is not None and in_frame(app.scene)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_move_list_starts_at_a_whole_entry(cleanup, monkeypatch, lang):
    app = first_decision_app(lang, (1024, 640))
    sc = app.scene
    drawn = []
    real = text.draw
    monkeypatch.setattr(text, "draw", lambda surf, s, pos, *a, **k: (drawn.append((s, pos)), real(surf, s, pos, *a, **k))[1])
    title = i18n.tr("board_moves", lang)
    entries = sc.plugin.move_list(lang)
    assert len(entries) > 20
    for h in range(600, 700, 3):  # every panel height: the list's top line falls on every part of an entry
        drawn.clear()
        sc.draw(pygame.Surface((1024, h)))
        x = sc.panel_rect.x + 10
        ys = [pos[1] for s, pos in drawn if s == title]
        lines = [s for s, pos in drawn if pos[0] == x and pos[1] > ys[0] and s != "F1 " + i18n.tr("help", lang)]
        assert lines and re.match(r"\d+\. ", lines[0]), (h, lines[:2])
        assert "".join(lines).replace(" ", "") in "".join(entries).replace(" ", "")
        assert lines[-1].replace(" ", "") and entries[-1].replace(" ", "").endswith(lines[-1].replace(" ", ""))


def test_the_start_screen_is_traditional_while_xinhai_is_chosen(cleanup, monkeypatch, tmp_path):
    old = os.environ.get("SDL_VIDEODRIVER")
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    try:
        i18n.set_lang("zh")
        app = App(Options(renderer="flat", save_dir=str(tmp_path), lang="zh", size=(1280, 720), strict=True))
        drawn = []
        real = text.render
        monkeypatch.setattr(text, "render", lambda s, *a, **k: (drawn.append(s), real(s, *a, **k))[1])
        app.start_title()
        sc = app.scene

        def shown(game_id):
            while sc.game.value != game_id:
                sc.game.step(1)
            drawn.clear()
            app.step(0.016)
            return set(drawn)

        xh = shown("xinhai")
        assert {"遊戲", "語言", "開始", "讀檔"} <= xh and not {"游戏", "语言", "开始", "读档"} & xh
        assert "歷史佈置" in xh  # the set-up's name as before
        bg = shown("baige")  # another game: the client's simplified words again
        assert {"游戏", "语言", "开始"} <= bg
    finally:
        pygame.display.quit()
        if old is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = old


def test_counters_icons_and_badges_are_english_letters_in_english(cleanup):
    g = position([("rev", "infantry", "H-16"), ("rev", "artillery", "H-18"), ("rev", "cavalry", "K-12", False),
                  ("qing", "fleet", "P-12"), FAR_QING])
    g.board.trenches = {g.unit_at("H-16").hex}
    pl = make_plugin(g)
    i18n.set_lang("en")
    v = pl.view(0)
    assert {p.glyph for p in v.pieces} == set(KIND_EN.values())
    assert v.piece_at(pl.cell("H-18")).glyph == "A" and v.markers[pl.cell("K-12")] == ("worn_en",)
    assert set(v.icons.values()) <= set(TERRAIN_ICON_EN.values()) and "P" in v.icons.values()
    badges = [MARKER_GLYPH[k] for ks in v.markers.values() for k in ks]
    assert "T" in badges and all(b.isascii() and b.isalpha() for b in badges)  # letters every font has
    assert not any(CJK.search(s) for s in [p.glyph + p.value + p.name for p in v.pieces] + list(v.icons.values()))
    legend = words(pl.help_lines("en")[-1][0], "en")
    assert all(f"{c} " in legend for c in ("I", "C", "A", "F", "P", "T", "B", "V", "R"))
    i18n.set_lang("zh")
    v = pl.view(0)
    assert {p.glyph for p in v.pieces} == {"步", "砲", "馬", "艦"}
    assert [MARKER_GLYPH[k] for k in v.markers[pl.cell("H-16")]] == ["壕"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_hex_tooltip_goes_when_z_changes_the_view(cleanup, monkeypatch, lang):
    app = first_decision_app(lang, (1024, 640))
    sc = app.scene
    settle(app)
    area = sc.plugin.board_area(sc.board_rect)
    pos = (area.centerx, area.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.016)
    before = sc.hover
    asked = []
    real = sc.plugin.cell_info
    monkeypatch.setattr(sc.plugin, "cell_info", lambda cell, ln: (asked.append(cell), real(cell, ln))[1])
    sc.hover_since = 0.0  # rested long enough
    sc.draw(pygame.display.get_surface())
    assert before is not None and asked == [before]  # the tooltip about the hex under the mouse
    key(app, pygame.K_z)  # the whole map: another hex under the mouse now
    asked.clear()
    sc.hover_since = 0.0
    sc.draw(pygame.display.get_surface())
    assert asked == []  # the old hex's tooltip is gone
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.016)
    sc.hover_since = 0.0
    sc.draw(pygame.display.get_surface())
    assert sc.hover is not None and sc.hover != before and asked == [sc.hover]  # the hex under the mouse now
