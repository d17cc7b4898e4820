"""三国演弈 / 三国演弈揭棋 in the client: the 225-point cross drawn xiangqi style, face-down backs, the panel.

The board is drawn as points where lines cross (``BoardView.points``): the grid lines between
neighbouring points, each palace with its two diagonals, the border lines (the edge of the central
9x9, K1) thick, each kingdom's defence line (防线, its line 4, K1) in its colour, the 汉 arm tinted
amber with the emperor's point (K1a), the alliance points (结盟点) tinted in their kingdom's colour
and marked with a large 盟 (hidden by a piece standing there). Every line is computed from engine/sanguo/board.py's layout. Cells keep the engine's
names (columns a-q west to east, rows 1-17 south to north: 魏 at the top, 蜀 at the bottom, 吴 on
the right, 汉 on the left). Kingdoms: 吴 red, 魏 blue, 蜀 green, 汉 amber. A token shows its kind in
the colour of the kingdom printed on it; its ring has the colour of the seat that moves it
(absorbed pieces and the 汉 pieces after an alliance or 废帝 take their new owner's colour). A
face-down piece (揭棋) shows a dark back with the type of the point it stands on as a hint, light with a
touch of its kingdom's colour so that it reads on the far backs too (K8: it makes its first move as that type) and never what it is (K9). A move
is two clicks (from, to).
"""
from __future__ import annotations

from engine.api import Event
from engine.messages import Msg
from engine.sanguo import setup
from engine.sanguo.board import HAN, layout

from client.boards.geometry import CellSetGeometry, SquareGeometry
from client.boards.model import PLAIN, BoardView, Caption, Line, Piece, RGB, mix
from client.games.base import GamePlugin, legend_lines, text
from client.i18n import tr
from client.keys import Binding

KINGDOM_RGB: dict[str, RGB] = {
    "wu": (0.82, 0.14, 0.12),
    "wei": (0.14, 0.36, 0.82),
    "shu": (0.12, 0.58, 0.22),
    "han": (0.72, 0.50, 0.04),
}
SEATS = ("wu", "wei", "shu")
HAN_ARM_TINT: RGB = mix(PLAIN, KINGDOM_RGB["han"], 0.16)  # the west arm (K1a)
HAN_TINT: RGB = mix(PLAIN, KINGDOM_RGB["han"], 0.45)  # the emperor's point
BACK_RGB: RGB = (0.20, 0.18, 0.17)  # a face-down piece's back
HINT_SCALE = 0.96  # the point type on a back (K8): a touch smaller than a face, light on the dark back, readable far off
TOKEN_SCALE = 1.12  # pieces on points nearly touch, as in xiangqi: 0.94 cells across (24 px and more at 1024x640)
FACE_SCALE = 1.08  # a face's letter a little larger than the usual (readable at the far side of a tilted board)
LABEL_SCALE = 1.6  # the a-q and 1-17 labels: readable at the far edge too (about 15 px at 1280x720)
ALLIANCE_MARK_SIZE = 0.7  # 盟 on an alliance point, in cells: readable in GL at 1280x800 (about 15 px tall)


def palace_tint(kingdom: str) -> RGB:
    return mix(PLAIN, KINGDOM_RGB[kingdom], 0.14)


def alliance_tint(kingdom: str) -> RGB:
    return mix(PLAIN, KINGDOM_RGB[kingdom], 0.38)


def board_lines(lay, cell) -> list[Line]:
    """The lines of the cross board from the layout (``cell``: engine point index -> client cell): grid runs
    between neighbouring points, palace diagonals, the border lines of the four kingdoms (the central 9x9's
    edge) and the three kingdoms' defence lines (K1)."""
    out: list[Line] = []
    for axis in ((1, 0), (0, 1)):  # maximal straight runs of neighbouring points, row by row, column by column
        for i in lay.points:
            x, y = lay.xy(i)
            if lay.at(x - axis[0], y - axis[1]) >= 0:
                continue  # not the start of a run
            j = i
            while lay.at(lay.xy(j)[0] + axis[0], lay.xy(j)[1] + axis[1]) >= 0:
                j = lay.at(lay.xy(j)[0] + axis[0], lay.xy(j)[1] + axis[1])
            if j != i:
                out.append(Line(cell(i), cell(j), "grid"))
    for k in range(3):  # each palace's two diagonals
        xs = sorted({lay.xy(i)[0] for i in lay.palace[k]})
        ys = sorted({lay.xy(i)[1] for i in lay.palace[k]})
        out.append(Line(cell(lay.at(xs[0], ys[0])), cell(lay.at(xs[-1], ys[-1])), "palace"))
        out.append(Line(cell(lay.at(xs[0], ys[-1])), cell(lay.at(xs[-1], ys[0])), "palace"))
    files = sorted({lay.file(0, i) for i in lay.territory[0]})
    for k in range(4):
        for ln, kind in ((lay.border_line, "border"), (lay.defence_line, "defence")):
            if k == HAN and kind == "defence":
                continue  # 汉 has no defence line
            a, b = lay.from_frame(k, files[0], ln), lay.from_frame(k, files[-1], ln)
            rgb = mix(KINGDOM_RGB[lay.keys[k]], (0.0, 0.0, 0.0), 0.15) if kind == "defence" else None
            out.append(Line(cell(a), cell(b), kind, rgb))
    return out


def _kingdoms(pos: dict, key: str, n: int | None, allowed: tuple, what: str) -> None:
    """ValueError naming ``key`` of a scenario position unless it is absent or a list (of ``n`` items) of
    ``allowed`` values (booleans are not kingdoms)."""
    v = pos.get(key)
    if v is None:
        return
    if (not isinstance(v, list) or n is not None and len(v) != n
            or not all(x in allowed and isinstance(x, bool) == isinstance(allowed[0], bool) for x in v)):
        raise ValueError(f"{key}: {what}, got {v!r}")


class Plugin(GamePlugin):
    game_id = "sanguo"
    show_seed = True  # G1: secret (drawn from the OS) unless the player types one, which makes a seeded game

    @classmethod
    def seed_hint(cls, options: dict, seats: list[str]) -> str:
        """揭棋 deals its face-down pieces from the seed (no word needed); the standard game has no chance: the
        seed only varies the computer's moves."""
        return "" if options.get("variant") == "jieqi" else cls.no_chance_hint(seats)
    start_options = ()

    @property
    def hint(self) -> str:
        """The status line's line while a human is to move: in 揭棋 it says how a face-down piece moves (K8)."""
        return "sanguo.panel.hint_jieqi" if getattr(self.game, "variant", "") == "jieqi" else "sanguo.panel.hint"

    view_pitch = 80.0  # the GL camera's tilt: 17 lines at 55 degrees made the far pieces 16 px at 1024x640
    key_rows = (Binding("左键暗子 / Click a face-down piece", "", "揭棋：己方暗子第一步按它上面的字走，走后翻开（K8）",
                        "Jieqi: your face-down piece makes its first move as the type of its point, then turns up (K8)",
                        "sanguo"),)
    POSITION_KEYS = ("pieces", "to_move", "mode", "alliance", "han", "moved", "out")

    @classmethod
    def scenario_position(cls, pos: dict, seed: int = 0):
        """A rule picture's position: ``pieces`` cell -> spec ("魏车", "暗魏马=兵": 揭棋 then), ``to_move``, ``mode``,
        ``alliance`` (two kingdoms), ``han`` ("alliance" / "feidi"), ``moved`` (three booleans: which kingdoms have
        made their first move, K2's cannon), ``out`` (fallen kingdoms): engine.sanguo.setup."""
        unknown = sorted(set(pos) - set(cls.POSITION_KEYS))
        if unknown:
            raise ValueError(f"unknown key {unknown[0]!r} (keys: {', '.join(cls.POSITION_KEYS)})")
        if not isinstance(pos.get("pieces"), dict):
            raise ValueError("'pieces' (cell -> piece, e.g. { i17 = \"魏君\" }) is missing")
        if pos.get("to_move", 0) not in (0, 1, 2):
            raise ValueError(f"to_move: {pos['to_move']!r} is not a kingdom 0..2")
        lay = layout()
        bad = [str(c) for c in pos["pieces"] if str(c) not in lay.index]
        if bad:
            raise ValueError(f"pieces: no point {bad[0]!r} on the sanguo board (files a-q, lines 1-17, no corners)")
        _kingdoms(pos, "moved", 3, (True, False), "three true/false, one per kingdom (has it made its first move?)")
        _kingdoms(pos, "out", None, (0, 1, 2), "a list of fallen kingdoms 0..2")
        _kingdoms(pos, "alliance", 2, (0, 1, 2), "two kingdoms 0..2")
        if pos.get("mode", "bloodbath") not in ("bloodbath", "quick"):
            raise ValueError(f"mode: {pos['mode']!r} is not bloodbath or quick")
        if pos.get("han", "") not in ("", "alliance", "feidi"):
            raise ValueError(f"han: {pos['han']!r} is not \"\", alliance or feidi")
        return setup.position({str(k): str(v) for k, v in pos["pieces"].items()}, pos.get("to_move", 0),
                              mode=pos.get("mode", "bloodbath"), alliance=tuple(pos.get("alliance", ())) or None,
                              han=pos.get("han", ""), moved=tuple(pos.get("moved", (True, True, True))),
                              out=tuple(pos.get("out", ())), seed=seed)

    @property
    def needs_handover(self) -> bool:
        """揭棋: a captured face-down piece is shown to its captor only, so hot seat hides the board
        between two humans; the standard game hides nothing."""
        return getattr(self.game, "variant", "standard") == "jieqi"

    def make_geometry(self, game) -> CellSetGeometry:
        self.lay = lay = layout()
        grid = SquareGeometry(lay.n, lay.n)
        g = CellSetGeometry(lay.n, lay.n, [grid.parse(lay.names[i]) for i in lay.points])
        cell = lambda i: g.parse(lay.names[i])  # noqa: E731
        self.palaces = {cell(i): lay.keys[k] for k in range(3) for i in lay.palace[k]}
        self.alliance_cells = {cell(i): lay.keys[k] for k, i in enumerate(lay.alliance)}
        self.emperor_cell = cell(lay.emperor)
        c = lay.n // 2 - 4  # the central 9x9 starts here; the 汉 arm is west of it
        self.han_arm = {cell(i) for i in lay.points if lay.xy(i)[0] < c}
        self._lines = board_lines(lay, cell)
        self.viewer = 0
        return g

    def bottom_seat_yaw(self, seat: int) -> float:
        """Every kingdom plays from the bottom: 蜀 (south) as drawn, 魏 (north) turned round, 吴 (east) a quarter
        turn (the camera looks from the east, 汉's arm at the top)."""
        return {"south": 0.0, "north": 180.0, "east": 270.0, "west": 90.0}[self.lay.sides[seat]]

    @classmethod
    def side_name(cls, seat: int, lang: str) -> str:
        """The side ``seat`` plays, before a game exists (the start screen's seat rows)."""
        return tr(f"sanguo.kingdom.{SEATS[seat]}", lang)

    @classmethod
    def seat_rgb(cls, seat: int) -> RGB:
        return KINGDOM_RGB[SEATS[seat]]

    def explain_start(self, cell) -> Msg | None:
        """Why a click on an empty point with nothing selected starts no move: what to click instead, with the
        move rule's id (the engine's "no piece on l14 [K2]" left a new player asking what to do); None for a
        point with a piece (the board scene gives the engine's refusal: another seat's piece K3, the Han K5)."""
        name = self.cell_name(cell)
        if any(p.cell == cell for p in self.pieces(self.obs())):
            return None
        me = max(0, self.game.current_player)
        return Msg.of("sanguo.click.empty", cell=name, seat=self.game.seat_name(me))

    def pieces(self, obs) -> list[Piece]:
        out = []
        zh = self.lay.kind_zh
        names = dict(zip(self.lay.keys, self.lay.zh))
        for name, t in obs["board"].items():
            cell = self.cell(name)
            ink = KINGDOM_RGB[t["kingdom"]]
            owner = t["owner"]
            ring = KINGDOM_RGB[SEATS[owner]] if owner is not None else mix(ink, (0.5, 0.5, 0.5), 0.35)
            if t["hidden"]:
                # K8/K9: the kingdom and the point's type (its first move) are public, never the piece
                out.append(Piece(cell=cell, body=BACK_RGB, back=BACK_RGB, ink=mix(ink, (1.0, 1.0, 1.0), 0.88),
                                 ring=ring, face_down=True, side=owner, back_glyph=zh[t["kind"]],
                                 glyph_scale=HINT_SCALE, name=f"{names[t['kingdom']]}暗{zh[t['kind']]}"))
                continue
            out.append(Piece(cell=cell, glyph=zh[t["kind"]], ink=ink, ring=ring, side=owner, glyph_scale=FACE_SCALE,
                             name=names[t["kingdom"]] + zh[t["kind"]]))
        return out

    def tints(self, obs) -> dict:
        tints = {c: HAN_ARM_TINT for c in self.han_arm}
        tints.update({c: palace_tint(k) for c, k in self.palaces.items()})
        if not obs["han"]:  # the alliance points matter until the one alliance or 废帝 (K5)
            tints.update({c: alliance_tint(k) for c, k in self.alliance_cells.items()})
        tints[self.emperor_cell] = HAN_TINT
        return tints

    def decorate(self, view: BoardView, obs) -> None:
        view.points = True
        view.token_scale = TOKEN_SCALE
        view.label_scale = LABEL_SCALE
        view.lines.extend(self._lines)
        if not obs["han"]:  # 盟 written large across each empty alliance point (K5), a piece standing there hides it
            for c, k in self.alliance_cells.items():
                view.captions.append(Caption("盟", c, ALLIANCE_MARK_SIZE, mix(KINGDOM_RGB[k], (0.0, 0.0, 0.0), 0.45)))

    def view(self, viewer: int, prefix=()) -> BoardView:
        """The board for ``viewer``, who is also the one the panel and move list speak to (its private
        look at captured face-down pieces, K9)."""
        self.viewer = viewer if viewer in (0, 1, 2) else 0
        return super().view(viewer, prefix)

    def help_lines(self, lang: str) -> list[tuple[str, RGB | None]]:
        """F1's page: the aim, what to click and what the marks mean, the letters and rings, in 揭棋 what a
        face-down piece's small letter means (K8, K9), the 盟 points (K5), 被将先走 (K3), the turned board."""
        keys = ["goal", "move", "ink"] + (["back"] if getattr(self.game, "variant", "") == "jieqi" else [])
        keys += ["alliance", "check", "turn"]
        return [(tr(f"sanguo.help.{k}", lang), None) for k in keys]

    def cell_info(self, cell, lang: str) -> list[str]:
        """The tooltip of a point: its name, what stands there as the viewer may know it (a face-down piece: its
        kingdom and its first move only, K8/K9; who moves a piece when that is not its own kingdom), and what
        the point is for (an alliance point while alliances are open, the emperor's point; K5)."""
        obs = self.observation(self.viewer)
        name = self.cell_name(cell)
        lines = [name]
        kingdom = lambda k: text(Msg.of("sanguo.kingdom." + k), lang)  # noqa: E731
        kind = lambda k: text(Msg.of("sanguo.kind." + k), lang)  # noqa: E731
        t = obs["board"].get(name)
        if t is not None and t["hidden"]:
            lines.append(tr("sanguo.info.hidden", lang, kingdom=kingdom(t["kingdom"]), kind=kind(t["kind"])))
        elif t is not None:
            piece = text(Msg.of("sanguo.piece", kingdom=Msg.of("sanguo.kingdom." + t["kingdom"]),
                                kind=Msg.of("sanguo.kind." + t["kind"])), lang)
            if t["owner"] is not None and SEATS[t["owner"]] != t["kingdom"]:
                piece = tr("sanguo.info.owner", lang, piece=piece, seat=self.seat_name(t["owner"], lang))
            lines.append(piece)
        if cell in self.alliance_cells and not obs["han"]:
            lines.append(tr("sanguo.info.alliance", lang, kingdom=kingdom(self.alliance_cells[cell])))
        elif cell == self.emperor_cell and not obs["han"]:
            lines.append(tr("sanguo.info.emperor", lang))
        return lines

    def check_cells(self, obs) -> list:
        """The ruler of the kingdom to move while it answers a check (K3 被将先走)."""
        if self.game.is_over or self.game.stage != "check":
            return []
        me = self.game.current_player
        for name, t in obs["board"].items():
            if t["kind"] == "ruler" and t["owner"] == me and not t["hidden"]:
                return [self.cell(name)]
        return []

    def mark_kind(self, view: BoardView, prefix, step) -> str:
        there = self.obs()["board"].get(step.value)
        if there is not None and there["kind"] == "emperor":
            return "special"  # 废帝 (K5)
        if self.cell(step.value) in self.alliance_cells and not self.obs()["han"]:
            src = self.obs()["board"].get(prefix[0].value)
            if src is not None and src["kind"] == "horse":
                return "special"  # an alliance (K5)
        return "capture" if there is not None else "move"

    def end_reason(self, lang: str) -> str:
        """The end for the game-over box and the status line: the winner named first (a ranking by material
        names nobody, K6), the engine's reason, then every kingdom's place and why."""
        reason = text(self.game.end_reason(), lang)
        if not self.game.is_over:
            return reason
        places = sorted(self.game.ranking(), key=lambda p: p.place)
        winner = self.seat_name(places[0].player, lang)
        sep = "；" if lang == "zh" else "; "
        head = reason if winner in reason else tr("sanguo.over.winner", lang, seat=winner) + sep + reason
        entries = [tr("sanguo.over.place", lang, n=p.place, seat=self.seat_name(p.player, lang),
                      why=text(p.msg, lang) if p.msg is not None else p.reason) for p in places]
        return head + sep + tr("sanguo.over.places", lang, list=("，" if lang == "zh" else ", ").join(entries))

    def out_seats(self) -> set[int]:
        return {s for s in range(3) if not self.obs()["alive"][s]}

    def move_list(self, lang: str) -> list[str]:
        """The record the viewer may see, one line per move in the viewer's language: the move (a face-down
        mover with what it turned out to be, K9), then what it caused, including the viewer's own look at a
        face-down piece it captured (another seat's look never shows, nor does the deal)."""
        lines: list[list[str]] = []
        evs = [e for e in self.game.events(self.viewer) if not e.chance]
        for i, e in enumerate(evs):
            if e.msg.key == "sanguo.ev.check" and any(
                    f.msg.key == "sanguo.ev.out_of_turn" and f.msg.kw.get("seat") == e.msg.kw.get("seat")
                    for f in evs[i + 1:i + 4]):
                continue  # 被将先走 says the check too (K3)
            if e.msg.key == "sanguo.ev.move" or not lines:
                lines.append([text(e.msg, lang)])  # one line per move ...
            else:
                lines[-1].append(text(e.msg, lang))  # ... with what it caused (a capture, check, 被将先走, a fall)
        sep = "；" if lang == "zh" else "; "
        return [f"{i + 1}. {sep.join(parts)}" for i, parts in enumerate(lines)]

    def played(self, seat: int, said: str, lang: str) -> str:
        """The status line after a move says what the move list says: a face-down mover with the piece it turned
        out to be ("暗马12进11→兵", public once moved, K9) and nothing more."""
        evs = self.game.events(max(0, seat))
        last = next((e for e in reversed(evs) if e.msg.key == "sanguo.ev.move" and e.visible_to is None), None)
        return text(last.msg, lang) if last is not None else said

    def _since_last_move(self, seat: int) -> list[Event]:
        """``seat``'s events after the last move's (what that move caused: check, 被将先走, a captured look)."""
        evs = self.game.events(seat)
        last = max((i for i, e in enumerate(evs) if e.msg.key == "sanguo.ev.move"), default=-1)
        return evs[last + 1:] if last >= 0 else []

    def status(self, lang: str) -> str:
        """The banner of the side panel: 被将先走 when the kingdom in check moves out of turn (K3), or the
        check of the kingdom to move."""
        if self.game.is_over or self.game.stage != "check":
            return ""
        after = self._since_last_move(self.viewer)
        for key in ("sanguo.ev.out_of_turn", "sanguo.ev.check"):
            for e in after:
                if e.msg.key == key and (key != "sanguo.ev.check"
                                         or e.msg.kw.get("seat") == self.game.seat_name(self.game.current_player)):
                    return text(e.msg, lang)
        return tr("sanguo.status.check", lang, seat=self.seat_name(self.game.current_player, lang))

    def private_note(self, seat: int) -> Msg | None:
        """What only ``seat`` learnt by its last move: the face-down piece it captured (K9)."""
        seen = [e for e in self._since_last_move(seat) if e.visible_to is not None]
        if not seen:
            return None
        return Msg.of("sanguo.note.private", text=seen[-1].msg)

    def _seen_line(self, lang: str) -> str:
        """The face-down pieces the viewer captured and saw (K9), for its eyes only."""
        key = (id(self.game), len(self.game.log), self.viewer)
        if getattr(self, "_seen_key", None) != key:
            self._seen_key, self._seen = key, self.game.observe(self.viewer)["captured_seen"]
        if not self._seen:
            return ""
        parts = []
        for k, n in self._seen.items():
            kingdom, kind = k.split(".", 1)
            piece = Msg.of("sanguo.piece", kingdom=Msg.of("sanguo.kingdom." + kingdom),
                           kind=Msg.of("sanguo.kind." + kind))
            parts.append(text(piece, lang) + (f"×{n}" if n > 1 else ""))
        sep = "、" if lang == "zh" else ", "
        return tr("sanguo.panel.seen", lang, seat=self.seat_name(self.viewer, lang), list=sep.join(parts))

    def panel_lines(self, lang: str) -> list[tuple[str, RGB | None]]:
        obs = self.obs()
        name = lambda s: self.seat_name(s, lang)  # noqa: E731
        mode = tr(f"sanguo.panel.mode.{obs['mode']}", lang)
        lines: list[tuple[str, RGB | None]] = [(tr(f"sanguo.panel.variant.{obs['variant']}", lang, mode=mode), None)]
        han_owner = next((t["owner"] for t in obs["board"].values()
                          if t["kingdom"] == "han" and t["kind"] != "emperor" and t["owner"] is not None), None)
        if not obs["han"]:
            lines.append((tr("sanguo.panel.no_alliance", lang), None))
        elif obs["alliance"]:
            a, b = obs["alliance"]
            key = "sanguo.panel.alliance" if obs["han"] == "alliance" else "sanguo.panel.feidi"
            han = name(han_owner) if han_owner is not None else "—"
            lines.append((tr(key, lang, a=name(a), b=name(b), han=han), None))
        elif han_owner is not None:  # 废帝 with two kingdoms left (SG3), or an alliance ended by a fall (K5)
            key = "sanguo.panel.feidi_alone" if obs["han"] == "feidi" else "sanguo.panel.alliance_over"
            lines.append((tr(key, lang, han=name(han_owner)), None))
        for k, reason, by in obs["fallen"]:
            why = tr(f"sanguo.place.{reason}", lang, by=name(by))
            lines.append((tr("sanguo.panel.fallen", lang, seat=name(k), why=why), self.seat_rgb(k)))
        lines.append((tr("sanguo.panel.quiet", lang, n=obs["quiet"], lim=obs["quiet_limit"]), None))
        if lang == "zh" and not obs["han"]:  # what the large 盟 on the empty alliance points is (the English panel
            lines.append((tr("sanguo.panel.alliance_mark", lang), None))  # says it under its legend; session 11 QA)
        if obs["variant"] == "jieqi":
            lines.append((tr("sanguo.panel.pools", lang), None))
            for s, key in enumerate(SEATS + ("han",)):
                pool = obs["pools"][key]
                who = name(s) if s < 3 else text(Msg.of("sanguo.kingdom.han"), lang)
                lines.append((tr("sanguo.panel.pool", lang, seat=who, **{k: pool.get(k, 0) for k in
                                                                          ("chariot", "horse", "cannon", "pawn")}),
                              KINGDOM_RGB[key]))
            seen = self._seen_line(lang)
            if seen:
                lines.append((seen, self.seat_rgb(self.viewer)))
        if lang != "zh":  # the piece legend (issue 26): the glyphs' English names, as the rule book calls them
            lines += legend_lines(LEGEND, "sanguo", lang)
            if not obs["han"]:  # and the large 盟 on the empty alliance points
                lines.append((tr("sanguo.panel.alliance_mark", lang), None))
        return lines


# the pieces of the English panel's legend
LEGEND = ('ruler', 'advisor', 'elephant', 'chariot', 'horse', 'cannon', 'pawn', 'emperor')


PLUGIN = Plugin
