"""三国演弈暗棋 "暗战洛阳城" in the client: the 53-cell cross, face-down backs, flips and moves.

Cells are the engine's names (files a-i west to east, ranks 1-9 south to north), so north is at
the top. Factions: 吴 red, 魏 blue, 蜀 green, the neutral 汉 amber. A token shows its kind in the
colour of the faction printed on it; its ring has the colour of the seat that moves it (汉 gate
pieces take the 勤王 faction's colour after 勤王, A6). A flip is (cell, option "flip"): one click.
"""
from __future__ import annotations

from engine.anqi.board import layout
from engine.api import Step
from engine.messages import Msg, rule_msg
from engine.anqi.game import setup
from engine.anqi.text import FACTION_KEYS, kind_name

from client.boards.geometry import CellSetGeometry, SquareGeometry
from client.boards.model import BACK, BACK_RING, BoardView, Piece, RGB, mix
from client.games.base import GamePlugin, Outcome, legend_lines, text
from client.i18n import tr
from client.keys import Binding

FACTION_RGB: dict[str, RGB] = {
    "吴": (0.82, 0.14, 0.12),
    "魏": (0.14, 0.36, 0.82),
    "蜀": (0.12, 0.58, 0.22),
    "汉": (0.72, 0.50, 0.04),
}
SEATS = ("吴", "魏", "蜀")
PALACE_TINT: RGB = (0.80, 0.56, 0.50)  # 皇城: a red-brown wall tone
GATE_TINT: RGB = (0.72, 0.62, 0.50)  # 城门
# the engine's refusals of a capture of a face-down piece (A3, A4): with a piece selected, a click on a face-down
# piece it could otherwise take is explained first (a second click flips it), not turned into a flip at once
FACE_DOWN_CAPTURE = ("anqi.error.capture_face_down", "anqi.error.cannon_face_down")
HELP_KEYS = ("goal", "turn", "rank", "cannon", "ruler", "qinwang", "end")  # F1's how-to-play (anqi.help.*)


class Plugin(GamePlugin):
    game_id = "anqi"
    show_seed = True  # G1: the deal's seed is secret (drawn from the OS, never shown) unless the player types one
    start_options = ()
    hint = "anqi.client.hint"
    key_rows = (Binding("左键暗子 / Click a face-down piece", "", "把它翻开（不论是谁的），这就是一回合",
                        "turn it face up (whoever's it is): that is your turn", "anqi"),)
    POSITION_KEYS = ("pieces", "hidden", "to_move", "qinwang", "out")

    @classmethod
    def scenario_position(cls, pos: dict, seed: int = 0):
        """A rule picture's position: ``pieces`` face up (cell -> "吴马", "汉帝"), ``hidden`` face down (cell -> what
        it truly is), ``to_move``, ``qinwang`` (the faction that made 勤王, A6), ``out``: engine.anqi.game.setup."""
        unknown = sorted(set(pos) - set(cls.POSITION_KEYS))
        if unknown:
            raise ValueError(f"unknown key {unknown[0]!r} (keys: {', '.join(cls.POSITION_KEYS)})")
        if pos.get("to_move", 0) not in (0, 1, 2):
            raise ValueError(f"to_move: {pos['to_move']!r} is not a faction 0..2")
        return setup(dict(pos.get("pieces", {})), dict(pos.get("hidden", {})), pos.get("to_move", 0),
                     qinwang=pos.get("qinwang"), out=tuple(pos.get("out", ())))

    def help_lines(self, lang: str) -> list[tuple[str, RGB | None]]:
        """F1's page: the goal, a turn (flip or move), the ranks, the cannon, the ruler (A5), 勤王 (A6), the end (A7)."""
        return [(tr(f"anqi.help.{k}", lang), None) for k in HELP_KEYS]

    def click(self, cell, prefix=()) -> Outcome:
        """As the base (a flip is one click, a move two), but with one of the player's pieces selected a click on
        a face-down piece it would capture says why it may not (A3: no capture of a face-down piece; A4 for the
        cannon) instead of flipping that piece; the next click flips it."""
        if prefix and cell is not None and prefix[0].kind == "cell" and not self.game.is_over:
            step = Step("cell", self.cell_name(cell))
            if step != prefix[-1] and step not in self.index().next(prefix):
                why = self.refusal(self.game.move_action(prefix[0].value, step.value))
                if isinstance(why, Msg) and why.key in FACE_DOWN_CAPTURE:  # and says the next click flips it
                    rule = self.refused_rule
                    why = Msg.of("common.refused", text=why, rule=rule_msg(rule, "anqi")) if rule else why
                    return Outcome("clear", reason=Msg.of("anqi.flip_next", why=why), rule=rule)
        return super().click(cell, prefix)

    def make_geometry(self, game) -> CellSetGeometry:
        self.lay = lay = layout()
        grid = SquareGeometry(lay.ranks, len(lay.files))
        g = CellSetGeometry(lay.ranks, len(lay.files), [grid.parse(n) for n in lay.names])
        self.palace = g.parse(lay.names[lay.palace])
        self.gates = {g.parse(lay.names[i]) for i in lay.gates.values()}
        return g

    @classmethod
    def side_name(cls, seat: int, lang: str) -> str:
        """The side ``seat`` plays, before a game exists (the start screen's seat rows)."""
        return tr(f"anqi.faction.{('wu', 'wei', 'shu')[seat]}", lang)

    @classmethod
    def seat_rgb(cls, seat: int) -> RGB:
        return FACTION_RGB[SEATS[seat]]

    def pieces(self, obs) -> list[Piece]:
        out = []
        for name, t in obs["board"].items():
            if t is None:
                continue
            cell = self.cell(name)
            if t == "hidden":
                out.append(Piece(cell=cell, body=BACK, ink=BACK_RING, ring=BACK_RING, face_down=True, name="?"))
                continue
            ink = FACTION_RGB[t["printed"]]
            owner = t["owner"]
            ring = FACTION_RGB[SEATS[owner]] if owner is not None else mix(ink, (0.5, 0.5, 0.5), 0.35)
            if owner is not None and owner in obs["out"]:
                # a dead piece of a faction that is out (AQ6): it never moves again, drawn greyed
                ink, ring = mix(ink, (0.55, 0.55, 0.55), 0.7), (0.45, 0.45, 0.45)
                owner = None
            out.append(Piece(cell=cell, glyph=self.lay.kinds[t["kind"]].zh, ink=ink, ring=ring, side=owner,
                             name=t["piece"]))
        return out

    def tints(self, obs) -> dict:
        tints = {c: GATE_TINT for c in self.gates}
        tints[self.palace] = PALACE_TINT
        return tints

    def mark_kind(self, view: BoardView, prefix, step) -> str:
        there = self.obs()["board"].get(step.value)
        if isinstance(there, dict) and there["kind"] == "emperor":
            return "special"  # 勤王 (A6)
        return "capture" if there is not None else "move"

    def hover_mark(self, view: BoardView, cell) -> str:
        p = view.piece_at(cell)
        return "flip" if p is not None and p.face_down else "hover"

    def out_seats(self) -> set[int]:
        return set(self.obs()["out"])

    def cell_info(self, cell, lang: str) -> list[str]:
        """The tooltip of a cell: its name; a face-down piece as just that (A1: nothing more is known of it); a
        face-up piece by faction and full name, who moves it when that is not the faction printed on it (勤王, A6)
        or that its faction is out (A7); the palace and the gates (A6)."""
        obs = self.obs()
        name = self.cell_name(cell)
        lines = [name]
        t = obs["board"].get(name)
        if t == "hidden":
            lines.append(tr("anqi.info.hidden", lang))
        elif t is not None:
            printed = SEATS.index(t["printed"]) if t["printed"] in SEATS else 3
            piece = tr("anqi.info.emperor", lang) if t["kind"] == "emperor" else \
                text(Msg.of("anqi.piece", faction=Msg.of(f"anqi.faction.{FACTION_KEYS[printed]}"),
                            kind=kind_name(t["kind"])), lang)
            owner = t["owner"]
            if owner is not None and owner in obs["out"]:
                piece = tr("anqi.info.out", lang, piece=piece)
            elif owner is not None and owner != printed:
                piece = tr("anqi.info.owner", lang, piece=piece, seat=self.seat_name(owner, lang))
            lines.append(piece)
        if obs["qinwang"] is None:  # before the Rescue the palace and the gates are the Han's (A6)
            if cell == self.palace:
                lines.append(tr("anqi.info.palace", lang))
            elif cell in self.gates:
                lines.append(tr("anqi.info.gate", lang))
        return lines

    def move_list(self, lang: str) -> list[str]:
        """The record, one line per action (the deal entry left out)."""
        evs = [e for e in self.game.events(max(0, self.game.current_player)) if e.msg.key != "anqi.deal"]
        return [f"{i + 1}. {text(e.msg, lang)}" for i, e in enumerate(evs)]

    def panel_lines(self, lang: str) -> list[tuple[str, RGB | None]]:
        obs = self.obs()
        name = lambda s: self.seat_name(s, lang)  # noqa: E731
        q = obs["qinwang"]
        if q is None:
            lines = [(tr("anqi.client.no_qinwang", lang), None)]
        elif obs["allies"]:
            a, b = obs["allies"]
            lines = [(tr("anqi.client.allied", lang, q=name(q), a=name(a), b=name(b)), None)]
        else:
            lines = [(tr("anqi.client.alliance_over", lang, q=name(q)), None)]
        for s in range(3):
            if s in obs["out"]:  # why that faction is out (not the whole ranking line: "out" is said once)
                why = self.game.out_reason(s)
                lines.append((tr("anqi.client.seat_out", lang, who=name(s), why=text(why, lang) if why else ""),
                              self.seat_rgb(s)))
        lines.append((tr("anqi.client.quiet", lang, n=obs["quiet"], lim=obs["quiet_limit"]), None))
        for s in range(3):
            if s not in obs["out"]:
                n = sum(obs["unseen"][SEATS[s]].values())
                lines.append((tr("anqi.client.face_down", lang, who=name(s), n=n), self.seat_rgb(s)))
        lines.append((tr("anqi.client.ranks", lang), None))  # who takes whom (A3) and the 帝 (A6), issue 26
        if lang != "zh":  # the piece legend (issue 26): the glyphs' English names, as the rule book calls them
            lines += legend_lines(LEGEND, "anqi", lang)
        return lines


# the pieces of the English panel's legend, by rank
LEGEND = ('ruler', 'chariot', 'cannon', 'horse', 'elephant', 'advisor', 'soldier', 'emperor')


PLUGIN = Plugin
