"""江山's action phase: the legal actions of the seat to act and what each does (seed 000, J1-J13).

``legal(st)`` lists every action of the current decision from what that seat knows (game.py's
``refusal`` names the rule an illegal action breaks; effects.py's ``perform`` carries out a legal
one). The phases around the action (weather, supply, clearing, hiding) live in phases.py.
"""
from __future__ import annotations

from itertools import combinations

from engine.jiangshan import moves as M
from engine.jiangshan.actions import Act
from engine.jiangshan.board import DIR8, FACINGS, Cell, cheb, gates, name, neighbours4, parse_cell, vision
from engine.jiangshan.data import FACES, TALLY_COST, unit_table
from engine.jiangshan.state import State, Unit


# ---------------------------------------------------------------------------------------------- vision
def seen(st: State, p: int) -> set[Cell]:
    """Cells player ``p`` sees (J6): 5x5 around each own unit and city; a cell two away is hidden
    behind an enemy unit or city, a mountain or a forest."""
    board = st.board()

    def blocks(c: Cell) -> bool:
        if st.ter(c) in ("mountain", "forest"):
            return True
        city = st.cities.get(c)
        if city is not None and city.owner != p:
            return True
        x = board.get(c)
        return x is not None and x.owner != p

    sources = {u.cell for u in st.units.values() if u.owner == p} | {c for c, k in st.cities.items() if k.owner == p}
    return vision(sources, blocks, st.width, st.height)


# ---------------------------------------------------------------------------------------------- helpers
def leaders(st: State, p: int) -> list[tuple[Cell, list[Cell]]]:
    """Each own 将领 with its command area (指挥区域): 将军 and 王 on the board (JS8: not disordered, not in a
    city nor under a forest — the seed's 在版图上消失,即隐匿在城市或森林下方 — so a hidden leader never
    names its cell to the enemy) command their 8 neighbours; an own camp commands itself and its 4 gates."""
    out = []
    for u in st.units.values():
        if u.owner == p and u.t.command and not st.hidden(u) and not u.disorder:
            area = [(u.cell[0] + dx, u.cell[1] + dy) for dx, dy in DIR8]
            out.append((u.cell, [c for c in area if st.on_board(c)]))
    for c, city in st.cities.items():
        if city.owner == p and city.kind == "camp":
            out.append((c, [c] + neighbours4(c, st.width, st.height)))
    return sorted(out)


def facings_for(u: Unit, battle: bool) -> tuple[str | None, ...]:
    """The facing words an action ends with: infantry ending in battle state chooses one (J3); a scout
    chooses the face it shows after acting (步 foot or 马 horse: 在行动时可以自由转换, J18)."""
    if u.type == "scout":
        return FACES
    return FACINGS if (battle and u.t.cls == "foot") else (None,)


def _with(kind: str, args: tuple, facing: str | None) -> Act:
    return Act(kind, args + ((facing,) if facing else ()))


def can_act(st: State, u: Unit) -> bool:
    """A unit that may be moved now: own, on the board, not yet moved this turn (调动), not disordered (J9)."""
    return not u.in_city and not u.used and not u.disorder and u.cell not in st.fires


def leaver(st: State, c: Cell, t: str) -> Unit | None:
    """The unit of type ``t`` that ``exit`` takes out of the city at ``c``: the first of the garrison
    that has not acted this turn and is not disordered (J17, J9); None when there is none."""
    return next((u for u in st.garrison(c) if u.type == t and not u.used and not u.disorder), None)


def spend_ok(st: State, p: int, tally: str) -> bool:
    """Whether ``p`` holds ``tally`` unused and has the morale to pay for it."""
    s = st.sides[p]
    return tally in s.tallies and s.morale >= TALLY_COST[tally]


def rng_targets(st: State, p: int, src: Cell, vis: set, board: dict, heavy_ok: bool = False) -> list[Cell]:
    """Enemy units a shot from ``src`` may hit (弓矢): within range 2, in ``p``'s vision, not hidden,
    light or disordered (heavy armour is immune unless disordered: seed, J9)."""
    out = []
    for c, x in board.items():
        if x.owner != p and cheb(src, c) <= 2 and c in vis and st.ter(c) != "forest":
            if x.disorder or not x.t.heavy or heavy_ok:
                out.append(c)
    return sorted(out)


def siege_ok(st: State, p: int, c: Cell, board: dict) -> bool:
    """An enemy city whose four gates are all held by ``p``'s units or closed by mountain, water or the
    edge of the map (围困)."""
    for g in gates(c):
        if not st.on_board(g) or st.ter(g) in ("mountain", "water"):
            continue
        x = board.get(g)
        if x is None or x.owner != p:
            return False
    return True


def fire_targets(st: State, p: int, src: Cell, vis: set, board: dict) -> list[Cell]:
    """Cells 烈火燎原 may set alight from ``src``: within range 2 and seen, a plain without unit or city,
    or a forest (units may hide under it), not already burning."""
    out = []
    for c in vis:
        if cheb(src, c) > 2 or c in st.fires or c in st.cities:
            continue
        t = st.ter(c)
        if t == "forest" or (t == "plain" and c not in board):
            out.append(c)
    return sorted(out)


# ---------------------------------------------------------------------------------------------- legal
def legal(st: State) -> list[Act]:
    """Every action of the current decision (sorted, no duplicates)."""
    if st.stage == "over":
        return []
    if st.stage == "tallies":
        sc = st.scen
        return [Act("pick", ("+".join(c),)) for c in combinations(sc.tallies, sc.tally_picks)]
    if st.stage == "reveal":
        u = st.units[st.reveal[0]]
        return [Act("face", (name(u.cell), f)) for f in FACINGS]
    if st.stage == "reaction":
        return reaction_actions(st)
    p = st.player
    main = main_actions(st, p) if st.ap > 0 else []
    free = free_actions(st, p)
    out = main + free
    if st.ap == 0 or not main:
        out.append(Act("end"))
    return sorted(set(out))


def reaction_actions(st: State) -> list[Act]:
    """李代桃僵 (J12): swap the attacked leader with a unit of its command area, or the attacked unit of
    a command area with its leader; or decline."""
    q = 1 - st.player
    out = [Act("decline")]
    if not spend_ok(st, q, "substitute"):
        return out
    target = parse_cell(st.pending[1], st.width, st.height)
    board = st.board()
    for lc, area in leaders(st, q):
        lu = board.get(lc)
        if lu is None or lu.owner != q or not lu.t.command:
            continue
        for c in area:
            x = board.get(c)
            if x is None or x.owner != q or x.disorder or x is lu:
                continue
            if target in (lc, c):
                out.append(Act("substitute", (name(lc), name(c))))
    return sorted(set(out))


def main_actions(st: State, p: int) -> list[Act]:
    """Actions that spend the action point (行动力): support, exit, move, capture, command, rebuild,
    排兵布阵, 瞒天过海, and 无中生有's scout placed by support (J18)."""
    board = st.board()
    out: list[Act] = []
    side = st.sides[p]
    own = [u for u in st.units.values() if u.owner == p]
    for u in own:
        if not can_act(st, u):
            continue
        src = name(u.cell)
        plain = M.move_targets(st, u, board)
        by_land = M.move_targets(st, u, board, water=False) if u.type == "scout" else plain
        for c in plain:
            into_city = c in st.cities
            faces = facings_for(u, u.state == "battle" and not into_city)
            if c not in by_land:  # JS5: only infantry go by water (只有步兵可以进行水运): a scout shows 步
                faces = ("foot",)
            for f in faces:
                out.append(_with("move", (src, name(c)), f))
        for c in M.capture_targets(st, u, board):
            if u.type == "king" and c in st.cities:
                continue  # J15: the king never occupies a city (the occupier leaves the board)
            for f in facings_for(u, c not in st.cities):
                out.append(_with("capture", (src, name(c)), f))
        if u.t.cls == "foot" and spend_ok(st, p, "crossing"):
            for c in M.water_targets(st, p, u.cell, board, ignore_closure=True):
                if c in plain:
                    continue  # J20: a plain move reaches it; the tally would buy nothing
                for f in facings_for(u, u.state == "battle" and c not in st.cities):  # J20: a port city: no facing
                    out.append(_with("crossing", (src, name(c)), f))
    for c, city in st.cities.items():
        if city.owner != p:
            continue
        out.append(Act("rebuild", (name(c),)))
        types = sorted({u.type for u in st.garrison(c) if not u.used and not u.disorder})  # J17
        for t in types:
            dests = {g for g in neighbours4(c, st.width, st.height) if M.can_land(st, p, g, board)
                     and g not in st.cities}
            if leaver(st, c, t).shown == "foot":  # infantry, or a scout showing 步 (JS5: it keeps its face)
                dests |= M.water_targets(st, p, c, board)
            for g in dests:
                out.append(Act("exit", (name(c), t, name(g))))
        if city.kind == "camp":
            for t, n in side.reserve.items():
                if n <= 0:
                    continue
                faces = FACES if t == "scout" else (None,)  # a scout is placed showing a face (J18)
                spots = [c]
                if unit_table()[t].cls != "raider":
                    spots += [g for g in neighbours4(c, st.width, st.height)
                              if M.can_land(st, p, g, board) and g not in st.cities]
                for g in spots:
                    for f in faces:
                        out.append(_with("support", (t, name(g)), f))
    for lc, area in leaders(st, p):
        is_camp = lc in st.cities
        movers = []
        for c in area:
            if c == lc and not is_camp:
                continue
            if is_camp and c == lc:
                continue  # garrisons leave a camp by 出城
            x = board.get(c)
            if x is not None and x.owner == p and can_act(st, x):
                movers.append(x)
        for x in movers:
            for c in area:
                if c == x.cell or (c == lc and not is_camp):
                    continue
                if not M.can_land(st, p, c, board):  # J16: an own city too (入城), camps and generals alike
                    continue
                for f in facings_for(x, x.state == "battle" and c not in st.cities):
                    out.append(_with("command", (name(lc), name(x.cell), name(c)), f))
        if spend_ok(st, p, "scout"):  # J18: a scout by support, in a leader's command area (a camp: it and its gates)
            for c in area:
                if (c in st.cities and c != lc) or not M.can_land(st, p, c, board):
                    continue
                for f in FACES:
                    out.append(Act("scout", (name(c), f)))
        if spend_ok(st, p, "formation"):
            lu = board.get(lc)
            pool = [c for c in area if c != lc and (x := board.get(c)) is not None and x.owner == p
                    and can_act(st, x)]
            if lu is not None and can_act(st, lu):
                pool.append(lc)
            for a, b in combinations(sorted(pool), 2):
                out.append(Act("formation", (name(lc), name(a), name(b))))
    return out


def free_actions(st: State, p: int) -> list[Act]:
    """Actions that cost no action point: 张弓, 骑射, 落石, 围困, 征兵, 烈火燎原, 无中生有 into the reserve,
    兵者诡道."""
    board = st.board()
    vis = seen(st, p)
    side = st.sides[p]
    out: list[Act] = []
    for u in st.units.values():
        if u.owner != p or u.in_city or u.disorder or u.t.shoot == "" or st.ter(u.cell) == "forest":
            continue
        ready = (u.t.shoot == "volley" and not u.used) or (u.t.shoot == "mounted" and u.moved and not u.shot)
        if ready:
            for c in rng_targets(st, p, u.cell, vis, board):
                out.append(Act("shoot", (name(u.cell), name(c))))
        if spend_ok(st, p, "fire") and not u.used and u.cell not in st.fires:
            for c in fire_targets(st, p, u.cell, vis, board):
                out.append(Act("fire", (name(u.cell), name(c))))
    for c, city in st.cities.items():
        if city.owner == p and st.garrison(c) and not city.rocks_used:
            for g in neighbours4(c, st.width, st.height):
                x = board.get(g)
                if x is not None and x.owner != p and st.ter(g) != "forest" and (x.disorder or not x.t.heavy):
                    out.append(Act("rocks", (name(c), name(g))))
            if spend_ok(st, p, "fire"):
                for t in fire_targets(st, p, c, vis, board):
                    out.append(Act("fire", (name(c), name(t))))
        if city.owner != p and siege_ok(st, p, c, board):
            out.append(Act("siege", (name(c),)))
    for t, ut in unit_table().items():
        if ut.cost > 0 and side.merit >= ut.cost:
            out.append(Act("recruit", (t,)))
    if spend_ok(st, p, "scout"):  # 无中生有 into the reserve (by 征兵: no action point); on the board: main_actions
        out.append(Act("scout", ("reserve",)))
    if spend_ok(st, p, "ruse"):
        out.append(Act("ruse"))
    return out
