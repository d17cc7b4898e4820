"""辛亥革命 played through the app like a new user, hot seat, on SDL's dummy driver: every action (chosen
by a seeded random generator among the legal ones) is built only from posted mouse events — a click on
a hex, on a chooser's option, on a panel button or on a card under the map — and every hand-over is
passed with a click. The game's log must be exactly the actions chosen."""
from __future__ import annotations

import random

import pygame

from tests.boards_util import OPEN, click_at, make_app


def pass_handover(app):
    if getattr(app.app.scene, "kind", "") == "handover":
        click_at(app, (20, 20))


def click_button(app, step):
    sc = app.scene
    app.step(0.016)
    btn = sc.step_buttons.get(step)
    if btn is not None and btn.rect.w:
        click_at(app, btn.rect.center)
        return
    card = next((r for r, c in sc.cards.hits if c.step == step), None)
    if card is not None:  # a set-up card is chosen on the cards under the map
        click_at(app, card.center)
        return
    more = next(b for st, b in sc.step_buttons.items() if st.value == "\u2026more" and b.rect.w)
    click_at(app, more.rect.center)
    modal = app.app.scene
    app.step(0.016)
    r = next(r for r, v in modal.rows if v == step)
    click_at(app, r.center)


def play_by_clicks(app, action) -> None:
    """Build ``action`` from clicks (see the module docstring)."""
    sc = app.scene
    pl = sc.plugin
    steps = pl.action_steps(action)
    sc.prefix = ()
    for s in steps:
        if s.kind == "button":
            click_button(app, s)
        elif s.kind == "cell":
            app.step(0.016)
            click_at(app, sc.cell_pos(pl.cell(s.value)))
        elif s.kind == "option":
            modal = app.app.scene
            if getattr(modal, "kind", "") != "choose":
                return  # the action was already played (the only one the clicks could mean)
            app.step(0.016)
            click_at(app, modal.rects[s.value].center)


def test_a_hot_seat_game_built_from_clicks_only(cleanup):
    app = make_app("dummy", "xinhai", ["human", "human"], "flat", size=(1400, 900))
    sc = app.scene
    g = sc.game
    rng = random.Random(7)
    chosen = []
    for _ in range(70):
        if g.is_over:
            break
        pass_handover(app)
        acts = g.legal_actions()
        fights = [a for a in acts if a.verb in ("shoot", "melee")]
        cards = [a for a in acts if a.verb == "card" and a.args != ("none",)]
        moves = [a for a in acts if a.verb in ("move", "bridge", "cross")]
        a = rng.choice(fights or cards or (moves if moves and rng.random() < 0.7 else acts))
        play_by_clicks(app, a)
        chosen.append(str(a))
        assert [str(x) for x in g.log] == chosen, (a, sc.message)
        assert not sc.message_bad, sc.message
    assert len(chosen) == 70 or g.is_over
    verbs = {x.split()[0] for x in chosen}
    assert {"cmd", "move", "shoot", "end"} <= verbs, verbs
    pygame.event.clear()


def test_no_leftovers():
    assert not OPEN
