"""Square-board geometry of 江山: cell names, facings (J3), vision (J6) and waterways (J10)."""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable

Cell = tuple[int, int]
FACINGS = ("N", "E", "S", "W")
DIR8 = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
DIR4 = ((0, 1), (1, 0), (0, -1), (-1, 0))


def name(c: Cell) -> str:
    """(0, 0) -> "a1"."""
    return f"{chr(97 + c[0])}{c[1] + 1}"


def parse_cell(text: str, width: int, height: int) -> Cell | None:
    """"a1" -> (0, 0), or None when it is not a cell of the board."""
    if not (2 <= len(text) <= 3) or not text[0].isalpha() or not (text[1:].isascii() and text[1:].isdigit()):
        return None
    x, y = ord(text[0].lower()) - 97, int(text[1:]) - 1
    return (x, y) if 0 <= x < width and 0 <= y < height else None


def turn(v: tuple[int, int], facing: str) -> tuple[int, int]:
    """A north-read vector turned to ``facing`` (J3: infantry arrows read relative to the facing)."""
    dx, dy = v
    if facing == "N":
        return dx, dy
    if facing == "E":
        return dy, -dx
    if facing == "S":
        return -dx, -dy
    return -dy, dx


def cheb(a: Cell, b: Cell) -> int:
    """Chebyshev distance (ranges of archery and vision)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def between(o: Cell, t: Cell) -> Cell | None:
    """The one cell between ``o`` and a cell ``t`` two away (J6 by S4's rule: the minor coordinate
    rounded, a half-way tie to the observer's side, so a knight offset gives the orthogonal neighbour)."""
    dx, dy = t[0] - o[0], t[1] - o[1]
    if max(abs(dx), abs(dy)) != 2:
        return None

    def half(v):  # round(v / 2) with ties towards 0
        return v // 2 if v >= 0 else -((-v) // 2)

    return o[0] + half(dx), o[1] + half(dy)


def square(c: Cell, r: int, width: int, height: int) -> Iterable[Cell]:
    """The cells within Chebyshev distance ``r`` of ``c`` on the board (``c`` included)."""
    for y in range(max(0, c[1] - r), min(height, c[1] + r + 1)):
        for x in range(max(0, c[0] - r), min(width, c[0] + r + 1)):
            yield x, y


@lru_cache(maxsize=8)
def _sight_table(width: int, height: int) -> dict[Cell, tuple[tuple[Cell, ...], tuple[tuple[Cell, Cell], ...]]]:
    """For each cell: the cells within 1 (always seen) and the (cell two away, cell between) pairs."""
    out = {}
    for y in range(height):
        for x in range(width):
            near, far = [], []
            for c in square((x, y), 2, width, height):
                b = between((x, y), c)
                (near.append(c) if b is None else far.append((c, b)))
            out[(x, y)] = (tuple(near), tuple(far))
    return out


@lru_cache(maxsize=8)
def _sight_masks(width: int, height: int) -> dict[Cell, tuple[int, tuple[tuple[Cell, int], ...]]]:
    """``_sight_table`` as bit masks (bit ``y * width + x``): for each cell, the mask of the cells within 1
    and, for each cell between, the mask of the cells two away behind it."""
    out = {}
    for o, (near, far) in _sight_table(width, height).items():
        m = 0
        for c in near:
            m |= 1 << (c[1] * width + c[0])
        behind: dict[Cell, int] = {}
        for c, b in far:
            behind[b] = behind.get(b, 0) | (1 << (c[1] * width + c[0]))
        out[o] = (m, tuple(sorted(behind.items())))
    return out


def vision(sources: Iterable[Cell], blocks: Callable[[Cell], bool], width: int, height: int) -> set[Cell]:
    """Cells seen from ``sources`` (J6): a 5x5 square around each (回字形2格); a cell two away is hidden
    when the cell between blocks (enemy unit or city, mountain, forest: ``blocks``)."""
    table = _sight_masks(width, height)
    m = 0
    blocked: dict[Cell, bool] = {}
    for s in set(sources):
        near, far = table[s]
        m |= near
        for b, behind in far:
            k = blocked.get(b)
            if k is None:
                k = blocked[b] = blocks(b)
            if not k:
                m |= behind
    out: set[Cell] = set()
    i = 0
    while m:
        if m & 1:
            out.add((i % width, i // width))
        m >>= 1
        i += 1
    return out


def vision_slow(sources: Iterable[Cell], blocks: Callable[[Cell], bool], width: int, height: int) -> set[Cell]:
    """``vision`` cell by cell (the reference the tests compare the bit-mask version with)."""
    table = _sight_table(width, height)
    seen: set[Cell] = set()
    for s in sources:
        near, far = table[s]
        seen.update(near)
        seen.update(c for c, b in far if not blocks(b))
    return seen


def neighbours4(c: Cell, width: int, height: int) -> list[Cell]:
    """The orthogonal neighbours on the board (a city's gates)."""
    return [(c[0] + dx, c[1] + dy) for dx, dy in DIR4 if 0 <= c[0] + dx < width and 0 <= c[1] + dy < height]


def gates(c: Cell) -> list[Cell]:
    """The four gate cells of a city (some may lie off the board)."""
    return [(c[0] + dx, c[1] + dy) for dx, dy in DIR4]


def waterway(start: Cell, is_water: Callable[[Cell], bool], closed: Callable[[Cell], bool],
             width: int, height: int) -> set[Cell]:
    """The water cells reachable from the bank ``start`` (J10): 8-connected water cells, entered
    from a water cell orthogonally next to the bank, never through a ``closed`` cell."""
    todo = [c for c in neighbours4(start, width, height) if is_water(c) and not closed(c)]
    seen = set(todo)
    while todo:
        c = todo.pop()
        for dx, dy in DIR8:
            n = (c[0] + dx, c[1] + dy)
            if 0 <= n[0] < width and 0 <= n[1] < height and n not in seen and is_water(n) and not closed(n):
                seen.add(n)
                todo.append(n)
    return seen
