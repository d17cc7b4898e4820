"""Where a 江山 unit may go: patterns (J1) turned by facing (J3) or by any facing in march state (J4),
cavalry's two paths, slides and charges, blockers (J7), forests (J7/J8), entering cities and water
transport (J10). Everything here uses only what the moving player knows."""
from __future__ import annotations

from engine.jiangshan.board import DIR8, FACINGS, Cell, neighbours4, turn, waterway
from engine.jiangshan.state import State, Unit


def known_at(st: State, p: int, c: Cell, board: dict) -> Unit | None:
    """The unit on cell ``c`` as player ``p`` knows it: own units, enemy units not hidden (J5)."""
    u = board.get(c)
    if u is None or (u.owner != p and st.ter(c) == "forest"):
        return None
    return u


def passable(st: State, p: int, c: Cell, board: dict) -> bool:
    """A cell a move may pass through (J7): on the board, plain, unburnt, no city, no unit."""
    return (st.on_board(c) and st.ter(c) == "plain" and c not in st.fires and c not in st.cities
            and known_at(st, p, c, board) is None)


def can_land(st: State, p: int, c: Cell, board: dict) -> bool:
    """A cell a non-capturing move may end on (J7): plain or forest, unburnt, no known unit, no city
    except an own one (入城)."""
    if not st.on_board(c) or c in st.fires or st.ter(c) in ("mountain", "water"):
        return False
    city = st.cities.get(c)
    if city is not None:
        return city.owner == p
    return known_at(st, p, c, board) is None


_VECTORS: dict = {}


def vectors(u: Unit, kinds: tuple[str, ...], march: bool) -> set[tuple[int, int]]:
    """The unit's vectors of ``kinds``: infantry turned to its facing, or to every facing when it
    marches (J4: facing ignored); other classes as printed (remembered by type, kinds, march, facing;
    the caller must not change the set)."""
    key = (u.type, kinds, march, u.facing)
    out = _VECTORS.get(key)
    if out is None:
        out = _VECTORS[key] = frozenset(_vectors(u, kinds, march))
    return out


def _vectors(u: Unit, kinds: tuple[str, ...], march: bool) -> set[tuple[int, int]]:
    t = u.t
    out = set()
    for k in kinds:
        for v in getattr(t, k):
            if t.cls == "foot":
                for f in (FACINGS if march or u.facing is None else (u.facing,)):
                    out.add(turn(v, f))
            else:
                out.add(v)
    return out


def path_ok(st: State, p: int, a: Cell, v: tuple[int, int], board: dict) -> bool:
    """Whether the shortest path of a jump is open: one-step moves always; a knight offset by either
    of its two paths (straight then diagonal, or diagonal then straight), blocked only when both are
    (seed: 当两条路全部堵塞了,骑兵不能前进)."""
    dx, dy = v
    if max(abs(dx), abs(dy)) <= 1:
        return True
    if sorted((abs(dx), abs(dy))) == [1, 2]:
        sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
        straight = (a[0] + (sx if abs(dx) == 2 else 0), a[1] + (sy if abs(dy) == 2 else 0))
        diagonal = (a[0] + sx, a[1] + sy)
        return passable(st, p, straight, board) or passable(st, p, diagonal, board)
    n = max(abs(dx), abs(dy))
    sx, sy = dx // n if dx % n == 0 else None, dy // n if dy % n == 0 else None
    if sx is None or sy is None:
        return False
    return all(passable(st, p, (a[0] + sx * k, a[1] + sy * k), board) for k in range(1, n))


def move_targets(st: State, u: Unit, board: dict, water: bool = True) -> set[Cell]:
    """Cells a unit reaches by a non-capturing move (行军): its pattern, slides and charges as slides,
    a gate into its own city (入城), and (``water``) water transport for infantry on a bank (水运)."""
    p, a = u.owner, u.cell
    march = u.state == "march"
    kinds = ("move", "advance", "capture") if march else ("move", "advance")
    out = set()
    for v in vectors(u, kinds, march):
        c = (a[0] + v[0], a[1] + v[1])
        if can_land(st, p, c, board) and path_ok(st, p, a, v, board):
            out.add(c)
    for d in set(u.t.slide) | set(u.t.charge):
        c = (a[0] + d[0], a[1] + d[1])
        while st.on_board(c):
            if can_land(st, p, c, board):
                out.add(c)
            if not passable(st, p, c, board):
                break
            c = (c[0] + d[0], c[1] + d[1])
    for g in neighbours4(a, st.width, st.height):
        city = st.cities.get(g)
        if city is not None and city.owner == p:
            out.add(g)
    if water and u.t.cls in ("foot", "scout"):
        out |= water_targets(st, p, a, board)
    out.discard(a)
    return out


def is_bank(st: State, c: Cell) -> bool:
    """A 河岸: a plain cell orthogonally next to water (seed: 与水域相连的平原)."""
    return st.ter(c) == "plain" and any(st.ter(n) == "water" for n in neighbours4(c, st.width, st.height))


def closed_water(st: State, p: int, board: dict):
    """The test for water cells closed to ``p`` (J10): next to a bank held by an enemy unit or city."""
    def closed(w: Cell) -> bool:
        for b in neighbours4(w, st.width, st.height):
            city = st.cities.get(b)
            if city is not None and city.owner != p:
                return True
            x = known_at(st, p, b, board)
            if x is not None and x.owner != p and not x.in_city:
                return True
        return False
    return closed


def water_targets(st: State, p: int, start: Cell, board: dict, ignore_closure: bool = False) -> set[Cell]:
    """Banks reachable by 水运 from the bank or port ``start`` (J10; 瞒天过海 ignores the closure)."""
    if not is_bank(st, start):
        return set()
    closed = (lambda w: False) if ignore_closure else closed_water(st, p, board)
    water = waterway(start, lambda c: st.ter(c) == "water", closed, st.width, st.height)
    out = set()
    for w in water:
        for b in neighbours4(w, st.width, st.height):
            if b != start and is_bank(st, b) and can_land(st, p, b, board):
                out.add(b)
    return out


def capture_targets(st: State, u: Unit, board: dict) -> set[Cell]:
    """Cells a unit may attack by its capturing pattern (近战 / 占领): a known enemy unit, an enemy city,
    or a forest that may hide an enemy (J8); a marching unit turns to battle state first (J4)."""
    p, a = u.owner, u.cell
    out = set()

    def target(c: Cell) -> bool:
        if not st.on_board(c) or c in st.fires:
            return False
        city = st.cities.get(c)
        if city is not None:
            return city.owner != p and u.t.cls != "scout"
        x = known_at(st, p, c, board)
        if u.t.cls == "scout":  # scouts destroy only scouts (无中生有), known as such (revealed, J18)
            return x is not None and x.owner != p and x.type == "scout" and x.revealed
        if x is not None:
            return x.owner != p
        return st.ter(c) == "forest"

    if u.t.cls == "scout":
        for d in DIR8:
            c = (a[0] + d[0], a[1] + d[1])
            if target(c):
                out.add(c)
        return out
    for v in vectors(u, ("capture", "advance"), u.state == "march"):
        c = (a[0] + v[0], a[1] + v[1])
        if target(c) and path_ok(st, p, a, v, board):
            out.add(c)
    for d in u.t.charge:
        c = (a[0] + d[0], a[1] + d[1])
        while st.on_board(c) and passable(st, p, c, board):
            c = (c[0] + d[0], c[1] + d[1])
        if target(c):
            out.add(c)
    return out
