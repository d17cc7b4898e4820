"""The game scene: board, cameras, HUD, log, minimap, input, computer seats, hand-over, autosave."""
from __future__ import annotations

import copy
import dataclasses
import math
import time
from pathlib import Path

import numpy as np
import pygame

from client import audio, i18n, keys
from client.ai_driver import AIDriver, Job
from client.camera import FirstPersonCamera, StrategyCamera, _ground, pixel_ray
from client.games import plugin_class
from client.games.shachang import hud
from client.games.shachang.controller import Controller
from client.games.shachang.gameover import GameOverScene
from client.games.shachang.items_view import STRIP_H, ItemsView
from client.i18n import t
from client.render.base import Y_SCALE
from client.render.flat import player_rgb
from client.render.hex_layout import cell_xz, layout_of
from client.scenes.handover import HandoverScene
from client.scenes.help import HelpScene
from client.scenes.menu import MenuScene
from client.scenes.modals import ConfirmModal
from client.scenes.play import PlayScene
from client.ui import text, widgets
from client.ui.log import LogView
from client.ui.minimap import Minimap
from engine.api import IllegalAction
from engine.messages import Msg
from engine.shachang import advice, undo
from engine.shachang.actions import Attack, End, Reinforce
from engine.shachang.cells import parse_cell
from engine.shachang.log import counted
from engine.shachang.rules import vision_range

AI_SPEEDS = (1, 4, 16)
PAN_SPEED = 900.0  # pixels per second for keys and edge pan
EDGE = 6


def cells_per_pixel(cam, height: int) -> float:
    if hasattr(cam, "scale"):
        return 1.0 / cam.scale
    fov = getattr(cam, "FOV", 45.0)
    return 2 * getattr(cam, "distance", 20.0) * math.tan(math.radians(fov / 2)) / max(1, height)


class GameScene(PlayScene):
    """沙场秋点兵's 3D scene. Its status line is PlayScene's (client/scenes/play.py); the controller's ``say``
    (``ctl.status``) is taken onto it each frame, and ``ctl.status`` shows it back (the menu reads it)."""

    def __init__(self, app, game, seats: list[str], viewer: int | None = None, message: str = "",
                 ai_seed: int | None = None):
        super().__init__(app, game, seats)
        humans = [s == "human" for s in self.seats]
        self.ctl = Controller(game, humans)
        if viewer is not None and 0 <= viewer < game.num_players and humans[viewer]:
            self.ctl.viewer = viewer
        self.ctl.on_action = self._after_action
        self.layout = layout_of(self.ctl.obs)  # the star's hex cells (S19a), None on square maps
        # heights are numbers players must read (small maps and the star's 121 cells)
        self.ctl.show_heights = game.size <= 16 or self.layout is not None
        self.cam = self._new_camera()
        # hot seat: each human seat's own map camera, as it left it (where one looked tells where its army or its
        # interest is); a seat's first turn starts from its own start view (``set_viewer``)
        self.seat_cams = {self.ctl.viewer: self.cam}
        self.fp_cam = None
        self.passed: tuple = ()  # the stacks the last pick looked past (``pick``)
        # G1: the seed the player gave (the HUD and the game-over box say the game is seeded), else None: the
        # map's seed is secret, and the computer seats get fresh seeds (nothing follows from it)
        self.player_seed = plugin_class(game.game_id).player_seed(game, getattr(app, "opts", None))
        self.ai = AIDriver(game.game_id, self.seats, game.seed, hidden_deal=self.player_seed is None, base=ai_seed)
        self.worker: Job | None = None
        self.ai_wait = 0.0
        self.ai_speed = 1
        self.skip = False
        self.log = LogView()
        self.minimap = Minimap(game.size, 200 if game.size >= 256 else 180) if game.size >= 64 else None
        if self.layout is not None:  # the star: a small map of the whole star
            self.minimap = Minimap(game.size, 150, layout=self.layout)
        self.minimap_full = self.minimap.size if self.minimap else 0  # its size in a window of 1024x640 or more
        self.minimap_on = {"map": True, "fp": False}  # per view, like the side panel (M, or I in first person)
        self.top_buttons = [
            widgets.Button(lambda: t("end_turn"), self.end_turn, 16, enabled=lambda: self.ctl.my_turn()),
            widgets.Button(lambda: t("menu"), self.open_menu, 16),
            widgets.Button(lambda: t("help"), self.open_help, 16),
        ]
        self.popup_buttons = [
            widgets.Button("-", lambda: self.ctl.change_count(-1), 16),
            widgets.Button("+", lambda: self.ctl.change_count(1), 16),
            widgets.Button(lambda: t("ok"), self.ctl.confirm_reinforce, 16),
            widgets.Button(lambda: t("cancel"), self.ctl.cancel, 16),
        ]
        self.mouse = (0, 0)
        self.mouse_seen = False
        self.press = None  # (pos, cell, button)
        self.dragging = False
        self.pan_drag = False
        self.frame = None
        self.game_over_shown = False
        self.over_box: GameOverScene | None = None  # the game-over box, once the game has ended (View board closes it)
        self.handover_for: int | None = None
        self.last_ai = None  # (action, seat, time): drawn as an arrow for a moment
        self.slide = None  # the computer's march/attack on its way (drawn, then applied)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        # the side panel and log per view: on the map shown, in first person hidden (it covered the soldier's view,
        # issue 26); I (or the "Info" tab left in its place) toggles it in the view on screen
        self.panel_on = {"map": True, "fp": False}
        self.info_button = widgets.Button(lambda: t("shachang.ui.panel_show"), self.toggle_panel, 15)
        self.items = ItemsView(self)  # the fun items' cards, target chooser and effects (S20a-S20j)
        self._ctl_seen = None  # the controller's last status taken onto the status line
        self._said_again = None  # what says that line again in another language (Controller.status_again)
        self.refusal_flash = -1.0  # monotonic time of the last refusal said: the status line flashes for a moment
        self._held = None  # (about, line, kind, rule): a line covered by a notice or F2, to come back
        self.opening_note = message  # "loaded: …": said on the first hand-over screen too (it hides the status line)
        if message:
            self.ctl.say(message, "ok")
        else:
            self.ctl.say(t("hint_select"))
        self._take_ctl_status()
        self._home_camera(snap=True)
        self.sounds = audio.shared()
        for seat in range(game.num_players):  # each player's log is news from here on
            self.sounds.baseline(game, seat)
        self._sel_heard = None
        self.flashes: list[dict] = []  # hits the player saw: an expanding ring on the unit for a moment
        self._heard = None  # (game, log length, viewer) whose news the sounds and flashes took last
        self._turn_of: int | None = None  # whose turn _sync_turn saw last
        self.echo: dict | None = None  # the player's own march/shot, drawn sliding for a moment
        self._tip = {"cell": None, "due": 0.0, "shown": False}  # the hover tooltip (after a short rest)
        if app.display.kind == "gl":  # mesh and shader variants now, not as a hitch in the first frames
            app.display.gl.warm_up(self.ctl.frame(), self.camera())

    def on_enter(self) -> None:
        """Called once the scene is on the stack: opens the first turn (maybe behind a hand-over)."""
        self._sync_turn(initial=True)

    # --------------------------------------------------------------- helpers
    @property
    def fog(self) -> bool:
        return self.game.mode == "digital"

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == "human"]

    def panel_view(self) -> str:
        """"fp" in first person, else "map": the side panel is shown or hidden per view (``panel_on``)."""
        return "fp" if self.fp_cam is not None or self.ctl.first_person else "map"

    def panel_shown(self) -> bool:
        return self.panel_on[self.panel_view()]

    @property
    def show_minimap(self) -> bool:
        """Whether the minimap is shown in the view on screen (first person starts without it: it covered
        the lower left of the soldier's view, issue 26)."""
        return self.minimap_on[self.panel_view()]

    @show_minimap.setter
    def show_minimap(self, on: bool) -> None:
        self.minimap_on[self.panel_view()] = bool(on)
        self.dirty = True

    def cards_shown(self) -> bool:
        """Whether the item cards' strip is drawn: on the map always; in first person only with the side
        panel (I), or while a card is in use (its chooser must stay reachable)."""
        if not self.items.on:
            return False
        if self.panel_view() == "map" or self.panel_shown():
            return True
        return self.items.prefix is not None or self.items.discard is not None

    def toggle_panel(self) -> None:
        """I: show or hide the side panel (with the log) in the view on screen; in first person the
        minimap and the item cards come and go with it."""
        v = self.panel_view()
        self.panel_on[v] = not self.panel_on[v]
        if v == "fp":
            self.minimap_on["fp"] = self.panel_on["fp"]
        self.dirty = True

    def usable_rect(self) -> tuple[float, float, float, float]:
        """The part of the window no panel covers, as fractions (x0, y0, x1, y1): the top bar, the side
        panel and the status line (and the minimap's corner on big maps) are left out."""
        w, h = self.app.display.size
        right = w - min(hud.PANEL_W, w // 3) - 18
        bottom = h - hud.STATUS_H - 8
        if self.cards_shown():  # the item cards' strip
            bottom -= STRIP_H
        top = hud.TOP_H + 8
        return (16 / w, top / h, right / w, bottom / h)

    def centred_camera(self):
        """A copy of the camera moved so that what shows in the middle of the free part of the window
        (beside the panels) is in the middle of the whole picture (Shift+F12's clean rule picture)."""
        cam = self.camera()
        if not isinstance(cam, StrategyCamera):
            return cam
        c = copy.deepcopy(cam)
        w, h = self.app.display.size
        x0, y0, x1, y1 = self.usable_rect()
        view, proj = c.matrices(w / max(1, h))
        a = _ground(view, proj, w, h, (x0 + x1) / 2 * w, (y0 + y1) / 2 * h, c.ground_y)
        b = _ground(view, proj, w, h, w / 2, h / 2, c.ground_y)
        if a is not None and b is not None:
            c.target = (c.target[0] + a[0] - b[0], c.target[1] + a[1] - b[1])
            c._goal_target = c.target
        return c

    def frame_cell(self, cell) -> None:
        """Move the camera so that ``cell`` shows in the middle of the free part of the window (the space the
        top bar, the side panel, the status line and the item cards leave; issue 26: Tab put units under the
        panel), at the camera's goal zoom and turn."""
        cam = self.cam
        x, z = cell_xz(cell, self.layout)
        if hasattr(cam, "margins"):  # the flat camera: its margins are the panels (set by _home_camera)
            ml, mt, mr, mb = cam.margins
            k = max(1e-6, cam.tscale)
            cam.tx, cam.tz = x + (mr - ml) / 2 / k, z + (mb - mt) / 2 / k
            return
        if not isinstance(cam, StrategyCamera):
            cam.jump_to(cell)
            return
        c = copy.copy(cam)  # the view it is going to: where the free part's middle falls on the ground there
        c.target, c.distance, c.yaw = (x, z), cam._goal_distance, cam._goal_yaw
        c._goal_target = c.target
        c.ground_y = c.ground_goal()  # the orbit point's height there (raised over a hill)
        w, h = self.app.display.size
        x0, y0, x1, y1 = self.usable_rect()
        view, proj = c.matrices(w / max(1, h))
        u = self.ctl.obs.unit_at(cell)  # the unit's middle, on its ground (the star's and the hills' heights)
        y = (max(0, int(self.ctl.obs.heights[cell])) + (u.count / 2 if u is not None else 0)) * Y_SCALE
        a = _ground(view, proj, w, h, (x0 + x1) / 2 * w, (y0 + y1) / 2 * h, y)
        if a is None:
            cam.jump_to(cell)
            return
        cam._goal_target = (2 * x - a[0], 2 * z - a[1])  # the target moved by the offset of the free middle

    def _home_camera(self, snap: bool = False) -> None:
        """Frame the player's own army and (on small maps) the whole board in the usable part of the
        window: at the start, after the computer's turn and on Home."""
        own = self.ctl.obs.own_units()
        cam = self.cam
        if hasattr(cam, "margins"):  # the flat camera
            w, h = self.app.display.size
            cam.set_viewport(w, h)
            cam.margins = (0, hud.TOP_H, min(hud.PANEL_W, w // 3) + 12,
                           hud.STATUS_H + (STRIP_H if self.items.on else 0))  # (the item cards' strip)
            if self.game.size < 64:
                cam.home()
                if snap:
                    cam.snap()
                return
            cam.tscale = 22.0
            if own:
                cam.jump_to(own[0].cell)
            if snap:
                cam.snap()
            return
        # the 3D strategy camera: fit the points that must show into the usable rectangle
        obs = self.ctl.obs
        n = self.game.size
        # stack tops with room for their count label above, as wide as the stack (a tall stack on the board's edge
        # stood half outside the window at the start: only its axis was fitted)
        tops = [(x + dx, (max(0, int(obs.heights[u.cell])) + u.count + 2) * Y_SCALE, z + dz) for u in own
                for x, z in [cell_xz(u.cell, self.layout)] for dx in (-0.4, 0.4) for dz in (-0.4, 0.4)]
        if self.layout is not None:  # the star: its own box, seen from the side of the player's point
            if own:
                ox = sum(cell_xz(u.cell, self.layout)[0] for u in own) / len(own) - n / 2
                oz = sum(cell_xz(u.cell, self.layout)[1] for u in own) / len(own) - n / 2
                if math.hypot(ox, oz) > 1.0:  # looking from the own soldiers towards the centre
                    a = math.degrees(math.atan2(-ox, oz))
                    cam._goal_yaw = a + 360.0 * round((cam.yaw - a) / 360.0)  # the short way round
            # the star's outline: every cell's corners at its known height and at the base below ground
            lay = self.layout
            known = np.maximum(np.asarray(obs.heights), 0) * Y_SCALE
            pts = [(x, y, z) for cell in lay.cells for x, z in lay.corners(cell)
                   for y in (float(known[cell]), -0.5)] + tops
            limit = None
        elif n < 64:
            slab = -0.5  # the board's base below ground level
            pts = [(x, y, z) for x in (0, n) for z in (0, n) for y in (0.0, slab)] + tops
            limit = None
        else:  # big maps: the army with a few cells around it (its first unit when it is spread wide)
            rows = [u.cell[0] for u in own] or [n // 2]
            cols = [u.cell[1] for u in own] or [n // 2]
            if max(rows) - min(rows) > 40 or max(cols) - min(cols) > 40:
                rows, cols = rows[:1], cols[:1]
                tops = tops[:4]  # its four corners
            r0, r1 = max(0, min(rows) - 6), min(n, max(rows) + 7)
            c0, c1 = max(0, min(cols) - 6), min(n, max(cols) + 7)
            pts = [(c0, 0, r0), (c1, 0, r0), (c0, 0, r1), (c1, 0, r1)] + tops
            limit = 60.0
        w, h = self.app.display.size
        cam.fit(pts, w / max(1, h), self.usable_rect(), max_distance=limit)
        if snap:
            cam.snap()

    def _new_camera(self):
        """A map camera at the display's start pose (the star's cells set)."""
        cam = self.app.display.new_camera(self.game.size)
        if self.layout is not None:
            if hasattr(cam, "set_layout"):
                cam.set_layout(self.layout)
            else:
                cam.layout = self.layout
        return cam

    def _drop_first_person(self) -> None:
        """Out of first person without a word (a hand-over): the flat map camera back to the view before it, so
        the seat that left in first person comes back to its own strategy view."""
        saved = getattr(self, "_fp_saved", None)
        if self.ctl.first_person and saved is not None and hasattr(self.cam, "tscale"):
            self.cam.tx, self.cam.tz, self.cam.tscale = saved
            self.cam.snap()
        self._fp_saved = None
        self.ctl.first_person = False
        self.fp_cam = None

    def set_viewer(self, p: int) -> None:
        """The screen goes to seat ``p``: its own camera (the pose it left, or its start view the first time),
        nothing of the last player's selection, pointing or first person."""
        self._drop_first_person()
        self.seat_cams[self.ctl.viewer] = self.cam
        self.ctl.viewer = p
        # the new player now hears and sees what their own log got since they last looked
        # (a hit from the fog in the other's turn), never anything of the last player's view
        self.flashes.clear()
        self.items.reset()
        self.ctl.selected = None
        self.ctl.reinforce = None
        self.log.scroll = 0
        cam = self.seat_cams.get(p)
        if cam is None:  # the seat's first turn: the game's start view for it (not the last player's turn or zoom)
            self.cam = self.seat_cams[p] = self._new_camera()
            self._home_camera(snap=True)
        else:
            self.cam = cam
        # whose turn, and what to do (issue 26: after a hand-over it said only "P1 (red) to play")
        self.ctl.say(lambda: t("shachang.ui.turn_hint", p=i18n.player_name(p)), "ok")

    def camera(self):
        return self.fp_cam if self.fp_cam is not None else self.cam

    def agent(self, seat: int):
        """The computer player of ``seat`` (client.ai_driver: one seeding for every game)."""
        return self.ai.agent(seat)

    def key_contexts(self) -> tuple[str, ...]:
        return ("global", "shachang")

    # ----------------------------------------------------------- game flow
    def _after_action(self, action, echo: bool = True) -> None:
        """After any action (the controller's for a human, ``_apply_ai`` for a computer with ``echo`` False: its
        march was shown sliding before it landed only where the viewer sees both ends, S7/G1)."""
        src, dst = getattr(action, "src", None), getattr(action, "dst", None)
        dur = min(0.35, self.app.opts.ai_delay)
        if echo and src is not None and dst is not None and dur > 0.02:
            # the player's own march slides and own shot flies, like the computer's
            self.echo = {"action": action, "seat": self.ctl.viewer, "t0": time.monotonic(), "dur": dur}
        if isinstance(action, End) or self.game.is_over:
            self.autosave()
        self._sync_turn()

    def save_viewer(self) -> int:
        return self.ctl.viewer

    def selection_key(self):
        return (self.ctl.selected, self.ctl.reinforce is not None)

    def idle_message(self) -> None:
        """Whose turn it is (or that the game is over), in the language shown; but a line held under a
        notice or through F2 (``_hold_line``) comes back while the player has not acted or re-selected."""
        held, self._held = self._held, None
        if held is not None and held[0] == self._line_key():
            src, kind, rule = held[1:]
            self.ctl.say(src, kind, rule)  # a callable: said in the language shown now
            self._take_ctl_status()
            if self.message_bad:
                self._refused_for = held[0][3]  # the selection it is about: a new one drops it
            return
        g = self.game
        if g.is_over and self.over_box is not None:
            self.say_game_over()
            return
        self.ctl.say(t("turn_of", p=i18n.player_name(g.current_player)) if not g.is_over else t("phase_over"))
        self._take_ctl_status()

    def say_game_over(self) -> None:
        """The status line at game over: why, and what can be done now (in the box: its buttons, Esc views the
        board; on the board: Esc or Menu bring the box back). It said "end the turn", the last action (QA, session 19)."""
        box = self.over_box
        key = "over_hint_box" if box is not None and box in self.app.scenes else "over_hint_board"
        self.ctl.say(lambda: t(key, why=box.reason() if box is not None else t("phase_over")), "ok")
        self._take_ctl_status()

    def say(self, msg, bad: bool = False, ttl: float | None = None, kind: str | None = None) -> None:
        super().say(msg, bad, ttl, kind)
        self._said_again = None  # the scene's own words (a notice): not the controller's
        self._show_status()

    # the status line through notices and F2 (issue 26: a refusal is never lost before the player acts)
    def _line_key(self):
        """What a held line is about: the viewer, the position and the selection."""
        return (self.ctl.viewer, self.ctl.version, id(self.game), self.selection_key())

    def _hold_line(self) -> None:
        """Keep the controller's line now on the status line (a refusal, or a line that can be said again in
        another language) to come back when the notice covering it goes (``idle_message``)."""
        if self.message_until is not None or not (self.message_bad or self._said_again is not None):
            return
        src = self._said_again if self._said_again is not None else self.ctl.status
        self._held = (self._line_key(), src, self.message_kind, self.refusal_rule())

    def take_notice(self) -> None:
        """A notice (a screenshot's path, the language switch) covers the line for a while; it comes back."""
        if self.app is not None and self.app.notice:
            self._hold_line()
        super().take_notice()

    def tick_status(self) -> None:
        """F2: the line is said again in the new language (a refusal stays), else as PlayScene does."""
        if i18n.lang() != self._lang_seen and self._held is None:
            self._hold_line()
        super().tick_status()

    def _take_ctl_status(self) -> None:
        """What the controller said since the last frame onto the status line."""
        ctl = self.ctl
        said = (ctl.status, ctl.status_kind, ctl.status_time)
        if said != self._ctl_seen:
            self._ctl_seen = said
            if ctl.status_kind == "error":  # every refusal flashes the line: the same words said again change
                self.refusal_flash = time.monotonic()  # nothing else, and the click looked silent (issue 26)
            PlayScene.say(self, ctl.status, bad=ctl.status_kind == "error", kind=ctl.status_kind,
                          rule=ctl.status_rule)
            self._said_again = ctl.status_again

    def _show_status(self) -> None:
        """The status line's words now (in the language shown) back into ``ctl.status``."""
        ctl = self.ctl
        ctl.status, ctl.status_kind = self.status_text(i18n.lang()), self.message_kind
        self._ctl_seen = (ctl.status, ctl.status_kind, ctl.status_time)

    def _sync_turn(self, initial: bool = False) -> None:
        g = self.game
        if g.is_over:
            if not self.game_over_shown:
                self.game_over_shown = True
                self.ctl.selected = None
                self.sounds.play("gameover")
                self.over_box = GameOverScene(self.app, self)
                self.app.push(self.over_box)
                self.say_game_over()
            return
        cur = g.current_player
        if getattr(g, "hidden_information", self.fog) and len(self.humans()) >= 2:  # fog (S7) or hands (S20a)
            # hot seat with fog: as soon as the turn leaves the human on screen, hide the board and
            # hand over to the next human in turn order (computer seats in between play behind it)
            nxt = self.next_human(cur)
            if nxt is not None and (nxt != self.ctl.viewer or initial) and self.handover_for != nxt:
                self.handover_for = nxt
                self.ctl.selected = None
                self.items.reset()  # the next player sees nothing of this one's card in use
                self.ctl.hover = None  # nothing of the last player's pointing survives the hand-over
                self.ctl.see_through = ()
                self._tip.update(cell=None, shown=False)
                self._pick_key = None
                self.ctl.reinforce = None
                self._drop_first_person()
                h = HandoverScene(self.app, self, nxt)
                if initial and self.opening_note:  # a loaded hot-seat game opens behind a hand-over: say it loaded
                    h.notice = (self.opening_note, True)
                self.app.push(h)
            return
        if self.seats[cur] == "human" and cur != self.ctl.viewer:
            self.set_viewer(cur)
        elif (self.seats[cur] == "human" and cur == self.ctl.viewer and self._turn_of is not None
              and self._turn_of != cur and self.seats[self._turn_of] != "human"):
            self._home_camera()  # back from the computer's turn: the own army again, smoothly
        self._turn_of = cur

    def next_human(self, start: int) -> int | None:
        """The first human seat still in the game at or after ``start`` in turn order."""
        n = self.game.num_players
        out = {pv.player for pv in self.ctl.obs.players if pv.out}
        for k in range(n):
            p = (start + k) % n
            if self.seats[p] == "human" and p not in out:
                return p
        return None

    def handover_done(self, p: int) -> None:
        self.handover_for = None
        self.set_viewer(p)

    def _ask_offer(self) -> None:
        """The question the controller left after a click: merge the selected unit into another own unit
        (Yes marches the chosen count into it; No selects that unit instead)."""
        offer, self.ctl.offer = self.ctl.offer, None
        if not offer or offer["kind"] != "merge":
            return
        ctl = self.ctl
        name = ctl.cell_name
        q = lambda: t("shachang.ui.merge_offer", k=offer["count"], a=name(offer["src"]), b=name(offer["dst"]),
                      soldiers=counted(offer["count"], "soldier"))

        def yes():
            ctl.count = offer["count"]
            ctl.march(offer["src"], offer["dst"])

        self.app.push(ConfirmModal(self.app, q, yes, on_no=lambda: ctl.select(offer["dst"]), action="merge"))

    def end_turn(self) -> None:
        """End the turn; first ask when that would end the game (as far as the player can know; under fog,
        that it may), or leave units that could still attack or have not acted (engine.shachang.advice)."""
        ctl = self.ctl
        if not ctl.my_turn():
            ctl.end_turn()  # the engine's refusal on the status line
            return
        try:
            self.game.check(End())
        except IllegalAction:  # a pass the rules refuse (S13: a forced reinforcement): its refusal, no question first
            ctl.end_turn()
            return
        ending = advice.ending_pass(self.game)
        if ending is not None:
            q = Msg.of("shachang.advice.confirm_game_end", why=ending)
        else:  # under fog: that the pass may end the game (S18) first, then the units left idle
            may_end = advice.pass_may_end(self.game)
            warn = ([may_end] if may_end is not None else []) + advice.pass_warnings(self.game)
            q = Msg.of("shachang.advice.confirm_end", why=warn) if warn else None
        if q is None:
            ctl.end_turn()
            return
        self.app.push(ConfirmModal(self.app, lambda: i18n.engine_text(q), ctl.end_turn, action="end"))

    def undo(self) -> None:
        """Take back the last action of this turn, if it revealed nothing hidden (engine.shachang.undo)."""
        ctl = self.ctl
        if not ctl.my_turn():
            ctl.say(lambda: t("undo_none"), "error", rule="G2")  # G2: within the player's own turn only
            return
        if len(self.game.log) <= undo.turn_start(self.game):
            ctl.say(lambda: t("undo_none"), "error", rule="G2")
            return
        if not undo.can_undo(self.game):
            ctl.say(lambda: t("undo_revealed"), "error", rule="G2")  # G2: a take-back never un-learns
            return
        g = undo.undo(self.game)
        self.game = ctl.game = g
        ctl.selected = None
        ctl.reinforce = None
        self.slide = None
        self.sounds.baseline(g, ctl.viewer)
        ctl.say(lambda: t("undone"), "ok")

    def open_menu(self) -> None:
        """The in-game menu; on an ended game's map (its box closed with View board) the game-over box again,
        whose Menu leaves (as the board games do)."""
        if self.game.is_over and self.over_box is not None:
            if self.over_box not in self.app.scenes:
                self.app.push(self.over_box)
                self.say_game_over()
            return
        self.app.push(MenuScene(self.app, self))

    def new_game(self) -> None:
        """The game-over box's New game: a game of the same set-up (preset, rule mode, players, items; a map
        file's map again) with the same seats, from a fresh secret seed (G1)."""
        self.app.start_game(plugin_class(self.game.game_id).game_again(self.game), self.seats)

    def open_help(self) -> None:
        self.app.push(HelpScene(self.app))

    def quick_save(self) -> None:
        path = Path(self.app.opts.save_dir) / "quicksave.json"
        self.save_to(path)

    def quick_load(self) -> None:
        path = Path(self.app.opts.save_dir) / "quicksave.json"
        if not path.exists():  # not "cannot read this file: quicksave.json", which sounds like a damaged save
            self.ctl.say(lambda: t("quick_none"), "error")
            return
        err = self.app.load_path(path)
        if err:
            self.ctl.say(lambda: t("load_failed", err=err), "error")

    def blocked(self) -> bool:
        """True while another scene (hand-over, menu, game over) covers this one."""
        return self.app.scene is not self

    # ---------------------------------------------------------------- input
    LET_THROUGH = 2  # a stack's side above its second soldier lets the pointer through to the cell behind

    def pick(self, pos, hover: bool = False):
        """The cell under pixel ``pos``. In the 3D strategy view a tall stack hides the cells behind it:
        where the pointer meets the stack's side above its lowest LET_THROUGH soldiers, the pick goes on
        to what lies behind (and the stack is drawn see-through while hovered there, ``ctl.see_through``);
        the stack itself is picked on its top or near its base, and anywhere on it when no cell lies
        behind it (a stack on the board's far edge: otherwise a click on it would say nothing)."""
        if self.frame is None:
            self.frame = self.ctl.frame()
        frame, cam, display = self.frame, self.camera(), self.app.display
        through: list = []
        try:
            cell = display.pick(pos[0], pos[1], frame, cam)
            if display.kind == "gl" and not isinstance(cam, FirstPersonCamera) and frame.layout is None \
                    and not getattr(display.gl, "used_far", False):
                for _ in range(8):
                    if cell is None or not self._past_stack(pos, cell, frame, cam):
                        break
                    bare = dataclasses.replace(frame, units=[u for u in frame.units if u.cell != cell])
                    behind = display.pick(pos[0], pos[1], bare, cam)
                    if behind is None:  # nothing behind it (the board's edge): the click is on the stack
                        break
                    through.append(cell)
                    frame, cell = bare, behind
        except Exception:
            cell, through = None, []
        self.passed = tuple(through)  # the stacks the pointer looked past, nearest first (``press_cell``)
        if hover:
            self.ctl.see_through = self.passed
        return cell

    def press_cell(self, pos, drag: bool = False):
        """The cell a left press or click at ``pos`` acts on: ``pick``'s, except where the pointer looked past an
        own stack to a cell without one and the press means that stack: the start of a drag, or a click with
        nothing selected on a cell that offers no reinforcement (a click on a stack's side said "select one of
        your units first"). With a unit selected the cell behind stays the target (a march there, issue 26)."""
        cell = self.pick(pos)
        ctl = self.ctl
        own = next((c for c in self.passed if ctl.own_unit(c) is not None), None)
        if own is None or cell is None or ctl.own_unit(cell) is not None:
            return cell
        if drag:
            return own
        if ctl.selected is not None or ctl.reinforce is not None:
            return cell
        if ctl.my_turn() and ctl.game.reinforce_room() > 0 and cell in ctl.game.reinforce_cells():
            return cell  # a reinforcement may be placed behind the stack: the click opens it there
        return own

    def _past_stack(self, pos, cell, frame, cam) -> bool:
        """Whether the ray through ``pos`` meets the stack on ``cell`` on its side above the stack's lowest
        LET_THROUGH soldiers (not on its top, not near its base): the pointer looks past it."""
        u = next((m for m in frame.units if m.cell == cell), None)
        if u is None or u.count <= self.LET_THROUGH:
            return False
        w, h = self.app.display.size
        view, proj = cam.matrices(w / max(1, h))
        o, d = pixel_ray(view, proj, w, h, float(pos[0]), float(pos[1]))
        t_in = 0.0
        for axis, lo in ((0, cell[1]), (2, cell[0])):  # where the ray enters the cell's column
            if abs(d[axis]) < 1e-12:
                continue
            a, b = (lo - o[axis]) / d[axis], (lo + 1 - o[axis]) / d[axis]
            t_in = max(t_in, min(a, b))
        y = o[1] + d[1] * t_in
        ground = max(0, int(frame.heights[cell])) * Y_SCALE
        top = ground + u.count * Y_SCALE
        return ground + self.LET_THROUGH * Y_SCALE < y < top - 1e-6

    def over_ui(self, pos) -> bool:
        w, h = self.app.display.size
        if pos[1] < hud.TOP_H or pos[1] >= h - hud.STATUS_H:
            return True
        if self.panel_rect.collidepoint(pos) or self.items.rect.collidepoint(pos):
            return True
        if self.minimap and self.show_minimap and self.minimap.rect.collidepoint(pos):
            return True
        return False

    def handle(self, ev) -> None:
        ctl = self.ctl
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            self.mouse_seen = True
            for b in self.top_buttons + self.popup_buttons + [self.info_button]:
                b.hover = b.rect.collidepoint(ev.pos)
            if self.press and self.press[2] == 1:
                if self.minimap and self.minimap.dragging:
                    cell = self.minimap.cell_at(ev.pos)
                    if cell:
                        self.minimap_go(cell)
                    return
                p0 = self.press[0]
                if self.fp_cam is not None and not self.dragging and (
                        self.press[1] is None or ctl.own_unit(self.press[1]) is None):
                    # first person: a left drag off an own unit looks around
                    if self.pan_drag or abs(ev.pos[0] - p0[0]) + abs(ev.pos[1] - p0[1]) > 4:
                        self.pan_drag = True
                        self.fp_cam.look(ev.rel[0] * 0.25, -ev.rel[1] * 0.25)
                    return
                if not self.dragging and self.press[1] is not None and ctl.own_unit(self.press[1]) is not None \
                        and self.items.prefix is None and abs(ev.pos[0] - p0[0]) + abs(ev.pos[1] - p0[1]) > 8:
                    self.dragging = True
            if self.press and self.press[2] in (2, 3):
                dx, dy = ev.rel
                if abs(ev.pos[0] - self.press[0][0]) + abs(ev.pos[1] - self.press[0][1]) > 4:
                    self.pan_drag = True
                if self.pan_drag:
                    if self.fp_cam is not None:
                        self.fp_cam.look(dx * 0.25, -dy * 0.25)
                    else:
                        k = cells_per_pixel(self.cam, self.app.display.size[1])
                        self.cam.pan(-dx * k, dy * k)
                        if hasattr(self.cam, "snap"):
                            self.cam.snap()
            return
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = ev.pos
            if ev.button == 1:
                if ctl.reinforce is not None:
                    for b in self.popup_buttons:
                        if b.handle(ev):
                            return
                for b in self.top_buttons + ([] if self.panel_shown() else [self.info_button]):
                    if b.handle(ev):
                        return
                if self.items.handle_click(ev.pos):
                    return
                if self.minimap and self.show_minimap:
                    cell = self.minimap.cell_at(ev.pos)
                    if cell is not None:
                        self.minimap_go(cell)
                        self.minimap.dragging = True
                        self.press = (ev.pos, None, 1)
                        return
                if self.over_ui(ev.pos):
                    return
                self.press = (ev.pos, self.press_cell(ev.pos, drag=True), 1)
                self.dragging = False
            elif ev.button in (2, 3):
                self.press = (ev.pos, None, ev.button)
                self.pan_drag = False
            return
        if ev.type == pygame.MOUSEBUTTONUP:
            press, self.press = self.press, None
            if self.minimap:
                self.minimap.dragging = False
            if press is None:
                return
            if ev.button == 1 and press[2] == 1 and self.pan_drag and self.fp_cam is not None:
                self.pan_drag = False  # a left drag that looked around in first person: no click
                return
            if ev.button == 1 and press[2] == 1:
                if press[1] is None and not self.dragging:
                    if not self.over_ui(ev.pos) and press[0] == ev.pos:
                        if not self.items.cancel():
                            ctl.click(None)
                    return
                cell = self.pick(ev.pos) if self.dragging or self.items.prefix is not None else self.press_cell(ev.pos)
                if self.items.prefix is not None:  # a card in use: the click chooses its target
                    self.items.click_cell(press[1] if cell is None else cell)
                    return
                shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
                if self.dragging:
                    self.dragging = False
                    if cell is not None and cell != press[1]:
                        ctl.drag(press[1], cell)
                    return
                ctl.click(press[1] if cell is None else cell, shift)
                self._ask_offer()
            elif ev.button == 3 and press[2] == 3 and not self.pan_drag:
                if not (self.items.cancel() or ctl.cancel()) and self.fp_cam is not None:
                    self.toggle_fp()
            self.pan_drag = False
            return
        if ev.type == pygame.MOUSEWHEEL:
            pos = self.mouse
            if self.log.handle_wheel(pos, ev.y):
                return
            mods = pygame.key.get_mods()
            # the wheel sets the count in the reinforcement box, or over the selected unit / the panel;
            # elsewhere it zooms (Ctrl+wheel always zooms)
            on_count = ctl.reinforce is not None or (
                ctl.selected is not None and (self.panel_rect.collidepoint(pos) or self.pick(pos) == ctl.selected))
            if on_count and not mods & pygame.KMOD_CTRL:
                ctl.change_count(1 if ev.y > 0 else -1)
            elif self.fp_cam is None:
                self.cam.zoom(ev.y)
            return
        if ev.type == pygame.KEYDOWN:
            self.key(ev)

    FP_TURN_KEYS = {pygame.K_LEFT: (-20.0, 0.0), pygame.K_a: (-20.0, 0.0), pygame.K_RIGHT: (20.0, 0.0),
                    pygame.K_d: (20.0, 0.0), pygame.K_UP: (0.0, 10.0), pygame.K_w: (0.0, 10.0),
                    pygame.K_DOWN: (0.0, -10.0), pygame.K_s: (0.0, -10.0)}

    # in first person the map camera's keys do not move the map camera hidden behind the eye: Q/E turn the eye
    FP_MAP_KEYS = {"rotate_left": -20.0, "rotate_right": 20.0, "zoom_in": 0.0, "zoom_out": 0.0}

    def key(self, ev) -> None:
        """A key press: Esc, first-person turning and digits here; everything else from the key-binding
        table (client/keys.py, context "shachang"), the same table the F1 page is written from."""
        ctl = self.ctl
        k = ev.key
        if k == pygame.K_ESCAPE:
            if self.items.cancel() or ctl.cancel():
                return
            if self.fp_cam is not None or ctl.first_person:
                self.toggle_fp()
                return
            self.open_menu()
        elif self.fp_cam is not None and k in self.FP_TURN_KEYS and not ev.mod & pygame.KMOD_CTRL:
            self.fp_cam.turn(*self.FP_TURN_KEYS[k])  # a tap turns smoothly; holding keeps turning
        elif keys.digit(k) is not None and not ev.mod & pygame.KMOD_CTRL:
            ctl.type_digit(keys.digit(k))
        else:
            act = keys.action(ev, self.key_contexts())
            if self.fp_cam is not None and act in self.FP_MAP_KEYS:  # the map camera hidden behind the eye stays
                if self.FP_MAP_KEYS[act]:
                    self.fp_cam.turn(self.FP_MAP_KEYS[act], 0.0)  # Q/E turn the eye as the arrows do
                return
            fn = self.key_actions().get(act)
            if fn is not None:
                fn()

    def _volume(self, d: float) -> None:
        self.sounds.set_volume(round(self.sounds.volume + d, 2))
        self.sounds.muted = False
        if self._say_no_sound():
            return
        self.ctl.say(t("sound_volume", n=int(round(self.sounds.volume * 100))))
        self.sounds.play("select")

    def _say_no_sound(self) -> bool:
        """Without an audio device, say so (and the mixer's reason) instead of "sound on"; True then."""
        if self.sounds.available():
            return False
        why = self.sounds.reason or "?"
        self.ctl.say(lambda: t("shachang.ui.sound_unavailable", why=why), "error")
        return True

    def _toggle_sound(self) -> None:
        """Ctrl+M: sound on/off (unavailable without an audio device, with the reason)."""
        muted = self.sounds.toggle_mute()
        if not self._say_no_sound():
            self.ctl.say(t("sound_off" if muted else "sound_on"))

    def key_actions(self) -> dict:
        """Action name (client/keys.py) -> what it does in this scene."""
        ctl = self.ctl

        def enter():
            if ctl.reinforce is not None:
                ctl.confirm_reinforce()
            else:
                self.end_turn()

        def unit(step):
            cell = ctl.next_unit(step)
            if cell is not None:
                if ctl.first_person:
                    self._fp_to(cell)
                else:
                    self.frame_cell(cell)

        def reinforce():
            cell = ctl.hover if ctl.hover is not None else ctl.selected
            if cell is None:  # R with nothing pointed at: say where it places (it said nothing)
                ctl.say(lambda: t("shachang.ui.reinforce_where"))
            elif not ctl.open_reinforce(cell):
                ctl.try_apply(Reinforce(cell, 1))  # shows the engine's reason

        def ai_speed():
            i = AI_SPEEDS.index(self.ai_speed) if self.ai_speed in AI_SPEEDS else 0
            self.ai_speed = AI_SPEEDS[(i + 1) % len(AI_SPEEDS)]
            ctl.say(t("ai_speed", s=self.ai_speed))

        def ai_skip():
            self.skip = not self.skip
            ctl.say(t("ai_speed", s="∞" if self.skip else self.ai_speed))

        def toggle(attr):
            def go():
                setattr(ctl, attr, not getattr(ctl, attr))
            return go

        def minimap():
            self.show_minimap = not self.show_minimap

        return {
            "end_turn": enter, "next_unit": lambda: unit(1), "prev_unit": lambda: unit(-1), "undo": self.undo,
            "first_person": self.toggle_fp, "preview": toggle("preview"), "reinforce": reinforce,
            "camera_selected": lambda: ctl.selected is not None and self.frame_cell(ctl.selected),
            "camera_home": self._home_camera, "heights": toggle("show_heights"), "coords": toggle("show_coords"),
            "mute": self._toggle_sound,
            "volume_up": lambda: self._volume(0.1), "volume_down": lambda: self._volume(-0.1),
            "minimap": minimap, "ai_speed": ai_speed, "ai_skip": ai_skip, "side_panel": self.toggle_panel,
            "quick_save": self.quick_save, "quick_load": self.quick_load,
            "zoom_in": lambda: self.cam.zoom(1), "zoom_out": lambda: self.cam.zoom(-1),
            "rotate_left": lambda: self.cam.rotate(-15), "rotate_right": lambda: self.cam.rotate(15),
        }

    def minimap_go(self, cell) -> None:
        """A click or drag on the minimap: the map view goes to ``cell``; in first person the eye turns to face it
        (it moved the map camera hidden behind the eye, which showed only on leaving first person)."""
        if self.fp_cam is None:
            self.cam.jump_to(cell)
            return
        pitch = self.fp_cam.pitch
        self.fp_cam.look_at_cell(cell, max(0, int(self.ctl.obs.heights[cell])))  # the height the player knows
        self.fp_cam.pitch = pitch  # turn, do not tilt: the eye stays level as the player had it

    # ---------------------------------------------------------- first person
    def toggle_fp(self) -> None:
        ctl = self.ctl
        if ctl.first_person:
            ctl.first_person = False
            self.fp_cam = None
            ctl.say(t("hint_select"))  # the first-person line is stale now: what to click, for the selection if any
            ctl.say_selection_hint()
            saved = getattr(self, "_fp_saved", None)
            if saved is not None and hasattr(self.cam, "tscale"):  # flat: back to the view before
                self.cam.tx, self.cam.tz, self.cam.tscale = saved
            self._fp_saved = None
            return
        if hasattr(self.cam, "tscale"):
            self._fp_saved = (self.cam.tx, self.cam.tz, self.cam.tscale)
        if ctl.own_unit(ctl.selected) is None:
            if ctl.next_unit() is None:
                return
        ctl.first_person = True
        self._fp_to(ctl.selected)

    def _fp_to(self, cell) -> None:
        u = self.ctl.own_unit(cell)
        if u is None:
            return
        h = int(self.ctl.obs.heights[cell]) + u.count
        self.ctl.say(t("fp_view", c=self.ctl.cell_name(cell), h=h))
        if self.app.display.kind == "gl":
            yaw = getattr(self.cam, "yaw", 0.0)
            if self.fp_cam is None:  # the star: a soldier's view from a little above its head
                lift = FirstPersonCamera.STAR_LIFT if self.layout is not None else 0.0
                self.fp_cam = FirstPersonCamera(layout=self.layout, lift=lift)
                self.fp_cam.yaw = yaw
            self.fp_cam.set_eye(cell, h)
            # face the nearest enemy in sight, else the middle of the board
            enemies = self.ctl.obs.enemy_units()
            if enemies:
                e = min(enemies, key=lambda e: abs(e.cell[0] - cell[0]) + abs(e.cell[1] - cell[1]))
                self.fp_cam.look_at_cell(e.cell, max(0, int(self.ctl.obs.heights[e.cell])) + e.count)
            else:
                n = self.game.size
                if (cell[0] - n / 2) ** 2 + (cell[1] - n / 2) ** 2 > 4:
                    self.fp_cam.look_at_cell((n // 2, n // 2), 0)
                self.fp_cam.pitch = max(self.fp_cam.pitch, -20.0)
            if self.layout is not None:  # the star: look down a little onto the cells around the soldier
                self.fp_cam.pitch = min(self.fp_cam.pitch, -12.0)
        else:  # flat: centre on the unit, zoomed to its vision range (lit), the rest dark
            self.cam.jump_to(cell)
            w, hh = self.app.display.size
            self.cam.tscale = max(self.cam.fit_scale(), 0.8 * min(w, hh) / (2 * vision_range(u.count) + 3))

    # -------------------------------------------------------------- update
    def animating(self) -> bool:
        cam = self.cam
        if getattr(cam, "moving", False) or (self.fp_cam is not None and self.fp_cam.moving):
            return True
        if hasattr(cam, "tscale") and (abs(cam.tx - cam.cx) > 1e-3 or abs(cam.tz - cam.cz) > 1e-3
                                       or abs(cam.tscale - cam.scale) > 1e-3):
            return True
        g = self.game
        if not g.is_over and self.seats[g.current_player] != "human":
            return True  # a computer seat is playing
        if self.last_ai is not None or self.slide is not None or self.dragging or self.press is not None:
            return True
        if self.flashes or self.echo is not None or self.items.busy() or self.refusal_flashing(0.15):
            return True
        tip = self._tip
        if tip["cell"] is not None and not tip["shown"]:
            return True  # a tooltip is due: draw it when the mouse has rested
        keys = pygame.key.get_pressed()
        if any(keys[k] for k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
                                 pygame.K_a, pygame.K_d, pygame.K_w, pygame.K_s)):
            return True
        if self.app.opts.edge_pan and self.mouse_seen and pygame.mouse.get_focused():
            x, y = pygame.mouse.get_pos()
            w, h = self.app.display.size
            if x < EDGE or y < EDGE or x >= w - EDGE or y >= h - EDGE:
                return True
        return False

    def update(self, dt: float) -> None:
        self.take_notice()
        self._update(dt)
        self._take_ctl_status()
        self.tick_status()
        self._show_status()

    def _update(self, dt: float) -> None:
        if self.blocked():
            if isinstance(self.app.scene, HandoverScene):
                self._run_ai(dt)  # computer seats play on behind the hand-over screen
            return
        self._pan_keys(dt)
        if hasattr(self.cam, "set_terrain"):  # the 3D camera keeps its eye out of the hills the viewer knows
            self.cam.set_terrain(self.ctl.obs.heights)
        self.cam.update(dt)
        if self.fp_cam is not None:
            self.fp_cam.update(dt)
        if self.mouse_seen and not self.over_ui(self.mouse):
            # pick only when the mouse, the camera or the board changed (not every frame)
            key = (tuple(self.mouse), self.ctl.version, self._camera_key())
            if key != getattr(self, "_pick_key", None) or key[2] is None:
                self._pick_key = key
                self.ctl.hover = self.pick(self.mouse, hover=True)
        else:
            self._pick_key = None
            self.ctl.hover = None
            self.ctl.see_through = ()
        self._run_ai(dt)
        self._sound_cues()

    HIT_KEYS = {"attack_hit": "dst", "attack_wiped": "dst", "unseen_hit": "cell", "unseen_wiped": "cell"}
    FLASH_S = 0.9

    def _sound_cues(self) -> None:
        """Sounds for what the player on screen just saw happen (their own log) and for a selection;
        a flash on every unit the player saw hit (marked "from the fog" when the shooter was unseen:
        decision D13 — the victim learns it was hit, not where from)."""
        heard = (id(self.game), self.ctl.version, self.ctl.viewer)
        news = heard != self._heard
        self._heard = heard
        if news:  # the log only grows with an action (or a new viewer): not looked at every frame
            self.sounds.after_events(self.game, self.ctl.viewer)
            self.items.take_events(self.sounds.last_events)  # item effects (S20j: what this player was shown)
        for ev in (self.sounds.last_events if news else ()):
            key = getattr(getattr(ev, "msg", None), "key", "")
            tail = key.rsplit(".", 1)[-1]
            if key.startswith("shachang.ev.") and tail in self.HIT_KEYS:
                try:
                    cell = parse_cell(str(ev.msg.kw[self.HIT_KEYS[tail]]))
                except (KeyError, ValueError):
                    continue
                self.flashes.append({"cell": cell, "t0": time.monotonic(), "unseen": tail.startswith("unseen"),
                                     "wiped": tail.endswith("wiped")})
        sel = self.ctl.selected
        if sel != self._sel_heard:
            self._sel_heard = sel
            if sel is not None and self.ctl.own_unit(sel) is not None:
                self.sounds.play("select")

    def _camera_key(self):
        """The camera's view and projection now, as bytes (None if the camera cannot say)."""
        try:
            w, h = self.app.display.size
            view, proj = self.camera().matrices(w / max(1, h))
            return view.tobytes() + proj.tobytes()
        except Exception:
            return None

    def _pan_keys(self, dt: float) -> None:
        keys = pygame.key.get_pressed()
        mods = pygame.key.get_mods()
        if mods & pygame.KMOD_CTRL:
            return
        dx = (keys[pygame.K_RIGHT] or keys[pygame.K_d]) - (keys[pygame.K_LEFT] or keys[pygame.K_a])
        dy = (keys[pygame.K_UP] or keys[pygame.K_w]) - (keys[pygame.K_DOWN] or keys[pygame.K_s])
        if self.app.opts.edge_pan and self.mouse_seen and pygame.mouse.get_focused():
            x, y = pygame.mouse.get_pos()
            w, h = self.app.display.size
            dx += (x >= w - EDGE) - (x < EDGE)
            dy += (y < EDGE) - (y >= h - EDGE)
        if not dx and not dy:
            return
        if self.fp_cam is not None:
            self.fp_cam.look(dx * 90 * dt, dy * 60 * dt)
            return
        k = cells_per_pixel(self.cam, self.app.display.size[1]) * PAN_SPEED * dt
        self.cam.pan(dx * k, dy * k)

    UNSEEN_PER_FRAME = 50  # computer actions the viewer sees nothing of, played one after another in one frame

    def _run_ai(self, dt: float) -> None:
        """The computer seats' play, one step a frame; answers that show the viewer nothing follow one another at
        once, within the frame (G1/S7: no frame, line or pause per unseen action, which let the player count them)."""
        for _ in range(self.UNSEEN_PER_FRAME):
            if not self._run_ai_step(dt):
                return
            dt = 0.0

    def _run_ai_step(self, dt: float) -> bool:
        """One step of ``_run_ai``; True when it played an action the viewer saw nothing of (the next may follow)."""
        g = self.game
        if g.is_over:
            return False
        cur = g.current_player
        if self.seats[cur] == "human":
            self.worker = None
            self.slide = None
            return False
        if self.slide is not None:  # a march or shot on its way: apply it when it arrives
            sl = self.slide
            if self.skip or time.monotonic() - sl["t0"] >= sl["dur"] or sl["version"] != self.ctl.version:
                self.slide = None
                if sl["version"] == self.ctl.version:
                    self._apply_ai(sl["action"], sl["seat"])
            return False
        w = self.worker
        if w is None or w.version != self.ctl.version:
            self.worker = w = self.ai.start(g, cur, self.ctl.version)
            if self.ai.notes:
                self.ctl.say(t("ai_fallback", level=self.seats[cur], err=self.ai.notes.pop()), "error")
            self.ctl.say(t("ai_thinking", p=i18n.player_name(cur)))
            # (an answer ready at once is taken below, in this frame)
        self.ai_wait -= dt
        if not w.done or (self.ai_wait > 0 and not self.skip):
            return False
        self.worker = None
        if w.error is not None:  # the driver's policy: say it (its text to stderr only), the seat goes to a human
            self.ai.report(cur, f"{type(w.error).__name__}: {w.error}")
            self._computer_to_human(cur, "board_ai_error")
            return False
        self.ai.accept(w)  # its agent remembers this move (a job of an older version leaves the agent as it was)
        action = w.result
        src, dst = getattr(action, "src", None), getattr(action, "dst", None)
        vis = self.ctl.obs.visible
        dur = min(0.5, self.app.opts.ai_delay) / self.ai_speed
        if src is not None and dst is not None and vis[src] and vis[dst] and not self.skip and dur > 0.02 \
                and not self.blocked():
            # show the march (a token sliding) or the shot (a bolt flying) before it lands
            self.slide = {"action": action, "seat": cur, "t0": time.monotonic(), "dur": dur,
                          "version": self.ctl.version}
            if self.fp_cam is None:
                self.frame_cell(dst)
            return False
        return not self._apply_ai(action, cur)

    def _computer_to_human(self, cur: int, key: str) -> None:
        """The computer in seat ``cur`` failed (``key``: the words, with no detail of it): its seat goes to a human,
        and the line says so after the turn's own line (or the hand-over screen does, when one comes now)."""
        self.ai.fail(cur)
        self.ctl.humans[cur] = True
        self._sync_turn()
        self.ctl.say(lambda: t(key, who=i18n.player_name(cur)), "error")
        if isinstance(self.app.scene, HandoverScene):
            self.app.scene.notice = (t(key, who=i18n.player_name(cur)), False)

    def _apply_ai(self, action, cur: int) -> bool:
        """Play the computer seat ``cur``'s ``action``; whether the viewer was shown anything of it."""
        g = self.game
        seen_before = len(g.events(self.ctl.viewer))
        view_before = g.observe(self.ctl.viewer).key()
        try:
            g.apply(action)
        except IllegalAction as e:
            # a buggy agent: the refusal was written for that seat and may name its cells in the viewer's fog (G1,
            # S7), so the screen says only that it erred and passes; the details go to stderr (AIDriver.report)
            self.ai.report(cur, f"refused {action!r}: {e.message}")
            try:
                g.apply(End())
            except IllegalAction as e2:  # it may not pass either (S13: a forced reinforcement): a human takes the seat
                self.ai.report(cur, f"refused its pass too: {e2.message}")
                self._computer_to_human(cur, "board_ai_refused")
                return True
            self.ai_wait = self.app.opts.ai_delay / self.ai_speed
            self.ctl.say(lambda: t("ai_refused_pass", who=i18n.player_name(cur)), "error")
            self._after_action(End(), echo=False)
            return True
        if g.observe(self.ctl.viewer).key() == view_before:
            # G1/S7: nothing of it reaches the viewer: no line and no pause either ("P2 acted out of sight" and
            # ai_delay after each unseen action let the player count them); the line still says P2 is thinking
            self.ai_wait = 0.0
            self._after_action(action, echo=False)
            return False
        self.ai_wait = self.app.opts.ai_delay / self.ai_speed
        self.last_ai = (action, cur, time.monotonic())
        # the viewer reads what its own log got (S7: never the action's cells it did not see), in words ("P2: end of
        # turn", the log's line, not the action's text); without fog every action is in it; nothing in the log: only
        # that something happened out of sight (an action's own text could name what the player may not know)
        news = g.events(self.ctl.viewer)[seen_before:]
        said = news[-1].msg if news else Msg.of("shachang.ui.unseen_action", seat=i18n.player_name(cur))
        nxt = g.current_player
        if not g.is_over and nxt != cur and nxt == self.ctl.viewer and self.seats[nxt] == "human":
            # back to the player on screen: the computer's last line, then that it is their turn and what to do
            # (issue 26: "玩家2：结束回合" stayed on the line and never said so)
            hint = "shachang.ui.your_turn_reinforce" if g.phase == "reinforce" and g.reinforce_room() > 0 \
                else "shachang.ui.your_turn"
            self.ctl.say(lambda: t(hint, last=i18n.engine_text(said), p=i18n.player_name(nxt)), "ok")
        else:
            self.ctl.say(lambda: i18n.engine_text(said))
        dst = getattr(action, "dst", None) or getattr(action, "cell", None)
        if dst is not None and self.ctl.obs.visible[dst] and not self.skip and self.fp_cam is None \
                and self.handover_for is None:  # (behind a hand-over the camera is the last human's, kept as it left it)
            self.frame_cell(dst)
        self._after_action(action, echo=False)  # the echo is the player's own; this one slid already if seen
        return True

    TIP_DELAY = 0.35

    def _draw_tooltip(self, display) -> None:
        """Owner, soldiers, height and what an own unit may still do, next to the mouse once it rests."""
        tip, ctl = self._tip, self.ctl
        # none under a menu, hand-over or box covering the scene (issue 26: the box stayed drawn under the Esc menu)
        cell = ctl.hover if (self.mouse_seen and not self.dragging and ctl.reinforce is None
                             and not self.blocked()) else None
        now = time.monotonic()
        if cell != tip["cell"]:
            tip.update(cell=cell, due=now + self.TIP_DELAY, shown=False)
            return
        if cell is None or now < tip["due"]:
            return
        key = (cell, self.ctl.version, self.ctl.viewer, i18n.lang(), ctl.selected, ctl.count)  # + the click preview
        if tip.get("key") != key:  # worked out once per rest, not every frame
            tip["key"], tip["lines"] = key, hud.tooltip_lines(self, cell)
        lines = tip["lines"]
        tip["shown"] = True
        if not lines:
            return
        surf = display.ui
        lh = 20
        bw = max(text.size_of(s, 14)[0] for s, _ in lines) + 16
        place = (tuple(self.mouse), bw, len(lines), self._camera_key(), ctl.version, ctl.selected)
        if tip.get("place") != place:  # placed once per rest (and camera), not every frame
            tip["place"], tip["rect"] = place, self.tooltip_rect(bw, lh * len(lines) + 10)
        r = tip["rect"]
        widgets.panel(surf, r, alpha=235)
        for i, (s, col) in enumerate(lines):
            text.draw(surf, s, (r.x + 8, r.y + 5 + i * lh), 14, col)
        display.mark(r, opaque=True)

    def cell_box(self, cell) -> pygame.Rect | None:
        """The pixels a cell covers on screen, its stack included (None when behind the camera)."""
        cam = self.camera()
        x, z = cell_xz(cell, self.layout)
        if hasattr(cam, "to_screen"):  # flat: the cell's square (the star's hexagon's box)
            a, b = cam.to_screen(x - 0.5, z - 0.5), cam.to_screen(x + 0.5, z + 0.5)
            return pygame.Rect(int(a[0]), int(a[1]), max(1, int(b[0] - a[0])), max(1, int(b[1] - a[1])))
        obs = self.ctl.obs
        u = obs.unit_at(cell)
        g = max(0, int(obs.heights[cell])) * Y_SCALE
        top = g + (u.count if u is not None else 0) * Y_SCALE
        pts = [(x + dx, y, z + dz) for dx in (-0.5, 0.5) for dz in (-0.5, 0.5) for y in (g, top)]
        w, h = self.app.display.size
        p = cam.project(pts, w, h)
        if not ((p[:, 2] >= -1) & (p[:, 2] <= 1)).all():
            return None
        x0, y0 = p[:, 0].min(), p[:, 1].min()
        return pygame.Rect(int(x0), int(y0), max(1, int(p[:, 0].max() - x0)), max(1, int(p[:, 1].max() - y0)))

    def tooltip_rect(self, bw: int, bh: int) -> pygame.Rect:
        """Where the tooltip goes (issue 26: it opened over the cells next to the selected unit): near the
        mouse but off the selected unit, the hovered cell, the selection's attack targets, the player's own
        soldiers (on the star the box covered some) and the cells it can march to (the cursor's targets), inside
        the part of the window the panels leave free. Of the
        places tried (each corner of the mouse, then farther out), the one covering the least of them."""
        ctl = self.ctl
        w, h = self.app.display.size
        x0, y0, x1, y1 = self.usable_rect()
        free = pygame.Rect(int(x0 * w), int(y0 * h), int((x1 - x0) * w), int((y1 - y0) * h))
        ov = ctl.overlays()
        avoid: list[tuple[pygame.Rect, int]] = []
        mx, my = self.mouse
        avoid.append((pygame.Rect(mx - 12, my - 12, 24, 24), 50))  # never under the pointer itself
        own = [u.cell for u in ctl.obs.own_units()]  # the player's soldiers (the star's squads: issue 26)
        for cells, weight in (([ctl.selected, ctl.hover], 8), (ov.targets, 8), (own, 4), (list(ov.reachable), 2),
                              (ov.reinforce_cells if ctl.selected is None else [], 1)):
            for c in cells:
                if c is None:
                    continue
                b = self.cell_box(c)
                if b is not None and b.colliderect(free.inflate(bw * 2, bh * 2)):
                    avoid.append((b, weight))
        best = None
        k = 0
        for d in (18, 48, 96, 160, 240):
            for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1), (0, -1)):
                rx = mx + d if sx > 0 else (mx - d - bw if sx < 0 else mx - bw // 2)
                ry = my + d if sy > 0 else (my - d - bh if sy < 0 else my - bh // 2)
                r = pygame.Rect(rx, ry, bw, bh).clamp(free)
                cost = sum(weight * r.clip(b).w * r.clip(b).h for b, weight in avoid)
                score = (cost, k)  # the least covered; then the nearest of the places tried
                k += 1
                if best is None or score < best[0]:
                    best = (score, r)
                if cost == 0:
                    return r
        return best[1]

    def _draw_flashes(self, display) -> None:
        """Expanding rings on units the player saw hit; "from the fog" when the shooter was unseen."""
        now = time.monotonic()
        self.flashes = [f for f in self.flashes if now - f["t0"] < self.FLASH_S]
        surf = display.ui
        for f in self.flashes:
            p = self.cell_to_screen(f["cell"])
            if p is None:
                continue
            k = (now - f["t0"]) / self.FLASH_S
            r = int(10 + 34 * k)
            col = (255, 70, 40) if f["wiped"] else (255, 200, 60)
            pygame.draw.circle(surf, col, p, r, max(1, int(5 * (1 - k)) + 1))
            box = pygame.Rect(p[0] - r - 4, p[1] - r - 4, 2 * r + 8, 2 * r + 8)
            if f["unseen"]:
                lab = text.draw(surf, t("hit_from_fog"), (p[0], p[1] - r - 6), 15, (255, 220, 200),
                                anchor="midbottom", shadow=True)
                box = box.union(lab.inflate(4, 4))
            display.mark(box)

    def _draw_slide(self, display, sl=None) -> None:
        """A march (its soldiers sliding) or shot (a bolt) between two visible cells: the computer's
        before it lands, or (``sl`` = self.echo) the player's own just after it was played."""
        sl = sl or self.slide
        a = self.cell_to_screen(sl["action"].src)
        b = self.cell_to_screen(sl["action"].dst, top=False)
        if a is None or b is None:
            return
        f = min(1.0, (time.monotonic() - sl["t0"]) / max(1e-3, sl["dur"]))
        f = f * f * (3 - 2 * f)  # ease in and out
        x, y = a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        surf = display.ui
        if isinstance(sl["action"], Attack):  # (also the star's StarAttack)
            pygame.draw.line(surf, (255, 230, 120), a, (int(x), int(y)), 2)
            pygame.draw.circle(surf, (255, 80, 40), (int(x), int(y)), 6)
        else:
            col = player_rgb(sl["seat"])
            pygame.draw.circle(surf, (0, 0, 0), (int(x), int(y)), 13)
            pygame.draw.circle(surf, col, (int(x), int(y)), 11)
            text.draw(surf, str(sl["action"].count), (int(x), int(y)), 14, (255, 255, 255), anchor="center")
        xs, ys = (a[0], b[0]), (a[1], b[1])
        w = -(-(max(xs) - min(xs) + 60) // 128) * 128
        h = -(-(max(ys) - min(ys) + 60) // 128) * 128
        display.mark(pygame.Rect(min(xs) - 30, min(ys) - 30, w, h))

    # ---------------------------------------------------------------- draw
    def draw(self, display) -> None:
        ctl = self.ctl
        self.frame = ctl.frame()
        frame = self.frame
        if display.kind == "gl" and getattr(display.gl, "used_far", False) and frame.overlays.hover is not None:
            # cells are a few pixels wide: a hover frame cannot be seen, and leaving it out keeps the
            # renderer's cached overview picture (and the frame's version) valid while the mouse moves
            frame = ctl.frame(hover=False)
        frame = self.items.decorate(frame)  # a card in use: its offered cells marked
        display.draw_board(frame, self.camera())
        surf = display.ui
        w, h = surf.get_size()
        hud.top_bar(surf, self)
        pw = min(hud.PANEL_W, w // 3)
        if self.panel_shown():
            area = pygame.Rect(w - pw - 6, hud.TOP_H + 6, pw, h - hud.TOP_H - hud.STATUS_H - 12)
            box = hud.side_panel(surf, self, area)
            y = box.bottom + 6
            log_rect = pygame.Rect(area.x, y, pw, area.bottom - y)
            self.panel_rect = box
            if log_rect.h > 60:
                self.log.draw(surf, log_rect, ctl.obs.messages)
                self.panel_rect = box.union(self.log.rect)
        else:  # hidden (first person): only a small tab that brings it back (or I)
            r = self.info_button.layout(w - 8, hud.TOP_H + 6, h=26, anchor="topright")
            widgets.panel(surf, r.inflate(6, 4), alpha=225)
            display.mark(r.inflate(8, 6), opaque=True)
            self.info_button.draw(surf)
            self.panel_rect = r.inflate(6, 4)
        if self.minimap and self.show_minimap:
            # a small window gets a smaller minimap: at 640x400 the full one covered a third of the width
            self.minimap.fit(min(self.minimap_full, max(96, min(w // 5, (h - hud.TOP_H - hud.STATUS_H) * 2 // 5))))
            aspect = w / max(1, h)
            try:
                fp = self.cam.footprint(aspect)
            except Exception:
                fp = None
            yaw, eye, half = getattr(self.cam, "yaw", 0.0), None, 45.0
            if self.fp_cam is not None:  # first person: the soldier's eye and view direction on the map
                yaw, eye = self.fp_cam.yaw, (float(self.fp_cam.position[0]), float(self.fp_cam.position[2]))
                half = math.degrees(math.atan(math.tan(math.radians(self.fp_cam.fov / 2)) * aspect))
            self.minimap.draw(surf, (8, h - hud.STATUS_H - self.minimap.size - 8), self.frame, fp, yaw=yaw,
                              eye=eye, eye_half=half)
        if self.minimap and self.show_minimap:
            r = self.minimap.rect.inflate(2, 2)
            display.mark(r, opaque=True)
        if self.dragging and self.press is not None:
            display.mark_full()  # a free line: composite the whole overlay while dragging
            pygame.draw.line(surf, (255, 230, 60), self.press[0], self.mouse, 3)
            if ctl.selected is not None:
                text.draw(surf, str(ctl.count), (self.mouse[0] + 14, self.mouse[1] - 10), 18,
                          (255, 230, 60), shadow=True)
        if self.last_ai is not None:
            self._draw_last_ai(display)
        if self.slide is not None:
            self._draw_slide(display)
        if self.echo is not None:
            if time.monotonic() - self.echo["t0"] >= self.echo["dur"]:
                self.echo = None
            else:
                self._draw_slide(display, self.echo)
        if self.flashes:
            self._draw_flashes(display)
        self.items.draw(display)
        self._draw_tooltip(display)
        self.items.draw_zoom(display)
        if ctl.reinforce is not None:
            self._draw_popup(surf)
        if ctl.preview and ctl.hover is not None:
            # the engine previews only a cell the player explored (S6: nothing is known to see from elsewhere)
            rows, cols = ctl.obs.explored.shape
            known = 0 <= ctl.hover[0] < rows and 0 <= ctl.hover[1] < cols and bool(ctl.obs.explored[ctl.hover])
            r = text.draw(surf, t("vision_preview" if known else "vision_preview_unknown", c=ctl.cell_name(ctl.hover)),
                          (10, hud.TOP_H + 8), 15,
                          (255, 240, 170), shadow=True)
            display.mark(r.inflate(4, 4))
        self._take_ctl_status()  # said during this frame's events
        *drawn, box = hud.status_line(surf, self.status_text(i18n.lang()), self.message_kind)
        self.note_status_line(*drawn)
        if self.refusal_flashing():  # a frame round the refusal's line (a repeated one included)
            r = box
            pygame.draw.rect(surf, (255, 90, 70), r, 2)
            display.mark(r, opaque=True)

    REFUSAL_FLASH_S = 0.45

    def refusal_flashing(self, after: float = 0.0) -> bool:
        """Whether a refusal was said a moment ago (its status line is framed in red); ``after``: so much
        longer (the scene keeps drawing a little past the flash, so its frame is drawn away)."""
        return time.monotonic() - self.refusal_flash < self.REFUSAL_FLASH_S + after

    def cell_to_screen(self, cell, top: bool = True):
        """Pixel of a cell's centre (at its stack top in 3D), or None when behind the camera."""
        cam = self.camera()
        if hasattr(cam, "to_screen"):
            x, y = cam.to_screen(*cell_xz(cell, self.layout))
            return int(x), int(y)
        obs = self.ctl.obs
        u = obs.unit_at(cell)
        hgt = max(0, int(obs.heights[cell])) + (u.count if (u and top) else 0)
        w, h = self.app.display.size
        x, z = cell_xz(cell, self.layout)
        p = cam.project([(x, hgt * Y_SCALE, z)], w, h)[0]
        if not -1 <= p[2] <= 1:
            return None
        return int(p[0]), int(p[1])

    def _draw_last_ai(self, display) -> None:
        """The computer's last march or attack as an arrow, for a moment, where the viewer can see it."""
        action, seat, t0 = self.last_ai
        life = max(0.25, 1.2 / self.ai_speed)
        age = time.monotonic() - t0
        if age > life or self.skip:
            self.last_ai = None
            return
        src = getattr(action, "src", None)
        dst = getattr(action, "dst", None) or getattr(action, "cell", None)
        vis = self.ctl.obs.visible
        if dst is None or not vis[dst]:
            return
        b = self.cell_to_screen(dst)
        if b is None:
            return
        surf = display.ui
        col = (255, 70, 60) if isinstance(action, Attack) else player_rgb(seat)
        pts = [b]
        if src is not None and vis[src]:
            a = self.cell_to_screen(src)
            if a is not None:
                pygame.draw.line(surf, col, a, b, 4)
                pts.append(a)
        rad = int(10 + 14 * age / life)
        pygame.draw.circle(surf, col, b, rad, 3)
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        w = -(-(max(xs) - min(xs) + 60) // 128) * 128  # few distinct sizes: the GL overlay caches by size
        h = -(-(max(ys) - min(ys) + 60) // 128) * 128
        display.mark(pygame.Rect(min(xs) - 30, min(ys) - 30, w, h))

    def _draw_popup(self, surf) -> None:
        r = self.ctl.reinforce
        w, h = surf.get_size()
        msg = t("reinforce_prompt", c=self.ctl.cell_name(r["cell"]), k=r["count"], n=r["max"])
        tw, th = text.size_of(msg, 17)
        box = pygame.Rect(0, 0, tw + 40, th + 64)
        box.midbottom = ((w - hud.PANEL_W) // 2, h - hud.STATUS_H - 20)
        widgets.panel(surf, box, alpha=240)
        pygame.draw.rect(surf, (70, 150, 255), box, 2)
        text.draw(surf, msg, (box.centerx, box.y + 10), 17, anchor="midtop")
        x = box.x + 20
        for b in self.popup_buttons:
            rr = b.layout(x, box.bottom - 40, h=30)
            x = rr.right + 10
            b.draw(surf)
