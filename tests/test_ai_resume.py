"""A resumed game's computer players play the moves the unbroken game would have (engine.resume, docs/ai.md):
for every game and level, computers playing each other through the client's driver (client.ai_driver: jobs in
the background, the worker process, ``accept``) for N actions straight, and the same game saved after k
actions through the client's save (client.savefile, with the computers' seed, ``ai_seed``), read back, and
played on by a new driver made as the scenes make it, play the same actions. The hidden-deal games (暗棋,
揭棋) and 沙场秋点兵 under fog draw their computers' seed fresh (G1): the save keeps it. 沙场秋点兵's save falls
in the middle of a computer's turn, whose plan is thought again."""
from __future__ import annotations

import copy
import json
import pickle
import time

import pygame
import pytest

from client import ai_driver, ai_process
from client.ai_driver import AIDriver
from client.app import App
from client.options import Options
from client.savefile import read_save, write_save
from engine import registry
from engine.arena import make_agent
from engine.resume import catch_up
from tests.cases_util import _case
from tests.client_util import kept_client_state
from tests.golden import options_for

LEVELS = ("random", "easy", "normal", "hard")
FRESH = 777  # the fresh seed of a hidden-deal game's computers in this test
# game case: (actions straight N, save after at least k, the driver's hidden_deal as the scene sets it)
CASES = {"baige": (16, 7, False), "anqi": (30, 14, True), "sanguo": (30, 14, True),
         "sanguo:variant=jieqi": (30, 14, True), "xinhai": (30, 14, True), "jiangshan": (30, 14, True),
         "shachang": (48, 21, True), "shachang:preset=star": (40, 17, True)}


@pytest.fixture(scope="module")
def worker():
    assert ai_process.start() is not None, "the worker process did not come up"
    yield
    ai_process.shutdown()


def new_game(case: str):
    gid, extra = _case(case)
    return gid, registry.get(gid).new_game(**{**options_for(gid, 4), **extra})


def play(driver: AIDriver, game, upto: int, out: list, mid_turn: bool = False) -> None:
    """Computer moves through ``driver`` as the scenes play them, until ``game`` has ``upto`` actions (with
    ``mid_turn``, on until the seat to move is the one that moved last: the middle of its turn)."""
    while not game.is_over and (len(game.log) < upto or (mid_turn and not _mid_turn(game, out))):
        seat = game.current_player
        job = driver.start(game, seat, len(game.log))
        job.join(300)
        assert job.done and job.error is None, job.error
        assert job.catch_up_error is None, job.catch_up_error
        driver.accept(job)
        game.apply(job.result)
        out.append((seat, str(job.result)))


def _mid_turn(game, out) -> bool:
    return bool(out) and out[-1][0] == game.current_player and out[-1][1] != "end"


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("case", list(CASES))
def test_a_resumed_game_plays_on_as_the_unbroken_game(case, level, worker, tmp_path, monkeypatch):
    n, k, hidden = CASES[case]
    gid, g = new_game(case)
    seats = [level] * g.num_players
    # the hidden-deal drivers' fresh seed (G1), fixed here so that the test replays; the resumed driver would
    # draw another one: it must take the save's
    fresh = iter((FRESH, FRESH + 1))
    monkeypatch.setattr(ai_driver, "fresh_seed", lambda: next(fresh))
    first = AIDriver(gid, list(seats), seed=4, hidden_deal=hidden)
    straight: list = []
    play(first, g, k, straight, mid_turn=gid == "shachang")
    saved = len(straight)
    assert not g.is_over, f"{case}: the game ended before the save"
    path = write_save(tmp_path / "save.json", g, seats, 0, first.base)  # what the scenes write (PlayScene)
    play(first, g, n, straight)
    assert len(straight) > saved + 5, f"{case}: too few actions after the save"

    loaded = read_save(path)
    assert loaded.ai_seed == first.base and len(loaded.game.log) == saved
    again = AIDriver(gid, list(loaded.seats), seed=4, hidden_deal=hidden, base=loaded.ai_seed)
    resumed = list(straight[:saved])
    play(again, loaded.game, n, resumed)
    assert resumed == straight, f"{case} {level}: after the save at action {saved}, action " \
        f"{next(i for i, (a, b) in enumerate(zip(resumed, straight)) if a != b)} differs"


def test_a_turn_in_progress_is_thought_again_and_what_was_seen_is_remembered():
    """沙场秋点兵 under fog, hard: the save falls in the middle of a seat's turn; the agent handed the past
    remembers the ended turns' observations (its memory of enemies equals the unbroken agent's) and thinks
    the turn in progress again, coming to the moves that were played."""

    gid, g = new_game("shachang")
    assert g.mode == "digital"  # fog (S10)
    agents = [make_agent(gid, "hard", 11 + s, s) for s in range(g.num_players)]
    log: list = []
    while len(log) < 30 or not _mid_turn(g, log):
        s = g.current_player
        a = agents[s].act(g.observe(s), g.legal_actions())
        g.apply(a)
        log.append((s, str(a)))
    twins = {s: make_agent(gid, "hard", 11 + s, s) for s in range(g.num_players)}
    done = catch_up(twins, g.to_json())
    seat = g.current_player
    assert done[seat]["rethought"] >= 1 and done[seat]["differing"] == 0
    assert sum(d["remembered"] for d in done.values()) + done[seat]["rethought"] == len(log)
    for s in twins:
        assert twins[s].memory.enemies == agents[s].memory.enemies
        assert twins[s].decisions == agents[s].decisions and twins[s].turn == agents[s].turn
    assert twins[seat].plan == agents[seat].plan, "the turn's plan was not made again"


def test_an_agent_learns_only_from_its_seat_s_observations():
    """What catch_up hands an agent is its own seat's observation at its own decisions, never the true state."""
    gid, g = new_game("sanguo:variant=jieqi")
    while len(g.log) < 12:
        g.apply(g.legal_actions()[0])
    seen = []

    class Spy:
        def remember(self, obs, legal, action):
            seen.append((copy.deepcopy(obs), [str(a) for a in legal], str(action)))

    catch_up({1: Spy()}, g.to_json())
    _, replay = new_game("sanguo:variant=jieqi")
    want = []
    for a in g.log:
        if replay.current_player == 1:
            want.append((copy.deepcopy(replay.observe(1)), [str(x) for x in replay.legal_actions()],
                         str(replay.parse_action(str(a)))))  # the action as the seat chose it (no reveal)
        replay.apply(a)
    assert len(seen) == 4 and seen == want


@pytest.mark.parametrize("bad", ['"7"', "-1", str(1 << 63), "true", "1.5", "null", "[1]"])
def test_a_save_with_a_bad_ai_seed_is_refused_with_a_message(bad, tmp_path):
    gid, g = new_game("baige")
    p = write_save(tmp_path / "s.json", g, ["human", "hard"], 0, 5)
    data = json.loads(p.read_text())
    assert data["ai_seed"] == 5
    p.write_text(p.read_text().replace('"ai_seed": 5', f'"ai_seed": {bad}'))
    with pytest.raises(ValueError, match="ai_seed must be a whole number"):
        read_save(p)


def test_an_older_save_without_the_seed_still_loads(tmp_path):
    gid, g = new_game("anqi")
    p = write_save(tmp_path / "s.json", g, ["human", "hard", "hard"], 0)
    assert "ai_seed" not in json.loads(p.read_text())
    assert read_save(p).ai_seed is None


@pytest.mark.parametrize("case", ("shachang", "anqi"))
def test_the_app_loads_a_save_and_its_computers_play_on_as_before(case, worker, tmp_path, monkeypatch):
    """The real client: App.load_path opens the save in the game's scene, whose driver takes the save's seed,
    and the computers' moves, played by the scene's loop, are the unbroken game's; its autosave keeps the
    seed for the next resume."""
    n, k, hidden = CASES[case]
    gid, g = new_game(case)
    seats = ["hard"] * g.num_players
    monkeypatch.setattr(ai_driver, "fresh_seed", lambda: FRESH)  # the first game's computers' seed (G1)
    first = AIDriver(gid, list(seats), seed=4, hidden_deal=hidden)
    straight: list = []
    play(first, g, k, straight, mid_turn=gid == "shachang")
    saved = len(straight)
    path = write_save(tmp_path / "save.json", g, seats, 0, first.base)
    play(first, g, n, straight)

    with kept_client_state("offscreen"):
        try:
            app = App(Options(renderer="flat", save_dir=tmp_path / "saves", ai_delay=0.0, lang="en", size=(1280, 720),
                              strict=True, handover_delay=0.0))
            app.start_title()
            assert app.load_path(path) is None
            scene = app.scenes[-1]
            assert scene.ai.base == first.base, "the scene's computers did not get the save's seed"
            deadline = time.monotonic() + 300
            while len(scene.game.log) < len(straight) and not scene.game.is_over and time.monotonic() < deadline:
                app.step(0.05)
                time.sleep(0.002)
            game = scene.game
            assert [str(a) for a in game.log] == [str(a) for a in g.log][:len(game.log)]
            assert len(game.log) == len(straight), "the scene stopped playing"
            auto = read_save(scene.autosave_path())
            assert auto.ai_seed == first.base and len(auto.game.log) > saved
        finally:
            pygame.display.quit()


@pytest.mark.parametrize("case", ("shachang", "shachang:preset=star", "shachang:items=true,item_seed=5"))
def test_an_observation_does_not_change_with_the_game(case):
    """engine.resume keeps 沙场秋点兵's observations of a turn in progress uncopied while the replay goes on."""


    gid, g = new_game(case)
    agents = [make_agent(gid, "normal", 3 + s, s) for s in range(g.num_players)]
    kept = []
    while len(g.log) < 60 and not g.is_over:
        s = g.current_player
        obs = g.observe(s)
        kept.append((obs, pickle.dumps(obs)))
        g.apply(agents[s].act(obs, g.legal_actions()))
    assert len(kept) > 20 and all(pickle.dumps(obs) == was for obs, was in kept)


def test_a_game_that_cannot_be_saved_still_gets_its_computer_move(worker, monkeypatch):
    """The catch-up needs the game's save text; a position that cannot give one (built by a tool) is played on
    from where it stands, never a crash in the window's thread."""
    gid, g = new_game("baige")
    g.apply(g.legal_actions()[0])
    monkeypatch.setattr(type(g), "to_json", lambda self: (_ for _ in ()).throw(ValueError("no save here")))
    driver = AIDriver(gid, ["human", "easy"], seed=4)
    job = driver.start(g, g.current_player, 0)
    job.join(60)
    assert job.done and job.error is None and job.result in g.legal_actions() and job.history is None
