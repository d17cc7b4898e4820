"""三国演弈暗棋 "暗战洛阳城" (seed 004 part 二; rulings A1-A7; docs/rules/anqi.md) on the common Game API.

Actions are :class:`Flip` (``flip c3``) and :class:`Move` (``move c3 c4``; captures,
cannon jumps and 勤王 are moves too). The move record (``game.record``) writes
flips with the revealed piece (``flip c3=魏马``), captures with the captured piece
(``move c3 c4 x吴兵``) and 勤王 (``move e4 e5 勤王``); ``game.record_msgs`` holds the same
lines as keyed messages (assets/messages/anqi.toml), and ``events(player)`` gives them
with the deal as Event entries.

The deal is the first draw of the game's :class:`engine.chance.Chance` (a shuffle nobody
sees). A game started without a seed draws an unpredictable one (issue 18: the deal must
not follow from anything shown during play); the save holds it.
"""
from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

from engine.api import Event, IllegalAction, ParseError, Placement, SaveError, Step
from engine.anqi import text as T
from engine.anqi.board import HAN, Layout, layout
from engine.anqi.rules import HIDDEN, Flip, Move, Position, Rejection, Up
from engine.chance import Chance, game_seed
from engine.messages import Msg
from engine.saves import english, envelope, need, need_int, of_game, read_forced, read_save as read_envelope, replay_actions
from engine.three_kingdoms import ThreeKingdomsGame

SAVE_VERSION = 1


def deal(seed: int, lay: Layout | None = None) -> dict[int, tuple[int, str]]:
    """The face-down deal of a new game with ``seed`` (A1, AQ2): free cell -> (faction, kind).

    The first draw of the game's Chance: a Fisher-Yates shuffle driven only by
    ``random.Random(seed).random()``, whose sequence Python guarantees across versions
    for an integer seed, so saves replay identically."""
    lay = lay or layout()
    order = Chance(seed).shuffle(deal_items(lay), "anqi.deal", visible_to=())
    return {c: lay.parse_piece(n) for c, n in zip(lay.free, order)}


def deal_items(lay: Layout) -> list[str]:
    """The 45 face-down pieces by name (魏马 ...), in the order the deal shuffles them (A1, AQ2)."""
    return [lay.piece_name(s, k) for s in range(3) for k, n in lay.hidden_set for _ in range(n)]


class AnqiGame(ThreeKingdomsGame):
    """The true state: the public :class:`Position` plus the identities of face-down pieces."""

    game_id = "anqi"
    count_word = "stats.moves"  # the statistics count moves (a flip is one, A2)
    hidden_information = True  # face-down pieces (A1): see hidden_variant

    def __init__(self, seed: int | None = None, hidden: dict[int, tuple[int, str]] | None = None,
                 forced: dict[int, Any] | None = None):
        """A new game with the deal of ``seed`` (None: an unpredictable seed), or the given ``hidden``
        identities (tests), or the deal forced in ``forced`` (Chance.to_json of a save, draw 0)."""
        self.lay = lay = layout()
        self.seed = game_seed(seed)
        self.chance = Chance(self.seed, forced)  # the game's only source of randomness
        if hidden is None:
            order = self.chance.shuffle(deal_items(lay), "anqi.deal", visible_to=())
            hidden = {c: lay.parse_piece(n) for c, n in zip(lay.free, order)}
        self._hidden: dict[int, tuple[int, str]] = dict(hidden)
        self._deal = dict(hidden)  # the whole deal, flipped pieces included (hidden_variant)
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
        self.record_msgs: list[Msg] = []  # the same lines as keyed messages
        self._legal: list | None = None

    @classmethod
    def from_position(cls, pos: Position, hidden: dict[int, tuple[int, str]], seed: int = 0) -> "AnqiGame":
        """A game in a hand-built position (tests, puzzles): ``hidden`` gives every face-down cell's identity."""
        g = cls.__new__(cls)
        g.lay = pos.lay
        g.seed = seed
        g.chance = Chance(seed)
        g._hidden = dict(hidden)
        g._deal = dict(hidden)
        g.pos = pos.copy()
        if {i for i, t in enumerate(pos.board) if t == HIDDEN} != set(hidden):
            raise ValueError("hidden must name exactly the face-down cells")
        g.pos.pool = {}
        for ident in hidden.values():
            g.pos.pool[ident] = g.pos.pool.get(ident, 0) + 1
        g._log, g.record, g.record_msgs, g._legal = [], [], [], None
        return g

    # --- Game API -------------------------------------------------------------
    def legal_actions(self) -> list:
        if self._legal is None:
            self._legal = self.pos.legal_actions()
        return list(self._legal)

    def move_action(self, src: str, dst: str) -> Move:
        """The action moving the piece on cell ``src`` to cell ``dst`` (``apply`` plays it or refuses it
        naming the rule): the plugin's structured way to ask why a click builds no move."""
        return Move(src, dst)

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
                raise IllegalAction("syntax", str(e), key="anqi.error.not_action", text=action[:80]) from None
        if isinstance(action, (Flip, Move)):
            fields = ("cell",) if isinstance(action, Flip) else ("src", "dst")
            for c in (getattr(action, f, None) for f in fields):  # a Flip built without fields has none
                if not isinstance(c, str) or c not in self.lay.index:
                    raise IllegalAction("board", key="anqi.error.no_cell", cell=repr(c)[:40])
            return action
        raise IllegalAction("syntax", key="anqi.error.not_action", text=repr(action)[:80])

    def check(self, action: Any) -> Flip | Move:
        """The action if legal now; raises IllegalAction naming the rule otherwise (changes nothing)."""
        a = self._coerce(action)
        pos = self.pos
        if pos.over:
            raise IllegalAction("A7", key="common.game_over")
        if isinstance(a, Flip):
            if pos.board[self.lay.index[a.cell]] != HIDDEN:
                raise IllegalAction("A2", key="anqi.error.flip_nothing", cell=a.cell)
            return a
        src, dst = self.lay.index[a.src], self.lay.index[a.dst]
        try:
            pos.check_move(src, dst)
        except Rejection as r:
            raise IllegalAction(r.rule, key=r.key, **r.params) from None
        return a

    def apply(self, action: Any) -> None:
        a = self.check(action)
        pos = self.pos
        mover = pos.to_move
        allies_before = self.allies
        seat = T.faction(mover)
        if isinstance(a, Flip):
            c = self.lay.index[a.cell]
            ident = self._hidden.pop(c)
            text = pos.do_flip(c, ident)
            msg = Msg.of("anqi.record.flip", seat=seat, cell=a.cell, piece=T.piece(*ident))
        else:
            src, dst = self.lay.index[a.src], self.lay.index[a.dst]
            kind = pos.check_move(src, dst)
            msg = Msg.of("anqi.record.action", seat=seat, action=pos.describe_move(src, dst, kind))
            text = pos.do_move(src, dst, kind)
        events = pos.finish_turn()
        allies = self.allies
        if allies and allies != allies_before:  # 勤王 made the two others allies (A6)
            events.insert(0, ("", Msg.of("anqi.event.alliance", a=T.faction(allies[0]), b=T.faction(allies[1]),
                                         q=T.faction(pos.qinwang))))
        self._log.append(a)
        self.record.append(f"{self.lay.seats[mover]} {text}" + "".join(f"; {e}" for e, _ in events if e))
        for _, m in events:  # "line; event; event"
            msg = Msg.of("anqi.record.with_events", line=msg, event=m)
        self.record_msgs.append(msg)
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
        return [Placement(player=s, place=k + 1, out=o, reason=r, msg=m)
                for k, (s, o, r, m) in enumerate(self.pos.standings())]

    def to_json(self) -> str:
        """The save: the one envelope (engine.saves); a forced deal (tests, hidden variants) is kept in
        ``forced`` so that it replays exactly."""
        return envelope("anqi", SAVE_VERSION, {"seed": self.seed, "players": 3},
                        [str(a) for a in self._log], forced=self.chance.to_json())

    def reveals(self, action: Any) -> bool:
        """G2: a flip turns a face-down piece over (A1); moves show nothing hidden."""
        return isinstance(self._coerce(action), Flip)

    def clone(self) -> "AnqiGame":
        g = AnqiGame.__new__(AnqiGame)
        g.lay, g.seed = self.lay, self.seed
        g.chance = copy.deepcopy(self.chance)
        g._hidden = dict(self._hidden)
        g._deal = dict(self._deal)
        g.pos = self.pos.copy()
        g._log, g.record, g.record_msgs = list(self._log), list(self.record), list(self.record_msgs)
        g._legal = None if self._legal is None else list(self._legal)
        return g

    # --- common layer: steps, descriptions, events, hidden variants -----------
    def action_steps(self, action: Any) -> tuple[Step, ...]:
        """Flip: the cell, then the option "flip"; move (step, capture, cannon jump, 勤王): source cell, target cell."""
        a = self._coerce(action)
        if isinstance(a, Flip):
            return (Step("cell", a.cell), Step("option", "flip", "anqi.step.flip"))
        return (Step("cell", a.src), Step("cell", a.dst))

    def describe(self, action: Any) -> Msg:
        """A legal action in the seed's words as it would read now: 翻开c3, d4→d5, c3→c4 吃魏马,
        b3→f3 炮打蜀相, d5→e5 勤王. A flip names no piece (nobody knows it yet); the record
        (``record_msgs``, ``events``) names it once flipped."""
        a = self._coerce(action)
        if isinstance(a, Flip):
            return Msg.of("anqi.describe.flip", cell=a.cell)
        src, dst = self.lay.index[a.src], self.lay.index[a.dst]
        try:
            kind = self.pos.check_move(src, dst)
        except Rejection:
            return Msg.of("anqi.describe.move", src=a.src, dst=a.dst)
        return self.pos.describe_move(src, dst, kind)

    def seat_name(self, seat: int) -> Msg:
        """吴 / 魏 / 蜀 (Wu, Wei, Shu) for seats 0, 1, 2."""
        if seat not in (0, 1, 2):
            raise ValueError(f"no seat {seat!r} (seats are 0 吴, 1 魏, 2 蜀)")
        return T.faction(seat)

    def end_reason(self) -> Msg | str:
        """Why the game ended: the last faction standing (A7) or the progress rule (AQ7); "" while it goes on."""
        if not self.pos.over:
            return ""
        first = self.pos.standings()[0][0]
        if self.pos.end == "last":
            return Msg.of("anqi.end.last", seat=T.faction(first))
        return Msg.of("anqi.end.stall", n=self.lay.quiet_limit, seat=T.faction(first))

    def observe_all(self) -> dict:
        """Seat 0's observation with every face-down piece shown face up, nobody's (a finished game's
        replay, "everything"; never during play)."""
        obs = self.observe(0)
        lay = self.lay
        for c, (f, k) in self._hidden.items():
            obs["board"][lay.names[c]] = {"piece": lay.piece_name(f, k), "kind": k,
                                          "printed": lay.faction_name(f), "owner": None}
        return obs

    def events(self, player: int) -> list[Event]:
        """The deal (its outcome hidden from everybody), then one entry per action: the record line
        with what the action caused. Everything here is public (AQ9), so every seat sees the same."""
        if player not in (0, 1, 2):
            raise ValueError(f"no seat {player!r} (seats are 0 吴, 1 魏, 2 蜀)")
        out = [Event(Msg.of("anqi.deal"), None, True)]
        out += [Event(m, None, isinstance(a, Flip)) for a, m in zip(self._log, self.record_msgs)]
        return out

    def hidden_variant(self, player: int, rng: random.Random) -> "AnqiGame":
        """A copy with the face-down identities shuffled among the face-down cells (``rng``): the same
        public pool, so no player can tell it from this game (AQ9: face-down pieces are hidden from
        everybody, ``player`` included). Its recorded deal is changed to match, so its save (seed,
        forced deal, actions) replays to the variant."""
        if player not in (0, 1, 2):
            raise ValueError(f"no seat {player!r} (seats are 0 吴, 1 魏, 2 蜀)")
        g = self.clone()
        cells = sorted(g._hidden)
        idents = [g._hidden[c] for c in cells]
        rng.shuffle(idents)
        g._hidden = dict(zip(cells, idents))
        g._deal = {c: g._hidden.get(c, ident) for c, ident in self._deal.items()}
        lay = self.lay
        if g.chance.record and g.chance.record[0].label == "anqi.deal":
            order = tuple(lay.piece_name(*g._deal[c]) for c in lay.free)
            g.chance.forced[0] = order
            g.chance.record[0] = dataclasses.replace(g.chance.record[0], outcome=order, forced=True)
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

    def out_reason(self, seat: int) -> Msg | None:
        """Why ``seat`` is out, as a keyed message (棋子被吃光 / 困毙), or None while it is in (A7)."""
        r = self.pos.out_reason.get(seat)
        if r is None:
            return None
        return Msg.of({"no pieces left": "anqi.why.no_pieces", "no legal action": "anqi.why.stuck"}.get(
            r, "anqi.why.set_up"))

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


def new_game(seed: int | None = None, players: int = 3, **_: Any) -> AnqiGame:
    """A new game: the fixed pieces and the face-down deal of ``seed`` (A1); 吴 to move (A2).

    Without a seed (``None``) the game draws an unpredictable one (engine.chance.fresh_seed):
    anyone who knows the seed knows every face-down piece, so a seed must never be shown
    during play; explicit seeds are for tests, the arena and replays."""
    if players != 3:
        raise ValueError(f"暗战洛阳城 is a three-player game, not {players}")
    return AnqiGame(seed=game_seed(seed))


def load_game(text: str) -> AnqiGame:
    """Replay a save (the one envelope; an older save kept ``seed`` and ``players`` at the top and the
    forced deal under ``chance``); SaveError if it is not one."""
    data = read_envelope(text, "anqi", SAVE_VERSION, "暗战洛阳城")
    opts = data["options"] if "options" in data else data  # a save from before the one envelope
    where = of_game("暗战洛阳城", "options") if "options" in data else of_game("暗战洛阳城")
    seed = need_int(opts, "seed", -2**63, 2**63 - 1, where)
    if need(opts, "players", int, where, 3) != 3:
        raise SaveError(key="anqi.save.players", where=where)
    forced = read_forced(data, "暗战洛阳城")
    try:
        game = AnqiGame(seed=seed, forced=forced or None)
    except (ValueError, TypeError, KeyError) as e:
        raise SaveError(key="saves.bad.forced_deal", where=of_game("暗战洛阳城"),
                        why=english("saves.why.chance", str(e)[:100])) from None
    return replay_actions(game, need(data, "actions", list, of_game("暗战洛阳城")), title="暗战洛阳城")
