"""The public position of 三国演弈 / 揭棋 and its rules: moves (K2), turn order and 被将先走 (K3),
check and facing rulers (K4), alliance and 废帝 (K5), mate, 困毙, 收编, the end modes and the
progress rule (K6), face-down pieces moving as their point's type (K8).

A piece is a tuple ``(origin, kind, owner, hidden)``: the kingdom printed on it (3 = 汉),
the kind it moves as (a face-down piece's *point* type, K8), the seat moving it (None for
the 汉 before activation and for the emperor), and whether it is face down. The true
identities of face-down pieces are not part of the position (the game holds them).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.sanguo.board import (ADVISOR, CANNON, CHARIOT, DIAG, ELEPHANT, EMPEROR, HAN, HORSE, ORTHO, PAWN,
                                 RULER, Layout)

O, K, OWN, HID = 0, 1, 2, 3  # fields of a piece tuple
BLOODBATH, QUICK = "bloodbath", "quick"


class Rejection(Exception):
    """A refused move: the rule id, a message key of the sanguo catalogue and its parameters."""

    def __init__(self, rule: str, key: str, **params):
        super().__init__(f"{key} [{rule}]")
        self.rule, self.key, self.params = rule, key, params


_NEAR: dict = {}


def _near(lay: Layout) -> tuple:
    """index -> (orthogonal neighbours, diagonal neighbours, points two diagonal steps away)."""
    got = _NEAR.get(id(lay))
    if got is not None:
        return got
    out = []
    for i in range(lay.n * lay.n):
        if not lay.on[i]:
            out.append(((), (), ()))
            continue
        x, y = lay.xy(i)
        o = tuple(t for dx, dy in ORTHO if (t := lay.at(x + dx, y + dy)) >= 0)
        d1 = tuple(t for dx, dy in DIAG if (t := lay.at(x + dx, y + dy)) >= 0)
        d2 = tuple(t for dx, dy in DIAG if (t := lay.at(x + 2 * dx, y + 2 * dy)) >= 0)
        out.append((o, d1, d2))
    _NEAR[id(lay)] = tuple(out)
    return _NEAR[id(lay)]


@dataclass
class MoveResult:
    """What a move did (for the game's events): the captured piece and point, activation, falls."""

    piece: tuple
    captured: tuple | None = None
    feidi: bool = False
    alliance: tuple | None = None  # (mover, partner, Han's new owner)
    checks: list = field(default_factory=list)
    falls: list = field(default_factory=list)  # (kingdom, "mate"|"stalemate", absorber)
    end: str = ""


class Position:
    """The public state: board, whose move, living kingdoms, alliance, 汉 state, counters."""

    def __init__(self, lay: Layout, mode: str = BLOODBATH, free_pawns: bool = False):
        self.lay = lay
        self.mode = mode
        self.free_pawns = free_pawns  # 揭棋: every pawn on the board was revealed (K10)
        self.board: list = [None] * (lay.n * lay.n)
        self.rulers = [-1, -1, -1]
        self.to_move = 0
        self.alive = [True, True, True]
        self.alliance: frozenset | None = None  # the allied pair now (K5)
        self.han = ""  # "" (not yet), "alliance" or "feidi" (K5: once per game)
        self.moved = [False, False, False]  # has the kingdom made its first move (K2 cannon limit)
        self.quiet = 0
        self.over = False
        self.end = ""  # last | quick | quiet | repetition
        self.fallen: list = []  # (kingdom, reason, absorber) in order
        self.pool = [dict() for _ in range(4)]  # kingdom -> {kind: face-down count not yet revealed} (K9)
        self.history: dict | None = {}  # repetition counts (None: not tracked, e.g. in search)
        self.last_mover = -1

    def copy(self, history: bool = True) -> "Position":
        p = Position.__new__(Position)
        p.lay, p.mode, p.free_pawns = self.lay, self.mode, self.free_pawns
        p.board = list(self.board)
        p.rulers = list(self.rulers)
        p.to_move, p.alive, p.alliance, p.han = self.to_move, list(self.alive), self.alliance, self.han
        p.moved, p.quiet, p.over, p.end = list(self.moved), self.quiet, self.over, self.end
        p.fallen = list(self.fallen)
        p.pool = [dict(d) for d in self.pool]
        p.history = dict(self.history) if (history and self.history is not None) else None
        p.last_mover = self.last_mover
        return p

    def pawn_targets(self, p: tuple, src: int) -> tuple:
        """K2/K10: the points a pawn ``p`` on ``src`` steps to: a revealed (揭棋) or absorbed pawn also
        sideways on its border line."""
        free = self.free_pawns or p[OWN] != p[O]
        return (self.lay.pawn_free if free else self.lay.pawn)[p[O]][src]

    # ------------------------------------------------------------------ relations
    def allied(self, a, b) -> bool:
        return a is not None and b is not None and a != b and self.alliance is not None \
            and a in self.alliance and b in self.alliance

    def hostile(self, owner, me: int) -> bool:
        """A piece of ``owner`` is an enemy of ``me`` (not mine, not my ally's, not the inactive 汉)."""
        return owner is not None and owner != me and not self.allied(owner, me)

    def third(self, a: int, b: int) -> int:
        return 3 - a - b

    # ------------------------------------------------------------------ attacks
    def attacked(self, t: int, me: int, board: list | None = None) -> bool:
        """Is point ``t`` attacked by a piece hostile to ``me`` (face-down pieces as their point type, K8)?"""
        return self.attacker(t, me, board) >= 0

    def attacker(self, t: int, me: int, board: list | None = None) -> int:
        """A point holding a piece hostile to ``me`` that attacks ``t`` (K8: face-down as their point type), or -1."""
        lay = self.lay
        b = self.board if board is None else board
        for ray in lay.rays[t]:
            screen = False
            for s in ray:
                q = b[s]
                if q is None:
                    continue
                if not screen:
                    if q[K] == CHARIOT and self.hostile(q[OWN], me):
                        return s
                    screen = True
                else:
                    if q[K] == CANNON and self.hostile(q[OWN], me):
                        return s
                    break
        for s in lay.knight[t]:
            q = b[s]
            if q is not None and q[K] == HORSE and self.hostile(q[OWN], me):
                return s
        o, d1, d2 = _near(lay)[t]
        for s in o:
            q = b[s]
            if q is not None and q[K] == PAWN and self.hostile(q[OWN], me) and t in self.pawn_targets(q, s):
                return s
        for s in d1:
            q = b[s]
            if q is not None and q[K] == ADVISOR and self.hostile(q[OWN], me) and t in lay.advisor[q[O]][s]:
                return s
        for s in d2:
            q = b[s]
            if q is not None and q[K] == ELEPHANT and self.hostile(q[OWN], me) and t in lay.elephant[q[O]][s]:
                return s
        return -1

    def in_check(self, k: int, board: list | None = None, rulers: list | None = None) -> bool:
        r = (self.rulers if rulers is None else rulers)[k]
        return r >= 0 and self.alive[k] and self.attacked(r, k, board)

    def facing(self, board: list | None = None, rulers: list | None = None) -> tuple | None:
        """Two living non-allied rulers on one open line (K4), or None."""
        b = self.board if board is None else board
        rs = self.rulers if rulers is None else rulers
        lay = self.lay
        for a in range(3):
            for c in range(a + 1, 3):
                if not (self.alive[a] and self.alive[c]) or self.allied(a, c) or rs[a] < 0 or rs[c] < 0:
                    continue
                for ray in lay.rays[rs[a]]:
                    if rs[c] in ray:
                        if all(b[s] is None for s in ray[:ray.index(rs[c])]):
                            return (a, c)
                        break
        return None

    # ------------------------------------------------------------------ moves
    def _takes(self, q: tuple, me: int, kind: str) -> bool:
        """May a piece of ``me`` moving as ``kind`` capture ``q``?"""
        if q[OWN] is None:
            return q[K] == EMPEROR and kind == HORSE and self.han == ""  # K5 废帝
        return q[OWN] != me and not self.allied(q[OWN], me) and q[K] != RULER

    def targets(self, src: int, me: int) -> list[int]:
        """Points the piece on ``src`` (moved by ``me``) reaches by its move pattern (K2, K8), captures
        included; not yet checked for check, facing rulers or the first-round cannon limit."""
        lay, b = self.lay, self.board
        p = b[src]
        kind = p[K]
        out = []
        if kind == CHARIOT:
            for ray in lay.rays[src]:
                for t in ray:
                    q = b[t]
                    if q is None:
                        out.append(t)
                    else:
                        if self._takes(q, me, kind):
                            out.append(t)
                        break
        elif kind == CANNON:
            for ray in lay.rays[src]:
                screen = False
                for t in ray:
                    q = b[t]
                    if not screen:
                        if q is None:
                            out.append(t)
                        else:
                            screen = True
                    elif q is not None:
                        if self._takes(q, me, kind):
                            out.append(t)
                        break
        else:
            if kind == HORSE:
                ts = lay.knight[src]
            elif kind == PAWN:
                ts = self.pawn_targets(p, src)
            elif kind == ELEPHANT:
                ts = lay.elephant[p[O]][src]
            elif kind == ADVISOR:
                ts = lay.advisor[p[O]][src]
            elif kind == RULER:
                ts = lay.ruler[p[O]][src]
            else:
                ts = ()
            for t in ts:
                q = b[t]
                if q is None or self._takes(q, me, kind):
                    out.append(t)
        return out

    def _activates(self, p: tuple, dst: int, me: int) -> bool:
        """Does moving ``p`` to ``dst`` make an alliance or 废帝 (K5)?"""
        if p[K] != HORSE or self.han:
            return False
        if dst == self.lay.emperor:
            return True
        return all(self.alive) and dst in self.lay.alliance and self.lay.alliance.index(dst) != me

    def _cannon_limited(self, p: tuple, dst: int, me: int) -> bool:
        """K2: during its first round a kingdom's cannon may not cross its own border line."""
        return p[K] == CANNON and not self.moved[me] and self.lay.line(me, dst) > self.lay.border_line

    def _safe(self, src: int, dst: int, me: int) -> str:
        """"" if the move leaves ``me`` out of check and no two enemy rulers facing (K4), else the reason."""
        p = self.board[src]
        if self._activates(p, dst, me):
            q = self.copy(history=False)
            q._move_pieces(src, dst, me)
            q._activate(dst, me)
            if q.in_check(me):
                return "check"
            return "facing" if q.facing() else ""
        b = self.board
        old = b[dst]
        b[dst], b[src] = p, None
        rulers = self.rulers
        saved = None
        if p[K] == RULER and not p[HID]:
            saved = rulers[me]
            rulers[me] = dst
        try:
            if self.in_check(me):
                return "check"
            return "facing" if self.facing() else ""
        finally:
            b[src], b[dst] = p, old
            if saved is not None:
                rulers[me] = saved

    def legal_moves(self, me: int | None = None) -> list[tuple[int, int]]:
        """Every legal (src, dst) of kingdom ``me`` (default: the one to move)."""
        if self.over:
            return []
        return list(self._moves(self.to_move if me is None else me))

    def has_move(self, me: int) -> bool:
        """Whether kingdom ``me`` has a legal move."""
        return next(self._moves(me), None) is not None

    def _moves(self, me: int):
        """The legal (src, dst) of kingdom ``me`` one by one, by point."""
        b = self.board
        for src in self.lay.points:
            p = b[src]
            if p is None or p[OWN] != me:
                continue
            for dst in self.targets(src, me):
                if not self._cannon_limited(p, dst, me) and not self._safe(src, dst, me):
                    yield src, dst

    def check_move(self, src: int, dst: int) -> None:
        """Raise :class:`Rejection` naming the rule if ``src``->``dst`` is not legal for the kingdom to move.
        Parameters are public facts only: a face-down piece is named by its point's type (K8, K9)."""
        me = self.to_move
        lay = self.lay
        p = self.board[src] if 0 <= src < len(self.board) else None
        if p is None:
            raise Rejection("K2", "sanguo.no_piece", cell=lay.names.get(src, "?"))
        cell, to = lay.names[src], lay.names.get(dst, "?")
        if p[OWN] != me:
            if p[K] == EMPEROR:
                raise Rejection("K5", "sanguo.emperor_still", cell=cell)
            if p[O] == HAN and p[OWN] is None:
                raise Rejection("K5", "sanguo.han_inactive", cell=cell)
            raise Rejection("K3", "sanguo.not_yours", cell=cell, owner=p[OWN], seat=me)
        who = (p[K], p[HID], cell)
        if dst not in self.targets(src, me):
            q = self.board[dst] if 0 <= dst < len(self.board) else None
            if q is not None and dst in self._reach(src, me):
                if q[OWN] is None:
                    if q[K] == EMPEROR:  # G3: only a horse takes him (废帝), and only before any alliance (SG2)
                        raise Rejection("K5", "sanguo.emperor_kept" if self.han else "sanguo.emperor_horse_only",
                                        cell=to)
                    raise Rejection("K5", "sanguo.han_untouchable", cell=to)
                if q[OWN] == me:
                    raise Rejection("K2", "sanguo.own_piece", cell=to)
                if self.allied(q[OWN], me):
                    raise Rejection("K5", "sanguo.ally_piece", cell=to)
                if q[K] == RULER:
                    raise Rejection("K4", "sanguo.ruler_capture", cell=to)
            rule, key, extra = self._pattern_why(src, dst, p)
            raise Rejection("K8" if p[HID] else rule, key, who=who, to=to, **extra)
        if self._cannon_limited(p, dst, me):
            raise Rejection("K2", "sanguo.cannon_first_round", who=who, to=to)
        if self._safe(src, dst, me):
            after = self.copy(history=False)
            activates = self._activates(p, dst, me)
            after._move_pieces(src, dst, me)
            if activates:
                after._activate(dst, me)
            r = after.rulers[me]
            at = after.attacker(r, me) if r >= 0 else -1
            if at >= 0:
                q = after.board[at]
                by = (q[O], q[K], q[HID], lay.names[at])
                if self.in_check(me):  # answering a check; out of turn that is 被将先走 (K3)
                    lm = self.last_mover
                    due = [k for k in ((lm + 1) % 3, (lm + 2) % 3) if self.alive[k]] if lm >= 0 else [me]
                    if due and due[0] != me:
                        raise Rejection("K3", "sanguo.still_in_check", seat=me, ruler=lay.names[r], by=by)
                    raise Rejection("K4", "sanguo.answer_check", seat=me, ruler=lay.names[r], by=by)
                raise Rejection("K4", "sanguo.self_check", ruler=lay.names[r], by=by)
            pair = after.facing() or (me, me)
            raise Rejection("K4", "sanguo.facing", a=pair[0], b=pair[1])

    def _pattern_why(self, src: int, dst: int, p: tuple) -> tuple[str, str, dict]:
        """Why ``dst`` is not on the move pattern of ``p`` on ``src`` (K2; a face-down piece moves as its point's
        type, K8): (rule, message key, extra parameters)."""
        lay, b, kind = self.lay, self.board, p[K]
        if kind in (CHARIOT, CANNON):
            ray = next((r for r in lay.rays[src] if dst in r), None)
            if ray is None:
                return "K2", "sanguo.why.line", {}
            between = [t for t in ray[:ray.index(dst)] if b[t] is not None]
            if kind == CHARIOT or b[dst] is None:
                return "K2", "sanguo.why.blocked", {"at": lay.names[between[0]]}
            return "K2", "sanguo.why.screen", {"n": len(between)}
        if kind == HORSE:
            return "K2", "sanguo.why.horse", {}
        o, d1, d2 = _near(lay)[src]
        if kind == ELEPHANT:
            if dst in d2:
                return "K2", "sanguo.why.territory", {}
            return "K2", "sanguo.why.elephant", {}
        if kind in (ADVISOR, RULER):
            if dst in (d1 if kind == ADVISOR else o):
                return "K2", "sanguo.why.palace", {}
            return "K2", "sanguo.why." + kind, {}
        if kind == PAWN:
            k = p[O]
            here, there = lay.line(k, src), lay.line(k, dst)
            if dst in o and there < here:
                return "K2", "sanguo.why.pawn_back", {}
            if dst in o and there == here:
                return "K2", "sanguo.why.pawn_border", {}
            return "K2", "sanguo.why.pawn", {}
        return "K5", "sanguo.emperor_still", {}

    def _reach(self, src: int, me: int) -> list[int]:
        """The occupied points the piece's pattern would reach if every piece were capturable (for reasons)."""
        save = self._takes
        self._takes = lambda q, m, k: True  # type: ignore[method-assign]
        try:
            return self.targets(src, me)
        finally:
            del self._takes

    # ------------------------------------------------------------------ applying
    def _move_pieces(self, src: int, dst: int, me: int, reveal: str | None = None) -> tuple | None:
        b = self.board
        p = b[src]
        captured = b[dst]
        if captured is not None and captured[K] == RULER and not captured[HID]:
            self.rulers[captured[OWN]] = -1
        if p[HID] and reveal is not None:
            b[dst] = (p[O], reveal, p[OWN], False)
        else:
            b[dst] = p
        b[src] = None
        if p[K] == RULER and not p[HID]:
            self.rulers[me] = dst
        return captured

    def _activate(self, dst: int, me: int) -> tuple:
        """K5: 废帝 (a horse on the emperor) or an alliance (a horse on another kingdom's point)."""
        lay = self.lay
        if dst == lay.emperor:
            self.han = "feidi"
            new_owner = me
            others = [k for k in range(3) if k != me and self.alive[k]]
            self.alliance = frozenset(others) if len(others) == 2 else None
            result = ("feidi", me, None, me)
        else:
            partner = lay.alliance.index(dst)
            self.han = "alliance"
            new_owner = self.third(me, partner)
            self.alliance = frozenset((me, partner))
            result = ("alliance", me, partner, new_owner)
        b = self.board
        for i in lay.points:
            q = b[i]
            if q is not None and q[O] == HAN and q[OWN] is None and q[K] != EMPEROR:
                b[i] = (q[O], q[K], new_owner, q[HID])
        return result

    def play(self, src: int, dst: int, reveal: str | None = None) -> MoveResult:
        """Play a legal move of the kingdom to move (``reveal``: the true kind of a face-down mover, K8),
        then judge checks, mate and 困毙 of whoever is due next (K3, K6) and the progress rule."""
        me = self.to_move
        p = self.board[src]
        activates = self._activates(p, dst, me)
        res = MoveResult(piece=p)
        res.captured = self._move_pieces(src, dst, me, reveal)
        if p[HID]:
            if reveal is not None:
                pool = self.pool[p[O]]
                pool[reveal] = pool.get(reveal, 0) - 1
                if pool[reveal] <= 0:
                    del pool[reveal]
        if activates:
            act = self._activate(dst, me)
            res.feidi = act[0] == "feidi"
            if not res.feidi:
                res.alliance = (act[1], act[2], act[3])
        self.moved[me] = True
        self.last_mover = me
        if res.captured is not None or p[HID] or activates:
            self.quiet = 0
        else:
            self.quiet += 1
        self._advance(me, res)
        return res

    def _advance(self, mover: int, res: MoveResult) -> None:
        """Who moves next (K3 被将先走), falls by mate or 困毙 with 收编 (K6), and the end of the game."""
        while True:
            cands = [k for k in ((mover + 1) % 3, (mover + 2) % 3) if self.alive[k]]
            if not cands:
                self._finish("last")
                return
            checked = [k for k in cands if self.in_check(k)]
            for k in checked:
                if k not in res.checks:
                    res.checks.append(k)
            nxt = checked[0] if checked else cands[0]
            self.to_move = nxt
            if self.has_move(nxt):
                break
            reason = "mate" if self.in_check(nxt) else "stalemate"
            absorber = self.third(mover, nxt) if self.allied(mover, nxt) else mover
            if not self.alive[absorber]:
                absorber = mover
            self._fall(nxt, reason, absorber)
            res.falls.append((nxt, reason, absorber))
            if self.mode == QUICK:
                self._finish("quick")
                return
            if sum(self.alive) == 1:
                self._finish("last")
                return
        if self.history is not None:
            key = self.key()
            self.history[key] = self.history.get(key, 0) + 1
            if self.history[key] >= self.lay.repetitions:
                self._finish("repetition")
                return
        if self.quiet >= self.lay.quiet_limit:
            self._finish("quiet")

    def _fall(self, k: int, reason: str, absorber: int) -> None:
        """K6: kingdom ``k`` falls; its ruler leaves the board, its other pieces go to ``absorber``."""
        b = self.board
        if self.rulers[k] >= 0:
            b[self.rulers[k]] = None
            self.rulers[k] = -1
        for i in self.lay.points:
            q = b[i]
            if q is not None and q[OWN] == k:
                b[i] = (q[O], q[K], absorber, q[HID])
        self.alive[k] = False
        self.alliance = None  # K5: the alliance ends when any kingdom falls
        self.fallen.append((k, reason, absorber))
        self.quiet = 0

    def _finish(self, end: str) -> None:
        self.over = True
        self.end = end
        self.to_move = -1

    def key(self) -> tuple:
        """The repetition key: pieces, side to move, alliance and 汉 state."""
        return (tuple(self.board), self.to_move, self.alliance, self.han)

    # ------------------------------------------------------------------ results
    def material(self, k: int) -> float:
        """Material of kingdom ``k``: face-down pieces at their point type's value (public)."""
        v = self.lay.value
        return sum(v[q[K]] for q in self.board if q is not None and q[OWN] == k)

    def standings(self) -> list[tuple[int, str, dict]]:
        """(kingdom, reason key, params) best first."""
        out = []
        fallen_order = [f[0] for f in self.fallen]
        alive = [k for k in range(3) if self.alive[k]]
        if self.end == "quick" and self.fallen:
            winner = self.fallen[-1][2]
            rest = sorted((k for k in alive if k != winner), key=lambda k: (-self.material(k), k))
            out.append((winner, "sanguo.place.absorbed", {"n": len(self.fallen)}))
            out += [(k, "sanguo.place.material", {"m": self.material(k)}) for k in rest]
        elif self.end in ("quiet", "repetition"):
            rest = sorted(alive, key=lambda k: (-self.material(k), k))
            out += [(k, "sanguo.place.material", {"m": self.material(k)}) for k in rest]
        else:
            out += [(k, "sanguo.place.last", {}) for k in alive]
        for k, reason, by in reversed(self.fallen):
            out.append((k, "sanguo.place." + reason, {"by": by}))
        assert sorted(k for k, _, _ in out) == [0, 1, 2], (out, fallen_order)
        return out
