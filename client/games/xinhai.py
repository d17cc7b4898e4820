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

import math

import pygame

from collections import Counter

from engine.api import Step
from engine.messages import Msg
from engine.xinhai.actions import Act
from engine.xinhai.data import rules
from engine.grids.base import CellNameError
from engine.grids.hexes import HexGrid
from engine.grids.names import letters
from engine.xinhai.hexgrid import label, parse_label

from client.boards.geometry import OffsetHexGeometry
from client.boards.model import BoardView, Caption, Edge, Piece, RGB, Track, mix
from client.games.base import Choice, GamePlugin, text
from client.keys import Binding
from client.ui.cards import CardRow, CardView

SQRT3 = math.sqrt(3.0)
SIDE_RGB: dict[str, RGB] = {"rev": (0.80, 0.14, 0.12), "qing": (0.16, 0.34, 0.80)}
KIND_ZH = {"infantry": "步", "cavalry": "馬", "artillery": "砲", "fleet": "艦"}
TERRAIN_RGB: dict[str, RGB] = {
    ".": (0.70, 0.80, 0.56), "C": (0.90, 0.76, 0.44), "S": (0.76, 0.72, 0.64), "H": (0.62, 0.50, 0.34),
    "X": (0.62, 0.44, 0.74), "R": (0.84, 0.78, 0.88), "L": (0.62, 0.80, 0.92), "Y": (0.40, 0.60, 0.84),
    "r": (0.55, 0.62, 0.86), "W": (0.48, 0.68, 0.90)}
RUINS_RGB: RGB = (0.50, 0.46, 0.42)  # seed 10(9): the burnt quarter of 漢口
PALE: RGB = (0.86, 0.84, 0.80)
TERRAIN_ICON = {"C": "控", "S": "街", "H": "山", "X": "租", "R": "停"}  # control point, street, hill, concession, cease-fire
REGION_LABEL = {"hankou": "F-19", "hanyang": "C-3", "wuchang": "Q-3"}  # where each region's name is written
# the names' heights in hexes: 漢口 on the far (north) edge is seen smallest in the angled GL view
CAPTION_SIZE = {"hankou": 1.3, "hanyang": 0.9, "wuchang": 0.9}
CAPTION_RGB: RGB = (0.20, 0.04, 0.12)
CHOICE_GLYPH = {"shoot": "射", "melee": "刃", "done": "走", "boat": "船", "cross": "渡"}  # the chooser's tokens
BADGE_SCALE = 1.8  # the lettered badges above a counter (控 flags, 壕 橋 船 墟) nearly twice as large


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

    def bounds(self) -> tuple[float, float, float, float]:
        """The map's bounds (worked out once: the renderers and the box beside the map ask every frame)."""
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
        z1 = self.bounds()[3]
        for c in sorted({c for _, c in self.cells}):
            out.append((letters(c, upper=True), (self.center((0, c))[0], z1 + 0.3)))
        return out


class Plugin(GamePlugin):
    game_id = "xinhai"
    chooser_title = "xinhai.choose"  # 選擇: the game's traditional characters, not the client's 请选择
    start_options = ()
    needs_handover = True  # each side's hand is private: hot seat hides the board between the two humans
    key_rows = (Binding("L", "hex_labels", "显示 / 隐藏每格编号", "show / hide every hex's label", "xinhai",
                        (("K_l", ""),)),)
    hex_labels = False  # every hex's label written at its foot (key L)

    def on_key(self, action: str, scene) -> None:
        """L: every hex's label on or off."""
        if action == "hex_labels":
            self.hex_labels = not self.hex_labels

    @property
    def hint(self) -> str:
        """The status line's words when a human is to move: what the decision now asks (the panel's first
        line), not the generic 'select a piece'."""
        return f"xinhai.hint.{self.stage_hint()}"

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
    def seat_rgb(cls, seat: int) -> RGB:
        return SIDE_RGB[("rev", "qing")[seat % 2]]

    def pieces(self, obs) -> list[Piece]:
        out = []
        for u in obs["units"]:
            ink = SIDE_RGB[u["side"]]
            out.append(Piece(cell=self.cell(u["hex"]), glyph=KIND_ZH[u["kind"]], ink=ink, ring=ink,
                             body=(1.0, 0.98, 0.92) if u["ready"] else PALE,
                             side=0 if u["side"] == "rev" else 1, shape="square",
                             name=f"{KIND_ZH[u['kind']]} {u['hex']}{'' if u['ready'] else ' 耗損'}",
                             value="" if u["ready"] else "耗", turned=not u["ready"]))  # seed 4(2): worn = sideways
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
        from client.i18n import lang

        ln = lang()
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
        for name, cell, t in self.terrain_cells():
            if t not in TERRAIN_ICON or (name in ruins and t in ("C", "S", "H")):
                continue  # seed 10(9): icons under the ruins count as plain
            view.icons[cell] = TERRAIN_ICON[t]
            if t == "C" and name in held:  # the control point's flag: the side standing on it
                badges.setdefault(cell, []).insert(0, "flag0" if held[name] == "rev" else "flag1")
        view.markers.update({c: tuple(v) for c, v in badges.items()})
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
        from engine.xinhai.data import TERRAIN_CODES

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
        if prefix and any(s.kind == "option" and s.value in ("shoot", "melee")
                          for s in self.index().next(prefix + (step,))):
            return "capture"
        return "move"

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
        only; never a computer seat's)."""
        self.viewer = viewer if viewer in (0, 1) else 0
        return super().view(viewer, prefix)

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
            lines.append((text(Msg.of(self.hint), lang), self.seat_rgb(self.viewer)))
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
        from client.games import xinhai_hud, xinhai_tracks

        key = (lang, rect.w)  # the widths depend on the tracks' words only, not on their values
        if self.__dict__.get("_column_key") != key:
            obs = self.observation(max(0, self.game.current_player))
            tracks = self.tracks(obs, lang)
            want = max(xinhai_tracks.natural_width(tracks), xinhai_hud.WIDTH + 8) + 8
            least = xinhai_tracks.least_width(tracks) + 8
            self._column_key, self._column = key, int(max(least, min(want, rect.w * 0.42)))
        return self._column

    def board_area(self, rect):
        """The map is framed left of the column the tracks and the box take (at any window size: the
        column narrows, the map keeps the rest), so they never cover it."""
        from client.i18n import lang

        rect = pygame.Rect(rect)
        col = self.column_width(rect, lang())
        return pygame.Rect(rect.x, rect.y, max(1, rect.w - col), rect.h)

    def draw_over_board(self, surf, rect, viewer: int, lang: str, world_px=None) -> None:
        """The tracks as a panel (client/games/xinhai_tracks.py) and under it the box with the command
        marker, the bag and the last roll with its table row (client/games/xinhai_hud.py), in the column
        right of the map that ``board_area`` keeps (the box folds when the column is short)."""
        from client.games import xinhai_hud, xinhai_tracks

        rect = pygame.Rect(rect)
        col = self.column_width(rect, lang)
        free = pygame.Rect(rect.right - col + 4, rect.top + 4, col - 8, rect.h - 8)
        obs = self.observation(viewer)
        footer = text(Msg.of("xinhai.panel.tracks", total=sum(obs["tracks"].values()), morale=obs["morale"],
                             munitions=obs["munitions"]), lang)
        self.track_panel = xinhai_tracks.draw(surf, free, self.tracks(obs, lang), footer)
        below = self.track_panel["rect"].bottom + 6
        key = (id(self.game), len(self.game.log), self.game.current_player, viewer, lang)
        if self.__dict__.get("_hud_key") != key:  # what the box shows, worked out once per position
            self._hud_key = key
            self._hud_info = xinhai_hud.summary(obs, self.game.events(viewer), lang)
        under = pygame.Rect(free.x, below, free.w + 4, free.bottom - below)  # the box keeps 4 px off its right
        self.hud = xinhai_hud.draw(surf, rect, obs, self._hud_info, lang, under if under.h > 0 else None)

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
            times = "×" if lang == "zh" else " "  # "4×步兵", "4 infantry" (a narrow card breaks English at spaces)
            units = units.join(f"{n}{times}{text(Msg.of(f'xinhai.kind.{k}'), lang)}" for k, n in Counter(c.qing_units).items())
            lines = [text(Msg.of("xinhai.card.qing_reinforce", units=units, hex=label(c.qing_hex)), lang)]
            lines += [text(Msg.of("xinhai.card.cut", track=Msg.of(f"xinhai.track.{t}"), value=v,
                                  kind=Msg.of(f"xinhai.kind.{k}")), lang) for t, v, k in c.qing_cuts]
        step = self.game.action_steps(Act("card", (str(cid),)))[0] if playable else None
        return CardView(text(Msg.of(f"xinhai.setup.{cid}"), lang), tuple(lines), str(cid), step=step,
                        ink=SIDE_RGB[side], tag=text(Msg.of("xinhai.card.setup_tag"), lang), key=("setup", side, cid))

    def event_card(self, side: str, num: int, lang: str) -> CardView:
        """Event card ``num`` of ``side`` with its effect (X3, reconstructed texts)."""
        e = rules().events[(side, num)]
        v = f"{e.value:+d}" if e.effect in ("morale", "response") else e.value
        fx = Msg.of(f"xinhai.card.fx.{e.effect}", v=v, track=Msg.of(f"xinhai.track.{e.track}") if e.track else "")
        return CardView(text(Msg.of(f"xinhai.event.{side}.{num}"), lang), (text(fx, lang),), str(num),
                        ink=SIDE_RGB[side], tag=text(Msg.of("xinhai.card.event_tag", period=e.period), lang),
                        key=("event", side, num))

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

    def card_rows(self, viewer: int, lang: str) -> list[CardRow]:
        """Own hand, the other hand (face up when public, else backs), this round's event cards and the
        event decks (backs with their size); made once per position, viewer and language."""
        key = (id(self.game), len(self.game.log), self.game.current_player, viewer, lang)
        if self.__dict__.get("_rows_key") != key:
            self._rows_key, self._rows = key, self._card_rows(viewer, lang)
        return list(self._rows)

    def _card_rows(self, viewer: int, lang: str) -> list[CardRow]:
        rows = super().card_rows(viewer, lang)
        obs = self.observation(viewer)
        other = "qing" if obs["side"] == "rev" else "rev"
        if obs["hands"][other]:
            rows.append(CardRow(text(Msg.of("xinhai.card.hand_of", side=Msg.of(f"xinhai.side.{other}")), lang),
                                tuple(self.setup_card(c, other, lang) for c in obs["hands"][other]), ink=SIDE_RGB[other]))
        played = [self.event_card(s, obs["played"][s][-1], lang) for s in ("qing", "rev") if obs["played"][s]]
        if played:
            rows.append(CardRow(text(Msg.of("xinhai.card.events"), lang), tuple(played), ink=(0.55, 0.45, 0.30)))
        for s in ("qing", "rev"):
            if obs["deck_sizes"][s]:
                rows.append(CardRow(text(Msg.of("xinhai.card.deck_of", side=Msg.of(f"xinhai.side.{s}")), lang),
                                    (), obs["deck_sizes"][s], SIDE_RGB[s]))
        return rows


PLUGIN = Plugin
