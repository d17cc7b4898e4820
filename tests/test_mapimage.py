"""PNG heightmaps through the client loader."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from client.games.shachang.mapimage import load_png_heightmap, png_map
from engine.shachang import new_game
from tests.png_util import _png_header


def _write_png(path, grey: np.ndarray):
    rgb = np.repeat(grey.T[:, :, None], 3, axis=2).astype(np.uint8)
    pygame.image.save(pygame.surfarray.make_surface(rgb), str(path))


def test_png_heights_scale_black_to_zero_white_to_max(tmp_path):
    g = np.zeros((8, 8), dtype=np.uint8)
    g[2, 3] = 255
    g[5, 1] = 128
    p = tmp_path / "m.png"
    _write_png(p, g)
    h = load_png_heightmap(str(p), 6)
    assert h[2, 3] == 6 and h[5, 1] == 3 and h[0, 0] == 0 and h.dtype == np.int16


def test_png_map_plays(tmp_path):
    g = (np.add.outer(np.arange(16), np.arange(16)) * 8).astype(np.uint8)
    p = tmp_path / "m.png"
    _write_png(p, g)
    m = png_map(str(p), "medium", 2, seed=1)
    game = new_game("medium", "digital", 2, seed=1, game_map=m)
    assert game.heights.max() == 9 and len(game.spawns[0]) == 2  # 240/255 of 10, rounded


@pytest.mark.parametrize("shape, words", [((8, 9), "square"), ((12, 12), "wants 8x8")])
def test_bad_png_is_refused(tmp_path, shape, words):
    p = tmp_path / "m.png"
    _write_png(p, np.zeros(shape, dtype=np.uint8))
    with pytest.raises(ValueError, match=words):
        png_map(str(p), "standard", 2)


def test_not_an_image_is_refused(tmp_path):
    p = tmp_path / "x.png"
    p.write_text("hello")
    with pytest.raises(ValueError, match="not a readable image"):
        load_png_heightmap(str(p), 6)


def test_client_starts_a_game_on_a_png_map(tmp_path):
    import os

    from client.app import App, Options
    from client.games.shachang.scene import GameScene

    g = (np.add.outer(np.arange(16), np.arange(16)) * 8).astype(np.uint8)
    p = tmp_path / "m.png"
    _write_png(p, g)
    old = os.environ.get("SDL_VIDEODRIVER")
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    try:
        app = App(Options(renderer="flat", save_dir=tmp_path, preset="medium", players=2, seed=1,
                          seats=["human", "human"], map_file=p, quick_start=True, strict=True,
                          ai_delay=0.0, edge_pan=False))
        app.new_game_from_opts()
        game = app.find(GameScene).game
        assert np.array_equal(game.heights, load_png_heightmap(str(p), 10))
    finally:
        pygame.display.quit()
        if old is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = old


def test_huge_png_is_refused_by_its_header_before_decoding(tmp_path, monkeypatch):
    """A 20000x20000 PNG is refused from its 24-byte header: the decoder is never called (issue 18)."""
    p = tmp_path / "huge.png"
    p.write_bytes(_png_header(20000, 20000))

    def no_decode(*a, **k):
        raise AssertionError("the picture was decoded")

    monkeypatch.setattr(pygame.image, "load", no_decode)
    with pytest.raises(ValueError, match="20000x20000.*wants 256x256"):
        png_map(str(p), "huge", 2)
    with pytest.raises(ValueError, match="larger than any map"):
        load_png_heightmap(str(p), 6)


def test_png_heightmap_refuses_fifos_and_devices(tmp_path):
    import os

    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="not a regular file"):
        load_png_heightmap(str(fifo), 6)  # refused without opening: nothing waits on the pipe
    with pytest.raises(ValueError, match="not a regular file"):
        load_png_heightmap("/dev/zero", 6)
