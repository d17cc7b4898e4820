"""A playable 江山 state rebuilt from one player's observation, for the computer players.

Only what the observation shows goes in: own units in full, enemy units where they stand, a marching
enemy unit as a stand-in of its class (its value is the mean over the class's types still unaccounted
for in the enemy's pool), nothing for enemy units under forests or in cities, no enemy tallies."""
from __future__ import annotations

from engine.jiangshan.board import parse_cell
from engine.jiangshan.data import scenario, unit_table
from engine.jiangshan.state import City, Side, State

VALUE = {"blade": 1.0, "halberd": 2.0, "armour": 3.0, "bow": 2.5, "horse": 3.0, "rider": 3.5, "general": 4.5,
         "minister": 4.0, "chariot": 5.0, "queen": 8.0, "king": 40.0, "scout": 0.5}
STAND_IN = {"foot": "halberd", "horse": "horse", "raider": "minister", "scout": "scout"}
# hard's stand-ins: a marching 奔袭 unit may be a 长车 or a 后 as well as a 国相, so it is simulated as a 后
# (charges in 8 directions: every raider's threat), its value still the pool's mean
WARY = {"foot": "halberd", "horse": "horse", "raider": "queen", "scout": "scout"}
AGGRESSION = 0.12  # per unit and per cell closer to the enemy king
TER = {".": "plain", "M": "mountain", "W": "water", "F": "forest"}


def class_values(obs: dict, seat: int) -> dict[str, float]:
    """The expected value of an unknown unit of ``seat`` by class: the mean over the types of the
    chuhan roster and reserve not seen on the board (the remaining pool)."""
    sc = scenario("chuhan")
    pool: dict[str, int] = {}
    for u in sc.seats[seat].units:
        pool[u.type] = pool.get(u.type, 0) + 1
    for t, n in sc.seats[seat].reserve:
        pool[t] = pool.get(t, 0) + n
    for u in obs["units"]:
        if u["owner"] == seat and u["type"] is not None and pool.get(u["type"], 0) > 0:
            pool[u["type"]] -= 1
    out = {}
    table = unit_table()
    for cls in ("foot", "horse", "raider", "scout"):
        vals = [VALUE[t] * n for t, n in pool.items() if table[t].cls == cls and n > 0]
        cnt = sum(n for t, n in pool.items() if table[t].cls == cls and n > 0)
        out[cls] = (sum(vals) / cnt) if cnt else VALUE[STAND_IN[cls]]
    return out


def state_from_observation(obs: dict, stand_in: dict | None = None) -> tuple[State, dict]:
    """(state, unknown values): a State for simulation and, by unit id, the pool value of the enemy units
    whose type the observer does not know (simulated as ``stand_in[class]``, default ``STAND_IN``)."""
    stand_in = stand_in or STAND_IN
    sc = scenario("chuhan")
    w, h = obs["width"], obs["height"]
    rows = obs["terrain"]
    st = State(sc, [[TER[ch] for ch in row] for row in rows], {}, {}, [])
    me = obs["player"]
    for c in obs["cities"]:
        cell = parse_cell(c["cell"], w, h)
        st.cities[cell] = City(cell, c["kind"], c["owner"], c["name_zh"], c["name_en"], c["rocks_used"])
    for i, s in enumerate(obs["sides"]):
        # J19: the enemy's reserve is known only as counts per class: simulated by the stand-ins
        reserve = dict(s["reserve"]) if "reserve" in s else {stand_in[c]: n for c, n in s["reserve_by_class"].items()}
        st.sides.append(Side(s["morale"], s["supply"], s["merit"], reserve,
                             list(s.get("tallies", [])) if i == me else [], list(s["used_tallies"]), s["picked"]))
    unknown: dict[int, float] = {}
    cv = class_values(obs, 1 - me)
    for u in obs["units"]:
        cell = parse_cell(u["cell"], w, h)
        t = u["type"] or stand_in[u["class"]]
        x = st.add_unit(t, u["owner"], cell, state=u["state"], facing=u["facing"], disorder=u["disorder"],
                        used=u["used"], moved=u.get("moved", False), shot=u.get("shot", False),
                        in_city=u.get("in_city", False),
                        # J18: a scout's face is the class it shows; an enemy scout known by type was revealed
                        face=u["class"] if t == "scout" else None, revealed=t == "scout" and u["owner"] != me)
        if x.facing is None and x.state == "battle" and x.t.cls == "foot":
            x.facing = obs["forward"][x.owner]
        if u["type"] is None:
            unknown[x.uid] = cv[u["class"]]
    st.fires = {parse_cell(k, w, h): v for k, v in obs["fires"].items()}
    st.player = obs["turn_player"]
    st.ap = obs["ap"]
    st.turn = obs["turn"]
    st.stall = obs["stall"]
    st.stage = "action"
    return st, unknown


DRAW = -400.0  # hard's value of a game drawn by the J13 stall: a draw is no win
LEAD = 6.0  # hard's bonus for a strict J13 lead (morale, then merit) when the stall count runs out


def urgency(st: State) -> float:
    """How near the J13 stall end is, 0 (a capture, city change or morale change 10 turns ago or less)
    to 1 (the game ends at the next turn's end)."""
    n = st.scen.stall_turns
    return min(1.0, max(0, st.stall - 10) / (n - 10))


def tie_lead(st: State, me: int) -> int:
    """1 when ``me`` would win a J13 stall end now (more morale, or as much morale and more merit), -1 when
    it would lose, 0 for a draw."""
    a, b = st.sides[me], st.sides[1 - me]
    ka, kb = (a.morale, a.merit), (b.morale, b.merit)
    return (ka > kb) - (ka < kb)


def evaluate(st: State, me: int, unknown: dict | None = None, clock: bool = False, merit_w: float = 0.6) -> float:
    """A static score of ``st`` for ``me``: material (kings dominate), disorder, morale, merit, cities,
    reserves and closeness to the enemy king; with ``clock`` (hard) also the J13 tie-break (morale, then
    merit) weighing more as the stall count nears its end: a strict lead gains, a tie or a deficit costs,
    and while ``me`` does not lead its units press towards the enemy king harder; a game drawn by the
    stall is worth ``DRAW`` (close to a loss: a draw is no win)."""
    if st.stage == "over":
        if st.winner is None:
            return DRAW if clock and st.reason == "stall" else 0.0
        return 1000.0 if st.winner == me else -1000.0
    unknown = unknown or {}
    score = 0.0
    kings = {p: st.king(p) for p in (0, 1)}
    press = 1.0
    if clock:
        u = urgency(st)
        lead = tie_lead(st, me)
        score += LEAD * u * (1.0 if lead > 0 else -1.0 if lead < 0 else -0.7)
        if lead <= 0:
            press += 2.0 * u
    for u in st.units.values():
        v = unknown.get(u.uid, VALUE[u.type])
        sign = 1 if u.owner == me else -1
        if u.disorder:
            v *= 0.7
        score += sign * v
        k = kings[1 - u.owner]
        if k is not None and u.type != "king" and not u.in_city:
            d = max(abs(u.cell[0] - k.cell[0]), abs(u.cell[1] - k.cell[1]))
            score += sign * AGGRESSION * (11 - d) * (press if sign > 0 else 1.0)
        if u.type == "king" and not u.in_city:  # enemies close to a king are a danger
            near = sum(1 for x in st.units.values() if x.owner != u.owner and not x.in_city
                       and max(abs(x.cell[0] - u.cell[0]), abs(x.cell[1] - u.cell[1])) <= 2)
            score -= sign * 0.6 * near
    for p in (0, 1):
        s = st.sides[p]
        sign = 1 if p == me else -1
        score += sign * (1.2 * s.morale + merit_w * s.merit + 0.25 * s.supply)
        score += sign * 0.4 * sum(VALUE[t] * n for t, n in s.reserve.items())
        if s.morale <= 0:
            score -= sign * 3
        k = kings[p]
        if k is not None and st.hidden(k):
            score -= sign * 2.5
    for c in st.cities.values():
        score += (1 if c.owner == me else -1) * (2.0 if c.kind == "city" else 1.5)
    if clock:
        a, b = st.sides[me], st.sides[1 - me]
        w = 0.5 + 0.2 * max(0, st.stall - st.scen.stall_turns // 2)
        score += w * ((a.merit - b.merit) + 2 * (a.morale - b.morale))
    return score
