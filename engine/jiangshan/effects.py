"""What each legal 江山 action does to the state (called only after the action was found legal)."""
from __future__ import annotations

from engine.chance import Chance
from engine.jiangshan import phases as P, rules as R
from engine.jiangshan.actions import Act
from engine.jiangshan.board import parse_cell
from engine.jiangshan.data import FACES, TALLY_COST, unit_table
from engine.jiangshan.rules import seen
from engine.jiangshan.state import State, Unit
from engine.messages import Msg


def _c(st: State, w: str):
    return parse_cell(w, st.width, st.height)


def spend(st: State, p: int, tally: str, emit) -> None:
    """Play a tally: pay its morale, which empties the supply (seed: 士气在消耗时会清空剩余的补给)."""
    s = st.sides[p]
    s.morale -= TALLY_COST[tally]
    s.supply = 0
    s.tallies.remove(tally)
    s.used_tallies.append(tally)
    st.stall = 0
    emit("jiangshan.ev.tally", seat=p, tally=tally, morale=s.morale)


def moved_line(st: State, p: int, key: str, u: Unit, was_hidden: bool, emit, **params) -> None:
    """Log a unit ``u`` of ``p`` that changed cells. A unit hidden before and after (under a forest or in
    an own city, J5: seen by its owner only) is logged to the enemy without cells, class or leader
    (``jiangshan.ev.unseen``): naming its cells told the enemy where the hidden unit went (G1)."""
    if was_hidden and st.hidden(u):
        emit(key, visible_to={p}, seat=p, unit=u, **params)
        emit("jiangshan.ev.unseen", visible_to={1 - p}, seat=p)
    else:
        emit(key, seat=p, unit=u, **params)


def land(st: State, u: Unit, c, facing: str | None, emit) -> bool:
    """Move ``u`` onto ``c`` without capturing. A forest hiding an enemy refuses it: the action is spent
    and the hidden unit shown (J8). Entering an own city puts the unit under it (入城, march state).
    A scout shows the face ``facing`` names after it (J18)."""
    board = st.board()
    x = board.get(c)
    if x is not None and x.owner != u.owner and c not in st.cities:
        emit("jiangshan.ev.ambush", cell=c, unit=x.type, seat=x.owner)
        u.used = True
        return False
    if u.type == "scout" and facing in FACES:
        u.face = facing
    u.cell = c
    u.used = u.moved = True
    if c in st.cities:
        u.in_city, u.state, u.facing, u.disorder = True, "march", None, False
    elif u.state == "battle" and u.t.cls == "foot":
        u.facing = facing or u.facing
    return True


def perform(st: State, act: Act, ch: Chance, emit) -> None:
    """Carry out the legal action ``act`` of the current seat, then the forced reveal (J5)."""
    k, a = act.kind, act.args
    p = st.player
    board = st.board()
    if k == "pick":
        who = next(i for i, s in enumerate(st.sides) if not s.picked)
        st.sides[who].tallies = a[0].split("+")
        st.sides[who].picked = True
        emit("jiangshan.ev.picked", seat=who, n=len(st.sides[who].tallies))
        emit("jiangshan.ev.my_tallies", visible_to={who}, tallies=a[0])
        if all(s.picked for s in st.sides):
            st.stage = "action"
            start_turn(st, st.scen.first, ch, emit)
        return
    if k == "face":
        u = st.units[st.reveal.pop(0)]
        u.facing = a[1]
        emit("jiangshan.ev.faced", cell=u.cell, facing=a[1])
        st.stage = "reveal" if st.reveal else "action"
        return
    if k == "decline" or k == "substitute":
        args, st.pending = st.pending, None
        st.stage = "action"
        if k == "substitute":
            q = 1 - p
            spend(st, q, "substitute", emit)
            lc, uc = _c(st, a[0]), _c(st, a[1])
            lu, uu = board[lc], board[uc]
            lu.cell, uu.cell = uc, lc
            emit("jiangshan.ev.substitute", seat=q, a=lc, b=uc)
        else:
            emit("jiangshan.ev.declined", seat=1 - p)
        _capture(st, p, args, emit)
        after_action(st, p, emit)
        return
    if k == "end":
        end_turn(st, ch, emit)
        return
    if k in ("move", "crossing"):
        u = board[_c(st, a[0])]
        if k == "crossing":
            spend(st, p, "crossing", emit)
        st.ap -= 1
        src, was = u.cell, st.hidden(u)
        if land(st, u, _c(st, a[1]), a[2] if len(a) > 2 else None, emit):
            moved_line(st, p, "jiangshan.ev.moved", u, was, emit, a=src, b=u.cell)
    elif k == "capture":
        x = board.get(_c(st, a[1]))
        q = 1 - p
        s = st.sides[q]
        if (x is not None and x.owner == q and not st.hidden(x) and "substitute" in st.scen.tallies
                and s.tallies and "substitute" not in s.used_tallies and s.morale >= TALLY_COST["substitute"]):
            st.pending = a
            st.stage = "reaction"
            emit("jiangshan.ev.attack_declared", seat=p, a=_c(st, a[0]), b=_c(st, a[1]))
            return
        _capture(st, p, a, emit)
    elif k == "command":
        x = board[_c(st, a[1])]  # J16: commanding changes nothing about the leader (state, face)
        st.ap -= 1
        src, was = x.cell, st.hidden(x)
        if land(st, x, _c(st, a[2]), a[3] if len(a) > 3 else None, emit):
            x.moved = False  # commanded, not moved by itself (no 骑射)
            moved_line(st, p, "jiangshan.ev.commanded", x, was, emit, a=src, b=x.cell, leader=_c(st, a[0]))
    elif k == "support":
        st.ap -= 1
        c = _c(st, a[1])
        x = board.get(c)
        if x is not None and x.owner != p and c not in st.cities:  # a gate forest hiding an enemy (J8)
            emit("jiangshan.ev.ambush", cell=c, unit=x.type, seat=x.owner)
        else:
            st.sides[p].reserve[a[0]] -= 1
            u = st.add_unit(a[0], p, c, in_city=c in st.cities, used=True, face=a[2] if len(a) > 2 else None)
            emit("jiangshan.ev.support", seat=p, unit=u, cell=c)  # J19: the enemy reads only its class
    elif k == "exit":
        st.ap -= 1
        c = _c(st, a[0])
        u = R.leaver(st, c, a[1])  # J17: never a unit of that type that has already acted this turn
        u.in_city = False
        if land(st, u, _c(st, a[2]), None, emit):
            moved_line(st, p, "jiangshan.ev.exit", u, True, emit, a=c, b=u.cell)  # it left a city: hidden before
        else:
            u.in_city = True
            u.cell = c
    elif k == "rebuild":
        st.ap -= 1
        city = st.cities[_c(st, a[0])]
        city.kind = "camp" if city.kind == "city" else "city"
        emit("jiangshan.ev.rebuilt", seat=p, cell=city.cell, kind=city.kind)
    elif k == "formation":
        spend(st, p, "formation", emit)
        st.ap -= 1
        x, y = board[_c(st, a[1])], board[_c(st, a[2])]
        x.cell, y.cell = y.cell, x.cell
        x.used = y.used = True
        emit("jiangshan.ev.formation", seat=p, a=x.cell, b=y.cell)
    elif k == "shoot":
        u = board[_c(st, a[0])]
        if u.t.shoot == "volley":
            u.used = True
        u.shot = True
        _battle(st, u)
        _hit(st, p, _c(st, a[1]), emit, src=u.cell)
    elif k == "rocks":
        city = st.cities[_c(st, a[0])]
        city.rocks_used = True
        _hit(st, p, _c(st, a[1]), emit, src=city.cell)
    elif k == "fire":
        spend(st, p, "fire", emit)
        src, c = _c(st, a[0]), _c(st, a[1])
        if src in st.cities:
            st.cities[src].rocks_used = True
        else:
            board[src].used = True
            _battle(st, board[src])
        st.fires[c] = "small"
        P.disorder_in_fire(st, c)
        emit("jiangshan.ev.fire", seat=p, a=src, b=c)
    elif k == "siege":
        c = _c(st, a[0])
        city = st.cities[c]
        emit("jiangshan.ev.siege", seat=p, cell=c)
        for g in st.garrison(c):
            P.destroy(st, g.uid, p, emit)
        city.owner = p
        st.stall = 0
    elif k == "recruit":
        st.sides[p].merit -= unit_table()[a[0]].cost
        st.sides[p].reserve[a[0]] = st.sides[p].reserve.get(a[0], 0) + 1
        emit("jiangshan.ev.recruit", visible_to={p}, seat=p, unit=a[0])
        # J19: the enemy learns only the class of what went into the reserve
        emit("jiangshan.ev.recruit", visible_to={1 - p}, seat=p, unit=Msg.of(f"jiangshan.class.{unit_table()[a[0]].cls}"))
    elif k == "scout":
        spend(st, p, "scout", emit)
        if a[0] == "reserve":
            st.sides[p].reserve["scout"] = st.sides[p].reserve.get("scout", 0) + 1
            emit("jiangshan.ev.scout_reserve", seat=p)  # (its "cell" read "reserve" in the Chinese line)
        else:  # J18: by support, for the action point, showing its face (a decoy: the enemy reads the class)
            st.ap -= 1
            c = _c(st, a[0])
            x = board.get(c)
            if x is not None and x.owner != p and c not in st.cities:  # a forest hiding an enemy (J8): to the reserve
                emit("jiangshan.ev.ambush", cell=c, unit=x.type, seat=x.owner)
                st.sides[p].reserve["scout"] = st.sides[p].reserve.get("scout", 0) + 1
            else:
                u = st.add_unit("scout", p, c, in_city=c in st.cities, used=True, face=a[1])
                emit("jiangshan.ev.support", seat=p, unit=u, cell=c)
    elif k == "ruse":
        spend(st, p, "ruse", emit)
        st.ap += 1
    after_action(st, p, emit)


def _battle(st: State, u: Unit) -> None:
    """J4: a marching unit turns to battle state before it captures or shoots (infantry facing the
    seat's forward direction unless the action names one)."""
    if u.state == "march" and u.t.cls != "scout":
        u.state = "battle"
        if u.t.cls == "foot" and u.facing is None:
            u.facing = st.scen.seats[u.owner].forward


def _hit(st: State, p: int, c, emit, src) -> None:
    """A shot (弓矢 / 落石): a light unit falls into disorder, a disordered unit is destroyed (1 merit)."""
    x = st.board()[c]
    emit("jiangshan.ev.shot", seat=p, a=src, b=c)
    if x.disorder:
        P.destroy(st, x.uid, p, emit)
    else:
        x.disorder = True
        emit("jiangshan.ev.disordered", cell=c)


def _capture(st: State, p: int, a: tuple, emit) -> None:
    """近战 / 占领 (J8, J4): capture the unit on the cell, or take an enemy city without garrison (the
    attacker is removed), or be refused by a garrison (the action is spent and the garrison shown);
    a capture into a forest that hides nobody is a plain move."""
    board = st.board()
    u = board[_c(st, a[0])]
    c = _c(st, a[1])
    facing = a[2] if len(a) > 2 else None
    st.ap -= 1
    _battle(st, u)
    if facing and u.t.cls == "foot":
        u.facing = facing
    if u.type == "scout" and facing in FACES:
        u.face = facing  # J18
    u.used = u.moved = True
    city = st.cities.get(c)
    if city is not None:
        g = st.garrison(c)
        if g:
            emit("jiangshan.ev.garrisoned", cell=c, units=[x.type for x in g], seat=city.owner)
            return
        P.destroy(st, u.uid, None, emit)
        city.owner = p
        st.stall = 0
        emit("jiangshan.ev.occupied", seat=p, cell=c)
        return
    x = board.get(c)
    src, was = u.cell, st.hidden(u)
    u.cell = c
    if x is not None and x.owner != p:
        u.cell = src
        P.destroy(st, x.uid, p, emit)
        u.cell = c
        emit("jiangshan.ev.captured", seat=p, unit=u, a=src, b=c)
    else:  # a forest that hid nobody (JS6)
        moved_line(st, p, "jiangshan.ev.moved", u, was, emit, a=src, b=c)


def after_action(st: State, p: int, emit) -> None:
    """After every action: the forced reveal of enemy units in the mover's sight (J5)."""
    if st.stage == "over":
        return
    P.force_reveal(st, p, seen(st, p), emit)
    if st.reveal:
        st.stage = "reveal"


def start_turn(st: State, p: int, ch: Chance, emit) -> None:
    """准备阶段 of ``p``: weather and fires, supply and morale, then the forced reveal of the enemy
    units already in ``p``'s sight."""
    P.new_turn(st, p)
    emit("jiangshan.ev.turn", seat=p, turn=st.turn)
    P.weather(st, ch, emit)
    if st.stage == "over":
        return
    P.supply(st, p, emit)
    if st.stage == "over":
        return
    after_action(st, p, emit)


def end_turn(st: State, ch: Chance, emit) -> None:
    """结束阶段 (重整, 隐匿), then the other seat's turn; 40 turns without a capture, a city changing hands
    or a morale change end the game (J13)."""
    p = st.player
    P.end_phase(st, p, seen(st, 1 - p))
    st.turn += 1
    st.stall += 1
    if st.stall >= st.scen.stall_turns:
        st.stage = "over"
        st.reason = "stall"
        a, b = st.sides
        ka, kb = (a.morale, a.merit), (b.morale, b.merit)
        st.winner = None if ka == kb else (0 if ka > kb else 1)
        return
    start_turn(st, 1 - p, ch, emit)
