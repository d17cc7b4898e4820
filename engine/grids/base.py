"""The common interface of every board geometry: cells, neighbours, distance, lines, cell names.

A cell is a tuple of two ints whose meaning each grid documents ((row, col) on square
grids, axial (q, r) on hex grids).  Every grid answers the same questions:

* ``cells()`` every cell in a fixed documented order, ``contains(cell)``, ``len(grid)``;
* ``neighbours(cell)`` the on-board neighbours, in the grid's direction order;
* ``distance(a, b)`` the fewest steps between two cells on the board (the shortest path in
  the neighbour graph);
* ``span(a, b)`` the number of steps of the straight line a→b (its *levels*: the line has
  ``span + 1`` cells, the k-th at level k);
* ``line_options(a, b)`` per level the cells the exact line is nearest to: one cell, or two
  when it runs exactly half-way between them (a tie);
* ``line(a, b, tie=...)`` the straight line, endpoints included, ties settled by the named
  rule or a callable ``tie(options, k) -> cell``; ``between(a, b, tie)`` its inner cells;
* ``name(cell)`` / ``parse(text)``: names that round-trip for every cell.

Lines are geometric: on a board that is not convex (a cross, the star) a line between two
board cells may pass cells that are not on the board; callers check ``contains``.
"""
from __future__ import annotations

from collections import deque
from typing import Callable, Iterable, Iterator, Sequence

Cell = tuple[int, int]
Tie = str | Callable[[tuple[Cell, ...], int], Cell]


class CellNameError(ValueError):
    """A text that names no cell of the grid."""


class Grid:
    """Base class of the board geometries (see the module doc for the contract)."""

    kind = "grid"
    ties: tuple[str, ...] = ()  # the named tie rules ``line`` accepts
    default_tie = ""

    # ----------------------------------------------------------------- cells
    def cells(self) -> tuple[Cell, ...]:
        """Every cell of the board, in the grid's documented order."""
        raise NotImplementedError

    def contains(self, cell) -> bool:
        """Whether ``cell`` is a cell of this board."""
        raise NotImplementedError

    def __contains__(self, cell) -> bool:
        return self.contains(cell)

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.cells())

    def __len__(self) -> int:
        return len(self.cells())

    # ------------------------------------------------------------ adjacency
    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """The on-board neighbours of ``cell``."""
        raise NotImplementedError

    def distance(self, a: Cell, b: Cell) -> int:
        """Fewest steps from a to b through board cells."""
        raise NotImplementedError

    def bfs(self, src: Cell, passable: Callable[[Cell], bool] | None = None,
            limit: int | None = None) -> dict[Cell, int]:
        """Step counts from src to every cell reachable through ``passable`` cells (all when None),
        up to ``limit`` steps; src itself is included with 0."""
        dist = {src: 0}
        q = deque([src])
        while q:
            c = q.popleft()
            d = dist[c]
            if limit is not None and d >= limit:
                continue
            for n in self.neighbours(c):
                if n not in dist and (passable is None or passable(n)):
                    dist[n] = d + 1
                    q.append(n)
        return dist

    def _steps_from(self, a: Cell) -> dict[Cell, int]:
        """Step counts from board cell ``a`` through board cells, searched once and kept in ``self._dist`` (a dict
        the grid makes); ValueError when ``a`` is not on the board."""
        d = self._dist.get(a)
        if d is None:
            if not self.contains(a):
                raise ValueError(f"{a!r} is not a board cell")
            d = self._dist[a] = self.bfs(a)
        return d

    def _steps(self, a: Cell, b: Cell) -> int:
        """Fewest steps from board cell a to b through board cells (ValueError when b cannot be reached)."""
        d = self._steps_from(a)
        if b not in d:
            raise ValueError(f"{b!r} cannot be reached from {a!r} on this board")
        return d[b]

    def ball(self, center: Cell, radius: int) -> list[Cell]:
        """Board cells within ``radius`` steps (``distance``) of center, in board order."""
        return [c for c in self.cells() if self.distance(center, c) <= radius]

    # ----------------------------------------------------------------- lines
    def span(self, a: Cell, b: Cell) -> int:
        """Number of steps (levels) of the straight line a→b."""
        raise NotImplementedError

    def line_options(self, a: Cell, b: Cell) -> list[tuple[Cell, ...]]:
        """For each level k = 0..span the cells nearest to the exact line (one, or two on a tie)."""
        raise NotImplementedError

    def _pick(self, options: tuple[Cell, ...], k: int, a: Cell, b: Cell, tie: Tie) -> Cell:
        """Settle one tie of the line a→b at level k (named rule or callable)."""
        if callable(tie):
            c = tie(options, k)
            if c not in options:
                raise ValueError(f"tie rule returned {c!r}, not one of {options!r}")
            return c
        raise ValueError(f"unknown tie rule {tie!r} for {self.kind} grids (one of {', '.join(self.ties)})")

    def line(self, a: Cell, b: Cell, tie: Tie | None = None) -> list[Cell]:
        """The straight line a→b, both endpoints included, ties settled by ``tie``."""
        tie = self.default_tie if tie is None else tie
        out = []
        for k, opts in enumerate(self.line_options(a, b)):
            out.append(opts[0] if len(opts) == 1 else self._pick(opts, k, a, b, tie))
        return out

    def between(self, a: Cell, b: Cell, tie: Tie | None = None) -> list[Cell]:
        """The inner cells of ``line(a, b, tie)`` (levels 1..span-1), in order from a."""
        return self.line(a, b, tie)[1:-1]

    # ----------------------------------------------------------------- names
    def name(self, cell: Cell) -> str:
        """The text naming ``cell``."""
        raise NotImplementedError

    def parse(self, text: str) -> Cell:
        """The cell named by ``text`` (raises CellNameError)."""
        raise NotImplementedError

    def names(self) -> list[str]:
        """The names of every cell, in board order."""
        return [self.name(c) for c in self.cells()]


def neighbour_graph_distances(grid: Grid, cells: Sequence[Cell] | None = None) -> dict[Cell, dict[Cell, int]]:
    """Breadth-first step counts from each of ``cells`` (default: all) to every reachable cell."""
    return {c: grid.bfs(c) for c in (grid.cells() if cells is None else cells)}


def check_cells(grid: Grid, cells: Iterable[Cell]) -> None:
    """Raise ValueError naming the first of ``cells`` that is not on ``grid``."""
    for c in cells:
        if not grid.contains(c):
            raise ValueError(f"{c!r} is not a cell of this {grid.kind} grid")
