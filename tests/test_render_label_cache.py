"""GLRenderer's label layout kept while nothing it depends on changed (issue 27, ``_label_items``): a still
camera over the same frame version lays the labels out once, and the picture is the same as a renderer that
lays them out afresh; a camera move or a new frame version lays them out again."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from client.render.base import Frame, Overlays, UnitMark

moderngl = pytest.importorskip("moderngl")

HEIGHTS = np.array([[(r * 3 + c * 5) % 6 for c in range(8)] for r in range(8)], np.int16)


def _frame(version) -> Frame:
    n = HEIGHTS.shape[0]
    units = [UnitMark((2, 2), 0, 5, "ready"), UnitMark((5, 6), 1, 3, "enemy"), UnitMark((6, 1), 0, 1, "fresh")]
    ov = Overlays(selected=(2, 2), reachable={(2, 3): 1, (3, 2): 1, (3, 3): 2, (1, 2): 1}, show_counts=True)
    return Frame(HEIGHTS.copy(), np.ones((n, n), bool), np.ones((n, n), bool), units, ov, version=version)


def _camera():
    from client.camera import StrategyCamera

    cam = StrategyCamera(8)
    cam.zoom(1)
    cam.rotate(25)
    cam.snap()
    return cam


@pytest.fixture
def pair(ctx):
    from client.render.gl import GLRenderer

    a, b = GLRenderer(ctx, 320, 240), GLRenderer(ctx, 320, 240)
    yield a, b
    for r in (a, b):
        r.fbo.release()


def _counting(monkeypatch, r) -> dict:
    n = {"laid out": 0}
    real = r._labels

    def count(*a, **k):
        n["laid out"] += 1
        return real(*a, **k)

    monkeypatch.setattr(r, "_labels", count)
    return n


def test_a_still_camera_lays_the_labels_out_once_and_draws_the_same_picture(pair, monkeypatch):
    r, fresh = pair
    n = _counting(monkeypatch, r)
    cam = _camera()
    f = _frame(("game", 1))
    r.draw(f, cam)
    first = r.screenshot()
    assert n["laid out"] == 1 and r._label_cache[1]  # labels there: step costs and stack counts
    for _ in range(3):
        r.draw(f, cam)
        assert np.array_equal(r.screenshot(), first)
    assert n["laid out"] == 1
    fresh.draw(dataclasses.replace(f, version=None), cam)  # a renderer laying them out afresh
    assert np.array_equal(fresh.screenshot(), first)


def test_a_camera_move_or_a_new_version_lays_the_labels_out_again(pair, monkeypatch):
    r, fresh = pair
    n = _counting(monkeypatch, r)
    cam = _camera()
    f = _frame(("game", 1))
    r.draw(f, cam)
    cam.rotate(40)
    cam.snap()
    r.draw(f, cam)
    assert n["laid out"] == 2
    moved = r.screenshot()
    fresh.draw(dataclasses.replace(f, version=None), cam)
    assert np.array_equal(fresh.screenshot(), moved)
    g = dataclasses.replace(f, units=f.units[:1], version=("game", 2))  # a new position: new counts
    r.draw(g, cam)
    assert n["laid out"] == 3
    fresh.draw(dataclasses.replace(g, version=None), cam)
    assert np.array_equal(fresh.screenshot(), r.screenshot())
    r.draw(dataclasses.replace(g, version=None), cam)  # no version: always laid out
    r.draw(dataclasses.replace(g, version=None), cam)
    assert n["laid out"] == 5
