"""辛亥革命 QA (session 10, issue 26): a click on a card that chooses nothing says why, with the rule.

Found in play: a click on a set-up card in the hand said only '此牌現在不能選用' / 'that card cannot be chosen
now', with no reason and no rule; so did a click on an event card or on the other side's public hand."""
from __future__ import annotations

import pygame

from client import i18n
from tests.boards_util import click_at, key, make_app


def test_set_up_and_event_cards_say_how_they_are_played(cleanup):  # cleanup also puts the language back
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", size=(1280, 720))
    sc = app.scene
    app.step(0.016)
    key(app, pygame.K_c)  # the other side's public hand unfolded (X10)
    app.step(0.016)
    me = sc.plugin.observation(sc.plugin.viewer)["side"]
    hits = {c.ident: r for r, c in sc.cards.hits}
    mine = next(r for k, r in hits.items() if k[0] == "setup" and k[1] == me)
    theirs = next(r for k, r in hits.items() if k[0] == "setup" and k[1] != me)
    event = next(r for k, r in hits.items() if k[0] == "event")
    n = len(sc.plugin.game.log)
    other = {"rev": "the Qing", "qing": "the revolutionaries"}[me]
    cases = [(mine, "seed 11", "a set-up card is played when a reinforcements event is turned over: then click one "
                               "to bring in its units [seed 11]"),
             (theirs, "seed 11", f"that is a set-up card of {other}: only {other} can play it [seed 11]"),
             (event, "X3", "event cards are turned over at the start of each round and take effect at once; they are "
                           "not clicked [X3]")]
    for rect, rule, en in cases:
        i18n.set_lang("en")
        app.step(0.016)
        click_at(app, rect.center)
        assert sc.message_bad and sc.refusal_rule() == rule
        assert sc.status_text("en") == en
        i18n.set_lang("zh")
        app.step(0.016)
        click_at(app, rect.center)
        zh = sc.status_text("zh")
        assert zh.endswith("〔原規則 11〕" if rule == "seed 11" else "〔X3〕") and "现" not in zh and "此牌" not in zh
    assert len(sc.plugin.game.log) == n
