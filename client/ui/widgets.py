"""Small immediate-style widgets: buttons, choosers (◀ value ▶) and panels."""
from __future__ import annotations

from typing import Callable

import pygame

from client.ui import text

BG = (24, 26, 32)
PANEL = (18, 20, 26, 215)
BORDER = (90, 96, 110)
ACCENT = (235, 190, 80)
TEXT = (230, 230, 230)
DIM = (150, 150, 160)
BAD = (255, 110, 100)
GOOD = (120, 220, 140)


def panel(surf: pygame.Surface, rect: pygame.Rect, alpha: int = 215) -> None:
    """A translucent dark box with a thin border."""
    rect = pygame.Rect(rect)
    if rect.w <= 0 or rect.h <= 0:
        return
    if surf.get_flags() & pygame.SRCALPHA:
        # the GL overlay: opaque panels, copied into the picture with a framebuffer blit (cheap on
        # a software rasteriser, unlike blending a textured quad)
        surf.fill((18, 20, 26, 255), rect)
        pygame.draw.rect(surf, BORDER, rect, 1)
        mark(rect, opaque=True)
        return
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    box.fill((18, 20, 26, alpha))
    surf.blit(box, rect.topleft)
    pygame.draw.rect(surf, BORDER, rect, 1)
    mark(rect)


_marker = None
_scratch: dict[tuple[int, int], pygame.Surface] = {}


_boxed_cache: dict = {}


def boxed(surf: pygame.Surface, rect, draw, alpha: int = 215, pad: int = 6, cache_key=None) -> pygame.Rect:
    """Run ``draw(scratch, local_rect) -> used Rect`` on a transparent scratch surface, then put a
    panel only as large as what was drawn (plus ``pad``) under it. Small panels keep the GL overlay cheap.
    With ``cache_key`` (everything the content depends on), an unchanged panel is not drawn again."""
    rect = pygame.Rect(rect)
    key = rect.size
    if cache_key is not None:
        hit = _boxed_cache.get(cache_key)
        if hit is not None:
            sc, used = hit
            return _put(surf, rect, sc, used, alpha, pad)
        sc = _alpha_like(surf, key)
        used = draw(sc, pygame.Rect(0, 0, *key))
        if len(_boxed_cache) > 12:  # each entry is a panel-sized surface
            _boxed_cache.clear()
        _boxed_cache[cache_key] = (sc, used)
        return _put(surf, rect, sc, used, alpha, pad)
    sc = _scratch.get((key, surf.get_masks()))
    if sc is None:
        if len(_scratch) > 16:
            _scratch.clear()
        sc = _scratch[(key, surf.get_masks())] = _alpha_like(surf, key)
    sc.fill((0, 0, 0, 0))
    used = draw(sc, pygame.Rect(0, 0, *key))
    return _put(surf, rect, sc, used, alpha, pad)


def _alpha_like(surf: pygame.Surface, size) -> pygame.Surface:
    """A transparent surface in the target's pixel layout when it has alpha (fast blits), else ARGB."""
    if surf.get_flags() & pygame.SRCALPHA:
        return pygame.Surface(size, pygame.SRCALPHA, 32, masks=surf.get_masks()[:4])
    return pygame.Surface(size, pygame.SRCALPHA)


def _put(surf, rect, sc, used, alpha, pad) -> pygame.Rect:
    if used is None or used.w <= 0 or used.h <= 0:
        return pygame.Rect(rect.x, rect.y, 0, 0)
    used = used.inflate(2 * pad, 2 * pad).clip(pygame.Rect(0, 0, *rect.size))
    box = used.move(rect.x, rect.y)
    panel(surf, box, alpha)
    surf.blit(sc, box.topleft, used)
    return box


def set_marker(fn) -> None:
    """Where panels report the rects they cover (the GL display composites only those)."""
    global _marker
    _marker = fn


def mark(rect, opaque: bool = False, content=None) -> None:
    """Report a rect of the UI surface in use; ``opaque``: every pixel in it is fully opaque; ``content``: its
    finished pixels as kept pieces (``Display.mark``: an unchanged panel is then not compared, issue 27)."""
    if _marker is not None:
        if content is None:
            _marker(rect, opaque)
        else:
            _marker(rect, opaque, content=content)


def fitted_label(label: str, size: int, width: int) -> tuple[str, int]:
    """A button label that fits ``width`` pixels: the font made smaller down to 12 px, then the text
    shortened with an ellipsis (a long choice never spills over the button's edges)."""
    s = size
    while s > 12 and text.size_of(label, s)[0] > width:
        s -= 1
    return text.fit(label, s, max(8, width)), s


class Button:
    def __init__(self, label: Callable[[], str] | str, action: Callable[[], None], size: int = 18,
                 enabled: Callable[[], bool] | None = None):
        self.label = label
        self.action = action
        self.size = size
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled or (lambda: True)
        self.hover = False

    def text(self) -> str:
        return self.label() if callable(self.label) else self.label

    def layout(self, x: int, y: int, w: int | None = None, h: int | None = None,
               anchor: str = "topleft") -> pygame.Rect:
        tw, th = text.size_of(self.text(), self.size)
        r = pygame.Rect(0, 0, w or tw + 24, h or th + 12)
        setattr(r, anchor, (x, y))
        self.rect = r
        return r

    def draw(self, surf: pygame.Surface) -> None:
        on = self.enabled()
        col = (60, 66, 82) if not self.hover else (84, 92, 116)
        if not on:
            col = (40, 40, 46)
        pygame.draw.rect(surf, col, self.rect, border_radius=5)
        pygame.draw.rect(surf, ACCENT if self.hover and on else BORDER, self.rect, 1, border_radius=5)
        label, size = fitted_label(self.text(), self.size, self.rect.w - 12)
        text.draw(surf, label, self.rect.center, size, TEXT if on else DIM, anchor="center")

    def handle(self, ev) -> bool:
        """True when the event was a click on this button (and ran its action)."""
        if ev.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(ev.pos)
        elif ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.rect.collidepoint(ev.pos):
            if self.enabled():
                self.action()
            return True
        return False


class Chooser:
    """A labelled ◀ value ▶ row cycling through ``values``."""

    def __init__(self, label: Callable[[], str], values: Callable[[], list], show: Callable[[object], str],
                 value, on_change: Callable[[object], None] | None = None, size: int = 20):
        self.label = label
        self.values = values
        self.show = show
        self.value = value
        self.on_change = on_change
        self.size = size
        self.left = pygame.Rect(0, 0, 0, 0)
        self.right = pygame.Rect(0, 0, 0, 0)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.value_rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True

    def step(self, d: int) -> None:
        vals = self.values()
        if not vals:
            return
        i = vals.index(self.value) if self.value in vals else 0
        self.value = vals[(i + d) % len(vals)]
        if self.on_change:
            self.on_change(self.value)

    def width(self, label_w: int, value_w: int) -> int:
        """The row's width in pixels laid out with these label and value widths (the two arrows and their gaps)."""
        return label_w + value_w + 2 * (self.size + 14) + 16

    def layout(self, x: int, y: int, label_w: int, value_w: int) -> None:
        h = self.size + 14
        self.rect = pygame.Rect(x, y, self.width(label_w, value_w), h)
        self.left = pygame.Rect(x + label_w, y, h, h)
        self.right = pygame.Rect(x + label_w + h + 8 + value_w, y, h, h)
        self.value_rect = pygame.Rect(self.left.right + 4, y, value_w, h)

    def draw(self, surf: pygame.Surface, focused: bool = False) -> None:
        col = ACCENT if focused else TEXT
        if not self.enabled:
            col = DIM
        text.draw(surf, self.label(), (self.rect.x, self.rect.centery), self.size, col, anchor="midleft")
        for r, s in ((self.left, "<"), (self.right, ">")):
            pygame.draw.rect(surf, (60, 66, 82), r, border_radius=4)
            text.draw(surf, s, r.center, self.size, col, anchor="center")
        pygame.draw.rect(surf, (34, 38, 48), self.value_rect, border_radius=4)
        # a value wider than its box (a narrow window) in a smaller font, then shortened: never over the arrows
        words, size = fitted_label(self.show(self.value), self.size, self.value_rect.w - 8)
        text.draw(surf, words, self.value_rect.center, size, col, anchor="center")

    def handle(self, ev) -> bool:
        if not self.enabled:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3):
            if self.left.collidepoint(ev.pos):
                self.step(-1)
                return True
            if self.right.collidepoint(ev.pos) or self.value_rect.collidepoint(ev.pos):
                self.step(1 if ev.button == 1 else -1)
                return True
        return False
