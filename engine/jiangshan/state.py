"""The true state of a 江山 game: units, cities, terrain with fires, the two sides' tracks and the turn."""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.jiangshan.board import Cell
from engine.jiangshan.data import Scenario, UnitType, unit_table


@dataclass
class Unit:
    """A unit counter: its two faces (state march|battle), facing (infantry in battle state, J3),
    disorder (J9), whether it was moved/commanded this turn (调动), moved (骑射) and shot. A scout's two
    faces are both march faces (步 and 马): ``face`` is the one up, ``revealed`` whether the enemy's
    forced reveal has shown it to be a scout (J5, J18) until it leaves the enemy's sight."""

    uid: int
    type: str
    owner: int
    cell: Cell
    state: str = "march"
    facing: str | None = None
    disorder: bool = False
    used: bool = False
    moved: bool = False
    shot: bool = False
    in_city: bool = False
    face: str | None = None
    revealed: bool = False

    @property
    def t(self) -> UnitType:
        return unit_table()[self.type]

    @property
    def shown(self) -> str:
        """The class its march face shows (J5): a scout's face (步 or 马, J18), else its own class."""
        return (self.face or "foot") if self.type == "scout" else self.t.cls


@dataclass
class City:
    """A city (solid dot: supply) or camp (hollow dot: commands its gates); 落石 once per own turn (J11)."""

    cell: Cell
    kind: str
    owner: int
    name_zh: str
    name_en: str
    rocks_used: bool = False


@dataclass
class Side:
    """A player's tracks (提示板: morale, supply, merit), reserve (预备役) and tallies (虎符)."""

    morale: int
    supply: int = 0
    merit: int = 0
    reserve: dict[str, int] = field(default_factory=dict)
    tallies: list[str] = field(default_factory=list)  # chosen and not yet used (hidden from the enemy)
    used_tallies: list[str] = field(default_factory=list)  # played (public)
    picked: bool = False


@dataclass
class State:
    """Everything of one game; ``stage`` is tallies | action | reveal | reaction | over."""

    scen: Scenario
    terrain: list[list[str]]
    units: dict[int, Unit]
    cities: dict[Cell, City]
    sides: list[Side]
    player: int = 0  # whose turn it is
    turn: int = 1
    ap: int = 1  # 行动力 left
    stage: str = "tallies"
    fires: dict[Cell, str] = field(default_factory=dict)  # cell -> small | large
    reveal: list[int] = field(default_factory=list)  # units waiting for their owner's facing (J5)
    pending: tuple | None = None  # a declared capture waiting for 李代桃僵 (J12): (action args)
    stall: int = 0  # turns without capture, city change or morale change (J13)
    winner: int | None = None  # None: not decided (draw when over)
    reason: str = ""
    next_uid: int = 0
    weather: str = ""

    @property
    def width(self) -> int:
        return self.scen.width

    @property
    def height(self) -> int:
        return self.scen.height

    def on_board(self, c: Cell) -> bool:
        return 0 <= c[0] < self.scen.width and 0 <= c[1] < self.scen.height

    def ter(self, c: Cell) -> str:
        return self.terrain[c[1]][c[0]]

    def add_unit(self, type_: str, owner: int, cell: Cell, **kw) -> Unit:
        u = Unit(self.next_uid, type_, owner, cell, **kw)
        self.units[u.uid] = u
        self.next_uid += 1
        return u

    def board(self) -> dict[Cell, Unit]:
        """Units standing on cells (garrisons excluded), by cell."""
        return {u.cell: u for u in self.units.values() if not u.in_city}

    def garrison(self, c: Cell) -> list[Unit]:
        return sorted((u for u in self.units.values() if u.in_city and u.cell == c), key=lambda u: u.uid)

    def hidden(self, u: Unit) -> bool:
        """Hidden from the enemy (J5): in a city or under a forest."""
        return u.in_city or self.ter(u.cell) == "forest"

    def king(self, p: int) -> Unit | None:
        return next((u for u in self.units.values() if u.owner == p and u.type == "king"), None)


def initial_state(scen: Scenario) -> State:
    """The set-up of ``scen`` (布局): map, cities, starting units, reserves, morale."""
    st = State(scen, [list(r) for r in scen.terrain], {}, {}, [], player=scen.first)
    for c in scen.cities:
        st.cities[c.cell] = City(c.cell, c.kind, c.owner, c.name_zh, c.name_en)
    for p, seat in enumerate(scen.seats):
        st.sides.append(Side(scen.morale_start, reserve=dict(seat.reserve)))
        for spec in seat.units:
            st.add_unit(spec.type, p, spec.cell, state=spec.state, facing=spec.facing, face=spec.face)
    for c in scen.cities:
        for g in c.garrison:
            st.add_unit(g, c.owner, c.cell, in_city=True)
    if scen.tally_picks == 0:
        st.stage = "action"
        for s in st.sides:
            s.picked = True
    return st
