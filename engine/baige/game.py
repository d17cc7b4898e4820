"""百格西洋棋 as an engine.api Game: game-end rules, draw offers, resignation, saves."""
from __future__ import annotations

import json
from typing import Any

from engine.api import Game, IllegalAction, ParseError, Placement, SaveError, read_save
from engine.baige.board import (
    A, B, C, CASTLE, CASTLE_BY_KING_MOVE, EP, F, G, K, N, NAMES_EN, NAMES_ZH, P, Q, R, RANK, SQNAME,
    START_FEN, W, FenError, Position, move_flag, move_from, move_promo, move_text, move_to,
    parse_move_text,
)

SAVE_VERSION = 1
FIFTY_MOVE_PLIES = 100  # decision D2: 50 moves by each side without a capture or pawn move
OFFER, ACCEPT, DECLINE, RESIGN = "offer", "accept", "decline", "resign"
SIDE_NAME = {1: "White", -1: "Black"}

RULE_TEXT = {
    P: "a pawn moves one square straight forward, or two from its starting rank (4 for White, 7 for Black) "
       "over an empty square, and captures one square diagonally forward (also en passant)",
    N: "a knight jumps two squares one way and one square the other",
    B: "a bishop moves any number of empty squares diagonally",
    R: "a rook moves any number of empty squares along a rank or file",
    Q: "a queen moves any number of empty squares along a rank, file or diagonal",
    K: "a king moves one square in any direction (or castles three squares towards an unmoved rook, C1)",
    G: "a guard moves one square in any direction",
    C: "a cannon moves like a rook and captures by jumping exactly one piece of either colour (C6)",
    A: "an archer moves like a bishop and captures by jumping exactly one piece of either colour (C6)",
    F: "a ferz moves one square diagonally",
    W: "a wazir moves one square along a rank or file",
}
RULE_ID = {P: "pawn move", N: "knight move", B: "bishop move", R: "rook move", Q: "queen move",
           K: "king move", G: "guard move", C: "cannon move C6", A: "archer move C6",
           F: "ferz move", W: "wazir move"}


def describe_move(pos: Position, m: int) -> str:
    """The move's display text with the seed's short Chinese name, e.g. ``卒 e4-e6``.

    Captures use ``x``, promotions ``=后`` and castling adds ``(入堡)``.
    """
    fr, to = move_from(m), move_to(m)
    p = abs(pos.board[fr])
    cap = pos.board[to] != 0 or move_flag(m) == EP
    txt = f"{NAMES_ZH[p]} {SQNAME[fr]}{'x' if cap else '-'}{SQNAME[to]}"
    if move_promo(m):
        txt += "=" + NAMES_ZH[move_promo(m)]
    if move_flag(m) == CASTLE:
        txt += " (入堡)"
    return txt


def _origin(m: int, s: int) -> int:
    """Where the piece standing on ``s`` after move ``m`` stood before it."""
    if s == move_to(m):
        return move_from(m)
    if move_flag(m) == CASTLE:
        c = CASTLE_BY_KING_MOVE[(move_from(m), move_to(m))]
        if s == c[4]:
            return c[3]
    return s


def next_streak(pos_after: Position, m: int, old: dict[int, int]) -> dict[int, int]:
    """Check streaks of the mover after move ``m`` (C7 長捉): square of each checking piece ->
    number of consecutive own moves on which that same piece gave check."""
    mover = -pos_after.side
    checkers = pos_after.attackers(pos_after.king[pos_after.side], mover)
    return {s: old.get(_origin(m, s), 0) + 1 for s in checkers}


class BaigeGame(Game):
    """A game of 百格西洋棋. Seat 0 is White, seat 1 is Black."""

    game_id = "baige"

    def __init__(self, fen: str | None = None):
        start = fen or START_FEN
        try:
            self.pos = Position(start)
        except FenError as e:
            raise ValueError(f"bad start position: {e}") from None
        self.start_fen = self.pos.fen()
        self._log: list[str] = []
        self.moves: list[str] = []  # board moves only, in C2 text
        self.moves_zh: list[str] = []
        self.result: tuple[int, str] | None = None  # (winner side 1/-1, or 0 for a draw; reason)
        self.pending_offer: int | None = None  # side that offered a draw, waiting for the answer
        self.offered_this_turn = False
        self.streak = {1: {}, -1: {}}  # C7: checking piece square -> consecutive checks
        self.rep = {self._key(): 1}
        self._legal_cache: list[int] | None = None
        self._check_end()

    # ------------------------------------------------------------ state
    def _key(self) -> int:
        return self.pos.hash

    def _legal(self) -> list[int]:
        if self._legal_cache is None:
            self._legal_cache = self.pos.legal_moves()
        return self._legal_cache

    @property
    def num_players(self) -> int:
        return 2

    @property
    def side_to_move(self) -> int:
        return self.pos.side

    @property
    def current_player(self) -> int:
        if self.result is not None:
            return -1
        side = self.pos.side if self.pending_offer is None else -self.pending_offer
        return 0 if side == 1 else 1

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def log(self) -> list[str]:
        return list(self._log)

    def fen(self) -> str:
        return self.pos.fen()

    def in_check(self) -> bool:
        return self.pos.in_check()

    def legal_actions(self) -> list[str]:
        """Board moves in C2 text; while a draw offer is pending only ``accept`` and ``decline``.

        ``offer`` and ``resign`` are always available to the side to move through apply()
        but are not listed here (see side_actions), so that move-choosing agents never
        resign or offer at random.
        """
        if self.result is not None:
            return []
        if self.pending_offer is not None:
            return [ACCEPT, DECLINE]
        return [move_text(m) for m in self._legal()]

    def side_actions(self) -> list[str]:
        """Actions besides the listed ones the current player may take now."""
        if self.result is not None or self.pending_offer is not None:
            return [RESIGN] if self.result is None else []
        return [RESIGN] + ([] if self.offered_this_turn else [OFFER])

    def parse_action(self, text: str) -> str:
        if not isinstance(text, str):
            raise ParseError(f"an action is a string, not {type(text).__name__}")
        t = text.strip().lower()
        if t in (OFFER, ACCEPT, DECLINE, RESIGN):
            return t
        if parse_move_text(t) is None:
            raise ParseError(f"{text!r} is not a move (like e4e6, a9a10q, f1i1) nor offer/accept/decline/resign")
        return t

    # ------------------------------------------------------------ apply
    def apply(self, action: Any) -> None:
        text = self.parse_action(str(action))
        if self.result is not None:
            raise IllegalAction("game over", f"{text}: the game is over ({self.result[1]})")
        us = self.pos.side
        if text == RESIGN:
            side = us if self.pending_offer is None else -self.pending_offer
            self._log.append(text)
            self.pending_offer = None
            self.result = (-side, f"{SIDE_NAME[side]} resigned")
            return
        if text in (ACCEPT, DECLINE):
            if self.pending_offer is None:
                raise IllegalAction("draw offer", f"{text}: no draw offer is pending")
            self._log.append(text)
            if text == ACCEPT:
                self.result = (0, "draw agreed")
            self.pending_offer = None
            return
        if self.pending_offer is not None:
            raise IllegalAction("draw offer", f"{text}: answer the draw offer first (accept or decline)")
        if text == OFFER:
            if self.offered_this_turn:
                raise IllegalAction("draw offer", "offer: one draw offer per turn")
            self._log.append(text)
            self.pending_offer = us
            self.offered_this_turn = True
            return
        m = self._find(text)
        self._do_move(m, text)

    def _find(self, text: str) -> int:
        for m in self._legal():
            if move_text(m) == text:
                return m
        raise self._explain(text)

    def _do_move(self, m: int, text: str) -> None:
        pos = self.pos
        us = pos.side
        self.moves_zh.append(describe_move(pos, m))
        pos.make(m)
        pos.stack.clear()
        self._legal_cache = None
        self._log.append(text)
        self.moves.append(text)
        self.offered_this_turn = False
        self.streak[us] = next_streak(pos, m, self.streak[us])
        k = self._key()
        self.rep[k] = self.rep.get(k, 0) + 1
        if any(v >= 4 for v in self.streak[us].values()):
            self.result = (-us, f"{SIDE_NAME[us]} gave the fourth consecutive check with the same piece "
                                f"(長捉, C7) and loses")
            return
        self._check_end()

    def _check_end(self) -> None:
        pos = self.pos
        us = pos.side
        if not self._legal():
            if pos.in_check():
                self.result = (-us, f"{SIDE_NAME[us]} is checkmated")
            else:
                self.result = (-us, f"{SIDE_NAME[us]} has no legal move (stalemate is a loss, C7)")
            return
        if self.rep.get(self._key(), 0) >= 3:
            self.result = (0, "draw by threefold repetition (C7)")
            return
        if pos.halfmove >= FIFTY_MOVE_PLIES:
            self.result = (0, "draw: 50 moves by each side without a capture or a pawn move (D2)")
            return
        if all(abs(p) == K for p in pos.board if p and abs(p) != 99):
            self.result = (0, "draw: only the two kings are left (D3)")

    def _explain(self, text: str) -> IllegalAction:
        """Why the move ``text`` is not legal now."""
        pos = self.pos
        us = pos.side
        fr, to, pr = parse_move_text(text)
        p = pos.board[fr]
        if p == 0:
            return IllegalAction("move", f"{text}: there is no piece on {SQNAME[fr]}")
        if p * us < 0:
            return IllegalAction("turn", f"{text}: the piece on {SQNAME[fr]} is {SIDE_NAME[-us]}'s; "
                                         f"it is {SIDE_NAME[us]}'s turn")
        pt = abs(p)
        q = pos.board[to]
        if q and q * us > 0:
            return IllegalAction("capture", f"{text}: {SQNAME[to]} holds your own piece")
        pseudo = [mm for mm in pos.pseudo_moves() if move_from(mm) == fr and move_to(mm) == to]
        last = 9 if us > 0 else 0
        if not pseudo:
            if pt == K and (fr, to) in CASTLE_BY_KING_MOVE:
                c = CASTLE_BY_KING_MOVE[(fr, to)]
                if (c[0] in (1, 2)) == (us > 0):
                    return IllegalAction("castling C1", f"{text}: castling needs king and rook unmoved, the "
                                         "squares between them empty, and the king neither in check nor "
                                         "crossing an attacked square")
            if pt in (C, A) and q:
                return IllegalAction(RULE_ID[pt], f"{text}: {RULE_TEXT[pt]}; a capture needs exactly one "
                                     "piece between")
            return IllegalAction(RULE_ID[pt], f"{text}: {RULE_TEXT[pt]}")
        promos = {move_promo(mm) for mm in pseudo}
        if pr not in promos:
            if pt == P:
                if pr == 0:
                    return IllegalAction("promotion C3", f"{text}: a pawn reaching the last rank must promote "
                                         "to n, g, f, w or q")
                if pr == Q:
                    return IllegalAction("one queen C4", f"{text}: a queen may be chosen only while you have "
                                         "no queen on the board")
                return IllegalAction("promotion C3", f"{text}: a pawn promotes to n, g, f, w or q only")
            if pt in (F, W) and RANK[to] == last:
                if pr == Q:
                    return IllegalAction("one queen C4", f"{text}: a queen may be chosen only while you have "
                                         "no queen on the board")
                opts = "b, a or q" if pt == F else "r, c or q"
                return IllegalAction("promotion C5", f"{text}: a {NAMES_EN[pt]} on the last rank may promote to "
                                     f"{opts}, or stay")
            return IllegalAction("promotion", f"{text}: this move does not promote")
        return IllegalAction("check", f"{text}: that move would leave your king in check")

    # ------------------------------------------------------------ output
    def observe(self, player: int) -> dict:
        """The whole public position (chess hides nothing)."""
        return {
            "game": "baige",
            "start_fen": self.start_fen,
            "fen": self.pos.fen(),
            "moves": list(self.moves),
            "actions": list(self._log),
            "moves_zh": list(self.moves_zh),
            "last_move": self.moves[-1] if self.moves else None,
            "side_to_move": "w" if self.pos.side > 0 else "b",
            "in_check": self.pos.in_check(),
            "check_streak": {("w" if s > 0 else "b"): {SQNAME[k]: v for k, v in d.items()}
                             for s, d in self.streak.items()},
            "repetitions": self.rep.get(self._key(), 0),
            "pending_draw_offer": (None if self.pending_offer is None
                                   else (0 if self.pending_offer > 0 else 1)),
            "result": None if self.result is None else {"winner": self.result[0], "reason": self.result[1]},
            "player": player,
        }

    def ranking(self) -> list[Placement]:
        """Winner first. A draw gives both seats place 1 marked out (no winner: the arena counts it void)."""
        if self.result is None:
            return []
        winner, reason = self.result
        if winner == 0:
            return [Placement(0, 1, True, reason), Placement(1, 1, True, reason)]
        ws = 0 if winner > 0 else 1
        return [Placement(ws, 1, False, reason), Placement(1 - ws, 2, True, reason)]

    def to_json(self) -> str:
        return json.dumps({"game": "baige", "version": SAVE_VERSION, "fen": self.start_fen,
                           "actions": list(self._log)})

    def clone(self) -> "BaigeGame":
        g = BaigeGame.__new__(BaigeGame)
        g.pos = self.pos.copy()
        g.start_fen = self.start_fen
        g._log = list(self._log)
        g.moves = list(self.moves)
        g.moves_zh = list(self.moves_zh)
        g.result = self.result
        g.pending_offer = self.pending_offer
        g.offered_this_turn = self.offered_this_turn
        g.streak = {1: dict(self.streak[1]), -1: dict(self.streak[-1])}
        g.rep = dict(self.rep)
        g._legal_cache = None
        return g

    def would_lose_by_long_check(self, move: str) -> bool:
        """Would this move be the fourth consecutive check by the same piece (C7)? For the client's warning."""
        if self.result is not None or self.pending_offer is not None:
            return False
        m = self._find(move)
        us = self.pos.side
        self.pos.make(m)
        try:
            st = next_streak(self.pos, m, self.streak[us])
        finally:
            self.pos.unmake()
        return any(v >= 4 for v in st.values())

    def move_display(self, move: str) -> str:
        """Display text (``卒 e4-e6``) of a legal move in the current position."""
        return describe_move(self.pos, self._find(move))


def load_game(text: str) -> BaigeGame:
    data = read_save(text, "baige", SAVE_VERSION, "百格西洋棋")
    fen = data.get("fen")
    actions = data.get("actions")
    if not isinstance(fen, str):
        raise SaveError("百格西洋棋 save has no start position ('fen' must be a string)")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveError("百格西洋棋 save: 'actions' must be a list of strings")
    try:
        g = BaigeGame(fen)
    except ValueError as e:
        raise SaveError(f"百格西洋棋 save: {e}") from None
    for i, a in enumerate(actions):
        try:
            g.apply(a)
        except (IllegalAction, ParseError) as e:
            raise SaveError(f"百格西洋棋 save is inconsistent: action {i + 1} {a!r}: {e}") from None
    return g
