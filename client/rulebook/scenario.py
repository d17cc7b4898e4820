"""Scenario files of the flat-board games: load and check one (``load(path)``), every error one line
naming the file and the key.

    game = "baige"                      # a registered flat-board game
    rules = ["C1"]                      # the rule ids it illustrates (RULINGS.md)
    title = "C1 castling"               # the index page's heading (optional)
    options = { seed = 3 }              # the game's options over the registry's defaults (seed 0)
    fen = "..."                         # 百格西洋棋: the position as FEN (C2)
    position = { ... }                  # a written-out position in the game's own keys, built by its plugin's
                                        # scenario_position (client/games/<game>.py):
                                        # 三国演弈 { pieces = { i17 = "魏君", d9 = "暗汉车=炮" }, to_move = 0 }
                                        # 暗棋 { pieces = { e5 = "汉帝", d4 = "吴马" }, hidden = { c3 = "魏兵" } }
                                        # 江山 { han = ["blade@d4:battle:N"], chu = [...], terrain = [...] }
                                        # 辛亥革命 { units = ["rev infantry H-16"], ... }
    actions = ["e2e4", ...]             # played from that position (or the start), in order
    viewer = 0                          # whose observation is drawn (default: the seat to move)
    select = "e2"                       # a piece chosen: its legal moves marked as the game marks them
    marks = { e4 = "move" }             # cells marked (kinds of client.boards.model.MARK_RGB)
    arrows = [["e2", "e4"]]             # arrows from one cell to another
    refused = ["e5"]                    # cells crossed out: a move or capture the rule refuses
    renderer = "flat"                   # flat | gl
    size = "900x900"
    caption_zh = "..."
    caption_en = "..."
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import registry
from engine.api import IllegalAction, ParseError, Step

from client.boards.model import MARK_RGB
from client.games import has_plugin, make_plugin, plugin_class
from client.ui import text

BOARD_GAMES = ("baige", "anqi", "sanguo", "xinhai", "jiangshan")
KEYS = {"game", "rules", "title", "options", "fen", "position", "actions", "viewer", "select", "marks", "arrows",
        "refused", "renderer", "size", "caption_zh", "caption_en"}
MAX_SIDE = 4096


class ScenarioError(ValueError):
    """A scenario file that cannot be drawn; the text names the file and the key."""


@dataclass
class Scenario:
    path: Path
    game_id: str
    game: Any
    plugin: Any
    data: dict
    rules: list[str] = field(default_factory=list)
    viewer: int = 0
    prefix: tuple = ()
    marks: dict = field(default_factory=dict)  # Cell -> mark kind
    arrows: list = field(default_factory=list)  # (Cell, Cell)
    refused: list = field(default_factory=list)  # Cells crossed out
    renderer: str = "flat"
    size: tuple[int, int] = (900, 900)

    @property
    def name(self) -> str:
        return self.path.stem

    def caption(self, lang: str) -> str:
        return self.data.get(f"caption_{lang}", "")

    @property
    def title(self) -> str:
        return self.data.get("title") or self.name


def read(path: Path) -> dict:
    """The TOML table of ``path`` (ScenarioError on a missing or malformed file)."""
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScenarioError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ScenarioError(f"{path}: cannot read: {e}") from None
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError(f"{path}: not valid TOML: {e}") from None


def parse_size(text: Any, where: str) -> tuple[int, int]:
    """(w, h) of a "WxH" text (ScenarioError naming ``where``)."""
    try:
        w, h = (int(v) for v in str(text).lower().split("x"))
    except ValueError:
        raise ScenarioError(f"{where}: {text!r} is not WxH, e.g. 900x900") from None
    if not (64 <= w <= MAX_SIDE and 64 <= h <= MAX_SIDE):
        raise ScenarioError(f"{where}: {w}x{h} is outside 64x64..{MAX_SIDE}x{MAX_SIDE}")
    return w, h


def _typed(d: dict, key: str, kind, where: str, default=None):
    v = d.get(key, default)
    if key in d and not isinstance(v, kind) or isinstance(v, bool) and kind is int:
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise ScenarioError(f"{where}: key '{key}' must be a {names}, got {v!r}")
    return v


def _cell(plugin, name: Any, where: str, key: str):
    if not isinstance(name, str):
        raise ScenarioError(f"{where}: key '{key}': a cell name is text, got {name!r}")
    try:
        return plugin.cell(name)
    except (KeyError, ValueError, IndexError):
        raise ScenarioError(f"{where}: key '{key}': no cell {name!r} on the {plugin.game_id} board") from None


def new_game(game_id: str, d: dict, where: str):
    """The game of a scenario's ``options`` and written-out position (``fen``, ``position``)."""
    info = registry.get(game_id)
    opts = _typed(d, "options", dict, where, {})
    for k in opts:
        if k not in info.options:
            raise ScenarioError(f"{where}: key 'options.{k}': {game_id} has no option {k!r} "
                                f"(options: {', '.join(sorted(info.options))})")
        if k in info.choices and opts[k] not in info.choices[k]:
            raise ScenarioError(f"{where}: key 'options.{k}': {opts[k]!r} is not one of {list(info.choices[k])}")
    merged = dict(info.options)
    merged.update(opts)
    merged["seed"] = merged.get("seed") if merged.get("seed") is not None else 0  # pictures are seeded
    if not isinstance(merged["seed"], int) or isinstance(merged["seed"], bool):
        raise ScenarioError(f"{where}: key 'options.seed': a whole number, got {merged['seed']!r}")
    if "fen" in d:
        if game_id != "baige":
            raise ScenarioError(f"{where}: key 'fen': only baige has a FEN position")
        fen = _typed(d, "fen", str, where)
        try:
            return info.new_game(fen=fen, **merged)
        except (ValueError, KeyError, IndexError) as e:
            raise ScenarioError(f"{where}: key 'fen': {e}") from None
    if "position" in d:
        if opts.keys() - {"seed"}:
            raise ScenarioError(f"{where}: key 'options': with a written-out 'position' only the seed is an option "
                                f"(the rest is the position's)")
        # the game's plugin builds it (GamePlugin.scenario_position): the rule book names no engine internals
        try:
            return plugin_class(game_id).scenario_position(_typed(d, "position", dict, where), merged["seed"])
        except (ValueError, KeyError, TypeError, IndexError) as e:
            msg = str(e).split("\n")[0]
            raise ScenarioError(f"{where}: key 'position': {msg}") from None
    return info.new_game(**merged)


def load(path: str | Path) -> Scenario:
    """The checked scenario of ``path`` with its game played up to the picture's position."""
    path = Path(path)
    where = str(path)
    d = read(path)
    if d.get("game", "shachang") == "shachang" and ("map" in d or "game" in d):  # a 沙场秋点兵 scenario
        raise ScenarioError(f"{where}: a 沙场秋点兵 scenario: python -m client.shot draws it "
                            f"(this command draws the flat-board games': {', '.join(BOARD_GAMES)})")
    unknown = sorted(set(d) - KEYS)
    if unknown:
        raise ScenarioError(f"{where}: unknown key '{unknown[0]}' (keys: {', '.join(sorted(KEYS))})")
    if "game" not in d:
        raise ScenarioError(f"{where}: missing key 'game' (one of {', '.join(BOARD_GAMES)})")
    game_id = _typed(d, "game", str, where)
    if game_id not in BOARD_GAMES or not has_plugin(game_id):
        raise ScenarioError(f"{where}: key 'game': unknown game {game_id!r} (one of {', '.join(BOARD_GAMES)})")
    for k in ("caption_zh", "caption_en"):
        if k not in d:
            raise ScenarioError(f"{where}: missing key '{k}'")
        lacking = sorted({ch for ch in _typed(d, k, str, where) if not text.has_glyph(ch)})
        if lacking:  # the picture would drop its caption: say so here
            raise ScenarioError(f"{where}: key '{k}': the shipped font has no {''.join(lacking)} "
                                f"(reword, or add them with python -m client.ui.build_font)")
    _typed(d, "title", str, where)
    rules = _typed(d, "rules", list, where, [])
    if not all(isinstance(r, str) and r for r in rules):
        raise ScenarioError(f"{where}: key 'rules': a list of rule ids like \"C1\", got {rules!r}")
    game = new_game(game_id, d, where)
    actions = _typed(d, "actions", list, where, [])
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise ScenarioError(f"{where}: key 'actions[{i}]': an action text, got {a!r}")
        try:
            game.apply(a)
        except (IllegalAction, ParseError) as e:
            msg = e.text("en") if hasattr(e, "text") else str(e)
            raise ScenarioError(f"{where}: key 'actions[{i}]': {a!r} refused: {msg}") from None
    plugin = make_plugin(game)
    sc = Scenario(path, game_id, game, plugin, d, rules=list(rules))
    n = game.num_players
    sc.viewer = _typed(d, "viewer", int, where, max(0, game.current_player))
    if not 0 <= sc.viewer < n:
        raise ScenarioError(f"{where}: key 'viewer': {sc.viewer} is not a seat 0..{n - 1}")
    sel = _typed(d, "select", (str, list), where)
    if sel is not None:
        steps = [sel] if isinstance(sel, str) else sel
        prefix: tuple = ()
        idx = plugin.index()
        for s in steps:
            if not isinstance(s, str):
                raise ScenarioError(f"{where}: key 'select': cell names, got {s!r}")
            _cell(plugin, s, where, "select")
            step = Step("cell", s)
            if step not in idx.next(prefix):
                raise ScenarioError(f"{where}: key 'select': {s!r} starts or continues no legal action here")
            prefix += (step,)
        sc.prefix = prefix
    marks = _typed(d, "marks", dict, where, {})
    for name, kind in marks.items():
        if kind not in MARK_RGB:
            raise ScenarioError(f"{where}: key 'marks.{name}': {kind!r} is not a mark ({', '.join(MARK_RGB)})")
        sc.marks[_cell(plugin, name, where, f"marks.{name}")] = kind
    arrows = _typed(d, "arrows", list, where, [])
    for i, a in enumerate(arrows):
        if not (isinstance(a, list) and len(a) == 2):
            raise ScenarioError(f"{where}: key 'arrows[{i}]': a pair [from, to], got {a!r}")
        sc.arrows.append((_cell(plugin, a[0], where, f"arrows[{i}]"), _cell(plugin, a[1], where, f"arrows[{i}]")))
    refused = _typed(d, "refused", list, where, [])
    sc.refused = [_cell(plugin, c, where, f"refused[{i}]") for i, c in enumerate(refused)]
    sc.renderer = _typed(d, "renderer", str, where, "flat")
    if sc.renderer not in ("flat", "gl"):
        raise ScenarioError(f"{where}: key 'renderer': {sc.renderer!r} is not flat or gl")
    if "size" in d:
        sc.size = parse_size(d["size"], f"{where}: key 'size'")
    return sc


def scenario_files(game_id: str | None = None, root: Path | None = None) -> list[Path]:
    """The scenario files of ``game_id`` (or of every flat-board game), sorted by name."""
    root = root or Path(__file__).resolve().parents[2] / "assets" / "scenarios"
    games = [game_id] if game_id else list(BOARD_GAMES)
    return [p for g in games for p in sorted((root / g).glob("*.toml"), key=_natural) if not p.name.startswith("_")]


def _natural(p: Path):
    """x2 before x10: the name's runs of digits compared as numbers."""
    return [(0, int(t), "") if t.isdigit() else (1, 0, t) for t in re.split(r"(\d+)", p.stem)]
