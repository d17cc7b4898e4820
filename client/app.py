"""The application: window, display backend (ModernGL or flat pygame), scene stack and the input loop."""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pygame

from client import i18n


def default_save_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "shachang"


@dataclass
class Options:
    """What the start screen and the command-line flags choose."""

    game_id: str = "shachang"
    game_options: dict = field(default_factory=dict)  # a game's own start options (三国演弈's variant, ...)
    preset: str = "standard"
    mode: str = "digital"
    players: int = 2
    seats: list[str] = field(default_factory=lambda: ["human", "normal"])  # "normal": the default computer level
    seed: int = 0
    renderer: str = "auto"  # auto | gl | flat
    lang: str = "zh"
    fullscreen: bool = False
    size: tuple[int, int] = (1280, 720)
    save_dir: Path = field(default_factory=default_save_dir)
    autosave: Path | None = None  # default: save_dir / autosave.json
    ai_delay: float = 0.45  # seconds between animated computer actions at speed x1
    edge_pan: bool = True
    quick_start: bool = False  # skip the start screen
    load: Path | None = None  # a save to open at once
    map_file: Path | None = None  # 沙场秋点兵 map: .png heightmap, JSON map or .npy heights
    bench: int = 0
    handover_delay: float = 0.4  # seconds the hand-over screen ignores input (no accidental double presses)
    strict: bool = False  # re-raise errors of scenes (tests); else report them and play on

    def autosave_path(self, game=None, seats=None) -> Path:
        """The autosave file: ``--autosave`` if given, else one per game kind, map and table (a hot-seat
        game does not overwrite a game against the computer): autosave-<game>[-<map>]-<hotseat|vs>.json."""
        if self.autosave:
            return Path(self.autosave)
        if game is None:
            return Path(self.save_dir) / "autosave.json"
        parts = [game.game_id]
        preset = getattr(game, "preset_key", None)
        if preset:
            parts.append(str(preset))
        if seats is not None:
            parts.append("hotseat" if all(s == "human" for s in seats) else "vs")
        return Path(self.save_dir) / ("autosave-" + "-".join(parts) + ".json")


# the client's save files (client.savefile; kept importable from here)
from client.savefile import SAVE_FORMAT, load_text, read_save, save_text, write_save  # noqa: E402,F401


def info_takes_players(o: Options) -> bool:
    """Whether ``o.players`` means something for ``o.game_id`` (a heightmap game, or a game with a players choice)."""
    from engine import registry

    info = registry.GAMES.get(o.game_id)
    return info is None or info.board == "heightmap" or "players" in info.choices


def check_options(o: Options, players_given: bool = True) -> Options:
    """Refuse options no game can start with (ValueError with one line naming the option):
    an unknown game or preset, a player count the game or map does not allow, more seats
    than players, unknown seat kinds, a negative seed, a window too small or too large."""
    from client import cli_args
    from engine import registry

    if o.game_id not in registry.GAMES:
        raise ValueError(f"unknown game {o.game_id!r:.40}; known: {', '.join(registry.GAMES)}")
    info = registry.GAMES[o.game_id]
    cli_args.seed(o.seed)
    for i, s in enumerate(o.seats):
        if s not in cli_args.SEAT_KINDS:
            raise ValueError(f"seat {i + 1} is {s!r:.30}; each seat is one of {', '.join(cli_args.SEAT_KINDS)}")
    if type(o.players) is not int:
        raise ValueError(f"players must be a whole number, got {o.players!r:.30}")
    if info.board == "heightmap":
        from engine.shachang.rules import presets

        if o.preset not in presets():
            raise ValueError(f"unknown preset {o.preset!r:.40}; known: {', '.join(presets())}")
        top = presets()[o.preset].offered_players  # D2: counts whose spawns keep the gap
        if not 2 <= o.players <= top:
            most = max(p.offered_players for p in presets().values())
            takes = "exactly 2" if top == 2 else f"2 to {top}"
            raise ValueError(f"the {o.preset} map takes {takes} players, not {o.players}"
                             + (f" (larger presets take up to {most})" if o.players <= most else ""))
        allowed = o.players
    else:
        allowed_counts = info.choices.get("players")
        if allowed_counts is None:
            allowed_counts = (info.new_game(**info.options).num_players,)
        if players_given and o.players not in allowed_counts:
            raise ValueError(f"{info.name_en} is for {' or '.join(map(str, allowed_counts))} players, "
                             f"not {o.players}")
        allowed = o.players if players_given else max(allowed_counts)
    if len(o.seats) > allowed:
        raise ValueError(f"{len(o.seats)} seats for a game of {allowed} players")
    cli_args.size(f"{o.size[0]}x{o.size[1]}")
    cli_args.seconds(o.ai_delay, "--ai-delay")
    if o.bench < 0:
        raise ValueError(f"--bench {o.bench}: the number of frames must be 0 (off) or more")
    return o


class Display:
    """The window and what draws into it: a board renderer (GL or flat) plus a UI surface on top."""

    def __init__(self, size=(1280, 720), renderer: str = "auto", fullscreen: bool = False):
        self.kind = "flat"
        self.fallback_reason = ""
        self.fullscreen = fullscreen
        self.windowed_size = tuple(size)
        self.ctx = None
        self.gl = None
        want_gl = renderer in ("auto", "gl")
        if want_gl:
            try:
                self._open_gl(size)
                self.kind = "gl"
            except Exception as e:  # no GL: flat renderer
                self.fallback_reason = f"{type(e).__name__}: {e}"
                if renderer == "gl":
                    print(f"OpenGL renderer unavailable, using flat: {self.fallback_reason}")
                self.ctx = None
                self.gl = None
        if self.kind == "flat":
            self._open_flat(size)

    # ---------------------------------------------------------------- setup
    def _flags(self, gl: bool) -> int:
        f = pygame.RESIZABLE
        if gl:
            f |= pygame.OPENGL | pygame.DOUBLEBUF
        if self.fullscreen:
            f |= pygame.FULLSCREEN
        return f

    def _mode_size(self, size):
        return (0, 0) if self.fullscreen else size

    def _open_gl(self, size) -> None:
        import moderngl

        from client.render.gl import GLRenderer  # noqa: F401  (ImportError until it exists)

        if os.environ.get("SDL_VIDEODRIVER") == "dummy":
            raise RuntimeError("SDL dummy video driver has no OpenGL")
        pygame.display.gl_set_attribute(pygame.GL_CONTEXT_MAJOR_VERSION, 3)
        pygame.display.gl_set_attribute(pygame.GL_CONTEXT_MINOR_VERSION, 3)
        pygame.display.gl_set_attribute(pygame.GL_CONTEXT_PROFILE_MASK, pygame.GL_CONTEXT_PROFILE_CORE)
        # the renderer blits its RGBA8 + depth24 framebuffer to the window: formats must match
        for attr, v in ((pygame.GL_RED_SIZE, 8), (pygame.GL_GREEN_SIZE, 8), (pygame.GL_BLUE_SIZE, 8),
                        (pygame.GL_ALPHA_SIZE, 8), (pygame.GL_DEPTH_SIZE, 24), (pygame.GL_STENCIL_SIZE, 0)):
            pygame.display.gl_set_attribute(attr, v)
        try:
            self.window = pygame.display.set_mode(self._mode_size(size), self._flags(True), vsync=0)
        except pygame.error:  # that exact format is not offered: take the driver's default (presenting copes)
            pygame.display.gl_set_attribute(pygame.GL_ALPHA_SIZE, 0)
            pygame.display.gl_set_attribute(pygame.GL_DEPTH_SIZE, 16)
            self.window = pygame.display.set_mode(self._mode_size(size), self._flags(True), vsync=0)
        # A fresh context for this window through moderngl's default loader (works over SDL's EGL and GLX).
        # create_context() would only do that while moderngl has no default context yet; after any other
        # context in this process (a standalone EGL one, an earlier window) it detects through GLX, which
        # fails on SDL's offscreen driver and made the GL window tests skip in the full suite.
        moderngl.init_context()
        self.ctx = moderngl.get_context()
        self._board_drawn = False
        w, h = self.window.get_size()
        self.gl = GLRenderer(self.ctx, w, h)
        self.ui = self._ui_surface(w, h)
        self.board = self.gl

    @staticmethod
    def _ui_surface(w: int, h: int) -> pygame.Surface:
        """The GL overlay: RGBA byte order in memory, so regions upload without conversion."""
        return pygame.Surface((w, h), pygame.SRCALPHA, 32, masks=(0xFF, 0xFF00, 0xFF0000, 0xFF000000))

    def _composite(self) -> None:
        """Blend the UI surface over the GL picture: the marked rects only, or all of it."""
        W, H = self.ui.get_size()
        if not self._board_drawn:  # a screen of its own (start, hand-over, load): the UI is all there is
            buf = self.ui.get_buffer()
            try:
                arr = np.frombuffer(buf, np.uint8).reshape(H, self.ui.get_pitch() // 4, 4)
                self._blit_opaque(arr, [pygame.Rect(0, 0, W, H)], W, H)
            finally:
                del buf
            return
        full = self.ui_full
        rects = [pygame.Rect(0, 0, W, H)] if full else self._composite_rects()
        screen = pygame.Rect(0, 0, W, H)
        opaque = [] if full else [r.clip(screen) for r in self.ui_opaque if r.clip(screen).w > 0 and r.clip(screen).h > 0]
        buf = self.ui.get_buffer()
        try:
            pitch = self.ui.get_pitch()
            arr = np.frombuffer(buf, np.uint8)
            arr = arr.reshape(H, pitch // 4, 4)
            if opaque:
                self._blit_opaque(arr, opaque, W, H)
            for r in rects:
                self.gl.draw_surface(np.ascontiguousarray(arr[r.y:r.bottom, r.x:r.right]), r.x, r.y)
        finally:
            del buf

    def _blit_opaque(self, arr, rects, W: int, H: int) -> None:
        """Copy opaque UI rects into the renderer's picture: write them (rows flipped to GL's
        bottom-up order) into a window-sized texture, then one scissored framebuffer blit each."""
        ctx = self.ctx
        tex = getattr(self, "_ui_tex", None)
        if tex is None or tex.size != (W, H):
            if tex is not None:
                self._ui_fbo.release()
                tex.release()
            self._ui_tex = ctx.texture((W, H), 4)
            self._ui_fbo = ctx.framebuffer(color_attachments=[self._ui_tex])
        for r in rects:
            sub = np.ascontiguousarray(arr[r.y:r.bottom, r.x:r.right][::-1])
            self._ui_tex.write(sub, viewport=(r.x, H - r.bottom, r.w, r.h))
        try:
            for r in rects:
                ctx.scissor = (r.x, H - r.bottom, r.w, r.h)
                ctx.copy_framebuffer(self.gl.fbo, self._ui_fbo)
        finally:
            ctx.scissor = None

    _QUAD_VS = """#version 330
in vec2 in_pos; out vec2 uv;
void main() { uv = in_pos * 0.5 + 0.5; gl_Position = vec4(in_pos, 0.0, 1.0); }"""
    _QUAD_FS = """#version 330
uniform sampler2D tex; in vec2 uv; out vec4 color;
void main() { color = vec4(texture(tex, uv).rgb, 1.0); }"""

    def _to_window(self) -> None:
        """Put the renderer's picture in the window. Its own blit works when the window's depth format
        matches; else (e.g. GLX under Xvfb) a blit through a colour-only framebuffer (the depth part
        of a blit is skipped when one side has no depth); a screen quad as the last resort."""
        ctx = self.ctx
        mode = getattr(self, "_present_mode", None)
        if mode in (None, "blit"):
            ctx.error  # clear old errors
            self.gl.blit_to_screen()
            if mode is None:
                self._present_mode = "blit" if ctx.error == "GL_NO_ERROR" else "mid"
                mode = self._present_mode
            if mode == "blit":
                return
        w, h = self.gl.width, self.gl.height
        src = getattr(self.gl, "_resolve", None) or self.gl.fbo
        if getattr(self, "_mid", None) is None or self._mid.size != (w, h):
            if getattr(self, "_mid", None) is not None:
                self._mid.release()
                self._mid_tex.release()
            self._mid_tex = ctx.texture((w, h), 4)
            self._mid = ctx.framebuffer(color_attachments=[self._mid_tex])
        ctx.copy_framebuffer(self._mid, src)
        if mode == "mid":
            ctx.error
            ctx.copy_framebuffer(ctx.screen, self._mid)
            if ctx.error == "GL_NO_ERROR":
                return
            self._present_mode = "quad"
        import moderngl

        if getattr(self, "_quad", None) is None:
            prog = ctx.program(vertex_shader=self._QUAD_VS, fragment_shader=self._QUAD_FS)
            vbo = ctx.buffer(np.array([-1, -1, 1, -1, -1, 1, 1, 1], np.float32).tobytes())
            self._quad = (prog, ctx.vertex_array(prog, [(vbo, "2f", "in_pos")]))
        ctx.screen.use()
        W, H = self.window.get_size()
        ctx.viewport = (0, 0, W, H)
        ctx.disable(moderngl.DEPTH_TEST | moderngl.BLEND)
        self._mid_tex.use(0)
        self._quad[0]["tex"].value = 0
        self._quad[1].render(moderngl.TRIANGLE_STRIP)

    def _open_flat(self, size) -> None:
        from client.render.flat import FlatRenderer

        self.window = pygame.display.set_mode(self._mode_size(size), self._flags(False))
        self.ui = self.window
        self.board = FlatRenderer(surface=self.window)

    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    def new_camera(self, board_size: int):
        if self.kind == "gl":
            from client.camera import StrategyCamera

            return StrategyCamera(board_size)
        from client.render.flat import FlatCamera

        w, h = self.size
        return FlatCamera(board_size, w, h)

    def resized(self, w: int, h: int) -> None:
        """Follow a window size change."""
        w, h = max(320, w), max(240, h)
        if self.kind == "gl":
            self.window = pygame.display.get_surface() or self.window
            w, h = self.window.get_size()
            self.gl.resize(w, h)
            self.ui = self._ui_surface(w, h)
        else:
            surf = pygame.display.get_surface() or self.window
            if surf.get_size() != (w, h) and not self.fullscreen:
                surf = pygame.display.set_mode((w, h), self._flags(False))
            self.window = surf
            self.ui = self.window
            self.board.set_target(self.window)

    def toggle_fullscreen(self) -> None:
        if not self.fullscreen:
            self.windowed_size = self.size
        self.fullscreen = not self.fullscreen
        try:
            if self.kind == "gl":
                pygame.display.toggle_fullscreen()
            else:
                self.window = pygame.display.set_mode(self._mode_size(self.windowed_size), self._flags(False))
        except pygame.error:
            self.window = pygame.display.set_mode(self._mode_size(self.windowed_size), self._flags(self.kind == "gl"))
        w, h = self.window.get_size()
        self.resized(w, h)

    # -------------------------------------------------------------- frames
    def begin(self, background=(16, 18, 22)) -> None:
        self.ui_rects: list[pygame.Rect] = []
        self.ui_opaque: list[pygame.Rect] = []
        self.ui_full = False
        if self.kind == "gl":
            self._background = background
            self._board_drawn = False
            self.ui.fill((0, 0, 0, 0))
        else:
            self.window.fill(background)

    def mark(self, rect, opaque: bool = False) -> None:
        """A part of the UI surface that holds something this frame (GL composites only these);
        ``opaque`` parts are copied with a scissored framebuffer blit instead of blended."""
        if opaque:
            self.ui_opaque.append(pygame.Rect(rect))
        else:
            self.ui_rects.append(pygame.Rect(rect))

    def board_drawn(self) -> None:
        """A scene drew its own picture into ``gl.fbo`` (the flat-board games): keep it under the UI."""
        self._board_drawn = True

    def mark_full(self) -> None:
        self.ui_full = True

    def _composite_rects(self) -> list[pygame.Rect]:
        """Marked rects grown to multiples of 8 px (few texture sizes), merged when they overlap."""
        W, H = self.ui.get_size()
        out: list[pygame.Rect] = []
        for r in self.ui_rects:
            r = r.clip(pygame.Rect(0, 0, W, H))
            if r.w <= 0 or r.h <= 0:
                continue
            w = min(W, -(-r.w // 8) * 8)
            h = min(H, -(-r.h // 8) * 8)
            g = pygame.Rect(min(r.x, W - w), min(r.y, H - h), w, h)
            merged = True
            while merged:
                merged = False
                for o in out:
                    if o.colliderect(g):
                        out.remove(o)
                        u = o.union(g)
                        w = min(W, -(-u.w // 8) * 8)
                        h = min(H, -(-u.h // 8) * 8)
                        g = pygame.Rect(min(u.x, W - w), min(u.y, H - h), w, h)
                        merged = True
                        break
            out.append(g)
        return out

    def draw_board(self, frame, camera) -> None:
        if self.kind == "gl":
            self.gl.draw(frame, camera)
            self._board_drawn = True
        else:
            self.board.draw(frame, camera)

    def pick(self, x, y, frame, camera):
        return self.board.pick(x, y, frame, camera)

    def present(self) -> None:
        if self.kind == "gl":
            if not self._board_drawn:
                bg = self._background
                self.gl.fbo.use()
                self.ctx.clear(bg[0] / 255, bg[1] / 255, bg[2] / 255, 1.0)
            self._composite()
            self._to_window()
        pygame.display.flip()

    def screenshot(self) -> np.ndarray:
        """The window's picture as (H, W, 3) uint8 (after present)."""
        if self.kind == "gl":
            return self.gl.screenshot()
        return np.ascontiguousarray(pygame.surfarray.array3d(self.window).transpose(1, 0, 2))

    def save_screenshot(self, path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        img = np.ascontiguousarray(self.screenshot().transpose(1, 0, 2))
        pygame.image.save(pygame.surfarray.make_surface(img), str(path))
        return path


class Scene:
    """A screen of the application. Overlay scenes (``opaque = False``) draw over the one below."""

    opaque = True

    def __init__(self, app: "App"):
        self.app = app

    def handle(self, ev) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, display: Display) -> None: ...

    def on_resize(self, w: int, h: int) -> None: ...

    def animating(self) -> bool:
        """True while the picture changes without input (camera motion, computer moves, ...).
        Scenes that do not say are redrawn every frame."""
        return True

    def key_contexts(self) -> tuple[str, ...]:
        """The rows of the key-binding table (client/keys.py) this scene uses: its F1 page lists them."""
        return ("global",)


class App:
    """Owns the display and the scene stack; ``step()`` runs one frame of the input loop."""

    def __init__(self, opts: Options | None = None):
        self.opts = opts or Options()
        i18n.set_lang(self.opts.lang)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("沙场秋点兵")
        self.display = Display(self.opts.size, self.opts.renderer, self.opts.fullscreen)
        pygame.key.set_repeat(300, 40)
        self.scenes: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self.frame_times: list[float] = []
        self.frames = 0
        self.errors: list[str] = []
        self.notice = ""
        if self.display.fallback_reason and self.opts.renderer == "gl":
            self.notice = i18n.t("renderer_fallback", err=self.display.fallback_reason)
        self._last = time.perf_counter()
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
        from client.scenes.start import StartScene

        self.replace(StartScene(self))

    def start_game(self, game, seats: list[str], viewer: int | None = None, message: str = "") -> None:
        """Open the scene the game's plugin names (client/games/<game_id>.py)."""
        from client.games import plugin_class

        if plugin_class(game.game_id).scene == "board":  # every flat-board game
            from client.scenes.board_game import app_scene

            self.replace(app_scene(self, game, list(seats)))
            return
        from client.scenes.game import GameScene

        scene = GameScene(self, game, seats, viewer=viewer, message=message)
        self.replace(scene)
        scene.on_enter()

    def new_game_from_opts(self) -> None:
        from engine import registry

        o = self.opts
        info = registry.get(o.game_id)
        if info.board == "heightmap":
            game_map = None
            if o.map_file:
                from client.mapimage import load_any_map

                game_map = load_any_map(str(o.map_file), o.preset, o.players, o.seed)
            extra = {k: v for k, v in (o.game_options or {}).items() if v in info.choices.get(k, ())}
            game = info.new_game(preset=o.preset, mode=o.mode, players=o.players, seed=o.seed,
                                 game_map=game_map, **extra)  # the game's own rows (沙场秋点兵's items)
        else:
            from client.games import plugin_class

            opts = plugin_class(info.game_id).new_game_options(info, o.seed, o.players)
            for k, v in (o.game_options or {}).items():  # the game's own rows of the start screen
                if v in info.choices.get(k, ()):
                    opts[k] = v
            game = info.new_game(**opts)
        n = game.num_players
        seats = (list(o.seats) + ["normal"] * n)[:n]
        self.start_game(game, seats)

    def load_path(self, path) -> str | None:
        """Open a save; returns the error text instead of raising."""
        try:
            game, seats, viewer = read_save(path)
        except ValueError as e:
            return str(e)
        self.start_game(game, seats, viewer=viewer, message=i18n.t("loaded", path=Path(path).name))
        return None

    def close(self) -> None:
        """Release the GL context (a later GL window in the same process needs that) and close the window."""
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
                try:
                    if clean:
                        self.save_rule_picture(path)
                    else:
                        self.display.save_screenshot(path)
                    self.notice = str(path)
                except Exception as e:
                    self.notice = f"screenshot failed: {e}"
                return True
            if ev.key == pygame.K_F1:
                from client.scenes.help import HelpScene

                if isinstance(self.scene, HelpScene):
                    self.pop()
                else:
                    self.push(HelpScene(self))
                return True
        return False

    def save_rule_picture(self, path) -> Path:
        """Shift+F12: the current board view without any HUD (a clean rule picture) as PNG."""
        scene = self.scene
        frame = getattr(scene, "frame", None)
        if frame is None or not hasattr(scene, "camera"):
            raise RuntimeError("no board view to picture here")
        camera = scene.camera()
        import dataclasses

        # no hover frame; the view the player had in the window's free part, centred in the picture
        frame = dataclasses.replace(frame, overlays=dataclasses.replace(frame.overlays, hover=None), version=None)
        if hasattr(scene, "centred_camera"):
            camera = scene.centred_camera()
        if self.display.kind == "gl":
            from client.shot import save_view

            return save_view(self.display.gl, frame, camera, path)
        self.display.board.draw(frame, camera)  # the flat board alone; the HUD comes after
        return self.display.save_screenshot(path)

    IDLE_REDRAW_S = 5.0  # an idle window is still redrawn this often (a timed status line clears)
    IDLE_WAIT_MS = 250  # while idle, the loop sleeps in pygame.event.wait this long at most

    def step(self, dt: float | None = None, idle_skip: bool = False) -> bool:
        """One frame: events, update, draw, present. Returns False once the app should stop.

        With ``idle_skip`` (the interactive loop), a frame without events in which no scene is
        animating is not drawn again (the picture stays; redrawn at least every IDLE_REDRAW_S), and
        ``run`` then sleeps until input comes instead of looping at the frame rate."""
        now = time.perf_counter()
        if dt is None:
            dt = min(0.1, now - self._last)
        self._last = now
        events = pygame.event.get()
        for ev in events:
            try:
                if self.handle_global(ev):
                    continue
                if self.scene is not None:
                    self.scene.handle(ev)
            except Exception as e:
                self._error(e)
            if not self.running:
                break
        if not self.running:
            return False
        if self.scene is None:
            self.start_title()
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

    def _error(self, e: Exception) -> None:
        """A bug in a scene: in strict mode raise it, else print it, show it and play on."""
        if self.opts.strict:
            raise e
        import sys
        import traceback

        traceback.print_exc(file=sys.stderr)
        msg = f"internal error: {type(e).__name__}: {e}"
        self.errors.append(msg)
        self.notice = msg

    def draw(self) -> None:
        from client.ui import widgets

        d = self.display
        d.begin()
        widgets.set_marker(d.mark)
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        for s in self.scenes[first:]:
            s.draw(d)
        d.present()

    def run(self, fps: int = 60) -> int:
        if not self.scenes:
            if self.opts.load:
                err = self.load_path(self.opts.load)
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
                ev = pygame.event.wait(self.IDLE_WAIT_MS)
                if ev.type != pygame.NOEVENT:
                    pygame.event.post(ev)
                self.clock.tick()  # keep the clock's frame time honest after the wait
            else:
                self.clock.tick(fps)
        pygame.quit()
        return 0
