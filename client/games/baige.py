"""百格西洋棋 in the client: a 10x10 board of tokens with the seed's short names in simplified characters
(王 后 卫 象 马 车 炮 弩 士 兵 卒; the seed writes 衛 馬 車),
ivory pieces for White and dark ones for Black, a piece legend in the English panel. Clicks walk the engine's action steps (cell, cell[, option]); draw offers
and resignation are buttons; the C7 fourth-check warning and the resignation are confirmed first."""
from __future__ import annotations

from client.boards.geometry import SquareGeometry
from client.boards.model import RGB, BoardView, Piece
from client.games.base import Choice, GamePlugin, text
from client.i18n import tr
from engine.api import Step
from engine.baige.board import NAMES_EN, TYPE_OF_LETTER
from engine.baige.game import RULE_ID
from engine.messages import Msg, rule_msg

# White plays ivory pieces with dark names, Black dark pieces with ivory names (not red: this is chess)
WHITE_BODY: RGB = (0.96, 0.93, 0.84)
WHITE_INK: RGB = (0.20, 0.15, 0.10)
BLACK_BODY: RGB = (0.17, 0.17, 0.19)
BLACK_INK: RGB = (0.95, 0.92, 0.84)
SIDE_INK = (WHITE_INK, BLACK_INK)
SIDE_BODY = (WHITE_BODY, BLACK_BODY)
SIDE_RING = ((0.55, 0.45, 0.30), (0.62, 0.62, 0.66))
# the promotion chooser draws every option on an ivory disc: Black's names there take its dark body colour
CHOOSER_INK = (WHITE_INK, BLACK_BODY)
NAME_ZH = {"p": "卒", "n": "马", "b": "象", "r": "车", "q": "后", "k": "王", "g": "卫", "c": "炮", "a": "弩",
           "f": "士", "w": "兵"}
SIMPLIFIED = str.maketrans("馬車衛長", "马车卫长")  # the engine's move record uses the seed's traditional names
PROMO_ORDER = "qnrbcagfw"  # the chooser shows the strongest first, "stay" last


HELP_KEYS = ("goal", "move", "pieces", "cannon", "promote", "castle", "end")  # F1's how-to-play (baige.help.*)


class Plugin(GamePlugin):
    game_id = "baige"
    start_options = ()
    show_seed = True  # a public seed (nothing hidden, G1): it varies only the computer's moves, and the row says so

    @classmethod
    def seed_hint(cls, options: dict, seats: list[str]) -> str:
        """No chance in 百格: the seed only varies the computer's moves (nothing without a computer seat)."""
        return cls.no_chance_hint(seats)
    chooser_title = "board_promote"

    def make_geometry(self, game) -> SquareGeometry:
        return SquareGeometry(10, 10)

    def help_lines(self, lang: str) -> list[tuple[str, RGB | None]]:
        """F1's page: the goal, how to move, the pieces, cannon and archer (C6), promotion (C3-C5),
        castling (C1), long check and draws (C7)."""
        return [(text(Msg.of(f"baige.help.{k}"), lang), None) for k in HELP_KEYS]

    @classmethod
    def side_name(cls, seat: int, lang: str) -> str:
        """The side ``seat`` plays, before a game exists (the start screen's seat rows)."""
        return tr(f"baige.side.{'wb'[seat]}", lang)

    @classmethod
    def seat_rgb(cls, seat: int) -> RGB:
        """The side's colour in panels: ivory for White, grey for Black (black on the dark UI is unreadable)."""
        return ((0.92, 0.88, 0.78), (0.55, 0.55, 0.60))[seat]

    def bottom_seat_yaw(self, seat: int) -> float:
        """Black plays from the bottom turned round."""
        return 180.0 if seat == 1 else 0.0

    # --- the position
    def pieces(self, obs) -> list[Piece]:
        out = []
        for name, letter in sorted(obs["board"].items()):
            side = 0 if letter.isupper() else 1
            out.append(Piece(cell=self.cell(name), glyph=NAME_ZH[letter.lower()], ink=SIDE_INK[side], side=side,
                             body=SIDE_BODY[side], ring=SIDE_RING[side], name=NAME_ZH[letter.lower()]))
        return out

    def out_seats(self) -> set[int]:
        """The side that lost, struck through in the banner; a draw strikes nobody (the engine's ranking marks both
        drawn seats out, which read as both having lost)."""
        return {p.player for p in self.game.ranking() if p.out and p.place > 1} if self.game.is_over else set()

    def cell_info(self, cell, lang: str) -> list[str]:
        """The tooltip of a square: its name, and for a piece its side, name and how it moves (F1's words)."""
        name = self.cell_name(cell)
        letter = self.obs()["board"].get(name)
        if letter is None:
            return [name]
        k = letter.lower()
        side = Msg.of(f"baige.side.{'w' if letter.isupper() else 'b'}")
        return [f"{name}  {text(Msg.of('baige.info.piece', side=side, piece=Msg.of('baige.piece.' + k)), lang)}",
                tr(f"baige.info.moves.{k}", lang)]

    def stuck_words(self, cell) -> Msg | None:
        """Why the player's own piece on ``cell`` has no legal move when the engine refused none of its moves for
        check (the board scene asked it, ``start_refusal``): how the piece moves (the tooltip's words) and that every
        square it could reach that way is taken or blocked, with the piece's move rule. The engine's refusal of the
        nearest square named one the piece never reaches (an archer on b9: "b9b10: b10 holds your own piece";
        session 11 QA)."""
        name = self.cell_name(cell)
        letter = self.obs()["board"].get(name)
        if letter is None:
            return None
        k = letter.lower()
        return Msg.of("baige.stuck", cell=name, how=Msg.of(f"baige.info.moves.{k}"),
                      rule=rule_msg(RULE_ID[TYPE_OF_LETTER[k.upper()]], "baige"))

    def check_cells(self, obs):
        return [self.cell(obs["king_in_check"])] if obs.get("king_in_check") else []

    def mark_kind(self, view: BoardView, prefix, step: Step) -> str:
        board = self.obs()["board"]
        src, dst = prefix[0].value, step.value
        letter = board.get(src, "").lower()
        if dst in board or (letter == "p" and src[0] != dst[0]):
            return "capture"  # en passant captures onto an empty square
        if letter == "k" and abs(ord(src[0]) - ord(dst[0])) > 1:
            return "special"  # castling (C1)
        if any(s.kind == "option" for s in self.index().next(prefix + (step,))):
            return "special"  # a promotion square (C3, C5)
        return "move"

    def explain_start(self, cell) -> Msg | None:
        """Why a click on ``cell`` with nothing selected starts no move: an empty square, or the other side's
        piece (None for the player's own piece: the board scene gives the refusal of its most telling move)."""
        name = self.cell_name(cell)
        letter = self.obs()["board"].get(name)
        me = self.game.current_player
        side = Msg.of(f"baige.side.{'wb'[me]}")
        if letter is None:
            return Msg.of("baige.click.empty", cell=name, side=side)
        if letter.isupper() != (me == 0):
            return Msg.of("baige.click.not_yours", cell=name, owner=Msg.of(f"baige.side.{'bw'[me]}"), side=side)
        return None

    def choice(self, prefix, step: Step) -> Choice:
        side = 0 if self.game.current_player == 0 else 1
        if step.value == "stay":  # C5: the ferz or wazir keeps its name
            letter = self.obs()["board"].get(prefix[0].value, "f")
            return Choice(step, Msg.of("baige.stay"), NAME_ZH[letter.lower()], CHOOSER_INK[side])
        return Choice(step, Msg.of(f"baige.piece.{step.value}"), NAME_ZH[step.value], CHOOSER_INK[side])

    def choice_rank(self, step: Step) -> int:
        return PROMO_ORDER.index(step.value) if step.value in PROMO_ORDER else 99

    def buttons(self) -> list[Step]:
        out = super().buttons()
        return out + [s for s in self.game.side_steps() if s not in out]

    def confirm(self, action) -> Msg | None:
        if str(action) == "resign":
            return Msg.of("baige.confirm.resign")
        if self.index().exact(self.action_steps(action)) is not None and \
                self.game.would_lose_by_long_check(str(action)):
            return Msg.of("baige.confirm.long_check")  # C7: "the client warns first"
        return None

    # --- panels
    def move_list(self, lang: str) -> list[str]:
        """Two moves a line, each with its piece's name as the status line gives it ("卒 e4-e6", in English
        "pawn e4-e6": the bare "e4e6" told a new player nothing of which piece moved; issue 26)."""
        obs = self.obs()
        moves = [m.translate(SIMPLIFIED) for m in obs["moves_zh"]]
        if lang != "zh":
            names = {NAME_ZH[k]: tr(f"baige.piece.{k}", lang) for k in NAME_ZH}
            castles = tr("baige.castles", lang, move="").strip()
            moves = ["".join(names.get(ch, ch) for ch in m).replace("(入堡)", castles) for m in moves]
        out, k, n = [], 0, 1
        if obs["first_side"] == "b" and moves:
            out.append(f"{n}. …  {moves[0]}")
            k, n = 1, 2
        while k < len(moves):
            out.append(f"{n}. " + "  ".join(moves[k:k + 2]))
            k += 2
            n += 1
        return out

    def status(self, lang: str) -> str:
        obs = self.obs()
        if obs.get("result") is not None:
            return ""
        if obs.get("pending_draw_offer") is not None:
            who = obs["pending_draw_offer"]
            return text(Msg.of("baige.note.offer", side=self.game.seat_name(who),
                               other=self.game.seat_name(1 - who)), lang)
        if obs.get("in_check"):
            return text(Msg.of("baige.note.check", side=self.game.seat_name(self.game.current_player)), lang)
        return ""

    def panel_lines(self, lang: str) -> list[tuple[str, RGB | None]]:
        obs = self.obs()
        lines: list[tuple[str, RGB | None]] = []
        rep = obs.get("repetitions", 1)
        if rep > 1:
            lines.append((text(Msg.of("baige.note.repetitions", n=rep), lang), None))
        for seat, key in ((0, "w"), (1, "b")):
            streak = obs.get("check_streak", {}).get(key, {})
            if streak and max(streak.values()) >= 2:
                lines.append((text(Msg.of("baige.note.streak", side=self.game.seat_name(seat),
                                          n=max(streak.values())), lang), self.seat_rgb(seat)))
        if lang != "zh":  # the piece legend: the seed's one-character names
            names = [f"{NAME_ZH[c]} {NAMES_EN[TYPE_OF_LETTER[c.upper()]]}" for c in "kqgbnrcafwp"]
            lines += [(" · ".join(names[i:i + 3]), None) for i in range(0, len(names), 3)]  # fits a 250-px panel
        return lines


PLUGIN = Plugin
