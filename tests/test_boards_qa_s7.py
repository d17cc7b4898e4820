"""QA of the board games' first minutes (issue 26 "Done when"), each problem found by playing the real window
fixed with a test that drives the app through clicks and keys."""
from __future__ import annotations

import pygame
import pytest

from client import __main__ as cli
from client import i18n, settings
from engine import registry
from tests.boards_util import click_at, click_cell, key, make_app


def test_baige_refusal_in_chinese_opens_the_piece_page_under_a_chinese_heading(cleanup):
    """百格 in zh: the wazir on f3 refused a move to e8; F3 opens its piece page, which (and the note naming it)
    reads "兵（W）", not the English scenario title "Wazir (W): how it moves and captures"."""
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1100, 760))
    if i18n.lang() != "zh":
        key(app, pygame.K_F2)  # the language switch
    assert i18n.lang() == "zh"
    sc = app.scene
    click_cell(app, sc.plugin.cell("f3"))
    assert sc.selected == sc.plugin.cell("f3")
    click_cell(app, sc.plugin.cell("e8"))
    assert sc.message_bad and "兵的走法" in sc.status_text("zh")
    key(app, pygame.K_F3)
    reader = app.app.scene.reader()
    entry = reader.focused_entry()
    assert not entry.rule and entry.heading("en").startswith("Wazir (W)")
    assert entry.heading() == entry.heading("zh") == "兵（W）"
    assert reader.note_fields["why"] == "兵（W）"
    i18n.set_lang("en")
    assert entry.heading() == entry.heading("en")


@pytest.mark.parametrize("lang,said", [("en", "first do what the top line of the panel asks "
                                                "[seed: getting the tallies]"),
                                       ("zh", "先完成右侧面板第一行要求的事 [原文 虎符的获得]")])
def test_jiangshan_a_board_click_after_a_tally_card_says_what_to_do_not_a_question_mark(cleanup, lang, said):
    """江山, the tallies stage (seed 虎符的获得): one card chosen, then a click on the board said "k3 does not
    continue the action begun at ?"; it now says to do what the panel asks, with the rule."""
    app = make_app("dummy", "jiangshan", ["human", "hard"], "flat", size=(1280, 800))
    sc = app.scene
    app.step(0.016)
    if i18n.lang() != lang:
        key(app, pygame.K_F2)
    assert i18n.lang() == lang
    rects = {c.ident[1]: r for r, c in sc.cards.hits}
    click_at(app, rects["fire"].center)
    assert [s.value for s in sc.prefix] == ["fire"]
    click_cell(app, sc.plugin.cell("k3"))
    assert sc.message_bad and sc.status_text(lang) == said
    assert sc.game.stage == "tallies" and sc.game.log == []


def test_the_game_over_box_stays_inside_a_1024x640_window(cleanup):
    """At 1024x640 the game-over box (six buttons, wider than the board beside the panel) was centred on the
    board and ran off the window's left edge ("ck game: …", Replay cut); it is now kept inside the window, and
    inside the board's area."""
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1024, 640))
    sc = app.scene
    resign = [b.rect for st, b in sc.step_buttons.items() if st.value == "resign"][0]
    click_at(app, resign.center)
    assert sc.modal.kind == "confirm"
    click_at(app, sc.modal.buttons[0].rect.center)
    app.step(0.016)
    over = sc.modal
    assert sc.game.is_over and over.kind == "over"
    window = pygame.display.get_surface().get_rect()
    assert window.contains(over.rect)
    assert all(window.contains(b.rect) for b in over.buttons)
    # session 8: and in the space the panels leave (it overlapped the side panel): narrower buttons, same box
    assert sc.board_rect.contains(over.rect) and not over.rect.colliderect(sc.panel_rect)


@pytest.mark.parametrize("flags,lang", [(["--lang", "zh"], "zh"), (["--lang", "en"], "en"), ([], "en")])
def test_an_explicit_lang_flag_wins_over_the_remembered_language(tmp_path, flags, lang):
    """After an English session (settings.json lang=en), `python -m client --game sanguo --lang zh` opened in
    English: --lang zh equals the default, so the remembered language replaced it. An explicit flag now wins;
    without one the remembered language is used."""
    settings.save(tmp_path, settings.Settings(lang="en"))
    o = cli.options_from(cli.parse_args(["--game", "sanguo", "--save-dir", str(tmp_path), *flags]))
    assert settings.startup(o) == ""
    assert o.lang == lang


@pytest.mark.parametrize("variant,cell", [("standard", "i11"), ("jieqi", "l14")])
def test_sanguo_an_empty_point_says_what_to_click_with_k2(cleanup, variant, cell):
    """三国演弈 / 揭棋: a click on an empty point with nothing selected said only "there is no piece on l14 [K2]";
    it now says what to click instead, keeps K2 (F3 opens it), and changes nothing."""
    game = registry.GAMES["sanguo"].new_game(variant=variant) if variant != "standard" else None
    app = make_app("dummy", "sanguo", ["human"] * 3, "flat", game=game, size=(1100, 760))
    sc = app.scene
    n = len(sc.game.log)
    click_cell(app, sc.plugin.cell(cell))
    assert sc.message_bad and sc.refusal_rule() == "K2"
    assert sc.status_text("en") == f"{cell} is empty: click one of Wu's pieces first, then the point it goes to [K2]"
    assert len(sc.game.log) == n and sc.selected is None
    key(app, pygame.K_F3)
    assert app.app.scene.reader().focused_entry().rule == "K2"


@pytest.mark.parametrize("lang,bracket", [("en", "[wazir move]"), ("zh", "[兵的走法]")])
def test_baige_help_shows_the_refusals_rule_as_the_status_line_does(cleanup, lang, bracket):
    """百格's F1 page promised refusals "with the rule's id, C1-C7", but a refused wazir step says
    "[wazir move]": the page now gives the bracket the status line really shows, and F3."""
    app = make_app("dummy", "baige", ["human", "human"], "flat", size=(1100, 760))
    sc = app.scene
    if i18n.lang() != lang:
        key(app, pygame.K_F2)
    click_cell(app, sc.plugin.cell("f3"))
    click_cell(app, sc.plugin.cell("d9"))
    assert sc.status_text(lang).endswith(bracket)
    page = "\n".join(line for line, _ in sc.plugin.help_lines(lang))
    assert bracket in page and "F3" in page and "C1-C7" not in page and "C1–C7）" not in page
