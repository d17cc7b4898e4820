"""The game-over screen of 沙场秋点兵 (issue 12): ranking, statistics, the whole map revealed, and a replay
that steps through the game from any player's eyes or with everything shown."""
from __future__ import annotations

import pygame

from client.games.shachang.gameover import GameOverScene
from client.games.shachang.replay import ReplayScene
from tests.client_util import key, step
from tests.client_util import finished


def test_game_over_shows_statistics_and_the_whole_map(app):
    g, scene = finished(app)
    over = app.scene
    p1, p2 = over.stats
    assert (p1.marches, p1.shots, p1.killed) == (1, 1, 1) and p2.lost == 1
    # the fog is lifted: every cell is lit and known, for the player on screen
    obs = scene.ctl.obs
    assert obs.visible.all() and obs.explored.all() and (obs.heights >= 0).all()
    step(app)  # it draws (statistics table included)


def test_replay_steps_views_and_returns(app):
    g, scene = finished(app)
    app.scene.replay()
    rep = app.scene
    assert isinstance(rep, ReplayScene) and rep.index == 0 and rep.viewer == -1
    n = len(g.log)
    key(app, pygame.K_RIGHT)
    assert rep.index == 1 and [str(a) for a in rep.game.log] == [str(g.log[0])]
    assert "march" in rep.caption().lower() or "行军" in rep.caption()
    key(app, pygame.K_END)
    assert rep.index == n and rep.game.is_over
    key(app, pygame.K_LEFT)
    assert rep.index == n - 1 and not rep.game.is_over
    # everything shown: both players' units; P2's own eyes: P2's view of that moment only
    assert len(rep.ctl.obs.units) == 3
    key(app, pygame.K_v)  # P1
    key(app, pygame.K_v)  # P2
    assert rep.viewer == 1
    assert rep.ctl.obs.player == 1 and not rep.ctl.obs.visible.all()
    key(app, pygame.K_HOME)
    assert rep.index == 0
    key(app, pygame.K_SPACE)
    assert rep.playing and rep.animating()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, GameOverScene)
