"""Issue 26 (session 11): 沙场秋点兵's item cards show a short face (shachang.item.short.*) read whole where it lies
at 1024x640 and 1280x720 in both languages (English faces were cut after four short lines); the enlarged card under
the mouse shows the whole rule text (shachang.item.text.*, S20b–S20i)."""
from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.ui import cards
from tests.client_util import flat_app, step
from tests.items_util import UNITS, card_rect, items_game, start
from tests.text_util import record_texts

HANDS = (["yugong", "fanfu", "dilao"], ["liu", "tonggui", "taoyuan"], ["wangming", "cuntu"])


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_items_face_is_read_whole_and_the_zoom_gives_the_whole_rule(tmp_path, monkeypatch, size, lang):
    with flat_app(tmp_path, size=size, lang=lang) as app:
        for hand in HANDS:
            sc = start(app, items_game(UNITS, [hand, []], mode="tabletop"))
            step(app)
            for kind in hand:
                r = card_rect(sc, kind)
                face = next(c for rr, c in sc.items.strip.hits if rr == r)
                assert face.lines == (i18n.t(f"shachang.item.short.{kind}"),)
                assert face.full_lines == (i18n.t(f"shachang.item.text.{kind}"),)
                assert cards.shows_whole(
                    cards.CardView(face.title, face.lines, title_px=face.title_px, body_px=face.body_px, tag=face.tag),
                    r), (kind, lang, size)
            # the mouse on the last card: the enlarged card writes the whole rule text
            r = card_rect(sc, hand[-1])
            cards._pictures.clear()  # the enlarged card drawn afresh (its picture may be kept from an earlier frame)
            with monkeypatch.context() as m:
                drawn = record_texts(m)
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0)))
                step(app)
            whole = i18n.t(f"shachang.item.text.{hand[-1]}")
            assert "".join(drawn).replace(" ", "").find(whole.replace(" ", "")) >= 0, (hand[-1], drawn)
