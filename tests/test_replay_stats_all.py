"""Replay viewer and game-over statistics for every game (issue 23): each game played to its end through
the real app, the game-over box's statistics, the replay stepping to game.replay(n) and back, and the
seat views keeping face-down pieces hidden while "everything" (a finished game only) shows them."""
from __future__ import annotations


import pygame
import pytest

from client.games.shachang.gameover import GameOverScene
from client.scenes.replay import EVERYTHING, BoardReplayScene
from client.scenes.stats import StatsModal
from tests.boards_util import OPEN, click_at, make_app
from tests.client_util import finished
from tests.client_util import key
from tests.replay_util import finish_in_app, random_game
from tests.text_util import record_texts


@pytest.fixture
def cleanup():
    yield
    while OPEN:
        OPEN.pop().close()
    pygame.display.quit()


def per_seat(seats, n):
    return tuple(seats.count(s) for s in range(n))


def rows(box):
    return {r.label.key: r.values for r in box.table}


def open_replay(app, sc):
    box = sc.modal
    click_at(app, box.buttons[0].rect.center)  # Replay
    rep = app.app.scene
    assert isinstance(rep, BoardReplayScene) and rep.index == 0
    return rep


def press(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(0.016)


def check_stepping(app, rep, final):
    n = len(final.log)
    press(app, pygame.K_RIGHT)
    assert rep.index == 1 and rep.game.to_json() == final.replay(1).to_json()
    press(app, pygame.K_END)
    assert rep.index == n and rep.game.is_over and rep.game.to_json() == final.to_json()
    press(app, pygame.K_LEFT)
    assert rep.index == n - 1 and rep.game.to_json() == final.replay(n - 1).to_json()
    press(app, pygame.K_HOME)
    assert rep.index == 0 and rep.game.to_json() == final.replay(0).to_json()


def test_baige_statistics_replay_and_back(cleanup):
    # random moves until the first capture, then the side to move resigns: one piece taken, exactly
    g, seats = random_game("baige", 5, stop=lambda g: bool(g.log) and g.events(0)[-1].msg.key == "baige.capture")
    capturer = seats[-1]
    seats.append(g.current_player)
    g.apply(g.parse_action("resign"))
    app, sc = finish_in_app(g, seats)
    r = rows(sc.modal)
    assert list(r) == ["stats.moves", "stats.captured", "stats.lost"]  # 百格 counts moves
    assert r["stats.moves"] == per_seat(seats[:-1], 2)  # the resignation is not a move
    assert r["stats.captured"] == tuple(1 if s == capturer else 0 for s in range(2))
    assert r["stats.lost"] == tuple(0 if s == capturer else 1 for s in range(2))
    # the statistics box over the game-over box, and back
    click_at(app, sc.modal.buttons[1].rect.center)
    assert isinstance(app.app.scene, StatsModal) and app.app.scene.rows == sc.modal.table
    press(app, pygame.K_ESCAPE)
    assert app.app.scene is sc.modal
    rep = open_replay(app, sc)
    assert rep.viewer == EVERYTHING
    check_stepping(app, rep, sc.game)
    press(app, pygame.K_v)
    assert rep.viewer == 0
    press(app, pygame.K_v)
    press(app, pygame.K_v)
    assert rep.viewer == EVERYTHING  # seats, then everything
    press(app, pygame.K_ESCAPE)
    assert app.app.scene is sc.modal  # back to the game-over box


@pytest.mark.parametrize("game_id,opts,only_taken", [("anqi", {"deal_seed": 3}, True),
                                                     ("sanguo", {"variant": "jieqi", "deal_seed": 3}, False)])
def test_face_down_pieces_hidden_from_seats_shown_to_everything(cleanup, game_id, opts, only_taken):
    g, seats = random_game(game_id, 7, **opts)
    app, sc = finish_in_app(g, seats)
    r = rows(sc.modal)
    assert r["stats.moves"] == per_seat(seats, g.num_players)  # a board game: moves (a flip is one)
    start, end = g.replay(0).observe_all()["board"], g.observe_all()["board"]
    gone = sum(1 for v in start.values() if v) - sum(1 for v in end.values() if v)
    if only_taken:  # 暗棋: a piece leaves the board only when taken (neutral ones too)
        assert sum(r["stats.captured"]) == gone > 0
    else:  # 三国演弈: the rules also remove pieces (not counted as taken)
        assert 0 < sum(r["stats.captured"]) <= gone
    assert 0 < sum(r["stats.lost"]) <= gone  # the seats' own pieces among them
    rep = open_replay(app, sc)
    check_stepping(app, rep, sc.game)
    press(app, pygame.K_RIGHT)  # the caption names the seat that played the action, once
    assert rep.caption().split(" — ", 1)[1].startswith(rep.seat_label(rep.actors[0]))
    press(app, pygame.K_HOME)
    everything = {p.cell: p for p in rep.board_view().pieces}
    assert not any(p.face_down for p in everything.values())
    press(app, pygame.K_v)
    assert rep.viewer == 0
    seat = {p.cell: p for p in rep.board_view().pieces}
    hidden = [c for c, p in seat.items() if p.face_down]
    assert len(hidden) >= 20  # the opening: face-down pieces everywhere, seen by seat 0 only as backs
    assert all(not everything[c].face_down and everything[c].glyph for c in hidden)  # shown face up
    app.step(0.016)  # it draws


@pytest.mark.parametrize("game_id", ["xinhai", "jiangshan"])
def test_statistics_and_replay_of_the_war_games(cleanup, game_id):
    g, seats = random_game(game_id, 5)
    app, sc = finish_in_app(g, seats)
    r = rows(sc.modal)
    assert r["stats.actions"] == per_seat(seats, g.num_players)
    rep = open_replay(app, sc)
    check_stepping(app, rep, sc.game)
    press(app, pygame.K_v)
    assert rep.observation() == rep.game.observe(rep.viewer)  # a seat's view is its observation
    app.step(0.016)


def test_replay_refuses_an_unfinished_game(cleanup):
    g, _ = random_game("baige", 1, stop=lambda g: len(g.log) == 4)
    app = make_app("dummy", "baige", ["human", "human"], "flat", game=g)
    with pytest.raises(ValueError):
        BoardReplayScene(app.app, g, app.scene.plugin)


def test_shachang_statistics_have_the_generic_rows(app):  # noqa: F811
    g, scene = finished(app)
    over = app.scene
    assert isinstance(over, GameOverScene)
    r = {row.label.key if hasattr(row.label, "key") else row.words(): row.values for row in over.table}
    assert r["stats.actions"] == (2, 0)  # P1 marched and shot; P2 never moved
    over.show_stats()
    assert isinstance(app.scene, StatsModal)
    key(app, pygame.K_ESCAPE)
    assert app.scene is over


def test_the_first_row_names_what_each_game_counts():
    """The board games count moves (着数 / moves played), the war games actions (行动数 / actions played): data on
    each game's class, read by engine.stats (issue 26: the row said "actions played" for 百格's moves)."""
    from client import i18n
    from engine import registry
    from engine.stats import game_stats

    words = {}
    for gid in ("baige", "anqi", "sanguo", "shachang", "xinhai", "jiangshan"):
        g = registry.get(gid).new_game(**registry.get(gid).options) if gid != "shachang" else \
            registry.get(gid).new_game(preset="standard", mode="digital", players=2, seed=1)
        words[gid] = (i18n.tr(g.count_word, "zh"), i18n.tr(g.count_word, "en"))
    assert {gid for gid, w in words.items() if w == ("着数", "moves played")} == {"baige", "anqi", "sanguo"}
    assert {gid for gid, w in words.items() if w == ("行动数", "actions played")} == {"shachang", "xinhai", "jiangshan"}
    g = registry.get("baige").new_game()
    g.apply("resign")
    assert game_stats(g)[0].msg.key == "stats.moves"


@pytest.mark.parametrize("game_id,opts", [("anqi", {"deal_seed": 3}), ("sanguo", {"variant": "jieqi", "deal_seed": 3})])
def test_a_three_player_game_over_box_gives_every_seats_place(cleanup, monkeypatch, game_id, opts):
    """Issue 26: the game-over box of a 3-player game named only the winner; its table now starts with each seat's
    place as the engine ranks them (engine.stats.places), drawn in the box."""
    g, seats = random_game(game_id, 7, **opts)
    app, sc = finish_in_app(g, seats)
    table = sc.modal.table
    assert table[0].label.key == "stats.place"
    want = [0] * g.num_players
    for p in g.ranking():
        want[p.player] = p.place
    assert table[0].values == tuple(want) and sorted(want)[0] == 1
    drawn = record_texts(monkeypatch)
    sc.modal.draw_on(pygame.display.get_surface())
    assert "place" in drawn and [str(v) for v in want] == drawn[drawn.index("place") + 1:drawn.index("place") + 4]
