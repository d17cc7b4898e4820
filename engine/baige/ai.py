"""Computer players for 百格西洋棋: alpha-beta with iterative deepening.

Negamax alpha-beta with a transposition table, move ordering (hash move, MVV-LVA
captures, killers, history), check extension and a capture quiescence search.
Evaluation: the seed's piece values (步卒 1, 劍士 1.5, 斧兵 2, 騎士/守衛/弓弩 3,
火砲/主教 4, 城堡 5, 皇后 9) in centipawns, plus centralisation, pawn advance,
and a mop-up term that drives a lone king to the edge. The search knows every
game-end rule: stalemate is a loss for the side to move, repetitions score as
draws, and a fourth consecutive check by the same piece loses for its mover (C7).
"""
from __future__ import annotations

import random
import time

from engine.agents import Decisions
from engine.baige.board import (
    A, B, C, EP, F, FILE, G, K, N, NAME_SQ, P, Q, R, RANK, SQUARES, W, Position, move_text,
)
from engine.baige.game import next_streak

VALUE = {P: 100, F: 150, W: 200, N: 300, G: 300, A: 300, C: 400, B: 400, R: 500, Q: 900, K: 0}
MATE = 1_000_000
MATE_BOUND = MATE - 1000
INF = 10 * MATE

LEVELS = {
    # level: (max depth, node quota per move, root noise in centipawns). Thinking is bounded by counted
    # work (issue 27): the same position and seed give the same move at any load.
    "easy": (1, 5_000, 80),
    "normal": (3, 30_000, 10),
    "hard": (8, 40_000, 0),
}
RUNAWAY_SECONDS = 20.0  # the clock only stops a runaway search (never reached at the quotas above)


def _centre(s: int) -> float:
    f, r = FILE[s], RANK[s]
    return 4.5 - max(abs(f - 4.5), abs(r - 4.5))  # 0.5 at the edge .. 4.5 in the middle


CENTRE_WEIGHT = {P: 2, N: 8, G: 5, F: 4, W: 4, B: 3, A: 3, C: 2, R: 1, Q: 2, K: -6}


def _build_tables():
    t = [[0] * 168 for _ in range(23)]
    for pt in range(1, 12):
        for s in SQUARES:
            v = VALUE[pt] + int(CENTRE_WEIGHT[pt] * _centre(s))
            if pt == P:
                v += 6 * max(0, RANK[s] - 3) + (20 if RANK[s] >= 8 else 0)
            t[pt][s] = v
            # black: mirrored rank
            ms = s + (9 - 2 * RANK[s]) * 12
            vb = VALUE[pt] + int(CENTRE_WEIGHT[pt] * _centre(ms))
            if pt == P:
                vb += 6 * max(0, RANK[ms] - 3) + (20 if RANK[ms] >= 8 else 0)
            t[-pt][s] = -vb
    return t


PST = _build_tables()
MAT = [0] * 23
for _pt, _v in VALUE.items():
    MAT[_pt] = _v
    MAT[-_pt] = _v


def evaluate(pos: Position) -> int:
    """Static score in centipawns for the side to move."""
    b = pos.board
    score = 0
    wm = bm = 0
    for s in SQUARES:
        p = b[s]
        if p:
            score += PST[p][s]
            if p > 0:
                if p != P:
                    wm += MAT[p]
            elif p != -P:
                bm += MAT[p]
    # endgame king activity and mop-up of a lone king
    wk, bk = pos.king[1], pos.king[-1]
    if wm + bm < 2500:
        score += 6 * int(_centre(wk) * 2) - 6 * int(_centre(bk) * 2)
    diff = score
    if diff > 250 and bm <= 600:
        dist = abs(FILE[wk] - FILE[bk]) + abs(RANK[wk] - RANK[bk])
        score += int(30 * (4.5 - _centre(bk))) + 8 * (18 - dist)
    elif diff < -250 and wm <= 600:
        dist = abs(FILE[wk] - FILE[bk]) + abs(RANK[wk] - RANK[bk])
        score -= int(30 * (4.5 - _centre(wk))) + 8 * (18 - dist)
    return score if pos.side > 0 else -score


class _Timeout(Exception):
    pass


class Searcher:
    def __init__(self, pos: Position, history: dict[int, int], streaks: dict[int, dict[int, int]],
                 max_depth: int, node_limit: int, seconds: float = RUNAWAY_SECONDS):
        self.pos = pos
        self.history = history  # position key -> times seen in the game
        self.streaks = streaks
        self.max_depth = max_depth
        self.node_limit = node_limit
        self.seconds = seconds
        self.tt: dict[int, tuple] = {}
        self.killers: list[list[int]] = [[0, 0] for _ in range(64)]
        self.hist: dict[int, int] = {}
        self.nodes = 0
        self.runaway = False  # the clock stopped this search (a runaway), not the node quota
        self.path: list[int] = []

    # ------------------------------------------------------------------
    def _time(self):
        """Stop when the node quota is spent (or, for a runaway search only, the clock)."""
        if self.nodes > self.node_limit:
            raise _Timeout
        if time.perf_counter() > self.deadline:
            self.runaway = True  # the move then depends on the clock: the agent counts these
            raise _Timeout

    def order(self, moves, ttm, ply):
        b = self.pos.board
        k1, k2 = self.killers[ply] if ply < 64 else (0, 0)
        hist = self.hist

        def key(m):
            if m == ttm:
                return -10 ** 9
            cap = b[(m >> 8) & 255]
            pr = (m >> 16) & 15
            if cap or pr or m >> 20 == EP:
                return -(10 ** 6) - MAT[cap] * 10 + MAT[b[m & 255]] // 10 - MAT[pr]
            if m == k1:
                return -(10 ** 5)
            if m == k2:
                return -(10 ** 5) + 1
            return -hist.get(m, 0)

        moves.sort(key=key)
        return moves

    def qsearch(self, alpha, beta, ply):
        self.nodes += 1
        if self.nodes & 255 == 0:
            self._time()
        pos = self.pos
        stand = evaluate(pos)
        if stand >= beta:
            return stand
        if stand > alpha:
            alpha = stand
        us = pos.side
        b = pos.board
        moves = pos.pseudo_moves(captures_only=True)
        moves.sort(key=lambda m: -MAT[b[(m >> 8) & 255]] * 10 + MAT[b[m & 255]] // 10 - MAT[(m >> 16) & 15])
        for m in moves:
            # delta pruning
            if stand + MAT[b[(m >> 8) & 255]] + MAT[(m >> 16) & 15] + 200 < alpha:
                continue
            pos.make(m)
            if pos.attacked(pos.king[us], -us):
                pos.unmake()
                continue
            v = -self.qsearch(-beta, -alpha, ply + 1)
            pos.unmake()
            if v >= beta:
                return v
            if v > alpha:
                alpha = v
        return alpha

    def negamax(self, depth, alpha, beta, ply, st_me, st_opp, incheck):
        pos = self.pos
        self.nodes += 1
        if self.nodes & 255 == 0:
            self._time()
        key = pos.hash
        if ply > 0:
            if key in self.path or key in self.history:
                return 0  # a repetition: scored as a draw
            if pos.halfmove >= 100:
                return 0
        if depth <= 0 and not incheck:
            return self.qsearch(alpha, beta, ply)
        alpha0 = alpha
        ent = self.tt.get(key)
        ttm = 0
        if ent is not None:
            d, flag, val, ttm = ent
            if d >= depth and ply > 0:
                if flag == 0:
                    return val
                if flag == 1 and val >= beta:
                    return val
                if flag == -1 and val <= alpha:
                    return val
        us = pos.side
        moves = self.order(pos.pseudo_moves(), ttm, ply)
        best = -INF
        bestm = 0
        legal = 0
        self.path.append(key)
        try:
            for m in moves:
                pos.make(m)
                if pos.attacked(pos.king[us], -us):
                    pos.unmake()
                    continue
                legal += 1
                gives = pos.attacked(pos.king[-us], us)
                if gives:
                    ns = next_streak(pos, m, st_me)
                    if any(v >= 4 for v in ns.values()):
                        pos.unmake()
                        v = -(MATE - ply - 1)  # this move loses at once for its mover (C7)
                        if v > best:
                            best, bestm = v, m
                        continue
                else:
                    ns = {}
                ext = 1 if gives and ply < 2 * self.max_depth else 0
                v = -self.negamax(depth - 1 + ext, -beta, -alpha, ply + 1, st_opp, ns, gives)
                pos.unmake()
                if v > best:
                    best, bestm = v, m
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            if not pos.board[(m >> 8) & 255] and not (m >> 16) & 15 and ply < 64:
                                kl = self.killers[ply]
                                if kl[0] != m:
                                    kl[1] = kl[0]
                                    kl[0] = m
                                self.hist[m] = self.hist.get(m, 0) + depth * depth
                            break
        finally:
            self.path.pop()
        if legal == 0:
            return -(MATE - ply)  # checkmate, or stalemate which also loses (C7)
        flag = 0 if alpha0 < best < beta else (1 if best >= beta else -1)
        if len(self.tt) > 400_000:
            self.tt.clear()
        self.tt[key] = (depth, flag, best, bestm)
        return best

    def search(self, root_moves: list[int], noise: int = 0, rng=None) -> int:
        pos = self.pos
        self.deadline = time.perf_counter() + self.seconds
        self.root_key = pos.hash
        us = pos.side
        st_me, st_opp = self.streaks[us], self.streaks[-us]
        incheck = pos.in_check()
        scores = {m: 0 for m in root_moves}
        order = list(root_moves)
        best = order[0]
        for depth in range(1, self.max_depth + 1):
            try:
                alpha = -INF
                cur_best = None
                cur_scores = {}
                ordered = self.order(order[:], best if depth > 1 else 0, 0)
                if depth > 1:
                    ordered.sort(key=lambda m: -scores[m])
                    ordered.remove(best)
                    ordered.insert(0, best)
                self.path = []
                for m in ordered:
                    pos.make(m)
                    gives = pos.attacked(pos.king[-us], us)
                    ns = next_streak(pos, m, st_me) if gives else {}
                    if any(v >= 4 for v in ns.values()):
                        v = -(MATE - 1)
                    elif self.history.get(pos.hash, 0) >= 2:
                        v = 0  # would be the third repetition: a draw
                    else:
                        self.path = [self.root_key]
                        lo = alpha - noise if noise and alpha > -INF else alpha
                        v = -self.negamax(depth - 1 + (1 if gives else 0), -INF, -lo, 1, st_opp, ns, gives)
                        if noise and rng is not None:
                            v += rng.randint(-noise, noise)
                    pos.unmake()
                    cur_scores[m] = v
                    if v > alpha:
                        alpha = v
                        cur_best = m
                if cur_best is not None:
                    best = cur_best
                scores.update(cur_scores)
                order = ordered
            except _Timeout:
                while len(pos.stack) > self._stack_base:
                    pos.unmake()
                # keep the best of the partial iteration if it beat the previous best
                break
            if abs(scores[best]) >= MATE_BOUND:
                break
            if self.nodes > self.node_limit * 0.4:  # the next depth would not finish within the quota
                break
        return best


def position_from_observation(obs: dict):
    """Rebuild the position, the repetition counts and the check streaks from an observation."""
    pos = Position(obs["start_fen"])
    history = {pos.hash: 1}
    for mv in obs["moves"]:
        m = next((x for x in pos.pseudo_moves() if move_text(x) == mv), None)
        if m is None:
            raise ValueError(f"observation replays an illegal move {mv}")
        pos.make(m)
        history[pos.hash] = history.get(pos.hash, 0) + 1
    pos.stack.clear()
    streaks = {1: {}, -1: {}}
    cs = obs.get("check_streak") or {}
    for side, key in ((1, "w"), (-1, "b")):
        streaks[side] = {NAME_SQ[k]: v for k, v in cs.get(key, {}).items()}
    return pos, history, streaks


class BaigeAgent(Decisions):
    """Alpha-beta player; ``act`` returns one of the legal actions it is given."""

    def __init__(self, level: str = "normal", seed: int = 0, seat: int = 0):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.level = level
        self.name = f"baige-{level}"
        self.seat = seat
        self.rng_key = int(seed)  # each decision's generator: engine.agents.decision_rng
        self.rng = random.Random(seed)
        self.max_depth, self.node_limit, self.noise = LEVELS[level]
        self.last_nodes = 0
        self.runaway_stops = 0  # searches the clock stopped (RUNAWAY_SECONDS): none at any real load

    def act(self, observation, legal_actions):
        self.next_decision()
        legal = list(legal_actions)
        if not legal:
            raise ValueError("no legal action")
        pos, history, streaks = position_from_observation(observation)
        if "accept" in legal:
            # answer a draw offer: accept only when clearly worse
            return "accept" if evaluate(pos) < -300 else ("decline" if "decline" in legal else legal[0])
        texts = {move_text(m): m for m in pos.legal_moves()}
        root = [texts[a] for a in legal if a in texts]
        if not root:
            return legal[self.rng.randrange(len(legal))]
        if len(root) == 1:
            return move_text(root[0])
        self.rng.shuffle(root)
        s = Searcher(pos, history, streaks, self.max_depth, self.node_limit)
        s._stack_base = len(pos.stack)
        best = s.search(root, self.noise, self.rng)
        self.last_nodes = s.nodes
        self.runaway_stops += s.runaway
        return move_text(best)


def make_agent(level: str = "normal", seed: int = 0, seat: int = 0) -> BaigeAgent:
    return BaigeAgent(level, seed=seed, seat=seat)
