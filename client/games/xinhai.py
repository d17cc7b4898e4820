"""辛亥革命 in the client: the reconstructed 20x20 flat-topped hex map (docs/rules/xinhai.md) with terrain
colours and icons, the command regions' borders and names, square counters (步 馬 砲 艦) red for the
revolutionaries and blue for the Qing, a worn (耗損) counter pale and turned sideways, control-point flags,
trenches, pontoons, boats and the ruins as lettered badges, the morale, round and response tracks as a
panel beside the map (client/games/xinhai_tracks.py: in screen space, readable in the angled GL view); the
box with the command marker, the bag and the last roll (client/games/xinhai_hud.py); the set-up cards, event cards and decks under the map (client/ui/cards.py); a tooltip per hex.

Cells are (row from the north edge, column from the west edge) so that north is at the top; their
names are the engine's hex labels ("D-11"). Clicks walk the engine's action steps: a unit's hex, a
target hex, then an option (move with or without a boat or pontoon, shoot, melee, cross); marker
faces, pass, end, tracks and regions are buttons, set-up cards are clicked under the map; retreats,
整頓, ruins, trenches and fleet removals are one click on a hex.
"""
from __future__ import annotations

import copy
import math
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pygame

from client.boards.geometry import OffsetHexGeometry
from client.boards.model import MARK_RGB, MARKER_GLYPH, MARKER_RGB, RGB, BoardView, Caption, Edge, Piece, Track, mix
from client.games import xinhai_hud, xinhai_tracks
from client.games.base import Choice, GamePlugin, Outcome, text
from client.i18n import lang
from client.keys import Binding
from client.render.flat_board import TOKEN_R
from client.scenes.play import UiMsg
from client.ui import text as ui_text, widgets
from client.ui import cards
from client.ui.cards import CardRow, CardView
from engine.api import Step
from engine.grids.base import CellNameError
from engine.grids.hexes import HexGrid
from engine.grids.names import letters
from engine.messages import Msg, template
from engine.xinhai.actions import Act
from engine.xinhai.data import TERRAIN_CODES, rules
from engine.xinhai.game import position
from engine.xinhai.hexgrid import label, parse_label
from engine.xinhai.orders import why_illegal

SQRT3 = math.sqrt(3.0)
SIDE_RGB: dict[str, RGB] = {"rev": (0.80, 0.14, 0.12), "qing": (0.16, 0.34, 0.80)}
KIND_ZH = {"infantry": "步", "cavalry": "馬", "artillery": "砲", "fleet": "艦"}
# the counters' letters in English (issue 26; the rule book's legend and F1 say them): Infantry, Cavalry, Artillery, Fleet
KIND_EN = {"infantry": "I", "cavalry": "C", "artillery": "A", "fleet": "F"}
TERRAIN_RGB: dict[str, RGB] = {
    ".": (0.70, 0.80, 0.56), "C": (0.90, 0.76, 0.44), "S": (0.76, 0.72, 0.64), "H": (0.62, 0.50, 0.34),
    "X": (0.62, 0.44, 0.74), "R": (0.84, 0.78, 0.88), "L": (0.62, 0.80, 0.92), "Y": (0.40, 0.60, 0.84),
    "r": (0.55, 0.62, 0.86), "W": (0.48, 0.68, 0.90)}
RUINS_RGB: RGB = (0.50, 0.46, 0.42)  # seed 10(9): the burnt quarter of 漢口
PALE: RGB = (0.86, 0.84, 0.80)
TERRAIN_ICON = {"C": "控", "S": "街", "H": "山", "X": "租", "R": "停"}  # control point, street, hill, concession, cease-fire
# in English (ASCII: the map's fonts have every Latin letter): control Point, Street, Hill, X concession (the
# map's letter), Neutral (cease-fire) zone
TERRAIN_ICON_EN = {"C": "P", "S": "S", "H": "H", "X": "X", "R": "N"}
# the lettered badges in English (registered beside the Chinese ones in client.boards.model's shared tables):
# a held control Point, Trench, pontoon Bridge, Vessel (a hired boat), Ruins
BADGE_EN = {"flag0": "P", "flag1": "P", "dug": "T", "bridge": "B", "boat": "V", "ruins": "R", "worn": "w"}
# a worn counter's mark (seed 4(2)) as a lettered badge: the corner value under the glyph was 8 pixels in the flat
# view at 1024x640 (issue 26); a badge is as large as a control point's flag
MARKER_GLYPH["worn"] = "耗"
MARKER_RGB["worn"] = (0.42, 0.40, 0.36)
MARKER_GLYPH.update({f"{k}_en": v for k, v in BADGE_EN.items()})
MARKER_RGB.update({f"{k}_en": MARKER_RGB[k] for k in BADGE_EN})
REGION_LABEL = {"hankou": "F-19", "hanyang": "C-3", "wuchang": "Q-3"}  # where each region's name is written
# the names' heights in hexes: 漢口 on the far (north) edge is seen smallest in the angled GL view
CAPTION_SIZE = {"hankou": 1.3, "hanyang": 0.9, "wuchang": 0.9}
CAPTION_RGB: RGB = (0.20, 0.04, 0.12)
# how the hexes a decision starts from are marked before any click (issue 26): a retreat's free hexes as moves,
# the fleets the revolutionaries may remove as captures, units and hexes to pick as "special"
START_MARK = {"retreat": "move", "fleet": "capture"}
# the rule each decision made on the map follows (named by a refused click; cf. engine/xinhai/orders.why_illegal)
DECISION_RULE = {"marker": "seed 4(1)", "track": "seed 3", "reinforce": "seed 11", "region": "seed 10(1)B",
                 "retreat": "X5", "ruins": "seed 10(9) X14", "trench": "seed 10(1)D", "fleet": "seed 10(1)A"}
CHOICE_GLYPH = {"shoot": "射", "melee": "刃", "done": "走", "boat": "船", "cross": "渡"}  # the chooser's tokens
COUNTER_PX = 25.0  # a counter's side at the default zoom: at least 24 pixels (issue 26), one to spare
FRAME_MARGIN = 0.7  # the flat renderer's margin round what it fits (hexes)
COLUMN_BG = (23, 25, 30)  # the column beside the map (the board scene's background)
PAN_STEP = 3.0  # hexes an arrow key moves the close-up
CARD_ASPECT = 1.4  # the cards under the map: landscape, their title and lines in 12-pixel words (issue 26)
CARD_PX = 12
CROWDED_MAX = 0.34  # a crowded line of cards (the Qing's five and two events) takes at most this much of the window
MAP_KEEPS = 518  # and leaves the window at least this tall for the map, the bars above and the status line: at
# 1024x640 a line of 92-pixel cards (a long card's rest on hover), so that the map keeps 410 pixels (issue 26:
# 376 with the Qing's five cards whole)
BADGE_SCALE = 1.8  # the lettered badges above a counter (控 flags, 壕 橋 船 墟) nearly twice as large


def why_rule(why, rule: str) -> Msg:
    """A refusal ``why`` with the rule it follows: "[seed 5]" in English (a passage with a Chinese heading by its
    English name, xinhai.rule_id: "[seed: command actions]"); in Chinese the seed's sections are named 原規則
    ("〔原規則 5〕"), never the English word "seed" in a traditional-Chinese line (issue 26)."""
    zh = "原規則 " + rule[5:] if rule.startswith("seed ") else rule
    named = f"xinhai.rule_id.{rule}"  # a seed passage named by its Chinese heading: its English name (issue 26)
    en = Msg.of(named) if template(named, "en") is not None else rule
    return Msg.of("xinhai.why.rule", why=why, rule=rule, rule_zh=zh, rule_en=en)


def rule_of(why) -> str:
    """The rule id a refusal made by ``why_rule`` names ("" for any other message)."""
    return str(why.kw.get("rule", "")) if isinstance(why, Msg) and why.key == "xinhai.why.rule" else ""


class FlatHexGeometry(OffsetHexGeometry):
    """Flat-topped hexes in columns, odd columns half a hex north: engine/grids' "even-q" map with "D-11"
    labels counted from the south (the engine's hexgrid); neighbouring centres are 1 apart. Cell (r, c): r
    rows down from the north edge, c columns from the west. Names, neighbours, distances and the hex under
    a point are engine/grids'."""

    LAYOUT = "even-q"
    ORIGIN = (OffsetHexGeometry.R, 1.0)  # the west column's hexes touch x = 0, the north row z = 0

    def _make_grid(self):
        return HexGrid.rectangle(self.cols, self.rows, self.LAYOUT, "south")

    def name(self, cell) -> str:
        return self.grid.name(self.to_grid(cell))

    def parse(self, name: str):
        try:
            cell = self.from_grid(self.grid.parse(name))
        except (CellNameError, AttributeError):
            raise KeyError(name) from None
        if cell not in self.cell_set:
            raise KeyError(name)
        return cell

    frame: tuple[float, float, float, float] | None = None  # the part of the map shown (None: all of it)

    def bounds(self) -> tuple[float, float, float, float]:
        """What the renderers fit into the map's area: the ``frame`` the plugin chose (a close-up whose
        counters are large enough to read, issue 26), else the whole map."""
        return self.frame if self.frame is not None else self.full_bounds()

    def full_bounds(self) -> tuple[float, float, float, float]:
        """The whole map's bounds (worked out once: the renderers and the box beside the map ask every frame)."""
        b = self.__dict__.get("_bounds")
        if b is None:
            b = self._bounds = super().bounds()
        return b

    def shade(self, cell) -> int:
        return 0

    def labels(self):
        out = []
        for r in sorted({r for r, _ in self.cells}):
            x, z = self.center((r, 0))
            out.append((str(self.rows - r), (x - 0.75, z)))
        z1 = self.full_bounds()[3]
        for c in sorted({c for _, c in self.cells}):
            out.append((letters(c, upper=True), (self.center((0, c))[0], z1 + 0.3)))
        return out


def traditional_table() -> dict[int, str]:
    """The ``str.translate`` table writing the client's shared Chinese words in traditional characters
    (the catalogue's xinhai.script.simplified -> xinhai.script.traditional, character by character)."""
    simp, trad = text(Msg.of("xinhai.script.simplified"), "zh"), text(Msg.of("xinhai.script.traditional"), "zh")
    if len(simp) != len(trad):
        raise ValueError("xinhai.script.simplified and xinhai.script.traditional differ in length")
    return str.maketrans(simp, trad)


def best_focus(pts, w: float, h: float) -> tuple[float, float]:
    """The centre of a ``w`` x ``h`` window showing the most of the points ``pts`` (x, z): the centre of
    their bounding box when they all fit, else the window round one of them that holds the most."""
    xs, zs = [x for x, _ in pts], [z for _, z in pts]
    if max(xs) - min(xs) <= w and max(zs) - min(zs) <= h:
        return ((min(xs) + max(xs)) / 2, (min(zs) + max(zs)) / 2)
    def inside(c):
        return [(x, z) for x, z in pts if abs(x - c[0]) <= w / 2 and abs(z - c[1]) <= h / 2]
    held = inside(max(pts, key=lambda c: len(inside(c))))  # all within one window: their box fits it
    return best_focus(held, w, h)


class Plugin(GamePlugin):
    game_id = "xinhai"
    zh_script = traditional_table()  # the shared widgets' words in traditional characters too (issue 26)
    chooser_title = "xinhai.choose"  # 選擇: the game's traditional characters, not the client's 请选择
    start_options = ()
    hint_after_move = True  # after any move, the status line says what the player to move must do (issue 26)
    needs_handover = True  # each side's hand is private: hot seat hides the board between the two humans
    key_rows = (Binding("L", "hex_labels", "顯示 / 隱藏每格編號", "show / hide every hex's label", "xinhai",
                        (("K_l", ""),)),
                Binding("Z", "whole_map", "整張地圖 / 放大（放大時棋子較大）", "whole map / close-up (larger counters)",
                        "xinhai", (("K_z", ""),)),
                Binding("C", "other_hand", "顯示 / 收起對方的手牌", "show / fold the other side's hand", "xinhai",
                        (("K_c", ""),)),
                Binding("← ↑ ↓ → / W A S D", "pan", "放大時移動地圖", "move the map in the close-up", "xinhai",
                        (("K_LEFT", "", "pan_w"), ("K_a", "", "pan_w"), ("K_RIGHT", "", "pan_e"), ("K_d", "", "pan_e"),
                         ("K_UP", "", "pan_n"), ("K_w", "", "pan_n"), ("K_DOWN", "", "pan_s"), ("K_s", "", "pan_s"))),
                Binding("T", "tracks", "軌道：每一格 / 只列數值（小視窗預設只列數值，地圖較大）",
                        "tracks: every box / the values only (the default in a small window: the map larger)", "xinhai",
                        (("K_t", ""),)),
                Binding("F5 / F9", "quick_save", "快速存檔 / 讀檔", "quick save / quick load", "xinhai",
                        (("K_F5", ""), ("K_F9", "", "quick_load"))))
    QUICK_SAVE = "quicksave-xinhai.json"  # F5 / F9's save in the save folder
    hex_labels = False  # every hex's label written at its foot (key L)
    other_hand: bool | None = None  # key C: the other side's public hand on a second line of cards (folded: the
    # map larger); None: shown where it fits (a window at least SHOW_HAND_H tall), folded in a smaller one
    SHOW_HAND_H = 900
    tracks_full: bool | None = None  # key T: the tracks' every box, or folded to their values; None: every box where
    # the column they need leaves the map 40% of the board's area and they take at most 3/4 of its height, else folded
    # (at 640x400 the boxes took two thirds of the area beside a map 116 pixels wide: QA, session 19)
    compact_card_view = True  # a card cut at 1024x640 is read on hover in a low box in the strip, not over the map
    whole_map = False  # key Z: the whole map however small its counters (default: a close-up, see ``frame_map``)
    PAN = {"pan_w": (-1, 0), "pan_e": (1, 0), "pan_n": (0, -1), "pan_s": (0, 1)}

    POSITION_KEYS = {"units", "side", "region", "mode", "extra", "trenches", "pontoons", "ruins", "dice", "round",
                     "morale", "munitions", "machine_guns", "recoil", "timed", "tracks"}

    @classmethod
    def scenario_position(cls, pos: dict, seed: int = 0):
        """The game of a rule picture's written-out ``position`` table (assets/scenarios/xinhai/*.toml):
        ``units = ["rev infantry H-16", "qing artillery H-19 worn", "rev infantry K-12 boat"]``, who acts with
        which marker face (``side``, ``region``, ``mode``, ``extra``), ``trenches``, ``pontoons``, ``ruins`` (the
        centre hex), ``dice`` (the next rolls), and the state (``round``, ``morale``, ``munitions``,
        ``machine_guns``, ``recoil``, ``timed``, ``tracks``): engine.xinhai.game.position. A bad entry raises
        ValueError naming its key."""
        unknown = sorted(set(pos) - cls.POSITION_KEYS)
        if unknown:
            raise ValueError(f"unknown key {unknown[0]!r} (keys: {', '.join(sorted(cls.POSITION_KEYS))})")
        kw = dict(pos)
        if "timed" in kw:
            kw["timed"] = set(kw["timed"])
        if "tracks" in kw:
            tracks = {t: 0 for t in rules().tracks}
            bad = sorted(set(kw["tracks"]) - set(tracks))
            if bad:
                raise ValueError(f"tracks: no track {bad[0]!r} (tracks: {', '.join(tracks)})")
            tracks.update(kw["tracks"])
            kw["tracks"] = tracks
        return position(kw.pop("units", []), seed=seed, **kw)

    def on_key(self, action: str, scene) -> None:
        """L: every hex's label on or off; Z: the whole map or the close-up; arrows / WASD: move the close-up.
        Z and the arrows move the map under the mouse: the hex tooltip about the hex that was there goes (it
        comes back for the hex under the mouse once the mouse moves, issue 26)."""
        if action in ("quick_save", "quick_load"):
            self.quick(action, scene)
        elif action == "hex_labels":
            self.hex_labels = not self.hex_labels
        elif action == "other_hand":
            self.other_hand = not self.hand_shown()
        elif action == "tracks":
            self.tracks_full = bool(self.__dict__.get("_folded"))  # the other way from what the window shows now
            self._column_key = None
        elif action == "whole_map":
            self.whole_map = not self.whole_map
        elif action in self.PAN:
            self.pan(*self.PAN[action], flipped=bool(getattr(scene, "flipped", False)))
        if action == "whole_map" or action in self.PAN:
            if getattr(scene, "hover", None) is not None:
                scene.hover = None

    def quick(self, action: str, scene) -> None:
        """F5: save to QUICK_SAVE (the status line says "saved: …"); F9: load it (the new game's status line
        says "loaded: …"), or say why not (no quick save yet, an unreadable file) and keep the game (issue 26:
        F9 loaded without a word)."""
        app = getattr(scene, "app", None)
        if app is None:
            return
        path = Path(app.opts.save_dir) / self.QUICK_SAVE
        if action == "quick_save":
            scene.save_to(path)
            return
        if not path.exists():
            scene.say(UiMsg("quick_none"), ttl=scene.SAVED_S, kind="error")  # a while, then the turn's line
            return
        err = app.load_path(path)
        if err:
            scene.say(UiMsg("load_failed", {"err": err}), bad=True)

    @property
    def hint(self) -> Msg:
        """The status line's words when a human is to move: what the decision now asks (the panel's first
        line), not the generic 'select a piece'; a retreat names the unit, its hex and how far it goes (X5)."""
        kind = self.stage_hint()
        d = None if self.game.is_over else self.obs()["decision"]
        if kind == "retreat" and d is not None:
            u = next((u for u in self.obs()["units"] if u["id"] == d.get("unit")), None)
            if u is not None:
                return Msg.of("xinhai.hint.retreat_unit", kind=Msg.of(f"xinhai.kind.{u['kind']}"), hex=u["hex"],
                              n=d.get("steps", 1))
        return Msg.of(f"xinhai.hint.{kind}")

    def stage_hint(self) -> str:
        """The kind of the decision now (the observation's public ``decision``)."""
        d = None if self.game.is_over else self.obs()["decision"]
        if not d:
            return "marker"
        return "act_rally" if d["kind"] == "act" and d.get("mode") == "rally" else d["kind"]

    def make_geometry(self, game) -> FlatHexGeometry:
        m = rules().map
        self.map = m
        return FlatHexGeometry(m.height, m.width, [(m.height - 1 - row, c) for c, row in m.terrain])

    @classmethod
    def side_name(cls, seat: int, lang: str) -> str:
        """The side ``seat`` plays, before a game exists (the start screen's seat rows: 革命軍 / Revolutionaries)."""
        return text(Msg.of(f"xinhai.side_title.{('rev', 'qing')[seat % 2]}"), lang)

    @classmethod
    def seat_rgb(cls, seat: int) -> RGB:
        return SIDE_RGB[("rev", "qing")[seat % 2]]

    def pieces(self, obs) -> list[Piece]:
        ln = lang()
        glyphs = KIND_ZH if ln == "zh" else KIND_EN  # English letters in English (issue 26)
        worn = text(Msg.of("xinhai.info.worn"), ln)
        out = []
        for u in obs["units"]:
            ink = SIDE_RGB[u["side"]]
            out.append(Piece(cell=self.cell(u["hex"]), glyph=glyphs[u["kind"]], ink=ink, ring=ink,
                             body=(1.0, 0.98, 0.92) if u["ready"] else PALE,
                             side=0 if u["side"] == "rev" else 1, shape="square",
                             name=text(Msg.of(f"xinhai.kind.{u['kind']}"), ln) + " " + u["hex"]
                                  + ("" if u["ready"] else " " + worn),
                             # seed 4(2): worn = sideways; an English letter stays upright (a turned "I" reads
                             # as "—"): pale with a "w" badge the worn mark there (issue 26; ``decorate``)
                             turned=not u["ready"] and ln == "zh"))
        return out

    def terrain_cells(self) -> list[tuple[str, object, str]]:
        """(label, cell, terrain code) of every hex, worked out once (the view is built every frame)."""
        tc = self.__dict__.get("_terrain_cells")
        if tc is None:
            tc = self._terrain_cells = [(label(h), self.cell(label(h)), t) for h, t in sorted(self.map.terrain.items())]
        return tc

    def tints(self, obs) -> dict:
        ruins = set(obs["ruins"])
        out = {}
        for name, cell, t in self.terrain_cells():
            if name in ruins:  # seed 10(9): burnt, its icon counts as plain
                out[cell] = mix(TERRAIN_RGB["." if t in ("C", "S", "H") else t], RUINS_RGB, 0.6)
            else:
                out[cell] = TERRAIN_RGB[t]
        for name in obs["pontoons"]:
            out[self.cell(name)] = TERRAIN_RGB["."]
        return out

    def decorate(self, view: BoardView, obs) -> None:
        """Terrain icons, the command regions' borders and names (X2), control-point flags in the colour
        of the side standing there, markers as lettered badges (壕 trench, 橋 pontoon, 船 boat, 墟 ruins)
        and the tracks beside the map."""
        ln = lang()
        icons = TERRAIN_ICON if ln == "zh" else TERRAIN_ICON_EN
        en = "" if ln == "zh" else "_en"  # the badges' English letters (BADGE_EN)
        ruins = set(obs["ruins"])
        badges: dict = {}
        for name in obs["trenches"]:
            badges.setdefault(self.cell(name), []).append("dug")
        for name in obs["pontoons"]:
            badges.setdefault(self.cell(name), []).append("bridge")
        for name in obs["ruins"]:
            badges.setdefault(self.cell(name), []).append("ruins")
        held = {u["hex"]: u["side"] for u in obs["units"]}
        for u in obs["units"]:
            if u["boat"]:
                badges.setdefault(self.cell(u["hex"]), []).append("boat")
            if not u["ready"]:  # worn (seed 4(2)): 耗 / w, as large as the other badges
                badges.setdefault(self.cell(u["hex"]), []).append("worn")
        for name, cell, t in self.terrain_cells():
            if t not in TERRAIN_ICON or (name in ruins and t in ("C", "S", "H")):
                continue  # seed 10(9): icons under the ruins count as plain
            view.icons[cell] = icons[t]
            if t == "C" and name in held:  # the control point's flag: the side standing on it
                badges.setdefault(cell, []).insert(0, "flag0" if held[name] == "rev" else "flag1")
        view.markers.update({c: tuple(k + en for k in v) for c, v in badges.items()})
        if self.hex_labels:
            view.labels.update({cell: name for name, cell, _ in self.terrain_cells()})
        view.badge_scale = BADGE_SCALE
        view.edges.extend(self.region_edges())
        for region, where in REGION_LABEL.items():
            view.captions.append(Caption(text(Msg.of(f"xinhai.region.{region}"), ln), self.cell(where),
                                         CAPTION_SIZE[region], CAPTION_RGB))
        view.tracks_panel = True  # drawn as a panel in the column right of the map (board_area, draw_over_board)
        view.tracks = self.tracks(obs, ln)

    def tracks(self, obs, lang: str) -> list[Track]:
        """Morale (0-5), the round (1-10) and the four response tracks (0-10) at the observation's values."""
        out = [Track(text(Msg.of("xinhai.hud.track.morale"), lang), 0, 5, obs["morale"]),
               Track(text(Msg.of("xinhai.hud.track.round"), lang), 1, 10, obs["round"], (0.3, 0.3, 0.3))]
        for t, v in obs["tracks"].items():
            out.append(Track(text(Msg.of(f"xinhai.track.{t}"), lang), 0, 10, v, (0.85, 0.55, 0.10)))
        return out

    def region_edges(self) -> list[Edge]:
        """The sides between hexes of different command regions (X2: 武昌, 漢口, 漢陽; the Han River's
        hexes belong to both 漢口 and 漢陽, so the borders run through the Yangtze)."""
        if getattr(self, "_region_edges", None) is None:
            m = self.map
            out = []
            for h in sorted(m.terrain):
                for n in m.neighbours(h):
                    if n > h and not set(m.regions[h]) & set(m.regions[n]):
                        out.append(Edge(self.cell(label(h)), self.cell(label(n)), "region"))
            self._region_edges = out
        return list(self._region_edges)

    def cell_info(self, cell, lang: str) -> list[str]:
        """The hex under the mouse: its label and place name, terrain (with its shooting effect, seed 9)
        and region(s) (X2), the unit there and the markers (seed 10)."""
        name = self.cell_name(cell)
        h = parse_label(name)
        m = self.map
        place = m.places.get(name)
        out = [f"{name} {place[0] if lang == 'zh' else place[1]}" if place else name]
        sep = "、" if lang == "zh" else ", "
        regions = sep.join(text(Msg.of(f"xinhai.region.{r}"), lang) for r in m.regions[h])
        out.append(f"{text(Msg.of(f'xinhai.terrain.{TERRAIN_CODES[m.terrain[h]]}'), lang)} · {regions}")
        obs = self.observation(self.viewer)
        for u in obs["units"]:
            if u["hex"] == name:
                state = text(Msg.of("xinhai.info.ready" if u["ready"] else "xinhai.info.worn"), lang)
                if u["boat"]:
                    state += sep + text(Msg.of("xinhai.info.boat"), lang)
                out.append(text(Msg.of("xinhai.info.unit", side=Msg.of(f"xinhai.side.{u['side']}"),
                                       kind=Msg.of(f"xinhai.kind.{u['kind']}"), state=state), lang))
        marks = [k for k, where in (("trench", "trenches"), ("bridge", "pontoons"), ("ruins", "ruins"))
                 if name in obs[where]]
        if marks:
            out.append(sep.join(text(Msg.of(f"xinhai.info.{k}"), lang) for k in marks))
        return out

    def mark_kind(self, view: BoardView, prefix, step: Step) -> str:
        """A hex after a unit: a shot or melee "capture", a boat's landing (X8) or a pontoon's Han hex (X11)
        "special", else a move; a hex a decision starts from (no prefix): see ``START_MARK``."""
        if not prefix:
            return START_MARK.get(self.game.stage, "special")
        opts = {s.value for s in self.index().next(prefix + (step,)) if s.kind == "option"}
        if opts & {"shoot", "melee"}:
            return "capture"
        if opts == {"cross"} or (opts and all(o in ("+bridge", "-bridge") for o in opts)):
            return "special"  # a landing (X8), or a Han hex where a pontoon is laid or lifted (X11)
        return "move"

    def targets(self, prefix, view: BoardView | None = None) -> dict:
        """The hexes that may follow ``prefix``; with nothing chosen yet, the hexes the decision now starts
        from (issue 26): a forced retreat's free hexes (X5), the units that may act or be readied, the
        ruins' possible centres (X14), the units that may dig a trench, the fleets that may be removed."""
        if prefix:
            return super().targets(prefix, view)
        if self.game.is_over or self.game.current_player < 0:
            return {}
        view = view or BoardView(self.geometry, self.pieces(self.obs()))
        return {self.cell(s.value): self.mark_kind(view, (), s) for s in self.index().next(()) if s.kind == "cell"}

    def click(self, cell, prefix=()) -> Outcome:
        """The default walk of the engine's steps, but a click on a hex that starts nothing says why, with
        the rule (issue 26): the decision's own words, or the engine's refusal of the unit there."""
        out = super().click(cell, prefix)
        if out.kind == "clear" and not out.reason and cell is not None and not self.game.is_over \
                and not (prefix and Step("cell", self.cell_name(cell)) == prefix[-1]):
            why = self.why_not(cell)
            out = Outcome("clear", reason=why, rule=rule_of(why))  # F3 opens the rule in either language
        return out

    def explain(self, prefix, cell) -> Msg:
        """Why ``cell`` does not follow the unit chosen (``prefix``): the engine's refusal of the move,
        with its rule id."""
        src = prefix[0].value if prefix and prefix[0].kind == "cell" else None
        why = self.why_not(cell) if src is None else self._refused(self.game.move_action(src, self.cell_name(cell)))
        self.refused_rule = rule_of(why)  # the Outcome's rule: F3 opens it (the Chinese line reads 〔X5〕, not [X5])
        return why

    def _refused(self, action) -> Msg:
        """The engine's refusal of ``action`` now, with its rule id ("" if it is legal)."""
        if action in self.game.legal_actions():
            return Msg.of("common.text", text="")
        e = why_illegal(self.game, action)
        return why_rule(e.msg, e.rule)

    def why_not(self, cell) -> Msg:
        """Why a click on ``cell`` starts nothing in the decision now, with the rule it follows: a choice
        made with the buttons or cards says where to make it; a retreat, the ruins, a trench or a fleet
        says which hexes are marked; a command asks the engine why the unit there may not act."""
        name = self.cell_name(cell)
        g = self.game
        d = self.obs()["decision"]
        if d is None:
            return Msg.of("common.text", text="")
        kind = d["kind"]
        if kind == "act":
            if d.get("mode") == "rally":
                u = g.unit_at(name)
                why = "xinhai.why.rally_worn" if u is None or u.side != d["side"] or u.ready else "xinhai.why.rallied"
                return why_rule(Msg.of(why, hex=name), "seed 4(2)")
            return self._refused(g.move_action(name, name))
        if kind in ("marker", "track", "region", "reinforce"):
            return why_rule(Msg.of(f"xinhai.why.{kind}"), DECISION_RULE[kind])
        params = {"hex": name}
        if kind == "retreat":
            u = next((u for u in self.obs()["units"] if u["id"] == d.get("unit")), None)
            params.update(unit=u["hex"] if u else "", kind=Msg.of(f"xinhai.kind.{u['kind']}") if u else "")
        return why_rule(Msg.of(f"xinhai.why.{kind}", **params), DECISION_RULE[kind])

    def choice(self, prefix, step: Step) -> Choice:
        """A chooser entry: the option in words and a glyph on its token in the mover's colour (射 shoot,
        刃 melee, 走 just move, 船 hire a boat, 渡 cross, 橋 lay / 拆 take up a pontoon)."""
        v = step.value
        ink = SIDE_RGB[("rev", "qing")[self.game.current_player]] if self.game.current_player in (0, 1) else (0, 0, 0)
        if v[:1] in "+-":  # a pontoon: "+H-9" after a move, "+bridge" after picking the Han hex
            where = v[1:] if v[1:] != "bridge" else (prefix[-1].value if prefix else "")
            key = "xinhai.step.bridge_up" if v[0] == "+" else "xinhai.step.bridge_down"
            return Choice(step, Msg.of(key, hex=where), "橋" if v[0] == "+" else "拆", ink)
        return Choice(step, Msg.of(f"xinhai.step.{v}"), CHOICE_GLYPH.get(v, ""), ink)

    viewer = 0  # the seat the board, panel and log are shown to (set by ``view``)

    def view(self, viewer: int, prefix=()) -> BoardView:
        """The board for ``viewer``, who is also the one the panel and the log speak to (X10: its own hand
        only; never a computer seat's), framed as ``frame_map`` says."""
        self.viewer = viewer if viewer in (0, 1) else 0
        v = super().view(viewer, prefix)
        if not prefix and viewer != self.game.current_player:  # another seat decides: its choices are not marked
            for c, k in self.targets(()).items():
                if v.marks.get(c) == k:
                    del v.marks[c]
        elif not prefix:  # the counters a click may start with (to act, be readied, dig) lavender, not only their tiles:
            # body and frame (the GL view lit a 35 % tint into a faint one, issue 26); the glyph keeps the side's ink
            pick = {c for c, k in v.marks.items() if k == "special"}
            lav = MARK_RGB["special"]
            v.pieces = [replace(p, body=mix(p.body, lav, 0.55), ring=lav) if p.cell in pick else p for p in v.pieces]
        self._last_view = v
        self._follow(v, prefix)
        self.frame_view(v)
        return v

    # ------------------------------------------------------------------ the close-up (issue 26)
    _area = None  # the map's area on the screen last drawn (board_area)
    focus = None  # the world point (x, z) the close-up is centred on
    _focus_key = None
    _shrink = 1.0

    def frame_map(self, area) -> tuple[float, float, float, float] | None:
        """The part of the map shown in ``area`` (pixels): the whole map when its counters are at least
        ``COUNTER_PX`` there (or key Z asked for it), else the largest close-up round ``focus`` whose
        counters are, kept inside the map."""
        x0, z0, x1, z1 = self.geometry.full_bounds()
        if area is None or self.whole_map:
            return None
        m = FRAME_MARGIN
        need = COUNTER_PX / (2 * TOKEN_R)  # pixels per hex
        if min(area.w / (x1 - x0 + 2 * m), area.h / (z1 - z0 + 2 * m)) >= need:
            return None
        k = self._shrink  # < 1 where the angled GL view draws the far hexes smaller (``_measure``)
        fw = max(2.0, min(x1 - x0, (area.w / need - 2 * m) * k))
        fh = max(2.0, min(z1 - z0, (area.h / need - 2 * m) * k))
        cx, cz = self.focus if self.focus is not None else ((x0 + x1) / 2, (z0 + z1) / 2)
        cx = min(max(cx, x0 + fw / 2), x1 - fw / 2)
        cz = min(max(cz, z0 + fh / 2), z1 - fh / 2)
        self.focus = (cx, cz)
        return (round(cx - fw / 2, 3), round(cz - fh / 2, 3), round(cx + fw / 2, 3), round(cz + fh / 2, 3))

    def frame_view(self, v: BoardView) -> None:
        """Give ``v`` the geometry framed for the area last drawn (a copy per frame, so that a renderer's
        cache of a picture keyed by its geometry sees the change)."""
        frame = self.frame_map(self._area)
        if frame is None:
            v.geometry = self.geometry
            return
        framed = self.__dict__.setdefault("_framed", {})
        g = framed.get(frame)
        if g is None:
            if len(framed) > 64:
                framed.clear()
            g = framed[frame] = copy.copy(self.geometry)
            g.frame = frame
        v.geometry = g

    def _follow(self, v: BoardView, prefix) -> None:
        """A new decision (or a new choice in it, or the close-up narrowed by ``_measure``) whose marked hexes
        lie outside the close-up moves the close-up to them, so that what may be clicked is always in sight
        (issue 26); marked hexes already in sight leave it where it is (no jerk on every click)."""
        key = (id(self.game), len(self.game.log), self.game.current_player, tuple(prefix), self.whole_map,
               round(self._shrink, 3))
        if key == self._focus_key or self._area is None:
            return  # seen already, or not drawn yet (the map's area is known after the first frame)
        self._focus_key = key
        pts = [self.geometry.center(c) for c, k in v.marks.items() if k in ("move", "capture", "special", "selected")]
        pts = pts or [self.geometry.center(c) for c in self.marker_cells()]
        frame = self.frame_map(self._area)
        if not pts or frame is None:
            return
        x0, z0, x1, z1 = frame
        if all(x0 + 0.5 <= x <= x1 - 0.5 and z0 + 0.5 <= z <= z1 - 0.5 for x, z in pts):
            return
        self.focus = best_focus(pts, x1 - x0 - 1.0, z1 - z0 - 1.0)
        self.frame_map(self._area)  # kept inside the map

    def marker_cells(self) -> list:
        """While a side chooses the face of its drawn command marker (seed 4(1)): the hexes of its units in the
        regions the faces name (X2), else those regions' name hexes — the close-up goes to what the choice is
        about (issue 26: it stayed where it was, the faces are buttons); none at any other decision."""
        obs = self.observation(max(0, self.game.current_player))
        d = obs.get("decision") or {}
        if d.get("kind") != "marker" or not d.get("marker"):
            return []
        marker = next((mk for mk in rules().markers if mk.id == d["marker"]), None)
        if marker is None:
            return []
        regions = {f.region for f in marker.faces}
        m = rules().map
        own = [u["hex"] for u in obs["units"] if u["side"] == d.get("side") and u.get("hex")
               and regions & set(m.regions[parse_label(u["hex"])])]
        return [self.cell(h) for h in own] or [self.cell(REGION_LABEL[r]) for r in sorted(regions) if r in REGION_LABEL]

    def _measure(self, world_px) -> None:
        """The counters' size as last drawn (``world_px``: the board's point -> pixel): where the angled GL
        view draws the close-up's far hexes smaller than ``COUNTER_PX``, the close-up narrows (and widens again
        in the top view) for the next frame, which is asked for at once."""
        frame = self.geometry.frame if self.__dict__.get("_last_view") is None else self._last_view.geometry.frame
        if frame is None:
            return
        x0, z0, x1, z1 = frame
        px = []
        for x, z in ((x0, z0), (x1, z0), (x0, z1), (x1, z1)):
            a, b = world_px(x, z), world_px(x, z + 1.0)
            px.append(math.hypot(b[0] - a[0], b[1] - a[1]) * 2 * TOKEN_R)
        scene = getattr(world_px, "__self__", None)  # the board scene (to draw again with the new close-up)
        camera = getattr(scene, "camera", None) if getattr(scene, "using_gl", False) else None
        if getattr(camera, "zoom", 1.0) != 1.0:
            return  # measured at the default zoom only (the wheel's zoom is the player's)
        least = min(px)
        if least <= 0:
            return
        want = self._shrink * least / COUNTER_PX
        if least < COUNTER_PX - 0.5 or (least > COUNTER_PX * 1.25 and self._shrink < 1.0):
            self._shrink = max(0.3, min(1.0, want * 0.98))
            if scene is not None and hasattr(scene, "dirty"):
                scene.dirty = True

    def pan(self, dx: int, dz: int, flipped: bool = False) -> None:
        """Move the close-up ``PAN_STEP`` hexes east (dx 1), west, south (dz 1) or north as the screen shows it."""
        if flipped:
            dx, dz = -dx, -dz
        x0, z0, x1, z1 = self.geometry.full_bounds()
        cx, cz = self.focus if self.focus is not None else ((x0 + x1) / 2, (z0 + z1) / 2)
        self.focus = (cx + dx * PAN_STEP, cz + dz * PAN_STEP)
        self.frame_map(self._area)  # kept inside the map

    def move_list(self, lang: str) -> list[str]:
        """The log as the shown seat may read it (the other side's private hand never); each entry worded
        once (the panel asks every frame)."""
        evs = self.game.events(self.viewer)
        key = (id(self.game), self.viewer, lang)
        done = self._log_lines if self.__dict__.get("_log_key") == key else []
        if len(done) > len(evs):  # an undo: word the log again
            done = []
        done = done + [f"{i + 1}. {text(e.msg, lang)}" for i, e in enumerate(evs[len(done):], start=len(done))]
        self._log_key, self._log_lines = key, done
        return list(done)

    def panel_lines(self, lang: str) -> list[tuple[str, RGB | None]]:
        obs = self.observation(self.viewer)
        g = self.game
        lines = []
        d = obs["decision"]
        if d and not g.is_over and g.current_player == self.viewer:  # what to do now
            lines.append((text(self.hint, lang), self.seat_rgb(self.viewer)))
        lines.append((text(Msg.of("xinhai.panel.round", n=obs["round"], period=obs["period"],
                                  ap=obs["action_points"]), lang), None))
        lines.append((text(Msg.of("xinhai.panel.used", rev=obs["ap_used"]["rev"], qing=obs["ap_used"]["qing"]),
                           lang), None))
        lines.append((text(Msg.of("xinhai.panel.tracks", total=sum(obs["tracks"].values()),
                                  morale=obs["morale"], munitions=obs["munitions"]), lang), None))
        if d and d.get("marker"):
            lines.append((text(Msg.of("xinhai.panel.marker", marker=d["marker"]), lang), self.seat_rgb(g.current_player)))
        return lines

    def help_lines(self, lang: str) -> list[tuple[str, RGB | None]]:
        """F1's page: the aim (seed 12, X9), a round (events, markers, response), a marker's faces, how to
        act and what worn means (seed 4(2)), what the panels and cards show, the tooltip and labels."""
        return [(text(Msg.of(f"xinhai.help.{k}"), lang), None)
                for k in ("goal", "round", "marker", "act", "box", "map")]

    def column_width(self, rect, lang: str) -> int:
        """The width of the column right of the map for the tracks and the box: the tracks' natural width
        (the box's at least), narrowed to 42% of the board's area in a small window but never below the
        tracks' least width (16-pixel boxes)."""
        key = (lang, rect.w, rect.h, self.tracks_full)  # the widths depend on the tracks' words, not their values
        if self.__dict__.get("_column_key") != key:
            obs = self.observation(max(0, self.game.current_player))
            tracks = self.tracks(obs, lang)
            want = max(xinhai_tracks.natural_width(tracks), xinhai_hud.WIDTH + 8) + 8
            least = xinhai_tracks.least_width(tracks) + 8
            full = self.tracks_full
            if full is None:  # folded where every box would crowd the map (T shows them all the same)
                tall = 2 * xinhai_tracks.PAD + len(tracks) * (16 + xinhai_tracks.GAP) + 40  # 16-pixel boxes, footer
                full = rect.w - least >= rect.w * 0.4 and tall <= rect.h * 0.75
            self._folded = not full
            if full:
                self._column = int(max(least, min(want, rect.w * 0.42)))
            else:  # the values only: the column as wide as the box's narrowest (160 pixels) or the list
                self._column = max(xinhai_tracks.folded_width(tracks), 160 + 8) + 8
            self._column_key = key
        return self._column

    def board_area(self, rect):
        """The map is framed left of the column the tracks and the box take (at any window size: the
        column narrows, the map keeps the rest), so they never cover it; a close-up of it when the whole
        map would make its counters too small (``frame_map``)."""
        rect = pygame.Rect(rect)
        col = self.column_width(rect, lang())
        area = pygame.Rect(rect.x, rect.y, max(1, rect.w - col), rect.h)
        if area != self._area:  # a new window size: the close-up fits it (the view just built too)
            self._area = area
            self._shrink = 1.0
            last = self.__dict__.get("_last_view")
            if last is not None:
                self.frame_view(last)
        return area

    def draw_over_board(self, surf, rect, viewer: int, lang: str, world_px=None) -> None:
        """The tracks as a panel (client/games/xinhai_tracks.py) and under it the box with the command
        marker, the bag and the last roll with its table row (client/games/xinhai_hud.py), in the column
        right of the map that ``board_area`` keeps (the box folds when the column is short)."""
        rect = pygame.Rect(rect)
        col = self.column_width(rect, lang)
        column = pygame.Rect(rect.right - col, rect.top, col, rect.h)
        surf.fill(COLUMN_BG, column)  # the map (a zoomed GL view) never shows under the panels
        scene = getattr(world_px, "__self__", None)  # the board scene: where its card strip and status line are
        strip, status = getattr(scene, "card_rect", None), getattr(scene, "status_rect", None)
        if strip is not None and strip.h > 0 and status is not None:  # the strip a solid panel: no map round it
            band = pygame.Rect(0, rect.bottom, scene.panel_rect.x, status.y - rect.bottom)
            surf.fill(COLUMN_BG, band)
            widgets.mark(band, opaque=True)
        free = pygame.Rect(rect.right - col + 4, rect.top + 4, col - 8, rect.h - 8)
        if world_px is not None:
            self._measure(world_px)
        last = self.__dict__.get("_last_view")
        if self.whole_map or (last is not None and last.geometry is not self.geometry):  # keys Z and arrows
            area = self.board_area(rect)
            words = text(Msg.of("xinhai.hint.whole_map" if self.whole_map else "xinhai.hint.close_up"), lang)
            size = 13 if ui_text.size_of(words, 13)[0] <= area.w - 20 else 12  # within the map's part, wrapped
            lines = ui_text.wrap(words, size, area.w - 20)  # if need be (it ran over the column at 640x400)
            tw, th = max(ui_text.size_of(ln, size)[0] for ln in lines), ui_text.size_of(words, size)[1]
            box = pygame.Rect(area.x + 4, area.bottom - th * len(lines) - 10, tw + 12, th * len(lines) + 6)
            widgets.panel(surf, box, 200)
            for i, ln in enumerate(lines):
                ui_text.draw(surf, ln, (box.x + 6, box.y + 3 + i * th), size, widgets.TEXT)
        obs = self.observation(viewer)
        footer = text(Msg.of("xinhai.panel.tracks", total=sum(obs["tracks"].values()), morale=obs["morale"],
                             munitions=obs["munitions"]), lang)
        if self._folded:  # a small window: the values only, and how to see every box (T)
            self.track_panel = xinhai_tracks.draw_folded(surf, free, self.tracks(obs, lang),
                                                         text(Msg.of("xinhai.tracks.unfold"), lang))
        else:
            self.track_panel = xinhai_tracks.draw(surf, free, self.tracks(obs, lang), footer)
        below = self.track_panel["rect"].bottom + 6
        key = (id(self.game), len(self.game.log), self.game.current_player, viewer, lang)
        if self.__dict__.get("_hud_key") != key:  # what the box shows, worked out once per position
            self._hud_key = key
            self._hud_info = xinhai_hud.summary(obs, self.game.events(viewer), lang)
        under = pygame.Rect(free.x, below, free.w + 4, free.bottom - below)  # the box keeps 4 px off its right
        if self._folded and under.h < 48:  # no room for the box under the folded tracks: not a sliver of its title
            self.hud = dict(self._hud_info, rect=pygame.Rect(column.right, below, 0, 0), fold=3)
            return
        clip = surf.get_clip()
        surf.set_clip(column.clip(clip))  # a box folded as far as it goes still ends at the map's foot
        try:
            self.hud = xinhai_hud.draw(surf, rect, obs, self._hud_info, lang, under if under.h > 0 else None)
        finally:
            surf.set_clip(clip)

    def action_steps(self, action) -> tuple[Step, ...]:
        """The engine's steps, cell steps without their label: a click on a hex is matched by the hex alone
        (the one-click actions 整頓, retreat, ruins, trench and fleet carry a label in the engine)."""
        return tuple(Step("cell", s.value) if s.kind == "cell" else s for s in self.game.action_steps(action))

    def describe(self, action, lang: str) -> str:
        """What an action does, in words: a marker face by its region and extra (漢口指揮，整頓), like its
        button; anything else as the engine describes it."""
        steps = self.game.action_steps(action)
        act = self.game.parse_action(action) if isinstance(action, str) else action
        if len(steps) == 1 and steps[0].label and getattr(act, "verb", "") in ("cmd", "rally"):
            return text(Msg.of(steps[0].label), lang)
        return super().describe(action, lang)

    def button_label(self, step: Step):
        """A marker face names its region and extra (漢口指揮，整頓), pass / end / tracks / regions their
        catalogue words: the engine's step label, which says more than the generic description."""
        return Msg.of(step.label) if step.label else super().button_label(step)

    def stat_rows(self, game) -> list:
        """None of the client's own rows: the pieces-taken count follows a piece to the hex an action goes to,
        but a unit here is destroyed by a shot from afar or a retreat with no hex; the engine's rows count them
        (engine/xinhai/game.py stat_rows)."""
        return []

    # ------------------------------------------------------------------ cards (client/ui/cards.py)
    def buttons(self) -> list[Step]:
        """The one-button actions, but set-up cards are chosen on the cards under the map."""
        return [s for s in super().buttons() if not (s.value.startswith("card ") and s.value != "card none")]

    def setup_card(self, cid: int, side: str, lang: str, playable: bool = False) -> CardView:
        """Set-up card ``cid`` as ``side`` holds it: its name, number and that side's reinforcement
        (seed 11: the revolutionary hex; the Qing group, its hex and its cuts)."""
        c = rules().setup[cid]
        if side == "rev":
            lines = [text(Msg.of("xinhai.card.rev_reinforce", hex=label(c.rev_reinforce)), lang)]
        else:
            units = "、" if lang == "zh" else ", "
            times = "" if lang == "zh" else " "  # "4步兵", "4 infantry" (a narrow card breaks English at spaces)
            units = units.join(f"{n}{times}{text(Msg.of(f'xinhai.kind.{k}'), lang)}" for k, n in Counter(c.qing_units).items())
            lines = [text(Msg.of("xinhai.card.qing_reinforce", units=units, hex=label(c.qing_hex)), lang)]
            lines += [text(Msg.of("xinhai.card.cut", track=Msg.of(f"xinhai.track.{t}"), value=v,
                                  kind=Msg.of(f"xinhai.kind.{k}")), lang) for t, v, k in c.qing_cuts]
        step = self.game.action_steps(Act("card", (str(cid),)))[0] if playable else None
        return CardView(text(Msg.of(f"xinhai.setup.{cid}"), lang), tuple(lines), str(cid), step=step,
                        ink=SIDE_RGB[side], key=("setup", side, cid), title_px=CARD_PX, body_px=CARD_PX)

    def event_card(self, side: str, num: int, lang: str) -> CardView:
        """Event card ``num`` of ``side`` with its effect (X3, reconstructed texts)."""
        e = rules().events[(side, num)]
        v = f"{e.value:+d}" if e.effect in ("morale", "response") else e.value
        fx = Msg.of(f"xinhai.card.fx.{e.effect}", v=v, track=Msg.of(f"xinhai.track.{e.track}") if e.track else "")
        period = text(Msg.of("xinhai.card.event_tag", period=e.period), lang)  # a line: no foot taking a line's room
        return CardView(text(Msg.of(f"xinhai.event.{side}.{num}"), lang), (text(fx, lang), period), str(num),
                        ink=SIDE_RGB[side], key=("event", side, num), title_px=CARD_PX, body_px=CARD_PX)

    def card_refusal(self, card) -> tuple[Msg, str] | None:
        """Why a click on ``card`` chooses nothing, with the rule (issue 26: it said only "that card cannot be
        chosen now"): a set-up card is played when a reinforcements event asks for one (seed 11), the other
        side's only by that side, an event card takes effect when turned over and is never clicked (X3)."""
        key = card.ident if isinstance(card.ident, tuple) else ()
        if len(key) != 3 or key[0] not in ("setup", "event"):
            return None
        if key[0] == "event":
            return why_rule(Msg.of("xinhai.why.card_event"), "X3"), "X3"
        if key[1] != self.observation(self.viewer)["side"]:
            why = Msg.of("xinhai.why.card_setup_other", side=Msg.of(f"xinhai.side.{key[1]}"))
        else:
            why = Msg.of("xinhai.why.card_setup")
        return why_rule(why, "seed 11"), "seed 11"

    def hand(self, obs, lang: str) -> list[CardView]:
        """The viewer's set-up cards; chosen by a click while the game waits for a reinforcement card."""
        d = obs["decision"]
        playable = bool(d and d["kind"] == "reinforce" and d["side"] == obs["side"])
        return [self.setup_card(c, obs["side"], lang, playable) for c in obs["hand"]]

    def opponent_hand_counts(self, obs, lang: str) -> list[tuple[str, int, RGB]]:
        """The other side's hand when it is private (X10): its size only."""
        other = "qing" if obs["side"] == "rev" else "rev"
        if obs["hands"][other] is not None or not obs["hand_sizes"][other]:
            return []
        return [(text(Msg.of("xinhai.card.hand_of", side=Msg.of(f"xinhai.side.{other}")), lang),
                 obs["hand_sizes"][other], SIDE_RGB[other])]

    def hand_shown(self) -> bool:
        """Whether the other side's public hand is unfolded: as key C last set it, else (issue 26: public
        information visible without a key where it fits) when the window is at least SHOW_HAND_H tall."""
        if self.other_hand is not None:
            return self.other_hand
        return self.tall_window()

    def tall_window(self) -> bool:
        """Whether the window is at least SHOW_HAND_H tall (room for a second line of cards)."""
        win = pygame.display.get_surface()  # the window's size: the scene asks for the rows before its layout
        return win is not None and win.get_height() >= self.SHOW_HAND_H

    def card_rows(self, viewer: int, lang: str) -> list[CardRow]:
        """Own hand, the other hand (face up when public, else backs), this round's event cards and the
        event decks (backs with their size); made once per position, viewer and language."""
        key = (id(self.game), len(self.game.log), self.game.current_player, viewer, lang, self.hand_shown(),
               self.tall_window())
        if self.__dict__.get("_rows_key") != key:
            self._rows_key, self._rows = key, self._card_rows(viewer, lang)
        return list(self._rows)

    def _card_rows(self, viewer: int, lang: str) -> list[CardRow]:
        """The rows of the strip (issue 26: every card's title whole and its words readable at 1024x640): the
        viewer's hand and this round's events (the event decks' sizes in their title: no pile of backs taking a
        card's room); the other hand, when it is public, on a second line once key C unfolds it (folded, the
        hand's title says how many cards it holds and which key shows them)."""
        obs = self.observation(viewer)
        other = "qing" if obs["side"] == "rev" else "rev"
        public = bool(obs["hands"][other])
        shown = public and self.hand_shown()
        rows = [replace(r, aspect=CARD_ASPECT) for r in super().card_rows(viewer, lang) if r.cards]
        n_other = obs["hand_sizes"][other]
        if n_other and not shown and rows:  # the other hand, private or folded: its size in the hand's title
            key = "xinhai.card.hand_folded" if public else "xinhai.card.hand_count"  # (no pile of backs)
            rows[0] = replace(rows[0], title=text(Msg.of(key, hand=rows[0].title, side=Msg.of(f"xinhai.side.{other}"),
                                                         n=n_other), lang))
        elif n_other and not shown:  # no hand of one's own: the other's size as a row's title alone
            rows.append(CardRow(text(Msg.of("xinhai.card.other_count", side=Msg.of(f"xinhai.side.{other}"), n=n_other),
                                     lang), (), ink=SIDE_RGB[other], aspect=CARD_ASPECT))
        played = [self.event_card(s, obs["played"][s][-1], lang) for s in ("qing", "rev") if obs["played"][s]]
        decks = obs["deck_sizes"]
        if played or decks["qing"] or decks["rev"]:  # the event decks' sizes in the title (no pile of backs)
            title = Msg.of("xinhai.card.decks", qing=decks["qing"], rev=decks["rev"]) if decks["qing"] or decks["rev"] \
                else Msg.of("xinhai.card.events")
            rows.append(CardRow(text(title, lang), tuple(played), ink=(0.55, 0.45, 0.30), aspect=CARD_ASPECT))
        if not shown and self.tall_window() and sum(len(r.cards) for r in rows) > 5 and rows[-1].cards \
                and rows[-1] is not rows[0]:  # a large window: the events on a line of their own, so that a
            rows[-1] = replace(rows[-1], line=1)  # long hand (the Qing's five) has the room to show every line
        if shown:
            rows.append(CardRow(text(Msg.of("xinhai.card.hand_of", side=Msg.of(f"xinhai.side.{other}")), lang),
                                tuple(self.setup_card(c, other, lang) for c in obs["hands"][other]),
                                ink=SIDE_RGB[other], line=1, aspect=CARD_ASPECT))
        return self.narrowed(rows)

    def narrowed(self, rows: list[CardRow]) -> list[CardRow]:
        """``rows`` with the cards of a line that would not fit side by side in the window's strip made narrower
        (down to square): five set-up cards and two events at 1024x640 (the random set-up) lay over each other
        with their titles cut; narrower, every card and title is whole (a long body opens on hover). In a
        window at least SHOW_HAND_H tall a line with room to spare gets wider cards (up to twice as wide as
        tall)."""
        win = pygame.display.get_surface()  # the window's size: the scene asks for the rows before its layout
        if win is None:
            return rows
        w = win.get_width()
        strip_w = w - int(min(380, max(250, w * 0.3))) - 12  # the board scene's strip: the board's width
        out = list(rows)
        for k in {r.line for r in rows}:
            line = [i for i, r in enumerate(rows) if r.line == k]
            n = sum(len(rows[i].cards) for i in line)
            groups = len([i for i in line if rows[i].cards])
            if not n:
                continue
            room = strip_w - 12 - 16 * (groups - 1) - 8 * (n - groups)
            faces = [c for i in line for c in rows[i].cards]
            crowded = room / n / 92 < CARD_ASPECT
            wide = not crowded and self.tall_window() and room / n / 120 > CARD_ASPECT
            if crowded:  # as wide as the line allows
                base = (int(room / n) + 1, 92)  # (room keeps 12 pixels spare)
            elif wide:  # a large window, a short line: wider cards (fewer lines wrapped: the Qing's four-line
                base = (int(min(2.0, room / n / 120 - 0.01) * 120), 120)  # cards whole at 1600x1000)
            else:
                base = (int(CARD_ASPECT * 92), 92)
            if all(cards.shows_whole(c, (0, 0) + base) for c in faces if not c.face_down):
                aspect = base[0] / base[1]
            else:  # a card cut at that size (the Qing's hand beside two events at 1280x720, a long event of a
                cw = min(int(room / n) + 1, 240)  # later round): wider, then as tall as its longest card needs
                aspect = cw / self.tall_enough(faces, cw, line_cap(win.get_height(), len({r.line for r in rows})))
            if crowded or wide or aspect != CARD_ASPECT:
                for i in line:  # every row of the line: the strip lays a line with its first row's aspect
                    out[i] = replace(rows[i], aspect=max(0.45, aspect + 0.0001))  # (no rounding down)
        return out

    @staticmethod
    def tall_enough(faces, width: int, top: int) -> int:
        """The height (92 at least, at most ``top``) at which every card of ``faces`` drawn ``width`` pixels wide
        shows its whole text (issue 26: the Qing's three- and four-line set-up cards beside two events at
        1280x720 and 1024x640 were cut until hovered, and a long event of a later round at 1600x1000)."""
        faces = [c for c in faces if cards.shows_whole(c, (0, 0, width, 999))]  # (a title cut at this width: no
        tall = 92  # height makes it whole)
        while tall < top and not all(cards.shows_whole(c, (0, 0, width, tall)) for c in faces):
            tall += 2
        return tall

    def card_strip_height(self, rows, w: int, h: int) -> int:
        """The strip's height for ``rows``: per line (two when the other hand is unfolded) cards 92 pixels tall (a
        two-line title and two lines under it), taller as far as its cards need to show their whole text (the
        strip at most CROWDED_MAX of the window) and as long as every card of the line still fits side by side
        (none over another)."""
        lines = max((r.line for r in rows), default=0) + 1
        strip_w = w - int(min(380, max(250, w * 0.3))) - 12  # the board scene's strip: the board's width
        most = line_cap(h, lines)  # as tall as a cut card needs
        for k in range(lines):
            line = [r for r in rows if r.line == k]
            n = sum(len(r.cards) for r in line)
            if n:
                room = strip_w - 12 - 16 * (len(line) - 1) - 8 * (n - len([r for r in line if r.cards]))
                most = min(most, max(92, round((room / n + 1) / line[0].aspect)))  # no card over another
        faces = [(c, r.aspect) for r in rows for c in r.cards if not c.face_down]
        tall = 92  # no taller than every card needs to show its whole text (the map keeps the rest)
        while tall < most and not all(cards.shows_whole(c, (0, 0, int(tall * a), tall)) for c, a in faces):
            tall += 2
        return lines * (cards.LABEL_H + cards.LIFT + 4 + min(tall, most))


def line_cap(win_h: int, lines: int) -> int:
    """The tallest a card may be in a strip of ``lines`` lines in a window ``win_h`` pixels tall (the strip at
    most CROWDED_MAX of the window and leaving MAP_KEEPS, each line's title and lift included), 92 at least."""
    strip = min(win_h * CROWDED_MAX, win_h - MAP_KEEPS)  # (a short window: the map and the box keep their room)
    return max(92, int(strip / max(1, lines)) - cards.LABEL_H - cards.LIFT - 4)


PLUGIN = Plugin
