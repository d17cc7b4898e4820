"""The hot-seat hand-over at 640x400 (found while checking 辛亥革命's small window, session 19): "Other players look
away. Click or press Space when ready; Esc opens the menu (save, load)." ran off both edges of the window in one
line; it wraps within the window now, in both languages, and the lines under it move down."""
from __future__ import annotations

import pytest

from client import i18n
from client.games import plugin_class
from client.scenes.board_game import BoardGameScene
from client.ui import text
from tests.boards_util import make_app


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_hand_over_words_stay_inside_a_small_window(cleanup, monkeypatch, lang):
    monkeypatch.setattr(BoardGameScene, "opening_handover", True)  # on, as in the game (conftest turns it off)
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", size=(640, 400))
    i18n.set_lang(lang)
    try:
        drawn = []
        real = text.draw

        def spy(surf, words, pos, size=16, *a, **kw):
            r = real(surf, words, pos, size, *a, **kw)
            drawn.append((str(words), r))
            return r

        monkeypatch.setattr(text, "draw", spy)
        app.scene.dirty = True
        app.step(0.016)
        monkeypatch.setattr(text, "draw", real)
        assert getattr(app.app.scene, "kind", "") == "handover", [type(s).__name__ for s in app.app.scenes]
        w = app.display.ui.get_width()
        want = i18n.t("handover_body")
        if lang == "zh":  # 辛亥革命's screens write traditional characters
            want = want.translate(plugin_class("xinhai").zh_script)
        body = [(s, r) for s, r in drawn if s and s in want]
        assert "".join(s for s, _ in body).replace(" ", "") == want.replace(" ", "")
        assert all(r.left >= 0 and r.right <= w for _, r in drawn), [(s, r) for s, r in drawn if r.right > w]
        rects = [r for _, r in drawn]
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), drawn
    finally:
        i18n.set_lang("en")
