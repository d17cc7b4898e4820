"""The game HUD: top bar (round, turn, player, phase), the side panel (players, own totals,
selected unit, sight-line panel) and the status line."""
from __future__ import annotations

import pygame

from client import i18n
from client.i18n import t
from client.render.flat import player_rgb
from client.ui import composed, text, widgets
from engine.shachang.actions import Attack
from engine.shachang.cells import cell_name
from engine.shachang.log import counted

PANEL_W = 340
NOTE_INK = (255, 165, 95)  # a warning that is not a refusal: the steps a march uses up for others
TOP_H = 38
STATUS_H = 30


def phase_text(scene) -> str:
    """The top bar's phase: in the player's own reinforcement phase with no soldier to place (the reserve
    empty or the field at the cap, S13) it says so — "reinforcement phase" alone sent new players looking
    for a cell to reinforce (issue 26)."""
    phase = scene.ctl.obs.phase
    if phase == "reinforce" and scene.ctl.my_turn() and scene.game.reinforce_room() <= 0:
        return t("shachang.ui.phase_reinforce_none")
    return t(f"phase_{phase}")


def _top_parts(scene, phase: str) -> list:
    """(text, size, colour, gap before) of the top bar's pieces, left to right; text None: the player's square."""
    obs, g = scene.ctl.obs, scene.game
    out = [(t("round", r=obs.round, lim=obs.round_limit), 17, widgets.TEXT, 0)]
    cur = g.current_player
    if cur >= 0:
        who = t("turn_of", p=i18n.player_name(cur))
        if scene.seats[cur] != "human":
            who += f" [{i18n.seat_label(scene.seats[cur])}]"
        out.append((None, 18, player_rgb(cur), 16))
        out.append((who, 17, widgets.TEXT, 6))
    out.append((phase, 17, widgets.ACCENT, 16))
    if obs.mode == "digital":
        out.append((t("you_are", p=i18n.player_name(scene.ctl.viewer)), 15, widgets.DIM, 16))
    if getattr(scene, "player_seed", None) is not None:  # G1: a seed the player gave: the game says so
        out.append((t("seeded_game", n=scene.player_seed), 15, widgets.DIM, 16))
    return out


def top_bar_parts(scene, phase: str, room: int) -> tuple[list, int]:
    """The top bar's pieces at the largest sizes and gaps whose width fits in ``room`` pixels, and that width
    (issue 26: a seeded game's bar ran under the buttons at 1024 wide). Where even the smallest do not fit, the
    pieces after the phase (whose view, the seed) go from the right, and then the phase is shortened to what is
    left: at 640 wide the bar ended "reinforcement phase: nothing t" under the End turn button (found by the
    new-player QA under Xvfb, session 19)."""
    ps = _top_parts(scene, phase)
    keep = next(i for i, p in enumerate(ps) if p[0] == phase) + 1  # round, player, phase: never dropped

    def fitted(ps):
        for shrink, gap in ((0, 16), (1, 12), (2, 10), (3, 8), (4, 6)):
            sized = [(s, max(11, size - shrink) if s else size, col, min(g_, gap)) for s, size, col, g_ in ps]
            width = 8 + sum(g_ + (18 if s is None else text.size_of(s, size)[0]) for s, size, col, g_ in sized)
            if width <= room:
                break
        return sized, width

    sized, width = fitted(ps)
    while width > room and len(ps) > keep:
        ps = ps[:-1]
        sized, width = fitted(ps)
    if width > room:  # the phase, last, in the room the others leave
        s, size, col, gap = sized[-1]
        rest = width - text.size_of(s, size)[0]
        short = text.fit(s, size, max(8, room - rest))
        sized[-1] = (short, size, col, gap)
        width = rest + text.size_of(short, size)[0]
    return sized, width


def top_bar(surf: pygame.Surface, scene) -> None:
    """Round, turn, player and phase at the top left; the buttons at the top right."""
    w = surf.get_width()
    obs = scene.ctl.obs
    g = scene.game
    cy = TOP_H // 2 - 2

    def left(sc, r):
        x = 8
        for s, size, col, gap in top_bar_parts(scene, phase, r.w - 4)[0]:
            x += gap
            if s is None:
                pygame.draw.rect(sc, col, pygame.Rect(x, cy - 9, 18, 18), border_radius=3)
                x += 18
            else:
                x = text.draw(sc, s, (x, cy), size, col, anchor="midleft").right
        return pygame.Rect(2, 4, x - 2, TOP_H - 10)

    bx, rects = _top_buttons_layout(scene.top_buttons, w)
    phase = phase_text(scene)
    key = ("top", scene.ctl.serial, obs.round, g.current_player, phase, scene.ctl.viewer, i18n.lang(), bx,
           tuple(scene.seats), getattr(scene, "player_seed", None))
    box = pygame.Rect(0, 0, max(100, bx - 4), TOP_H)
    if composed.usable(surf):  # the GL overlay: finished boxes kept and copied (issue 27)
        composed.boxed(surf, "top", box, left, 2, (key, tuple(box)))
        if rects:
            u = rects[0].unionall(rects[1:]).inflate(8, 6)
            look = (tuple(u), i18n.lang(), tuple((b.text(), b.hover, b.enabled(), tuple(b.rect), b.size)
                                                 for b in scene.top_buttons))
            arr = composed.pixels(surf, "top-buttons", look, u.size,
                                  lambda sc: _buttons_box(sc, scene.top_buttons, u))
            composed.copy(surf, arr, u.topleft)
            widgets.mark(u, opaque=True, content=[(arr, u.topleft)])
        return
    widgets.boxed(surf, box, left, alpha=225, pad=2, cache_key=key)
    if rects:
        u = rects[0].unionall(rects[1:]).inflate(8, 6)
        if surf.get_flags() & pygame.SRCALPHA:
            widgets.panel(surf, u, alpha=225)
        else:
            widgets.mark(u)
    for b in scene.top_buttons:
        b.draw(surf)


_button_rects: dict = {}  # (window width, labels and sizes) -> the top buttons' rects (issue 27)


def _top_buttons_layout(buttons, w: int) -> tuple[int, list[pygame.Rect]]:
    """The top bar's buttons laid out from the right edge (each ``Button.layout``; the rects kept per window
    width, labels and sizes, so an unchanged bar measures no text): the free x left of them and the rects,
    rightmost first."""
    key = (w, tuple((b.text(), b.size) for b in buttons))
    kept = _button_rects.get(key)
    if kept is not None:
        for b, r in zip(buttons, kept):
            b.rect = pygame.Rect(r)
    else:
        bx = w - 8
        for b in reversed(buttons):
            bx = b.layout(bx, 4, h=TOP_H - 8, anchor="topright").x - 8
        if len(_button_rects) > 8:
            _button_rects.clear()
        _button_rects[key] = [pygame.Rect(b.rect) for b in buttons]
    rects = [b.rect for b in reversed(buttons)]
    return (rects[-1].x - 8 if rects else w - 8), rects


def _buttons_box(sc: pygame.Surface, buttons, u: pygame.Rect) -> None:
    """The top bar's buttons on their panel (``widgets.panel`` on the GL overlay, then each button), drawn on
    ``sc``, whose (0, 0) is ``u``'s top left."""
    sc.fill((*widgets.PANEL[:3], 255))
    pygame.draw.rect(sc, widgets.BORDER, sc.get_rect(), 1)
    for b in buttons:
        where = b.rect
        b.rect = where.move(-u.x, -u.y)
        try:
            b.draw(sc)
        finally:
            b.rect = where


def units_value(obs) -> str:
    """The panel's unit count: own units and the cap on square maps; on the star (S19b) the number
    of groups of connected own soldiers, which has no cap of its own."""
    if getattr(obs, "board", "square") == "star":
        return str(sum(1 for g in obs.groups if g.owner == obs.player))
    return f"{len(obs.own_units())} / {obs.max_units}"


def _row(surf, x, y, label, value, colour=widgets.TEXT, size=15) -> int:
    """``label   value``; a value too long for the panel goes on its own line."""
    lh = text.font(size).get_linesize()
    text.draw(surf, label, (x, y), size, widgets.DIM)
    value = str(value)
    if x + 150 + text.size_of(value, size)[0] > surf.get_width() - 10:
        y += lh
        text.draw(surf, value, (x + 12, y), size, colour)
    else:
        text.draw(surf, value, (x + 150, y), size, colour)
    return y + lh


def side_panel(surf: pygame.Surface, scene, rect: pygame.Rect) -> pygame.Rect:
    """Players, own totals, selected unit and sight panel; returns the panel's rect."""
    ctl = scene.ctl
    r = ctl.reinforce
    key = (ctl.serial, ctl.version, scene.game.current_player, ctl.viewer, ctl.selected, ctl.count,
           r and (r["cell"], r["count"]), i18n.lang(), rect.size, rect.topleft)
    # Two cached parts (issue 27): the body does not depend on the hovered cell, so moving the mouse redraws
    # only the part under it (sight line and hovered cell). Each part keeps one slot in the panels' cache,
    # so hovering does not fill that cache and push the other panels out of it. The slots are the same for every
    # game (its controller's serial is in the key): a slot a game, never dropped, kept ~1.5 MB a game.
    body, y0 = _part(surf, "side-body", key, rect.size,
                     lambda sc: _side_body(sc, scene, pygame.Rect(0, 0, *rect.size)))
    tail_size = (rect.w, max(0, rect.h - y0))
    tail, y1 = _part(surf, "side-hover", (key, y0, ctl.hover), tail_size,
                     lambda sc: _side_hover(sc, scene, pygame.Rect(0, -y0, *rect.size), 0))
    h = min(rect.h, y0 + y1 + 6)
    if h <= 0 or rect.w <= 0:
        return pygame.Rect(rect.x, rect.y, 0, 0)
    box = pygame.Rect(rect.x, rect.y, rect.w, h)
    if composed.usable(surf):  # the GL overlay: each part's finished pixels kept and copied (issue 27)
        hb = min(h, y0)
        top = composed.pixels(surf, "side-body", (key, hb, hb == h), (rect.w, hb),
                              lambda sc: _boxed_part(sc, body, hb, hb == h, True))
        composed.copy(surf, top, box.topleft)
        # each part marked on its own with its pixels: a hover change leaves the body's rect known (issue 27)
        widgets.mark(pygame.Rect(box.x, box.y, rect.w, hb), opaque=True, content=[(top, box.topleft)])
        if h > y0:
            low = composed.pixels(surf, "side-hover", (key, y0, ctl.hover, h - y0), (rect.w, h - y0),
                                  lambda sc: _boxed_part(sc, tail, h - y0, True, False))
            composed.copy(surf, low, (box.x, box.y + y0))
            widgets.mark(pygame.Rect(box.x, box.y + y0, rect.w, h - y0), opaque=True,
                         content=[(low, (box.x, box.y + y0))])
        return box
    widgets.panel(surf, box, 215)
    surf.blit(body, box.topleft, pygame.Rect(0, 0, rect.w, h))  # as one surface would: the body's whole box,
    if h > y0:  # then the hover part below it (they share no pixel)
        surf.blit(tail, (box.x, box.y + y0), pygame.Rect(0, 0, rect.w, h - y0))
    return box


def _boxed_part(sc: pygame.Surface, part: pygame.Surface, h: int, bottom: bool, top: bool) -> None:
    """One part of the side panel's box as ``widgets.panel`` and a blit make it on the GL overlay: the opaque
    fill, the border lines this part holds (the top one, the bottom one), the part's drawing blended over."""
    w = sc.get_width()
    sc.fill((*widgets.PANEL[:3], 255))  # widgets.panel's fill on the GL overlay
    pygame.draw.rect(sc, widgets.BORDER, pygame.Rect(0, 0 if top else -1, w, h + (0 if bottom else 1)
                                                     + (0 if top else 1)), 1)
    sc.blit(part, (0, 0), pygame.Rect(0, 0, w, h))


def _part(surf, slot, key, size, draw):
    """A panel part's (surface, end y) from its one-slot cache entry, drawn again when ``key`` changed."""
    hit = widgets._boxed_cache.get(slot)  # looked up on each call: tests swap the cache for an empty one
    if hit is not None and hit[0] == key:
        return hit[1], hit[2]
    sc = hit[1] if hit is not None and hit[1].get_size() == size else widgets._alpha_like(surf, size)
    sc.fill((0, 0, 0, 0))
    y = draw(sc)
    widgets._boxed_cache[slot] = (key, sc, y)
    return sc, y


def _side_body(surf: pygame.Surface, scene, rect: pygame.Rect) -> int:
    """The side panel's part that does not depend on the hovered cell; returns the y below it."""
    ctl = scene.ctl
    obs = ctl.obs
    x, y = rect.x + 10, rect.y + 8
    lh = text.font(15).get_linesize()
    # players
    for pv in obs.players:
        col = player_rgb(pv.player)
        pygame.draw.rect(surf, col, pygame.Rect(x, y + 3, 14, 14), border_radius=2)
        name = i18n.player_name(pv.player)
        kind = i18n.seat_label(scene.seats[pv.player])
        mark = "▶ " if pv.player == scene.game.current_player else ""
        if pv.out:
            info = t("out")
        elif pv.field is None:
            info = "?"
        else:
            info = f"{t('field')} {pv.field} · {t('reserve')} {pv.reserve}"
        r = text.draw(surf, f"{mark}{name} {kind}", (x + 20, y), 15, widgets.DIM if pv.out else widgets.TEXT)
        iw = text.size_of(info, 14)[0]
        if r.right + 10 + iw > rect.right - 10:
            y += lh
        text.draw(surf, info, (rect.right - 10, y), 14, widgets.DIM, anchor="topright")
        y += lh
    y += 4
    pygame.draw.line(surf, widgets.BORDER, (rect.x + 6, y), (rect.right - 6, y))
    y += 6
    y = _row(surf, x, y, t("reserve"), obs.reserve)
    y = _row(surf, x, y, f"{t('field')} / {t('cap')}", f"{obs.field} / {obs.cap}")
    y = _row(surf, x, y, t("units"), units_value(obs))
    if ctl.my_turn():
        room = scene.game.reinforce_room()
        if room:
            for ln in text.wrap(t("reinforce_hint", n=room), 14, rect.w - 20):
                text.draw(surf, ln, (x, y), 14, (140, 190, 255))
                y += lh
    info = ctl.unit_info()
    if info:
        y += 4
        pygame.draw.line(surf, widgets.BORDER, (rect.x + 6, y), (rect.right - 6, y))
        y += 6
        text.draw(surf, t("unit_panel", c=info["name"]), (x, y), 16, widgets.ACCENT)
        y += lh + 2
        y = _row(surf, x, y, t("count"), info["count"])
        y = _row(surf, x, y, t("shachang.ui.fanshu"), info["fanshu"])  # S3
        y = _row(surf, x, y, t("attack_range"), info["attack_range"])
        y = _row(surf, x, y, t("vision_range"), info["vision_range"])
        y = _row(surf, x, y, t("moves_left"), info["moves"])
        av, col = attack_value(info, ctl.my_turn(), ctl.star())
        y = _row(surf, x, y, t("attack_avail"), av, col)
        if ctl.my_turn() and info["can_march"] and not ctl.star():  # (the star: one soldier moves at a time)
            text.draw(surf, t("send_count", k=info["send"], n=info["count"]), (x, y), 15, widgets.GOOD)
            y += lh
        room = scene.game.reinforce_room() if ctl.my_turn() else 0
        if room and info["cell"] in ctl.overlays().reinforce_cells:
            text.draw(surf, t("reinforce_here", n=room), (x, y), 14, (140, 190, 255))
            y += lh
    return y


def _side_hover(surf: pygame.Surface, scene, rect: pygame.Rect, y: int) -> int:
    """The side panel's part under its body that follows the hovered cell (the sight line from the
    selected unit, the hovered cell's line), from ``y`` on; returns the y below it."""
    ctl = scene.ctl
    obs = ctl.obs
    x = rect.x + 10
    lh = text.font(15).get_linesize()
    s = ctl.sight()
    if s:
        y = sight_panel(surf, s, x, y + 6, rect.w - 20, ctl.cell_name)
    hv = ctl.hover
    if hv is not None and 0 <= hv[0] < obs.heights.shape[0] and 0 <= hv[1] < obs.heights.shape[1]:
        y += 4
        pygame.draw.line(surf, widgets.BORDER, (rect.x + 6, y), (rect.right - 6, y))
        y += 6
        name = ctl.cell_name(hv)
        hgt = int(obs.heights[hv])
        line = t("hover_cell", c=name, h=hgt) if hgt >= 0 else t("hover_unknown", c=name)
        u = obs.unit_at(hv)
        if u is not None:
            line += " · " + t("shachang.ui.hover_unit", p=i18n.player_name(u.owner), n=u.count,
                                  soldiers=counted(u.count, "soldier"))
        text.draw(surf, line, (x, y), 14, widgets.DIM)
        y += lh
    return y


def attack_value(info: dict, my_turn: bool, star: bool) -> tuple[str, tuple]:
    """The "may attack" row's value and colour for the selected unit (``Controller.unit_info``): whether
    it still has its attack and, in its owner's turn, how many enemies it can hit now (the engine's
    attack targets) — "yes, but no target in range now" rather than "yes (0)"."""
    if star:  # the star: the soldier's unit may attack (S19e, the engine's GroupView.can_attack)
        able = info["can_attack"]
    elif info["fresh"]:
        return t("new_camp"), widgets.DIM
    elif info["attacked"]:
        return t("has_attacked"), widgets.DIM
    else:
        able = True
    if not able:
        return t("no"), widgets.DIM
    if not my_turn:
        return t("yes"), widgets.GOOD
    if info["targets"]:
        return t("shachang.ui.attack_yes_n", n=info["targets"], targets=counted(info["targets"], "target")), widgets.GOOD
    return t("shachang.ui.attack_yes_none"), widgets.ACCENT


def sight_panel(surf, s, x, y, width, cell_name=cell_name) -> int:
    """The S5 panel of a sight line (``cell_name`` names the cells: the star's names on the star)."""
    lh = text.font(14).get_linesize()
    pygame.draw.line(surf, widgets.BORDER, (x - 4, y), (x + width + 4, y))
    y += 6
    text.draw(surf, t("sight_title", a=cell_name(s["src"]), b=cell_name(s["dst"])), (x, y), 16, widgets.ACCENT)
    y += lh + 2
    text.draw(surf, t("sight_rule"), (x, y), 14, widgets.DIM)
    y += lh
    if not s["in_range"]:
        text.draw(surf, t("out_of_range", d=s["steps"], r=s["range"]), (x, y), 14, widgets.BAD)
        y += lh
    d = s["decisive"]
    if d is not None:
        row = d
        op = "≥" if row["blocks"] else "<"
        line = t("sight_row", c=cell_name(row["cell"]), a=row["a"], b=row["b"], x=row["x"], y=row["y"],
                 z=row["z"], lhs=row["lhs"], op=op, rhs=row["rhs"])
        for ln in text.wrap(line, 14, width):
            text.draw(surf, ln, (x, y), 14, widgets.BAD if row["blocks"] else widgets.TEXT)
            y += lh
        text.draw(surf, f"(a+b)·y = ({row['a']}+{row['b']})·{row['y']} = {row['lhs']}", (x, y), 14)
        y += lh
        text.draw(surf, f"a·z + b·x = {row['a']}·{row['z']} + {row['b']}·{row['x']} = {row['rhs']}", (x, y), 14)
        y += lh
    if s["block"] is not None:
        text.draw(surf, t("sight_blocked", c=cell_name(s["block"]["cell"])), (x, y), 15, widgets.BAD)
    elif s.get("unknown"):
        text.draw(surf, t("sight_unknown"), (x, y), 15, widgets.ACCENT)
    else:
        text.draw(surf, t("sight_clear"), (x, y), 15, widgets.GOOD)
    y += lh
    return y


STATUS_LH = 16  # the second line's height when a long status line wraps (12-13 px text)


def status_box(w: int, h: int, tw: int, n_lines: int) -> pygame.Rect:
    """The status line's box for text ``tw`` px wide on ``n_lines`` lines: at the window's foot, growing upward
    when the line wraps."""
    extra = STATUS_LH * (n_lines - 1)
    return pygame.Rect(0, h - STATUS_H - extra, min(w, max(320, tw + 24)), STATUS_H + extra)


def status_line(surf: pygame.Surface, msg: str, kind: str) -> tuple[pygame.Rect, str, int, pygame.Rect]:
    """The status line at the window's foot; returns the rect, text and font size of its last line drawn (where a
    refusal's rule id ends it) and the box. A long line is drawn smaller, down to 12 px; longer still, it wraps
    onto a second line (the box grows upward) instead of being cut (issue 26)."""
    w, h = surf.get_size()
    col = {"error": widgets.BAD, "ok": widgets.GOOD}.get(kind, widgets.TEXT)
    lines, size, tw = _status_fit(msg or "", w)
    r = status_box(w, h, tw, len(lines))
    mids = [r.bottom - STATUS_H // 2 - STATUS_LH * (len(lines) - 1 - i) for i in range(len(lines))]
    if composed.usable(surf):  # the GL overlay: the finished line kept and copied while unchanged (issue 27)
        def compose(sc):
            sc.fill((*widgets.PANEL[:3], 255))  # widgets.panel on the GL overlay
            pygame.draw.rect(sc, widgets.BORDER, sc.get_rect(), 1)
            for ln, y in zip(lines, mids):
                text.draw(sc, ln, (10, y - r.y), size, col, anchor="midleft")

        arr = composed.pixels(surf, ("status", w, h), (lines, col, size, tuple(r)), r.size, compose)
        composed.copy(surf, arr, r.topleft)
        widgets.mark(r, opaque=True, content=[(arr, r.topleft)])
        return text.render(lines[-1], size, col).get_rect(midleft=(10, mids[-1])), lines[-1], size, r
    widgets.panel(surf, r, alpha=230)
    last = None
    for ln, y in zip(lines, mids):
        last = text.draw(surf, ln, (10, y), size, col, anchor="midleft")
    return last, lines[-1], size, r


def click_preview(scene, cell) -> str | None:
    """What a click on ``cell`` plays with the selected unit, in words, as the engine says it ("click: march 3
    soldiers from a1 to b2", "click: a1 attacks a4"; issue 26), or None: a march to a cell it can reach that
    no unit holds, or an attack on an enemy the engine lists as a target."""
    return _said_click(scene, click_action(scene, cell))


def _said_click(scene, action) -> str | None:
    """``action`` as the hover box says it ("click: …"), or None for no action."""
    return t("shachang.ui.tip_click", what=i18n.engine_text(scene.game.say(action))) if action is not None else None


def click_action(scene, cell):
    """The action a click on ``cell`` plays with the selected unit (see ``click_preview``), or None."""
    ctl = scene.ctl
    sel = ctl.selected
    if sel is None or cell == sel or not ctl.my_turn():
        return None
    g = scene.game
    if ctl.enemy_unit(cell) is not None:
        action = Attack(sel, cell) if cell in g.attack_targets(sel) else None
    elif ctl.obs.unit_at(cell) is None and cell in g.reachable(sel):
        action = ctl.march_action(sel, cell)
    else:
        action = None
    return action


_STATUS_FITS: dict[tuple, tuple[tuple[str, ...], int, int]] = {}


def _status_fit(msg: str, w: int) -> tuple[tuple[str, ...], int, int]:
    """The status line's lines, font size and width in a window ``w`` px wide: one line at 15 px, smaller down to
    12 for a long one; longer still, two lines at 13 px (a third, which no message needs at 1024 px, is cut);
    remembered, as the same message is fitted every frame (issue 27: 0.4 ms a frame)."""
    key = (msg, w, id(text.font(15)))  # the font object: a new one (another script) measures anew
    got = _STATUS_FITS.get(key)
    if got is None:
        size = next((sz for sz in (15, 14, 13, 12) if text.size_of(msg, sz)[0] <= w - 20), None)
        if size is not None or not msg:
            lines = (msg,)
            size = size or 15
        else:
            size = 13
            lines = tuple(text.wrap(msg, size, w - 20)[:2])
        tw = max(text.size_of(ln, size)[0] for ln in lines) if msg else 0
        if len(_STATUS_FITS) > 256:
            _STATUS_FITS.clear()
        got = _STATUS_FITS[key] = (lines, size, tw)
    return got


def tooltip_lines(scene, cell) -> list[tuple[str, tuple]]:
    """What a player may know of a cell, for the tooltip under the mouse: the cell and its height,
    the unit on it (owner, soldiers) and, for an own unit, what it may still do this turn."""
    ctl = scene.ctl
    obs = ctl.obs
    if cell is None or not (0 <= cell[0] < obs.heights.shape[0] and 0 <= cell[1] < obs.heights.shape[1]):
        return []
    name = ctl.cell_name(cell)
    hgt = int(obs.heights[cell])
    lines = [(t("hover_cell", c=name, h=hgt) if hgt >= 0 else t("hover_unknown", c=name), widgets.TEXT)]
    action = click_action(scene, cell)
    said = _said_click(scene, action)
    if said:
        lines.append((said, widgets.ACCENT))
        note = scene.game.march_note(action)  # steps other soldiers share (S15, S19d)
        if note is not None:
            lines.append((i18n.engine_text(note), NOTE_INK))
    u = obs.unit_at(cell)
    if u is None:
        return lines
    lines.append((t("shachang.ui.hover_unit", p=i18n.player_name(u.owner), n=u.count, soldiers=counted(u.count, "soldier")),
                  player_rgb(u.owner)))
    if u.owner != obs.player or u.moves is None:
        return lines
    grp = ctl.group_at(cell) if ctl.star() else None
    if grp is not None and u.fresh and not u.attacked:
        # the star: "fresh" is a soldier that has moved this turn (S19d), not a new camp; its unit may still attack
        # from it while the unit holds an unmoved soldier (S19e)
        lines.append((t("star_moved"), widgets.DIM))
        targets = len(scene.game.attack_targets(cell)) if ctl.my_turn() and grp.can_attack else 0
        if targets:
            lines.append((f"{t('attack_avail')}: {t('shachang.ui.attack_yes_n', n=targets, targets=counted(targets, 'target'))}",
                          widgets.GOOD))
    elif u.fresh:
        lines.append((t("new_camp"), widgets.DIM))
    elif u.attacked:
        lines.append((t("has_attacked"), widgets.DIM))
    else:
        targets = len(scene.game.attack_targets(cell)) if ctl.my_turn() else 0
        lines.append((f"{t('moves_left')} {u.moves}", widgets.GOOD if u.moves else widgets.DIM))
        lines.append((f"{t('attack_avail')}: {t('shachang.ui.attack_yes_n', n=targets, targets=counted(targets, 'target'))}" if targets
                      else t("tip_no_target"), widgets.GOOD if targets else widgets.DIM))
    return lines
