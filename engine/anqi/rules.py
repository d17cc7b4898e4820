"""The public position of 暗战洛阳城 and its rules (A2-A7), shared by the game and the computer player.

A :class:`Position` holds only what every player knows: face-up pieces, which
cells are face down (``HIDDEN``), whose turn it is, who is out, who made 勤王,
the progress counter and the pool of face-down identities still unseen (public,
since the piece set is known and every flip is public). The true identities of
face-down pieces live only in :class:`engine.anqi.game.AnqiGame`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from engine.anqi import text as T
from engine.anqi.board import (CANNON, CHARIOT, EMPEROR, HAN, HORSE, RULER, SOLDIER, Layout,
                               layout)
from engine.messages import Msg

HIDDEN = "hidden"


class Up(NamedTuple):
    """A face-up piece: the seat that moves it (None for Han before 勤王), its kind, its printed faction."""

    owner: int | None
    kind: str
    printed: int


@dataclass(frozen=True)
class Flip:
    """Turn a face-down piece face up (A2)."""

    cell: str

    def __str__(self) -> str:
        return f"flip {self.cell}"


@dataclass(frozen=True)
class Move:
    """Step one cell, capture by stepping, 勤王, or a cannon's jump capture (A2-A4, A6)."""

    src: str
    dst: str

    def __str__(self) -> str:
        return f"move {self.src} {self.dst}"


class Rejection(Exception):
    """Internal: why an action is illegal (rule id, message key and parameters of assets/messages/anqi.toml)."""

    def __init__(self, rule: str, key: str, **params):
        self.rule = rule
        self.key = key
        self.params = params
        self.msg = Msg.of(key, **params)
        self.message = self.msg.render("en")
        super().__init__(self.message)


class Position:
    """The public state (see module doc). Cheap to copy."""

    __slots__ = ("lay", "board", "to_move", "out", "out_reason", "qinwang", "quiet", "pool",
                 "over", "end")

    def __init__(self, lay: Layout | None = None):
        self.lay = lay or layout()
        self.board: list = [None] * len(self.lay.cells)
        self.to_move = 0
        self.out: list[int] = []  # seats in elimination order
        self.out_reason: dict[int, str] = {}
        self.qinwang: int | None = None  # seat that made 勤王
        self.quiet = 0  # actions in a row without progress (AQ7)
        self.pool: dict[tuple[int, str], int] = {}  # unseen face-down identities -> count
        self.over = False
        self.end = ""  # "last" (one faction left) or "stall" (progress rule)

    def copy(self) -> "Position":
        p = Position.__new__(Position)
        p.lay = self.lay
        p.board = list(self.board)
        p.to_move = self.to_move
        p.out = list(self.out)
        p.out_reason = dict(self.out_reason)
        p.qinwang = self.qinwang
        p.quiet = self.quiet
        p.pool = dict(self.pool)
        p.over = self.over
        p.end = self.end
        return p

    # --- factions -------------------------------------------------------------
    def alive(self) -> list[int]:
        return [s for s in range(3) if s not in self.out]

    def allied(self, a: int | None, b: int | None) -> bool:
        """A6: after 勤王 the two other factions are allies until the 勤王 faction is out
        (a faction that is out is nobody's ally: its pieces left on the board are fair game, AQ6)."""
        q = self.qinwang
        out = self.out
        return (a is not None and b is not None and a != b and q is not None
                and q not in out and a != q and b != q and a not in out and b not in out)

    def hostile(self, a: int | None, b: int | None) -> bool:
        return a is not None and b is not None and a != b and not self.allied(a, b)

    def pieces_of(self, seat: int) -> int:
        """Pieces a seat still has: its face-up pieces plus its face-down ones (public count)."""
        n = sum(1 for t in self.board if type(t) is Up and t.owner == seat)
        return n + sum(c for (f, _), c in self.pool.items() if f == seat)

    def material(self, seat: int) -> int:
        """Sum of piece values a seat still has, face-down pieces included (AQ7)."""
        kinds = self.lay.kinds
        v = sum(kinds[t.kind].value for t in self.board if type(t) is Up and t.owner == seat)
        return v + sum(kinds[k].value * c for (f, k), c in self.pool.items() if f == seat)

    # --- captures -------------------------------------------------------------
    def can_take(self, a: Up, t, by_jump: bool) -> bool:
        """Whether piece ``a`` may capture whatever is at a cell holding ``t`` (A3, A4, A6)."""
        if type(t) is not Up or t.owner is None:  # empty, face-down (A3), Han before 勤王 (A6)
            return False
        if not self.hostile(a.owner, t.owner):
            return False
        if by_jump:
            return a.kind == CANNON and t.kind not in (RULER, CHARIOT)  # A4
        if a.kind == CANNON:
            return False  # A4: the cannon never captures by stepping
        if a.kind == RULER and t.kind == SOLDIER:
            return False  # A3
        if a.kind == SOLDIER and t.kind == RULER:
            return True  # A3
        kinds = self.lay.kinds
        return kinds[a.kind].rank >= kinds[t.kind].rank  # A3, equal rank: the mover wins

    def jump_targets(self, board: list, i: int) -> list[int]:
        """Cells a cannon at ``i`` could hit along its lines, by piece count only (A4)."""
        out = []
        for ray in self.lay.rays[i]:
            screens = ups = 0
            for c in ray:
                t = board[c]
                if t is None:
                    continue
                if screens and ups <= 1:
                    out.append(c)
                screens += 1
                if type(t) is Up:
                    ups += 1
                    if ups > 1:
                        break
        return out

    def attackers(self, board: list, cell: int, victim: Up, by: int | None = None):
        """Face-up pieces (of seat ``by`` if given) that could capture ``victim`` at ``cell`` with their
        next action: adjacent capturers and cannons over a legal screen (A3, A4); pieces of a faction
        that is out never act (AQ6)."""
        lay = self.lay
        for n in lay.neighbours[cell]:
            t = board[n]
            if type(t) is Up and t.owner is not None and (by is None or t.owner == by) \
                    and t.owner not in self.out and self.can_take(t, victim, False):
                yield t
        for ray in lay.rays[cell]:
            screens = ups = 0
            for c in ray:
                t = board[c]
                if t is None:
                    continue
                if screens and ups <= 1 and type(t) is Up and t.kind == CANNON and t.owner is not None \
                        and (by is None or t.owner == by) and t.owner not in self.out \
                        and self.can_take(t, victim, True):
                    yield t
                screens += 1
                if type(t) is Up:
                    ups += 1
                    if ups > 1:
                        break

    def attacked(self, board: list, cell: int, victim: Up) -> bool:
        """Whether some face-up enemy of ``victim`` could capture it at ``cell`` with its next action (A5)."""
        return next(self.attackers(board, cell, victim), None) is not None

    # --- moves ----------------------------------------------------------------
    def check_move(self, src: int, dst: int) -> str:
        """Kind of a legal move ("step", "capture", "jump", "qinwang"); raises Rejection otherwise."""
        lay = self.lay
        p = self.board[src]
        if p is None:
            raise Rejection("A2", "anqi.error.empty", cell=lay.names[src])
        if p == HIDDEN:
            raise Rejection("A2", "anqi.error.face_down", cell=lay.names[src])
        if p.owner is None:
            raise Rejection("A6", "anqi.error.han_frozen")
        if p.owner in self.out:
            raise Rejection("A7", "anqi.error.dead_piece", cell=lay.names[src], owner=T.faction(p.owner))
        if p.owner != self.to_move:
            raise Rejection("A2", "anqi.error.not_own", cell=lay.names[src], owner=T.faction(p.owner),
                            seat=T.faction(self.to_move))
        t = self.board[dst]
        if dst in lay.neighbours[src]:
            if t is None:
                kind = "step"
            elif t == HIDDEN:
                raise Rejection("A3", "anqi.error.capture_face_down")
            elif t.kind == EMPEROR:
                if p.kind != HORSE:
                    raise Rejection("A6", "anqi.error.palace_horse_only")
                kind = "qinwang"
            elif t.owner is None:
                raise Rejection("A6", "anqi.error.han_protected")
            elif t.owner == p.owner:
                raise Rejection("A2", "anqi.error.own_piece", cell=lay.names[dst])
            elif self.allied(p.owner, t.owner):
                raise Rejection("A6", "anqi.error.allies")
            elif p.kind == CANNON:
                raise Rejection("A4", "anqi.error.cannon_step")
            elif not self.can_take(p, t, False):
                if p.kind == RULER and t.kind == SOLDIER:
                    raise Rejection("A3", "anqi.error.ruler_soldier")
                raise Rejection("A3", "anqi.error.higher_rank", kind=T.kind_name(p.kind),
                                target=T.kind_name(t.kind))
            else:
                kind = "capture"
        elif p.kind == CANNON and dst in self.jump_targets(self.board, src):
            if t == HIDDEN:
                raise Rejection("A4", "anqi.error.cannon_face_down")
            if t.kind == EMPEROR:  # G3: only a horse takes the emperor (A6), as for a step onto him
                raise Rejection("A6", "anqi.error.palace_horse_only")
            if t.owner is None:
                raise Rejection("A6", "anqi.error.han_protected")
            if t.owner == p.owner:
                raise Rejection("A4", "anqi.error.cannon_own")
            if self.allied(p.owner, t.owner):
                raise Rejection("A6", "anqi.error.allies")
            if t.kind in (RULER, CHARIOT):
                raise Rejection("A4", "anqi.error.cannon_ruler_chariot")
            kind = "jump"
        else:
            if p.kind == CANNON:
                raise Rejection("A4", "anqi.error.cannon_path")
            raise Rejection("A4", "anqi.error.one_step")
        if p.kind == RULER:
            b = list(self.board)
            b[src] = None
            b[dst] = p
            if self.attacked(b, dst, p):
                raise Rejection("A5", "anqi.error.ruler_exposed")
        return kind

    def moves_from(self, src: int) -> list[int]:
        """Legal destinations of the current player's face-up piece at ``src``."""
        lay = self.lay
        p = self.board[src]
        out = []
        for n in lay.neighbours[src]:
            t = self.board[n]
            if t is None:
                out.append(n)
            elif t == HIDDEN:
                continue
            elif t.kind == EMPEROR:
                if p.kind == HORSE:
                    out.append(n)
            elif p.kind != CANNON and self.can_take(p, t, False):
                out.append(n)
        if p.kind == CANNON:
            for c in self.jump_targets(self.board, src):
                if self.can_take(p, self.board[c], True):
                    out.append(c)
        if p.kind == RULER:
            keep = []
            for d in out:
                b = list(self.board)
                b[src] = None
                b[d] = p
                if not self.attacked(b, d, p):
                    keep.append(d)
            out = keep
        return out

    def legal_actions(self) -> list:
        """Flips of every face-down cell, then every legal move (cell order)."""
        if self.over:
            return []
        names = self.lay.names
        acts: list = [Flip(names[i]) for i, t in enumerate(self.board) if t == HIDDEN]
        me = self.to_move
        for i, t in enumerate(self.board):
            if type(t) is Up and t.owner == me:
                acts.extend(Move(names[i], names[d]) for d in self.moves_from(i))
        return acts

    def has_action(self, seat: int) -> bool:
        if any(t == HIDDEN for t in self.board):
            return True
        saved = self.to_move
        self.to_move = seat
        try:
            return any(type(t) is Up and t.owner == seat and self.moves_from(i)
                       for i, t in enumerate(self.board))
        finally:
            self.to_move = saved

    # --- playing --------------------------------------------------------------
    def do_flip(self, cell: int, identity: tuple[int, str]) -> str:
        """Turn ``cell`` face up as ``identity`` (printed faction, kind); returns the record text."""
        f, k = identity
        self.board[cell] = Up(f, k, f)
        self.pool[identity] -= 1
        if not self.pool[identity]:
            del self.pool[identity]
        self.quiet = 0
        return f"flip {self.lay.names[cell]}={self.lay.piece_name(f, k)}"

    def describe_move(self, src: int, dst: int, kind: str) -> Msg:
        """The move ``src``-``dst`` of kind ``kind`` (see :meth:`check_move`) in the seed's words, before it is played."""
        lay = self.lay
        s, d = lay.names[src], lay.names[dst]
        t = self.board[dst]
        if kind in ("capture", "jump"):
            return Msg.of(f"anqi.describe.{kind}", src=s, dst=d, piece=T.piece(t.printed, t.kind))
        return Msg.of("anqi.describe.qinwang" if kind == "qinwang" else "anqi.describe.move", src=s, dst=d)

    def do_move(self, src: int, dst: int, kind: str) -> str:
        """Play a move already checked by :meth:`check_move`; returns the record text."""
        lay = self.lay
        p = self.board[src]
        t = self.board[dst]
        self.board[src] = None
        self.board[dst] = p
        text = f"move {lay.names[src]} {lay.names[dst]}"
        if kind == "qinwang":
            self.qinwang = p.owner
            for i, u in enumerate(self.board):
                if type(u) is Up and u.printed == HAN and u.kind != EMPEROR:
                    self.board[i] = Up(p.owner, u.kind, u.printed)
            self.quiet = 0
            text += " 勤王"
        elif kind in ("capture", "jump"):
            self.quiet = 0
            text += " x" + lay.piece_name(t.printed, t.kind)
        else:
            self.quiet += 1
        return text

    def eliminate(self, seat: int, reason: str) -> None:
        """A7: the seat is out (``reason`` "no pieces left" or "no legal action"). Only its ruler leaves
        the board (seed: 困毙后,君主去除); any other pieces it still has stay where they are, never move
        again, threaten nothing and may be captured by the factions still in (AQ6)."""
        for i, t in enumerate(self.board):
            if type(t) is Up and t.owner == seat and t.kind == RULER:
                self.board[i] = None
        self.out.append(seat)
        self.out_reason[seat] = reason
        self.quiet = 0

    def finish_turn(self) -> list[tuple[str, Msg]]:
        """After an action: eliminations (A7), the end of the game (A7, AQ7), the next seat (A2).

        Returns the events as (record text, message), e.g. ("魏 out: no pieces left", anqi.event.out_no_pieces).
        """
        lay = self.lay
        events = []
        ally_q = self.qinwang if self.qinwang is not None and self.qinwang not in self.out else None
        for s in self.alive():
            if self.pieces_of(s) == 0:
                self.eliminate(s, "no pieces left")
                events.append((f"{lay.seats[s]} out: no pieces left",
                               Msg.of("anqi.event.out_no_pieces", seat=T.faction(s))))
        seat = self.to_move
        while True:
            if len(self.alive()) <= 1:
                self.over, self.end, self.to_move = True, "last", -1
                return events
            if self.quiet >= lay.quiet_limit:
                self.over, self.end, self.to_move = True, "stall", -1
                events.append((f"game ends: {lay.quiet_limit} actions without progress",
                               Msg.of("anqi.event.stall", n=lay.quiet_limit)))
                return events
            if ally_q is not None and ally_q in self.out:
                a, b = [s for s in self.alive() if s != ally_q]
                events.append((f"alliance over: {lay.seats[a]} and {lay.seats[b]} fight again",
                               Msg.of("anqi.event.alliance_over", q=T.faction(ally_q), a=T.faction(a),
                                      b=T.faction(b))))
                ally_q = None
            seat = (seat + 1) % 3
            while seat in self.out:
                seat = (seat + 1) % 3
            if self.has_action(seat):
                self.to_move = seat
                return events
            self.eliminate(seat, "no legal action")
            events.append((f"{lay.seats[seat]} out: no legal action",
                           Msg.of("anqi.event.out_stuck", seat=T.faction(seat))))

    def standings(self) -> list[tuple[int, bool, str, Msg]]:
        """(seat, out, reason, reason message) best first: see ranking rules A7, AQ7 and AQ8."""
        lay = self.lay
        alive = self.alive()
        if self.over and self.end == "last":
            top = [(alive[0], False, "last faction standing", Msg.of("anqi.rank.last"))] if alive else []
        else:
            order = sorted(alive, key=lambda s: (-self.material(s), -self.pieces_of(s), -s))
            why = "ranked by material (progress rule)" if self.over else "still in (provisional)"
            key = "anqi.rank.material" if self.over else "anqi.rank.provisional"
            top = [(s, False, f"{why}: material {self.material(s)}, {self.pieces_of(s)} pieces",
                    Msg.of(key, material=self.material(s), pieces=self.pieces_of(s))) for s in order]
        outs = []
        for k, s in enumerate(self.out):
            r = self.out_reason[s]
            why = {"no pieces left": "anqi.why.no_pieces", "no legal action": "anqi.why.stuck"}.get(
                r, "anqi.why.set_up")
            outs.append((s, True, f"out ({r}), {lay.seats[s]} was the {_ordinal(k + 1)} faction out",
                         Msg.of("anqi.rank.out", why=Msg.of(why), seat=T.faction(s), nth=T.ordinal(k + 1))))
        return top + outs[::-1]


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(n, f"{n}th")
