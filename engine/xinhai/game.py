"""辛亥革命 (seed 002; rulings X1-X10; docs/rules/xinhai.md) on the common Game API.

Seat 0 is the revolutionaries (革命軍, red), seat 1 the Qing (清軍, blue). A round (seed 遊戲進行)
is: events (Qing first), command markers drawn from the bag until both sides have used their action
points, the response phase, the round marker. The engine runs every step that needs no decision
itself (draws, dice, effects) and stops at the next decision; ``current_player`` is whoever must
decide now (the marker's owner, a retreating unit's owner, the revolutionaries choosing a track...).
A decision with exactly one legal action is taken automatically (it is not in the action log; the
replay takes it again).
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from engine.api import Event, Game, IllegalAction, ParseError, Placement, SaveError, Step
from engine.chance import Chance, game_seed
from engine.messages import Msg
from engine.saves import english, envelope, need_int, of_game, read_forced, read_save, replay_actions
from engine.xinhai import rules_flow
from engine.xinhai.actions import Act, parse
from engine.xinhai.board import Board, Unit, enemy
from engine.xinhai.data import REGIONS, Face, rules
from engine.xinhai.hexgrid import label, parse_label

SAVE_VERSION = 1
SEATS = ("rev", "qing")
SETUPS = ("historical", "random")


NAMED_ARG = {"region": "xinhai.region.", "track": "xinhai.track."}  # verbs whose argument is said by its name


@dataclass
class Decision:
    """A decision the game waits for: ``kind``, the deciding ``side``, and its data."""

    kind: str  # marker | act | retreat | track | reinforce | region | ruins | trench | fleet
    side: str
    data: dict = field(default_factory=dict)


class XinhaiGame(Game):
    """The true state of a game of 辛亥革命 (see the module doc)."""

    game_id = "xinhai"
    STAGES = ("marker", "act", "retreat", "track", "reinforce", "region", "ruins", "trench", "fleet", "over")
    hidden_information = True

    def __init__(self, setup: str = "historical", seed: int | None = None, forced: dict | None = None):
        if setup not in SETUPS:
            raise ValueError(f"setup must be one of {', '.join(SETUPS)}, not {setup!r}")
        seed = game_seed(seed)
        R = self.R = rules()
        self.options = {"setup": setup, "seed": seed}
        self.chance = Chance(seed, forced)
        self.board = Board()
        self.pool = {s: dict(R.pieces[s]) for s in SEATS}
        self.round = 1
        self.morale = int(R.supply["morale_start"])
        self.tracks = {t: 0 for t in R.tracks}
        self.munitions = 0
        self.timed: set = set()  # one-round markers: speech, slack, aid
        self.machine_guns = 0
        self.recoil = False
        self.hands = {"rev": [], "qing": []}
        self.hand_public = {"rev": False, "qing": False}
        self.decks = {"rev": [], "qing": []}
        self.deck_public = setup == "historical"
        self.played = {"rev": [], "qing": []}
        self.bag: list = []
        self.ap_used = {"rev": 0, "qing": 0}
        self.rose = False
        self.rewarded: set = set()
        self.army_reward = False
        self.pending: list[Decision] = []
        self.queue: list = []
        self.over = False
        self.winner: str | None = None
        self.reason: Msg | None = None
        self._events: list[Event] = []
        self._log: list[Act] = []
        self._legal: list | None = None
        self.hidden_shuffles: list = []  # (chance index, what, side, period) of shuffles nobody / one side sees
        rules_flow.setup(self)
        rules_flow.start_round(self)
        self._advance()

    # ------------------------------------------------------------------ events and flow
    def note(self, key: str, visible_to=None, chance: bool = False, **params) -> None:
        """Add a log entry (``visible_to`` a set of seats, None = both)."""
        vis = None if visible_to is None else frozenset(visible_to)
        self._events.append(Event(Msg.of(key, **params), vis, chance))

    def push(self, kind: str, side: str, **data) -> None:
        self.pending.append(Decision(kind, side, data))

    def finish(self, winner: str, key: str) -> None:
        """End the game: ``winner`` wins for the reason ``key``."""
        self.over = True
        self.winner = winner
        self.reason = Msg.of(key)
        self.pending.clear()
        self.queue.clear()
        self.note(key)

    def _advance(self) -> None:
        while not self.over:
            if self.pending:
                legal = rules_flow.legal(self)
                if len(legal) == 1 and self.pending[-1].kind != "marker":
                    rules_flow.perform(self, legal[0])
                    continue
                if legal:
                    return
                self.pending.pop()  # nothing can be decided (an empty choice): skip it
                continue
            if self.queue:
                task = self.queue.pop(0)
                rules_flow.run_task(self, task)
            else:  # pragma: no cover - end_round always refills or ends
                raise RuntimeError("xinhai: the round ran out of steps")

    # ------------------------------------------------------------------ Game API
    @property
    def num_players(self) -> int:
        return 2

    @property
    def current_player(self) -> int:
        if self.over or not self.pending:
            return -1
        return SEATS.index(self.pending[-1].side)

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def stage(self) -> str:
        return "over" if self.over or not self.pending else self.pending[-1].kind

    @property
    def log(self) -> list:
        return list(self._log)

    def legal_actions(self) -> list:
        if self.over:
            return []
        if self._legal is None:
            self._legal = rules_flow.legal(self)
        return list(self._legal)

    def move_action(self, src: str, dst: str) -> Act:
        """The action moving the unit on hex ``src`` to hex ``dst`` (``apply`` plays it or refuses it
        naming the rule): the plugin's structured way to ask why a click builds no move."""
        return Act("move", (src, dst))

    def parse_action(self, text: str) -> Act:
        return parse(text)

    def _coerce(self, action: Any) -> Act:
        if isinstance(action, Act):
            v, args = getattr(action, "verb", None), getattr(action, "args", None)
            if not (isinstance(v, str) and isinstance(args, tuple) and all(isinstance(x, str) for x in args)
                    and len(args) < 5 and len(v) < 10):
                raise IllegalAction("syntax", key="common.syntax", text="malformed action object")
            try:
                again = parse(str(action))
            except ParseError as e:
                raise IllegalAction("syntax", key="common.syntax", text=str(e)[:80]) from None
            if again != action:
                raise IllegalAction("syntax", key="common.syntax", text=str(again)[:80])
            return action
        if isinstance(action, str):
            try:
                return parse(action)
            except ParseError as e:
                raise IllegalAction("syntax", key="common.syntax", text=str(e)[:80]) from None
        raise IllegalAction("syntax", key="common.syntax", text=repr(action)[:60])

    def apply(self, action: Any) -> None:
        a = self._coerce(action)
        if self.over:
            raise IllegalAction("seed 12", key="common.game_over")  # 勝負判定: 12(1)-(3), X9
        if a not in self.legal_actions():
            raise rules_flow.why_illegal(self, a)
        self._log.append(a)
        self._legal = None
        rules_flow.perform(self, a)
        self._advance()
        self._legal = None

    def observe(self, player: int) -> dict:
        """What ``player`` may know: the whole board and tracks, its own hand, public hands and decks (X10)."""
        if player not in (0, 1):
            raise ValueError(f"no seat {player!r} (0 revolutionaries, 1 Qing)")
        me = SEATS[player]
        b = self.board
        d = self.pending[-1] if self.pending and not self.over else None
        return {
            "game": "xinhai",
            "player": player,
            "side": me,
            "round": self.round,
            "period": self.R.periods[self.round - 1],
            "action_points": self.R.action_points[self.round - 1],
            "ap_used": dict(self.ap_used),
            "to_move": self.current_player,
            "stage": self.stage,
            "decision": None if d is None else rules_flow.public_decision(self, d),
            "units": [{"id": u.uid, "side": u.side, "kind": u.kind, "hex": label(u.hex),
                       "ready": u.ready, "boat": u.boat} for u in sorted(b.units.values(), key=lambda u: u.uid)],
            "trenches": sorted(label(h) for h in b.trenches),
            "pontoons": sorted(label(h) for h in b.pontoons),
            "ruins": sorted(label(h) for h in b.ruins),
            "morale": self.morale,
            "tracks": dict(self.tracks),
            "munitions": self.munitions,
            "timed": sorted(self.timed),
            "machine_guns": self.machine_guns,
            "recoil_gun": self.recoil,
            "bag": sorted(self.bag),
            "pool": {s: dict(self.pool[s]) for s in SEATS},
            "hand": sorted(self.hands[me]),
            "hands": {s: (sorted(self.hands[s]) if (s == me or self.hand_public[s]) else None) for s in SEATS},
            "hand_sizes": {s: len(self.hands[s]) for s in SEATS},
            "decks": {s: (list(self.decks[s]) if self.deck_public else None) for s in SEATS},
            "deck_sizes": {s: len(self.decks[s]) for s in SEATS},
            "played": {s: list(self.played[s]) for s in SEATS},
            "rose": self.rose,
            "over": self.over,
            "winner": self.winner,
            "events": len([e for e in self._events if e.seen_by(player)]),
        }

    def observe_all(self) -> dict:
        """Everything, in the shape of an observation (the replay viewer's "everything" for a finished game
        and its replays; never during play): seat 0's observation with the other side's hand too, both event decks in
        their order, and every log entry counted, whoever may see it (X10 hides them during play only)."""
        obs = self.observe(0)
        obs["hands"] = {s: sorted(self.hands[s]) for s in SEATS}
        obs["decks"] = {s: list(self.decks[s]) for s in SEATS}
        obs["events"] = len(self._events)
        return obs

    def events(self, player: int) -> list[Event]:
        return [e for e in self._events if e.seen_by(player)]

    def stat_rows(self) -> list[tuple[Any, tuple[int, ...]]]:
        """The game-over rows: each side's enemy units destroyed and own units lost (shots, melee, a retreat
        with no hex: X4, seed 7, X5), counted from the log's destroyed entries (public to both)."""
        lost = [0, 0]
        for e in self._events:
            if e.msg.key == "xinhai.log.destroyed":
                lost[SEATS.index(e.msg.kw["side"].key.rsplit(".", 1)[1])] += 1
        return [(Msg.of("xinhai.stats.destroyed"), (lost[1], lost[0])), (Msg.of("xinhai.stats.lost"), tuple(lost))]

    def ranking(self) -> list[Placement]:
        if not self.over:
            return []
        w = SEATS.index(self.winner)
        reason = self.reason.render("en") if self.reason else ""
        return [Placement(w, 1, False, reason, self.reason),
                Placement(1 - w, 2, False, reason, self.reason)]

    def end_reason(self) -> Any:
        return self.reason if self.over else ""

    def seat_name(self, seat: int) -> Msg:
        return Msg.of(f"xinhai.side.{SEATS[seat]}")

    def describe(self, action: Any) -> Msg:
        """What ``action`` does, in the long form the log uses where the unit it moves is on the board now
        ("infantry on H-16 shoots at H-18", as the status line and the replay show it; issue 26), else the
        short form ("shoot H-16 H-18")."""
        a = self._coerce(action)
        unit = self.unit_at(a.args[0]) if a.verb in LONG_FORM and a.args and a.args[0] != "none" else None
        if unit is not None:
            kw = {"kind": Msg.of(f"xinhai.kind.{unit.kind}"), "src": a.args[0]}
            if len(a.args) > 1:
                kw["dst"] = a.args[1]
            return Msg.of("xinhai.say." + a.verb, **kw)
        if a.verb in NAMED_ARG and len(a.args) == 1:  # a region or a response track: its name, not its id
            return Msg.of("xinhai.act." + a.verb, args=Msg.of(NAMED_ARG[a.verb] + a.args[0]))
        return Msg.of("xinhai.act." + a.verb, args=" ".join(a.args))

    def action_steps(self, action: Any) -> tuple[Step, ...]:
        a = self._coerce(action)
        v, g = a.verb, a.args
        if v == "move":
            extra = g[2] if len(g) > 2 else "done"
            return (Step("cell", g[0]), Step("cell", g[1]), Step("option", extra))
        if v in ("shoot", "melee", "cross"):
            return (Step("cell", g[0]), Step("cell", g[1]), Step("option", v))
        if v == "bridge":
            return (Step("cell", g[0]), Step("cell", g[1][1:]), Step("option", g[1][0] + "bridge"))
        if v in ("ready", "retreat", "ruins", "trench", "fleet") and g[0] != "none":
            return (Step("cell", g[0], f"xinhai.act.{v}"),)
        return (Step("button", str(a), self._button_label(a)),)  # marker faces, pass, morale, end, track, card, region

    def _button_label(self, a: Act) -> str:
        """The catalogue key naming a one-step action on a client button."""
        if a.verb in ("cmd", "rally"):
            d = self.pending[-1] if self.pending else None
            if d is None or d.kind != "marker":
                return ""
            m = next(x for x in self.R.markers if x.id == d.data["marker"])
            face = m.faces[int(a.args[0]) - 1]
            extra = {"": "plain", "morale+": "morale_up", "morale-": "morale_down", "rally": "rally"}[face.extra]
            return f"xinhai.btn.{a.verb}.{face.region}.{extra}"
        if a.verb in ("pass", "end", "morale"):
            return f"xinhai.btn.{a.verb}"
        return f"xinhai.btn.{a.verb}.{a.args[0]}"

    def to_json(self) -> str:
        return envelope("xinhai", SAVE_VERSION, dict(self.options), [str(a) for a in self._log],
                        forced=self.chance.to_json())

    def reveals(self, action: Any) -> bool:
        """G2: a set-up card played from a private hand is shown to the other side (X10); dice,
        marker draws and turned event cards are chance outcomes, counted by undo_floor."""
        a = self._coerce(action)
        return a.verb == "card" and a.args[0] != "none"

    def clone(self) -> "XinhaiGame":
        g = XinhaiGame.__new__(XinhaiGame)
        g.__dict__.update(self.__dict__)
        g.board = self.board.copy()
        ch = Chance.__new__(Chance)
        ch.__dict__.update(self.chance.__dict__)
        ch.rng = random.Random()
        ch.rng.setstate(self.chance.rng.getstate())
        ch.record, ch.forced, ch._queue = list(ch.record), dict(ch.forced), deque(ch._queue)
        g.chance = ch
        g.options = dict(self.options)
        g.pool = {s: dict(v) for s, v in self.pool.items()}
        g.tracks, g.ap_used = dict(self.tracks), dict(self.ap_used)
        g.timed, g.rewarded = set(self.timed), set(self.rewarded)
        g.hands = {s: list(v) for s, v in self.hands.items()}
        g.decks = {s: list(v) for s, v in self.decks.items()}
        g.played = {s: list(v) for s, v in self.played.items()}
        g.hand_public = dict(self.hand_public)
        g.bag, g.queue = list(self.bag), list(self.queue)
        g.pending = [Decision(d.kind, d.side, {k: (set(v) if isinstance(v, set) else v) for k, v in d.data.items()})
                     for d in self.pending]
        g._events, g._log = list(self._events), list(self._log)
        g._legal = None if self._legal is None else list(self._legal)
        g.hidden_shuffles = list(self.hidden_shuffles)
        return g

    def hidden_variant(self, player: int, rng) -> "XinhaiGame":
        """A game ``player`` cannot tell from this one: the other side's private hand (historical
        set-up) and every not-yet-revealed event card (random set-up) redrawn (X10). The game is
        rebuilt with every chance outcome forced as it fell, except the shuffles ``player`` does not
        see, which are redrawn consistently with everything ``player`` has seen."""
        forced = {e.index: e.outcome for e in self.chance.record}
        for idx, what, side, period in self.hidden_shuffles:
            ev = self.chance.record[idx]
            if ev.visible_to is not None and player in ev.visible_to:
                continue
            pile = list(ev.outcome)
            if what == "hand":
                size = int(self.R.historical["rev_hand_size"])
                used = [c for c in pile[:size] if c not in self.hands[side]]  # played from the hand: public
                rest = [c for c in pile if c not in used]
                rng.shuffle(rest)
                new = used + rest
            else:
                k = int(self.R.random["period_draws"][period - 1])
                before = sum(int(x) for x in self.R.random["period_draws"][: period - 1])
                revealed = len(self.played[side])
                shown = max(0, min(k, revealed - before))
                head = pile[:shown]
                rest = [c for c in pile if c not in head]
                rng.shuffle(rest)
                new = head + rest
            forced[idx] = tuple(new)
        v = XinhaiGame(setup=self.options["setup"], seed=self.options["seed"], forced=forced)
        for a in self.log:
            v.apply(a)
        return v

    # ------------------------------------------------------------------ helpers for tests and clients
    def unit_at(self, text: str) -> Unit | None:
        """The unit on hex ``text`` ("D-11"), or None."""
        return self.board.at(parse_label(text))


LONG_FORM = ("move", "shoot", "melee", "cross", "ready")  # actions described by their unit (xinhai.say.*)


def position(units, side: str = "rev", region: str = "hankou", mode: str = "cmd", extra: str = "",
             seed: int = 0, trenches=(), pontoons=(), ruins: str | None = None, dice=(), **state) -> XinhaiGame:
    """A hand-built position for tests and rule pictures: a historical game of ``seed`` whose board is
    replaced by ``units`` — (side, kind, hex) or (side, kind, hex, ready), or the text "rev infantry H-16"
    with the words "worn" and "boat" after it — and which waits for ``side`` to act with a command marker
    face of ``region`` (``mode`` "cmd" or "rally", ``extra`` "", "morale+", "morale-" or "rally").
    ``trenches`` and ``pontoons`` are hexes, ``ruins`` the ruins' centre hex (seed 10(9): it and its six
    neighbours), ``dice`` the next rolls in order (a shot's two dice, forced on the game's generator); ``state`` sets
    game attributes (round, morale, munitions, machine_guns, recoil, timed, tracks...). Its save does not
    replay the hand-built board. A bad argument raises ValueError naming it."""
    if side not in SEATS:
        raise ValueError(f"side: {side!r} is not one of {', '.join(SEATS)}")
    if region not in REGIONS:
        raise ValueError(f"region: {region!r} is not one of {', '.join(REGIONS)}")
    if mode not in ("cmd", "rally") or extra not in ("", "morale+", "morale-", "rally"):
        raise ValueError(f"mode/extra: {mode!r}/{extra!r} (mode cmd or rally; extra '', morale+, morale-, rally)")
    g = XinhaiGame(setup="historical", seed=seed)
    g.board = Board()
    for spec in units:
        s_, k, h, ready, boat = _unit_spec(spec, g.R)
        if g.board.at(h) is not None:
            raise ValueError(f"units: two units on {label(h)}")
        u = g.board.add(s_, k, h)
        u.ready, u.boat = ready, boat
    g.board.trenches.update(_hex(t, "trenches") for t in trenches)
    g.board.pontoons.update(_hex(t, "pontoons") for t in pontoons)
    if ruins is not None:
        c = _hex(ruins, "ruins")
        g.board.ruins = frozenset((c,) + g.board.map.neighbours(c))
    for k, v in state.items():
        if not hasattr(g, k):
            raise ValueError(f"no game attribute {k!r}")
        setattr(g, k, v)
    for roll in dice:
        if not (isinstance(roll, (list, tuple)) and roll and all(isinstance(v, int) and not isinstance(v, bool)
                                                                  and 1 <= v <= 6 for v in roll)):
            raise ValueError(f"dice: a roll is a list of dice 1-6 (a shot: two), got {roll!r}")
        g.chance.force(tuple(roll))
    g.pending = [Decision("act", side, dict(marker="R1" if side == "rev" else "Q1", face=Face(region, extra),
                                             region=region, mode=mode, acted=set(), bridged=False,
                                             morale_used=False, rallied=False))]
    g._legal = None
    return g


def _hex(text, what: str):
    """The hex of a label ("H-16"), or ValueError naming ``what``."""
    try:
        h = parse_label(str(text))
    except (ValueError, KeyError, IndexError):
        raise ValueError(f"{what}: {text!r} is not a hex label like 'H-16'") from None
    if h not in rules().map.terrain:
        raise ValueError(f"{what}: {text!r} is not on the map")
    return h


def _unit_spec(spec, R) -> tuple:
    """(side, kind, hex, ready, boat) of a unit given as a tuple or as "side kind hex [worn] [boat]"."""
    if isinstance(spec, str):
        words = spec.split()
        if len(words) < 3 or set(words[3:]) - {"worn", "boat"}:
            raise ValueError(f"units: {spec!r} is not 'side kind hex [worn] [boat]'")
        side, kind, h = words[:3]
        ready, boat = "worn" not in words[3:], "boat" in words[3:]
    else:
        side, kind, h = spec[:3]
        ready, boat = (spec[3] if len(spec) > 3 else True), False
    if side not in SEATS:
        raise ValueError(f"units: {spec!r}: side {side!r} is not one of {', '.join(SEATS)}")
    if kind not in R.units:
        raise ValueError(f"units: {spec!r}: kind {kind!r} is not one of {', '.join(R.units)}")
    return side, kind, _hex(h, "units"), ready, boat


def new_game(setup: str = "historical", seed: int | None = None, **_: Any) -> XinhaiGame:
    """A new game: ``setup`` "historical" (default) or "random" (seed 卡牌準備), ``seed`` for the
    game's generator (a fresh unpredictable one if None)."""
    return XinhaiGame(setup=setup, seed=seed)


def load_game(text: str) -> XinhaiGame:
    """Replay a save (engine.saves envelope with the forced chance outcomes); SaveError otherwise."""
    data = read_save(text, "xinhai", SAVE_VERSION, "辛亥革命")
    opts = data.get("options", {})
    setup, seed = opts.get("setup", "historical"), opts.get("seed")
    if setup not in SETUPS:
        raise SaveError(key="saves.bad.one_of_two", where=of_game("辛亥革命"), field="options.setup", a="historical",
                        b="random")
    seed = need_int(opts, "seed", -2**63, 2**63 - 1, of_game("辛亥革命", "options"))  # (any size was taken)
    forced = read_forced(data, "辛亥革命")  # "forced"; before the one envelope, "chance"
    try:
        g = XinhaiGame(setup=setup, seed=seed, forced=forced)
    except ValueError as e:  # a forced outcome that does not fit a draw of the set-up (ChanceError)
        raise SaveError(key="saves.bad.forced_detail", where=of_game("辛亥革命"),
                        why=english("saves.why.chance", str(e)[:100])) from None
    return replay_actions(g, data["actions"], title="辛亥革命")


__all__ = ["XinhaiGame", "new_game", "load_game", "Act", "REGIONS", "enemy"]
