"""三国演弈 in the client (client/games/sanguo.py): the cross of 225 points, clicks giving exact moves,
face-down backs that say nothing but the kingdom (K9), marks for 废帝 and alliances (K5), the panel."""
from __future__ import annotations

import os

import numpy as np
import pygame
import pytest

from client.boards.model import rgb255
from client.games import make_plugin, plugin_class
from client.games.base import text
from client.games.sanguo import BACK_RGB, KINGDOM_RGB
from client.render.flat_board import FlatBoardRenderer
from engine import registry
from engine.api import Step
from engine.sanguo import new_game
from engine.sanguo.board import HIDDEN_KINDS, layout
from engine.sanguo.setup import position

RULERS = {"q9": "吴君", "i17": "魏君", "i1": "蜀君", "i5": "蜀兵"}


def test_geometry_is_the_225_point_cross_with_the_engines_names():
    a = make_plugin(new_game())
    assert len(a.geometry.cells) == 225
    for name in ("i17", "i1", "q9", "c9", "a9", "e13", "m5"):
        assert a.cell_name(a.cell(name)) == name
    with pytest.raises(Exception):
        a.cell("a1")  # a cut corner


def _unit_pairs(a, line) -> set:
    """The pairs of neighbouring points a straight line passes (as engine cell names)."""
    (r0, c0), (r1, c1) = line.a, line.b
    n = max(abs(r1 - r0), abs(c1 - c0))
    dr, dc = (r1 - r0) // n, (c1 - c0) // n
    assert (r0 + n * dr, c0 + n * dc) == (r1, c1)  # straight: along a row, a column or a diagonal
    cells = [a.cell_name((r0 + k * dr, c0 + k * dc)) for k in range(n + 1)]  # KeyError off the board
    return {frozenset(p) for p in zip(cells, cells[1:])}


def test_the_board_is_drawn_as_points_and_lines_from_the_layout():
    # K1: the grid of 225 points, the palaces (files 8-10 of lines 1-3) with their diagonals, every kingdom's
    # border line (its line 5, the edge of the central 9x9) and the defence lines (line 4, the pawns' line)
    lay = layout()
    a = make_plugin(new_game())
    v = a.view(0)
    assert v.points and len(v.lines) == len(set(v.lines))
    kinds = {k: [ln for ln in v.lines if ln.kind == k] for k in ("grid", "palace", "border", "defence")}
    assert sum(map(len, kinds.values())) == len(v.lines)
    neighbours = {frozenset((lay.names[i], lay.names[j])) for i in lay.points for dx, dy in ((1, 0), (0, 1))
                  if (j := lay.at(lay.xy(i)[0] + dx, lay.xy(i)[1] + dy)) >= 0}
    grid = [_unit_pairs(a, ln) for ln in kinds["grid"]]
    assert set().union(*grid) == neighbours and sum(map(len, grid)) == len(neighbours) == 416  # no gap, no overlap
    assert len(kinds["grid"]) == 34  # 17 rows and 17 columns, each one straight run across the cross
    palaces = [{lay.names[i] for i in lay.palace[k]} for k in range(3)]
    for k in range(3):
        diag = [ln for ln in kinds["palace"] if {a.cell_name(ln.a), a.cell_name(ln.b)} <= palaces[k]]
        assert len(diag) == 2
        for ln in diag:
            passed = {n for pair in _unit_pairs(a, ln) for n in pair}
            assert len(passed) == 3 and passed <= palaces[k]  # corner, centre, corner
    assert len(kinds["palace"]) == 6
    for kind, line_no, count in (("border", lay.border_line, 4), ("defence", lay.defence_line, 3)):
        assert len(kinds[kind]) == count
        for ln in kinds[kind]:
            passed = {n for pair in _unit_pairs(a, ln) for n in pair}
            assert len(passed) == 9
            owners = [k for k in range(4) if all(lay.line(k, lay.index[n]) == line_no for n in passed)]
            assert len(owners) == 1 and {lay.file(owners[0], lay.index[n]) for n in passed} == set(range(5, 14))
            if kind == "defence":  # each kingdom's five pawns stand on its defence line, drawn in its colour
                k = owners[0]
                assert {lay.names[i] for i, kk, kind_ in lay.setup if kk == k and kind_ == "pawn"} <= passed
                assert ln.rgb == pytest.approx(tuple(c * 0.85 for c in KINGDOM_RGB[lay.keys[k]]))
    border = set().union(*(_unit_pairs(a, ln) for ln in kinds["border"]))
    assert len(border) == 32  # the perimeter of the central 9x9
    # the 汉 arm, the emperor's point and the alliance points are marked (K1a)
    arm = {a.cell_name(c) for c, t in v.tints.items() if t == v.tints[a.cell("a9")]}
    assert len(arm) == 4 * 9 - 3 and "e9" not in arm and "d5" in arm  # the 汉 arm but the emperor, c7 and c11
    assert v.tints[a.cell("c9")] not in (v.tints[a.cell("a9")], None) and a.cell("i9") not in v.tints
    marks = [cap for cap in v.captions if cap.text == "盟"]  # written large across the point (readable in GL)
    assert {a.cell_name(cap.cell) for cap in marks} == {"c7", "c11", "e9"} and not v.icons
    assert all(cap.size >= 0.6 for cap in marks)


def test_a_move_is_two_clicks_and_gives_the_exact_action():
    g = new_game()
    a = make_plugin(g)
    c = a.click(a.cell("n9"), ())
    assert c.kind == "select"
    assert set(a.targets(c.prefix)) == {a.cell("m9"), a.cell("n10"), a.cell("n8")}
    c = a.click(a.cell("m9"), c.prefix)
    assert c.kind == "play" and str(c.action) == "兵9进1"
    g.apply(c.action)
    assert a.view(1).marks[a.cell("m9")] == "last"


def test_face_down_pieces_show_a_back_with_their_points_type_as_a_small_hint_never_the_piece():
    # K8: a face-down piece makes its first move as its point's type, which is public; K9: nobody sees what it is
    lay = layout()
    hints = {lay.names[i]: lay.kind_zh[kind] for i, k, kind in lay.setup if kind in HIDDEN_KINDS}
    hints.update({lay.names[i]: lay.kind_zh[kind] for i, kind in lay.han_points})
    views = []
    for seed in (4, 5, 6):
        g = new_game(variant="jieqi", seed=seed)
        a = make_plugin(g)
        backs = {a.cell_name(p.cell): p for p in a.view(0).pieces if p.face_down}
        assert {n: p.back_glyph for n, p in backs.items()} == hints  # 3 x 11 + 4 backs, each its point's type
        assert all(p.glyph == "" and p.glyph_scale < 1 for p in backs.values())
        secret = {lay.names[i]: lay.kind_zh[k] for i, k in g._secret.items()}
        assert any(secret[n] != hints[n] for n in backs)  # the deal differs from the points somewhere ...
        views.append([a.view(s).pieces for s in range(3)])
    assert views[0] == views[1] == views[2]  # ... and nothing drawn changes with it
    p = make_plugin(new_game(variant="jieqi", seed=4)).view(0).piece_at(a.cell("q13"))
    assert p.back_glyph == "车" and p.name == "吴暗车" and p.ring == KINGDOM_RGB["wu"]  # 吴's file-5 back-rank point


@pytest.mark.parametrize("seat", [0, 1, 2])
@pytest.mark.parametrize("size,area", [((1280, 720), (0, 50, 900, 640)), ((1600, 1000), (0, 50, 1220, 920))])
def test_hints_on_the_far_face_down_pieces_are_bright_and_sharp_in_gl(size, area, seat):
    # K8: the hint (the point's type) must be read on every back, the farthest ones included, at the default
    # camera of each kingdom's seat on a 1280x720 and a 1600x1000 window (the board's area beside the panel)
    moderngl = pytest.importorskip("moderngl")
    try:
        ctx = moderngl.create_standalone_context(backend="egl")
    except Exception as e:  # pragma: no cover - machine dependent
        pytest.skip(f"no EGL context: {e}")
    from client.render.gl_board import TOKEN_H, BoardCamera, GLBoardRenderer

    try:
        r = GLBoardRenderer(ctx, *size)
        a = make_plugin(new_game(variant="jieqi", seed=1))
        v = a.view(0)
        cam = BoardCamera(v.geometry.bounds(), yaw=a.bottom_seat_yaw(seat))  # each kingdom's seat at the bottom
        cam.set_viewport(size, area)
        r.draw(v, cam)
        lum = r.screenshot().astype(float) @ np.array([0.299, 0.587, 0.114])
    finally:
        ctx.release()
    backs = [p for p in v.pieces if p.face_down]
    tops = []
    for p in backs:
        x, z = v.geometry.center(p.cell)
        (cx, cy), (ex, ey) = (q[:2] for q in cam.project([(x, TOKEN_H, z), (x + 0.25 * v.token_scale, TOKEN_H, z)]))
        k = max(2, int(abs(ex - cx) + abs(ey - cy)))  # the glyph's half size on screen
        patch = lum[int(round(cy)) - k:int(round(cy)) + k + 1, int(round(cx)) - k:int(round(cx)) + k + 1]
        tops.append((cy, a.cell_name(p.cell), patch))
    tops.sort(key=lambda t: t[0])
    for _, name, patch in tops[:8]:  # the eight farthest backs (汉's four and the arms' far ends)
        back = np.median(patch)
        assert back < 90, name  # the dark back ...
        assert patch.max() > 150 and (patch > 140).sum() >= 6, (name, patch.max(), (patch > 140).sum())  # ... a light hint


def test_feidi_and_alliance_targets_are_marked_special_and_check_is_marked():
    g = position({**RULERS, "c9": "汉帝", "d9": "汉车", "d11": "魏马", "d7": "魏马"}, to_move=1)
    a = make_plugin(g)
    marks = a.targets((Step("cell", "d11"),))
    assert marks[a.cell("c9")] == "special"  # 废帝
    marks = a.targets((Step("cell", "d7"),))
    assert marks[a.cell("e9")] == "special"  # 吴's alliance point
    g2 = position({**RULERS, "i12": "吴车"}, to_move=1)
    a2 = make_plugin(g2)
    assert a2.view(1).marks[a2.cell("i17")] == "check"


def test_an_illegal_click_says_why():
    g = position({**RULERS, "i15": "魏车", "i12": "吴车"}, to_move=1)
    a = make_plugin(g)
    c = a.click(a.cell("h15"), (Step("cell", "i15"),))
    assert c.kind == "clear" and c.reason.key == "sanguo.self_check"


def test_panel_and_move_list_show_a_captured_face_down_piece_to_its_captor_only():
    # K9: a captured face-down piece is shown to its captor only; the pools are public
    g = position({**RULERS, "e14": "暗魏兵=车", "e9": "吴车"}, to_move=0)
    a = make_plugin(g)
    g.apply("e9-e14")
    for lang in ("zh", "en"):
        for viewer in range(3):
            a.view(viewer)  # the viewer the panel and the move list speak to
            lines = [t for t, _ in a.panel_lines(lang)]
            assert lines and all(t and "{" not in t and "sanguo." not in t for t in lines)
            moves = a.move_list(lang)
            assert any("e14" in m for m in moves)  # the capture itself is public
            said = ("车" if lang == "zh" else "chariot")
            knows = [m for m in moves + lines if ("你在" in m or "you captured" in m or "only" in m or "只有" in m)]
            if viewer == 0:
                assert knows and all(said in m for m in knows)
            else:
                assert not knows
            assert a.private_note(viewer) is None or viewer == 0
    assert "车" in text(a.private_note(0), "zh")
    assert any(e.msg.key == "sanguo.ev.capture_seen" for e in g.events(0))


def test_hidden_deal_shows_no_seed_and_new_games_draw_a_fresh_one():
    pl = plugin_class("sanguo")
    assert pl.show_seed is True and pl.fresh_seed() is True  # the start screen's row reads secret (G1)
    opts = pl.new_game_options(registry.get("sanguo"), 7)
    assert opts["seed"] is None


@pytest.fixture(scope="module")
def surf():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    return pygame.Surface((800, 600))


def test_flat_render_draws_backs_and_kingdom_rings(surf):
    g = new_game(variant="jieqi", seed=4)
    a = make_plugin(g)
    view = a.view(0)
    r = FlatBoardRenderer()
    surf.fill((23, 25, 30))
    r.draw(surf, view, surf.get_rect())
    img = pygame.surfarray.array3d(surf).transpose(1, 0, 2)
    x, y = r.cell_px(a.cell("q13"))
    d = int(r.scale * 0.24)  # between the small hint and the ring
    patch = img[y + d - 1:y + d + 2, x - 1:x + 2].reshape(-1, 3).astype(int)
    assert int(np.abs(patch - np.array(rgb255(BACK_RGB))).max(axis=1).min()) <= 20
    assert r.pick(*r.cell_px(a.cell("i17"))) == a.cell("i17")


@pytest.mark.parametrize("han, alliance, out, zh, en", [
    ("", None, (), "尚未结盟或废帝，汉军不动", "no alliance and the emperor still reigns: the Han pieces stand still"),
    ("alliance", (0, 1), (), "吴与魏结盟，汉军归蜀", "Wu and Wei are allied; the Han pieces are Shu's"),
    ("feidi", (0, 1), (), "蜀已废帝，汉军归蜀；吴与魏结盟",
     "Shu took the emperor (deposed him) and the Han pieces; Wu and Wei are allied"),
    ("feidi", None, (0,), "蜀已废帝，汉军归蜀", "Shu took the emperor (deposed him) and the Han pieces"),  # SG3
    ("alliance", None, (0,), "联盟已结束，汉军归蜀", "the alliance has ended; the Han pieces are Shu's"),  # K5
])
def test_panel_says_who_is_allied_and_whose_the_han_pieces_are_and_who_fell(han, alliance, out, zh, en):
    # K5: an alliance or 废帝 gives the 汉 pieces to one kingdom, the alliance ends when a kingdom falls; K6 收编
    pieces = {"i17": "魏君", "i1": "蜀君", "d9": "汉车" + ("@蜀" if han else "")}
    if 0 not in out:
        pieces["q9"] = "吴君"
    a = make_plugin(position(pieces, to_move=1, han=han, alliance=alliance, out=out))
    a.view(1)
    for lang, want in (("zh", zh), ("en", en)):
        lines = [t for t, _ in a.panel_lines(lang)]
        assert lines[1] == want
        if out:  # position() records the fall as a mate absorbed by the next kingdom
            assert lines[2] == ("吴：被将死，由魏收编" if lang == "zh" else "Wu: mated, absorbed by Wei")


def _line_probes(a, view):
    """(world x, z, expected colour) on the drawn board: grid, border, defence and palace lines between empty
    points, and the board between the lines."""
    from client.boards.model import LINE_RGB

    def mid(p, q, t=0.5):
        (x0, z0), (x1, z1) = (view.geometry.center(a.cell(n)) for n in (p, q))
        return x0 + (x1 - x0) * t, z0 + (z1 - z0) * t

    wei_defence = next(ln.colour for ln in view.lines if ln.kind == "defence" and a.cell_name(ln.a).endswith("14"))
    return [(*mid("i10", "i11"), LINE_RGB["grid"]), (*mid("j11", "k11"), LINE_RGB["grid"]),
            (*mid("e10", "e11"), LINE_RGB["border"]), (*mid("f14", "h14", 0.25), wei_defence),
            (*mid("i16", "h17", 0.45), LINE_RGB["palace"]), (*mid("i10", "j11"), view.cell_rgb(a.cell("j10")))]


def test_both_renderers_draw_the_lines_between_the_points(surf):
    a = make_plugin(new_game(variant="jieqi", seed=3))
    view = a.view(0)
    r = FlatBoardRenderer()
    big = pygame.Surface((1000, 1000))
    r.render(big, view, big.get_rect())
    img = pygame.surfarray.array3d(big).transpose(1, 0, 2).astype(int)
    for x, z, rgb in _line_probes(a, view):
        px, py = (int(round(v)) for v in r.to_px(x, z))
        patch = img[py - 1:py + 2, px - 1:px + 2].reshape(-1, 3)
        assert int(np.abs(patch - np.array(rgb255(rgb))).max(axis=1).min()) <= 12, (x, z, rgb)
    moderngl = pytest.importorskip("moderngl")
    try:
        ctx = moderngl.create_standalone_context(backend="egl")
    except Exception as e:  # pragma: no cover - machine dependent
        pytest.skip(f"no EGL context: {e}")
    from client.render.gl_board import BoardCamera, GLBoardRenderer

    try:
        gl = GLBoardRenderer(ctx, 1000, 1000)
        cam = BoardCamera(view.bounds(), pitch=90)
        cam.set_viewport((1000, 1000), (0, 0, 1000, 1000))
        gl.draw(view, cam)
        shot = gl.screenshot().astype(int)
        for x, z, rgb in _line_probes(a, view):
            px, py = (int(round(v)) for v in cam.project([(x, 0.0016, z)])[0][:2])
            patch = shot[py - 1:py + 2, px - 1:px + 2].reshape(-1, 3)
            assert int(np.abs(patch - np.array(rgb255(rgb))).max(axis=1).min()) <= 30, (x, z, rgb)
    finally:
        ctx.release()


def test_the_alliance_mark_is_readable_in_gl_at_1280x800():
    # K5's alliance points: 盟 drawn large enough to read in the app's board area at 1280x800 (pitch 55)
    moderngl = pytest.importorskip("moderngl")
    try:
        ctx = moderngl.create_standalone_context(backend="egl")
    except Exception as e:  # pragma: no cover - machine dependent
        pytest.skip(f"no EGL context: {e}")
    from client.render.gl_board import BoardCamera, GLBoardRenderer

    a = make_plugin(new_game(variant="jieqi", seed=3))
    view = a.view(0)
    try:
        gl = GLBoardRenderer(ctx, 1280, 800)
        cam = BoardCamera(view.bounds(), pitch=55.0)
        cam.set_viewport((1280, 800), (0, 52, 900, 718))  # the board's area in the app at 1280x800
        gl.draw(view, cam)
        shot = gl.screenshot().astype(int)
        g = view.geometry
        for cell in (a.cell("e9"), a.cell("c7")):  # empty alliance points
            x, z = g.center(cell)
            (px, py), (qx, qy) = (cam.project([(x + dx, 0.0, z)])[0][:2] for dx in (0.0, 0.45))
            r = int(abs(qx - px))
            px, py = int(round(px)), int(round(py))
            cap = next(c for c in view.captions if c.cell == cell)
            win = shot[py - r:py + r + 1, px - r:px + r + 1]
            ink = np.abs(win - np.array([round(c * 255) for c in cap.rgb])).max(axis=2) <= 40
            ys, xs = np.nonzero(ink)
            assert ink.sum() >= 60 and ys.max() - ys.min() >= 12 and xs.max() - xs.min() >= 12, (cell, ink.sum())
    finally:
        ctx.release()


def test_move_list_is_one_line_per_move_in_the_clients_language_and_tells_only_what_the_viewer_may_know():
    # K9: a reveal is public once moved and shows once, inside its move's line; en has no Chinese notation
    import random
    g = new_game(variant="jieqi", seed=3)
    rng = random.Random(3)
    for _ in range(45):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    a = make_plugin(g)
    reveals = [m for m in g.log if m.reveal]
    assert reveals
    for viewer in range(3):
        a.view(viewer)
        en, zh = a.move_list("en"), a.move_list("zh")
        assert len(en) == len(zh) == len(g.log)
        for n, (m, e, z) in enumerate(zip(g.log, en, zh)):
            assert e.startswith(f"{n + 1}. ") and z.startswith(f"{n + 1}. ")
            assert f"{m.src}-{m.dst}" in e and not any(ch in e for ch in "进退平暗→")
            assert f"：{m}" in z  # zh: the seed's notation, 暗马6进5→兵
            assert e.count("turned over") == (1 if m.reveal else 0) and z.count("→") == (1 if m.reveal else 0)
