"""The one scene that plays every flat-board game (百格西洋棋, 三国演弈暗棋, later hex games) through its plugin.

    scene = BoardGameScene(screen_size, game, seats, lang, renderer_kind, host=app)
    r = scene.handle_event(event)   # "menu" once the player leaves, else None
    scene.update(dt)
    scene.draw(target)              # the app's Display (GL or flat) or a pygame.Surface

The game's plugin (client/games/<game_id>.py) maps the observation to the board model and
answers clicks by walking the engine's action steps; the scene keeps the steps chosen so far
(``prefix``), draws the panels, and runs the modals (confirm, chooser, game over, hand-over) on
its host's scene stack (the App's, or a ``Stack`` of its own without an app). Keys come from the
key-binding table (client/keys.py), words from client.i18n, computer seats from client.ai_driver.
It is a ``client.scene.Scene`` (through ``PlayScene``, client/scenes/play.py: seats, status line, autosave,
leaving); ``BoardGameScene.for_app`` / ``app_scene`` make one for the App's stack. See docs/architecture.md.

Issue 26: every click on the board that starts or builds nothing says why on the status line (``why_not``): the
plugin's own words when it has them (``explain``, an optional ``explain_start(cell)`` for a click with nothing
selected), else the engine's refusal of the move the click asks for (``engine_refusal`` / ``start_refusal``: the
IllegalAction's keyed message with its rule id, ``refusal_msg``); a click during a computer's turn says whose turn
it is. The status line wraps (never cut) and grows with its lines; a decision only a few cells can start (in
check, a forced move) marks them "start" before the click.
"""
from __future__ import annotations

import math
import re
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from client import i18n, keys
from client.ai_driver import LEVELS, AIDriver
from client.boards.model import rgb255
from client.games import make_plugin
from client.games.base import text as words
from client.i18n import t
from client.render.flat_board import FlatBoardRenderer
from client.render.gl_board import BoardCamera, GLBoardRenderer
from client.scenes.handover import HandoverScene
from client.scenes.menu import MenuScene
from client.scenes.modals import ChooserModal, ConfirmModal, ListModal, Modal, NoticeModal, Stack
from client.scenes.play import PlayScene, UiMsg
from client.scenes.stats import board_game_over
from client.ui import text, widgets
from client.ui.cards import CardStrip
from engine.api import IllegalAction, ParseError, Step
from engine.messages import Msg, rule_msg, template
from engine.replay import actors

TOP_H = 52
STATUS_H = 44  # two lines of the status line (a longer refusal grows it: it wraps, never cut)
STATUS_SIZE = 15  # its font size
STATUS_LINE = 19  # its line height
HELP_LINE_H = 22  # the side panel's foot line, "F1 Help"
BG = (23, 25, 30)
PANEL_BG = (30, 33, 40)


class BoardGameScene(PlayScene):
    """See the module docstring. With ``app`` it is a scene of the App's stack (its modals go there too);
    without, a scene of its own ``Stack`` driven by ``handle_event`` / ``update`` / ``draw`` (tests)."""

    opaque = True

    def __init__(self, screen_size, game, seats: list[str] | None = None, lang: str | None = None,
                 renderer_kind: str = "flat", ai_delay: float = 0.35, seed: int | None = 0, host=None,
                 app=None, on_leave=None, autosave: bool = False, ai_seed: int | None = None):
        self.size = (int(screen_size[0]), int(screen_size[1]))
        n = game.num_players
        seats = list(seats or ["human"] * n)
        super().__init__(app, game, (seats + ["human"] * n)[:n], on_leave=on_leave, autosave=autosave)
        for s in self.seats:
            if s != "human" and s not in LEVELS:
                raise ValueError(f"unknown seat {s!r}: human, random, easy, normal or hard")
        if lang in i18n.LANGS:
            i18n.set_lang(lang)
        self.renderer_kind = renderer_kind if renderer_kind in ("flat", "gl") else "flat"
        self.ai_delay = float(ai_delay)
        self.plugin = make_plugin(game)
        self.seed = seed
        # G1: computer seats follow nothing shown, unless the player gave the seed (a seeded game replays the same)
        seeded = self.plugin.player_seed(game, getattr(app, "opts", None)) is not None
        self.ai = AIDriver(game.game_id, self.seats, seed, hidden_deal=self.plugin.hidden_deal and not seeded,
                           base=ai_seed)  # a loaded game's seed: its computers play on as before (engine.resume)
        self.host = host if host is not None else (app if app is not None else Stack())
        self.flat = FlatBoardRenderer()
        self.gl = None  # GLBoardRenderer, made on the first GL draw
        self.camera = None  # BoardCamera (GL)
        # the GL camera's tilt: the game's own (三国演弈's 17 lines need a steeper view for 24-px pieces), or 55
        self.angled_pitch = float(getattr(self.plugin, "view_pitch", 55.0))
        self.view_pitch = self.angled_pitch
        self.prefix: tuple = ()  # the steps of the action being built
        self.hover = None
        self.hover_since = 0.0  # when the mouse came onto the hovered cell (its tooltip waits a moment)
        self.tip_quiet = None  # the cell clicked last while the mouse stays on it: no tooltip there (it covered marks)
        self.press = None  # (cell, pos) of a left press on a piece: a drag may start
        self.dragging = False
        self.drag_pos = None
        self.mouse = (0, 0)
        self.job = None  # the computer's decision under way (client.ai_driver.Job)
        self.version = 0
        self.last_action_time = -1e9
        self.move_scroll = 0  # lines scrolled up from the end of the move list
        self.actors: list[int] = self._actors_of(game)
        self.last_human: int | None = None
        self._opened = False  # the opening hand-over was considered (``_open_behind_handover``)
        self.seat_views: dict[int, tuple] = {}  # hot seat with a hand-over: each human's (turn, camera turn, tilt, zoom)
        humans = [i for i, s in enumerate(self.seats) if s == "human"]
        self.yaw = 0.0  # the board's turn (the GL camera's yaw, the flat drawing's): 180 = flipped
        if len(humans) == 1:
            self.yaw = self.plugin.bottom_seat_yaw(humans[0])  # the one human's side at the bottom
        elif self._hot_seat_turns() and self.is_human(self.current):
            self.yaw = self.plugin.bottom_seat_yaw(self.current)
        self.board_rect = pygame.Rect(0, 0, 1, 1)
        self.panel_rect = pygame.Rect(0, 0, 1, 1)
        self.status_rect = pygame.Rect(0, 0, 1, 1)
        self.status_lines: list[str] = []  # the status line's words wrapped to the window (``layout``)
        self.last_board_view = None
        self.cards = CardStrip()  # the plugin's rows of cards under the board (client/ui/cards.py)
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.banner_boxes: list[pygame.Rect] = []  # the banner's seat boxes and its "to move" words, as drawn
        self.banner_msg_rect = pygame.Rect(0, 0, 0, 0)
        self.help_line_rect = pygame.Rect(0, 0, 0, 0)  # the side panel's "F1 Help", as drawn
        self.card_rows: list = []
        self.buttons = [
            widgets.Button(lambda: t("board_undo"), self.undo, 15, self.can_undo),
            widgets.Button(lambda: t("board_flip"), self.toggle_flip, 15),
            widgets.Button(lambda: t("board_view_angle" if self.view_pitch > 80 else "board_view_top"),
                           self.toggle_view, 15),
            widgets.Button(lambda: t("menu"), self._ask_leave, 15),
        ]
        self.step_buttons: dict[Any, widgets.Button] = {}  # the game's buttons (offer a draw, resign)
        self.result: str | None = None  # what handle_event returns next ("menu")
        self.using_gl = False
        self._set_turn_message()
        if game.is_over:
            self._game_over()

    # ------------------------------------------------------------------ state helpers
    @property
    def lang(self) -> str:
        return i18n.lang()

    @property
    def current(self) -> int:
        return self.game.current_player

    @property
    def selected(self):
        """The cell of the last cell step chosen (None when nothing is selected)."""
        cells = [s for s in self.prefix if s.kind == "cell"]
        return self.plugin.cell(cells[-1].value) if cells else None

    @property
    def modal(self):
        """The modal of this scene open now on the host's stack (a box or the hand-over), or None."""
        for s in reversed(self.host.scenes):
            if getattr(s, "owner", None) is self:
                return s
        return None

    def open_modal(self, m: Modal) -> Modal:
        m.owner = self
        m.area = lambda: self.board_rect
        self.host.push(m)
        return m

    def key_contexts(self) -> tuple[str, ...]:
        return ("global", "board") + (("board_gl",) if self.using_gl else ()) + (self.plugin.game_id,)

    @classmethod
    def for_app(cls, app, game, seats: list[str], on_leave=None, autosave: bool = True,
                message: str = "", ai_seed: int | None = None) -> "BoardGameScene":
        """The board scene on ``app``'s stack (``app.replace(...)``); ``on_leave`` runs when the player
        leaves (default: the start screen); it autosaves after every action to the app's autosave file."""
        kind = "gl" if app.display.kind == "gl" else "flat"
        sc = cls(app.display.size, game, seats, i18n.lang(), kind, ai_delay=getattr(app.opts, "ai_delay", 0.35),
                 seed=app.opts.seed, app=app, on_leave=on_leave, autosave=autosave, ai_seed=ai_seed)
        if message:
            sc.say(message, ttl=sc.SAVED_S, kind="ok")
        return sc

    def human_turn(self) -> bool:
        return not self.game.is_over and self.is_human(self.current)

    def seat_kind(self, seat: int) -> str:
        s = self.seats[seat]
        return t("board_human") if s == "human" else f"{t('board_computer')}·{t('level_' + s)}"

    @staticmethod
    def _actors_of(game) -> list[int]:
        """The seat that played each action of ``game``'s log (by replaying its save)."""
        try:
            return list(actors(game))
        except Exception:
            return [-1] * len(game.log)

    def selection_key(self):
        return (self.version, self.prefix)

    def idle_message(self) -> None:
        """Whose turn and what to click; but a refusal a notice covered comes back while the selection is the same."""
        held, self._held = getattr(self, "_held", None), None
        if held is not None and held[2] == self.selection_key():
            self.say(held[0], bad=True, rule=held[1])
            return
        self._set_turn_message()

    def take_notice(self) -> None:
        """A notice (the language switch, a screenshot's path) covers the status line for a while, then a refusal it
        covered comes back, said in the language shown then. F2 dropped both at once: the notice, worded in the new
        language, was taken for a line of the old one (new-player QA, session 19: a refusal could not be read in the
        other language)."""
        if self.app is None or not self.app.notice:
            return
        keyed = self.message_bad and not isinstance(self.message, str)
        held = (self.message, self.refusal_rule(), self.selection_key()) if keyed else None
        self._lang_seen = i18n.lang()  # the App words its notice in the language shown now
        super().take_notice()
        self._held = held

    def _set_turn_message(self) -> None:
        if self.game.is_over:
            self.say(self.plugin.end_reason(self.lang))
        elif self.human_turn():
            hint = self.plugin.hint  # an i18n key, or a keyed message of the decision now (said in the language shown)
            self.say(hint if isinstance(hint, Msg) else t(hint))

    def _then_hint(self, line: str) -> str:
        """``line`` (a move played, taken back), then what the human to move may click, in the language shown."""
        hint = self.plugin.hint
        return t("board_played_then", move=line, hint=words(hint, self.lang) if isinstance(hint, Msg) else t(hint))

    def _set_game(self, game) -> None:
        self.game = game
        self.plugin.set_game(game)
        self.version += 1  # a computer thinking now is ignored
        self.job = None
        self.prefix = ()
        for m in [s for s in self.host.scenes if getattr(s, "owner", None) is self]:
            self.host.pop(m)
        self.last_action_time = time.perf_counter()

    # ------------------------------------------------------------------ actions
    def play(self, action) -> bool:
        """Apply an action of the player to move (human or computer); False with the refusal if illegal."""
        seat = self.current
        try:
            said = self.plugin.describe(action, self.lang)  # before: a description reads the position it acts on
            self.game.apply(action)
        except IllegalAction as e:  # (a ParseError is one too)
            if not self.is_human(seat) and seat >= 0:
                self._computer_refused(seat, action, e)
                return False
            if isinstance(e, ParseError):
                self.say(str(e), bad=True)
                return False
            self.say(refusal_msg(self.game.game_id, e) if e.rule else e.text(self.lang), bad=True, rule=e.rule)
            return False  # the rule named in the game's words where it has them (``<game>.rule_id``)
        self.actors.append(seat)
        if self.is_human(seat):
            self.last_human = seat
        self.version += 1
        self.prefix = ()
        self.press = None
        self.dragging = False
        self.last_action_time = time.perf_counter()
        self.move_scroll = 0
        who = self.plugin.seat_name(seat, self.lang) if seat >= 0 else ""
        said = self.plugin.played(seat, said, self.lang)
        keep = not self.is_human(seat) and self.message_kind == "ok" and self.message_until is not None \
            and time.perf_counter() < self.message_until  # "loaded" / "saved" stays its while (issue 26: F9)
        if not keep:  # (a computer's move is in the move list; the turn's line follows when the note goes)
            line = said if said.startswith(who) else t("board_played", who=who, s=said)  # zh: a full-width colon
            if not self.plugin.hint_after_move and self.human_turn() and not self.game.is_over:
                line = self._then_hint(line)  # and what to click now
            self.say(line)
        if self.plugin.hint_after_move and self.human_turn() and not keep:
            self._set_turn_message()  # the line says what to do now; the move stays in the move list (辛亥革命)
        if self.game.is_over:
            self._game_over()
        elif not self._private_note(seat):
            self._maybe_handover()
        return True

    def _computer_refused(self, seat: int, action, e: IllegalAction) -> None:
        """A computer's action the engine refused (a buggy agent): the refusal was written for that seat and may
        name its hidden pieces, so the screen says only that it erred, the details go to stderr, and the seat goes
        to a human (the driver's one policy; asking the agent again would loop on the same move)."""
        self.ai.report(seat, f"refused {action!r}: {e.text('en')}")
        self._computer_failed(seat, "board_ai_refused")

    def _computer_failed(self, seat: int, key: str) -> None:
        """The computer in ``seat`` failed (``key``: words naming nothing of it): its seat goes to a human, behind a
        hand-over in hot seat with something private (the screen showed the last human's view with it to move)."""
        words = t(key, who=self.plugin.seat_name(seat, self.lang))
        self.say(words, bad=True)
        self.ai.fail(seat)
        self._maybe_handover()
        top = self.host.scene
        if getattr(top, "kind", None) == "handover" and getattr(top, "owner", None) is self:
            top.notice = (words, False)  # (its status line is hidden)

    def _private_note(self, seat: int) -> bool:
        """What only the human who just acted may see (the plugin's ``private_note``): on the status line, or,
        when other humans play at this screen too, in a box before the hand-over (True: the box is open)."""
        note = self.plugin.private_note(seat) if self.is_human(seat) else None
        if not note:
            return False
        if sum(1 for s in self.seats if s == "human") < 2:
            self.say(f"{self.status_text(self.lang)} — {words(note, self.lang)}")
            return False
        self.open_modal(NoticeModal(self.host, lambda: words(note, self.lang), self._maybe_handover))
        return True

    def play_human(self, action) -> bool:
        """A human's action: asks first when the plugin wants a confirmation (resigning, C7's losing check)."""
        question = self.plugin.confirm(action)
        if question is not None:
            self.open_modal(ConfirmModal(self.host, lambda q=question: words(q, self.lang),
                                         lambda: self.play(action), action=action))
            return False
        return self.play(action)

    def _game_over(self) -> None:
        if self.modal is not None and self.modal.kind == "over":
            return
        self.say(self.plugin.end_reason(self.lang))
        self.open_modal(board_game_over(self))  # reason, statistics, replay (client/scenes/stats.py)

    def _maybe_handover(self) -> None:
        """Hot seat of a game with private information: hide the board before another human's turn."""
        nxt = self.current
        if not self.plugin.needs_handover or not self.is_human(nxt) or self.last_human in (None, nxt):
            return
        if sum(1 for s in self.seats if s == "human") < 2:
            return
        h = HandoverScene(self.host, self, nxt)
        h.owner = self
        self.host.push(h)

    def handover_done(self, seat: int) -> None:
        """The hand-over to ``seat`` ended: its view is shown (turned for it); the hover label waits for the mouse
        to move (the cell picked before may lie elsewhere on the turned board)."""
        prev, self.last_human = self.last_human, seat
        self.hover = None
        self.hover_since = time.perf_counter()
        if self._hot_seat_turns():  # the hand-over hid the board: each seat's own view (turn, tilt, zoom) is shown
            if prev is not None and prev >= 0:
                cam = self.camera
                self.seat_views[prev] = (self.yaw, cam._goal[1] if cam else self.yaw, self.view_pitch,
                                         cam.zoom if cam else 1.0)
            self._show_seat_view(seat)

    def _show_seat_view(self, seat: int) -> None:
        """Seat ``seat``'s view of the board as it left it, or, its first time, its start view: its side at the
        bottom, the game's tilt, no zoom (hot seat: nothing of where the last player looked carries over)."""
        yaw = self.plugin.bottom_seat_yaw(seat)
        board_yaw, cam_yaw, pitch, zoom = self.seat_views.get(seat, (yaw, yaw, self.angled_pitch, 1.0))
        self.turn_to(board_yaw, snap=True)
        self.view_pitch = pitch
        if self.camera is not None:
            self.camera.set_goal(pitch=pitch, yaw=cam_yaw, snap=True)
            self.camera.zoom = zoom

    def _hot_seat_turns(self) -> bool:
        """Hot seat with a hand-over (hidden information): the board turns for each human as it takes the screen."""
        return self.plugin.needs_handover and sum(1 for s in self.seats if s == "human") >= 2

    @property
    def flipped(self) -> bool:
        """The board turned round (the top side at the bottom)."""
        return round(self.yaw) % 360 == 180

    def turn_to(self, yaw: float, snap: bool = False) -> None:
        """Turn the board to ``yaw`` degrees; the GL camera takes the shorter way round (or jumps: ``snap``)."""
        self.yaw = float(yaw) % 360.0
        self.hover = None  # the cell under the mouse was picked on the board before it turned: picked again on a move
        if self.camera is not None:
            cur = self.camera._goal[1]
            self.camera.set_goal(yaw=cur + ((self.yaw - cur + 180.0) % 360.0 - 180.0), snap=snap)

    def undo_refusal(self):
        """Why the Undo button would be refused now (None: it would take back): no human action yet, the game
        over, in hot seat with a hand-over a move of another human than the one at the screen, or the engine's G2
        floor (``Game.undo_floor``: an action that showed something hidden stands) — asked of the engine, cached
        per position. The button is greyed whenever this is not None, and its hover and a click on it say it.
        (Another human to move at a shared board is asked first: ``undo``.)"""
        if not any(self.is_human(a) for a in self.actors):
            return UiMsg("board_no_undo")
        if self.game.is_over:  # (the engine's floor is the whole log then: not a G2 reveal, so not its words)
            return UiMsg("board_undo_over")
        k = max(i for i, a in enumerate(self.actors) if self.is_human(a))
        if self._hot_seat_turns() and self.actors[k] != self.last_human:
            # hot seat: the human at the screen takes back only its own move (the next one, handed the screen,
            # took back the last one's and played it for it, its private note shown to the wrong player: G1, K9)
            return UiMsg("board_undo_not_yours")
        key = (id(self.game), len(self.game.log), self.actors[k])
        if getattr(self, "_floor_key", None) != key:
            try:
                floor = self.game.undo_floor(self.actors[k])
            except (ValueError, NotImplementedError):  # a written-out position its log cannot be replayed on
                floor = len(self.game.log) + 1  # (undo replays the log too): nothing to take back
            self._floor_key, self._floor = key, floor
        if self._floor > len(self.game.log):
            return UiMsg("board_no_undo")
        if k < self._floor:  # G2: a move that showed something hidden stands (in the game's words where it has them)
            own = f"{self.plugin.game_id}.undo_stands"
            return Msg.of(own if template(own, "en") is not None else "common.undo_stands")
        return None

    def can_undo(self) -> bool:
        """Whether Undo would take something back now (``undo_refusal`` is None)."""
        return self.undo_refusal() is None

    def undo(self) -> None:
        """Take back the last human action and every computer action after it. Its player takes it back at once
        while nobody else has had the board (against the computer: its move and the computer's answers); when
        another human is to move now (hot seat without a hand-over), that human is asked first, as a take-back over
        the board needs the opponent's consent. With a hand-over ``undo_refusal`` refuses another's move."""
        why = self.undo_refusal()
        if why is not None:
            self.say(why, bad=True, rule="G2" if isinstance(why, Msg) else None)
            return
        k = max(i for i, a in enumerate(self.actors) if self.is_human(a))
        owner, cur = self.actors[k], self.current
        if self.is_human(cur) and cur != owner:
            name = self.plugin.seat_name
            self.open_modal(ConfirmModal(
                self.host, lambda: t("board_undo_ask", who=name(owner, self.lang), q=name(cur, self.lang)),
                self._take_back, on_no=lambda: self.say(t("board_undo_declined", q=name(cur, self.lang))),
                action="undo"))
            return
        self._take_back()

    def _take_back(self) -> None:
        """Undo's taking back, once allowed (and agreed to)."""
        if self.undo_refusal() is not None:  # (the position changed under the question: nothing is taken back)
            return
        k = max(i for i, a in enumerate(self.actors) if self.is_human(a))
        self._set_game(self.game.replay(k))
        self.actors = self.actors[:k]
        # taken back, and what to click now (a human is to move again)
        self.say(self._then_hint(t("board_undone")) if self.human_turn() else t("board_undone"))

    def toggle_flip(self) -> None:
        self.turn_to(self.yaw + 180.0)

    def toggle_view(self) -> None:
        self.view_pitch = self.angled_pitch if self.view_pitch > 80 else 90.0
        if self.camera is not None:
            self.camera.set_goal(pitch=self.view_pitch)

    def new_game(self) -> None:
        """The same game again: the next seed, or an unpredictable one for hidden deals (never seed + 1 there)."""
        if self.seed is not None:
            self.seed += 1
        self._set_game(self.plugin.game_again(self.game, self.seed))  # the same set-up (variant, scenario, ...)
        self.ai.reset(self.seed, hidden_deal=self.plugin.hidden_deal)
        self.actors = []
        self.last_human = None
        self.seat_views = {}
        self._opened = False  # the new game opens behind a hand-over too
        self.say("")  # the old game's end goes (a computer to move first says nothing until it has moved)
        self._set_turn_message()

    def _ask_leave(self) -> None:
        """Esc or the Menu button: in the App the in-game menu (resume, save, load, language, help, leave; as
        沙场秋点兵's), else (a scene driven without the App) a question before leaving. An ended game's board
        (its game-over box closed with "View board") brings the box back, whose Menu leaves: leaving at once took
        the replay, the statistics and a new game of the same set-up out of reach (found in QA, session 13)."""
        if self.game.is_over:
            if self.modal is not None and self.modal.kind == "over":
                self.result = "menu"
            else:
                self._game_over()
            return
        if self.app is not None and self.host is self.app:
            self.app.push(MenuScene(self.app, self))
            return
        self.open_modal(ConfirmModal(self.host, lambda: t("board_confirm_leave"), self._leave))

    def _leave(self) -> None:
        self.version += 1
        self.job = None
        self.result = "menu"

    def press_button(self, step) -> None:
        """A button of the game (offer a draw, resign): its action, asked first when the plugin says so."""
        if not self.human_turn():
            return
        out = self.plugin.walk((step,))
        if out.kind == "play":
            self.play_human(out.action)
        else:
            self.play_human(step.value)  # an action besides the listed ones (resign, offer)

    # ------------------------------------------------------------------ board input
    def viewer(self) -> int:
        """The seat whose view is shown: the human to move, else the last human who moved."""
        viewer = self.current if self.current >= 0 else 0
        humans = [s for s in range(len(self.seats)) if self.is_human(s)]
        # a computer seat's private view is never shown to a human player, nor, in hot seat, the next human's
        # before its hand-over (the one who just acted may still be reading its private note)
        if humans and (not self.is_human(viewer) or (self.plugin.needs_handover and self.last_human in humans)):
            viewer = self.last_human if self.last_human in humans else humans[0]
        return viewer

    def _board_view(self):
        viewer = self.viewer()
        v = self.plugin.view(viewer, self.prefix)
        v.flipped = self.flipped and not self.using_gl
        v.yaw = 0.0 if self.using_gl else self.yaw
        if self.human_turn() and not self.prefix and viewer == self.current:
            for c in self.constrained_starts():
                v.marks.setdefault(c, "start")
        if self.hover is not None and self.human_turn() and self.hover not in v.marks \
                and self.plugin.can_start(self.hover):
            v.marks[self.hover] = self.plugin.hover_mark(v, self.hover)
        if self.dragging and self.selected is not None and self.drag_pos is not None:
            v.dragging = self.selected
            v.drag_pos = self.drag_pos
        return v

    START_MARK_MAX = 8  # at most this many cells that start an action: each is marked before the click

    def constrained_starts(self) -> list:
        """The cells a click may start an action on, when they are few (in check, a forced move, a piece or
        two able to move): marked "start" before the player clicks. None when most pieces may start (the
        opening of a chess game), where marks on all of them would say nothing."""
        idx = self.plugin.index()
        cells = [s.value for s in idx.next(()) if s.kind == "cell"]
        if not cells or len(cells) > self.START_MARK_MAX:
            return []
        return [self.plugin.cell(c) for c in cells]

    def pick(self, pos):
        if not self.plugin.board_area(self.board_rect).collidepoint(pos):  # not a cell hidden under a game's panels
            return None
        if self.using_gl and self.camera is not None and self.last_board_view is not None:
            return GLBoardRenderer.pick(pos[0], pos[1], self.last_board_view, self.camera)
        return self.flat.pick(*pos)

    def world_at(self, pos):
        if self.using_gl and self.camera is not None:
            return self.camera.ground_at(pos[0], pos[1], 0.25)
        return self.flat.to_world(*pos)

    def world_px(self, x: float, z: float) -> tuple[float, float]:
        """The pixel where the board's point (x, z) on the ground is drawn in the last frame (flat or GL)."""
        if self.using_gl and self.camera is not None:
            p = self.camera.project([(x, 0.0, z)])[0]
            return (float(p[0]), float(p[1]))
        return self.flat.to_px(x, z)

    def cell_pos(self, cell) -> tuple[int, int]:
        """The pixel where ``cell``'s piece (or centre) is drawn (for tests and tooltips)."""
        if self.using_gl and self.camera is not None and self.last_board_view is not None:
            return GLBoardRenderer.cell_px(cell, self.last_board_view, self.camera)
        return self.flat.cell_px(cell)

    def click(self, cell) -> None:
        """A click on ``cell`` (or off the board: None) by the human to move."""
        if not self.human_turn():
            return
        self.apply_outcome(self.plugin.click(cell, self.prefix), cell)

    def apply_outcome(self, out, cell=None) -> None:
        if out.kind == "play":
            self.prefix = out.prefix
            self.play_human(out.action)
        elif out.kind == "choose":
            self.prefix = out.prefix
            keep = out.prefix

            def picked(choice):
                self.apply_outcome(self.plugin.pick(keep, choice.step))

            self.say(UiMsg(self.plugin.chooser_title))  # the status line says what the open box asks (F2: re-rendered)
            self.open_modal(ChooserModal(self.host, lambda: t(self.plugin.chooser_title), out.choices, picked,
                                         self._clear_prefix))
        elif out.kind == "select":
            self.prefix = out.prefix
            self._say_selection()
        else:
            why = self.why_not(out, cell)
            if why:
                self.say(why, bad=True, rule=self._why_rule or None)
            self.prefix = ()

    def _say_selection(self) -> None:
        """A plugin that words the steps chosen so far (``selection_hint``, e.g. 江山's "1/3 chosen") says them;
        else a selected cell says how many marks it has and how to let it go (issue 26: the line kept "select a
        piece" with the piece selected)."""
        hint = getattr(self.plugin, "selection_hint", None)
        said = hint(self.prefix) if hint is not None and self.human_turn() else None
        if said is not None:
            self.say(said)
        elif self.human_turn() and self.prefix and self.prefix[-1].kind == "cell":
            n = len(self.plugin.targets(self.prefix))
            if n:
                self.say(UiMsg("board_selected_one" if n == 1 else "board_selected",
                               {"cell": self.prefix[-1].value, "n": n}))

    def _clear_prefix(self) -> None:
        self.prefix = ()
        self._set_turn_message()  # the chooser was closed without a choice: back to the turn's line

    def why_not(self, out, cell):
        """Why a click on ``cell`` (after the steps chosen so far) starts or builds nothing, as a keyed message
        with the rule id (issue 26): the plugin's own words when it has them (``out.reason``, its
        ``explain_start``), else the engine's refusal of the move the click asks for (its IllegalAction:
        message and rule); "" for a click that only lets the selection go (off the board, the piece again)."""
        self._why_rule = ""  # the rule id the reason rests on (the rules reader opens it: F3, a click on it)
        if cell is None or (self.prefix and cell == self.selected):
            return ""
        pl = self.plugin
        reason = out.reason if words(out.reason, "en").strip() else None
        if self.prefix:
            src = self.prefix[0].value if self.prefix[0].kind == "cell" else None
            e = engine_refusal(self.game, src, pl.cell_name(cell)) if src is not None else None
            if e is not None and (reason is None or e.msg == reason):
                self._why_rule = e.rule
                return refusal_msg(self.game.game_id, e)
            self._why_rule = out.rule if reason is not None else ""
            return reason if reason is not None else t("board_cannot_move")  # a Msg: said in the language shown
        if reason is not None:
            self._why_rule = out.rule
            return reason  # a plugin's own words (a Msg is said in the language shown, also after F-key toggles)
        start = getattr(pl, "explain_start", None)  # a game's own words for a cell that starts nothing
        said = start(cell) if start is not None else None
        if said:
            return said
        said = start_refusal(self.game, pl, cell)
        if said:
            return said
        p = self.last_board_view.piece_at(cell) if self.last_board_view is not None else None
        if p is not None and not p.face_down:  # a game that cannot say more (no ``move_action``)
            return t("board_no_moves_piece" if p.side == self.current else "board_not_yours")
        return ""

    def board_press(self, cell, pos) -> None:
        if cell is None:
            self.prefix = ()
            return
        if not self.human_turn():
            if not self.game.is_over and self.current >= 0:  # a computer's turn: say so rather than nothing
                level = self.seats[self.current]  # keyed words: the line follows F2
                self.say(Msg.of("common.wait_turn", seat=self.game.seat_name(self.current),
                                kind=Msg.of("common.computer_level", level=Msg.of(f"client.level_{level}"))),
                         ttl=self.SAVED_S)
            return
        if cell == self.selected:
            self.press = (cell, pos)  # a drag, or a click that deselects on release
            self._was_selected = True
            return
        self._was_selected = False
        self.click(cell)
        if self.selected == cell:
            self.press = (cell, pos)

    def board_release(self, pos) -> None:
        press, self.press = self.press, None
        if press is None:
            return
        src, _ = press
        if self.dragging:
            self.dragging = False
            self.drag_pos = None
            dst = self.pick(pos)
            if dst is not None and dst != src:
                self.click(dst)
                if not self.prefix and self.modal is None and self.current >= 0 and self.message_bad:
                    self.prefix = self.plugin.click(src, ()).prefix  # a refused drop keeps the piece selected
                    self._refused_for = self.selection_key()  # (its refusal stays while it does)
            return
        if self.selected == src and self.pick(pos) == src and getattr(self, "_was_selected", False):
            self.prefix = ()

    # ------------------------------------------------------------------ events
    def handle_event(self, ev) -> str | None:
        """Handle one pygame event; returns "menu" when the player leaves the game."""
        m = self.modal
        if m is not None and isinstance(self.host, Stack):
            m.handle(ev)  # without an app the scene passes events to its own modal
            r, self.result = self.result, None
            return r
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            for b in self.buttons + list(self.step_buttons.values()):
                b.handle(ev)
            hover = self.pick(ev.pos)
            if hover != self.hover:
                self.hover_since = time.perf_counter()
                self.tip_quiet = None
            self.hover = hover
            if self.press is not None and not self.dragging:
                (cell, p0) = self.press
                if math.hypot(ev.pos[0] - p0[0], ev.pos[1] - p0[1]) > 6:
                    self.dragging = True
            if self.dragging:
                self.drag_pos = self.world_at(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.mouse = ev.pos
            self.tip_quiet = self.hover  # a click hides the tooltip until the mouse goes to another cell
            self._mouse_down(ev)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self.board_release(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            self.prefix = ()
            self.press = None
            self.dragging = False
        elif ev.type == pygame.MOUSEWHEEL:
            if self.panel_rect.collidepoint(self.mouse):
                self.move_scroll = max(0, self.move_scroll + ev.y)
            elif self.camera is not None and self.using_gl:
                self.camera.zoom = min(2.5, max(0.6, self.camera.zoom * (1.1 ** ev.y)))
        elif ev.type == pygame.KEYDOWN:
            self._key(ev)
        r, self.result = self.result, None
        return r

    def _key(self, ev) -> None:
        act = keys.action(ev, self.key_contexts())
        if act == "cancel":
            if self.prefix:
                self.prefix = ()
            else:
                self._ask_leave()
        elif act == "undo":
            self.undo()
        elif act == "flip":
            self.toggle_flip()
        elif act == "view":
            self.toggle_view()
        elif act == "rotate" and self.camera is not None:
            self.camera.set_goal(yaw=self.camera._goal[1] + (-30 if ev.key == pygame.K_q else 30))
        elif act == "scroll":
            self.move_scroll = self.move_scroll + 5 if ev.key == pygame.K_PAGEUP else max(0, self.move_scroll - 5)
        elif act is not None:
            self.plugin.on_key(act, self)  # a game's own key rows (plugin.key_rows)

    def _more_step(self, pl, steps):
        """A pseudo step whose button opens every one-button action in a scrolling list."""
        more = Step("button", "\u2026more", "board_more")
        if more not in self.step_buttons:
            def open_list():
                current = pl.buttons()
                entries = [(st, lambda st=st: words(pl.button_label(st), self.lang)) for st in current]
                self.open_modal(ListModal(self.host, lambda: t("board_more"), entries, self.press_button))
            self.step_buttons[more] = widgets.Button(lambda: t("board_more"), open_list, 15)
        return more

    def _mouse_down(self, ev) -> None:
        for b in self.buttons + list(self.step_buttons.values()):
            greyed = b is self.buttons[0] and not b.enabled()  # asked before the click: an undo greys it after
            if b.rect.w and b.handle(ev):
                if greyed:
                    self.undo()  # the greyed Undo: its click says why on the status line (G2 and the others)
                return
        if self.card_rect.collidepoint(ev.pos):
            card = self.cards.card_at(ev.pos)
            if card is not None:
                self.card_click(card)
            return
        if self.board_rect.collidepoint(ev.pos):
            self.board_press(self.pick(ev.pos), ev.pos)

    # ------------------------------------------------------------------ cards
    def _card_rows(self) -> list:
        """The plugin's rows of cards for the viewer, each card marked ``legal`` when a click on it
        builds an action now (its step follows the steps chosen so far, or starts an action)."""
        viewer = self.viewer()
        rows = self.plugin.card_rows(viewer, self.lang)
        if not rows:
            return []
        nxt: set = set()
        if self.human_turn() and viewer == self.current:
            idx = self.plugin.index()
            nxt = set(idx.next(self.prefix)) | set(idx.next(()))
        return [replace(r, cards=tuple(replace(c, legal=c.step is not None and c.step in nxt) for c in r.cards))
                for r in rows]

    def card_click(self, card) -> None:
        """A click on a card: a legal one is chosen (an action played, or the first steps of one; a
        second click on a chosen card lets it go); any other card says why not."""
        if card.face_down:
            self._card_refusal(card)
            return
        if card.step is not None and card.step in self.prefix:
            self.prefix = ()
            self._say_selection()
            return
        if not card.legal or not self.human_turn():
            self._card_refusal(card)
            return
        idx = self.plugin.index()
        if self.prefix and card.step in idx.next(self.prefix):
            self.apply_outcome(self.plugin.walk(self.prefix + (card.step,)))
        else:
            self.apply_outcome(self.plugin.walk((card.step,)))

    def _card_refusal(self, card) -> None:
        """Say why ``card`` cannot be chosen now: the plugin's words with their rule (``card_refusal``: how the
        card is played, e.g. 江山's tallies played on the board), else the generic line (none for a pile)."""
        why = getattr(self.plugin, "card_refusal", None)
        said = why(card) if why is not None and self.human_turn() else None
        if said is not None:
            self.say(said[0], bad=True, rule=said[1] or None)
        elif not card.face_down:
            self.say(t("cards_not_now"), bad=True)

    # ------------------------------------------------------------------ update
    # hot seat with private information: the game opens behind a hand-over to the first human to act, as every
    # later turn does (else the first player's hand showed to whoever sat at the screen; found in QA, session 11)
    opening_handover = True

    def _open_behind_handover(self) -> None:
        """Once per game: with two humans or more and something private, nobody has the screen yet (the first
        human's turn, now or after the computers', begins with a hand-over)."""
        if self._opened:
            return
        self._opened = True
        if not self.opening_handover or self.game.is_over or not self.plugin.needs_handover or \
                sum(1 for s in self.seats if s == "human") < 2 or self.last_human is not None:
            return
        self.last_human = -1  # nobody: _maybe_handover hands the screen to the first human to move
        if self.is_human(self.current):
            self._maybe_handover()

    def update(self, dt: float) -> None:
        """One frame: the camera, the status line, the computer's move, the autosave, leaving."""
        self._open_behind_handover()
        self.take_notice()
        self._drop_selection_line()
        self._update(dt)
        self.tick_status()
        self.autosave_if_acted()
        if self.result == "menu" and self.app is not None:  # left from a modal's button
            self.result = None
            self.leave()

    def _update(self, dt: float) -> None:
        if self.camera is not None:
            self.camera.update(dt)
        g = self.game
        m = self.modal
        if g.is_over or (m is not None and m.kind in ("confirm", "notice")):
            return
        seat = g.current_player
        if self.is_human(seat) or seat < 0:
            return
        job = self.job
        if job is None:
            if time.perf_counter() - self.last_action_time < self.ai_delay:
                return
            self.job = self.ai.start(g, seat, self.version)
            if self.ai.notes:
                self.say(self.ai.notes.pop(), bad=True)
            return
        if not job.done:
            return
        self.job = None
        if job.version != self.version:
            return
        if job.error is not None:  # one policy (client.ai_driver): say it (its text to stderr only), the seat goes to a human
            self.ai.report(seat, f"{type(job.error).__name__}: {job.error}")
            self._computer_failed(seat, "board_ai_error")
            return
        self.ai.accept(job)  # its agent remembers this move (a job dropped above leaves the agent as it was)
        self.play(job.result)

    # ------------------------------------------------------------------ the App's Scene protocol
    def handle(self, ev) -> None:
        """An event from the App: the save key, else the board's handling; leaving goes to the start screen."""
        self.dirty = True
        if keys.action(ev, ("board",)) == "save" and self.app is not None:
            self.save_to(Path(self.app.opts.save_dir) / time.strftime("save-%Y%m%d-%H%M%S.json"))
            return
        if self.handle_event(ev) == "menu":
            self.leave()
        self._drop_selection_line()

    def _drop_selection_line(self) -> None:
        """The selection's line ("f2 selected: …") goes with its selection (let go, played, Esc): the turn's comes back."""
        m = self.message
        if isinstance(m, UiMsg) and m.key.startswith("board_selected") and (
                not self.prefix or self.prefix[-1].value != m.fields.get("cell")):
            self._set_turn_message()

    def on_resize(self, w: int, h: int) -> None:
        self.size = (w, h)
        self.dirty = True

    def animating(self) -> bool:
        """False while the game waits for a human and nothing moves: the App then draws no frames."""
        if self.dirty or self.status_due():
            return True
        if self.camera is not None and self.camera.moving:
            return True
        g = self.game
        if self.job is not None or (not g.is_over and not self.is_human(g.current_player)):
            return True  # a computer is to move or thinking ("thinking..." dots)
        if self.dragging or self.press is not None:
            return True
        if self.hover is not None and time.perf_counter() - self.hover_since < 0.5:
            return True  # the hovered cell's tooltip is due
        return False

    def wait_for_computer(self, timeout: float = 30.0) -> None:
        """Block until a computer decision running now has finished (tests)."""
        if self.job is not None:
            self.job.join(timeout)

    # ------------------------------------------------------------------ drawing
    def layout(self, w: int, h: int) -> None:
        """The rectangles of a ``w`` x ``h`` frame: the banner, the side panel, the board (the space the
        panels leave), the cards under it, and the status line, as high as its wrapped lines need."""
        pw = int(min(380, max(250, w * 0.3)))
        msg = self.status_text(self.lang)
        self.status_lines = text.wrap(msg, STATUS_SIZE, w - 20) if msg else []
        sh = max(STATUS_H, len(self.status_lines) * STATUS_LINE + 8)
        self.status_rect = pygame.Rect(0, h - sh, w, sh)
        # (every part at least a pixel: in the smallest window the client allows, 320x240, with a long refusal on the
        # status line, the parts below the banner had no height left, and a board's picture of negative height raised)
        self.panel_rect = pygame.Rect(w - pw, TOP_H, pw, max(1, h - TOP_H - sh))
        self.board_rect = pygame.Rect(6, TOP_H + 4, max(1, w - pw - 12), max(1, h - TOP_H - sh - 8))
        self.card_rows = self._card_rows()
        if self.card_rows:  # a strip of cards under the board
            ch = self.plugin.card_strip_height(self.card_rows, w, h) or min(160, max(96, int(h * 0.16)))
            room = self.board_rect.h
            if room - ch - 4 < 1:  # no room for both: the board and the cards share what there is
                ch = max(1, (room - 4) // 2)
            self.board_rect.h = max(1, room - ch - 4)
            self.card_rect = pygame.Rect(6, self.board_rect.bottom + 4, self.board_rect.w, ch)
        else:
            self.card_rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, target) -> None:
        """Draw onto the app's Display (GL board under a UI surface, or flat) or onto a pygame Surface."""
        self.dirty = False
        if isinstance(target, pygame.Surface):
            surf, display = target, None
        else:
            display = target
            surf = display.ui
        w, h = surf.get_size()
        self.size = (w, h)
        self.layout(w, h)
        gl_ok = display is not None and getattr(display, "kind", "flat") == "gl" and self.renderer_kind == "gl"
        self.using_gl = gl_ok
        view = self._board_view()
        self.last_board_view = view
        if gl_ok:
            self._draw_gl(display, view)
        else:
            if display is None or getattr(display, "kind", "flat") != "gl":
                surf.fill(BG)
            self.flat.draw(surf, view, self.plugin.board_area(self.board_rect))
        self._draw_ui(surf)
        if display is not None:
            for r in (pygame.Rect(0, 0, w, TOP_H), self.panel_rect, self.status_rect):
                display.mark(r)
            if not gl_ok:
                display.mark(self.board_rect)
        if isinstance(self.host, Stack):  # without an app the scene draws its own modal
            m = self.modal
            if m is not None:
                m.draw(surf)

    def tooltip_rect(self, lines) -> pygame.Rect:
        """Where the hover tooltip with ``lines`` goes: inside the board's free area (the part of the board's
        area the game leaves the board, not over a game's own column such as 辛亥革命's tracks and box), off
        the mouse: below right of it, else below left, above right, above left; of those, the first that covers
        none of the selected piece's marked cells (its targets), else the one covering fewest (issue 26)."""
        area = self.plugin.board_area(self.board_rect)
        w = max(text.size_of(ln, 14)[0] for ln in lines) + 14
        h = 19 * len(lines) + 8
        mx, my = self.mouse
        v = self.last_board_view
        marked = [self.cell_pos(c) for c, k in v.marks.items() if k != "last"] if v is not None and self.prefix else []
        best = None
        for x, y in ((mx + 18, my + 18), (mx - 8 - w, my + 18), (mx + 18, my - 8 - h), (mx - 8 - w, my - 8 - h)):
            box = pygame.Rect(x, y, w, h).clamp(area)
            if box.collidepoint(self.mouse):
                continue
            covered = sum(1 for p in marked if box.collidepoint(p))
            if best is None or covered < best[0]:
                best = (covered, box)
            if not covered:
                break
        return best[1] if best is not None else box

    def _draw_tooltip(self, surf) -> None:
        """The plugin's lines about the cell under the mouse, once it has rested there a moment."""
        if self.hover is None or self.dragging or self.modal is not None or self.tip_quiet == self.hover or \
                time.perf_counter() - self.hover_since < 0.35 or not self.board_rect.collidepoint(self.mouse):
            return
        lines = self.plugin.cell_info(self.hover, self.lang)
        if not lines:
            return
        box = self.tooltip_rect(lines)
        widgets.panel(surf, box, 235)
        for i, ln in enumerate(lines):
            text.draw(surf, ln, (box.x + 7, box.y + 4 + 19 * i), 14, widgets.ACCENT if i == 0 else widgets.TEXT)

    def _draw_gl(self, display, view) -> None:
        if self.gl is None or self.gl.ctx is not display.ctx:
            self.gl = GLBoardRenderer(display.ctx)
        if self.camera is None or self.camera.bounds != tuple(view.bounds()):
            self.camera = BoardCamera(view.bounds(), pitch=self.view_pitch,
                                      yaw=self.yaw)
            self.camera.set_goal(self.view_pitch, self.yaw, snap=True)
        fbo = display.gl.fbo
        r = self.plugin.board_area(self.board_rect)
        self.camera.set_viewport(fbo.size, (r.x, r.y, r.w, r.h))
        self.gl.draw(view, self.camera, target=fbo, size=fbo.size)
        display.board_drawn()

    def _banner_words(self, w: int) -> tuple[list[str], str]:
        """The banner's seat labels and its "to move" words in a window ``w`` pixels wide: "name (who plays)"
        and "X to move" where they fit; in a narrower one the names alone, and narrower still without the
        "to move" words (the current seat's filled box says it). At 640 pixels 三国演弈's three seats ran under
        "Wu to move" (found in QA under Xvfb, session 19)."""
        pl, g, lang, cur = self.plugin, self.game, self.lang, self.game.current_player
        names = [pl.seat_name(s, lang) for s in range(g.num_players)]
        full = [f"{n}（{self.seat_kind(s)}）" if lang == "zh" else f"{n} ({self.seat_kind(s)})"
                for s, n in enumerate(names)]
        msg = ""
        if cur >= 0:
            msg = t("board_to_move" if self.is_human(cur) else "board_thinking", who=names[cur])
        arrow = text.size_of("→", 18)[0] + 12

        def width(labels: list[str]) -> int:
            return 12 + sum(text.size_of(lb, 18 if s == cur else 15)[0] + 40 for s, lb in enumerate(labels)) \
                + arrow * (len(labels) - 1)

        room = w - 14 - (text.size_of(msg + "...", 18)[0] + 16 if msg else 0)
        if width(full) <= room:
            return full, msg
        if width(names) <= room:
            return names, msg
        return names, ""

    def _draw_ui(self, surf) -> None:
        w, h = surf.get_size()
        scenes = getattr(self.host, "scenes", None)
        if scenes and scenes[-1] is not self:  # a question, the menu or the game-over box over the board has the
            # mouse: no button stays lit where the mouse was before it opened (Resign stayed lit into the next game;
            # found by the new-player QA under Xvfb, session 19); the next move of the mouse here lights them again
            self.mouse = (-1, -1)
            for b in self.buttons + list(self.step_buttons.values()):
                b.hover = False
        pl = self.plugin
        g = self.game
        lang = self.lang
        cur = g.current_player
        # --- top banner: whose turn, in the side's colour; the turn order
        pygame.draw.rect(surf, PANEL_BG, pygame.Rect(0, 0, w, TOP_H))
        if cur >= 0:
            pygame.draw.rect(surf, rgb255(pl.seat_rgb(cur)), pygame.Rect(0, TOP_H - 5, w, 5))
        x = 12
        out = pl.out_seats()
        labels, msg = self._banner_words(w)
        self.banner_boxes = []
        for s in range(g.num_players):
            scol = rgb255(pl.seat_rgb(s))
            # on the side's colour: white words, or dark ones on a light colour (百格's ivory White)
            on = (20, 20, 24) if 0.299 * scol[0] + 0.587 * scol[1] + 0.114 * scol[2] > 170 else (255, 255, 255)
            img = text.render(labels[s], 18 if s == cur else 15, on if s == cur else widgets.DIM)
            r = img.get_rect(midleft=(x + 22, TOP_H // 2 - 2))
            box = r.inflate(34, 12).move(-11, 0)
            self.banner_boxes.append(box)
            pygame.draw.rect(surf, scol, box, 0 if s == cur else 2, border_radius=6)
            pygame.draw.circle(surf, on if s == cur else scol, (box.x + 13, box.centery), 6)
            surf.blit(img, r)
            if s in out:
                pygame.draw.line(surf, widgets.BAD, (box.x + 4, box.centery), (box.right - 4, box.centery), 3)
            x = box.right + 6
            if s < g.num_players - 1:
                x = text.draw(surf, "→", (x, TOP_H // 2 - 2), 18, widgets.DIM, anchor="midleft").right + 6
        self.banner_msg_rect = pygame.Rect(w - 14, 0, 0, 0)
        if msg:
            if not self.is_human(cur):
                msg += "." * (1 + int(time.perf_counter() * 3) % 3)
            self.banner_msg_rect = text.draw(surf, msg, (w - 14, TOP_H // 2 - 2), 18, widgets.ACCENT,
                                             anchor="midright")
        # --- side panel
        p = self.panel_rect
        pygame.draw.rect(surf, PANEL_BG, p)
        pygame.draw.line(surf, widgets.BORDER, p.topleft, p.bottomleft)
        y = p.y + 10
        shown = [b for b in self.buttons if b is not self.buttons[2] or self.using_gl]
        steps = pl.buttons() if self.human_turn() else []
        # the panel's words stop where the buttons (and a row of the game's own) still fit above the F1 line: in a
        # low window they ran on, the buttons went under the status line and "F1 Help" lay over one (found in QA
        # under Xvfb at 640x400, session 19)
        words_bottom = p.bottom - HELP_LINE_H - ((len(shown) + 1) // 2 + (1 if steps else 0)) * 38 - 6
        st = pl.status(lang)
        st_rgb = widgets.TEXT if getattr(pl, "status_is_instruction", False) else widgets.BAD  # else a warning
        for line in (text.wrap(st, 16, p.w - 20) if st else []):
            if y + 21 > words_bottom:
                break
            text.draw(surf, line, (p.x + 10, y), 16, st_rgb)
            y += 21
        note = pl.seeded_note(g, getattr(self.app, "opts", None), lang)  # G1: a seed the player gave
        if note and y + 18 <= words_bottom:
            y = text.draw(surf, note, (p.x + 10, y), 14, widgets.DIM).bottom + 4
        for line, col in pl.panel_lines(lang):
            c = rgb255(col) if col else widgets.TEXT
            for k, part in enumerate(text.wrap(line, 14, p.w - 30)):
                if y + 19 > words_bottom:
                    break
                if col and k == 0:
                    pygame.draw.circle(surf, c, (p.x + 15, y + 9), 5)
                text.draw(surf, part, (p.x + 26, y), 14, widgets.TEXT)
                y += 19
        y = min(y + 6, max(p.y + 10, words_bottom + 6))
        bw = (p.w - 30) // 2
        self.buttons[2].rect = pygame.Rect(0, 0, 0, 0)
        for k, b in enumerate(shown):
            b.layout(p.x + 10 + (k % 2) * (bw + 10), y + (k // 2) * 38, w=bw, h=32)
            b.draw(surf)
        y += ((len(shown) + 1) // 2) * 38
        for b in self.step_buttons.values():
            b.rect = pygame.Rect(0, 0, 0, 0)
        for st in steps:
            if st not in self.step_buttons:
                self.step_buttons[st] = widgets.Button(
                    lambda st=st: words(pl.button_label(st), self.lang), lambda st=st: self.press_button(st), 15)
        # two buttons a row, or one a row when a label would not fit half the panel
        per_row = 2 if all(text.size_of(self.step_buttons[st].text(), 15)[0] <= bw - 12 for st in steps) else 1
        w_b = bw if per_row == 2 else 2 * bw + 10
        room = max(1, (p.bottom - y - 120) // 38) * per_row  # keep room for the move list
        if len(steps) > room:  # more than the panel holds: the rest behind "more…" (a list that scrolls)
            steps = steps[:room - 1] + [self._more_step(pl, steps)]
        for i, st in enumerate(steps):
            b = self.step_buttons[st]
            b.layout(p.x + 10 + (i % per_row) * (bw + 10), y + (i // per_row) * 38, w=w_b, h=32)
            b.draw(surf)
            if b.rect.collidepoint(self.mouse):  # highlighted only under the mouse, not while idle
                pygame.draw.rect(surf, widgets.ACCENT, b.rect, 1, border_radius=5)
        y += ((len(steps) + per_row - 1) // per_row) * 38
        # move list
        y += 4
        if y + 24 <= p.bottom - HELP_LINE_H:  # (no room in a low window: the list goes, "F1 Help" stays clear)
            text.draw(surf, t("board_moves"), (p.x + 10, y), 16, widgets.ACCENT)
        y += 24
        entries = [text.wrap(ln, 14, p.w - 20) for ln in pl.move_list(lang)]  # whole entries, never a cut one
        avail = max(0, (p.bottom - HELP_LINE_H - 6 - y) // 18)
        self.move_scroll = min(self.move_scroll, max(0, len(entries) - 1))  # entries scrolled up from the end
        lines: list[str] = []
        for e in reversed(entries[:len(entries) - self.move_scroll]):
            if len(lines) + len(e) > avail and (lines or not avail):
                break  # the entries above go whole (issue 26: the list began "points)")
            lines[:0] = e
        for ln in lines[:avail]:
            text.draw(surf, ln, (p.x + 10, y), 14, widgets.TEXT)
            y += 18
        self.help_line_rect = text.draw(surf, "F1 " + t("help"), (p.x + 10, p.bottom - HELP_LINE_H), 12, widgets.DIM)
        pl.draw_over_board(surf, self.board_rect, self.viewer(), lang, self.world_px)  # a game's own boxes
        self._draw_tooltip(surf)
        # --- the cards under the board, and the one under the mouse enlarged
        if self.card_rows:
            chosen = {c.ident for r in self.card_rows for c in r.cards if c.step is not None and c.step in self.prefix}
            self.cards.draw(surf, self.card_rect, self.card_rows, self.mouse, chosen)
            c = self.cards.hovered
            why = t("cards_not_now") if c is not None and c.step is not None and not c.legal and self.human_turn() else ""
            compact = self.cards.free if getattr(pl, "compact_card_view", False) else None  # beside the cards
            bounds = pygame.Rect(0, TOP_H, self.panel_rect.x, self.status_rect.y - TOP_H)
            self.cards.draw_zoom(surf, bounds, why, compact)
        else:
            self.cards.hits = []
        # --- status line: wrapped, never cut (its height was made for its lines by ``layout``)
        sr = self.status_rect
        pygame.draw.rect(surf, PANEL_BG, sr)
        pygame.draw.line(surf, widgets.BORDER, sr.topleft, sr.topright)
        lines = self.status_lines
        y = sr.centery - len(lines) * STATUS_LINE // 2
        rule = self.refusal_rule()
        for i, ln in enumerate(lines):
            r = text.draw(surf, ln, (10, y), STATUS_SIZE, widgets.BAD if self.message_bad else widgets.TEXT)
            if (rule and rule in ln) or i == len(lines) - 1 and not (rule and any(rule in x for x in lines)):
                self.note_status_line(r, ln, STATUS_SIZE)  # a click on the refusal's rule id opens the rules reader
            y += STATUS_LINE
        self._draw_undo_tip(surf)

    def undo_tip(self) -> str:
        """The words over the greyed Undo button while the mouse is on it: why undo is refused now ("" when
        the mouse is elsewhere or undo would work)."""
        b = self.buttons[0]
        if not b.rect.w or not b.rect.collidepoint(self.mouse) or self.modal is not None:
            return ""
        why = self.undo_refusal()
        if why is None:
            return ""
        return why.render(self.lang) if isinstance(why, UiMsg) else words(why, self.lang)

    def _draw_undo_tip(self, surf) -> None:
        tip = self.undo_tip()
        if not tip:
            return
        b = self.buttons[0].rect
        w = min(surf.get_width() - 12, 360)
        lines = text.wrap(tip, 14, w - 14)
        box = pygame.Rect(0, 0, max(text.size_of(ln, 14)[0] for ln in lines) + 14, 19 * len(lines) + 8)
        box.bottomright = (b.right, b.y - 4)  # above the button, over the panel's top or the board's edge
        box.clamp_ip(surf.get_rect())
        widgets.panel(surf, box, 240)
        for i, ln in enumerate(lines):
            text.draw(surf, ln, (box.x + 7, box.y + 4 + 19 * i), 14, widgets.TEXT)


# ---------------------------------------------------------------------- refusals (issue 26)
def engine_refusal(game, src: str, dst: str) -> IllegalAction | None:
    """The engine's refusal of moving the piece on ``src`` to ``dst`` (the game's ``move_action``) tried on a
    copy of ``game``; None if the game has no ``move_action`` or the move is legal."""
    make = getattr(game, "move_action", None)
    if make is None:
        return None
    try:
        game.clone().apply(make(src, dst))
    except IllegalAction as e:  # a ParseError is one too
        return e
    return None


def refusal_msg(game_id: str, e: IllegalAction) -> Msg:
    """An engine refusal as the status line says it: its keyed message and its rule id (the rule's name in
    the game's catalogue, ``<game>.rule_id.<rule>``, where the id is a word rather than a code)."""
    if e.rule and re.search(r"[(\[ ,]" + re.escape(e.rule) + r"[)\]]", e.msg.render("en")):
        return e.msg  # the message names its rule already ("... (K5)", "... (K3, K4)")
    return Msg.of("common.refused", text=e.msg, rule=rule_msg(e.rule, game_id))


def start_refusal(game, plugin, cell) -> Msg | None:
    """Why a click on ``cell`` with nothing selected starts no action, from the engine: an empty cell or
    another side's piece is refused as a move from it would be; a piece of the player's own with no legal
    move gets the refusal of its most telling move (one that would leave the ruler in check first, else the
    game's ``stuck_words`` if it has them — how the piece moves, every square that way taken or blocked — else the
    nearest square). None if the game cannot say (no ``move_action``)."""
    make = getattr(game, "move_action", None)
    if make is None:
        return None
    here = plugin.cell_name(cell)
    copy = [game.clone()]  # a refused apply changes nothing: one copy serves every try (a fresh one after a move)

    def why(dst):
        try:
            copy[0].apply(make(here, dst))
        except IllegalAction as e:
            return e
        copy[0] = game.clone()
        return None

    mine = [p for p in plugin.pieces(plugin.obs()) if p.cell == cell and p.side == game.current_player]
    if not mine:  # an empty cell, another side's piece: refused as a move from it (to itself) is
        e = why(here)
        return refusal_msg(game.game_id, e) if e is not None else None
    # nearest first (an orthogonal neighbour before a diagonal one): its refusal is about what blocks the piece
    tries = sorted((max(abs(c[0] - cell[0]), abs(c[1] - cell[1])), abs(c[0] - cell[0]) + abs(c[1] - cell[1]), c)
                   for c in plugin.geometry.cells if c != cell)
    refusals = [e for e in (why(plugin.cell_name(c)) for *_, c in tries) if e is not None]
    if not refusals:
        return None
    check = [e for e in refusals if e.rule in CHECK_RULES]
    stuck = getattr(plugin, "stuck_words", None)  # a game's own words for a piece its pattern takes nowhere
    said = stuck(cell) if stuck is not None and not check else None
    if said is not None:
        return said
    return Msg.of("common.no_move", cell=here, why=refusal_msg(game.game_id, (check or refusals)[0]))


CHECK_RULES = ("check", "K4", "K3")  # the rule ids of "that would leave your ruler in check" (百格, 三国演弈)


# ---------------------------------------------------------------------- the app's Scene protocol
def app_scene(app, game, seats: list[str], on_leave=None, autosave: bool = True) -> BoardGameScene:
    """The board scene for client.app.App's scene stack (``app.replace(app_scene(...))``)."""
    return BoardGameScene.for_app(app, game, seats, on_leave=on_leave, autosave=autosave)
