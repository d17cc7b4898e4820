"""The arena command: level specs with a thinking budget, and parallel games giving the same results."""
from __future__ import annotations

import io

import pytest

from engine import arena


def test_level_with_budget():
    assert arena.parse_level("hard") == ("hard", None)
    assert arena.parse_level("hard@0.05") == ("hard", 0.05)
    for bad in ("hard@", "hard@x", "hard@0", "hard@-1"):
        with pytest.raises(SystemExit, match="LEVEL@SECONDS|positive"):
            arena.parse_level(bad)


@pytest.mark.parametrize("game_id", ["shachang", "anqi", "sanguo", "baige", "jiangshan", "xinhai"])
def test_an_unknown_level_gets_one_message_naming_every_level_in_every_game(game_id, capsys):
    """Each game's agents used to word it their own way, and none named "random", which the arena takes."""
    with pytest.raises(SystemExit) as e:
        arena.main([game_id, "--a", "super", "--games", "1"])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err == "python -m engine.arena: error: --a super: unknown level 'super'; levels: random, easy, normal, hard"


def test_every_level_the_arena_names_makes_an_agent_in_every_game():
    for game_id in ("shachang", "anqi", "sanguo", "baige", "jiangshan", "xinhai"):
        for level in arena.LEVELS:
            assert arena.make_agent(game_id, level, seed=1, seat=0) is not None


def test_budget_reaches_the_agent():
    a = arena.make_agent("shachang", "hard@0.05", seed=1, seat=0)
    assert a.budget == 0.05 and a.level == "hard"
    with pytest.raises(SystemExit, match="no thinking budget"):
        arena.make_agent("baige", "normal@0.5", seed=1, seat=0)
    with pytest.raises(SystemExit, match="random player takes no thinking budget"):
        arena.make_agent("baige", "random@0.5", seed=1, seat=0)


def test_jobs_do_not_change_results():
    runs = []
    for jobs in (1, 2):
        out = io.StringIO()
        res = arena.run("shachang", "easy", "random", 4, 2, {"preset": "standard"}, seed=5, out=out, jobs=jobs)
        runs.append((res, [ln for ln in out.getvalue().splitlines() if ln.startswith("game ")]))
    assert runs[0] == runs[1]
    assert runs[0][0]["games"] == 4
