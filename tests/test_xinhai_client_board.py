"""辛亥革命's board model and the box beside the map: worn counters turned sideways (seed 4(2)), the
command regions' borders (X2), control-point flags, the markers as lettered badges (seed 10), the bag
(X1, X3) and the last roll with the results-table row and column used (X4, X6, seed 7), the last two
seen through the app on SDL's dummy driver."""
from __future__ import annotations

import pygame
import pytest

from client.boards.model import MARKER_GLYPH
from client.games import make_plugin
from engine.xinhai.combat import melee_result, shot_result
from engine.xinhai.data import rules
from engine.xinhai.game import position
from engine.xinhai.hexgrid import label

from tests.boards_util import OPEN, make_app

FAR_QING = ("qing", "infantry", "A-20")
FAR_REV = ("rev", "infantry", "T-1")


def settle(app):
    """One frame; a hot-seat hand-over on the screen is passed with a click, then one more frame."""
    app.step(0.016)
    if getattr(app.app.scene, "kind", "") == "handover":
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
        app.step(0.016)
        app.step(0.016)


def view_of(g, seat=0):
    pl = make_plugin(g)
    return pl, pl.view(seat)


def test_worn_counters_are_turned_sideways_in_the_model():
    # seed 4(2): a worn (耗損) unit is turned sideways; a ready one stands upright
    g = position([("rev", "infantry", "H-16", False), ("rev", "artillery", "H-18"), FAR_QING])
    pl, v = view_of(g)
    worn, ready = v.piece_at(pl.cell("H-16")), v.piece_at(pl.cell("H-18"))
    assert worn.turned and worn.glyph == "步" and v.markers[pl.cell("H-16")] == ("worn",)  # and badged 耗
    assert MARKER_GLYPH["worn"] == "耗"
    assert not ready.turned and not ready.value and pl.cell("H-18") not in v.markers
    assert not v.piece_at(pl.cell("A-20")).turned


def test_region_borders_are_exactly_the_sides_between_disjoint_regions():
    # X2: 武昌, 漢口, 漢陽; Han River hexes belong to both 漢口 and 漢陽 (no border along the Han), so
    # the borders run through the Yangtze; compared with a brute force over every pair of neighbours
    g = position([FAR_REV, FAR_QING])
    pl, v = view_of(g)
    m = rules().map
    got = {frozenset((pl.cell_name(e.a), pl.cell_name(e.b))) for e in v.edges if e.kind == "region"}
    want = set()
    for h in m.terrain:
        for n in m.neighbours(h):
            if not set(m.regions[h]) & set(m.regions[n]):
                want.add(frozenset((label(h), label(n))))
    assert got == want and len(got) > 20
    regions = {frozenset(m.regions[h]) for e in got for h in (tuple(map(_hex, e)))}
    assert {frozenset({"wuchang"}), frozenset({"hankou"}), frozenset({"hanyang"})} <= regions
    assert all(v.edge_segment(e) is not None for e in v.edges if e.kind == "region")  # real shared sides
    names = {c.text for c in v.captions}
    assert names >= {"漢口", "漢陽", "武昌"} or names >= {"Hankou", "Hanyang", "Wuchang"}


def _hex(name):
    from engine.xinhai.hexgrid import parse_label

    return parse_label(name)


def test_control_point_flags_follow_the_side_standing_there_and_the_ruins_hide_them():
    # seed (3): the revolutionaries count their units on control points; a flag in the colour of the unit
    # there, none on an empty control point; seed 10(9): a control point under the ruins no longer counts
    cps = sorted(label(h) for h, t in rules().map.terrain.items() if t == "C")
    rev_cp, qing_cp, empty_cp = cps[0], cps[1], cps[2]
    g = position([("rev", "infantry", rev_cp), ("qing", "infantry", qing_cp), FAR_REV])
    pl, v = view_of(g)
    assert v.markers[pl.cell(rev_cp)][0] == "flag0"
    assert v.markers[pl.cell(qing_cp)][0] == "flag1"
    assert pl.cell(empty_cp) not in v.markers and v.icons[pl.cell(empty_cp)] == "控"
    g.board.ruins = {_hex(rev_cp)}
    pl, v = view_of(g)
    assert v.markers[pl.cell(rev_cp)] == ("ruins",) and pl.cell(rev_cp) not in v.icons


def test_markers_are_lettered_badges():
    # seed 10: trench (壕), pontoon bridge (橋), civilian boat (船), ruins (墟)
    from client.boards.model import MARKER_GLYPH

    g = position([("rev", "infantry", "H-16"), ("rev", "infantry", "H-18"), FAR_QING])
    g.board.trenches = {_hex("H-16")}
    g.board.pontoons = {_hex("H-9")}
    g.board.at(_hex("H-18")).boat = True
    pl, v = view_of(g)
    assert v.markers[pl.cell("H-16")] == ("dug",)
    assert v.markers[pl.cell("H-9")] == ("bridge",)
    assert v.markers[pl.cell("H-18")] == ("boat",)
    assert [MARKER_GLYPH[k] for k in ("dug", "bridge", "boat", "ruins")] == ["壕", "橋", "船", "墟"]
    # an empty cell's badge is large and centred, a badge above a counter in its top-right corner, made
    # larger than other games' (legible in the angled GL view, issue 16)
    from client.games.xinhai import BADGE_SCALE

    (_, bx, bz, br), = v.lettered_badges(pl.cell("H-9"))
    assert (bx, bz) == pl.geometry.center(pl.cell("H-9")) and br == pytest.approx(0.4)  # within the hex (0.5)
    (_, bx, bz, br2), = v.lettered_badges(pl.cell("H-16"))
    cx, cz = pl.geometry.center(pl.cell("H-16"))
    assert bx > cx and bz < cz and v.badge_scale == BADGE_SCALE > 1 and br2 == pytest.approx(0.2 * BADGE_SCALE)


def test_tracks_are_a_panel_beside_the_map_in_the_model():
    # the tracks are drawn by the plugin as a 2D panel in a column of the screen (issue 16): no boxes laid
    # on the ground and no room for them in the world (the map alone is framed); values are the observation's
    g = position([FAR_REV, FAR_QING], morale=3)
    pl, v = view_of(g)
    assert v.tracks_panel and len(v.tracks) == 6  # morale, round, the four response tracks
    assert v.track_boxes() == []
    assert v.bounds() == pl.geometry.bounds()
    area = pl.board_area(pygame.Rect(6, 50, 1208, 780))
    assert area.topleft == (6, 50) and area.h == 780 and 1208 - 420 < area.w < 1208 - 300  # the column on the right
    obs = g.observe(0)
    assert [t.value for t in v.tracks] == [3, obs["round"], *obs["tracks"].values()]
    assert [(t.first, t.last) for t in v.tracks] == [(0, 5), (1, 10)] + [(0, 10)] * 4


def _map_rect(sc) -> pygame.Rect:
    """The screen rect holding the map as framed (the whole map, or the close-up the plugin chose where the
    whole map's counters would be too small, issue 26: its bounds' corners as the last frame drew them)."""
    x0, z0, x1, z1 = sc.last_board_view.geometry.bounds()
    pts = [sc.world_px(x, z) for x in (x0, x1) for z in (z0, z1)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1, int(max(ys) - min(ys)) + 1)


@pytest.mark.parametrize("renderer,driver,lang", [("flat", "dummy", "en"), ("flat", "dummy", "zh"),
                                                  ("gl", "offscreen", "en"), ("gl", "offscreen", "zh")])
def test_the_tracks_panel_through_the_app(cleanup, renderer, driver, lang):
    """Issue 16: in the default (angled GL) view the tracks are a panel in screen space right of the map,
    clear of the map and of the box under it, with words and boxes large enough to read; each marker stands
    in the box of its track's value (the observation's) and is drawn there in the track's colour."""
    from client import i18n
    from client.boards.model import rgb255
    from client.ui import text as fonts

    g = position([("rev", "infantry", "H-16"), ("qing", "infantry", "H-19"), FAR_REV], morale=4)
    g.tracks["north"], g.tracks["southwest"] = 7, 10
    app = make_app(driver, "xinhai", ["human", "human"], renderer, game=g, size=(1600, 1000))
    sc = app.scene
    i18n.set_lang(lang)
    try:
        settle(app)
        settle(app)
    finally:
        i18n.set_lang("en")
    panel, hud = sc.plugin.track_panel, sc.plugin.hud
    obs = g.observe(0)
    words = {"en": ["Morale", "Round", "North", "Qing Army", "Southeast", "Southwest"],
             "zh": ["士氣", "回合", "北方", "清軍", "東南", "西南"]}[lang]
    assert [r["label"] for r in panel["rows"]] == words
    want = [4, obs["round"], 7, obs["tracks"]["army"], obs["tracks"]["southeast"], 10]
    assert [r["value"] for r in panel["rows"]] == want
    rect = panel["rect"]
    assert sc.board_rect.contains(rect)
    assert not rect.colliderect(_map_rect(sc)) and not rect.colliderect(hud["rect"])
    assert not hud["rect"].colliderect(_map_rect(sc))
    shot = app.display.screenshot()
    tracks = sc.last_board_view.tracks
    for row, t in zip(panel["rows"], tracks):
        boxes = row["boxes"]
        assert sorted(boxes) == list(range(t.first, t.last + 1))
        assert all(b.w >= 20 and rect.contains(b) for b in boxes.values())  # legible boxes, 1600x1000
        assert boxes[row["value"]].collidepoint(row["marker"])
        colour = (shot == rgb255(t.marker)).all(axis=-1)
        inside = {v: colour[b.y:b.bottom, b.x:b.right].sum() for v, b in boxes.items()}
        assert inside[row["value"]] > 20 and sum(inside.values()) == inside[row["value"]]
    assert min(fonts.size_of(w, 15)[1] for w in words) >= 14  # the labels' font: 15 px


def test_the_panels_keep_clear_of_a_turned_map(cleanup):
    # Flip board turns the map round in its own part of the area: the tracks and the box stay in their column
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", size=(1600, 1000))
    sc = app.scene
    settle(app)
    right, board0 = sc.plugin.track_panel["rect"], _map_rect(sc)
    sc.toggle_flip()
    settle(app)
    panel, box, board = sc.plugin.track_panel["rect"], sc.plugin.hud["rect"], _map_rect(sc)
    assert panel == right and panel.left >= board.right and box.left >= board.right and right.left >= board0.right
    assert not panel.colliderect(box) and sc.board_rect.contains(panel) and sc.board_rect.contains(box)


@pytest.mark.parametrize("renderer,driver", [("flat", "dummy"), ("gl", "offscreen")])
@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 720), (1600, 1000)])
def test_the_panels_never_cover_the_map_at_any_window_size(cleanup, renderer, driver, size):
    """Below about 900 pixels the tracks covered the map's right edge: the map is framed left of the column
    the tracks and the box take, at every size in both languages, after a shot too (the box then holds the
    dice and, where the column is tall enough, the table; in a short one it folds)."""
    from client import i18n

    g = position([("rev", "infantry", "H-16"), ("qing", "infantry", "H-18"), FAR_REV])
    app = make_app(driver, "xinhai", ["human", "human"], renderer, game=g, size=size)
    sc = app.scene
    g.chance.force((3, 3))
    assert sc.play("shoot H-16 H-18")
    try:
        for lang in ("en", "zh"):
            i18n.set_lang(lang)
            settle(app)
            settle(app)
            rows = sc.plugin.track_panel["rows"]
            panel, box, board = sc.plugin.track_panel["rect"], sc.plugin.hud["rect"], _map_rect(sc)
            area = sc.plugin.board_area(sc.board_rect)
            assert area.w > size[0] * 0.28 and area.h > 150, (lang, area)  # the map keeps a fair part
            assert area.contains(board.clip(sc.board_rect)), (lang, board, area)
            for r in (panel, box):
                assert not r.colliderect(board) and sc.board_rect.contains(r), (lang, r, board)
            assert not panel.colliderect(box)
            assert sc.plugin.hud["dice"] == [3, 3]
            assert min(b.w for row in rows for b in row["boxes"].values()) >= 14
            if size[1] >= 1000:
                assert sc.plugin.hud["fold"] == 0  # a tall window shows the whole box, table included
    finally:
        i18n.set_lang("en")


def test_region_names_and_badges_are_legible_in_the_angled_gl_view(cleanup):
    """Issue 16: at 1600x1000 in the default angled GL view every region's name is drawn at least 24 pixels
    tall (漢口 on the far, north edge is written larger than the near names: it was 13 pixels) and the
    control-point flags above the counters (historical start) are discs at least 16 pixels across."""
    app = make_app("offscreen", "xinhai", ["human", "human"], "gl", size=(1600, 1000))
    sc = app.scene
    settle(app)
    v = sc.last_board_view
    g = sc.plugin.geometry
    caps = {c.text: c for c in v.captions}
    assert caps["Hankou"].size > caps["Hanyang"].size == caps["Wuchang"].size

    def tall(c):  # the caption's height on the screen: its cell's centre +- half its size (north-south)
        x, z = g.center(c.cell)
        return sc.world_px(x, z + c.size / 2)[1] - sc.world_px(x, z - c.size / 2)[1]

    assert min(tall(c) for c in v.captions) >= 24
    flags = [b for cell in v.markers if v.piece_at(cell) for b in v.lettered_badges(cell) if b[0].startswith("flag")]
    assert flags
    for _, bx, bz, br in flags:
        assert sc.world_px(bx + br, bz)[0] - sc.world_px(bx - br, bz)[0] >= 16


@pytest.mark.parametrize("dice,kind,shooter,target", [
    ((3, 3), "infantry", "H-16", "H-18"),  # total 6 (+ modifiers): the "8 or less" column (X4)
    ((6, 6), "artillery", "H-16", "H-19"),
])
def test_the_last_shot_is_shown_with_its_table_row_and_column(cleanup, dice, kind, shooter, target):
    """X6/X4: after a shot the box shows the dice, the modified total and the shooting table with the
    shooter's row and the total's column lit; the lit cell is the result the engine applied."""
    g = position([("rev", kind, shooter), ("qing", "infantry", target), FAR_REV])
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", game=g, size=(1280, 800))
    sc = app.scene
    g.chance.force(dice)
    assert sc.play(f"shoot {shooter} {target}")
    settle(app)
    hud = sc.plugin.hud
    ev = [e for e in g.events(0) if e.msg.key == "xinhai.log.shot"][-1].msg.kw
    total = ev["total"]
    assert hud["dice"] == list(dice) and hud["total"] == total
    title, head, rows, row, col = hud["table"]
    assert row == (0 if kind in ("infantry", "cavalry") else 1)
    assert head[col + 1] == ("≤8" if total <= 8 else "12+" if total >= 12 else str(total))
    res = shot_result(kind, total)
    assert ev["result"].key == f"xinhai.result.{res}"
    from engine.messages import Msg

    assert hud["lit"] == Msg.of(f"xinhai.short.{res}").render("en")
    assert hud["rect"].w > 0 and sc.board_rect.contains(hud["rect"])
    # the box is drawn: the lit cell's colour is on the screen inside the box, nowhere else
    from client.ui.dice import LIT

    shot = app.display.screenshot()
    r = hud["rect"]
    lit = (shot == LIT).all(axis=-1)
    assert lit[r.y:r.bottom, r.x:r.right].sum() > 20 and lit.sum() == lit[r.y:r.bottom, r.x:r.right].sum()


def test_the_last_melee_is_shown_with_the_melee_table(cleanup):
    # seed 7 with X4's edges: 4-7 is the "7" column; the cavalry row differs from the infantry row there
    g = position([("rev", "cavalry", "H-19"), ("qing", "infantry", "H-20"), FAR_REV], morale=0)
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", game=g, size=(1280, 800))
    sc = app.scene
    g.chance.force((3, 3))
    assert sc.play("melee H-19 H-20")
    settle(app)
    hud = sc.plugin.hud
    _, head, rows, row, col = hud["table"]
    assert (row, head[col + 1], hud["total"]) == (1, "4-7", 6)
    from engine.messages import Msg

    assert hud["lit"] == Msg.of(f"xinhai.short.{melee_result('cavalry', 6)}").render("en") == "W R1"


def test_the_bag_and_the_marker_now(cleanup):
    # X1/X3: markers are drawn from the bag by the seeded generator; the box shows the marker being
    # played and which markers are still in the bag (public)
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", size=(1280, 800))
    sc = app.scene
    g = sc.game
    app.step(0.016)
    obs = g.observe(0)
    hud = sc.plugin.hud
    assert hud["marker"] == obs["decision"]["marker"] and hud["marker"] not in hud["bag"]
    assert hud["bag"] == obs["bag"] and len(hud["bag"]) == len(rules().markers) - 1
    # the box keeps clear of the map and of the tracks (under the tracks, right of the map)
    view = sc.last_board_view
    x0, z0, x1, z1 = view.geometry.bounds()
    corners = [sc.world_px(x, z) for x, z in ((x0, z0), (x1, z1))]
    board = pygame.Rect(corners[0], (corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]))
    assert not hud["rect"].colliderect(board) and not hud["rect"].colliderect(sc.plugin.track_panel["rect"])
    while g.current_player == 0 and g.stage == "marker":
        sc.play("pass")
    settle(app)
    assert sc.plugin.hud["bag"] == g.observe(0)["bag"] and len(sc.plugin.hud["bag"]) < len(hud["bag"])


@pytest.fixture(autouse=True)
def _no_leftovers():
    yield
    assert not OPEN
    pygame.display.quit()


def test_the_panel_says_what_to_do_now_to_the_seat_to_move_only():
    # seed 指揮行動: at a marker the player chooses a face or passes; in an activation the units act
    from engine.xinhai import new_game

    g = new_game(seed=4)
    pl = make_plugin(g)
    pl.view(0)
    assert g.stage == "marker" and g.current_player == 0
    first, rgb = pl.panel_lines("en")[0]
    assert first.startswith("choose a face of the command marker") and rgb == pl.seat_rgb(0)
    pl.view(1)  # the Qing player looking while the revolutionaries decide: no order for them
    assert not any(ln.startswith("Choose") for ln, _ in pl.panel_lines("en"))
    g.apply("cmd 1")
    pl.view(0)
    assert pl.panel_lines("zh")[0][0].startswith("點指揮地區內己方待命的軍棋")


def test_a_hex_under_the_resting_mouse_is_explained(cleanup):
    # seed 9 (terrain and its shooting effect), X2 (regions, place names), seed 4(2) (the unit's state)
    g = position([("rev", "infantry", "G-11", False), FAR_QING])
    g.board.trenches = {_hex("G-11")}
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", game=g, size=(1280, 800))
    sc = app.scene
    pl = sc.plugin
    assert pl.cell_info(pl.cell("G-11"), "en") == [
        "G-11 Yudai Gate", "control point (target -1) · Hankou", "the revolutionaries: infantry (worn)", "trench"]
    assert pl.cell_info(pl.cell("H-9"), "zh") == ["H-9", "漢水 · 漢口、漢陽"]
    pos = sc.cell_pos(pl.cell("G-11"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(0.016)
    from client.ui import widgets

    shot = app.display.screenshot()
    box = shot[pos[1] + 18:pos[1] + 100, pos[0] + 18:pos[0] + 300]
    assert ((box == widgets.ACCENT).all(axis=-1)).sum() == 0  # not yet: the mouse has just come
    sc.hover_since -= 1.0
    app.step(0.016)
    shot = app.display.screenshot()
    box = shot[pos[1] + 18:pos[1] + 100, pos[0] + 18:pos[0] + 300]
    assert ((box == widgets.ACCENT).all(axis=-1)).sum() > 10  # the first line, in the accent colour


def test_a_chinese_log_line_is_not_cut_after_its_number():
    # the log's lines are numbered "224. …"; a CJK line has no other space, so it breaks between characters
    from client.ui import text

    pygame.init()
    line = "224. M-11的砲隊射擊O-10：擲骰1+4，修正援助+1，合計6，耗損"
    parts = text.wrap(line, 14, 300)
    assert len(parts) == 2 and parts[0].startswith("224. M-11") and "".join(parts) == line
    assert text.wrap("the quick brown fox jumps over the lazy dog", 14, 150)[0] == "the quick brown fox"


def test_key_l_writes_every_hex_label(cleanup):
    # the hex labels of the seed (letter = column west to east, number = row south to north), on demand
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", size=(1280, 800))
    sc = app.scene
    assert not sc.last_board_view.labels
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0))
    app.step(0.016)
    app.step(0.016)
    labels = sc.last_board_view.labels
    assert len(labels) == 400 and labels[sc.plugin.cell("D-11")] == "D-11"
    from client import keys

    assert any(b.action == "hex_labels" for b in keys.rows(sc.key_contexts()))  # listed on the F1 page


def test_a_marker_face_is_described_by_its_region_and_extra():
    # X3: each face names a region (and morale+/morale-/整頓); the status line says which one was played
    from engine.xinhai import new_game

    g = new_game(seed=1)
    pl = make_plugin(g)
    d = g.observe(0)["decision"]
    m = next(q for q in rules().markers if q.id == d["marker"])
    region = Msg_render(f"xinhai.region.{m.faces[0].region}")
    assert pl.describe("cmd 1", "en").startswith(region) and pl.describe("pass", "en") == "pass the marker"


def Msg_render(key):
    from engine.messages import Msg

    return Msg.of(key).render("en")


def test_a_response_phase_without_dice_is_not_the_last_roll():
    # seed (3): 0-3 units on control points score 0 and 4 score 1 with no die; the box keeps the last real roll
    from engine.api import Event
    from engine.messages import Msg

    from client.games.xinhai_hud import last_roll

    shot = Event(Msg.of("xinhai.log.shot", kind=Msg.of("xinhai.kind.infantry"), src="H-16", dst="H-18",
                        dice="3+4", mods=Msg.of("xinhai.mod.none"), total=7, result=Msg.of("xinhai.result.none")))
    quiet = Event(Msg.of("xinhai.log.response", n=2, dice="-", points=0))
    rolled = Event(Msg.of("xinhai.log.response", n=6, dice="2 5", points=2))
    assert last_roll([shot, quiet])["roll"] == "shot"
    assert last_roll([shot, quiet, rolled])["roll"] == "response"
    assert last_roll([quiet]) is None


def test_english_region_names_are_spaced_by_their_letters_in_gl():
    # the GL labels gave every character a CJK square: "Hankou" read "Han kou"; a Latin letter now steps
    # by its own width (a narrow i less than a wide W), a CJK character by a square (its full width: the pixels
    # in tests/test_xinhai_s9_war2.py)
    from client.render.gl_board import _advance

    pygame.font.init()
    step = lambda ch: _advance(ch)[0]  # noqa: E731
    assert step("漢") == step("口") > 1.4
    assert step("i") < step("n") < step("W") < step("漢")
    assert sum(map(step, "Hankou")) < 6 * step("漢")


def test_f1_opens_on_how_to_play(cleanup):
    # a new player's first question: what is the aim (seed 12, X9), what happens in a round, what to click
    from client import i18n
    from tests.boards_util import key

    app = make_app("dummy", "xinhai", ["human", "normal"], "flat")
    key(app, pygame.K_F1)
    page = app.app.scene
    assert page.tabs() == ["play", "keys"] and page.tab == 0
    words = " ".join(ln for ln, _ in page.plugin_lines())
    assert "total 35" in words and "ten rounds" in words and "command markers come out of the bag" in words
    assert "click a ready unit of yours, then a hex" in words and "'end the command'" in words
    app.step(0.016)
    i18n.set_lang("zh")
    try:
        zh = " ".join(ln for ln, _ in page.plugin_lines())
        assert "合計達到35" in zh and "結束指揮" in zh and "全轉待命" in zh
    finally:
        i18n.set_lang("en")
    key(app, pygame.K_F1)
    assert app.app.scene is app.scene


def test_english_region_names_stand_on_one_line_in_gl():
    # the atlas centred every letter by its ink: the y and g of "Hanyang" rose above the line; a word's
    # letters now keep the font's baseline (a, n end on the same row, g and y go below it, H starts highest)
    moderngl = pytest.importorskip("moderngl")
    try:
        ctx = moderngl.create_standalone_context(backend="egl")
    except Exception as e:  # pragma: no cover - machine dependent
        pytest.skip(f"no EGL context: {e}")
    import numpy as np

    from client.render.gl_board import Atlas

    pygame.font.init()
    try:
        atlas = Atlas(ctx)
        S = atlas.SLOT

        def rows(ch, on_line=True):
            u, v, _, _ = atlas.rect(ch, on_line=on_line)
            r, c = int(round(v * atlas.N)), int(round(u * atlas.N))
            ink = np.nonzero((atlas.img[r * S:(r + 1) * S, c * S:(c + 1) * S] > 100).any(axis=1))[0]
            return ink.min(), ink.max()

        (_, a_foot), (_, n_foot), (_, g_foot), (_, y_foot), (h_top, _) = map(rows, "angyH")
        assert abs(a_foot - n_foot) <= 1 and g_foot > a_foot + 5 and y_foot > a_foot + 5
        assert h_top < rows("a")[0] - 5
        assert abs(rows("a", on_line=False)[1] - rows("g", on_line=False)[1]) <= 6  # centred: both mid-slot
    finally:
        ctx.release()


@pytest.mark.parametrize("lang,cancel,title", [("en", "Cancel", "Choose"), ("zh", "取消", "選擇")])
def test_shoot_or_melee_is_chosen_on_lettered_tokens(cleanup, lang, cancel, title):
    # seed 6/7: next to an enemy a ready infantry may shoot or melee; the chooser's tokens were blank discs
    # and its cancel button said "No" in English
    from client import i18n
    from tests.boards_util import click_at

    g = position([("rev", "infantry", "H-16"), ("qing", "infantry", "H-17"), FAR_REV])
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", game=g)
    sc, pl = app.scene, app.scene.plugin
    i18n.set_lang(lang)
    try:
        settle(app)
        click_at(app, sc.cell_pos(pl.cell("H-16")))
        click_at(app, sc.cell_pos(pl.cell("H-17")))
        box = app.app.scene
        assert box.kind == "choose"
        assert {c.step.value: c.glyph for c in box.choices} == {"shoot": "射", "melee": "刃"}
        assert all(c.ink == pl.seat_rgb(0) for c in box.choices)
        assert box.buttons[0].text() == cancel and box.title() == title  # the game's traditional characters
        app.step(0.016)
        click_at(app, box.rects["melee"].center)
        assert any(str(a).startswith("melee H-16 H-17") for a in g.log)
    finally:
        i18n.set_lang("en")
