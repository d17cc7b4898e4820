"""百格西洋棋 on the flat board: FEN -> tokens, legal move texts -> targets, clicks -> ``e2e4`` / ``a9a10q``.

Cells: (row, col) with row 0 = rank 10 (Black's back rank) and col 0 = file a, so White
plays from the bottom of an unrotated board. Tokens are ivory discs with the seed's
short name (王 后 衛 象 馬 車 炮 弩 士 兵 卒) in red for White and black for Black.
"""
from __future__ import annotations

import re

from engine.baige.board import NAMES_EN, NAMES_ZH, TYPE_OF_LETTER

from client.boards.adapter import Choice, Click, GameAdapter, SideButton
from client.boards.geometry import Cell, SquareGeometry
from client.boards.model import BoardView, Piece, RGB

WHITE_INK: RGB = (0.78, 0.10, 0.08)
BLACK_INK: RGB = (0.10, 0.10, 0.12)
SIDE_INK = (WHITE_INK, BLACK_INK)
SIDE_ZH = ("白方", "黑方")
SIDE_EN = ("White", "Black")
_MOVE = re.compile(r"^([a-j])(10|[1-9])([a-j])(10|[1-9])([a-z]?)$")
PROMO_ORDER = "qnrbcagfw"  # order of the promotion chooser (strongest first)
RESULT_ZH = [
    ("is checkmated", "被将死"),
    ("has no legal move (stalemate is a loss, C7)", "无子可动（困毙判负，C7）"),
    ("resigned", "认输"),
    ("draw agreed", "双方议和"),
    ("draw by threefold repetition (C7)", "三次重复局面，和棋（C7）"),
    ("gave the fourth consecutive check with the same piece (長捉, C7) and loses", "同一子连续第四次将军（長捉，C7），判负"),
    ("draw: 50 moves by each side without a capture or a pawn move (D2)", "和棋：双方各 50 步无吃子、无卒步（D2）"),
    ("draw: only the two kings are left (D3)", "和棋：只剩两王（D3）"),
]


def parse_fen_board(fen: str) -> dict[Cell, str]:
    """Cell -> FEN letter of every piece (upper case White)."""
    rows = fen.split()[0].split("/")
    out: dict[Cell, str] = {}
    for r, row in enumerate(rows):
        c = 0
        for num, ch in re.findall(r"(\d+)|([A-Za-z])", row):
            if num:
                c += int(num)
            else:
                out[(r, c)] = ch
                c += 1
    return out


def piece_zh(letter: str) -> str:
    return NAMES_ZH[TYPE_OF_LETTER[letter.upper()]]


def piece_en(letter: str) -> str:
    return NAMES_EN[TYPE_OF_LETTER[letter.upper()]]


class BaigeAdapter(GameAdapter):
    game_id = "baige"

    def __init__(self, game):
        super().__init__(game)
        self.geometry = SquareGeometry(10, 10)

    # --- names
    def cell_name(self, cell: Cell) -> str:
        return self.geometry.name(cell)

    def seat_name(self, seat: int, lang: str = "zh") -> str:
        return (SIDE_ZH if lang == "zh" else SIDE_EN)[seat]

    def seat_rgb(self, seat: int) -> RGB:
        """The side's colour in panels (Black shows grey there: black on the dark UI is unreadable)."""
        return (WHITE_INK, (0.55, 0.55, 0.60))[seat]

    def bottom_seat_flipped(self, seat: int) -> bool:
        return seat == 1

    # --- position
    def obs(self) -> dict:
        """The observation of the position now (cached until the next action; chess hides nothing)."""
        key = (id(self.game), len(self.game.log))
        if getattr(self, "_obs_key", None) != key:
            self._obs_key = key
            self._obs = self.game.observe(max(0, self.game.current_player))
            self._board = parse_fen_board(self._obs["fen"])
        return self._obs

    def board(self) -> dict[Cell, str]:
        self.obs()
        return self._board

    def _moves(self) -> dict[Cell, dict[Cell, list[str]]]:
        """src -> dst -> promotion letters ('' = no promotion) of the legal board moves now."""
        key = (len(self.game.log), id(self.game))
        if getattr(self, "_cache_key", None) == key:
            return self._cache
        out: dict[Cell, dict[Cell, list[str]]] = {}
        for text in self.game.legal_actions():
            m = _MOVE.match(text)
            if not m:
                continue
            src = self.geometry.parse(m.group(1) + m.group(2))
            dst = self.geometry.parse(m.group(3) + m.group(4))
            out.setdefault(src, {}).setdefault(dst, []).append(m.group(5))
        self._cache_key, self._cache = key, out
        return out

    def targets(self, cell: Cell) -> dict[Cell, str]:
        board = self.board()
        out = {}
        for dst, promos in self._moves().get(cell, {}).items():
            src_p = board.get(cell, "")
            if dst in board:
                kind = "capture"
            elif src_p.upper() == "P" and dst[1] != cell[1]:
                kind = "capture"  # en passant
            elif src_p.upper() == "K" and abs(dst[1] - cell[1]) > 1:
                kind = "special"  # castling (C1)
            elif any(promos):
                kind = "special"  # promotion square
            else:
                kind = "move"
            out[dst] = kind
        return out

    def king_cell(self, side: str) -> Cell | None:
        want = "K" if side == "w" else "k"
        for cell, p in self.board().items():
            if p == want:
                return cell
        return None

    def view(self, viewer: int, selected: Cell | None = None) -> BoardView:
        obs = self.obs()
        pieces = []
        for cell, p in sorted(self.board().items()):
            side = 0 if p.isupper() else 1
            pieces.append(Piece(cell=cell, glyph=piece_zh(p), ink=SIDE_INK[side], side=side,
                                name=f"{SIDE_ZH[side]}{piece_zh(p)}"))
        marks: dict[Cell, str] = {}
        last = obs.get("last_move")
        if last:
            m = _MOVE.match(last)
            if m:
                marks[self.geometry.parse(m.group(1) + m.group(2))] = "last"
                marks[self.geometry.parse(m.group(3) + m.group(4))] = "last"
        if obs.get("in_check") and obs.get("result") is None:
            k = self.king_cell(obs["side_to_move"])
            if k is not None:
                marks[k] = "check"
        if selected is not None:
            marks.update(self.targets(selected))
            marks[selected] = "selected"
        return BoardView(self.geometry, pieces, marks)

    # --- input
    def promotion_choices(self, src: Cell, dst: Cell) -> list[Choice]:
        """The legal promotions of the move src -> dst (C3-C5); 'stay' for a ferz or wazir is ''."""
        promos = self._moves().get(src, {}).get(dst, [])
        board = self.board()
        side = 0 if board.get(src, "P").isupper() else 1
        base = self.cell_name(src) + self.cell_name(dst)
        out = []
        for letter in sorted(promos, key=lambda x: PROMO_ORDER.index(x) if x else 99):
            if letter:
                let = letter.upper() if side == 0 else letter
                out.append(Choice(base + letter, piece_zh(let), piece_zh(let), SIDE_INK[side], piece_en(let)))
            else:
                stay = board[src]
                out.append(Choice(base, piece_zh(stay), piece_zh(stay), SIDE_INK[side], "stay"))
        return out

    def click(self, cell: Cell | None, selected: Cell | None) -> Click:
        if self.game.is_over or cell is None:
            return Click("deselect")
        moves = self._moves()
        if selected is not None and cell in moves.get(selected, {}):
            promos = moves[selected][cell]
            base = self.cell_name(selected) + self.cell_name(cell)
            if promos == [""]:
                return Click("action", action=base, src=selected, dst=cell)
            return Click("promote", choices=self.promotion_choices(selected, cell), src=selected, dst=cell)
        if cell in moves and cell != selected:
            return Click("select", cell=cell)
        return Click("deselect")

    # --- panels
    def move_list(self, lang: str = "zh") -> list[str]:
        obs = self.obs()
        zh = obs["moves_zh"] if lang == "zh" else obs["moves"]
        fen_side = self.game.start_fen.split()[1]
        out = []
        k = 0
        n = 1
        if fen_side == "b" and zh:
            out.append(f"{n}. …  {zh[0]}")
            k, n = 1, 2
        while k < len(zh):
            pair = zh[k:k + 2]
            out.append(f"{n}. " + "  ".join(pair))
            k += 2
            n += 1
        return out

    def status(self, lang: str = "zh") -> str:
        obs = self.obs()
        if obs.get("result") is not None:
            return ""
        side = 0 if obs["side_to_move"] == "w" else 1
        if obs.get("pending_draw_offer") is not None:
            who = obs["pending_draw_offer"]
            return (f"{SIDE_ZH[who]}提和，{SIDE_ZH[1 - who]}请回答" if lang == "zh"
                    else f"{SIDE_EN[who]} offers a draw; {SIDE_EN[1 - who]} to answer")
        if obs.get("in_check"):
            return f"{SIDE_ZH[side]}被将军！" if lang == "zh" else f"{SIDE_EN[side]} is in check!"
        return ""

    def panel_lines(self, lang: str = "zh") -> list[tuple[str, RGB | None]]:
        obs = self.obs()
        lines: list[tuple[str, RGB | None]] = []
        rep = obs.get("repetitions", 1)
        if rep > 1:
            lines.append(((f"此局面已出现 {rep} 次" if lang == "zh" else f"position seen {rep} times"), None))
        for side, key in ((0, "w"), (1, "b")):
            streak = obs.get("check_streak", {}).get(key, {})
            if streak and max(streak.values()) >= 2:
                n = max(streak.values())
                lines.append(((f"{SIDE_ZH[side]}同一子连续将军 {n} 次（第4次判负）" if lang == "zh"
                               else f"{SIDE_EN[side]}: {n} checks in a row by one piece (4th loses)"),
                              SIDE_INK[side]))
        return lines

    def side_buttons(self) -> list[SideButton]:
        g = self.game
        if g.is_over:
            return []
        if g.pending_offer is not None:
            return [SideButton("accept", "接受和棋", "Accept draw"), SideButton("decline", "拒绝", "Decline")]
        out = []
        if "offer" in g.side_actions():
            out.append(SideButton("offer", "提和", "Offer draw"))
        out.append(SideButton("resign", "认输", "Resign", confirm=True))
        return out

    def end_reason(self, lang: str = "zh") -> str:
        g = self.game
        if g.result is None:
            return ""
        winner, reason = g.result
        if lang != "zh":
            return reason
        zh = reason
        for en, z in RESULT_ZH:
            if en in zh:
                zh = zh.replace(en, z)
        zh = zh.replace("White ", "白方").replace("Black ", "黑方").replace("White", "白方").replace("Black", "黑方")
        if winner:
            zh += f"。{'白方' if winner > 0 else '黑方'}胜"
        return zh

    def describe(self, action: str, lang: str = "zh") -> str:
        words = {"offer": ("提和", "offers a draw"), "accept": ("接受和棋", "accepts the draw"),
                 "decline": ("拒绝和棋", "declines the draw"), "resign": ("认输", "resigns")}
        if action in words:
            return words[action][0 if lang == "zh" else 1]
        obs = self.obs()
        if obs["moves"] and obs["moves"][-1] == action:
            return obs["moves_zh"][-1] if lang == "zh" else action
        return action
