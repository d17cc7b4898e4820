"""沙场秋点兵's fun items in the 3D scene (趣味版, rulings S20a–S20j): the viewer's hand as cards, the
other players' hand sizes (counts only, S20a), the target chooser and a short effect per item use.

The chooser walks the engine's steps of the legal item uses (``game.action_steps`` of
``item_rules.legal_items``: the card's button, then cells, then a count): a card may be clicked only
when some legal use starts with it; the map marks exactly the cells that may follow (green: own
units and cells, red: enemy units); a count is asked in a chooser. 亡命天涯 on the star (S20n) has its own
chooser: after the unit's soldier, the player marks the soldiers to discard on the map (marked ones
red with a cross; green: a mark that keeps the unit whole; grey: one that would split it), the panel
above the cards shows the engine's verdict on the marked choice (its S20n refusal when it splits the
unit) and its button (or a second click on the unit's soldier) plays it. Nothing here decides a rule.
The effects follow the viewer's own log (events the engine showed to that player, S20j), so they
never show a player more than the log does.
"""
from __future__ import annotations

import dataclasses
import math
import time

import numpy as np
import pygame

from client import i18n
from client.games.base import Choice
from client.games.shachang import hud
from client.i18n import t
from client.render.base import PLAYER_COLOURS
from client.render.hex_layout import DIRECTIONS
from client.scenes.modals import ChooserModal, ConfirmModal, ListModal
from client.ui import text, widgets
from client.ui.cards import CardRow, CardStrip, CardView, width_of
from engine.api import IllegalAction, Step
from engine.messages import Msg
from engine.shachang import hex_overlays, star_cells, star_items
from engine.shachang import overlays as facts
from engine.shachang.actions import UseItem
from engine.shachang.cells import cell_name, parse_cell
from engine.shachang.item_actions import FORM
from engine.shachang.item_rules import RULE, legal_items
from engine.shachang.log import counted

STRIP_H = 150  # the card strip's height in pixels
# the cards' width / height and fixed font sizes: a card's face (its short text, shachang.item.short.*) is read
# whole where it lies at 1024x640 in both languages; the whole rule text is on hover (English faces were cut after
# four short lines; issue 26)
CARD_ASPECT = 1.05
CARD_TITLE_PX, CARD_BODY_PX = 13, 12
EFFECT_S = 1.4  # how long an item's effect shows
# the log entries that start an effect: key tail -> the parameters naming its cells
EFFECT_CELLS = {"drawn": ("cell",), "found": ("cell",), "yugong": ("src", "dst"), "fanfu": (),
                "dilao": ("cell",), "liu": ("src", "dst"), "liu_gone": ("cell",), "liu_came": ("cell",),
                "tonggui": ("cell",), "taoyuan": ("cell",), "wangming": ("cell",), "cuntu": ("cell",),
                "wangming_cells": ("cell",), "wangming_seen": ("cell",)}  # S20n on the star
BLAST_HITS = {"blast_hit": "dst", "blast_wiped": "dst", "blast_unseen": "cell"}  # S20f: flashes on the victims
FX_RGB = {"drawn": (255, 215, 90), "yugong": (200, 140, 70), "fanfu": (255, 200, 80), "dilao": (230, 90, 60),
          "liu": (120, 220, 255), "liu_gone": (190, 190, 200), "liu_came": (120, 220, 255),
          "tonggui": (255, 90, 40), "taoyuan": (140, 240, 160), "wangming": (250, 170, 200),
          "wangming_cells": (250, 170, 200), "wangming_seen": (250, 170, 200),
          "cuntu": (255, 70, 70)}


def _touch(layout, a, b) -> bool:
    """Whether cells a and b of a hex layout are neighbours."""
    return any((a[0] + dr, a[1] + dc) == tuple(b) for dr, dc in DIRECTIONS)


def item_kind(step: Step) -> str:
    """The item kind of a card's step (``button item:<kind>``)."""
    return step.value.split(":", 1)[1]


def _parse(name: str, game=None):
    """The cell of a cell name (the star's names on the star preset), or None."""
    parse = star_cells.parse if getattr(game, "board", None) == "star" else parse_cell
    try:
        return parse(str(name))
    except Exception:
        return None


def _quantised(r: pygame.Rect) -> pygame.Rect:
    """``r`` grown to multiples of 128 pixels (few distinct sizes: the GL overlay caches by size)."""
    return pygame.Rect(r.x, r.y, -(-max(1, r.w) // 128) * 128, -(-max(1, r.h) // 128) * 128)


class ItemsView:
    """The items of one GameScene: cards, the chooser's state (``prefix``: the steps chosen so far,
    None when no card is in use) and the running effects."""

    def __init__(self, scene):
        self.scene = scene
        self.strip = CardStrip()
        self.prefix: tuple[Step, ...] | None = None
        self.effects: list[dict] = []
        self.rect = pygame.Rect(0, 0, 0, 0)  # where the strip was drawn (clicks there are no board clicks)
        self._legal: tuple = (None, [])
        self.discard: list | None = None  # 亡命天涯 on the star (S20n): the soldiers marked to discard
        self.chooser_rect = pygame.Rect(0, 0, 0, 0)  # its panel (clicks there are no board clicks)
        self.buttons = [widgets.Button(lambda: t("shachang.ui.item.discard_ok", n=len(self.discard or ())),
                                       self.confirm_discard, 15, enabled=lambda: bool(self.discard)),
                        widgets.Button(lambda: t("cancel"), self.cancel, 15)]
        self._verdict: tuple = (None, None)
        self._uses: tuple = (None, [], set())

    # ------------------------------------------------------------ reading
    @property
    def on(self) -> bool:
        """Whether the game has items (the observation carries the hands, S20a)."""
        return hasattr(self.scene.ctl.obs, "hand_counts")

    def legal(self) -> list[tuple]:
        """(action, steps) of every legal item use of the viewer now (the engine's list), once per position."""
        ctl = self.scene.ctl
        key = (id(ctl.game), ctl.version, ctl.viewer)
        if self._legal[0] != key:
            acts = []
            if self.on and ctl.my_turn() and ctl.obs.hand:
                g = ctl.game
                # units are connected soldiers on the star (S19b)
                legal_of = star_items.legal if getattr(g, "board", None) == "star" else legal_items
                acts = [(a, tuple(g.action_steps(a))) for a in legal_of(g)]
            self._legal = (key, acts)
        return self._legal[1]

    def next_steps(self, prefix: tuple) -> list[Step]:
        """The steps that may follow ``prefix`` in a legal item use, in a stable order."""
        n = len(prefix)
        seen: dict = {}
        for _, st in self.legal():
            if len(st) > n and st[:n] == prefix:
                seen.setdefault(st[n], None)
        return list(seen)

    def complete(self, prefix: tuple):
        """The legal item use built by exactly ``prefix``, or None."""
        return next((a for a, st in self.legal() if st == prefix), None)

    def target_cells(self) -> list:
        """The cells the chooser offers now (empty when no card is in use or a count is next; 亡命天涯 on
        the star: every other soldier of the unit, each may be marked)."""
        if self.prefix is None:
            return []
        if self.discard is not None:
            return sorted({c for a in self.discard_uses() for c in a.cells[1:]})
        g = self.scene.ctl.game
        return [c for s in self.next_steps(self.prefix) if s.kind == "cell" and (c := _parse(s.value, g)) is not None]

    def kind(self) -> str | None:
        return item_kind(self.prefix[0]) if self.prefix else None

    # ------------------------------------------------------------ 亡命天涯 on the star (S20n)
    def discard_uses(self) -> list:
        """The legal 亡命天涯 uses named by the soldier chosen (the engine's list: S20n's whole units), once
        per position and soldier (a full unit has thousands)."""
        if self.prefix is None or len(self.prefix) < 2:
            return []
        legal = self.legal()
        key = (self._legal[0], self.prefix[:2])
        if self._uses[0] != key:
            uses = [a for a, st in legal if st[:2] == self.prefix[:2] and len(st) > 2]
            self._uses = (key, uses, {frozenset(a.cells[1:]) for a in uses})
        return self._uses[1]

    def discard_action(self, cells=None) -> UseItem:
        """The 亡命天涯 use of the soldiers marked (or ``cells``), as the engine reads it (S20n)."""
        gone = tuple(sorted(self.discard if cells is None else cells))
        return UseItem("wangming", (self.unit(),) + gone, len(gone))

    def unit(self):
        """The soldier naming the unit (the chooser's second step)."""
        return _parse(self.prefix[1].value, self.scene.ctl.game)

    def keeps_whole(self, cells) -> bool:
        """Whether discarding ``cells`` is one of the engine's legal choices (S20n)."""
        self.discard_uses()
        return frozenset(tuple(c) for c in cells) in self._uses[2]

    def verdict(self) -> str | None:
        """The engine's refusal of the marked choice in the player's words (S20n when it splits the unit),
        or None when it would be accepted (or nothing is marked yet)."""
        key = (self.scene.ctl.version, tuple(sorted(self.discard or ())), self.prefix, i18n.lang())
        if self._verdict[0] != key:
            why = None
            if self.discard:
                try:
                    self.scene.ctl.game.check(self.discard_action())
                except IllegalAction as e:
                    why = i18n.illegal_text(e)
            self._verdict = (key, why)
        return self._verdict[1]

    def start_discard(self) -> None:
        """The unit's soldier is chosen: mark soldiers to discard from now on."""
        self.discard = []
        self.say_discard()

    def say_discard(self) -> None:
        why = self.verdict()
        ctl = self.scene.ctl
        if why is not None:
            ctl.say(lambda: self.verdict() or why, "error")  # F2: said again in the new language
        else:
            unit, n, most = ctl.cell_name(self.unit()), len(self.discard), len(self.target_cells())
            # chosen of the soldiers that may go (issue 26)
            ctl.say(lambda: t("shachang.ui.item.pick_discard", unit=unit, n=n, max=most))

    def toggle_discard(self, cell) -> None:
        """Mark or unmark the soldier on ``cell`` (any marked set may be shown; the engine judges it)."""
        cell = tuple(cell)
        if cell in self.discard:
            self.discard.remove(cell)
        else:
            self.discard.append(cell)
        self.say_discard()

    def confirm_discard(self) -> None:
        """Play the marked choice through the engine; refused (S20n), the marks stay for another try."""
        ctl = self.scene.ctl
        if not self.discard:
            ctl.say(lambda: t("shachang.ui.item.discard_none"), "error", rule="S20h")  # n >= 1 soldiers
            return
        a = self.discard_action()
        prefix, marked = self.prefix, list(self.discard)
        self.discard = None
        if not self.play(a):  # the controller shows the engine's refusal (S20n split)
            self.prefix, self.discard = prefix, marked

    # ------------------------------------------------------------ cards
    def rows(self) -> list[CardRow]:
        """The viewer's hand face up (legal cards marked), every other player's hand as a count."""
        ctl = self.scene.ctl
        obs = ctl.obs
        me = ctl.viewer
        first = set(self.next_steps(())) if obs.hand else set()
        ink = PLAYER_COLOURS[me % len(PLAYER_COLOURS)]
        cards = []
        for i, kind in enumerate(obs.hand):
            step = Step("button", f"item:{kind}", f"shachang.item.name.{kind}")
            cards.append(CardView(title=t(f"shachang.item.name.{kind}"), lines=(t(f"shachang.item.short.{kind}"),),
                                  full_lines=(t(f"shachang.item.text.{kind}"),),  # whole on hover
                                  step=step, legal=step in first, ink=ink, key=("item", i, kind),
                                  tag=RULE[kind], title_px=CARD_TITLE_PX, body_px=CARD_BODY_PX))
        rows = [CardRow(t("shachang.ui.item.hand"), tuple(cards), ink=ink, aspect=CARD_ASPECT)]
        for q, n in enumerate(obs.hand_counts):
            if q != me:
                title = i18n.player_name(q) if n else t("shachang.ui.item.count", seat=i18n.player_name(q), n=n,
                                                              items=counted(n, "item"))
                rows.append(CardRow(title, backs=n, ink=PLAYER_COLOURS[q % len(PLAYER_COLOURS)], aspect=CARD_ASPECT))
        return rows

    def strip_rect(self, rows=None) -> pygame.Rect:
        """Where the strip goes: the bottom left, above the status line, beside the minimap, left of
        the side panel; as wide as its cards need."""
        sc = self.scene
        w, h = sc.app.display.size
        rows = self.rows() if rows is None else rows
        cw, _ = CardStrip.card_size(STRIP_H, CARD_ASPECT)
        need = 12 + 16 * (len(rows) - 1)
        for r in rows:
            k = len(r.cards) + (1 if r.backs else 0)
            need += max(width_of(r.title, 13), k * (cw + 8) - 8 if k else 0)
        x0 = 8
        if sc.minimap and sc.show_minimap:
            x0 += sc.minimap.size + 12
        right = w - min(hud.PANEL_W, w // 3) - 18
        return pygame.Rect(x0, h - hud.STATUS_H - 6 - STRIP_H, max(0, min(need, right - x0)), STRIP_H)

    def selected_idents(self, rows) -> set:
        if not self.prefix:
            return set()
        for r in rows:
            for c in r.cards:
                if c.step == self.prefix[0]:
                    return {c.ident}
        return set()

    # ------------------------------------------------------------ input
    def handle_click(self, pos) -> bool:
        """A left click: True when it fell on the strip (a card used, or nothing)."""
        if self.discard is not None and self.chooser_rect.collidepoint(pos):
            for b in self.buttons:
                if b.rect.collidepoint(pos) and b.enabled():
                    b.action()
            return True
        if not self.on or not self.rect.collidepoint(pos):
            return False
        card = self.strip.card_at(pos)
        if card is not None and card.step is not None:
            self.use_card(card.step)
        return True

    def use_card(self, step: Step) -> None:
        """The player clicked the card of ``step``: start the chooser (or say why not)."""
        ctl = self.scene.ctl
        kind = item_kind(step)
        if self.prefix and self.prefix[0] == step:  # a second click lets the card go
            self.cancel()
            return
        if not ctl.my_turn():
            ctl.say(lambda: t("not_your_turn"), "error", rule="S12")  # S12: items are used in the own turn
            return
        if not self.next_steps((step,)) and self.complete((step,)) is None:
            ctl.say(lambda: self.why_not(kind), "error")
            return
        ctl.selected = None
        ctl.reinforce = None
        self.prefix = (step,)
        self.advance()

    def why_not(self, kind: str) -> str:
        """Why the card ``kind`` cannot be used now: the engine's refusal when it is about the hand or the
        turn (S20a one per turn, S13 reinforce first ...), else "no legal target" (naming its rule)."""
        n_cells, has_count = FORM[kind]
        own = self.scene.ctl.obs.own_units()
        cell = own[0].cell if own else (0, 0)  # a cell of the board (the star has no (0, 0))
        probe = UseItem(kind, (cell,) * n_cells, 1 if has_count else 0)
        try:
            self.scene.ctl.game.check(probe)
        except IllegalAction as e:
            if e.rule.split()[0] in ("S20a", "S13", "game"):
                kw = e.msg.kw
                if "action" in kw:  # the refusal names the card, not the probe's made-up target and count
                    kw["action"] = Msg.of(f"shachang.item.name.{kind}")
                lang = i18n.lang()
                return i18n.script(IllegalAction(e.rule, key=e.msg.key, **kw).text(lang), lang)
        return t("shachang.ui.item.no_target", item=t(f"shachang.item.name.{kind}"), rule=RULE[kind])

    def advance(self) -> None:
        """After a step: play a complete use, ask a count, or prompt for the next cell."""
        ctl = self.scene.ctl
        prefix = self.prefix
        kind = item_kind(prefix[0])
        if kind == "wangming" and len(prefix) == 2 and self.scene.ctl.star():  # S20n: mark the soldiers
            self.start_discard()
            return
        nxt = self.next_steps(prefix)
        a = self.complete(prefix)
        if a is not None and not nxt:
            if kind == "fanfu":  # the whole map changes and nothing can take it back: ask first
                self.scene.app.push(ConfirmModal(self.scene.app, lambda: t("shachang.ui.item.confirm_fanfu"),
                                                 lambda: self.play(a), on_no=self.cancel, action=a))
                return
            if kind == "tonggui":  # the whole unit goes (on the star: every soldier connected to it): ask first
                cell = a.cells[0]
                grp = ctl.group_at(cell) if ctl.star() else None
                u = ctl.obs.unit_at(cell)
                size = grp.size if grp is not None else (u.count if u is not None else 1)
                name = ctl.cell_name(cell)
                self.scene.app.push(ConfirmModal(
                    self.scene.app, lambda: t("shachang.ui.item.confirm_tonggui", unit=name, n=size,
                                             soldiers=counted(size, "soldier")),
                    lambda: self.play(a), on_no=self.cancel, action=a))
                return
            self.play(a)
            return
        if nxt and all(s.kind == "count" for s in nxt):
            self.ask_count(kind, nxt)
            return
        depth, n = len(prefix), len(nxt)
        ctl.say(lambda: self.prompt(kind, depth, n))

    def prompt(self, kind: str, depth: int, n: int) -> str:
        item = t(f"shachang.item.name.{kind}")
        if kind == "dilao":
            key = "pick_enemy"
        elif kind == "yugong" and depth >= 2:
            key = "pick_from" if depth == 2 else "pick_to"
        elif kind == "wangming":  # what happens next, so the number reads as units, not soldiers (issue 26)
            key = "pick_unit_wangming"
        else:
            key = "pick_unit"
        if self.scene.ctl.star() and key in ("pick_enemy", "pick_unit_wangming", "pick_unit"):
            key += "_star"  # the star marks soldiers (S19b): no count of units, which would read as soldiers
        return t(f"shachang.ui.item.{key}", item=item, n=n)

    def ask_count(self, kind: str, steps: list[Step]) -> None:
        """A chooser of the legal counts (亡命天涯's soldiers, 愚公移山's height)."""
        title = lambda: t(f"shachang.ui.item.count_{kind}")
        ctl = self.scene.ctl
        u = ctl.obs.unit_at(_parse(self.prefix[1].value, ctl.game)) if kind == "wangming" else None
        if u is not None:  # 亡命天涯: the unit's size beside the question (how many may go)
            unit, size = ctl.cell_name(u.cell), u.count
            title = lambda: t("shachang.ui.item.count_wangming_of", unit=unit, count=size)

        def pick(step):
            if self.prefix is None:
                return
            self.prefix = self.prefix + (step,)
            self.advance()

        app = self.scene.app
        self.scene.ctl.say(title)
        if len(steps) <= 6:
            choices = [Choice(s, s.value, s.value, (0.45, 0.30, 0.18)) for s in steps]
            app.push(ChooserModal(app, title, choices, lambda c: pick(c.step), on_cancel=self.cancel))
        else:
            app.push(ListModal(app, title, [(s, (lambda v=s.value: v)) for s in steps], pick))

    def click_cell(self, cell) -> None:
        """A click on the map while a card is in use: a offered cell is the next step, any other is
        refused with a message (the card stays in use); off the map: cancel."""
        ctl = self.scene.ctl
        if cell is None:
            self.cancel()
            return
        if self.discard is not None:  # 亡命天涯 on the star: mark / unmark, or the unit's soldier to play
            if tuple(cell) == self.unit():
                self.confirm_discard()
            elif tuple(cell) in self.target_cells():
                self.toggle_discard(cell)
            else:
                name = ctl.cell_name(cell)
                ctl.say(lambda: t("shachang.ui.item.not_target", cell=name, item=t("shachang.item.name.wangming")),
                        "error", rule="S20n")  # the soldiers of the chosen unit only
            return
        step = Step("cell", getattr(ctl.game, "cell_name", cell_name)(cell))  # the star names its cells
        if step not in self.next_steps(self.prefix):
            name, kind = ctl.cell_name(cell), self.kind()
            ctl.say(lambda: t("shachang.ui.item.not_target", cell=name, item=t(f"shachang.item.name.{kind}")), "error",
                    rule=RULE[kind])  # the item's rule says what it may target
            return
        self.prefix = self.prefix + (step,)
        self.advance()

    def play(self, action) -> bool:
        """Use the item through the engine (the controller shows the engine's words either way)."""
        ctl = self.scene.ctl
        self.prefix = None
        self.discard = None
        ctl.selected = None
        return ctl.try_apply(action)

    def cancel(self, quiet: bool = False) -> bool:
        """Put the card back; False when none was in use."""
        if self.prefix is None:
            return False
        kind = self.kind()
        self.prefix = None
        self.discard = None
        if not quiet:
            self.scene.ctl.say(lambda: t("shachang.ui.item.cancelled", item=t(f"shachang.item.name.{kind}")))
        return True

    def reset(self) -> None:
        """A new viewer (hand-over): nothing of the last player's choice or effects remains."""
        self.prefix = None
        self.discard = None
        self.effects.clear()
        self._legal = (None, [])
        self._uses = (None, [], set())

    # ------------------------------------------------------------ the map
    def decorate(self, frame):
        """``frame`` with the chooser's marks: the offered cells (green; enemy units red), the unit
        already chosen framed white, and the attack range of an own unit hovered for 同归于尽 (S20f)."""
        if self.prefix is None or not self.on:
            return frame
        ctl = self.scene.ctl
        cells = self.target_cells()
        enemies = [c for c in cells if ctl.enemy_unit(c) is not None]
        others = [c for c in cells if c not in enemies]
        if self.discard is not None:  # S20n: the marked soldiers red, the others offered green
            enemies = sorted(self.discard)
            others = [c for c in cells if c not in self.discard]
        chosen = _parse(self.prefix[1].value, ctl.game) if len(self.prefix) > 1 else None
        area = None
        if self.kind() == "tonggui" and ctl.hover in cells:
            u = ctl.own_unit(ctl.hover)
            grp = ctl.group_at(u.cell) if u is not None and ctl.star() else None
            if grp is not None:  # the star: 番数 hex steps around every soldier of the unit (D-SI5)
                area = np.zeros(ctl.obs.mask.shape, dtype=bool)
                for c in grp.cells:
                    area |= hex_overlays.attack_area(ctl.obs.mask, c, grp.attack_range)
            elif u is not None:
                area = facts.attack_area(ctl.obs.heights.shape, u.cell, u.count)
        ov = dataclasses.replace(frame.overlays, reachable={}, targets=enemies, reinforce_cells=others,
                                 blocked_targets=[], attack_area=area, sight_src=None, sight_dst=None,
                                 sight_cells=[], sight_block=None, selected=chosen)
        hov = ctl.hover if area is not None else None
        marks = tuple(sorted(self.discard)) if self.discard is not None else None
        return dataclasses.replace(frame, overlays=ov, version=(frame.version, "items", self.prefix, hov, marks))

    # ------------------------------------------------------------ effects
    def take_events(self, events) -> None:
        """Effects for the item entries of the viewer's log that just came (S20j: only what it was shown)."""
        now = time.monotonic()
        g = self.scene.ctl.game
        for ev in events:
            msg = getattr(ev, "msg", None)
            key = getattr(msg, "key", "") or ""
            if not key.startswith("shachang.ev.item."):
                continue
            tail = key.rsplit(".", 1)[-1]
            kw = getattr(msg, "kw", {}) or {}
            if tail in BLAST_HITS:
                cell = _parse(kw.get(BLAST_HITS[tail]), g)
                if cell is not None:
                    wiped = tail == "blast_wiped" or (tail == "blast_unseen" and str(kw.get("n")) == "0")
                    self.scene.flashes.append({"cell": cell, "t0": now, "unseen": tail == "blast_unseen",
                                               "wiped": wiped})
                    src = _parse(kw.get("src"), g) if tail != "blast_unseen" else None
                    for fx in self.effects:  # the blast's ring reaches its farthest victim
                        if fx["kind"] == "tonggui" and src is not None and fx["cells"][0] == src:
                            fx["victims"].append(cell)
                continue
            names = EFFECT_CELLS.get(tail)
            if names is None:
                continue
            cells = [_parse(kw.get(n), g) for n in names]
            if any(c is None for c in cells):
                continue
            n = kw.get("n")
            if tail.startswith("wangming_"):  # S20n on the star: each discarded soldier the viewer saw go flashes
                gone = [c for x in str(kw.get("cells", "")).split() if (c := _parse(x, g)) is not None]
                self.scene.flashes += [{"cell": c, "t0": now, "unseen": False, "wiped": True} for c in gone]
                n = len(gone) if n is None else n
            self.effects.append({"kind": tail, "cells": cells, "t0": now, "n": n, "victims": []})

    def busy(self) -> bool:
        """Whether an effect is still running (the scene keeps drawing)."""
        now = time.monotonic()
        self.effects = [fx for fx in self.effects if now - fx["t0"] < EFFECT_S]
        return bool(self.effects) or self.prefix is not None

    # ------------------------------------------------------------ drawing
    def draw(self, display) -> None:
        """Markers of item states on units, the running effects, the offered cells' rings and the strip."""
        if not self.on:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        surf = display.ui
        self._draw_markers(display)
        self._draw_effects(display)
        if self.prefix is not None:
            self._draw_offer(display)
        if not self.scene.cards_shown():  # first person without the panel: the view stays clear (I)
            self.rect = pygame.Rect(0, 0, 0, 0)
            self.chooser_rect = pygame.Rect(0, 0, 0, 0)
            self.strip.hovered = None
            return
        rows = self.rows()
        if not any(row.cards or row.backs for row in rows):  # nobody holds an item yet: one line
            self._draw_empty(display)
            return
        r = self.strip_rect(rows)
        mouse = self.scene.mouse if self.scene.mouse_seen else None
        self.strip.draw(surf, r, rows, mouse=mouse, selected=self.selected_idents(rows))
        self.rect = r
        display.mark(r, opaque=True)
        self.chooser_rect = pygame.Rect(0, 0, 0, 0)
        if self.discard is not None:
            self._draw_chooser(display, r, mouse)

    def chooser_lines(self) -> list[tuple[str, tuple]]:
        """The 亡命天涯 panel's lines (S20n): what is marked and what it buys, then the engine's verdict."""
        n = len(self.discard)
        ctl = self.scene.ctl
        marked = " ".join(ctl.cell_name(c) for c in sorted(self.discard))
        out = [(t("shachang.ui.item.discard_title", unit=ctl.cell_name(self.unit()), cells=marked or "—", n=n,
                  extra=counted(n, "extra_step")),
                (250, 170, 200))]
        why = self.verdict()
        if why is not None:
            out.append((why, (255, 120, 100)))
        elif not n:
            out.append((t("shachang.ui.item.discard_none"), widgets.DIM))
        return out

    def _draw_chooser(self, display, strip: pygame.Rect, mouse) -> None:
        """The 亡命天涯 panel right of the cards, or in a small window under the side panel (off the board
        either way, issue 26): the marked soldiers, the engine's verdict, Discard / Cancel."""
        w, _ = display.size
        right = w - min(hud.PANEL_W, w // 3) - 18
        r = pygame.Rect(strip.right + 10, strip.y, max(240, min(460, right - strip.right - 10)), strip.h)
        if r.right > right:  # no room beside the cards (a small window): in the column right of the board,
            pw = min(hud.PANEL_W, w // 3)  # under the side panel and the log, as hud lays them out
            col = pygame.Rect(w - pw - 6, strip.y, pw, strip.h)
            if col.top >= self.scene.panel_rect.bottom + 6:
                r = col
            else:  # that column is full: above the cards (over the board's near edge)
                r.topleft = (strip.x, strip.y - strip.h - 6)
        lines = []
        for words, rgb in self.chooser_lines():
            lines += [(ln, rgb) for ln in text.wrap(words, 14, r.w - 16)]
        bh = 30
        lines = lines[:max(1, (r.h - bh - 24) // 19)]
        widgets.panel(display.ui, r, 225)
        pygame.draw.rect(display.ui, (250, 170, 200), r, 1, border_radius=4)
        for i, (ln, rgb) in enumerate(lines):
            text.draw(display.ui, ln, (r.x + 8, r.y + 8 + 19 * i), 14, rgb)
        x = r.x + 8
        for b in self.buttons:
            b.layout(x, r.bottom - 8 - bh, h=bh)
            b.hover = mouse is not None and b.rect.collidepoint(mouse)
            b.draw(display.ui)
            x = b.rect.right + 8
        self.chooser_rect = r
        display.mark(r, opaque=True)

    def _draw_empty(self, display) -> None:
        """No hand anywhere yet: one line saying how items are found (and the others' zero counts)."""
        sc = self.scene
        w, h = display.size
        words = t("shachang.ui.item.empty")
        x0 = 8 + ((sc.minimap.size + 12) if sc.minimap and sc.show_minimap else 0)
        right = w - min(hud.PANEL_W, w // 3) - 18
        lines = text.wrap(words, 14, max(80, right - x0 - 16))
        r = pygame.Rect(x0, h - hud.STATUS_H - 6 - 20 * len(lines) - 8, 0, 20 * len(lines) + 8)
        r.w = min(right - x0, max(text.size_of(ln, 14)[0] for ln in lines) + 16)
        widgets.panel(display.ui, r, 200)
        for i, ln in enumerate(lines):
            text.draw(display.ui, ln, (r.x + 8, r.y + 4 + 20 * i), 14, widgets.DIM)
        self.rect = r
        display.mark(r, opaque=True)

    def draw_zoom(self, display) -> None:
        """The card under the mouse, enlarged with its whole text (and why it cannot be used now)."""
        if not self.on or self.strip.hovered is None:
            return
        c = self.strip.hovered
        if self.prefix and c.step == self.prefix[0]:
            return  # the card in use: the map is what the player looks at now
        extra = ""
        if c.step is not None and not c.legal:
            extra = self.why_not(item_kind(c.step)) if self.scene.ctl.my_turn() else t("not_your_turn")
        w, h = display.size
        self.strip.draw_zoom(display.ui, pygame.Rect(0, 40, w, h - 70), extra)

    def _label(self, display, words, pos, rgb, size=15) -> None:
        r = text.draw(display.ui, words, pos, size, rgb, anchor="midbottom", shadow=True)
        display.mark(r.inflate(6, 6))

    def _draw_markers(self, display) -> None:
        """Seen units under 画地为牢 (牢), own units under 世外桃源 (隐), own shots of 寸土不让, and cells an
        enemy's withdrawn unit holds, seen only as occupied (S20g): a grey ring with "?" on each such cell
        and the words laid out by marker_labels (one label per group, none over another)."""
        obs = self.scene.ctl.obs
        for c in obs.occupied:
            p = self.scene.cell_to_screen(c, top=False)
            if p is None:
                continue
            rad = self._ring_radius()
            pygame.draw.circle(display.ui, (200, 200, 210), p, rad, 2)
            text.draw(display.ui, "?", p, 16 if rad >= 10 else 12, (230, 230, 240), anchor="center", shadow=True)
            display.mark(pygame.Rect(p[0] - rad - 4, p[1] - rad - 4, 2 * rad + 8, 2 * rad + 8))
        for words, rgb, size, rect in self.marker_labels():
            text.draw(display.ui, words, rect.midbottom, size, rgb, anchor="midbottom", shadow=True)
            display.mark(rect.inflate(6, 6))

    def _ring_radius(self) -> int:
        """The "?" ring's radius: 12 px, less where the cells are drawn small (kept inside a cell)."""
        sc = self.scene
        lay = sc.layout
        if lay is None:
            return 12
        a, b = sc.cell_to_screen(lay.cells[0], top=False), sc.cell_to_screen(lay.cells[1], top=False)
        if a is None or b is None:
            return 12
        return int(max(6, min(12, 0.4 * math.hypot(a[0] - b[0], a[1] - b[1]))))

    def marker_groups(self) -> list[tuple[str, tuple, int, list]]:
        """(words, colour, size, cells) of the item markers. On the star a unit is many soldiers on
        touching cells: the cells with the same words that touch each other make one group, labelled
        once (not one 牢 per soldier); on square maps every cell is its own group."""
        obs = self.scene.ctl.obs
        big = 18 if self.scene.layout is not None else 14  # one label for a whole unit on the star: larger
        marks = [(c, t("shachang.ui.item.jailed"), (240, 120, 90), big) for c in obs.jailed]
        marks += [(c, t("shachang.ui.item.withdrawn"), (150, 240, 170), big) for c in obs.withdrawn]
        marks += [(c, t("shachang.ui.item.shots", n=n), (255, 110, 110), big) for c, n in obs.shots]
        marks += [(c, t("shachang.ui.item.occupied"), (200, 200, 210), big - 2) for c in obs.occupied]
        lay = self.scene.layout
        groups: list[tuple[str, tuple, int, list]] = []
        for c, words, rgb, size in marks:
            c = tuple(c)
            touching = [g for g in groups if g[0] == words and lay is not None
                        and any(_touch(lay, c, d) for d in g[3])]
            if touching:  # join them all (the new cell may connect two groups)
                first = touching[0]
                for g in touching[1:]:
                    first[3].extend(g[3])
                    groups.remove(g)
                first[3].append(c)
            else:
                groups.append((words, rgb, size, [c]))
        return groups

    def marker_labels(self) -> list[tuple[str, tuple, int, pygame.Rect]]:
        """(words, colour, size, rectangle) of every marker label on screen: above its group's highest
        cell, centred on the group; a label that would cover one placed before is lifted above it, so
        no two labels overlap."""
        placed: list[tuple[str, tuple, int, pygame.Rect]] = []
        occupied = {tuple(c) for c in self.scene.ctl.obs.occupied}
        for words, rgb, size, cells in self.marker_groups():
            pts = [p for p in (self.scene.cell_to_screen(c, top=c not in occupied) for c in cells) if p]
            if not pts:
                continue
            w, h = text.size_of(words, size)
            r = pygame.Rect(0, 0, w + 1, h + 1)  # the shadow's pixel too
            r.midbottom = (int(sum(p[0] for p in pts) / len(pts)), min(p[1] for p in pts) - 14)
            for _ in range(len(placed) + 1):
                hit = [q[3] for q in placed if q[3].colliderect(r)]
                if not hit:
                    break
                r.bottom = min(q.top for q in hit) - 1
            placed.append((words, rgb, size, r))
        return placed

    def _draw_offer(self, display) -> None:
        """A pulsing ring on every offered cell, so the choice shows in any camera (亡命天涯 on the star,
        S20n: a marked soldier red with a cross, one whose mark keeps the unit whole green, one whose mark
        would split it grey)."""
        k = 0.5 + 0.5 * math.sin(time.monotonic() * 6)
        marked = set(self.discard) if self.discard is not None else None
        for c in self.target_cells():
            p = self.scene.cell_to_screen(c)  # (a unit's stack top: the ring shows above the soldiers)
            if p is None:
                continue
            q = self.scene.cell_to_screen(c, top=False)
            side = self.scene.cell_to_screen((c[0], c[1] + 1), top=False) if q is not None else None
            base = 11 if side is None else min(36, max(11, int(0.3 * math.dist(q, side))))  # about a cell wide
            rgb = (255, 90, 70) if self.scene.ctl.enemy_unit(c) is not None else (90, 255, 120)
            if marked is not None:
                rgb = (255, 90, 70) if c in marked else (90, 255, 120) if self.keeps_whole(marked | {c}) \
                    else (150, 150, 160)
            rad = int(base + 4 * k)
            pygame.draw.circle(display.ui, rgb, p, rad, 2)
            if marked is not None and c in marked:  # a cross: this soldier goes
                d = max(4, rad // 2)
                for ink, wd in (((40, 10, 10), 5), ((255, 255, 255), 2)):  # white on a dark edge: seen on red
                    pygame.draw.line(display.ui, ink, (p[0] - d, p[1] - d), (p[0] + d, p[1] + d), wd)
                    pygame.draw.line(display.ui, ink, (p[0] - d, p[1] + d), (p[0] + d, p[1] - d), wd)
            display.mark(pygame.Rect(p[0] - rad - 2, p[1] - rad - 2, 2 * rad + 4, 2 * rad + 4))

    def _draw_effects(self, display) -> None:
        now = time.monotonic()
        surf = display.ui
        sc = self.scene
        for fx in list(self.effects):
            k = (now - fx["t0"]) / EFFECT_S
            if k >= 1:
                continue
            kind = fx["kind"]
            rgb = FX_RGB.get(kind, (255, 255, 255))
            pts = [sc.cell_to_screen(c) for c in fx["cells"]]
            fade = max(1, int(4 * (1 - k)) + 1)
            box = None
            if kind == "fanfu":  # the whole map turns over: a wave across the board and the item's name
                n = sc.game.size
                p = sc.cell_to_screen((n // 2, n // 2), top=False)
                if p is not None:
                    w, h = display.size
                    rad = int(30 + k * max(w, h) * 0.6)
                    for j in range(3):
                        rr = rad - 28 * j
                        if rr > 4:
                            pygame.draw.circle(surf, rgb, p, rr, fade)
                    display.mark_full()
                    self._label(display, t("shachang.item.name.fanfu"), (p[0], p[1] - 40), rgb, 30)
                continue
            a = pts[0]
            if a is None:
                continue
            if kind in ("drawn", "found"):
                rad = int(8 + 26 * k)
                for j in range(6):  # a star of sparks
                    ang = j * math.pi / 3 + k * 2
                    q = (int(a[0] + rad * math.cos(ang)), int(a[1] + rad * math.sin(ang)))
                    pygame.draw.circle(surf, rgb, q, 3)
                box = pygame.Rect(a[0] - rad - 4, a[1] - rad - 4, 2 * rad + 8, 2 * rad + 8)
            elif kind == "yugong":  # earth carried from src to dst
                b = pts[1]
                pygame.draw.circle(surf, rgb, a, int(18 * (1 - k)) + 4, 3)
                if b is not None:
                    f = min(1.0, k * 1.6)
                    lift = math.sin(f * math.pi) * 30
                    x, y = a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f - lift
                    pygame.draw.circle(surf, (120, 80, 40), (int(x), int(y)), 8)
                    pygame.draw.circle(surf, rgb, b, int(4 + 18 * k), 3)
                    self._label(display, f"+{fx['n']}", (b[0], b[1] - 18), rgb)
                    box = pygame.Rect(min(a[0], b[0]) - 40, min(a[1], b[1]) - 60, abs(a[0] - b[0]) + 80,
                                      abs(a[1] - b[1]) + 100)
                self._label(display, f"−{fx['n']}", (a[0], a[1] - 18), rgb)
            elif kind == "dilao":  # a cage closing around the unit
                half = int(14 + 40 * (1 - min(1.0, k * 2)))
                r = pygame.Rect(a[0] - half, a[1] - half, 2 * half, 2 * half)
                pygame.draw.rect(surf, rgb, r, 3)
                for j in range(1, 4):
                    x = r.x + j * r.w // 4
                    pygame.draw.line(surf, rgb, (x, r.y), (x, r.bottom), 2)
                box = r.inflate(8, 8)
            elif kind in ("liu", "liu_gone", "liu_came"):  # a puff where it left, a ring closing where it lands
                if kind != "liu_came":
                    rad = int(8 + 36 * k)
                    pygame.draw.circle(surf, FX_RGB["liu_gone"], a, rad, fade)
                    box = pygame.Rect(a[0] - rad - 4, a[1] - rad - 4, 2 * rad + 8, 2 * rad + 8)
                b = pts[1] if kind == "liu" else (a if kind == "liu_came" else None)
                if b is not None:
                    rad = int(8 + 36 * (1 - k))
                    pygame.draw.circle(surf, rgb, b, rad, 3)
                    rb = pygame.Rect(b[0] - rad - 4, b[1] - rad - 4, 2 * rad + 8, 2 * rad + 8)
                    box = rb if box is None else box.union(rb)
            elif kind == "tonggui":  # the blast: rings out to its farthest victim
                reach = max([math.dist(a, q) for v in fx["victims"] if (q := sc.cell_to_screen(v)) is not None]
                            + [50.0])
                rad = int(10 + reach * min(1.0, k * 1.5))
                for j in range(3):
                    rr = rad - 10 * j
                    if rr > 3:
                        pygame.draw.circle(surf, rgb if j == 0 else (255, 190, 60), a, rr, fade)
                box = pygame.Rect(a[0] - rad - 4, a[1] - rad - 4, 2 * rad + 8, 2 * rad + 8)
            elif kind == "taoyuan":  # petals drifting round the unit as it withdraws
                rad = int(12 + 20 * k)
                for j in range(5):
                    ang = j * 2 * math.pi / 5 + k * 3
                    q = (int(a[0] + rad * math.cos(ang)), int(a[1] + rad * math.sin(ang)))
                    pygame.draw.circle(surf, (250, 170, 200) if j % 2 else rgb, q, 5)
                box = pygame.Rect(a[0] - rad - 8, a[1] - rad - 8, 2 * rad + 16, 2 * rad + 16)
            elif kind.startswith("wangming"):  # the discarded soldiers fly off
                m = max(1, min(8, int(fx["n"] or 1)))
                rad = int(6 + 50 * k)
                for j in range(m):
                    ang = j * 2 * math.pi / m + 0.4
                    q = (int(a[0] + rad * math.cos(ang)), int(a[1] + rad * math.sin(ang) - 20 * k))
                    pygame.draw.circle(surf, rgb, q, 4)
                self._label(display, f"−{fx['n']}", (a[0], a[1] - 18), rgb)
                box = pygame.Rect(a[0] - rad - 8, a[1] - rad - 30, 2 * rad + 16, 2 * rad + 40)
            elif kind == "cuntu":  # three rings: three shots
                for j in range(3):
                    kk = k * 3 - j
                    if 0 <= kk < 1.5:
                        pygame.draw.circle(surf, rgb, a, int(10 + 14 * kk) + 8 * j, 3)
                self._label(display, "×3", (a[0], a[1] - 22), rgb, 18)
                box = pygame.Rect(a[0] - 60, a[1] - 60, 120, 120)
            if kind not in ("drawn", "found") and k < 0.7:
                self._label(display, t(f"shachang.item.name.{kind.split('_')[0]}"), (a[0], a[1] - 40), rgb, 16)
            if box is not None:
                display.mark(_quantised(box))
