"""Command lines and the files they read (issue 18): every bad argument, save or scenario gives one
line and a non-zero exit, never a traceback; FIFOs, devices and oversized files are refused before
they are read."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.api import SaveError

ROOT = Path(__file__).resolve().parents[1]


def one_line_exit(fn, argv, capsys) -> str:
    """Run a main(argv) that must stop with a non-zero exit and one line of error; return the line."""
    try:
        rc = fn(argv)
    except SystemExit as e:
        rc = e.code
        if isinstance(rc, str):  # SystemExit("message"): Python prints it and exits 1
            print(rc, file=sys.stderr)
            rc = 1
    out = capsys.readouterr()
    assert rc not in (0, None), f"{argv}: exit {rc!r}"
    lines = [ln for ln in out.err.splitlines() if ln.strip()]
    assert len(lines) == 1, f"{argv}: expected one line, got {out.err!r}"
    assert "Traceback" not in out.err
    return lines[0]


# ------------------------------------------------------------------ python -m client
@pytest.mark.parametrize("argv, words", [
    (["--players", "9"], "not 9"),
    (["--players", "-3"], "not -3"),
    (["--players", "0"], "not 0"),
    (["--seats", ",".join(["human"] * 9)], "not 9"),
    (["--preset", "huge", "--seats", ",".join(["hard"] * 9)], "not 9"),
    (["--preset", "medium", "--players", "2", "--seats", "human,hard,hard"], "3 seats for a game of 2"),
    (["--seed", "-1"], "--seed -1"),
    (["--game", "chess"], "unknown game 'chess'"),
    (["--bench", "-5"], "--bench: -5 is outside 1..100000"),
    (["--seats", "human,wizard"], "'wizard'"),
    (["--seats", "human,,hard"], "no empty seats"),
    (["--size", "10x10"], "160..16384"),
    (["--bench", "0"], "--bench: 0 is outside 1..100000"),  # not the game's window instead
    (["--size", "wide"], "WxH"),
    (["--ai-delay", "nan"], "--ai-delay"),
    (["--preset", "nope"], "invalid choice 'nope' for shachang's preset; choose from standard"),
    (["--game", "baige", "--players", "3"], "fixed number of players"),
    (["--game", "anqi", "--players", "2"], "not 2"),
    (["--mode", "x"], "invalid choice"),
    (["--players", "x"], "invalid int"),
])
def test_client_bad_arguments_exit_with_one_line(argv, words, capsys):
    from client.__main__ import main

    line = one_line_exit(main, argv, capsys)
    assert words in line


def test_client_file_flags_are_checked_before_the_window_opens(tmp_path, capsys):
    from client.__main__ import main

    a_file = tmp_path / "f.json"
    a_file.write_text("{}")
    assert "--load: /dev/zero: not a regular file" in one_line_exit(main, ["--load", "/dev/zero"], capsys)
    assert "No such file" in one_line_exit(main, ["--load", str(tmp_path / "none.json")], capsys)
    assert "is not a folder" in one_line_exit(main, ["--save-dir", str(a_file)], capsys)
    assert "is a folder" in one_line_exit(main, ["--autosave", str(tmp_path)], capsys)


@pytest.mark.parametrize("extra,flag", [(["--game", "baige"], "--game"), (["--preset", "huge"], "--preset huge"),
                                        (["--seats", "human,human,human"], "--seats"), (["--seed", "3"], "--seed"),
                                        (["--opt", "variant=jieqi"], "--opt variant=jieqi")])
def test_a_save_is_opened_without_flags_that_set_up_another_game(tmp_path, extra, flag):
    """--load opens the save's own game and seats: a flag that sets up a game was silently left unused (``--game
    baige --load a 三国演弈 save`` opened 三国演弈)."""
    from client.__main__ import options_from, parse_args
    from client.savefile import write_save
    from engine import registry

    save = tmp_path / "sg.json"
    write_save(save, registry.get("sanguo").new_game(seed=3), ["human", "easy", "easy"], 0)
    with pytest.raises(SystemExit) as e:  # (checked before any window opens)
        options_from(parse_args(["--load", str(save), *extra]))
    assert e.value.code == (f"python -m client: error: {flag}: not with --load (the save holds its game, its set-up "
                            f"and its seats)")
    o = options_from(parse_args(["--load", str(save), "--lang", "en", "--size", "800x600"]))  # how it looks: yes
    assert o.load == save and o.lang == "en" and o.size == (800, 600)


def test_client_good_arguments_give_checked_options():
    from client.__main__ import options_from, parse_args

    o = options_from(parse_args(["--preset", "64", "--seats", "human,hard,easy", "--seed", "7"]))
    assert (o.preset, o.players, o.seats, o.seed, o.quick_start) == ("large", 3, ["human", "hard", "easy"], 7, True)
    o = options_from(parse_args(["--game", "anqi", "--seats", "human,hard"]))
    assert o.game_id == "anqi" and o.seats == ["human", "hard"]


def test_client_map_png_too_large_is_one_line(tmp_path, capsys):
    from client.__main__ import main
    from tests.png_util import _png_header

    p = tmp_path / "huge.png"
    p.write_bytes(_png_header(20000, 20000))
    line = one_line_exit(main, ["--preset", "huge", "--map", str(p)], capsys)
    assert "20000x20000" in line


# ------------------------------------------------------------------ python -m client.boards
@pytest.mark.parametrize("argv, words", [
    (["--seats", "human,wizard"], "'wizard'"),
    (["--seats", "human"], "1 seats for baige"),
    (["--game", "anqi", "--seats", "human,hard"], "2 seats for anqi"),
    (["--seed", "-1"], "--seed -1"),
    (["--frames", "-1"], "--frames -1"),
    (["--size", "9x9"], "160..16384"),
    (["--renderer", "vulkan"], "invalid choice"),
])
def test_boards_bad_arguments_exit_with_one_line(argv, words, capsys):
    from client.boards.__main__ import main

    assert words in one_line_exit(main, argv, capsys)


def test_boards_screenshot_into_a_directory_is_refused(tmp_path, capsys):
    from client.boards.__main__ import main

    assert "is a directory" in one_line_exit(main, ["--screenshot", str(tmp_path)], capsys)


# ------------------------------------------------------------------ python -m client.shot
def short_save(tmp_path, moves=10, seed=3) -> tuple[Path, object]:
    from engine.shachang import new_game

    g = new_game("standard", seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        g.apply(rng.choice(g.legal_actions()))
    p = tmp_path / "game.json"
    p.write_text(g.to_json(), encoding="utf-8")
    return p, g


@pytest.mark.parametrize("extra, words", [
    (["--move", "-3"], "--move -3"),
    (["--move", "40"], "cannot replay to action 40"),
    (["--samples", "-1"], "--samples -1"),
])
def test_shot_bad_numbers_exit_with_one_line(tmp_path, extra, words, capsys):
    from client.shot import main

    save, _ = short_save(tmp_path)
    line = one_line_exit(main, ["--from-save", str(save), "-o", str(tmp_path / "x.png")] + extra, capsys)
    assert words in line


def test_shot_output_that_cannot_take_a_png_is_refused_before_rendering(tmp_path, capsys):
    from client.shot import main

    save, _ = short_save(tmp_path)
    assert "is a directory" in one_line_exit(main, ["--from-save", str(save), "-o", str(tmp_path)], capsys)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert "not a directory" in one_line_exit(main, ["--from-save", str(save), "-o", str(blocker / "x.png")],
                                              capsys)


@pytest.mark.parametrize("special", ["/dev/zero", "fifo", "dir", "missing"])
def test_shot_from_save_refuses_special_files_at_once(tmp_path, special, capsys):
    from client.shot import main

    path = {"/dev/zero": Path("/dev/zero"), "dir": tmp_path, "missing": tmp_path / "nope.json",
            "fifo": tmp_path / "f.json"}[special]
    if special == "fifo":
        os.mkfifo(path)  # opening it would wait for a writer forever
    line = one_line_exit(main, ["--from-save", str(path), "-o", str(tmp_path / "x.png")], capsys)
    assert str(path) in line


def test_from_save_reads_the_clients_autosave_and_replays_to_a_move(tmp_path):
    from client.savefile import write_save
    from client.games.shachang.scenario import scenario_from_save

    _, g = short_save(tmp_path)
    auto = write_save(tmp_path / "autosave.json", g, ["human", "hard"], 1)
    sc = scenario_from_save(auto, 4)
    assert [str(a) for a in sc.game.log] == [str(a) for a in g.log[:4]]
    assert scenario_from_save(auto, None).game.to_json() == g.to_json()


def test_from_save_of_another_game_is_one_line(tmp_path):
    from client.savefile import write_save
    from client.games.shachang.scenario import ScenarioError, scenario_from_save
    from engine import registry

    b = registry.get("baige").new_game()
    p = write_save(tmp_path / "b.json", b, ["human", "hard"], 0)
    with pytest.raises(ScenarioError, match="not a 沙场秋点兵 save"):
        scenario_from_save(p, None)


def test_mutated_saves_through_from_save_give_scenario_errors_only(tmp_path):
    """The reproducer-file case of issue 18: mutated saves, read by --from-save, never escape as another
    exception (the shot CLI prints ScenarioError/ValueError in one line)."""
    from client.games.shachang.scenario import ScenarioError, scenario_from_save
    from tests.fuzz_util import mutations

    save, _ = short_save(tmp_path)
    rng = random.Random(18)
    bad = []
    for i, (name, blob) in enumerate(mutations(save.read_text(), ["shachang", "baige", "anqi"], rng)[::3]):
        p = tmp_path / f"m{i}.json"
        p.write_bytes(blob if isinstance(blob, bytes) else blob.encode("utf-8", "surrogatepass"))
        try:
            scenario_from_save(p, None)
        except ScenarioError:
            pass
        except Exception as e:  # noqa: BLE001 — the finding
            bad.append(f"{name}: {type(e).__name__}: {e}"[:200])
    assert not bad, "\n".join(bad)


def test_shot_cli_process_prints_no_traceback(tmp_path):
    """End to end through a real process: one line on stderr, exit 2."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "shachang", "version": 1, "options": {"round_limit": Infinity}}')
    r = subprocess.run([sys.executable, "-m", "client.shot", "--from-save", str(bad), "-o",
                        str(tmp_path / "x.png")], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.strip().count("\n") == 0 and "Infinity" in r.stderr


# ------------------------------------------------------------------ scenario files
GOOD = """
title = "t"
[map]
heights = '''
00000000
00000000
00000000
00000000
00000000
00000000
00000000
00000000'''
[position]
units = [[0, "c3", 3], [1, "f6", 2]]
reserve = [8, 8]
"""


def scenario(text: str):
    from client.games.shachang.scenario import load_scenario

    return load_scenario("t.toml", text=text)


def test_the_good_scenario_loads():
    sc = scenario(GOOD)
    assert sc.game.units[(2, 2)].count == 3


@pytest.mark.parametrize("change, words", [
    (('reserve = [8, 8]', 'reserve = [8, 8]\nround = inf'), "round"),
    (('reserve = [8, 8]', 'reserve = [8, 8]\nround = 65'), "round is 65, it must be 1..64"),
    (('reserve = [8, 8]', 'reserve = [8, 8]\ncurrent = 2'), "current is 2, it must be 0..1"),
    (('reserve = [8, 8]', 'reserve = [8, 8]\nhits = -1'), "hits is -1"),
    (('reserve = [8, 8]', 'reserve = [9999, 8]'), "reserve must list 2 integers 0..16"),
    (('[1, "f6", 2]', '[1, "f6", 2, "moves=99"]'), "move power must be 0..3"),
    (('[1, "f6", 2]', '[1, "f6", 99]'), "count must be 1..8"),
    (('[1, "f6", 2]', '[1, "z99", 2]'), "off the 8x8 board"),
    (('[1, "f6", 2]', '[7, "f6", 2]'), "owner must be a player 0..1"),
    (('title = "t"', 'title = "t"\nplayers = 99'), "2..8 players"),
    (('title = "t"', 'title = "t"\n[view]\ndistance = inf'), "distance"),
    (('title = "t"', 'title = "t"\n[view]\nfov = nan'), "fov"),
    (('title = "t"', 'title = "t"\n[view]\ndistance = [1]'), "expected int/float"),
    (('title = "t"', 'title = "t"\n[overlays]\nlabels = 5'), "labels"),
    (('title = "t"', 'title = "t"\n[overlays]\nvision_count = 100000'), "vision_count"),
])
def test_scenario_values_are_checked_by_meaning(change, words):
    from client.games.shachang.scenario import ScenarioError

    with pytest.raises(ScenarioError, match=words):
        scenario(GOOD.replace(*change, 1))


def test_scenario_heights_are_checked_before_the_int16_cast():
    from client.games.shachang.scenario import ScenarioError

    rows = ["0 0 0 0 0 0 0 0"] * 8
    for value, words in (("65537", "height 65537 at c3 exceeds 32767"), ("40000", "height 40000 at c3 exceeds"),
                         ("9" * 40, "of 40 digits at c3 exceeds")):
        r = list(rows)
        r[2] = f"0 0 {value} 0 0 0 0 0"
        text = GOOD.split("[map]")[0] + "[map]\nheights = '''\n" + "\n".join(r) + "'''\n"
        with pytest.raises(ScenarioError, match=words):
            scenario(text)


def test_scenario_with_a_5000_digit_integer_is_a_scenario_error():
    from client.games.shachang.scenario import ScenarioError

    with pytest.raises(ScenarioError, match="integer"):
        scenario(GOOD.replace('title = "t"', "players = " + "9" * 5000, 1))
    with pytest.raises(ScenarioError, match="2..8 players"):
        scenario(GOOD.replace('title = "t"', "players = " + "9" * 40, 1))


def test_deeply_nested_scenario_is_refused_in_words():
    from client.games.shachang.scenario import ScenarioError

    for depth in (20, 5000):
        with pytest.raises(ScenarioError, match="nest"):
            scenario(GOOD + "\n[overlays]\nlabels = " + "[" * depth + "]" * depth + "\n")


def test_scenario_files_that_are_not_regular_or_too_big_are_refused(tmp_path):
    from client.games.shachang.scenario import MAX_SCENARIO_BYTES, ScenarioError, load_scenario

    fifo = tmp_path / "s.toml"
    os.mkfifo(fifo)
    for p in (fifo, Path("/dev/zero"), tmp_path):
        with pytest.raises(ScenarioError, match="not a"):
            load_scenario(p)
    big = tmp_path / "big.toml"
    with open(big, "wb") as f:
        f.truncate(MAX_SCENARIO_BYTES + 1)
    with pytest.raises(ScenarioError, match="size limit"):
        load_scenario(big)


# ------------------------------------------------------------------ the client's save reader
def test_client_save_reader_refuses_special_and_oversized_files(tmp_path):
    from client.savefile import MAX_CLIENT_SAVE_BYTES, read_save

    fifo = tmp_path / "autosave.json"
    os.mkfifo(fifo)
    for p in (fifo, Path("/dev/zero"), tmp_path):
        with pytest.raises(SaveError, match="not a"):
            read_save(p)
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(MAX_CLIENT_SAVE_BYTES + 1)
    with pytest.raises(SaveError, match="size limit"):
        read_save(big)


def test_client_save_is_parsed_once(tmp_path, monkeypatch):
    """The client's save is parsed once and the engine save inside it once (not three times)."""
    from client.savefile import read_save, write_save

    _, g = short_save(tmp_path)
    p = write_save(tmp_path / "autosave.json", g, ["human", "hard"], 0)
    bare = tmp_path / "bare.json"
    bare.write_text(g.to_json(), encoding="utf-8")
    calls = []
    real = json.loads
    monkeypatch.setattr(json, "loads", lambda s, *a, **k: calls.append(len(s)) or real(s, *a, **k))
    g2, seats, viewer, _ = read_save(p)
    assert g2.to_json() == g.to_json() and seats == ["human", "hard"]
    assert len(calls) == 2, calls  # the wrapper, then the engine save inside it
    calls.clear()
    read_save(bare)
    assert len(calls) == 1, calls


def _scenario_mutations(text: str, rng: random.Random):
    lines = text.splitlines()
    values = ["inf", "nan", "-1", "0", "99999", "9" * 40, '"zz99"', '""', "[]", "[[1]]", "{}", "true", "1.5",
              '"none"', '"c3"', "[" * 30 + "]" * 30]
    out = []
    for _ in range(40):  # a value replaced
        i = rng.randrange(len(lines))
        if "=" in lines[i] and not lines[i].lstrip().startswith("#"):
            k = lines[i].split("=", 1)[0]
            out.append("\n".join(lines[:i] + [f"{k}= {rng.choice(values)}"] + lines[i + 1:]))
    for _ in range(20):  # truncated
        out.append(text[:rng.randrange(len(text))])
    for _ in range(20):  # characters flipped
        b = list(text)
        for _ in range(3):
            b[rng.randrange(len(b))] = rng.choice("0123456789[]{}=\"',.-x \n")
        out.append("".join(b))
    for _ in range(10):  # a line dropped or doubled
        i = rng.randrange(len(lines))
        out.append("\n".join(lines[:i] + lines[i + 1:]))
        out.append("\n".join(lines[:i] + [lines[i]] * 2 + lines[i + 1:]))
    return out


@pytest.mark.parametrize("name", ["s5_wall", "s9_ghost6", "s15_three_marches"])
def test_mutated_scenarios_raise_only_scenario_errors(name):
    """Scenario files with wrong values, truncated or garbled: load_scenario and build_frame (what
    client.shot draws from) raise ScenarioError or work; never another exception."""
    from client.games.shachang.scenario import ScenarioError, build_frame, load_scenario

    text = (ROOT / "assets" / "scenarios" / f"{name}.toml").read_text(encoding="utf-8")
    bad = []
    for i, t in enumerate(_scenario_mutations(text, random.Random(name))):
        try:
            build_frame(load_scenario(f"{name}.toml", text=t))
        except ScenarioError:
            pass
        except Exception as e:  # noqa: BLE001 — the finding
            bad.append(f"mutation {i}: {type(e).__name__}: {str(e)[:150]}")
    assert not bad, "\n".join(bad)
