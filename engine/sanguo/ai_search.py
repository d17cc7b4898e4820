"""The ``hard`` computer player's look-ahead for 三国演弈 / 揭棋: a paranoid alpha-beta search over one
full round (my move, then each enemy's), on the public position only.

Paranoid: every kingdom that is not me nor my ally is taken to play against me, which makes the
three-player game a two-sided one where alpha-beta applies. The search is selective so that it
stays well under a second in Python:

- my moves (and my ally's) are ordered by the one-ply static evaluation and the best
  ``root_width`` of them are searched, captures, checks and alliances always;
- an enemy's moves are its *forcing* ones (captures, checks, alliance or 废帝, a fall) plus a
  "pass" that stands for its quiet moves, so that the other enemy's threats are still looked at
  after it (a null move);
- leaves are scored by :class:`engine.sanguo.ai.Evaluator` (face-down pieces at their pool
  expectation; a face-down piece moved in the look-ahead stays face down, K9).

The work is counted in positions scored, never in seconds, so a seed always gives the same game.
Mates and 困毙 are judged by :meth:`Position.play` itself (K6), so a mate any enemy can give in
this round is seen.
"""
from __future__ import annotations

from engine.sanguo.rules import K, OWN, Position

INF = 1e9


class Search:
    """One decision's search for seat ``me`` with evaluator ``ev`` and a budget of scored positions."""

    def __init__(self, me: int, ev, budget: int, root_width: int = 14, enemy_width: int = 8):
        self.me, self.ev = me, ev
        self.budget = budget
        self.root_width, self.enemy_width = root_width, enemy_width
        self.nodes = 0

    # ------------------------------------------------------------------ helpers
    def friendly(self, pos: Position, k: int) -> bool:
        """Does kingdom ``k`` play for me (me or my ally)?"""
        return k == self.me or pos.allied(k, self.me)

    def leaf(self, pos: Position) -> float:
        """The static score of ``pos`` (counted against the budget)."""
        self.nodes += 1
        return self.ev.score(pos)

    def gives_check(self, pos: Position, s: int, d: int, rulers: list) -> list[int]:
        """The kingdoms the move ``s``->``d`` of the kingdom to move would put in check (K4; face-down
        pieces as their point type, K8), worked out in place without playing the move. ``rulers``:
        (kingdom, x, y) of the rulers that could be checked."""
        n = pos.lay.n
        sx, sy, dx, dy = s % n, s // n, d % n, d // n
        near = [k for k, rx, ry in rulers
                if sx == rx or sy == ry or dx == rx or dy == ry or (abs(dx - rx) <= 2 and abs(dy - ry) <= 2)]
        if not near:
            return near  # neither the piece nor a line it opens reaches a ruler
        b = pos.board
        p, old = b[s], b[d]
        b[d], b[s] = p, None
        try:
            return [k for k in near if pos.attacked(pos.rulers[k], k)]
        finally:
            b[s], b[d] = p, old

    def moves(self, pos: Position, only_forcing: bool) -> tuple[list, list]:
        """(legal moves to look at, the rulers they may check): every legal move, or with ``only_forcing``
        the legal captures, checks, alliances and 废帝 (found among the pattern moves first, K2, and
        checked for legality (K4) only then)."""
        mover = pos.to_move
        n = pos.lay.n
        rulers = [(k, pos.rulers[k] % n, pos.rulers[k] // n) for k in range(3)
                  if k != mover and pos.alive[k] and pos.rulers[k] >= 0 and not pos.allied(k, mover)]
        if not only_forcing:
            return pos.legal_moves(), rulers
        b = pos.board
        out = []
        for src in pos.lay.points:
            p = b[src]
            if p is None or p[OWN] != mover:
                continue
            for dst in pos.targets(src, mover):
                if b[dst] is None and not pos._activates(p, dst, mover) \
                        and not self.gives_check(pos, src, dst, rulers):
                    continue
                if pos._cannon_limited(p, dst, mover) or pos._safe(src, dst, mover):
                    continue
                out.append((src, dst))
        return out, rulers

    def children(self, pos: Position, only_forcing: bool) -> list[tuple[float, Position]]:
        """The moves of the kingdom to move played out, best-looking first, as (order key, position); with
        ``only_forcing`` just the forcing ones (captures, checks, alliance or 废帝)."""
        out = []
        mover = pos.to_move
        me = self.me
        moves, rulers = self.moves(pos, only_forcing)
        for s, d in moves:
            target = pos.board[d]
            key = 0.0
            if target is not None:
                v = self.ev.piece_value(target, d)
                key += 10.0 * v if self.friendly(pos, target[OWN]) or target[OWN] is None else 3.0 * v
            if pos._activates(pos.board[s], d, mover):
                key += 50.0
            checks = self.gives_check(pos, s, d, rulers)
            if checks:
                key += 30.0 if me in checks else 5.0
            q = pos.copy(history=False)
            res = q.play(s, d)
            if res.falls or q.over:
                key += 1000.0 if any(k == me for k, _, _ in res.falls) else 50.0
            out.append((key, q))
        out.sort(key=lambda c: -c[0])
        return out

    def passed(self, pos: Position) -> Position:
        """``pos`` with the kingdom to move passing (a stand-in for its quiet moves)."""
        q = pos.copy(history=False)
        k = pos.to_move
        for step in (1, 2):
            n = (k + step) % 3
            if q.alive[n]:
                q.to_move = n
                break
        return q

    # ------------------------------------------------------------------ search
    def value(self, pos: Position, depth: int, alpha: float, beta: float) -> float:
        """Paranoid alpha-beta value of ``pos`` for me, ``depth`` plies on."""
        if pos.over or not pos.alive[self.me] or depth == 0 or self.nodes >= self.budget:
            return self.leaf(pos)
        mover = pos.to_move
        in_check = pos.in_check(mover)
        kids = self.children(pos, only_forcing=not in_check)
        if not kids:  # no forcing move: only the pass below; none at all cannot be (K6 judged it)
            if in_check:
                return self.leaf(pos)
        n_kids = len(kids)
        kids = kids[: self.enemy_width]
        friendly = self.friendly(pos, mover)
        # the kingdom may play a quiet move: a pass stands for them (not when in check, where every
        # move is looked at, up to the width)
        if not in_check or len(kids) < n_kids:
            best = self.value(self.passed(pos), depth - 1, alpha, beta)
        else:
            best = -INF if friendly else INF
        for _, q in kids:
            if friendly:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if alpha >= beta:
                break
            v = self.value(q, depth - 1, alpha, beta)
            if (v > best) if friendly else (v < best):
                best = v
        return best

    def choose(self, pos: Position, scored: list[tuple[float, int, Position]], depth: int = 5) -> int:
        """The index (into the legal actions) of the best root move; ``scored`` holds the root moves with
        their one-ply score (novelty included), best first."""
        forcing = []
        quiet = []
        for sc, n, q in scored:
            if q.over or q.fallen != pos.fallen or q.han != pos.han or q.pool != pos.pool \
                    or sum(1 for p in q.board if p is not None) != sum(1 for p in pos.board if p is not None) \
                    or any(q.in_check(k) for k in range(3) if k != self.me and q.alive[k]):
                forcing.append((sc, n, q))
            else:
                quiet.append((sc, n, q))
        cands = sorted(quiet[: self.root_width] + forcing, key=lambda c: -c[0])
        alpha = -INF
        best_n = cands[0][1]
        for sc, n, q in cands:
            if self.nodes >= self.budget:
                break
            # the one-ply score's extras (novelty) are carried over as the difference to the static score
            extra = sc - self.ev.score(q)
            v = self.value(q, depth - 1, alpha - extra, INF) + extra
            if v > alpha:
                alpha, best_n = v, n
        return best_n
