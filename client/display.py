"""The window and what draws into it: a board renderer (ModernGL or flat pygame) plus a UI surface on top."""
from __future__ import annotations

import os
from pathlib import Path

import moderngl
import numpy as np
import pygame

from client.camera import StrategyCamera
from client.render.flat import FlatCamera, FlatRenderer
from client.render.gl import GLRenderer, copy_rect


def release_dropped(ctx) -> int:
    """Release the GL objects of ``ctx`` (in moderngl's "context_gc" mode) that Python has dropped; how many. An
    object released by hand is dropped as moderngl's stand-in for a released object, which has nothing to release
    (moderngl's own ``ctx.gc()`` stops there with an AttributeError)."""
    n = 0
    dropped = ctx.objects
    while dropped:
        mglo = dropped.popleft()
        if hasattr(mglo, "release"):
            mglo.release()
            n += 1
    return n


class Display:
    """The window and what draws into it: a board renderer (GL or flat) plus a UI surface on top."""

    mask_board = True  # GL: no board pixels shaded under opaque UI rects (see draw_board)

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
        # GL objects no Python object refers to any more (a finished game's board renderer, its buffers and its
        # window-sized cache) are released at the start of the next frame, on this context (begin()): moderngl's
        # default keeps them until the process ends, ~13 MB each new board game
        self.ctx.gc_mode = "context_gc"
        self._board_drawn = False
        self._board = None
        w, h = self._window_size()
        self.gl = GLRenderer(self.ctx, w, h)
        self._copy_rect = copy_rect  # None when the first copy showed it does not reach this context
        self._copy_checked = False
        self.ui = self._ui_surface(w, h)
        self.board = self.gl

    @staticmethod
    def _ui_surface(w: int, h: int) -> pygame.Surface:
        """The GL overlay: RGBA byte order in memory, so regions upload without conversion."""
        return pygame.Surface((w, h), pygame.SRCALPHA, 32, masks=(0xFF, 0xFF00, 0xFF0000, 0xFF000000))

    def _composite(self) -> None:
        """Put the UI surface over the GL picture: opaque rects copied, the other marked rects (or all of
        it) blended. The UI's pixels reach GL through a window-sized mirror texture that is written only
        where the marked pixels changed since they were last written (``_sync_ui``), so an unchanged
        panel costs no upload (issue 27)."""
        W, H = self.ui.get_size()
        screen = pygame.Rect(0, 0, W, H)
        if not self._board_drawn:  # a screen of its own (start, hand-over, load): the UI is all there is
            opaque, blend = [screen], []
        elif self.ui_full:
            opaque, blend = [], [screen]
        else:
            opaque = [c for c in (r.clip(screen) for r in self.ui_opaque) if c.w > 0 and c.h > 0]
            blend, claims = self._blend_and_claims(screen)
        self.ui_uploads = []
        self.ui_trusted = []
        self._kept_ui = {}
        if not opaque and not blend:
            self._pure = {}
            return
        if not self._board_drawn or self.ui_full:
            claims = {}
        buf = self.ui.get_buffer()
        try:  # the surface stays locked while a view of its pixels lives
            self._sync_ui(np.frombuffer(buf, np.uint32).reshape(H, self.ui.get_pitch() // 4)[:, :W],
                          opaque + blend, W, H, claims)
        finally:
            del buf
        # the claimed panels nothing else was marked over hold exactly their pieces in the overlay (copied this
        # frame, or held from the one before): begin() keeps them for the next frame (issue 27)
        self._kept_ui = {k: p for k, p in claims.items() if self._pure.get(k) is p}
        self._draw_ui_rects(opaque, blend, W, H)

    verify_claims = False  # compare claimed panels anyway and raise if a draw over one was not marked (strict)

    def _blend_and_claims(self, screen) -> tuple[list, dict]:
        """This frame's blended rects (``_composite_rects``) and claims (``_claims``), worked out once for the marks
        made so far (``stale_ui`` asks before ``present`` does)."""
        marks = (len(self.ui_rects), len(self.ui_opaque), len(self.ui_claims), tuple(screen))
        got = getattr(self, "_frame_claims", None)
        if got is None or got[0] != marks:
            blend = self._composite_rects()
            got = self._frame_claims = (marks, blend, self._claims(screen, blend))
        return got[1], got[2]

    def _claims(self, screen, blend) -> dict:
        """The opaque rects marked with their pieces (``mark(content=...)``) that no other mark of this frame
        overlaps: rect -> pieces. Only these may skip the comparison."""
        out = {}
        rects = [pygame.Rect(r) for r in self.ui_opaque]
        for i, pieces in self.ui_claims.items():
            r = rects[i]
            if r.clip(screen) != r or not r.w or not r.h:
                continue  # partly off the window: compared as any rect
            if any(j != i and r.colliderect(o) for j, o in enumerate(rects)) or any(r.colliderect(b) for b in blend):
                continue  # something drawn over it (or beside it in the same rect): compared
            out[tuple(r)] = pieces
        return out

    @staticmethod
    def _same_pieces(a: tuple, b: tuple) -> bool:
        """The same piece arrays (the same objects) at the same places."""
        return len(a) == len(b) and all(p is q and pa == qa for (p, pa), (q, qa) in zip(a, b))

    @staticmethod
    def _holds_pieces(arr, r, pieces) -> bool:
        """Whether the UI pixels ``arr`` in rect ``r`` are exactly ``pieces`` (which tile ``r``)."""
        area = 0
        for px, (x, y) in pieces:
            h, w = px.shape
            if x < r.x or y < r.y or x + w > r.right or y + h > r.bottom:
                return False
            if not np.array_equal(arr[y:y + h, x:x + w], px):
                return False
            area += w * h
        return area == r.w * r.h

    def _sync_ui(self, arr, rects, W: int, H: int, claims=None) -> None:
        """Bring the mirror texture up to the UI surface ``arr`` ((H, W) uint32, top row first) inside
        ``rects``: per rect, only the rows that differ from what was last written (kept on the CPU in
        ``_ui_shadow``) are written, rows flipped to GL's bottom-up order. ``ui_uploads`` lists them.
        A rect of ``claims`` whose pieces are the ones the mirror was last seen to hold there is not
        compared (``ui_trusted``); a claimed rect compared is checked once against its pieces, and
        remembered as holding them if it does."""
        claims = claims or {}
        pure = getattr(self, "_pure", {})
        self._pure = {}
        tex = getattr(self, "_ui_tex", None)
        if tex is None or tex.size != (W, H):
            pure = {}
            if tex is not None:
                tex.release()
            # the texture and its CPU copy start equal (all zero): the invariant the row checks rely on
            self._ui_shadow = np.zeros((H, W), np.uint32)
            self._ui_tex = self.ctx.texture((W, H), 4, data=self._ui_shadow.tobytes())
            self._ui_tex.filter = (moderngl.NEAREST, moderngl.NEAREST)
            if getattr(self, "_ui_fbo", None) is not None:
                self._ui_fbo.release()
            self._ui_fbo = self.ctx.framebuffer(color_attachments=[self._ui_tex])
        shadow = self._ui_shadow
        for r in rects:
            key = tuple(r)
            pieces = claims.get(key)
            known = pieces is not None and key in pure and self._same_pieces(pure[key], pieces)
            if known and not self.verify_claims:
                self._pure[key] = pieces
                self.ui_trusted.append(pygame.Rect(r))
                continue
            a = arr[r.y:r.bottom, r.x:r.right]
            rows = np.flatnonzero((a != shadow[r.y:r.bottom, r.x:r.right]).any(axis=1))  # one pass a rect
            if pieces is not None:
                holds = (known and not len(rows)) or self._holds_pieces(arr, r, pieces)
                if holds:
                    self._pure[key] = pieces
                elif self.verify_claims:
                    raise RuntimeError(f"the UI panel at {key} holds pixels that are not the pieces it was marked "
                                       f"with: whatever draws over a panel marks what it draws (Display.mark)")
            if not len(rows):
                continue
            y0, y1 = r.y + int(rows[0]), r.y + int(rows[-1]) + 1
            sub = arr[y0:y1, r.x:r.right]
            self._ui_tex.write(np.ascontiguousarray(sub[::-1]), viewport=(r.x, H - y1, r.w, y1 - y0))
            shadow[y0:y1, r.x:r.right] = sub
            self.ui_uploads.append(pygame.Rect(r.x, y0, r.w, y1 - y0))

    # a marked rect of the mirror at its own place (nearest texels; texture() with NEAREST is cheaper on
    # llvmpipe than texelFetch: 3.5 against 4.2 CPU ms for a 700x700 rect)
    _UI_VS = """#version 330
uniform vec2 u_viewport; uniform vec4 u_rect; in vec2 in_corner; out vec2 v_uv;
void main() {
    vec2 p = u_rect.xy + in_corner * u_rect.zw;
    v_uv = vec2(p.x / u_viewport.x, 1.0 - p.y / u_viewport.y);
    gl_Position = vec4(p.x / u_viewport.x * 2.0 - 1.0, 1.0 - p.y / u_viewport.y * 2.0, 0.0, 1.0);
}"""
    _UI_FS = """#version 330
uniform sampler2D u_ui; in vec2 v_uv; out vec4 f_color;
void main() { f_color = texture(u_ui, v_uv); }"""

    def _draw_ui_rects(self, opaque, blend, W: int, H: int) -> None:
        """Put the mirror texture's pixels into the renderer's picture at the same place: ``opaque``
        rects copied (a rect-sized blit each), then ``blend`` rects alpha-blended over it."""
        ctx, gl = self.ctx, self.gl
        for r in opaque:
            if self._copy_rect is not None and self._copy_rect(gl.fbo, self._ui_fbo, r.x, H - r.bottom, r.w, r.h):
                if self._copy_checked or self._copy_rect_works(r, H):
                    continue
            try:  # no rect blit here: moderngl's whole-framebuffer blit under a scissor
                ctx.scissor = (r.x, H - r.bottom, r.w, r.h)
                ctx.copy_framebuffer(gl.fbo, self._ui_fbo)
            finally:
                ctx.scissor = None
        if not blend:
            return
        if getattr(self, "_ui_prog", None) is None:
            self._ui_prog = ctx.program(vertex_shader=self._UI_VS, fragment_shader=self._UI_FS)
            self._ui_vao = ctx.vertex_array(self._ui_prog, [(gl.image_vbo, "2f", "in_corner")])
        p = self._ui_prog
        gl.fbo.use()
        ctx.viewport = (0, 0, W, H)
        ctx.disable(moderngl.DEPTH_TEST)
        self._ui_tex.use(0)
        p["u_ui"].value = 0
        p["u_viewport"].value = (float(W), float(H))
        ctx.enable(moderngl.BLEND)
        ctx.blend_func = moderngl.SRC_ALPHA, moderngl.ONE_MINUS_SRC_ALPHA
        for r in blend:
            p["u_rect"].value = (float(r.x), float(r.y), float(r.w), float(r.h))
            self._ui_vao.render(moderngl.TRIANGLES)
        ctx.disable(moderngl.BLEND)

    def _copy_rect_works(self, r, H: int) -> bool:
        """Once per window: did the rect blit (through the system's GL library, not moderngl) reach this
        context? One pixel read back against the mirror's copy; if not, the scissored copy from now on."""
        if self.gl.samples:  # a multisampled picture cannot be read back directly: trust the blit
            self._copy_checked = True
            return True
        got = self.gl.fbo.read(viewport=(r.x, H - r.bottom, 1, 1), components=4, alignment=1)
        want = self._ui_shadow[r.bottom - 1, r.x:r.x + 1].tobytes()
        self._copy_checked = True
        if got != want:
            self._copy_rect = None
            return False
        return True

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
            self.gl.blit_to_screen(size=self._window_size())
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
        if getattr(self, "_quad", None) is None:
            prog = ctx.program(vertex_shader=self._QUAD_VS, fragment_shader=self._QUAD_FS)
            vbo = ctx.buffer(np.array([-1, -1, 1, -1, -1, 1, 1, 1], np.float32).tobytes())
            self._quad = (prog, ctx.vertex_array(prog, [(vbo, "2f", "in_pos")]))
        ctx.screen.use()
        W, H = self._window_size()
        ctx.viewport = (0, 0, W, H)
        ctx.disable(moderngl.DEPTH_TEST | moderngl.BLEND)
        self._mid_tex.use(0)
        self._quad[0]["tex"].value = 0
        self._quad[1].render(moderngl.TRIANGLE_STRIP)

    def _open_flat(self, size) -> None:
        self.window = pygame.display.set_mode(self._mode_size(size), self._flags(False))
        self.ui = self.window
        self.board = FlatRenderer(surface=self.window)

    @property
    def size(self) -> tuple[int, int]:
        return self._window_size() if self.kind == "gl" else self.window.get_size()

    def _window_size(self) -> tuple[int, int]:
        """The window's size in pixels. An OpenGL window's display surface keeps the size it was opened with
        (pygame-ce), so a GL window asks SDL for the window's own."""
        return tuple(pygame.display.get_window_size())

    def new_camera(self, board_size: int):
        if self.kind == "gl":
            return StrategyCamera(board_size)
        w, h = self.size
        return FlatCamera(board_size, w, h)

    def resized(self, w: int, h: int) -> None:
        """Follow a window size change."""
        w, h = max(320, w), max(240, h)
        if self.kind == "gl":
            self.window = pygame.display.get_surface() or self.window
            w, h = self._window_size()  # the event's size may be stale by now; the window's is not
            self.gl.resize(w, h)
            self.ui = self._ui_surface(w, h)
            self._kept_ui = {}
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
        w, h = self.size
        self.resized(w, h)

    # -------------------------------------------------------------- frames
    retain_ui = True  # GL: a panel the mirror texture holds from the frame before is not copied into the overlay

    def begin(self, background=(16, 18, 22), keep: bool = True) -> None:
        """Start a frame. GL: the overlay is cleared; a panel marked with the same pieces in the frame before, which
        the mirror texture still holds, need not be copied into it again (``holds``; not with ``keep=False``)."""
        self.ui_rects: list[pygame.Rect] = []
        self.ui_opaque: list[pygame.Rect] = []
        self.ui_full = False
        self.ui_claims: dict[int, tuple] = {}  # GL: index in ui_opaque -> the pieces its pixels are (mark())
        self.ui_uploads: list[pygame.Rect] = []  # GL: the UI rows written to the mirror texture this frame
        self.ui_trusted: list[pygame.Rect] = []  # GL: marked rects not compared (their pieces known in the mirror)
        self._board = None  # GL: (frame, camera) of the board to draw at present()
        self._held = {}  # GL: (x, y) -> (pixels, rect, pieces) of the panels the mirror holds from the frame before
        self._frame_claims = None  # GL: (marks counted, blended rects, claims) of this frame (_blend_and_claims)
        self.ui_skipped: list[tuple] = []  # GL: (rect, pieces) of those panels whose copy was skipped (holds)
        if self.kind == "gl":
            release_dropped(self.ctx)  # what was dropped since the frame before (see _open_gl)
            self._background = background
            self._board_drawn = False
            self.ui.fill((0, 0, 0, 0))
            if keep and self.retain_ui and not self.verify_claims:
                for rect, pieces in getattr(self, "_kept_ui", {}).items():
                    for px, xy in pieces:
                        self._held[tuple(xy)] = (px, rect, pieces)
        else:
            self.window.fill(background)

    def holds(self, surf, arr, pos) -> bool:
        """Whether the copy of the pixels ``arr`` to ``pos`` of the GL overlay ``surf`` may be skipped: a panel of
        the frame before, marked with these same pieces, which the mirror texture holds, and nothing marked over
        its place so far this frame (issue 27: an unchanged panel is not copied again). The panel must then be
        marked with the same pieces and nothing else over it (``stale_ui`` checks; else the frame is drawn again)."""
        held = self._held.get((pos[0], pos[1])) if surf is self.ui and self._held else None
        if held is None or held[0] is not arr:
            return False
        rect = pygame.Rect(held[1])
        if any(rect.colliderect(o) for o in self.ui_opaque) or any(rect.colliderect(o) for o in self.ui_rects):
            return False
        self.ui_skipped.append((held[1], held[2]))
        return True

    def stale_ui(self) -> bool:
        """GL: whether a panel whose copy into the overlay was skipped (``holds``) is not the mirror's to show after
        all: not marked again with the same pieces at its place, something else marked over it, or the whole
        overlay shown. The caller then draws the frame again after ``begin(keep=False)``."""
        if self.kind != "gl" or not self.ui_skipped:
            return False
        if self.ui_full or not self._board_drawn:
            return True
        W, H = self.ui.get_size()
        tex = getattr(self, "_ui_tex", None)
        if tex is None or tex.size != (W, H):  # a new mirror (it starts empty): everything is compared
            return True
        pure = getattr(self, "_pure", {})
        if any(not self._same_pieces(pure.get(tuple(rect), ()), pieces) for rect, pieces in self.ui_skipped):
            return True
        claims = self._blend_and_claims(pygame.Rect(0, 0, W, H))[1]
        return any(not self._same_pieces(claims.get(tuple(rect), ()), pieces) for rect, pieces in self.ui_skipped)

    def mark(self, rect, opaque: bool = False, content=None) -> None:
        """A part of the UI surface that holds something this frame (GL composites only these);
        ``opaque`` parts are copied with a scissored framebuffer blit instead of blended. ``content`` (opaque
        only): the rect's finished pixels, as pieces ``[(pixels, (x, y))]`` ((h, w) uint32 arrays of the
        surface's layout, kept by their maker and replaced, never changed, when the panel changes) that tile
        the rect: while the same pieces are marked at the same place frame after frame, and no other mark of
        the frame overlaps the rect, the mirror is known to hold them and the rect is not compared (issue 27).
        Whatever draws over such a panel must mark what it draws (with ``verify_claims`` it raises if not)."""
        if opaque:
            self.ui_opaque.append(pygame.Rect(rect))
            if content is not None and self.kind == "gl":
                self.ui_claims[len(self.ui_opaque) - 1] = tuple(content)
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
        """Draw the board's picture. GL: drawn into ``gl.fbo`` by present(), once the frame's opaque
        UI rects are known: nothing is shaded under them, as they replace those pixels (issue 27)."""
        if self.kind == "gl":
            self._board = (frame, camera)
            self._board_drawn = True
        else:
            self.board.draw(frame, camera)

    def pick(self, x, y, frame, camera):
        return self.board.pick(x, y, frame, camera)

    def _draw_deferred_board(self) -> None:
        """The board draw_board() asked for, under this frame's opaque UI rects (none with mark_full)."""
        board, self._board = self._board, None
        if board is None:
            return
        covered = []
        if self.mask_board and not self.ui_full:
            W, H = self.ui.get_size()
            screen = pygame.Rect(0, 0, W, H)
            covered = [tuple(c) for c in (r.clip(screen) for r in self.ui_opaque) if c.w > 0 and c.h > 0]
        self.last_covered = covered  # the bench's terrain-only reference skips the same rects
        self.gl.draw(board[0], board[1], covered=covered)

    def present(self) -> None:
        if self.kind == "gl":
            self._draw_deferred_board()
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
