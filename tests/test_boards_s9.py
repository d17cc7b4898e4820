"""Issue 26, session 9 (boards): the hand-over confirms a save made from its menu, the statistics table puts
each seat's colour beside its name and counts moves, not resignations."""
from __future__ import annotations

import os

import numpy as np
import pygame

from client import i18n
from client.i18n import t
from engine.sanguo import new_game as sanguo_game
from tests.boards_util import click_at, click_cell, make_app, post

SHOTS = os.environ.get("BOARDS_SHOTS")  # a folder: the tests also write their pictures there, to look at


def _press(app, button):
    app.app.scene.dirty = True
    app.step(0.016)
    assert button.rect.w
    click_at(app, button.rect.center)


def _frame(app) -> np.ndarray:
    app.app.scene.dirty = True
    app.step(0.016)
    surf = pygame.display.get_surface()
    if SHOTS:
        pygame.image.save(surf, os.path.join(SHOTS, f"s9_{app.app.scene.kind}_{i18n.lang()}.png"))
    return pygame.surfarray.array3d(surf).copy()


def test_save_from_the_menu_of_a_hand_over_is_confirmed_on_the_hand_over(cleanup, tmp_path):
    # issue 26: after Save from the Esc menu during a hand-over, nothing confirmed it (the status line is hidden)
    for lang in ("en", "zh"):
        folder = tmp_path / lang
        folder.mkdir()
        app = make_app("dummy", "sanguo", ["human", "human", "human"], "flat", size=(1024, 640),
                       game=sanguo_game(variant="jieqi", seed=3))
        i18n.set_lang(lang)
        app.app.opts.save_dir = str(folder)
        sc = app.scene
        a = sc.game.legal_actions()[0]
        click_cell(app, sc.plugin.cell(a.src))
        click_cell(app, sc.plugin.cell(a.dst))
        hand = app.app.scene
        assert hand.kind == "handover"
        before = _frame(app)
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
        app.step(0.016)
        menu = app.app.scene
        assert menu.kind == "menu" and menu.opaque
        _press(app, [b for b in menu.buttons if b.text() == t("save")][0])
        assert app.app.scene is hand  # back on the hand-over, the board still hidden
        files = list(folder.glob("save-*.json"))
        assert len(files) == 1
        words, ok = hand.notice
        assert ok and words == t("saved", path=files[0].name)  # the file's name: nothing of the board
        after = _frame(app)
        # the picture changed only in the notice's band at the bottom: the hand-over shows nothing else new
        h = after.shape[1]
        changed = np.nonzero((after != before).any(axis=(0, 2)))[0]
        assert len(changed) and changed.min() >= h - 70
        # a click still passes the hand-over to the next player
        click_at(app, (512, 320))
        assert app.app.scene is sc
