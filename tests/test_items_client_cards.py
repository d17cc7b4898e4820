"""The fun items in the 3D client (S20a–S20j), through the app under SDL's dummy driver: the hand shown
as cards, the others' hands as counts only, a card's target chooser offering exactly the engine's legal
targets, Esc and wrong cells, a count chooser, the effects, and the hand hidden after a hot-seat hand-over."""
from __future__ import annotations

import numpy as np
import pygame

from client.games.shachang.scene import GameScene
from engine.shachang.actions import UseItem
from engine.shachang.cells import cell_name, parse_cell
from tests.client_util import cell_px, click, key, step
from tests.items_util import UNITS, card_rect, end_turn, hand_over, items_game, start

FACE = (246, 238, 218)  # client.ui.cards.FACE: a face-up card's paper


def engine_cells(g, kind, depth=1, prefix=()):
    """The cells the engine's legal uses of ``kind`` name at position ``depth`` after ``prefix``."""
    out = set()
    for a in g.legal_actions():
        if isinstance(a, UseItem) and a.kind == kind and tuple(a.cells[:len(prefix)]) == tuple(prefix):
            out.add(a.cells[depth - 1])
    return out



def test_hand_shown_as_cards_and_the_others_only_as_a_count(app):  # noqa: F811
    g = items_game(UNITS, [["tonggui", "wangming", "dilao"], ["liu", "cuntu"]])
    sc = start(app, g)
    step(app)
    faces = [c for _, c in sc.items.strip.hits if not c.face_down]
    assert [c.title for c in faces] == ["Go Down Together", "Desperate Flight", "Drawn Prison"]
    assert all(c.lines and c.lines[0] and c.full_lines and c.full_lines[0] for c in faces)  # a short face, whole text
    assert [c.step.value for c in faces] == ["item:tonggui", "item:wangming", "item:dilao"]
    backs = [c for _, c in sc.items.strip.hits if c.face_down]
    assert len(backs) == 1 and backs[0].corner == "2"  # P2's hand: how many, never which
    words = " ".join(c.title + " ".join(c.lines) for _, c in sc.items.strip.hits)
    assert "Slip Away" not in words and "Not an Inch" not in words
    shot = app.display.screenshot()
    r = card_rect(sc, "tonggui")
    assert tuple(shot[r.bottom - 8, r.x + 8]) == FACE  # drawn face up in the strip (beside its centred rule tag)


def test_card_chooser_offers_exactly_the_legal_targets_and_plays_through_the_engine(app):  # noqa: F811
    g = items_game(UNITS, [["tonggui", "dilao"], []])
    sc = start(app, g)
    step(app)
    click(app, card_rect(sc, "dilao").center)
    # S20d: an enemy unit the player sees now; e5 is in sight of c3's 4 soldiers, h8 is not (fog)
    offered = set(sc.items.target_cells())
    assert offered == engine_cells(g, "dilao") == {parse_cell("e5")}
    frame = sc.items.decorate(sc.ctl.frame())
    assert set(frame.overlays.targets) | set(frame.overlays.reinforce_cells) == offered
    before = len(g.log)
    click(app, cell_px(app, parse_cell("b2")))  # not a target: refused, the card stays in use
    assert len(g.log) == before and sc.items.prefix is not None
    assert "not a legal target" in sc.ctl.status
    key(app, pygame.K_ESCAPE)  # Esc puts the card back
    assert sc.items.prefix is None and len(g.log) == before
    click(app, card_rect(sc, "tonggui").center)
    assert set(sc.items.target_cells()) == engine_cells(g, "tonggui") == {parse_cell("c3"), parse_cell("b2")}
    click(app, cell_px(app, parse_cell("c3")))
    assert "(4 soldiers)" in app.scene.question()  # the unit is sacrificed: asked first
    key(app, pygame.K_RETURN)
    assert g.log[-1] == UseItem("tonggui", (parse_cell("c3"),))
    assert sc.items.prefix is None
    assert any(fx["kind"] == "tonggui" for fx in sc.items.effects)  # the blast shows
    assert {f["cell"] for f in sc.flashes} == {parse_cell("b2"), parse_cell("e5")}  # both hit (S20f)
    assert g.units[parse_cell("e5")].count == 2 and g.units[parse_cell("b2")].count == 1
    # one item per turn (S20a): the other card is no longer legal and says why
    step(app)
    assert not [c for _, c in sc.items.strip.hits if c.legal]
    click(app, card_rect(sc, "dilao").center)
    assert sc.items.prefix is None and "S20a" in sc.ctl.status


def test_count_chooser_offers_the_legal_counts(app):  # noqa: F811
    from client.scenes.modals import ChooserModal

    g = items_game(UNITS, [["wangming"], []])
    sc = start(app, g)
    step(app)
    click(app, card_rect(sc, "wangming").center)
    click(app, cell_px(app, parse_cell("c3")))
    modal = app.scene
    assert isinstance(modal, ChooserModal)
    legal = sorted(a.count for a in g.legal_actions() if isinstance(a, UseItem) and a.cells == (parse_cell("c3"),))
    assert sorted(int(c.step.value) for c in modal.choices) == legal == [1, 2, 3]  # keeps one (S20h)
    step(app)
    click(app, modal.rects["2"].center)
    assert g.log[-1] == UseItem("wangming", (parse_cell("c3"),), 2)
    assert g.units[parse_cell("c3")].count == 2


def test_no_target_is_said_and_nothing_is_chosen(app):  # noqa: F811
    # 寸土不让 needs a unit that has not marched (S20i): the only unit has marched
    g = items_game([[0, "c3", 3, "moves=1"], [1, "h8", 2]], [["cuntu"], []])
    sc = start(app, g)
    step(app)
    card = [c for _, c in sc.items.strip.hits if not c.face_down][0]
    assert not card.legal
    click(app, card_rect(sc, "cuntu").center)
    assert sc.items.prefix is None and "S20i" in sc.ctl.status


def test_hot_seat_hand_hidden_after_hand_over(app):  # noqa: F811
    g = items_game(UNITS, [["tonggui", "dilao"], ["liu"]])
    sc = start(app, g, ("human", "human"))
    step(app)
    assert sc.ctl.viewer == 0
    click(app, card_rect(sc, "dilao").center)
    assert sc.items.prefix is not None
    end_turn(app)  # with the card still in use
    assert sc.items.prefix is None  # nothing of P1's choice survives
    shot = app.display.screenshot()
    assert not (shot.reshape(-1, 3) == np.array(FACE)).all(axis=1).any()  # no card face on the screen
    faces, backs = hand_over(app, sc)
    assert sc.ctl.viewer == 1
    assert faces == ["Slip Away"]  # P2's own hand
    assert len(backs) == 1 and backs[0].corner == "2"  # P1's two items, face down


def test_no_items_yet_is_one_line_saying_how_to_find_them(app):  # noqa: F811
    g = items_game(UNITS, [[], []])
    sc = start(app, g)
    step(app)
    assert sc.items.strip.hits == []
    assert 0 < sc.items.rect.h < 60  # a line, not an empty strip of cards
    assert sc.items.rect.collidepoint(sc.items.rect.center) and sc.over_ui(sc.items.rect.center)


def _effects_after_handover(app, units):  # noqa: F811
    """P1 hides c3 with 世外桃源 and ends the turn; the effects P2 is shown after its hand-over."""
    g = items_game(units, [["taoyuan"], []])
    sc = start(app, g, ("human", "human"))
    step(app)
    click(app, card_rect(sc, "taoyuan").center)
    click(app, cell_px(app, parse_cell("c3")))
    assert g.log[-1] == UseItem("taoyuan", (parse_cell("c3"),))
    assert [fx["kind"] for fx in sc.items.effects] == ["taoyuan"]  # the user sees its own item
    end_turn(app)
    assert sc.items.effects == []
    hand_over(app, sc)
    assert sc.ctl.viewer == 1
    return g, sc


def test_item_effect_only_for_players_who_see_the_cell(app):  # noqa: F811
    # S20j with fog (S7): P2's lone soldier on h8 sees 2 steps, not c3: no effect, no word of it
    g, sc = _effects_after_handover(app, [[0, "c3", 3, "settled"], [1, "h8", 1]])
    assert sc.items.effects == [] and parse_cell("c3") not in sc.ctl.obs.occupied
    assert not any("c3" in str(m) for m in sc.ctl.obs.messages[-3:])


def test_item_effect_shown_to_the_enemy_who_sees_the_cell(app):  # noqa: F811
    # P2's unit on d4 sees c3: it is shown the withdrawal, and afterwards c3 only as occupied (S20g)
    g, sc = _effects_after_handover(app, [[0, "c3", 3, "settled"], [1, "d4", 3]])
    assert [fx["kind"] for fx in sc.items.effects] == ["taoyuan"]
    assert sc.ctl.obs.occupied == (parse_cell("c3"),) and sc.ctl.obs.unit_at(parse_cell("c3")) is None


def test_computer_item_out_of_sight_is_not_named_on_the_status_line(app):  # noqa: F811
    # S7/S20j: P2 (a computer) slips its unit on g7 away; P1 (on screen) sees neither g7 nor where it lands
    g = items_game([[0, "b2", 2, "settled"], [1, "g7", 3, "settled"], [1, "h8", 1]], [[], ["liu", "cuntu"]],
                   current=1)
    app.start_game(g, ["human", "easy"])
    sc = app.find(GameScene)
    sc._run_ai = lambda dt: None  # the computer plays only what the test gives it
    step(app, 2)
    assert sc.ctl.viewer == 0 and g.log == []
    before = {c for c, u in g.units.items() if u.owner == 1}
    sc._apply_ai(UseItem("liu", (parse_cell("g7"),)), 1)
    landed = ({c for c, u in g.units.items() if u.owner == 1} - before).pop()
    assert not sc.ctl.obs.visible[landed] and not sc.ctl.obs.visible[parse_cell("g7")]
    assert "g7" not in sc.ctl.status and cell_name(landed) not in sc.ctl.status
    assert "out of sight" in sc.ctl.status
    assert sc.items.effects == []  # nothing of it is drawn either


def test_hot_seat_without_fog_hands_over_because_the_hands_are_hidden(app):  # noqa: F811
    # tabletop mode has no fog, but the items' hands are hidden (S20a): the next player takes the screen
    # only after a hand-over, and sees its own hand and the other's count
    g = items_game(UNITS, [["tonggui"], ["liu", "cuntu"]], mode="tabletop")
    sc = start(app, g, ("human", "human"))
    step(app)
    assert sc.ctl.viewer == 0 and [c.title for _, c in sc.items.strip.hits if not c.face_down] == ["Go Down Together"]
    end_turn(app)
    faces, backs = hand_over(app, sc)
    assert sc.ctl.viewer == 1
    assert faces == ["Slip Away", "Not an Inch"]
    assert [c.corner for c in backs] == ["1"]
