"""The hand-of-cards widget (client/ui/cards.py) and 辛亥革命's cards in the board scene, driven through
posted pygame events on SDL's dummy driver: a card is chosen only when it is a legal choice (seed 11:
a set-up card during a reinforcement), and a private hand (X10) shows only backs with its size after
the hot-seat hand-over."""
from __future__ import annotations

import pygame
import pytest

from client.ui import text as ui_text
from client.ui.cards import CardRow, CardStrip, CardView
from engine.xinhai import new_game

from tests.boards_util import OPEN, click_at, key, make_app


def to_reinforcement(seed: int = 1):
    """A historical game passed marker by marker to round 2, where the revolutionaries' event 2
    (軍政府募兵, X1: a reinforcement) waits for them to play a set-up card from their hand (seed 11(1))."""
    g = new_game(seed=seed)
    for _ in range(200):
        if g.stage == "reinforce":
            return g
        acts = [str(a) for a in g.legal_actions()]
        g.apply("pass" if "pass" in acts else "end" if "end" in acts else acts[0])
    raise AssertionError("no reinforcement reached")


def test_strip_finds_the_card_under_the_mouse_and_overlaps_when_crowded():
    pygame.init()
    surf = pygame.Surface((700, 160))
    mine = tuple(CardView(f"card {i}", ("a line of text",), str(i), key=i) for i in range(3))
    rows = [CardRow("Hand", mine), CardRow("Other", (), backs=4)]
    strip = CardStrip()
    strip.draw(surf, pygame.Rect(0, 0, 700, 160), rows)
    assert [c.ident for _, c in strip.hits] == [0, 1, 2, ("backs", "Other")]
    for r, c in strip.hits:
        assert strip.card_at(r.center) is c
    assert strip.hits[-1][1].face_down and strip.hits[-1][1].corner == "4"
    assert strip.card_at((699, 5)) is None
    # twenty cards in 300 px: they overlap, the later card lies on top and is the one found
    many = tuple(CardView(f"c{i}", key=i) for i in range(20))
    strip.draw(surf, pygame.Rect(0, 0, 300, 160), [CardRow("Many", many)])
    rects = [r for r, _ in strip.hits]
    assert all(r.right <= 300 + 1 for r in rects)
    assert rects[0].colliderect(rects[1])
    assert strip.card_at((rects[1].x + 1, rects[1].centery)).ident == 1
    # a selected card stands higher; the hovered one is enlarged with its whole text
    strip.draw(surf, pygame.Rect(0, 0, 700, 160), rows, mouse=(0, 0), selected={1})
    ys = {c.ident: r.y for r, c in strip.hits}
    assert ys[1] < ys[0] == ys[2]
    r1 = next(r for r, c in strip.hits if c.ident == 1)
    strip.draw(surf, pygame.Rect(0, 0, 700, 160), rows, mouse=r1.center)
    assert strip.hovered.ident == 1
    zoom = strip.draw_zoom(surf, pygame.Rect(0, 0, 700, 160))
    assert zoom is not None and zoom.w > r1.w


def card_rect(sc, key):
    return next(r for r, c in sc.cards.hits if c.ident == key)


def test_a_hand_card_is_chosen_only_when_it_is_a_legal_choice(cleanup):
    """Seed 11(1): during the revolutionaries' reinforcement a click on a set-up card of their hand plays
    it; a click on a card of the Qing's (public, X1) hand is refused with words and changes nothing."""
    g = to_reinforcement()
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", game=g, size=(1280, 800))
    sc = app.scene
    app.step(0.016)
    hand = next(r for r in sc.card_rows if r.cards and r.cards[0].ident[:2] == ("setup", "rev"))
    assert [c.ident[2] for c in hand.cards] == g.hands["rev"] == [11, 13, 14]
    assert all(c.legal for c in hand.cards)
    assert not [c for r in sc.card_rows for c in r.cards if c.ident[:2] == ("setup", "qing")]  # folded (key C)
    key(app, pygame.K_c)
    qing = [c for r in sc.card_rows for c in r.cards if c.ident[:2] == ("setup", "qing")]
    assert [c.ident[2] for c in qing] == [6, 7, 8, 9, 10] and not any(c.legal for c in qing)
    # the card buttons left the panel (the cards are the choice); "no reinforcements" stays a button
    assert [s.value for s in sc.plugin.buttons()] == ["card none"]
    n = len(g.log)
    click_at(app, card_rect(sc, ("setup", "qing", 7)).center)
    assert len(g.log) == n and sc.message_bad  # the other side's card: why, with its rule (qa10)
    assert sc.status_text("en") == "that is a set-up card of the Qing: only the Qing can play it [seed 11]"
    click_at(app, card_rect(sc, ("setup", "rev", 13)).center)
    assert [str(a) for a in g.log[n:]] == ["card 13"]
    assert g.hands["rev"] == [11, 14]
    app.step(0.016)
    # no reinforcement is asked now: the hand is shown but no card is a legal choice
    assert not any(c.legal for r in sc.card_rows for c in r.cards)


def test_marker_stage_hand_is_shown_but_not_playable(cleanup):
    """At a command marker (seed 指揮行動) the set-up cards cannot be played: shown, not legal."""
    app = make_app("dummy", "xinhai", ["human", "hard"], "flat", size=(1280, 800))
    sc = app.scene
    g = sc.game
    assert g.stage == "marker" and g.current_player == 0
    app.step(0.016)
    hand = [c for r in sc.card_rows for c in r.cards if c.ident[:2] == ("setup", "rev")]
    assert len(hand) == 3 and not any(c.legal for c in hand)
    n = len(g.log)
    click_at(app, card_rect(sc, hand[0].ident).center)
    assert len(g.log) == n and sc.message_bad


def test_private_hand_shows_only_backs_after_the_hand_over(cleanup):
    """X10: the revolutionaries' hand (historical set-up) is private. In hot seat, once the Qing player
    has taken over, the strip shows that hand's size only; the rev player sees it."""
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", size=(1280, 800))
    sc = app.scene
    g = sc.game
    app.step(0.016)
    rev_cards = [c.ident for r in sc.card_rows for c in r.cards if c.ident[:2] == ("setup", "rev")]
    assert len(rev_cards) == 3
    while g.current_player == 0:
        assert sc.play("pass")
    app.step(0.016)
    assert app.app.scene.kind == "handover"
    click_at(app, (640, 400))  # a click passes the hand-over
    assert app.app.scene is not None and getattr(app.app.scene, "kind", "") != "handover"
    app.step(0.016)
    assert sc.viewer() == 1
    shown = [c for r in sc.card_rows for c in r.cards]
    assert not any(c.ident[:2] == ("setup", "rev") for c in shown)
    # its size only, in the words of the viewer's hand row (issue 26: no pile of backs taking a card's room)
    assert [r.title for r in sc.card_rows if "the revolutionaries hold 3 cards" in r.title] == \
        ["Your hand · the revolutionaries hold 3 cards"]
    for r, c in sc.cards.hits:  # what is drawn: no face of a rev set-up card
        assert not (c.ident[:2] == ("setup", "rev"))


def test_a_computer_seats_hand_is_never_shown(cleanup):
    """The human plays the Qing against the computer's revolutionaries: while the computer decides, the
    strip still shows the Qing player's view (the rev hand's size only)."""
    app = make_app("dummy", "xinhai", ["easy", "human"], "flat", size=(1280, 800))
    sc = app.scene
    sc.ai_delay, sc.job, sc.version = 1e9, None, sc.version + 1  # the computer thinks no further here
    assert sc.game.current_player == 0 and sc.viewer() == 1
    app.step(0.016)
    assert not any(c.ident[:2] == ("setup", "rev") for _, c in sc.cards.hits)
    assert any("the revolutionaries hold 3 cards" in r.title for r in sc.card_rows)
    # nor in the log or the panel: the revolutionaries' "your hand" entry is theirs only (X10)
    hand = " ".join(map(str, sc.game.hands["rev"]))
    assert sc.game.current_player == 0
    assert not any("your hand" in ln for ln in sc.plugin.move_list("en"))
    assert any("your hand" in e.msg.render("en") for e in sc.game.events(0))
    assert not any(hand in ln for ln, _ in sc.plugin.panel_lines("en"))


@pytest.fixture(autouse=True)
def _no_leftovers():
    yield
    assert not OPEN


def test_a_narrow_cards_english_title_keeps_its_words_whole():
    # at 1280x720 a set-up card is about 60 pixels wide: "Student army" was drawn "Studen" / "t army"
    from client.ui import text as fonts
    from client.ui.cards import title_lines

    pygame.font.init()
    size, lines = title_lines("Student army", 11, 50, corner=True)
    assert lines == ["Student", "army"] and 9 <= size < 11
    assert fonts.size_of("Student", size)[0] <= 50 - (size + 4) < fonts.size_of("Student", 11)[0]
    assert title_lines("Student army", 11, 200, corner=True) == (11, ["Student army"])  # room: unchanged
    size, lines = title_lines("學生軍", 11, 45, corner=True)
    assert size == 11 and "".join(lines) == "學生軍"  # CJK breaks anywhere, at the usual size


def test_a_qing_set_up_cards_units_read_as_words_in_english():
    # seed 11: set-up card 6 brings four infantry to L-20 (X3); "+4×infantry" had no space to break at
    from client.games import make_plugin

    pl = make_plugin(new_game(seed=0))
    en, zh = pl.setup_card(6, "qing", "en"), pl.setup_card(6, "qing", "zh")
    assert en.lines[0] == "+4 infantry → L-20"
    assert zh.lines[0].startswith("援軍+4步兵 →L-20")  # short enough for a line of the card (issue 26)
    seven = pl.setup_card(7, "qing", "zh").lines[0]  # 援軍+3步兵、1馬隊 →P-20: a narrow card breaks before the arrow
    assert [ui_text.wrap(seven, 12, w)[-1] for w in (125, 135, 140)] == ["→P-20"] * 3
