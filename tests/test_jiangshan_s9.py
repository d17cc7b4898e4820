"""江山 leftovers of issue 26 reported by session 8's QA: the tallies were portrait cards 60 pixels wide in
9-pixel words at 1280x720; they are landscape cards as wide as the strip lets them lie side by side, their
words 12-13 pixels, the board above them uncovered."""
from __future__ import annotations

import pytest

from client import i18n
from client.ui import cards, text

from tests.boards_util import make_app


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_the_tallies_are_readable_landscape_cards_under_the_board(cleanup, size, lang):
    app = make_app("dummy", "jiangshan", ["human", "hard"], "flat", size=size)
    i18n.set_lang(lang)
    sc = app.scene
    for _ in range(3):
        sc.dirty = True
        app.step(0.016)
    hits = sc.cards.hits
    assert len(hits) == 6  # the offer
    for r, c in hits:
        assert r.w >= 100 and r.h >= 100 and r.w > r.h, (r, c.title)  # landscape, not 60-pixel portraits
        assert c.title_px >= 13 and c.body_px >= 12
        pad = max(3, r.w // 16)
        tsize, head = cards.title_lines(c.title, c.title_px, r.w - 2 * pad, True)
        assert tsize >= 12 and "".join(head).replace(" ", "") == c.title.replace(" ", "")  # the name whole
        lines = [ln for x in c.lines for ln in text.wrap(x, c.body_px, r.w - 2 * pad)]
        assert len(lines) >= 1
        assert sc.card_rect.contains(r) and not r.colliderect(sc.board_rect)
    assert all(not a.colliderect(b) for i, (a, _) in enumerate(hits) for b, _ in hits[i + 1:])
    for r, c in hits:  # every tally's face reads whole where it lies (session 11: short faces; the rest on hover)
        assert cards.shows_whole(cards.CardView(c.title, c.lines, c.corner, title_px=c.title_px, body_px=c.body_px,
                                                tag=c.tag), r), (size, lang, c.title)
    # the board is not covered: every cell's centre lies in the board's area, above the strip
    area = sc.plugin.board_area(sc.board_rect)
    for p in sc.last_board_view.pieces:
        pos = sc.cell_pos(p.cell)
        assert area.collidepoint(pos) and pos[1] < sc.card_rect.y
