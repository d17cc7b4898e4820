"""The rule-picture tool: every scenario renders and matches its checked-in picture; same input,
same bytes; clear errors."""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from client.games.shachang.scenario import ScenarioError, build_frame, load_scenario
from tests.gl_util import egl_context
from tests.shot_util import FRACTION_TOL, MEAN_TOL, PIXEL_TOL

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((ROOT / "assets" / "scenarios").glob("*.toml"))
PICTURES = ROOT / "docs" / "rules" / "pictures"

# Tolerance for llvmpipe differences between machines/Mesa versions (documented in docs/rendering.md):
# mean absolute difference <= 1.5 (0..255 per channel) and at most 1% of pixels off by more than 40.

moderngl = pytest.importorskip("moderngl")


@pytest.fixture(scope="module")
def renderer():
    from client.render.gl import GLRenderer

    return GLRenderer(egl_context(), 320, 240)


def render(renderer, path, lang="zh"):
    from client.shot import render_scenario, scenario_size

    sc = load_scenario(path)
    return render_scenario(renderer, sc, lang=lang, size=scenario_size(sc, None))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_matches_checked_in_picture(renderer, path):
    from PIL import Image

    img = render(renderer, path)
    ref_path = PICTURES / f"{path.stem}.png"
    assert ref_path.exists(), f"no picture for {path.name}: run python -m client.shot --all"
    ref = np.asarray(Image.open(ref_path).convert("RGB"))
    assert img.shape == ref.shape
    diff = np.abs(img.astype(int) - ref.astype(int))
    assert diff.mean() <= MEAN_TOL, f"{path.stem}: mean difference {diff.mean():.2f}; regenerate pictures?"
    assert (diff.max(axis=2) > PIXEL_TOL).mean() <= FRACTION_TOL


def test_every_picture_has_a_scenario():
    names = {p.stem for p in SCENARIOS}
    assert {p.stem for p in PICTURES.glob("*.png")} <= names


def test_same_input_same_bytes_in_process(renderer, tmp_path):
    from client.shot import save_png

    a = render(renderer, ROOT / "assets/scenarios/s5_wall.toml")
    render(renderer, ROOT / "assets/scenarios/s17_preset_medium.toml")  # something else in between
    b = render(renderer, ROOT / "assets/scenarios/s5_wall.toml")
    save_png(a, tmp_path / "a.png")
    save_png(b, tmp_path / "b.png")
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()


def test_same_input_same_bytes_across_processes(tmp_path):
    outs = []
    for i in range(2):
        out = tmp_path / f"{i}.png"
        r = subprocess.run([sys.executable, "-m", "client.shot", "assets/scenarios/s4_knight_ab.toml",
                            "-o", str(out), "--size", "640x400", "--lang", "en"],
                           cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


def test_scenario_frames_follow_the_engine():
    sc = load_scenario(ROOT / "assets/scenarios/s5_wall.toml")
    f = build_frame(sc)
    assert f.overlays.sight_block == (3, 2)  # c4 blocks (2y >= x+z)
    sc = load_scenario(ROOT / "assets/scenarios/s9_ghost6.toml")
    f = build_frame(sc)
    assert f.overlays.ghost_cells.sum() == 6 and f.ghosts == [((7, 7), 2)]
    sc = load_scenario(ROOT / "assets/scenarios/s15_reach25.toml")
    assert len(build_frame(sc).overlays.reachable) == 24  # + its own cell = 25
    sc = load_scenario(ROOT / "assets/scenarios/s8_own_line_not_shared.toml")
    f = build_frame(sc)
    assert f.overlays.targets == [] and f.overlays.blocked_targets == [(1, 4)]


BASE = '''
mode = "tabletop"
[map]
heights = """
00000000
00000000
00000000
00000000
00000000
00000000
00000000
00000000
"""
[position]
units = [[0, "c3", 2], [1, "f6", 1]]
'''


def test_error_unknown_key_names_key_and_line():
    with pytest.raises(ScenarioError) as e:
        load_scenario("bad.toml", BASE + "[view]\nas = 0\ncamra = \"top\"\n")
    assert "view.camra" in str(e.value) and "line 18" in str(e.value)


def test_error_bad_cell_and_rows():
    with pytest.raises(ScenarioError, match=r"overlays.reach.*no unit on d5"):
        sc = load_scenario("bad.toml", BASE + "[overlays]\nreach = \"d5\"\n")
        build_frame(sc)
    with pytest.raises(ScenarioError, match=r"line 6: map.heights: row 2"):
        load_scenario("bad.toml", BASE.replace("00000000\n00000000\n00000000\n00000000\n00000000\n00000000\n00000000\n00000000",
                                               "00000000\n0000x000\n00000000\n00000000\n00000000\n00000000\n00000000\n00000000"))
    with pytest.raises(ScenarioError, match="position.units"):
        load_scenario("bad.toml", BASE.replace('[1, "f6", 1]', '[1, "z9", 1]'))
    with pytest.raises(ScenarioError, match="not valid TOML"):
        load_scenario("bad.toml", "[map\n")


def test_error_caption_the_font_lacks_or_not_text():
    """A caption the shipped font cannot draw is refused at load (the picture would lose its band), naming the
    key, its line and the characters; a caption that is no text is refused the same way (it was a traceback)."""
    with pytest.raises(ScenarioError, match=r"bad.toml, line 1: caption_zh: the shipped font has no 稿"):
        load_scenario("bad.toml", 'caption_zh = "设计稿"\n' + BASE)
    with pytest.raises(ScenarioError, match=r"bad.toml, line 1: caption_en: expected str, got int 5"):
        load_scenario("bad.toml", "caption_en = 5\n" + BASE)
    with pytest.raises(ScenarioError, match=r"line 1: title: expected str"):
        load_scenario("bad.toml", "title = [1]\n" + BASE)


def test_error_view_size_names_the_file_key_and_line():
    """A bad [view] size in the file was reported as "--size 0x0: ...", an option the designer never gave."""
    from client.picture_file import ShotError
    from client.shot import scenario_size

    sc = load_scenario("bad.toml", BASE + "[view]\nsize = \"0x0\"\n")
    with pytest.raises(ShotError, match=r"^bad.toml, line 17: view.size 0x0: at least 16x16$"):
        scenario_size(sc, None)
    assert scenario_size(sc, "320x200") == (320, 200)  # --size wins over the file's
    with pytest.raises(ShotError, match=r"^--size 'big': expected WxH"):
        scenario_size(sc, "big")


def test_scenario_and_from_save_together_are_refused(tmp_path, capsys):
    """Both given: the scenario was ignored without a word and the save drawn."""
    from client.shot import main

    out = tmp_path / "x.png"
    assert main(["assets/scenarios/s5_wall.toml", "--from-save", str(tmp_path / "g.json"), "-o", str(out)]) == 2
    assert capsys.readouterr().err.strip() == (f"error: give a SCENARIO file or --from-save FILE, not both "
                                               f"(assets/scenarios/s5_wall.toml, {tmp_path / 'g.json'})")
    assert not out.exists()


def test_a_failed_write_leaves_no_half_written_png(tmp_path, monkeypatch):
    """The PNG was written in place: a write failing half-way (a full disk) left a broken file over the old one."""
    from PIL import Image

    from client.picture_file import save_png

    out = tmp_path / "p.png"
    img = np.zeros((20, 30, 3), np.uint8)
    save_png(img, out)
    good = out.read_bytes()

    def half(self, fp, *a, **k):
        with open(fp, "wb") as f:
            f.write(b"\x89PNG\r\n")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Image.Image, "save", half)
    with pytest.raises(OSError):
        save_png(img + 1, out)
    assert out.read_bytes() == good and sorted(p.name for p in tmp_path.iterdir()) == ["p.png"]
    with pytest.raises(OSError):
        save_png(img, tmp_path / "new.png")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.png"]


def test_cli_errors(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(BASE + "[view]\ncamera = \"fp:a1\"\n")
    r = subprocess.run([sys.executable, "-m", "client.shot", str(bad), "-o", str(tmp_path / "x.png")],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "no unit on a1" in r.stderr
    r = subprocess.run([sys.executable, "-m", "client.shot", "assets/scenarios/s5_wall.toml", "-o",
                        str(tmp_path / "x.png"), "--size", "40000x100"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "larger than this GL allows" in r.stderr


def test_scenario_by_name_with_or_without_toml(tmp_path):
    """A scenario of assets/scenarios/ by its name, with or without .toml, from any folder."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for name in ("s5_wall", "s5_wall.toml"):
        out = tmp_path / f"{name}.png"
        r = subprocess.run([sys.executable, "-m", "client.shot", name, "-o", str(out), "--size", "160x90"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        assert out.stat().st_size > 0


def test_from_save_and_cli_overlays(tmp_path):
    from engine.shachang.game import ShachangGame
    from engine.shachang.terrain import generate

    g = ShachangGame(generate("standard", 2, 5), preset="standard", mode="digital", seed=5)
    g.apply("end")
    g.apply("end")
    save = tmp_path / "g.json"
    save.write_text(g.to_json())
    out = tmp_path / "s.png"
    r = subprocess.run([sys.executable, "-m", "client.shot", "--from-save", str(save), "--move", "1",
                        "-o", str(out), "--size", "320x240", "--fog", "none", "--labels", "coords,heights",
                        "--camera", "strategy"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    from PIL import Image

    assert Image.open(out).size == (320, 240)


def test_big_export(renderer):
    """A 256x256 map top-down at 4096x4096."""
    from client.shot import render_scenario

    sc = load_scenario(ROOT / "assets/scenarios/s17_preset_huge.toml")
    img = render_scenario(renderer, sc, size=(4096, 4096))
    assert img.shape == (4096, 4096, 3)
    renderer.resize(320, 240)


def test_save_view_for_the_game_keys(renderer, tmp_path):
    from client.camera import StrategyCamera
    from client.shot import save_view
    from PIL import Image

    sc = load_scenario(ROOT / "assets/scenarios/s15_reach25.toml")
    frame = build_frame(sc)
    renderer.resize(320, 240)
    p = save_view(renderer, frame, StrategyCamera(8), tmp_path / "v.png", size=(640, 360))
    assert Image.open(p).size == (640, 360) and (renderer.width, renderer.height) == (320, 240)


@pytest.mark.parametrize("name", ["s5_wall", "s9_ghost6", "s15_chain12"])
def test_english_pictures_up_to_date(renderer, name):
    from PIL import Image

    for p in SCENARIOS:
        assert (PICTURES / "en" / f"{p.stem}.png").exists(), p.stem
    img = render(renderer, ROOT / "assets" / "scenarios" / f"{name}.toml", lang="en")
    ref = np.asarray(Image.open(PICTURES / "en" / f"{name}.png").convert("RGB"))
    assert img.shape == ref.shape
    diff = np.abs(img.astype(int) - ref.astype(int))
    assert diff.mean() <= MEAN_TOL and (diff.max(axis=2) > PIXEL_TOL).mean() <= FRACTION_TOL
