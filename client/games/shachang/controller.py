"""Turning clicks into engine actions, and the rule overlays a player sees.

The controller reads the board only through ``game.observe(viewer)`` and the
engine's queries for the current player's legal things (reachable cells,
attack targets, reinforcement cells, sight lines). Every action goes through
``game.apply``; an illegal one leaves the game untouched and its reason
(the keyed ``IllegalAction.msg`` in the current language, and the rule) becomes the status line.
"""
from __future__ import annotations

import dataclasses
import itertools
import time

import numpy as np

from client.i18n import engine_text, illegal_text, t
from client.render.base import Frame, Overlays, UnitMark
from client.render.hex_layout import layout_of, star_look
from engine.api import IllegalAction, ParseError
from engine.shachang import rules
from engine.shachang.actions import Attack, End, March, Reinforce
from engine.shachang import hex_overlays as hex_facts
from engine.shachang import overlays as facts
from engine.shachang.cells import cell_name
from engine.shachang.reveal import spectator_view

Cell = tuple[int, int]
_serials = itertools.count(1)  # controller identities for the caches that outlive a game (never reused, unlike id())


def on_board(panel: dict | None, mask) -> dict | None:
    """The star's sight panel without the rows on hexes off the star: the line between two points of
    the star passes over the notches between them, ground 0 off the board (D-S11) that can never block
    a line of soldiers at terrain + 1 (S19f) and that nobody explores. Shown as cells, they put posts on
    the void and "the line crosses unexplored cells" on the panel; the engine's block and decisive row
    are kept (an off-board row is never either)."""
    if panel is None:
        return None
    m = np.asarray(mask, bool)
    rows = [r for r in panel["rows"] if m[tuple(r["cell"])]]
    return {**panel, "rows": rows, "unknown": any(r.get("unknown") for r in rows)}


class Controller:
    """UI state of one game on one screen: who is looking, what is selected, what the last message was."""

    def __init__(self, game, humans: list[bool]):
        self.game = game
        self.serial = next(_serials)  # in the frame's version and the HUD's cache keys: a later game's controller
        # may get this one's id() once it is gone, and would then be handed this game's kept pictures
        self.humans = list(humans)
        first_human = next((i for i, h in enumerate(humans) if h), 0)
        self.viewer = game.current_player if game.current_player >= 0 and humans[game.current_player] \
            else first_human
        self.selected: Cell | None = None
        self.hover: Cell | None = None
        self.count = 1
        self.reinforce: dict | None = None  # {"cell", "count", "max"}
        self.preview = False  # vision preview of the hovered cell
        self.first_person = False
        self.see_through: tuple = ()  # tall stacks the pointer looks past to the hovered cell (drawn faded)
        self.status = ""
        self.status_kind = "info"  # info | error | ok
        self.status_time = 0.0
        self._hint_said = None  # status_time of the last selection hint (drop_selection)
        self.status_rule: str | None = None
        self.status_again = None  # what re-says the status line in the language shown (F2), when known
        self.show_heights = False
        self.show_coords = False
        self._digits = ""
        self._digit_time = 0.0
        self._obs = None
        self._obs_key = None
        self._ov_key = None
        self._ov = None
        self._ov_base_key = None  # the hover-independent overlays (overlays()), kept apart
        self._ov_base = None
        self._marks_key = None  # frame(): the unit marks, ghosts and layout of the observation it was read from
        self._marks = None
        self.reveal = False  # the game-over screen and the replay: show the whole board of a finished game
        self.offer: dict | None = None  # a question for the scene to ask (a merge), set by click()
        self.on_action = None  # callback(action) after a successful apply

    # ------------------------------------------------------------ reading
    @property
    def version(self) -> int:
        return len(self.game.log)

    @property
    def obs(self):
        reveal = self.reveal  # set only by the game-over screen and the replay of a finished game
        key = (self.version, self.viewer, self.game.current_player, reveal)
        if key != self._obs_key:
            if reveal:
                self._obs = spectator_view(self.game, self.viewer)
            else:
                self._obs = self.game.observe(self.viewer)
            self._obs_key = key
        return self._obs

    def cell_name(self, cell) -> str:
        """The name players read for a cell: the star's ("i5", S19a) on the star, else the map's ("a1")."""
        obs = self.obs
        if getattr(obs, "board", None) == "star":
            return obs.name(cell)
        return cell_name(cell)

    def my_turn(self) -> bool:
        g = self.game
        return not g.is_over and g.current_player == self.viewer and self.humans[self.viewer]

    def own_unit(self, cell: Cell | None):
        if cell is None:
            return None
        u = self.obs.unit_at(cell)
        return u if u is not None and u.owner == self.viewer else None

    def enemy_unit(self, cell: Cell | None):
        if cell is None:
            return None
        u = self.obs.unit_at(cell)
        return u if u is not None and u.owner != self.viewer else None

    def star(self) -> bool:
        """Whether the game is on the star (S19): soldiers one per cell, units = connected soldiers."""
        return getattr(self.obs, "board", None) == "star"

    def group_at(self, cell: Cell | None):
        """The star's unit (the engine's GroupView: connected soldiers, S19b) holding ``cell``, or None."""
        if cell is None:
            return None
        return next((g for g in getattr(self.obs, "groups", ()) if cell in g.cells), None)

    def say(self, text, kind: str = "info", rule: str | None = None) -> None:
        """Put ``text`` on the status line; a callable is said now and again after F2 in the new language
        (``status_again``: the scene re-says a refusal instead of dropping it, issue 26)."""
        self.status_again = text if callable(text) else None
        text = text() if callable(text) else text
        self.status, self.status_kind, self.status_time = text, kind, time.monotonic()
        self.status_rule = rule  # an IllegalAction's rule: the status line names it, F3 opens the rules reader there

    # ------------------------------------------------------------ actions
    def try_apply(self, action) -> bool:
        """Apply ``action``; on an illegal one show the engine's reason and return False."""
        if not self.my_turn():
            self.say(lambda: t("not_your_turn"), "error", rule="S12")  # S12: a player acts in its own turn
            return False
        note = self.game.march_note(action)  # before it is played: what it leaves the others
        try:
            self.game.apply(action)
        except IllegalAction as e:
            self.say(lambda e=e: illegal_text(e), "error", e.rule)  # the engine's keyed refusal in the current language
            return False
        except (ParseError, ValueError) as e:
            self.say(str(e), "error")
            return False
        said = self.game.say(action)  # in words (issue 26), before the next action changes the position
        if note is not None:  # the steps it used up were shared: say so when it is played (S15, S19d; issue 26)
            self.say(lambda: t("shachang.ui.said_note", said=engine_text(said), note=engine_text(note)), "ok")
        else:
            self.say(lambda: engine_text(said), "ok")
        if self.on_action:
            self.on_action(action)
        return True

    def end_turn(self) -> bool:
        self.cancel()
        return self.try_apply(End())

    def select(self, cell: Cell | None) -> None:
        self.reinforce = None
        u = self.own_unit(cell)
        self.selected = cell if u is not None else None
        if u is not None:
            self.count = u.count
            self.say_selection_hint()

    def say_selection_hint(self) -> None:
        """The status line tells what to click next for the selected unit (the idle hint said only "select"); in
        first person, on another's turn or with nothing selected it says nothing."""
        cell = self.selected
        if cell is None or self.own_unit(cell) is None or not self.my_turn() or self.first_person:
            return
        name = self.cell_name(cell)
        info = self.unit_info()
        if info["fresh"] and not self.star():  # a new camp neither marches nor attacks this turn (S15, S8)
            # (on the star "fresh" is a soldier that has moved, S19d: its unit may still attack, the lines below)
            self.say(lambda: t("shachang.ui.hint_selected_fresh", c=name))
        elif not info["can_march"] and not (info["can_attack"] and info["targets"]):
            self.say(lambda: t("shachang.ui.hint_selected_done", c=name))  # nothing left for it this turn
        elif not self.game.reachable(cell) and not (info["can_attack"] and info["targets"]):
            # steps left but no free cell to reach (own soldiers or heights close it in: the back of the
            # star's camp), no enemy in range: no cyan cell, no red ring (found in QA, session 11)
            self.say(lambda: t("shachang.ui.hint_selected_boxed", c=name))
        else:
            self.say(lambda: t("shachang.ui.hint_selected", c=name))
        self._hint_said = self.status_time  # the line is this selection's hint (``drop_selection``)

    def drop_selection(self) -> None:
        """No unit selected any more; a line that still tells what to click for it says what to click now."""
        self.selected = None
        if self.status_time == self._hint_said:
            self.say(lambda: t("hint_select"))

    def cancel(self) -> bool:
        """Drop the popup or the selection; False if there was nothing to drop."""
        if self.reinforce is not None:
            self.reinforce = None
            return True
        if self.selected is not None:
            self.drop_selection()
            return True
        return False

    def open_reinforce(self, cell: Cell) -> bool:
        room = self.game.reinforce_room() if self.my_turn() else 0
        if room <= 0:
            return False
        if self.star():  # one soldier per cell (S19b, S19c)
            room = 1
        self.reinforce = {"cell": cell, "count": room, "max": room}
        return True

    def confirm_reinforce(self) -> bool:
        r = self.reinforce
        if r is None:
            return False
        self.reinforce = None
        ok = self.try_apply(Reinforce(r["cell"], int(r["count"])))
        if ok and self.own_unit(r["cell"]) is not None and self.selected == r["cell"]:
            self.count = self.own_unit(r["cell"]).count
        return ok

    def click(self, cell: Cell | None, shift: bool = False) -> None:
        """A left click on ``cell`` (None: outside the board)."""
        if cell is None:
            self.cancel()
            return
        if self.reinforce is not None:
            if cell == self.reinforce["cell"]:
                self.confirm_reinforce()
                return
            self.reinforce = None
        own = self.own_unit(cell)
        enemy = self.enemy_unit(cell)
        sel = self.selected
        if sel is None:
            if own is not None:
                self.select(cell)
                if self.my_turn() and self.game.reinforce_room() > 0 and cell in self.game.reinforce_cells():
                    self.open_reinforce(cell)  # a legal reinforcement cell: the box opens (the unit stays selected)
                return
            if not self.my_turn():
                self.say(lambda: t("not_your_turn"), "error", rule="S12")  # S12: a player acts in its own turn
                return
            room = self.game.reinforce_room()
            if enemy is not None:
                self.say(lambda: t("no_unit"), "error", rule="S8")  # S8: an attack is made by an own unit
            elif room > 0:
                if cell in self.game.reinforce_cells():
                    self.open_reinforce(cell)
                else:  # let the engine say why not
                    self.try_apply(Reinforce(cell, 1))
            else:
                self.say(lambda: t("no_unit"), "info")
            return
        if cell == sel:
            self.drop_selection()
            return
        if own is not None and not shift:
            if self.my_turn() and cell in self.game.reachable(sel):
                # another own unit in reach: offer the merge (the scene asks), else select it
                u = self.own_unit(sel)
                self.offer = {"kind": "merge", "src": sel, "dst": cell,
                              "count": max(1, min(self.count, u.count if u else self.count))}
                return
            self.select(cell)
            return
        if enemy is not None:
            if self.try_apply(Attack(sel, cell)):
                self.selected = None
            return
        self.march(sel, cell)

    def march_action(self, src: Cell, dst: Cell) -> March:
        """The march a click plays from ``src`` to ``dst``: the chosen count, at most the unit's soldiers."""
        u = self.own_unit(src)
        return March(src, dst, max(1, min(self.count, u.count) if u else self.count))

    def march(self, src: Cell, dst: Cell) -> bool:
        ok = self.try_apply(self.march_action(src, dst))
        if ok:
            left = self.own_unit(src)
            if left is not None and left.moves and not left.attacked:
                self.count = left.count
            else:
                self.selected = None
        return ok

    def drag(self, src: Cell, dst: Cell) -> None:
        """A drag from ``src`` to ``dst``: march (or attack an enemy there)."""
        if self.own_unit(src) is None or src == dst or dst is None:
            return
        if self.selected != src:
            self.select(src)
        if self.enemy_unit(dst) is not None:
            if self.try_apply(Attack(src, dst)):
                self.selected = None
            return
        self.march(src, dst)

    def change_count(self, d: int) -> None:
        if self.reinforce is not None:
            r = self.reinforce
            r["count"] = min(max(1, r["count"] + d), r["max"])
            return
        u = self.own_unit(self.selected)
        if u is not None:
            self.count = min(max(1, self.count + d), u.count)

    def type_digit(self, d: int) -> None:
        """Number keys: set the count; two digits typed quickly make a two-digit number."""
        now = time.monotonic()
        if now - self._digit_time < 0.8 and self._digits:
            self._digits += str(d)
        else:
            self._digits = str(d)
        self._digit_time = now
        n = int(self._digits) or 10
        if self.reinforce is not None:
            self.reinforce["count"] = min(max(1, n), self.reinforce["max"])
            return
        u = self.own_unit(self.selected)
        if u is not None:
            self.count = min(max(1, n), u.count)

    def next_unit(self, d: int = 1) -> Cell | None:
        """Select the next own unit: in the player's turn those with something to do now first (a free cell to march
        to or an enemy to attack: the engine's reach and targets), then those that may still act, then any. Tab at
        the back of the star's camp went through the soldiers closed in by their own before one at the front
        (found in QA, session 13)."""
        own = self.obs.own_units()
        if not own:
            return None
        cells = [u.cell for u in own]
        active = [u.cell for u in own if facts.unit_state(u, self.viewer) == "ready"]  # may still act
        busy = [c for c in cells if self.game.reachable(c) or self.game.attack_targets(c)] if self.my_turn() else []
        pool = busy or active or cells
        if self.selected in pool:
            i = (pool.index(self.selected) + d) % len(pool)
        else:
            i = 0 if d > 0 else len(pool) - 1
        self.select(pool[i])
        return pool[i]

    # ----------------------------------------------------------- overlays
    def unit_info(self) -> dict | None:
        """Facts of the selected own unit for the HUD."""
        u = self.own_unit(self.selected)
        if u is None:
            return None
        can_attack = bool(not u.fresh and not u.attacked)
        targets = self.game.attack_targets(u.cell) if self.my_turn() else []
        grp = self.group_at(u.cell) if self.star() else None
        if grp is not None:  # the star: the soldier's unit (S19b) gives the size, 番数 and ranges (S19e)
            return {"cell": u.cell, "name": self.cell_name(u.cell), "count": grp.size,
                    "fanshu": rules.fanshu(grp.size), "attack_range": grp.attack_range,
                    "vision_range": grp.vision_range, "moves": u.moves or 0, "attacked": bool(u.attacked),
                    "fresh": bool(u.fresh), "can_attack": bool(grp.can_attack), "targets": len(targets),
                    "send": 1, "can_march": facts.unit_state(u, self.viewer) == "ready"}
        return {"cell": u.cell, "name": self.cell_name(u.cell), "count": u.count, "fanshu": rules.fanshu(u.count),
                "attack_range": rules.attack_range(u.count), "vision_range": rules.vision_range(u.count),
                "moves": u.moves or 0, "attacked": bool(u.attacked), "fresh": bool(u.fresh),
                "can_attack": can_attack, "targets": len(targets), "send": min(self.count, u.count),
                "can_march": facts.unit_state(u, self.viewer) == "ready"}

    def sight(self) -> dict | None:
        """The sight line from the selected unit to the hovered enemy, with the decisive cell
        (the engine's S5 panel on the heights the viewer has explored: overlays.sight_panel)."""
        if self.selected is None or self.hover is None:
            return None
        if self.star():  # hex lines, soldiers at terrain + 1, the seam's lower cell (S19f)
            grp = self.group_at(self.selected)
            if grp is None:
                return None
            return on_board(hex_facts.sight_panel(self.obs, self.selected, self.hover, grp.attack_range),
                            self.obs.mask)
        return facts.sight_panel(self.obs, self.selected, self.hover)

    def vision_preview(self, cell: Cell) -> np.ndarray | None:
        """What a unit on ``cell`` would see, computed from what the viewer knows of the terrain."""
        if self.star():  # a soldier with its unit's vision range (one soldier's on an empty cell)
            grp = self.group_at(cell)
            return hex_facts.vision_preview(self.obs, cell, grp.vision_range if grp else rules.vision_range(1))
        return facts.vision_preview(self.obs, cell)

    def overlays(self) -> Overlays:
        """The rule overlays of the picture. What does not depend on the hovered cell (reach, attack area,
        targets, ghosts, a first-person unit's vision) is kept apart and reused while the pointer moves: a
        hover change only adds the hover, the faded stacks, the sight line and the vision preview (issue 27)."""
        key = (self.version, self.viewer, self.selected, self.hover, self.preview, self.first_person,
               self.reinforce and (self.reinforce["cell"]), self.show_heights, self.show_coords, self.see_through)
        if key == self._ov_key:
            return self._ov
        base_key = key[:3] + key[4:9]  # all but the hover and the faded stacks
        if base_key != self._ov_base_key:
            self._ov_base, self._ov_base_key = self._base_overlays(), base_key
        o = dataclasses.replace(self._ov_base, hover=self.hover, faded=list(self.see_through))
        shape = self.obs.heights.shape
        if self.own_unit(self.selected) is not None:
            s = self.sight()
            if s is not None:
                o.sight_src, o.sight_dst = s["src"], s["dst"]
                o.sight_cells = [r for r in s["rows"] if not r.get("unknown")]
                o.sight_block = s["block"]["cell"] if s["block"] else None
                o.sight_numbers = True
        if self.preview and self.hover is not None and 0 <= self.hover[0] < shape[0] \
                and 0 <= self.hover[1] < shape[1]:
            v = self.vision_preview(self.hover)
            if v is not None:
                o.vision = v
        self._ov_key, self._ov = key, o
        return o

    def _base_overlays(self) -> Overlays:
        """The overlays that do not depend on the hovered cell (see ``overlays``)."""
        obs = self.obs
        g = self.game
        shape = obs.heights.shape
        o = Overlays(selected=self.selected, show_heights=self.show_heights, show_coords=self.show_coords)
        if self.reinforce is not None and self.selected is None:
            o.selected = self.reinforce["cell"]  # frame the cell the count box is about
        mine = self.my_turn()
        if mine and g.reinforce_room() > 0:
            o.reinforce_cells = list(g.reinforce_cells())
        u = self.own_unit(self.selected)
        grp = self.group_at(u.cell) if u is not None and self.star() else None
        if grp is not None:  # the star: hex ranges of the soldier's unit (S19a, S19e)
            o.attack_area = hex_facts.attack_area(obs.mask, u.cell, grp.attack_range)
            if mine:
                o.reachable = dict(g.reachable(u.cell))
                o.targets = list(g.attack_targets(u.cell))
                if grp.can_attack:
                    o.blocked_targets = hex_facts.blocked_targets(u.cell, grp.attack_range,
                                                                  [e.cell for e in obs.enemy_units()], o.targets)
        elif u is not None:
            o.attack_area = facts.attack_area(shape, u.cell, u.count)
            if mine:
                o.reachable = dict(g.reachable(u.cell))
                o.targets = list(g.attack_targets(u.cell))
                if not u.fresh and not u.attacked:
                    o.blocked_targets = facts.blocked_targets(u.cell, u.count, [e.cell for e in obs.enemy_units()],
                                                              o.targets)
        if u is not None and self.first_person:
            o.vision = self.vision_preview(u.cell)
        if obs.ghosts:
            o.ghost_cells = (hex_facts.ghost_area(obs.mask, obs.ghosts) if self.star()
                             else facts.ghost_area(shape, obs.ghosts))
        return o

    def unit_marks(self) -> list[UnitMark]:
        """The marks of the units the viewer sees (states from overlays.unit_state)."""
        star = self.star()
        return [UnitMark(u.cell, u.owner, u.count, star_look(facts.unit_state(u, self.viewer), star))
                for u in self.obs.units]

    def frame(self, hover: bool = True) -> Frame:
        """The picture's data; ``hover=False`` leaves the hover frame out (overview maps, where it
        cannot be seen) so that the frame's version does not change while the mouse moves."""
        obs = self.obs
        ov = self.overlays()
        key = self._ov_key
        if not hover and ov.hover is not None:
            ov = dataclasses.replace(ov, hover=None)
            key = key[:3] + (None,) + key[4:]
        if self._marks_key != self._obs_key:  # the units and ghosts change with the observation only
            self._marks = (self.unit_marks(), [(tuple(c), int(r)) for c, r in obs.ghosts], layout_of(obs))
            self._marks_key = self._obs_key
        units, ghosts, layout = self._marks
        return Frame(heights=obs.heights, visible=obs.visible, explored=obs.explored,
                     units=list(units), overlays=ov, fog=obs.mode == "digital",
                     viewer=self.viewer, ghosts=list(ghosts),
                     version=(self.serial, self._obs_key, key), layout=layout)
