"""百格西洋棋 position: a padded 12x14 mailbox, pseudo-legal generation, make/unmake, FEN.

Squares are indices into a 168-entry list: ``(rank + 2) * 12 + file + 1`` for
file 0..9 (a..j) and rank 0..9 (1..10). The two outer rows and the outer
column on each side hold ``OFF``, so knight jumps never wrap onto the board.

Pieces are small ints: White 1..11, Black -1..-11 (see ``LETTERS``).
A move is one int: ``from | to << 8 | promo << 16 | flag << 20``.
"""
from __future__ import annotations

import random
import re

# piece types
P, N, B, R, Q, K, G, C, A, F, W = range(1, 12)
LETTERS = ".PNBRQKGCAFW"  # index = piece type
TYPE_OF_LETTER = {ch: i for i, ch in enumerate(LETTERS) if i}
NAMES_ZH = {P: "卒", N: "馬", B: "象", R: "車", Q: "后", K: "王", G: "衛", C: "炮", A: "弩", F: "士", W: "兵"}
NAMES_EN = {P: "pawn", N: "knight", B: "bishop", R: "rook", Q: "queen", K: "king", G: "guard",
            C: "cannon", A: "archer", F: "ferz", W: "wazir"}
OFF = 99
EMPTY = 0
WHITE, BLACK = 1, -1

# move flags
NORMAL, DOUBLE, EP, CASTLE = 0, 1, 2, 3

START_FEN = ("rnbgqkgbnr/1ac4ca1/fffffwwwww/pppppppppp/10/10/"
             "PPPPPPPPPP/FFFFFWWWWW/1AC4CA1/RNBGQKGBNR w KQkq - 0 1")

FILES = "abcdefghij"


def SQ(f: int, r: int) -> int:
    return (r + 2) * 12 + f + 1


SQUARES = [SQ(f, r) for r in range(10) for f in range(10)]
FILE = [-1] * 168
RANK = [-1] * 168
for _r in range(10):
    for _f in range(10):
        FILE[SQ(_f, _r)] = _f
        RANK[SQ(_f, _r)] = _r
SQNAME = {s: FILES[FILE[s]] + str(RANK[s] + 1) for s in SQUARES}
NAME_SQ = {v: k for k, v in SQNAME.items()}

ORTH = (12, -12, 1, -1)
DIAG = (13, 11, -11, -13)
KING8 = ORTH + DIAG
KNIGHT = (25, 23, -23, -25, 14, 10, -10, -14)
STEPS = {N: KNIGHT, K: KING8, G: KING8, F: DIAG, W: ORTH}
SLIDES = {B: DIAG, R: ORTH, Q: KING8}
HOPS = {C: ORTH, A: DIAG}
RAYS = {**SLIDES, **HOPS}
# the two kinds of line: their directions, and the one-step piece, the slider and the hopper that use them
LINES = ((ORTH, W, R, C), (DIAG, F, B, A))

# castling: bit, king from, king to, rook from, rook to, squares that must be empty,
# squares the king crosses (must not be attacked)
CASTLES = {
    1: (1, SQ(5, 0), SQ(8, 0), SQ(9, 0), SQ(7, 0), (SQ(6, 0), SQ(7, 0), SQ(8, 0)), (SQ(6, 0), SQ(7, 0))),
    2: (2, SQ(5, 0), SQ(2, 0), SQ(0, 0), SQ(3, 0), (SQ(1, 0), SQ(2, 0), SQ(3, 0), SQ(4, 0)), (SQ(4, 0), SQ(3, 0))),
    4: (4, SQ(5, 9), SQ(8, 9), SQ(9, 9), SQ(7, 9), (SQ(6, 9), SQ(7, 9), SQ(8, 9)), (SQ(6, 9), SQ(7, 9))),
    8: (8, SQ(5, 9), SQ(2, 9), SQ(0, 9), SQ(3, 9), (SQ(1, 9), SQ(2, 9), SQ(3, 9), SQ(4, 9)), (SQ(4, 9), SQ(3, 9))),
}
CASTLE_BY_KING_MOVE = {(c[1], c[2]): c for c in CASTLES.values()}
CMASK = [15] * 168
CMASK[SQ(5, 0)] = 15 & ~3
CMASK[SQ(9, 0)] = 15 & ~1
CMASK[SQ(0, 0)] = 15 & ~2
CMASK[SQ(5, 9)] = 15 & ~12
CMASK[SQ(9, 9)] = 15 & ~4
CMASK[SQ(0, 9)] = 15 & ~8

# RAYMASK[k][s]: s lies on one of the eight lines through k (used for the fast legality test)
RAYMASK = [None] * 168
for _k in SQUARES:
    m = bytearray(168)
    for _d in KING8:
        _t = _k + _d
        while FILE[_t] >= 0:
            m[_t] = 1
            _t += _d
    RAYMASK[_k] = m

_rng = random.Random(20220118)
ZP = [[_rng.getrandbits(64) for _ in range(168)] for _ in range(23)]  # index piece (negative wraps)
ZSIDE = _rng.getrandbits(64)
ZC = [_rng.getrandbits(64) for _ in range(16)]
ZEP = [_rng.getrandbits(64) for _ in range(168)]


def _past_screen(b: list, t: int, d: int) -> int:
    """The first square along ``d`` beyond the screen on ``t`` that is not empty (a piece, or off the board)."""
    t += d
    while b[t] == 0:
        t += d
    return t


class FenError(ValueError):
    """A FEN string that does not describe a position of this game."""


def move_from(m: int) -> int:
    return m & 255


def move_to(m: int) -> int:
    return (m >> 8) & 255


def move_promo(m: int) -> int:
    return (m >> 16) & 15


def move_flag(m: int) -> int:
    return m >> 20


def move_text(m: int) -> str:
    pr = (m >> 16) & 15
    return SQNAME[m & 255] + SQNAME[(m >> 8) & 255] + (LETTERS[pr].lower() if pr else "")


_MOVE_RE = re.compile(r"^([a-j])(10|[1-9])([a-j])(10|[1-9])([a-z]?)$")


def parse_move_text(text: str):
    """(from, to, promo type or 0) of a C2 move text, or None if it is not of that form."""
    mt = _MOVE_RE.match(text)
    if not mt:
        return None
    fr = NAME_SQ[mt.group(1) + mt.group(2)]
    to = NAME_SQ[mt.group(3) + mt.group(4)]
    pr = 0
    if mt.group(5):
        pr = TYPE_OF_LETTER.get(mt.group(5).upper(), -1)
        if pr < 0:
            return None
    return fr, to, pr


class Position:
    """A mutable position with make/unmake."""

    __slots__ = ("board", "side", "castling", "ep", "halfmove", "fullmove", "king", "qcount", "hash", "stack")

    def __init__(self, fen: str = START_FEN):
        self.set_fen(fen)

    # ------------------------------------------------------------------ FEN
    def set_fen(self, fen: str) -> None:
        parts = fen.split()
        if len(parts) < 2:
            raise FenError(f"FEN needs at least the placement and the side to move: {fen!r}")
        while len(parts) < 6:
            parts.append({2: "-", 3: "-", 4: "0", 5: "1"}[len(parts)])
        if len(parts) > 6:
            raise FenError(f"FEN has {len(parts)} fields, at most 6 expected")
        place, side, cast, ep, half, full = parts
        b = [OFF] * 168
        for s in SQUARES:
            b[s] = EMPTY
        rows = place.split("/")
        if len(rows) != 10:
            raise FenError(f"FEN placement has {len(rows)} ranks, 10 expected")
        for i, row in enumerate(rows):
            r = 9 - i
            f = 0
            for tok in re.findall(r"\d+|[A-Za-z]|.", row):
                if tok.isascii() and tok.isdigit():
                    n = int(tok)
                    if n < 1:
                        raise FenError(f"bad empty count {tok!r} on rank {r + 1}")
                    f += n
                elif tok.upper() in TYPE_OF_LETTER:
                    if f > 9:
                        raise FenError(f"rank {r + 1} has more than 10 squares")
                    t = TYPE_OF_LETTER[tok.upper()]
                    b[SQ(f, r)] = t if tok.isupper() else -t
                    f += 1
                else:
                    raise FenError(f"unknown piece letter {tok!r} on rank {r + 1}")
            if f != 10:
                raise FenError(f"rank {r + 1} has {f} squares, 10 expected")
        self.board = b
        if side not in ("w", "b"):
            raise FenError(f"side to move must be w or b, not {side!r}")
        self.side = WHITE if side == "w" else BLACK
        kings = {WHITE: [], BLACK: []}
        self.qcount = [0, 0, 0]
        for s in SQUARES:
            p = b[s]
            if p == K or p == -K:
                kings[1 if p > 0 else -1].append(s)
            if p == Q:
                self.qcount[1] += 1
            elif p == -Q:
                self.qcount[-1] += 1
            if (p == P and RANK[s] == 9) or (p == -P and RANK[s] == 0):
                raise FenError(f"pawn on its last rank at {SQNAME[s]}")
        for c, nm in ((WHITE, "White"), (BLACK, "Black")):
            if len(kings[c]) != 1:
                raise FenError(f"{nm} must have exactly one king, has {len(kings[c])}")
            if self.qcount[c] > 1:  # seed: 每個玩家的棋盤上最多只能有一枚皇后 (C4)
                raise FenError(f"{nm} has {self.qcount[c]} queens; a side has at most one on the board")
        self.king = [0, kings[WHITE][0], kings[BLACK][0]]
        c = 0
        if cast != "-":
            for ch in cast:
                bit = {"K": 1, "Q": 2, "k": 4, "q": 8}.get(ch)
                if bit is None:
                    raise FenError(f"bad castling field {cast!r}")
                _, kf, _, rf, _, _, _ = CASTLES[bit]
                col = 1 if bit < 4 else -1
                if b[kf] != K * col or b[rf] != R * col:
                    raise FenError(f"castling right {ch!r} needs the king on {SQNAME[kf]} and the rook on {SQNAME[rf]}")
                c |= bit
        self.castling = c
        self.ep = 0
        if ep != "-":
            if ep not in NAME_SQ:
                raise FenError(f"bad en-passant square {ep!r}")
            e = NAME_SQ[ep]
            want = 5 if self.side == WHITE else 4
            if RANK[e] != want:
                raise FenError(f"en-passant square {ep} must be on rank {want + 1}")
            pawn_sq = e - 12 * self.side
            if b[pawn_sq] != -P * self.side or b[e] != EMPTY or b[e + 12 * self.side] != EMPTY:
                raise FenError(f"en-passant square {ep} does not follow a double step")
            if b[pawn_sq - 1] == P * self.side or b[pawn_sq + 1] == P * self.side:
                self.ep = e  # D5: kept only with a pawn beside to take en passant, as make() keeps it
        try:
            self.halfmove = int(half)
            self.fullmove = int(full)
        except ValueError:
            raise FenError("half-move and full-move counters must be integers") from None
        if self.halfmove < 0 or self.fullmove < 1:
            raise FenError("bad move counters")
        self.stack = []
        self.hash = self.compute_hash()
        if self.attacked(self.king[-self.side], self.side):
            raise FenError("the side not to move is in check")

    def compute_hash(self) -> int:
        h = 0
        b = self.board
        for s in SQUARES:
            if b[s]:
                h ^= ZP[b[s]][s]
        if self.side == BLACK:
            h ^= ZSIDE
        h ^= ZC[self.castling]
        if self.ep:
            h ^= ZEP[self.ep]
        return h

    def fen(self) -> str:
        b = self.board
        rows = []
        for r in range(9, -1, -1):
            row = ""
            n = 0
            for f in range(10):
                p = b[SQ(f, r)]
                if p == EMPTY:
                    n += 1
                    continue
                if n:
                    row += str(n)
                    n = 0
                ch = LETTERS[abs(p)]
                row += ch if p > 0 else ch.lower()
            if n:
                row += str(n)
            rows.append(row)
        cast = "".join(ch for bit, ch in ((1, "K"), (2, "Q"), (4, "k"), (8, "q")) if self.castling & bit) or "-"
        ep = SQNAME[self.ep] if self.ep else "-"
        return f"{'/'.join(rows)} {'w' if self.side == WHITE else 'b'} {cast} {ep} {self.halfmove} {self.fullmove}"

    def copy(self) -> "Position":
        p = Position.__new__(Position)
        p.board = self.board[:]
        p.side = self.side
        p.castling = self.castling
        p.ep = self.ep
        p.halfmove = self.halfmove
        p.fullmove = self.fullmove
        p.king = self.king[:]
        p.qcount = self.qcount[:]
        p.hash = self.hash
        p.stack = []
        return p

    # ------------------------------------------------------------ attacks
    def attacked(self, s: int, by: int) -> bool:
        """Is square ``s`` attacked by side ``by`` (cannon and archer hops included)?"""
        b = self.board
        if by > 0:
            if b[s - 11] == P or b[s - 13] == P:
                return True
        else:
            if b[s + 11] == -P or b[s + 13] == -P:
                return True
        kn = N * by
        for d in KNIGHT:
            if b[s + d] == kn:
                return True
        for dirs, step, slide, hop in LINES:
            for d in dirs:
                t = s + d
                p = b[t] * by
                if p == K or p == G or p == step:
                    return True
                while p == 0:
                    t += d
                    p = b[t] * by
                if p == slide or p == Q:
                    return True
                if p == OFF or p == -OFF:
                    continue
                t += d  # _past_screen written out (every legality test asks this)
                p = b[t]
                while p == 0:
                    t += d
                    p = b[t]
                if p * by == hop:
                    return True
        return False

    def attackers(self, s: int, by: int) -> list[int]:
        """Squares of the pieces of side ``by`` that attack ``s``."""
        b = self.board
        out = []
        for d in ((-11, -13) if by > 0 else (11, 13)):
            if b[s + d] == P * by:
                out.append(s + d)
        for d in KNIGHT:
            if b[s + d] == N * by:
                out.append(s + d)
        for dirs, step, slide, hop in LINES:
            for d in dirs:
                t = s + d
                p = b[t] * by
                if p == K or p == G or p == step:
                    out.append(t)
                    continue
                while p == 0:
                    t += d
                    p = b[t] * by
                if p == slide or p == Q:
                    out.append(t)
                    continue
                if p == OFF or p == -OFF:
                    continue
                t = _past_screen(b, t, d)
                if b[t] * by == hop:
                    out.append(t)
        return out

    def in_check(self) -> bool:
        return self.attacked(self.king[self.side], -self.side)

    # --------------------------------------------------------- generation
    def pseudo_moves(self, captures_only: bool = False) -> list[int]:
        b = self.board
        us = self.side
        moves = []
        add = moves.append
        queen = (Q,) if self.qcount[us] == 0 else ()
        pawn_promos = (N, G, F, W) + queen
        last = 9 if us > 0 else 0
        for s in SQUARES:
            p = b[s] * us
            if p <= 0:
                continue
            if p == P:
                fwd = 12 * us
                t = s + fwd
                promo = RANK[t] == last
                if b[t] == 0 and (not captures_only or promo):
                    if promo:
                        for pt in pawn_promos:
                            add(s | t << 8 | pt << 16)
                    else:
                        add(s | t << 8)
                        if RANK[s] == (3 if us > 0 else 6) and b[t + fwd] == 0:
                            add(s | (t + fwd) << 8 | DOUBLE << 20)
                for t2 in (t - 1, t + 1):
                    q = b[t2]
                    if q != 0 and q != OFF and q * us < 0:
                        if promo:
                            for pt in pawn_promos:
                                add(s | t2 << 8 | pt << 16)
                        else:
                            add(s | t2 << 8)
                    elif q == 0 and t2 == self.ep:
                        add(s | t2 << 8 | EP << 20)
            elif p == N or p == K or p == G:
                for d in STEPS[p]:
                    t = s + d
                    q = b[t]
                    if q == 0:
                        if not captures_only:
                            add(s | t << 8)
                    elif q != OFF and q * us < 0:
                        add(s | t << 8)
                if p == K and not captures_only and self.castling:
                    self._castles(s, add)
            elif p == F or p == W:
                for d in (DIAG if p == F else ORTH):
                    t = s + d
                    q = b[t]
                    if q == 0:
                        if captures_only:
                            continue
                    elif q == OFF or q * us > 0:
                        continue
                    add(s | t << 8)
                    if RANK[t] == last:
                        for pt in ((B, A) if p == F else (R, C)) + queen:
                            add(s | t << 8 | pt << 16)
            else:  # B, R, Q capture the first piece on a line; C, A the first piece beyond a screen
                hop = p == C or p == A
                for d in RAYS[p]:
                    t = s + d
                    q = b[t]
                    while q == 0:
                        if not captures_only:
                            add(s | t << 8)
                        t += d
                        q = b[t]
                    if hop:
                        if q == OFF:
                            continue
                        t += d  # _past_screen written out: the search generates moves at every node
                        q = b[t]
                        while q == 0:
                            t += d
                            q = b[t]
                    if q != OFF and q * us < 0:
                        add(s | t << 8)
        return moves

    def _castles(self, s: int, add) -> None:
        us = self.side
        b = self.board
        for bit in ((1, 2) if us > 0 else (4, 8)):
            if not self.castling & bit:
                continue
            _, kf, kt, rf, rt, empty, cross = CASTLES[bit]
            if s != kf or b[rf] != R * us:
                continue
            if any(b[x] for x in empty):
                continue
            if self.attacked(kf, -us) or any(self.attacked(x, -us) for x in cross):
                continue
            add(kf | kt << 8 | CASTLE << 20)

    def is_legal_pseudo(self, m: int, incheck: bool) -> bool:
        """Given a pseudo-legal move, does it leave the mover's king safe?"""
        us = self.side
        ksq = self.king[us]
        fr = m & 255
        if not incheck and fr != ksq and m >> 20 != EP:
            mask = RAYMASK[ksq]
            if not mask[fr] and not mask[(m >> 8) & 255]:
                return True
        self.make(m)
        ok = not self.attacked(self.king[us], -us)
        self.unmake()
        return ok

    def legal_moves(self) -> list[int]:
        """The legal moves of the side to move, in generation order."""
        us = self.side
        ksq = self.king[us]
        incheck = self.attacked(ksq, -us)
        mask = RAYMASK[ksq]
        out = []
        for m in self.pseudo_moves():  # is_legal_pseudo written out: the search's hottest loop
            fr = m & 255
            if not incheck and fr != ksq and m >> 20 != EP and not mask[fr] and not mask[(m >> 8) & 255]:
                out.append(m)
                continue
            self.make(m)
            if not self.attacked(self.king[us], -us):
                out.append(m)
            self.unmake()
        return out

    # ------------------------------------------------------- make/unmake
    def make(self, m: int) -> None:
        b = self.board
        us = self.side
        fr = m & 255
        to = (m >> 8) & 255
        promo = (m >> 16) & 15
        flag = m >> 20
        p = b[fr]
        cap = b[to]
        self.stack.append((m, p, cap, self.castling, self.ep, self.halfmove, self.hash))
        h = self.hash ^ ZSIDE ^ ZP[p][fr]
        if self.ep:
            h ^= ZEP[self.ep]
            self.ep = 0
        b[fr] = 0
        if cap:
            h ^= ZP[cap][to]
            if cap == -Q * us:
                self.qcount[-us] -= 1
        if promo:
            np = promo * us
            if promo == Q:
                self.qcount[us] += 1
        else:
            np = p
        b[to] = np
        h ^= ZP[np][to]
        if p == K * us:
            self.king[us] = to
        if flag:
            if flag == DOUBLE:
                e = (fr + to) >> 1
                if b[to - 1] == -P * us or b[to + 1] == -P * us:
                    self.ep = e
                    h ^= ZEP[e]
            elif flag == EP:
                cs = to - 12 * us
                h ^= ZP[b[cs]][cs]
                b[cs] = 0
            else:  # castle
                c = CASTLE_BY_KING_MOVE[(fr, to)]
                rp = b[c[3]]
                b[c[3]] = 0
                b[c[4]] = rp
                h ^= ZP[rp][c[3]] ^ ZP[rp][c[4]]
        oc = self.castling
        if oc:
            nc = oc & CMASK[fr] & CMASK[to]
            if nc != oc:
                h ^= ZC[oc] ^ ZC[nc]
                self.castling = nc
        if cap or p == P * us:
            self.halfmove = 0
        else:
            self.halfmove += 1
        if us < 0:
            self.fullmove += 1
        self.side = -us
        self.hash = h

    def unmake(self) -> None:
        m, p, cap, self.castling, self.ep, self.halfmove, self.hash = self.stack.pop()
        b = self.board
        us = -self.side
        self.side = us
        fr = m & 255
        to = (m >> 8) & 255
        promo = (m >> 16) & 15
        flag = m >> 20
        b[fr] = p
        b[to] = cap
        if promo == Q:
            self.qcount[us] -= 1
        if cap == -Q * us:
            self.qcount[-us] += 1
        if p == K * us:
            self.king[us] = fr
        if flag == EP:
            b[to - 12 * us] = -P * us
        elif flag == CASTLE:
            c = CASTLE_BY_KING_MOVE[(fr, to)]
            b[c[3]] = b[c[4]]
            b[c[4]] = 0
        if us < 0:
            self.fullmove -= 1

    # make a null move (for search); no undo of stack entries besides this one
    def make_null(self) -> None:
        self.stack.append((0, 0, 0, self.castling, self.ep, self.halfmove, self.hash))
        h = self.hash ^ ZSIDE
        if self.ep:
            h ^= ZEP[self.ep]
            self.ep = 0
        self.hash = h
        self.side = -self.side

    def unmake_null(self) -> None:
        _, _, _, self.castling, self.ep, self.halfmove, self.hash = self.stack.pop()
        self.side = -self.side

    # ------------------------------------------------------------- text
    def find_move(self, text: str) -> int | None:
        """The legal move with this C2 text, or None."""
        for m in self.legal_moves():
            if move_text(m) == text:
                return m
        return None


def perft(pos: Position, depth: int) -> int:
    if depth <= 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        return len(moves)
    n = 0
    for m in moves:
        pos.make(m)
        n += perft(pos, depth - 1)
        pos.unmake()
    return n
