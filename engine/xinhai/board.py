"""辛亥革命 board state and its geometry queries: units, occupancy, movement with zones of control,
civilian-boat crossings, pontoon bridges, shooting targets and support, retreats.

Every query here is pure (it reads a :class:`Board` and changes nothing). Rule ids: seed sections
5 (movement), 6 (shooting), 7 (melee), 9 (terrain), rulings X5-X8.
"""
from __future__ import annotations

from functools import lru_cache
from dataclasses import dataclass, field

from engine.xinhai.data import MapData, rules
from engine.xinhai.hexgrid import Hex, distance, line

Side = str  # "rev" | "qing"


@lru_cache(maxsize=None)
def _next_to_yangtze(h: Hex) -> bool:
    m = rules().map
    return any(m.is_yangtze(n) for n in m.neighbours(h))


def enemy(side: Side) -> Side:
    return "qing" if side == "rev" else "rev"


@dataclass
class Unit:
    """A piece on the board: ``ready`` (待命, standing) or worn (耗損, lying); ``boat`` a 民船 under it."""

    uid: int
    side: Side
    kind: str
    hex: Hex
    ready: bool = True
    boat: bool = False


@dataclass
class Board:
    """Units and the markers that lie on hexes (trenches, pontoons, the ruins)."""

    units: dict = field(default_factory=dict)  # uid -> Unit
    trenches: set = field(default_factory=set)  # hexes with a 戰壕
    pontoons: set = field(default_factory=set)  # Han River hexes with a 浮橋
    ruins: frozenset = frozenset()  # the 7 hexes under the 廢墟 marker
    next_uid: int = 1

    def copy(self) -> "Board":
        return Board({k: Unit(u.uid, u.side, u.kind, u.hex, u.ready, u.boat) for k, u in self.units.items()},
                     set(self.trenches), set(self.pontoons), self.ruins, self.next_uid)

    @property
    def map(self) -> MapData:
        return rules().map

    # ------------------------------------------------------------------ occupancy
    def occupancy(self) -> dict:
        """hex -> unit (one unit per hex, seed 5(2))."""
        return {u.hex: u for u in self.units.values()}

    def at(self, h: Hex) -> Unit | None:
        for u in self.units.values():
            if u.hex == h:
                return u
        return None

    def side_units(self, side: Side) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side]

    def add(self, side: Side, kind: str, h: Hex) -> Unit:
        u = Unit(self.next_uid, side, kind, h)
        self.units[u.uid] = u
        self.next_uid += 1
        return u

    # ------------------------------------------------------------------ terrain
    def terrain(self, h: Hex) -> str:
        """The terrain code with the ruins applied (seed 10(9): icons under the ruins count as plain)."""
        t = self.map.terrain[h]
        if h in self.ruins and t in ("C", "S", "H", "R"):  # X14: the cease-fire ring too
            return "."
        if h in self.ruins and t == "r":  # a cease-fire Yangtze hex stays water, without the ring
            return "Y"
        return t

    def is_ceasefire(self, h: Hex) -> bool:
        """Seed 9: the cease-fire ring around the concessions, unless the ruins cover the hex (X14)."""
        return self.map.is_ceasefire(h) and h not in self.ruins

    def can_enter(self, kind: str, h: Hex) -> bool:
        """Seed 5(1): land units never on the Yangtze, Han River, lakes or concessions (a pontoon
        makes a Han hex plain, 5(4)); fleets only on the Yangtze."""
        m = self.map
        if h not in m.terrain:
            return False
        if kind == "fleet":
            return m.is_yangtze(h)
        return m.land_open(h) or (m.terrain[h] == "W" and h in self.pontoons)

    def in_region(self, u: Unit, region: str) -> bool:
        return region in self.map.regions[u.hex]

    def zoc(self, side: Side, h: Hex, occ: dict | None = None) -> bool:
        """Whether ``h`` is next to a unit of ``side``'s enemy (seed 5(2), X7; fleets count)."""
        occ = self.occupancy() if occ is None else occ
        foe = enemy(side)
        return any((v := occ.get(n)) is not None and v.side == foe for n in self.map.neighbours(h))

    # ------------------------------------------------------------------ movement
    def reach(self, u: Unit) -> list[Hex]:
        """Empty hexes ``u`` can move to (1..move hexes): through hexes it may enter, never through an
        enemy, passing own units but not stopping on them, and stopping on entering any hex next to
        an enemy (X7). Sorted by label order."""
        occ = self.occupancy()
        limit = rules().units[u.kind]["move"]
        seen = {u.hex}
        frontier = [u.hex]
        dests = []
        for _ in range(limit):
            nxt = []
            for h in frontier:
                if h != u.hex and self.zoc(u.side, h, occ):
                    continue
                for n in self.map.neighbours(h):
                    if n in seen or not self.can_enter(u.kind, n):
                        continue
                    v = occ.get(n)
                    if v is not None and v.side != u.side:
                        continue
                    seen.add(n)
                    nxt.append(n)
                    if v is None:
                        dests.append(n)
            frontier = nxt
        return sorted(dests)

    def han_hexes_next_to(self, h: Hex) -> list[Hex]:
        return [n for n in self.map.neighbours(h) if self.map.terrain[n] == "W"]

    def next_to_yangtze(self, h: Hex) -> bool:
        return _next_to_yangtze(h)

    # ------------------------------------------------------------------ civilian boats (seed 5(5), X8)
    def landings(self, u: Unit, fleets: bool = True) -> list[Hex]:
        """Where ``u`` (on a boat) may land: the nearest legal hexes of the far bank reached along a
        hex line over the Yangtze only; for revolutionaries none whose line has a fleet on it or next
        to it (seed 5(5)B; the Qing ignore fleets). ``fleets`` False: the landings as if no fleet were
        there (a refusal's question whether a fleet is what stops a crossing)."""
        m = self.map
        if not u.boat or u.kind == "fleet":
            return []
        occ = self.occupancy()
        here = set(m.regions[u.hex])
        far = {"hankou", "hanyang"} if "wuchang" in here else {"wuchang"}
        best, cands = None, []
        for h, t in m.terrain.items():
            if not (m.land_open(h) and far & set(m.regions[h]) and h not in occ and self.next_to_yangtze(h)):
                continue
            if self.zoc(u.side, h, occ):
                continue
            path = line(u.hex, h)[1:-1]
            if not path or not all(m.is_yangtze(p) for p in path):
                continue
            d = distance(u.hex, h)
            if best is None or d < best:
                best, cands = d, [(h, path)]
            elif d == best:
                cands.append((h, path))
        if u.side == "qing" or not fleets:
            return sorted(h for h, _ in cands)
        fleets = [v.hex for v in self.units.values() if v.kind == "fleet"]
        ok = [h for h, path in cands
              if not any(p == f or distance(p, f) == 1 for p in path for f in fleets)]
        return sorted(ok)

    # ------------------------------------------------------------------ shooting (seed 6, X6)
    def can_hit(self, shooter: Unit, target: Unit) -> bool:
        """Range, type and cease-fire: seed 6(1), 6(4), 9 (租界周邊: no shooting, no being shot)."""
        if self.is_ceasefire(shooter.hex) or self.is_ceasefire(target.hex):
            return False
        if shooter.kind == "infantry" and target.kind == "fleet":
            return False
        return distance(shooter.hex, target.hex) <= rules().units[shooter.kind]["range"]

    def targets(self, u: Unit) -> list[Unit]:
        """The forced targets of ``u``: the nearest enemies it may legally shoot (X6); ties all listed."""
        foes = [v for v in self.units.values() if v.side != u.side and self.can_hit(u, v)]
        if not foes:
            return []
        d = min(distance(u.hex, v.hex) for v in foes)
        return sorted((v for v in foes if distance(u.hex, v.hex) == d), key=lambda v: (v.hex[1], v.hex[0]))

    def supporters(self, shooter: Unit, target: Unit) -> list[Unit]:
        """Own units other than the shooter with the target in their own range (ready or worn), not in
        a cease-fire hex; no infantry when the target is a fleet (seed 6(3), 6(4), 9)."""
        return [v for v in self.units.values()
                if v.side == shooter.side and v.uid != shooter.uid and self.can_hit(v, target)]

    # ------------------------------------------------------------------ retreats (seed 6(6), X5)
    def retreat_steps(self, u: Unit, away_from: Hex | None) -> list[Hex]:
        """Hexes ``u`` may retreat one step into: empty, enterable, and (after a shot) farther from
        the shooter's hex; after a melee (``away_from`` None) any such adjacent hex."""
        occ = self.occupancy()
        out = []
        for n in self.map.neighbours(u.hex):
            if n in occ or not self.can_enter(u.kind, n):
                continue
            if away_from is not None and distance(n, away_from) <= distance(u.hex, away_from):
                continue
            out.append(n)
        return sorted(out)
