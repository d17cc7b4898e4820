"""辛亥革命's map keeps its own edge labels (upper-case column letters under the bottom row, row numbers left of the
rows, as its names "H-16" read): session 9's labels beside the cells of cut square boards had given it the square
boards' lower-case letters, a row off, in every rule picture and in play."""
from __future__ import annotations

from client.boards.model import edge_labels
from client.games.xinhai import Plugin
from engine.xinhai.game import new_game


def test_the_maps_labels_are_its_own():
    pl = Plugin(new_game(seed=1))
    g = pl.geometry
    x0, z0, x1, z1 = g.full_bounds()
    got = edge_labels(g, (x0, z0, x1, z1), lambda dx, dz: (dx, dz))  # the map as drawn: north up
    assert got == g.labels()  # each where the map's own labels() puts it (the left and bottom of the map)
    files = [t for t, _ in got if t.isalpha()]
    assert files == [chr(ord("A") + i) for i in range(len(files))] and len(files) == 20
    assert all(z > z1 for t, (_, z) in got if t.isalpha())  # under the map
    assert all(x < x0 for t, (x, _) in got if t.isdigit())  # left of it
