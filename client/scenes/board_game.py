"""The scene that plays any flat-board game (百格西洋棋, 三国演弈暗棋, later hex games) with a game adapter.

    scene = BoardGameScene(screen_size, game, seats, lang, renderer_kind)
    r = scene.handle_event(event)   # "menu" once the player leaves, else None
    scene.update(dt)
    scene.draw(target)              # the app's Display (GL or flat) or a pygame.Surface

``seats`` names each seat: "human", "random" or a level of the game's computer player
("easy", "normal", "hard"). Computer seats think in a background thread (the window never
freezes); their result is dropped if the position changed meanwhile (undo, new game).
``AppBoardScene`` wraps the scene in the app's Scene protocol (client/app.py). See
docs/boards.md.
"""
from __future__ import annotations

import json
import math
import threading
import time
from typing import Any, Callable

import pygame

from client.boards import fonts, make_adapter
from client.boards.adapter import Click, SideButton
from client.boards.model import rgb255
from client.boards.text import tr
from client.render.flat_board import FlatBoardRenderer

TOP_H = 52
STATUS_H = 30
BG = (23, 25, 30)
PANEL_BG = (30, 33, 40)
BORDER = (90, 96, 110)
TEXT = (230, 230, 230)
DIM = (150, 150, 160)
ACCENT = (235, 190, 80)
BAD = (255, 120, 110)
BTN = (52, 58, 70)
BTN_HOVER = (70, 78, 94)
BTN_OFF = (40, 43, 50)
LEVELS = ("random", "easy", "normal", "hard")


class AIWorker:
    """One computer decision from a background thread (thought in client.ai_process's worker process),
    from the observation and legal actions only."""

    def __init__(self, agent, obs, legal, version: int):
        self.version = version
        self.result = None
        self.error: BaseException | None = None
        self.done = False
        self.started = time.perf_counter()
        self._t = threading.Thread(target=self._run, args=(agent, obs, legal), daemon=True)
        self._t.start()

    def _run(self, agent, obs, legal) -> None:
        try:
            from client.ai_process import act

            self.result = act(agent, obs, legal)
        except BaseException as e:  # shown on the status line
            self.error = e
        self.done = True


class Button:
    def __init__(self, label: Callable[[], str], action: Callable[[], None],
                 enabled: Callable[[], bool] | None = None, key: str = ""):
        self.label = label
        self.action = action
        self.enabled = enabled or (lambda: True)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.key = key

    def hit(self, pos) -> bool:
        return self.rect.collidepoint(pos) and self.enabled()


def text(surf, s: str, pos, size: int = 16, colour=TEXT, anchor: str = "topleft") -> pygame.Rect:
    img = fonts.render(s, size, colour)
    r = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    surf.blit(img, r)
    return r


def wrap(s: str, size: int, width: int) -> list[str]:
    f = fonts.font_for(s, size)
    out, line = [], ""
    for ch in s:
        if f.size(line + ch)[0] <= width or not line:
            line += ch
            continue
        cut = line.rfind(" ")
        if cut > 0 and ch != " ":
            out.append(line[:cut])
            line = line[cut + 1:] + ch
        else:
            out.append(line)
            line = ch.lstrip()
    if line:
        out.append(line)
    return out


def _game_info(game):
    from engine import registry

    return registry.get(game.game_id)


class BoardGameScene:
    """See the module docstring."""

    opaque = True

    def __init__(self, screen_size, game, seats: list[str] | None = None, lang: str = "zh",
                 renderer_kind: str = "flat", ai_delay: float = 0.35, seed: int = 0):
        self.size = (int(screen_size[0]), int(screen_size[1]))
        self.game = game
        n = game.num_players
        seats = list(seats or ["human"] * n)
        self.seats = (seats + ["human"] * n)[:n]
        for s in self.seats:
            if s != "human" and s not in LEVELS:
                raise ValueError(f"unknown seat {s!r}: human, random, easy, normal or hard")
        self.lang = lang if lang in ("zh", "en") else "zh"
        self.renderer_kind = renderer_kind if renderer_kind in ("flat", "gl") else "flat"
        self.ai_delay = float(ai_delay)
        self.seed = seed
        self.adapter = make_adapter(game)
        self.flat = FlatBoardRenderer()
        self.gl = None  # GLBoardRenderer, made on the first GL draw
        self.camera = None  # BoardCamera (GL)
        self.view_pitch = 55.0
        self.selected = None
        self.hover = None
        self.press = None  # (cell, pos) of a left press on a piece: a drag may start
        self.dragging = False
        self.drag_pos = None
        self.mouse = (0, 0)
        self.modal: dict | None = None  # {"kind": "promote"|"confirm"|"over", ...}
        self.over_dismissed = False
        self.message = ""
        self.message_bad = False
        self.worker: AIWorker | None = None
        self.version = 0
        self.agents: dict[int, Any] = {}
        self.last_action_time = -1e9
        self.move_scroll = 0  # lines scrolled up from the end of the move list
        self.actors: list[int] = self._actors_of(game)
        humans = [i for i, s in enumerate(self.seats) if s == "human"]
        self.flipped = len(humans) == 1 and self.adapter.bottom_seat_flipped(humans[0])
        self.board_rect = pygame.Rect(0, 0, 1, 1)
        self.panel_rect = pygame.Rect(0, 0, 1, 1)
        self.last_board_view = None
        self.buttons = [
            Button(lambda: tr("undo", self.lang), self.undo, self.can_undo, "undo"),
            Button(lambda: tr("flip", self.lang), self.toggle_flip, key="flip"),
            Button(lambda: tr("view_angle" if self.view_pitch > 80 else "view_top", self.lang), self.toggle_view,
                   lambda: self.using_gl, "view"),
            Button(lambda: tr("menu", self.lang), self._ask_leave, key="menu"),
        ]
        self.side_button_rects: list[tuple[pygame.Rect, SideButton]] = []
        self.modal_rect: pygame.Rect | None = None
        self.modal_buttons: list[tuple[pygame.Rect, Callable[[], Any]]] = []
        self.result: str | None = None  # what handle_event returns next ("menu")
        self.using_gl = False
        self._set_turn_message()

    # ------------------------------------------------------------------ state helpers
    @property
    def current(self) -> int:
        return self.game.current_player

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat] == "human"

    def human_turn(self) -> bool:
        return not self.game.is_over and self.is_human(self.current)

    def seat_kind(self, seat: int) -> str:
        s = self.seats[seat]
        if s == "human":
            return tr("human", self.lang)
        return f"{tr('computer', self.lang)}·{tr(s, self.lang)}"

    @staticmethod
    def _actors_of(game) -> list[int]:
        """The seat that played each action of ``game``'s log (by replaying its save)."""
        if not game.log:
            return []
        try:
            data = json.loads(game.to_json())
            acts = data["actions"]
            data["actions"] = []
            g = _game_info(game).load_game(json.dumps(data))
            out = []
            for a in acts:
                out.append(g.current_player)
                g.apply(a)
            return out
        except Exception:
            return [-1] * len(game.log)

    def _rebuild(self, n: int):
        """The game with only its first ``n`` actions (an undo)."""
        data = json.loads(self.game.to_json())
        data["actions"] = data["actions"][:n]
        return _game_info(self.game).load_game(json.dumps(data))

    def say(self, msg: str, bad: bool = False) -> None:
        self.message, self.message_bad = msg, bad

    def _set_turn_message(self) -> None:
        if self.game.is_over:
            self.say(self.adapter.end_reason(self.lang))
        elif self.human_turn():
            self.say(tr("your_turn_anqi" if self.game.game_id == "anqi" else "your_turn_baige", self.lang))

    # ------------------------------------------------------------------ actions
    def play(self, action: str) -> bool:
        """Apply an action of the player to move (human or computer); False with a message if illegal."""
        from engine.api import IllegalAction, ParseError

        seat = self.current
        try:
            self.game.apply(action)
        except (IllegalAction, ParseError) as e:
            self.say(str(e), bad=True)
            return False
        self.actors.append(seat)
        self.version += 1
        self.selected = None
        self.press = None
        self.dragging = False
        self.modal = None if (self.modal and self.modal.get("kind") != "over") else self.modal
        self.last_action_time = time.perf_counter()
        self.move_scroll = 0
        who = self.adapter.seat_name(seat, self.lang) if seat >= 0 else ""
        said = self.adapter.describe(str(action), self.lang)
        self.say(said if said.startswith(who) else f"{who}: {said}")
        if self.game.is_over:
            self.modal = {"kind": "over"}
            self.say(self.adapter.end_reason(self.lang))
        return True

    def can_undo(self) -> bool:
        has_computer = any(s != "human" for s in self.seats)
        has_human = any(s == "human" for s in self.seats)
        return has_computer and has_human and any(self.is_human(a) for a in self.actors)

    def undo(self) -> None:
        """Take back the last human action and every computer action after it (games with a computer)."""
        if not self.can_undo():
            self.say(tr("no_undo", self.lang), bad=True)
            return
        k = max(i for i, a in enumerate(self.actors) if self.is_human(a))
        game = self._rebuild(k)
        self.game = game
        self.adapter.set_game(game)
        self.actors = self.actors[:k]
        self.version += 1  # a computer thinking now is ignored
        self.worker = None
        self.selected = None
        self.modal = None
        self.over_dismissed = False
        self.last_action_time = time.perf_counter()
        self.say(tr("undone", self.lang))

    def toggle_flip(self) -> None:
        self.flipped = not self.flipped
        if self.camera is not None:
            self.camera.set_goal(yaw=180.0 if self.flipped else 0.0)

    def toggle_view(self) -> None:
        self.view_pitch = 55.0 if self.view_pitch > 80 else 90.0
        if self.camera is not None:
            self.camera.set_goal(pitch=self.view_pitch)

    def new_game(self) -> None:
        info = _game_info(self.game)
        self.seed += 1
        opts = dict(info.options)
        if "seed" in opts:
            opts["seed"] = self.seed
        game = info.new_game(**opts)
        self.game = game
        self.adapter.set_game(game)
        self.actors = []
        self.version += 1
        self.worker = None
        self.selected = None
        self.modal = None
        self.over_dismissed = False
        self._set_turn_message()

    def _ask_leave(self) -> None:
        if self.game.is_over:
            self.result = "menu"
            return
        self.modal = {"kind": "confirm", "text": tr("confirm_leave", self.lang), "then": self._leave}

    def _leave(self) -> None:
        self.version += 1
        self.worker = None
        self.result = "menu"

    def side_action(self, b: SideButton) -> None:
        if not self.human_turn():
            return
        if b.confirm:
            self.modal = {"kind": "confirm", "text": tr("confirm_resign", self.lang),
                          "then": lambda: self.play(b.action)}
        else:
            self.play(b.action)

    # ------------------------------------------------------------------ board input
    def _board_view(self):
        viewer = self.current if self.current >= 0 else 0
        v = self.adapter.view(viewer, self.selected)
        v.flipped = self.flipped and not self.using_gl
        if self.hover is not None and self.human_turn() and self.hover not in v.marks:
            if self.game.game_id == "anqi" and self.hover in self.adapter.flippable():
                v.marks[self.hover] = "flip"
            elif self.adapter.can_select(self.hover):
                v.marks[self.hover] = "hover"
        if self.dragging and self.selected is not None and self.drag_pos is not None:
            v.dragging = self.selected
            v.drag_pos = self.drag_pos
        return v

    def pick(self, pos):
        if not self.board_rect.collidepoint(pos):
            return None
        if self.using_gl and self.camera is not None and self.last_board_view is not None:
            from client.render.gl_board import GLBoardRenderer

            return GLBoardRenderer.pick(pos[0], pos[1], self.last_board_view, self.camera)
        return self.flat.pick(*pos)

    def world_at(self, pos):
        if self.using_gl and self.camera is not None:
            return self.camera.ground_at(pos[0], pos[1], 0.25)
        return self.flat.to_world(*pos)

    def cell_pos(self, cell) -> tuple[int, int]:
        """The pixel where ``cell``'s piece (or centre) is drawn (for tests and tooltips)."""
        if self.using_gl and self.camera is not None and self.last_board_view is not None:
            from client.render.gl_board import GLBoardRenderer

            return GLBoardRenderer.cell_px(cell, self.last_board_view, self.camera)
        return self.flat.cell_px(cell)

    def play_human(self, action: str) -> bool:
        """A human's move: warns first when it would lose by the fourth consecutive check (C7)."""
        warn = getattr(self.game, "would_lose_by_long_check", None)
        try:
            losing = bool(warn and warn(action))
        except Exception:  # an illegal move: play() reports the engine's reason
            losing = False
        if losing:
            self.modal = {"kind": "confirm", "text": tr("confirm_long_check", self.lang),
                          "then": lambda: self.play(action), "action": action}
            return False
        return self.play(action)

    def _apply_click(self, c: Click) -> None:
        if c.kind == "action":
            self.play_human(c.action)
        elif c.kind == "promote":
            self.modal = {"kind": "promote", "choices": c.choices, "src": c.src, "dst": c.dst}
        elif c.kind == "select":
            self.selected = c.cell
        else:
            self.selected = None

    def board_press(self, cell, pos) -> None:
        if cell is None:
            self.selected = None
            return
        if not self.human_turn():
            return
        if cell == self.selected:
            self.press = (cell, pos)  # a drag, or a click that deselects on release
            return
        prev = self.selected
        c = self.adapter.click(cell, prev)
        if c.kind == "deselect":
            self._explain_click(cell, prev)
        self._apply_click(c)
        if c.kind == "select":
            self.press = (cell, pos)

    def _explain_click(self, cell, prev) -> None:
        v = self.adapter.view(max(0, self.current))
        p = v.piece_at(cell)
        if prev is not None and cell != prev:
            msg = tr("cannot_move", self.lang)
            if self.game.game_id == "anqi":
                try:
                    self.game.check(f"move {self.adapter.cell_name(prev)} {self.adapter.cell_name(cell)}")
                except Exception as e:
                    msg = getattr(e, "message", str(e))
            self.say(msg, bad=True)
        elif p is not None and not p.face_down:
            self.say(tr("no_moves_piece" if p.side == self.current else "not_yours", self.lang), bad=True)

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
                c = self.adapter.move_action(src, dst)
                if c.kind in ("action", "promote"):
                    self._apply_click(c)
                else:
                    self._explain_click(dst, src)
                    self.selected = src
            return
        if self.selected == src and self.pick(pos) == src and getattr(self, "_was_selected", False):
            self.selected = None

    # ------------------------------------------------------------------ events
    def handle_event(self, ev) -> str | None:
        """Handle one pygame event; returns "menu" when the player leaves the game."""
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            self.hover = self.pick(ev.pos) if self.modal is None else None
            if self.press is not None and not self.dragging:
                (cell, p0) = self.press
                if math.hypot(ev.pos[0] - p0[0], ev.pos[1] - p0[1]) > 6:
                    self.dragging = True
            if self.dragging:
                self.drag_pos = self.world_at(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.mouse = ev.pos
            self._mouse_down(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self.board_release(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            self.selected = None
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
        k = ev.key
        if k == pygame.K_ESCAPE:
            if self.modal is not None and self.modal["kind"] != "over":
                self.modal = None
            elif self.modal is not None:
                self.modal = None
                self.over_dismissed = True
            elif self.selected is not None:
                self.selected = None
            else:
                self._ask_leave()
        elif self.modal is not None:
            if self.modal["kind"] == "confirm" and k in (pygame.K_RETURN, pygame.K_y):
                then = self.modal["then"]
                self.modal = None
                then()
            return
        elif k == pygame.K_u or (k == pygame.K_z and ev.mod & pygame.KMOD_CTRL):
            self.undo()
        elif k == pygame.K_f:
            self.toggle_flip()
        elif k == pygame.K_v and self.using_gl:
            self.toggle_view()
        elif k in (pygame.K_q, pygame.K_e) and self.using_gl and self.camera is not None:
            self.camera.set_goal(yaw=self.camera._goal[1] + (-30 if k == pygame.K_q else 30))
        elif k == pygame.K_PAGEUP:
            self.move_scroll += 5
        elif k == pygame.K_PAGEDOWN:
            self.move_scroll = max(0, self.move_scroll - 5)

    def _mouse_down(self, pos) -> None:
        if self.modal is not None:
            for rect, fn in self.modal_buttons:
                if rect.collidepoint(pos):
                    fn()
                    return
            return  # a modal takes every click
        for b in self.buttons:
            if b.hit(pos):
                b.action()
                return
        for rect, sb in self.side_button_rects:
            if rect.collidepoint(pos):
                self.side_action(sb)
                return
        if self.board_rect.collidepoint(pos):
            self._was_selected = self.selected is not None and self.pick(pos) == self.selected
            self.board_press(self.pick(pos), pos)

    # ------------------------------------------------------------------ update
    def update(self, dt: float) -> None:
        if self.camera is not None:
            self.camera.update(dt)
        g = self.game
        if g.is_over or self.modal is not None and self.modal["kind"] == "confirm":
            return
        seat = g.current_player
        if self.is_human(seat) or seat < 0:
            return
        w = self.worker
        if w is None:
            if time.perf_counter() - self.last_action_time < self.ai_delay:
                return
            agent = self.agents.get(seat)
            if agent is None:
                from engine.arena import make_agent

                agent = self.agents[seat] = make_agent(g.game_id, self.seats[seat], seed=self.seed * 31 + seat,
                                                       seat=seat)
            self.worker = AIWorker(agent, g.observe(seat), g.legal_actions(), self.version)
            return
        if not w.done:
            return
        self.worker = None
        if w.version != self.version:
            return
        if w.error is not None:
            self.say(tr("ai_error", self.lang, err=w.error), bad=True)
            self.seats[seat] = "human"  # hand the seat over rather than stall
            return
        self.play(str(w.result))

    def wait_for_computer(self, timeout: float = 30.0) -> None:
        """Block until a computer decision running now has finished (tests)."""
        if self.worker is not None:
            self.worker._t.join(timeout)

    # ------------------------------------------------------------------ drawing
    def layout(self, w: int, h: int) -> None:
        pw = int(min(380, max(250, w * 0.3)))
        self.panel_rect = pygame.Rect(w - pw, TOP_H, pw, h - TOP_H - STATUS_H)
        self.board_rect = pygame.Rect(6, TOP_H + 4, w - pw - 12, h - TOP_H - STATUS_H - 8)

    def draw(self, target) -> None:
        """Draw onto the app's Display (GL board under a UI surface, or flat) or onto a pygame Surface."""
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
            self._draw_gl(display, view, w, h)
        else:
            if display is None or getattr(display, "kind", "flat") != "gl":
                surf.fill(BG)
            self.flat.draw(surf, view, self.board_rect)
        self._draw_ui(surf)
        if display is not None and hasattr(display, "mark"):
            # the GL display composites only the marked parts of the UI surface over the board
            w, h = surf.get_size()
            for r in (pygame.Rect(0, 0, w, TOP_H), self.panel_rect, pygame.Rect(0, h - STATUS_H, w, STATUS_H)):
                display.mark(r)
            if self.modal_rect is not None:
                display.mark(self.modal_rect)
            if not gl_ok:
                display.mark(self.board_rect)

    def _draw_gl(self, display, view, w, h) -> None:
        from client.render.gl_board import BoardCamera, GLBoardRenderer

        if self.gl is None or self.gl.ctx is not display.ctx:
            self.gl = GLBoardRenderer(display.ctx)
        if self.camera is None or self.camera.bounds != tuple(view.geometry.bounds()):
            self.camera = BoardCamera(view.geometry.bounds(), pitch=self.view_pitch,
                                      yaw=180.0 if self.flipped else 0.0)
            self.camera.set_goal(self.view_pitch, 180.0 if self.flipped else 0.0, snap=True)
        fbo = display.gl.fbo
        size = fbo.size
        r = self.board_rect
        self.camera.set_viewport(size, (r.x, r.y, r.w, r.h))
        self.gl.draw(view, self.camera, target=fbo, size=size)
        if hasattr(display, "board_drawn"):
            display.board_drawn()
        else:
            display._board_drawn = True

    def _btn(self, surf, b: Button, rect) -> None:
        b.rect = pygame.Rect(rect)
        on = b.enabled()
        col = BTN_OFF if not on else (BTN_HOVER if b.rect.collidepoint(self.mouse) else BTN)
        pygame.draw.rect(surf, col, b.rect, border_radius=5)
        pygame.draw.rect(surf, BORDER, b.rect, 1, border_radius=5)
        text(surf, b.label(), b.rect.center, 15, TEXT if on else DIM, "center")

    def _draw_ui(self, surf) -> None:
        w, h = surf.get_size()
        ad = self.adapter
        g = self.game
        cur = g.current_player
        # --- top banner: whose turn, in the side's colour; the turn order
        band = pygame.Rect(0, 0, w, TOP_H)
        pygame.draw.rect(surf, PANEL_BG, band)
        if cur >= 0:
            col = rgb255(ad.seat_rgb(cur))
            pygame.draw.rect(surf, col, pygame.Rect(0, TOP_H - 5, w, 5))
        x = 12
        out = set(getattr(g.pos, "out", [])) if g.game_id == "anqi" else set()
        for s in range(g.num_players):
            name = ad.seat_name(s, self.lang)
            scol = rgb255(ad.seat_rgb(s))
            label = f"{name}（{self.seat_kind(s)}）" if self.lang == "zh" else f"{name} ({self.seat_kind(s)})"
            img = fonts.render(label, 18 if s == cur else 15, TEXT if s == cur else DIM)
            r = img.get_rect(midleft=(x + 22, TOP_H // 2 - 2))
            box = r.inflate(34, 12).move(-11, 0)
            if s == cur:
                pygame.draw.rect(surf, scol, box, border_radius=6)
                img = fonts.render(label, 18, (255, 255, 255))
            else:
                pygame.draw.rect(surf, scol, box, 2, border_radius=6)
            pygame.draw.circle(surf, (255, 255, 255) if s == cur else scol, (box.x + 13, box.centery), 6)
            surf.blit(img, r)
            if s in out:
                pygame.draw.line(surf, BAD, (box.x + 4, box.centery), (box.right - 4, box.centery), 3)
            x = box.right + 6
            if s < g.num_players - 1:
                x = text(surf, "→", (x, TOP_H // 2 - 2), 18, DIM, "midleft").right + 6
        if cur >= 0:
            if self.is_human(cur):
                msg = tr("to_move", self.lang, who=ad.seat_name(cur, self.lang))
            else:
                dots = "." * (1 + int(time.perf_counter() * 3) % 3)
                msg = tr("thinking", self.lang, who=ad.seat_name(cur, self.lang)) + dots
            text(surf, msg, (w - 14, TOP_H // 2 - 2), 18, ACCENT, "midright")
        # --- side panel
        p = self.panel_rect
        pygame.draw.rect(surf, PANEL_BG, p)
        pygame.draw.line(surf, BORDER, p.topleft, p.bottomleft)
        y = p.y + 10
        st = ad.status(self.lang)
        if st:
            for line in wrap(st, 16, p.w - 20):
                text(surf, line, (p.x + 10, y), 16, BAD)
                y += 21
        for line, col in ad.panel_lines(self.lang):
            c = rgb255(col) if col else TEXT
            for k, part in enumerate(wrap(line, 14, p.w - 30)):
                if col and k == 0:
                    pygame.draw.circle(surf, c, (p.x + 15, y + 9), 5)
                text(surf, part, (p.x + 26, y), 14, TEXT)
                y += 19
        y += 6
        bw = (p.w - 30) // 2
        for i, b in enumerate(self.buttons):
            if b.key == "view" and not self.using_gl:
                b.rect = pygame.Rect(0, 0, 0, 0)
                continue
            k = len([bb for bb in self.buttons[:i] if not (bb.key == "view" and not self.using_gl)])
            self._btn(surf, b, (p.x + 10 + (k % 2) * (bw + 10), y + (k // 2) * 38, bw, 32))
        nb = len([b for b in self.buttons if not (b.key == "view" and not self.using_gl)])
        y += ((nb + 1) // 2) * 38
        self.side_button_rects = []
        if self.human_turn():
            sbs = ad.side_buttons()
            for i, sb in enumerate(sbs):
                r = pygame.Rect(p.x + 10 + (i % 2) * (bw + 10), y + (i // 2) * 38, bw, 32)
                on_hover = r.collidepoint(self.mouse)
                pygame.draw.rect(surf, BTN_HOVER if on_hover else BTN, r, border_radius=5)
                pygame.draw.rect(surf, ACCENT, r, 1, border_radius=5)
                text(surf, sb.label_zh if self.lang == "zh" else sb.label_en, r.center, 15, TEXT, "center")
                self.side_button_rects.append((r, sb))
            y += ((len(sbs) + 1) // 2) * 38
        # move list
        y += 4
        text(surf, tr("moves", self.lang), (p.x + 10, y), 16, ACCENT)
        y += 24
        lines = []
        for ln in ad.move_list(self.lang):
            lines += wrap(ln, 14, p.w - 20)
        avail = max(1, (p.bottom - 28 - y) // 18)
        self.move_scroll = min(self.move_scroll, max(0, len(lines) - avail))
        end = len(lines) - self.move_scroll
        for ln in lines[max(0, end - avail):end]:
            text(surf, ln, (p.x + 10, y), 14, TEXT)
            y += 18
        keys = tr("keys" if self.using_gl else "keys_flat", self.lang)
        text(surf, keys, (p.x + 10, p.bottom - 22), 12, DIM)
        # --- status line
        sr = pygame.Rect(0, h - STATUS_H, w, STATUS_H)
        pygame.draw.rect(surf, PANEL_BG, sr)
        pygame.draw.line(surf, BORDER, sr.topleft, sr.topright)
        if self.message:
            msg = self.message if len(self.message) < 160 else self.message[:157] + "…"
            text(surf, msg, (10, sr.centery), 15, BAD if self.message_bad else TEXT, "midleft")
        # --- modal
        self.modal_buttons = []
        self.modal_rect = None
        if self.modal is not None:
            self._draw_modal(surf)

    def _modal_box(self, surf, w_box: int, h_box: int) -> pygame.Rect:
        box = pygame.Rect(0, 0, w_box, h_box)
        box.center = self.board_rect.center
        self.modal_rect = box.inflate(10, 10)
        shade = pygame.Surface(box.inflate(8, 8).size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surf.blit(shade, box.inflate(8, 8).topleft)
        pygame.draw.rect(surf, (28, 30, 38), box, border_radius=8)
        pygame.draw.rect(surf, ACCENT, box, 2, border_radius=8)
        return box

    def _modal_button(self, surf, label: str, rect, fn) -> None:
        r = pygame.Rect(rect)
        pygame.draw.rect(surf, BTN_HOVER if r.collidepoint(self.mouse) else BTN, r, border_radius=5)
        pygame.draw.rect(surf, BORDER, r, 1, border_radius=5)
        text(surf, label, r.center, 16, TEXT, "center")
        self.modal_buttons.append((r, fn))

    def _draw_modal(self, surf) -> None:
        m = self.modal
        kind = m["kind"]
        if kind == "promote":
            ch = m["choices"]
            cw = 92
            box = self._modal_box(surf, max(300, cw * len(ch) + 40), 210)
            text(surf, tr("promote", self.lang), (box.centerx, box.y + 14), 18, ACCENT, "midtop")
            x0 = box.centerx - cw * len(ch) // 2
            for i, c in enumerate(ch):
                cx, cy = x0 + cw * i + cw // 2, box.y + 92
                r = pygame.Rect(cx - 40, cy - 40, 80, 104)
                hov = r.collidepoint(self.mouse)
                if hov:
                    pygame.draw.rect(surf, BTN_HOVER, r, border_radius=6)
                pygame.draw.circle(surf, (245, 235, 210), (cx, cy), 32)
                pygame.draw.circle(surf, rgb255(c.ink), (cx, cy), 28, 3)
                text(surf, c.glyph, (cx, cy), 30, rgb255(c.ink), "center")
                hint = tr("stay", self.lang) if c.hint == "stay" else (c.hint if self.lang != "zh" else "")
                text(surf, hint, (cx, cy + 44), 14, TEXT, "midtop")
                self.modal_buttons.append((r, lambda a=c.action: self.play_human(a)))
                m.setdefault("rects", {})[c.action] = r
            self._modal_button(surf, tr("no", self.lang), (box.centerx - 50, box.bottom - 42, 100, 30),
                               self._cancel_modal)
        elif kind == "confirm":
            lines = wrap(m["text"], 18, 400)
            box = self._modal_box(surf, 440, 116 + 24 * len(lines))
            for i, ln in enumerate(lines):
                text(surf, ln, (box.centerx, box.y + 24 + 24 * i), 18, TEXT, "midtop")

            def yes(then=m["then"]):
                self.modal = None
                then()
            self._modal_button(surf, tr("yes", self.lang), (box.centerx - 120, box.bottom - 50, 100, 32), yes)
            self._modal_button(surf, tr("no", self.lang), (box.centerx + 20, box.bottom - 50, 100, 32),
                               self._cancel_modal)
        elif kind == "over":
            reason = self.adapter.end_reason(self.lang)
            lines = wrap(reason, 16, 440)
            box = self._modal_box(surf, 480, 120 + 22 * len(lines))
            text(surf, tr("game_over", self.lang), (box.centerx, box.y + 14), 24, ACCENT, "midtop")
            y = box.y + 54
            for ln in lines:
                text(surf, ln, (box.centerx, y), 16, TEXT, "midtop")
                y += 22
            bx = box.centerx - 170
            for label, fn in ((tr("new_game", self.lang), self.new_game),
                              (tr("close", self.lang), self._dismiss_over),
                              (tr("menu", self.lang), self._leave)):
                self._modal_button(surf, label, (bx, box.bottom - 46, 104, 32), fn)
                bx += 118

    def _cancel_modal(self) -> None:
        self.modal = None

    def _dismiss_over(self) -> None:
        self.modal = None
        self.over_dismissed = True


# ---------------------------------------------------------------------- the app's Scene protocol
def app_scene(app, game, seats: list[str]):
    """The board scene wrapped for client.app.App's scene stack (``app.replace(app_scene(...))``)."""
    from client.app import Scene

    class AppBoardScene(Scene):
        def __init__(self):
            super().__init__(app)
            o = app.opts
            kind = "gl" if app.display.kind == "gl" else "flat"
            from client import i18n

            self.inner = BoardGameScene(app.display.size, game, seats, i18n.lang(), kind,
                                        ai_delay=getattr(o, "ai_delay", 0.35), seed=getattr(o, "seed", 0))
            self._saved = (id(game), len(game.log))

        @property
        def game(self):
            return self.inner.game

        @property
        def seats(self):
            return self.inner.seats

        def save_to(self, path):
            """Write a client save (the app's format: engine save + seats) and say so on the status line."""
            from client.app import write_save

            try:
                p = write_save(path, self.inner.game, self.inner.seats, 0)
                self.inner.say(str(p))
                return p
            except OSError as e:
                self.inner.say(f"save failed: {e}", bad=True)
                return None

        def handle(self, ev) -> None:
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_s and ev.mod & pygame.KMOD_CTRL:
                from pathlib import Path

                self.save_to(Path(app.opts.save_dir) / time.strftime("save-%Y%m%d-%H%M%S.json"))
                return
            if self.inner.handle_event(ev) == "menu":
                app.start_title()

        def update(self, dt: float) -> None:
            self.inner.update(dt)
            key = (id(self.inner.game), len(self.inner.game.log))
            if key != self._saved:  # autosave after every action (the app's autosave file)
                self._saved = key
                if hasattr(app.opts, "autosave_path"):
                    try:
                        from client.app import write_save

                        write_save(app.opts.autosave_path(), self.inner.game, self.inner.seats, 0)
                    except OSError:
                        pass

        def draw(self, display) -> None:
            self.inner.draw(display)

        def on_resize(self, w: int, h: int) -> None:
            self.inner.size = (w, h)

    return AppBoardScene()
