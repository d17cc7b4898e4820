"""Issue 26 (session 11): 江山's tally cards show a short face (jiangshan.tally_face.*) read whole where it lies at
1024x640 and 1280x720 in both languages (English faces were cut with "…"); the mouse on a card shows the whole text
(jiangshan.tally_text.*, seed 虎符的使用) and the full name."""
from __future__ import annotations

import os

import pygame
import pytest

from client import i18n
from client.ui import cards
from tests.boards_util import make_app

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_tallys_face_is_read_whole_and_the_mouse_gives_the_whole_text(cleanup, monkeypatch, size, lang):
    app = make_app("dummy", "jiangshan", ["human", "hard"], "flat", size=size)
    i18n.set_lang(lang)
    sc = app.scene
    sc.dirty = True
    app.step(0.016)
    hits = list(sc.cards.hits)
    assert len(hits) == 6  # the offer: every tally
    for r, c in hits:
        t = c.ident[1]
        assert c.lines == (i18n.t(f"jiangshan.tally_face.{t}"),)
        assert c.full_lines[0] == i18n.t(f"jiangshan.tally_text.{t}")
        face = cards.CardView(c.title, c.lines, c.corner, title_px=c.title_px, body_px=c.body_px, tag=c.tag)
        assert cards.shows_whole(face, r), (size, lang, t)
    # the mouse on the longest tally: its whole text is drawn (the compact box beside the cards)
    r, c = max(hits, key=lambda h: len(h[1].full_lines[0]))
    drawn = []
    cards._pictures.clear()
    real = cards.text.draw
    monkeypatch.setattr(cards.text, "draw", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.step(0.016)
    monkeypatch.undo()
    whole = c.full_lines[0].replace(" ", "")
    assert whole in "".join(drawn).replace(" ", ""), (size, lang, drawn)


def test_a_card_with_room_shows_its_whole_text_and_a_narrow_one_its_face(cleanup, monkeypatch):
    """At 1280x720 in Chinese a tally whose whole text fits its card shows it where it lies (e.g. 瞒天过海's
    '…；消耗行动力'), with no hover box needed; at 1024x640 in English the same card shows its short face."""
    for size, lang, whole_expected in (((1280, 720), "zh", True), ((1024, 640), "en", False)):
        app = make_app("dummy", "jiangshan", ["human", "hard"], "flat", size=size)
        i18n.set_lang(lang)
        sc = app.scene
        drawn = []
        cards._pictures.clear()
        real = cards.text.draw
        monkeypatch.setattr(cards.text, "draw", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
        sc.dirty = True
        app.step(0.016)
        monkeypatch.undo()
        r, c = next((r, c) for r, c in sc.cards.hits if c.ident[1] == "crossing")
        whole = i18n.t("jiangshan.tally_text.crossing")
        assert (cards.face_lines(c, r) == c.full_lines) is whole_expected, (size, lang)
        assert cards.shows_whole(c, r) is whole_expected
        joined = "".join(drawn).replace(" ", "")
        assert (whole.replace(" ", "") in joined) is whole_expected, (size, lang, drawn)
        assert i18n.t("jiangshan.tally_face.crossing").replace(" ", "") in joined or whole_expected
