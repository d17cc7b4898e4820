"""English status hints begin in lower case, as the rest of the status line does ("a1 selected: click ...", "select
a piece, then ..."): 辛亥革命's hints began "Choose ..."/"Click ...", so after a take-back its status line read "move
taken back — now Choose a face of the command marker (buttons), or pass", and 沙场秋点兵's first line "Click one of
your units" stood alone among lower-case ones (found by the new-player QA under Xvfb, session 19). Captions that
name a view ("Close-up: ...", "Whole map: ...") and items' names keep their capital."""
from __future__ import annotations

import re

import pytest

from client.i18n import t
from engine.messages import catalogue, template
from tests.boards_util import make_app

STATUS_KEYS = ["client.hint_select", "client.reinforce_hint", "client.board_hint_move",
               "shachang.ui.item.discard_none"]


def test_status_hints_begin_in_lower_case():
    keys = STATUS_KEYS + [k for k in catalogue("xinhai") if k.startswith(("xinhai.hint.", "xinhai.why."))
                          and k not in ("xinhai.hint.close_up", "xinhai.hint.whole_map")]
    assert len(keys) > 15
    upper = [(k, template(k, "en")) for k in keys if template(k, "en")[:1].isupper()]
    assert not upper


def test_a_take_back_in_xinhai_reads_now_and_the_hint_in_lower_case(cleanup):
    app = make_app("dummy", "xinhai", ["human", "easy"], "flat", size=(1280, 720))
    sc = app.scene
    steps = sc.plugin.buttons()
    assert steps  # the command marker's faces
    sc.press_button(steps[0])
    app.step(0.016)
    assert sc.can_undo()
    sc.undo()
    app.step(0.016)
    said = sc.status_text("en")
    assert said.startswith(t("board_undone")) and " — now " in said
    assert not re.search(r"— now [A-Z]", said), said
