"""An independent breadth-first search over a grid's neighbours (the distance tests' reference)."""
from __future__ import annotations

from collections import deque


def bfs(grid, src):
    """Independent breadth-first search over ``neighbours`` (the graph the distance must follow)."""
    dist = {src: 0}
    q = deque([src])
    while q:
        c = q.popleft()
        for n in grid.neighbours(c):
            if n not in dist:
                dist[n] = dist[c] + 1
                q.append(n)
    return dist
