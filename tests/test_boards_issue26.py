"""Issue 26 for the shared board scene and 百格西洋棋, 暗棋, 三国演弈 / 揭棋, driven through the app's clicks: every
refused click says why with the rule id in the player's language, refusals wrap instead of being cut, pieces at
least 24 px at the default zoom at 1280x720 and 1024x640 (flat and GL), the board framed in the space the panels
leave, constrained decisions marked before the click, per-game key rows, one script per language."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pygame
import pytest

from client import keys
from client.scenes.board_game import STATUS_LINE, STATUS_SIZE
from client.ui import text
from engine import registry
from engine.api import Step
from engine.baige import BaigeGame
from tests.board_px import drawn_piece_px
from tests.boards_util import OPEN, click_cell, key, make_app

SIZES = [(1280, 720), (1024, 640)]
CJK = re.compile(r"[\u4e00-\u9fff]")


def status(app, lang: str) -> str:
    """The status line's words in ``lang`` (a refusal is a keyed message: F2 shows it in the other language)."""
    return app.scene.status_text(lang)


def cell(app, name: str):
    return app.scene.plugin.cell(name)


# ---------------------------------------------------------------- a reason for every refused click (with the rule id)
def test_baige_refused_clicks_say_why_with_the_rule_id_in_both_languages(cleanup):
    # 10x10: black rook f10 pins the white rook f2 to the king f1 (a move of it would leave the king in check)
    g = BaigeGame("k4r4/p9/10/10/10/10/10/10/5R4/5K4 w - - 0 1")
    app = make_app("dummy", "baige", ["human", "human"], "flat", game=g, size=(1280, 720))
    sc = app.scene
    click_cell(app, cell(app, "e5"))  # an empty square
    assert sc.message_bad and "[moving your own piece]" in status(app, "en") and "[走己方棋子]" in status(app, "zh")
    assert "e5" in status(app, "en") and "空格" in status(app, "zh")
    click_cell(app, cell(app, "a9"))  # the other side's piece
    assert "[turn]" in status(app, "en") and "Black" in status(app, "en") and "[轮次]" in status(app, "zh")
    click_cell(app, cell(app, "f2"))  # the pinned rook: it may move along the file only
    assert sc.selected == cell(app, "f2")
    click_cell(app, cell(app, "a2"))  # off the file: the king would be in check
    assert status(app, "en").startswith("rook f2-a2: ")  # named as the move list does
    assert "车 f2-a2" in status(app, "zh")
    assert status(app, "en").endswith("[check]")
    assert status(app, "zh").endswith("[将军]") and "将军" in status(app, "zh")
    assert g.log == [] and sc.prefix == ()  # nothing played, the selection let go
    click_cell(app, cell(app, "f1"))  # the king: a move two squares away is not a king's move
    click_cell(app, cell(app, "f3"))
    assert status(app, "en").endswith("[king move]") and status(app, "zh").endswith("[王的走法]")


def test_baige_blocked_piece_and_own_piece_in_the_way(cleanup):
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1280, 720))
    click_cell(app, cell(app, "a3"))  # a ferz boxed in by its own pieces: no legal move at all
    en = status(app, "en")  # how it moves, and that its squares are taken (session 11: not "a4 holds your own piece")
    assert en.startswith("ferz: one square diagonally") and en.endswith("[ferz move]"), en
    assert "the piece on a3 could reach that way is taken or blocked: it has no legal move now" in en
    assert status(app, "zh").startswith("士：斜走一格") and status(app, "zh").endswith("现在无路可走 [士的走法]")
    click_cell(app, cell(app, "a4"))  # the pawn: selected; then a square it cannot reach
    click_cell(app, cell(app, "b6"))
    assert status(app, "en").endswith("[pawn move]") and "卒" in status(app, "zh")


def test_anqi_refused_clicks_say_why_with_the_rule_id(cleanup):
    g = registry.get("anqi").new_game(seed=1)  # 吴's ruler on h5 face up, 魏's on e8, the Han pieces round e5
    app = make_app("dummy", "anqi", ["human"] * 3, "flat", game=g, size=(1280, 720))
    click_cell(app, cell(app, "e9"))  # a Han gate piece before the Rescue
    assert status(app, "en").endswith("[A6]") and "Rescue" in status(app, "en") and "勤王" in status(app, "zh")
    click_cell(app, cell(app, "e8"))  # 魏's ruler, face up: not Wu's
    assert status(app, "en").endswith("[A2]") and "Wei" in status(app, "en") and "魏" in status(app, "zh")
    click_cell(app, cell(app, "h5"))  # Wu's own ruler with nowhere to go (face-down and Han neighbours)
    assert status(app, "en").startswith("the piece on h5 has no legal move now") and re.search(r"\[A\d\]$",
                                                                                               status(app, "en"))
    assert not CJK.search(status(app, "en")) and CJK.search(status(app, "zh"))
    assert g.log == []


@pytest.mark.parametrize("variant", ["standard", "jieqi"])
def test_sanguo_refused_clicks_say_why_with_the_rule_id(cleanup, variant):
    g = registry.get("sanguo").new_game(seed=1, variant=variant)
    app = make_app("dummy", "sanguo", ["human"] * 3, "flat", game=g, size=(1280, 720))
    sc = app.scene
    click_cell(app, cell(app, "e17"))  # a chariot of 魏 (face down in 揭棋): Wu moves now
    assert status(app, "en").endswith("[K3]") and "Wei" in status(app, "en") and "魏" in status(app, "zh")
    click_cell(app, cell(app, "e16"))  # an empty point
    assert status(app, "en").endswith("[K2]") and status(app, "zh").endswith("[K2]")
    click_cell(app, cell(app, "c9"))  # the emperor
    assert "K5" in status(app, "en") and "deposes" in status(app, "en") and not CJK.search(status(app, "en"))
    pl = sc.plugin
    own = [c for c in pl.geometry.cells if pl.can_start(c)]
    hidden = [c for c in own if sc.last_board_view.piece_at(c).face_down]
    src = (hidden or own)[0]
    click_cell(app, src)
    assert sc.selected == src
    click_cell(app, cell(app, "i9"))  # the middle of the board: far out of reach
    en = status(app, "en")
    assert sc.message_bad and g.log == []
    if variant == "jieqi":  # a face-down piece moves as its point's type the first time (K8)
        assert "face-down" in en and en.endswith("[K8]") and "暗子" in status(app, "zh")
    else:
        assert en.endswith("[K2]")
    assert len(re.findall(r"K\d", en)) == 1  # one rule id, the engine's (not "(K2) [K8]")


# ---------------------------------------------------------------- refusals wrap, never cut
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_long_refusal_wraps_and_is_drawn_whole(cleanup, size, lang):
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=size)
    sc = app.scene
    if lang == "zh":
        key(app, pygame.K_F2)
    click_cell(app, cell(app, "a4"))
    click_cell(app, cell(app, "a10"))  # the pawn's whole rule: longer than one line
    app.step(0.016)
    msg = sc.status_text(sc.lang)
    assert "…" not in msg and len(msg) > 60
    lines = sc.status_lines
    assert len(lines) >= (2 if lang == "en" else 1)  # wrapped (the Chinese is shorter) ...
    assert "".join(lines).replace(" ", "") == msg.replace(" ", "")  # ... and every word of it drawn
    w, h = size
    assert all(text.size_of(ln, STATUS_SIZE)[0] <= w - 20 for ln in lines)  # each line within the window
    sr = sc.status_rect
    assert sr.bottom == h and sr.h >= len(lines) * STATUS_LINE  # the bar is as high as its lines
    assert sc.board_rect.bottom <= sr.top and sc.panel_rect.bottom <= sr.top  # nothing under it
    assert msg.endswith("[pawn move]" if lang == "en" else "[卒的走法]")


# ---------------------------------------------------------------- readable pieces, the board in its frame
def board_corners_px(sc) -> list[tuple[float, float]]:
    """The pixels of the board's outer corners (its bounds) in the last frame."""
    x0, z0, x1, z1 = sc.last_board_view.bounds()
    return [sc.world_px(x, z) for x in (x0, x1) for z in (z0, z1)]


GAMES = [("baige", ["human", "human"], {}), ("anqi", ["human"] * 3, {}), ("sanguo", ["human"] * 3, {}),
         ("sanguo", ["human"] * 3, {"variant": "jieqi"})]


@pytest.mark.parametrize("renderer,driver", [("flat", "dummy"), ("gl", "offscreen")])
@pytest.mark.parametrize("game_id,seats,opts", GAMES)
def test_pieces_are_24_px_and_the_board_is_framed_beside_the_panels(cleanup, game_id, seats, opts, renderer,
                                                                   driver):
    for size in SIZES:
        app = make_app(driver, game_id, seats, renderer, size=size,
                       game=registry.get(game_id).new_game(seed=1, **opts))
        sc = app.scene
        app.step(0.5)
        assert sc.using_gl == (renderer == "gl")
        # measured in the picture drawn (the projected width said 24 where the eye saw 22-23 px, issue 26): every
        # piece's narrower extent, face-down ones included
        drawn = drawn_piece_px(app)
        assert len(drawn) == len(sc.last_board_view.pieces)
        assert min(min(wh) for wh in drawn.values()) >= 24, (size, sorted(drawn.values(), key=min)[:3])
        br = sc.board_rect
        assert not br.colliderect(sc.panel_rect) and not br.colliderect(sc.status_rect) and br.top >= 52
        for zoom in (1.0, 0.6):  # the default, and zoomed out as far as the wheel goes
            if sc.camera is not None:
                sc.camera.zoom = zoom
                app.step(0.016)
            for x, y in board_corners_px(sc):
                assert br.left - 1 <= x <= br.right + 1 and br.top - 1 <= y <= br.bottom + 1, (size, zoom, x, y)
        OPEN.remove(app)
        app.close()
        pygame.display.quit()


def test_sanguo_letters_and_labels_are_larger_than_the_usual():
    from client.games import make_plugin

    pl = make_plugin(registry.get("sanguo").new_game(seed=1))
    v = pl.view(0)
    assert v.token_scale > 1.05 and v.label_scale >= 1.4 and pl.view_pitch >= 75
    assert all(p.glyph_scale > 1.0 for p in v.pieces if not p.face_down)


# ---------------------------------------------------------------- what may be clicked is marked before the click
def test_a_constrained_decision_marks_what_may_be_clicked_and_promotion_squares_are_marked(cleanup):
    # in check from the rook on f10: only the king (marked as in check) and the rook b2 (it can block on f2) may move
    g = BaigeGame("k4r4/10/10/10/10/10/10/10/1R8/5K4 w - - 0 1")
    app = make_app("dummy", "baige", ["human", "human"], "flat", game=g, size=(1280, 720))
    marks = app.scene.last_board_view.marks
    assert marks[cell(app, "b2")] == "start" and marks[cell(app, "f1")] == "check"
    assert [c for c, m in marks.items() if m == "start"] == [cell(app, "b2")]
    # the opening, where most pieces may move: no marks before the click
    app2 = make_app("dummy", "baige", ["human", "human"], "flat", size=(1280, 720))
    assert "start" not in app2.scene.last_board_view.marks.values()
    # promotion: the square is marked special once the pawn is selected, then the chooser lists the choices
    g3 = BaigeGame("5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1")
    app3 = make_app("dummy", "baige", ["human", "human"], "flat", game=g3, size=(1280, 720))
    click_cell(app3, cell(app3, "a9"))
    app3.step(0.016)
    assert app3.scene.last_board_view.marks[cell(app3, "a10")] == "special"
    click_cell(app3, cell(app3, "a10"))
    assert app3.scene.modal.kind == "choose" and status(app3, "zh") == "升变：选择棋子"  # the line says what it asks
    key(app3, pygame.K_ESCAPE)  # closed without a choice: the turn's line again
    assert app3.scene.modal is None and g3.log == [] and "select" in status(app3, "en")


# ---------------------------------------------------------------- the key list and the words of each game
def test_key_rows_per_game():
    def rows(game_id, lang="en"):
        return " ".join(f"{k}: {what}" for k, what in keys.help_rows(("global", "board", game_id), lang))

    assert "face-down" not in rows("baige") and "暗子" not in rows("baige", "zh")
    assert "face-down piece" in rows("anqi") and "flip" in rows("anqi")
    assert "K8" in rows("sanguo") and "Jieqi" in rows("sanguo")


TRADITIONAL = set("馬車衛長將帥後與當處無這個們來時為對開關還進過選擇點擊戰國陽軍陣")


@pytest.mark.parametrize("game_id", ["baige", "anqi", "sanguo"])
def test_one_script_a_language(game_id):
    """zh: simplified characters throughout; en: no Chinese word left untranslated (a glyph of the board may
    stand in brackets after its English name)."""
    cat = tomllib.loads(Path(f"assets/messages/{game_id}.toml").read_text(encoding="utf-8"))

    def walk(d, path=""):
        for k, v in d.items():
            if isinstance(v, dict) and isinstance(v.get("en"), str):
                yield path + k, v["zh"], v["en"]
            elif isinstance(v, dict):
                yield from walk(v, path + k + ".")

    for key_, zh, en in walk(cat):
        assert not TRADITIONAL & set(zh), (key_, zh)
        assert not CJK.search(re.sub(r"\([^)]*\)", "", en)), (key_, en)


def test_baige_names_and_move_list_in_simplified_characters():
    from client.games import make_plugin

    g = BaigeGame()
    pl = make_plugin(g)
    for m in ("b1d2", "b10d9"):
        g.apply(m)
    assert {p.glyph for p in pl.view(0).pieces} >= {"马", "车", "卫"}
    assert pl.move_list("zh")[0] == "1. 马 b1-d2  马 b10-d9"


def anqi_position_with_a_face_down_neighbour():
    """A seeded 暗棋 game played on (first legal actions, seeded choice) until the seat to move, a human at the
    screen, has a face-up piece that may move and a face-down piece next to it: (game, piece cell, face-down cell)."""
    import random

    from client.games import make_plugin

    rng = random.Random(5)
    g = registry.get("anqi").new_game(seed=2)
    pl = make_plugin(g)
    for _ in range(200):
        board = pl.obs()["board"]
        starts = {s.value for s in pl.index().next(()) if s.kind == "cell"}
        for src in sorted(starts):
            t = board.get(src)
            if isinstance(t, dict) and t["owner"] == g.current_player and pl.targets((Step("cell", src),)):
                for dst in sorted(n for n, v in board.items() if v == "hidden"):
                    why = pl.refusal(g.move_action(src, dst))
                    if getattr(why, "key", "") == "anqi.error.capture_face_down":
                        return g, src, dst
        g.apply(rng.choice(g.legal_actions()))
    raise AssertionError("no such position")


def test_anqi_a_selected_piece_clicking_a_face_down_neighbour_is_told_why_and_the_next_click_flips(cleanup):
    g, src, dst = anqi_position_with_a_face_down_neighbour()
    n = len(g.log)
    app = make_app("dummy", "anqi", ["human"] * 3, "flat", game=g, size=(1280, 720))
    sc = app.scene
    click_cell(app, cell(app, src))
    assert sc.selected == cell(app, src)
    click_cell(app, cell(app, dst))  # a capture of a face-down piece: refused (A3), not a flip
    # ... and the line says what the next click does (found in play: a new player wanted to flip it)
    assert len(g.log) == n
    assert status(app, "en") == "face-down pieces are never captured [A3]; click it again to flip it"
    assert status(app, "zh") == "暗子不能被吃 [A3]；再点一次就翻开它" and sc.prefix == ()
    click_cell(app, cell(app, dst))  # nothing selected now: the click flips it
    assert len(g.log) == n + 1 and str(g.log[-1]) == f"flip {dst}"


def test_a_click_while_the_computer_is_to_move_says_so(cleanup):
    app = make_app("dummy", "baige", ["human", "random"], "flat", size=(1280, 720))
    sc = app.scene
    sc.ai_delay = 60.0  # the computer (Black) waits a minute before it thinks: the next click comes in its turn
    click_cell(app, cell(app, "e4"))
    click_cell(app, cell(app, "e6"))
    assert sc.game.log == ["e4e6"] and sc.current == 1
    click_cell(app, cell(app, "d4"))
    assert sc.game.log == ["e4e6"] and status(app, "en") == "it is Black's turn (computer·random): wait for its move"
    assert "黑方" in status(app, "zh")


def test_key_rows_are_drawn_by_the_shipped_font():
    from client.games import plugin_class

    zh = "".join(b.zh for b in keys.BINDINGS) + "".join(b.zh for g in ("anqi", "sanguo")
                                                         for b in plugin_class(g).key_rows)
    pygame.font.init()
    assert [ch for ch in set(zh) if ch.strip() and not text.has_glyph(ch)] == []


@pytest.mark.parametrize("game_id", ["anqi", "sanguo", "baige"])
def test_the_start_screen_title_is_in_one_language(cleanup, tmp_path, monkeypatch, game_id):
    """No English subtitle under a Chinese title: the title (and its subtitle) in the language shown."""
    import os

    from client.app import App, Options
    from client.scenes import start

    drawn = []
    real = start.text.draw

    def spy(surf, s, pos, *a, **kw):
        drawn.append((s, pos))
        return real(surf, s, pos, *a, **kw)

    monkeypatch.setattr(start.text, "draw", spy)
    monkeypatch.setitem(os.environ, "SDL_VIDEODRIVER", "dummy")
    info = registry.get(game_id)
    for lang in ("en", "zh"):
        drawn.clear()
        app = App(Options(renderer="flat", save_dir=tmp_path, lang=lang, size=(1024, 640), game_id=game_id))
        app.step(0.016)
        head = [s for s, pos in drawn if pos[1] < 120]  # the title and the line under it
        app.close()
        assert head, drawn
        if lang == "en":
            assert not any(CJK.search(s) for s in head) and info.name_en.split(":")[0] in head
        else:
            assert info.name_zh in head and info.name_en not in head and all(CJK.search(s) or not s for s in head)


def test_sanguo_a_move_that_would_expose_the_ruler_is_refused_by_a_click(cleanup):
    from engine.sanguo.setup import position

    # 魏's chariot on i15 stands between its ruler on i17 and 吴's chariot on i12 (K4)
    g = position({"q9": "吴君", "i17": "魏君", "i1": "蜀君", "i15": "魏车", "i12": "吴车"}, to_move=1)
    app = make_app("dummy", "sanguo", ["human"] * 3, "flat", game=g, size=(1024, 640))
    click_cell(app, cell(app, "i15"))
    assert app.scene.selected == cell(app, "i15")
    click_cell(app, cell(app, "h15"))
    assert status(app, "en") == "your ruler on i17 would be attacked by the Wu chariot on i12 [K4]"
    assert "K4" in status(app, "zh") and CJK.search(status(app, "zh")) and g.log == []
    assert all(text.size_of(ln, STATUS_SIZE)[0] <= 1004 for ln in app.scene.status_lines)
