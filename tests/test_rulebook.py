"""Rule pictures of the flat-board games from text (issue 28): every scenario loads, a sample renders to the
same bytes twice, every rule id of each game has a scenario, and bad files give one line naming the key."""
from __future__ import annotations

import io
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from client.rulebook.book import book_data
from client.rulebook.cli import main
from client.rulebook.render import Painter
from client.rulebook.scenario import BOARD_GAMES, ScenarioError, load, scenario_files
from engine.api import IllegalAction

ROOT = Path(__file__).resolve().parents[1]
FILES = scenario_files()


def test_every_game_has_scenarios():
    for g in BOARD_GAMES:
        assert scenario_files(g), g


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_every_scenario_loads(path):
    sc = load(path)
    assert sc.game_id == path.parent.name
    assert sc.caption("zh") and sc.caption("en")


@pytest.mark.parametrize("game_id", BOARD_GAMES)
def test_every_rule_id_has_a_scenario(game_id):
    ids = set(book_data(game_id)["rulings"])
    covered = {r for p in scenario_files(game_id) for r in tomllib.loads(p.read_text(encoding="utf-8")).get("rules", [])}
    assert ids - {i for i in ids if i.endswith("a")} <= covered, sorted(ids - covered)
    assert covered <= ids, sorted(covered - ids)  # no id that is not a ruling of the game


@pytest.mark.parametrize("game_id", BOARD_GAMES)
def test_a_sample_renders_to_the_same_bytes_twice(game_id):
    from PIL import Image

    path = scenario_files(game_id)[-1]
    out = []
    for _ in range(2):
        img = Painter().picture(load(path), "zh", (240, 240))  # fresh loads and painters
        buf = io.BytesIO()
        Image.fromarray(img).save(buf, format="PNG")
        out.append(buf.getvalue())
    assert out[0] == out[1]
    assert img.shape[1] == 240 and img.shape[0] > 240  # the caption band under the board
    assert len(set(map(tuple, img[:240].reshape(-1, 3)[::97]))) > 5  # a board was drawn, not a blank


def test_gl_picture_is_deterministic(tmp_path):
    path = tmp_path / "g.toml"
    path.write_text('game = "baige"\nrenderer = "gl"\nselect = "e4"\nviewer = 0\narrows = [["e4", "e6"]]\n'
                    'caption_zh = "兵"\ncaption_en = "pawn"\n', encoding="utf-8")
    a = Painter().picture(load(path), "en", (200, 200))
    b = Painter().picture(load(path), "en", (200, 200))
    assert (a == b).all()


def test_select_marks_the_moves_the_game_marks(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('game = "baige"\nselect = "e4"\ncaption_zh = "兵"\ncaption_en = "pawn"\n', encoding="utf-8")
    sc = load(path)
    from client.rulebook.render import board_view

    v = board_view(sc)
    pl = sc.plugin
    assert v.marks[pl.cell("e4")] == "selected"
    assert {pl.cell_name(c) for c, k in v.marks.items() if k == "move"} == {"e5", "e6"}


BAD = [
    ('rules = ["C1"]\ncaption_zh = "x"\ncaption_en = "x"\n', "missing key 'game'"),
    ('game = "chess"\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'game'"),
    ('game = "baige"\ncaption_en = "x"\n', "missing key 'caption_zh'"),
    ('game = "baige"\nactions = ["e4e9"]\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'actions[0]'"),
    ('game = "baige"\nselect = "z99"\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'select'"),
    ('game = "baige"\nselect = "e5"\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'select'"),
    ('game = "baige"\nmarks = { e4 = "glow" }\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'marks.e4'"),
    ('game = "baige"\narrows = [["e4"]]\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'arrows[0]'"),
    ('game = "baige"\nrefused = ["z99"]\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'refused[0]'"),
    ('game = "baige"\nsize = "9x9"\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'size'"),
    ('game = "baige"\nrenderer = "vulkan"\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'renderer'"),
    ('game = "baige"\nviewer = 5\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'viewer'"),
    ('game = "baige"\nfen = "not a fen"\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'fen'"),
    ('game = "anqi"\nfen = "10/10"\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'fen'"),
    ('game = "sanguo"\nposition = { pieces = { i9 = "魏龙" } }\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'position'"),
    ('game = "sanguo"\nposition = { piece = { i9 = "魏车" } }\ncaption_zh = "x"\ncaption_en = "x"\n', "unknown key 'piece'"),
    ('game = "anqi"\nposition = { pieces = { e5 = "汉龙" } }\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'position'"),
    ('game = "anqi"\nposition = { hidden = { d4 = "吴君" } }\ncaption_zh = "x"\ncaption_en = "x"\n', "never face down"),
    ('game = "sanguo"\noptions = { variant = "jieqi" }\nposition = { pieces = { i17 = "魏君" } }\ncaption_zh = "x"\n'
     'caption_en = "x"\n', "key 'options'"),
    ('game = "anqi"\noptions = { players = 4 }\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'options.players'"),
    ('game = "jiangshan"\nposition = { han = ["dragon@e4"] }\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'position'"),
    ('game = "jiangshan"\nposition = { han = ["e4"] }\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'position'"),
    ('game = "baige"\nposition = { han = [] }\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'position'"),
    ('game = "baige"\ncolour = "red"\ncaption_zh = "x"\ncaption_en = "x"\n', "unknown key 'colour'"),
    ('game = "sanguo"\noptions = { seed = "five" }\ncaption_zh = "x"\ncaption_en = "x"\n', "key 'options.seed'"),
    ('game = "anqi"\noptions = { seed = 1.5 }\nposition = { pieces = { e5 = "汉帝" } }\ncaption_zh = "x"\n'
     'caption_en = "x"\n', "key 'options.seed'"),
    ('game = "sanguo"\nposition = { pieces = { z5 = "魏车" } }\ncaption_zh = "x"\ncaption_en = "x"\n',
     "pieces: no point 'z5' on the sanguo board"),
    ('game = "sanguo"\nposition = { moved = true, pieces = { i17 = "魏君" } }\ncaption_zh = "x"\ncaption_en = "x"\n',
     "moved: three true/false"),
    ('game = "sanguo"\nposition = { out = [true], pieces = { i17 = "魏君" } }\ncaption_zh = "x"\ncaption_en = "x"\n',
     "out: a list of fallen kingdoms"),
    ('game = "sanguo"\nposition = { han = "yes", pieces = { i17 = "魏君" } }\ncaption_zh = "x"\ncaption_en = "x"\n',
     "han: 'yes'"),
    ('game = "baige"\ncaption_zh = "x"\ncaption_en = "x"\ngame = "anqi"\n', "not valid TOML"),
]


@pytest.mark.parametrize("body,words", BAD, ids=[w for _, w in BAD])
def test_bad_file_names_the_key(tmp_path, body, words):
    path = tmp_path / "bad.toml"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(ScenarioError) as e:
        load(path)
    assert words in str(e.value) and str(path) in str(e.value) and "\n" not in str(e.value)


def test_command_line_bad_file_is_one_line_exit_2(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('game = "baige"\nactions = ["e4e9"]\ncaption_zh = "x"\ncaption_en = "x"\n', encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for mod in ("client.shot", "client.rulebook"):
        r = subprocess.run([sys.executable, "-m", mod, str(path), "-o", str(tmp_path / "x.png")], cwd=ROOT,
                           capture_output=True, text=True, env=env, timeout=120)
        assert r.returncode == 2, (mod, r.stderr)
        lines = [ln for ln in r.stderr.splitlines() if ln.startswith("error")]
        assert len(lines) == 1 and "actions[0]" in lines[0] and "Traceback" not in r.stderr, (mod, r.stderr)
        assert not (tmp_path / "x.png").exists()


def test_shot_renders_a_board_game_scenario(tmp_path):
    out = tmp_path / "p.png"
    src = scenario_files("anqi")[0]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-m", "client.shot", str(src), "-o", str(out), "--size", "480x480",
                        "--lang", "en"], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert out.stat().st_size > 1000


def test_a_shachang_scenario_is_sent_to_client_shot(capsys):
    """``python -m client.rulebook s5_wall.toml`` said "unknown key 'map'": it is 沙场秋点兵's, drawn by client.shot."""
    path = ROOT / "assets" / "scenarios" / "s5_wall.toml"
    assert main([str(path), "-o", "unused.png"]) == 2
    assert capsys.readouterr().err.strip() == (f"error: {path}: a 沙场秋点兵 scenario: python -m client.shot draws "
                                               f"it (this command draws the flat-board games': {', '.join(BOARD_GAMES)})")


def test_shot_needs_out_for_a_board_game_scenario(tmp_path, capsys, monkeypatch):
    """``python -m client.shot draft.toml`` without -o wrote docs/rules/pictures/<game>/draft.png (over the committed
    picture when the names matched); it is refused as for 沙场秋点兵."""
    from client.rulebook.cli import delegate

    src = tmp_path / "c1_castling.toml"
    src.write_text((ROOT / "assets/scenarios/baige/c1_castling.toml").read_text(encoding="utf-8"), encoding="utf-8")
    saved = []
    monkeypatch.setattr(Painter, "save", lambda self, sc, out, lang, size=None, whole=False: saved.append(out))
    assert delegate([str(src)]) == 2
    assert capsys.readouterr().err.strip() == "error: -o OUT.png is required"
    assert saved == []


def test_shot_takes_a_board_game_scenario_by_name(tmp_path, monkeypatch):
    """client.shot takes "a name under assets/scenarios/": "baige/c1_castling" went to 沙场秋点兵's loader ("game:
    unknown key"), and "baige/c1_castling.toml" worked only from the repository's root."""
    from client.rulebook.cli import delegate

    saved = []
    monkeypatch.setattr(Painter, "save", lambda self, sc, out, lang, size=None, whole=False: saved.append(sc.path))
    monkeypatch.chdir(tmp_path)
    for name in ("baige/c1_castling", "baige/c1_castling.toml"):
        assert delegate([name, "-o", str(tmp_path / "x.png")]) == 0
    assert saved == [ROOT / "assets/scenarios/baige/c1_castling.toml"] * 2


def test_shot_board_game_file_without_game_says_so(tmp_path, capsys):
    """A flat-board scenario missing ``game`` was read as 沙场秋点兵's ("rules: unknown key (known: ... map ...)")."""
    from client.rulebook.cli import delegate

    src = tmp_path / "draft.toml"
    src.write_text('rules = ["C3"]\nfen = "5k4/10/10/10/10/10/10/10/10/5K4 w - - 0 1"\ncaption_zh = "x"\n'
                   'caption_en = "x"\n', encoding="utf-8")
    assert delegate([str(src), "-o", str(tmp_path / "x.png")]) == 2
    assert capsys.readouterr().err.strip() == (f"error: {src}: missing key 'game' (one of "
                                               f"{', '.join(BOARD_GAMES)})")
    src.write_text('title = "x"\n[position]\nunits = []\n', encoding="utf-8")  # 沙场秋点兵's without [map]
    assert delegate([str(src), "-o", str(tmp_path / "x.png")]) is None


def test_shot_option_a_board_game_does_not_take_names_the_command(tmp_path, capsys):
    from client.rulebook.cli import delegate

    with pytest.raises(SystemExit) as e:
        delegate([str(ROOT / "assets/scenarios/baige/c1_castling.toml"), "-o", str(tmp_path / "x.png"),
                  "--fog", "none"])
    assert e.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("python -m client.shot: error: unrecognized arguments: --fog none (a flat-board game's")
    assert len(err.splitlines()) == 1


def test_scenarios_in_rule_order():
    names = [p.stem for p in scenario_files("xinhai") if p.stem.startswith("x")]
    assert names.index("x2") < names.index("x10")


def test_shot_all_builds_the_board_games_books_then_its_own(monkeypatch):
    import client.shot as shot
    from client.rulebook.cli import delegate

    calls = []
    monkeypatch.setattr(shot, "build_board_books", lambda games: calls.append(("boards", tuple(games))))
    monkeypatch.setattr(shot, "regenerate_all", lambda out_dir, lang, timings: calls.append((out_dir, lang)) or [])
    assert delegate(["--all"]) is None  # shot's own line
    assert shot.main(["--all"]) == 0
    assert calls == [("boards", BOARD_GAMES), (shot.PICTURES, "zh"), (shot.PICTURES / "en", "en")]
    calls.clear()
    assert shot.main(["--all", "--lang", "en", "--out-dir", "x"]) == 0
    assert calls == [(Path("x"), "en")]
    assert delegate([str(ROOT / "assets" / "scenarios" / "s3_range_1.toml"), "-o", "x.png"]) is None


def test_shot_all_with_a_bad_argument_builds_nothing(monkeypatch, capsys):
    """``--all --game nope`` used to rebuild the five board games' books before the line was refused."""
    import client.shot as shot

    calls = []
    monkeypatch.setattr(shot, "build_board_books", lambda games: calls.append(games))
    monkeypatch.setattr(shot, "regenerate_all", lambda *a, **k: calls.append(a) or [])
    with pytest.raises(SystemExit) as e:
        shot.main(["--all", "--game", "nope"])
    assert e.value.code == 2 and calls == []
    assert "unrecognized arguments: --game" in capsys.readouterr().err


def test_gl_picture_does_not_depend_on_the_pictures_before_it(tmp_path):
    first = tmp_path / "a.toml"
    first.write_text('game = "anqi"\nrenderer = "gl"\ncaption_zh = "棋"\ncaption_en = "board"\n', encoding="utf-8")
    second = tmp_path / "b.toml"
    second.write_text('game = "baige"\nrenderer = "gl"\nviewer = 0\ncaption_zh = "兵"\ncaption_en = "pawn"\n',
                      encoding="utf-8")
    alone = Painter().picture(load(second), "en", (200, 200))
    p = Painter()
    p.picture(load(first), "en", (200, 200))
    after = p.picture(load(second), "en", (200, 200))
    assert (alone == after).all()


def test_jiangshan_hand_built_position():
    sc = load(ROOT / "assets" / "scenarios" / "jiangshan" / "j1_blade_open_board.toml")
    from client.rulebook.render import board_view

    v = board_view(sc)
    marks = {sc.plugin.cell_name(c): k for c, k in v.marks.items()}
    assert marks["e4"] == "selected" and marks["e5"] == "move"
    assert marks["d5"] == "capture" and marks["f5"] == "capture"


def test_the_rule_book_names_no_engine_internals():
    """Written-out positions come from the game's plugin (GamePlugin.scenario_position), not from engine.<game>."""
    allowed = ("engine.api", "engine.registry", "engine.grids", "engine.messages", "engine.chance", "engine.saves",
               "engine.cli")
    for py in sorted((ROOT / "client" / "rulebook").glob("*.py")):
        src = py.read_text(encoding="utf-8")
        assert "import_module" not in src and ".module" not in src, py.name
        for line in src.splitlines():
            words = line.split()
            if words[:1] in (["from"], ["import"]) and words[1].startswith("engine"):
                assert words[1] == "engine" and words[3] in ("api", "registry", "grids", "messages", "chance",
                                                             "saves", "cli") or words[1].startswith(allowed), line


def test_position_hooks_build_the_written_position():
    from client.games import plugin_class

    g = plugin_class("anqi").scenario_position({"pieces": {"e5": "汉帝", "d4": "吴马", "e4": "魏兵"},
                                                "hidden": {"c3": "蜀车"}, "to_move": 1}, 0)
    assert (g.current_player, g.piece_at("d4"), g.owner_at("e4")) == (1, "吴马", 1)
    assert "flip c3" in [str(a) for a in g.legal_actions()] and g.piece_at("c3") == "hidden"
    s = plugin_class("sanguo").scenario_position({"pieces": {"i17": "魏君", "q9": "吴君", "i1": "蜀君", "i12": "吴车"},
                                                  "to_move": 1}, 0)
    assert s.current_player == 1 and all(str(a).startswith("君") for a in s.legal_actions())
    with pytest.raises(ValueError, match="no written-out position"):
        plugin_class("baige").scenario_position({}, 0)


def _moves(game) -> set[tuple[str, str]]:
    """(from, to) cell names of every legal action that starts and ends on a cell."""
    out = set()
    for a in game.legal_actions():
        cells = [s.value for s in game.action_steps(a) if s.kind == "cell"]
        if len(cells) >= 2:
            out.add((cells[0], cells[-1]))
    return out


@pytest.mark.parametrize("game_id", ["anqi", "sanguo", "baige"])
def test_a_crossed_out_cell_is_a_move_the_game_refuses(game_id):
    """A picture's 'refused' cross sits where the game really refuses: the move to that cell from the arrow's start
    (when that is a piece of the side to move; else from the chosen piece) is not legal, though that piece has legal
    moves (the picture is its turn)."""
    checked = 0
    for path in scenario_files(game_id):
        sc = load(path)
        moves = _moves(sc.game)
        names = {sc.plugin.cell_name(c) for c in sc.refused}
        for a, b in sc.arrows:  # an arrow of the side to move that is not crossed out shows a legal move
            src, dst = sc.plugin.cell_name(a), sc.plugin.cell_name(b)
            if dst not in names and any(m[0] == src for m in moves):
                assert (src, dst) in moves, f"{path.name}: the arrow {src}->{dst} is not a legal move"
        starts = {sc.plugin.cell_name(b): sc.plugin.cell_name(a) for a, b in sc.arrows}
        chosen = sc.data.get("select")
        for r in names:
            src = starts.get(r) if any(m[0] == starts.get(r) for m in moves) else chosen
            assert src, f"{path.name}: refused {r} names no piece (select or an arrow)"
            assert (src, r) not in moves, f"{path.name}: {src}->{r} is legal but crossed out"
            assert any(m[0] == src for m in moves), f"{path.name}: {src} has no legal move at all"
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_shot_size_is_the_whole_picture_of_a_board_game_as_of_shachang(tmp_path, capsys, lang):
    """``python -m client.shot FLAT.toml --size 640x480`` gave a 640x515 PNG (the caption band added under a
    640x480 board) where 沙场秋点兵's --size is the whole PNG; found by the designer QA drawing a custom position
    of each game at two sizes. Now the PNG is the size asked for, the band inside it; without --size the
    scenario's own size stays the board's (the committed pictures are unchanged); a size that leaves no board
    above the caption is one line, exit 2."""
    from PIL import Image

    from client.rulebook.cli import delegate

    src = ROOT / "assets" / "scenarios" / "baige" / "c1_castling.toml"
    for w, h in ((640, 480), (300, 420)):
        out = tmp_path / f"{w}x{h}.png"
        assert delegate([str(src), "-o", str(out), "--lang", lang, "--size", f"{w}x{h}"]) == 0
        assert Image.open(out).size == (w, h)
    out = tmp_path / "own.png"
    assert delegate([str(src), "-o", str(out), "--lang", lang]) == 0
    assert Image.open(out).size[1] > load(src).size[1]  # the scenario's size: the board's, the band under it
    capsys.readouterr()
    assert delegate([str(src), "-o", str(tmp_path / "tiny.png"), "--lang", lang, "--size", "640x70"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: --size 640x70: the caption takes")
    assert not (tmp_path / "tiny.png").exists()


def test_baige_pictures_name_castling_as_the_seed_and_the_status_line_do():
    """百格西洋棋's seed calls castling 入堡, and so do the refusal's rule name and the Chinese ruling C1; two
    captions said 易位 (the xiangqi-book word), so the picture and the status line named one rule two ways (found
    by the designer QA)."""
    from engine.messages import Msg

    word = Msg.of("baige.rule_id.castling C1").render("zh").replace("C1", "").strip()
    assert word == "入堡" and word in book_data("baige")["rulings_zh"]["C1"]
    captions = {p.stem: load(p).caption("zh") for p in scenario_files("baige")}
    assert not [n for n, c in captions.items() if "易位" in c]
    assert word in captions["c1_castling"] and word in captions["piece_k_king"]


def test_sanguo_k4_picture_shows_the_rulers_facing_refusal():
    """K4's first picture was the start position with Wu's ruler chosen (its one step green): nothing of K4 (a ruler
    left attacked, two rulers facing) was on it, though its caption said both. Now Wu's chariot stands alone between
    the Wei and Shu rulers: its crossed-out steps off their line are refused by K4 for the facing rulers, its moves
    along the line are legal (found by the designer QA looking at each game's pictures)."""
    sc = load(ROOT / "assets" / "scenarios" / "sanguo" / "k4.toml")
    assert sc.refused and sc.data["select"] == "i9"
    for cell in sc.refused:
        with pytest.raises(IllegalAction) as e:
            sc.game.clone().apply(f"i9-{sc.plugin.cell_name(cell)}")
        assert e.value.rule == "K4" and "face each other" in e.value.text("en")
    assert {("i9", "i10"), ("i9", "i2")} <= _moves(sc.game)


def test_xinhai_x6_crosses_out_the_shot_it_says_may_not_be_made():
    """X6's picture drew a plain arrow from the artillery to K-12, the shot its caption says may not be made (a
    plain arrow elsewhere in the book shows a legal move); the arrow is now crossed out at K-12, where the engine
    refuses the shot by X6 (found by the designer QA looking at each game's pictures)."""
    sc = load(ROOT / "assets" / "scenarios" / "xinhai" / "x6.toml")
    assert [sc.plugin.cell_name(c) for c in sc.refused] == ["K-12"]
    with pytest.raises(IllegalAction) as e:
        sc.game.clone().apply("shoot G-12 K-12")
    assert e.value.rule == "X6"
    assert "shoot G-12 G-14" in sc.game.legal_action_texts()


def test_jiangshan_j3_picture_shows_a_facing_turning_the_arrows():
    """J3's picture was a mid-game board with the archer on j2 chosen and no move marked: no facing was to be seen.
    Now the blade on e4 faces east: the engine gives it exactly the north arrows turned east (step f4, capture f5),
    and the blade on h4 facing north steps to h5 (found by the designer QA looking at each game's pictures)."""
    sc = load(ROOT / "assets" / "scenarios" / "jiangshan" / "j3.toml")
    assert sc.data["select"] == "e4"
    moves = _moves(sc.game)
    assert {m for m in moves if m[0] == "e4"} == {("e4", "f4"), ("e4", "f5")}
    assert {m for m in moves if m[0] == "h4"} == {("h4", "h5")}


def test_every_rules_page_links_its_pictures_and_every_link_exists():
    """The rules pages of the five flat-board games linked none of their rule pictures, nor did the star's page
    (沙场秋点兵's own page linked its book): a designer reading docs/rules/anqi.md could not find them (found by the
    designer QA). Each page now links its game's illustrated book, the star page each S19 picture; every picture
    a rules page links exists."""
    import re

    rules = ROOT / "docs" / "rules"
    for game_id in BOARD_GAMES:
        text = (rules / f"{game_id}.md").read_text(encoding="utf-8")
        assert f"](pictures/{game_id}/README.md)" in text, game_id
        assert (rules / "pictures" / game_id / "README.md").exists()
    star = (rules / "shachang_star.md").read_text(encoding="utf-8")
    for name in ("s19a_star_board", "s19b_star_units", "s19d_star_moves", "s19e_star_attack", "s19f_star_digital",
                 "s19g_star_end"):
        assert f"](pictures/{name}.png)" in star, name
    for page in sorted(rules.glob("*.md")):
        for link in re.findall(r"\]\(([^)#]+\.(?:png|md))\)", page.read_text(encoding="utf-8")):
            if not link.startswith("http"):
                assert (rules / link).exists(), (page.name, link)
