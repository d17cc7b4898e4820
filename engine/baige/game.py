"""百格西洋棋 as an engine.api Game: game-end rules, draw offers, resignation, saves."""
from __future__ import annotations

from typing import Any

from engine.api import Event, Game, IllegalAction, ParseError, Placement, SaveError, Step
from engine.baige.board import (
    A, B, C, CASTLE, CASTLE_BY_KING_MOVE, EP, F, FILE, G, K, LETTERS, N, NAMES_ZH, P, Q, R, RANK, SQNAME, SQUARES,
    START_FEN, W, FenError, Position, move_flag, move_from, move_promo, move_text, move_to,
    parse_move_text,
)
from engine.messages import Msg
from engine.saves import english, envelope, need, no_forced, of_game, read_save as read_envelope, replay_actions

SAVE_VERSION = 1
FIFTY_MOVE_PLIES = 100  # decision D2: 50 moves by each side without a capture or pawn move
OFFER, ACCEPT, DECLINE, RESIGN = "offer", "accept", "decline", "resign"
SIDE_NAME = {1: "White", -1: "Black"}
SIDE_KEY = {1: "w", -1: "b"}
SIDE_ACTIONS = (OFFER, ACCEPT, DECLINE, RESIGN)


def side_msg(side: int) -> Msg:
    """White or Black (side 1 / -1) as a keyed message."""
    return Msg.of(f"baige.side.{SIDE_KEY[side]}")


def piece_msg(pt: int) -> Msg:
    """The seed's name of piece type ``pt`` (卒 / pawn ...)."""
    return Msg.of(f"baige.piece.{LETTERS[pt].lower()}")


def rule_msg(pt: int) -> Msg:
    """How piece type ``pt`` moves (C2-C6), for refusals."""
    return Msg.of(f"baige.rule.{LETTERS[pt].lower()}")


def illegal(rule: str, key: str, **params) -> IllegalAction:
    """A refusal with the keyed message ``baige.illegal.<key>`` (English from the catalogue)."""
    return IllegalAction(rule, key=f"baige.illegal.{key}", **params)

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


def move_msg(pos: Position, m: int) -> Msg:
    """The same description as a keyed message (``卒 e4-e6`` / ``pawn e4-e6``), for any language."""
    fr, to = move_from(m), move_to(m)
    cap = pos.board[to] != 0 or move_flag(m) == EP
    msg = Msg.of("baige.capture" if cap else "baige.move", piece=piece_msg(abs(pos.board[fr])),
                 src=SQNAME[fr], dst=SQNAME[to])
    if move_promo(m):
        msg = Msg.of("baige.promotes", move=msg, piece=piece_msg(move_promo(m)))
    if move_flag(m) == CASTLE:
        msg = Msg.of("baige.castles", move=msg)
    return msg


def named_action(pos: Position, text: str) -> Msg | str:
    """How a refusal names the action ``text``: a move as the move list does, the piece and its squares
    (``ferz e3-e2`` / ``士 e3-e2``; x for a capture of the other side's piece, =piece for a promotion, castling),
    a side action by its button's words, never the raw text ``e3e2`` (new-player QA, session 19). An empty
    from-square names the squares only. 百格 hides nothing, so naming the piece reveals nothing."""
    if text in SIDE_ACTIONS:
        return Msg.of(f"baige.button.{text}")
    parsed = parse_move_text(text)
    if parsed is None:
        return text
    fr, to, pr = parsed
    p = pos.board[fr]
    if p == 0:
        return Msg.of("baige.squares", src=SQNAME[fr], dst=SQNAME[to])
    pt, q = abs(p), pos.board[to]
    cap = q * p < 0 or (pt == P and pos.ep and to == pos.ep and FILE[to] != FILE[fr])
    msg = Msg.of("baige.capture" if cap else "baige.move", piece=piece_msg(pt), src=SQNAME[fr], dst=SQNAME[to])
    if pr:
        msg = Msg.of("baige.promotes", move=msg, piece=piece_msg(pr))
    if pt == K and (fr, to) in CASTLE_BY_KING_MOVE:
        msg = Msg.of("baige.castles", move=msg)
    return msg


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
    count_word = "stats.moves"  # the statistics count moves (resign and draw offers are not: is_move)

    def __init__(self, fen: str | None = None):
        start = fen or START_FEN
        try:
            self.pos = Position(start)
        except FenError as e:
            raise ValueError(f"bad start position: {e}") from None
        self.start_fen = self.pos.fen()
        self._log: list[str] = []
        self.records: list[Msg] = []  # each action as it read when played (describe), for events()
        self.moves: list[str] = []  # board moves only, in C2 text
        self.moves_zh: list[str] = []
        self.result: tuple[int, str] | None = None  # (winner side 1/-1, or 0 for a draw; reason)
        self.result_msg: Msg | None = None  # the reason as a keyed message
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

    def _end(self, winner: int, key: str, side: int | None = None) -> None:
        """End the game: ``winner`` 1/-1 (0 = draw), the reason ``baige.end.<key>`` about ``side``."""
        self.result_msg = Msg.of(f"baige.end.{key}", **({"side": side_msg(side)} if side else {}))
        self.result = (winner, self.result_msg.render("en"))

    def move_action(self, src: str, dst: str) -> str:
        """The action moving the piece on square ``src`` to ``dst`` (no promotion; ``apply`` plays it or refuses
        it naming the rule): the plugin's structured way to ask why a click builds no move."""
        return f"{src}{dst}"

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
            raise illegal("game over", "over", text=named_action(self.pos, text), reason=self.result_msg)
        us = self.pos.side
        if text in SIDE_ACTIONS and (text in (RESIGN, OFFER) or self.pending_offer is not None):
            said = self.describe(text)  # as it reads before it changes anything
        if text == RESIGN:
            side = us if self.pending_offer is None else -self.pending_offer
            self.records.append(said)
            self._log.append(text)
            self.pending_offer = None
            self._end(-side, "resigned", side)
            return
        if text in (ACCEPT, DECLINE):
            if self.pending_offer is None:
                raise illegal("draw offer", "no_offer", text=named_action(self.pos, text))
            self.records.append(said)
            self._log.append(text)
            if text == ACCEPT:
                self._end(0, "agreed")
            self.pending_offer = None
            return
        if self.pending_offer is not None:
            raise illegal("draw offer", "answer_first", text=named_action(self.pos, text))
        if text == OFFER:
            if self.offered_this_turn:
                raise illegal("draw offer", "one_offer", text=named_action(self.pos, text))
            self.records.append(said)
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
        self.records.append(move_msg(pos, m))
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
            self._end(-us, "long_check", us)
            return
        self._check_end()

    def _check_end(self) -> None:
        pos = self.pos
        us = pos.side
        if not self._legal():
            if pos.in_check():
                self._end(-us, "checkmated", us)
            else:
                self._end(-us, "stalemate", us)
            return
        if self.rep.get(self._key(), 0) >= 3:
            self._end(0, "threefold")
            return
        if pos.halfmove >= FIFTY_MOVE_PLIES:
            self._end(0, "fifty")
            return
        if all(abs(p) == K for p in pos.board if p and abs(p) != 99):
            self._end(0, "kings")

    def _explain(self, text: str) -> IllegalAction:
        """Why the move ``text`` is not legal now (a keyed refusal naming the rule)."""
        pos = self.pos
        us = pos.side
        name = named_action(pos, text)  # the move as the move list names it (the piece and its squares)
        fr, to, pr = parse_move_text(text)
        p = pos.board[fr]
        if p == 0:
            return illegal("move", "no_piece", text=name, cell=SQNAME[fr])
        if p * us < 0:
            return illegal("turn", "turn", text=name, cell=SQNAME[fr], owner=side_msg(-us), side=side_msg(us))
        pt = abs(p)
        q = pos.board[to]
        if q and q * us > 0:
            return illegal("capture", "own_piece", text=name, cell=SQNAME[to])
        pseudo = [mm for mm in pos.pseudo_moves() if move_from(mm) == fr and move_to(mm) == to]
        last = 9 if us > 0 else 0
        castle = CASTLE_BY_KING_MOVE.get((fr, to)) if pt == K else None
        if castle is not None and (castle[0] in (1, 2)) == (us > 0) and (not pseudo or not pr):
            return self._no_castling(text, castle, bool(pseudo))
        if not pseudo:
            df, dr = abs(FILE[to] - FILE[fr]), abs(RANK[to] - RANK[fr])
            if pt in (C, A) and q and (df * dr == 0 if pt == C else df == dr):  # a target on its line (C6)
                return illegal(RULE_ID[pt], "hop_capture", text=name, how=rule_msg(pt))
            return illegal(RULE_ID[pt], "piece", text=name, how=rule_msg(pt))
        promos = {move_promo(mm) for mm in pseudo}
        if pr not in promos:
            # the choices named are those open now: no queen while the side has one (C4)
            opts = Msg.of(f"baige.opts.{LETTERS[pt].lower()}{'' if Q in promos else '_noq'}")
            if pt == P and RANK[to] == last:  # C3: only a pawn reaching the last rank promotes (G3: else no_promo)
                if pr == 0:
                    return illegal("promotion C3", "must_promote", text=name, opts=opts)
                if pr == Q:
                    return illegal("one queen C4", "one_queen", text=name)
                return illegal("promotion C3", "pawn_promo", text=name, opts=opts)
            if pt in (F, W) and RANK[to] == last:
                if pr == Q:
                    return illegal("one queen C4", "one_queen", text=name)
                return illegal("promotion C5", "fw_promo", text=name, piece=piece_msg(pt), opts=opts)
            return illegal("promotion", "no_promo", text=name)
        return illegal("check", "check", text=name)

    def _no_castling(self, text: str, castle: tuple, generated: bool) -> IllegalAction:
        """Which condition of C1 the castling ``text`` breaks (G3), in the order C1 lists them: king and rook
        unmoved, the squares between empty, the king not in check, no crossed square attacked, and (the move
        generated but leaving the king attacked) the landing square not attacked."""
        pos = self.pos
        us = pos.side
        name = named_action(pos, text)
        bit, kf, kt, rf, _, empty, cross = castle
        if generated:
            return illegal("castling C1", "castling_into", text=name, cell=SQNAME[kt])
        if not pos.castling & bit:
            return illegal("castling C1", "castling_moved", text=name, rook=SQNAME[rf])
        full = [SQNAME[x] for x in empty if pos.board[x]]
        if full:
            return illegal("castling C1", "castling_between", text=name, cells=full)
        if pos.attacked(kf, -us):
            return illegal("castling C1", "castling_in_check", text=name)
        for x in cross:
            if pos.attacked(x, -us):
                return illegal("castling C1", "castling_through", text=name, cell=SQNAME[x])
        return illegal("castling C1", "castling", text=name)

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
            "board": {SQNAME[sq]: LETTERS[abs(v)] if v > 0 else LETTERS[abs(v)].lower()
                      for sq, v in zip(SQUARES, (self.pos.board[x] for x in SQUARES)) if v},
            "king_in_check": (SQNAME[self.pos.king[self.pos.side]] if self.pos.in_check() else None),
            "side_to_move": "w" if self.pos.side > 0 else "b",
            "first_side": "w" if Position(self.start_fen).side > 0 else "b",  # who moved first (the move list's numbers)
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
        m = self.result_msg
        if winner == 0:
            return [Placement(0, 1, True, reason, m), Placement(1, 1, True, reason, m)]
        ws = 0 if winner > 0 else 1
        return [Placement(ws, 1, False, reason, m), Placement(1 - ws, 2, True, reason, m)]

    # ------------------------------------------------------------ the common layer's hooks
    def seat_name(self, seat: int) -> Msg:
        """Seat 0 is White (白方), seat 1 Black (黑方)."""
        return side_msg(1 if seat == 0 else -1)

    def end_reason(self) -> Msg | str:
        """Why the game ended and who won, as a keyed message ("" while it goes on)."""
        if self.result is None:
            return ""
        winner = self.result[0]
        if winner == 0:
            return Msg.of("baige.end.draw", reason=self.result_msg)
        return Msg.of("baige.end.wins", reason=self.result_msg, side=side_msg(winner))

    def action_steps(self, action: Any) -> tuple[Step, ...]:
        """A move ``e2e4`` is (cell e2, cell e4); a promotion adds the option of its piece (``a9a10q`` ->
        option q), and a ferz or wazir that may promote but stays adds the option ``stay`` (C3, C5);
        offer / accept / decline / resign are buttons."""
        text = str(action)
        if text in SIDE_ACTIONS:
            return (Step("button", text, f"baige.button.{text}"),)
        parsed = parse_move_text(text)
        if parsed is None:
            return (Step("button", text),)
        fr, to, pr = parsed
        steps = (Step("cell", SQNAME[fr]), Step("cell", SQNAME[to]))
        if pr:
            letter = LETTERS[pr].lower()
            return steps + (Step("option", letter, f"baige.piece.{letter}"),)
        p = self.pos.board[fr]
        if p and abs(p) in (F, W) and RANK[to] == (9 if p > 0 else 0):
            return steps + (Step("option", "stay", "baige.stay"),)
        return steps

    def events(self, player: int) -> list[Event]:
        """Every action as it read when played (``卒 e4-e6``, ``黑方提和``), then why the game ended; chess hides
        nothing, so every seat sees the same."""
        out = [Event(m) for m in self.records]
        if self.result is not None:
            out.append(Event(self.end_reason()))
        return out

    def side_steps(self) -> list[Step]:
        """The buttons the current player may press besides the listed actions (offer a draw, resign)."""
        return [Step("button", a, f"baige.button.{a}") for a in self.side_actions()]

    def is_move(self, action: Any) -> bool:
        """A board move; resign, offer, accept and decline are not moves (the statistics' count)."""
        return str(action) not in SIDE_ACTIONS

    def describe(self, action: Any) -> Msg:
        """How an action legal now reads: ``卒 e4-e6`` / ``pawn e4-e6``, ``白方提和`` / ``White offers a draw``."""
        text = str(action)
        if text in SIDE_ACTIONS:
            side = self.pos.side
            if text in (ACCEPT, DECLINE) or (text == RESIGN and self.pending_offer is not None):
                side = -self.pending_offer if self.pending_offer is not None else side
            return Msg.of(f"baige.act.{text}", side=side_msg(side))
        m = self.pos.find_move(text) if parse_move_text(text) else None
        if m is None or self.result is not None:
            return Msg.of("common.text", text=text)
        return move_msg(self.pos, m)

    def to_json(self) -> str:
        """The save: the one envelope (engine.saves), the start position as the ``fen`` option."""
        return envelope("baige", SAVE_VERSION, {"fen": self.start_fen}, [str(a) for a in self._log])

    def clone(self) -> "BaigeGame":
        g = BaigeGame.__new__(BaigeGame)
        g.pos = self.pos.copy()
        g.start_fen = self.start_fen
        g._log = list(self._log)
        g.records = list(self.records)
        g.moves = list(self.moves)
        g.moves_zh = list(self.moves_zh)
        g.result = self.result
        g.result_msg = self.result_msg
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
    """Replay a save (the one envelope, the start FEN in options.fen; an older save kept ``fen`` at the
    top); SaveError if it is not one."""
    data = read_envelope(text, "baige", SAVE_VERSION, "百格西洋棋")
    opts = data.get("options", {})
    if "fen" in opts or "fen" not in data:
        fen = need(opts, "fen", str, of_game("百格西洋棋", "options"))
    else:  # a save from before the one envelope
        fen = need(data, "fen", str, of_game("百格西洋棋"))
    if len(fen) > 200:
        raise SaveError(key="baige.save.fen_long", where=of_game("百格西洋棋"), n=len(fen))
    actions = need(data, "actions", list, of_game("百格西洋棋"))
    no_forced(data, "百格西洋棋", "chess draws nothing")
    try:
        g = BaigeGame(fen)
    except ValueError as e:
        raise SaveError(key="saves.bad.game_detail", where=of_game("百格西洋棋"),
                        why=english("baige.save.bad_fen", e)) from None
    return replay_actions(g, actions, title="百格西洋棋")
