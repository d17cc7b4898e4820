"""The application: the scene host. It owns the window (client/display.py) and the scene stack
(client/scene.py) and runs the input loop."""
from __future__ import annotations

import dataclasses
import sys
import time
import traceback
from pathlib import Path

import pygame

from client import i18n
from client.games import plugin_class
from client.scenes.board_game import BoardGameScene
from client.scenes.help import HelpScene
from client.scenes.play import PlayScene
from client.scenes.start import StartScene
from client import settings, shot
from client.ui import composed, widgets
from engine import registry
from client.display import Display
from client.options import Options, check_options, default_save_dir, info_takes_players  # noqa: F401
from client.savefile import (SAVE_FORMAT, LoadRefusal, load_error_text, load_text, read_save, save_text,  # noqa: F401
                             write_save)
from client.scene import Scene


class App:
    """Owns the display and the scene stack; ``step()`` runs one frame of the input loop."""

    def __init__(self, opts: Options | None = None):
        self.opts = opts or Options()
        bad_settings = settings.startup(self.opts)  # the language and start-screen choices of the last launch
        i18n.set_lang(self.opts.lang)
        pygame.display.init()
        pygame.font.init()
        info = registry.get(self.opts.game_id)  # the window's title: the game of the options
        pygame.display.set_caption(info.name_zh if self.opts.lang == "zh" else info.name_en)
        self.display = Display(self.opts.size, self.opts.renderer, self.opts.fullscreen)
        self.display.verify_claims = bool(self.opts.strict)  # strict (tests): an unmarked draw over a panel raises
        pygame.key.set_repeat(300, 40)
        self.scenes: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self.frame_times: list[float] = []
        self.frames = 0
        self.errors: list[str] = []
        self.notice = ""
        if bad_settings:
            self.notice = i18n.t("saves.settings_bad", err=bad_settings)
        if self.display.fallback_reason and self.opts.renderer == "gl":
            self.notice = i18n.t("renderer_fallback", err=self.display.fallback_reason)
        self._last = time.perf_counter()
        self._woken: list = []  # the event that ended an idle wait, handled first in the next frame
        self._spent_key: int | None = None  # a key whose press changed the screen, until it is released (_fresh)
        self._last_draw = 0.0  # perf_counter of the last drawn frame
        self.idle = False  # the last step drew nothing (waiting for input)

    # ---------------------------------------------------------------- scenes
    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def pop(self, scene: Scene | None = None) -> None:
        if scene is None:
            if self.scenes:
                self.scenes.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)

    def replace(self, scene: Scene) -> None:
        self.scenes = [scene]

    def find(self, cls):
        for s in reversed(self.scenes):
            if isinstance(s, cls):
                return s
        return None

    # --------------------------------------------------------------- flows
    def start_title(self) -> None:
        self.replace(StartScene(self))

    def start_game(self, game, seats: list[str], viewer: int | None = None, message: str = "",
                   ai_seed: int | None = None) -> None:
        """Open the scene the game's plugin names (its ``open_scene``, client/games/<game_id>), else the flat-board
        scene. From here to the end of the frame the client's Chinese words are in the new game's script
        (``use_script_of``). ``ai_seed``: a loaded game's computer seats' seed (client.ai_driver), else None."""
        self.use_script_of(game.game_id)
        scene = plugin_class(game.game_id).open_scene(self, game, list(seats), viewer=viewer, message=message,
                                                      ai_seed=ai_seed)
        if scene is None:  # no scene of its own: the flat-board scene plays it
            scene = BoardGameScene.for_app(self, game, list(seats), message=message, ai_seed=ai_seed)
        self.replace(scene)
        scene.on_enter()

    def new_game_from_opts(self) -> None:
        """A new game from the options (the game's plugin reads its own rows) and its scene."""
        o = self.opts
        game = plugin_class(o.game_id).game_from_options(registry.get(o.game_id), o)
        n = game.num_players
        seats = (list(o.seats) + ["normal"] * n)[:n]
        self.start_game(game, seats)

    def load_path(self, path, loaded: tuple | None = None) -> LoadRefusal | None:
        """Open a save (``loaded``: its (game, seats, viewer), already read); returns why not instead of raising
        (a LoadRefusal: its text in the language shown when drawn), None when it opened."""
        try:
            game, seats, viewer, ai_seed = loaded if loaded is not None else read_save(path)
        except ValueError as e:
            return LoadRefusal(e, path)
        self.use_script_of(game.game_id)  # the message is the loaded game's: in its script (issue 26)
        self.start_game(game, seats, viewer=viewer, message=i18n.t("loaded", path=Path(path).name), ai_seed=ai_seed)
        return None

    def close(self) -> None:
        """Release the GL context (a later GL window in the same process needs that) and close the window."""
        self.opts.release_autosave()  # another client may take this one's autosave slots now
        ctx = getattr(self.display, "ctx", None)
        if ctx is not None:
            try:
                ctx.release()
            except Exception:
                pass
            self.display.ctx = None
        pygame.display.quit()

    def quit(self) -> None:
        self.running = False

    # ----------------------------------------------------------- the loop
    def handle_global(self, ev) -> bool:
        """Keys every scene shares; True if the event was used."""
        if ev.type == pygame.QUIT:
            self.quit()
            return True
        if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            w, h = (ev.w, ev.h) if ev.type == pygame.VIDEORESIZE else (ev.x, ev.y)
            self.display.resized(w, h)
            for s in self.scenes:
                s.on_resize(*self.display.size)
            return ev.type == pygame.VIDEORESIZE
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_F11 or (ev.key == pygame.K_RETURN and ev.mod & pygame.KMOD_ALT):
                self.display.toggle_fullscreen()
                for s in self.scenes:
                    s.on_resize(*self.display.size)
                return True
            if ev.key == pygame.K_F2:
                i18n.toggle()
                self.notice = i18n.t("lang_switched")
                return True
            if ev.key == pygame.K_F12:
                clean = bool(ev.mod & pygame.KMOD_SHIFT)
                name = time.strftime("rule-%Y%m%d-%H%M%S.png" if clean else "shot-%Y%m%d-%H%M%S.png")
                path = Path(self.opts.save_dir) / "screenshots" / name
                if clean and not self.has_rule_view():
                    self.notice = i18n.t("rule_picture_none")
                    return True
                try:
                    if clean:
                        self.save_rule_picture(path)
                    else:
                        self.display.save_screenshot(path)
                    self.notice = str(path)
                except Exception as e:
                    self.notice = i18n.t("screenshot_failed", err=i18n.file_error(e))
                return True
            if ev.key == pygame.K_F1:
                if isinstance(self.scene, HelpScene):
                    self.pop()
                else:
                    self.push(HelpScene(self))
                return True
            if ev.key == pygame.K_F3:
                return self.open_refused_rule()
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and isinstance(self.scene, PlayScene):
            rule = self.scene.rule_at(ev.pos)  # a click on the rule id of a refusal on the status line
            if rule:
                self.push(HelpScene(self, rule=rule, why=True))
                return True
        return False

    def open_refused_rule(self) -> bool:
        """F3: the rule book at the rule of the refusal on the status line (else of the last refusal in this game;
        else at its top with a note). False where no game is played."""
        play = self.find(PlayScene)
        if play is None:
            return False
        if isinstance(self.scene, HelpScene):
            self.pop()
        self.push(HelpScene(self, rule=play.refusal_rule() or play.last_refusal_rule, why=True))
        return True

    def rule_view_scene(self):
        """The scene whose board view a rule picture (Shift+F12) is made of: 沙场秋点兵's map, the topmost one, under
        a menu or the help page too (the picture has no UI anyway); None where there is none, or where a scene that
        hides the board is over it (the hand-over screen: the picture would show the seat before's view)."""
        for s in reversed(self.scenes):
            if getattr(s, "frame", None) is not None and hasattr(s, "camera"):
                return s
            if getattr(s, "opaque", False):
                return None
        return None

    def has_rule_view(self) -> bool:
        """Whether there is a board view a rule picture (Shift+F12) is made of (``rule_view_scene``)."""
        return self.rule_view_scene() is not None

    def save_rule_picture(self, path) -> Path:
        """Shift+F12: the current board view without any HUD (a clean rule picture) as PNG."""
        scene = self.rule_view_scene()
        if scene is None:
            raise RuntimeError("no board view to picture here")
        frame = scene.frame
        camera = scene.camera()
        # no hover frame; the view the player had in the window's free part, centred in the picture
        frame = dataclasses.replace(frame, overlays=dataclasses.replace(frame.overlays, hover=None), version=None)
        if hasattr(scene, "centred_camera"):
            camera = scene.centred_camera()
        if self.display.kind == "gl":
            return shot.save_view(self.display.gl, frame, camera, path)
        self.display.board.draw(frame, camera)  # the flat board alone; the HUD comes after
        return self.display.save_screenshot(path)

    IDLE_REDRAW_S = 30.0  # an idle window is still redrawn this often (a safety net: timed lines animate)
    IDLE_WAIT_MS = 250  # while idle, the loop sleeps in pygame.event.wait this long at most

    def step(self, dt: float | None = None, idle_skip: bool = False) -> bool:
        """One frame (``_step``) with the client's Chinese words in the script of the game on the screen
        (``use_script``), and as they are again after it (other windows and tests read the shared words)."""
        self.use_script()
        try:
            return self._step(dt, idle_skip)
        finally:
            i18n.use_script(None)

    def _step(self, dt: float | None = None, idle_skip: bool = False) -> bool:
        """One frame: events, update, draw, present. Returns False once the app should stop.

        With ``idle_skip`` (the interactive loop), a frame without events in which no scene is
        animating is not drawn again (the picture stays; redrawn at least every IDLE_REDRAW_S), and
        ``run`` then sleeps until input comes instead of looping at the frame rate."""
        now = time.perf_counter()
        if dt is None:
            dt = min(0.1, now - self._last)
        self._last = now
        events, self._woken = self._woken + pygame.event.get(), []
        for ev in events:
            if not self._fresh(ev):
                continue
            before = self.scene
            try:
                if self.handle_global(ev):
                    continue
                if self.scene is not None:
                    self.scene.handle(ev)
            except Exception as e:
                self._error(e)
            finally:
                if ev.type == pygame.KEYDOWN and self.scene is not before:
                    self._spent_key = ev.key
            if not self.running:
                break
        if not self.running:
            return False
        if self.scene is None:
            self.start_title()
        self.use_script()  # an event may have opened another game (Start): draw it in its own script at once
        try:
            for s in list(self.scenes):
                s.update(dt)
            idle = (idle_skip and not events and now - self._last_draw < self.IDLE_REDRAW_S
                    and not any(s.animating() for s in self.scenes))
            self.idle = idle
            if not idle:
                self._last_draw = now
                self.draw()
        except Exception as e:
            self._error(e)
            try:  # still show something (the error on the status line)
                self.draw()
            except Exception:
                pygame.display.flip()
        self.frames += 1
        return self.running

    def _fresh(self, ev) -> bool:
        """False for a repeat of a key whose press changed the screen, until that key is released: Enter that
        starts a game took long enough (the game and its 3D view are made while the key is held) for the key
        repeat (``set_repeat``) to send Enter again, and the new game's first turn ended at once (found in QA under
        Xvfb, session 13). Another key or a mouse button ends the wait for the release."""
        spent = self._spent_key
        if spent is None:
            return True
        if ev.type == pygame.KEYDOWN and ev.key == spent:
            return False
        if ev.type == pygame.KEYUP and ev.key == spent or ev.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN,
                                                                         pygame.WINDOWFOCUSLOST):
            self._spent_key = None
        return True

    def _error(self, e: Exception) -> None:
        """A bug in a scene: in strict mode raise it, else print it, show it and play on."""
        if self.opts.strict:
            raise e
        traceback.print_exc(file=sys.stderr)
        msg = f"internal error: {type(e).__name__}: {e}"
        self.errors.append(msg)
        self.notice = msg

    @staticmethod
    def use_script_of(game_id: str) -> None:
        """The client's Chinese words in the script of game ``game_id`` (a game about to open: the words made for
        it in this frame, such as the note on its autosave slot or "loaded", are in its script, not in the one of
        the game it replaces)."""
        i18n.use_script(getattr(plugin_class(game_id), "zh_script", None))

    def use_script(self) -> None:
        """The client's Chinese words in the script of the game on the screen (its plugin's ``zh_script``:
        辛亥革命's traditional characters), the shared ones as they are elsewhere (issue 26)."""
        for s in reversed(self.scenes):
            speaks = getattr(s, "script_plugin", None)  # a scene that speaks for a game it has not opened yet
            p = speaks() if speaks is not None else getattr(s, "plugin", None)  # (not the help page's plugin())
            if getattr(p, "game_id", None):
                i18n.use_script(getattr(p, "zh_script", None))
                return
        i18n.use_script(None)

    def draw(self) -> None:
        d = self.display
        d.begin()
        widgets.set_marker(d.mark)
        composed.set_holder(d.holds)
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        for s in self.scenes[first:]:
            s.draw(d)
        if d.stale_ui():  # a panel kept from the frame before was not drawn again where something else was drawn
            d.begin(keep=False)
            for s in self.scenes[first:]:
                s.draw(d)
        d.present()

    def wait_for_input(self) -> None:
        """Sleep until input comes (or IDLE_WAIT_MS passes). The event that ends the wait is handled first in
        the next frame: posted back, it went behind the events queued meanwhile, so a click's button-up came
        before its button-down and the click was lost or landed on a stale press (seen under Xvfb, issue 26)."""
        ev = pygame.event.wait(self.IDLE_WAIT_MS)
        if ev.type != pygame.NOEVENT:
            self._woken.append(ev)

    def run(self, fps: int = 60) -> int:
        if not self.scenes:
            if self.opts.load:
                loaded, self.opts.loaded = self.opts.loaded, None  # the game is played from here, not kept twice
                err = self.load_path(self.opts.load, loaded)
                if err:
                    self.start_title()
                    self.notice = i18n.t("load_failed", err=err)
            elif self.opts.quick_start:
                self.new_game_from_opts()
            else:
                self.start_title()
        while self.running:
            self.step(idle_skip=True)
            if self.idle:  # nothing moves: sleep until input comes (or a while passes), no busy frames
                self.wait_for_input()
                self.clock.tick()  # keep the clock's frame time honest after the wait
            else:
                self.clock.tick(fps)
        pygame.quit()
        return 0
