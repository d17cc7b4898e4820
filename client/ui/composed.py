"""Opaque panels of the GL overlay composed once and then copied into it as memory (issue 27).

A panel on the GL overlay (``Display.ui``: per-pixel alpha, RGBA byte order) is an opaque fill, a border and
the panel's drawing blended over them. Doing that again every frame for an unchanged panel costs a fill and
an alpha blend of the whole box; here the finished pixels are kept (per slot, with the key they were composed
for) and written into the overlay's memory, which is many times cheaper. The pixels are the same: the same
operations run on a surface of the same layout whose pixels under the box start as the fill makes them."""
from __future__ import annotations

import numpy as np
import pygame

from client.ui import widgets

_cache: dict = {}  # slot -> (key, (h, w) uint32 pixels)
_holder = None  # the display's ``holds(surf, arr, pos)``: the overlay still holds these pixels there (set_holder)


def set_holder(fn) -> None:
    """Give the test ``fn(surf, arr, pos) -> bool`` that says the overlay already holds ``arr`` at ``pos`` from the
    frame before (Display.holds; None: always copy)."""
    global _holder
    _holder = fn


def usable(surf: pygame.Surface) -> bool:
    """Whether ``surf`` is the GL overlay's layout (per-pixel alpha, 32 bits, its own pixels rather than a
    subsurface's view of a parent's): the one copied into."""
    return bool(surf.get_flags() & pygame.SRCALPHA) and surf.get_bitsize() == 32 and surf.get_parent() is None


def pixels(surf: pygame.Surface, slot, key, size, compose) -> np.ndarray:
    """The panel part ``compose(scratch)`` draws on a transparent ``size`` surface in ``surf``'s layout, as
    (h, w) uint32; composed again only when ``key`` differs from the slot's last one."""
    hit = _cache.get(slot)
    if hit is not None and hit[0] == key:
        return hit[1]
    sc = pygame.Surface(size, pygame.SRCALPHA, 32, masks=surf.get_masks())
    compose(sc)
    w, h = size
    buf = sc.get_buffer()
    try:
        arr = np.frombuffer(buf, np.uint32).reshape(h, sc.get_pitch() // 4)[:, :w].copy()
    finally:
        del buf
    if len(_cache) > 32:  # the HUD, log and minimap slots fit (a clear composes all again)
        _cache.clear()
    _cache[slot] = (key, arr)
    return arr


def copy(surf: pygame.Surface, arr: np.ndarray, pos) -> None:
    """Write ``arr`` ((h, w) uint32 pixels of ``surf``'s layout) into ``surf`` at ``pos`` (clipped); nothing to do
    where the overlay kept exactly these pixels there from the frame before (``set_holder``, issue 27)."""
    if _holder is not None and _holder(surf, arr, pos):
        return
    x, y = pos
    h, w = arr.shape
    W, H = surf.get_size()
    x0, y0, x1, y1 = max(0, x), max(0, y), min(W, x + w), min(H, y + h)
    if x1 <= x0 or y1 <= y0:
        return
    buf = surf.get_buffer()
    try:  # the surface stays locked while a view of its pixels lives
        np.frombuffer(buf, np.uint32).reshape(H, surf.get_pitch() // 4)[y0:y1, x0:x1] = \
            arr[y0 - y:y1 - y, x0 - x:x1 - x]
    finally:
        del buf


def boxed(surf: pygame.Surface, slot, rect, draw, pad: int, key) -> pygame.Rect:
    """``widgets.boxed`` with a cache key, on the GL overlay: ``draw(scratch, local_rect) -> used Rect`` on a
    transparent scratch, a panel as large as what was drawn (plus ``pad``) under it; the finished box kept
    for ``key`` and copied. Returns the box (marked opaque, as ``widgets.panel`` marks it)."""
    rect = pygame.Rect(rect)
    hit = _cache.get(slot)
    if hit is not None and hit[0] == key:
        box, arr = hit[1]
    else:
        sc = pygame.Surface(rect.size, pygame.SRCALPHA, 32, masks=surf.get_masks())
        used = draw(sc, pygame.Rect(0, 0, *rect.size))
        if used is None or used.w <= 0 or used.h <= 0:
            box, arr = pygame.Rect(rect.x, rect.y, 0, 0), None
        else:
            used = used.inflate(2 * pad, 2 * pad).clip(pygame.Rect(0, 0, *rect.size))
            box = used.move(rect.x, rect.y)
            arr = pixels(surf, (slot, "box"), key, used.size, lambda out: _panel_over(out, sc, used))
        if len(_cache) > 32:  # the HUD, log and minimap slots fit (a clear composes all again)
            _cache.clear()
        _cache[slot] = (key, (box, arr))
    if arr is not None:
        copy(surf, arr, box.topleft)
        widgets.mark(box, opaque=True, content=[(arr, box.topleft)])
    return pygame.Rect(box)


def _panel_over(out: pygame.Surface, sc: pygame.Surface, used: pygame.Rect) -> None:
    """``widgets.panel`` on the GL overlay (opaque fill, border) and the scratch's ``used`` part over it."""
    out.fill((*widgets.PANEL[:3], 255))
    pygame.draw.rect(out, widgets.BORDER, out.get_rect(), 1)
    out.blit(sc, (0, 0), used)
