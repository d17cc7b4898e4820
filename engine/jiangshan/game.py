"""江山 (seed 000) on the common Game API: the game object, its saves, observations and log.

Rules: engine/jiangshan/rules.py (legal actions), effects.py (what they do), phases.py (weather,
supply, reveal, end phase), moves.py (patterns and blockers); data: assets/jiangshan/ (J1, J2).
"""
from __future__ import annotations

import copy
import dataclasses
from typing import Any

from engine.api import Event, Game, IllegalAction, ParseError, Placement, SaveError, Step
from engine.chance import Chance, fresh_seed
from engine.jiangshan import effects as E, rules as R
from engine.jiangshan.actions import Act, parse
from engine.jiangshan.board import FACINGS, name, parse_cell
from engine.jiangshan.data import FACES, TALLY_COST, Scenario, random_scenario, scenario, unit_table
from engine.jiangshan.observation import observe, resample_hidden
from engine.jiangshan.state import State, Unit, initial_state
from engine.messages import Msg
from engine.saves import english, envelope, need_int, of_game, read_forced, read_save, replay_actions

SAVE_VERSION = 1
SCENARIOS = ("chuhan", "random")
MAIN = ("move", "capture", "command", "support", "exit", "rebuild", "formation", "crossing")
TALLY_OF = {"formation": "formation", "crossing": "crossing", "fire": "fire", "scout": "scout", "ruse": "ruse",
            "substitute": "substitute"}


class JiangshanGame(Game):
    """A two-player game of 江山 (J14: the 12x8 board)."""

    game_id = "jiangshan"
    STAGES = ("tallies", "action", "reveal", "reaction", "over")
    hidden_information = True

    def __init__(self, scenario_name: str = "chuhan", seed: int = 0, forced: dict | None = None,
                 scen: Scenario | None = None):
        if scen is None and scenario_name not in SCENARIOS:
            raise ValueError(f"unknown 江山 scenario {scenario_name!r}; known: {', '.join(SCENARIOS)}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        self.scenario_name = scenario_name
        self.seed = seed
        self.chance = Chance(seed, forced)
        if scen is not None:
            pass
        elif scenario_name == "random":
            scen = random_scenario(lambda n: self.chance.pick(n, "jiangshan.setup"))
        else:
            scen = scenario(scenario_name)
        self.st: State = initial_state(scen)
        self._log: list[Act] = []
        self._events: list[Event] = []
        self._unseen_at: dict[int, int] = {}  # log index -> the mover, of actions the enemy saw neither end of
        self._legal: list[Act] | None = None
        self._prefix_key = None
        self._prefix: frozenset = frozenset()
        if self.st.stage == "action":
            E.start_turn(self.st, scen.first, self.chance, self._emit)

    # ------------------------------------------------------------------ basic API
    @property
    def num_players(self) -> int:
        return 2

    @property
    def current_player(self) -> int:
        st = self.st
        if st.stage == "over":
            return -1
        if st.stage == "tallies":
            return next(i for i, s in enumerate(st.sides) if not s.picked)
        if st.stage == "reveal":
            return st.units[st.reveal[0]].owner
        if st.stage == "reaction":
            return 1 - st.player
        return st.player

    @property
    def is_over(self) -> bool:
        return self.st.stage == "over"

    @property
    def stage(self) -> str:
        return self.st.stage

    @property
    def log(self) -> list[Act]:
        return list(self._log)

    def legal_actions(self) -> list[Act]:
        if self._legal is None:
            self._legal = R.legal(self.st)
        return list(self._legal)

    def parse_action(self, text: str) -> Act:
        return parse(text)

    def apply(self, action: Any) -> None:
        """Play ``action`` (an Act or its text); IllegalAction naming the rule, state untouched, if illegal."""
        if isinstance(action, (str, Act)):
            try:
                action = parse(action)  # an Act is checked by form too
            except ParseError:
                raise IllegalAction("seed 行动阶段", key="common.syntax", text=str(action)[:60]) from None
        if not isinstance(action, Act):
            raise IllegalAction("seed 行动阶段", key="common.syntax", text=repr(action)[:60])
        action = self._in_scenario_order(action)
        legal = self.legal_actions()
        if action not in legal:
            rule, key, params = self.refusal(action)
            raise IllegalAction(rule, key=key, **params)
        self._legal = None
        mover, unseen = self.st.player, self._unseen(action)
        E.perform(self.st, action, self.chance, self._emit)
        self._log.append(action)
        if unseen:
            self._unseen_at[len(self._log) - 1] = mover
        # a turn whose action point is spent and where nothing else is left ends by itself
        while self.st.stage == "action" and self.st.ap <= 0 and R.legal(self.st) == [Act("end")]:
            E.end_turn(self.st, self.chance, self._emit)
        self._legal = None

    # ------------------------------------------------------------------ refusals
    def _in_scenario_order(self, act: Act) -> Act:
        """J20: tallies may be picked in any order; a pick names them in the scenario's order."""
        if act.kind != "pick":
            return act
        offer = list(self.st.scen.tallies)
        words = act.args[0].split("+")
        if len(set(words)) != len(words) or not set(words) <= set(offer):
            return act  # refused as it stands
        return Act("pick", ("+".join(sorted(words, key=offer.index)),))

    def refusal(self, act: Act) -> tuple[str, str, dict]:
        """The rule an illegal action breaks, its message key and parameters (no hidden fact in them)."""
        st = self.st
        k, a = act.kind, act.args
        if st.stage == "over":
            return "J13", "common.game_over", {}
        wants = {"tallies": ("pick",), "reveal": ("face",), "reaction": ("substitute", "decline")}.get(st.stage)
        rule_of_stage = {"tallies": "seed 虎符的获得", "reveal": "J5", "reaction": "J12"}
        if wants is not None and k not in wants:
            return rule_of_stage[st.stage], "jiangshan.err.stage", {"stage": Msg.of(f"jiangshan.stage.{st.stage}")}
        if wants is None and k in ("pick", "face", "substitute", "decline"):
            return "seed 行动阶段", "jiangshan.err.stage", {"stage": Msg.of("jiangshan.stage.action")}
        if k == "pick":
            return "seed 虎符的获得", "jiangshan.err.pick", {"n": st.scen.tally_picks}
        if k == "face":
            return "J3", "jiangshan.err.facing", {}
        if k == "substitute":
            if not R.spend_ok(st, 1 - st.player, "substitute"):
                return "J12", "jiangshan.err.no_tally", {"tally": Msg.of("jiangshan.tally.substitute"),
                                                         "cost": TALLY_COST["substitute"]}
            return "J12", "jiangshan.err.substitute", {}
        p = st.player
        if k == "end":
            return "seed 行动阶段: 不可以略过", "jiangshan.err.must_act", {}
        tally = TALLY_OF.get(k)
        if tally is not None and not R.spend_ok(st, p, tally):
            return "seed 虎符的使用", "jiangshan.err.no_tally", {"tally": Msg.of(f"jiangshan.tally.{tally}"),
                                                                 "cost": TALLY_COST[tally]}
        if (k in MAIN or (k == "scout" and a[:1] != ("reserve",))) and st.ap <= 0:  # J18: a scout by support
            return "seed 行动阶段: 一个行动力", "jiangshan.err.no_ap", {}
        board = st.board()
        cells = [parse_cell(w, st.width, st.height) for w in a]
        if k in ("move", "capture", "shoot", "crossing", "command", "fire") and a:
            src = cells[1] if k == "command" else cells[0]
            u = board.get(src) if src else None
            if k == "fire" and src in st.cities:
                u = None
            elif u is None or u.owner != p:
                return "seed 行动", "jiangshan.err.no_unit", {"cell": a[1] if k == "command" else a[0]}
            if u is not None:
                if u.disorder:
                    return "J9", "jiangshan.err.disordered", {"cell": name(u.cell)}
                if u.used and k != "shoot":
                    return "seed 指挥: 未被调动过", "jiangshan.err.used", {"cell": name(u.cell)}
                if k in ("move", "capture", "crossing", "command"):
                    n = 3 if k == "command" else 2  # the cells; a last word is the facing or face (J3, J18)
                    if any(x.kind == k and x.args[:n] == a[:n] for x in self.legal_actions()):
                        if u.type == "scout":
                            return "J18", "jiangshan.err.scout_face", {}
                        return "J3", "jiangshan.err.facing", {}
        if k == "move":
            return "J7", "jiangshan.err.unreachable", {"a": a[0], "b": a[1] if len(a) > 1 else "?"}
        if k == "capture":
            u = board.get(cells[0])
            if len(cells) > 1 and u is not None and u.type == "king" and cells[1] in st.cities:
                return "J15", "jiangshan.err.king_occupy", {"a": a[0], "b": a[1]}
            return "J1", "jiangshan.err.no_target", {"a": a[0], "b": a[1] if len(a) > 1 else "?"}
        if k == "exit" and len(cells) > 0 and cells[0] in st.cities and st.cities[cells[0]].owner == p:
            kinds = [g for g in st.garrison(cells[0]) if g.type == a[1]]
            if kinds and all(g.used or g.disorder for g in kinds):
                return "J17", "jiangshan.err.used", {"cell": a[0]}
        if k in ("shoot", "rocks"):
            return "seed 弓矢", "jiangshan.err.shot", {"b": a[-1]}
        if k == "recruit":
            return "seed 征兵", "jiangshan.err.recruit", {"unit": a[0]}
        if k == "fire":
            if len(cells) > 1 and cells[1] in st.fires:  # fires are public
                return "seed 烈火燎原", "jiangshan.err.fire_burning", {"b": a[1]}
            return "seed 烈火燎原", "jiangshan.err.fire", {"a": a[0], "b": a[-1]}
        if k == "support" and a[0] == "scout" and (len(a) < 3 or a[2] not in FACES):
            if any(x.kind == "support" and x.args[:2] == a[:2] for x in self.legal_actions()):
                return "J18", "jiangshan.err.scout_face", {}
        refused = self._refusal_of_kind(act)
        if refused is not None:
            return refused
        if k == "scout" and a and a[0] != "reserve":
            if len(a) < 2 or a[1] not in FACES:
                return "J18", "jiangshan.err.scout_face", {}
            return "J18", "jiangshan.err.scout_place", {"cell": a[0]}
        if k == "siege":
            return "seed 围困", "jiangshan.err.siege", {"cell": a[0]}
        return "seed 行动阶段", "jiangshan.err.illegal", {"text": str(act)[:60]}

    def _refusal_of_kind(self, act: Act) -> tuple[str, str, dict] | None:
        """The seed passage of an action kind that has nothing more precise (G3: the rule it breaks, only the
        mover's own facts): 支援, 出城, 指挥, 改建, 排兵布阵, 瞒天过海; None for other kinds."""
        k, a = act.kind, act.args
        if k == "support":
            t = a[0]
            unit = Msg.of(f"jiangshan.unit.{t}") if t in unit_table() else t
            return "seed 支援", "jiangshan.err.support", {"unit": unit, "cell": a[1]}
        if k == "exit":
            return "seed 出城", "jiangshan.err.exit", {"a": a[0], "b": a[2]}
        if k == "command":
            return "seed 指挥", "jiangshan.err.command", {"l": a[0], "a": a[1], "b": a[2]}
        if k == "rebuild":
            return "seed 改建", "jiangshan.err.rebuild", {"cell": a[0]}
        if k == "formation":
            return "seed 排兵布阵", "jiangshan.err.formation", {"args": " ".join(a)}
        if k == "crossing":
            return "seed 瞒天过海", "jiangshan.err.crossing", {"a": a[0], "b": a[1]}
        return None

    # ------------------------------------------------------------------ log and messages
    def _knows(self, u: Unit, viewer: int) -> bool:
        hidden = self.st.hidden(u)
        return (viewer == u.owner or (u.state == "battle" and not hidden)
                or (u.type == "scout" and u.revealed and not hidden))  # J18: a scout, once shown by a reveal

    def _param(self, v, viewer: int):
        if isinstance(v, Unit):
            if self._knows(v, viewer):
                return Msg.of(f"jiangshan.unit.{v.type}")
            return Msg.of(f"jiangshan.class.{v.shown}")  # J5, J18: the face's class
        if isinstance(v, tuple) and len(v) == 2 and all(isinstance(x, int) for x in v):
            return name(v)
        if isinstance(v, list):
            return [self._param(x, viewer) for x in v]
        return v

    def _emit(self, key: str, visible_to=None, chance: bool = False, **params) -> None:
        """Add a log entry; unit names are given as each viewer knows the unit (type or only class)."""
        conv = {}
        for k, v in params.items():
            if k in ("seat",):
                conv[k] = self.seat_name(v)
            elif k == "unit" and isinstance(v, str):
                conv[k] = Msg.of(f"jiangshan.unit.{v}")
            elif k == "units":
                conv[k] = [Msg.of(f"jiangshan.unit.{x}") for x in v]
            elif k in ("weather",):
                conv[k] = Msg.of(f"jiangshan.weather.{v}")
            elif k == "tally":
                conv[k] = Msg.of(f"jiangshan.tally.{v}")
            elif k == "tallies":
                conv[k] = [Msg.of(f"jiangshan.tally.{t}") for t in v.split("+")]
            elif k == "kind":
                conv[k] = Msg.of(f"jiangshan.city.{v}")
            elif k == "facing" and isinstance(v, str):
                conv[k] = Msg.of(f"jiangshan.facing.{v}")
            else:
                conv[k] = v
        viewers = (0, 1) if visible_to is None else tuple(sorted(visible_to))
        if any(isinstance(v, Unit) for v in conv.values()):
            for w in viewers:
                self._events.append(Event(Msg.of(key, **{k: self._param(v, w) for k, v in conv.items()}),
                                          frozenset({w}), chance))
        else:
            self._events.append(Event(Msg.of(key, **{k: self._param(v, 0) for k, v in conv.items()}),
                                      None if visible_to is None else frozenset(visible_to), chance))

    def events(self, player: int) -> list[Event]:
        return [e for e in self._events if e.seen_by(player)]

    def describe(self, action: Any) -> Msg:
        """The action in words, naming only cells (never a hidden unit): the client says it to every
        viewer, so a tally pick names no tally and a unit leaving a city not its type (J5)."""
        a = parse(action) if isinstance(action, Act) else parse(str(action))
        if a.kind == "pick":
            return Msg.of("jiangshan.said.pick")
        if self._unseen(a):  # G1: a hidden unit going to a hidden place: no cells (the status line's words)
            return Msg.of("jiangshan.said.unseen")
        if a.kind == "exit" and len(a.args) == 3:
            return Msg.of("jiangshan.said.exit", a=a.args[0], b=a.args[2])
        table = unit_table()
        if a.kind == "recruit" and len(a.args) == 1 and a.args[0] in table:  # J19: the class only
            return Msg.of("jiangshan.said.recruit", unit=Msg.of(f"jiangshan.class.{table[a.args[0]].cls}"))
        if a.kind == "support" and len(a.args) >= 2 and a.args[0] in table:
            cls = a.args[2] if a.args[0] == "scout" and a.args[2:] and a.args[2] in FACES else table[a.args[0]].cls
            return Msg.of("jiangshan.said.support", unit=Msg.of(f"jiangshan.class.{cls}"), cell=a.args[1])
        if a.kind == "scout" and len(a.args) == 2 and a.args[1] in FACES:  # J18: the face's class
            return Msg.of("jiangshan.said.scout", unit=Msg.of(f"jiangshan.class.{a.args[1]}"), cell=a.args[0])
        if len(a.args) > 1 and a.args[-1] in FACES:  # a scout's face word would name it a scout (J18): cells only
            return _said(a.kind, a.args[:-1])
        if a.kind == "face" and len(a.args) == 2 and a.args[1] in FACINGS:
            return Msg.of("jiangshan.said.face", cell=a.args[0], facing=Msg.of(f"jiangshan.facing.{a.args[1]}"))
        if len(a.args) > 1 and a.args[-1] in FACINGS:  # a facing said as a word (J3), not a letter
            return Msg.of("jiangshan.said.facing", act=_said(a.kind, a.args[:-1]),
                          facing=Msg.of(f"jiangshan.facing.{a.args[-1]}"))
        return _said(a.kind, a.args)

    def hides_action(self, index: int, viewer: int) -> bool:
        """Whether ``viewer`` may not know the cells of the log's ``index``-th action: a hidden unit that went
        to a hidden place (J5, ``_unseen``), for anybody but its mover (G1: the last move's marks name no cell
        of it)."""
        mover = self._unseen_at.get(index)
        return mover is not None and mover != viewer

    def _unseen(self, a: Act) -> bool:
        """Whether ``a`` (before it is played) takes a unit hidden from the enemy (J5: under a forest or in a
        city) to a cell that hides it too (a forest, an own city): the enemy sees neither end of it."""
        ends = {"move": (0, 1), "crossing": (0, 1), "capture": (0, 1), "command": (1, 2), "exit": (0, 2)}.get(a.kind)
        if ends is None or len(a.args) <= ends[1]:
            return False
        st = self.st
        try:
            src, dst = (parse_cell(a.args[i], st.width, st.height) for i in ends)
        except (ValueError, KeyError, IndexError):
            return False
        city = st.cities.get(dst)
        if city is not None:
            if city.owner != st.player or a.kind == "capture":
                return False
        elif st.ter(dst) != "forest":
            return False
        if a.kind == "exit":
            return src in st.cities
        u = st.board().get(src)
        return u is not None and u.owner == st.player and st.hidden(u)

    def seat_name(self, seat: int) -> Msg:
        return Msg.of(f"jiangshan.seat.{seat}")

    def end_reason(self) -> Any:
        if not self.is_over:
            return ""
        st = self.st
        if st.winner is None:
            return Msg.of("jiangshan.end.draw")
        return Msg.of(f"jiangshan.end.{st.reason}", winner=self.seat_name(st.winner),
                      loser=self.seat_name(1 - st.winner))

    def ranking(self) -> list[Placement]:
        st = self.st
        why = self.end_reason()
        text = why.render("en") if isinstance(why, Msg) else ""
        if st.winner is None:  # a drawn war: nobody wins (the arena counts it as void)
            return [Placement(0, 1, True, text, why), Placement(1, 1, True, text, why)]
        return [Placement(st.winner, 1, False, text, why), Placement(1 - st.winner, 2, True, text, why)]

    # ------------------------------------------------------------------ client steps
    def action_steps(self, action: Any) -> tuple[Step, ...]:
        """Cells first (the unit, then where), then options (a kind, a unit type, a facing); buttons for
        end, ruse, decline, picks and recruiting. An action whose steps would be the start of another
        legal action's steps ends with its kind as an option, so no action hides behind another."""
        a = action if isinstance(action, Act) else parse(str(action))
        base = self._base_steps(a)
        if base in self._prefix_table():
            return base + (Step("option", a.kind, f"jiangshan.step.{a.kind}"),)
        return base

    def units_able_to_act(self) -> list[str]:
        """The cells of the units of the side to act (on the board, not garrisons) with a legal action this
        turn, in the action stage (seed 行动阶段: a unit not yet moved, not in disorder J9, with a move, an
        attack or a command open); empty at other stages. A hint for the client's marks, read from the
        legal actions (no rule of its own)."""
        if self.st.stage != "action":
            return []
        board = self.st.board()
        own = {name(c) for c, u in board.items() if u.owner == self.st.player}
        out: dict[str, None] = {}
        for a in self.legal_actions():
            first = self._base_steps(a)[0]
            if first.kind == "cell" and first.value in own:
                out.setdefault(first.value, None)
        return sorted(out, key=lambda c: (int(c[1:]), c[0]))

    def _prefix_table(self) -> frozenset:
        self.legal_actions()
        legal = self._legal
        # keyed on the list itself, held here: an id() of a list since freed could be reused by the next
        # position's list, and its stale table then gave an action steps another action starts with
        if getattr(self, "_prefix_of", None) is not legal:
            table = set()
            for x in legal:
                st = self._base_steps(x)
                for k in range(1, len(st)):
                    table.add(st[:k])
            self._prefix_of, self._prefix = legal, frozenset(table)
        return self._prefix

    def _base_steps(self, a: Act) -> tuple[Step, ...]:
        k, w = a.kind, a.args
        face = tuple(Step("option", x, f"jiangshan.facing.{x}") for x in w[-1:] if x in FACINGS)
        face += tuple(Step("option", x, f"jiangshan.face.{x}") for x in w[-1:] if x in FACES)  # a scout's (J18)
        cells = tuple(Step("cell", x) for x in w if x not in FACINGS and x not in FACES)
        if k == "capture":
            c = parse_cell(w[1], self.st.width, self.st.height) if len(w) > 1 else None
            if c is not None and self.st.ter(c) == "forest":  # a move may end there too (J8)
                return cells + (Step("option", k, f"jiangshan.step.{k}"),) + face
            return cells + face
        if k in ("move", "command", "face", "substitute"):
            return cells + face
        if k in ("crossing", "shoot", "rocks", "fire", "formation"):
            return cells + (Step("option", k, f"jiangshan.step.{k}"),) + face
        if k == "exit":
            return (Step("cell", w[0]), Step("option", w[1], f"jiangshan.unit.{w[1]}"), Step("cell", w[2]))
        if k == "support" and len(w) > 2:  # a reserve scout and its face (J18)
            return (Step("cell", w[1]), Step("option", f"support_{w[0]}_{w[2]}", f"jiangshan.step.support_{w[0]}_{w[2]}"))
        if k == "support":
            return (Step("cell", w[1]), Step("option", f"support_{w[0]}", f"jiangshan.unit.{w[0]}"))
        if k in ("rebuild", "siege"):
            return (Step("cell", w[0]), Step("option", k, f"jiangshan.step.{k}"))
        if k == "scout" and w[0] != "reserve" and len(w) > 1:  # J18: a scout by support, with its face
            return (Step("cell", w[0]), Step("option", f"scout_{w[1]}", f"jiangshan.step.scout_{w[1]}"))
        return (Step("button", str(a), f"jiangshan.act.{k}"),)

    # ------------------------------------------------------------------ observation
    def observe(self, player: int) -> dict:
        """What ``player`` knows (J5): every unit's position except those under forests and in cities of the
        enemy; a marching enemy unit only by its class; own tallies and garrisons; the public tracks."""
        return observe(self, player)

    def observe_all(self) -> dict:
        """Everything, in the shape of seat 0's observation: every unit with its type and facing (those under
        forests and in cities too), every city's garrison, both reserves by type and both hands of tallies
        (the replay viewer's "everything" for a finished game; never during play)."""
        return observe(self, 0, everything=True)

    def hidden_variant(self, player: int, rng) -> "JiangshanGame":
        """A copy ``player`` cannot tell apart (J5): the enemy's units hidden from ``player`` (under forests,
        in its cities) are moved among the hidden places (free unburnt forests, its cities), then the types
        ``player`` does not know are shuffled (the hidden units among themselves, a marching unit's within
        its shown class); the enemy's unused tallies are redrawn."""
        g = self.clone()
        g._legal = None
        g._prefix_key = None
        resample_hidden(g, player, rng)
        return g

    # ------------------------------------------------------------------ saves
    def options(self) -> dict:
        return {"scenario": self.scenario_name, "seed": self.seed}

    def to_json(self) -> str:
        return envelope("jiangshan", SAVE_VERSION, self.options(), [str(a) for a in self._log],
                        forced=self.chance.to_json())

    REVEAL_EVENTS = frozenset({"jiangshan.ev.revealed", "jiangshan.ev.scout_shown", "jiangshan.ev.ambush", "jiangshan.ev.garrisoned",
                               "jiangshan.ev.my_tallies", "jiangshan.ev.attack_declared"})

    def reveals(self, action: Any) -> bool:
        """G2: the action brings a cell into its player's sight, or shows a unit (J5's forced reveal, an
        ambush in a forest, a garrison), or a hand of tallies (a pick). Only the mover's own sight counts:
        whether the enemy's sight changed depends on where its hidden units stand, and a refused
        take-back would tell it (G3)."""
        # G1: a hidden unit's move between hidden places always stands. The enemy sees neither end of it, and a
        # floor that moved only when the unit's new cell showed new ground (below) would tell it where it went.
        if self._unseen(action if isinstance(action, Act) else parse(str(action))):
            return True
        p = self.current_player
        after = self.clone()
        n = len(after._events)
        after.apply(action)
        if any(e.msg.key in self.REVEAL_EVENTS for e in after._events[n:]):
            return True
        return bool(p >= 0 and R.seen(after.st, p) - R.seen(self.st, p))

    def clone(self) -> "JiangshanGame":
        """An independent copy (state objects copied, immutable scenario and log entries shared)."""
        g = object.__new__(JiangshanGame)
        g.scenario_name, g.seed = self.scenario_name, self.seed
        ch = object.__new__(Chance)
        ch.seed, ch.record, ch.forced = self.chance.seed, list(self.chance.record), dict(self.chance.forced)
        ch.rng = copy.copy(self.chance.rng)
        ch._queue = copy.copy(self.chance._queue)
        g.chance = ch
        st = copy.copy(self.st)
        st.terrain = [list(r) for r in self.st.terrain]
        st.units = {k: copy.copy(u) for k, u in self.st.units.items()}
        st.cities = {k: copy.copy(c) for k, c in self.st.cities.items()}
        st.sides = [dataclasses.replace(s, reserve=dict(s.reserve), tallies=list(s.tallies),
                                        used_tallies=list(s.used_tallies)) for s in self.st.sides]
        st.fires = dict(self.st.fires)
        st.reveal = list(self.st.reveal)
        g.st = st
        g._log = list(self._log)
        g._events = list(self._events)
        g._unseen_at = dict(self._unseen_at)
        g._legal = self._legal
        g._prefix_key, g._prefix = self._prefix_key, self._prefix
        return g


def new_game(scenario: str = "chuhan", seed: int | None = None, **_: Any) -> JiangshanGame:
    """A new game of ``scenario`` ("chuhan", the reconstructed 楚汉 scenario, or "random", J2); without a
    seed an unpredictable one (G1: the weather die and the random set-up must not be foreseeable)."""
    return JiangshanGame(scenario, fresh_seed() if seed is None else seed)


def game_from(scen: Scenario, seed: int = 0) -> JiangshanGame:
    """A game on a scenario built in code (rule tests and pictures; its saves name ``scen.id``)."""
    return JiangshanGame(scen.id, seed, scen=scen)


def load_game(text: str) -> JiangshanGame:
    """A game replayed from its save; SaveError for anything that is not a valid 江山 save."""
    data = read_save(text, "jiangshan", SAVE_VERSION, "江山")
    opts = data.get("options", {})
    sc, seed = opts.get("scenario", "chuhan"), opts.get("seed", 0)
    if sc not in SCENARIOS:
        raise SaveError(key="jiangshan.save.scenario", where=of_game("江山"), scenario=repr(str(sc)[:40]))
    seed = need_int(opts, "seed", -2**63, 2**63 - 1, of_game("江山", "options"), 0)  # (2**64 was "must be an integer")
    forced = read_forced(data, "江山")
    try:
        g = JiangshanGame(sc, seed, forced)
    except ValueError as e:  # a forced outcome that does not fit a draw of the set-up (ChanceError)
        raise SaveError(key="saves.bad.game_detail", where=of_game("江山"),
                        why=english("saves.why.forced_deal", str(e)[:120])) from None
    return replay_actions(g, data["actions"], title="江山")


CELL_TO_CELL = ("move", "capture", "shoot")  # actions said as "the unit at a4 marches to b3" (jiangshan.said.*)


def _said(kind: str, args) -> Msg:
    """An action from one cell to another in words naming the cells only ("the unit at a4 marches to b3", the
    replay's and the status line's form; it read "march a4 b3"), else its short form ("rocks b3 c3")."""
    if kind in CELL_TO_CELL and len(args) == 2:
        return Msg.of(f"jiangshan.said.{kind}", a=args[0], b=args[1])
    return Msg.of(f"jiangshan.act.{kind}", args=" ".join(args))
