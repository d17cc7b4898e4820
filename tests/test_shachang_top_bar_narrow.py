"""沙场秋点兵's top bar in a narrow window: at 640x400 even its smallest sizes did not fit beside the buttons and it
ended "reinforcement phase: nothing t" under End turn (found by the new-player QA under Xvfb, session 19). Now the
pieces after the phase go first, then the phase is shortened; the round and whose turn stay whole."""
from __future__ import annotations

from client import i18n
from client.games.shachang.scene import GameScene
from tests.client_util import flat_app, position, step, top_bar_texts


def test_the_top_bar_fits_beside_its_buttons_at_640(tmp_path):
    for size, lang in (((640, 400), "en"), ((640, 400), "zh"), ((560, 400), "en"), ((1280, 720), "en")):
        with flat_app(tmp_path, size=size, lang=lang) as app:
            g = position([[0, "a1", 8], [1, "h8", 8]], reserve=(0, 0), current=0)
            app.start_game(g, ["human", "normal"])
            sc = app.find(GameScene)
            step(app, 2)
            texts, phase, width, room, parts = top_bar_texts(sc)
            assert width <= room, (size, lang, width, room)
            assert texts[0] == i18n.t("round", r=1, lim=g.round_limit)  # the round and whose turn: whole
            assert texts[1] == i18n.t("turn_of", p=i18n.player_name(0))
            assert texts[2] == phase or texts[2].endswith("…")
            if size == (1280, 720):  # room enough: every piece, the phase whole
                assert texts[2] == phase and texts[-1] == i18n.t("you_are", p=i18n.player_name(0))
