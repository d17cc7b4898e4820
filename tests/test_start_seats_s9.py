"""The start screen's seat rows fit their side's name before the row's buttons in every game, in both languages,
at 1024x640 and 1280x720 (issue 26: 辛亥革命's "Revolutionaries" ran under the "<" button)."""
from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.app import App, Options
from client.ui import text

from tests.client_util import kept_client_state
from tests.test_boards_s8 import choose_game, start_screen


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_seat_rows_name_fits_before_its_buttons(cleanup, tmp_path, size, lang):
    with kept_client_state("dummy"):
        try:
            i18n.set_lang(lang)
            app = App(Options(renderer="flat", save_dir=str(tmp_path), lang=lang, size=size, strict=True))
            st = start_screen(app)
            for gid in ("shachang", "baige", "anqi", "sanguo", "xinhai", "jiangshan"):
                choose_game(app, st, gid)
                app.step(0.016)
                rows = st.seats[:int(st.players.value)]
                for r in rows:
                    name_w = text.size_of(r.label(), r.size)[0]
                    assert r.rect.x + name_w < r.left.x, (gid, r.label())  # the name ends before "<"
                    assert r.right.right <= size[0], (gid, r.label())  # the row inside the window
                    value_w = max(text.size_of(r.show(v), r.size)[0] for v in r.values())
                    assert value_w <= r.right.x - r.left.right, (gid, r.label())  # "computer: normal" whole
        finally:
            pygame.display.quit()
