"""辛亥革命's first minutes as a new player meets them (issue 26), through the app on SDL's dummy driver (flat) and
the offscreen one (GL): every decision marks the hexes it may start from before any click; a click that
starts nothing says why with the rule id in the player's language; counters at least 24 pixels at the
default zoom at 1280x720 and 1024x640; the column beside the map never shows the map at any zoom; the
shared widgets' words in traditional characters while the game is on the screen."""
from __future__ import annotations

import math
import re

import pygame
import pytest

from client import i18n
from client.games import make_plugin
from client.games.xinhai import COLUMN_BG, COUNTER_PX, Plugin
from client.render.flat_board import TOKEN_R
from engine.messages import Msg
from engine.xinhai.game import Decision, new_game, position

from tests.boards_util import OPEN, click_at, key, make_app, wait_human

FAR_QING = ("qing", "infantry", "A-20")


def first_decision_app(lang: str, size=(1280, 720), renderer="flat", driver="dummy"):
    """The historical set-up, seed 0, the revolutionaries human against the computer: its first decision for
    the human is a forced retreat (the Qing shot first)."""
    app = make_app(driver, "xinhai", ["human", "normal"], renderer, game=new_game(seed=0), size=size)
    app.app.opts.ai_delay = 0.0
    app.scene.ai_delay = 0.0
    wait_human(app)
    app.step(0.016)
    i18n.set_lang(lang)
    app.step(0.016)
    return app


def starts(pl) -> dict[str, str]:
    """The hexes the decision now starts from (the first cell steps of its legal actions) by their marks."""
    return {pl.cell_name(c): k for c, k in pl.targets(()).items()}


def first_cells(g) -> set[str]:
    return {g.action_steps(a)[0].value for a in g.legal_actions() if g.action_steps(a)[0].kind == "cell"}


@pytest.mark.parametrize("lang,rule", [("en", "[X5]"), ("zh", "〔X5〕")])
def test_the_forced_retreat_is_marked_and_a_wrong_hex_says_why(cleanup, lang, rule):
    try:
        app = first_decision_app(lang)
        sc, g = app.scene, app.scene.game
        assert g.stage == "retreat" and g.current_player == 0
        unit = g.board.units[g.pending[-1].data["uid"]]
        free = {h for h in first_cells(g)}
        assert free and starts(sc.plugin) == {h: "move" for h in free}  # marked before any click (X5)
        marks = {sc.plugin.cell_name(c): k for c, k in sc.last_board_view.marks.items() if k == "move"}
        assert marks == {h: "move" for h in free}  # on the board drawn
        hint = sc.plugin.hint.render(lang)
        assert re.search(r"I-12", hint) and ("green dot" in hint if lang == "en" else "綠點" in hint)
        log = list(g.log)
        click_at(app, sc.cell_pos(sc.plugin.cell("H-12")))  # not a retreat hex: nothing happens but the reason
        assert g.log == log and sc.message_bad
        said = sc.status_text(lang)
        assert said.endswith(rule) and "H-12" in said, said
        click_at(app, sc.cell_pos(sc.plugin.cell(sorted(free)[0])))
        assert [str(a) for a in g.log] == [str(a) for a in log] + [f"retreat {sorted(free)[0]}"]
        assert g.unit_at(sorted(free)[0]) is unit
    finally:
        i18n.set_lang("en")


def push(g, kind: str, side: str, **data):
    """``g`` waiting for a decision of ``kind`` by ``side`` (as the events and rewards push them)."""
    g.pending.append(Decision(kind, side, data))
    g._legal = None
    return g


@pytest.mark.parametrize("kind,side,mark", [("ruins", "qing", "special"), ("trench", "rev", "special"),
                                            ("fleet", "rev", "capture")])
def test_every_decision_on_the_map_marks_its_hexes(kind, side, mark):
    # seed 10(9)/X14 the ruins' possible centres, 10(1)D the units that may dig, 10(1)A the fleets to remove
    g = position([("rev", "infantry", "H-16"), ("rev", "artillery", "K-9"), ("qing", "fleet", "P-12"),
                  ("qing", "fleet", "Q-13"), FAR_QING])
    push(g, kind, side)
    pl = make_plugin(g)
    got = starts(pl)
    assert set(got) == first_cells(g) and got and set(got.values()) == {mark}
    if kind == "fleet":
        assert set(got) == {"P-12", "Q-13"}


def test_units_that_may_act_or_be_readied_are_marked():
    # seed 4(1)A: ready units of the command region; seed 4(2): a rally marks the worn units
    g = position([("rev", "infantry", "H-16"), ("rev", "infantry", "H-14", False), ("rev", "artillery", "Q-3"),
                  FAR_QING])
    pl = make_plugin(g)
    assert starts(pl) == {"H-16": "special"}  # 漢口's ready unit only: not the worn one, not 武昌's
    mine, theirs = pl.view(0), pl.view(1)
    assert mine.marks.get(pl.cell("H-16")) == "special" and mine.piece_at(pl.cell("H-16")).body != \
        mine.piece_at(pl.cell("Q-3")).body  # the counter itself lavender
    assert pl.cell("H-16") not in theirs.marks  # the other seat's screen marks none of the mover's choices
    g = position([("rev", "infantry", "H-16"), ("rev", "infantry", "H-14", False), FAR_QING], mode="cmd",
                 extra="rally")
    pl = make_plugin(g)
    assert starts(pl) == {"H-16": "special", "H-14": "special"}


def test_a_boat_landing_is_marked_apart_from_moves():
    # X8: the hexes a unit on a boat lands on are "special", its moves "move"
    g = position([("rev", "infantry", "H-16"), FAR_QING])
    pl = make_plugin(g)
    u = g.unit_at("H-16")
    u.boat = True
    g._legal = None
    from engine.api import Step

    marks = {pl.cell_name(c): k for c, k in pl.targets((Step("cell", "H-16"),)).items()}
    landings = {a.args[1] for a in g.legal_actions() if a.verb == "cross"}
    moves_only = {a.args[1] for a in g.legal_actions() if a.verb == "move"} - landings
    assert all(marks[h] == "special" for h in landings)
    assert moves_only and all(marks[h] == "move" for h in moves_only)


def test_a_pontoons_han_hexes_are_marked_apart_from_moves():
    # X11: next to the Han River the hexes where a pontoon may be laid are "special" after the unit is chosen
    from engine.api import Step

    g = position([("rev", "infantry", "G-10"), FAR_QING])
    pl = make_plugin(g)
    marks = {pl.cell_name(c): k for c, k in pl.targets((Step("cell", "G-10"),)).items()}
    han = {a.args[1][1:] for a in g.legal_actions() if a.verb == "bridge"}
    assert han == {"F-9", "G-9", "H-9"} and {h: marks[h] for h in han} == {h: "special" for h in han}
    assert marks["G-11"] == "move"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_click_that_starts_nothing_says_why_with_the_rule(cleanup, lang):
    g = position([("rev", "infantry", "H-16"), ("rev", "infantry", "H-14", False), ("rev", "artillery", "Q-3"),
                  ("qing", "infantry", "H-19"), FAR_QING])
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", game=g, size=(1600, 1000))  # the whole map
    sc = app.scene
    try:
        i18n.set_lang(lang)
        app.step(0.016)
        cases = {"J-10": ("xinhai.err.no_unit", "seed 5"), "H-19": ("xinhai.err.not_yours", "seed 指揮行動"),
                 "Q-3": ("xinhai.err.region", "seed 4(1)A"), "H-14": ("xinhai.err.worn", "seed 4(2)")}
        for hexname, (key_, rule) in cases.items():
            sc.prefix = ()
            click_at(app, sc.cell_pos(sc.plugin.cell(hexname)))
            said = sc.status_text(lang)
            why = Msg.of(key_, hex=hexname, region=Msg.of("xinhai.region.hankou")).render(lang)
            en_rule = {"seed 指揮行動": "seed: command actions"}.get(rule, rule)  # a Chinese heading named in English
            wrap = ("{} [{}]" if lang == "en" else "{}〔{}〕").format(why, en_rule if lang == "en" else "原規則 " + rule[5:])
            assert sc.message_bad and said == i18n.script(wrap, lang), (hexname, said)
            assert not g.log
        click_at(app, sc.cell_pos(sc.plugin.cell("H-16")))  # a unit that may act: selected, no refusal
        assert sc.prefix and not sc.message_bad
        click_at(app, sc.cell_pos(sc.plugin.cell("A-1")))  # out of its reach: the engine's refusal, with its rule
        assert sc.message_bad and "X7" in sc.status_text(lang) and not g.log
        # a decision made with the buttons: a click on the map says where to make it
        g2 = position([("rev", "infantry", "H-16"), FAR_QING])
        g2.pending = [Decision("marker", "rev", {"marker": "R1"})]
        g2._legal = None
        out = sc.plugin.__class__(g2).click(sc.plugin.cell("H-16"))
        assert out.kind == "clear" and out.reason.render(lang).endswith(("[seed 4(1)]", "〔原規則 4(1)〕"))
    finally:
        i18n.set_lang("en")


def counter_px(sc, cell) -> float:
    """A counter's side on the screen: its width (the larger side in the angled view)."""
    x, z = sc.last_board_view.geometry.center(cell)
    a, b = sc.world_px(x - TOKEN_R, z), sc.world_px(x + TOKEN_R, z)
    return math.hypot(b[0] - a[0], b[1] - a[1])


@pytest.mark.parametrize("renderer,driver", [("flat", "dummy"), ("gl", "offscreen")])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_counters_are_at_least_24_pixels_at_the_default_zoom(cleanup, renderer, driver, size):
    app = first_decision_app("zh", size, renderer, driver)
    sc = app.scene
    for _ in range(4):  # the angled view narrows the close-up once it has measured its far hexes
        sc.dirty = True
        app.step(0.016)
    area = sc.plugin.board_area(sc.board_rect)
    shown = [p.cell for p in sc.last_board_view.pieces if area.collidepoint(sc.cell_pos(p.cell))]
    assert len(shown) >= 6
    sizes = [counter_px(sc, c) for c in shown]
    assert min(sizes) >= 24, sorted(sizes)[:3]
    for c in sc.plugin.targets(()):  # the decision's hexes are in sight
        assert area.collidepoint(sc.cell_pos(c))
    key(app, pygame.K_z)  # the whole map, smaller
    sc.dirty = True
    app.step(0.016)
    assert sc.last_board_view.geometry.frame is None and sc.plugin.whole_map
    key(app, pygame.K_z)
    sc.dirty = True
    app.step(0.016)
    assert sc.last_board_view.geometry.frame is not None


def test_arrow_keys_move_the_close_up_inside_the_map(cleanup):
    app = first_decision_app("en")
    sc = app.scene
    f0 = sc.last_board_view.geometry.frame
    x0, z0, x1, z1 = sc.plugin.geometry.full_bounds()
    key(app, pygame.K_LEFT)
    for _ in range(10):
        key(app, pygame.K_DOWN)
    sc.dirty = True
    app.step(0.016)
    f = sc.last_board_view.geometry.frame
    assert f != f0 and f[3] == pytest.approx(z1) and f[0] >= x0 - 1e-6  # as far south as the map goes
    near = sc.plugin.cell("J-2")
    assert sc.plugin.board_area(sc.board_rect).collidepoint(sc.cell_pos(near))


def test_the_column_beside_the_map_never_shows_the_map_at_any_zoom(cleanup):
    app = first_decision_app("zh", (1280, 720), "gl", "offscreen")
    sc = app.scene
    for _ in range(4):  # the close-up settles (it measures its far hexes in the angled view)
        sc.dirty = True
        app.step(0.016)
    area = sc.plugin.board_area(sc.board_rect)
    pos = (area.centerx, area.centery)
    for _ in range(12):  # the wheel over the map: as close as the camera goes
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0, precise_y=1))
        app.step(0.016)
    assert sc.camera.zoom == pytest.approx(2.5)
    app.step(0.016)
    shot = app.display.screenshot()
    col = pygame.Rect(area.right, sc.board_rect.top, sc.board_rect.right - area.right, sc.board_rect.h)
    covered = [sc.plugin.track_panel["rect"], sc.plugin.hud["rect"]]
    bare = [(x, y) for x in range(col.x + 2, col.right - 2, 7) for y in range(col.y + 2, col.bottom - 2, 7)
            if not any(r.inflate(4, 4).collidepoint(x, y) for r in covered)]
    assert len(bare) > 100
    assert all(tuple(shot[y, x][:3]) == COLUMN_BG for x, y in bare)


def test_the_shared_words_are_traditional_while_the_game_is_on_the_screen(cleanup):
    table = Plugin.zh_script
    simplified = {chr(c) for c in table}
    assert {"轮", "转", "谱", "帮", "电", "脑", "单"} <= simplified  # the words the issue saw
    app = first_decision_app("zh")
    sc = app.scene
    seen = []
    real = i18n.tr

    def spy(key_, lang, **kw):
        out = real(key_, lang, **kw)
        seen.append(out)
        return out

    i18n.tr = spy
    try:
        sc.dirty = True
        app.step(0.016)
    finally:
        i18n.tr = real
    shown = "".join(seen)
    assert shown and not (set(shown) & simplified), set(shown) & simplified
    assert "輪到" in shown and "棋譜" in shown
    assert i18n.tr("board_flip", "zh") == "翻转棋盘"  # outside the game's frames: as every other game says it


def test_every_chinese_word_of_the_game_is_traditional_and_no_english_word_chinese():
    from engine.messages import catalogue

    simplified = {chr(c) for c in Plugin.zh_script}
    words = catalogue("xinhai")
    for k, v in words.items():
        if k.startswith("xinhai.script."):
            continue
        assert not (set(v["zh"]) & simplified), (k, v["zh"])
        cjk = re.findall(r"[\u3400-\u9fff]+", v["en"])
        # English names no Chinese word; a map glyph in brackets ("(控)") is what the map shows
        assert all(len(w) == 1 for w in cjk) and all(f"({w})" in v["en"] for w in cjk), (k, v["en"])
    for b in Plugin.key_rows:
        assert not (set(b.zh) & simplified), b.zh


def test_the_key_list_of_f1_is_traditional_too(cleanup):
    from client import keys

    app = first_decision_app("zh")
    key(app, pygame.K_F1)
    page = app.app.scene
    seen = []
    real = keys.help_rows

    def spy(contexts, lang):
        out = real(contexts, lang)
        seen.extend(out)
        return out

    keys.help_rows = spy
    try:
        page.tab = page.tabs().index("keys")
        app.step(0.016)
    finally:
        keys.help_rows = real
    shown = "".join(a + b for a, b in seen)
    simplified = {chr(c) for c in Plugin.zh_script}
    assert "整張地圖" in shown and "取消選擇" in shown and not (set(shown) & simplified), set(shown) & simplified
    i18n.set_lang("en")


def test_the_game_over_box_is_traditional_too(cleanup):
    # the statistics' rows (engine_text of the shared stats catalogue) and the box's buttons
    from tests.replay_util import finish_in_app, random_game

    g, seats = random_game("xinhai", 5)
    app, sc = finish_in_app(g, seats)
    try:
        i18n.set_lang("zh")
        box = sc.modal
        seen = []
        real_engine, real_tr = i18n.engine_text, i18n.tr

        def spy(f):
            def inner(*a, **kw):
                out = f(*a, **kw)
                seen.append(out)
                return out
            return inner

        i18n.engine_text, i18n.tr = spy(real_engine), spy(real_tr)
        try:
            box.dirty = sc.dirty = True
            app.step(0.016)
        finally:
            i18n.engine_text, i18n.tr = real_engine, real_tr
        shown = "".join(seen)
        simplified = {chr(c) for c in Plugin.zh_script}
        assert shown and not (set(shown) & simplified), set(shown) & simplified
        assert "回放" in shown, shown[:200]  # the box drew its buttons in this frame
    finally:
        i18n.set_lang("en")
