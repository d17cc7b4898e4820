"""沙场秋点兵's leftovers of issue 26, driven through the event loop where the point is about clicks:
the attack row's wording, sound without a device, the tooltip's place, the game-over box's place, the
replay's framing, the fog's game-ending pass, picking behind a tall stack, the first-person discs."""
from __future__ import annotations

import time

import numpy as np
import pygame
import pytest

from client import audio, i18n
from client.app import App, Options
from client.camera import StrategyCamera, project
from client.games.shachang import hud
from client.games.shachang.gameover import GameOverScene
from client.games.shachang.replay import ReplayScene
from client.games.shachang.scene import GameScene
from client.render.base import Y_SCALE
from client.scenes.modals import ConfirmModal
from client.scenes.replay import BAR_H, FOOT_H
from engine.shachang.game import ShachangGame
from engine.shachang.maps import GameMap
from tests.audio_util import FakeMixer
from tests.client_util import cell_px, click_cell, hot_seat, key, step
from tests.text_util import record_texts


# ------------------------------------------------------------ 3. the "may attack" row
def test_attack_row_says_yes_with_targets_and_no_target_without(app, monkeypatch):
    """"可攻击: 是 (0)" read as a contradiction: the row says the unit still has its attack and how many
    enemies it can hit now, or that none is in range (zh and en)."""
    drawn = record_texts(monkeypatch)
    g, scene = hot_seat(app, [[0, "a1", 7], [1, "a4", 1], [1, "h8", 2]])
    click_cell(app, (0, 0))
    assert scene.ctl.selected == (0, 0)
    info = scene.ctl.unit_info()
    assert info["targets"] == 1
    assert hud.attack_value(info, True, False)[0] == "yes, 1 target in range"
    assert "yes, 1 target in range" in drawn  # on the side panel
    g, scene = hot_seat(app, [[0, "a1", 7], [1, "h8", 2]])  # no enemy in range now
    drawn.clear()
    click_cell(app, (0, 0))
    assert "yes, no target in range" in drawn and not any(s.startswith("yes (") for s in drawn)
    info = scene.ctl.unit_info()
    assert info["targets"] == 0 and info["can_attack"]
    assert hud.attack_value(info, True, False)[0] == "yes, no target in range"
    i18n.set_lang("zh")
    try:
        assert hud.attack_value(info, True, False)[0] == "是，但射程内暂无目标"
        assert hud.attack_value({**info, "targets": 2}, True, False)[0] == "是，射程内有2个目标"
    finally:
        i18n.set_lang("en")
    assert hud.attack_value({**info, "fresh": True}, True, False)[0].startswith("new camp")
    assert hud.attack_value({**info, "attacked": True}, True, False)[0] == "has attacked"


# ------------------------------------------------------------ 4. sound without a device
def test_sound_toggle_says_unavailable_and_why_without_a_device(app, monkeypatch):
    g, scene = hot_seat(app, [[0, "a1", 2], [1, "h8", 2]])

    def no_device(*a, **kw):
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    scene.sounds = audio.Sounds()
    assert not scene.sounds.available()
    key(app, pygame.K_m, mod=pygame.KMOD_CTRL)
    assert scene.ctl.status.startswith("sound unavailable: no audio device (ALSA: Couldn't open audio device")
    key(app, pygame.K_m, mod=pygame.KMOD_CTRL)  # never "sound on"
    assert "unavailable" in scene.ctl.status and "sound on" not in scene.ctl.status
    key(app, pygame.K_UP, mod=pygame.KMOD_CTRL)  # the volume keys say it too
    assert "unavailable" in scene.ctl.status
    scene.sounds = audio.Sounds(mixer=FakeMixer())  # with a device: on and off as before
    key(app, pygame.K_m, mod=pygame.KMOD_CTRL)
    assert scene.ctl.status == "sound off"
    key(app, pygame.K_m, mod=pygame.KMOD_CTRL)
    assert scene.ctl.status == "sound on"


# ------------------------------------------------------------ 6. the game-over box
@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_game_over_box_sits_in_the_free_part_of_the_window(tmp_path, monkeypatch, size):
    """The box and its buttons keep clear of the side panel (and the top bar and status line)."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    a = App(Options(renderer="flat", save_dir=tmp_path, ai_delay=0.0, edge_pan=False, lang="en", strict=True,
                    handover_delay=0.0, size=size))
    try:
        g, scene = hot_seat(a, [[0, "a1", 7], [1, "a4", 1]])
        click_cell(a, (0, 0))
        click_cell(a, (3, 0))  # the last enemy is wiped out: the game is over
        step(a, 2)
        assert g.is_over and isinstance(a.scene, GameOverScene)
        over = a.scene
        w, h = a.display.size
        assert (w, h) == size
        box = over.box
        assert scene.panel_rect.w > 0 and not box.colliderect(scene.panel_rect)
        assert box.top >= hud.TOP_H and box.bottom <= h - hud.STATUS_H and box.left >= 0
        rects = [b.rect for b in over.buttons]
        assert all(box.contains(r) for r in rects)
        assert not any(r.colliderect(q) for i, r in enumerate(rects) for q in rects[i + 1:])
    finally:
        pygame.display.quit()


# ------------------------------------------------------------ 5. the replay frames every army
def test_replay_frames_every_army(app):
    """A 64x64 game whose armies stand at opposite corners: the replay's camera (flat, and the 3D
    strategy camera's fit) shows every unit's cell between the caption bar and the foot line."""
    n = 64
    gm = GameMap(heights=np.zeros((n, n), dtype=np.int16), spawns=(((0, 0),), ((n - 1, n - 1),)))
    g = ShachangGame(gm, preset="large", mode="digital", players=2, setup={
        "units": [[0, "e5", 8], [0, "h4", 3], [1, "ax50", 6], [1, "bc60", 4]], "reserve": [0, 0], "current": 0})
    g.round_limit = g.round  # two passes end the game
    app.start_game(g, ["human", "human"])
    step(app)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # P1 ends its turn (it was asked first: units idle)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # P2's pass ends the game
    assert g.is_over and isinstance(app.scene, GameOverScene)
    app.scene.replay()
    step(app, 2)
    rp = app.scene
    assert isinstance(rp, ReplayScene)
    w, h = app.display.size
    cells = [(4, 4), (3, 7), (49, 49), (59, 54)]
    assert set(cells) <= set(rp.stacks)
    for cell in cells:
        x, y = rp.cam.to_screen(cell[1] + 0.5, cell[0] + 0.5)
        assert 0 <= x < w and BAR_H <= y < h - FOOT_H, (cell, x, y)
    assert rp.cam is not app.find(GameScene).cam  # the game's own view is left as it was
    rp.cam = StrategyCamera(n)  # the GL camera: every unit's ground and stack top in the picture
    rp.frame_armies()
    view, proj = rp.cam.matrices(w / h)

    for cell in cells:
        for y_top in (0.0, rp.stacks[cell] * Y_SCALE):
            p = project(view, proj, w, h, [(cell[1] + 0.5, y_top, cell[0] + 0.5)])[0]
            assert 0 <= p[0] < w and BAR_H <= p[1] < h - FOOT_H, (cell, p)


# ------------------------------------------------------------ 1. the tooltip's place
def test_tooltip_keeps_off_the_selection_and_the_cursors_targets(app):
    """With d4 selected and the mouse resting on d5 next to it, the tooltip covers neither the selected
    unit, nor the hovered cell, nor the enemy it may attack, nor a cell it may march to, nor the pointer."""
    g, scene = hot_seat(app, [[0, "d4", 7], [1, "d7", 2], [1, "h8", 1]])
    click_cell(app, (3, 3))
    assert scene.ctl.selected == (3, 3)
    pos = cell_px(app, (4, 3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 2)
    time.sleep(scene.TIP_DELAY + 0.05)
    step(app, 2)
    assert scene._tip["shown"] and scene.ctl.hover == (4, 3)
    r = scene._tip["rect"]
    ov = scene.ctl.overlays()
    assert (6, 3) in ov.targets and len(ov.reachable) > 8
    for cell in [(3, 3), (4, 3), *ov.targets, *ov.reachable]:
        assert not r.colliderect(scene.cell_box(cell)), cell
    assert not r.collidepoint(pos)
    w, h = app.display.size
    assert not r.colliderect(scene.panel_rect) and r.top >= hud.TOP_H and r.bottom <= h - hud.STATUS_H


# ------------------------------------------------------------ 8. the fog's game-ending pass
@pytest.mark.parametrize("p1_acts", [False, True])
def test_under_fog_the_pass_that_may_end_the_game_says_so(app, p1_acts):
    """P1 passes (or marches out of P2's sight first); at P2's Enter the question says that ending the
    turn ends the game if the other player also passed — the same words in both cases (the fog hides
    which); when P1 had passed, Yes ends the game (S18, void: nobody dealt damage)."""
    g, scene = hot_seat(app, [[0, "a1", 1], [1, "h8", 1]])
    if p1_acts:
        click_cell(app, (0, 0))
        click_cell(app, (1, 0))
        assert str(g.log[-1]) == "march a1 a2 1"
    key(app, pygame.K_RETURN)
    if isinstance(app.scene, ConfirmModal):  # P1's own question (units idle): yes
        assert "ends the game" not in app.scene.question()  # nobody else has passed yet
        key(app, pygame.K_RETURN)
    assert g.current_player == 1
    key(app, pygame.K_SPACE)  # the hand-over to P2
    assert app.scene is scene and scene.ctl.viewer == 1
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, ConfirmModal)
    q = app.scene.question()
    assert q.startswith("Ending the turn ends the game if every other player also passed its last turn "
                       "without acting (S18")
    assert "1 unit still to act this turn" in q and q.endswith("End the turn anyway?")
    key(app, pygame.K_RETURN)
    assert g.is_over != p1_acts
