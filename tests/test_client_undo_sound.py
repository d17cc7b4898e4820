"""沙场秋点兵 in the event loop: undo within the turn (U / Ctrl+Z) and sounds for what the player saw (issue 12)."""
from __future__ import annotations

import pygame
import pytest

from client.games.shachang.scene import GameScene
from tests.client_util import hot_seat, key, position, step


class Recorder:
    def __init__(self):
        self.played = []

    def play(self, name):
        self.played.append(name)


def test_undo_restores_the_state_before_a_quiet_march_and_refuses_after_new_sight(app):
    g = position([[0, "d4", 8], [1, "h8", 1]])
    app.start_game(g, ["human", "human"])
    step(app)
    key(app, pygame.K_SPACE)  # pass the hand-over
    scene = app.find(GameScene)
    before = scene.game.to_json()
    assert scene.ctl.try_apply(scene.game.parse_action("march d4 d5 1"))
    key(app, pygame.K_u)
    assert scene.game.to_json() == before and scene.ctl.game is scene.game
    assert scene.ctl.status_kind == "ok"
    key(app, pygame.K_u)  # nothing left in this turn
    assert scene.ctl.status_kind == "error" and scene.game.to_json() == before
    g2 = position([[0, "a1", 1], [1, "h8", 1]])
    app.start_game(g2, ["human", "human"])
    step(app)
    key(app, pygame.K_SPACE)
    scene = app.find(GameScene)
    assert scene.ctl.try_apply(scene.game.parse_action("march a1 a3 1"))
    n = len(scene.game.log)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="z"))
    step(app)
    assert len(scene.game.log) == n and scene.ctl.status_kind == "error"  # new sight: it stands


def test_the_player_hears_own_shot_and_kill_and_a_selection(app):
    g, scene = hot_seat(app, [[0, "a1", 8], [1, "a4", 1], [1, "h8", 2]])
    rec = Recorder()
    scene.sounds.play = rec.play
    scene.ctl.select((0, 0))
    step(app)
    assert rec.played == ["select"]
    assert scene.ctl.try_apply(scene.game.parse_action("attack a1 a4"))
    step(app)
    assert rec.played[1:] == ["shot", "kill"]
    step(app, 3)
    assert rec.played[1:] == ["shot", "kill"]  # nothing twice


def test_a_hit_from_the_fog_flashes_on_the_victim_without_naming_the_shooter(app):
    """D13: P2 learns its unit on a4 was shot, not from where: the flash is on a4 and says "from the fog"."""
    g, p1 = hot_seat(app, [[0, "a1", 7], [1, "a4", 1], [1, "h8", 2]])
    assert p1.ctl.try_apply(g.parse_action("attack a1 a4"))
    step(app)
    assert [(f["cell"], f["unseen"], f["wiped"]) for f in p1.flashes] == [((3, 0), False, True)]
    assert p1.animating()
    step(app)
    shot = app.display.screenshot()
    assert shot is not None


def test_unseen_shooter_flash_for_the_victim(app):
    g = position([[0, "a1", 7], [1, "a5", 2], [1, "h8", 2]])  # a5's 2 soldiers see 3 steps: not a1
    app.start_game(g, ["human", "human"])
    step(app)
    key(app, pygame.K_SPACE)
    scene = app.find(GameScene)
    assert scene.ctl.try_apply(g.parse_action("attack a1 a5"))
    scene.ctl.end_turn()
    step(app)
    key(app, pygame.K_SPACE)  # P2 takes the screen: its log says a5 was hit by an unseen enemy
    scene = app.find(GameScene)
    assert scene.ctl.viewer == 1
    step(app)
    # news from P2's own log since P2 last looked: a5 was hit from the fog (not where from)
    cells = [(f["cell"], f["unseen"]) for f in scene.flashes]
    assert cells == [((4, 0), True)]


def test_tooltip_tells_what_the_player_may_know_of_a_cell(app):
    """Issue 12: hovering a cell shows its height, the unit (owner, soldiers) and what an own unit may still
    do; an enemy the fog hides is not shown."""
    import time

    from client.games.shachang import hud

    g, scene = hot_seat(app, [[0, "a1", 7], [1, "a4", 1], [1, "h8", 2]])
    own = [s for s, _ in hud.tooltip_lines(scene, (0, 0))]
    assert own[0].startswith("a1: height") and "7 soldier" in own[1]
    assert own[2].startswith("move power left") and own[3] == "may attack: yes, 1 target in range"
    enemy = [s for s, _ in hud.tooltip_lines(scene, (3, 0))]
    assert "1 soldier" in enemy[1] and len(enemy) == 2  # an enemy in sight: owner and soldiers only
    hidden = [s for s, _ in hud.tooltip_lines(scene, (7, 7))]
    assert hidden == ["h8: unexplored"]  # the fog hides the enemy on h8
    # through the loop: the tooltip comes once the mouse rests
    from tests.client_util import cell_px

    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=cell_px(app, (0, 0)), rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)
    assert scene._tip["cell"] == (0, 0) and not scene._tip["shown"] and scene.animating()
    time.sleep(scene.TIP_DELAY + 0.05)
    step(app)
    assert scene._tip["shown"]


def test_clicking_another_own_unit_in_reach_offers_the_merge(app):
    """Issue 12: with a unit selected, a click on another own unit in reach asks to merge (with the count);
    Yes marches them in, No selects that unit."""
    from client.scenes.modals import ConfirmModal
    from tests.client_util import click_cell

    g, scene = hot_seat(app, [[0, "a1", 4], [0, "a3", 2], [1, "h8", 2]])
    click_cell(app, (0, 0))
    assert scene.ctl.selected == (0, 0)
    key(app, pygame.K_3)
    click_cell(app, (2, 0))
    assert isinstance(app.scene, ConfirmModal) and "3" in app.scene.question() and "a3" in app.scene.question()
    key(app, pygame.K_ESCAPE)  # No: a3 is selected instead
    assert app.scene is scene and scene.ctl.selected == (2, 0) and len(g.log) == 0
    click_cell(app, (0, 0))
    assert isinstance(app.scene, ConfirmModal)
    key(app, pygame.K_RETURN)  # Yes: a3's 2 soldiers march into a1
    assert str(g.log[-1]) == "march a3 a1 2"
    assert scene.ctl.obs.unit_at((0, 0)).count == 6


def test_a_click_on_an_own_unit_on_a_reinforcement_cell_opens_the_box(app):
    from tests.client_util import click_cell

    g, scene = hot_seat(app, [[0, "a1", 2], [1, "h8", 2]], reserve=(4, 4))
    assert (0, 0) in g.reinforce_cells()
    click_cell(app, (0, 0))
    assert scene.ctl.reinforce is not None and scene.ctl.reinforce["cell"] == (0, 0)
    assert scene.ctl.selected == (0, 0)
    key(app, pygame.K_2)
    key(app, pygame.K_RETURN)
    assert str(g.log[-1]) == "reinforce a1 2"


def test_own_march_slides_and_own_shot_flies(app):
    import time

    app.opts.ai_delay = 0.3
    g, scene = hot_seat(app, [[0, "a1", 7], [1, "a4", 2], [1, "h8", 2]])
    assert scene.ctl.try_apply(g.parse_action("march a1 b1 2"))
    assert scene.echo is not None and str(scene.echo["action"]) == "march a1 b1 2" and scene.animating()
    step(app)
    time.sleep(0.35)
    step(app)
    assert scene.echo is None
    assert scene.ctl.try_apply(g.parse_action("attack a1 a4"))
    assert str(scene.echo["action"]) == "attack a1 a4"


def test_status_line_follows_the_language_and_drops_stale_lines(app):
    """Issue 12: F2 re-writes the status line in the new language; leaving first person drops its line;
    a hand-over clears the last player's hover."""
    from client import i18n

    g, scene = hot_seat(app, [[0, "a1", 2], [1, "h8", 2]])
    assert i18n.lang() == "en"
    scene.ctl.select((0, 0))
    key(app, pygame.K_v)  # first person (the flat renderer: a zoomed view)
    assert "First person" in scene.ctl.status or "a1" in scene.ctl.status
    key(app, pygame.K_v)
    # the first-person line is gone; with a1 still selected the line says what to click for it (session 19)
    assert "first person" not in scene.ctl.status.lower() and scene.ctl.status.startswith("a1 selected: ")
    key(app, pygame.K_F2)
    step(app)
    try:
        assert i18n.lang() == "zh" and scene.ctl.status.startswith("已选中a1：")  # the same line, in Chinese
    finally:
        if i18n.lang() != "en":
            key(app, pygame.K_F2)
    scene.ctl.hover = (3, 3)
    scene.end_turn()
    if app.scene is not scene:
        key(app, pygame.K_RETURN)
    assert scene.ctl.hover is None


def test_f1_opens_how_to_play_with_a_legend_then_the_keys(app):
    """Issue 12: F1's first tab is how to play with a legend of every colour, icon and number; Tab shows the keys."""
    from client import i18n
    from client.scenes.help import HelpScene, legend_items

    g = position([[0, "a1", 2], [1, "h8", 2]])
    app.start_game(g, ["human", "normal"])
    step(app)
    key(app, pygame.K_F1)
    page = app.scene
    assert isinstance(page, HelpScene) and page.tabs() == ["play", "keys"] and page.tab == 0
    kinds = {k for k, _ in legend_items()}
    assert {"reach", "hatch", "target", "blocked", "reinforce", "ghost", "slate", "tent", "swords", "spent",
            "count", "sight"} <= kinds
    for lang in ("zh", "en"):
        for _, k in legend_items():
            assert i18n.tr(k, lang)
    key(app, pygame.K_TAB)
    assert page.tab == 1 and any("Enter" in k for k, _ in page.rows())
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, GameScene)


def test_shachang_keys_come_from_the_one_key_table(app):
    """Issue 11: the scene dispatches its keys from client/keys.py, the table F1 is written from: every
    action the table names for 沙场秋点兵 has a handler, and a few presses do what the table says."""
    from client import keys

    g = position([[0, "a1", 2], [1, "h8", 2]])
    app.start_game(g, ["human", "normal"])
    step(app)
    scene = app.find(GameScene)
    handlers = scene.key_actions()
    named = {code[2] if len(code) > 2 else b.action for b in keys.rows(("shachang",)) for code in b.codes}
    assert named and named <= set(handlers), named - set(handlers)
    shown = scene.ctl.show_heights
    key(app, pygame.K_h)
    assert scene.ctl.show_heights != shown
    mini = scene.show_minimap
    key(app, pygame.K_m)
    assert scene.show_minimap != mini
    muted = scene.sounds.muted
    key(app, pygame.K_m, mod=pygame.KMOD_CTRL)
    assert scene.sounds.muted != muted and scene.show_minimap != mini
    scene.sounds.muted = muted


def test_volume_keys_and_a_game_ending_pass_asks_first(app):
    from client.scenes.modals import ConfirmModal

    g = position([[0, "a1", 2], [1, "h8", 2]], mode="tabletop", current=1)
    g.round_limit = g.round  # P2's end of turn is the last of the last round: the game ends
    app.start_game(g, ["human", "human"])
    step(app)
    scene = app.find(GameScene)
    from client import audio
    from tests.audio_util import FakeMixer

    scene.sounds = audio.Sounds(mixer=FakeMixer())  # an audio device (without one the keys say so: issue 26)
    v = scene.sounds.volume
    key(app, pygame.K_DOWN, mod=pygame.KMOD_CTRL)
    assert scene.sounds.volume == pytest.approx(max(0.0, v - 0.1)) and "volume" in scene.ctl.status
    key(app, pygame.K_UP, mod=pygame.KMOD_CTRL)
    assert scene.sounds.volume == pytest.approx(v)
    assert g.current_player == 1 and scene.ctl.viewer == 1
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ConfirmModal) and "ends the game" in app.scene.question()
    key(app, pygame.K_ESCAPE)
    assert not g.is_over
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert g.is_over
