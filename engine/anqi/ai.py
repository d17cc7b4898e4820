"""Computer players of 暗战洛阳城 that see only the observation (never the face-down identities).

Each candidate action is scored by a static evaluation of the position it leads to.
A flip is scored by its expectation over the pool of unseen identities (the public
``unseen`` counts of the observation): every face-down cell is equally likely to
hold any unseen piece, so the chance of identity ``x`` is ``unseen[x] / total``.

Levels:
- ``easy``: captures the most valuable piece it can, otherwise acts at random;
- ``normal``: one ply with the static evaluation (material, hanging pieces, threats, 勤王,
  and the pressing terms below);
- ``hard``: ``normal``, then its best eight candidates re-scored with the two
  opponents' most damaging replies (each captures the most valuable piece it can,
  with weight 1/2 for how likely that is).

Pressing for elimination (issue 18: the game is meant to run "直至分出胜負", A7, with the
progress rule AQ7 only as a safety net): an end by the progress rule is worth less than
any game still going, for every seat, so no computer plays for it even when ahead; the
progress counter weighs (quadratically) on every evaluation, which makes flips and
captures urgent as it grows; pieces are drawn towards the enemy pieces they can chase
(a lower rank, or a ruler for a 兵); the opponents' piece counts and, doubly, the weaker
opponent's material count against the player, so the computers press the same faction;
and once nothing is face down they squeeze the weaker opponent's number of moves towards
困毙 (no legal action, A7) — a lone ruler can only be taken by a 兵 or a ruler (A3, A5),
so it is usually cornered instead.
"""
from __future__ import annotations

import random
from typing import Any, Sequence

from engine.agents import Decisions
from engine.anqi.board import CANNON, EMPEROR, HORSE, RULER, SOLDIER, layout
from engine.anqi.rules import HIDDEN, Flip, Move, Position, Up
from engine.chance import fresh_seed

LEVELS = ("easy", "normal", "hard")
_RANK = {k: v.rank for k, v in layout().kinds.items()}


def position_from_observation(obs: dict) -> Position:
    """Rebuild the public :class:`Position` from an observation (``AnqiGame.observe``)."""
    lay = layout()
    pos = Position(lay)
    for name, cell in obs["board"].items():
        i = lay.index[name]
        if cell is None:
            pos.board[i] = None
        elif cell == HIDDEN:
            pos.board[i] = HIDDEN
        else:
            printed = lay.faction_number(cell["printed"])
            pos.board[i] = Up(cell["owner"], cell["kind"], printed)
    for fname, counts in obs["unseen"].items():
        s = lay.seats.index(fname)
        for k, n in counts.items():
            if n:
                pos.pool[(s, k)] = n
    pos.to_move = obs["to_move"]
    pos.out = list(obs["out"])
    pos.out_reason = {s: "" for s in pos.out}
    pos.qinwang = obs["qinwang"]
    pos.quiet = obs["quiet"]
    pos.over = obs["over"]
    return pos


class Weights:
    """Tuning of the evaluation (the second group presses for elimination: issue 18, docs/ai.md)."""

    opp_material = 0.5  # an opponent's material counts half against mine (two opponents)
    hang = 0.55  # share of a hanging piece's value counted as lost
    threat = 0.15  # share of an enemy piece's value for attacking it
    horse_to_palace = 0.6  # per step closer to 勤王 (before 勤王)
    win = 1000.0
    # pressing for elimination (A7) rather than waiting for the progress rule (AQ7)
    stall = 0.5  # a game ended by the progress rule is worth minus this share of a win for everybody
    quiet = 0.2  # weight of (progress counter)^2 / limit: makes flips and captures more urgent
    pursue = 0.25  # per unit of (target value / distance) for each piece closing in on a piece it can chase
    count = 1.0  # per piece the opponents still have
    focus = 0.5  # extra weight on the weaker opponent's material (both computers then press the same faction)
    mobility = 1.0  # per move the weaker opponent has once nothing is face down (towards 困毙)


def _attackers(pos: Position, board: list, cell: int, victim: Up, by: int | None = None) -> list[Up]:
    """Face-up pieces (of seat ``by`` if given) that could capture ``victim`` at ``cell`` now."""
    return list(pos.attackers(board, cell, victim, by))


def _palace_distance(pos: Position, me: int) -> int:
    """Steps (ignoring blockers) from my nearest face-up horse to the palace, 0 if none or 勤王 done."""
    lay = pos.lay
    if pos.qinwang is not None or pos.board[lay.palace] is None or type(pos.board[lay.palace]) is not Up \
            or pos.board[lay.palace].kind != EMPEROR:
        return 0
    px, py = lay.cells[lay.palace]
    best = None
    for i, t in enumerate(pos.board):
        if type(t) is Up and t.owner == me and t.kind == HORSE:
            x, y = lay.cells[i]
            d = abs(x - px) + abs(y - py)
            best = d if best is None else min(best, d)
    return 0 if best is None else best


def evaluate(pos: Position, me: int, w: type[Weights] = Weights) -> float:
    """Static value of ``pos`` for seat ``me`` (higher is better)."""
    lay = pos.lay
    if me in pos.out:
        return -w.win - 10 * len(pos.out)
    if pos.over:
        st = pos.standings()
        place = [s for s, *_ in st].index(me)
        if pos.end == "stall" and w.stall:  # nobody gains from the progress rule: press on instead (A7)
            return -w.stall * w.win + pos.material(me)
        return w.win * (1 - place) + pos.material(me)
    kinds = lay.kinds
    mat = [0, 0, 0, 0]  # material and piece counts per seat (index 3: nobody)
    cnt = [0, 0, 0, 0]
    for (f, k), n in pos.pool.items():
        mat[f] += kinds[k].value * n
        cnt[f] += n
    board = pos.board
    hang = threat = 0.0
    for i, t in enumerate(board):
        if type(t) is not Up or t.owner is None:
            continue
        v = kinds[t.kind].value
        mat[t.owner] += v
        cnt[t.owner] += 1
        if t.owner == me:
            if _attackers(pos, board, i, t):
                hang += v
        elif pos.hostile(me, t.owner) and _attackers(pos, board, i, t, by=me):
            threat += v
    for o in pos.out:
        mat[o] = cnt[o] = 0
    opps = [o for o in range(3) if o != me and o not in pos.out]
    weak = min(opps, key=lambda o: (mat[o], cnt[o], o)) if opps else None
    score = mat[me] - w.opp_material * sum(mat[o] for o in opps)
    if w.focus and len(opps) == 2:
        # press the weaker opponent towards elimination (A7): its material counts more
        score -= w.focus * min(mat[o] for o in opps)
    score += w.threat * w.opp_material * threat - w.hang * hang
    d = _palace_distance(pos, me)
    if d:
        score -= w.horse_to_palace * d
    if w.pursue:
        score += w.pursue * _pursuit(pos, me, weak)
    if w.quiet:  # the progress counter weighs on everybody: flips and captures reset it (AQ7)
        score -= w.quiet * pos.quiet * pos.quiet / lay.quiet_limit
    if w.count:
        score -= w.count * sum(cnt[o] for o in opps)
    if w.mobility and not pos.pool:  # nothing left to flip: corner the weaker opponent (困毙, A7)
        if weak is not None:
            score -= w.mobility * min(_mobility(pos, weak), 12)
    return score


def _chases(a: str, t: str, rank: dict) -> bool:
    """Whether a piece of kind ``a`` could step onto and take a piece of kind ``t`` that cannot take it
    back first: a strictly lower rank, or a ruler for a 兵 (A3); the cannon takes by jumping only (A4)."""
    if a == CANNON or (a == RULER and t == SOLDIER):
        return False
    return (a == SOLDIER and t == RULER) or rank[a] > rank[t]


def _pursuit(pos: Position, me: int, weak: int | None) -> float:
    """How close my face-up pieces stand to enemy pieces they could chase (see :func:`_chases`): for each
    of my pieces the best target value over Manhattan distance; targets of the weaker opponent count double."""
    lay = pos.lay
    cells = lay.cells
    kinds = lay.kinds
    rank = _RANK
    mine, targets = [], []
    for i, t in enumerate(pos.board):
        if type(t) is not Up or t.owner is None:
            continue
        if t.owner == me:
            if t.kind != CANNON:
                mine.append((cells[i], t.kind))
        elif pos.hostile(me, t.owner):
            targets.append((cells[i], t.kind, kinds[t.kind].value * (2 if t.owner == weak else 1)))
    total = 0.0
    for (x, y), a in mine:
        best = 0.0
        for (u, v), k, val in targets:
            if _chases(a, k, rank):
                val = val / (abs(x - u) + abs(y - v))
                if val > best:
                    best = val
        total += best
    return total


def _mobility(pos: Position, seat: int) -> int:
    """How many safe moves ``seat``'s face-up pieces have: moves to a cell no enemy piece could take
    them on next (0 with nothing to flip and nothing safe: a squeeze towards 困毙 or a forced loss, A7)."""
    board = pos.board
    n = 0
    for i, t in enumerate(board):
        if type(t) is not Up or t.owner != seat:
            continue
        for d in pos.moves_from(i):
            there = board[d]
            board[i], board[d] = None, t
            if not pos.attacked(board, d, t):
                n += 1
            board[i], board[d] = t, there
    return n


def _apply(pos: Position, action, identity=None) -> Position:
    p = pos.copy()
    lay = p.lay
    if isinstance(action, Flip):
        p.do_flip(lay.index[action.cell], identity)
    else:
        src, dst = lay.index[action.src], lay.index[action.dst]
        p.do_move(src, dst, p.check_move(src, dst))
    p.finish_turn()
    return p


def _outcomes(pos: Position, action):
    """(probability, position) pairs after ``action`` (flips: one per unseen identity)."""
    if isinstance(action, Flip):
        total = sum(pos.pool.values())
        return [(n / total, _apply(pos, action, ident)) for ident, n in pos.pool.items()]
    return [(1.0, _apply(pos, action))]


def _best_capture(pos: Position) -> tuple[float, Any]:
    """The current player's capture of the most valuable piece (勤王 counts 20): (value, action) or (0, None)."""
    lay = pos.lay
    best = (0.0, None)
    me = pos.to_move
    for i, p in enumerate(pos.board):
        if type(p) is not Up or p.owner != me:
            continue
        for d in pos.moves_from(i):
            t = pos.board[d]
            if type(t) is Up:
                v = 20.0 if t.kind == EMPEROR else float(lay.kinds[t.kind].value)
                if v > best[0]:
                    best = (v, Move(lay.names[i], lay.names[d]))
    return best


class AnqiAgent(Decisions):
    """Scores every legal action with the evaluation; see the module doc for the levels."""

    def __init__(self, level: str = "normal", seed: int | None = 0, seat: int = 0):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; known: {', '.join(LEVELS)}")
        self.level = level
        self.name = f"anqi-{level}"
        self.seat = seat
        # the seed only breaks ties; None draws a fresh one (never derive it from the game's seed)
        self.rng_key = fresh_seed() if seed is None else int(seed)  # each decision's: engine.agents.decision_rng
        self.rng = random.Random(self.rng_key)
        self.reply_weight = 0.5  # hard: how likely an opponent plays its best capture
        self.top_k = 8  # hard: candidates re-scored with the replies

    def act(self, observation: dict, legal_actions: Sequence[Any]) -> Any:
        self.next_decision()
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        pos = position_from_observation(observation)
        me = pos.to_move
        if self.level == "easy":
            v, a = _best_capture(pos)
            if a is not None and a in legal:
                return a
            return legal[self.rng.randrange(len(legal))]
        scored = [(self.score(pos, a, me, deep=False), k) for k, a in enumerate(legal)]
        if self.level == "hard":
            # re-score the most promising candidates with the opponents' replies
            top = sorted(scored, reverse=True)[:self.top_k]
            scored = [(self.score(pos, legal[k], me, deep=True), k) for _, k in top]
        best = max(s for s, _ in scored)
        choice = [legal[k] for s, k in scored if s >= best - 1e-9]
        return choice[self.rng.randrange(len(choice))]

    def score(self, pos: Position, action, me: int, deep: bool = False) -> float:
        """Expected value of ``action`` for ``me`` (``deep``: with the opponents' replies)."""
        total = 0.0
        for pr, p in _outcomes(pos, action):
            if deep:
                total += pr * self._replies(p, me)
            else:
                total += pr * evaluate(p, me)
        return total

    def _replies(self, pos: Position, me: int) -> float:
        """Value after the opponents (up to the next turn of ``me``) each play their best capture or not."""
        if pos.over or pos.to_move == me or me in pos.out or pos.to_move < 0:
            return evaluate(pos, me)
        v, a = _best_capture(pos)
        skip = pos.copy()
        nxt = (pos.to_move + 1) % 3
        while nxt in skip.out:
            nxt = (nxt + 1) % 3
        skip.to_move = nxt
        if a is None:
            return self._replies(skip, me)
        w = self.reply_weight  # how likely the opponent plays its best capture
        return w * self._replies(_apply(pos, a), me) + (1 - w) * self._replies(skip, me)


def make_agent(level: str = "normal", seed: int | None = 0, seat: int = 0) -> AnqiAgent:
    """A computer player of ``level`` ("easy", "normal", "hard") for ``seat`` (``seed=None``: a fresh seed)."""
    return AnqiAgent(level, seed=seed, seat=seat)
