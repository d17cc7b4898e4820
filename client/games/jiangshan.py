"""江山 in the client: the 12x8 board with its terrain (山 mountain, 水 water, 林 forest), cities (城) and
camps (营), square counters, the two seats' tracks and the tallies (虎符) as cards.

A counter in battle state shows its unit (刀兵 as 刀, 干戈 as 戈 ...) with an arrow for an infantry facing
(J3); a counter in march state shows its class (步 / 马 / 奔) on its back (J4/J5) — to its owner with
the unit's name in the panel. Own garrisons are counted on their city. Fires (火, two for a large one)
and disorder (乱) are badges.
Clicks walk the engine's action steps: the unit, then where; options (a facing, a kind, a unit type)
come up in the chooser; end of turn, 兵者诡道, recruiting and the tally choice are buttons.
The viewer's unused tallies are cards with their cost and text (兵者诡道 and 无中生有 into the reserve
are played by a click on the card); the enemy's only as a count of backs; played tallies face up.
The 李代桃僵 answer (J12) is prompted in the panel with the attacked cell marked.
"""
from __future__ import annotations

import math
from dataclasses import replace
from itertools import permutations

import pygame

from client.boards.geometry import SquareGeometry
from client.boards.model import RGB, BoardView, Piece, Track
from client.games import jiangshan_position, xinhai_tracks
from client.games.base import Choice, GamePlugin, Outcome, StepIndex, text
from client.i18n import lang
from client.ui import cards
from client.ui.cards import CardRow, CardView
from engine.api import IllegalAction, Step
from engine.jiangshan.actions import Act
from engine.jiangshan.data import TALLY_COST, unit_table
from engine.messages import Msg, rule_msg

HAN_INK: RGB = (0.78, 0.12, 0.10)  # 汉: red counters
CHU_INK: RGB = (0.20, 0.20, 0.24)  # 楚: white counters with dark ink
INK = (HAN_INK, CHU_INK)
BODY: tuple[RGB, ...] = ((0.97, 0.90, 0.82), (0.95, 0.95, 0.93))
BACK: tuple[RGB, ...] = ((0.91, 0.72, 0.64), (0.55, 0.55, 0.58))  # the march faces
TERRAIN: dict[str, tuple[RGB, str]] = {"M": ((0.62, 0.52, 0.38), "山"), "W": ((0.45, 0.64, 0.86), "水"),
                                       "F": ((0.42, 0.60, 0.34), "林")}
CITY_TINT: RGB = (0.80, 0.66, 0.52)
GLYPH = {"blade": "刀", "halberd": "戈", "armour": "甲", "bow": "弦", "horse": "骑", "rider": "射", "general": "将",
         "minister": "相", "chariot": "车", "queen": "后", "king": "王", "scout": "斥"}
CLASS_GLYPH = {"foot": "步", "horse": "马", "raider": "奔", "scout": "斥"}
FACING_DIR = {"E": 0, "N": 2, "W": 4, "S": 6}
CARD_PLAYED = {"ruse": Act("ruse"), "scout": Act("scout", ("reserve",))}  # tallies played by a click on their card
TERRAIN_NAME = {"M": "mountain", "W": "water", "F": "forest"}
ARROW = {"N": "↑", "E": "→", "S": "↓", "W": "←"}  # a facing on the screen, rank 8 at the top
FLIP = {"N": "S", "S": "N", "E": "W", "W": "E"}  # the board turned for 楚: north points down
KIND_GLYPH = {"capture": "攻", "move": "行", "shoot": "射", "rocks": "石", "fire": "火", "siege": "降",
              "formation": "阵", "rebuild": "建"}  # what a unit does, as a chooser entry's glyph
ICON_SCALE = 2.3  # terrain and city glyphs: 0.6 of an empty cell, a 0.34 cell corner beside a counter
BADGE_SCALE = 1.5  # fire and disorder badges
CARD_ASPECT = 1.6  # the tallies under the board: landscape cards at most this much wider than tall
CARD_TITLE_PX, CARD_BODY_PX = 13, 12  # their words (issue 26: 9 pixels on 60-pixel portrait cards at 1280x720)


def tally_step(t: str) -> Step:
    """The step of choosing tally ``t`` at the start (a click on its card in the offer)."""
    return Step("card", t, f"jiangshan.tally.{t}")


def lang_now() -> str:
    """The client's language now (the board model's words: the tracks' labels)."""
    return lang()


class Plugin(GamePlugin):
    game_id = "jiangshan"
    start_options = ()
    hint_after_move = True  # after any move the status line says what to do now (it read "楚：选定了虎符" at the
    # first decision, issue 26); the move stays in the move list

    @classmethod
    def scenario_position(cls, pos: dict, seed: int = 0):
        """A rule picture's hand-built board (client/games/jiangshan_position.py)."""
        return jiangshan_position.position(pos, seed)

    def index(self) -> StepIndex:
        """The legal actions with their steps; a tally pick (seed 虎符的获得) is its tallies' cards clicked
        one by one, in any order (so the pick is made on the cards on offer, not on 20 buttons)."""
        key = (id(self.game), len(self.game.log), self.game.current_player)
        if self._index_key != key:
            self._index_key = key
            pairs = []
            for a in ([] if self.game.is_over else self.game.legal_actions()):
                if a.kind == "pick":
                    pairs += [(a, tuple(tally_step(t) for t in p)) for p in permutations(a.tallies)]
                else:
                    pairs.append((a, tuple(self.action_steps(a))))
            self._index = StepIndex(pairs)
        return self._index

    def button_label(self, step):
        """A recruiting button names its cost in merit (seed 征兵: merit and cost 1:1), others as the engine says."""
        action = self.game.action_for((step,))
        if action is not None and action.kind == "recruit" and action.args[0] in unit_table():
            return Msg.of("jiangshan.button.recruit", unit=Msg.of(f"jiangshan.unit.{action.args[0]}"),
                          cost=unit_table()[action.args[0]].cost)
        return super().button_label(step)

    def buttons(self):
        """The one-button actions, except the tallies played from their cards (兵者诡道, a scout into the
        reserve)."""
        played = {str(a) for a in CARD_PLAYED.values()}
        return [s for s in super().buttons() if s.value not in played]

    def set_game(self, game) -> None:
        """Play ``game`` from now on; the cached index and observation go (they are keyed on the game's id, which
        a game made after an earlier one was freed may reuse)."""
        super().set_game(game)
        self._index_key = self._obs_key = None

    show_seed = True  # the weather die and the random set-up follow the seed
    needs_handover = True  # marching units, garrisons and tallies are private: hot seat hides the board

    def make_geometry(self, game) -> SquareGeometry:
        st = game.st
        return SquareGeometry(st.height, st.width)

    @classmethod
    def side_name(cls, seat: int, lang: str) -> str:
        """The side ``seat`` plays, before a game exists (the start screen's seat rows: 汉 / Han)."""
        return text(Msg.of(f"jiangshan.seat.{seat}"), lang)

    @classmethod
    def seat_rgb(cls, seat: int) -> RGB:
        return (HAN_INK, (0.70, 0.70, 0.74))[seat % 2]

    def bottom_seat_flipped(self, seat: int) -> bool:
        """Whether the board is turned round for ``seat`` (the second side), as the facing arrows need it."""
        return seat == 1

    def bottom_seat_yaw(self, seat: int) -> float:
        """The second side plays from the bottom turned round."""
        return 180.0 if self.bottom_seat_flipped(seat) else 0.0

    # --- whose view: the seat the scene draws for (a human's, never a computer's private view)
    viewer: int | None = None

    def seat_shown(self) -> int:
        v = self.viewer
        return v if v in (0, 1) else max(0, self.game.current_player)

    def obs(self):
        """The observation of the seat the board is drawn for (cached until the next action)."""
        seat = self.seat_shown()
        key = (id(self.game), len(self.game.log), seat, self.game.stage)
        if self._obs_key != key:
            self._obs_key = key
            self._obs = self.game.observe(seat)
        return self._obs

    def observation(self, seat: int):
        """The observation of ``seat`` (the cached one when it is the seat the board is drawn for)."""
        if seat == self.seat_shown():
            return self.obs()
        return self.game.observe(seat)

    def move_list(self, lang: str) -> list[str]:
        """The log as the shown seat may read it (a marching enemy unit by its class only)."""
        return [f"{i + 1}. {text(e.msg, lang)}" for i, e in enumerate(self.game.events(self.seat_shown()))]

    # --- the position
    def pieces(self, obs) -> list[Piece]:
        out = []
        me = obs["player"]
        for u in obs["units"]:
            if u.get("in_city"):
                continue  # counted on the city (decorate)
            side = u["owner"]
            cell = self.cell(u["cell"])
            name = text(Msg.of(f"jiangshan.unit.{u['type']}"), "zh") if u["type"] else CLASS_GLYPH[u["class"]]
            if u["type"] == "scout":  # J18: the face it shows the enemy (步 or 马) beside its name
                name = f"{name}·{CLASS_GLYPH[u['class']]}"
            if u["state"] == "march":  # the march face: its owner knows the unit; a revealed scout shows 斥 (J18)
                back = GLYPH[u["type"]] if u["type"] else CLASS_GLYPH[u["class"]]
                out.append(Piece(cell=cell, ink=INK[side], ring=INK[side], side=side, shape="square",
                                 face_down=True, back=BACK[side], back_glyph=back,
                                 name=name if side == me or u["type"] else CLASS_GLYPH[u["class"]]))
                continue
            out.append(Piece(cell=cell, glyph=GLYPH.get(u["type"], "?"), ink=INK[side], body=BODY[side], side=side,
                             shape="square", name=name, facing=FACING_DIR.get(u["facing"] or "")))
        return out

    def tints(self, obs) -> dict:
        out = {}
        for r, row in enumerate(obs["terrain"]):
            for c, ch in enumerate(row):
                if ch in TERRAIN:
                    out[self.cell(f"{chr(97 + c)}{r + 1}")] = TERRAIN[ch][0]
        for city in obs["cities"]:
            out[self.cell(city["cell"])] = CITY_TINT
        return out

    def decorate(self, view: BoardView, obs) -> None:
        for r, row in enumerate(obs["terrain"]):
            for c, ch in enumerate(row):
                if ch in TERRAIN and TERRAIN[ch][1]:
                    view.icons[self.cell(f"{chr(97 + c)}{r + 1}")] = TERRAIN[ch][1]
        for city in obs["cities"]:
            cell = self.cell(city["cell"])
            view.icons[cell] = "城" if city["kind"] == "city" else "营"
            n = len(city.get("garrison", []))
            owner = text(Msg.of(f"jiangshan.seat.{city['owner']}"), "zh")
            view.labels[cell] = f"{owner}{'×' + str(n) if n else ''}"
        for name, size in obs["fires"].items():
            view.markers[self.cell(name)] = ("blaze",) * (2 if size == "large" else 1)
        for u in obs["units"]:
            if u["disorder"] and not u.get("in_city"):
                cell = self.cell(u["cell"])
                view.markers[cell] = view.markers.get(cell, ()) + ("disarray",)
        forests = {f"{chr(97 + c)}{r + 1}" for r, row in enumerate(obs["terrain"]) for c, ch in enumerate(row) if ch == "F"}
        for u in obs["units"]:  # a counter on a forest hides the cell's 林: a badge above the counter says it
            if u["cell"] in forests and not u.get("in_city"):
                cell = self.cell(u["cell"])
                view.markers[cell] = view.markers.get(cell, ()) + ("grove",)
        sides = obs["sides"]
        for s in (0, 1):
            label = text(Msg.of("jiangshan.track.morale", seat=Msg.of(f"jiangshan.seat.{s}")), lang_now())
            view.tracks.append(Track(label, 0, 6, max(0, sides[s]["morale"]), INK[s]))
        view.tracks_panel = True  # drawn upright in screen space right of the board (board_area, draw_over_board)
        view.icon_scale = ICON_SCALE  # 水 山 林 城 营 legible at the default camera: large on an empty cell
        view.badge_scale = BADGE_SCALE  # 火 and 乱 too
        view.badges_in_corners = True  # 林 (and 火, 乱) above a counter: inside its cell, clear of its letters

    drawn_pitch: float | None = None  # the board's tilt as last drawn (draw_over_board): 90 from above (flat, GL's
    # top view); before the first drawing the GL scene's angled view in a GL window (the first picture framed right)

    def board_area(self, rect):
        """Where the board is framed: the morale tracks take a short panel in the top right corner (upright for
        both seats and in GL), so the board gets the whole width under that panel, unless the room left of
        the tracks' column (full height) gives it more (a tall, narrow area). The board's shape is as drawn:
        a tilted GL board is wider than tall (at 1280x720 it was framed left of the column, small, with empty
        room under it: issue 26)."""
        rect = pygame.Rect(rect)
        col, ph = self.track_column(rect), self.track_panel_height(rect) + 8
        left = pygame.Rect(rect.x, rect.y, max(1, rect.w - col), rect.h)
        below = pygame.Rect(rect.x, rect.y + ph, rect.w, max(1, rect.h - ph))
        x0, z0, x1, z1 = self.geometry.bounds()
        tilt = max(0.2, math.sin(math.radians(self.shown_pitch())))
        aspect = (x1 - x0 + 1.2) / (z1 - z0 + 1.2) / tilt  # the board with its labels as the view shows it
        fit = lambda r: min(r.w / aspect, r.h)  # noqa: E731 (the board's height fitted into r)
        return below if fit(below) >= fit(left) else left

    def shown_pitch(self) -> float:
        """The board's tilt as drawn (``drawn_pitch``), before the first drawing the GL scene's angle in a GL
        window."""
        if self.drawn_pitch is not None:
            return self.drawn_pitch
        win = pygame.display.get_surface()
        return 55.0 if win is not None and win.get_flags() & pygame.OPENGL else 90.0

    def track_panel_height(self, rect) -> int:
        """The height of the morale tracks' panel drawn in ``rect``'s column (draw_over_board)."""
        tracks = self.view_tracks()
        box, _, _ = xinhai_tracks.layout(tracks, self.track_column(rect) - 8)
        return 2 * xinhai_tracks.PAD + len(tracks) * (box + xinhai_tracks.GAP) - xinhai_tracks.GAP + 4

    def track_column(self, rect) -> int:
        """The width of the morale tracks' column in the board's ``rect``: their natural width, at most a
        quarter of the rect, never less than the narrowest the panel gets."""
        tracks = self.view_tracks()
        return max(xinhai_tracks.least_width(tracks), min(xinhai_tracks.natural_width(tracks), rect.w // 4)) + 8

    def view_tracks(self) -> list[Track]:
        """The morale tracks as the board model has them (decorate), for the shown seat."""
        v = BoardView(self.geometry, [])
        self.decorate(v, self.obs())
        return v.tracks

    def draw_over_board(self, surf, rect, viewer: int, lang: str, world_px=None) -> None:
        """The morale tracks as a panel in the column right of the board that ``board_area`` keeps."""
        rect = pygame.Rect(rect)
        scene = getattr(world_px, "__self__", None)  # the board scene: is the board drawn tilted (GL)?
        camera = getattr(scene, "camera", None) if getattr(scene, "using_gl", False) else None
        pitch = 90.0 if camera is None else round(float(camera.pitch), 1)
        if pitch != self.shown_pitch() and hasattr(scene, "dirty"):  # framed for its shape as drawn: again at once
            scene.dirty = True
        self.drawn_pitch = pitch
        col = self.track_column(rect)
        self.track_panel = xinhai_tracks.draw(surf, pygame.Rect(rect.right - col + 4, rect.top + 4, col - 8, rect.h - 8),
                                              self.view_tracks())

    def click(self, cell, prefix=()) -> Outcome:
        """A click as the base walks it; a first click that starts nothing says why (an enemy unit, one's
        own unit in disorder (J9), already moved, or with no action now, an empty cell), and a click that does
        not continue the selected action says the engine's refusal with its rule id (explain)."""
        out = super().click(cell, prefix)
        if out.kind == "clear" and not prefix and cell is not None and not out.reason and not self.game.is_over:
            self.refused_rule = ""
            out.reason = self.why_not(cell) or ""
            out.rule = self.refused_rule if out.reason else ""
        return out

    def refused(self, why: Msg, rule: str) -> Msg:
        """A reason on the status line with the id of the rule it rests on ("… [J7]"); the click's Outcome
        carries the rule too (F3 opens it in the rules reader)."""
        self.refused_rule = rule
        return Msg.of("jiangshan.why.refused", why=why, rule=rule_msg(rule, "jiangshan"))

    def explain(self, prefix, cell) -> Msg | str:
        """Why a click on ``cell`` does not continue the action begun by ``prefix``: the engine's refusal (with
        its rule id) of what the click would mean — a march, an attack on a seen enemy or enemy city, or the
        command of the selected unit; otherwise what may follow."""
        obs = self.observation(max(0, self.game.current_player))
        me, b = obs["player"], self.cell_name(cell)
        cells = [s.value for s in prefix if s.kind == "cell"]
        if obs["stage"] != "action":  # the 李代桃僵 answer (J12): the marked leader, then a marked unit
            rule = {"tallies": "seed 虎符的获得", "reveal": "J5", "reaction": "J12"}.get(obs["stage"], "seed 行动阶段")
            if not cells:  # e.g. a tally card chosen, then a board cell: what the panel asks, not "… begun at ?"
                return self.refused(Msg.of("jiangshan.why.stage"), rule)
            return self.refused(Msg.of("jiangshan.why.not_next", a=cells[0], b=b), rule)
        own = {u["cell"] for u in obs["units"] if u["owner"] == me and not u.get("in_city")}
        if not cells:
            return self.refused(Msg.of("jiangshan.why.stage"), "seed 行动阶段")
        if len(cells) != len(prefix) or cells[-1] not in own:
            return self.refused(Msg.of("jiangshan.why.not_next", a=cells[0], b=b), "seed 行动阶段")
        if len(cells) == 1 and b in own and not self.can_start(cell):  # another own unit, not a target: why it
            return self.why_not(cell)  # cannot act itself (it read "g1 cannot march to i1" for a stuck i1, issue 26)
        enemy = {u["cell"] for u in obs["units"] if u["owner"] != me and not u.get("in_city")}
        enemy |= {c["cell"] for c in obs["cities"] if c["owner"] != me}
        if len(cells) == 2:
            act = Act("command", (cells[0], cells[1], b))
        else:
            act = Act("capture" if b in enemy else "move", (cells[0], b))
        try:
            self.game.clone().apply(act)
        except IllegalAction as e:
            return self.refused(e.msg, e.rule)
        return ""

    def why_not(self, cell) -> Msg | None:
        """Why a click on ``cell`` starts no action for the seat to act, with the rule's id (None only when
        the game is over)."""
        if self.game.is_over:
            return None
        obs = self.observation(max(0, self.game.current_player))
        name = self.cell_name(cell)
        u = next((u for u in obs["units"] if u["cell"] == name and not u.get("in_city")), None)
        if u is not None and u["owner"] != obs["player"]:
            return self.refused(Msg.of("jiangshan.why.enemy", seat=Msg.of(f"jiangshan.seat.{u['owner']}")),
                                "seed 行动阶段")
        if obs["stage"] != "action":
            rule = {"tallies": "seed 虎符的获得", "reveal": "J5", "reaction": "J12"}.get(obs["stage"], "seed 行动阶段")
            return self.refused(Msg.of("jiangshan.why.stage"), rule)
        if u is None:
            city = next((c for c in obs["cities"] if c["cell"] == name and c["owner"] == obs["player"]), None)
            if city is not None:
                return self.refused(Msg.of("jiangshan.why.city", cell=name), "seed 出城")
            return self.refused(Msg.of("jiangshan.why.empty", cell=name), "seed 行动阶段")
        if u["disorder"]:
            return self.refused(Msg.of("jiangshan.err.disordered", cell=name), "J9")
        if u.get("used"):
            return self.refused(Msg.of("jiangshan.err.used", cell=name), "seed 指挥: 未被调动过")
        if obs["ap"] <= 0:
            return self.refused(Msg.of("jiangshan.why.no_ap", cell=name), "seed 行动阶段: 一个行动力")
        return self.refused(Msg.of("jiangshan.why.stuck", cell=name), "J7")

    ATTACKS = frozenset({"capture", "shoot", "rocks", "fire", "siege"})

    def mark_kind(self, view: BoardView, prefix, step) -> str:
        """A forest that may hide an enemy (a move or an attack there, J8): special; a cell only attacked (a
        unit, an enemy city, a shot, rocks or fire): capture; else (a march, a command, a swap): move."""
        if len(prefix) == 1 and any(s.kind == "option" and s.value == "capture"
                                    for s in self.index().next(prefix + (step,))):
            return "special"  # a forest that may hide an enemy (J8)
        kinds = {a.kind for a in self.index().matching(prefix + (step,))}
        if kinds and kinds <= self.ATTACKS:
            return "capture"
        return "move" if kinds else super().mark_kind(view, prefix, step)

    chooser_title = "board_choose"  # what the open chooser asks: set by ``choice`` for the options it shows

    def choice(self, prefix, step) -> Choice:
        """A chooser entry: a facing (J3) as an arrow the way it points on the board as turned for the seat
        to act (北 up for 汉, down for 楚), with its name; a scout's face (J18) as 步 / 马; what the unit does
        as a glyph (行 march, 攻 attack, ... : the forest's choice, J8); a unit type by its counter's glyph (a
        garrison leaving its city, a reserve unit brought in); other options by their names. The
        chooser's title says which of these is asked."""
        side = max(0, self.game.current_player) % 2
        self.chooser_title = self.chooser_key(prefix)
        if step.label.startswith("jiangshan.facing.") and step.value in ARROW:
            arrow = ARROW[step.value] if not self.bottom_seat_flipped(side) else ARROW[FLIP[step.value]]
            return Choice(step, Msg.of(step.label), arrow, INK[side])
        face = step.value.rsplit("_", 1)[-1]
        if face in ("foot", "horse") and (step.label.startswith("jiangshan.face.") or "scout" in step.value):
            return Choice(step, Msg.of(step.label), CLASS_GLYPH[face], INK[side])  # a scout's face (J18)
        if step.label.startswith("jiangshan.step.") and step.value in KIND_GLYPH:
            return Choice(step, Msg.of(step.label), KIND_GLYPH[step.value], INK[side])
        unit = step.label.rsplit(".", 1)[-1]
        if step.label.startswith("jiangshan.unit.") and unit in GLYPH:  # a garrison leaving, a reserve unit coming
            return Choice(step, Msg.of(step.label), GLYPH[unit], INK[side])
        if step.label:
            return Choice(step, Msg.of(step.label), "", INK[side])
        return Choice(step, step.value, "", INK[side])

    def chooser_key(self, prefix) -> str:
        """The chooser's title for the options after ``prefix``: a facing (J3), a scout's face (J18), march or
        attack into a forest (J8), a unit type, else what to do there."""
        nxt = self.index().next(prefix)
        groups = {s.label.rsplit(".", 1)[0] for s in nxt}
        if groups == {"jiangshan.facing"}:
            return "jiangshan.chooser.facing"
        if groups == {"jiangshan.face"} or all("scout" in s.value for s in nxt):
            return "jiangshan.chooser.face"
        if {s.value for s in nxt} == {"move", "capture"}:
            return "jiangshan.chooser.forest"
        if groups == {"jiangshan.unit"}:
            return "jiangshan.chooser.unit"
        return "jiangshan.chooser.kind"

    def choice_rank(self, step) -> int:
        """Facings in the chooser in compass order (N E S W), other options in the engine's order."""
        return "NESW".index(step.value) if step.label.startswith("jiangshan.facing.") and step.value in ARROW else 0

    def check_cells(self, obs) -> list:
        """The cell of an attack waiting for the 李代桃僵 answer (J12)."""
        if obs["stage"] == "reaction" and obs["pending"]:
            return [self.cell(obs["pending"]["to"])]
        return []

    def view(self, viewer: int, prefix=()) -> BoardView:
        """The board for ``viewer``; a revealed unit waiting for its owner's facing is marked for it (J5), and at
        the action decision, before a click, the viewer's units that may still act this turn (seed 行动阶段)."""
        self.viewer = viewer
        self.prefix_shown = tuple(prefix)  # the steps chosen so far (the panel counts the tallies chosen)
        v = super().view(viewer, prefix)
        obs = self.obs()
        if obs["stage"] == "reveal" and obs["reveal"] and obs["to_act"] == viewer and not prefix:
            v.marks[self.cell(obs["reveal"])] = "special"
        if obs["stage"] == "action" and obs["to_act"] == viewer and not prefix:  # the units that may still act
            for name in self.game.units_able_to_act():  # this turn, as the engine lists them (issue 26): "start"
                v.marks[self.cell(name)] = "start"  # (cyan), apart from the targets' green, red and violet
        if obs["stage"] == "reaction" and obs["to_act"] == viewer and not prefix:  # J12: the leaders to click
            for step in self.index().next(()):
                if step.kind == "cell":
                    v.marks.setdefault(self.cell(step.value), "special")
        return v

    def cell_info(self, cell, lang: str) -> list[str]:
        """The tooltip of a cell as the shown seat may know it: its name and terrain, a city or camp (its
        name, holder and the viewer's own garrison), a fire, and the unit there (an enemy marching unit
        by its class only, J5; its facing, disorder, whether it has acted)."""
        obs = self.obs()
        name = self.cell_name(cell)
        col, row = ord(name[0]) - 97, int(name[1:]) - 1
        ch = obs["terrain"][row][col] if 0 <= row < len(obs["terrain"]) else "."
        word = lambda key, **kw: text(Msg.of(key, **kw), lang)  # noqa: E731
        out = [f"{name} · {word('jiangshan.terrain.' + TERRAIN_NAME.get(ch, 'plain'))}"]
        for city in obs["cities"]:
            if city["cell"] == name:
                out[0] = name
                holder = word(f"jiangshan.seat.{city['owner']}") if city.get("owner") in (0, 1) else "—"
                out.append(word("jiangshan.info.city", kind=Msg.of(f"jiangshan.city.{city['kind']}"),
                                name=city["name_zh" if lang == "zh" else "name_en"], seat=holder))
                units = [Msg.of(f"jiangshan.unit.{u}") for u in city.get("garrison", [])]
                if units:
                    out.append(word("jiangshan.info.garrison", units=units))
        if name in obs["fires"]:
            out.append(word(f"jiangshan.info.fire_{obs['fires'][name]}"))
        for u in obs["units"]:
            if u["cell"] != name or u.get("in_city"):
                continue
            seat = Msg.of(f"jiangshan.seat.{u['owner']}")
            if u["type"] is None:
                out.append(word("jiangshan.info.unknown", seat=seat, kind=Msg.of(f"jiangshan.class.{u['class']}")))
            else:
                key = "jiangshan.info.battle" if u["state"] == "battle" else "jiangshan.info.march"
                out.append(word(key, seat=seat, unit=Msg.of(f"jiangshan.unit.{u['type']}")))
                if u["type"] == "scout":  # J18: the face the enemy sees
                    out.append(word("jiangshan.info.scout", kind=Msg.of(f"jiangshan.class.{u['class']}")))
            if u["facing"]:
                out.append(word("jiangshan.info.facing", facing=Msg.of(f"jiangshan.facing.{u['facing']}")))
            if u["disorder"]:
                out.append(word("jiangshan.info.disorder"))
            if u["owner"] == obs["player"] and u.get("used"):
                out.append(word("jiangshan.info.used"))
        return out

    # --- panels
    def prompt(self, obs) -> Msg | None:
        """What the seat to act is asked now (the 李代桃僵 answer, a revealed unit's facing), as the shown
        seat may read it."""
        if obs["stage"] == "reaction" and obs["pending"]:
            p = obs["turn_player"]
            args = dict(seat=Msg.of(f"jiangshan.seat.{p}"), a=obs["pending"]["from"], b=obs["pending"]["to"])
            if obs["player"] == 1 - p:  # the defender is asked even without the tally (J12: the wait tells nothing)
                can = self.game.current_player == obs["player"] and any(
                    a.kind == "substitute" for a in self.game.legal_actions())
                return Msg.of("jiangshan.prompt.reaction" if can else "jiangshan.prompt.reaction_none", **args)
            return Msg.of("jiangshan.prompt.reaction_wait", other=Msg.of(f"jiangshan.seat.{1 - p}"), **args)
        if obs["stage"] == "reveal" and obs["reveal"] and obs["to_act"] == obs["player"]:
            return Msg.of("jiangshan.prompt.reveal", cell=obs["reveal"])
        return None

    prefix_shown: tuple = ()
    compact_card_view = True  # a tally under the mouse is read in a low box beside the cards, not over the board
    status_is_instruction = True  # the panel's first line says what to do (the board scene: normal colour, not red)

    def chosen_tallies(self, prefix) -> int:
        """How many tallies ``prefix`` has chosen so far (cards clicked in the offer, seed 虎符的获得)."""
        return sum(1 for s in prefix if s.kind == "card" and s.label.startswith("jiangshan.tally."))

    def selection_hint(self, prefix) -> Msg | None:
        """The status line while tallies are being chosen: how many of how many ("1/3 chosen"); None for other
        selections (the turn's line stays)."""
        if self.game.is_over or self.game.st.stage != "tallies":
            return None
        return self.ask(self.observation(self.game.current_player), prefix)

    def ask(self, obs, prefix=()) -> Msg | None:
        """What the seat of ``obs`` is to do now, when it is to act: choose its tallies (how many, how), act
        with its action points or, with none left, the free actions and the end of the turn, answer an
        attack (J12) or face a revealed unit (J5). ``prefix``: the steps chosen so far (the tallies counted)."""
        ask = self.prompt(obs)
        if ask is not None or obs["over"] or obs["to_act"] != obs["player"]:
            return ask
        if obs["stage"] == "tallies":
            k = self.chosen_tallies(prefix)
            if 0 < k < obs["picks"]:
                return Msg.of("jiangshan.hint.tallies_chosen", k=k, n=obs["picks"], rest=obs["picks"] - k)
            return Msg.of("jiangshan.hint.tallies", n=obs["picks"])
        if obs["stage"] == "action":
            return Msg.of("jiangshan.hint.action" if obs["ap"] > 0 else "jiangshan.hint.no_ap", ap=obs["ap"])
        return None

    @property
    def hint(self) -> Msg | str:
        """The status line's words when a human's turn begins: the decision now, not 'select a piece'."""
        if self.game.is_over or self.game.current_player < 0:
            return super().hint
        return self.ask(self.observation(self.game.current_player)) or super().hint

    def status(self, lang: str) -> str:
        """The panel's first line: what the shown seat is to do now, else the stage (and whose turn)."""
        obs = self.obs()
        if obs["over"]:
            return ""
        ask = self.ask(obs, self.prefix_shown)
        if ask is not None:
            return text(ask, lang)
        if obs["stage"] == "tallies":
            return text(Msg.of("jiangshan.hint.tallies_wait", seat=Msg.of(f"jiangshan.seat.{obs['to_act']}")), lang)
        stage = text(Msg.of(f"jiangshan.stage.{obs['stage']}"), lang)
        return f"{stage} · {self.seat_name(obs['to_act'], lang)}"

    def handover_lines(self, seat: int, lang: str) -> list[str]:
        """Before a hand-over in the other seat's turn: the attack the defender is to answer (public, J12),
        or its unit revealed by the enemy's action that waits for a facing (J5)."""
        st = self.game.st
        if st.stage == "reaction" and st.pending is not None:
            p = st.player
            return [text(Msg.of("jiangshan.prompt.reaction_wait", seat=Msg.of(f"jiangshan.seat.{p}"),
                                other=Msg.of(f"jiangshan.seat.{1 - p}"), a=st.pending[0], b=st.pending[1]), lang)]
        if st.stage == "reveal" and st.reveal:  # a unit of the seat forced into battle state (J5)
            u = st.units[st.reveal[0]]
            return [text(Msg.of("jiangshan.prompt.reveal", cell=f"{chr(97 + u.cell[0])}{u.cell[1] + 1}"), lang)]
        return []

    def help_lines(self, lang: str) -> list[tuple[str, RGB | None]]:
        """F1's page: the aim and the end (J13), a turn, the two faces (J4/J5), terrain and badges, the tallies
        (J12), the marks, and every piece's glyph with its name (an English reader learns 刀 = swordsmen)."""
        sep = text(Msg.of("jiangshan.help.piece_sep"), lang)
        def named(g: str, key: str) -> str:  # 后, not 后 后
            name = text(Msg.of(key), lang)
            return g if name == g else f"{g} {name}"

        units = sep.join(named(g, f"jiangshan.unit.{t}") for t, g in GLYPH.items())
        classes = sep.join(named(g, f"jiangshan.class.{c}") for c, g in CLASS_GLYPH.items())
        return [(text(Msg.of(f"jiangshan.help.{k}"), lang), None)
                for k in ("goal", "turn", "faces", "terrain", "tallies", "marks")] + \
            [(text(Msg.of("jiangshan.help.pieces", units=units, classes=classes), lang), None)]  # each glyph named

    # --- the tallies as cards (client/ui/cards.py)
    def tally_card(self, t: str, lang: str, ink: RGB, playable=None, tag: str = "") -> CardView:
        """Tally ``t`` as a card: its short name (whole on a narrow card), a short face (jiangshan.tally_face, read
        whole where it lies at 1024x640; issue 26: English faces were cut with "…"), its cost in morale in the
        corner; the enlarged card reads what it does whole, then its full name when that differs."""
        full = text(Msg.of(f"jiangshan.tally.{t}"), lang)
        short = text(Msg.of(f"jiangshan.tally_short.{t}"), lang)
        whole = (text(Msg.of(f"jiangshan.tally_text.{t}"), lang),) + ((f"({full})",) if full != short else ())
        return CardView(short, (text(Msg.of(f"jiangshan.tally_face.{t}"), lang),), str(TALLY_COST[t]),
                        step=playable, ink=ink, tag=tag, key=("tally", t, tag), title_px=CARD_TITLE_PX,
                        body_px=CARD_BODY_PX, full_lines=whole)

    def card_refusal(self, card) -> tuple[Msg, str] | None:
        """Why a click on ``card`` chooses nothing, with the rule: the enemy's tallies stay face down (seed 虎符的获得),
        a played one is spent (seed 虎符的使用), 李代桃僵 answers an attack in the enemy's turn (J12), the others are
        played on the board (what to click: the card's text), one played by its card the engine's refusal."""
        key = card.ident if isinstance(card.ident, tuple) else ()
        if card.face_down:
            return self.refused(Msg.of("jiangshan.why.card_hidden"), "seed 虎符的获得"), "seed 虎符的获得"
        if len(key) != 3 or key[0] != "tally":
            return None
        t, tag = key[1], key[2]
        name = Msg.of(f"jiangshan.tally.{t}")
        if tag:  # a played tally (the row of both sides' played tallies)
            return self.refused(Msg.of("jiangshan.why.card_played", tally=name), "seed 虎符的使用"), "seed 虎符的使用"
        if self.game.st.stage == "tallies":
            return None
        act = CARD_PLAYED.get(t)
        if act is not None:
            self.refused_rule = ""
            why = self.refusal(act)
            if why:
                rule = self.refused_rule or "seed 虎符的使用"
                return self.refused(why, rule), rule
        if t == "substitute":
            return self.refused(Msg.of("jiangshan.why.card_reaction", tally=name), "J12"), "J12"
        return (self.refused(Msg.of("jiangshan.why.card_board", tally=name, how=Msg.of(f"jiangshan.tally_text.{t}")),
                             "seed 虎符的使用"), "seed 虎符的使用")

    def hand(self, obs, lang: str) -> list[CardView]:
        """The viewer's unused tallies; 兵者诡道 and a scout into the reserve are played by a click when legal."""
        me = obs["player"]
        legal = set(self.game.legal_actions()) if self.game.current_player == me else set()
        out = []
        for t in obs["sides"][me].get("tallies", []):
            act = CARD_PLAYED.get(t)
            step = self.game.action_steps(act)[0] if act is not None and act in legal else None
            out.append(self.tally_card(t, lang, INK[me], step))
        return out

    def opponent_hand_counts(self, obs, lang: str) -> list[tuple[str, int, RGB]]:
        """The enemy's unused tallies: their number only (seed: kept face down)."""
        q = 1 - obs["player"]
        n = obs["sides"][q]["tallies_left"]
        return [(text(Msg.of("jiangshan.card.hand_of", seat=Msg.of(f"jiangshan.seat.{q}")), lang), n, INK[q])] if n else []

    def card_rows(self, viewer: int, lang: str) -> list[CardRow]:
        """Own tallies, the enemy's backs, then the tallies both sides have played (public); while the
        viewer still has to choose its tallies, the scenario's offer (chosen by the buttons). Landscape cards
        as wide as the strip lets them be (``landscape``)."""
        return self.landscape(self._card_rows(viewer, lang))

    def landscape(self, rows: list[CardRow]) -> list[CardRow]:
        """``rows`` with their cards as wide as the window's strip lets them lie side by side (at most
        CARD_ASPECT times as wide as tall; issue 26: the tallies were portrait cards 60 pixels wide in 9-pixel
        words at 1280x720)."""
        win = pygame.display.get_surface()  # the window's size: the scene asks for the rows before its layout
        if win is None or not rows:
            return rows
        tall = self.card_height(win.get_height())
        n = sum(len(r.cards) + (1 if r.backs else 0) for r in rows)
        groups = len([r for r in rows if r.cards or r.backs or r.title])
        room = strip_width(win.get_width()) - 12 - 16 * (groups - 1) - 8 * (n - groups)
        aspect = min(CARD_ASPECT, max(0.72, room / max(1, n) / tall))
        return [replace(r, aspect=aspect) for r in rows]

    @staticmethod
    def card_height(win_h: int) -> int:
        """A card's height in a window ``win_h`` pixels tall: 124 at 1280x720 (a title and five lines of words),
        121 at 1024x640 (a two-line title and four); the board keeps the rest."""
        return max(96, min(124, int(win_h * 0.165)))

    def card_strip_height(self, rows, w: int, h: int) -> int:
        """The strip's height: one line of cards ``card_height`` tall with their row titles."""
        return cards.LABEL_H + cards.LIFT + 4 + self.card_height(h)

    def _card_rows(self, viewer: int, lang: str) -> list[CardRow]:
        obs = self.observation(viewer)
        me = obs["player"]
        if obs["stage"] == "tallies" and not obs["sides"][me]["picked"]:  # the offer: read, then click n cards
            offer = tuple(self.tally_card(t, lang, INK[me], tally_step(t)) for t in obs["offer"])
            title = text(Msg.of("jiangshan.card.offer", n=obs["picks"]), lang)
            return [CardRow(title, offer, ink=INK[me])]
        rows = super().card_rows(viewer, lang)
        if rows and rows[0].cards:  # the viewer's own tallies: "your tallies" beside "Chu's tallies", not "Hand"
            rows[0] = replace(rows[0], title=text(Msg.of("jiangshan.card.mine"), lang))
        played = [self.tally_card(t, lang, INK[s], tag=text(Msg.of(f"jiangshan.seat.{s}"), lang))
                  for s, d in enumerate(obs["sides"]) for t in d["used_tallies"]]
        if played:
            rows.append(CardRow(text(Msg.of("jiangshan.card.played"), lang), tuple(played), ink=(0.5, 0.45, 0.4)))
        return rows

    def panel_lines(self, lang: str) -> list[tuple[str, RGB | None]]:
        obs = self.obs()
        lines: list[tuple[str, RGB | None]] = []
        per = self.game.st.scen.supply_per_morale  # public scenario data: supply per morale point (seed 补给)
        for s, d in enumerate(obs["sides"]):
            line = text(Msg.of("jiangshan.panel.side", side=self.seat_name(s, lang), morale=d["morale"],
                               supply=d["supply"], per=per, merit=d["merit"], tallies=d["tallies_left"]), lang)
            lines.append((line, INK[s]))
            sep = text(Msg.of("jiangshan.panel.reserve_sep"), lang)
            if "reserve" in d:  # the viewer's own reserve by type; the enemy's by class only (J19)
                res = sep.join(f"{text(Msg.of(f'jiangshan.unit.{t}'), lang)}×{n}" for t, n in d["reserve"].items() if n)
            else:
                res = sep.join(f"{text(Msg.of(f'jiangshan.class.{c}'), lang)}×{n}"
                               for c, n in d["reserve_by_class"].items() if n)
            if res:
                lines.append((text(Msg.of("jiangshan.panel.reserve", units=res), lang), None))
        if obs["weather"]:
            lines.append((text(Msg.of("jiangshan.panel.weather", weather=Msg.of(f"jiangshan.weather.{obs['weather']}")),
                               lang), None))
        return lines


def strip_width(w: int) -> int:
    """The board scene's card strip's width in a window ``w`` pixels wide (the board's: left of the panel column)."""
    return w - int(min(380, max(250, w * 0.3))) - 12


PLUGIN = Plugin
