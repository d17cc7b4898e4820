"""Headless rule pictures: ``python -m client.shot SCENARIO -o OUT.png`` (issue 4).

Renders through EGL with the same GLRenderer the game uses. Options override the
scenario's [view] and [overlays] tables::

    --size WxH                 the whole PNG, caption band included, up to what GL allows (llvmpipe: 16384);
                               default 1280x720 (a flat-board game's scenario: the same, 64..4096)
    --camera top | strategy | fp:<cell> | eye=x,y,z:target=x,y,z
    --fog <player> | none      whose observation (none: the true state, no fog)
    --reach CELL  --attack CELL  --sight FROM TO  --vision CELL  --ghost  --reinforce
    --labels coords,heights,counts
    --lang zh | en             caption language (default: the scenario's 'lang', else zh); --no-caption: none
    --from-save FILE --move N  a saved game after its first N actions instead of a scenario
    --all                      regenerate docs/rules/pictures/*.png from assets/scenarios/*.toml
                               (with --lang en --out-dir docs/rules/pictures/en: the English set)
    --timings                  print the time split to stderr

Promise: the same scenario file and options give the same PNG bytes on the same
machine (same Mesa/llvmpipe, same CPU count); tests/test_shot.py checks it.
"""
from __future__ import annotations

import time

T0 = time.perf_counter()

import math  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import sys  # noqa: E402
import tomllib  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from client.camera import ExplicitCamera, FirstPersonCamera, StrategyCamera, TopDownCamera  # noqa: E402
from client.games.shachang.scenario import (ScenarioError, build_frame, load_scenario,  # noqa: E402
                                            scenario_from_save)
from client.render.gl import GLRenderer  # noqa: E402
from client.render.gl import cell_label as square_cell_label  # noqa: E402
from client.render.hex_layout import cell_xz, star_layout  # noqa: E402
from client.cli_args import OneLineParser  # noqa: E402
from client.picture_file import (ShotError, caption_font, draw_caption_band, make_context,  # noqa: E402,F401
                                 save_png)
from client.rulebook.book import build_all as build_board_books  # noqa: E402
from client.rulebook.cli import delegate  # noqa: E402  (the flat-board games' scenarios, issue 28)
from client.rulebook.scenario import BOARD_GAMES  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "assets" / "scenarios"
PICTURES = ROOT / "docs" / "rules" / "pictures"


SAMPLES = 0  # multisampling of pictures (--samples 4 gives smoother edges, ~0.5 s more per process)
MSAA_MAX_PIXELS = 2048 * 2048


def parse_size(text: str, where: str = "--size") -> tuple[int, int]:
    """(w, h) of "WxH"; ShotError naming ``where`` (the option, or the scenario's key and line)."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ShotError(f"{where} {text!r}: expected WxH, e.g. 1280x720") from None
    if w < 16 or h < 16:
        raise ShotError(f"{where} {text}: at least 16x16")
    return w, h


def _vec(text: str, what: str):
    try:
        v = tuple(float(x) for x in text.split(","))
    except ValueError:
        raise ShotError(f"--camera: {what} {text!r} is not x,y,z numbers") from None
    if len(v) != 3:
        raise ShotError(f"--camera: {what} needs 3 numbers, got {text!r}")
    return v


def orbit_camera(n: int, target, distance: float, yaw: float, pitch: float, fov: float = 40.0):
    """An ExplicitCamera looking at ground point target=(x, z) from a yaw/pitch (degrees) and distance."""
    a, p = math.radians(yaw), math.radians(pitch)
    fx, fz = math.sin(a), -math.cos(a)
    tx, tz = target
    eye = (tx - fx * distance * math.cos(p), distance * math.sin(p), tz - fz * distance * math.cos(p))
    return ExplicitCamera(eye, (tx, 0.0, tz), fov)


def make_camera(sc, spec: str | None):
    """The camera of a scenario (its [view] table) or of a --camera spec."""
    g = sc.game
    n = g.size
    layout = None
    if getattr(g, "board", None) == "star":  # hex cells (S19a)
        layout = star_layout()
    view = sc.table("view") if sc.data else {}
    spec = spec or view.get("camera", "top")
    if not isinstance(spec, str):
        raise ScenarioError(f"{sc.path}: view.camera must be a string")
    if spec == "top":
        return TopDownCamera(n, margin=0.2)
    if spec == "strategy":
        tgt = view.get("target")
        tc = sc.cell("view", "target", tgt) if tgt is not None else None
        target = cell_xz(tc, layout) if tc else (n / 2, n / 2)
        dist = float(view.get("distance", n * 1.35 + 2))
        yaw = float(view.get("yaw", 0.0))
        if "pitch" in view:  # a fixed tilt: an orbit camera (the strategy camera derives it from zoom)
            pitch = float(view["pitch"])
            return orbit_camera(n, target, dist, yaw, pitch, float(view.get("fov", 40.0)))
        cam = StrategyCamera(n, layout=layout)
        cam._goal_target = target
        cam.set_distance(dist)
        cam.rotate(yaw)
        cam.snap()
        return cam
    if spec.startswith("fp:"):
        c = sc.cell("view", "camera", spec[3:])
        u = g.units.get(c)
        if u is None:
            raise ScenarioError(f"{sc.path}: camera {spec!r}: no unit on {spec[3:]} to look from")
        cam = FirstPersonCamera(fov=float(view.get("fov", 70.0)), layout=layout)
        cam.set_eye(c, int(g.heights[c]) + u.count)
        look = view.get("look_at")
        if look:
            lc = sc.cell("view", "look_at", look)
            lu = g.units.get(lc)
            cam.look_at_cell(lc, int(g.heights[lc]) + (lu.count if lu else 0))
        else:
            cam.look_at_cell((n // 2, n // 2), 0)
        return cam
    if spec.startswith("eye="):
        parts = dict(p.split("=", 1) for p in spec.split(":") if "=" in p)
        if "target" not in parts:
            raise ShotError(f"--camera {spec!r}: expected eye=x,y,z:target=x,y,z")
        return ExplicitCamera(_vec(parts["eye"], "eye"), _vec(parts["target"], "target"),
                              float(parts.get("fov", view.get("fov", 45.0))))
    raise ShotError(f"camera {spec!r}: expected top, strategy, fp:<cell> or eye=x,y,z:target=x,y,z")


def sight_panel(rows, lang: str | None, px: int, cell_label=None):
    """An (h, w, 4) RGBA panel listing each checked cell of a sight line with a, b, x, y, z and
    both sides of S5, or None when there is nothing to list or no font (``cell_label``: the cells'
    names, default the square maps' "c3"; the star's "i5" on the star)."""
    if cell_label is None:
        cell_label = square_cell_label
    if not rows:
        return None
    zh = lang == "zh"
    head = ("S5：(a+b)·y ≥ a·z + b·x 时该格阻挡" if zh else "S5: a cell blocks when (a+b)·y ≥ a·z + b·x")
    lines = [head]
    for r in rows:
        verdict = ("阻挡" if zh else "blocks") if r["blocks"] else ("不阻挡" if zh else "clear")
        op = "≥" if r["blocks"] else "<"
        lines.append(f"{cell_label(r['cell'])}: a={r['a']} b={r['b']} y={r['y']} z={r['z']} x={r['x']}   "
                     f"{r['a'] + r['b']}·{r['y']}={r['lhs']} {op} {r['a']}·{r['z']}+{r['b']}·{r['x']}={r['rhs']}"
                     f"   {verdict}")
    font = caption_font("".join(lines), lang or "en", px)
    if font is None:
        return None
    surfs = [font.render(ln, (255, 235, 120) if i == 0 else
                         ((255, 110, 100) if rows[i - 1]["blocks"] else (140, 240, 150)))[0]
             for i, ln in enumerate(lines)]
    line_h = int(px * 1.35)
    w = max(sf.get_width() for sf in surfs) + px
    h = line_h * len(lines) + px // 2
    panel = pygame.Surface((w, h), pygame.SRCALPHA)
    panel.fill((12, 14, 18, 215))
    for i, sf in enumerate(surfs):
        panel.blit(sf, (px // 2, px // 4 + i * line_h + (line_h - sf.get_height()) // 2))
    return np.frombuffer(pygame.image.tobytes(panel, "RGBA"), np.uint8).reshape(h, w, 4).copy()


def render_scenario(renderer, sc, camera_spec=None, overrides=None, lang=None, size=None, samples=SAMPLES):
    """Draw a scenario into a picture of ``size`` (default: the renderer's size); with ``lang``, the
    scenario's caption goes in a band under the 3D view. Returns the (H, W, 3) picture."""
    w, h = size or (renderer.width, renderer.height)
    text = sc.data.get(f"caption_{lang}", "") if (lang and sc.data) else ""
    band = draw_caption_band(text, lang, w, max(14, min(36, h // 30))) if text else None
    view_h = h - (len(band) if band is not None else 0)
    if view_h < 16:
        band, view_h = None, h
    if samples is not None:
        renderer.set_samples(samples if w * view_h <= MSAA_MAX_PIXELS else 0)
    renderer.resize(w, view_h)
    frame = build_frame(sc, overrides)
    cam = make_camera(sc, camera_spec)
    renderer.draw(frame, cam)
    if frame.overlays.sight_numbers and frame.overlays.sight_cells:
        panel = sight_panel(frame.overlays.sight_cells, lang, max(12, min(28, view_h // 28)),
                            frame.layout.name if frame.layout is not None else None)
        if panel is not None and panel.shape[1] <= w and panel.shape[0] <= view_h:
            renderer.draw_surface(panel, 8, 8)
    img = renderer.screenshot()
    if band is not None:
        img = np.concatenate([img, band], axis=0)
    return img


def save_view(renderer, frame, camera, path, size=None, hud=None) -> Path:
    """For the game's screenshot keys: draw ``frame`` with ``camera`` (a clean rule picture, no HUD,
    optionally at another ``size``) and save it as PNG; ``hud`` (an RGBA surface/array drawn at
    0, 0) gives the with-HUD screenshot instead. The renderer's size is restored afterwards."""
    old = (renderer.width, renderer.height)
    try:
        if size:
            renderer.resize(*size)
        renderer.draw(frame, camera)
        if hud is not None:
            renderer.draw_surface(hud, 0, 0)
        img = renderer.screenshot()
    finally:
        if size:
            renderer.resize(*old)
    path = Path(path)
    save_png(img, path)
    return path


def scenario_size(sc, size_arg):
    """The picture's size: ``--size``, else the scenario's view.size, else 1280x720."""
    if size_arg:
        return parse_size(size_arg)
    s = sc.get("view", "size", None, str) if sc.data else None
    return parse_size(s, size_where(sc)) if s else (1280, 720)


def size_where(sc) -> str:
    """How an error names the scenario's view.size: its file, line and key."""
    line = sc.line_of("view", "size")
    return f"{sc.path}" + (f", line {line}" if line else "") + ": view.size"


def scenario_files() -> list[Path]:
    """assets/scenarios/*.toml in rule order (s3 before s11)."""
    def key(p: Path):
        m = re.match(r"s(\d+)", p.stem)
        return (int(m.group(1)) if m else 999, p.stem)

    return sorted(SCENARIOS.glob("*.toml"), key=key)


def regenerate_all(out_dir: Path = PICTURES, lang: str = "zh", only=None, timings=False) -> list[Path]:
    """Render every assets/scenarios/*.toml to out_dir/<name>.png with one GL context."""
    ctx = make_context()
    r = None
    out = []
    for path in scenario_files():
        if only and path.stem not in only:
            continue
        t0 = time.perf_counter()
        sc = load_scenario(path)
        w, h = scenario_size(sc, None)
        if r is None:
            r = GLRenderer(ctx, w, h)
        img = render_scenario(r, sc, lang=lang, size=(w, h))
        dst = out_dir / f"{path.stem}.png"
        save_png(img, dst)
        out.append(dst)
        if timings:
            print(f"{path.stem}: {(time.perf_counter() - t0) * 1000:.0f} ms", file=sys.stderr)
    if not only and out_dir == PICTURES:
        write_index(out_dir)
    return out


def write_index(out_dir: Path = PICTURES) -> Path:
    """docs/rules/pictures/README.md: every picture with its scenario, title and captions."""
    lines = ["# 沙场秋点兵 rule pictures", "",
             "Generated by `python -m client.shot --all` from `assets/scenarios/*.toml` (do not edit by hand;",
             "edit the scenario and regenerate). Each picture is drawn by the game's own GLRenderer",
             "headlessly; colours and markers are explained in `docs/rendering.md`.", ""]
    for path in scenario_files():
        d = tomllib.loads(path.read_text(encoding="utf-8"))
        lines += [f"## {d.get('title', path.stem)}", "",
                  f"![{path.stem}]({path.stem}.png)", "",
                  f"English captions: [en/{path.stem}.png](en/{path.stem}.png)", "",
                  f"{d.get('caption_zh', '')}", "",
                  f"*{d.get('caption_en', '')}*", "",
                  f"Scenario: `assets/scenarios/{path.name}`", ""]
    dst = out_dir / "README.md"
    dst.write_text("\n".join(lines), encoding="utf-8")
    return dst


def main(argv=None) -> int:
    if (rc := delegate(argv)) is not None:
        return rc
    ap = OneLineParser(prog="python -m client.shot", description=__doc__.split("\n")[0])
    ap.add_argument("scenario", nargs="?", help="a scenario TOML file (or a name under assets/scenarios/: s5_wall, "
                                                "baige/c1_castling); a flat-board game's takes -o, --lang, "
                                                "--no-caption, --size and --timings")
    ap.add_argument("-o", "--out", help="output PNG")
    ap.add_argument("--size", metavar="WxH", help="the whole PNG, caption band included (default: the scenario's "
                                                  "view.size, else 1280x720)")
    ap.add_argument("--camera", help="top | strategy | fp:CELL | eye=x,y,z:target=x,y,z")
    ap.add_argument("--fog", help="player number whose fog to show, or none")
    ap.add_argument("--reach", metavar="CELL")
    ap.add_argument("--attack", metavar="CELL")
    ap.add_argument("--sight", nargs=2, metavar=("FROM", "TO"))
    ap.add_argument("--vision", metavar="CELL")
    ap.add_argument("--ghost", action="store_true")
    ap.add_argument("--reinforce", action="store_true")
    ap.add_argument("--labels", help="comma list of coords, heights, counts")
    ap.add_argument("--lang", choices=("zh", "en"),
                    help="caption language (default: the scenario's 'lang', else zh)")
    ap.add_argument("--no-caption", action="store_true", help="the picture without its caption band")
    ap.add_argument("--from-save", metavar="FILE", help="a saved 沙场秋点兵 game instead of a scenario")
    ap.add_argument("--move", type=int, metavar="N", help="with --from-save: the game after its first N actions")
    ap.add_argument("--all", action="store_true", help="regenerate docs/rules/pictures/")
    ap.add_argument("--out-dir", help="with --all: where to write (default docs/rules/pictures; "
                                      "the English set lives in docs/rules/pictures/en)")
    ap.add_argument("--timings", action="store_true")
    ap.add_argument("--samples", type=int, default=SAMPLES,
                    help=f"multisampling (default {SAMPLES}; 0 = off; off above 2048x2048)")
    args = ap.parse_args(argv)
    try:
        one = [(f"scenario {args.scenario}", args.scenario), ("-o", args.out), ("--from-save", args.from_save), ("--move", args.move),
               ("--size", args.size), ("--camera", args.camera), ("--fog", args.fog), ("--reach", args.reach),
               ("--attack", args.attack), ("--sight", args.sight), ("--vision", args.vision), ("--ghost", args.ghost),
               ("--reinforce", args.reinforce), ("--labels", args.labels), ("--no-caption", args.no_caption)]
        given = [flag for flag, v in one if v not in (None, False)]
        if args.all and given:  # (they were left unused without a word)
            raise ShotError(f"{given[0]}: not with --all (it draws every scenario as its file says, to --out-dir)")
        if args.out_dir and not args.all:
            raise ShotError(f"--out-dir {args.out_dir}: only with --all (one picture is written to -o)")
        if args.all:
            # the rule book: Chinese captions in docs/rules/pictures, English ones in .../en
            if not args.out_dir and not args.lang:  # the variants with these are 沙场秋点兵's pictures alone
                build_board_books(BOARD_GAMES)
            top = Path(args.out_dir) if args.out_dir else PICTURES
            jobs = [(top, args.lang)] if args.lang else [(top, "zh"), (top / "en", "en")]
            for out_dir, lang in jobs:
                t0 = time.perf_counter()
                outs = regenerate_all(out_dir, lang=lang, timings=args.timings)
                print(f"{len(outs)} pictures in {out_dir} ({time.perf_counter() - t0:.1f} s)")
            return 0
        if not args.out:
            raise ShotError("-o OUT.png is required")
        check_out(Path(args.out))
        if args.samples < 0 or args.samples > 16:
            raise ShotError(f"--samples {args.samples}: expected 0 (off) to 16")
        if args.from_save and args.scenario:  # the scenario was silently left out
            raise ShotError(f"give a SCENARIO file or --from-save FILE, not both ({args.scenario}, {args.from_save})")
        if args.move is not None and not args.from_save:
            raise ShotError("--move N needs --from-save FILE")
        if args.move is not None and args.move < 0:
            raise ShotError(f"--move {args.move}: the number of actions to replay must be 0 or more")
        if args.from_save:
            sc = scenario_from_save(args.from_save, args.move)
        elif args.scenario:
            p = Path(args.scenario)
            named = SCENARIOS / (args.scenario if p.suffix == ".toml" else f"{args.scenario}.toml")
            if not p.exists() and named.exists():
                p = named
            sc = load_scenario(p)
        else:
            raise ShotError("give a SCENARIO file or --from-save FILE")
        overrides = {}
        if args.fog is not None:
            if args.fog == "none":
                overrides["as"] = None
            else:
                try:
                    overrides["as"] = int(args.fog)
                except ValueError:
                    raise ShotError(f"--fog {args.fog!r}: a player number or none") from None
                if not 0 <= overrides["as"] < sc.game.n:
                    raise ShotError(f"--fog {args.fog}: no such player (0..{sc.game.n - 1})")
        for k in ("reach", "attack", "vision"):
            if getattr(args, k):
                overrides[k] = getattr(args, k)
        if args.sight:
            overrides["sight"] = list(args.sight)
        if args.ghost:
            overrides["ghost"] = True
        if args.reinforce:
            overrides["reinforce"] = True
        if args.labels:
            overrides["labels"] = args.labels
        w, h = scenario_size(sc, args.size)
        t_parse = time.perf_counter()
        ctx = make_context()
        max_size = min(int(ctx.info.get("GL_MAX_RENDERBUFFER_SIZE", 4096)),
                       int(ctx.info.get("GL_MAX_VIEWPORT_DIMS", (4096, 4096))[0]))
        if w > max_size or h > max_size:
            where = "--size" if args.size else size_where(sc)
            raise ShotError(f"{where} {w}x{h} is larger than this GL allows ({max_size}x{max_size})")
        t_ctx = time.perf_counter()
        r = GLRenderer(ctx, w, h)
        t_init = time.perf_counter()
        # a scenario's picture carries its caption by default (the scenario's language, else zh)
        lang = None if args.no_caption else (args.lang or (sc.data or {}).get("lang") or "zh")
        img = render_scenario(r, sc, args.camera, overrides, lang=lang, size=(w, h),
                              samples=args.samples)
        t_render = time.perf_counter()
        save_png(img, Path(args.out))
        t_png = time.perf_counter()
        if args.timings:
            print(f"start-up (python, imports, scenario) {(t_parse - T0) * 1000:.0f} ms; "
                  f"GL context {(t_ctx - t_parse) * 1000:.0f} ms; renderer init (shaders, glyphs) "
                  f"{(t_init - t_ctx) * 1000:.0f} ms; render + read-back {(t_render - t_init) * 1000:.0f} ms; "
                  f"PNG {(t_png - t_render) * 1000:.0f} ms; total in process {(t_png - T0) * 1000:.0f} ms",
                  file=sys.stderr)
        return 0
    except (ShotError, ValueError) as e:  # ScenarioError and SaveError are ValueErrors
        print(f"error: {e}", file=sys.stderr)
        return 2
    except OSError as e:  # writing the PNG (disk full, permissions)
        print(f"error: {getattr(e, 'filename', '') or ''}: {e.strerror or e}", file=sys.stderr)
        return 2


def check_out(path: Path) -> None:
    """Refuse an output path that cannot take a PNG before anything is rendered."""
    if path.is_dir():
        raise ShotError(f"-o {path}: is a directory; give a file name like {path / 'picture.png'}")
    parent = path.parent if str(path.parent) else Path(".")
    if parent.exists() and not parent.is_dir():
        raise ShotError(f"-o {path}: {parent} is not a directory")
    probe = parent
    while not probe.exists():  # save_png creates missing folders: the first existing one must be writable
        probe = probe.parent
    if not os.access(probe, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ShotError(f"-o {path}: not writable")


if __name__ == "__main__":
    rc = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(rc)  # skip interpreter and Mesa teardown (about 0.1-0.2 s); the PNG is already closed
