"""三国演弈暗棋 "暗战洛阳城" (seed 004 part 二; rulings A1-A7; docs/rules/anqi.md) on the common Game API.

Actions are :class:`Flip` (``flip c3``) and :class:`Move` (``move c3 c4``; captures,
cannon jumps and 勤王 are moves too). The move record (``game.record``) writes
flips with the revealed piece (``flip c3=魏马``), captures with the captured piece
(``move c3 c4 x吴兵``) and 勤王 (``move e4 e5 勤王``).
"""
from __future__ import annotations

import json
import random
from typing import Any

from engine.api import Game, IllegalAction, ParseError, Placement, SaveError, read_save
from engine.anqi.board import HAN, Layout, layout
from engine.anqi.rules import HIDDEN, Flip, Move, Position, Rejection, Up

SAVE_VERSION = 1


def shuffle(rng: random.Random, lay: Layout | None = None) -> dict[int, tuple[int, str]]:
    """The face-down deal drawn from ``rng`` (A1): free cell -> (faction, kind).

    A Fisher-Yates shuffle driven only by ``rng.random()``, whose sequence Python
    guarantees across versions for an integer seed, so saves replay identically.
    """
    lay = lay or layout()
    pieces = [(s, k) for s in range(3) for k, n in lay.hidden_set for _ in range(n)]
    for i in range(len(pieces) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        pieces[i], pieces[j] = pieces[j], pieces[i]
    return dict(zip(lay.free, pieces))


def deal(seed: int, lay: Layout | None = None) -> dict[int, tuple[int, str]]:
    """The deal of a new game with ``seed`` (the first use of the game's generator)."""
    return shuffle(random.Random(seed), lay)


def _check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    return seed


class AnqiGame(Game):
    """The true state: the public :class:`Position` plus the identities of face-down pieces."""

    game_id = "anqi"

    def __init__(self, seed: int = 0, hidden: dict[int, tuple[int, str]] | None = None):
        self.lay = lay = layout()
        self.seed = _check_seed(seed)
        self.rng = random.Random(seed)  # the game's only source of randomness
        if hidden is None:
            hidden = shuffle(self.rng, lay)
        self._hidden: dict[int, tuple[int, str]] = dict(hidden)
        pos = Position(lay)
        for c, f, k in lay.fixed:
            pos.board[c] = Up(None if f == HAN else f, k, f)
        for c, ident in self._hidden.items():
            pos.board[c] = HIDDEN
            pos.pool[ident] = pos.pool.get(ident, 0) + 1
        pos.to_move = 0
        self.pos = pos
        self._log: list = []
        self.record: list[str] = []  # public move record, one text per action (see module doc)
        self._legal: list | None = None

    @classmethod
    def from_position(cls, pos: Position, hidden: dict[int, tuple[int, str]], seed: int = 0) -> "AnqiGame":
        """A game in a hand-built position (tests, puzzles): ``hidden`` gives every face-down cell's identity."""
        g = cls.__new__(cls)
        g.lay = pos.lay
        g.seed = seed
        g.rng = random.Random(seed)
        g._hidden = dict(hidden)
        g.pos = pos.copy()
        if {i for i, t in enumerate(pos.board) if t == HIDDEN} != set(hidden):
            raise ValueError("hidden must name exactly the face-down cells")
        g.pos.pool = {}
        for ident in hidden.values():
            g.pos.pool[ident] = g.pos.pool.get(ident, 0) + 1
        g._log, g.record, g._legal = [], [], None
        return g

    # --- Game API -------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return 3

    @property
    def current_player(self) -> int:
        return -1 if self.pos.over else self.pos.to_move

    @property
    def is_over(self) -> bool:
        return self.pos.over

    @property
    def log(self) -> list:
        return list(self._log)

    def legal_actions(self) -> list:
        if self._legal is None:
            self._legal = self.pos.legal_actions()
        return list(self._legal)

    def parse_action(self, text: str) -> Flip | Move:
        if not isinstance(text, str):
            raise ParseError(f"action text must be a string, got {type(text).__name__}")
        parts = text.strip().lower().split()
        lay = self.lay
        for c in parts[1:]:
            if c not in lay.index:
                raise ParseError(f"{c!r} is not a cell of the board (files a-i, ranks 1-9; "
                                 f"the 7x7 square b2-h8 and the gates a5, e1, e9, i5)")
        if len(parts) == 2 and parts[0] == "flip":
            return Flip(parts[1])
        if len(parts) == 3 and parts[0] == "move":
            return Move(parts[1], parts[2])
        raise ParseError(f"not an action: {text!r} (expected 'flip c3' or 'move c3 c4')")

    def _coerce(self, action: Any) -> Flip | Move:
        if isinstance(action, str):
            try:
                return self.parse_action(action)
            except ParseError as e:
                raise IllegalAction("syntax", str(e)) from None
        if isinstance(action, (Flip, Move)):
            for c in ((action.cell,) if isinstance(action, Flip) else (action.src, action.dst)):
                if not isinstance(c, str) or c not in self.lay.index:
                    raise IllegalAction("board", f"{c!r} is not a cell of the board")
            return action
        raise IllegalAction("syntax", f"not an action of this game: {action!r}")

    def check(self, action: Any) -> Flip | Move:
        """The action if legal now; raises IllegalAction naming the rule otherwise (changes nothing)."""
        a = self._coerce(action)
        pos = self.pos
        if pos.over:
            raise IllegalAction("A7", "the game is over")
        if isinstance(a, Flip):
            if pos.board[self.lay.index[a.cell]] != HIDDEN:
                raise IllegalAction("A2", f"{a.cell} holds no face-down piece to flip")
            return a
        src, dst = self.lay.index[a.src], self.lay.index[a.dst]
        try:
            pos.check_move(src, dst)
        except Rejection as r:
            raise IllegalAction(r.rule, r.message) from None
        return a

    def apply(self, action: Any) -> None:
        a = self.check(action)
        pos = self.pos
        if isinstance(a, Flip):
            c = self.lay.index[a.cell]
            text = pos.do_flip(c, self._hidden.pop(c))
        else:
            src, dst = self.lay.index[a.src], self.lay.index[a.dst]
            text = pos.do_move(src, dst, pos.check_move(src, dst))
        mover = pos.to_move
        events = pos.finish_turn()
        self._log.append(a)
        self.record.append(f"{self.lay.seats[mover]} {text}" + "".join(f"; {e}" for e in events))
        self._legal = None

    def observe(self, player: int) -> dict:
        """The public state as JSON-ready data; face-down cells appear only as "hidden" (A1)."""
        if player not in (0, 1, 2):
            raise ValueError(f"no seat {player!r} (seats are 0 吴, 1 魏, 2 蜀)")
        lay, pos = self.lay, self.pos
        board = {}
        for i, t in enumerate(pos.board):
            if t is None:
                board[lay.names[i]] = None
            elif t == HIDDEN:
                board[lay.names[i]] = HIDDEN
            else:
                board[lay.names[i]] = {"piece": lay.piece_name(t.printed, t.kind), "kind": t.kind,
                                       "printed": lay.faction_name(t.printed), "owner": t.owner}
        unseen = {lay.seats[s]: {k: pos.pool.get((s, k), 0) for k, _ in lay.hidden_set}
                  for s in range(3)}
        q = pos.qinwang
        allies = [s for s in range(3) if q is not None and q not in pos.out and s != q and s not in pos.out]
        return {
            "game": "anqi",
            "player": player,
            "to_move": self.current_player,
            "board": board,
            "out": list(pos.out),
            "qinwang": q,
            "allies": allies if len(allies) == 2 else [],
            "quiet": pos.quiet,
            "quiet_limit": lay.quiet_limit,
            "unseen": unseen,
            "record": list(self.record),
            "over": pos.over,
        }

    def ranking(self) -> list[Placement]:
        return [Placement(player=s, place=k + 1, out=o, reason=r)
                for k, (s, o, r) in enumerate(self.pos.standings())]

    def to_json(self) -> str:
        return json.dumps({"game": "anqi", "version": SAVE_VERSION, "seed": self.seed, "players": 3,
                           "actions": [str(a) for a in self._log]}, ensure_ascii=False)

    def clone(self) -> "AnqiGame":
        g = AnqiGame.__new__(AnqiGame)
        g.lay, g.seed = self.lay, self.seed
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        g._hidden = dict(self._hidden)
        g.pos = self.pos.copy()
        g._log, g.record = list(self._log), list(self.record)
        g._legal = None if self._legal is None else list(self._legal)
        return g

    # --- helpers for clients --------------------------------------------------
    def piece_at(self, cell: str) -> str | None:
        """Public text of a cell: None (empty), "hidden", or a piece name such as 魏马."""
        t = self.pos.board[self.lay.index[cell]]
        if t is None or t == HIDDEN:
            return t
        return self.lay.piece_name(t.printed, t.kind)

    def owner_at(self, cell: str) -> int | None:
        """Seat moving the face-up piece on ``cell`` (None if empty, face down, or Han before 勤王)."""
        t = self.pos.board[self.lay.index[cell]]
        return t.owner if type(t) is Up else None

    def targets(self, cell: str) -> list[str]:
        """Cells the current player's piece on ``cell`` may move to (steps, captures, cannon jumps, 勤王)."""
        return [a.dst for a in self.legal_actions() if isinstance(a, Move) and a.src == cell]

    @property
    def allies(self) -> tuple[int, ...]:
        """The allied pair after 勤王 (A6), or () when nobody is allied."""
        return tuple(s for s in range(3) for o in range(3) if self.pos.allied(s, o))[:2]


def setup(pieces: dict[str, str], hidden: dict[str, str] | None = None, to_move: int = 0,
          qinwang: int | None = None, out: tuple[int, ...] = (), quiet: int = 0) -> AnqiGame:
    """A game in a hand-built position (tests, puzzles, the client's rule demos).

    ``pieces`` maps cells to face-up pieces by short name ("e5": "汉帝", "d4": "吴马");
    ``hidden`` maps the face-down cells to their true identities. Han gate pieces
    belong to ``qinwang`` if it is given (A6), else to nobody.
    """
    lay = layout()
    pos = Position(lay)
    for cell, name in pieces.items():
        f, k = lay.parse_piece(name)
        owner = (qinwang if f == HAN and k != "emperor" else None) if f == HAN else f
        pos.board[lay.index[cell]] = Up(owner, k, f)
    secret = {}
    for cell, name in (hidden or {}).items():
        f, k = lay.parse_piece(name)
        if f == HAN or k in ("ruler", "emperor"):
            raise ValueError(f"{name} is never face down")
        pos.board[lay.index[cell]] = HIDDEN
        secret[lay.index[cell]] = (f, k)
    pos.to_move = to_move
    pos.qinwang = qinwang
    pos.out = list(out)
    pos.out_reason = {s: "set up" for s in out}
    pos.quiet = quiet
    return AnqiGame.from_position(pos, secret)


def new_game(seed: int = 0, players: int = 3, **_: Any) -> AnqiGame:
    """A new game: the fixed pieces and the face-down deal of ``seed`` (A1); 吴 to move (A2)."""
    if players != 3:
        raise ValueError(f"暗战洛阳城 is a three-player game, not {players}")
    return AnqiGame(seed=_check_seed(seed))


def load_game(text: str) -> AnqiGame:
    """Replay a save {"game":"anqi","version":1,"seed":..,"actions":[..]}; SaveError if it is not one."""
    from engine.saves import need, need_int, read_save as read_envelope, replay_actions

    data = read_envelope(text, "anqi", SAVE_VERSION, "暗战洛阳城")
    seed = need_int(data, "seed", -2**63, 2**63 - 1, "暗战洛阳城 save")
    if need(data, "players", int, "暗战洛阳城 save", 3) != 3:
        raise SaveError("暗战洛阳城 save: players must be 3 (the game is for three players)")
    return replay_actions(AnqiGame(seed=seed), need(data, "actions", list, "暗战洛阳城 save"))
