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

    def children(self, pos: Position) -> list[tuple[float, tuple, Position, bool]]:
        """Every legal move of the kingdom to move played out: (order key, move, position, forcing)."""
        out = []
        mover = pos.to_move
        me = self.me
        for s, d in pos.legal_moves():
            target = pos.board[d]
            q = pos.copy(history=False)
            res = q.play(s, d)
            key = 0.0
            forcing = False
            if target is not None:
                forcing = True
                v = self.ev.piece_value(target, d)
                key += 10.0 * v if self.friendly(pos, target[OWN]) or target[OWN] is None else 3.0 * v
            if res.checks:
                forcing = True
                key += 30.0 if me in res.checks else 5.0
            if res.falls or q.over or res.feidi or res.alliance:
                forcing = True
                key += 1000.0 if any(k == me for k, _, _ in res.falls) else 50.0
            if q.alive[me] is False:
                key += 10000.0
            out.append((key, (s, d), q, forcing))
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
        kids = self.children(pos)
        if not kids:
            return self.leaf(pos)
        if self.friendly(pos, mover):
            # my own later moves (被将先走 can give me two in a round): forcing ones plus a pass
            best = -INF
            cands = [c for c in kids if c[3]][: self.enemy_width]
            if len(cands) < len(kids):
                best = self.value(self.passed(pos), depth - 1, alpha, beta)
                alpha = max(alpha, best)
            for _, _, q, _ in cands:
                if alpha >= beta:
                    break
                v = self.value(q, depth - 1, alpha, beta)
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            return best
        best = INF
        cands = [c for c in kids if c[3]][: self.enemy_width]
        in_check = pos.in_check(mover)
        if in_check:
            cands = kids[: self.enemy_width]  # a kingdom in check has few moves: look at them all
        if not in_check or len(cands) < len(kids):
            best = self.value(self.passed(pos), depth - 1, alpha, beta)
            beta = min(beta, best)
        for _, _, q, _ in cands:
            if alpha >= beta:
                break
            v = self.value(q, depth - 1, alpha, beta)
            if v < best:
                best = v
                beta = min(beta, v)
        return best

    def choose(self, pos: Position, scored: list[tuple[float, int, Position]], depth: int = 3) -> int:
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
