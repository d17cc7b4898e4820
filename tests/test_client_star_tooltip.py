"""On the star (S19) the hover box keeps off the player's own soldiers (issue 26: with a squad selected, the box
with the click preview covered some of them), as it keeps off the selection, the targets and the pointer."""
from __future__ import annotations

import pytest

from tests.client_util import click, flat_app, step
from tests.items_util import px
from tests.test_client_star_app import star_game

SQUAD = ("h5", "i5", "i6", "h6", "g5", "j6", "j7", "i7", "h4")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])
def test_the_hover_box_covers_none_of_the_own_soldiers(tmp_path, size):
    with flat_app(tmp_path, size=size) as app:
        g = star_game([[0, n] for n in SQUAD] + [[1, "l7"], [1, "k9"]])
        app.start_game(g, ["human", "random"])
        step(app)
        sc = app.scene
        click(app, px(app, "i5"))
        own = [u.cell for u in sc.ctl.obs.own_units()]
        assert len(own) == len(SQUAD)
        reach = sorted(sc.ctl.overlays().reachable)
        assert len(reach) >= 10
        for c in reach:  # the mouse resting on each cell the squad's soldier may march to
            sc.ctl.hover = c
            sc.mouse = sc.cell_to_screen(c)
            r = sc.tooltip_rect(420, 70)  # the size of the box with the click preview and the S19d note
            assert not [x for x in own if r.colliderect(sc.cell_box(x))], sc.ctl.cell_name(c)
            assert not r.collidepoint(sc.mouse)
