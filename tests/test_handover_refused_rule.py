"""F3 (or a click on the status line's rule id) opens the rule book at the rule of the last refusal (issue 28).
In hot seat that refusal was the player's before: after the hand-over — and on the hand-over screen itself, where
F3 works too — the next player read which rule refused the other's last try, e.g. that it had tried to march onto
a cell it did not see ("S10 unseen cell", 沙场秋点兵) or to shoot at an enemy in its sight ("S5"): what the other
player tried under the fog is hidden (G1). The hand-over forgets the refusal."""
from __future__ import annotations

import pygame

from client.scenes.handover import HandoverScene
from client.scenes.help import HelpScene
from engine import registry
from tests.boards_util import click_cell as board_click, key as board_key, make_app
from tests.client_util import click_cell, end_turn, flat_app, hot_seat, key, step


def test_shachang_the_next_player_does_not_read_the_last_ones_refusal(tmp_path):
    with flat_app(tmp_path) as app:
        # digital 8x8: P1 on a1 sees its corner only; P2 on h8
        g, sc = hot_seat(app, [[0, "a1", 3, "settled"], [1, "h8", 3, "settled"]], mode="digital")
        assert sc.ctl.viewer == 0 and not g.visible(0)[7, 7]
        click_cell(app, (0, 0))  # P1 selects its unit on a1 and clicks c3, a cell it has not seen: refused (S10)
        click_cell(app, (2, 2))
        assert sc.last_refusal_rule == "S10 unseen cell" and g.log == []
        end_turn(app)
        assert isinstance(app.scene, HandoverScene) and app.scene.player == 1
        key(app, pygame.K_F3)  # on the hand-over screen
        assert isinstance(app.scene, HelpScene) and app.scene.rule is None
        for _ in range(2):  # Esc clears the book's search, then closes it
            if isinstance(app.scene, HelpScene):
                key(app, pygame.K_ESCAPE)
        assert isinstance(app.scene, HandoverScene)
        key(app, pygame.K_SPACE)
        assert sc.ctl.viewer == 1
        key(app, pygame.K_F3)  # on P2's own board
        assert isinstance(app.scene, HelpScene) and app.scene.rule is None


def test_a_board_game_hand_over_forgets_the_refusal_too(cleanup):
    """三国演弈揭棋 with three humans: 吴's refused click (K2) is not what 魏 opens the book at."""
    g = registry.get("sanguo").new_game(variant="jieqi", seed=3)
    app = make_app("dummy", "sanguo", ["human", "human", "human"], "flat", size=(1280, 720), game=g)
    sc = app.scene
    if getattr(app.app.scene, "kind", "") == "handover":
        app.app.scene.done()
        app.step(0.016)
    quiet = next(a for a in g.legal_actions()  # a face-up piece's move to an empty point
                 if not g.pos.board[g.lay.index[a.src]][3] and g.pos.board[g.lay.index[a.dst]] is None)
    src = sc.plugin.cell(quiet.src)
    board_click(app, src)
    wrong = next(c for c in sc.plugin.geometry.cells
                 if c != src and sc.plugin.click(c, sc.prefix).kind == "clear" and sc.plugin.click(c, sc.prefix).rule)
    board_click(app, wrong)
    assert sc.last_refusal_rule == "K2"
    sc.play(quiet)
    app.step(0.016)
    assert app.app.scene.kind == "handover" and app.app.scene.player == 1
    board_key(app, pygame.K_F3)
    assert isinstance(app.app.scene, HelpScene) and app.app.scene.rule is None
