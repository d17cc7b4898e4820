"""三国演弈 and 三国演弈揭棋 (seed 004 part 一; rulings K1-K9; docs/rules/sanguo.md) on the common Game API.

Options: ``variant`` "standard" (三国演弈, reconstructed K1-K6) or "jieqi" (揭棋, K7-K9);
``mode`` "bloodbath" (血战到底, default) or "quick" (速战速决); ``seed`` (揭棋's deal; a game
started without one gets an unpredictable seed, engine.chance.fresh_seed).

Actions are :class:`engine.sanguo.notation.Move`, whose text is the move's notation in the
mover's frame ("马6进5"; a face-down mover "暗马6进5", recorded after the move with the
revealed piece "暗马6进5→兵", K9). ``parse_action`` also takes "src-dst" cell names.
"""
from __future__ import annotations

from typing import Any

from engine.api import Event, IllegalAction, ParseError, Placement, SaveError, Step
from engine.chance import Chance, ChanceError, game_seed
from engine.messages import Msg
from engine.saves import (at_action, chance_refused, check_forced_drawn, english, envelope, need_int, of_game,
                          read_forced, read_save, replay_refused)
from engine.sanguo.board import EMPEROR, HAN, HIDDEN_KINDS, RULER, layout
from engine.sanguo.notation import KIND_OF, PATTERN, ZH_KIND, Move, resolve, text_of
from engine.sanguo.rules import BLOODBATH, HID, K, O, OWN, QUICK, Position, Rejection
from engine.three_kingdoms import ThreeKingdomsGame

SAVE_VERSION = 1
VARIANTS = ("standard", "jieqi")
MODES = (BLOODBATH, QUICK)


def _seat(k: int) -> Msg:
    return Msg.of("sanguo.kingdom." + layout().keys[k])


def _piece(origin: int, kind: str) -> Msg:
    return Msg.of("sanguo.piece", kingdom=_seat(origin), kind=Msg.of("sanguo.kind." + kind))


_DIR = {"进": "fwd", "退": "back", "平": "across"}


def move_msg(m: Move, lay=None) -> Msg:
    """A played or legal move as a message: zh its notation ("暗马6进5→兵", K9), en the piece and its points
    ("face-down horse o12-m11 (turned over: pawn)"); only what the record shows."""
    got = PATTERN.match(m.text)
    if got is None:
        return Msg.of("sanguo.nt.plain", text=str(m))
    ordn, dark, kind_zh, f, d, num = got.group(1, 2, 3, 4, 5, 6)
    kind = Msg.of("sanguo.kind." + KIND_OF[kind_zh])
    rev = Msg.of("sanguo.nt.rev", kind=Msg.of("sanguo.kind." + KIND_OF[m.reveal])) if m.reveal else ""
    return Msg.of("sanguo.nt.move", ord=ordn or "", dark=Msg.of("sanguo.nt.dark") if dark else "", kind=kind,
                  file=int(f), dir=Msg.of("sanguo.nt." + _DIR[d], n=int(num)), rev=rev, src=m.src or "?",
                  dst=m.dst or "?")


def _param(name: str, v: Any) -> Any:
    """A refusal's parameter as a message: kingdoms by name, the mover ``who`` and an attacker ``by`` as
    pieces on their points (a face-down one only as its point's type and kingdom, K8/K9)."""
    if name in ("seat", "owner", "a", "b"):
        return _seat(v)
    if name == "who":
        kind, hidden, cell = v
        return Msg.of("sanguo.who.hidden" if hidden else "sanguo.who.piece", kind=Msg.of("sanguo.kind." + kind),
                      cell=cell)
    if name == "by":
        origin, kind, hidden, cell = v
        if hidden:
            return Msg.of("sanguo.by.hidden", kingdom=_seat(origin), kind=Msg.of("sanguo.kind." + kind), cell=cell)
        return Msg.of("sanguo.by.piece", piece=_piece(origin, kind), cell=cell)
    return v


class SanguoGame(ThreeKingdomsGame):
    """The true state: the public :class:`Position` plus the identities of face-down pieces (揭棋)."""

    game_id = "sanguo"
    count_word = "stats.moves"  # the statistics count moves
    STAGES = ("move", "check")

    def __init__(self, variant: str = "standard", mode: str = BLOODBATH, seed: int | None = None,
                 forced: dict | None = None):
        if variant not in VARIANTS:
            raise ValueError(f"variant must be one of {VARIANTS}, got {variant!r}")
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
        seed = game_seed(seed)
        self.variant, self.mode, self.seed = variant, mode, seed
        self.hidden_information = variant == "jieqi"
        self.lay = lay = layout()
        self.chance = Chance(seed, forced)
        self._secret: dict[int, str] = {}  # face-down point -> true kind (K9: nobody sees it)
        self._seen: list[dict] = [{}, {}, {}]  # seat -> {(kingdom, kind): n} face-down pieces it captured
        self._log: list[Move] = []
        self._events: list[Event] = []
        self._legal: list[Move] | None = None
        pos = Position(lay, mode, free_pawns=variant == "jieqi")
        for pt, k, kind in lay.setup:
            dark = variant == "jieqi" and kind in HIDDEN_KINDS
            pos.board[pt] = (k, kind, k, dark)
            if kind == RULER:
                pos.rulers[k] = pt
        pos.board[lay.emperor] = (HAN, EMPEROR, None, False)
        for pt, kind in lay.han_points:
            pos.board[pt] = (HAN, kind, None, variant == "jieqi")
        if variant == "jieqi":
            groups = [[pt for pt, k, kind in lay.setup if k == s and kind in HIDDEN_KINDS] for s in range(3)]
            groups.append([pt for pt, _ in lay.han_points])
            for s, pts in enumerate(groups):
                kinds = sorted(pos.board[pt][K] for pt in pts)
                order = self.chance.shuffle(kinds, f"deal.{lay.keys[s]}", visible_to=())  # K7, hidden
                for pt, kind in zip(pts, order):
                    self._secret[pt] = kind
                    pos.pool[s][kind] = pos.pool[s].get(kind, 0) + 1
                self._events.append(Event(Msg.of("sanguo.ev.dealt", kingdom=_seat(s)), None, True))
        pos.history[pos.key()] = 1
        self.pos = pos

    # ------------------------------------------------------------------ Game API
    @property
    def stage(self) -> str:
        """"check" while the kingdom to move answers a check (K3 被将先走), else "move"."""
        if not self.pos.over and self.pos.in_check(self.pos.to_move):
            return "check"
        return "move"

    def legal_actions(self) -> list[Move]:
        if self._legal is None:
            pos, lay = self.pos, self.lay
            me = pos.to_move
            self._legal = [Move(lay.names[s], lay.names[d], text_of(lay, pos.board, me, s, d))
                           for s, d in pos.legal_moves()]
        return list(self._legal)

    def move_action(self, src: str, dst: str) -> Move:
        """The move from point ``src`` to ``dst``: the legal one (with its notation), else a Move by cells that
        ``apply`` refuses naming the rule it breaks (the plugin's structured way to ask why a click builds
        no move)."""
        for a in self.legal_actions():
            if (a.src, a.dst) == (src, dst):
                return a
        return Move(src, dst, "")

    def parse_action(self, text: str) -> Move:
        """The move named by ``text``: notation in the mover's frame ("马6进5", "暗马6进5", a recorded
        "暗马6进5→兵") or "src-dst" cell names; ParseError if it is neither."""
        if not isinstance(text, str):
            raise ParseError(f"action text must be a string, got {type(text).__name__}")
        t = text.strip()
        base = t.split("→", 1)[0]
        for a in self.legal_actions():
            if a.text == base:
                return a
        if PATTERN.match(t):
            return Move("", "", base)
        if "-" in t:
            s, d = t.split("-", 1)
            if s in self.lay.index and d in self.lay.index:
                for a in self.legal_actions():
                    if a.src == s and a.dst == d:
                        return a
                return Move(s, d, "")
        raise ParseError(f"not a move of 三国演弈: {text!r} (expected notation such as 马6进5 or cells such as q12-o11)")

    def _refuse(self, a: Move) -> IllegalAction:
        """The IllegalAction naming the rule an unlisted move breaks (computed from public facts only)."""
        pos, lay = self.pos, self.lay
        if a.text:
            sd = resolve(lay, pos.board, pos.to_move, a.text)
            if sd is None:
                return IllegalAction("K2", key="sanguo.no_such_piece", text=a.text, seat=_seat(pos.to_move))
        else:
            sd = (lay.index[a.src], lay.index[a.dst])
        try:
            pos.check_move(*sd)
        except Rejection as r:
            return IllegalAction(r.rule, key=r.key, **{k: _param(k, v) for k, v in r.params.items()})
        return IllegalAction("K2", key="sanguo.not_legal", text=str(a))

    def check(self, action: Any) -> Move:
        """The legal move ``action`` names; IllegalAction naming the rule otherwise (nothing changes)."""
        if self.pos.over:
            raise IllegalAction("K6", key="common.game_over")
        from_text = isinstance(action, str)
        if from_text:
            try:
                action = self.parse_action(action)
            except ParseError:
                raise IllegalAction("syntax", key="common.syntax", text=action[:60]) from None
        if not isinstance(action, Move):
            raise IllegalAction("syntax", key="common.syntax", text=repr(action)[:60])
        self._check_form(action)
        if not from_text and not action.text and any((a.src, a.dst) == (action.src, action.dst)
                                                       for a in self.legal_actions()):
            # a legal move built in code carries its notation; an illegal cell pair (parse_action's) is
            # refused below with the rule it breaks
            raise IllegalAction("syntax", key="common.syntax", text=f"{action.src}-{action.dst}"[:60])
        for a in self.legal_actions():
            if action.text and a.text == action.text:
                if action.src or action.dst:  # cells given too: they must be this move's
                    if (a.src, a.dst) != (action.src, action.dst):
                        break
                return a
            if not action.text and (a.src, a.dst) == (action.src, action.dst):
                return a
        raise self._refuse(action)

    def _check_form(self, m: Move) -> None:
        """A Move object's fields by type and range before anything looks at the board (a move built in
        code with wrong fields is refused like bad text)."""
        fields = {}
        for f in ("src", "dst", "text", "reveal"):
            v = getattr(m, f, None)
            if not isinstance(v, str) or len(v) > 40:
                raise IllegalAction("syntax", key="common.syntax", text=f"{f}={v!r}"[:60])
            fields[f] = v
        src, dst, text = fields["src"], fields["dst"], fields["text"]
        if bool(src) != bool(dst) or (not text and not src):
            raise IllegalAction("syntax", key="common.syntax", text=f"{src}-{dst} {text}"[:60])
        for c in (src, dst):
            if c and c not in self.lay.index:
                raise IllegalAction("syntax", key="common.syntax", text=c[:60])
        if text and not PATTERN.match(text.split("→", 1)[0]):
            raise IllegalAction("syntax", key="common.syntax", text=text[:60])
        if fields["reveal"] and fields["reveal"] not in ZH_KIND.values():  # a piece's name, or nothing
            raise IllegalAction("syntax", key="common.syntax", text=fields["reveal"][:60])

    def apply(self, action: Any) -> None:
        a = self.check(action)
        pos, lay = self.pos, self.lay
        me = pos.to_move
        src, dst = lay.index[a.src], lay.index[a.dst]
        p = pos.board[src]
        reveal = self._secret.pop(src) if p[HID] else None
        target = pos.board[dst]
        hidden_kind = self._secret.pop(dst) if target is not None and target[HID] else None
        res = pos.play(src, dst, reveal)
        done = Move(a.src, a.dst, a.text, ZH_KIND[reveal] if reveal else "")
        self._log.append(done)
        self._legal = None
        ev = self._events
        ev.append(Event(Msg.of("sanguo.ev.move", seat=_seat(me), text=move_msg(done))))  # a reveal is in it (K9)
        if target is not None:
            if hidden_kind is not None:
                ev.append(Event(Msg.of("sanguo.ev.capture_hidden", seat=_seat(me), cell=a.dst,
                                       kingdom=_seat(target[O]))))
                ev.append(Event(Msg.of("sanguo.ev.capture_seen", cell=a.dst, piece=_piece(target[O], hidden_kind)),
                                frozenset({me})))
                seen = self._seen[me]
                key = f"{lay.keys[target[O]]}.{hidden_kind}"
                seen[key] = seen.get(key, 0) + 1
            elif target[K] == EMPEROR:  # K11: with one other kingdom left no alliance forms, and it says so
                key = "sanguo.ev.feidi" if pos.alliance is not None else "sanguo.ev.feidi_alone"
                ev.append(Event(Msg.of(key, seat=_seat(me))))
            else:
                ev.append(Event(Msg.of("sanguo.ev.capture", seat=_seat(me), cell=a.dst,
                                       piece=_piece(target[O], target[K]))))
        if res.alliance:
            m, partner, han_to = res.alliance
            ev.append(Event(Msg.of("sanguo.ev.alliance", seat=_seat(m), partner=_seat(partner), han=_seat(han_to))))
        for k in res.checks:
            ev.append(Event(Msg.of("sanguo.ev.check", seat=_seat(k))))
        skipped = self._skipped(me)
        if skipped is not None:  # K3 被将先走: the kingdom in check moves before the one whose turn it was
            ev.append(Event(Msg.of("sanguo.ev.out_of_turn", seat=_seat(pos.to_move), skipped=_seat(skipped))))
        for k, reason, by in res.falls:
            ev.append(Event(Msg.of("sanguo.ev." + reason, seat=_seat(k), by=_seat(by))))
        if pos.over:
            ev.append(Event(self.end_reason()))

    def _skipped(self, mover: int) -> int | None:
        """The kingdom whose turn it was after ``mover``'s move when a kingdom in check moves first instead
        (K3 被将先走), else None."""
        pos = self.pos
        if pos.over:
            return None
        order = [k for k in ((mover + 1) % 3, (mover + 2) % 3) if pos.alive[k]]
        if order and pos.to_move != order[0]:
            return order[0]
        return None

    def observe(self, player: int) -> dict:
        """What ``player`` may know (K9): face-down pieces only as their point type, the public pools,
        and the face-down pieces this player captured."""
        if player not in (0, 1, 2):
            raise ValueError(f"no seat {player!r} (seats are 0 吴, 1 魏, 2 蜀)")
        pos, lay = self.pos, self.lay
        board = {}
        for i in lay.points:
            q = pos.board[i]
            if q is not None:
                board[lay.names[i]] = {"kingdom": lay.keys[q[O]], "kind": q[K], "owner": q[OWN], "hidden": q[HID]}
        return {
            "game": "sanguo",
            "variant": self.variant,
            "mode": self.mode,
            "player": player,
            "to_move": self.current_player,
            "board": board,
            "alive": list(pos.alive),
            "alliance": sorted(pos.alliance) if pos.alliance else [],
            "han": pos.han,
            "moved": list(pos.moved),
            "quiet": pos.quiet,
            "quiet_limit": lay.quiet_limit,
            "pools": {lay.keys[s]: dict(sorted(pos.pool[s].items())) for s in range(4)},
            "captured_seen": dict(sorted(self._seen[player].items())),
            "fallen": [[k, r, by] for k, r, by in pos.fallen],
            "record": [str(a) for a in self._log],
            "over": pos.over,
        }

    def observe_all(self) -> dict:
        """Seat 0's observation with every face-down piece shown as its true kind (a finished game's
        replay, "everything"; never during play)."""
        obs = self.observe(0)
        for pt, kind in self._secret.items():
            entry = obs["board"].get(self.lay.names[pt])
            if entry is not None:
                entry.update(kind=kind, hidden=False)
        return obs

    def events(self, player: int) -> list[Event]:
        return [e for e in self._events if e.seen_by(player)]

    def ranking(self) -> list[Placement]:
        out = []
        for n, (k, key, params) in enumerate(self.pos.standings()):
            p = {a: (_seat(v) if a == "by" else v) for a, v in params.items()}
            msg = Msg.of(key, **p)
            out.append(Placement(player=k, place=n + 1, out=not self.pos.alive[k], reason=msg.render("en"), msg=msg))
        return out

    def end_reason(self) -> Any:
        if not self.pos.over:
            return ""
        pos = self.pos
        if pos.end == "quick":
            k, reason, by = pos.fallen[-1]
            return Msg.of("sanguo.end.quick", seat=_seat(by), fallen=_seat(k))
        if pos.end == "last":
            return Msg.of("sanguo.end.last", seat=_seat(pos.alive.index(True)))
        return Msg.of("sanguo.end." + pos.end)

    def seat_name(self, seat: int) -> Msg:
        return _seat(seat)

    def describe(self, action: Any) -> Msg:
        me = self.pos.to_move if not self.pos.over else 0
        return Msg.of("sanguo.move", seat=_seat(me), text=move_msg(action) if isinstance(action, Move) else str(action))

    def action_steps(self, action: Any) -> tuple[Step, ...]:
        return (Step("cell", action.src), Step("cell", action.dst))

    # ------------------------------------------------------------------ saves, copies, variants
    def options(self) -> dict:
        return {"variant": self.variant, "mode": self.mode, "seed": self.seed}

    def to_json(self) -> str:
        return envelope("sanguo", SAVE_VERSION, self.options(), [str(a) for a in self._log],
                        forced=self.chance.to_json())

    def reveals(self, action: Any) -> bool:
        """G2/K12: moving a face-down piece turns it over; capturing one shows it to the captor (K9)."""
        a = self.check(action)
        b, ix = self.pos.board, self.lay.index
        mover, target = b[ix[a.src]], b[ix[a.dst]]
        return bool(mover[HID] or (target is not None and target[HID]))

    def clone(self) -> "SanguoGame":
        g = SanguoGame.__new__(SanguoGame)
        g.variant, g.mode, g.seed, g.lay = self.variant, self.mode, self.seed, self.lay
        g.hidden_information = self.hidden_information
        ch = Chance(self.seed, dict(self.chance.forced))
        ch.rng.setstate(self.chance.rng.getstate())
        ch.record = list(self.chance.record)
        g.chance = ch
        g._secret = dict(self._secret)
        g._seen = [dict(s) for s in self._seen]
        g._log = list(self._log)
        g._events = list(self._events)
        g._legal = None if self._legal is None else list(self._legal)
        g.pos = self.pos.copy()
        return g

    def hidden_variant(self, player: int, rng) -> "SanguoGame":
        """A copy whose face-down pieces still on the board are reshuffled inside each kingdom: ``player``
        (indeed everybody) sees the same; the captured pieces it saw keep their identities. The copy's
        save replays it (the new deal is saved as the forced outcome of the deal shuffles)."""
        g = self.clone()
        if self.variant != "jieqi":
            return g
        lay = self.lay
        groups: dict[int, list[int]] = {}
        for pt in sorted(g._secret):
            groups.setdefault(g.pos.board[pt][O], []).append(pt)
        for pts in groups.values():
            kinds = [g._secret[pt] for pt in pts]
            rng.shuffle(kinds)
            for pt, kind in zip(pts, kinds):
                g._secret[pt] = kind
        # the deal that leads to this state: the original deal with the unmoved points re-dealt
        for ev in g.chance.record:
            if ev.kind != "shuffle" or not ev.label.startswith("deal."):
                continue
            s = lay.keys.index(ev.label[5:])
            pts = ([pt for pt, k, kind in lay.setup if k == s and kind in HIDDEN_KINDS] if s < 3
                   else [pt for pt, _ in lay.han_points])
            order = [g._secret.get(pt, kind) for pt, kind in zip(pts, ev.outcome)]
            g.chance.forced[ev.index] = tuple(order)
        return g


def new_game(variant: str = "standard", mode: str = BLOODBATH, seed: int | None = None, players: int = 3,
             **_: Any) -> SanguoGame:
    """A new game of 三国演弈 (``variant="standard"``) or 揭棋 (``"jieqi"``); 吴 moves first (K3)."""
    if players != 3:
        raise ValueError(f"三国演弈 is a three-player game, not {players}")
    return SanguoGame(variant, mode, seed)


def load_game(text: str) -> SanguoGame:
    """Replay a save (engine.saves envelope with the options and forced chance); SaveError if it is not one."""
    data = read_save(text, "sanguo", SAVE_VERSION, "三国演弈")
    opts = data.get("options", {})
    variant, mode, seed = opts.get("variant"), opts.get("mode"), opts.get("seed")
    if variant not in VARIANTS or mode not in MODES:
        raise SaveError(key="sanguo.save.variant_mode", where=of_game("三国演弈"), variant=repr(str(variant)[:20]),
                        mode=repr(str(mode)[:20]))
    seed = need_int(opts, "seed", -2**63, 2**63 - 1, of_game("三国演弈", "options"))  # (any size was taken)
    forced = read_forced(data, "三国演弈")
    try:
        g = SanguoGame(variant, mode, seed, forced)
    except ValueError as e:  # a forced deal that does not fit (engine.chance.ChanceError)
        raise SaveError(key="saves.bad.game_detail", where=of_game("三国演弈"),
                        why=english("saves.why.forced_deal", str(e)[:120])) from None
    for n, t in enumerate(data["actions"]):
        try:
            g.apply(g.parse_action(t))
        except (ParseError, IllegalAction) as e:
            raise replay_refused(n + 1, t, e, "sanguo") from None
        except ChanceError as e:
            raise chance_refused("三国演弈", e, [g.chance], at_action(n + 1, t)) from None
        if str(g._log[-1]) != t.strip():
            raise SaveError(key="sanguo.save.mismatch", n=n + 1, action=repr(t[:60]), move=str(g._log[-1]))
    check_forced_drawn([g.chance], "三国演弈")
    return g
