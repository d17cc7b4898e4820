"""辛亥革命's box beside the map: the command marker now with its two faces, the markers still in the
bag (X1, X3: public) and the last roll — the dice, the modified total and the results table with the
row and column used (X4, X6: shooting; seed 7: melee; seed (3): the response table).

Everything comes from the observation and the public log (X10: every roll is an event both players
see): a roll's numbers are the parameters of its keyed message, never parsed from text.
"""
from __future__ import annotations

import pygame

from engine.messages import Msg
from engine.xinhai.combat import melee_result, shot_result
from engine.xinhai.data import rules

from client.boards.model import rgb255
from client.games.base import text as words
from client.ui import dice, text, widgets

SIDE_RGB = {"rev": (0.80, 0.14, 0.12), "qing": (0.16, 0.34, 0.80)}
ROLLS = ("xinhai.log.shot", "xinhai.log.melee", "xinhai.log.response")
SHOT_COLS = (8, 9, 10, 11, 12)  # X4: "8" is 8 or less, "12+" 12 or more
# the tables' column heads as keyed messages (assets/messages/xinhai.toml): "≤8" is 8 or less, "12+" 12 or more
AT_MOST, AT_LEAST, SPAN = "xinhai.hud.col.at_most", "xinhai.hud.col.at_least", "xinhai.hud.col.span"
SHOT_HEADS = (Msg.of(AT_MOST, n=8), "9", "10", "11", Msg.of(AT_LEAST, n=12))  # X4: the first column is open-ended
MELEE_COLS = ((3, Msg.of(AT_MOST, n=3)), (7, Msg.of(SPAN, a=4, b=7)), (9, Msg.of(SPAN, a=8, b=9)),
              (10, Msg.of(AT_LEAST, n=10)))  # X4's edges of the melee table
RESPONSE_COLS = ((3, Msg.of(SPAN, a=0, b=3)), (4, "4"), (5, "5"), (6, "6"), (7, "7"), (8, "8"),
                 (9, Msg.of(AT_LEAST, n=9)))
WIDTH = 300


def last_roll(events) -> dict | None:
    """The last roll in the log as data: kind (shot, melee, response) and its message's parameters."""
    for e in reversed(events):
        m = e.msg
        if isinstance(m, Msg) and m.key in ROLLS:
            kw = dict(m.kw)
            if kw.get("dice") == "-":
                continue  # a response phase with no dice to roll (fewer than 5 units on control points)
            kw["roll"] = m.key.rsplit(".", 1)[1]
            for k in ("kind", "result"):
                if isinstance(kw.get(k), Msg):
                    kw[k + "_id"] = kw[k].key.rsplit(".", 1)[1]
            return kw
    return None


def dice_of(roll: dict) -> list[int]:
    """The dice values of a roll ("3+4" or "2 5 1"; "-" when none were rolled)."""
    raw = str(roll.get("dice", "")).replace("+", " ").split()
    return [int(x) for x in raw if x.isdigit()]


def shot_table(roll: dict, lang: str):
    """(title, header, rows, row used, column used) of the shooting table for a shot."""
    head = [""] + [words(h, lang) for h in SHOT_HEADS]
    kinds = (("infantry", "xinhai.hud.shooter_light"), ("artillery", "xinhai.hud.shooter_heavy"))
    rows = [[words(Msg.of(key), lang)] + [words(Msg.of(f"xinhai.short.{shot_result(k, t)}"), lang) for t in SHOT_COLS]
            for k, key in kinds]
    kind = roll.get("kind_id")
    row = 0 if kind in ("infantry", "cavalry") else 1
    total = int(roll.get("total", 0))
    col = min(max(total, 8), 12) - 8
    return words(Msg.of("xinhai.hud.table_shot"), lang), head, rows, row, col


def melee_table(roll: dict, lang: str):
    """(title, header, rows, row used, column used) of the melee table (seed 7, X4)."""
    head = [""] + [words(h, lang) for _, h in MELEE_COLS]
    kinds = (("infantry", "xinhai.hud.melee_inf"), ("cavalry", "xinhai.hud.melee_cav"))
    rows = [[words(Msg.of(key), lang)] + [words(Msg.of(f"xinhai.short.{melee_result(k, t)}"), lang)
                                          for t, _ in MELEE_COLS] for k, key in kinds]
    row = 1 if roll.get("kind_id") == "cavalry" else 0
    total = int(roll.get("total", 0))
    col = next((i for i, (t, _) in enumerate(MELEE_COLS) if total <= t), len(MELEE_COLS) - 1)
    return words(Msg.of("xinhai.hud.table_melee"), lang), head, rows, row, col


def response_table(roll: dict, lang: str):
    """(title, header, rows, row used, column used) of the response table (seed (3), XR14)."""
    counts = rules().response_counts
    head = [words(Msg.of("xinhai.hud.units_on_cp"), lang)] + [words(h, lang) for _, h in RESPONSE_COLS]
    pts = [counts[n] for n, _ in RESPONSE_COLS]
    row = [words(Msg.of("xinhai.hud.points"), lang)] + [p if p.isdigit() else words(Msg.of(f"xinhai.hud.pts.{p}"), lang)
                                                        for p in pts]
    n = int(roll.get("n", 0))
    col = next((i for i, (t, _) in enumerate(RESPONSE_COLS) if n <= t), len(RESPONSE_COLS) - 1)
    return words(Msg.of("xinhai.hud.table_response"), lang), head, [row], 0, col


def roll_line(roll: dict, lang: str) -> str:
    """One line saying what was rolled: who, the dice, the modifiers' sum and the total."""
    if roll["roll"] == "response":
        return words(Msg.of("xinhai.hud.response", n=roll.get("n"), dice=roll.get("dice"), points=roll.get("points")), lang)
    ds = dice_of(roll)
    total = int(roll.get("total", 0))
    mods = total - sum(ds)
    return words(Msg.of(f"xinhai.hud.{roll['roll']}", src=roll.get("src"), dst=roll.get("dst"), dice=dice_sum(ds),
                        mods=signed(mods), total=total), lang)


def dice_sum(ds: list[int]) -> Msg | str:
    """The dice as a sum ("3+4"), in the catalogue's words."""
    out: Msg | str = str(ds[0]) if ds else ""
    for v in ds[1:]:
        out = Msg.of("xinhai.hud.dice_plus", a=out, b=v)
    return out


def signed(n: int) -> Msg:
    """A modifiers' sum with its sign ("+2", "-1", "+0")."""
    return Msg.of("xinhai.hud.minus" if n < 0 else "xinhai.hud.plus", n=abs(n))


def count(n: int, of) -> Msg:
    """How many of a supply are in play ("2/3")."""
    return Msg.of("xinhai.hud.count", n=n, of=of)


def table_for(roll: dict, lang: str):
    return {"shot": shot_table, "melee": melee_table, "response": response_table}[roll["roll"]](roll, lang)


def in_play(obs: dict, lang: str) -> list[tuple[str, str]]:
    """The supply markers in play as (side, words): munitions (seed 10(3)), machine guns and recoil guns
    (events Qing 12, 16, 17), this round's speech / dawdling / reinforcement markers (X6), and the
    trenches and pontoons on the map (at most 3 each)."""
    sup = rules().supply
    out = []
    if obs["munitions"]:
        out.append(("rev", Msg.of("xinhai.mod.munitions", v=count(obs["munitions"], sup["munitions"]))))
    if "speech" in obs["timed"]:
        out.append(("rev", Msg.of("xinhai.mod.speech", v=signed(1))))
    if obs["machine_guns"]:
        out.append(("qing", Msg.of("xinhai.mod.machine_gun", v=count(obs["machine_guns"], sup["machine_guns"]))))
    if obs["recoil_gun"]:
        out.append(("qing", Msg.of("xinhai.mod.recoil_gun", v=signed(2))))
    for t, v in (("slack", signed(-1)), ("aid", signed(1))):
        if t in obs["timed"]:
            out.append(("qing", Msg.of(f"xinhai.mod.{t}", v=v)))
    if obs["trenches"]:
        out.append(("", Msg.of("xinhai.mod.trench", v=count(len(obs["trenches"]), sup["trenches"]))))
    return [(side, words(m, lang)) for side, m in out]


def summary(obs: dict, events, lang: str) -> dict:
    """What the box shows: the marker now, the bag, the last roll with its dice, total and table (title,
    header, rows, row used, column used) and the table's lit cell."""
    d = obs["decision"]
    roll = last_roll(events)
    out = {"marker": d.get("marker") if d else None, "bag": sorted(obs["bag"]), "roll": roll,
           "in_play": in_play(obs, lang)}
    if roll is not None:
        table = table_for(roll, lang)
        _, _, rows, row, col = table
        out.update(dice=dice_of(roll), total=roll.get("total"), table=table, lit=rows[row][col + 1])
    return out


_pictures: dict = {}  # what the box shows -> its picture (drawn again only when something changed)


def draw(surf: pygame.Surface, rect: pygame.Rect, obs: dict, info: dict, lang: str, free=None) -> dict:
    """The box showing ``info`` (its ``summary``) at the top right of ``free`` (the column beside the map,
    under the tracks), at most as wide as it and folded when it is not tall enough: first without the bag's
    markers (their number stays), then without the last roll's table too; with no ``free``, in the bottom right
    corner of ``rect``. Returns ``info`` with the rect drawn ("rect") and the fold used ("fold", 0-2)."""
    info = dict(info)
    width = WIDTH if free is None else max(160, min(WIDTH, free.w - 8))
    for fold in range(3):
        pic = picture(obs, info, lang, width, fold)
        if free is None or pic.get_height() + 12 <= free.h:
            break
    w, h = pic.get_width() + 8, pic.get_height() + 8
    if free is not None:
        box = pygame.Rect(free.right - w - 4, free.top, w, h)
    else:
        box = pygame.Rect(rect.right - w - 4, rect.bottom - h - 4, w, h)
    widgets.panel(surf, box, 220)
    surf.blit(pic, (box.x + 4, box.y + 4))
    info["rect"], info["fold"] = box, fold
    return info


def picture(obs: dict, info: dict, lang: str, width: int, fold: int = 0) -> pygame.Surface:
    """The box's content ``width`` pixels wide (``fold`` as in ``draw``), drawn once per change."""
    key = (lang, tuple(obs["bag"]), str(obs["decision"]), str(info["roll"]), tuple(info["in_play"]), width, fold)
    pic = _pictures.get(key)
    if pic is None:
        tmp = pygame.Surface((width, 1200), pygame.SRCALPHA)
        used = content(tmp, pygame.Rect(0, 0, width, 1200), obs, info, lang, fold)
        pic = tmp.subsurface(pygame.Rect(0, 0, used.w, used.h)).copy()
        if len(_pictures) > 16:
            _pictures.clear()
        _pictures[key] = pic
    return pic


def content(sc: pygame.Surface, local: pygame.Rect, obs: dict, info: dict, lang: str, fold: int = 0) -> pygame.Rect:
    """Draw the box's content on ``sc`` from its top left (``fold`` 1: no bag's markers, 2: nor the table);
    returns the rect used."""
    roll = info["roll"]
    x, y = 6, 4
    w = local.w - 12
    used = pygame.Rect(0, 0, local.w, 0)
    # the command marker now and its faces
    d = obs["decision"]
    mid = d.get("marker") if d else None
    text.draw(sc, words(Msg.of("xinhai.hud.marker"), lang), (x, y), 14, widgets.ACCENT)
    y += 20
    if mid:
        m = next(q for q in rules().markers if q.id == mid)
        chip(sc, (x, y), m.id, SIDE_RGB[m.side], True, 26)
        for i, f in enumerate(m.faces):
            extra = {"": "", "morale+": "morale_up", "morale-": "morale_down", "rally": "rally"}[f.extra]
            line = words(Msg.of("xinhai.hud.face", n=i + 1, region=Msg.of(f"xinhai.region.{f.region}"),
                                extra=Msg.of(f"xinhai.hud.extra.{extra}") if extra else ""), lang)
            text.draw(sc, line, (x + 36, y + i * 15 - 1), 13, widgets.TEXT)
        y += 34
    else:
        text.draw(sc, words(Msg.of("xinhai.hud.no_marker"), lang), (x, y), 13, widgets.DIM)
        y += 20
    # the bag: every marker, solid while still in it (X1, X3)
    bag = set(obs["bag"])
    text.draw(sc, words(Msg.of("xinhai.hud.bag", n=len(bag)), lang), (x, y), 14, widgets.ACCENT)
    y += 20
    per = max(1, w // 36)
    if fold < 1:
        for i, m in enumerate(rules().markers):
            chip(sc, (x + (i % per) * 36, y + (i // per) * 25), m.id, SIDE_RGB[m.side], m.id in bag, 21)
        y += ((len(rules().markers) + per - 1) // per) * 25 + 4
    # markers in play (munitions, machine guns, this round's markers, trenches), when there are any
    if info["in_play"]:
        text.draw(sc, words(Msg.of("xinhai.hud.in_play"), lang), (x, y), 14, widgets.ACCENT)
        y += 20
        cx = x
        for side, label in info["in_play"]:
            tw = text.size_of(label, 13)[0] + 12
            if cx + tw > x + w and cx > x:
                cx, y = x, y + 24
            r = pygame.Rect(cx, y, tw, 20)
            pygame.draw.rect(sc, rgb255(SIDE_RGB[side]) if side else (70, 64, 56), r, border_radius=4)
            text.draw(sc, label, r.center, 13, (255, 255, 255), anchor="center")
            cx += tw + 6
        y += 28
    # the last roll: dice, total, the table with the row and column used
    text.draw(sc, words(Msg.of("xinhai.hud.roll"), lang), (x, y), 14, widgets.ACCENT)
    y += 20
    if roll is None:
        text.draw(sc, words(Msg.of("xinhai.hud.no_roll"), lang), (x, y), 13, widgets.DIM)
        y += 18
    else:
        dx = x
        for v in dice_of(roll):
            dice.draw_die(sc, pygame.Rect(dx, y, 26, 26), v)
            dx += 31
        if roll["roll"] != "response":
            total = int(roll.get("total", 0))
            text.draw(sc, words(Msg.of("xinhai.hud.equals", total=total), lang), (dx + 4, y + 13), 19, widgets.TEXT,
                      anchor="midleft")
        res = roll.get("result")
        if isinstance(res, Msg):
            text.draw(sc, words(res, lang), (local.w - 8, y + 13), 15, widgets.ACCENT, anchor="midright")
        y += 31
        for ln in text.wrap(roll_line(roll, lang), 13, w):
            text.draw(sc, ln, (x, y), 13, widgets.TEXT)
            y += 17
        if fold < 2:
            title, head, rows, row, col = info["table"]
            text.draw(sc, title, (x, y + 2), 13, widgets.DIM)
            y += 19
            y = dice.draw_table(sc, (x, y), head, rows, row, col, 12, max_w=w).bottom + 2
    used.h = y + 2
    return used


def chip(surf, pos, label: str, rgb, solid: bool, size: int) -> pygame.Rect:
    """A command marker: a square in its side's colour (solid: still in the bag; hollow: drawn)."""
    r = pygame.Rect(int(pos[0]), int(pos[1]), size + 8, size)
    c = rgb255(rgb)
    if solid:
        pygame.draw.rect(surf, c, r, border_radius=4)
        text.draw(surf, label, r.center, max(10, size // 2 + 1), (255, 255, 255), anchor="center")
    else:
        pygame.draw.rect(surf, c, r, 1, border_radius=4)
        text.draw(surf, label, r.center, max(10, size // 2 + 1), tuple(v // 2 + 40 for v in c), anchor="center")
    return r
